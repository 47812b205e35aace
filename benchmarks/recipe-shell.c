// SPDX-License-Identifier: GPL-2.0
/*
 * recipe-shell: a SHELL for make that runs each command with /bin/sh and
 * appends one line per command to the file named by $RECIPE_LOG:
 *
 *	CPU-microseconds <TAB> wall-microseconds <TAB> command
 *
 * CPU is user + sys of the shell and of everything it waited for, from
 * wait4(); newlines and tabs in the command become spaces. Used by
 * benchmarks/kbuild-time.sh --steps to tell where a build's time goes.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static long long usec(struct timeval tv)
{
	return tv.tv_sec * 1000000LL + tv.tv_usec;
}

static long long now_usec(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000LL + ts.tv_nsec / 1000;
}

/* One write with O_APPEND, so that parallel jobs do not mix their lines */
static void append(const char *path, const char *buf, size_t len)
{
	int fd = open(path, O_WRONLY | O_APPEND | O_CREAT, 0644);

	if (fd < 0 || write(fd, buf, len) != (ssize_t)len)
		perror("recipe-shell: RECIPE_LOG");
	if (fd >= 0)
		close(fd);
}

int main(int argc, char **argv)
{
	const char *log = getenv("RECIPE_LOG");
	long long start = now_usec(), wall;
	struct rusage ru;
	int status;
	pid_t pid;

	pid = fork();
	if (pid < 0) {
		perror("recipe-shell: fork");
		return 127;
	}
	if (pid == 0) {
		argv[0] = "sh";
		execv("/bin/sh", argv);
		perror("recipe-shell: /bin/sh");
		_exit(127);
	}
	if (wait4(pid, &status, 0, &ru) < 0) {
		perror("recipe-shell: wait4");
		return 127;
	}
	wall = now_usec() - start;

	if (log && argc > 1) {
		const char *cmd = argv[argc - 1];
		size_t len = strlen(cmd);
		char *line = malloc(len + 64);
		int n;

		if (line) {
			n = snprintf(line, 64, "%lld\t%lld\t",
				     usec(ru.ru_utime) + usec(ru.ru_stime), wall);
			/* One line per command: its newlines and tabs as spaces */
			for (size_t i = 0; i < len; i++)
				line[n + i] = cmd[i] == '\n' || cmd[i] == '\t' ? ' ' : cmd[i];
			line[n + len] = '\n';
			append(log, line, n + len + 1);
			free(line);
		}
	}
	if (WIFEXITED(status))
		return WEXITSTATUS(status);
	return 128 + WTERMSIG(status);
}
