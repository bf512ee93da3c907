#!/usr/bin/env python3
"""Summarise make bench: bench-report.py RAW_DIR MODEL BASE_VERSION DEST

Reads RAW_DIR/MODEL.jsonl (one line per measurement, as guest-bench.sh
printed it, with the kernel added) and the ramp-up traces of round 1.
Writes DEST/MODEL.md, .csv, .jsonl and two plots, and prints the table.

Every workload's % of limit is against the lower of two ceilings measured
in the same run (medians over both kernels): the device's (the better of
O_DIRECT 1 MiB reads at depth 8 and 4 MiB reads at depth 4) and the guest
CPU's (the same size of reads from a hot page cache; under TCG that can be
the lower one).
"""
import csv
import json
import os
import platform
import re
import shutil
import statistics
import subprocess
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

KERNELS = ("base", "patched")
CSV_HEADER = ["workload", "kernel", "readers", "bs_kb", "mib_s_median", "mib_s_min",
              "mib_s_max", "pct_of_limit", "requests", "avg_req_kb"]
HOT_SIZES = (4, 32, 64, 1024)
SLOW_READ_MS = 1000


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
    if os.environ.get("RA_ICOUNT") == "1":
        accel += " with -icount shift=0 (guest time = instructions executed)"
    return f"{os.cpu_count()} x {cpu}, {platform.node()}; {qemu}; guest under {accel}"


class Results:
    def __init__(self, records):
        self.rows = [r for r in records if "workload" in r]
        self.devices = [r for r in records if "device" in r]
        self.ooms = [r for r in records if "thrash_oom_kills" in r]
        # reads that took more than a second: a stall below the page
        # cache, or a device model that lost a request
        # (not rows of many readers: 100 thrash streams take turns
        # at a disk that serves one request at a time)
        self.slow = [r for r in self.rows if r["readers"] <= 16
                     and r["run"].get("max_read_ms", 0) > SLOW_READ_MS]
        # runs whose readers the memory cgroup's OOM killer ended
        self.killed = [r for r in records if "oom_killed" in r]
        self.by = {}
        for r in self.rows:
            self.by.setdefault((r["workload"], r["kernel"]), []).append(r)
        self.workloads = list(dict.fromkeys(
            [r["workload"] for r in self.rows] + [r["oom_killed"] for r in self.killed]))
        self.rounds = max(r["round"] for r in self.rows)

    def runs(self, w, k):
        return self.by.get((w, k), [])

    def kills(self, w, k):
        return [r for r in self.killed if r["oom_killed"] == w and r["kernel"] == k]

    def mib(self, w, k):
        return [r["run"]["mib_s"] for r in self.runs(w, k)]

    def pooled(self, w):
        vals = self.mib(w, "base") + self.mib(w, "patched")
        return statistics.median(vals) if vals else None

    def device_limit(self):
        vals = [self.pooled(w) for w in ("limit-odirect-1m", "limit-odirect-4m")]
        return max((v for v in vals if v), default=None)

    def limit(self, w):
        """The lower ceiling for workload w, MiB/s."""
        first = (self.runs(w, "base") or self.runs(w, "patched"))[0]
        size = min((s for s in HOT_SIZES if s >= first["bs_kb"]), default=HOT_SIZES[-1])
        cpu = self.pooled(f"hot-seq-{size}")
        if first.get("hot"):
            return cpu
        dev = self.device_limit()
        return min(x for x in (dev, cpu) if x) if dev or cpu else None

    def summary(self, w, k):
        runs = self.runs(w, k)
        if not runs:
            return None
        vals = self.mib(w, k)
        m = statistics.median(vals)
        lim = self.limit(w)
        reqs = [r["requests"] for r in runs]
        avg = [r["sectors"] / 2 / r["requests"] for r in runs if r["requests"]]
        waste = [r["sectors"] * 512 / r["run"]["bytes"] for r in runs
                 if r["run"].get("bytes") and not r.get("hot")]
        # Decisions are counted in a boot of their own (guest-bench.sh).
        traced = self.runs(w, "traced") if k == "patched" else []
        reasons = {}
        for r in traced:
            for reason, n in r.get("decisions", {}).items():
                reasons.setdefault(reason, []).append(n)
        inflight = [r["inflight_reads"]["mean"] for r in runs if "inflight_reads" in r]
        cpu = [r["run"]["cpu_s"] / r["run"]["seconds"] for r in runs
               if "cpu_s" in r["run"] and r["run"].get("seconds")]
        return {
            "inflight": statistics.median(inflight) if inflight else None,
            "cpu": statistics.median(cpu) if cpu else None,
            "readers": runs[0]["readers"], "bs_kb": runs[0]["bs_kb"],
            "runs": len(runs), "median": m, "min": min(vals), "max": max(vals),
            "pct": min(100.0, 100 * m / lim) if lim else None,
            "requests": statistics.median(reqs),
            "avg_req_kb": statistics.median(avg) if avg else 0.0,
            "dev_per_read": statistics.median(waste) if waste else None,
            "decisions": {k2: statistics.median(v + [0] * (len(traced) - len(v)))
                          for k2, v in sorted(reasons.items())},
        }


