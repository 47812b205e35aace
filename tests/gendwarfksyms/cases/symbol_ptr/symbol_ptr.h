struct buf {
	char *data;
	unsigned long len;
};
