#!/usr/bin/env python3
"""Checks quizbank's JSON Schemas against banks, compiled output and known-bad examples.

    python3 Tests/schema/validate.py banks PATH...     # *.yaml / *.yml banks under PATHs
    python3 Tests/schema/validate.py configs FILE...   # .quizbank.yml files against their schema
    python3 Tests/schema/validate.py compiled PATH...  # *.json compiled documents under PATHs
    python3 Tests/schema/validate.py diff FILE...      # `quizbank diff --format json` reports

banks:    checks Templates/bank.schema.json (draft-07) with check_schema, validates every bank
          under the given files/folders (which must all pass), then every fixture in
          Tests/schema/invalid-banks/*.yaml (which must all fail, with an error matching the
          fixture's first-line comment `# expect: <substring>`), plus a few built-in valid banks.
compiled: checks Templates/compiled-bank.schema.json (draft 2020-12) with check_schema, validates
          every *.json under the given files/folders (which must all pass, including the
          consistency rules listed at `compiled_consistency_errors`), plus built-in valid and
          invalid documents.

Schemas and fixtures are found relative to this script (the repository root is two levels up),
never the current directory. A relative PATH argument is taken relative to the current
directory, or else to the repository root.

Prints one line per failure (`FAIL <file>: <where>: <error>`) and a final line
`N passed, M failed`. Exits 1 if anything failed or no file was found to validate, 2 on bad usage.
Add -v to print every schema error of a failing file, not just the most relevant one.
"""

import copy
import json
import re
import sys
from pathlib import Path

import jsonschema
import yaml
from jsonschema import Draft7Validator, Draft202012Validator

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
BANK_SCHEMA = ROOT / "Templates" / "bank.schema.json"
COMPILED_SCHEMA = ROOT / "Templates" / "compiled-bank.schema.json"
DIFF_SCHEMA = ROOT / "Templates" / "diff.schema.json"
INVALID_BANKS = HERE / "invalid-banks"

VERBOSE = False
MAX_MESSAGE = 300


# ---------------------------------------------------------------------------------------------
# YAML loading, as the bank format reads YAML: the YAML 1.2 core schema (so `yes`, `on`, `no`
# are strings, as in yaml-language-server), no timestamps, no `<<` merge keys (a YAML 1.1
# extension: `<<` is an ordinary, hence unknown, key), duplicate keys are an error, mapping keys
# are strings, one document per file, UTF-8 with or without BOM.
# ---------------------------------------------------------------------------------------------

class BankLoader(yaml.SafeLoader):
    pass


BankLoader.yaml_implicit_resolvers = {}


def _resolver(tag, pattern, first):
    BankLoader.add_implicit_resolver(tag, re.compile(pattern, re.X), list(first))


_resolver("tag:yaml.org,2002:null", r"^(?:~|null|Null|NULL|)$", ["~", "n", "N", ""])
_resolver("tag:yaml.org,2002:bool", r"^(?:true|True|TRUE|false|False|FALSE)$", "tTfF")
_resolver("tag:yaml.org,2002:int", r"^(?:[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+)$", "-+0123456789")
_resolver("tag:yaml.org,2002:float",
          r"""^(?:[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?
                |[-+]?\.(?:inf|Inf|INF)
                |\.(?:nan|NaN|NAN))$""", "-+.0123456789")


def _construct_bool(loader, node):
    return loader.construct_scalar(node) in ("true", "True", "TRUE")


def _construct_int(loader, node):
    value = loader.construct_scalar(node)
    if value.startswith("0o"):
        return int(value[2:], 8)
    if value.startswith("0x"):
        return int(value[2:], 16)
    return int(value)


def _construct_float(loader, node):
    value = loader.construct_scalar(node).lower()
    if value.endswith(".inf"):
        return float("-inf") if value.startswith("-") else float("inf")
    if value == ".nan":
        return float("nan")
    return float(value)


