/* SPDX-License-Identifier: GPL-2.0 */
#ifndef EXT_LONG_H
#define EXT_LONG_H

/* 112 characters: far more than struct modversion_info can hold (55). */
int ext_modversions_test_function_whose_name_is_far_too_long_for_the_fixed_size_name_field_of_struct_modversion_info(int x);
int ext_short_fn(int x);

#endif
