#!/usr/bin/env python3
"""Print the headline table of a full bench: headline.py [--part N] [RESULTS_DIR]

Reads RESULTS_DIR/<model>.csv and <model>.md (default results/latest, as
make bench wrote them) and prints, for the rows below, the base and
patched medians and their ratio, then each model's device ceiling and
noise floor. The cover letter's and the README's tables are copied from
this output, so that no figure in them is typed by hand; --part N
prints the rows of part N's cover letter (PARTS) instead.
"""
import csv
import os
import re
import sys

# (model, workload, what the row is): the rows the series is argued on,
# the cloud model first: the one whose default read_ahead_kb holds a
# stream back.
ROWS = [
    ("cloud", "seq-4k", "4 KiB sequential reader"),
    ("cloud", "mmap-4k", "mmap, 4 KiB faults in order"),
    ("cloud", "splice-64k", "splice, 64 KiB"),
    ("cloud", "shared-2", "2 threads, 4 KiB reads, one fd"),
    ("cloud", "reverse-64k", "64 KiB reads from the end backward"),
    ("cloud", "stride-4k", "4 KiB read every 8 KiB"),
    ("cloud", "stride-4k-1m", "4 KiB read every 1 MiB"),
    ("cloud", "rand64k-aioflag-buffered", "aio buffered rand 64 KiB, depth 64 (a)"),
    ("cloud", "rand64k-io_uring-buffered", "io_uring buffered rand 64 KiB, depth 64"),
    ("hdd", "seq-4k", "4 KiB sequential reader"),
    ("hdd", "rasweep-128", "same, read_ahead_kb 128 on both"),
    ("hdd", "rasweep-512", "same, read_ahead_kb 512 on both"),
    ("hdd", "reverse-64k", "64 KiB reads from the end backward"),
    ("hdd", "stride-4k", "4 KiB read every 8 KiB"),
    ("hdd", "stride-4k-64k", "4 KiB read every 64 KiB"),
    ("hdd", "thrash-100", "100 streams x 4 KiB, 32 MiB memcg"),
    ("hdd", "thrash-100-16m", "100 streams, 16 MiB memcg"),
    ("hdd", "thrash-200", "200 streams, 32 MiB memcg"),
    ("hdd", "rand64k-aioflag-buffered", "aio buffered rand 64 KiB, depth 64 (a)"),
    ("ssd", "shared-2", "2 threads, 4 KiB reads, one fd"),
    ("ssd", "reverse-64k", "64 KiB reads from the end backward"),
    ("ssd", "rand64k-aioflag-buffered", "aio buffered rand 64 KiB, depth 64 (a)"),
    ("many", "seq-4k", "4 KiB sequential reader"),
    ("many", "shared-4", "4 threads, 4 KiB reads, one fd"),
    ("many", "rand64k-aioflag-buffered", "aio buffered rand 64 KiB, depth 64 (a)"),
    ("many", "rand64k-io_uring-buffered", "io_uring buffered rand 64 KiB, depth 64"),
]