def _construct_mapping(loader, node):
    mapping = {}
    marks = {}
    for key_node, value_node in node.value:
        if not isinstance(key_node, yaml.ScalarNode):
            raise yaml.constructor.ConstructorError(
                None, None, "mapping keys must be plain text", key_node.start_mark)
        if key_node.value in mapping:
            raise yaml.constructor.ConstructorError(
                "while constructing a mapping", marks[key_node.value],
                f"found duplicate key {key_node.value!r}", key_node.start_mark)
        marks[key_node.value] = key_node.start_mark
        mapping[key_node.value] = loader.construct_object(value_node, deep=True)
    return mapping


BankLoader.add_constructor("tag:yaml.org,2002:bool", _construct_bool)
BankLoader.add_constructor("tag:yaml.org,2002:int", _construct_int)
BankLoader.add_constructor("tag:yaml.org,2002:float", _construct_float)
BankLoader.add_constructor("tag:yaml.org,2002:map", _construct_mapping)


def load_bank(data):
    """Loads one bank from bytes or text. Raises yaml.YAMLError on bad YAML."""
    return yaml.load(data, Loader=BankLoader)


# ---------------------------------------------------------------------------------------------
# Reporting
# ---------------------------------------------------------------------------------------------

class Tally:
    def __init__(self):
        self.passed = 0
        self.failed = 0

    def ok(self):
        self.passed += 1

    def fail(self, where, *messages):
        """One failed check, printed as one line per message."""
        self.failed += 1
        for message in messages:
            print(f"FAIL {where}: {shorten(message)}")

    def summary(self):
        print(f"{self.passed} passed, {self.failed} failed")


def shorten(text):
    text = " ".join(str(text).split())
    return text if len(text) <= MAX_MESSAGE else text[:MAX_MESSAGE - 3] + "..."


def describe(error):
    """`$.questions[3].answer: 'yes' is not of type 'boolean'`"""
    return f"{error.json_path}: {error.message}"


def flatten(errors):
    """Errors and, recursively, the errors under them (the branches of anyOf/oneOf)."""
    for error in errors:
        yield error
        yield from flatten(error.context or [])


def sorted_errors(validator, instance):
    return sorted(validator.iter_errors(instance), key=lambda e: [str(p) for p in e.absolute_path])


def error_lines(errors):
    """What to print for a failing instance: the most relevant error, or all of them with -v."""
    if VERBOSE:
        return [describe(e) for e in errors]
    best = jsonschema.exceptions.best_match(errors)
    more = f" (+{len(errors) - 1} more; -v to list)" if len(errors) > 1 else ""
    return [describe(best) + more]


def display(path):
    try:
        return str(path.relative_to(ROOT))
    except ValueError:
        return str(path)


def collect(args, suffixes, tally, exclude=None):
    """Files with the given suffixes under the given files/folders, sorted, without duplicates."""
    files = []
    for arg in args:
        path = Path(arg)
        if not path.is_absolute() and not path.exists() and (ROOT / path).exists():
            path = ROOT / path
        if path.is_dir():
            # Hidden files (.quizbank.yml configurations) are not banks, as quizbank's own folder search has it.
            found = sorted(p for p in path.rglob("*") if p.is_file() and p.suffix.lower() in suffixes
                           and not any(part.startswith(".") for part in p.relative_to(path).parts))
            if exclude is not None:
                found = [p for p in found if exclude not in p.resolve().parents]
            files.extend(found)
        elif path.is_file():
            files.append(path)
        else:
            tally.fail(arg, "no such file or folder")
    unique = []
    seen = set()
    for f in files:
        key = f.resolve()
        if key not in seen:
            seen.add(key)
            unique.append(f)
    return unique


def load_schema(path, validator_class, tally):
    """Loads a schema and checks it against its metaschema and our own conventions."""
    try:
        schema = json.loads(path.read_text(encoding="utf-8"))
        validator_class.check_schema(schema)
    except (OSError, ValueError, jsonschema.exceptions.SchemaError) as e:
        tally.fail(display(path), f"not a valid schema: {e}")
        return None
    problems = list(schema_convention_problems(schema))
    if problems:
        tally.fail(display(path), *problems)
    else:
        tally.ok()
    return validator_class(schema)


