/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Version 2: struct mv_pair changed layout (a widened, c added), so the
 * CRC of mv_pair_sum, which takes a pointer to it, changes too.
 */
#ifndef MV_PAIR_H
#define MV_PAIR_H

struct mv_pair {
	long a;
	int b;
	int c;
};

int mv_pair_sum(const struct mv_pair *p);

#endif
