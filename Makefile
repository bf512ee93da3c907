# The readahead series: one entry point. See README.md.
#   make check       checkpatch + build + boot + KUnit + selftests
#   make bench       base vs patched benchmark
#   make ratrace     base vs patched block requests of seven readers
#   make hangloop    the readers that lost queue runs, ROUNDS times (KERNEL=base|linux)
#   make bad-input   bad input to each readahead entry point: base vs patched table
#   make soak        verified readers + writer, ext4/xfs, memcg and pressure (SOAK_MIN=)
#   make fstests     fstests in the guest, base vs patched (FSTESTS=<checkout>)
#   make selftests-loaded  the readahead selftests LOOPS=10 times, host CPUs busy (LOAD=2)
#   make kunit-arm64 the readahead KUnit suite on arm64 with 64 KiB pages (KUNIT_PAGES=)
#   make structs     pahole of struct file and file_ra_state, base vs patched
#   make profile     perf profile of a cache-cold reader, base vs patched (ROW=,
#                    INSNS=1: exact instruction counts per symbol)
#   make tree        build/linux = base + patches/ (git am)
#   make export      build/linux commits -> patches/
#   make checkpatch  scripts/checkpatch.pl --strict on every patch
#   make bisect      build every commit of the series on its own (FROM=n TO=m)
#   make kernel      build the patched kernel   (FLAVOUR=test|debug|kcsan)
#   make base        build the base kernel
#   make vm CMD=...  boot the patched kernel and run CMD
SHELL := /bin/bash
FLAVOUR ?= test

.PHONY: check bench ratrace hangloop bad-input soak fstests selftests-loaded kunit-arm64 structs profile bisect tree export checkpatch kernel base vm deps fetch clean
check: deps
	scripts/check.sh $(FLAVOUR)
bisect: deps
	scripts/bisect-build.sh
ratrace: deps
	scripts/ratrace.sh
hangloop: deps
	scripts/hangloop.sh
bad-input: deps
	scripts/bad-input.sh
soak: deps
	scripts/soak.sh
fstests: deps
	scripts/fstests.sh
selftests-loaded: deps
	scripts/selftests-loaded.sh
kunit-arm64: deps
	scripts/kunit-arm64.sh
structs: deps
	scripts/structs.sh
profile: deps
	scripts/profile.sh
bench: deps
	scripts/bench.sh
tree: deps
	scripts/tree.sh linux
export:
	scripts/export.sh
checkpatch: deps
	scripts/checkpatch.sh
kernel: deps
	scripts/build.sh linux $(FLAVOUR)
base: deps
	scripts/build.sh base $(FLAVOUR)
vm: deps
	scripts/vm-run.sh -k build/linux/.out-$(FLAVOUR)/arch/x86/boot/bzImage -- $(CMD)
deps:
	@scripts/deps.sh
	@scripts/fetch-base.sh
clean:
	rm -rf build/vm build/results
