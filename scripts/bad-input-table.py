#!/usr/bin/env python3
"""The bad-input table from two logs of selftests/readahead/bad_input_test.

bad-input-table.py BASE_LOG PATCHED_LOG > table.md

Each row the test checks is logged as "<entry>: <input>: <result>" (the
harness prefixes "# <file>:<line>:<test>:"). The table has one line per
row, in the test's order, with the result on each kernel; a row whose
results differ is marked, and a row missing from one log says so.
"""
import re
import sys

ROW = re.compile(r"^# bad_input_test\.c:\d+:[^:]+:(?P<row>.*)$")


def rows(path):
    """{(entry, input): result}, in the order the log has them."""
    found = {}
    with open(path, errors="replace") as f:
        for line in f:
            m = ROW.match(line.rstrip("\n"))
            if not m or m.group("row").startswith("after "):
                continue
            parts = m.group("row").split(": ")
            if len(parts) < 3:
                continue
            entry, result = parts[0], parts[-1]
            found[(entry, ": ".join(parts[1:-1]))] = result
    return found


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__.strip())
    base, patched = rows(sys.argv[1]), rows(sys.argv[2])
    if not base or not patched:
        sys.exit("error: no rows in %s" % (sys.argv[1] if not base else sys.argv[2]))
    keys = list(patched) + [k for k in base if k not in patched]
    print("| entry point | input | mainline | patched | |")
    print("|---|---|---|---|---|")
    differ = 0
    for k in keys:
        b, p = base.get(k, "(not run)"), patched.get(k, "(not run)")
        mark = "differs" if b != p else ""
        differ += b != p
        print("| %s | %s | %s | %s | %s |" % (k[0], k[1], b, p, mark))
    print()
    print("%d rows, %d differ." % (len(keys), differ))


if __name__ == "__main__":
    main()
