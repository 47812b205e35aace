// SPDX-License-Identifier: GPL-2.0
/*
 * modload: load a module with finit_module(2) and chosen flags, for the
 * guest side of the extended modversions tests (busybox insmod has no -f).
 *
 *   modload [-f] [-m] module.ko [params]
 *     -f  MODULE_INIT_IGNORE_MODVERSIONS | MODULE_INIT_IGNORE_VERMAGIC
 *         (what kmod's "insmod -f" passes)
 *     -m  MODULE_INIT_IGNORE_MODVERSIONS only ("modprobe --force-modversion")
 *
 * Prints "modload: <file>: <error> (errno <n>)" and exits 1 on failure.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>
#include <linux/module.h>

int main(int argc, char **argv)
{
	unsigned int flags = 0;
	const char *params = "";
	int i = 1, fd;

	for (; i < argc && argv[i][0] == '-'; i++) {
		if (!strcmp(argv[i], "-f"))
			flags |= MODULE_INIT_IGNORE_MODVERSIONS |
				 MODULE_INIT_IGNORE_VERMAGIC;
		else if (!strcmp(argv[i], "-m"))
			flags |= MODULE_INIT_IGNORE_MODVERSIONS;
		else
			break;
	}
	if (i >= argc) {
		fprintf(stderr, "usage: modload [-f] [-m] module.ko [params]\n");
		return 2;
	}
	if (i + 1 < argc)
		params = argv[i + 1];

	fd = open(argv[i], O_RDONLY | O_CLOEXEC);
	if (fd < 0 || syscall(SYS_finit_module, fd, params, flags)) {
		int err = errno;

		printf("modload: %s: %s (errno %d)\n", argv[i], strerror(err), err);
		return 1;
	}
	printf("modload: %s: loaded\n", argv[i]);
	return 0;
}
