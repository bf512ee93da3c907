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

# The device models: configs/devices.conf, or a copy beside this script
# (make bench runs copies of the guest scripts).
nullb_devices=$(dirname "${BASH_SOURCE[0]}")/devices.conf
[ -e "$nullb_devices" ] ||
	nullb_devices=$(dirname "${BASH_SOURCE[0]}")/../configs/devices.conf

# nullb_model_words MODEL: the default line's words, then MODEL's.
nullb_model_words() {
	local words
	words=$(awk -v m="$1" '$1 == m && m != "default" { $1 = ""; print "x" $0 }' "$nullb_devices")
	[ -n "$words" ] || {
		echo "unknown device model '$1'; $nullb_devices has:" \
			$(awk '/^[a-z]/ && $1 != "default" { print $1 }' "$nullb_devices") >&2
		return 1
	}
	echo $(awk '$1 == "default" { $1 = ""; print }' "$nullb_devices") ${words#x}
}

# nullb_model NAME MODEL MOUNTPOINT: MODEL's disk as /dev/NAME, ext4,
# mounted, its queue set as the model says.
nullb_model() {
	local name=$1 words w attrs=() queue=()
	words=$(nullb_model_words "$2") || return
	for w in $words; do
		case $w in
		queue.*) queue+=("${w#queue.}") ;;
		*) attrs+=("$w") ;;
		esac
	done
	nullb_ext4 "$name" "$3" "${attrs[@]}" || return
	for w in "${queue[@]}"; do
		echo "${w#*=}" >"/sys/block/$name/queue/${w%%=*}" || return
	done
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

# nullb_busy NAME: reads in flight, or requests waiting in blk-mq's
# dispatch lists, or reads in mq-deadline's (CONFIG_BLK_DEBUG_FS).
# Writes (a journal commit) do not count: the readers wait on reads. A reader that waits
# while no read completes for seconds and the disk is busy has lost its
# requests below the page cache: before the series' null_blk fix, the
# throttle (mbps) left requests in hctx0/dispatch, marked SCHED_RESTART,
# with none in flight and no queue stopped.
nullb_busy() {
	local f dbg=/sys/kernel/debug/block/$1
	[ "$(awk '{print $1}' /sys/block/$1/inflight)" != 0 ] && return 0
	for f in "$dbg"/hctx*/dispatch "$dbg"/sched/read*_fifo_list; do
		[ -r "$f" ] && [ -n "$(cat "$f")" ] && return 0
	done
	return 1
}

# nullb_run_queue NAME: run blk-mq's queues of the disk (debugfs).
nullb_run_queue() { echo run >/sys/kernel/debug/block/$1/state; }
