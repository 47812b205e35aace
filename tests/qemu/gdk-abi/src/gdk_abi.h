/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The ABI between gdk_exporter (module A) and gdk_user (module B).
 * GDK_ABI_V2 changes the layout of struct gdk_dev.
 */
#ifndef GDK_ABI_H
#define GDK_ABI_H

struct gdk_dev {
	int id;
#ifdef GDK_ABI_V2
	int extra;
#endif
	long flags;
};

/* Only declared here: its layout is private to gdk_exporter.c. */
struct gdk_private;

int gdk_dev_id(const struct gdk_dev *dev);
struct gdk_private *gdk_private_get(void);
int gdk_private_value(struct gdk_private *priv);

#endif
