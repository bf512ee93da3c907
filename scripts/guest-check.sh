#!/bin/bash
# Runs inside the guest for 'make check': the kselftests, TAP on stdout.
# (KUnit has already run at boot; its KTAP is in the dmesg.)
# guest-check.sh KSELFTEST_INSTALL_DIR
#
# The readahead selftests make their own disks. The kernel's cachestat and
# mincore tests create files in their working directory, which must be on
# a real filesystem (the guest's root is a read-only 9p export): run the
# suite from a copy on an ext4 null_blk disk of its own.
set -u
. "$(dirname "$0")/guest-nullb.sh"
src=$1
work=/tmp/kstwork

nullb_ext4 kstwork "$work" memory_backed=1 blocksize=4096 size=512 irqmode=0 &&
	cp -a "$src/." "$work/" || exit 1

cd "$work"
# splice's short_splice_read.sh reads a module's sysfs sections: the test
# kernel has no modules, so it is left out rather than skipped every time.
./run_kselftest.sh -c readahead -c cachestat -c mincore \
	-t splice:default_file_splice_read.sh
status=$?

cd /
nullb_remove kstwork
exit $status
