/*
 * The walk of f's parameter type reaches the same function type again,
 * through struct b, while its second parameter is still being described:
 * the second description reuses the first parameter's, which must not
 * cost the second parameter its separator.
 */
struct b;
struct a { int x; };
struct ops { int (*op)(struct a *, struct b *); };
struct b { struct ops *ops; };
