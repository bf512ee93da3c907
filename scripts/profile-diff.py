#!/usr/bin/env python3
"""profile-diff.py BASE LINUX: compare two kernels' perf reports of the
same reader (BASE-report.txt, BASE-rabench.txt, ...). Samples count guest
instructions (ICOUNT); they are scaled to samples per MiB the reader read,
so that a kernel that reads more in the same time is not charged for it."""
import re
import sys

IDLE = {"pv_native_safe_halt", "default_idle", "acpi_safe_halt", "native_safe_halt"}


def load(prefix):
    mib = None
    for line in open(prefix + "-rabench.txt"):
        m = re.search(r'"bytes":\s*(\d+)', line)
        if m:
            mib = int(m.group(1)) / 2**20
            break
    if not mib:
        sys.exit(f"{prefix}-rabench.txt: no MiB read")
    syms, total = {}, 0.0
    for line in open(prefix + "-report.txt"):
        m = re.match(r"\s*([0-9.]+)%\s+(\d+)\s+\[(.)\]\s+(\S+)", line)
        if m:
            syms[m.group(4)] = int(m.group(2)) / mib
            # Idle time is skipped under the instruction clock, but the
            # samples that land in the idle loop are no work.
            if m.group(4) not in IDLE:
                total += int(m.group(2)) / mib
    return mib, total, syms


bmib, btot, base = load(sys.argv[1])
lmib, ltot, linux = load(sys.argv[2])
print(f"read: base {bmib:.1f} MiB, patched {lmib:.1f} MiB")
print(f"samples per MiB, idle left out: base {btot:.1f}, patched {ltot:.1f} "
      f"({(ltot / btot - 1) * 100:+.1f}%)")
print(f"{'symbol':40} {'base':>9} {'patched':>9} {'delta':>9}")
rows = []
for s in set(base) | set(linux):
    b, p = base.get(s, 0.0), linux.get(s, 0.0)
    rows.append((p - b, s, b, p))
rows.sort(key=lambda r: -abs(r[0]))
for d, s, b, p in rows[:40]:
    print(f"{s[:40]:40} {b:9.1f} {p:9.1f} {d:+9.1f}")