def write_csv(res, path):
    with open(path, "w", newline="") as f:
        out = csv.writer(f, lineterminator="\n")
        out.writerow(CSV_HEADER)
        for w in res.workloads:
            for k in KERNELS:
                s = res.summary(w, k)
                if not s:
                    continue
                out.writerow([w, k, s["readers"], s["bs_kb"], f"{s['median']:.2f}",
                              f"{s['min']:.2f}", f"{s['max']:.2f}",
                              "" if s["pct"] is None else f"{s['pct']:.1f}",
                              f"{s['requests']:.0f}", f"{s['avg_req_kb']:.1f}"])


def cell(s, kills):
    rounds = len(kills) + (s["runs"] if s else 0)
    killed = f"OOM-killed in {len(kills)} of {rounds} rounds" if kills else ""
    if not s:
        return killed or "-"
    pct = "" if s["pct"] is None else f" ({s['pct']:.0f}%)"
    return f"{s['median']:.1f} [{s['min']:.1f}-{s['max']:.1f}]{pct}" + \
        (f", {killed}" if killed else "")


def reqs(s):
    return "-" if not s or not s["requests"] else f"{s['requests']:.0f} ({s['avg_req_kb']:.0f})"


def table(res):
    lines = ["| workload | readers | bs KiB | base MiB/s [min-max] (% of limit) "
             "| patched MiB/s [min-max] (% of limit) | patched/base "
             "| requests base (avg KiB) | requests patched (avg KiB) "
             "| device/read bytes base, patched | patched decisions (traced boot) |",
             "|---|---|---|---|---|---|---|---|---|---|"]
    for w in res.workloads:
        b, p = res.summary(w, "base"), res.summary(w, "patched")
        first = b or p or (res.kills(w, "base") + res.kills(w, "patched"))[0]
        ratio = f"{p['median'] / b['median']:.2f}x" if b and p and b["median"] else "-"
        waste = ", ".join("-" if not s or s["dev_per_read"] is None
                          else f"{s['dev_per_read']:.2f}" for s in (b, p))
        dec = " ".join(f"{k}:{v:g}" for k, v in (p or {}).get("decisions", {}).items()) or "-"
        lines.append(f"| {w} | {first['readers']} | {first['bs_kb']} | {cell(b, res.kills(w, 'base'))} "
                     f"| {cell(p, res.kills(w, 'patched'))} "
                     f"| {ratio} | {reqs(b)} | {reqs(p)} | {waste} | {dec} |")
    return "\n".join(lines)


