// SPDX-License-Identifier: GPL-2.0
/* mv_consumer (module B): calls mv_pair_sum() from mv_provider. */
#include <linux/module.h>
#include "mv_pair.h"

static int __init mv_consumer_init(void)
{
	struct mv_pair p = { .a = 2, .b = 3 };

	pr_info("mv_consumer: sum %d\n", mv_pair_sum(&p));
	return 0;
}

static void __exit mv_consumer_exit(void)
{
}

module_init(mv_consumer_init);
module_exit(mv_consumer_exit);
MODULE_DESCRIPTION("modversions test: uses mv_provider's export");
MODULE_LICENSE("GPL");
