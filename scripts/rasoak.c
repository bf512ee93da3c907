// SPDX-License-Identifier: GPL-2.0
/*
 * rasoak: a verified soak of the readahead paths (make soak; runs in the
 * guest). Readers of every shape read one file while a writer punches
 * holes in it, fills them again, truncates it and extends it; every byte
 * read is checked against what the file holds at that moment.
 *
 *   rasoak [-s MiB] [-r readers] [-t seconds] [-H MiB] FILE
 *
 * -s: the file's largest size (default 256 MiB; it starts at 3/4 of it
 * and is never cut below half, so that mappings of the first half stay
 * valid); -r: reader threads (default 12); -t: how long (default 60 s);
 * -H: first fill that much anonymous memory and keep touching it (global
 * memory pressure). Prints one summary line and exits 1 if a byte was
 * wrong, 2 on a setup error.
 *
 * The file is a sequence of REGION-sized regions. Each is the pattern
 * (pattern_word() of each 8-byte word's offset), zeros (a hole), or past
 * the end of the file, and has a sequence count that is odd while the
 * writer changes it. A read whose regions had the same even count before
 * and after it must match them exactly, its length included; any other
 * read must hold only pattern bytes and zero bytes (changing_word_ok()).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define REGION		(64 << 10)	/* >= the largest page size */
#define MAX_READ	(1 << 20)
#define SEED		0x72617361ULL

enum kind { PATTERN, ZERO, GONE };

/* The readers: each thread takes one, in turn, with its fd or the shared one. */
enum shape {
	SEQ_4K, SEQ_128K, BACKWARD, STRIDED, RANDOM, MMAP_SEQ, MMAP_RANDOM,
	READAHEAD_SYSCALL, FADVISE, MADVISE, SHARED_CURSOR, NR_SHAPES
};

static const char *const shape_name[NR_SHAPES] = {
	"seq-4k", "seq-128k", "backward", "strided", "random", "mmap-seq",
	"mmap-random", "readahead", "fadvise", "madvise", "shared-cursor",
};

struct region {
	atomic_uint seq;
	atomic_uint kind;
};

static struct region *regions;
static unsigned long nr_regions, min_regions;
static const char *path;
static int shared_fd;
static atomic_bool stop;
static atomic_ulong shared_cursor;
static atomic_ulong reads, exact_bytes, loose_bytes, wrong, writer_ops;

static uint64_t pattern_word(uint64_t off)
{
	return (off / 8 + 1) * 0x9e3779b97f4a7c15ULL ^ SEED;
}

static void fill_pattern(char *buf, uint64_t off, size_t len)
{
	for (size_t i = 0; i < len; i += 8) {
		uint64_t w = pattern_word(off + i);

		memcpy(buf + i, &w, 8);
	}
}

static unsigned long rnd(unsigned int *state, unsigned long n)
{
	return n ? ((unsigned long)rand_r(state) << 16 ^ rand_r(state)) % n : 0;
}

/*
 * A wrong read: @bad is the first bad byte, and for data, @word the word
 * read there and the file's pattern for it (0 otherwise).
 */
static void report(const char *what, enum shape s, uint64_t off, size_t len,
		   ssize_t n, uint64_t bad, const uint64_t *word)
{
	if (atomic_fetch_add(&wrong, 1) >= 10)
		return;
	fprintf(stderr,
		"rasoak: WRONG %s: %s read of %zu at %llu returned %zd, first bad byte at %llu",
		what, shape_name[s], len, (unsigned long long)off, n,
		(unsigned long long)bad);
	if (word)
		fprintf(stderr, ": read %#018llx, pattern %#018llx",
			(unsigned long long)word[0],
			(unsigned long long)word[1]);
	fputc('\n', stderr);
}

/* What the regions of a read held when it started (a seqlock read side). */
struct snap {
	unsigned long first, nr;
	unsigned int seq[MAX_READ / REGION + 2];
	unsigned int kind[MAX_READ / REGION + 2];
};

static void snapshot(struct snap *sn, uint64_t off, size_t len)
{
	sn->first = off / REGION;
	sn->nr = (off + len - 1) / REGION - sn->first + 1;
	for (unsigned long i = 0; i < sn->nr; i++) {
		sn->seq[i] = atomic_load(&regions[sn->first + i].seq);
		sn->kind[i] = atomic_load(&regions[sn->first + i].kind);
	}
}

/* Did no region change, or start to, since the snapshot? */
static bool unchanged(const struct snap *sn)
{
	for (unsigned long i = 0; i < sn->nr; i++)
		if (sn->seq[i] & 1 ||
		    atomic_load(&regions[sn->first + i].seq) != sn->seq[i])
			return false;
	return true;
}

