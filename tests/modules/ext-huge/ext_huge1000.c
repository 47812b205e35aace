// SPDX-License-Identifier: GPL-2.0
/* Exports a function whose name is 1,000 characters long (ext_huge.h). */
#include <linux/module.h>

#include "ext_huge.h"

int EXT_HUGE1000(int x)
{
	return x + 1000;
}
/*
 * Not EXPORT_SYMBOL_GPL(): /proc/kallsyms shows a module's symbol as
 * global only if it is in the module's table of non-GPL exports, and the
 * extended suite checks that it does so for names of any length.
 */
EXPORT_SYMBOL(EXT_HUGE1000);

MODULE_DESCRIPTION("extended modversions test: exporter of a 1000-character name");
MODULE_LICENSE("GPL");