def inflight_table(res):
    """Reads in flight during the rows that sample them (rand64k), each
    buffered row against its O_DIRECT twin on the same kernel, and the
    CPU its readers used (user + system, in CPUs: 1.00 is one CPU busy
    for the whole run)."""
    lines = ["| workload | base in flight | patched in flight "
             "| base % of O_DIRECT | patched % of O_DIRECT | readers' CPU base, patched |",
             "|---|---|---|---|---|---|"]
    for w in res.workloads:
        b, p = res.summary(w, "base"), res.summary(w, "patched")
        if not any(s and s["inflight"] is not None for s in (b, p)):
            continue
        twin = w.replace("-buffered", "-direct")
        pcts = []
        for k, s in (("base", b), ("patched", p)):
            d = res.summary(twin, k) if twin != w else None
            pcts.append(f"{100 * s['median'] / d['median']:.0f}%"
                        if s and d and d["median"] else "-")
        infl = [f"{s['inflight']:.1f}" if s and s["inflight"] is not None else "-" for s in (b, p)]
        cpu = [f"{s['cpu']:.2f}" if s and s["cpu"] is not None else "-" for s in (b, p)]
        lines.append(f"| {w} | {infl[0]} | {infl[1]} | {pcts[0]} | {pcts[1]} | {cpu[0]}, {cpu[1]} |")
    return "\n".join(lines) if len(lines) > 2 else ""


# O_DIRECT reads bypass the page cache, and with it the series: their
# patched/base is how far two boots of this host differ with no change.
NOISE_ROWS = re.compile(r"^limit-odirect-|-direct$")


def noise_floor(res):
    """The lowest and highest patched/base of the O_DIRECT rows, or None."""
    ratios = []
    for w in res.workloads:
        b, p = res.summary(w, "base"), res.summary(w, "patched")
        if NOISE_ROWS.search(w) and b and p and b["median"]:
            ratios.append(p["median"] / b["median"])
    return (min(ratios), max(ratios)) if ratios else None


def cpu_row(res, w):
    """A row whose cost is the guest CPU's (cache-hot or cache-cold on a
    device without latency)."""
    return any(r.get("hot") or r.get("cold") for k in KERNELS for r in res.runs(w, k))


def below_base(res, icount=False):
    """Rows the series reads slower than the base: each one is a finding
    until an A/B repeat shows it within the spread. Under the instruction
    clock a CPU row's time does not depend on the host: the O_DIRECT rows'
    spread (the device's timers) says nothing about it."""
    floor = noise_floor(res)
    out = []
    for w in res.workloads:
        b, p = res.summary(w, "base"), res.summary(w, "patched")
        if not (b and p and b["median"]) or p["median"] >= b["median"]:
            continue
        ratio = p["median"] / b["median"]
        overlap = "ranges overlap" if p["max"] >= b["min"] else "ranges apart"
        if icount and cpu_row(res, w):
            overlap += ", instruction clock"
        elif floor and ratio >= floor[0]:
            overlap += ", within the noise floor"
        out.append(f"{w} {ratio:.2f}x (base {b['median']:.1f} "
                   f"[{b['min']:.1f}-{b['max']:.1f}], patched {p['median']:.1f} "
                   f"[{p['min']:.1f}-{p['max']:.1f}], {overlap})")
    return out


def plot_readers(res, model, path):
    fig, ax = plt.subplots(figsize=(7, 4.5))
    for stem, style in (("bsr", "-"), ("shared", "--")):
        for k, colour in zip(KERNELS, ("tab:grey", "tab:blue")):
            pts = sorted((res.summary(w, k)["readers"], res.summary(w, k))
                         for w in res.workloads
                         if re.fullmatch(rf"{stem}-\d+", w) and res.summary(w, k))
            if not pts:
                continue
            xs = [x for x, _ in pts]
            ys = [s["median"] for _, s in pts]
            err = [[s["median"] - s["min"] for _, s in pts], [s["max"] - s["median"] for _, s in pts]]
            ax.errorbar(xs, ys, yerr=err, fmt="o" + style, color=colour, capsize=3,
                        label=f"{k}: {'separate files, 32 KiB' if stem == 'bsr' else 'one shared fd, 4 KiB'}")
    lim = res.device_limit()
    if lim:
        ax.axhline(lim, color="tab:red", lw=0.8, label=f"O_DIRECT limit {lim:.0f} MiB/s")
    ax.set_xscale("log", base=2)
    ax.set_xlabel("sequential readers")
    ax.set_ylabel("MiB/s (median, min-max)")
    ax.set_title(f"{model} model: throughput vs readers")
    ax.set_ylim(bottom=0)
    ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)


