#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Interface behaviour (SPEC 1.1, 1.2, 1.5): the symbol list, output order,
# unknown symbols, several objects, aliases and objects with many CUs.

behaviour_tests() {
	local w=$WORK/behaviour out err rc

	mkdir -p "$w" && cd "$w" || return
	cat > one.c <<-'EOT'
	struct s { int a; };
	int f(struct s *p) { return 0; }
	long gvar;
	EOT
	cat > other.c <<-'EOT'
	long g(long y) { return y; }
	char f(char c) { return c; }
	EOT
	$GDK_CC $GDK_G -c one.c other.c || { ktap_fail "behaviour: compile"; return; }

	# Leading blanks, extra words and duplicates; input order is kept.
	printf '  gvar extra words\nf\n\tgvar\n' | "$TOOL" one.o > out 2> err
	rc=$?
	printf '#SYMVER gvar 0x%s\n#SYMVER f 0x%s\n' \
		"$(version_of one.o gvar | cut -c3-)" \
		"$(version_of one.o f | cut -c3-)" > expected
	if [ $rc -eq 0 ] && cmp -s out expected && [ ! -s err ]; then
		ktap_ok "symbol list: blanks and extra words skipped, duplicates ignored, input order kept"
	else
		ktap_fail "symbol list: blanks and extra words skipped, duplicates ignored, input order kept"
		sed 's/^/# /' out err
	fi

	# An unknown symbol: warning, zero CRC, success.
	printf 'f\nnot_there\n' | "$TOOL" one.o > out 2> err
	rc=$?
	if [ $rc -eq 0 ] && grep -qx '#SYMVER not_there 0x00000000' out &&
	   grep -qx 'warning: gendwarfksyms: no information for symbol not_there' err; then
		ktap_ok "unknown symbol: warning and 0x00000000, exit 0"
	else
		ktap_fail "unknown symbol: warning and 0x00000000, exit 0"
		sed 's/^/# /' out err
	fi

	# Empty input: nothing printed, no files opened or created.
	"$TOOL" -T empty.symtypes does-not-exist.o < /dev/null > out 2> err
	rc=$?
	if [ $rc -eq 0 ] && [ ! -s out ] && [ ! -s err ] && [ ! -e empty.symtypes ]; then
		ktap_ok "empty symbol list: exit 0, no output, no files opened"
	else
		ktap_fail "empty symbol list: exit 0, no output, no files opened"
	fi

	# f and g are both at .text+0 of their objects: not aliases.
	printf 'f\ng\n' | "$TOOL" one.o other.o > out 2>/dev/null
	if [ "$(awk '/ f /{print $3}' out)" = "$(version_of one.o f)" ] &&
	   [ "$(awk '/ g /{print $3}' out)" = "$(version_of other.o g)" ] &&
	   [ "$(version_of one.o f)" != "$(version_of other.o g)" ]; then
		ktap_ok "several objects: equal addresses in different objects are not aliases"
	else
		ktap_fail "several objects: equal addresses in different objects are not aliases"
		sed 's/^/# /' out
	fi

	# f is defined in both: the first object on the command line wins.
	printf 'f\n' | "$TOOL" other.o one.o > out 2>/dev/null
	if [ "$(awk '{print $3}' out)" = "$(version_of other.o f)" ]; then
		ktap_ok "several objects: a symbol versioned from an earlier object is not processed again"
	else
		ktap_fail "several objects: a symbol versioned from an earlier object is not processed again"
	fi

	# One sorted symtypes block per object, in argument order.
	printf 'gvar\nf\ng\n' | "$TOOL" -T both.symtypes other.o one.o > /dev/null 2>&1
	printf 'f\ng\n' | "$TOOL" -T a.symtypes other.o > /dev/null 2>&1
	printf 'gvar\n' | "$TOOL" -T b.symtypes one.o > /dev/null 2>&1
	cat a.symtypes b.symtypes > expected
	if cmp -s both.symtypes expected && sort -c a.symtypes && sort -c b.symtypes; then
		ktap_ok "symtypes: one sorted block per object in argument order"
	else
		ktap_fail "symtypes: one sorted block per object in argument order"
		diff both.symtypes expected | sed 's/^/# /'
	fi

	multi_cu_tests
	cd "$TOP" || return
}

# all_versions OBJECT SYMBOL: SYMBOL's CRC when use, f and g are exported.
all_versions() {
	printf 'use\nf\ng\n' | "$TOOL" "$1" 2>/dev/null | awk -v s="$2" '$2 == s { print $3 }'
}

