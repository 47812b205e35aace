typedef unsigned long handle_t;
