// SPDX-License-Identifier: GPL-2.0
/* Calls the 500- and the 1,000-character exports (ext_huge.h). */
#include <linux/module.h>
#include <linux/init.h>

#include "ext_huge.h"

static int __init ext_huge_user_init(void)
{
	pr_info("ext_huge_user: 500-character call returned %d, 1000-character call returned %d\n",
		EXT_HUGE500(1), EXT_HUGE1000(2));
	return 0;
}
module_init(ext_huge_user_init);

static void __exit ext_huge_user_exit(void)
{
}
module_exit(ext_huge_user_exit);

MODULE_DESCRIPTION("extended modversions test: user of 500- and 1000-character names");
MODULE_LICENSE("GPL");
