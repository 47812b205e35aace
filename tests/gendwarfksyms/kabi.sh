#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# kABI stability (SPEC 1.7): for every rule and naming convention, a pair
# of versions of a header whose change --stable hides and a plain run
# shows; malformed rule sections; and the size checks of <linux/kabi.h>.
# The sources use <linux/kabi.h> from the patched tree.

KTREE=$TOP/build/linux
KABI_CFLAGS="-D__KERNEL__ -I$KTREE/include -I$KTREE/include/uapi
	-I$KTREE/arch/x86/include -I$KTREE/arch/x86/include/uapi
	-include $KTREE/include/linux/compiler_types.h"

# kabi_pair NAME V1-HEADER V2-HEADER: kabi.c exports f(struct s *, enum e)
kabi_pair() {
	local name=$1 d=$WORK/kabi/$1 s1 s2 p1 p2
	local src='#include "kabi.h"
int f(struct s *p, enum e v) { return 0; }'

	mkdir -p "$d/v1" "$d/v2"
	printf '#include <linux/kabi.h>\n%s\n' "$2" > "$d/v1/kabi.h"
	printf '#include <linux/kabi.h>\n%s\n' "$3" > "$d/v2/kabi.h"
	for v in v1 v2; do
		echo "$src" > "$d/$v/kabi.c"
		(cd "$d/$v" && $GDK_CC $GDK_G $KABI_CFLAGS -c kabi.c) ||
			{ ktap_fail "kABI $name: build $v"; return; }
	done

	s1=$(echo f | "$TOOL" --stable "$d/v1/kabi.o" 2>/dev/null | awk '{ print $3 }')
	s2=$(echo f | "$TOOL" --stable "$d/v2/kabi.o" 2>/dev/null | awk '{ print $3 }')
	p1=$(version_of "$d/v1/kabi.o" f)
	p2=$(version_of "$d/v2/kabi.o" f)
	if [ -n "$s1" ] && [ "$s1" = "$s2" ] && [ "$p1" != "$p2" ]; then
		ktap_ok "kABI $name: hidden with --stable ($s1), visible without ($p1 -> $p2)"
	else
		ktap_fail "kABI $name: hidden with --stable ($s1 -> $s2), visible without ($p1 -> $p2)"
	fi
}

