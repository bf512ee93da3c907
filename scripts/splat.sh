#!/usr/bin/env bash
# splat.sh LOG: print every kernel report in LOG (WARN, BUG, Oops, panic,
# KASAN, KCSAN, UBSAN, lockdep, hung task) with its context; exit 0 if there
# was one, 1 if the log is clean. Lockdep reports start with "WARNING:"
# (circular/recursive locking, suspicious RCU usage) or "INFO:".
pattern='WARNING:|BUG:|Oops|Kernel panic|KASAN:|KCSAN:|UBSAN:|general protection fault|INFO: task .* blocked|INFO: possible|INFO: trying to register non-static key|------------\[ cut here \]'
grep -qE "$pattern" "$1" || exit 1
echo "vm-run: kernel report in $1:" >&2
grep -nE -A 25 "$pattern" "$1" | head -n 120 >&2
exit 0
