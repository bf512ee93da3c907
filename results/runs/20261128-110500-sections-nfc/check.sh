#!/bin/bash
# Does regrouping mm/readahead.c change any instruction? Builds
# mm/readahead.o of two commits of build/linux (make tree) with the test
# config, in a scratch worktree, and compares each function's
# disassembly and relocations (objdump -dr, addresses dropped) and each
# symbol's size.
#   check.sh OLD NEW    (commits or branches of build/linux)
set -eu
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../../.." && pwd)
old=$1 new=$2
wt=$top/build/nfc-tree out=$top/build/nfc-out
git -C "$top/build/linux" worktree add -f --detach "$wt" "$old" >/dev/null
trap 'git -C "$top/build/linux" worktree remove --force "$wt"' EXIT
mkdir -p "$out"
cp "$top/build/linux/.out-test/.config" "$out/.config"
dis() {
	objdump -d --no-show-raw-insn -r "$1" | awk '
	/^[0-9a-f]+ <.*>:$/ { name = $2; next }
	/^ +[0-9a-f]+:/ { sub(/^ +[0-9a-f]+:[ \t]*/, ""); gsub(/[0-9a-f]+ </, "<"); print name "\t" $0 }' |
		sort -s -k1,1
}
for c in "$old" "$new"; do
	git -C "$wt" checkout -q --detach "$c"
	touch "$wt/mm/readahead.c"
	make -s -C "$wt" O="$out" olddefconfig
	make -s -C "$wt" O="$out" mm/readahead.o
	dis "$out/mm/readahead.o" >"$out/$c.dis"
	nm -S "$out/mm/readahead.o" | awk 'NF == 4 { print $3, $4, $2 }' | sort >"$out/$c.nm"
done
cmp "$out/$old.dis" "$out/$new.dis" && echo "functions: identical ($(wc -l <"$out/$new.dis") instructions)"
cmp "$out/$old.nm" "$out/$new.nm" && echo "symbol sizes: identical"
