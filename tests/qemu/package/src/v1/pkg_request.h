/* SPDX-License-Identifier: GPL-2.0 */
/* The exporter's interface, version 1. */
#ifndef PKG_REQUEST_H
#define PKG_REQUEST_H

struct pkg_request {
	int a;
	int b;
};

int pkg_exporter_multiplies_the_two_numbers_of_a_request_for_its_users(const struct pkg_request *req);

#endif
