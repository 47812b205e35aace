// SPDX-License-Identifier: GPL-2.0
/*
 * Exports a function whose name (110 characters) does not fit in
 * struct modversion_info, and one with a short name.
 */
#include <linux/module.h>
#include <linux/init.h>

#include "ext_long.h"

int ext_modversions_test_function_whose_name_is_far_too_long_for_the_fixed_size_name_field_of_struct_modversion_info(int x)
{
	return 2 * x;
}
EXPORT_SYMBOL_GPL(ext_modversions_test_function_whose_name_is_far_too_long_for_the_fixed_size_name_field_of_struct_modversion_info);

int ext_short_fn(int x)
{
	return x + 1;
}
EXPORT_SYMBOL_GPL(ext_short_fn);

MODULE_DESCRIPTION("extended modversions test: exporter of a long symbol name");
MODULE_LICENSE("GPL");
