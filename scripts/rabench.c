// SPDX-License-Identifier: GPL-2.0
/*
 * rabench: the readers of 'make bench' that fio cannot express (threads on
 * one shared fd, backward and strided streams, slow streams), with every
 * byte read checked against the pattern 'rabench fill' wrote.
 *
 *   rabench fill FILE... SIZE	(SIZE in MiB, or in KiB with a k: 32k)
 *   rabench MODE [-t threads] [-b bs_kib] [-r seconds] [-R kib_per_s]
 *                [-i start_ms] [-S stride_kib] [-O start_mib] [-l] [-s] [-n]
 *                [-w times] [-H] [-A random] [-c count] FILE...
 *
 * MODE    readers
 * seq     one thread per FILE, forward
 * shared  -t threads on one fd of one FILE, each its own region (-s: an
 *         fd each)
 * coop    -t threads on one fd taking consecutive chunks of one stream
 * mixed   one forward reader and -t - 1 random 4 KiB readers on one fd;
 *         the forward reader's throughput is reported
 * reverse one thread, bs blocks from the end of FILE to its start
 * stride  one thread, bs read every -S KiB (default: bs read, bs skipped)
 * rand    -t threads, random bs blocks; with -c, count blocks each and
 *         stop: the same reads on both kernels, from the same seeds
 * files   one thread, each FILE in turn: opened, read forward from its start
 *         to its end (with -c, its first count blocks only), closed:
 *         streams that start and end within a file (small files read
 *         whole; a file's header, as file(1) or an indexer reads it)
 * mmap    one thread, forward through a shared mapping, from -O MiB into
 *         FILE (default 0); -H advises MADV_HUGEPAGE for the mapping
 * mmaprand one thread, random bs blocks through a shared mapping, as rand
 *         reads them (-c: count blocks, the same on both kernels)
 * aio     -t threads, each with its own aio context and its own part of
 *         the file, keeping -d random bs reads in flight with
 *         io_submit(), -B per call (default: as many as there is room
 *         for), each block of its part once, in an
 *         order from the thread's seed (as fio's random map does: a
 *         block read twice would be a cache hit, not the device's),
 *         until all are read or -r; -F sets IOCB_FLAG_BUFFERED_ASYNC on
 *         each iocb (kernels that do not know it ignore it), -D opens the
 *         file O_DIRECT. libaio is not needed: the system calls are made
 *         directly.
 *
 * -A random: POSIX_FADV_RANDOM on every fd (FMODE_RANDOM), or MADV_RANDOM
 * for mmap's mapping (VM_RAND_READ): the paths that do not read ahead.
 * splice  one thread, forward, FILE -> pipe -> buffer
 * thrash  -t forward streams on regions of one FILE, each at -R KiB/s,
 *         started -i ms apart
 *
 * -q does not time each read (cache-hot rows, whose cost is the read path's:
 * the clock would add to it); max_read_ms is then 0.
 *
 * -n leaves the data unchecked: for cache-hot rows on data already checked,
 * whose cost is then the read path's alone. -w N checks it N times: a
 * reader with work to do on what it reads, which readahead lets overlap
 * with the device's.
 *
 * Readers stop at the end of their region (with -l they wrap around) or
 * after -r seconds. Prints one line of JSON: bytes read, seconds, MiB/s,
 * the longest single read (a pread, a splice, or the faults of one
 * block of a mapping) in ms, and the CPU seconds (user and system) the
 * readers used: a run whose cpu_s is near seconds x threads was bound by
 * its own CPU, not by the device.
 * Exits 1 on any I/O error or on data that is not the pattern.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <sys/resource.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <linux/aio_abi.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#ifndef IOCB_FLAG_BUFFERED_ASYNC
#define IOCB_FLAG_BUFFERED_ASYNC	(1 << 2)
#endif

#define MAX_THREADS	256
#define RAND_BS		4096

struct opts {
	const char *mode;
	int threads;
	size_t bs;
	double seconds;
	double rate;		/* bytes per second per stream, 0: unlimited */
	double start_gap;	/* seconds between stream starts */
	bool loop;
	bool own_fd;		/* shared: an fd per thread */
	bool no_check;		/* -n: do not check the data */
	bool untimed;		/* -q: do not time each read */
	size_t stride;		/* stride: from one read to the next */
	off_t map_start;	/* mmap: -O, where the reader starts */
	bool hugepage;		/* mmap: -H, MADV_HUGEPAGE */
	bool random_advice;	/* -A random: POSIX_FADV_RANDOM, MADV_RANDOM */
	int work;		/* -w: times to check the data */
	long count;		/* rand, files: -c, reads per reader or file */
	int depth;		/* aio: -d, reads in flight */
	int batch;		/* aio: -B, reads per io_submit() (0: room) */
	bool buffered_async;	/* aio: -F, IOCB_FLAG_BUFFERED_ASYNC */
	bool direct;		/* -D: O_DIRECT */
};

