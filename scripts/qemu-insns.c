// SPDX-License-Identifier: GPL-2.0
/*
 * A QEMU TCG plugin for make profile INSNS=1: how many guest instructions
 * each translation block of the kernel executed. At exit, writes one line
 * "vaddr instructions executions" per block to out=PATH; insns-diff.py
 * maps the addresses to symbols with the guest's /proc/kallsyms. With
 * mark=ADDR (a kernel function's address), it counts only between the
 * first two calls of that function: the guest calls it right before and
 * right after the work to count, so that boot and setup are left out.
 *
 * Written against QEMU 7.2's plugin API (version 1), declared here: the
 * Debian packages do not ship qemu-plugin.h. The counts are inline adds,
 * not atomic: with two vCPUs an execution may be lost now and then.
 */
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef uint64_t qemu_plugin_id_t;
struct qemu_plugin_tb;
enum { QEMU_PLUGIN_INLINE_ADD_U64 };

void qemu_plugin_register_vcpu_tb_trans_cb(qemu_plugin_id_t id,
	void (*cb)(qemu_plugin_id_t, struct qemu_plugin_tb *));
size_t qemu_plugin_tb_n_insns(const struct qemu_plugin_tb *tb);
uint64_t qemu_plugin_tb_vaddr(const struct qemu_plugin_tb *tb);
void qemu_plugin_register_vcpu_tb_exec_inline(struct qemu_plugin_tb *tb,
	int op, void *ptr, uint64_t imm);
void qemu_plugin_register_atexit_cb(qemu_plugin_id_t id,
	void (*cb)(qemu_plugin_id_t, void *), void *userdata);
void qemu_plugin_register_vcpu_tb_exec_cb(struct qemu_plugin_tb *tb,
	void (*cb)(unsigned int vcpu_index, void *userdata), int flags,
	void *userdata);

__attribute__((visibility("default"))) int qemu_plugin_version = 1;

/* Kernel text only: user space differs between runs. */
#define KERNEL_START	0xffff800000000000ULL
#define BUCKETS		(1 << 20)

struct block {
	uint64_t vaddr, insns, execs;
	uint64_t start, end;		/* execs at the marks */
	struct block *next;
};

static struct block *table[BUCKETS];
static pthread_mutex_t table_lock = PTHREAD_MUTEX_INITIALIZER;
static char out_path[4096];
static uint64_t mark;			/* 0: count everything */
static int marks_seen;

/* One counter per (address, length): a block translated again adds to it. */
static struct block *block_get(uint64_t vaddr, uint64_t insns)
{
	unsigned int h = (vaddr ^ (vaddr >> 20) ^ insns * 7919) & (BUCKETS - 1);
	struct block *b;

	pthread_mutex_lock(&table_lock);
	for (b = table[h]; b; b = b->next)
		if (b->vaddr == vaddr && b->insns == insns)
			break;
	if (!b) {
		b = calloc(1, sizeof(*b));
		if (b) {
			b->vaddr = vaddr;
			b->insns = insns;
			b->next = table[h];
			table[h] = b;
		}
	}
	pthread_mutex_unlock(&table_lock);
	return b;
}

/* The mark was called: take the counts as they are at the first two. */
static void marked(unsigned int vcpu_index, void *unused)
{
	struct block *b;
	unsigned int i;

	pthread_mutex_lock(&table_lock);
	if (marks_seen < 2) {
		for (i = 0; i < BUCKETS; i++)
			for (b = table[i]; b; b = b->next) {
				if (marks_seen)
					b->end = b->execs;
				else
					b->start = b->execs;
			}
		marks_seen++;
	}
	pthread_mutex_unlock(&table_lock);
}

static void translated(qemu_plugin_id_t id, struct qemu_plugin_tb *tb)
{
	uint64_t vaddr = qemu_plugin_tb_vaddr(tb);
	struct block *b;

	if (vaddr < KERNEL_START)
		return;
	b = block_get(vaddr, qemu_plugin_tb_n_insns(tb));
	if (b)
		qemu_plugin_register_vcpu_tb_exec_inline(tb,
			QEMU_PLUGIN_INLINE_ADD_U64, &b->execs, 1);
	if (mark && vaddr == mark)
		qemu_plugin_register_vcpu_tb_exec_cb(tb, marked, 0, NULL);
}

static void write_counts(qemu_plugin_id_t id, void *unused)
{
	FILE *f = fopen(out_path, "w");
	struct block *b;
	unsigned int i;

	if (!f) {
		perror(out_path);
		return;
	}
	if (mark && marks_seen < 2)
		fprintf(stderr, "qemu-insns: mark %llx called %d times, not 2\n",
			(unsigned long long)mark, marks_seen);
	for (i = 0; i < BUCKETS; i++)
		for (b = table[i]; b; b = b->next) {
			uint64_t execs = mark ? b->end - b->start : b->execs;

			if (execs && (!mark || marks_seen >= 2))
				fprintf(f, "%llx %llu %llu\n",
					(unsigned long long)b->vaddr,
					(unsigned long long)b->insns,
					(unsigned long long)execs);
		}
	fclose(f);
}

__attribute__((visibility("default")))
int qemu_plugin_install(qemu_plugin_id_t id, const void *info, int argc,
			char **argv)
{
	int i;

	for (i = 0; i < argc; i++) {
		if (!strncmp(argv[i], "out=", 4))
			snprintf(out_path, sizeof(out_path), "%s", argv[i] + 4);
		else if (!strncmp(argv[i], "mark=", 5))
			mark = strtoull(argv[i] + 5, NULL, 16);
	}
	if (!out_path[0]) {
		fprintf(stderr, "qemu-insns: no out=PATH\n");
		return -1;
	}
	qemu_plugin_register_vcpu_tb_trans_cb(id, translated);
	qemu_plugin_register_atexit_cb(id, write_counts, NULL);
	return 0;
}
