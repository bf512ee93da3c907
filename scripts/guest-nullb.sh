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
nullb_ext4() {
	local name=$1 mnt=$2
	shift 2
	nullb_create "$name" "$@" && mkfs.ext4 -q -F "/dev/$name" &&
		mkdir -p "$mnt" && mount "/dev/$name" "$mnt"
}