struct reader {
	pthread_t tid;
	int fd;
	uint64_t seed;
	off_t start, end;	/* region [start, end) */
	int index;
	uint64_t bytes;
	double finished;
};

static struct opts o = {
	.threads = 1, .bs = 4096, .seconds = 3600, .work = 1, .depth = 1,
};
static double t0, deadline;
static atomic_bool stop;
static atomic_llong coop_cursor;
static atomic_llong longest_us;	/* the longest single read, any reader */
static char **file_list;	/* files: the FILEs, opened one at a time */
static int file_count;

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static void die(const char *what)
{
	perror(what);
	exit(1);
}

/* The file's name picks its pattern, so data from a wrong file fails. */
static uint64_t name_seed(const char *path)
{
	const char *base = strrchr(path, '/');
	uint64_t h = 1469598103934665603ULL;

	for (base = base ? base + 1 : path; *base; base++)
		h = (h ^ (unsigned char)*base) * 1099511628211ULL;
	return h;
}

static uint64_t pattern(uint64_t seed, off_t pos)
{
	return ((uint64_t)pos / 8 + 1) * 0x9E3779B97F4A7C15ULL ^ seed;
}

static void check(const struct reader *r, const void *buf, off_t pos, size_t len)
{
	const uint64_t *w = buf;
	size_t i;
	int n;

	if (o.no_check)
		return;
	for (n = 0; n < o.work; n++) {
		for (i = 0; i < len / 8; i++) {
			if (w[i] != pattern(r->seed, pos + i * 8)) {
				fprintf(stderr, "rabench: bad data at offset %lld\n",
					(long long)(pos + i * 8));
				exit(1);
			}
		}
	}
}

/* A read that took seconds is a stall below the page cache, not a slow disk. */
static void timed(double started)
{
	long long us, cur;

	if (o.untimed)
		return;
	us = (now() - started) * 1e6;
	cur = atomic_load(&longest_us);

	while (us > cur && !atomic_compare_exchange_weak(&longest_us, &cur, us))
		;
}

static bool out_of_time(void)
{
	return atomic_load(&stop) || now() >= deadline;
}

/* Read and check [pos, pos + len); returns bytes read, 0 at end of file. */
static size_t read_at(struct reader *r, char *buf, off_t pos, size_t len)
{
	double started = o.untimed ? 0 : now();
	ssize_t n;

	do {
		n = pread(r->fd, buf, len, pos);
	} while (n < 0 && errno == EINTR);
	if (n < 0)
		die("pread");
	timed(started);
	check(r, buf, pos, n);
	r->bytes += n;
	return n;
}

/* Wrap at the end of the region with -l, else stop there. */
static bool next_pos(struct reader *r, off_t *pos)
{
	if (*pos + (off_t)o.bs <= r->end)
		return true;
	if (!o.loop)
		return false;
	*pos = r->start;
	return true;
}

static void pace(struct reader *r, double started)
{
	double due;

	if (!o.rate)
		return;
	due = started + r->bytes / o.rate;
	while (now() < due && !out_of_time())
		usleep(1000);
}

static void forward(struct reader *r, char *buf)
{
	double started = now();
	off_t pos = r->start;

	while (!out_of_time() && next_pos(r, &pos)) {
		if (!read_at(r, buf, pos, o.bs))
			break;
		pos += o.bs;
		pace(r, started);
	}
}

static int open_file(const char *path, off_t *size);

