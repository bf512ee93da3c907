#!/usr/bin/env bash
# make selftests-loaded: the readahead selftests LOOPS times in a row in
# one boot of the patched kernel, with LOAD host threads busy (stress-ng
# --cpu) so that the guest runs as on a loaded CI machine. Passes only if
# every loop passes.
#   LOOPS=10  LOAD=2 (host CPU hogs; 0 for none)  FLAVOUR=test
# Writes results/runs/<date>-selftests-loaded-<flavour>/: the log, a line
# per loop in summary.md, meta.json.
. "$(dirname "$0")/lib.sh"

loops=${LOOPS:-10}
load=${LOAD:-2}
flavour=${FLAVOUR:-test}
[[ $loops =~ ^[1-9][0-9]*$ ]] || die "LOOPS=$loops: a positive number"
[[ $load =~ ^[0-9]+$ ]] || die "LOAD=$load: a number of host threads"
command -v stress-ng >/dev/null || [ "$load" = 0 ] ||
	die "stress-ng is not installed (make deps installs it)"
tree=$BUILD/linux
out=$tree/.out-$flavour
stamp=$(date -u +%Y%m%d-%H%M%S)
raw=$BUILD/selftests-loaded/$stamp
dest=$TOP/results/runs/$stamp-selftests-loaded-$flavour
"$TOP/scripts/build.sh" linux "$flavour"
rm -rf "$out/kselftest"
(cd "$tree" && make -s O=".out-$flavour" headers &&
 make -s O=".out-$flavour" TARGETS=readahead kselftest-install) \
	>"$BUILD/selftests-loaded-build.log" 2>&1 ||
	{ cat "$BUILD/selftests-loaded-build.log"; die "selftests build failed"; }
mkdir -p "$raw" "$dest"
"$TOP/scripts/meta.py" "$dest/meta.json" "make selftests-loaded LOOPS=$loops LOAD=$load FLAVOUR=$flavour"

hog=
if [ "$load" != 0 ]; then
	stress-ng --cpu "$load" --timeout 0 --quiet &
	hog=$!
	trap 'kill $hog 2>/dev/null || true' EXIT
fi
st=0
"$TOP/scripts/vm-run.sh" -k "$out/arch/x86/boot/bzImage" -o "$raw" \
	-t $((loops * 900 + 600)) -- \
	"$TOP/scripts/guest-selftests-loop.sh" \
	"$out/kselftest/kselftest_install" "$loops" || st=$?
[ -z "$hog" ] || kill "$hog" 2>/dev/null || true
cp "$raw/out.log" "$dest/selftests.log"
{
	echo "# make selftests-loaded: $loops loops, $load host CPU hogs, FLAVOUR=$flavour"
	echo
	grep '^loop ' "$raw/out.log" || echo "no loop finished"
	echo
	echo "guest exit status $st"
} >"$dest/summary.md"
cat "$dest/summary.md"
say "selftests-loaded: $dest"
exit "$st"
