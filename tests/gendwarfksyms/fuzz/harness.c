// SPDX-License-Identifier: GPL-2.0
/*
 * Fuzz harness for gendwarfksyms: one fuzz input carries all three of the
 * tool's inputs, and the harness hands them to the tool's own main() the
 * way a command line would. The tool's sources are compiled into this file
 * (one translation unit, built with -I scripts/gendwarfksyms), main()
 * renamed, so that the harness can reach the tool's static state. Input
 * layout, little endian:
 *
 *   u8  flags      bit 0 --stable, 1 -T /dev/null, 2 --dump-dies,
 *                  3 --dump-types, 4 --dump-versions, 5 the object twice
 *                  on the command line, 6 --dump-die-map, 7 --debug
 *   u16 n; n bytes the symbol list (stdin)
 *   u16 m; m bytes kABI rules, spliced in as the contents of the object's
 *                  .discard.gendwarfksyms.kabi_rules section (m = 0xffff:
 *                  leave the section alone)
 *   rest           the ELF object
 *
 * Lengths past the end of the input are clamped. The object and the symbol
 * list are passed as memfds (/proc/self/fd/N, stdin), so nothing touches
 * the disk.
 *
 *   harness               (AFL++ build only) persistent mode: inputs come
 *                         from AFL++'s shared memory and runs follow each
 *                         other in one process (up to 1000, then AFL++'s
 *                         fork server starts a fresh one). Forking is what
 *                         costs here (an ASan process, page tables under a
 *                         paravirtualised MMU: ~6 ms a fork, ~0.1-3 ms a
 *                         run), and most mutated inputs end in error(). So
 *                         exit() from the tool returns to the harness
 *                         (longjmp), which then frees what the tool's own
 *                         cleanup would have and resets its state: option
 *                         flags, getopt, symbols, kABI rules, the
 *                         descriptions, the type table and the symtypes
 *                         lines, and closes the file descriptors the run
 *                         opened. What only the stack pointed to (libdw
 *                         handles, partial strings, a CU's scope index)
 *                         leaks until the process ends, which bounds it.
 *                         AFL++ reports whether runs stay repeatable
 *                         ("stability"), and every finding is re-run in a
 *                         fresh process (harness FILE) before it counts.
 *   harness FILE          run the tool once on FILE (GDK_FUZZ_REPEAT=N:
 *                         N times in this process, like persistent mode)
 *   harness -u FILE DIR   unpack FILE into DIR/object.o, DIR/symbols and
 *                         DIR/args (the tool's options), to turn a finding
 *                         into a regression test that runs the real tool
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdio_ext.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

/* The tool, with exit() returning to the harness during a run. */
static jmp_buf run_exit;
static int in_run, persistent;

static void __attribute__((noreturn)) harness_exit(int status)
{
	if (in_run)
		longjmp(run_exit, 1);
	exit(status);
}

#define exit(status) harness_exit(status)
#define main gendwarfksyms_main
#include "base.c"
#include "blake2b.c"
#include "desc.c"
#include "gendwarfksyms.c"
#include "kabi.c"
#include "object.c"
#include "results.c"
#include "scope.c"
#include "symbols.c"
#include "typestr.c"
#include "units.c"
#include "versions.c"
#include "walk.c"
#undef main
#undef exit

#define RULES_SECTION ".discard.gendwarfksyms.kabi_rules"
#define MAX_INPUT (8 << 20)

struct input {
	uint8_t flags;
	const uint8_t *syms, *rules, *elf;
	size_t nsyms, nrules, nelf;
	int splice;
};

static void die(const char *what)
{
	perror(what);
	exit(2);
}

static uint16_t get16(const uint8_t *p)
{
	return p[0] | p[1] << 8;
}

static uint32_t get32(const uint8_t *p)
{
	return get16(p) | (uint32_t)get16(p + 2) << 16;
}

static uint64_t get64(const uint8_t *p)
{
	return get32(p) | (uint64_t)get32(p + 4) << 32;
}

static void put64(uint8_t *p, uint64_t v)
{
	for (int i = 0; i < 8; i++)
		p[i] = v >> (8 * i);
}

/* Takes a u16-prefixed field; returns the length, or 0xffff untouched. */
static size_t field(const uint8_t **pos, const uint8_t *end,
		    const uint8_t **data, int *keep)
{
	size_t n;

	*data = *pos;
	if (end - *pos < 2) {
		*pos = end;
		return 0;
	}
	n = get16(*pos);
	*pos += 2;
	*data = *pos;
	if (keep && n == 0xffff) {
		*keep = 1;
		return 0;
	}
	if (n > (size_t)(end - *pos))
		n = end - *pos;
	*pos += n;
	return n;
}

