#!/usr/bin/env bash
# make hangloop: boot a kernel and run scripts/guest-hangloop.sh in it: the
# readers that lost queue runs on the hdd model's throttle, ROUNDS times.
#   KERNEL=linux (the series, default) or base; MODEL=hdd; ROUNDS=200
#   HANGLOOP_KICK=1 counts stalls instead of failing at the first
#   HANGLOOP_RA=KB sets read_ahead_kb
# The guest's files go to build/hangloop/; its log, any stall's blk-mq
# state and trace, and a meta.json to results/runs/<date>-hangloop-....
. "$(dirname "$0")/lib.sh"

kernel=${KERNEL:-linux} model=${MODEL:-hdd} rounds=${ROUNDS:-200}
case $kernel in linux|base) ;; *) die "KERNEL=$kernel: linux or base" ;; esac
[[ $rounds =~ ^[1-9][0-9]*$ ]] || die "ROUNDS=$rounds: a positive number"
"$TOP/scripts/build.sh" "$kernel" test
stamp=$(date -u +%Y%m%d-%H%M%S)
out=$BUILD/hangloop/$kernel-$model-$stamp
kick=
[ "${HANGLOOP_KICK:-0}" != 1 ] || kick=-kick
dest=$TOP/results/runs/$stamp-hangloop-$kernel-$model-$rounds${HANGLOOP_RA:+-ra$HANGLOOP_RA}$kick
mkdir -p "$out" "$dest"
gcc -O2 -Wall -pthread -o "$out/rabench" "$TOP/scripts/rabench.c"
cmd="make hangloop KERNEL=$kernel MODEL=$model ROUNDS=$rounds"
for v in HANGLOOP_KICK HANGLOOP_RA; do
	[ -z "${!v:-}" ] || cmd+=" $v=${!v}"
done
"$TOP/scripts/meta.py" "$dest/meta.json" "$cmd" "$model"
st=0
# about 10 s a round; the guest's own limit is generous
"$TOP/scripts/vm-run.sh" -k "$BUILD/$kernel/.out-test/arch/x86/boot/bzImage" \
	-o "$out" -t $((rounds * 30 + 600)) -- env RABENCH="$out/rabench" \
	HANGLOOP_KICK="${HANGLOOP_KICK:-0}" HANGLOOP_RA="${HANGLOOP_RA:-}" \
	"$TOP/scripts/guest-hangloop.sh" "$model" "$rounds" "$out" || st=$?
cp "$out/out.log" "$dest/"
[ ! -e "$out/stall.txt" ] || cp "$out/stall.txt" "$dest/"
say "hangloop: exit $st; log in $dest"
exit $st
