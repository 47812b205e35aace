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
}
