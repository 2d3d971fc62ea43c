#!/usr/bin/env python3
"""Recall and precision of quizbank's near-duplicate search against brute force.

    python3 Benchmarks/near_duplicates_recall.py [--tool .build/release/near-duplicates]
        [--corpus DIR] [--sample 10000] [--seed 1] [--thresholds 0.6 0.8] [--min-recall 0.95 0.99]

Takes a seeded sample of questions from the OpenTriviaQA banks, has the Swift implementation
(the `near-duplicates pairs` diagnostic tool, which calls the same `NearDuplicateJoin` the
`near-duplicate-question` rule uses) list every pair it finds at each threshold, and compares
them with an exact all-pairs computation done here:

* the SAME normalization as QualityText.normalized in Swift: NFKC
  (unicodedata.normalize), full case folding (str.casefold), then punctuation (P*),
  separators (Z*) and controls/format (C*, but ASCII whitespace counts as a separator)
  removed, except that a gap of punctuation/whitespace between two decimal digits is kept
  (whitespace runs as one space), and before a digit or a currency sign (Sc) a '-' or U+2212
  that is the gap's last mark (spaces may follow) is kept unless it directly follows a letter
  or digit;
* the SAME shingles: the set of 5-code-point substrings of the normalized text (a text of
  1 to 4 code points is one shingle; an empty one has none and is in no pair);
* exact Jaccard |A & B| / |A | B| for EVERY pair of the sample: the intersection sizes of all
  pairs come from a sparse matrix product X @ X.T (scipy), computed in blocks of rows, so no
  pair is skipped and no filter is used; pairs that share no shingle have similarity 0.

Recall = found & true / true; precision = found & true / found (a found pair must also have
the same similarity here, to 1e-9). The Swift normalized texts are compared with the Python
ones first (the tool prints them), so a mismatch in normalization is reported, not hidden.
Exits 1 when recall is under --min-recall at a threshold or precision is under 1.
"""

import argparse
import glob
import json
import os
import random
import subprocess
import sys
import time
import unicodedata

import numpy as np
import yaml
from scipy import sparse

try:
    Loader = yaml.CSafeLoader
except AttributeError:
    Loader = yaml.SafeLoader

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_CORPUS = os.path.normpath(os.path.join(HERE, "..", "..", "shared", "corpus", "opentriviaqa"))
ASCII_SPACE = set(" \t\n\x0b\x0c\r")


def classify(c):
    if c in ASCII_SPACE:
        return "space"
    cat = unicodedata.category(c)
    if cat == "Nd":
        return "digit"
    if cat[0] == "P":
        return "punct"
    if cat[0] == "Z":
        return "space"
    if cat[0] == "C":
        return "drop"
    return "letter"


def _sign(gap, nxt, kind, after_nothing):
    """The sign a gap keeps before nxt (see QualityText.sign in Swift)."""
    if not (kind == "digit" or unicodedata.category(nxt) == "Sc"):
        return None
    marks = [i for i, c in enumerate(gap) if c != " "]
    if not marks:
        return None
    i = marks[-1]
    if gap[i] in ("-", "\u2212") and (i > 0 or after_nothing):
        return gap[i]
    return None


def normalize(text, keep_word_breaks=False):
    """QualityText.normalized, in Python (see the module docstring)."""
    folded = unicodedata.normalize("NFKC", text).casefold()
    out = []
    previous = None  # class of the last kept code point
    gap = []
    for c in folded:
        kind = classify(c)
        if kind == "drop":
            continue
        if kind in ("space", "punct"):
            if kind == "space" and gap and gap[-1] == " ":
                continue
            gap.append(" " if kind == "space" else c)
            continue
        if gap and previous is not None:
            sign = None if (kind == "digit" and previous == "digit") else _sign(gap, c, kind, False)
            if kind == "digit" and previous == "digit":
                out.extend(gap)
            elif sign is not None:
                if keep_word_breaks and gap[0] == " ":
                    out.append(" ")
                out.append(sign)
            elif keep_word_breaks and " " in gap:
                out.append(" ")
        elif gap:
            sign = _sign(gap, c, kind, True)
            if sign is not None:
                out.append(sign)
        gap = []
        out.append(c)
        previous = kind
    return "".join(out)


def shingles(normalized):
    if not normalized:
        return frozenset()
    if len(normalized) < 5:
        return frozenset([normalized])
    return frozenset(normalized[i:i + 5] for i in range(len(normalized) - 4))


