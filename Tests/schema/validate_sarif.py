#!/usr/bin/env python3
"""Checks SARIF files (quizbank lint --format sarif) against the SARIF 2.1.0 schema and what
GitHub code scanning expects.

    python3 Tests/schema/validate_sarif.py FILE...

Each FILE is validated against Tests/Data/sarif/sarif-schema-2.1.0.json (the OASIS schema,
vendored with its README; found relative to this script), with the validator
class the schema's `$schema` names (draft-04 for the OASIS schema). Then, beyond the schema, the
expectations of GitHub code scanning that the schema leaves open:

  - at least one run; every run has tool.driver.name;
  - every result has a ruleId, a level (error, warning, note or none) and a non-empty
    message.text;
  - every result has a location with physicalLocation.artifactLocation.uri and
    physicalLocation.region.startLine >= 1 (and an end not before the start);
  - every result's ruleId is the id of a rule in tool.driver.rules, and a ruleIndex, when
    present, points at the rule with that id;
  - rule ids are unique;
  - artifact URIs are percent-encoded (no spaces or non-ASCII characters).

A relative FILE is taken relative to the current directory, or else to the repository root.
Prints one line per problem (`FAIL <file>: <where>: <problem>`) and a final line
`N passed, M failed` (N and M count files). Exits 1 if a file failed, 2 if no file was given
or the schema cannot be loaded, 0 otherwise.
"""

import json
import re
import sys
from pathlib import Path

import jsonschema
from jsonschema.validators import validator_for

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
SCHEMA = ROOT / "Tests" / "Data" / "sarif" / "sarif-schema-2.1.0.json"

MAX_ERRORS_PER_FILE = 20
MAX_MESSAGE = 300
LEVELS = {"error", "warning", "note", "none"}
# RFC 3986 characters, with every `%` starting a percent-encoded byte.
URI = re.compile(r"^(?:[A-Za-z0-9\-._~:/?#\[\]@!$&'()*+,;=]|%[0-9A-Fa-f]{2})*$")


def shorten(text):
    text = " ".join(str(text).split())
    return text if len(text) <= MAX_MESSAGE else text[:MAX_MESSAGE - 3] + "..."


def display(path):
    try:
        return str(path.resolve().relative_to(ROOT))
    except ValueError:
        return str(path)


def load_validator():
    """The schema's validator, or a string saying why there is none."""
    try:
        schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    except (OSError, ValueError) as e:
        return f"cannot load {SCHEMA}: {e}"
    cls = validator_for(schema, default=None)
    if cls is None:
        return f"{SCHEMA}: unknown $schema {schema.get('$schema')!r}"
    try:
        cls.check_schema(schema)
    except jsonschema.exceptions.SchemaError as e:
        return f"{SCHEMA}: not a valid schema: {shorten(e.message)}"
    return cls(schema, format_checker=cls.FORMAT_CHECKER)


def schema_problems(validator, doc):
    errors = sorted(validator.iter_errors(doc), key=lambda e: [str(p) for p in e.absolute_path])
    return [f"{e.json_path}: {e.message}" for e in errors]


