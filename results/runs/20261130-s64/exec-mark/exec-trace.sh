#!/bin/bash
T=/sys/kernel/tracing
mount -t tracefs none $T 2>/dev/null
ls $T/events/readahead/
for e in $T/events/readahead/*/enable; do echo 1 > $e; done
echo 1 > $T/tracing_on
"$@"
echo 0 > $T/tracing_on
grep -v "^#" $T/trace | grep mmap_test | head -40
