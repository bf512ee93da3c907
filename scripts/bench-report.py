#!/usr/bin/env python3
"""Summarise make bench results: bench-report.py RESULTS.jsonl BASE_VERSION

Prints a Markdown report: per workload, base and patched medians with
min-max over the rounds, % of the device's limit (the median O_DIRECT
throughput of the same kernel), requests and average request size.
"""
import json
import os
import platform
import statistics
import subprocess
import sys

LIMIT = "odirect-1m-qd8"


def machine():
    cpu = "unknown"
    with open("/proc/cpuinfo") as f:
        for line in f:
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    qemu = subprocess.run(["qemu-system-x86_64", "--version"], capture_output=True,
                          text=True).stdout.splitlines()[0]
    accel = "KVM" if os.environ.get("RA_KVM") == "1" else "TCG"
    return f"{os.cpu_count()} x {cpu}, {platform.node()}; {qemu}; guest under {accel}"


def main():
    records = [json.loads(l) for l in open(sys.argv[1]) if l.strip()]
    rows = [r for r in records if "workload" in r]
    devices = {json.dumps({k: v for k, v in r.items() if k != "rep"})
               for r in records if "device" in r}
    base_version = sys.argv[2]
    by = {}
    for r in rows:
        by.setdefault((r["workload"], r["kernel"]), []).append(r)
    workloads = list(dict.fromkeys(r["workload"] for r in rows))
    rounds = max(r["rep"] for r in rows)
    model = rows[0]["model"]

    def med(w, k, field):
        vals = [r[field] for r in by.get((w, k), []) if field in r]
        return statistics.median(vals) if vals else None

    def spread(w, k):
        vals = [r["mib_s"] for r in by.get((w, k), [])]
        if len(vals) < 2:
            return "-"
        return f"{100 * (max(vals) - min(vals)) / statistics.median(vals):.1f}%"

    def cell(w, k):
        vals = [r["mib_s"] for r in by.get((w, k), [])]
        if not vals:
            return "-"
        m = statistics.median(vals)
        limit = med(LIMIT, k, "mib_s")
        hot = by[(w, k)][0].get("hot")
        pct = f" ({100 * m / limit:.0f}%)" if limit and not hot else ""
        return f"{m:.1f} [{min(vals):.1f}-{max(vals):.1f}]{pct}"

    print(f"# make bench: {model} model\n")
    print(f"- base: Debian linux-source-7.2 {base_version} (Linux {base_version.split('-')[0]}); patched: base + patches/series")
    print(f"- machine: {machine()}")
    for d in sorted(devices):
        print(f"- device as the guest saw it: {d}")
    print(f"- {rounds} rounds, kernels alternated; MiB/s median [min-max] "
          f"(% of the same kernel's {LIMIT} median); requests and average "
          "request size are medians from /sys/block/<dev>/stat\n")
    print("| workload | base MiB/s | patched MiB/s | patched/base | spread base / patched | base req (avg KiB) | patched req (avg KiB) |")
    print("|---|---|---|---|---|---|---|")
    for w in workloads:
        b, p = med(w, "base", "mib_s"), med(w, "patched", "mib_s")
        ratio = f"{p / b:.2f}x" if b and p else "-"
        reqs = []
        for k in ("base", "patched"):
            n = med(w, k, "requests")
            reqs.append("-" if n is None else f"{n:.0f} ({med(w, k, 'avg_req_kib'):.0f})")
        print(f"| {w} | {cell(w, 'base')} | {cell(w, 'patched')} | {ratio} | "
              f"{spread(w, 'base')} / {spread(w, 'patched')} | {reqs[0]} | {reqs[1]} |")
    print("\nspread: (max - min) / median over the rounds of one kernel, the noise "
          "between boots of the same kernel; a patched/base gap inside it is noise. "
          "hot-* workloads read a cached file: CPU-bound under TCG, compare ratios only.")


if __name__ == "__main__":
    main()