TRACE_RE = re.compile(r"\s(\d+\.\d+): (page_cache_ra_order|page_cache_ra_unbounded): .*?"
                      r"(?:size=(\d+)|nr_to_read=(\d+))")


def ramp(path):
    """(ms since the first window, window KiB) of one reader's windows."""
    events = {"page_cache_ra_order": [], "page_cache_ra_unbounded": []}
    for line in open(path, errors="replace"):
        m = TRACE_RE.search(line)
        if m:
            pages = int(m.group(3) or m.group(4))
            events[m.group(2)].append((float(m.group(1)), pages * 4))
    pts = events["page_cache_ra_order"] or events["page_cache_ra_unbounded"]
    if not pts:
        return []
    t0 = pts[0][0]
    return [(1000 * (t - t0), kib) for t, kib in pts]


def plot_ramp(raw, model, path):
    fig, ax = plt.subplots(figsize=(7, 4.5))
    any_pts = False
    for k, colour, width in zip(KERNELS, ("tab:grey", "tab:blue"), (3, 1)):
        trace = os.path.join(raw, f"{model}-{k}-1", "ramp.trace")
        pts = ramp(trace) if os.path.exists(trace) else []
        if pts:
            any_pts = True
            ax.step([t for t, _ in pts], [kib for _, kib in pts], where="post",
                    color=colour, lw=width, label=f"{k} ({len(pts)} windows in 2 s)")
    ax.set_xlabel("ms since the first readahead")
    ax.set_ylabel("window KiB")
    ax.set_yscale("log", base=2)
    ax.set_title(f"{model} model: readahead windows of one 4 KiB sequential reader")
    if any_pts:
        ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)


def attempts(meta):
    """A line on a run resumed on another machine (RESUME=): its attempts,
    and whether the images rebuilt there are the first attempt's."""
    tries = meta.get("attempts", [])
    if len(tries) < 2:
        return []
    same = all(t["image_sha256"] == tries[0]["image_sha256"] for t in tries)
    each = ", ".join(f"{t['date']} on {t.get('cpus', '?')} x {t['host_cpu']} "
                     f"({len(t.get('boots', []))} boots)" for t in tries)
    return [f"- run in {len(tries)} attempts ({each}), each with images built from "
            "the same source tree and guest scripts, under the same accelerator; "
            + ("the images are identical (sha256)" if same else
               "the images differ in sha256 between attempts (meta.json)")]


