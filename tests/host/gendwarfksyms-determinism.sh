#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# gendwarfksyms is deterministic: runs on the same objects give
# byte-identical #SYMVER lines and symtypes (-T) files. The tool hashes
# heap addresses (DIE and scope maps), so each object is run three ways
# that lay out the heap differently: the optimised build with ASLR, the
# same without ASLR (setarch -R), and the ASan build (another allocator).
# Objects: the golden and per-tag cases (C, C++, Rust), an ld -r object of
# two CUs, several objects on one command line, and the exporting objects
# of the gendwarfksyms test kernel with many exports (if it was built).
# benchmarks/determinism-kbuild.sh does the same for two whole kernel
# builds.
top=$(cd "$(dirname "$0")/../.." && pwd)

. "$top/tests/gendwarfksyms/setup.sh"

ASAN_TOOL=$top/build/tool/gendwarfksyms-asan
KOUT=${KOUT:-$top/build/out/gendwarfksyms}
w=$WORK/det
mkdir -p "$w/src" && cd "$w" || exit 1

# run NAME SYMBOLS OBJECT...: the three runs, outputs in NAME.{1,2,3}.*
run() {
	local name=$1 syms=$2
	shift 2
	"$TOOL" -T "$name.1.symtypes" "$@" < "$syms" > "$name.1.out" 2> /dev/null
	setarch "$(uname -m)" -R "$TOOL" -T "$name.2.symtypes" "$@" < "$syms" \
		> "$name.2.out" 2> /dev/null
	"$ASAN_TOOL" -T "$name.3.symtypes" "$@" < "$syms" > "$name.3.out" 2> /dev/null
}

# check DESC NAME: ok if the three runs agree and versioned something
check() {
	local desc=$1 name=$2 n bad=
	for n in 1 2 3; do
		grep '^#SYMVER' "$name.$n.out" > "$name.$n.symver"
	done
	for n in 2 3; do
		cmp -s "$name.1.symver" "$name.$n.symver" || bad="$bad #SYMVER(run $n)"
		cmp -s "$name.1.symtypes" "$name.$n.symtypes" || bad="$bad symtypes(run $n)"
	done
	if [ -z "$bad" ] && [ -s "$name.1.symver" ] && [ -s "$name.1.symtypes" ] &&
	   grep -qv ' 0x00000000$' "$name.1.symver"; then
		ktap_ok "deterministic: $desc"
	else
		ktap_fail "deterministic: $desc (differs:${bad:- no output})"
		diff "$name.1.symtypes" "$name.2.symtypes" | head -n 6 | sed 's/^/# /'
	fi
}

# The test cases, compiled here.
objs=()
for d in "$GDK_DIR"/golden/* "$GDK_DIR"/cases/*; do
	c=$(basename "$d")
	mkdir -p "src/$c" && cp "$d"/* "src/$c/"
	for f in src/"$c"/*.c src/"$c"/*.cpp src/"$c"/*.rs; do
		[ -e "$f" ] || continue
		o=${f%.*}.o
		case $f in
		*.c) gcc -g -c "$f" -o "$o" ;;
		*.cpp) g++ -g -c "$f" -o "$o" ;;
		*.rs) /usr/bin/rustc --crate-type=lib --emit=obj -g \
			-C opt-level=0 -o "$o" "$f" ;;
		esac || { ktap_fail "deterministic: build $c"; continue; }
		run "$c" "src/$c/symbols" "$o"
		check "$c" "$c"
		objs+=("$o")
		cat "src/$c/symbols" >> all.symbols
	done
done

ld -r src/grammar/grammar.o src/alias/alias.o -o multi.o &&
	cat src/grammar/symbols src/alias/symbols > multi.symbols &&
	run multi multi.symbols multi.o && check "ld -r object of two CUs" multi

run all all.symbols "${objs[@]}"
check "${#objs[@]} objects on one command line" all

# Kernel objects: a few C objects with many exports (28 to 68).
if [ -f "$KOUT/vmlinux.o" ]; then
	for o in lib/string.o kernel/params.o drivers/base/core.o; do
		name=k_$(echo "$o" | tr /. __)
		nm "$KOUT/$o" | sed -n 's/.* __export_symbol_\(.*\)/\1/p' > "$name.symbols"
		run "$name" "$name.symbols" "$KOUT/$o"
		check "kernel object $o ($(grep -c . "$name.symbols") exports)" "$name"
	done
	# vmlinux.o: thousands of CUs, versioned in worker processes. The
	# output must not depend on how many there are or which CU each took.
	nm "$KOUT/vmlinux.o" | sed -n 's/.* __export_symbol_\(.*\)/\1/p' > vmlinux.symbols
	for j in 1 2 4; do
		"$TOOL" -j "$j" -T "vmlinux.$j.symtypes" "$KOUT/vmlinux.o" \
			< vmlinux.symbols 2> /dev/null | grep '^#SYMVER' > "vmlinux.$j.symver"
	done
	bad=
	for j in 2 4; do
		cmp -s vmlinux.1.symver "vmlinux.$j.symver" || bad="$bad #SYMVER(-j $j)"
		cmp -s vmlinux.1.symtypes "vmlinux.$j.symtypes" || bad="$bad symtypes(-j $j)"
	done
	n=$(grep -c . vmlinux.symbols)
	if [ -z "$bad" ] && [ "$(grep -c . vmlinux.1.symver)" = "$n" ] &&
	   [ -s vmlinux.1.symtypes ]; then
		ktap_ok "deterministic: vmlinux.o ($n exports) with -j 1, 2 and 4"
	else
		ktap_fail "deterministic: vmlinux.o with -j 1, 2 and 4 (differs:${bad:- no output})"
	fi
else
	ktap_skip "deterministic: kernel objects" "no $KOUT/vmlinux.o"
fi

cd "$TOP" || exit 1
ktap_finish