static void each_file(struct reader *r, char *buf)
{
	off_t pos, size;
	long n;
	int i;

	for (i = 0; i < file_count && !out_of_time(); i++) {
		r->fd = open_file(file_list[i], &size);
		r->seed = name_seed(file_list[i]);
		for (pos = 0, n = 0; pos < size && !out_of_time(); pos += o.bs) {
			if (!read_at(r, buf, pos, o.bs) || ++n == o.count)
				break;
		}
		if (close(r->fd))
			die("close");
	}
}

static void backward(struct reader *r, char *buf)
{
	off_t pos = r->end - o.bs;

	while (!out_of_time() && pos >= r->start) {
		read_at(r, buf, pos, o.bs);
		pos -= o.bs;
	}
}

static void strided(struct reader *r, char *buf)
{
	off_t pos = r->start;

	while (!out_of_time() && next_pos(r, &pos)) {
		read_at(r, buf, pos, o.bs);
		pos += o.stride ? o.stride : 2 * o.bs;
	}
}

/* A reader's own sequence, the same on both kernels: they read the same blocks. */
static unsigned int reader_seed(const struct reader *r)
{
	return r->index * 7919 + 1;
}

/* The offset of a random @bs block of @r's range. */
static off_t random_block(const struct reader *r, unsigned int *state, size_t bs)
{
	return r->start + (off_t)(rand_r(state) % ((r->end - r->start) / bs)) * bs;
}

static void random_reads(struct reader *r, char *buf, size_t bs)
{
	unsigned int state = reader_seed(r);
	long n;

	for (n = 0; !out_of_time() && (!o.count || n < o.count); n++)
		read_at(r, buf, random_block(r, &state, bs), bs);
}

/* Submit @n iocbs: io_submit() may take fewer than asked, or be interrupted. */
static void submit_all(aio_context_t ctx, struct iocb **cbp, int n)
{
	long ret;
	int done;

	for (done = 0; done < n; done += ret) {
		ret = syscall(SYS_io_submit, ctx, n - done, cbp + done);
		if (ret < 0 && errno != EINTR && errno != EAGAIN)
			die("io_submit");
		if (ret < 0)
			ret = 0;
	}
}

/* -d random reads in flight through io_submit(), -B per call. */
static void async_reads(struct reader *r)
{
	int per_call = o.batch ? o.batch : o.depth, nfree = o.depth;
	struct iocb *cbs = calloc(o.depth, sizeof(*cbs));
	struct iocb **cbp = calloc(o.depth, sizeof(*cbp));
	struct io_event *ev = calloc(o.depth, sizeof(*ev));
	double *started = calloc(o.depth, sizeof(*started));
	int *free_slot = calloc(o.depth, sizeof(*free_slot));
	unsigned int state = reader_seed(r);
	off_t blocks = (r->end - r->start) / o.bs, next = 0, j, tmp;
	off_t *order = calloc(blocks, sizeof(*order));
	aio_context_t ctx = 0;
	long got, i;
	char *bufs;
	int n, s;

	if (!cbs || !cbp || !ev || !started || !free_slot || !order ||
	    posix_memalign((void **)&bufs, 4096, o.depth * o.bs))
		die("calloc");
	/* A Fisher-Yates shuffle of the blocks: each is read once. */
	for (j = 0; j < blocks; j++)
		order[j] = j;
	for (j = blocks - 1; j > 0; j--) {
		off_t k = ((off_t)rand_r(&state) << 16 ^ rand_r(&state)) % (j + 1);

		tmp = order[j];
		order[j] = order[k];
		order[k] = tmp;
	}
	if (syscall(SYS_io_setup, o.depth, &ctx))
		die("io_setup");
	for (s = 0; s < o.depth; s++)
		free_slot[s] = s;
	for (;;) {
		while (nfree && next < blocks && !out_of_time()) {
			for (n = 0; nfree && next < blocks && n < per_call; n++) {
				s = free_slot[--nfree];
				cbs[s] = (struct iocb) {
					.aio_data = s,
					.aio_lio_opcode = IOCB_CMD_PREAD,
					.aio_fildes = r->fd,
					.aio_buf = (uintptr_t)(bufs + s * o.bs),
					.aio_nbytes = o.bs,
					.aio_offset = r->start +
						      order[next++] * o.bs,
					.aio_flags = o.buffered_async ?
						     IOCB_FLAG_BUFFERED_ASYNC : 0,
				};
				started[s] = o.untimed ? 0 : now();
				cbp[n] = &cbs[s];
			}
			submit_all(ctx, cbp, n);
		}
		if (nfree == o.depth)
			break;
		got = syscall(SYS_io_getevents, ctx, 1, o.depth, ev, NULL);
		if (got < 0 && errno == EINTR)
			continue;
		if (got < 0)
			die("io_getevents");
		for (i = 0; i < got; i++) {
			s = ev[i].data;
			if (ev[i].res != (long long)o.bs) {
				fprintf(stderr, "rabench: aio read at %lld returned %lld\n",
					(long long)cbs[s].aio_offset, (long long)ev[i].res);
				exit(1);
			}
			timed(started[s]);
			check(r, bufs + s * o.bs, cbs[s].aio_offset, o.bs);
			r->bytes += o.bs;
			free_slot[nfree++] = s;
		}
	}
	syscall(SYS_io_destroy, ctx);
	free(order);
	free(bufs);
	free(free_slot);
	free(started);
	free(ev);
	free(cbp);
	free(cbs);
}

