#!/usr/bin/env bash
# make soak: a verified soak of the readahead paths on each kernel.
#   SOAK_MIN=10   minutes per kernel (at least 2)
#   FLAVOUR=test  the patched kernel's config (test, debug, kcsan)
#   KERNELS="base linux" (the default for FLAVOUR=test; the patched kernel
#                 alone for debug and kcsan, whose base builds are not made)
# Each kernel boots once (2 vCPUs, 2 GiB) and runs scripts/guest-soak.sh:
# scripts/rasoak.c on ext4 and xfs, unconstrained, in a memory cgroup and
# under global memory pressure, then stress-ng's readahead stressor with
# --verify. Fails on a wrong byte, a failed run, a kernel report (WARN,
# BUG, KASAN, KCSAN, lockdep, hung task), or an OOM kill that was not
# confined to a memory cgroup. Writes results/runs/<date>-soak-<flavour>/:
# summary.md, each kernel's log and dmesg, meta.json.
. "$(dirname "$0")/lib.sh"

flavour=${FLAVOUR:-test}
minutes=${SOAK_MIN:-10}
default_kernels="base linux"
[ "$flavour" = test ] || default_kernels=linux
kernels=${KERNELS:-$default_kernels}
[[ $minutes =~ ^[0-9]+$ ]] && ((minutes >= 2)) ||
	die "SOAK_MIN=$minutes: a whole number of minutes, at least 2"
for t in $kernels; do
	case $t in base|linux) ;; *) die "KERNELS: base or linux, not '$t'" ;; esac
done
[ -e "$TOP/configs/$flavour.config" ] || die "FLAVOUR=$flavour: no configs/$flavour.config"

# Two file systems, three rasoak runs and a stress-ng run on each.
stress=20
phase=$(( (minutes * 60 - 2 * stress) / 6 ))
stamp=$(date -u +%Y%m%d-%H%M%S)
raw=$BUILD/soak/$stamp
dest=$TOP/results/runs/$stamp-soak-$flavour
mkdir -p "$raw" "$dest"
for t in $kernels; do "$TOP/scripts/build.sh" "$t" "$flavour"; done
gcc -O2 -Wall -pthread -o "$raw/rasoak" "$TOP/scripts/rasoak.c"
cmd="make soak SOAK_MIN=$minutes FLAVOUR=$flavour KERNELS=\"$kernels\""
"$TOP/scripts/meta.py" "$dest/meta.json" "$cmd"

failed=0
{
	echo "# make soak: $minutes min per kernel, FLAVOUR=$flavour"
	echo
	echo "rasoak runs of $phase s, stress-ng runs of $stress s (see scripts/guest-soak.sh)."
	echo
	echo "| kernel | file system | run | result | reads | bytes verified exactly | bytes while changing | writer ops |"
	echo "|---|---|---|---|---|---|---|---|"
} >"$dest/summary.md"
for t in $kernels; do
	out=$raw/$t
	st=0
	"$TOP/scripts/vm-run.sh" -m 2G -t $((minutes * 60 + 900)) -o "$out" \
		-k "$BUILD/$t/.out-$flavour/arch/x86/boot/bzImage" -- \
		"$TOP/scripts/guest-soak.sh" "$raw/rasoak" "$phase" "$stress" || st=$?
	cp "$out/out.log" "$dest/$t.log"
	cp "$out/dmesg.txt" "$dest/$t-dmesg.txt"
	why=()
	((st == 0)) || why+=("guest exit status $st")
	[ "$(grep -c '^soak: .*: exit 0:' "$out/out.log")" = 8 ] ||
		why+=("not every run passed (8 expected)")
	# An OOM kill may only be a memory cgroup's own (CONSTRAINT_MEMCG).
	if grep 'oom-kill:constraint=' "$out/dmesg.txt" | grep -qv 'CONSTRAINT_MEMCG'; then
		why+=("an OOM kill outside a memory cgroup")
	fi
	python3 - "$t" "$out/out.log" >>"$dest/summary.md" <<'PY'
import re, sys
kernel, log = sys.argv[1], sys.argv[2]
pat = re.compile(r"^soak: (\S+) (\S+): exit (\d+): (.*)$")
num = re.compile(r"(\d+) reads, (\d+) bytes verified exactly, (\d+) while changing, (\d+) writer ops, (\d+) wrong")
for line in open(log, errors="replace"):
    m = pat.match(line.strip())
    if not m:
        continue
    fs, run, st, rest = m.groups()
    n = num.search(rest)
    cells = n.groups()[:4] if n else ("", "", "", "")
    wrong = (", %s wrong" % n.group(5)) if n else ""
    result = ("pass" if st == "0" else "FAIL (exit %s)" % st) + wrong
    print("| %s | %s | %s | %s | %s |" % (kernel, fs, run, result, " | ".join(cells)))
PY
	if ((${#why[@]})); then
		failed=1
		printf '%s: FAILED: %s\n' "$t" "${why[*]}" | tee -a "$dest/summary.md" >&2
	fi
done
cat "$dest/summary.md"
say "soak: results in $dest"
exit $failed
