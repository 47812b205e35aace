namespace ns {
struct S {
	struct In { int x; };
	In in;
	int &ref;
};
class C {
public:
	long v;
};
int func(S *s, C &c, int &&r, decltype(nullptr) n)
{
	return 0;
}
}
struct Outer {
	struct {
		struct Deep { int d; } deep;
	} anon_member;
};
Outer outer_var;
