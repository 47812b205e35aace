// SPDX-License-Identifier: GPL-2.0
/* gdk_user (module B): calls gdk_exporter's functions. */
#include <linux/module.h>
#include "gdk_abi.h"

static int __init gdk_user_init(void)
{
	struct gdk_dev dev = { .id = 42 };

	pr_info("gdk_user: id %d private %d\n", gdk_dev_id(&dev),
		gdk_private_value(gdk_private_get()));
	return 0;
}

static void __exit gdk_user_exit(void)
{
}

module_init(gdk_user_init);
module_exit(gdk_user_exit);
MODULE_DESCRIPTION("gendwarfksyms test: uses gdk_exporter's exports");
MODULE_LICENSE("GPL");
