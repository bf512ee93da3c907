#!/bin/bash
# Runs inside the guest for 'make soak':
#   guest-soak.sh RASOAK PHASE_SECONDS STRESS_SECONDS
# On ext4 and on xfs, each on a null_blk disk of its own (memory-backed,
# 100 us a request, 32 in service; discard frees the memory of freed
# blocks), scripts/rasoak.c runs three ways: unconstrained, in a 64 MiB
# memory cgroup, and beside a process that holds all of the guest's free
# memory but 384 MiB (256 for the disk's data, 128 for page cache: less
# than the file, of up to 256 MiB); then stress-ng's
# readahead stressor, with --verify, if stress-ng is installed. Prints a
# "soak: FS MODE: ..." line per run, and exits non-zero if any failed.
set -u
. "$(dirname "$0")/guest-nullb.sh"
rasoak=$1 phase=$2 stress=$3
mnt=/tmp/rasoak-mnt
status=0

# run FS MODE CMD...: one run, its summary line prefixed.
run() {
	local fs=$1 mode=$2 out st
	shift 2
	out=$("$@" 2>&1)
	st=$?
	printf '%s\n' "$out" | grep -v '^rasoak: [0-9]' >&2
	echo "soak: $fs $mode: exit $st: $(printf '%s\n' "$out" | grep '^rasoak: [0-9]')"
	[ "$st" = 0 ] || status=1
}

in_memcg() { # in_memcg CMD...: CMD in a new 64 MiB memory cgroup
	local cg=/sys/fs/cgroup/rasoak
	mountpoint -q /sys/fs/cgroup || mount -t cgroup2 none /sys/fs/cgroup
	echo +memory >/sys/fs/cgroup/cgroup.subtree_control
	mkdir -p "$cg" && echo 64M >"$cg/memory.max" || return 2
	(echo $BASHPID >"$cg/cgroup.procs" && exec "$@")
	local st=$?
	rmdir "$cg"
	return $st
}

for fs in ext4 xfs; do
	force=-F
	[ "$fs" = xfs ] && force=-f
	if [ -e "$mnt" ] && [ ! -d "$mnt" ]; then
		echo "$mnt is a file (the host's /tmp?): remove it" >&2
		exit 2
	fi
	nullb_create soak memory_backed=1 blocksize=4096 size=1024 irqmode=2 \
		completion_nsec=100000 hw_queue_depth=32 discard=1 &&
		"mkfs.$fs" -q "$force" /dev/soak && mkdir -p "$mnt" &&
		mount -o discard /dev/soak "$mnt" || exit 2
	run "$fs" free "$rasoak" -t "$phase" "$mnt/file"
	run "$fs" memcg-64M in_memcg "$rasoak" -t "$phase" "$mnt/file"
	avail=$(awk '/^MemAvailable:/ { print int($2 / 1024) }' /proc/meminfo)
	run "$fs" "pressure-$((avail - 384))M" \
		"$rasoak" -t "$phase" -H $((avail - 384)) "$mnt/file"
	if command -v stress-ng >/dev/null; then
		run "$fs" stress-ng stress-ng --readahead 4 --readahead-bytes 64M \
			--verify --timeout "${stress}s" --temp-path "$mnt" \
			--metrics-brief
	else
		echo "soak: $fs stress-ng: not installed, not run"
	fi
	umount "$mnt"
	nullb_remove soak
done
exit $status
