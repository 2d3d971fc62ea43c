#!/usr/bin/env python3
"""Generate one large, varied quiz bank from the OpenTriviaQA corpus, for benchmarks.

    python3 Benchmarks/make_bank.py --questions 100000 --out .build/bench/bank-100k.yaml \
        [--corpus DIR] [--seed 1] [--copies-of M] [--check]

The first pass over the corpus copies every question as authored (in corpus order).
Later passes visit the corpus again in a seeded shuffled order and transform each question
deterministically: synonyms, prefixes/suffixes, changed numbers, rotated choices, and now
and then a wrong choice borrowed from another question or dropped. The number of correct
choices is never changed, and every choice question keeps 2..8 choices. The text of a
transformed question is retried a few times when it would repeat an earlier text, so
exact duplicates stay rare (the corpus itself has about 1.3%).

With --copies-of M, only an evenly spaced share of the corpus (questions/M of it) is drawn
from, so that the bank holds as many variants of each base question as an M-question bank
does: banks of different sizes then differ in size only (the near-duplicate benchmark's
scaling). Without it, a small bank is mostly the corpus as authored and a large one mostly
variants.

The output is written in the corpus's own style (double-quoted scalars, short-form wrong
choices, long form for the correct ones) by hand rather than with yaml.dump, for speed and
so it looks like what authors write. The file is written atomically (temp file + rename).

--check parses the written file back with PyYAML and compares it with what was generated.
"""

import argparse
import glob
import os
import random
import re
import sys
import time

import yaml

try:
    Loader = yaml.CSafeLoader
except AttributeError:  # PyYAML without libyaml bindings: slower, same result
    Loader = yaml.SafeLoader

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_CORPUS = os.path.normpath(os.path.join(HERE, "..", "..", "shared", "corpus", "opentriviaqa"))

# ---------------------------------------------------------------------------------------
# YAML emission
# ---------------------------------------------------------------------------------------

# Characters that cannot appear raw in a double-quoted scalar: backslash, quote, C0
# controls, DEL, C1 controls (incl. NEL U+0085, a YAML line break), the Unicode line and
# paragraph separators (also YAML line breaks), BOM and the non-characters U+FFFE/U+FFFF.
_NEEDS_ESCAPE = re.compile('[\\\\"\x00-\x1f\x7f-\x9f\u2028\u2029\ufeff\ufffe\uffff]')
_NAMED = {
    "\\": "\\\\", '"': '\\"', "\0": "\\0", "\a": "\\a", "\b": "\\b", "\t": "\\t",
    "\n": "\\n", "\v": "\\v", "\f": "\\f", "\r": "\\r", "\x1b": "\\e",
    "\x85": "\\N", "\xa0": "\\_", "\u2028": "\\L", "\u2029": "\\P",
}


def _escape_char(m):
    c = m.group(0)
    e = _NAMED.get(c)
    if e is not None:
        return e
    o = ord(c)
    return "\\x%02X" % o if o <= 0xFF else "\\u%04X" % o


def q(s):
    """A YAML double-quoted scalar for the string s."""
    if _NEEDS_ESCAPE.search(s) is None:
        return '"' + s + '"'
    return '"' + _NEEDS_ESCAPE.sub(_escape_char, s) + '"'


def emit(out, bank_id, title, questions, header):
    """Write the bank; questions are (id, text, answer|None, choices|None) tuples where
    choices is a list of (text, correct) pairs."""
    w = []
    for line in header:
        w.append("# " + line + "\n" if line else "#\n")
    w.append("quizbank: 1\n")
    w.append("id: %s\n" % bank_id)
    w.append("title: %s\n" % q(title))
    w.append("locale: en\n")
    w.append("questions:\n")
    for qid, text, answer, choices in questions:
        w.append("  - id: %s\n    text: %s\n" % (qid, q(text)))
        if choices is None:
            w.append("    answer: true\n" if answer else "    answer: false\n")
        else:
            w.append("    choices:\n")
            for ctext, correct in choices:
                if correct:
                    w.append("      - text: %s\n        correct: true\n" % q(ctext))
                else:
                    w.append("      - %s\n" % q(ctext))
    tmp = out + ".tmp.%d" % os.getpid()
    with open(tmp, "w", encoding="utf-8", newline="\n") as f:
        f.write("".join(w))
    os.replace(tmp, out)


# ---------------------------------------------------------------------------------------
# Corpus
# ---------------------------------------------------------------------------------------

