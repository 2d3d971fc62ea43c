#!/usr/bin/env python3
"""Count the lines a text takes in headless Chromium: the oracle for the QuizLayout measure.

Usage:
  python3 scripts/chromium_oracle.py measure --texts FILE [--font FONT] \\
      [--sizes 17,23,28,33] [--letter-spacings 0] [--widths 288,343,398] \\
      [--grid SIZES:SPACINGS:WIDTHS[:FIRST_N_TEXTS]]... [--line-starts] [-o OUT.tsv]
  python3 scripts/chromium_oracle.py texts [--corpus DIR] [--font FONT] [--seed 20251130] \\
      [--count 2400] [-o FILE]
  python3 scripts/chromium_oracle.py breaks --texts FILE [--font FONT] [-o OUT.tsv]
  python3 scripts/chromium_oracle.py selftest [--font FONT]

Needs (installs nothing itself): Chromium and the Inter font, on Debian
`apt-get install chromium fonts-inter`, and Python 3 (PyYAML only for `texts`).

`measure` lays every (text, font size, letter-spacing, width) combination out in a `div` of
headless Chromium (`chromium --headless --no-sandbox --virtual-time-budget=... --dump-dom`),
thousands of divs per page, with the font loaded by `@font-face` from the same font file the
measure under test uses (no system font, no fallback: a text with a character the font lacks
is refused). Each div has a fixed `line-height`; its height divided by the line-height is the
line count, which the page's script writes into the div's `data-lines` attribute and into a
result block that `--dump-dom` carries back. Output is a TSV with a header line:

  text_index  font_size_px  letter_spacing_em  width_px  lines  [line_starts]

`text_index` is the 0-based line number in the texts file. With `--line-starts` a sixth column
gives the offset, in Unicode scalars (code points) of the text, at which each line starts,
comma-separated (the first is always 0).

The texts file has one text per line, UTF-8; inside a text a newline is written as the two
characters backslash and n, and a backslash as two backslashes. No other escape exists.

The CSS is chosen to wrap like UILabel with word wrapping and no hyphenation:
  white-space: pre-wrap     spaces kept as authored (not collapsed), explicit newlines break,
                            spaces at the end of a line hang (never cause a wrap)
  word-break: normal        breaks only at line-break opportunities (Chromium's UAX #14
                            tailoring): after spaces, after hyphens and dashes, between CJK
                            ideographs (see below for the exact ones)
  overflow-wrap: anywhere   a word wider than the whole line is broken inside, between any two
                            characters (grapheme clusters); used only when no other break fits
  hyphens: none             no hyphenation, not even at a soft hyphen
  font-kerning: normal, font-variant-ligatures: normal, font-synthesis: none: the font's GPOS
  kerning and default GSUB features, as HarfBuzz applies them by default
  text-rendering: geometricPrecision and --font-render-hinting=none: unhinted advances with
  subpixel positioning (the fixture comes out byte-identical with text-rendering: auto and
  without the flag on Debian, whose fontconfig default is slight hinting)

What Chromium 156 does with these settings (checked by `selftest`, and by
scripts/oracle_compare.py reproducing every row of the fixture with HarfBuzz):
  * A line's width is the float sum of HarfBuzz advances of the line's text, unhinted, GPOS
    kerning applied, without its trailing spaces (U+0020). It fits when
    width <= available width + 1/64 px (LayoutUnit epsilon; an exact tie fits).
  * letter-spacing is added after every character of the line, spaces included, the line's last
    character included; the trailing (hanging) spaces' spacing does not count.
  * A run of spaces stays on the line it ends; the next line starts after the run.
  * "\n" ends a line; "a\n\nb" is 3 lines, but a final "\n" adds no line ("a\n" is 1 line).
  * Break opportunities besides spaces: after "-" before a letter or digit ("1990-|2004"; also
    before "-" and before opening brackets and quotes), but not after a hyphen that starts a word
    before a digit ("-5"); after U+2010, en dash, em dash and "…" before a letter or digit; before
    an em dash unless opening punctuation precedes ("said|—without"); after "?" before a letter
    or digit ("europe?|page"). None after "/" (before an ASCII character),
    "!", ".", ",", ":", "_", NBSP or U+2011.
    `oracle_compare.py --rule-diff` lists where Chromium's opportunities differ from simple rules.
  * An overlong word moves to a line of its own first and is then cut after as many characters
    as fit (at least one); what remains continues the next line, and words may follow it there.

`breaks` finds Chromium's break opportunities themselves, whatever the widths: each text in a
div 1 px wide with `overflow-wrap: normal`, so that every piece between two opportunities is
wider than the line and takes a line of its own; the line starts are the opportunities.
Characters the font lacks are allowed here (a fallback font draws them; widths do not matter).
Output: `text_index  opportunities` (code point offsets, comma-separated, empty for none);
texts with a newline are left out.

`texts` makes the fixture's texts file from the OpenTriviaQA corpus (questions and choices,
deduplicated, only characters the font maps, a fixed-seed sample stratified by length so that
multi-line texts are common) followed by a few hand-made edge cases.

`selftest` checks those facts on hand-made cases: a line that fits at its own width and 1/64 px
narrower but not 2/64 px narrower, hanging trailing spaces, breaks after a hyphen (also before a
digit), after and before an em dash, after "?", none after "/", a long URL-like word broken
inside, explicit newlines, and letter-spacing after a line's last character counting.
"""
import argparse
import glob
import html
import json
import os
import random
import re
import shutil
import struct
import subprocess
import sys
import tempfile