def schema_convention_problems(node, where="#"):
    """Every object schema with `properties` is closed, and every property has title and description."""
    if isinstance(node, dict):
        # if/then refine properties of the object they sit in, which is closed and described.
        refinement = where.endswith("/if") or where.endswith("/then")
        if "properties" in node and isinstance(node["properties"], dict) and not refinement:
            if node.get("additionalProperties") is not False:
                yield f"{where}: object schema without additionalProperties: false"
            for name, sub in node["properties"].items():
                if not (isinstance(sub, dict) and sub.get("title") and sub.get("description")):
                    yield f"{where}/properties/{name}: missing title or description"
        for key, value in node.items():
            yield from schema_convention_problems(value, f"{where}/{key}")
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from schema_convention_problems(value, f"{where}/{i}")


# ---------------------------------------------------------------------------------------------
# banks
# ---------------------------------------------------------------------------------------------

# Banks that must validate, besides the files given: they cover what the templates and the
# corpus do not (images, localized choices as mappings, numbers read as text, anchors).
BUILTIN_VALID_BANKS = {
    "choice ids": """
quizbank: 1
id: planets
title: Planets
locale: en
questions:
  - id: largest-planet
    text: Which is the largest planet?
    choices:
      - {id: mars, text: Mars}
      - {id: jupiter, text: Jupiter, correct: true}
      - Venus
""",
    "spec example": """
quizbank: 1
id: cosmodex
title: Cosmodex
locale: pt-BR
locales: [pt-BR, en]
description: Trivia about the universe.
images: images/
topics:
  stars: {title: Stars, weight: 0.4}
  planets: {title: Planets, weight: 0.6}
exam:
  size: 9
  passing-score: 0.7
  demo-limit: 3
  shuffle-choices: true
questions:
  - id: sun-is-a-star
    topic: stars
    difficulty: 2
    tags: [sun]
    text: O Sol é uma estrela.
    answer: true
    explanation: É uma anã amarela do tipo G2V.
    hints:
      - Olhe para o céu ao meio-dia.
    image: sun.png
    image-alt: The Sun
  - id: stop-sign
    text: What must you do at a red octagonal sign?
    image: signs/stop.png
    image-alt: A red octagonal stop sign
    choices:
      - Slow down and go on if the way is clear
      - text: Come to a complete stop
        correct: true
        feedback: Stop behind the line.
      - Yield to traffic on the right
    shuffle: false
    explanation: A stop sign always means a full stop.
""",
    "localized mappings, plain numbers as text, anchors, BOM": """\ufeffquizbank: 1
id: 2024-quiz
title: {pt-BR: Quiz de 2024, en: 2024 quiz, "no": Quiz 2024}
locale: pt-BR
locales: [pt-BR, en, "no"]
topics:
  history: {}
  1990s: {weight: 1}
exam: {size: 2}
questions:
  - id: 1
    topic: 1990s
    text: &moon
      pt-BR: Em que ano o homem pisou na Lua?
      en: In which year did people first walk on the Moon?
      no: Hvilket år gikk mennesker på månen?
    choices: [1965, {text: 1969, correct: true}, 1972, yes]
    hints: [{en: Apollo 11}, Apollo 11]
  - id: q.2_b
    text: *moon
    choices:
      - {text: {en: "Yes", pt-BR: Sim}, correct: true, feedback: {en: Right}}
      - {text: no, correct: false}
    shuffle: true
    image: moon.jpg
    image-alt: {pt-BR: A Lua, en: The Moon}
""",
}


