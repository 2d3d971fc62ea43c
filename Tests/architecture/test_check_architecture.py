#!/usr/bin/env python3
"""The module-graph check itself: it passes on this repository and fails on each kind of
mismatch. Run by `make test`: python3 Tests/architecture/test_check_architecture.py"""
import os
import sys
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "scripts"))
import check_architecture as check  # noqa: E402

DUMP = {"targets": [
    {"name": "Low", "type": "regular", "dependencies": []},
    {"name": "Middle", "type": "regular", "dependencies": [{"byName": ["Low", None]}]},
    {"name": "tool", "type": "executable", "dependencies": [{"target": ["Middle", None]}, {"byName": ["Low", None]}]},
    {"name": "MiddleTests", "type": "test", "dependencies": [{"byName": ["Middle", None]}]},
]}


def page(lines):
    return "text\n" + check.START + "\n```\n" + "\n".join(lines) + "\n```\n" + check.END + "\nmore\n"


class CheckArchitectureTests(unittest.TestCase):
    def problems(self, lines):
        return check.problems(check.package_graph(DUMP), check.documented_graph(page(lines)))

    def test_matching_graph_passes(self):
        self.assertEqual(self.problems(["Low ->   (a note)", "Middle -> Low", "tool -> Middle, Low"]), [])

    def test_missing_and_extra_targets_fail(self):
        found = self.problems(["Low ->", "Middle -> Low", "Other -> Low"])
        self.assertIn("tool is a target in Package.swift but not in the page's module graph", found)
        self.assertIn("Other is in the page's module graph but not a target in Package.swift", found)

    def test_wrong_dependencies_fail(self):
        found = self.problems(["Low ->", "Middle -> Low", "tool -> Middle"])
        self.assertEqual(len(found), 1)
        self.assertIn("tool: the page says it depends on ['Middle']", found[0])

    def test_dependency_listed_below_its_user_fails(self):
        found = self.problems(["Middle -> Low", "Low ->", "tool -> Middle, Low"])
        self.assertEqual(found, ["Middle depends on Low, which the page does not list above it"])

    def test_this_repository_matches(self):
        with open(check.DOC) as file:
            rows = check.documented_graph(file.read())
        names = [name for name, _ in rows]
        self.assertIn("QuizSupport", names)
        self.assertLess(names.index("QuizSupport"), names.index("QuizBank"))


if __name__ == "__main__":
    unittest.main()
