#!/usr/bin/env bash
# (Re)create a kernel tree: build/linux = base + patches/series (git am), or
# build/base = the base + the first BASE_PATCHES of them (lib.sh). Refuses to throw away commits or edits that
# are not in patches/ yet (FORCE=1 overrides).
. "$(dirname "$0")/lib.sh"

which=${1:-linux}
dir=$BUILD/$which
"$TOP/scripts/fetch-base.sh"

# The patches this tree gets: all of patches/series, or for the base its
# first BASE_PATCHES.
want=$(grep -v '^#\|^$' "$TOP/patches/series" || true)
[ "$which" = linux ] || want=$(sed -n "1,${BASE_PATCHES}p" <<<"$want")
# PART=n: the tree at the end of part n (the "# Part" lines of series).
if [ -n "${PART:-}" ] && [ "$which" = linux ]; then
	want=$(awk -v n="$PART" '/^# Part /{p=$3+0; next} /^#|^$/{next} p<=n' "$TOP/patches/series")
	[ -n "$want" ] || die "patches/series has no part $PART"
fi
stamp=$(cd "$TOP/patches" && cat /dev/null $want | sha256sum | cut -d' ' -f1)
# The base tree is never edited: leave it (and its build) alone when it is
# still where these patches left it.
if [ "$which" = base ] && [ -d "$dir/.git" ] &&
   [ "$(cat "$dir/.git/ra-applied" 2>/dev/null)" = "$stamp $(git -C "$dir" rev-parse HEAD)" ] &&
   [ -z "$(git -C "$dir" status --porcelain --untracked-files=no)" ]; then
	exit 0
fi

if [ ! -d "$dir/.git" ]; then
	say "cloning the base into $dir"
	mkdir -p "$BUILD"
	git clone -q --no-checkout "$BASE_GIT" "$dir"
	git -C "$dir" checkout -q -B work "$BASE_TAG"
	printf '/.out*/\n' >>"$dir/.git/info/exclude"
else
	if [ "${FORCE:-0}" != 1 ]; then
		[ -z "$(git -C "$dir" status --porcelain --untracked-files=no)" ] ||
			die "$dir has uncommitted edits: commit and 'make export', or FORCE=1"
		if [ "$which" = linux ] && ! "$TOP/scripts/export.sh" --verify; then
			die "$dir has commits that differ from patches/: 'make export' first, or FORCE=1"
		fi
	fi
	git -C "$dir" am --abort >/dev/null 2>&1 || true
	git -C "$dir" checkout -q -f -B work "$BASE_TAG"
fi

git -C "$dir" config user.name "$RA_NAME"
git -C "$dir" config user.email "$RA_EMAIL"
n=0
for p in $want; do
	git -C "$dir" am -q --committer-date-is-author-date "$TOP/patches/$p" ||
		die "patches/$p does not apply; the tree is left mid-'git am'"
	n=$((n + 1))
done
echo "$stamp $(git -C "$dir" rev-parse HEAD)" >"$dir/.git/ra-applied"
say "$dir: base + $n patches"
