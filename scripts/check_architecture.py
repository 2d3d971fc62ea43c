#!/usr/bin/env python3
"""Checks that the module graph in docs/architecture.md is Package.swift's: the same targets
(test targets aside), each with the same dependencies, and every target listed below what it
depends on, so that the page shows dependencies going one way.

usage: scripts/check_architecture.py [PACKAGE_DUMP.json]
(without an argument it runs `swift package dump-package` in the repository root)
"""
import json
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DOC = os.path.join(ROOT, "docs", "architecture.md")
START, END = "<!-- module graph -->", "<!-- end of module graph -->"


def package_graph(dump):
    graph = {}
    for target in dump["targets"]:
        if target["type"] == "test":
            continue
        names = []
        for dependency in target["dependencies"]:
            kind, value = next(iter(dependency.items()))
            names.append(value[0] if kind != "product" else value[0] + " (" + str(value[1]) + ")")
        graph[target["name"]] = names
    return graph


def documented_graph(text):
    """[(target, [dependencies])] in the order the page lists them."""
    if START not in text or END not in text:
        sys.exit(f"{DOC}: no module graph between {START} and {END}")
    block = text.split(START, 1)[1].split(END, 1)[0]
    rows = []
    for line in block.splitlines():
        line = re.sub(r"\(.*?\)", "", line).strip()   # notes in parentheses
        if not line or line.startswith("```"):
            continue
        match = re.fullmatch(r"([\w-]+)\s*->(.*)", line)
        if not match:
            sys.exit(f"{DOC}: cannot read module graph line {line!r} (expected 'Target -> A, B')")
        dependencies = [name.strip() for name in match.group(2).split(",") if name.strip()]
        rows.append((match.group(1), dependencies))
    return rows


def problems(package, rows):
    found = []
    listed = [name for name, _ in rows]
    for name in sorted(set(package) - set(listed)):
        found.append(f"{name} is a target in Package.swift but not in the page's module graph")
    for name in sorted(set(listed) - set(package)):
        found.append(f"{name} is in the page's module graph but not a target in Package.swift")
    for name in sorted({n for n in listed if listed.count(n) > 1}):
        found.append(f"{name} is listed more than once")
    seen = set()
    for name, dependencies in rows:
        if name in package and sorted(dependencies) != sorted(package[name]):
            found.append(f"{name}: the page says it depends on {sorted(dependencies)}, Package.swift on {sorted(package[name])}")
        for dependency in dependencies:
            if dependency not in seen:
                found.append(f"{name} depends on {dependency}, which the page does not list above it")
        seen.add(name)
    return found


def main():
    if len(sys.argv) > 1:
        with open(sys.argv[1]) as file:
            dump = json.load(file)
    else:
        dump = json.loads(subprocess.run(["swift", "package", "dump-package"], cwd=ROOT, check=True,
                                         capture_output=True, text=True).stdout)
    with open(DOC) as file:
        rows = documented_graph(file.read())
    found = problems(package_graph(dump), rows)
    for problem in found:
        print(f"docs/architecture.md: {problem}", file=sys.stderr)
    if found:
        sys.exit(1)
    print(f"docs/architecture.md: module graph matches Package.swift ({len(rows)} targets)")


if __name__ == "__main__":
    main()
