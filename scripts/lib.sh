# Shared settings for the scripts in this directory; sourced, not run.
# shellcheck shell=bash
set -euo pipefail

TOP=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
: "${HOME:=/root}"
CACHE=${RA_CACHE:-$HOME/.cache/readahead-series}
BUILD=$TOP/build

# The base: Debian's linux-source-7.2 from trixie-backports, pinned.
BASE_PKG=linux-source-7.2
BASE_VERSION=${RA_BASE_VERSION:-7.2.11-1~bpo13+1}
BASE_SHA256=${RA_BASE_SHA256:-97a3aac3a9eeb8f18e8b0511af9261c54605fd23b712f1a48144360a123738a2}
BASE_SUITE=trixie-backports
BASE_GIT=$CACHE/base.git
BASE_TAG=base
# The base kernel that make bench, ratrace and hangloop compare against:
# the base plus the first BASE_PATCHES patches of patches/series, fixes
# outside readahead that the emulated disks need (null_blk's throttle
# losing a queue run, reading below its rate, or not at all, with
# requests of some sizes, stopping its timer in a race, and keeping it
# set up when a device goes away), so that both kernels run on the same
# disks.
BASE_PATCHES=5

# Identity used for the base commit and for every patch in the series.
RA_NAME="Readahead Series"
RA_EMAIL="readahead-series@example.org"

VENV=$CACHE/venv
DOCS_VENV=$CACHE/docs-venv
VIRTME_NG_VERSION=1.42
export CCACHE_DIR=${CCACHE_DIR:-$HOME/.cache/readahead-series-ccache}

say() { printf '==> %s\n' "$*" >&2; }
die() { printf 'error: %s\n' "$*" >&2; exit 1; }

# meta_json FILE KEY: a member of a run's meta.json (nested keys joined by
# dots)
meta_json() {
	python3 -c 'import json, sys
v = json.load(open(sys.argv[1]))
for k in sys.argv[2].split("."):
	v = v[k]
print(v)' "$1" "$2"
}