# The rows each part's cover letter quotes: what that part changes.
PARTS = {
    3: [
        ("hdd", "seq-4k", "4 KiB sequential reader"),
        ("hdd", "rasweep-128", "same, read_ahead_kb 128 on both"),
        ("hdd", "rasweep-256", "same, read_ahead_kb 256 on both"),
        ("hdd", "rasweep-512", "same, read_ahead_kb 512 on both"),
        ("hdd", "rasweep-4096", "same, read_ahead_kb 4096 on both"),
        ("hdd", "seq-1m", "1 MiB sequential reader"),
        ("hdd", "thrash-100", "100 streams, 32 MiB memcg"),
        ("hdd", "thrash-100-16m", "100 streams, 16 MiB memcg"),
        ("hdd", "thrash-200", "200 streams, 32 MiB memcg"),
        ("hdd", "thrash-200-ra1m", "200 streams, read_ahead_kb 1024"),
        ("cloud", "seq-4k", "4 KiB sequential reader"),
        ("cloud", "bsr-1", "32 KiB reads of one file"),
        ("cloud", "mmap-4k", "mmap, 4 KiB faults in order"),
        ("cloud", "splice-64k", "splice, 64 KiB"),
    ],
    4: [
        ("hdd", "reverse-64k", "64 KiB reads from the end backward"),
        ("hdd", "stride-4k", "4 KiB read every 8 KiB"),
        ("hdd", "stride-4k-64k", "4 KiB read every 64 KiB"),
        ("hdd", "stride-4k-1m", "4 KiB read every 1 MiB"),
        ("hdd", "rand-4k", "random 4 KiB reads"),
        ("cloud", "reverse-64k", "64 KiB reads from the end backward"),
        ("cloud", "stride-4k", "4 KiB read every 8 KiB"),
        ("cloud", "stride-4k-64k", "4 KiB read every 64 KiB"),
        ("cloud", "stride-4k-1m", "4 KiB read every 1 MiB"),
        ("cloud", "rand-4k", "random 4 KiB reads"),
        ("ssd", "reverse-64k", "64 KiB reads from the end backward"),
        ("ssd", "stride-4k", "4 KiB read every 8 KiB"),
    ],
    5: [
        ("cloud", "shared-2", "2 threads, 4 KiB reads, one fd"),
        ("cloud", "shared-4", "4 threads, one fd"),
        ("cloud", "shared-8", "8 threads, one fd"),
        ("cloud", "shared-16", "16 threads, one fd"),
        ("cloud", "shared-sepfd-16", "16 threads, an fd each"),
        ("cloud", "mixed-4", "a stream and 3 random readers, one fd"),
        ("hdd", "shared-2", "2 threads, one fd"),
        ("hdd", "shared-16", "16 threads, one fd"),
        ("ssd", "shared-2", "2 threads, one fd"),
        ("ssd", "shared-16", "16 threads, one fd"),
        ("many", "shared-4", "4 threads, one fd"),
        ("many", "shared-16", "16 threads, one fd"),
        ("many", "shared-sepfd-16", "16 threads, an fd each"),
    ],
}


def medians(path):
    """{(workload, kernel): median MiB/s} of one model's csv."""
    with open(path) as f:
        return {(r["workload"], r["kernel"]): float(r["mib_s_median"])
                for r in csv.DictReader(f)}


def main():
    args = sys.argv[1:]
    rows = ROWS
    if args[:1] == ["--part"]:
        if len(args) < 2 or not args[1].isdigit() or int(args[1]) not in PARTS:
            sys.exit(f"headline.py: --part takes one of {sorted(PARTS)}")
        rows = PARTS[int(args[1])]
        args = args[2:]
    top = args[0] if args else "results/latest"
    models = sorted({m for m, _, _ in rows}, key=[m for m, _, _ in rows].index)
    med = {m: medians(os.path.join(top, m + ".csv")) for m in models}
    print("  model  workload                                  base patched  ratio")
    print("  -----  ---------------------------------------- ----- ------- ------")
    for model, workload, what in rows:
        try:
            base = med[model][(workload, "base")]
            patched = med[model][(workload, "patched")]
        except KeyError:
            sys.exit(f"headline.py: no base and patched medians of {model} {workload} in {top}")
        print(f"  {model:<6} {what:<41}{base:5.1f} {patched:7.1f} {patched / base:5.2f}x")
    print()
    for model in models:
        with open(os.path.join(top, model + ".md")) as f:
            text = f.read()
        device = re.search(r"device, [^:]*: \*\*([0-9.]+) MiB/s\*\*", text)
        floor = re.search(r"noise floor: .*? read ([0-9.]+-[0-9.]+x)", text)
        print(f"  {model}: O_DIRECT {device.group(1) if device else '?'} MiB/s, "
              f"noise floor {floor.group(1) if floor else '?'}")


if __name__ == "__main__":
    main()
