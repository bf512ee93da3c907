#!/usr/bin/env bash
# Install what the build, the VM runner and the tests need (idempotent).
. "$(dirname "$0")/lib.sh"

pkgs=(build-essential flex bison bc libelf-dev libssl-dev ccache cpio kmod
      xz-utils rsync python3 python3-venv qemu-system-x86 busybox-static udev
      fio libaio-dev liburing-dev e2fsprogs xfsprogs)
missing=()
for p in "${pkgs[@]}"; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'ok installed' ||
		missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
	say "apt-get install ${missing[*]}"
	apt-get update -q
	DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${missing[@]}"
fi

if [ "$("$VENV/bin/pip" show virtme-ng 2>/dev/null | sed -n 's/^Version: //p')" != "$VIRTME_NG_VERSION" ]; then
	say "virtme-ng $VIRTME_NG_VERSION into $VENV"
	python3 -m venv "$VENV"
	"$VENV/bin/pip" install -q "virtme-ng==$VIRTME_NG_VERSION"
fi
mkdir -p "$CCACHE_DIR"
ccache -M 20G >/dev/null
