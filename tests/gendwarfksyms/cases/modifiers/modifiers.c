#include "modifiers.h"
int mod_func(const volatile char *cv, char *restrict r, _Atomic long a,
	     handle_t h)
{
	return 0;
}
