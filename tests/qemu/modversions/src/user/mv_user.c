// SPDX-License-Identifier: GPL-2.0
/*
 * mv_user: a module that needs versioned kernel exports (kstrdup, kfree,
 * _printk), so its __versions section has entries the loader must check.
 */
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/string.h>

static char *greeting;

static int __init mv_user_init(void)
{
	greeting = kstrdup("mv_user: loaded", GFP_KERNEL);
	if (!greeting)
		return -ENOMEM;
	pr_info("%s\n", greeting);
	return 0;
}

static void __exit mv_user_exit(void)
{
	kfree(greeting);
}

module_init(mv_user_init);
module_exit(mv_user_exit);
MODULE_DESCRIPTION("modversions test: uses versioned kernel exports");
MODULE_LICENSE("GPL");
