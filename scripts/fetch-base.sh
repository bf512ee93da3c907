#!/usr/bin/env bash
# Fetch the pinned base kernel source (Debian's linux-source-7.2 from
# trixie-backports) with apt-get, using private lists/cache directories so the
# system's apt configuration is never touched, check its sha256, and commit it
# once into $BASE_GIT (tag "base"), from which the work trees are cloned.
. "$(dirname "$0")/lib.sh"

if git --git-dir="$BASE_GIT" rev-parse -q --verify "refs/tags/$BASE_TAG" >/dev/null 2>&1; then
	exit 0
fi

apt_dir=$CACHE/apt
mkdir -p "$apt_dir/lists/partial" "$apt_dir/cache/archives/partial"
echo "deb [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] http://deb.debian.org/debian $BASE_SUITE main" \
	>"$apt_dir/sources.list"
apt_opts=(-o "Dir::Etc::SourceList=$apt_dir/sources.list"
	  -o "Dir::Etc::SourceParts=/dev/null"
	  -o "Dir::State::Lists=$apt_dir/lists"
	  -o "Dir::Cache=$apt_dir/cache"
	  -o "Dir::State::status=/dev/null"
	  -o "APT::Sandbox::User=root")

version=$BASE_VERSION
sha=$BASE_SHA256
deb=$CACHE/${BASE_PKG}_${version//:/%3a}_all.deb
if [ ! -f "$deb" ]; then
	say "apt-get update ($BASE_SUITE, private lists in $apt_dir)"
	apt-get -q "${apt_opts[@]}" update
	if ! apt-cache "${apt_opts[@]}" show "$BASE_PKG=$version" >/dev/null 2>&1; then
		version=$(apt-cache "${apt_opts[@]}" madison "$BASE_PKG" |
			  awk -F'|' '{gsub(/ /,"",$2); print $2}' | sort -V | tail -1)
		[ -n "$version" ] || die "$BASE_PKG is not in $BASE_SUITE"
		sha=$(apt-cache "${apt_opts[@]}" show "$BASE_PKG=$version" | sed -n 's/^SHA256: //p' | head -1)
		printf '\nWARNING: pinned %s %s is gone from %s; using the newest, %s.\n' \
			"$BASE_PKG" "$BASE_VERSION" "$BASE_SUITE" "$version" >&2
		printf 'WARNING: update BASE_VERSION/BASE_SHA256 in scripts/lib.sh.\n\n' >&2
		deb=$CACHE/${BASE_PKG}_${version//:/%3a}_all.deb
	fi
	say "downloading $BASE_PKG $version (~165 MB)"
	(cd "$CACHE" && apt-get -q "${apt_opts[@]}" download "$BASE_PKG=$version")
fi
echo "$sha  $deb" | sha256sum -c --quiet || die "sha256 mismatch for $deb"

tmp=$CACHE/base.tmp
rm -rf "$tmp" "$BASE_GIT"
mkdir -p "$tmp"
say "extracting $(basename "$deb")"
dpkg-deb --fsys-tarfile "$deb" | tar -xO "./usr/src/$BASE_PKG.tar.xz" | tar -xJ -C "$tmp" --strip-components=1
# Debian's copy of the top-level .gitignore ends with "/*", which hides
# every new file from git, and lacks mainline's exceptions for dot-files
# (.gitignore, .kunitconfig). Make it behave as mainline's: this only
# matters to git in the work tree, not to the build or to the patches.
python3 - "$tmp/.gitignore" <<'PY'
import sys
path = sys.argv[1]
text = open(path).read().split("\n#\n# Debian packaging")[0].rstrip("\n#")
keep = [".clang-format", ".cocciconfig", ".editorconfig", ".get_maintainer.ignore",
        ".gitattributes", ".gitignore", ".kunitconfig", ".mailmap", ".rustfmt.toml"]
text += "\n\n# Dot-files that are tracked all the same (as in mainline)\n"
text += "".join(f"!{name}\n" for name in keep)
open(path, "w").write(text)
PY
say "committing the base tree to $BASE_GIT"
git init -q --bare "$BASE_GIT"
# One commit of ~90k files: a background "git gc --auto" would only compete
# with the build for the CPU.
git --git-dir="$BASE_GIT" config gc.auto 0
export GIT_DIR=$BASE_GIT GIT_WORK_TREE=$tmp
export GIT_AUTHOR_NAME=$RA_NAME GIT_AUTHOR_EMAIL=$RA_EMAIL
export GIT_COMMITTER_NAME=$RA_NAME GIT_COMMITTER_EMAIL=$RA_EMAIL
export GIT_AUTHOR_DATE="2026-01-01T00:00:00Z" GIT_COMMITTER_DATE="2026-01-01T00:00:00Z"
git add -A -f
git commit -q -m "Linux $(make -s -C "$tmp" kernelversion) ($BASE_PKG $version)" \
	-m "The top-level .gitignore is made to behave as mainline's (see scripts/fetch-base.sh)."
git tag "$BASE_TAG"
git symbolic-ref HEAD refs/heads/master 2>/dev/null || true
echo "$version" >"$BASE_GIT/debian-version"
unset GIT_DIR GIT_WORK_TREE
rm -rf "$tmp"
say "base: $(git --git-dir="$BASE_GIT" log -1 --format=%s "$BASE_TAG")"
