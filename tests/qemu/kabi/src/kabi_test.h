/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The ABI between kabi_exporter and kabi_user, in three versions:
 *   (none)           v1: a reserved field, three enumerators
 *   KABI_TEST_V2     v2: the field taken into use and an enumerator added,
 *                    both with <linux/kabi.h>
 *   KABI_TEST_PLAIN  the same v2 change without the macros
 */
#ifndef KABI_TEST_H
#define KABI_TEST_H

#include <linux/kabi.h>

#if defined(KABI_TEST_V2)
enum kabi_color { KABI_RED, KABI_GREEN, KABI_BLUE, KABI_COLOR_MAX };
KABI_ENUMERATOR_IGNORE(kabi_color, KABI_BLUE);
KABI_ENUMERATOR_VALUE(kabi_color, KABI_COLOR_MAX, 2);

struct kabi_obj {
	long a;
	KABI_USE(1, long b);
	enum kabi_color color;
};
#elif defined(KABI_TEST_PLAIN)
enum kabi_color { KABI_RED, KABI_GREEN, KABI_BLUE, KABI_COLOR_MAX };

struct kabi_obj {
	long a;
	long b;
	enum kabi_color color;
};
#else
enum kabi_color { KABI_RED, KABI_GREEN, KABI_COLOR_MAX };

struct kabi_obj {
	long a;
	KABI_RESERVE(1);
	enum kabi_color color;
};
#endif

long kabi_obj_sum(const struct kabi_obj *obj);

#endif
