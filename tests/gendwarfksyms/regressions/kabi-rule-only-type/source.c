struct s { int a; };
struct t { struct s *p; };
int f(struct t *x) { return 0; }
int g(struct t *x) { return 1; }
#define R "1\0type_string\0s#s\0structure_type s { member s#t p , member s#s q }\0" \
	"1\0type_string\0s#t\0structure_type t { member s#s p }\0" \
	"1\0type_string\0f\0subprogram ( formal_parameter s#t x ) -> s#zz\0" \
	"1\0type_string\0g\0subprogram ( formal_parameter s#zz x ) -> s#zz\0" \
	"1\0type_string\0s#zz\0structure_type zz { member s#zz next }\0"
static const char rules[sizeof(R) - 1] __attribute__((section(".discard.gendwarfksyms.kabi_rules"), used)) = R;
