#include "functions.h"
void run_ops(struct ops *ops, void (*done)(void))
{
}
