#include "symbol_ptr.h"
#define PTR __attribute__((used, section(".discard.gendwarfksyms")))
/* asm_copy and asm_table have no DIE of their own: pointers describe them */
static int (*__gendwarfksyms_ptr_asm_copy)(struct buf *, const struct buf *) PTR;
static struct buf *__gendwarfksyms_ptr_asm_table PTR;
/* real_func has a DIE: its (deliberately different) pointer is not used */
static long (*__gendwarfksyms_ptr_real_func)(void) PTR;
int real_func(struct buf *b)
{
	return 0;
}
