#!/usr/bin/env python3
"""insns-diff.py DIR: the guest instructions of make profile INSNS=1, per
kernel symbol and per MiB read, base vs patched. DIR holds base/ and
linux/, each with counts.txt from qemu-insns.c (what the kernel ran
while the reader read), the guest's kallsyms and rabench.txt."""
import bisect
import collections
import json
import re
import sys


def symbols(run):
    """Instructions per symbol of one boot."""
    syms = sorted((int(a, 16), n) for a, t, n in
                  (line.split()[:3] for line in open(f"{run}/kallsyms"))
                  if t in "tTwW")
    addrs = [a for a, _ in syms]
    count = collections.Counter()
    for line in open(f"{run}/counts.txt"):
        vaddr, insns, execs = (int(x, 16) if i == 0 else int(x)
                               for i, x in enumerate(line.split()))
        i = bisect.bisect_right(addrs, vaddr) - 1
        count[syms[i][1] if i >= 0 else "?"] += insns * execs
    return count


def reads(run):
    """The reads rabench made: bytes / block size."""
    res = json.loads(open(f"{run}/rabench.txt").read().splitlines()[-1])
    return res["bytes"]


def main():
    top = sys.argv[1]
    work, nbytes = {}, {}
    for t in ("base", "linux"):
        work[t] = symbols(f"{top}/{t}")
        nbytes[t] = reads(f"{top}/{t}")
    if nbytes["base"] != nbytes["linux"]:
        sys.exit(f"the kernels read different amounts: {nbytes}")
    mib = nbytes["base"] / 2**20
    tb, tl = sum(work["base"].values()), sum(work["linux"].values())
    print(f"read: {mib:.1f} MiB on each kernel")
    print(f"guest instructions per MiB read: base {tb / mib:.0f}, "
          f"patched {tl / mib:.0f} ({(tl - tb) / tb * 100:+.2f}%)")
    ra = re.compile(r"^(ra_|page_cache_|readahead|force_page_cache|do_page_cache|ractl_)")
    rb = sum(v for k, v in work["base"].items() if ra.match(k))
    rl = sum(v for k, v in work["linux"].items() if ra.match(k))
    print(f"readahead functions ({ra.pattern}): base {rb / mib:.0f}, "
          f"patched {rl / mib:.0f} per MiB")
    print(f"{'symbol':44s} {'base':>10s} {'patched':>10s} {'delta':>10s}  (per MiB)")
    keys = set(work["base"]) | set(work["linux"])
    for k in sorted(keys, key=lambda k: -abs(work["linux"].get(k, 0) -
                                            work["base"].get(k, 0)))[:40]:
        b, l = work["base"].get(k, 0) / mib, work["linux"].get(k, 0) / mib
        print(f"{k:44s} {b:10.0f} {l:10.0f} {l - b:+10.0f}")


main()
