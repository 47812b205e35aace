// SPDX-License-Identifier: GPL-2.0
/* An external module calling the exporter's long-named function. */
#include <linux/module.h>
#include "pkg_request.h"

static int __init pkg_consumer_init(void)
{
	struct pkg_request req = { .a = 6, .b = 7 };

	pr_info("pkg_consumer: answer %d\n",
		pkg_exporter_multiplies_the_two_numbers_of_a_request_for_its_users(&req));
	return 0;
}
module_init(pkg_consumer_init);

static void __exit pkg_consumer_exit(void)
{
}
module_exit(pkg_consumer_exit);

MODULE_DESCRIPTION("packaging test: consumer");
MODULE_LICENSE("GPL");
