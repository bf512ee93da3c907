#!/usr/bin/env python3
"""The fstests table of make fstests, from each run's xunit result.xml.

fstests-table.py RESULTS_DIR "FSTYPES" KERNEL... > table.md
fstests-table.py --done RUN_DIR > done.list

RESULTS_DIR holds <kernel>-<fstype>/result*.xml, one report per attempt
(an attempt cut off by the end of a session leaves the report of the
tests it finished; the next one runs the others). One row per test, one
column per kernel and file system: pass, fail or notrun (with fstests'
reason); a test in several reports counts as the last one says. Exits 1
if a test fails on the patched kernel ("linux") and not on the base, or
a run left no report. --done lists the tests that RUN_DIR's reports
have, for fstests' check -E.
"""
import glob
import os
import re
import sys
import xml.etree.ElementTree as ET


def results(path):
    """{test: (state, reason)} from an fstests xunit report."""
    out = {}
    for case in ET.parse(path).getroot().iter("testcase"):
        name = case.get("name")
        state, reason = "pass", ""
        for child in case:
            if child.tag == "skipped":
                state, reason = "notrun", (child.get("message") or "").strip()
            elif child.tag in ("failure", "error"):
                state, reason = "fail", (child.get("message") or "").strip()
        out[name] = (state, reason)
    return out


def attempt(path):
    """result.xml (an older run's), then result-0.xml, result-1.xml..."""
    m = re.search(r"result-(\d+)\.xml$", path)
    return int(m.group(1)) if m else -1


def run_results(run_dir):
    """{test: (state, reason)} over a run's reports, the last one winning;
    None if it has none."""
    paths = sorted(glob.glob(os.path.join(run_dir, "result*.xml")), key=attempt)
    if not paths:
        return None
    out = {}
    for path in paths:
        out.update(results(path))
    return out


def main():
    if len(sys.argv) == 3 and sys.argv[1] == "--done":
        for t in sorted(run_results(sys.argv[2]) or {}):
            print(t)
        return 0
    if len(sys.argv) < 4:
        sys.exit(__doc__.strip())
    top, fstypes, kernels = sys.argv[1], sys.argv[2].split(), sys.argv[3:]
    runs, missing = {}, []
    for f in fstypes:
        for k in kernels:
            r = run_results(os.path.join(top, "%s-%s" % (k, f)))
            if r is not None:
                runs[(k, f)] = r
            else:
                missing.append("%s-%s" % (k, f))
    cols = [(k, f) for f in fstypes for k in kernels]
    tests = sorted({t for r in runs.values() for t in r})
    label = {"base": "base", "linux": "patched"}
    print("| test | " + " | ".join("%s %s" % (f, label[k]) for k, f in cols) + " |")
    print("|---|" + "---|" * len(cols))
    regressions = []
    for t in tests:
        cells = []
        for k, f in cols:
            state, reason = runs.get((k, f), {}).get(t, ("-", ""))
            cells.append(state + (" (%s)" % reason[:60] if state == "notrun" and reason else ""))
        for f in fstypes:
            new = runs.get(("linux", f), {}).get(t, ("-",))[0]
            old = runs.get(("base", f), {}).get(t, ("-",))[0]
            if new == "fail" and old != "fail" and "base" in kernels:
                regressions.append("%s on %s" % (t, f))
        print("| %s | %s |" % (t, " | ".join(cells)))
    print()
    for (k, f), r in sorted(runs.items()):
        n = {s: sum(1 for v in r.values() if v[0] == s) for s in ("pass", "fail", "notrun")}
        print("- %s %s: %d pass, %d fail, %d notrun" % (f, label[k], n["pass"], n["fail"], n["notrun"]))
    for m in missing:
        print("- %s: no report (see its out*.log)" % m)
    for r in regressions:
        print("- FAILS ON THE PATCHED KERNEL ONLY: %s" % r)
    return 1 if regressions or missing else 0


if __name__ == "__main__":
    sys.exit(main())
