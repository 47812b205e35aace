// SPDX-License-Identifier: GPL-2.0
/* kabi_user: calls kabi_exporter's export. */
#include <linux/module.h>
#include "kabi_test.h"

static int __init kabi_user_init(void)
{
	struct kabi_obj obj = { .a = 40, .color = KABI_GREEN };

	pr_info("kabi_user: sum %ld\n", kabi_obj_sum(&obj));
	return 0;
}

static void __exit kabi_user_exit(void)
{
}

module_init(kabi_user_init);
module_exit(kabi_user_exit);
MODULE_DESCRIPTION("kABI test: uses kabi_exporter's export");
MODULE_LICENSE("GPL");
