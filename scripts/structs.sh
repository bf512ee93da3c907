#!/usr/bin/env bash
# make structs: the layout of struct file and struct file_ra_state in the
# base and the patched tree (pahole of fs/file_table.o, built with -g in
# each tree's test output), and whether they differ: the series must not
# grow them. Needs pahole (Debian package dwarves).
. "$(dirname "$0")/lib.sh"

command -v pahole >/dev/null || die "pahole not found: apt-get install dwarves"
res=$BUILD/results/structs
mkdir -p "$res"
for t in base linux; do
	[ -d "$BUILD/$t/.out-test" ] || "$TOP/scripts/build.sh" "$t" test
	(cd "$BUILD/$t" && CCACHE_DISABLE=1 make -s O=.out-test KCFLAGS=-g fs/file_table.o)
	for s in file file_ra_state; do
		pahole -C "$s" "$BUILD/$t/.out-test/fs/file_table.o" >"$res/$s-$t.txt"
	done
done
# A struct passes if its layout is the base's, or if only its members
# differ (one split into two, say) while its size, cachelines and holes
# stay the same: the series must not grow either struct.
shape() { grep -o 'size: [0-9]*, cachelines: [0-9]*\|XXX.*' "$1"; }
st=0
for s in file file_ra_state; do
	if diff -u "$res/$s-base.txt" "$res/$s-linux.txt"; then
		echo "struct $s: same layout as the base ($(grep -o 'size: [0-9]*' "$res/$s-linux.txt"))"
	elif [ "$(shape "$res/$s-base.txt")" = "$(shape "$res/$s-linux.txt")" ]; then
		echo "struct $s: members differ (above), same size, cachelines and holes as the base ($(grep -o 'size: [0-9]*' "$res/$s-linux.txt"))"
	else
		echo "struct $s: differs from the base in size, cachelines or holes"
		st=1
	fi
done
exit $st
