#!/usr/bin/env python3
"""A reference line measure in Python (HarfBuzz), compared with the Chromium oracle's TSV.

Usage:
  python3 scripts/oracle_compare.py [--texts Tests/QuizLayoutTests/Fixtures/oracle-texts.txt] \\
      [--tsv Tests/QuizLayoutTests/Fixtures/chromium-lines.tsv] [--font FONT] \\
      [--breaks simple|chromium] [--no-ligatures-when-spaced] [--epsilon 0.015625] [--show 50]

Needs `pip install uharfbuzz` (and, for --breaks chromium, Chromium: see chromium_oracle.py).

It lays every row of the oracle's TSV out again with the rules the Swift measure
(QuizLayout.TextMeasurer) is meant to follow, and prints the agreement and every
disagreement with the widest line's width against the available width, so that a near-exact
fit (Chromium keeps positions on a 1/64 px grid) is visible as such. It is the executable
statement of those rules:

  * Paragraphs are split at "\\n"; each starts a new line, an empty paragraph is one line,
    but a final "\\n" adds no line (as in Chromium).
  * A line may end only at a break opportunity. With --breaks simple (the default) these are
    the rules a UILabel-like measure uses: after a run of spaces; after "-" or U+2010 when a
    letter or digit follows and a non-space precedes; after an en dash, em dash or "…" when a
    letter or digit follows; before an em dash that follows a letter or digit. With
    --breaks chromium they are read from Chromium itself (each text laid out at width 0
    with overflow-wrap: normal), which isolates width disagreements from rule disagreements.
  * A line's width is the HarfBuzz advance sum of the line's text shaped on its own (GPOS
    kerning, default features), without its trailing spaces, plus letter-spacing after every
    character of the line (the last one included; trailing spaces excluded).
  * Greedy: take the furthest opportunity whose line fits, where fits means
    width <= available + epsilon, epsilon = 1/64 px (Chromium's LayoutUnit epsilon).
  * When not even the first word fits on an empty line, it is broken inside, between
    characters (not before a combining mark), as many characters as fit, at least one.
"""
import argparse
import os
import sys
import unicodedata

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import chromium_oracle as oracle  # noqa: E402

try:
    import uharfbuzz as hb
except ImportError:
    sys.exit("oracle_compare: needs uharfbuzz (pip install uharfbuzz)")

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
FIXTURES = os.path.join(ROOT, "Tests", "QuizLayoutTests", "Fixtures")

DASHES_AFTER = {"-", "\u2010", "\u2013", "\u2014", "\u2026"}


class Shaper:
    def __init__(self, path, no_ligatures_when_spaced):
        self.face = hb.Face(hb.Blob.from_file_path(path))
        self.font = hb.Font(self.face)
        self.upem = self.face.upem
        self.no_lig = no_ligatures_when_spaced
        self.cache = {}

    def units(self, text, spaced):
        """(advance sum in font units, number of clusters) of text shaped on its own."""
        key = (text, spaced and self.no_lig)
        hit = self.cache.get(key)
        if hit is None:
            buf = hb.Buffer()
            buf.add_str(text)
            buf.guess_segment_properties()
            features = {}
            if spaced and self.no_lig:
                features = {"liga": False, "clig": False, "dlig": False, "hlig": False, "calt": False}
            hb.shape(self.font, buf, features)
            clusters = len({info.cluster for info in buf.glyph_infos})
            hit = (sum(p.x_advance for p in buf.glyph_positions), clusters)
            self.cache[key] = hit
        return hit

    def width(self, text, size, spacing_px):
        text = text.rstrip(" ")
        if not text:
            return 0.0
        units, clusters = self.units(text, spacing_px != 0)
        return units * size / self.upem + spacing_px * len(text)


def simple_breaks(s):
    """Indices i (0 < i < len) where a line may start, UILabel-like rules (see the docstring)."""
    out = []
    for i in range(1, len(s)):
        prev, cur = s[i - 1], s[i]
        before = s[i - 2] if i >= 2 else " "
        if prev == " ":
            if cur != " ":
                out.append(i)
        elif cur == " ":
            continue
        elif prev in ("-", "\u2010"):
            if cur.isalnum() and before != " ":
                out.append(i)
        elif prev in ("\u2013", "\u2014", "\u2026"):
            if cur.isalnum():
                out.append(i)
        elif cur == "\u2014" and prev.isalnum():
            out.append(i)
    return out


def chromium_breaks(texts):
    """Break opportunities from Chromium: each text at width 0 without overflow-wrap."""
    chromium = oracle.find_chromium(None)
    font = oracle.default_font()
    cells = [(i, i, 17, 0.0, 0) for i in range(len(texts))]
    page = oracle.page_html(font, cells, texts, True).replace("overflow-wrap: anywhere",
                                                              "overflow-wrap: normal")
    import tempfile
    with tempfile.TemporaryDirectory(prefix="chromium-oracle-") as workdir:
        rows = oracle.run_page(chromium, page, workdir, 20000)
    result = {}
    for row in rows:
        fields = row.split("\t")
        result[int(fields[0])] = [int(x) for x in fields[2].split(",")]
    return result


def simple_opportunities(text):
    opps, offset = [], 0
    for paragraph in text.split("\n"):
        opps.extend(offset + b for b in simple_breaks(paragraph))
        offset += len(paragraph) + 1
    return opps


