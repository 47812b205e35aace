// SPDX-License-Identifier: GPL-2.0
/*
 * gdk_pair, second unit: exports gdk_pair_count, defined in the other
 * unit, where struct gdk_pair_box is only declared, and gdk_pair_twice,
 * defined here.
 */
#include <linux/module.h>
#include "gdk_pair.h"

static long adjust(long n)
{
	return 2 * n;
}

int gdk_pair_twice(int n)
{
	return adjust(n);
}
EXPORT_SYMBOL_GPL(gdk_pair_twice);
EXPORT_SYMBOL_GPL(gdk_pair_count);
