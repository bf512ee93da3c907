#!/usr/bin/env bash
# splat.sh LOG: print every kernel report (WARN, BUG, Oops, KASAN, KCSAN,
# lockdep, panic, hung task, UBSAN) in LOG with its context; exit 0 if there
# was one, 1 if the log is clean.
pattern='WARNING:|BUG:|Oops|Kernel panic|KASAN|KCSAN|UBSAN|general protection fault|possible circular locking|possible recursive locking|inconsistent lock state|lockdep|INFO: task .* blocked|cut here'
grep -nE "$pattern" "$1" >/dev/null || exit 1
echo "vm-run: kernel report in $1:" >&2
grep -nE -A 25 "$pattern" "$1" | head -n 120 >&2
exit 0
