#!/usr/bin/env python3
"""Print "ok|fail|skip NAME" for each KUnit test case in kunit.py's JSON.

kunit-results.py RESULTS.json, where RESULTS.json comes from
"kunit.py parse --json=RESULTS.json". Parameterised cases are named
suite.case.param. Any status but PASS and SKIP is a failure.
"""
import json
import sys

KIND = {"PASS": "ok", "SKIP": "skip"}


def walk(group, prefix):
    for case in group.get("test_cases", []):
        yield KIND.get(case["status"], "fail"), prefix + case["name"]
    for sub in group.get("sub_groups", []):
        yield from walk(sub, prefix + sub["name"] + ".")


if __name__ == "__main__":
    with open(sys.argv[1]) as f:
        for kind, name in walk(json.load(f), ""):
            print(kind, name)