def load_corpus(corpus_dir):
    files = sorted(glob.glob(os.path.join(corpus_dir, "*.yaml")))
    if not files:
        sys.exit("make_bank: no *.yaml banks in %s" % corpus_dir)
    items = []  # (text, answer|None, choices|None)
    for path in files:
        with open(path, "rb") as f:
            doc = yaml.load(f, Loader=Loader)
        for qd in doc.get("questions") or []:
            text = qd["text"]
            if not isinstance(text, str):  # a localized mapping: take the bank locale
                text = text.get(doc.get("locale", "en")) or next(iter(text.values()))
            if "choices" in qd:
                choices = []
                for c in qd["choices"]:
                    if isinstance(c, dict):
                        ct = c["text"]
                        if not isinstance(ct, str):
                            ct = ct.get(doc.get("locale", "en")) or next(iter(ct.values()))
                        choices.append((str(ct), c.get("correct") is True))
                    else:
                        choices.append((str(c), False))
                ncorrect = sum(1 for _, ok in choices if ok)
                if not (2 <= len(choices) <= 8) or ncorrect < 1:
                    continue  # not a valid question in the source; don't propagate it
                items.append((str(text), None, tuple(choices)))
            elif isinstance(qd.get("answer"), bool):
                items.append((str(text), qd["answer"], None))
    if not items:
        sys.exit("make_bank: no usable questions in %s" % corpus_dir)
    return files, items


# ---------------------------------------------------------------------------------------
# Transformations
# ---------------------------------------------------------------------------------------

SYNONYMS = {
    "what": ["which"],
    "movie": ["film", "picture"], "film": ["movie", "picture"],
    "song": ["track", "tune"], "show": ["programme", "series"],
    "series": ["show", "programme"], "famous": ["well-known", "renowned", "celebrated"],
    "popular": ["well-liked", "beloved"], "first": ["earliest", "initial"],
    "called": ["named", "known as"],
    "known": ["recognized", "famous"], "largest": ["biggest", "greatest"],
    "biggest": ["largest"], "smallest": ["tiniest", "littlest"],
    "big": ["large", "huge"], "small": ["little", "tiny"], "city": ["town", "metropolis"],
    "country": ["nation", "land"], "world": ["globe", "planet"], "people": ["folks", "persons"],
    "made": ["created", "produced"], "used": ["employed", "utilized"],
    "played": ["portrayed", "performed"], "starred": ["appeared", "featured"],
    "won": ["earned", "secured"], "album": ["record", "LP"], "band": ["group"],
    "group": ["band", "ensemble"], "singer": ["vocalist"], "actor": ["performer", "player"],
    "actress": ["performer"], "book": ["volume", "novel"], "novel": ["book"],
    "game": ["match", "contest"], "team": ["squad", "side"], "character": ["figure", "role"],
    "episode": ["instalment", "chapter"], "released": ["issued", "published", "put out"],
    "during": ["in the course of", "throughout"], "about": ["concerning", "regarding"],
    "after": ["following"], "before": ["prior to"], "best": ["finest", "greatest"],
    "great": ["grand", "fine"], "many": ["numerous"], "often": ["frequently"],
    "love": ["adore"], "type": ["kind", "sort"],
    "hit": ["smash", "success"],
    "award": ["prize", "honour"],
}
_SYN_RE = re.compile(r"\b(" + "|".join(sorted(SYNONYMS, key=len, reverse=True)) + r")\b",
                     re.IGNORECASE)
_NUM_RE = re.compile(r"\b\d+\b")

PREFIXES = [
    "Quick one: ", "Trivia time: ", "Here is one for you: ", "Think fast: ",
    "Bonus question: ", "For the experts: ", "Easy one: ", "Tricky one: ",
    "From the archives: ", "Pop quiz: ", "Round {r}: ", "Question {r}: ",
    "Warm-up: ", "Brain teaser: ", "Fun fact check: ",
]
SUFFIXES = [
    " (bonus)", " Think carefully.", " Take your time.", " (round {r})",
    " Guess if you must.", " — a classic.", " (from the archives)", " No peeking!",
    " (warm-up)", " (hard mode)", " Good luck.", " (revised)",
]
TF_PREFIXES = ["True or false: ", "Is it true? ", "Fact or fiction: ", "Right or wrong: "]


