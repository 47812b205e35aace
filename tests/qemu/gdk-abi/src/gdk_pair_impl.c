// SPDX-License-Identifier: GPL-2.0
/*
 * gdk_pair, first unit: defines gdk_pair_count, which the other unit
 * exports, and gdk_pair_impl_only, which it exports itself.
 */
#define GDK_PAIR_LAYOUT
#include <linux/module.h>
#include "gdk_pair.h"

/* The other unit has a static function of the same name. */
static int adjust(int n)
{
	return n + 1;
}

int gdk_pair_count(const struct gdk_pair_box *box)
{
	return adjust(box->items);
}

int gdk_pair_impl_only(const struct gdk_pair_box *box)
{
	return box->weight > 0;
}
EXPORT_SYMBOL_GPL(gdk_pair_impl_only);

MODULE_DESCRIPTION("gendwarfksyms test: a module of two units");
MODULE_LICENSE("GPL");
