#!/usr/bin/env bash
# make bad-input: what each readahead entry point does with bad input, on
# the base and on the patched kernel, side by side. Boots each kernel once
# and runs selftests/readahead/bad_input_test in it (the rows are that
# test's tables); writes results/runs/<date>-bad-input/: table.md (one row
# per input, the result on each kernel), both logs and a meta.json.
# A cell that differs between the kernels is marked; the test itself
# fails on the base kernel for exactly those rows.
. "$(dirname "$0")/lib.sh"

tree=$BUILD/linux
out=$tree/.out-test
stamp=$(date -u +%Y%m%d-%H%M%S)
dest=$TOP/results/runs/$stamp-bad-input
raw=$BUILD/bad-input/$stamp

for t in base linux; do "$TOP/scripts/build.sh" "$t" test; done
say "selftests (host build)"
rm -rf "$out/kselftest"
(cd "$tree" && make -s O=.out-test headers &&
 make -s O=.out-test TARGETS=readahead kselftest-install) \
	>"$BUILD/bad-input-build.log" 2>&1 ||
	{ cat "$BUILD/bad-input-build.log"; die "selftests build failed"; }
test=$out/kselftest/kselftest_install/readahead/bad_input_test
[ -x "$test" ] || die "no $test: is the selftest in build/linux?"
mkdir -p "$raw" "$dest"
cp "$test" "$raw/"
"$TOP/scripts/meta.py" "$dest/meta.json" "make bad-input"

for t in base linux; do
	st=0
	"$TOP/scripts/vm-run.sh" -k "$BUILD/$t/.out-test/arch/x86/boot/bzImage" \
		-o "$raw/$t" -t 900 -- "$raw/bad_input_test" || st=$?
	say "$t: bad_input_test exit $st"
	# 0 or 1 (a row failed): the log has the rows; anything else is not a run
	((st <= 1)) || die "$t: guest exit status $st (see $raw/$t)"
	cp "$raw/$t/out.log" "$dest/$t.log"
done
python3 "$TOP/scripts/bad-input-table.py" "$dest/base.log" "$dest/linux.log" \
	>"$dest/table.md"
cat "$dest/table.md"
say "bad-input: $dest"
