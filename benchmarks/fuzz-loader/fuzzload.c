// SPDX-License-Identifier: GPL-2.0
/*
 * fuzzload: guest side of benchmarks/fuzz-loader.sh. Loads module variants
 * one after the other with finit_module(2) and reports, per variant, the
 * result and the kernel log lines the attempt produced.
 *
 *   fuzzload MANIFEST FIRST LAST MODNAME
 *
 * MANIFEST lines: id <TAB> file <TAB> flags [<TAB> ...]; only ids from
 * FIRST to LAST are loaded (the host restarts after a crash, and reruns
 * single variants). For each:
 *
 *   B <id>                           before the call (the host's hang and
 *                                    crash attribution)
 *   K <id> <kernel log line>         each line logged meanwhile
 *   R <id> <errno> <taint> <unload> <ms>
 *                                    errno 0 = loaded; then the module's
 *                                    /sys/module/MODNAME/taint ("-" if
 *                                    none), the delete_module(2) errno
 *                                    (0 = unloaded, "-" if not loaded) and
 *                                    the milliseconds since fuzzload began
 *
 * stdout is flushed after every line.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

static int kmsg = -1;

static long long now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000LL + ts.tv_nsec / 1000000;
}

/* Print the kernel log records written since the last call. */
static void drain(const char *id)
{
	char rec[8192];
	ssize_t n;

	for (;;) {
		n = read(kmsg, rec, sizeof(rec) - 1);
		if (n < 0 && errno == EPIPE)	/* overwritten: go on */
			continue;
		if (n <= 0)
			break;
		rec[n] = 0;
		/* "prio,seq,ts,flags;text\n KEY=value..." */
		char *text = strchr(rec, ';');
		text = text ? text + 1 : rec;
		char *end = strchr(text, '\n');
		if (end)
			*end = 0;
		/* keep it on one console line */
		for (char *p = text; *p; p++)
			if ((unsigned char)*p < 0x20 || (unsigned char)*p > 0x7e)
				*p = '?';
		if (strlen(text) > 400)
			strcpy(text + 397, "...");
		printf("K %s %s\n", id, text);
	}
	fflush(stdout);
}

static void read_taint(const char *mod, char *buf, size_t len)
{
	char path[256];
	FILE *f;

	snprintf(path, sizeof(path), "/sys/module/%s/taint", mod);
	buf[0] = 0;
	f = fopen(path, "r");
	if (f) {
		if (!fgets(buf, len, f))
			buf[0] = 0;
		fclose(f);
	}
	buf[strcspn(buf, "\n")] = 0;
	if (!buf[0])
		strcpy(buf, "-");
}

int main(int argc, char **argv)
{
	char line[4096];
	FILE *list;
	long first, last;
	long long t0 = now_ms();

	if (argc != 5) {
		fprintf(stderr, "usage: fuzzload MANIFEST FIRST LAST MODNAME\n");
		return 2;
	}
	list = fopen(argv[1], "r");
	if (!list) {
		perror(argv[1]);
		return 2;
	}
	first = atol(argv[2]);
	last = atol(argv[3]);
	kmsg = open("/dev/kmsg", O_RDONLY | O_NONBLOCK);
	if (kmsg < 0) {
		perror("/dev/kmsg");
		return 2;
	}
	lseek(kmsg, 0, SEEK_END);
	setvbuf(stdout, NULL, _IOLBF, 0);

	while (fgets(line, sizeof(line), list)) {
		char *id = strtok(line, "\t\n");
		char *file = strtok(NULL, "\t\n");
		char *flags = strtok(NULL, "\t\n");
		char taint[64] = "-", unload[16] = "-";
		int fd, err = 0;

		if (!id || !file || !flags || atol(id) < first ||
		    atol(id) > last)
			continue;
		drain("-");	/* whatever came in between */
		printf("B %s\n", id);
		fflush(stdout);
		fd = open(file, O_RDONLY | O_CLOEXEC);
		if (fd < 0) {
			err = errno;
		} else {
			if (syscall(SYS_finit_module, fd, "", atoi(flags)))
				err = errno;
			close(fd);
		}
		if (!err) {
			read_taint(argv[4], taint, sizeof(taint));
			if (syscall(SYS_delete_module, argv[4], O_NONBLOCK))
				snprintf(unload, sizeof(unload), "%d", errno);
			else
				strcpy(unload, "0");
		}
		drain(id);
		printf("R %s %d %s %s %lld\n", id, err, taint, unload, now_ms() - t0);
		fflush(stdout);
	}
	drain("-");
	return 0;
}
