#!/usr/bin/env bash
# Build a kernel: build.sh {linux|base} [FLAVOUR]
#   linux = the patched tree, base = the base tree; FLAVOUR is test (default),
#   debug (KASAN, lockdep, DEBUG_VM) or kcsan.
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
[ -d "$src/.git" ] || "$TOP/scripts/tree.sh" "$tree"

frags=("$TOP/configs/vm.config" "$TOP/configs/test.config")
# The series' own options exist only in the patched tree.
[ "$tree" = linux ] && frags+=("$TOP/configs/series.config")
case $flavour in
test) ;;
debug|kcsan) frags+=("$TOP/configs/$flavour.config") ;;
*) die "unknown flavour $flavour" ;;
esac

cd "$src"
mkdir -p "$out"
# Regenerate the config only when a fragment changed: kbuild then rebuilds
# only what depends on the changed options.
stamp=$(cat "${frags[@]}" | sha256sum | cut -c1-16)
if [ "$(cat "$out/.frags" 2>/dev/null)" != "$stamp" ] || [ ! -f "$out/.config" ]; then
	say "configuring $tree ($flavour): allnoconfig + ${frags[*]##*/}"
	scripts/kconfig/merge_config.sh -n -O "$out" "${frags[@]}" >"$out/.merge.log" 2>&1 ||
		{ cat "$out/.merge.log"; die "merge_config failed"; }
	# Every option a fragment asks for must survive: a silently dropped
	# dependency would make the tests meaningless.
	bad=0
	for f in "${frags[@]}"; do
		while IFS= read -r line; do
			case "$line" in CONFIG_*=*) ;; *) continue ;; esac
			opt=${line%%=*} val=${line#*=}
			if [ "$val" = n ]; then
				! grep -q "^$opt=" "$out/.config" && continue
			else
				grep -qx "$opt=$val" "$out/.config" && continue
			fi
			echo "config: $line (from ${f##*/}) did not take: $(grep "^$opt=\|^# $opt " "$out/.config" || echo unset)" >&2
			bad=1
		done <"$f"
	done
	[ $bad = 0 ] || die "kernel config does not have what configs/ asks for"
	echo "$stamp" >"$out/.frags"
fi

# Options that appeared in the tree since take their defaults, silently.
make -s O="$out" olddefconfig >/dev/null

say "building $tree ($flavour) in $src/$out with $(nproc) jobs"
start=$(date +%s)
make -s O="$out" -j"$(nproc)" CC="ccache gcc" KBUILD_BUILD_TIMESTAMP="2026-01-01 00:00:00 UTC" \
	KBUILD_BUILD_USER=ra KBUILD_BUILD_HOST=ra bzImage
say "built $src/$out/arch/x86/boot/bzImage in $(( $(date +%s) - start ))s"