static void cooperative(struct reader *r, char *buf)
{
	off_t pos;

	while (!out_of_time()) {
		pos = atomic_fetch_add(&coop_cursor, o.bs);
		if (pos + (off_t)o.bs > r->end)
			break;
		read_at(r, buf, pos, o.bs);
	}
}

/* The file mapped shared, with the advice -H and -A ask for. */
static char *map_file(struct reader *r)
{
	char *map = mmap(NULL, r->end, PROT_READ, MAP_SHARED, r->fd, 0);

	if (map == MAP_FAILED)
		die("mmap");
	if (o.hugepage && madvise(map, r->end, MADV_HUGEPAGE))
		die("madvise(MADV_HUGEPAGE)");
	if (o.random_advice && madvise(map, r->end, MADV_RANDOM))
		die("madvise(MADV_RANDOM)");
	return map;
}

static void mapped(struct reader *r)
{
	char *map = map_file(r);
	off_t pos = o.map_start;

	while (!out_of_time() && next_pos(r, &pos)) {
		double started = o.untimed ? 0 : now();

		check(r, map + pos, pos, o.bs);
		timed(started);
		r->bytes += o.bs;
		pos += o.bs;
	}
	munmap(map, r->end);
}

/* mmaprand: random bs blocks faulted in, from the seeds rand reads with. */
static void mapped_random(struct reader *r)
{
	char *map = map_file(r);
	unsigned int state = reader_seed(r);
	long n;

	for (n = 0; !out_of_time() && (!o.count || n < o.count); n++) {
		double started = o.untimed ? 0 : now();
		off_t pos = random_block(r, &state, o.bs);

		check(r, map + pos, pos, o.bs);
		timed(started);
		r->bytes += o.bs;
	}
	munmap(map, r->end);
}

static void spliced(struct reader *r, char *buf)
{
	loff_t pos = 0;
	int p[2];
	ssize_t n, m, got;

	if (pipe(p))
		die("pipe");
	if (o.bs > 65536 && fcntl(p[1], F_SETPIPE_SZ, (int)o.bs) < 0)
		die("F_SETPIPE_SZ");
	while (!out_of_time() && pos + (off_t)o.bs <= r->end) {
		double started = o.untimed ? 0 : now();

		n = splice(r->fd, &pos, p[1], NULL, o.bs, 0);
		if (n < 0)
			die("splice");
		timed(started);
		if (!n)
			break;
		for (got = 0; got < n; got += m) {
			m = read(p[0], buf + got, n - got);
			if (m <= 0)
				die("read from pipe");
		}
		check(r, buf, pos - n, n);
		r->bytes += n;
	}
	close(p[0]);
	close(p[1]);
}

