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
libs=(-ldw -lelf -lz)

build() {
	local bin=$1; shift
	local objs=()
	for c in "$src"/*.c; do
		# symtypes-diff.c is a program of its own (make tool builds it below)
		[ "$(basename "$c")" = symtypes-diff.c ] && continue
		local o=$out/$(basename "$bin").$(basename "$c" .c).o
		if [ ! -e "$o" ] || [ "$c" -nt "$o" ] || [ -n "$(find "$src" -maxdepth 1 -name "*.h" -newer "$o")" ] ||
		   [ "$0" -nt "$o" ]; then
			gcc "${cflags[@]}" "$@" -c "$c" -o "$o"
		fi
		objs+=("$o")
	done
	gcc "$@" "${objs[@]}" "${libs[@]}" -o "$bin"
}

build "$out/gendwarfksyms" -O2 -g
build "$out/gendwarfksyms-asan" -O1 -g -fno-omit-frame-pointer \
	-fsanitize=address,undefined -fno-sanitize-recover=all

# symtypes-diff: compares symtypes files, needs only zlib.
gcc "${cflags[@]}" -O2 -g "$src/symtypes-diff.c" -lz -o "$out/symtypes-diff"
