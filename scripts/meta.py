#!/usr/bin/python3
"""meta.py OUT COMMAND [MODEL...]: what a measurement ran on, as JSON in OUT.

Date, host (CPU, count, memory, QEMU accelerator), base (Debian version,
the patches the base kernel gets), series (repository commit, whether
patches/ is as committed, the patch count, last subject and git tree id of
build/linux: the source measured), the command, the device models of
configs/devices.conf it used, and the kernels' build flavour (RA_FLAVOUR).
"""
import datetime
import json
import os
import subprocess
import sys

TOP = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BUILD = os.path.join(TOP, "build")
CACHE = os.environ.get("RA_CACHE", os.path.expanduser("~/.cache/readahead-series"))


def git(*args, tree=TOP):
    return subprocess.run(["git", "-C", tree, *args], capture_output=True,
                          text=True).stdout.strip()


def devices():
    conf = {}
    for line in open(os.path.join(TOP, "configs", "devices.conf")):
        if line.strip() and not line.startswith("#"):
            name, *words = line.split()
            conf[name] = " ".join(words)
    return conf


def main():
    out, command, *models = sys.argv[1:]
    cpu = next((line.split(":", 1)[1].strip() for line in open("/proc/cpuinfo")
                if line.startswith("model name")), "unknown")
    mem = next(int(line.split()[1]) for line in open("/proc/meminfo")
               if line.startswith("MemTotal"))
    conf = devices()
    accel = "KVM" if os.environ.get("RA_KVM") == "1" else "TCG"
    if os.environ.get("RA_ICOUNT") == "1":
        accel += ", icount"
    meta = {
        "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"),
        "command": command,
        "host": {"cpu": cpu, "cpus": os.cpu_count(), "mem_gib": round(mem / 2**20, 1),
                 "accel": accel},
        "base": {"debian_version": open(os.path.join(CACHE, "base.git",
                                                     "debian-version")).read().strip(),
                 "patches": git("log", "--reverse", "--format=%s", "base..HEAD",
                                tree=os.path.join(BUILD, "base")).splitlines()},
        "series": {"commit": git("rev-parse", "HEAD"),
                   "patches_as_committed": git("status", "--porcelain", "patches") == "",
                   "patches": int(git("rev-list", "--count", "base..HEAD",
                                      tree=os.path.join(BUILD, "linux")) or 0),
                   "last": git("log", "-1", "--format=%s", tree=os.path.join(BUILD, "linux")),
                   # the source measured, whatever patches produced it
                   "tree": git("rev-parse", "HEAD^{tree}", tree=os.path.join(BUILD, "linux"))},
        "models": {m: conf["default"] + " " + conf[m] for m in models},
    }
    # RA_FLAVOUR: the build.sh flavour of the kernels measured
    if os.environ.get("RA_FLAVOUR"):
        meta["flavour"] = os.environ["RA_FLAVOUR"]
    with open(out, "w") as f:
        json.dump(meta, f, indent=1)
        f.write("\n")


if __name__ == "__main__":
    main()
