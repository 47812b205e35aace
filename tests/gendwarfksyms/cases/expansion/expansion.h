struct node {
	struct node *next;
	struct payload *data;
};
