#include "arrays.h"
long matrix[4][5];
struct grid *grid_ptr;
