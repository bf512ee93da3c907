#!/usr/bin/env python3
# Summarise grow-run.log: per boot, per part, readahead_grow and the random
# reader's mean read time (seconds / 4 KiB reads), streams' MiB/s.
import json, re, sys, statistics as st
boot = None
rows = {}
for line in open(sys.argv[1]):
    m = re.match(r'==> booting .*?/(bzImage\S*)', line)
    if line.startswith('ra_kb'):
        kb = line.split()[1]
        boot = (boot_n := (boot_n + 1 if 'boot_n' in dir() else 1))
        print(f"-- boot {boot}: read_ahead_kb {kb}")
    m = re.match(r'beside (\d) grow (\d+) seq (\{.*?\}) rand (\{.*?\})', line)
    if m:
        s, r = json.loads(m[3]), json.loads(m[4])
        mean = r["seconds"] / (r["bytes"] / 4096) * 1000
        print(f"beside round {m[1]}: grow {m[2]}, random mean {mean:.1f} ms, "
              f"longest {r['max_read_ms']} ms, streams {s['mib_s']} MiB/s")
    m = re.match(r'(one|many-one) (\d) (\{.*?\}) grow (\d+)', line)
    if m:
        print(f"{m[1]} round {m[2]}: {json.loads(m[3])['mib_s']} MiB/s, grow {m[4]}")
