#!/usr/bin/env python3
"""Draws the OpenTriviaQA sample that the tests read (Tests/Data/opentriviaqa/).

    python3 scripts/draw_corpus_sample.py [--corpus DIR] [--out DIR] [--one-in 10] [--seed SEED]

From each bank of the corpus (one per category), a question is kept when the SHA-256 of
`SEED:ID` (its id), read as a number, is a multiple of --one-in: a choice that depends on
nothing but the id, so the same corpus always gives the same sample, on any machine and Python.
Exact duplicates (the same text after case folding and collapsing whitespace, within a bank)
are kept together: when one of them is drawn, all of them are, so the sample has duplicates at
about the corpus's rate instead of almost none. Kept questions are copied byte for byte (typos,
stray whitespace, look-alike letters and all), in corpus order, under the bank's header as
authored. The sample's README is not written here.
"""
import argparse
import hashlib
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_CORPUS = os.path.normpath(os.path.join(HERE, "..", "..", "shared", "corpus", "opentriviaqa"))
DEFAULT_OUT = os.path.normpath(os.path.join(HERE, "..", "Tests", "Data", "opentriviaqa"))
QUESTION_START = "  - id: "
TEXT_LINE = re.compile(r'^    text: "(.*)"$')


def split_bank(text):
    """The header (through `questions:`) and each question's lines, as written."""
    lines = text.splitlines(keepends=True)
    try:
        start = next(i for i, line in enumerate(lines) if line.startswith(QUESTION_START))
    except StopIteration:
        sys.exit("draw_corpus_sample: a bank without questions")
    header, blocks = "".join(lines[:start]), []
    for line in lines[start:]:
        if line.startswith(QUESTION_START):
            blocks.append([])
        blocks[-1].append(line)
    blocks = ["".join(block) for block in blocks]
    if header + "".join(blocks) != text:
        sys.exit("draw_corpus_sample: a bank does not split into header and questions")
    return header, blocks


def question_id(block):
    return block[len(QUESTION_START):block.index("\n")].strip().strip('"')


def duplicate_key(block):
    for line in block.splitlines():
        match = TEXT_LINE.match(line)
        if match:
            return " ".join(match.group(1).casefold().split())
    return None


def drawn(seed, identifier, one_in):
    digest = hashlib.sha256(("%s:%s" % (seed, identifier)).encode("utf-8")).digest()
    return int.from_bytes(digest[:8], "big") % one_in == 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--corpus", default=DEFAULT_CORPUS)
    ap.add_argument("--out", default=DEFAULT_OUT)
    ap.add_argument("--one-in", type=int, default=10)
    ap.add_argument("--seed", default="quizbank-sample-1")
    a = ap.parse_args()

    names = sorted(n for n in os.listdir(a.corpus) if n.endswith(".yaml"))
    if not names:
        sys.exit("draw_corpus_sample: no *.yaml banks in %s" % a.corpus)
    os.makedirs(a.out, exist_ok=True)
    total = kept_total = duplicates_total = 0
    for name in names:
        with open(os.path.join(a.corpus, name), encoding="utf-8", newline="") as f:
            header, blocks = split_bank(f.read())
        groups = {}
        for index, block in enumerate(blocks):
            key = duplicate_key(block)
            if key is not None:
                groups.setdefault(key, []).append(index)
        chosen = {i for i, block in enumerate(blocks) if drawn(a.seed, question_id(block), a.one_in)}
        duplicates = 0
        for members in groups.values():
            if len(members) > 1 and chosen.intersection(members):
                chosen.update(members)
                duplicates += len(members)
        with open(os.path.join(a.out, name), "w", encoding="utf-8", newline="") as f:
            f.write(header + "".join(blocks[i] for i in sorted(chosen)))
        print("%-24s %5d of %5d questions (%d in duplicate groups)" % (name, len(chosen), len(blocks), duplicates))
        total += len(blocks)
        kept_total += len(chosen)
        duplicates_total += duplicates
    print("%d of %d questions from %d banks (%d in duplicate groups)" % (kept_total, total, len(names), duplicates_total))


if __name__ == "__main__":
    main()