def check_banks(args, tally):
    validator = load_schema(BANK_SCHEMA, Draft7Validator, tally)
    if validator is None:
        return

    banks = collect(args, {".yaml", ".yml"}, tally, exclude=INVALID_BANKS.resolve())
    if not banks:
        tally.fail(" ".join(args), "no *.yaml or *.yml banks found to validate")
    for path in banks:
        try:
            bank = load_bank(path.read_bytes())
        except (OSError, yaml.YAMLError) as e:
            tally.fail(display(path), f"cannot load: {e}")
            continue
        errors = sorted_errors(validator, bank)
        if errors:
            tally.fail(display(path), *error_lines(errors))
        else:
            tally.ok()

    for name, text in BUILTIN_VALID_BANKS.items():
        errors = sorted_errors(validator, load_bank(text))
        if errors:
            tally.fail(f"built-in valid bank '{name}'", *error_lines(errors))
        else:
            tally.ok()

    fixtures = sorted(INVALID_BANKS.glob("*.yaml"))
    if not fixtures:
        tally.fail(display(INVALID_BANKS), "no invalid-bank fixtures found")
    for path in fixtures:
        check_invalid_fixture(path, validator, tally)


def check_invalid_fixture(path, validator, tally):
    data = path.read_bytes()
    first_line = data.decode("utf-8-sig").split("\n", 1)[0]
    match = re.match(r"^#\s*expect:\s*(.+?)\s*$", first_line)
    if not match:
        tally.fail(display(path), "first line must be `# expect: <part of the expected error>`")
        return
    expected = match.group(1)
    try:
        bank = load_bank(data)
    except yaml.YAMLError as e:
        found = [str(e)]
    else:
        found = [describe(e) for e in flatten(validator.iter_errors(bank))]
    if not found:
        tally.fail(display(path), f"expected an error matching {expected!r}, but the bank is valid")
    elif not any(expected in message for message in found):
        tally.fail(display(path), f"expected an error matching {expected!r}, got: {' | '.join(found)}")
    else:
        tally.ok()


# ---------------------------------------------------------------------------------------------
# compiled
# ---------------------------------------------------------------------------------------------

TOP_LEVEL_ORDER = ["format", "formatVersion", "id", "locale", "sourceLocale", "locales", "title",
                   "description", "topics", "exam", "questions", "sha256"]


def compiled_consistency_errors(doc):
    """Rules of the compiled format that JSON Schema cannot express."""
    if not isinstance(doc, dict):
        return []
    errors = []
    keys = [k for k in doc if k in TOP_LEVEL_ORDER]
    if keys != sorted(keys, key=TOP_LEVEL_ORDER.index):
        errors.append(f"$: members out of order: {', '.join(keys)}")
    locales = doc.get("locales")
    if isinstance(locales, list) and isinstance(doc.get("locale"), str) and doc["locale"] not in locales:
        errors.append(f"$.locale: {doc['locale']!r} is not one of locales {locales}")
    topic_ids = [t.get("id") for t in doc.get("topics", []) if isinstance(t, dict)]
    if len(set(topic_ids)) != len(topic_ids):
        errors.append("$.topics: duplicate topic ids")
    questions = doc.get("questions")
    seen = set()
    for i, q in enumerate(questions if isinstance(questions, list) else []):
        if not isinstance(q, dict):
            continue
        where = f"$.questions[{i}]"
        if q.get("id") in seen:
            errors.append(f"{where}.id: duplicate question id {q.get('id')!r}")
        seen.add(q.get("id"))
        if "topic" in q and q["topic"] not in topic_ids:
            errors.append(f"{where}.topic: {q['topic']!r} is not one of the declared topics")
        choices, correct = q.get("choices"), q.get("correct")
        choice_ids = [c["id"] for c in choices if isinstance(c, dict) and "id" in c] if isinstance(choices, list) else []
        if len(set(choice_ids)) != len(choice_ids):
            errors.append(f"{where}.choices: a choice id is used twice")
        if isinstance(choices, list) and isinstance(correct, list):
            for index in correct:
                if isinstance(index, int) and index >= len(choices):
                    errors.append(f"{where}.correct: index {index} is out of range for "
                                  f"{len(choices)} choices")
    return errors