DEFAULT_FONTS = [
    "/usr/share/fonts/opentype/inter/Inter-Regular.otf",  # Debian/Ubuntu fonts-inter
    "/usr/share/fonts/inter/Inter-Regular.otf",
    "/usr/share/fonts/truetype/inter/Inter-Regular.ttf",
]
CORPUS_DEFAULT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "shared",
                              "corpus", "opentriviaqa")


def fail(message):
    sys.exit(f"chromium_oracle: {message}")


def default_font():
    for path in DEFAULT_FONTS:
        if os.path.exists(path):
            return path
    try:
        out = subprocess.run(["fc-match", "-f", "%{file}", "Inter:style=Regular"],
                             capture_output=True, text=True, check=False).stdout.strip()
        if out and "inter" in os.path.basename(out).lower():
            return out
    except OSError:
        pass
    fail("Inter Regular not found; install it (Debian: apt-get install fonts-inter) or pass --font")


def find_chromium(explicit):
    for name in ([explicit] if explicit else []) + ["chromium", "chromium-browser", "google-chrome",
                                                    "google-chrome-stable", "chrome"]:
        path = shutil.which(name) if name else None
        if path:
            return path
    fail("Chromium not found; install it (Debian: apt-get install chromium) or pass --chromium")


def chromium_version(chromium):
    out = subprocess.run([chromium, "--version"], capture_output=True, text=True, check=False)
    return out.stdout.strip()


# ---------------------------------------------------------------------------
# Font coverage (the cmap table, read with the standard library)


