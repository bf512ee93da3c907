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
# patches/parts names the parts of the series (the subject of each part's
# first patch): series gets a comment line before each, which tree.sh
# reads for PART=n.
if [ -f "$TOP/patches/parts" ]; then
	python3 - "$TOP/patches/parts" "$out" <<'PY'
import os, re, sys
parts_file, out = sys.argv[1:]
parts = []
for line in open(parts_file):
    if line.startswith("#") or not line.strip():
        continue
    n, subject, title = line.rstrip("\n").split("\t")
    parts.append((n, subject, title))
series = open(os.path.join(out, "series")).read().split()
def subject_of(patch):
    text = open(os.path.join(out, patch)).read()
    m = re.search(r"^Subject: \[PATCH[^\]]*\] (.*(?:\n .*)*)", text, re.M)
    return re.sub(r"\n ", " ", m.group(1)).strip()
first = {subject_of(p): p for p in series}
lines, want = [], {}
for n, subject, title in parts:
    if subject not in first:
        sys.exit("patches/parts: no patch is '%s'" % subject)
    want[first[subject]] = "# Part %s: %s" % (n, title)
for p in series:
    if p in want:
        lines.append(want[p])
    lines.append(p)
open(os.path.join(out, "series"), "w").write("\n".join(lines) + "\n")
PY
fi

if [ "${1:-}" = --verify ]; then
	diff -r -q -x cover-letter.txt -x README -x parts -x covers -x range-diff-v1-v2.txt "$out" "$TOP/patches" >/dev/null
	exit
fi
mkdir -p "$TOP/patches"
find "$TOP/patches" -maxdepth 1 \( -name '*.patch' -o -name series \) -delete
cp "$out"/* "$TOP/patches/"
say "exported $(grep -vc '^#' "$TOP/patches/series") patches to patches/"