def github_problems(doc):
    """What code scanning needs that the schema does not require."""
    problems = []
    if not isinstance(doc, dict):
        return ["$: not an object"]
    runs = doc.get("runs")
    if not isinstance(runs, list) or not runs:
        return ["$.runs: no run"]
    for r, run in enumerate(runs):
        if not isinstance(run, dict):
            continue
        where_run = f"$.runs[{r}]"
        driver = (run.get("tool") or {}).get("driver") or {}
        if not isinstance(driver, dict) or not driver.get("name"):
            problems.append(f"{where_run}.tool.driver.name: missing")
        rules = driver.get("rules") if isinstance(driver, dict) else None
        rules = rules if isinstance(rules, list) else []
        ids = [rule.get("id") if isinstance(rule, dict) else None for rule in rules]
        seen = set()
        for i, rule_id in enumerate(ids):
            if rule_id in seen:
                problems.append(f"{where_run}.tool.driver.rules[{i}].id: {rule_id!r} is used by an earlier rule")
            seen.add(rule_id)
        results = run.get("results")
        for i, result in enumerate(results if isinstance(results, list) else []):
            if not isinstance(result, dict):
                continue
            where = f"{where_run}.results[{i}]"
            rule_id = result.get("ruleId")
            if not isinstance(rule_id, str) or not rule_id:
                problems.append(f"{where}: no ruleId")
            elif rule_id not in seen:
                problems.append(f"{where}.ruleId: {rule_id!r} is not a rule in tool.driver.rules")
            if "ruleIndex" in result and isinstance(rule_id, str):
                index = result["ruleIndex"]
                if not isinstance(index, int) or not 0 <= index < len(ids) or ids[index] != rule_id:
                    problems.append(f"{where}.ruleIndex: {index!r} does not point at rule {rule_id!r}")
            if result.get("level") not in LEVELS:
                problems.append(f"{where}.level: missing or not one of {sorted(LEVELS)}")
            message = result.get("message")
            if not isinstance(message, dict) or not message.get("text"):
                problems.append(f"{where}.message.text: missing or empty")
            problems += location_problems(result, where)
    return problems


def location_problems(result, where):
    problems = []
    locations = result.get("locations")
    if not isinstance(locations, list) or not locations:
        return [f"{where}.locations: no location"]
    found = False
    for j, location in enumerate(locations):
        physical = location.get("physicalLocation") if isinstance(location, dict) else None
        if not isinstance(physical, dict):
            continue
        loc = f"{where}.locations[{j}].physicalLocation"
        uri = (physical.get("artifactLocation") or {}).get("uri")
        if not isinstance(uri, str) or not uri:
            problems.append(f"{loc}.artifactLocation.uri: missing")
        elif not URI.match(uri):
            problems.append(f"{loc}.artifactLocation.uri: {uri!r} is not a percent-encoded URI")
        region = physical.get("region")
        if not isinstance(region, dict):
            continue
        start_line = region.get("startLine")
        if not isinstance(start_line, int) or start_line < 1:
            continue
        found = True
        end_line = region.get("endLine", start_line)
        start_column = region.get("startColumn", 1)
        end_column = region.get("endColumn")
        if isinstance(end_line, int) and end_line < start_line:
            problems.append(f"{loc}.region: ends on line {end_line}, before its start line {start_line}")
        elif end_line == start_line and isinstance(end_column, int) and isinstance(start_column, int) \
                and end_column < start_column:
            problems.append(f"{loc}.region: ends at column {end_column}, before its start column {start_column}")
    if not found:
        problems.append(f"{where}.locations: no physicalLocation with region.startLine >= 1")
    return problems


def resolve(arg):
    path = Path(arg)
    if not path.is_absolute() and not path.exists() and (ROOT / path).exists():
        path = ROOT / path
    return path


def check(path, validator):
    """The problems of one file; empty when it passes."""
    try:
        doc = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as e:
        return [f"cannot load: {e}"]
    problems = schema_problems(validator, doc)
    if len(problems) > MAX_ERRORS_PER_FILE:
        problems = problems[:MAX_ERRORS_PER_FILE] + [f"... and {len(problems) - MAX_ERRORS_PER_FILE} more schema errors"]
    return problems + github_problems(doc)


def main(args):
    if not args:
        print(__doc__.strip().split("\n\n")[1], file=sys.stderr)
        print("no SARIF file given")
        print("0 passed, 0 failed")
        return 2
    validator = load_validator()
    if isinstance(validator, str):
        print(f"FAIL {validator}")
        print(f"0 passed, {len(args)} failed")
        return 2
    passed = failed = 0
    for arg in args:
        path = resolve(arg)
        problems = check(path, validator)
        if problems:
            failed += 1
            for problem in problems:
                print(f"FAIL {display(path)}: {shorten(problem)}")
        else:
            passed += 1
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
