#!/usr/bin/env bash
# Boot a kernel with virtme-ng and run one command in it:
#   vm-run.sh [-k bzImage] [-o results-dir] [-m mem] [-t timeout] -- cmd args...
# The guest sees the host's / read-only and the results dir read-write. The
# command's output goes to <results>/out.log (and to the terminal), the guest
# dmesg to <results>/dmesg.txt. Exits with the guest command's own status
# (vng's is not it), 124 on timeout, 125 if the guest never reported one, or
# 126 if dmesg holds a WARN/BUG/Oops/KASAN/KCSAN/lockdep/panic report.
# TCG by default; RA_KVM=1 uses KVM (it hangs at boot on some hosts).
# RA_ICOUNT=1 (TCG only): the guest's clock counts instructions (QEMU's
# -icount shift=0, one virtual ns each; idle time is skipped), so that a
# CPU-bound run's timing is the guest's instruction count, whatever the
# host's load.
. "$(dirname "$0")/lib.sh"

kernel=$BUILD/linux/.out-test/arch/x86/boot/bzImage
res=
mem=${RA_VM_MEM:-4G}
tmo=${RA_VM_TIMEOUT:-1800}
while getopts k:o:m:t: opt; do
	case $opt in
	k) kernel=$OPTARG ;;
	o) res=$OPTARG ;;
	m) mem=$OPTARG ;;
	t) tmo=$OPTARG ;;
	*) die "usage: vm-run.sh [-k bzImage] [-o dir] [-m mem] [-t secs] -- cmd..." ;;
	esac
done
shift $((OPTIND - 1))
[ "${1:-}" = -- ] && shift
[ $# -gt 0 ] || die "no command"
[ -f "$kernel" ] || die "no kernel image $kernel: build it first"
[ -n "$res" ] || res=$BUILD/vm/$(date +%Y%m%d-%H%M%S)-$$
mkdir -p "$res"
res=$(cd "$res" && pwd)
rm -f "$res/status" "$res/dmesg.txt" "$res/out.log"

kvm=--disable-kvm accel=TCG
[ "${RA_KVM:-0}" = 1 ] && kvm= accel=KVM
qemu=
if [ "${RA_ICOUNT:-0}" = 1 ]; then
	[ "$accel" = TCG ] || die "RA_ICOUNT=1 needs TCG"
	qemu="-icount shift=0,sleep=off"
	accel="TCG, icount"
fi
# RA_QEMU_PLUGIN=plugin.so[,arg=...] (TCG only): a TCG plugin, such as the
# instruction counter of make profile INSNS=1.
if [ -n "${RA_QEMU_PLUGIN:-}" ]; then
	[ "$accel" != KVM ] || die "RA_QEMU_PLUGIN needs TCG"
	qemu="$qemu -plugin $RA_QEMU_PLUGIN"
	accel="$accel, plugin"
fi
# One argument with '=': vng would take a value that starts with '-' for
# an option of its own.
qemu_opts=()
[ -z "$qemu" ] || qemu_opts=("--qemu-opts=${qemu# }")
# The command is passed as a quoted string; the guest wrapper records its
# status and the dmesg where the host can read them.
cmd=$(printf '%q ' "$TOP/scripts/guest-wrap.sh" "$res" "$@")
label=${kernel%/arch/x86/boot/bzImage}
label=$(basename "$(dirname "$label")")/$(basename "$label")
say "booting $label in QEMU ($accel, $mem): $*"
export PATH=$VENV/bin:$PATH
set +e
timeout --foreground -k 10 "$tmo" "$VENV/bin/vng" --run "$kernel" $kvm -v \
	--cpus 2 --memory "$mem" --rwdir "$res" --cwd "$TOP" "${qemu_opts[@]}" \
	--append "null_blk.nr_devices=0 panic_on_warn=0 oops=panic panic=-1" \
	--exec "$cmd" </dev/null >"$res/console.log" 2>&1 &
vng_pid=$!
# Show the guest command's output as it comes.
touch "$res/out.log"
tail -n +1 -f -s 0.5 --pid=$vng_pid "$res/out.log" &
tail_pid=$!
wait $vng_pid
vng_status=$?
wait $tail_pid
set -e

status=$(cat "$res/status" 2>/dev/null || true)
if [ $vng_status = 124 ]; then
	echo "vm-run: timed out after ${tmo}s; console in $res/console.log" >&2
	status=124
elif [ -z "$status" ]; then
	echo "vm-run: the guest reported no status (crash?); last console lines:" >&2
	tail -n 15 "$res/console.log" >&2
	status=125
fi

# Any kernel report fails the run, whatever the command said.
log=$res/dmesg.txt
[ -s "$log" ] || log=$res/console.log
if "$TOP/scripts/splat.sh" "$log"; then
	[ "$status" = 0 ] && status=126
fi
exit "$status"