def main():
    raw, model, base_version, dest = sys.argv[1:5]
    meta = json.load(open(os.path.join(raw, "meta.json")))
    src = os.path.join(raw, f"{model}.jsonl")
    res = Results([json.loads(line) for line in open(src) if line.strip()])
    os.makedirs(dest, exist_ok=True)
    shutil.copy(src, os.path.join(dest, f"{model}.jsonl"))
    write_csv(res, os.path.join(dest, f"{model}.csv"))
    plot_readers(res, model, os.path.join(dest, f"{model}-readers.png"))
    plot_ramp(raw, model, os.path.join(dest, f"{model}-ramp.png"))

    dev = res.devices[0] if res.devices else {}
    iops = [r["run"]["iops"] for k in KERNELS for r in res.runs("limit-odirect-4k-rand", k)]
    hot = ", ".join(f"{s} KiB {res.pooled(f'hot-seq-{s}'):.0f}" for s in HOT_SIZES
                    if res.pooled(f"hot-seq-{s}"))
    ooms = sum(r["thrash_oom_kills"] for r in res.ooms)
    floor = noise_floor(res)
    base = (f"Debian linux-source-7.2 {base_version} (Linux {base_version.split('-')[0]})"
            + "".join(f" + \"{s}\"" for s in meta["base"]["patches"]))
    if "against" in meta:
        ag = meta["against"]
        base = (f"in its place, the series at {ag['ref']} (commit {ag['commit'][:12]}, "
                f"{ag['patches']} patches on Linux {base_version.split('-')[0]}): "
                "the rows labelled base are that kernel's")
    md = [f"# make bench: {model} model", "",
          f"- date: {meta['date']}; base: {base}; "
          f"patched: base + {meta['series']['patches'] - len(meta['base']['patches'])} "
          f"more patches, {meta['series']['patches']} in all "
          f"(repository commit {meta['series']['commit'][:12]}); see meta.json",
          f"- machine: {machine()}",
          *attempts(meta),
          f"- device: null_blk `{dev.get('params', '?')}`; max request "
          f"{dev.get('max_sectors_kb', '?')} KiB, scheduler {dev.get('scheduler', '?')}, "
          f"nr_requests {dev.get('nr_requests', '?')}, rotational {dev.get('rotational', '?')}, "
          f"read_ahead_kb {dev.get('read_ahead_kb', '?')} (the block layer's default for "
          f"this device); ext4; guest {dev.get('mem_mib', '?')} MiB",
          f"- ceilings (medians over both kernels): device, the better of O_DIRECT 1 MiB "
          f"at depth 8 and 4 MiB at depth 4: **{res.device_limit():.1f} MiB/s**; O_DIRECT 4 KiB random at depth 32: "
          f"{statistics.median(iops) if iops else 0:.0f} IOPS; guest CPU, hot page cache "
          f"reads (MiB/s): {hot}",
          f"- {res.rounds} rounds per kernel, kernels alternated (ABBA); MiB/s median "
          "[min-max], % of the lower ceiling for that read size; requests and average "
          "request size are medians from /sys/block/<dev>/stat; device/read bytes = "
          "bytes the device read per byte the readers got; " +
          ("the patched kernel's decisions (page_cache_ra_decision reasons, a "
           "histogram that costs CPU) are counted in one more boot, left out of "
           "the timings" if any(r["kernel"] == "traced" for r in res.rows) else
           "the patched kernel's decisions were not counted (DECISIONS=1 counts "
           "them in one more boot)"),
          f"- thrash: OOM kills over all rounds: {ooms}; runs the OOM killer ended "
          "(left out of the medians): " + (", ".join(
              f"{r['kernel']} {r['oom_killed']} round {r['round']}"
              for r in res.killed) or "none"),
          "- stalls: none (a read that stalls for 3 s with requests queued, or a "
          "run not done in 5 min, fails the whole bench); runs whose longest "
          f"single read took more than {SLOW_READ_MS} ms (rows of up to 16 readers): " + (", ".join(
              f"{r['kernel']} {r['workload']} round {r['round']} "
              f"({r['run']['max_read_ms']:.0f} ms)"
              for r in res.slow) or "none"),
          "- noise floor: " + (
              f"the O_DIRECT rows, which bypass the page cache and so the series, "
              f"read {floor[0]:.2f}-{floor[1]:.2f}x of the base; a row within that "
              "spread of 1.00x is called either way only after an A/B repeat"
              + ("; under the instruction clock it does not apply to the "
                 "cache-hot and cache-cold rows, whose time is the guest's "
                 "instructions: their own min-max is their spread"
                 if "icount" in meta["host"]["accel"] else "")
              if floor else "no O_DIRECT row in this run"),
          "- rows below 1.00x of the base: " + ("; ".join(below_base(res, "icount" in meta["host"]["accel"])) or "none"), "",
          table(res), "",
          "Reads in flight (mean of 50 ms samples of /sys/block/<dev>/inflight, "
          "median over rounds), buffered reads against O_DIRECT at the same depth, "
          "and the CPUs the readers kept busy (rabench rows):",
          "", inflight_table(res) or "(no row sampled them)", "",
          f"![throughput vs readers]({model}-readers.png)",
          f"![window ramp-up]({model}-ramp.png)", ""]
    with open(os.path.join(dest, f"{model}.md"), "w") as f:
        f.write("\n".join(md))
    print("\n".join(md))


if __name__ == "__main__":
    main()
