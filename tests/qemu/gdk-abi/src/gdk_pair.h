/* SPDX-License-Identifier: GPL-2.0 */
/*
 * gdk_pair: a module of two units. gdk_pair_impl.c sees the layout of
 * struct gdk_pair_box; gdk_pair_exports.c, which exports its functions,
 * does not.
 */
#ifndef GDK_PAIR_H
#define GDK_PAIR_H

struct gdk_pair_box;

int gdk_pair_count(const struct gdk_pair_box *box);
int gdk_pair_twice(int n);
int gdk_pair_impl_only(const struct gdk_pair_box *box);

#ifdef GDK_PAIR_LAYOUT
struct gdk_pair_box {
	int items;
	long weight;
};
#endif

#endif
