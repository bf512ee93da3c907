#!/usr/bin/env bash
# make fstests FSTESTS=<fstests checkout>: fstests in the guest, on ext4
# and xfs, against the base and the patched kernel, and a table of
# pass/fail/notrun per test and kernel.
#   FSTESTS=DIR         a checkout of fstests (not packaged by Debian):
#                       git clone https://git.kernel.org/pub/scm/fs/xfs/xfstests-dev.git
#                       It is built here (make) if it is not built yet.
#   FSTESTS_GROUP=quick the group to run ("" for none)
#   FSTESTS_TESTS="..." tests run as well; by default the read-path tests
#                       that exercise readahead. @FILE: the tests FILE
#                       names, one a line (more than the guest's command
#                       line holds); the run keeps a copy, tests.list
#   FSTYPES="ext4 xfs"  KERNELS="base linux"
#   FSTESTS_RESUME=<stamp>  go on with an interrupted run (same settings,
#                       the same kernel images and fstests checkout; the
#                       selftests and documents may change): the tests it
#                       finished are kept and not run again
# Each kernel and file system is one boot (2 vCPUs, 8 GiB; TCG: the quick
# group takes hours, so a run may need several sessions). Writes
# results/runs/<stamp>-fstests/: table.md, each run's check.log and
# result*.xml (one per attempt), meta.json. Fails if a test fails on the
# patched kernel and not on the base.
. "$(dirname "$0")/lib.sh"

src=${FSTESTS:-}
group=${FSTESTS_GROUP-quick}
tests=${FSTESTS_TESTS:-generic/091 generic/127 generic/209 generic/263 generic/469 generic/616}
fstypes=${FSTYPES:-ext4 xfs}
kernels=${KERNELS:-base linux}
resume=${FSTESTS_RESUME:-}
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

if [[ $tests == @* ]] && [ -z "$resume" ]; then
	[ -s "${tests#@}" ] || die "FSTESTS_TESTS=$tests: ${tests#@} is missing or empty"
	bad=$(grep -vxE '[a-z0-9]+/[0-9]+' "${tests#@}" | head -n 3) &&
		die "FSTESTS_TESTS=$tests: not test names (<dir>/<number>): $bad"
fi
cmd="make fstests FSTESTS_GROUP=\"$group\" FSTESTS_TESTS=\"$tests\" FSTYPES=\"$fstypes\" KERNELS=\"$kernels\""
stamp=${resume:-$(date -u +%Y%m%d-%H%M%S)}
raw=$BUILD/fstests/$stamp
dest=$TOP/results/runs/$stamp-fstests
# meta KEY: a member of the run's meta.json
meta() { meta_json "$dest/meta.json" "$1"; }
if [ -n "$resume" ]; then
	[ -f "$dest/meta.json" ] ||
		die "FSTESTS_RESUME=$resume: no run in $dest"
	[ "$(meta command)" = "$cmd" ] ||
		die "FSTESTS_RESUME=$resume was '$(meta command)', not '$cmd': give the same settings"
	[ -f "$dest/images.sha256" ] ||
		die "FSTESTS_RESUME=$resume: $dest has no images.sha256 (the kernels it ran)"
	say "resuming $dest"
fi
mkdir -p "$raw" "$dest"
if [[ $tests == @* ]]; then
	[ -n "$resume" ] || cp "${tests#@}" "$dest/tests.list"
	tests=@$dest/tests.list
fi
for t in $kernels; do "$TOP/scripts/build.sh" "$t" test; done
# What a run ran: the kernels' images (the builds are reproducible, so the
# same sources, configs and compiler give the same image) and the fstests
# checkout. A resumed run goes on only with the same, whatever else
# (selftests, documents) changed between sessions.
images=$(for t in $kernels; do
	echo "$t $(sha256sum <"$BUILD/$t/.out-test/arch/x86/boot/bzImage" | cut -d' ' -f1)"
done)
version="fstests: $(git -C "$src" describe --always --dirty 2>/dev/null || echo "not a git checkout")"
if [ -z "$resume" ]; then
	"$TOP/scripts/meta.py" "$dest/meta.json" "$cmd"
	echo "$images" >"$dest/images.sha256"
	echo "$version" >"$dest/fstests-version.txt"