def _match_case(src, repl):
    if src.isupper() and len(src) > 1:
        return repl.upper()
    if src[:1].isupper():
        return repl[:1].upper() + repl[1:]
    return repl


def swap_synonyms(rng, text, k):
    hits = list(_SYN_RE.finditer(text))
    if not hits:
        return text
    chosen = sorted(rng.sample(hits, min(k, len(hits))), key=lambda m: m.start())
    out, pos = [], 0
    for m in chosen:
        word = m.group(0)
        alt = rng.choice(SYNONYMS[word.lower()])
        out.append(text[pos:m.start()])
        out.append(_match_case(word, alt))
        pos = m.end()
    out.append(text[pos:])
    return "".join(out)


def change_numbers(rng, text):
    def repl(m):
        s = m.group(0)
        n = int(s)
        if 1000 <= n <= 2099 and len(s) == 4:
            d = rng.choice([-10, -5, -3, -2, -1, 1, 2, 3, 5, 10])
        else:
            d = rng.choice([-3, -2, -1, 1, 2, 3, 4])
        v = max(0, n + d)
        if v == n:
            v = n + 1
        return str(v)
    return _NUM_RE.sub(repl, text)


def transform_text(rng, text, pas, tf, effort):
    """Return a varied form of text; effort > 0 forces more changes (dedup retries)."""
    t = text
    if rng.random() < 0.6 or effort:
        t = swap_synonyms(rng, t, rng.randint(1, 2 + effort))
    if _NUM_RE.search(t) and (rng.random() < 0.5 or effort):
        t = change_numbers(rng, t)
    r = rng.random()
    if tf and r < 0.2:
        t = rng.choice(TF_PREFIXES) + t
    elif r < 0.45 or effort >= 2:
        t = rng.choice(PREFIXES).format(r=rng.randint(1, 99)) + t
    r = rng.random()
    if r < 0.3 or effort >= 3:
        t = t + rng.choice(SUFFIXES).format(r=pas)
    return t


def transform_choices(rng, choices, pool):
    ch = list(choices)
    n = len(ch)
    texts = {c for c, _ in ch}
    r = rng.random()
    if r < 0.08 and n < 8 and pool:
        # add a wrong choice borrowed from another question
        for _ in range(4):
            extra = rng.choice(pool)
            if extra not in texts:
                ch.insert(rng.randrange(n + 1), (extra, False))
                break
    elif r < 0.14 and n > 2:
        wrong = [i for i, (_, ok) in enumerate(ch) if not ok]
        if len(wrong) >= 2:  # keep at least one wrong choice
            del ch[rng.choice(wrong)]
    n = len(ch)
    k = rng.randrange(n)  # rotation; 0 keeps the order
    ch = ch[k:] + ch[:k]
    return tuple(ch)


def generate(items, n, seed):
    rng = random.Random(seed)
    pool = [c for _, _, chs in items if chs for c, ok in chs if not ok]
    seen = set()
    out = []
    width = max(6, len(str(n)))
    pas = 0
    while len(out) < n:
        if pas == 0:
            order = range(len(items))
        else:
            order = list(range(len(items)))
            rng.shuffle(order)
        for idx in order:
            if len(out) >= n:
                break
            text, answer, choices = items[idx]
            if pas > 0:
                tf = choices is None
                new = transform_text(rng, text, pas, tf, 0)
                effort = 1
                while new in seen and effort <= 3:
                    new = transform_text(rng, text, pas, tf, effort)
                    effort += 1
                text = new
                if tf:
                    if rng.random() < 0.1:  # negate and flip
                        text, answer = "It is not the case that: " + text, not answer
                else:
                    choices = transform_choices(rng, choices, pool)
            if choices is not None:
                assert 2 <= len(choices) <= 8
                assert sum(ok for _, ok in choices) == sum(ok for _, ok in items[idx][2])
            seen.add(text)
            out.append(("q%0*d" % (width, len(out) + 1), text, answer, choices))
        pas += 1
    return out, pas


# ---------------------------------------------------------------------------------------
# Check
# ---------------------------------------------------------------------------------------

