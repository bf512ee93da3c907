#!/usr/bin/env python3
"""Rows of v1's last full bench (repository commit d7725a5^, 2026-11-23)
against results/latest (v2), per device model whose settings both runs share.

For each row: the patched/base ratio of the medians in each run, and its
spread, the range the ratio takes over the rounds (patched min / base max
.. patched max / base min). A row "moved" when the two spreads do not
overlap ("ratio moved"), or, for the patched kernel's MiB/s alone, when
its ranges over the rounds do not overlap ("patched moved"; the measure
for a model whose base settings changed between the runs). Usage: compare.py MODEL [V1_REV]
"""
import json, statistics, subprocess, sys

model = sys.argv[1]
rev = sys.argv[2] if len(sys.argv) > 2 else "d7725a5^"
top = subprocess.check_output(["git", "rev-parse", "--show-toplevel"], text=True).strip()


def rows(text):
    by = {}
    for line in text.splitlines():
        r = json.loads(line)
        if "workload" not in r or "mib_s" not in r.get("run", {}):
            continue
        by.setdefault((r["workload"], r["kernel"]), []).append(r["run"]["mib_s"])
    return by


def ratio(by, w):
    b, p = by.get((w, "base")), by.get((w, "patched"))
    if not b or not p:
        return None
    return (statistics.median(p) / statistics.median(b),
            min(p) / max(b), max(p) / min(b), statistics.median(b), statistics.median(p),
            min(p), max(p))


v1 = rows(subprocess.check_output(["git", "-C", top, "show", f"{rev}:results/{model}.jsonl"], text=True))
v2 = rows(open(f"{top}/results/latest/{model}.jsonl").read())
names = []
for w, _ in list(v1) + list(v2):
    if w not in names:
        names.append(w)
print("| workload | v1 base -> patched MiB/s | v1 ratio [spread] | v2 base -> patched MiB/s "
      "| v2 ratio [spread] | ratio moved | v1 -> v2 patched [range] | patched moved |")
print("|---|---|---|---|---|---|---|---|")
for w in names:
    a, b = ratio(v1, w), ratio(v2, w)
    if not a or not b:
        continue
    moved = "up" if b[1] > a[2] else "down" if b[2] < a[1] else ""
    pmoved = "up" if b[5] > a[6] else "down" if b[6] < a[5] else ""
    print(f"| {w} | {a[3]:.1f} -> {a[4]:.1f} | {a[0]:.2f}x [{a[1]:.2f}-{a[2]:.2f}] "
          f"| {b[3]:.1f} -> {b[4]:.1f} | {b[0]:.2f}x [{b[1]:.2f}-{b[2]:.2f}] | {moved} "
          f"| {a[4]:.1f} [{a[5]:.1f}-{a[6]:.1f}] -> {b[4]:.1f} [{b[5]:.1f}-{b[6]:.1f}] | {pmoved} |")