/*
 * A word read while the writer changed its region: each byte must be the
 * pattern's or zero. Copies are not word-atomic (copy_to_user() may move
 * bytes one at a time), so a read that races with a write filling a hole,
 * or with a punch clearing one, may take some bytes of a word from before
 * the change and the rest from after it.
 */
static bool changing_word_ok(uint64_t got, uint64_t w)
{
	for (int b = 0; b < 64; b += 8) {
		uint64_t g = (got >> b) & 0xff;

		if (g && g != ((w >> b) & 0xff))
			return false;
	}
	return true;
}

/*
 * Check @n bytes read at @off (@len asked for, or copied from a mapping if
 * @mapped). If its regions did not change meanwhile, the bytes must be
 * what they held and the length must end at the end of the file (past
 * EOF regions are a suffix of the file: the first one in the read is
 * where it ends); if they did, each word must be pattern or zero.
 */
static void check(enum shape s, const struct snap *sn, const char *buf,
		  uint64_t off, size_t len, ssize_t n, bool mapped)
{
	bool stable = unchanged(sn);
	uint64_t end = off + len;

	atomic_fetch_add(&reads, 1);
	if (n < 0) {
		report("error", s, off, len, n, off, NULL);
		return;
	}
	for (unsigned long i = 0; stable && !mapped && i < sn->nr; i++) {
		if (sn->kind[i] == GONE) {
			uint64_t eof = (uint64_t)(sn->first + i) * REGION;

			end = eof > off ? eof : off;
			break;
		}
	}
	if (stable && (uint64_t)n != end - off) {
		report("length", s, off, len, n, off + n, NULL);
		return;
	}
	for (ssize_t i = 0; i < n; i += 8) {
		uint64_t at = off + i, w = pattern_word(at), got;
		enum kind k = sn->kind[at / REGION - sn->first];

		memcpy(&got, buf + i, 8);
		if (stable ? got != (k == PATTERN ? w : 0) :
			     !changing_word_ok(got, w)) {
			const uint64_t word[] = { got, w };

			report(stable ? "data" : "data (changing)", s, off,
			       len, n, at, word);
			return;
		}
	}
	atomic_fetch_add(stable ? &exact_bytes : &loose_bytes, n);
}

/*
 * A read of @len bytes at *@off, in whole words and below @end: its
 * length, 0 if nothing is left of it.
 */
static size_t clamp_read(uint64_t *off, size_t len, uint64_t end)
{
	*off &= ~7ULL;
	len &= ~7UL;
	if (*off >= end)
		return 0;
	return *off + len > end ? end - *off : len;
}

static void checked_pread(enum shape s, int fd, char *buf, uint64_t off,
			  size_t len)
{
	struct snap sn;
	ssize_t n;

	len = clamp_read(&off, len, (uint64_t)nr_regions * REGION);
	if (!len)
		return;
	snapshot(&sn, off, len);
	n = pread(fd, buf, len, off);
	check(s, &sn, buf, off, len, n, false);
}

/* Mapped reads stay in the first half, which is never cut. */
static void checked_copy(enum shape s, const char *map, char *buf,
			 uint64_t off, size_t len)
{
	struct snap sn;

	len = clamp_read(&off, len, (uint64_t)min_regions * REGION);
	if (!len)
		return;
	snapshot(&sn, off, len);
	memcpy(buf, map + off, len);
	check(s, &sn, buf, off, len, len, true);
}

struct reader {
	pthread_t thread;
	enum shape shape;
	bool shared;
	unsigned int seed;
};

