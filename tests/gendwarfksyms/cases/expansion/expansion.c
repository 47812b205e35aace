#include "expansion.h"
struct private_ctx { int secret; };
int use_ctx(struct private_ctx *ctx, struct node *a, struct node *b)
{
	return 0;
}
