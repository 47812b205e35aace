#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Link-time optimisation (issue 17): the output of a ThinLTO or full-LTO
# link (clang -flto[=thin], ld.lld -r) is a native object with one CU per
# source file. The versions the tool computes on it must be the versions
# kbuild computes on each object compiled without LTO, with the same
# compiler and flags: the expectation of every test below comes from
# those objects, never from the LTO output itself.
#
# Needs GDK_CC (a clang), GDK_G and the ld.lld of the same LLVM version.

# lto_build NAME MODE SOURCES...: objects compiled with -flto=MODE ("thin"
# or "full") and linked with ld.lld -r into NAME.o; "none" compiles
# without LTO and links with ld -r.
lto_build() {
	local name=$1 mode=$2 f objs=()
	shift 2
	for f in "$@"; do
		case $mode in
		none) $GDK_CC $GDK_G -O2 -c "$f" -o "${f%.c}.o" || return ;;
		thin) $GDK_CC $GDK_G -O2 -flto=thin -c "$f" -o "${f%.c}.thin.o" || return ;;
		full) $GDK_CC $GDK_G -O2 -flto -c "$f" -o "${f%.c}.full.o" || return ;;
		esac
		case $mode in none) objs+=("${f%.c}.o") ;; *) objs+=("${f%.c}.$mode.o") ;; esac
	done
	if [ "$mode" = none ]; then
		ld -r "${objs[@]}" -o "$name.o"
	else
		"$LTO_LD" -r "${objs[@]}" -o "$name.o"
	fi
}

# lto_expect NAME SYMBOL OBJECT...: SYMBOL's version in NAME.o (thin and
# full) and in the ld -r of the objects without LTO, against its version
# in OBJECT, the object without LTO whose source exports it.
lto_expect() {
	local desc=$1 sym=$2 obj=$3 want got mode bad=
	want=$(version_of "$obj" "$sym")
	[ -n "$want" ] && [ "$want" != 0x00000000 ] || bad="$obj: no version"
	for mode in none thin full; do
		got=$(version_of "lto-$mode.o" "$sym")
		[ "$got" = "$want" ] || bad+=" $mode: $got"
	done
	if [ -z "$bad" ]; then
		ktap_ok "LTO: $desc"
	else
		ktap_fail "LTO: $desc"
		ktap_diag "$sym: $obj $want;$bad"
	fi
}