static void parse(const uint8_t *buf, size_t size, struct input *in)
{
	const uint8_t *pos = buf, *end = buf + size;
	int keep = 0;

	memset(in, 0, sizeof(*in));
	if (size)
		in->flags = *pos++;
	in->nsyms = field(&pos, end, &in->syms, NULL);
	in->nrules = field(&pos, end, &in->rules, &keep);
	in->splice = !keep;
	in->elf = pos;
	in->nelf = end - pos;
}

/*
 * Returns the object with the rules appended and the rules section
 * pointing at them; ELF64 little-endian only, and only if the object has
 * the section: otherwise the object is used as it is.
 */
static uint8_t *splice_rules(const struct input *in, size_t *size)
{
	const uint8_t *e = in->elf;
	uint64_t shoff, stroff, strsize;
	unsigned int shentsize, shnum, shstrndx;
	uint8_t *out;

	*size = in->nelf;
	if (!in->splice || in->nelf < 64 || memcmp(e, "\177ELF\2\1", 6))
		return NULL;
	shoff = get64(e + 0x28);
	shentsize = get16(e + 0x3a);
	shnum = get16(e + 0x3c);
	shstrndx = get16(e + 0x3e);
	if (shentsize < 64 || shstrndx >= shnum || shoff > in->nelf ||
	    (uint64_t)shnum * shentsize > in->nelf - shoff)
		return NULL;
	stroff = get64(e + shoff + shstrndx * shentsize + 24);
	strsize = get64(e + shoff + shstrndx * shentsize + 32);
	if (stroff > in->nelf || strsize > in->nelf - stroff)
		return NULL;

	for (unsigned int i = 0; i < shnum; i++) {
		const uint8_t *sh = e + shoff + i * shentsize;
		uint32_t name = get32(sh);

		if (name >= strsize ||
		    strsize - name < sizeof(RULES_SECTION) ||
		    memcmp(e + stroff + name, RULES_SECTION,
			   sizeof(RULES_SECTION)))
			continue;

		out = malloc(in->nelf + in->nrules);
		if (!out)
			die("malloc");
		memcpy(out, e, in->nelf);
		if (in->nrules)
			memcpy(out + in->nelf, in->rules, in->nrules);
		put64(out + shoff + i * shentsize + 24, in->nelf);
		put64(out + shoff + i * shentsize + 32, in->nrules);
		*size = in->nelf + in->nrules;
		return out;
	}
	return NULL;
}

static int build_args(uint8_t flags, char **argv, const char *path)
{
	int argc = 0;

	argv[argc++] = "gendwarfksyms";
	if (flags & 1)
		argv[argc++] = "--stable";
	if (flags & 2) {
		argv[argc++] = "-T";
		argv[argc++] = "/dev/null";
	}
	if (flags & 4)
		argv[argc++] = "--dump-dies";
	if (flags & 8)
		argv[argc++] = "--dump-types";
	if (flags & 16)
		argv[argc++] = "--dump-versions";
	if (flags & 64)
		argv[argc++] = "--dump-die-map";
	if (flags & 128)
		argv[argc++] = "--debug";
	/*
	 * No worker processes in persistent mode: a worker's exit() would
	 * return into the fuzzing loop. A fresh process (harness FILE) runs
	 * the CUs of a multi-CU object in workers, as the tool does.
	 */
	if (persistent) {
		argv[argc++] = "-j";
		argv[argc++] = "1";
	}
	argv[argc++] = (char *)path;
	if (flags & 32)
		argv[argc++] = (char *)path;
	argv[argc] = NULL;
	return argc;
}

static void write_file(const char *dir, const char *name, const void *data,
		       size_t size)
{
	char path[4096];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "w");
	if (!f || (size && fwrite(data, 1, size, f) != size) || fclose(f))
		die(path);
}

static int memfd_set(int fd, const void *data, size_t size)
{
	if (ftruncate(fd, 0) ||
	    (size && pwrite(fd, data, size, 0) != (ssize_t)size) ||
	    lseek(fd, 0, SEEK_SET))
		die("memfd");
	return fd;
}

/*
 * Descriptors open before the first run. A run opens only a few, and
 * descriptors are allocated lowest first, so scanning the first MAX_FDS
 * finds every one a failed run left open.
 */
