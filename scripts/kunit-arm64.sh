#!/usr/bin/env bash
# make kunit-arm64: the readahead KUnit suite on an arm64 kernel with 64 KiB
# pages (CONFIG_ARM64_64K_PAGES, as RHEL's arm64 kernel), built with the
# cross compiler and booted under qemu-system-aarch64 by kunit.py. Sizes
# that are right on 4 KiB pages can round to 0 pages there.
#   KUNIT_PAGES=64K (default) | 16K | 4K
. "$(dirname "$0")/lib.sh"

pages=${KUNIT_PAGES:-64K}
case $pages in
4K|16K|64K) ;;
*) die "KUNIT_PAGES=$pages: one of 4K, 16K, 64K" ;;
esac
# The cross compiler and QEMU for arm64: only this target needs them.
if ! command -v aarch64-linux-gnu-gcc >/dev/null ||
   ! command -v qemu-system-aarch64 >/dev/null; then
	say "apt-get install gcc-aarch64-linux-gnu qemu-system-arm"
	DEBIAN_FRONTEND=noninteractive apt-get install -y -q \
		--no-install-recommends gcc-aarch64-linux-gnu qemu-system-arm ||
		die "cannot install gcc-aarch64-linux-gnu and qemu-system-arm"
fi

tree=$BUILD/linux
out=$BUILD/kunit-arm64-$pages
res=$BUILD/results/kunit-arm64-$pages
[ -d "$tree/.git" ] || "$TOP/scripts/tree.sh" linux
mkdir -p "$out" "$res"

say "KUnit (readahead) on arm64, ${pages} pages, in $out"
started=$SECONDS
# pauth-impdef: QEMU's architected pointer authentication is slow under TCG.
(cd "$tree" && python3 tools/testing/kunit/kunit.py run \
	--arch=arm64 --cross_compile=aarch64-linux-gnu- \
	--make_options="CC=ccache aarch64-linux-gnu-gcc" \
	--build_dir="$out" --jobs="$(nproc)" --timeout=900 \
	--kunitconfig=mm/tests/readahead.kunitconfig \
	--kconfig_add="CONFIG_ARM64_${pages}_PAGES=y" \
	--qemu_args="-cpu max,pauth-impdef=on") 2>&1 | tee "$res/kunit.log"
st=${PIPESTATUS[0]}
echo "kunit-arm64 ($pages pages): $((SECONDS - started)) s; log in $res"
grep -q "CONFIG_ARM64_${pages}_PAGES=y" "$out/.config" ||
	die "$out/.config does not have CONFIG_ARM64_${pages}_PAGES=y"
exit "$st"
