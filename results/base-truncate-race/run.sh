#!/bin/sh
# In a guest: ext4 on a memory-backed null_blk disk, then trunc_race.c.
# Host: gcc -O2 -pthread -o build/race/trunc_race results/base-truncate-race/trunc_race.c
#       scripts/vm-run.sh -k build/base/.out-test/arch/x86/boot/bzImage -o /tmp/out \
#           -- $PWD/results/base-truncate-race/run.sh /tmp/out
set -e
bin=$(dirname "$0")/../../build/race/trunc_race
d=/sys/kernel/config/nullb/race
mkdir $d && echo 1 > $d/memory_backed && echo 512 > $d/size && echo 1 > $d/power
mkfs.ext4 -q /dev/race && mkdir -p /tmp/m && mount /dev/race /tmp/m
"$bin" /tmp/m/f "${2:-200000}" 2>&1 | tee "$1/out.txt"
uname -r >> "$1/out.txt"
