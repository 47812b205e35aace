#include "list_reuse.h"

int f(int (*cb)(struct a *, struct b *))
{
	return 0;
}
