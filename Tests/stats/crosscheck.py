#!/usr/bin/env python3
"""Cross-checks `quizbank stats --format json` against figures computed here, independently,
from the banks as PyYAML reads them.

    crosscheck.py QUIZBANK PATH...

For each bank the tool reports: the number of questions and of each kind, the true and false
answers, choices per question, the position of each correct choice, how many questions have an
explanation, hints and an image, and the word and character lengths (count, min, median, 95th
percentile, max; nearest-rank) of question texts, choices and explanations in the source
locale, as docs/stats.md defines them. Nothing here shares code with the tool: kinds come from
the format's rules (bank-format.md), words from Unicode categories, characters from the `regex`
module's grapheme clusters. Exits 1 and prints every difference when a figure disagrees.
"""
import json
import math
import subprocess
import sys

import regex
import unicodedata
import yaml

# Unicode's White_Space property.
WHITESPACE = "[\t\n\v\f\r \x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+"


def source(text, locale):
    """The source-locale string of a localizable field."""
    return text[locale] if isinstance(text, dict) else text


def words(text):
    return sum(1 for token in regex.split(WHITESPACE, text)
               if any(unicodedata.category(c)[0] in "LN" for c in token))


def characters(text):
    collapsed = regex.sub(WHITESPACE, " ", text).strip(" ")
    return len(regex.findall(r"\X", collapsed))


def summary(values):
    """count, and min/median/p95/max of words and characters (nearest rank)."""
    if not values:
        return {"count": 0}

    def figures(numbers):
        numbers = sorted(numbers)

        def rank(p):
            return numbers[max(1, math.ceil(p * len(numbers) / 100)) - 1]
        return {"min": numbers[0], "median": rank(50), "p95": rank(95), "max": numbers[-1]}
    return {"count": len(values), "words": figures([words(v) for v in values]),
            "characters": figures([characters(v) for v in values])}


def expected(path):
    with open(path, encoding="utf-8") as f:
        bank = yaml.load(f, Loader=yaml.CSafeLoader)
    locale = bank["locale"]
    kinds = {"trueFalse": 0, "singleChoice": 0, "multipleChoice": 0}
    answers = {"true": 0, "false": 0}
    per_question = {}
    positions = {}
    explained = hinted = illustrated = 0
    texts, choice_texts, explanations = [], [], []
    for question in bank["questions"]:
        texts.append(source(question["text"], locale))
        if "explanation" in question:
            explained += 1
            explanations.append(source(question["explanation"], locale))
        if question.get("hints"):
            hinted += 1
        if "image" in question:
            illustrated += 1
        if "choices" not in question:
            kinds["trueFalse"] += 1
            answers["true" if question["answer"] is True else "false"] += 1
            continue
        choices = question["choices"]
        correct = [i + 1 for i, c in enumerate(choices) if isinstance(c, dict) and c.get("correct") is True]
        kinds["singleChoice" if len(correct) == 1 else "multipleChoice"] += 1
        per_question[len(choices)] = per_question.get(len(choices), 0) + 1
        for position in correct:
            positions[position] = positions.get(position, 0) + 1
        for choice in choices:
            choice_texts.append(source(choice["text"] if isinstance(choice, dict) else choice, locale))
    return {
        "questions": len(bank["questions"]),
        "kinds": kinds,
        "answers": answers,
        "choicesPerQuestion": per_question,
        "correctPosition": positions,
        "explanations": explained,
        "hinted": hinted,
        "images": illustrated,
        "lengths": {"questionText": summary(texts), "choice": summary(choice_texts),
                    "explanation": summary(explanations)},
    }


def reported(bank):
    choice = bank["choice"]
    return {
        "questions": bank["questions"],
        "kinds": bank["kinds"],
        "answers": {"true": bank["trueFalse"]["true"], "false": bank["trueFalse"]["false"]},
        "choicesPerQuestion": {e["choices"]: e["questions"] for e in choice["choicesPerQuestion"] if e["questions"]},
        "correctPosition": {e["position"]: e["correct"] for e in choice.get("correctPosition", []) if e["correct"]},
        "explanations": bank["coverage"]["explanation"]["count"],
        "hinted": bank["coverage"]["hints"]["count"],
        "images": bank["coverage"]["image"]["count"],
        "lengths": bank["lengths"],
    }


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    run = subprocess.run([sys.argv[1], "stats", "--format", "json", *sys.argv[2:]], capture_output=True, text=True)
    if run.returncode != 0:
        sys.exit("stats failed (%d): %s" % (run.returncode, run.stderr))
    banks = json.loads(run.stdout)["banks"]
    failures = 0
    questions = 0
    for bank in banks:
        mine, theirs = expected(bank["path"]), reported(bank)
        questions += mine["questions"]
        for key in mine:
            if mine[key] != theirs[key]:
                failures += 1
                print("%s: %s: computed %s, stats says %s" % (bank["path"], key, mine[key], theirs[key]))
    print("%d banks, %d questions: %s" % (len(banks), questions, "%d differences" % failures if failures else "every figure agrees"))
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
