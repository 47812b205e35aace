// SPDX-License-Identifier: GPL-2.0
/* Exports a function whose name is 500 characters long (ext_huge.h). */
#include <linux/module.h>

#include "ext_huge.h"

int EXT_HUGE500(int x)
{
	return x + 500;
}
/*
 * Not EXPORT_SYMBOL_GPL(): /proc/kallsyms shows a module's symbol as
 * global only if it is in the module's table of non-GPL exports, and the
 * extended suite checks that it does so for names of any length.
 */
EXPORT_SYMBOL(EXT_HUGE500);

MODULE_DESCRIPTION("extended modversions test: exporter of a 500-character name");
MODULE_LICENSE("GPL");
