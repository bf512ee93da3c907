#!/usr/bin/env bash
# Build a kernel: build.sh {linux|base} [FLAVOUR]
#   linux = the patched tree, base = the base tree; FLAVOUR is test (default),
#   debug (KASAN, lockdep, DEBUG_VM), kcsan, or bench (test without the
#   series' KUnit suite: what make bench and make profile measure).
# The config is allnoconfig + configs/vm.config + configs/test.config (+
# configs/series.config for the patched tree, + the flavour's fragment).
# The output goes to build/<tree>/.out-<flavour>, a direct subdirectory of
# the source, so that kbuild uses relative paths and ccache shares objects
# between the base and the patched tree.
. "$(dirname "$0")/lib.sh"

tree=${1:-linux}
flavour=${2:-test}
src=$BUILD/$tree
out=.out-$flavour
# The base tree follows BASE_PATCHES (a no-op when it does already).
if [ "$tree" = base ] || [ ! -e "$src/.git" ]; then
	"$TOP/scripts/tree.sh" "$tree"
fi

frags=("$TOP/configs/vm.config" "$TOP/configs/test.config")
# The series' own options exist only in the patched tree.
[ "$tree" != base ] && frags+=("$TOP/configs/series.config")
case $flavour in
test) ;;
debug|kcsan|bench) frags+=("$TOP/configs/$flavour.config") ;;
*) die "unknown flavour $flavour" ;;
esac

cd "$src"
mkdir -p "$out"
# The config is made anew for every build: kbuild then rebuilds only what
# depends on options that changed, and a tree that moved (make bisect, a
# patch adding an option) gets the options it now has.
say "configuring $tree ($flavour): allnoconfig + ${frags[*]##*/}"
scripts/kconfig/merge_config.sh -n -O "$out" "${frags[@]}" >"$out/.merge.log" 2>&1 ||
	{ cat "$out/.merge.log"; die "merge_config failed"; }
# Every option a fragment asks for must survive: a silently dropped
# dependency would make the tests meaningless. A later fragment overrides
# an earlier one (bench.config turns the KUnit suite off again). Only
# series.config may name options this tree does not have yet (an earlier
# commit of the series).
declare -A want from
for f in "${frags[@]}"; do
	while IFS= read -r line; do
		case "$line" in CONFIG_*=*) ;; *) continue ;; esac
		want[${line%%=*}]=$line
		from[${line%%=*}]=${f##*/}
	done <"$f"
done
bad=0
for opt in "${!want[@]}"; do
	line=${want[$opt]} val=${want[$opt]#*=}
	if [ "$val" = n ]; then
		! grep -q "^$opt=" "$out/.config" && continue
	else
		grep -qx "$opt=$val" "$out/.config" && continue
	fi
	if [ "${from[$opt]}" = series.config ] &&
	   ! grep -q "^$opt=\|^# $opt is not set" "$out/.config"; then
		echo "config: $opt is not in this tree yet" >&2
		continue
	fi
	echo "config: $line (from ${from[$opt]}) did not take: $(grep "^$opt=\|^# $opt " "$out/.config" || echo unset)" >&2
	bad=1
done
[ $bad = 0 ] || die "kernel config does not have what configs/ asks for"

# progress PID: while PID runs, say every half minute how many objects
# this build has compiled (a cold build takes minutes).
progress() {
	local n=0
	while sleep 1 && kill -0 "$1" 2>/dev/null; do
		n=$((n + 1))
		((n % 30)) || say "... $(find "$out" -name '*.o' -newer "$out/.build-start" | wc -l) objects compiled"
	done
}

say "building $tree ($flavour) in $src/$out with $(nproc) jobs"
start=$(date +%s)
touch "$out/.build-start"
# A fixed timestamp, user, host and version: the same source gives the same
# image (make bench RESUME= on another machine compares their sha256).
make -s O="$out" -j"$(nproc)" CC="ccache gcc" KBUILD_BUILD_TIMESTAMP="2026-01-01 00:00:00 UTC" \
	KBUILD_BUILD_USER=ra KBUILD_BUILD_HOST=ra KBUILD_BUILD_VERSION=1 bzImage &
make_pid=$!
progress $make_pid
wait $make_pid
say "built $src/$out/arch/x86/boot/bzImage in $(( $(date +%s) - start ))s"
