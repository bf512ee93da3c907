#!/usr/bin/env bash
# scripts/checkpatch.pl --strict on every patch of the series: no errors,
# warnings or checks, or fail.
#
# One warning is replaced by a real check: checkpatch asks "does MAINTAINERS
# need updating?" for every added file unless the same patch touches
# MAINTAINERS; instead, every file the series adds must be covered by a
# MAINTAINERS entry (the series adds its F: lines in its first patches).
# UNKNOWN_COMMIT_ID is not checked: the base is Debian's source tree, with
# no mainline history for checkpatch to look a Fixes: commit up in. In a
# patch that touches include/trace/events/, the trace EM()/EMe() symbol
# lists are not taken for macros that need parentheses.
#
# Also: the changelog ends at its Signed-off-by (an editor's comment left
# after it, as a reworded rebase can leave, is no changelog text), and says
# nothing of "the previous/next patch", which means nothing once applied.
. "$(dirname "$0")/lib.sh"

[ -d "$BUILD/linux/.git" ] || "$TOP/scripts/tree.sh" linux
export PATH=$VENV/bin:$PATH	# spdxcheck.py needs ply and GitPython
# The patches the tree has: all of them, or those of the parts up to the
# one make tree PART= left it at, whose later files it does not have.
applied=$(git -C "$BUILD/linux" rev-list --count "$BASE_TAG..HEAD")
n=0 bad=0
while read -r p; do
	case "$p" in ''|'#'*) continue ;; esac
	((n < applied)) || break
	n=$((n + 1))
	ignore=FILE_PATH_CHANGES,UNKNOWN_COMMIT_ID
	# A trace header's EM()/EMe() symbol lists (as in writeback.h) are
	# macros that checkpatch takes for statements; only there.
	grep -q '^+++ b/include/trace/events/' "$TOP/patches/$p" &&
		ignore+=,COMPLEX_MACRO,MACRO_ARG_UNUSED,TRAILING_SEMICOLON
	out=$(cd "$BUILD/linux" && scripts/checkpatch.pl --strict -q \
		--ignore "$ignore" "$TOP/patches/$p" 2>&1) || true
	# The changelog: from the first blank line to the "---" line.
	log=$(awk '/^---$/ { exit } b; /^$/ { b = 1 }' "$TOP/patches/$p")
	tail=$(sed -n '/^Signed-off-by: /,$p' <<<"$log" | sed '1d;/^$/d')
	[ -z "$tail" ] || out+=$'\n'"changelog: text after Signed-off-by: $(head -c 60 <<<"$tail")"
	rel=$(tr '\n' ' ' <<<"$log" | grep -o -i -E '(previous|next|following) +patch' | head -1) || true
	[ -z "$rel" ] || out+=$'\n'"changelog: \"$rel\" means nothing once the patch is applied"
	for f in $(sed -n 's|^diff --git a/\(.*\) b/.*|\1|p' "$TOP/patches/$p"); do
		grep -q "^new file mode" <(sed -n "\|^diff --git a/$f |,/^diff --git/p" "$TOP/patches/$p") ||
			continue
		(cd "$BUILD/linux" && scripts/get_maintainer.pl --no-git --no-git-fallback \
			--subsystem --no-email --no-l --no-r --no-m --no-rolestats -f "$f") |
			grep -qv '^THE REST$' || out+=$'\n'"$f: no MAINTAINERS entry covers it"
	done
	if [ -z "$out" ]; then
		echo "checkpatch: ok   $p"
	else
		echo "checkpatch: FAIL $p"
		echo "$out" | sed 's/^/    /'
		bad=$((bad + 1))
	fi
done <"$TOP/patches/series"
echo "checkpatch: $n patches, $bad with errors or warnings"
[ $bad = 0 ]
