#!/usr/bin/env bash
# scripts/checkpatch.pl --strict on every patch of the series: zero errors
# and zero warnings, or fail.
. "$(dirname "$0")/lib.sh"

[ -d "$BUILD/linux/.git" ] || "$TOP/scripts/tree.sh" linux
export PATH=$VENV/bin:$PATH	# spdxcheck.py needs ply and GitPython
n=0 bad=0
while read -r p; do
	case "$p" in ''|'#'*) continue ;; esac
	n=$((n + 1))
	if out=$(cd "$BUILD/linux" && scripts/checkpatch.pl --strict -q \
		"$TOP/patches/$p" 2>&1) && [ -z "$out" ]; then
		echo "checkpatch: ok   $p"
	else
		echo "checkpatch: FAIL $p"
		echo "$out" | sed 's/^/    /'
		bad=$((bad + 1))
	fi
done <"$TOP/patches/series"
echo "checkpatch: $n patches, $bad with errors or warnings"
[ $bad = 0 ]
