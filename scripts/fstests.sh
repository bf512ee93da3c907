#!/usr/bin/env bash
# make fstests FSTESTS=<fstests checkout>: fstests in the guest, on ext4
# and xfs, against the base and the patched kernel, and a table of
# pass/fail/notrun per test and kernel.
#   FSTESTS=DIR         a checkout of fstests (not packaged by Debian):
#                       git clone https://git.kernel.org/pub/scm/fs/xfs/xfstests-dev.git
#                       It is built here (make) if it is not built yet.
#   FSTESTS_GROUP=quick the group to run ("" for none)
#   FSTESTS_TESTS="..." tests run as well; by default the read-path tests
#                       that exercise readahead
#   FSTYPES="ext4 xfs"  KERNELS="base linux"
# Each kernel and file system is one boot (2 vCPUs, 8 GiB; TCG: the quick
# group takes hours). Writes results/runs/<date>-fstests/: table.md, each
# run's check.log and result.xml, meta.json. Fails if a test fails on the
# patched kernel and not on the base.
. "$(dirname "$0")/lib.sh"

src=${FSTESTS:-}
group=${FSTESTS_GROUP-quick}
tests=${FSTESTS_TESTS:-generic/091 generic/127 generic/209 generic/263 generic/469 generic/616}
fstypes=${FSTYPES:-ext4 xfs}
kernels=${KERNELS:-base linux}
[ -n "$src" ] || die "FSTESTS=<dir> is needed: a checkout of fstests, which Debian does not package (git clone https://git.kernel.org/pub/scm/fs/xfs/xfstests-dev.git)"
[ -x "$src/check" ] && [ -d "$src/tests/generic" ] ||
	die "FSTESTS=$src: not an fstests checkout (no check script, no tests/generic)"
for t in $kernels; do
	case $t in base|linux) ;; *) die "KERNELS: base or linux, not '$t'" ;; esac
done
for f in $fstypes; do
	case $f in ext4|xfs) ;; *) die "FSTYPES: ext4 or xfs, not '$f'" ;; esac
done

# What fstests needs to build, from its README (Debian names).
if [ ! -x "$src/ltp/fsx" ]; then
	pkgs=(autoconf automake libtool libtool-bin uuid-dev xfslibs-dev
	      libattr1-dev libacl1-dev libaio-dev libgdbm-dev libgdbm-compat-dev
	      liburing-dev libcap-dev acl attr bc gawk psmisc quota uuid-runtime
	      dbench dump xfsdump sqlite3)
	missing=()
	for p in "${pkgs[@]}"; do
		dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'ok installed' ||
			missing+=("$p")
	done
	if ((${#missing[@]})); then
		say "apt-get install ${missing[*]}"
		apt-get update -q
		DEBIAN_FRONTEND=noninteractive apt-get install -y -q \
			--no-install-recommends "${missing[@]}"
	fi
	say "building fstests in $src"
	make -C "$src" -j2 >"$BUILD/fstests-build.log" 2>&1 ||
		{ tail -n 30 "$BUILD/fstests-build.log"; die "fstests build failed (log: build/fstests-build.log)"; }
fi

stamp=$(date -u +%Y%m%d-%H%M%S)
raw=$BUILD/fstests/$stamp
dest=$TOP/results/runs/$stamp-fstests
mkdir -p "$raw" "$dest"
for t in $kernels; do "$TOP/scripts/build.sh" "$t" test; done
cmd="make fstests FSTESTS_GROUP=\"$group\" FSTESTS_TESTS=\"$tests\" FSTYPES=\"$fstypes\" KERNELS=\"$kernels\""
"$TOP/scripts/meta.py" "$dest/meta.json" "$cmd"
echo "fstests: $(git -C "$src" describe --always --dirty 2>/dev/null || echo "not a git checkout")" \
	>"$dest/fstests-version.txt"

for t in $kernels; do
	for f in $fstypes; do
		out=$raw/$t-$f
		mkdir -p "$out"
		# fstests writes beside itself: the guest runs a copy in its
		# results directory, the one directory it can write.
		cp -a "$src" "$out/fstests"
		st=0
		"$TOP/scripts/vm-run.sh" -m 8G -t 36000 -o "$out" \
			-k "$BUILD/$t/.out-test/arch/x86/boot/bzImage" -- \
			"$TOP/scripts/guest-fstests.sh" "$out/fstests" "$f" "$group" $tests || st=$?
		say "fstests $t $f: guest exit status $st"
		mkdir -p "$dest/$t-$f"
		cp "$out/out.log" "$out/dmesg.txt" "$dest/$t-$f/"
		for r in check.log result.xml; do
			find "$out/fstests/results" -name "$r" -exec cp {} "$dest/$t-$f/" \; 2>/dev/null || true
		done
		rm -rf "$out/fstests"
	done
done
st=0
python3 "$TOP/scripts/fstests-table.py" "$dest" "$fstypes" $kernels \
	>"$dest/table.md" || st=$?
cat "$dest/table.md"
say "fstests: results in $dest"
exit $st