def rule_diff(texts):
    """Print each place where Chromium's break opportunities and the simple rules differ."""
    chromium = chromium_breaks(texts)
    count = 0
    for index, text in enumerate(texts):
        theirs = set(chromium[index][1:])
        # At width 0 an explicit newline also starts a line; those are not opportunities.
        theirs -= {i + 1 for i, ch in enumerate(text) if ch == "\n"}
        ours = set(simple_opportunities(text))
        for position in sorted(theirs ^ ours):
            count += 1
            where = text[max(0, position - 12):position] + "|" + text[position:position + 12]
            side = "only Chromium" if position in theirs else "only simple"
            print(f"text {index} at {position}: {side}: {where!r}")
    print(f"{count} differences in {len(texts)} texts")


def layout(shaper, text, size, spacing_em, width, opportunities, epsilon):
    """Returns (line starts, widest line)."""
    spacing = spacing_em * size
    limit = width + epsilon
    starts = []
    widest = 0.0
    offset = 0
    paragraphs = text.split("\n")
    if len(paragraphs) > 1 and paragraphs[-1] == "":
        paragraphs.pop()  # a final newline adds no line
    for paragraph in paragraphs:
        starts.append(offset)
        opps = [b - offset for b in opportunities if offset < b < offset + len(paragraph)]
        pos = 0
        while True:
            candidates = [b for b in opps if b > pos] + [len(paragraph)]
            best = None
            best_width = 0.0
            for b in candidates:
                w = shaper.width(paragraph[pos:b], size, spacing)
                if w <= limit:
                    best, best_width = b, w
                else:
                    break
            if best is None:
                # The first word alone is too wide: break it inside.
                end = candidates[0]
                k = pos + 1
                while k < end and unicodedata.combining(paragraph[k]):
                    k += 1
                best, best_width = k, shaper.width(paragraph[pos:k], size, spacing)
                j = k + 1
                while j <= end:
                    if j < end and unicodedata.combining(paragraph[j]):
                        j += 1
                        continue
                    w = shaper.width(paragraph[pos:j], size, spacing)
                    if w > limit:
                        break
                    best, best_width = j, w
                    j += 1
            widest = max(widest, best_width)
            if best >= len(paragraph):
                break
            pos = best
            starts.append(offset + pos)
        offset += len(paragraph) + 1
    return starts, widest


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--texts", default=os.path.join(FIXTURES, "oracle-texts.txt"))
    parser.add_argument("--tsv", default=os.path.join(FIXTURES, "chromium-lines.tsv"))
    parser.add_argument("--font")
    parser.add_argument("--breaks", choices=["simple", "chromium"], default="simple")
    parser.add_argument("--no-ligatures-when-spaced", action="store_true",
                        help="turn liga/clig/dlig/hlig/calt off when letter-spacing is not 0")
    parser.add_argument("--epsilon", type=float, default=1 / 64)
    parser.add_argument("--show", type=int, default=50, help="disagreements to print")
    parser.add_argument("--more-than", type=int, default=3)
    parser.add_argument("--rule-diff", action="store_true",
                        help="list where Chromium's break opportunities differ from --breaks simple, then stop")
    args = parser.parse_args()

    texts = oracle.read_texts(args.texts)
    if args.rule_diff:
        rule_diff(texts)
        return
    shaper = Shaper(args.font or oracle.default_font(), args.no_ligatures_when_spaced)
    if args.breaks == "chromium":
        starts = chromium_breaks(texts)
        breaks = [s[1:] for _, s in sorted(starts.items())]
    else:
        breaks = [simple_opportunities(text) for text in texts]

    rows = 0
    exact = 0
    decision = 0
    shown = 0
    near = 0
    with open(args.tsv, encoding="utf-8") as f:
        header = f.readline().rstrip("\n").split("\t")
        for line in f:
            fields = line.rstrip("\n").split("\t")
            index, size, spacing, width, lines = (int(fields[0]), float(fields[1]), float(fields[2]),
                                                  float(fields[3]), int(fields[4]))
            theirs = fields[5] if len(fields) > 5 else None
            ours, widest = layout(shaper, texts[index], size, spacing, width, breaks[index], args.epsilon)
            rows += 1
            exact += len(ours) == lines
            decision += (len(ours) > args.more_than) == (lines > args.more_than)
            if len(ours) != lines:
                close = abs(widest - width) <= 2 / 64
                near += close
                if shown < args.show:
                    shown += 1
                    print(f"text {index} size {size:g} ls {spacing:g} width {width:g}: ours {len(ours)} "
                          f"chromium {lines}; our widest {widest:.4f} ({(widest - width) * 64:+.2f}/64)"
                          + (" NEAR-EXACT FIT" if close else ""))
                    print(f"    ours {','.join(map(str, ours))}" + (f"  chromium {theirs}" if theirs else ""))
                    print(f"    {texts[index]!r}")
    print(f"{rows} rows: exact {exact} ({100 * exact / rows:.3f}%), "
          f"more-than-{args.more_than} decision {decision} ({100 * decision / rows:.3f}%), "
          f"{rows - exact} disagreements of which {near} near-exact fits")


if __name__ == "__main__":
    main()
