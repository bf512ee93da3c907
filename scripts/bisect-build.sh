#!/usr/bin/env bash
# make bisect: build every commit of the series in turn (the kernel, with
# the series' KUnit suite, and the readahead selftests), so that each patch
# is known to build on its own. Leaves build/linux where it was.
#   FROM=n TO=m  only the series' patches n to m (1 = the first): to
#           finish a run that was stopped, or build patches a rework
#           changed
. "$(dirname "$0")/lib.sh"

tree=$BUILD/linux
[ -d "$tree/.git" ] || "$TOP/scripts/tree.sh" linux
[ -z "$(git -C "$tree" status --porcelain --untracked-files=no)" ] ||
	die "$tree has uncommitted edits"
head=$(git -C "$tree" symbolic-ref -q --short HEAD || git -C "$tree" rev-parse HEAD)
trap 'git -C "$tree" checkout -q "$head"' EXIT

from=${FROM:-1}
to=${TO:-$(git -C "$tree" rev-list --count "$BASE_TAG..HEAD")}
[[ $from =~ ^[1-9][0-9]*$ && $to =~ ^[1-9][0-9]*$ ]] ||
	die "FROM=$from TO=$to: patch numbers, 1 or more"
[ "$from" -le "$to" ] || die "FROM=$from is after TO=$to: nothing to build"
bad=0
for c in $(git -C "$tree" rev-list --reverse "$BASE_TAG..HEAD" |
	   sed -n "${from},${to}p"); do
	git -C "$tree" checkout -q "$c"
	subject=$(git -C "$tree" log -1 --format=%s)
	# The fixes at the start of the series come before the selftests.
	selftests=true
	[ -d "$tree/tools/testing/selftests/readahead" ] ||
		selftests=false
	if "$TOP/scripts/build.sh" linux test >"$BUILD/bisect.log" 2>&1 &&
	   { ! $selftests || (cd "$tree" && make -s O=.out-test headers &&
	    make -s O=.out-test TARGETS=readahead kselftest-all); } >>"$BUILD/bisect.log" 2>&1; then
		echo "bisect: builds: $subject"
	else
		echo "bisect: FAILS:  $subject"
		tail -n 20 "$BUILD/bisect.log"
		bad=1
	fi
done
[ $bad = 0 ]
