// SPDX-License-Identifier: GPL-2.0
/* A C module that uses nothing from Rust: it must load on either kernel. */
#include <linux/kernel.h>
#include <linux/module.h>

static int __init mv_c_test_init(void)
{
	int v = 0;

	if (kstrtoint("42", 10, &v))
		return -EINVAL;
	pr_info("mv_c_test: parsed %d\n", v);
	return 0;
}

static void __exit mv_c_test_exit(void)
{
}

module_init(mv_c_test_init);
module_exit(mv_c_test_exit);
MODULE_DESCRIPTION("C module next to the Rust modversions test");
MODULE_LICENSE("GPL");