#define MAX_FDS 64
static unsigned char fds_before[MAX_FDS];

/* After error(): free what the tool would have, reset its state. */
static void reset_after_error(void)
{
	static FILE *null;

	exports_clear();
	rules_clear();
	typestr_table_free(&cu_table);
	desc_store_release(&store);
	if (!null)
		null = fopen("/dev/null", "w");
	if (!null)
		die("/dev/null");
	symtypes_write(null);	/* writes and forgets the lines */

	for (int fd = 3; fd < MAX_FDS; fd++)
		if (!fds_before[fd] && fcntl(fd, F_GETFD) != -1)
			close(fd);
}

/* Runs the tool once on one input, in this process. */
static int run(const uint8_t *buf, size_t size)
{
	static int objfd = -1, symfd = -1;
	static char path[64];
	char *args[16];
	struct input in;
	uint8_t *elf;
	size_t nelf;
	int ret;

	if (objfd < 0) {
		objfd = memfd_create("object.o", 0);
		symfd = memfd_create("symbols", 0);
		if (objfd < 0 || symfd < 0)
			die("memfd_create");
		snprintf(path, sizeof(path), "/proc/self/fd/%d", objfd);
		for (int fd = 0; fd < MAX_FDS; fd++)
			fds_before[fd] = fcntl(fd, F_GETFD) != -1;
	}

	parse(buf, size, &in);
	elf = splice_rules(&in, &nelf);
	memfd_set(objfd, elf ? elf : in.elf, nelf);
	free(elf);
	memfd_set(symfd, in.syms, in.nsyms);
	if (dup2(symfd, 0) < 0)
		die("dup2");
	/* a run that failed while reading may have left input buffered */
	__fpurge(stdin);
	clearerr(stdin);

	debug = dump_dies = dump_die_map = dump_types = dump_versions = 0;
	stable = symtypes = 0;
	current_object = NULL;
	optind = 0;	/* glibc: start getopt afresh */

	in_run = persistent;
	if (setjmp(run_exit)) {
		in_run = 0;
		reset_after_error();
		ret = 1;
	} else {
		ret = gendwarfksyms_main(build_args(in.flags, args, path),
					 args);
		in_run = 0;
	}
	fflush(stdout);
	fflush(stderr);
	return ret;
}

#ifdef __AFL_FUZZ_TESTCASE_LEN
__AFL_FUZZ_INIT();
#endif

int main(int argc, char **argv)
{
	static uint8_t buf[MAX_INPUT];
	char *args[16], path[4096];
	struct input in;
	uint8_t *elf;
	size_t size, nelf;
	FILE *f, *a;
	int n;

#ifdef __AFL_FUZZ_TESTCASE_LEN
	if (argc == 1) {
		unsigned char *data;

		persistent = 1;
		__AFL_INIT();
		data = __AFL_FUZZ_TESTCASE_BUF;
		while (__AFL_LOOP(1000))
			run(data, __AFL_FUZZ_TESTCASE_LEN);
		return 0;
	}
#endif
	if (argc != 2 && !(argc == 4 && !strcmp(argv[1], "-u"))) {
		fprintf(stderr, "usage: %s FILE | -u FILE DIR\n", argv[0]);
		return 2;
	}

	f = fopen(argv[argc == 2 ? 1 : 2], "rb");
	if (!f)
		die(argv[argc == 2 ? 1 : 2]);
	size = fread(buf, 1, sizeof(buf), f);
	fclose(f);

	if (argc == 2) {
		/* GDK_FUZZ_REPEAT=N: run N times in this process, as AFL++'s
		 * persistent mode does (to check that runs are repeatable);
		 * otherwise error() exits as in the real tool. */
		const char *repeat = getenv("GDK_FUZZ_REPEAT");

		persistent = !!repeat;
		for (n = repeat ? atoi(repeat) : 1; n > 1; n--)
			run(buf, size);
		return run(buf, size);
	}

	parse(buf, size, &in);
	elf = splice_rules(&in, &nelf);
	write_file(argv[3], "object.o", elf ? elf : in.elf, nelf);
	write_file(argv[3], "symbols", in.syms, in.nsyms);
	snprintf(path, sizeof(path), "%s/args", argv[3]);
	a = fopen(path, "w");
	if (!a)
		die(path);
	n = build_args(in.flags, args, "object.o");
	for (int i = 1; i < n; i++)
		fprintf(a, "%s%s", args[i], i + 1 < n ? " " : "\n");
	if (fclose(a))
		die(path);
	free(elf);
	return 0;
}
