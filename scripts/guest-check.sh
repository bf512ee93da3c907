#!/bin/bash
# Runs inside the guest for 'make check': the readahead kselftests, TAP on
# stdout. (KUnit has already run at boot; its KTAP is in the dmesg.)
# guest-check.sh KSELFTEST_INSTALL_DIR
set -u
cd "$1" || exit 1
./run_kselftest.sh -c readahead
