// SPDX-License-Identifier: GPL-2.0
/*
 * Preloaded into gendwarfksyms by tests/gendwarfksyms/relocation.sh: logs
 * the file name of every object the tool hands to libdwfl, one per line,
 * to the file $GDK_DWFL_LOG, then lets libdwfl read it as usual. The tool
 * calls dwfl_report_offline() only when it does not relocate an object's
 * DWARF itself, so an object in the log took the libdwfl path.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>

struct Dwfl;
struct Dwfl_Module;

typedef struct Dwfl_Module *report_fn(struct Dwfl *, const char *,
				       const char *, int);

struct Dwfl_Module *dwfl_report_offline(struct Dwfl *dwfl, const char *name,
					const char *file_name, int fd)
{
	report_fn *next = (report_fn *)dlsym(RTLD_NEXT, "dwfl_report_offline");
	const char *log = getenv("GDK_DWFL_LOG");
	FILE *f;

	if (log) {
		f = fopen(log, "a");
		if (f) {
			fprintf(f, "%s\n", file_name);
			fclose(f);
		}
	}
	if (!next) {
		fprintf(stderr, "dwfl-log: no dwfl_report_offline to call\n");
		exit(98);
	}
	return next(dwfl, name, file_name, fd);
}
