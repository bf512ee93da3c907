#!/usr/bin/env bash
# make check: checkpatch, build the patched kernel, boot it, run the KUnit
# suites (built in, they run at boot; parsed with kunit.py) and the readahead
# kselftests (TAP), then print "N passed, N failed, N skipped".
. "$(dirname "$0")/lib.sh"

flavour=${1:-test}
tree=$BUILD/linux
out=$tree/.out-$flavour
res=$BUILD/results/check-$flavour
started=$(date +%s)

[ -d "$tree/.git" ] || "$TOP/scripts/tree.sh" linux
if ! "$TOP/scripts/export.sh" --verify; then
	echo "WARNING: build/linux differs from patches/: testing the tree as it is." >&2
	echo "WARNING: run 'make export' (or 'make tree') before committing." >&2
fi

passed=0 failed=0 skipped=0
failures=() skips=()
count() { # count RESULT NAME
	case $1 in
	ok) passed=$((passed + 1)) ;;
	skip) skipped=$((skipped + 1)); skips+=("$2") ;;
	xfail) skipped=$((skipped + 1)); skips+=("$2 (expected to fail: a known gap)") ;;
	*) failed=$((failed + 1)); failures+=("$2") ;;
	esac
}
finish() {
	echo
	echo "check: $(( $(date +%s) - started ))s; results in $res"
	for f in "${skips[@]}"; do echo "SKIPPED: $f"; done
	for f in "${failures[@]}"; do echo "FAILED: $f"; done
	echo "$passed passed, $failed failed, $skipped skipped"
	[ "$failed" = 0 ]
	exit
}

say "checkpatch --strict"
if "$TOP/scripts/checkpatch.sh"; then count ok checkpatch; else count fail checkpatch; fi

# The guides the series changes must build with no warning about what it
# wrote (they have unrelated warnings of their own).
say "docs: make SPHINXDIRS=\"mm core-api\" htmldocs"
if (cd "$tree" && PATH=$DOCS_VENV/bin:$PATH make -s O=.out-docs \
	SPHINXDIRS="mm core-api" htmldocs) >"$BUILD/htmldocs.log" 2>&1 &&
   ! grep -E "WARNING|ERROR" "$BUILD/htmldocs.log" |
	grep -E "mm/readahead.rst|core-api/mm-api.rst|mm/readahead.c|mm/filemap.c"; then
	count ok "docs"
else
	tail -n 20 "$BUILD/htmldocs.log"
	count fail "docs (see build/htmldocs.log)"
fi

say "kernel"
if ! "$TOP/scripts/build.sh" linux "$flavour"; then
	count fail "kernel build"
	finish
fi

say "selftests (host build, run in the guest)"
rm -rf "$out/kselftest"
if ! (cd "$tree" && make -s O=".out-$flavour" headers &&
      make -s O=".out-$flavour" TARGETS="readahead cachestat mincore splice" \
	kselftest-install) >"$TOP/build/selftests-build.log" 2>&1; then
	cat "$TOP/build/selftests-build.log"
	count fail "selftests build"
	finish
fi
# kselftest-install leaves out a target that does not build ("Skipping
# non-existent dir") and still succeeds: each one must be installed.
for t in readahead cachestat mincore splice; do
	if ! grep -q "^$t:" "$out/kselftest/kselftest_install/kselftest-list.txt"; then
		grep -E "error|Skipping" "$TOP/build/selftests-build.log"
		count fail "selftests build: $t did not build (build/selftests-build.log)"
		finish
	fi
done

rm -rf "$res"
mkdir -p "$res"
set +e
"$TOP/scripts/vm-run.sh" -k "$out/arch/x86/boot/bzImage" -o "$res" -- \
	"$TOP/scripts/guest-check.sh" "$out/kselftest/kselftest_install"
vm_status=$?
set -e
echo "guest: exit status $vm_status"

# KUnit: the suites ran at boot; their KTAP is in the guest's dmesg.
if grep -q 'KTAP version' "$res/dmesg.txt" 2>/dev/null; then
	kunit_ok=1
	python3 "$tree/tools/testing/kunit/kunit.py" parse --json="$res/kunit.json" \
		"$res/dmesg.txt" >"$res/kunit.txt" 2>&1 || kunit_ok=0
	tail -n 3 "$res/kunit.txt"
	n=$failed
	while read -r r name; do count "$r" "kunit: $name"; done < <(
		python3 "$TOP/scripts/kunit-results.py" "$res/kunit.json")
	# kunit.py failing without a failed case: unparsable or crashed output.
	[ $kunit_ok = 1 ] || [ "$failed" != "$n" ] ||
		count fail "kunit: kunit.py parse failed (see $res/kunit.txt)"
else
	echo "kunit: no KUnit output in the guest's dmesg"
	count fail "kunit: no KUnit output"
fi

# kselftests: one result per harness test case (the nested "# ok N name"
# lines), and the program's own result when it had no test case results.
if [ -f "$res/out.log" ]; then
	while read -r r name; do count "$r" "selftest: $name"; done < <(
		python3 "$TOP/scripts/tap-results.py" "$res/out.log")
else
	count fail "selftests: no output"
fi

# Kernel reports, a crash or a timeout fail the run even if every test passed.
case $vm_status in
0|1) ;;
126) count fail "kernel report in the guest's dmesg (see above)" ;;
*) count fail "guest exit status $vm_status" ;;
esac
finish
