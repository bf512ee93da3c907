#!/usr/bin/env python3
"""Print "ok|fail|skip|xfail NAME" for each test in kselftest TAP output.

run_kselftest.sh prints one TAP line per test program and, indented with
"# ", the program's own TAP with a line per test case. Test cases are
reported; a program whose TAP has no test case results (it crashed, timed
out or does not use the harness) is reported by its own line.
"""
import re
import sys

RESULT = re.compile(r"^((?:# )*)(not ok|ok) \d+ (.*?)(?:\s+#\s*(\S+)\s*(.*))?$")


def results(lines):
    cases = []
    for line in lines:
        m = RESULT.match(line.rstrip("\n"))
        if not m:
            continue
        depth, status, name, directive, why = m.groups()
        directive = (directive or "").upper()
        if directive in ("SKIP", "XFAIL"):
            kind = directive.lower()
            if directive == "SKIP" and why:
                name += f" ({why})"
        elif directive == "XPASS":
            kind = "fail"   # fixed: drop its XFAIL mark
        else:
            kind = "ok" if status == "ok" else "fail"
        if depth:
            cases.append((kind, name))
            continue
        # A top-level (program) result closes the program's test cases.
        if not cases or (kind == "fail" and all(k != "fail" for k, _ in cases)):
            cases.append((kind, name))
        yield from cases
        cases = []
    yield from cases


if __name__ == "__main__":
    with open(sys.argv[1], errors="replace") as f:
        for kind, name in results(f):
            print(kind, name)
