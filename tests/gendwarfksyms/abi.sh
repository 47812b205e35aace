#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# ABI-change pairs: abi.c exports api(struct dev *) and includes abi.h.
# Each pair builds it with two versions of abi.h (and optionally extra
# lines in abi.c) and checks whether api's version changes, as it must for
# an ABI change and must not for anything else.

. "$GDK_DIR/abi-sources.sh"

abi_pair() {
	local name=$1 expect=$2 h1=$3 h2=$4 c1=${5:-} c2=${6:-}
	local d=$WORK/abi/$name v1 v2

	abi_sources "$d" "$h1" "$h2" "$c1" "$c2" ||
		{ ktap_fail "ABI $name: build"; return; }

	v1=$(version_of "$d/v1/abi.o" api)
	v2=$(version_of "$d/v2/abi.o" api)
	if [ "$v1" = 0x00000000 ] || [ -z "$v1" ]; then
		ktap_fail "ABI $name: no version"
	elif { [ "$expect" = changes ] && [ "$v1" != "$v2" ]; } ||
	     { [ "$expect" = same ] && [ "$v1" = "$v2" ]; }; then
		ktap_ok "ABI $name: version $expect ($v1 -> $v2)"
	else
		ktap_fail "ABI $name: version $expect ($v1 -> $v2)"
	fi
}

abi_tests() {
	local base='struct dev { int id; long flags; };'

	abi_pair "member added" changes "$base" \
		'struct dev { int id; long flags; int extra; };'
	abi_pair "member removed" changes "$base" \
		'struct dev { int id; };'
	abi_pair "member renamed" changes "$base" \
		'struct dev { int id; long mode; };'
	abi_pair "members reordered" changes "$base" \
		'struct dev { long flags; int id; };'
	abi_pair "member type widened" changes "$base" \
		'struct dev { long id; long flags; };'
	abi_pair "enumerator value" changes \
		'enum state { IDLE, BUSY }; struct dev { enum state s; };' \
		'enum state { IDLE, BUSY = 2 }; struct dev { enum state s; };'
	abi_pair "enumerator added" changes \
		'enum state { IDLE, BUSY }; struct dev { enum state s; };' \
		'enum state { IDLE, BUSY, GONE }; struct dev { enum state s; };'
	abi_pair "array size" changes \
		'struct dev { char name[16]; };' \
		'struct dev { char name[32]; };'
	abi_pair "bitfield width" changes \
		'struct dev { unsigned int a:3, b:5; };' \
		'struct dev { unsigned int a:4, b:5; };'
	abi_pair "alignment" changes \
		'struct dev { int id; };' \
		'struct dev { int id; } __attribute__((aligned(16)));'
	abi_pair "const pointee" changes \
		'struct dev { char *name; };' \
		'struct dev { const char *name; };'
	abi_pair "volatile member" changes \
		'struct dev { int state; };' \
		'struct dev { volatile int state; };'
	abi_pair "function pointer signature" changes \
		'struct dev { int (*probe)(struct dev *); };' \
		'struct dev { int (*probe)(struct dev *, int); };'
	abi_pair "nested struct member" changes \
		'struct ops { int (*open)(void); }; struct dev { struct ops *ops; };' \
		'struct ops { int (*open)(void); int (*close)(void); }; struct dev { struct ops *ops; };'
	abi_pair "typedef target" changes \
		'typedef int id_t_; struct dev { id_t_ id; };' \
		'typedef long id_t_; struct dev { id_t_ id; };'
	abi_pair "declaration to definition" changes \
		'struct dev;' \
		'struct dev { int id; };'
	abi_pair "union member" changes \
		'union val { int i; float f; }; struct dev { union val v; };' \
		'union val { int i; double d; }; struct dev { union val v; };'

	abi_pair "unrelated type changed" same \
		"$base struct other { int a; };" \
		"$base struct other { int a; int b; };"
	abi_pair "macro and comment changed" same \
		"$(printf '#define DEV_MAX 4 /* one */\n%s' "$base")" \
		"$(printf '#define DEV_MAX 8 /* two */\n%s' "$base")"
	abi_pair "type private to the .c file changed" same \
		'struct dev;' 'struct dev;' \
		'struct dev { int id; };' 'struct dev { int id; long extra; };'
	abi_pair "struct reached only through a private struct changed" same \
		'struct inner { int a; };' 'struct inner { int a; int b; };' \
		'struct dev { struct inner *in; };' 'struct dev { struct inner *in; };'
}
