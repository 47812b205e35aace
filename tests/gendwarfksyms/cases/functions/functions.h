typedef void (*callback_t)(int, ...);
struct ops {
	int (*open)(const char *name, int flags);
	callback_t cb;
};
