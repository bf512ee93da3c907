# Sourced inside the guest: null_blk disks through configfs.
# shellcheck shell=bash

# nullb_create NAME ATTR=VALUE...: a powered-on disk /dev/NAME, the
# attributes written in order (null_blk takes none after power-on).
nullb_create() {
	local kv cfg=/sys/kernel/config/nullb/$1
	shift
	mountpoint -q /sys/kernel/config || mount -t configfs configfs /sys/kernel/config
	mkdir "$cfg" || return
	for kv in "$@"; do
		echo "${kv#*=}" >"$cfg/${kv%%=*}" || return
	done
	echo 1 >"$cfg/power"
}

# nullb_remove NAME: unmount what is mounted from it and remove it.
nullb_remove() {
	local cfg=/sys/kernel/config/nullb/$1
	grep -q "^/dev/$1 " /proc/mounts && umount "/dev/$1"
	[ -d "$cfg" ] || return 0
	echo 0 >"$cfg/power"
	rmdir "$cfg"
}

# nullb_ext4 NAME MOUNTPOINT ATTR=VALUE...: a disk formatted and mounted.
# The guest's /tmp shows the host's files: one there by the mount point's
# name (a host-built /tmp/rabench) would stop the run.
nullb_ext4() {
	local name=$1 mnt=$2
	shift 2
	if [ -e "$mnt" ] && [ ! -d "$mnt" ]; then
		echo "$mnt is a file, not a directory (the host's /tmp?): remove it" >&2
		return 1
	fi
	nullb_create "$name" "$@" && mkfs.ext4 -q -F "/dev/$name" &&
		mkdir -p "$mnt" && mount "/dev/$name" "$mnt"
}

# nullb_queue_state NAME: the disk's requests in flight and blk-mq's view
# of its queues (requests dispatched, waiting, requeued; stopped queues),
# to tell a request lost below the page cache from a folio locked with no
# request at all (CONFIG_BLK_DEBUG_FS).
nullb_queue_state() {
	local dbg=/sys/kernel/debug/block/$1 f
	echo "in flight (reads writes): $(cat /sys/block/$1/inflight)"
	mountpoint -q /sys/kernel/debug || mount -t debugfs none /sys/kernel/debug
	for f in "$dbg"/state "$dbg"/requeue_list "$dbg"/hctx*/state \
		 "$dbg"/hctx*/dispatch "$dbg"/hctx*/busy "$dbg"/hctx*/flags \
		 "$dbg"/hctx*/sched_tags "$dbg"/sched/*; do
		[ -r "$f" ] && echo "== ${f#"$dbg"/}" && cat "$f"
	done
}

# nullb_lost_queue_run NAME: requests wait in blk-mq's dispatch list with
# none in flight. The bandwidth throttle (mbps) passes through that state
# for a few ms of every 20 ms tick: when a tick's bytes run out it stops
# the queues and returns BLK_STS_DEV_RESOURCE, and its timer restarts
# them. When the timer's queue run comes before blk-mq has put the
# request back on the dispatch list, which is then marked SCHED_RESTART
# (waiting for a completion that will not come), nothing runs the queue
# again and the readers wait forever on locked folios; so the caller
# also checks that no read completed for seconds. Seen as two
# READ|RAHEAD requests in hctx0/dispatch, nothing in flight, no queue
# stopped (results/lost-queue-run/).
nullb_lost_queue_run() {
	local f
	[ "$(echo $(cat /sys/block/$1/inflight))" = "0 0" ] || return 1
	for f in /sys/kernel/debug/block/$1/hctx*/dispatch; do
		[ -n "$(cat "$f")" ] && return 0
	done
	return 1
}

# nullb_run_queue NAME: run blk-mq's queues of the disk (debugfs).
nullb_run_queue() { echo run >/sys/kernel/debug/block/$1/state; }
