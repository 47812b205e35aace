// SPDX-License-Identifier: GPL-2.0
/* mv_provider (module A): exports a function taking struct mv_pair. */
#include <linux/module.h>
#include "mv_pair.h"

int mv_pair_sum(const struct mv_pair *p)
{
	return p->a + p->b;
}
EXPORT_SYMBOL_GPL(mv_pair_sum);

MODULE_DESCRIPTION("modversions test: exports a function taking a struct");
MODULE_LICENSE("GPL");