kabi_pairs() {
	local e='enum e { A, B };'

	kabi_pair "KABI_DECLONLY" \
		"$e struct s;" \
		"$e struct s { int a; }; KABI_DECLONLY(s);"
	kabi_pair "KABI_ENUMERATOR_IGNORE + KABI_ENUMERATOR_VALUE" \
		"enum e { A, B, E_MAX }; struct s { int a; };" \
		"enum e { A, B, C, E_MAX }; struct s { int a; };
		 KABI_ENUMERATOR_IGNORE(e, C); KABI_ENUMERATOR_VALUE(e, E_MAX, 2);"
	kabi_pair "KABI_ENUMERATOR_VALUE" \
		"enum e { A, B = 1 }; struct s { int a; };" \
		"enum e { A, B = 5 }; struct s { int a; }; KABI_ENUMERATOR_VALUE(e, B, 1);"
	kabi_pair "KABI_BYTE_SIZE" \
		"$e struct s { long a; };" \
		"$e struct s { long a; KABI_IGNORE(0, long b); }; KABI_BYTE_SIZE(s, 8);"
	kabi_pair "KABI_TYPE_STRING" \
		"$e struct s { int a; };" \
		"$e struct s { int a; int b; };
		 KABI_TYPE_STRING(\"s#s\", \"structure_type s { member base_type int byte_size(4) encoding(5) a data_member_location(0) } byte_size(4)\");"
	kabi_pair "KABI_TYPE_STRING defining a new type" \
		"$e struct s { int a; };" \
		"$e struct s { int a; int b; };
		 KABI_TYPE_STRING(\"s#s\", \"structure_type s { member t#old_int a data_member_location(0) } byte_size(4)\");
		 KABI_TYPE_STRING(\"t#old_int\", \"base_type int byte_size(4) encoding(5)\");"
	kabi_pair "KABI_RESERVE -> KABI_USE" \
		"$e struct s { long a; KABI_RESERVE(1); };" \
		"$e struct s { long a; KABI_USE(1, int x); };"
	kabi_pair "KABI_RESERVE -> KABI_USE2" \
		"$e struct s { long a; KABI_RESERVE(1); };" \
		"$e struct s { long a; KABI_USE2(1, int x, int y); };"
	kabi_pair "KABI_RESERVE_ARRAY -> KABI_USE_ARRAY" \
		"$e struct s { long a; KABI_RESERVE_ARRAY(1, 16); };" \
		"$e struct s { long a; KABI_USE_ARRAY(1, 16, long w[2]); };"
	kabi_pair "KABI_REPLACE" \
		"$e struct s { long a; long old; };" \
		"$e struct s { long a; KABI_REPLACE(long, old, int newer); };"
	kabi_pair "KABI_IGNORE in padding" \
		"$e struct s { long a; int b; };" \
		"$e struct s { long a; int b; KABI_IGNORE(0, int c); };"
	kabi_pair "__kabi_ member renamed" \
		"$e struct s { long a; long __kabi_reserved_0; };" \
		"$e struct s { long a; long __kabi_reserved_1; };"
	kabi_pair "reserved placeholder first in its union" \
		"$e struct s { long a; long __kabi_reserved_0; };" \
		"$e struct s { long a; union { long __kabi_reserved_0; struct { int b; int c; }; }; };"
	kabi_pair "__gendwarfksyms_declonly_ symbol" \
		"$e struct s;" \
		"$e struct s { int a; }; int __gendwarfksyms_declonly_s;"
}

# A union whose placeholder is its third member is an ordinary union.
kabi_third_member() {
	local d=$WORK/kabi/third v1 v2
	mkdir -p "$d" && cd "$d" || return
	printf '#include <linux/kabi.h>\nenum e { A };\nstruct s { long a; long __kabi_reserved_0; };\n' > v1.h
	printf '#include <linux/kabi.h>\nenum e { A };\nstruct s { long a; union { int x; int y; long __kabi_reserved_0; }; };\n' > v2.h
	for v in v1 v2; do
		printf '#include "%s.h"\nint f(struct s *p, enum e v) { return 0; }\n' $v > $v.c
		$GDK_CC $GDK_G $KABI_CFLAGS -c $v.c || { ktap_fail "kABI: build"; cd "$TOP"; return; }
	done
	v1=$(echo f | "$TOOL" --stable v1.o | awk '{ print $3 }')
	v2=$(echo f | "$TOOL" --stable v2.o | awk '{ print $3 }')
	if [ "$v1" != "$v2" ]; then
		ktap_ok "kABI: only a union's first two members are placeholders"
	else
		ktap_fail "kABI: only a union's first two members are placeholders"
	fi
	cd "$TOP" || return
}

# kabi_bad DESC SECTION-BYTES-AS-C-INITIALIZER EXPECTED-MESSAGE
kabi_bad() {
	local desc=$1 init=$2 msg=$3 d=$WORK/kabi/bad rc
	mkdir -p "$d" && cd "$d" || return
	printf 'struct s { int a; };\nint f(struct s *p) { return 0; }\n' > bad.c
	printf 'static const char rule[] __attribute__((used, aligned(1), section(".discard.gendwarfksyms.kabi_rules"))) = %s;\n' \
		"$init" >> bad.c
	$GDK_CC $GDK_G -c bad.c || { ktap_fail "kABI malformed: $desc: build"; cd "$TOP"; return; }
	echo f | "$TOOL" --stable bad.o > out 2> err
	rc=$?
	if [ $rc -eq 1 ] && grep -qxF "error: gendwarfksyms: bad.o: $msg" err &&
	   [ "$(grep -c '' err)" = 1 ]; then
		ktap_ok "kABI malformed: $desc"
	else
		ktap_fail "kABI malformed: $desc (status $rc)"
		sed 's/^/# /' err | head -n 3
	fi
	cd "$TOP" || return
}

kabi_malformed() {
	kabi_bad "bad version" '"2\0declonly\0s\0"' \
		"kABI rule 1: unsupported version '2' (expected '1')"
	kabi_bad "unknown rule type" '"1\0declonly\0s\0\0001\0frobnicate\0s\0"' \
		"kABI rule 2: unknown rule type 'frobnicate'"
	kabi_bad "missing terminator" "{ '1', 0, 'd', 'e', 'c', 'l', 'o', 'n', 'l', 'y', 0, 's' }" \
		"kABI rule 1: target is not NUL-terminated"
	kabi_bad "truncated entry" '"1\0declonly"' \
		"kABI rule 1: truncated, the section ends before its target"
	kabi_bad "non-numeric value" '"1\0byte_size\0s\0eight"' \
		"kABI rule 1 (byte_size): value 'eight' is not a decimal number"
	kabi_bad "negative value" '"1\0enumerator_value\0e A\0-1"' \
		"kABI rule 1 (enumerator_value): value '-1' is not a decimal number"
	kabi_bad "missing value" '"1\0byte_size\0s\0"' \
		"kABI rule 1 (byte_size s): missing value"
	kabi_bad "enumerator target without enumerator" '"1\0enumerator_ignore\0e\0"' \
		"kABI rule 1 (enumerator_ignore): target 'e' is not \"<enum> <enumerator>\""
	kabi_bad "empty target" '"1\0declonly\0\0"' \
		"kABI rule 1 (declonly): empty target"
	kabi_bad "unterminated quote in type_string" '"1\0type_string\0s#s\0structure_type s { member s#'"'"'a b c }"' \
		"kABI type_string for s#s: unterminated quote in 'structure_type s { member s#'a b c }'"

	# Without --stable the rules are not read at all.
	local d=$WORK/kabi/bad
	if echo f | "$TOOL" "$d/bad.o" > /dev/null 2>&1; then
		ktap_ok "kABI malformed: ignored without --stable"
	else
		ktap_fail "kABI malformed: ignored without --stable"
	fi
}

# <linux/kabi.h> refuses replacements that do not fit the placeholder.
kabi_size_checks() {
	local d=$WORK/kabi/size
	mkdir -p "$d" && cd "$d" || return

	printf '#include <linux/kabi.h>\nstruct s { long a; KABI_USE(1, char big[16]); };\nstruct s v;\n' > big.c
	if ! $GDK_CC $GDK_G $KABI_CFLAGS -c big.c 2> err &&
	   grep -q 'char big\[16\] is larger than unsigned long __kabi_reserved1' err; then
		ktap_ok "kabi.h: KABI_USE with a larger replacement fails to compile"
	else
		ktap_fail "kabi.h: KABI_USE with a larger replacement fails to compile"
		head -n 3 err | sed 's/^/# /'
	fi

	printf '#include <linux/kabi.h>\nstruct s { long a; KABI_USE_ARRAY(1, 8, long double x); };\nstruct s v;\n' > aligned.c
	if ! $GDK_CC $GDK_G $KABI_CFLAGS -c aligned.c 2> err && grep -q 'is larger than\|is more aligned than' err; then
		ktap_ok "kabi.h: KABI_USE_ARRAY with a larger or more aligned replacement fails to compile"
	else
		ktap_fail "kabi.h: KABI_USE_ARRAY with a larger or more aligned replacement fails to compile"
	fi

	printf '#include <linux/kabi.h>\nstruct s { long a; KABI_USE(1, int fits); KABI_USE2(2, int x, int y); };\nstruct s v;\n' > fits.c
	if $GDK_CC $GDK_G $KABI_CFLAGS -c fits.c 2> err; then
		ktap_ok "kabi.h: replacements that fit compile"
	else
		ktap_fail "kabi.h: replacements that fit compile"
		head -n 3 err | sed 's/^/# /'
	fi
	cd "$TOP" || return
}

kabi_tests() {
	kabi_pairs
	kabi_third_member
	kabi_malformed
	kabi_size_checks
}