def builtin_compiled_documents():
    """(name, document, expected substring or None for a document that must validate)."""
    base = {
        "format": "quizbank-compiled",
        "formatVersion": 1,
        "id": "my-exam",
        "locale": "es",
        "sourceLocale": "en",
        "locales": ["en", "es"],
        "title": "Examen de prueba",
        "description": "Un examen pequeño.",
        "topics": [{"id": "geography", "title": "Geografía", "weight": 0.5},
                   {"id": "science", "title": "Ciencias"}],
        "exam": {"size": 2, "passingScore": 0.5, "demoLimit": 1, "shuffleChoices": True},
        "questions": [
            {"id": "tf", "kind": "true-false", "topic": "geography", "difficulty": 1,
             "tags": ["ríos"], "text": "El Amazonas desemboca en el Atlántico.", "answer": True,
             "explanation": "En el norte de Brasil."},
            {"id": "single", "kind": "single-choice", "text": "¿Capital de Australia?",
             "choices": [{"text": "Sídney", "feedback": "No es la capital."}, {"text": "Canberra"}],
             "correct": [1], "shuffle": True, "hints": ["No es la más grande."]},
            {"id": "multi", "kind": "multiple-choice", "topic": "science",
             "text": "¿Cuáles son planetas?",
             "choices": [{"text": "Marte"}, {"text": "Plutón"}, {"text": "Neptuno"}],
             "correct": [0, 2], "shuffle": False,
             "image": {"path": "planets.png", "width": 640, "height": 480,
                       "sha256": "0" * 64, "alt": "Planetas"}},
        ],
        "sha256": "ab" * 32,
    }
    cases = [("valid document with every kind of question", base, None)]

    def variant(name, expected, change):
        doc = copy.deepcopy(base)
        change(doc)
        cases.append((name, doc, expected))

    q = lambda doc, i: doc["questions"][i]  # noqa: E731
    variant("single-choice with two correct indexes", "is too long",
            lambda d: q(d, 1).update(correct=[0, 1]))
    variant("multiple-choice with one correct index", "is too short",
            lambda d: q(d, 2).update(correct=[2]))
    variant("true-false with choices", "False schema does not allow [{'text': 'Sí'}",
            lambda d: q(d, 0).update(choices=[{"text": "Sí"}, {"text": "No"}]))
    variant("true-false without answer", "'answer' is a required property",
            lambda d: q(d, 0).pop("answer"))
    variant("choice question with an answer", "$.questions[1]: False schema does not allow True",
            lambda d: q(d, 1).update(answer=True))
    variant("choice question without shuffle", "'shuffle' is a required property",
            lambda d: q(d, 1).pop("shuffle"))
    variant("missing sha256", "'sha256' is a required property", lambda d: d.pop("sha256"))
    variant("uppercase sha256", "$.sha256: 'ABABAB", lambda d: d.update(sha256="AB" * 32))
    variant("unknown member", "'generated' was unexpected", lambda d: d.update(generated="today"))
    variant("unknown kind", "'essay' is not one of", lambda d: q(d, 0).update(kind="essay"))
    variant("duplicate correct indexes", "has non-unique elements",
            lambda d: q(d, 2).update(correct=[0, 0]))
    variant("empty tags", "$.questions[0].tags: [] should be non-empty",
            lambda d: q(d, 0).update(tags=[]))
    variant("null description", "None is not of type 'string'", lambda d: d.update(description=None))
    variant("exam without shuffleChoices", "'shuffleChoices' is a required property",
            lambda d: d["exam"].pop("shuffleChoices"))
    variant("wrong format", "'quizbank-compiled' was expected", lambda d: d.update(format="quizbank"))
    variant("empty text", "$.questions[1].text: '' should be non-empty",
            lambda d: q(d, 1).update(text=""))
    variant("image without size", "'width' is a required property",
            lambda d: q(d, 2)["image"].pop("width"))
    variant("correct index out of range", "index 3 is out of range",
            lambda d: q(d, 1).update(correct=[3]))
    variant("choices with ids", None,
            lambda d: q(d, 2).update(choices=[{"id": "mars", "text": "Marte"}, {"id": "pluto", "text": "Plutón"},
                                              {"id": "neptune", "text": "Neptuno"}]))
    variant("choice id used twice", "a choice id is used twice",
            lambda d: q(d, 2).update(choices=[{"id": "mars", "text": "Marte"}, {"id": "mars", "text": "Plutón"},
                                              {"text": "Neptuno"}]))
    variant("invalid choice id", "does not match",
            lambda d: q(d, 2)["choices"][0].update(id="Mars!"))
    variant("members out of order", "members out of order",
            lambda d: d.update({"title": d.pop("title")}))
    return cases


