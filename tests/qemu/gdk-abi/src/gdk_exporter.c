// SPDX-License-Identifier: GPL-2.0
/*
 * gdk_exporter (module A): exports functions taking struct gdk_dev, from
 * the shared header, and struct gdk_private, defined here only.
 * GDK_PRIVATE_V2 changes the private layout.
 */
#include <linux/module.h>
#include "gdk_abi.h"

struct gdk_private {
	int value;
#ifdef GDK_PRIVATE_V2
	long more;
#endif
};

static struct gdk_private the_private = { .value = 7 };

int gdk_dev_id(const struct gdk_dev *dev)
{
	return dev->id;
}
EXPORT_SYMBOL_GPL(gdk_dev_id);

struct gdk_private *gdk_private_get(void)
{
	return &the_private;
}
EXPORT_SYMBOL_GPL(gdk_private_get);

int gdk_private_value(struct gdk_private *priv)
{
	return priv->value;
}
EXPORT_SYMBOL_GPL(gdk_private_value);

MODULE_DESCRIPTION("gendwarfksyms test: exports functions taking structs");
MODULE_LICENSE("GPL");