def font_codepoints(path):
    """The set of code points the font's cmap maps (formats 4 and 12; first font of a collection)."""
    data = open(path, "rb").read()
    offset = 0
    if data[:4] == b"ttcf":
        offset = struct.unpack_from(">I", data, 12)[0]
    num_tables = struct.unpack_from(">H", data, offset + 4)[0]
    cmap = None
    for i in range(num_tables):
        tag, _, table_offset, _ = struct.unpack_from(">4sIII", data, offset + 12 + 16 * i)
        if tag == b"cmap":
            cmap = table_offset
    if cmap is None:
        fail(f"{path}: no cmap table")
    count = struct.unpack_from(">H", data, cmap + 2)[0]
    subtables = {}
    for i in range(count):
        platform, encoding, sub = struct.unpack_from(">HHI", data, cmap + 4 + 8 * i)
        subtables[(platform, encoding)] = cmap + sub
    points = set()
    for key in [(3, 10), (0, 4), (0, 6), (3, 1), (0, 3), (0, 1), (0, 0)]:
        if key not in subtables:
            continue
        at = subtables[key]
        fmt = struct.unpack_from(">H", data, at)[0]
        if fmt == 12:
            groups = struct.unpack_from(">I", data, at + 12)[0]
            for g in range(groups):
                start, end, glyph = struct.unpack_from(">III", data, at + 16 + 12 * g)
                for cp in range(start, end + 1):
                    if glyph + cp - start:
                        points.add(cp)
        elif fmt == 4:
            segx2 = struct.unpack_from(">H", data, at + 6)[0]
            ends = at + 14
            starts = ends + segx2 + 2
            deltas = starts + segx2
            ranges = deltas + segx2
            for s in range(segx2 // 2):
                end = struct.unpack_from(">H", data, ends + 2 * s)[0]
                start = struct.unpack_from(">H", data, starts + 2 * s)[0]
                delta = struct.unpack_from(">h", data, deltas + 2 * s)[0]
                range_offset = struct.unpack_from(">H", data, ranges + 2 * s)[0]
                for cp in range(start, end + 1):
                    if cp == 0xFFFF:
                        continue
                    if range_offset == 0:
                        glyph = (cp + delta) & 0xFFFF
                    else:
                        where = ranges + 2 * s + range_offset + 2 * (cp - start)
                        glyph = struct.unpack_from(">H", data, where)[0]
                        if glyph:
                            glyph = (glyph + delta) & 0xFFFF
                    if glyph:
                        points.add(cp)
        else:
            continue
        if points:
            return points
    fail(f"{path}: no Unicode cmap subtable of format 4 or 12")


def uncovered(text, points):
    """Characters of text the font cannot show itself (newline is layout, not a glyph)."""
    return sorted({ch for ch in text if ch != "\n" and ord(ch) not in points})


# ---------------------------------------------------------------------------
# Texts file


def encode_text(text):
    return text.replace("\\", "\\\\").replace("\n", "\\n")


def decode_text(line, where):
    out = []
    i = 0
    while i < len(line):
        ch = line[i]
        if ch == "\\":
            nxt = line[i + 1:i + 2]
            if nxt == "n":
                out.append("\n")
            elif nxt == "\\":
                out.append("\\")
            else:
                fail(f"{where}: unknown escape \\{nxt} (only \\n and \\\\ exist)")
            i += 2
        else:
            out.append(ch)
            i += 1
    return "".join(out)


def read_texts(path):
    texts = []
    with open(path, encoding="utf-8", newline="\n") as f:
        for number, line in enumerate(f, 1):
            line = line[:-1] if line.endswith("\n") else line
            if "\r" in line or "\t" in line:
                fail(f"{path}:{number}: carriage return or tab in a text")
            texts.append(decode_text(line, f"{path}:{number}"))
    return texts


# ---------------------------------------------------------------------------
# The page

PAGE_SCRIPT = r"""
(async () => {
  const out = document.getElementById('oracle-result');
  try {
    await document.fonts.load(SIZES[0] + 'px Oracle', 'a');
    await document.fonts.ready;
    const faces = [...document.fonts];
    const status = faces.map(f => f.status).join(',');
    if (!faces.length || faces.some(f => f.status !== 'loaded') || !document.fonts.check('16px Oracle')) {
      out.textContent = 'ERROR font not loaded: ' + status;
      return;
    }
    const divs = document.querySelectorAll('div.t');
    // Read every height after one layout.
    const rows = [];
    for (const d of divs) {
      const lh = +d.dataset.lh;
      const h = d.getBoundingClientRect().height;
      const lines = Math.round(h / lh);
      if (Math.abs(h - lines * lh) > 0.01) { out.textContent = 'ERROR height ' + h + ' not a multiple of ' + lh + ' in ' + d.id; return; }
      d.dataset.lines = lines;
      rows.push([d, lines]);
    }
    const result = [];
    for (const [d, lines] of rows) {
      let row = d.id.slice(1) + '\t' + lines;
      if (LINE_STARTS) row += '\t' + lineStarts(d, lines).join(',');
      result.push(row);
    }
    out.textContent = 'OK ' + divs.length + '\n' + result.join('\n') + '\nEND';
  } catch (e) {
    out.textContent = 'ERROR ' + e;
  }
})();

// Offsets, in code points, where each line starts: a binary search over code point
// boundaries for the first character whose box lies on the next line.
function lineStarts(d, lines) {
  if (lines <= 1) return [0];
  const node = d.firstChild;
  const s = node ? node.data : '';
  const cps = [];
  for (let i = 0; i < s.length; ) { cps.push(i); i += s.codePointAt(i) > 0xffff ? 2 : 1; }
  const top = d.getBoundingClientRect().top, lh = +d.dataset.lh;
  const range = document.createRange();
  const lineOf = (k) => {
    const a = cps[k], b = k + 1 < cps.length ? cps[k + 1] : s.length;
    range.setStart(node, a); range.setEnd(node, b);
    const rects = range.getClientRects();
    if (!rects.length) return -1;
    return Math.floor((rects[rects.length - 1].top - top + 0.5) / lh);
  };
  const starts = [0];
  let lo = 0;
  for (let line = 1; line < lines; line++) {
    // first k >= lo with lineOf(k) >= line
    let a = lo, b = cps.length;
    while (a < b) {
      const m = (a + b) >> 1;
      let l = lineOf(m), mm = m;
      while (l < 0 && mm + 1 < cps.length) l = lineOf(++mm);  // zero-size boxes: look right
      if (l >= line) b = m; else a = m + 1;
    }
    starts.push(a);
    lo = a;
  }
  return starts;
}
"""


def font_url(path):
    return "file://" + "/".join(
        __import__("urllib.parse").parse.quote(part) for part in os.path.abspath(path).split("/"))


def line_height(size):
    return max(2, int(-(-2 * size // 1)))  # ceil(2 * size): twice the size, whole pixels


def page_html(font, cells, texts, line_starts, overflow_wrap="anywhere"):
    """cells: list of (cell_id, text_index, size, spacing_em, width)."""
    sizes = sorted({c[2] for c in cells})
    parts = [
        "<!DOCTYPE html><html><head><meta charset='utf-8'><style>\n",
        f"@font-face {{ font-family: 'Oracle'; src: url('{font_url(font)}'); font-display: block; }}\n",
        "html, body { margin: 0; padding: 0; }\n",
        "div.t { display: block; margin: 0; padding: 0; border: 0; box-sizing: content-box;",
        " font-family: 'Oracle'; font-style: normal; font-weight: normal; font-stretch: normal;",
        " font-kerning: normal; font-variant-ligatures: normal; font-feature-settings: normal;",
        " font-synthesis: none; font-optical-sizing: auto; text-rendering: geometricPrecision;",
        f" white-space: pre-wrap; word-break: normal; overflow-wrap: {overflow_wrap}; line-break: auto;",
        " hyphens: none; text-align: left; direction: ltr; text-indent: 0; word-spacing: 0;",
        " text-transform: none; tab-size: 8; }\n",
        "</style></head><body>\n",
    ]
    for cell_id, index, size, spacing, width in cells:
        lh = line_height(size)
        style = f"width:{width!r}px;font-size:{size!r}px;line-height:{lh}px;letter-spacing:{spacing!r}em"
        parts.append(f"<div class='t' id='c{cell_id}' data-lh='{lh}' style='{style}'>"
                     f"{html.escape(texts[index], quote=False)}</div>\n")
    parts.append("<pre id='oracle-result'>PENDING</pre>\n<script>\n")
    parts.append(f"const SIZES = {json.dumps(sizes)}; const LINE_STARTS = {json.dumps(bool(line_starts))};\n")
    parts.append(PAGE_SCRIPT)
    parts.append("</script></body></html>\n")
    return "".join(parts)


def run_page(chromium, page, workdir, budget_ms):
    path = os.path.join(workdir, "page.html")
    with open(path, "w", encoding="utf-8") as f:
        f.write(page)
    profile = os.path.join(workdir, "profile")
    cmd = [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
           "--no-default-browser-check", "--disable-extensions", "--mute-audio",
           f"--user-data-dir={profile}", "--allow-file-access-from-files",
           "--force-device-scale-factor=1", "--font-render-hinting=none",
           "--window-size=1200,800", f"--virtual-time-budget={budget_ms}", "--dump-dom",
           "file://" + path]
    proc = subprocess.run(cmd, capture_output=True, text=True, encoding="utf-8", check=False)
    match = re.search(r"<pre id=\"oracle-result\">(.*?)</pre>", proc.stdout, re.S)
    if not match:
        fail(f"no result in Chromium's DOM (exit {proc.returncode}); stderr tail:\n"
             + "\n".join(proc.stderr.splitlines()[-15:]))
    body = html.unescape(match.group(1))
    if not body.startswith("OK "):
        fail(f"page reported: {body[:500]}")
    lines = body.split("\n")
    if lines[-1] != "END":
        fail("truncated result")
    return lines[1:-1]


def measure_cells(chromium, font, texts, cells, line_starts=False, batch=6000, budget_ms=10000,
                  progress=True, overflow_wrap="anywhere"):
    """Returns {cell_id: (lines, starts_or_None)}."""
    results = {}
    with tempfile.TemporaryDirectory(prefix="chromium-oracle-") as workdir:
        for start in range(0, len(cells), batch):
            chunk = cells[start:start + batch]
            rows = run_page(chromium, page_html(font, chunk, texts, line_starts, overflow_wrap), workdir, budget_ms)
            if len(rows) != len(chunk):
                fail(f"expected {len(chunk)} results, got {len(rows)}")
            for row in rows:
                fields = row.split("\t")
                results[int(fields[0])] = (int(fields[1]), fields[2] if len(fields) > 2 else None)
            if progress:
                print(f"  {min(start + batch, len(cells))}/{len(cells)} layouts", file=sys.stderr)
    return results


def number_list(text, kind=float):
    values = [kind(v) for v in text.split(",") if v.strip()]
    if not values:
        fail(f"empty list: {text!r}")
    return values


def fmt_number(value):
    return repr(int(value)) if float(value).is_integer() else repr(value)


def cmd_measure(args):
    font = args.font or default_font()
    if not os.path.exists(font):
        fail(f"font not found: {font}")
    chromium = find_chromium(args.chromium)
    texts = read_texts(args.texts)
    grids = []
    if args.grid:
        for spec in args.grid:
            parts = spec.split(":")
            if len(parts) not in (3, 4):
                fail(f"--grid wants SIZES:SPACINGS:WIDTHS[:FIRST_N_TEXTS], got {spec!r}")
            limit = int(parts[3]) if len(parts) == 4 else len(texts)
            grids.append((number_list(parts[0]), number_list(parts[1]), number_list(parts[2]), limit))
    else:
        grids.append((number_list(args.sizes), number_list(args.letter_spacings),
                      number_list(args.widths), len(texts)))
    # Only the texts a grid lays out need the font's characters (the others may be for `breaks`).
    points = font_codepoints(font)
    for i, text in enumerate(texts[:max(limit for *_, limit in grids)]):
        missing = uncovered(text, points)
        if missing:
            fail(f"text {i} has characters {os.path.basename(font)} lacks "
                 f"({', '.join('U+%04X' % ord(c) for c in missing)}): Chromium would use a fallback font")
    cells = []
    keys = []
    for sizes, spacings, widths, limit in grids:
        for index in range(min(limit, len(texts))):
            for spacing in spacings:
                for size in sizes:
                    for width in widths:
                        cells.append((len(cells), index, size, spacing, width))
                        keys.append((index, size, spacing, width))
    print(f"{chromium_version(chromium)}; font {font}; {len(texts)} texts, {len(cells)} layouts",
          file=sys.stderr)
    results = measure_cells(chromium, font, texts, cells, args.line_starts, args.batch, args.budget)
    out = open(args.output, "w", encoding="utf-8", newline="\n") if args.output else sys.stdout
    header = ["text_index", "font_size_px", "letter_spacing_em", "width_px", "lines"]
    if args.line_starts:
        header.append("line_starts")
    out.write("\t".join(header) + "\n")
    for cell_id, (index, size, spacing, width) in enumerate(keys):
        lines, starts = results[cell_id]
        row = [str(index), fmt_number(size), fmt_number(spacing), fmt_number(width), str(lines)]
        if args.line_starts:
            row.append(starts)
        out.write("\t".join(row) + "\n")
    if out is not sys.stdout:
        out.close()


def cmd_breaks(args):
    font = args.font or default_font()
    if not os.path.exists(font):
        fail(f"font not found: {font}")
    chromium = find_chromium(args.chromium)
    texts = read_texts(args.texts)
    # Texts with a newline are left out: an empty line has no character to find it by.
    cells = [(i, i, 17.0, 0.0, 1.0) for i, text in enumerate(texts) if "\n" not in text]
    print(f"{chromium_version(chromium)}; font {font}; {len(texts)} texts at 1 px", file=sys.stderr)
    results = measure_cells(chromium, font, texts, cells, True, args.batch, args.budget, overflow_wrap="normal")
    out = open(args.output, "w", encoding="utf-8", newline="\n") if args.output else sys.stdout
    out.write("text_index\topportunities\n")
    for i, *_ in cells:
        starts = results[i][1].split(",")
        out.write(f"{i}\t{','.join(starts[1:])}\n")
    if out is not sys.stdout:
        out.close()


# ---------------------------------------------------------------------------
# Texts from the corpus

HAND_MADE = [
    # Breaks after hyphens and dashes, long words, explicit newlines, runs of spaces.
    "A well-known state-of-the-art self-driving car drove from Land's End to John o' Groats.",
    "The Austro-Hungarian Empire's Franz-Joseph-Land expedition (1872-1874) found the archipelago.",
    "Which twentieth-century Anglo-American poet-playwright wrote \"Murder in the Cathedral\"?",
    "She said—without hesitation—that the answer was obvious to anyone who had read the book.",
    "The score was 3–2 after extra time, the closest final of the 1990–2000 decade by far.",
    "Answer: yes — no — maybe — it depends on who is asking and on what the question means.",
    "Visit https://www.example.org/quizzes/geography/capitals-of-the-world/europe?page=2 for more.",
    "https://en.wikipedia.org/wiki/List_of_sovereign_states_and_dependent_territories_by_continent",
    "Pneumonoultramicroscopicsilicovolcanoconiosis",
    "Supercalifragilisticexpialidocious is from which film? Pneumonoultramicroscopicsilicovolcanoconiosis",
    "Llanfairpwllgwyngyllgogerychwyndrobwllllantysiliogogogoch is a village on which island?",
    "First line\nSecond line\nThird line",
    "Question:\n\nWhich planet is known as the Red Planet, and why is it that colour?",
    "A line that is long enough to wrap on a phone screen at the larger sizes\nand then a second paragraph after an explicit newline.",
    "Two  spaces  between  every  word  of  this  sentence  to  check  that  runs  of  spaces  count.",
    "Trailing spaces should hang at the end of a line and never cause a wrap by themselves on a phone.",
    "C:\\Program Files\\Quiz\\bank.yaml is a Windows path; /usr/share/quiz/bank.yaml is a Unix one.",
    "E=mc² and H₂O: which scientist is famous for the first, and what is the second?",
    "Ångström, Dvořák, Škoda, Øresund, Łódź, Æsir, façade, naïve, coöperate, São Paulo, Reykjavík.",
    "1,000,000 / 3.14159 ≈ 318,310 — roughly how many seconds is that in days? (About 3.7.)",
    "What is −40 °C in °F? −40 °F, the only temperature where both scales agree.",
    "“Quoted” ‘text’ «guillemets» and an ellipsis… at the end of a sentence that wraps around.",
    "The word antidisestablishmentarianism-related appears here with a trailing hyphenated suffix.",
    "-5, -10 and -15 are negative numbers; 10-20 and 2020-2021 are ranges written with hyphens.",
    "A/B testing, either/or, and/or: slashes between words in a sentence that wraps on small phones.",
]


def load_corpus_texts(corpus):
    try:
        import yaml
    except ImportError:
        fail("PyYAML is needed for `texts` (pip install pyyaml)")
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    seen = set()
    texts = []
    files = sorted(glob.glob(os.path.join(corpus, "*.yaml")))
    if not files:
        fail(f"no *.yaml in {corpus}")
    for path in files:
        with open(path, encoding="utf-8") as f:
            bank = yaml.load(f, Loader=loader)
        for question in bank.get("questions") or []:
            candidates = [question.get("text")]
            for choice in question.get("choices") or []:
                candidates.append(choice.get("text") if isinstance(choice, dict) else choice)
            for text in candidates:
                if isinstance(text, str) and text not in seen:
                    seen.add(text)
                    texts.append(text)
    return texts


def cmd_texts(args):
    font = args.font or default_font()
    points = font_codepoints(font)
    corpus = load_corpus_texts(args.corpus)
    usable = [t for t in corpus
              if t.strip() and t == t.strip() and not uncovered(t, points)
              and not any(ord(c) < 0x20 or 0x7F <= ord(c) < 0xA0 for c in t)]
    # Strata by length (code points), so that multi-line and more-than-3-line texts are common.
    strata = [(1, 20, 0.15), (21, 40, 0.15), (41, 80, 0.20), (81, 120, 0.18), (121, 200, 0.17),
              (201, 300, 0.09), (301, 100000, 0.06)]
    rng = random.Random(args.seed)
    chosen = []
    for low, high, share in strata:
        pool = [t for t in usable if low <= len(t) <= high]
        want = min(len(pool), round(args.count * share))
        chosen.extend(rng.sample(pool, want))
    rng.shuffle(chosen)
    hand = [t for t in HAND_MADE if not uncovered(t, points)]
    out = open(args.output, "w", encoding="utf-8", newline="\n") if args.output else sys.stdout
    for text in chosen + hand:
        out.write(encode_text(text) + "\n")
    if out is not sys.stdout:
        out.close()
    print(f"{len(corpus)} distinct corpus texts, {len(usable)} usable; wrote {len(chosen)} sampled "
          f"(seed {args.seed}) + {len(hand)} hand-made", file=sys.stderr)


# ---------------------------------------------------------------------------
# Self-test

def cmd_selftest(args):
    font = args.font or default_font()
    chromium = find_chromium(args.chromium)
    print(f"{chromium_version(chromium)}; font {font}")
    # Natural widths first, from a Range over each text on one line. Chromium reports them on
    # its 1/64 px grid, rounded up: R = ceil(w * 64) / 64 for a true width w.
    probe = ["aaaa bbbb", "well-known", "1990-2004", "yes\u2014", "x aaaa", "ab", "europe?", "x europe/"]
    widths = natural_widths(chromium, font, probe, 17, [0.0, 0.1])
    r = lambda text, ls=0.0: widths[(text, ls)]
    g = 1 / 64
    url = "ab https://example.org/a-very-long-path/with_underscores_and_more"
    # (what, text, width px, letter-spacing em, expected line starts or a predicate on them)
    cases = [
        ("fits at its own width", "aaaa bbbb", r("aaaa bbbb"), 0.0, [0]),
        ("fits 1/64 px narrower (overflow up to 1/64 px allowed)", "aaaa bbbb", r("aaaa bbbb") - g, 0.0, [0]),
        ("wraps 2/64 px narrower", "aaaa bbbb", r("aaaa bbbb") - 2 * g, 0.0, [0, 5]),
        ("trailing spaces hang", "aaaa bbbb    ", r("aaaa bbbb") - g, 0.0, [0]),
        ("a run of spaces stays on the first line", "aaaa    bbbb", 60.0, 0.0, [0, 8]),
        ("break after a hyphen", "well-known", r("well-known") - 2 * g, 0.0, [0, 5]),
        ("hyphenated word fits whole", "well-known", r("well-known") - g, 0.0, [0]),
        ("break after a hyphen before a digit", "1990-2004", r("1990-2004") - 2 * g, 0.0, [0, 5]),
        ("break after an em dash", "yes\u2014no", r("yes\u2014"), 0.0, [0, 4]),
        ("break before an em dash", "x aaaa\u2014b", r("x aaaa"), 0.0, [0, 6]),
        ("break after ? before a letter", "europe?page", r("europe?"), 0.0, [0, 7]),
        ("no break after /", "x europe/p", r("x europe/"), 0.0, [0, 2]),
        ("a long word moves to its own line, then breaks inside", url, 100.0, 0.0,
         lambda s: s[:2] == [0, 3] and len(s) > 3),
        ("an overlong word breaks between characters", "aaaaaaaa", r("ab") - g, 0.0, [0, 2, 4, 6]),
        ("explicit newline", "a\nb", 300.0, 0.0, [0, 2]),
        ("two newlines make an empty line", "a\n\nb", 300.0, 0.0, [0, 2, 3]),
        ("a final newline adds no line", "a\n", 300.0, 0.0, [0]),
        ("letter-spacing: fits 1/64 px narrower", "aaaa bbbb", r("aaaa bbbb", 0.1) - g, 0.1, [0]),
        ("letter-spacing: wraps 2/64 px narrower", "aaaa bbbb", r("aaaa bbbb", 0.1) - 2 * g, 0.1, [0, 5]),
        ("letter-spacing after the line's last letter counts", "aaaa bbbb",
         r("aaaa bbbb", 0.1) - 0.1 * 17 + g, 0.1, [0, 5]),
    ]
    texts = [c[1] for c in cases]
    cells = [(i, i, 17, c[3], c[2]) for i, c in enumerate(cases)]
    got = measure_cells(chromium, font, texts, cells, True, progress=False)
    bad = 0
    for i, (name, text, width, spacing, expected) in enumerate(cases):
        lines, starts = got[i]
        starts = [int(x) for x in starts.split(",")]
        ok = expected(starts) if callable(expected) else starts == expected
        bad += not ok
        print(f"{'ok' if ok else 'FAIL':4} {name}: {text!r} at {width:.6f}px, letter-spacing {spacing}em: "
              f"{lines} lines, starts {starts}" + ("" if ok or callable(expected) else f", expected {expected}"))
    for (text, ls), value in sorted(widths.items()):
        print(f"     natural width {text!r} letter-spacing {ls}em: {value:.6f}px ({value * 64:.0f}/64)")
    print(f"{len(cases) - bad} passed, {bad} failed")
    if bad:
        sys.exit(1)


def natural_widths(chromium, font, probe, size, spacings):
    """Width of each text on one line, from a Range's line rects (1/64 px grid)."""
    page = ["<!DOCTYPE html><html><head><meta charset='utf-8'><style>",
            f"@font-face {{ font-family: 'Oracle'; src: url('{font_url(font)}'); }}",
            "body{margin:0} span{font-family:'Oracle';white-space:pre;font-kerning:normal;",
            "text-rendering:geometricPrecision;font-synthesis:none}</style></head><body>"]
    keys = []
    for ls in spacings:
        for text in probe:
            page.append(f"<div><span id='s{len(keys)}' style='font-size:{size}px;letter-spacing:{ls}em'>"
                        f"{html.escape(text, quote=False)}</span></div>")
            keys.append((text, ls))
    page.append("<pre id='oracle-result'>PENDING</pre><script>(async()=>{"
                "await document.fonts.load('16px Oracle');await document.fonts.ready;"
                "const r=[];for(const s of document.querySelectorAll('span')){"
                "const range=document.createRange();range.selectNodeContents(s);"
                "r.push(s.id.slice(1)+'\\t'+range.getBoundingClientRect().width);}"
                "document.getElementById('oracle-result').textContent='OK '+r.length+'\\n'+r.join('\\n')+'\\nEND';})();"
                "</script></body></html>")
    with tempfile.TemporaryDirectory(prefix="chromium-oracle-") as workdir:
        rows = run_page(chromium, "\n".join(page), workdir, 10000)
    return {keys[int(r.split("\t")[0])]: float(r.split("\t")[1]) for r in rows}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    m = sub.add_parser("measure", help="line counts from headless Chromium")
    m.add_argument("--texts", required=True)
    m.add_argument("--font", help="font file (default: Inter Regular from fonts-inter)")
    m.add_argument("--sizes", default="17,23,28,33", help="font sizes in px, comma-separated")
    m.add_argument("--letter-spacings", default="0", help="letter-spacing in em, comma-separated")
    m.add_argument("--widths", default="288,343,398", help="line widths in px, comma-separated")
    m.add_argument("--grid", action="append",
                   help="SIZES:SPACINGS:WIDTHS[:FIRST_N_TEXTS]; repeatable; replaces the three above")
    m.add_argument("--line-starts", action="store_true", help="add a line_starts column")
    m.add_argument("--batch", type=int, default=6000, help="layouts per page")
    m.add_argument("--budget", type=int, default=10000, help="--virtual-time-budget in ms")
    m.add_argument("--chromium")
    m.add_argument("-o", "--output")
    t = sub.add_parser("texts", help="sample the fixture texts from the corpus")
    t.add_argument("--corpus", default=os.path.normpath(CORPUS_DEFAULT))
    t.add_argument("--font")
    t.add_argument("--seed", type=int, default=20251130)
    t.add_argument("--count", type=int, default=2400)
    t.add_argument("-o", "--output")
    b = sub.add_parser("breaks", help="break opportunities from headless Chromium (1 px wide lines)")
    b.add_argument("--texts", required=True)
    b.add_argument("--font", help="font file (default: Inter Regular from fonts-inter)")
    b.add_argument("--batch", type=int, default=6000, help="layouts per page")
    b.add_argument("--budget", type=int, default=10000, help="--virtual-time-budget in ms")
    b.add_argument("--chromium")
    b.add_argument("-o", "--output")
    s = sub.add_parser("selftest", help="check the oracle on hand-made cases")
    s.add_argument("--font")
    s.add_argument("--chromium")
    args = parser.parse_args()
    {"measure": cmd_measure, "breaks": cmd_breaks, "texts": cmd_texts, "selftest": cmd_selftest}[args.command](args)


if __name__ == "__main__":
    main()
