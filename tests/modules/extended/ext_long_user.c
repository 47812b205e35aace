// SPDX-License-Identifier: GPL-2.0
/* Calls the long-named and the short-named export of ext_long_export. */
#include <linux/module.h>
#include <linux/init.h>

#include "ext_long.h"

static int __init ext_long_user_init(void)
{
	pr_info("ext_long_user: long call returned %d, short call returned %d\n",
		ext_modversions_test_function_whose_name_is_far_too_long_for_the_fixed_size_name_field_of_struct_modversion_info(21),
		ext_short_fn(41));
	return 0;
}
module_init(ext_long_user_init);

static void __exit ext_long_user_exit(void)
{
}
module_exit(ext_long_user_exit);

MODULE_DESCRIPTION("extended modversions test: user of a long symbol name");
MODULE_LICENSE("GPL");