lto_tests() {
	local w=$WORK/lto mode ver

	ver=${GDK_CC##*-}
	LTO_LD=ld.lld-$ver
	[ "$ver" != "$GDK_CC" ] || LTO_LD=ld.lld
	if ! command -v "$LTO_LD" > /dev/null; then
		ktap_fail "LTO: $LTO_LD not installed (scripts/install-deps.sh)"
		return
	fi
	mkdir -p "$w" && cd "$w" || return

	cp "$GDK_DIR/mark.h" .
	# far() is defined in def.c but exported from exp.c, which declares
	# it with a typedef'd parameter. small() and wrap() are exported
	# where they are defined, and user.c calls them often enough for
	# ThinLTO to import and inline them; wrap() then needs def.c's static
	# helper(), which ThinLTO promotes and renames, as it does
	# other.c's helper() of the same name. halias is an exported alias of
	# helper().
	cat > def.c <<-'EOT'
	#include "mark.h"
	long far(struct s *p) { return p->b; }
	int small(struct s *p) { return p->a + 1; }
	EXPORT(small);
	static __attribute__((noinline)) int helper(int x) { return x * 3; }
	int wrap(int x) { return helper(x) + 1; }
	EXPORT(wrap);
	extern int halias(int) __attribute__((alias("helper")));
	EXPORT(halias);
	EOT
	cat > exp.c <<-'EOT'
	#include "mark.h"
	long far(s_t *p);
	EXPORT(far);
	EOT
	cat > user.c <<-'EOT'
	#include "mark.h"
	int small(struct s *p);
	int wrap(int x);
	int user(struct s *p) { return small(p) + small(p + 1) + wrap(p->a); }
	EXPORT(user);
	EOT
	cat > other.c <<-'EOT'
	static __attribute__((noinline)) int helper(int x) { return x - 1; }
	int other(int x) { return helper(x); }
	EOT
	for mode in none thin full; do
		lto_build lto-$mode $mode def.c exp.c user.c other.c ||
			{ ktap_fail "LTO: build ($mode)"; return; }
	done

	# The cases must be what they say: ThinLTO imported small() into
	# user.c's module and renamed a helper().
	if [ "$(llvm-dwarfdump-$ver --name=small lto-thin.o 2>/dev/null | grep -c DW_TAG_subprogram)" -ge 2 ] &&
	   nm lto-thin.o | grep -q ' helper\.llvm\.'; then
		ktap_ok "LTO: ThinLTO imported small() into another unit and renamed a static helper()"
	else
		ktap_fail "LTO: ThinLTO imported small() into another unit and renamed a static helper()"
	fi

	lto_expect "a symbol exported from another unit than its definition" far exp.o
	lto_expect "an exported function ThinLTO imports into another unit" small def.o
	lto_expect "an exported function that calls a renamed static helper" wrap def.o
	lto_expect "an exported alias of a static function LTO renames" halias def.o
	lto_expect "an export of the unit that imports them" user user.o
	lto_cross_unit_tests
	lto_link_tests
}

# Full LTO describes a type once for all units: another unit's DIEs refer
# to it across units (DW_FORM_ref_addr), and its DW_AT_decl_file indexes
# the file table of the unit that holds it. xa.c includes five headers
# before the shared one, xb.c only that one, so the two tables differ.
lto_cross_unit_tests() {
	local i h=
	for i in 1 2 3 4 5; do
		echo "struct pad$i { int x; };" > pad$i.h
		h+="#include \"pad$i.h\""$'\n'
	done
	printf 'enum color { RED, GREEN, BLUE };\n' > color.h
	printf '%s#include "color.h"\n%s\n' "$h" \
		'int xa(enum color c, struct pad1 *a, struct pad5 *e) { return c + a->x + e->x; }' > xa.c
	printf '#include "color.h"\nint xb(enum color c) { return c * 2; }\n' > xb.c
	lto_build lto-xcu-none none xa.c xb.c && lto_build lto-xcu-full full xa.c xb.c ||
		{ ktap_fail "LTO: build the cross-unit case"; return; }
	if ! llvm-dwarfdump-$ver --show-form lto-xcu-full.o 2>/dev/null | grep -q DW_FORM_ref_addr; then
		ktap_fail "LTO: full LTO refers to a type across units (DW_FORM_ref_addr)"
		return
	fi
	local want got
	want="$(version_of xa.o xa) $(version_of xb.o xb)"
	got="$(version_of lto-xcu-full.o xa) $(version_of lto-xcu-full.o xb)"
	if [ "$got" = "$want" ] && [ "${want#* }" != 0x00000000 ]; then
		ktap_ok "LTO: a type another unit holds (full LTO, DW_FORM_ref_addr) is read in that unit"
	else
		ktap_fail "LTO: a type another unit holds (full LTO, DW_FORM_ref_addr) is read in that unit"
		ktap_diag "xa xb: without LTO $want, full LTO $got"
	fi
}

# link_expect DESC FILE WANT: ok if FILE holds exactly the lines of WANT.
link_expect() {
	if [ "$(cat "$2")" = "$3" ]; then
		ktap_ok "LTO link: $1"
	else
		ktap_fail "LTO link: $1"
		ktap_diag "got: $(tr '\n' ' ' < "$2")"
		ktap_diag "want: $(echo "$3" | tr '\n' ' ')"
	fi
}

# scripts/gendwarfksyms/link-versions.sh, which kbuild runs at the link of
# vmlinux.o and of a module of several objects under Clang LTO, on a
# ThinLTO link of C bitcode objects and of a native assembly object whose
# .cmd file already holds its version, as kbuild leaves them. The
# expected versions are those of the C objects compiled without LTO.
lto_link_tests() {
	local w=$WORK/lto-link script=${LINK_VERSIONS:-$TOP/build/linux/scripts/gendwarfksyms/link-versions.sh}
	local f want rc

	mkdir -p "$w" && cd "$w" || return
	cp "$GDK_DIR/mark.h" .
	# What EXPORT_SYMBOL() leaves under CONFIG_GENDWARFKSYMS: the symbol
	# pointer and, from assembly, the __export_symbol_ marker.
	cat > kexport.h <<-'EOT'
	#include "mark.h"
	#include <linux/kabi.h>
	#define KEXPORT(sym) EXPORT(sym); __asm__(".section .export_symbol,\"a\"\n" \
		"__export_symbol_" #sym ":\n.byte 0\n.previous")
	EOT
	# Types defined in .c files are never expanded: the kABI rule's
	# enumeration is in a header.
	echo 'enum e { A, B, C };' > stable.h
	cat > def.c <<-'EOT'
	#include "kexport.h"
	#include "stable.h"
	int small(struct s *p) { return p->a + 1; }
	KEXPORT(small);
	KABI_ENUMERATOR_IGNORE(e, C);
	long stable(enum e v) { return v; }
	KEXPORT(stable);
	EOT
	cat > user.c <<-'EOT'
	#include "kexport.h"
	int small(struct s *p);
	int user(struct s *p) { return small(p) + small(p + 1); }
	KEXPORT(user);
	long far(s_t *p);
	KEXPORT(far);
	EOT
	cat > far.c <<-'EOT'
	#include "kexport.h"
	long far(struct s *p) { return p->b; }
	EOT
	cat > asm.S <<-'EOT'
	.text
	.globl asmfunc
	asmfunc: ret
	.section .export_symbol,"a"
	__export_symbol_asmfunc: .byte 0
	EOT
	for f in def user far; do
		$GDK_CC $GDK_G -O2 $KABI_CFLAGS -c $f.c -o $f.o &&
		$GDK_CC $GDK_G -O2 $KABI_CFLAGS -flto=thin -c $f.c -o $f.lto.o &&
		printf 'savedcmd_%s.lto.o := cc\n' $f > .$f.lto.o.cmd ||
			{ ktap_fail "LTO link: build $f.c"; return; }
	done
	$GDK_CC -c asm.S -o asm.o &&
	printf 'savedcmd_asm.o := as\n\n#SYMVER asmfunc 0x12345678\n' > .asm.o.cmd &&
	"$LTO_LD" -r def.lto.o user.lto.o far.lto.o asm.o -o linked.o &&
	printf '%s\n' def.lto.o user.lto.o far.lto.o asm.o > objects ||
		{ ktap_fail "LTO link: link"; return; }

	# The C exports get the versions of their objects without LTO
	# (stable in def.o, far in user.o, which exports it); asmfunc, which
	# asm.o's .cmd file versions, is left out.
	want=$(for f in def:small def:stable user:far user:user; do
		echo "#SYMVER ${f#*:} $(version_of ${f%:*}.o ${f#*:})"
	done | sort -k2)
	sh "$script" "$TOOL" linked.o < objects > out 2> err
	rc=$?
	sort -k2 out > sorted
	[ $rc -eq 0 ] || ktap_diag "rc $rc: $(cat err)"
	link_expect "the C exports, with their versions without LTO; not the assembly one" sorted "$want"

	# --stable applies the kABI rules of the linked units: the version
	# of stable() is def.o's with --stable, which the rule changes.
	want=$(echo stable | "$TOOL" --stable def.o | awk '{ print $3 }')
	sh "$script" "$TOOL" linked.o --stable < objects 2> err |
		awk '$2 == "stable" { print $3 }' > out
	if [ "$(cat out)" = "$want" ] && [ "$want" != "$(version_of def.o stable)" ]; then
		ktap_ok "LTO link: --stable gives the kABI rules' version ($want)"
	else
		ktap_fail "LTO link: --stable gives the kABI rules' version ($want)"
		ktap_diag "got $(cat out); without --stable $(version_of def.o stable); $(cat err)"
	fi

	# symtypes: each C export's line is the one of its object without LTO.
	sh "$script" "$TOOL" linked.o --symtypes linked.symtypes < objects > /dev/null 2>&1
	for f in def user; do
		"$TOOL" --find-exports -T $f.symtypes $f.o > /dev/null 2>&1
	done
	grep -hE '^(small|stable|user|far) ' def.symtypes user.symtypes | sort > want.symtypes
	grep -hE '^(small|stable|user|far) ' linked.symtypes 2>/dev/null | sort > got.symtypes
	if [ -s want.symtypes ] && cmp -s want.symtypes got.symtypes; then
		ktap_ok "LTO link: --symtypes gives each export the line of its object without LTO"
	else
		ktap_fail "LTO link: --symtypes gives each export the line of its object without LTO"
		diff want.symtypes got.symtypes | head -5 | sed 's/^/# /'
	fi

	# An export without DWARF in the link output stops the link, and no
	# version is printed: far.c and a unit exporting it compiled without -g.
	$GDK_CC -O2 $KABI_CFLAGS -flto=thin -c far.c -o nodebug.lto.o &&
	printf '%s\n' 'long far(long);' 'long g(long x) { return far(x); }' \
		'__asm__(".section .export_symbol,\"a\"\n__export_symbol_far: .byte 0\n.previous");' \
		> exp-nodebug.c &&
	$GDK_CC -O2 -flto=thin -c exp-nodebug.c -o exp-nodebug.lto.o &&
	"$LTO_LD" -r def.lto.o nodebug.lto.o exp-nodebug.lto.o -o partly.o ||
		{ ktap_fail "LTO link: build the object without DWARF for far"; return; }
	: > .nodebug.lto.o.cmd; : > .exp-nodebug.lto.o.cmd
	printf '%s\n' def.lto.o nodebug.lto.o exp-nodebug.lto.o |
		sh "$script" "$TOOL" partly.o > out 2> err
	rc=$?
	if [ $rc -ne 0 ] && [ ! -s out ] && grep -q 'no DWARF information for symbol far$' err; then
		ktap_ok "LTO link: an export without DWARF stops it, with nothing printed"
	else
		ktap_fail "LTO link: an export without DWARF stops it, with nothing printed"
		ktap_diag "rc $rc, out $(wc -l < out) lines: $(cat err)"
	fi

	# A missing .cmd file of an object of the link is an error, not an
	# object without versions.
	printf '%s\n' def.lto.o missing.o | sh "$script" "$TOOL" linked.o > out 2> err
	rc=$?
	if [ $rc -ne 0 ] && grep -q '\.missing\.o\.cmd' err; then
		ktap_ok "LTO link: a missing .cmd file of the link's objects stops it"
	else
		ktap_fail "LTO link: a missing .cmd file of the link's objects stops it"
		ktap_diag "rc $rc: $(cat err)"
	fi

	# Bitcode handed to the tool: one message naming the object.
	"$TOOL" --find-exports def.lto.o > out 2> err
	rc=$?
	if [ $rc -eq 1 ] && [ ! -s out ] && [ "$(wc -l < err)" -eq 1 ] &&
	   grep -q '^error: gendwarfksyms: def.lto.o: LLVM bitcode' err; then
		ktap_ok "LTO link: a bitcode object is refused with one message naming it"
	else
		ktap_fail "LTO link: a bitcode object is refused with one message naming it"
		ktap_diag "rc $rc: $(cat err)"
	fi
}
