#!/usr/bin/env bash
# Export the commits of build/linux on top of the base into patches/
# (git format-patch, fixed options, so that the output only depends on the
# commits). With --verify, only check that patches/ matches the tree.
. "$(dirname "$0")/lib.sh"

dir=$BUILD/linux
[ -d "$dir/.git" ] || die "no kernel tree: run 'make tree'"
[ -z "$(git -C "$dir" status --porcelain --untracked-files=no)" ] ||
	die "$dir has uncommitted edits"

# The cover letter template gets the subject (line 1) and blurb (the rest) of
# patches/cover-letter.txt, and the first patch's date instead of "now".
fill_cover_letter() {
	local cover=$1 text=$2 date
	date=$(sed -n 's/^Date: //p' "$(dirname "$cover")"/0001-*.patch | head -1)
	python3 - "$cover" "$text" "$date" <<'PY'
import sys
cover, text, date = sys.argv[1:]
subject, _, blurb = open(text).read().partition("\n")
s = open(cover).read()
s = s.replace("*** SUBJECT HERE ***", subject.strip())
s = s.replace("*** BLURB HERE ***", blurb.strip())
s = "\n".join("Date: " + date if l.startswith("Date: ") else l
              for l in s.split("\n"))
open(cover, "w").write(s)
PY
}

out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
cover=()
[ -f "$TOP/patches/cover-letter.txt" ] && cover=(--cover-letter)
git -C "$dir" -c core.abbrev=12 -c diff.algorithm=myers -c diff.renames=true \
	format-patch -q -o "$out" --no-signature --zero-commit \
	--subject-prefix=PATCH "${cover[@]}" "$BASE_TAG..HEAD"
if [ ${#cover[@]} -gt 0 ]; then
	# Fill the cover letter from patches/cover-letter.txt (subject on line 1).
	fill_cover_letter "$out"/0000-cover-letter.patch "$TOP/patches/cover-letter.txt"
fi
(cd "$out" && ls -1 *.patch | grep -v '^0000-cover-letter' >series || true)

if [ "${1:-}" = --verify ]; then
	diff -r -q -x cover-letter.txt -x README "$out" "$TOP/patches" >/dev/null
	exit
fi
mkdir -p "$TOP/patches"
find "$TOP/patches" -maxdepth 1 \( -name '*.patch' -o -name series \) -delete
cp "$out"/* "$TOP/patches/"
say "exported $(wc -l <"$TOP/patches/series") patches to patches/"