static void *run_reader(void *arg)
{
	struct reader *r = arg;
	char *buf;

	if (posix_memalign((void **)&buf, 4096, o.bs))
		die("posix_memalign");
	if (!strcmp(o.mode, "thrash"))
		usleep(r->index * o.start_gap * 1e6);
	if (!strcmp(o.mode, "reverse"))
		backward(r, buf);
	else if (!strcmp(o.mode, "stride"))
		strided(r, buf);
	else if (!strcmp(o.mode, "rand"))
		random_reads(r, buf, o.bs);
	else if (!strcmp(o.mode, "mixed") && r->index)
		random_reads(r, buf, RAND_BS);
	else if (!strcmp(o.mode, "coop"))
		cooperative(r, buf);
	else if (!strcmp(o.mode, "mmap"))
		mapped(r);
	else if (!strcmp(o.mode, "mmaprand"))
		mapped_random(r);
	else if (!strcmp(o.mode, "splice"))
		spliced(r, buf);
	else if (!strcmp(o.mode, "aio"))
		async_reads(r);
	else if (!strcmp(o.mode, "files"))
		each_file(r, buf);
	else
		forward(r, buf);
	r->finished = now();
	/* mixed: the random readers stop with the forward one */
	if (!strcmp(o.mode, "mixed") && !r->index)
		atomic_store(&stop, true);
	free(buf);
	return NULL;
}

/* SIZE: MiB, or KiB with a k suffix; -1 if not a size. */
static off_t fill_size(const char *arg)
{
	char *end;
	long n = strtol(arg, &end, 10);

	if (end == arg || n <= 0)
		return -1;
	if (!strcmp(end, "k") && !(n % 4))
		return (off_t)n << 10;
	return *end ? -1 : (off_t)n << 20;
}

static void fill(const char *path, off_t size)
{
	struct reader r = { .seed = name_seed(path) };
	size_t len, i;
	uint64_t *buf = malloc(1 << 20);
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	off_t pos;

	if (fd < 0 || !buf)
		die(path);
	for (pos = 0; pos < size; pos += len) {
		len = size - pos < (1 << 20) ? size - pos : (1 << 20);
		for (i = 0; i < len / 8; i++)
			buf[i] = pattern(r.seed, pos + i * 8);
		if (write(fd, buf, len) != (ssize_t)len)
			die("write");
	}
	if (fsync(fd) || close(fd))
		die("fsync");
	free(buf);
}

static int open_file(const char *path, off_t *size)
{
	struct stat st;
	int fd = open(path, O_RDONLY | (o.direct ? O_DIRECT : 0));

	if (fd < 0 || fstat(fd, &st))
		die(path);
	*size = st.st_size;
	if (o.random_advice && posix_fadvise(fd, 0, 0, POSIX_FADV_RANDOM))
		die("posix_fadvise(POSIX_FADV_RANDOM)");
	return fd;
}

/*
 * seq: one reader per file; files: one reader, which opens the files
 * itself; every other mode: -t readers on one fd.
 */
static int setup(struct reader *rd, int nfiles, char **files)
{
	bool per_file = !strcmp(o.mode, "seq");
	bool split = !strcmp(o.mode, "shared") || !strcmp(o.mode, "thrash") ||
		     !strcmp(o.mode, "aio");
	int n = per_file ? nfiles : o.threads, i, fd = -1;
	off_t size = 0, region;

	if (!strcmp(o.mode, "files")) {
		file_list = files;
		file_count = nfiles;
		rd[0] = (struct reader) { .fd = -1 };
		return 1;
	}
	if (n < 1 || n > MAX_THREADS || (!per_file && nfiles != 1)) {
		fprintf(stderr, "rabench: %s takes %s\n", o.mode,
			per_file ? "1 to 256 files" : "one file and -t 1 to 256");
		exit(2);
	}
	for (i = 0; i < n; i++) {
		if (per_file || !i || o.own_fd)
			fd = open_file(files[per_file ? i : 0], &size);
		region = split ? size / n / (off_t)o.bs * (off_t)o.bs : size;
		rd[i] = (struct reader) {
			.fd = fd, .index = i,
			.seed = name_seed(files[per_file ? i : 0]),
			.start = split ? i * region : 0,
			.end = split ? (i + 1) * region : size,
		};
	}
	return n;
}

