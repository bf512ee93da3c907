#!/usr/bin/env bash
# Install what the build, the VM runner and the tests need (idempotent).
. "$(dirname "$0")/lib.sh"

pkgs=(build-essential flex bison bc libelf-dev libssl-dev ccache cpio kmod
      xz-utils rsync python3 python3-venv qemu-system-x86 busybox-static udev
      fio libaio-dev liburing-dev e2fsprogs xfsprogs python3-matplotlib
      stress-ng)
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

# virtme-ng boots the guests; ply and GitPython are what checkpatch's
# spdxcheck.py imports.
py_pkgs=("virtme-ng==$VIRTME_NG_VERSION" ply==3.11 GitPython==3.1.45)
if ! "$VENV/bin/pip" freeze 2>/dev/null | grep -qix "GitPython==3.1.45" ||
   ! "$VENV/bin/pip" freeze 2>/dev/null | grep -qix "virtme-ng==$VIRTME_NG_VERSION"; then
	say "python packages into $VENV: ${py_pkgs[*]}"
	python3 -m venv "$VENV"
	"$VENV/bin/pip" install -q "${py_pkgs[@]}"
fi
# Sphinx for the documentation build (make check builds the mm and core-api
# guides), in a venv of its own, pinned.
doc_pkgs=(Sphinx==9.0.4 docutils==0.22.4 alabaster==1.0.0 PyYAML==6.0.3)
if ! "$DOCS_VENV/bin/pip" freeze 2>/dev/null | grep -qx "Sphinx==9.0.4"; then
	say "python packages into $DOCS_VENV: ${doc_pkgs[*]}"
	python3 -m venv "$DOCS_VENV"
	"$DOCS_VENV/bin/pip" install -q "${doc_pkgs[@]}"
fi

mkdir -p "$CCACHE_DIR"
ccache -M 20G >/dev/null
