// SPDX-License-Identifier: GPL-2.0
/* kabi_exporter: exports a function taking struct kabi_obj. */
#include <linux/module.h>
#include "kabi_test.h"

long kabi_obj_sum(const struct kabi_obj *obj)
{
#if defined(KABI_TEST_V2) || defined(KABI_TEST_PLAIN)
	/* v1 callers left the reserved field zero */
	return obj->a + obj->b + (obj->color < KABI_COLOR_MAX);
#else
	return obj->a + (obj->color < KABI_COLOR_MAX);
#endif
}
EXPORT_SYMBOL_GPL(kabi_obj_sum);

MODULE_DESCRIPTION("kABI test: exports a function taking a kABI-stable struct");
MODULE_LICENSE("GPL");
