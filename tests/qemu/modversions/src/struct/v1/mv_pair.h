/* SPDX-License-Identifier: GPL-2.0 */
/* Version 1 of the ABI between mv_provider and mv_consumer. */
#ifndef MV_PAIR_H
#define MV_PAIR_H

struct mv_pair {
	int a;
	int b;
};

int mv_pair_sum(const struct mv_pair *p);

#endif
