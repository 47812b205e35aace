#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# make tool: build gendwarfksyms from build/linux/scripts/gendwarfksyms
# without configuring a kernel, the way kbuild builds host programs.
#
#   build/tool/gendwarfksyms         optimised, as kbuild builds it
#   build/tool/gendwarfksyms-asan    with AddressSanitizer and UBSan
set -euo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
src=$top/build/linux/scripts/gendwarfksyms
out=$top/build/tool
mkdir -p "$out"

[ -d "$src" ] || { echo "build-tool: $src missing (run make tree)" >&2; exit 1; }

cflags=(-Wall -Wmissing-prototypes -Wstrict-prototypes -std=gnu11
	-I "$top/build/linux/scripts/include" -I "$src")
# The sources of a program: its -objs lines in the tool's Makefile.
sources() {
	sed -n "s/^$1-objs += \(.*\)\.o\$/\1.c/p" "$src/Makefile"
}

# build PROGRAM BINARY LIBS FLAGS...
build() {
	local prog=$1 bin=$2 libs=$3; shift 3
	local objs=() c o
	for c in $(sources "$prog"); do
		o=$out/$(basename "$bin").${c%.c}.o
		if [ ! -e "$o" ] || [ "$src/$c" -nt "$o" ] ||
		   [ -n "$(find "$src" -maxdepth 1 -name "*.h" -newer "$o")" ] ||
		   [ "$0" -nt "$o" ]; then
			gcc "${cflags[@]}" "$@" -c "$src/$c" -o "$o"
		fi
		objs+=("$o")
	done
	[ ${#objs[@]} -gt 0 ] || { echo "build-tool: no sources for $prog in $src/Makefile" >&2; exit 1; }
	# shellcheck disable=SC2086
	gcc "$@" "${objs[@]}" $libs -o "$bin"
}

build gendwarfksyms "$out/gendwarfksyms" "-ldw -lelf -lz" -O2 -g
build gendwarfksyms "$out/gendwarfksyms-asan" "-ldw -lelf -lz" -O1 -g \
	-fno-omit-frame-pointer -fsanitize=address,undefined \
	-fno-sanitize-recover=all

# symtypes-diff: compares symtypes files, needs only zlib.
build symtypes-diff "$out/symtypes-diff" -lz -O2 -g
