#!/usr/bin/env python3
"""Readers for guest-ratrace.sh: ra-readers.py PATTERN FILE.

Each pattern reads the file in a fixed, seeded order, so that one kernel
issues the same block requests every time.
"""
import mmap
import os
import random
import sys

PAGE = 4096


def main():
    pattern, path = sys.argv[1:]
    fd = os.open(path, os.O_RDONLY)
    size = os.fstat(fd).st_size
    pages = size // PAGE
    rng = random.Random(42)
    if pattern.startswith("seq"):
        bs = 4096 if pattern == "seq4k" else 128 * 1024
        for off in range(0, size, bs):
            os.pread(fd, bs, off)
    elif pattern == "random":
        for _ in range(2000):
            os.pread(fd, PAGE, rng.randrange(pages) * PAGE)
    elif pattern == "reverse":
        bs = 64 * 1024
        for off in range(size - bs, -1, -bs):
            os.pread(fd, bs, off)
    elif pattern == "stride":
        for off in range(0, size, 2 * PAGE):
            os.pread(fd, PAGE, off)
    elif pattern.startswith("mmap"):
        m = mmap.mmap(fd, size, prot=mmap.PROT_READ)
        order = range(pages) if pattern == "mmap-seq" else \
            [rng.randrange(pages) for _ in range(2000)]
        for p in order:
            m[p * PAGE]
        m.close()
    else:
        sys.exit(f"unknown pattern {pattern}")
    os.close(fd)


if __name__ == "__main__":
    main()
