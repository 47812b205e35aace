// SPDX-License-Identifier: GPL-2.0
/* An external module exporting a symbol whose name is longer than 55. */
#include <linux/module.h>
#include "pkg_request.h"

int pkg_exporter_multiplies_the_two_numbers_of_a_request_for_its_users(const struct pkg_request *req)
{
	return req->a * req->b;
}
EXPORT_SYMBOL_GPL(pkg_exporter_multiplies_the_two_numbers_of_a_request_for_its_users);

MODULE_DESCRIPTION("packaging test: exporter");
MODULE_LICENSE("GPL");
