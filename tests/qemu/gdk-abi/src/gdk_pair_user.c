// SPDX-License-Identifier: GPL-2.0
/*
 * gendwarfksyms test: a module using the exports of gdk_pair, a module of
 * two units (under Clang LTO, versioned at its link).
 */
#include <linux/module.h>
#include "gdk_pair.h"

static int __init gdk_pair_user_init(void)
{
	pr_info("gdk_pair_user: twice %d, count at %ps\n", gdk_pair_twice(21),
		gdk_pair_count);
	return 0;
}
module_init(gdk_pair_user_init);

static void __exit gdk_pair_user_exit(void)
{
}
module_exit(gdk_pair_user_exit);

MODULE_DESCRIPTION("gendwarfksyms test: a user of a module of two units");
MODULE_LICENSE("GPL");
