#include "bitfields.h"
int bits_get(struct bits *b) { return b->level; }