static void usage(void)
{
	fprintf(stderr, "usage: rabench fill FILE... SIZE (MiB, or KiB: 32k)\n"
		"       rabench seq|shared|coop|mixed|reverse|stride|rand|files|mmap|mmaprand|splice|thrash|aio\n"
		"               [-t threads] [-b bs_kib] [-r seconds] [-R kib_per_s]\n"
		"               [-i start_ms] [-S stride_kib] [-O start_mib] [-l] [-s]\n"
		"               [-n] [-q] [-w times] [-H] [-A random] [-c count]\n"
		"               [-d depth] [-B per_call] [-F] [-D] FILE...\n");
	exit(2);
}

int main(int argc, char **argv)
{
	static struct reader rd[MAX_THREADS];
	uint64_t bytes = 0;
	struct rusage ru;
	double end = 0;
	int c, i, n;

	if (argc >= 4 && !strcmp(argv[1], "fill")) {
		off_t size = fill_size(argv[argc - 1]);

		if (size < 0) {
			fprintf(stderr, "rabench: fill: '%s' is not a size (MiB, or KiB with k, a multiple of 4)\n",
				argv[argc - 1]);
			exit(2);
		}
		for (i = 2; i < argc - 1; i++)
			fill(argv[i], size);
		return 0;
	}
	if (argc < 3)
		usage();
	o.mode = argv[1];
	optind = 2;
	while ((c = getopt(argc, argv, "t:b:r:R:i:S:O:lsnqw:HA:c:d:B:FD")) != -1) {
		switch (c) {
		case 't': o.threads = atoi(optarg); break;
		case 'b': o.bs = atol(optarg) * 1024; break;
		case 'r': o.seconds = atof(optarg); break;
		case 'R': o.rate = atof(optarg) * 1024; break;
		case 'i': o.start_gap = atof(optarg) / 1000; break;
		case 'S': o.stride = atol(optarg) * 1024; break;
		case 'l': o.loop = true; break;
		case 's': o.own_fd = true; break;
		case 'n': o.no_check = true; break;
		case 'c': o.count = atol(optarg); break;
		case 'q': o.untimed = true; break;
		case 'O': o.map_start = (off_t)atol(optarg) << 20; break;
		case 'H': o.hugepage = true; break;
		case 'w': o.work = atoi(optarg); break;
		case 'd': o.depth = atoi(optarg); break;
		case 'B': o.batch = atoi(optarg); break;
		case 'F': o.buffered_async = true; break;
		case 'D': o.direct = true; break;
		case 'A':
			if (strcmp(optarg, "random"))
				usage();
			o.random_advice = true;
			break;
		default: usage();
		}
	}
	if (optind >= argc || !o.bs || o.bs % 4096 || o.seconds <= 0 ||
	    o.work < 1 || o.map_start < 0 || o.count < 0 ||
	    (o.count && strcmp(o.mode, "rand") && strcmp(o.mode, "mmaprand") &&
	     strcmp(o.mode, "files")) ||
	    o.depth < 1 || o.depth > 1024 || o.batch < 0 ||
	    ((o.depth > 1 || o.batch || o.buffered_async) &&
	     strcmp(o.mode, "aio")) ||
	    (o.stride && o.stride < o.bs))
		usage();
	n = setup(rd, argc - optind, argv + optind);

	t0 = now();
	deadline = t0 + o.seconds;
	for (i = 0; i < n; i++)
		if (pthread_create(&rd[i].tid, NULL, run_reader, &rd[i]))
			die("pthread_create");
	for (i = 0; i < n; i++) {
		pthread_join(rd[i].tid, NULL);
		if (!strcmp(o.mode, "mixed") && i)
			continue;
		bytes += rd[i].bytes;
		end = rd[i].finished > end ? rd[i].finished : end;
	}
	if (getrusage(RUSAGE_SELF, &ru))
		die("getrusage");
	printf("{\"bytes\": %llu, \"seconds\": %.3f, \"mib_s\": %.2f, \"max_read_ms\": %.1f, \"cpu_s\": %.3f}\n",
	       (unsigned long long)bytes, end - t0, bytes / (end - t0) / (1 << 20),
	       atomic_load(&longest_us) / 1e3,
	       ru.ru_utime.tv_sec + ru.ru_utime.tv_usec / 1e6 +
	       ru.ru_stime.tv_sec + ru.ru_stime.tv_usec / 1e6);
	return 0;
}