# SPEC 1.2: each CU of an ld -r object is versioned on its own, each symbol
# in the CU that defines it, or that exports it if a CU has its marker.
multi_cu_tests() {
	cat > mcu.h <<-'EOT'
	struct s { int a; long b; };
	EOT
	# a.c only declares f (with unnamed parameters) and struct s.
	cat > a.c <<-'EOT'
	struct s;
	int f(struct s *);
	int use(struct s *p) { return f(p); }
	EOT
	cat > b.c <<-'EOT'
	#include "mcu.h"
	int f(struct s *p) { return p->a; }
	long g(struct s *p) { return p->b; }
	EOT
	$GDK_CC $GDK_G -O2 -c a.c b.c && ld -r a.o b.o -o ab.o && ld -r b.o a.o -o ba.o ||
		{ ktap_fail "multi-CU: build"; return; }

	# All three exported together: g expands struct s in b.c's CU.
	local fb fab fba ua uab uba
	fb=$(all_versions b.o f) fab=$(all_versions ab.o f) fba=$(all_versions ba.o f)
	ua=$(all_versions a.o use) uab=$(all_versions ab.o use) uba=$(all_versions ba.o use)

	if [ "$fab" = "$fb" ] && [ "$fba" = "$fb" ] && [ "$fb" != 0x00000000 ]; then
		ktap_ok "multi-CU: f gets the CRC of the object that defines it, whatever the link order"
	else
		ktap_fail "multi-CU: f gets the CRC of the object that defines it, whatever the link order"
		ktap_diag "b.o $fb, ab.o $fab, ba.o $fba"
	fi

	if [ "$uab" = "$ua" ] && [ "$uba" = "$ua" ] && [ "$ua" != 0x00000000 ]; then
		ktap_ok "multi-CU: a struct declared in one CU is not expanded from another CU's definition"
	else
		ktap_fail "multi-CU: a struct declared in one CU is not expanded from another CU's definition"
		ktap_diag "a.o $ua, ab.o $uab, ba.o $uba"
	fi

	# gas describes asm_fn as a subprogram without a type, Clang's
	# assembler as a label: the C declaration in decl.c must version it,
	# as in decl.o alone. Clang's DWARF does not declare the functions a
	# CU calls, so there decl.c points to it as kbuild does for the
	# exports of a .S file (__gendwarfksyms_ptr_).
	printf '\t.text\n\t.globl asm_fn\n\t.type asm_fn, @function\nasm_fn:\n\tret\n\t.size asm_fn, .-asm_fn\n' > asm.S
	cat > decl.c <<-'EOT'
	int asm_fn(int x);
	int call_asm(void) { return asm_fn(1); }
	#ifdef __clang__
	static __typeof__(asm_fn) *__gendwarfksyms_ptr_asm_fn __attribute__((used));
	#endif
	EOT
	$GDK_CC $GDK_G -c asm.S decl.c && ld -r asm.o decl.o -o mixed.o ||
		{ ktap_fail "multi-CU: build asm + C"; return; }
	local d m
	d=$(version_of decl.o asm_fn) m=$(version_of mixed.o asm_fn)
	if [ "$m" = "$d" ] && [ "$d" != 0x00000000 ]; then
		ktap_ok "multi-CU: an assembly function is versioned from its C declaration"
	else
		ktap_fail "multi-CU: an assembly function is versioned from its C declaration"
		ktap_diag "decl.o $d, asm.o+decl.o $m"
	fi

	# kbuild's EXPORT_SYMBOL() leaves an export marker in the unit that
	# exports the symbol, and kbuild versions each object on its own: f
	# exported from exp.c, which declares it with a typedef'd parameter,
	# takes exp.o's version, not the one of def.c, which defines it. In
	# any link order, as in an LTO link.
	cp "$GDK_DIR/mark.h" .
	cat > def.c <<-'EOT'
	#include "mark.h"
	long f(struct s *p) { return p->b; }
	EOT
	cat > exp.c <<-'EOT'
	#include "mark.h"
	long f(s_t *p);
	EXPORT(f);
	EOT
	$GDK_CC $GDK_G -O2 -c def.c exp.c && ld -r def.o exp.o -o de.o &&
		ld -r exp.o def.o -o ed.o || { ktap_fail "multi-CU: build markers"; return; }
	local fd fe fde fed
	fd=$(version_of def.o f) fe=$(version_of exp.o f)
	fde=$(version_of de.o f) fed=$(version_of ed.o f)
	if [ "$fde" = "$fe" ] && [ "$fed" = "$fe" ] && [ "$fe" != "$fd" ] &&
	   [ "$fe" != 0x00000000 ]; then
		ktap_ok "multi-CU: an exported symbol is versioned in the CU with its export marker, not the one that defines it"
	else
		ktap_fail "multi-CU: an exported symbol is versioned in the CU with its export marker, not the one that defines it"
		ktap_diag "exp.o $fe (the expected one), def.o $fd, def+exp $fde, exp+def $fed"
	fi
}