def check(path, bank_id, questions):
    with open(path, "rb") as f:
        doc = yaml.load(f, Loader=Loader)
    errs = []
    if doc.get("quizbank") != 1:
        errs.append("quizbank is not 1")
    if doc.get("id") != bank_id:
        errs.append("id is %r" % doc.get("id"))
    if doc.get("locale") != "en" or not isinstance(doc.get("title"), str):
        errs.append("locale/title wrong")
    qs = doc.get("questions") or []
    if len(qs) != len(questions):
        errs.append("%d questions, expected %d" % (len(qs), len(questions)))
    ids = set()
    for got, (qid, text, answer, choices) in zip(qs, questions):
        if got.get("id") in ids:
            errs.append("duplicate id %s" % got.get("id"))
        ids.add(got.get("id"))
        if got.get("id") != qid or got.get("text") != text:
            errs.append("%s: id/text differ after round trip" % qid)
        if choices is None:
            if got.get("answer") is not answer or "choices" in got:
                errs.append("%s: answer differs" % qid)
        else:
            if "answer" in got:
                errs.append("%s: both answer and choices" % qid)
            gc = got.get("choices") or []
            norm = [(c, False) if isinstance(c, str) else (c.get("text"), c.get("correct") is True)
                    for c in gc]
            if norm != list(choices):
                errs.append("%s: choices differ after round trip" % qid)
            if not (2 <= len(gc) <= 8) or not any(ok for _, ok in norm):
                errs.append("%s: %d choices, %d correct" % (qid, len(gc), sum(ok for _, ok in norm)))
        if len(errs) > 20:
            break
    return errs


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--questions", type=int, required=True, help="number of questions (>= 1)")
    ap.add_argument("--out", required=True, help="output .yaml path")
    ap.add_argument("--corpus", default=DEFAULT_CORPUS, help="corpus dir (default: %(default)s)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--check", action="store_true", help="parse the output back and verify it")
    ap.add_argument("--copies-of", type=int, metavar="M",
                    help="draw from an evenly spaced share of the corpus, so that a bank of M questions "
                         "would use all of it: banks of any size then hold as many variants of each "
                         "base question as the M-question bank (default: the whole corpus)")
    a = ap.parse_args()
    if a.questions < 1:
        ap.error("--questions must be >= 1")

    t0 = time.perf_counter()
    files, all_items = load_corpus(a.corpus)
    items = all_items
    if a.copies_of and a.copies_of > a.questions:
        share = a.questions / a.copies_of
        items = [items[i] for i in range(len(items)) if int((i + 1) * share) > int(i * share)]
    t1 = time.perf_counter()
    questions, passes = generate(items, a.questions, a.seed)
    t2 = time.perf_counter()

    bank_id = "bench-%d" % a.questions
    header = [
        "Benchmark bank generated by Benchmarks/make_bank.py "
        "(--questions %d --seed %d%s)." % (a.questions, a.seed,
                                          " --copies-of %d" % a.copies_of if len(items) < len(all_items) else ""),
        "Derived from OpenTriviaQA (https://github.com/uberspot/OpenTriviaQA), CC BY-SA 4.0.",
        "Not for use as a real quiz: later passes alter questions mechanically.",
    ]
    d = os.path.dirname(os.path.abspath(a.out))
    os.makedirs(d, exist_ok=True)
    emit(a.out, bank_id, "Benchmark bank (%d questions)" % a.questions, questions, header)
    t3 = time.perf_counter()

    texts = [t for _, t, _, _ in questions]
    dup_text = 1 - len(set(texts)) / len(texts)
    full = [(t, ans, ch) for _, t, ans, ch in questions]
    dup_full = 1 - len(set(full)) / len(full)
    n_tf = sum(1 for _, _, _, ch in questions if ch is None)
    size = os.path.getsize(a.out)
    print("make_bank: %s: %d questions (%d true-false), %d corpus questions from %d files, "
          "%d pass(es)" % (a.out, len(questions), n_tf, len(items), len(files), passes))
    print("make_bank: %.1f MB (%d bytes); exact duplicate texts %.2f%%, "
          "duplicate questions (text+choices/answer) %.2f%%"
          % (size / 1e6, size, 100 * dup_text, 100 * dup_full))
    print("make_bank: load %.2fs, generate %.2fs, write %.2fs"
          % (t1 - t0, t2 - t1, t3 - t2))
    if a.check:
        t4 = time.perf_counter()
        errs = check(a.out, bank_id, questions)
        t5 = time.perf_counter()
        if errs:
            for e in errs[:20]:
                print("make_bank: check: " + e, file=sys.stderr)
            sys.exit(1)
        print("make_bank: check ok (PyYAML round trip, %.2fs)" % (t5 - t4))


if __name__ == "__main__":
    main()