static void *reader(void *arg)
{
	struct reader *rd = arg;
	static const int advice[] = { POSIX_FADV_SEQUENTIAL, POSIX_FADV_RANDOM,
				      POSIX_FADV_NORMAL, POSIX_FADV_WILLNEED };
	static const int madv[] = { MADV_SEQUENTIAL, MADV_RANDOM, MADV_NORMAL,
				    MADV_WILLNEED };
	uint64_t max = (uint64_t)nr_regions * REGION;
	uint64_t mapped = (uint64_t)min_regions * REGION;
	uint64_t pos = rnd(&rd->seed, max / 4096) * 4096;
	char *buf = malloc(MAX_READ), *map = NULL;
	int fd = rd->shared ? shared_fd : open(path, O_RDONLY);
	unsigned long i = 0;

	if (!buf || fd < 0) {
		perror("rasoak: reader");
		exit(2);
	}
	if (rd->shape == MMAP_SEQ || rd->shape == MMAP_RANDOM ||
	    rd->shape == MADVISE) {
		map = mmap(NULL, mapped, PROT_READ, MAP_SHARED, fd, 0);
		if (map == MAP_FAILED) {
			perror("rasoak: mmap");
			exit(2);
		}
	}
	while (!atomic_load(&stop)) {
		switch (rd->shape) {
		case SEQ_4K:
			checked_pread(rd->shape, fd, buf, pos, 4096);
			pos = pos + 4096 < max ? pos + 4096 : 0;
			break;
		case SEQ_128K:
			checked_pread(rd->shape, fd, buf, pos, 128 << 10);
			pos = pos + (128 << 10) < max ? pos + (128 << 10) : 0;
			break;
		case BACKWARD:
			pos = pos >= (16 << 10) ? pos - (16 << 10) : max - (16 << 10);
			checked_pread(rd->shape, fd, buf, pos, 16 << 10);
			break;
		case STRIDED:
			checked_pread(rd->shape, fd, buf, pos, 4096);
			pos = pos + (32 << 10) < max ? pos + (32 << 10) : 0;
			break;
		case RANDOM:
			checked_pread(rd->shape, fd, buf,
				      rnd(&rd->seed, max / 4096) * 4096, 4096);
			break;
		case MMAP_SEQ:
			pos = pos + 4096 < mapped ? pos + 4096 : 0;
			checked_copy(rd->shape, map, buf, pos, 4096);
			break;
		case MMAP_RANDOM:
			checked_copy(rd->shape, map, buf,
				     rnd(&rd->seed, mapped / 4096) * 4096, 4096);
			break;
		case READAHEAD_SYSCALL:
			/* ask for a MiB, then read it in 64 KiB reads */
			if (!(pos % MAX_READ) &&
			    readahead(fd, pos, MAX_READ) && errno != EINVAL) {
				perror("rasoak: readahead");
				exit(2);
			}
			checked_pread(rd->shape, fd, buf, pos, 64 << 10);
			pos = pos + (64 << 10) < max ? pos + (64 << 10) : 0;
			break;
		case FADVISE:
			if (!(i % 256))
				posix_fadvise(fd, 0, 0, advice[i / 256 % 4]);
			checked_pread(rd->shape, fd, buf, pos, 8192);
			pos = pos + 8192 < max ? pos + 8192 : 0;
			break;
		case MADVISE:
			if (!(i % 256))
				madvise(map, mapped, madv[i / 256 % 4]);
			pos = pos + 4096 < mapped ? pos + 4096 : 0;
			checked_copy(rd->shape, map, buf, pos, 4096);
			break;
		case SHARED_CURSOR:
			/* threads taking turns on one stream, as nfsd does */
			pos = atomic_fetch_add(&shared_cursor, 64 << 10) % max;
			checked_pread(rd->shape, fd, buf, pos, 64 << 10);
			break;
		default:
			break;
		}
		i++;
	}
	if (map)
		munmap(map, mapped);
	if (!rd->shared)
		close(fd);
	free(buf);
	return NULL;
}

/* Regions [first, last) change to @kind by @op; their counts are odd meanwhile. */
static void change(unsigned long first, unsigned long last, enum kind kind,
		   int (*op)(int, unsigned long, unsigned long), int fd)
{
	for (unsigned long r = first; r < last; r++)
		atomic_fetch_add(&regions[r].seq, 1);
	if (op(fd, first, last)) {
		perror("rasoak: writer");
		exit(2);
	}
	for (unsigned long r = first; r < last; r++) {
		atomic_store(&regions[r].kind, kind);
		atomic_fetch_add(&regions[r].seq, 1);
	}
}

static int punch(int fd, unsigned long first, unsigned long last)
{
	return fallocate(fd, FALLOC_FL_PUNCH_HOLE | FALLOC_FL_KEEP_SIZE,
			 (off_t)first * REGION, (off_t)(last - first) * REGION);
}

static int fill(int fd, unsigned long first, unsigned long last)
{
	static char buf[REGION];

	for (unsigned long r = first; r < last; r++) {
		fill_pattern(buf, (uint64_t)r * REGION, REGION);
		if (pwrite(fd, buf, REGION, (off_t)r * REGION) != REGION)
			return -1;
	}
	return 0;
}

static int cut(int fd, unsigned long first, unsigned long last)
{
	(void)last;
	return ftruncate(fd, (off_t)first * REGION);
}

static int grow(int fd, unsigned long first, unsigned long last)
{
	(void)first;
	return ftruncate(fd, (off_t)last * REGION);
}