def load_texts(corpus):
    texts = []
    for path in sorted(glob.glob(os.path.join(corpus, "*.yaml"))):
        with open(path, "rb") as f:
            doc = yaml.load(f, Loader=Loader)
        locale = doc.get("locale", "en")
        for q in doc.get("questions") or []:
            t = q.get("text")
            if isinstance(t, dict):
                t = t.get(locale) or next(iter(t.values()))
            if isinstance(t, str):
                texts.append(t)
    return texts


def exact_pairs(sets, threshold):
    """Every pair (i, j), i < j, with Jaccard >= threshold, by all-pairs intersection counts."""
    vocab = {}
    rows, cols = [], []
    for i, s in enumerate(sets):
        for sh in s:
            rows.append(i)
            cols.append(vocab.setdefault(sh, len(vocab)))
    n = len(sets)
    x = sparse.csr_matrix((np.ones(len(rows), dtype=np.int32), (rows, cols)), shape=(n, len(vocab)))
    sizes = np.array([len(s) for s in sets], dtype=np.int64)
    xt = x.T.tocsc()
    out = {}
    block = 500
    for start in range(0, n, block):
        stop = min(n, start + block)
        inter = (x[start:stop] @ xt).toarray().astype(np.int64)  # (block, n): every pair
        union = sizes[start:stop, None] + sizes[None, :] - inter
        with np.errstate(divide="ignore", invalid="ignore"):
            jac = np.where(union > 0, inter / np.maximum(union, 1), 0.0)
        ii, jj = np.nonzero(jac >= threshold)
        for a, b in zip(ii, jj):
            i, j = start + int(a), int(b)
            if i < j and sizes[i] > 0 and sizes[j] > 0:
                out[(i, j)] = float(jac[a, b])
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--tool", default=".build/release/near-duplicates")
    ap.add_argument("--corpus", default=DEFAULT_CORPUS)
    ap.add_argument("--sample", type=int, default=10000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--thresholds", type=float, nargs="+", default=[0.6, 0.8])
    ap.add_argument("--min-recall", type=float, nargs="+", default=[0.95, 0.99])
    a = ap.parse_args()
    if len(a.min_recall) != len(a.thresholds):
        ap.error("--min-recall needs one value per threshold")

    texts = load_texts(a.corpus)
    rng = random.Random(a.seed)
    sample = rng.sample(texts, min(a.sample, len(texts)))
    print("recall: %d questions in the corpus, sample of %d (seed %d)" % (len(texts), len(sample), a.seed))
    normalized = [normalize(t) for t in sample]
    sets = [shingles(t) for t in normalized]

    ok = True
    mismatches = None
    for threshold, need in zip(a.thresholds, a.min_recall):
        t0 = time.perf_counter()
        proc = subprocess.run([a.tool, "pairs", "--threshold", repr(threshold)],
                              input=json.dumps(sample).encode("utf-8"), stdout=subprocess.PIPE, check=True)
        t1 = time.perf_counter()
        doc = json.loads(proc.stdout)
        if mismatches is None:
            mismatches = [i for i, s in enumerate(doc["normalized"]) if s != normalized[i]]
            print("recall: normalization: %d of %d texts differ between Swift and Python"
                  % (len(mismatches), len(sample)))
            for i in mismatches[:5]:
                print("  swift %r\n  python %r" % (doc["normalized"][i], normalized[i]))
            if mismatches:
                ok = False
        found = {(p[0], p[1]): p[2] for p in doc["pairs"]}
        t2 = time.perf_counter()
        truth = exact_pairs(sets, threshold)
        t3 = time.perf_counter()
        hit = [k for k in found if k in truth]
        same = sum(1 for k in hit if abs(found[k] - truth[k]) <= 1e-9)
        recall = len(hit) / len(truth) if truth else 1.0
        precision = same / len(found) if found else 1.0
        print("recall: threshold %.2f: brute force %d pairs (%.1fs), Swift %d pairs (%.2fs with start-up); "
              "recall %.4f (need >= %.2f), precision %.4f (need 1)"
              % (threshold, len(truth), t3 - t2, len(found), t1 - t0, recall, need, precision))
        missed = [k for k in truth if k not in found][:5]
        for i, j in missed:
            print("  missed %.3f: %r / %r" % (truth[(i, j)], sample[i], sample[j]))
        extra = [k for k in found if k not in truth or abs(found[k] - truth[k]) > 1e-9][:5]
        for i, j in extra:
            print("  not confirmed %.3f (exact %s): %r / %r" % (found[(i, j)], truth.get((i, j)), sample[i], sample[j]))
        if recall < need or precision < 1.0:
            ok = False
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