else
	[ "$images" = "$(cat "$dest/images.sha256")" ] ||
		die "FSTESTS_RESUME=$resume ran other kernels: $dest/images.sha256 has
$(cat "$dest/images.sha256")
and the images built now are
$images"
	[ "$version" = "$(cat "$dest/fstests-version.txt")" ] ||
		die "FSTESTS_RESUME=$resume ran $(cat "$dest/fstests-version.txt"), FSTESTS=$src is $version"
fi

# left_to_run FSTYPE DONE_LIST [TEST...]: the tests of $group for FSTYPE
# (from fstests' group.list files) and TESTs that DONE_LIST does not name.
left_to_run() {
	local fs=$1 done=$2 d
	shift 2
	{
		if [ -n "$group" ]; then
			for d in generic shared "$fs"; do
				[ -f "$src/tests/$d/group.list" ] || continue
				awk -v d="$d" -v g="$group" '!/^#/ && NF {
					for (i = 2; i <= NF; i++)
						if ($i == g) { print d "/" $1; break }
				}' "$src/tests/$d/group.list"
			done
		fi
		for a in "$@"; do
			if [[ $a == @* ]]; then cat "${a#@}"; else echo "$a"; fi
		done
	} | sort -u | grep -vxF -f "$done"
}

for t in $kernels; do
	for f in $fstypes; do
		out=$raw/$t-$f
		keep=$dest/$t-$f
		if [ -e "$keep/done" ]; then
			say "fstests $t $f: done already"
			continue
		fi
		mkdir -p "$out" "$keep"
		# An attempt that was cut off (its session ended) left the report
		# fstests rewrites before each test: keep it, and leave out the
		# tests it has.
		n=$(find "$keep" -name 'result*.xml' | wc -l)
		if [ -f "$out/fstests/results/result.xml" ]; then
			cp "$out/fstests/results/result.xml" "$keep/result-$n.xml"
			n=$((n + 1))
		fi
		python3 "$TOP/scripts/fstests-table.py" --done "$keep" >"$out/done.list"
		# check -E still sets up each test it leaves out (about 8 s
		# each under TCG): an attempt after the first names the tests
		# left instead of the group, in a file (the guest's command
		# line has no room for them).
		g=$group
		args=($tests)
		if [ -s "$out/done.list" ]; then
			say "fstests $t $f: $(wc -l <"$out/done.list") tests done already"
			left_to_run "$f" "$out/done.list" $tests >"$out/left.list" || true
			if [ ! -s "$out/left.list" ]; then
				touch "$keep/done"
				continue
			fi
			say "fstests $t $f: $(wc -l <"$out/left.list") tests left"
			g=
			args=("@$out/left.list")
		fi
		# fstests writes beside itself: the guest runs a copy in its
		# results directory, the one directory it can write.
		rm -rf "$out/fstests"
		cp -a "$src" "$out/fstests"
		st=0
		"$TOP/scripts/vm-run.sh" -m 8G -t 36000 -o "$out" \
			-k "$BUILD/$t/.out-test/arch/x86/boot/bzImage" -- \
			"$TOP/scripts/guest-fstests.sh" "$out/fstests" "$f" "$g" \
			"${args[@]}" || st=$?
		say "fstests $t $f: guest exit status $st"
		cp "$out/out.log" "$keep/out-$n.log"
		cp "$out/dmesg.txt" "$keep/dmesg-$n.txt"
		for r in check.log result.xml; do
			find "$out/fstests/results" -name "$r" -exec cp {} "$keep/${r%.*}-$n.${r##*.}" \; 2>/dev/null || true
		done
		# check ran to its end (the guest says so): nothing left to run
		[ -e "$out/fstests/results/finished" ] && touch "$keep/done"
		rm -rf "$out/fstests"
	done
done
st=0
python3 "$TOP/scripts/fstests-table.py" "$dest" "$fstypes" $kernels \
	>"$dest/table.md" || st=$?
cat "$dest/table.md"
say "fstests: results in $dest"
exit $st