def check_compiled(args, tally):
    validator = load_schema(COMPILED_SCHEMA, Draft202012Validator, tally)
    if validator is None:
        return

    documents = collect(args, {".json"}, tally)
    if not documents:
        tally.fail(" ".join(args), "no *.json documents found to validate")
    for path in documents:
        try:
            doc = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError) as e:
            tally.fail(display(path), f"cannot load: {e}")
            continue
        errors = sorted_errors(validator, doc)
        lines = (error_lines(errors) if errors else []) + compiled_consistency_errors(doc)
        if lines:
            tally.fail(display(path), *lines)
        else:
            tally.ok()

    for name, doc, expected in builtin_compiled_documents():
        where = f"built-in compiled document '{name}'"
        found = [describe(e) for e in flatten(validator.iter_errors(doc))]
        found += compiled_consistency_errors(doc)
        if expected is None:
            if found:
                tally.fail(where, f"expected no errors, got: {' | '.join(found)}")
            else:
                tally.ok()
        elif not found:
            tally.fail(where, f"expected an error matching {expected!r}, but it is valid")
        elif not any(expected in message for message in found):
            tally.fail(where, f"expected an error matching {expected!r}, got: {' | '.join(found)}")
        else:
            tally.ok()


def check_configs(args, tally):
    """Every given .quizbank.yml against the configuration schema made from the rules."""
    # Made by quizbank from its rules (descriptions only, no titles), so the bank schema's
    # conventions do not apply; it must still be a valid draft-07 schema.
    schema = json.loads((ROOT / "Templates" / "quizbank-config.schema.json").read_text(encoding="utf-8"))
    Draft7Validator.check_schema(schema)
    validator = Draft7Validator(schema)
    for arg in args:
        path = Path(arg)
        try:
            document = load_bank(path.read_bytes())
        except (OSError, yaml.YAMLError) as e:
            tally.fail(arg, f"cannot load: {e}")
            continue
        errors = sorted_errors(validator, document)
        if errors:
            tally.fail(arg, *error_lines(errors))
        else:
            tally.ok()


def check_diffs(args, tally):
    """Each FILE is a `quizbank diff --format json` report: it must validate, and its summary
    must count its changes."""
    validator = load_schema(DIFF_SCHEMA, Draft202012Validator, tally)
    if validator is None:
        return
    for arg in args:
        try:
            doc = json.loads(Path(arg).read_text(encoding="utf-8"))
        except (OSError, ValueError) as e:
            tally.fail(arg, f"cannot load: {e}")
            continue
        errors = sorted_errors(validator, doc)
        lines = error_lines(errors) if errors else []
        if not lines:
            for severity in ("breaking", "structural", "content", "cosmetic"):
                counted = sum(1 for c in doc["changes"] if c["severity"] == severity)
                if counted != doc["summary"][severity]:
                    lines.append(f"$.summary.{severity}: {doc['summary'][severity]}, but {counted} such changes")
        if lines:
            tally.fail(arg, *lines)
        else:
            tally.ok()


def main(argv):
    global VERBOSE
    args = [a for a in argv if a not in ("-v", "--verbose")]
    VERBOSE = len(args) != len(argv)
    if len(args) < 2 or args[0] not in ("banks", "compiled", "configs", "diff"):
        print(__doc__.strip().split("\n\n")[1], file=sys.stderr)
        return 2
    tally = Tally()
    if args[0] == "banks":
        check_banks(args[1:], tally)
    elif args[0] == "configs":
        check_configs(args[1:], tally)
    elif args[0] == "diff":
        check_diffs(args[1:], tally)
    else:
        check_compiled(args[1:], tally)
    tally.summary()
    return 1 if tally.failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
