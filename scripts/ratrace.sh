#!/usr/bin/env bash
# make ratrace: boot the base and the patched kernel, run the same readers
# (scripts/ra-readers.py) on the same disk in each, and compare the block
# requests they cause: the proof of a no-functional-change patch, and the
# request-level picture of one that changes behaviour.
. "$(dirname "$0")/lib.sh"

out=$BUILD/results/ratrace
rm -rf "$out"
for t in base linux; do
	"$TOP/scripts/build.sh" "$t" test
	label=$([ "$t" = linux ] && echo patched || echo base)
	mkdir -p "$out/$label"
	"$TOP/scripts/vm-run.sh" -k "$BUILD/$t/.out-test/arch/x86/boot/bzImage" \
		-o "$out/$label" -- "$TOP/scripts/guest-ratrace.sh" "$out/$label" >/dev/null
done

same=1
printf '%-12s %-40s %-40s\n' reader base patched
while read -r line; do
	reader=${line%%:*}
	p=$(grep "^$reader:" "$out/patched/out.log" | cut -d: -f2-)
	mark=
	cmp -s "$out/base/$reader.req" "$out/patched/$reader.req" || { mark=' DIFFERENT'; same=0; }
	printf '%-12s %-40s %-40s%s\n' "$reader" "${line#*: }" "$p" "$mark"
done < <(grep -E '^[a-z0-9-]+: ' "$out/base/out.log")
[ $same = 1 ] && echo "ratrace: identical request sequences" || echo "ratrace: the request sequences differ"