/* One writer: holes, fills, cuts and extensions, a few a second. */
static void *writer(void *arg)
{
	unsigned long size = nr_regions * 3 / 4;	/* as create_file() made it */
	unsigned int seed = 42;
	int fd = open(path, O_RDWR);

	(void)arg;
	if (fd < 0) {
		perror("rasoak: writer open");
		exit(2);
	}
	while (!atomic_load(&stop)) {
		unsigned long first = rnd(&seed, size), n = 1 + rnd(&seed, 8);
		unsigned long last = first + n < size ? first + n : size;
		unsigned long to;

		switch (rnd(&seed, 4)) {
		case 0:
			change(first, last, ZERO, punch, fd);
			break;
		case 1:
			change(first, last, PATTERN, fill, fd);
			break;
		case 2:
			to = min_regions + rnd(&seed, size - min_regions + 1);
			if (to < size)
				change(to, size, GONE, cut, fd);
			size = to < size ? to : size;
			break;
		case 3:
			to = size + rnd(&seed, nr_regions - size + 1);
			if (to <= size)
				break;
			/* half the time a hole, half the time data */
			if (rnd(&seed, 2))
				change(size, to, ZERO, grow, fd);
			else
				change(size, to, PATTERN, fill, fd);
			size = to;
			break;
		}
		atomic_fetch_add(&writer_ops, 1);
		usleep(20000);
	}
	close(fd);
	return NULL;
}

/* Fill @mib of anonymous memory and keep touching it until stopped. */
static void *hog(void *arg)
{
	size_t len = (size_t)(uintptr_t)arg << 20;
	char *mem = mmap(NULL, len, PROT_READ | PROT_WRITE,
			 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (mem == MAP_FAILED) {
		perror("rasoak: hog");
		exit(2);
	}
	while (!atomic_load(&stop)) {
		for (size_t i = 0; i < len && !atomic_load(&stop); i += 4096)
			mem[i]++;
		sleep(1);
	}
	munmap(mem, len);
	return NULL;
}

static int create_file(unsigned long size_regions)
{
	int fd = open(path, O_RDWR | O_CREAT | O_TRUNC, 0644);

	if (fd < 0 || fill(fd, 0, size_regions) || fsync(fd) ||
	    posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED))
		return -1;
	close(fd);
	for (unsigned long r = 0; r < nr_regions; r++)
		atomic_store(&regions[r].kind, r < size_regions ? PATTERN : GONE);
	return 0;
}

int main(int argc, char **argv)
{
	unsigned long size_mb = 256, nr_readers = 12, hog_mb = 0;
	unsigned int seconds = 60;
	pthread_t wthread, hthread;
	struct reader *rd;
	int opt;

	while ((opt = getopt(argc, argv, "s:r:t:H:")) != -1) {
		switch (opt) {
		case 's': size_mb = strtoul(optarg, NULL, 0); break;
		case 'r': nr_readers = strtoul(optarg, NULL, 0); break;
		case 't': seconds = strtoul(optarg, NULL, 0); break;
		case 'H': hog_mb = strtoul(optarg, NULL, 0); break;
		default: goto usage;
		}
	}
	if (optind != argc - 1 || size_mb < 4 || !nr_readers)
		goto usage;
	path = argv[optind];
	nr_regions = size_mb * (1 << 20) / REGION;
	min_regions = nr_regions / 2;
	regions = calloc(nr_regions, sizeof(*regions));
	rd = calloc(nr_readers, sizeof(*rd));
	if (!regions || !rd || create_file(nr_regions * 3 / 4)) {
		perror("rasoak: setup");
		return 2;
	}
	shared_fd = open(path, O_RDONLY);
	if (shared_fd < 0) {
		perror("rasoak: open");
		return 2;
	}
	if (hog_mb)
		pthread_create(&hthread, NULL, hog, (void *)(uintptr_t)hog_mb);
	pthread_create(&wthread, NULL, writer, NULL);
	for (unsigned long i = 0; i < nr_readers; i++) {
		rd[i].shape = i % NR_SHAPES;
		rd[i].shared = i % 2 || rd[i].shape == SHARED_CURSOR;
		rd[i].seed = i + 1;
		pthread_create(&rd[i].thread, NULL, reader, &rd[i]);
	}
	sleep(seconds);
	atomic_store(&stop, true);
	for (unsigned long i = 0; i < nr_readers; i++)
		pthread_join(rd[i].thread, NULL);
	pthread_join(wthread, NULL);
	if (hog_mb)
		pthread_join(hthread, NULL);
	printf("rasoak: %lu s, %lu readers, %lu reads, %lu bytes verified exactly, %lu while changing, %lu writer ops, %lu wrong\n",
	       (unsigned long)seconds, nr_readers, atomic_load(&reads),
	       atomic_load(&exact_bytes), atomic_load(&loose_bytes),
	       atomic_load(&writer_ops), atomic_load(&wrong));
	return atomic_load(&wrong) ? 1 : 0;
usage:
	fprintf(stderr, "usage: rasoak [-s MiB] [-r readers] [-t seconds] [-H MiB] FILE\n");
	return 2;
}
