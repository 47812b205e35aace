struct grid {
	int cells[2][3];
	char name[];
};
