#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# build.sh TREE OUT: build the gendwarfksyms fuzz harness from TREE's
# scripts/gendwarfksyms and the seed corpus, into OUT:
#
#   OUT/bin/harness-afl    AFL++ instrumentation (afl-clang-fast), ASan+UBSan
#   OUT/bin/harness-asan   plain clang, ASan+UBSan, full reports (triage)
#   OUT/bin/harness-cov    gcc --coverage, to measure line coverage (not
#                          with GDK_FUZZ_NOCOV=1)
#   OUT/seeds/*.bin        seed inputs in the harness's format (harness.c),
#                          including tests/gendwarfksyms/regressions/
#   OUT/dict               AFL++ dictionary
#
# Installs what is missing with apt-get (afl++, clang, elfutils headers,
# g++, rustc, python3). Used by benchmarks/fuzz-gendwarfksyms.sh and by the
# smoke test tests/host/gendwarfksyms-fuzz.sh.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../../.." && pwd)
tree=$(cd "${1:?usage: build.sh TREE OUT}" && pwd)
out=${2:?usage: build.sh TREE OUT}
mkdir -p "$out/bin" && out=$(cd "$out" && pwd)
src=$tree/scripts/gendwarfksyms
kout=${GDK_FUZZ_KOUT:-$top/build/out/gendwarfksyms}

msg() { echo "fuzz-build: $*" >&2; }

# --- dependencies ---------------------------------------------------------
"$top/scripts/install-deps.sh" afl++ g++ >&2

# --- harness builds -------------------------------------------------------
cflags=(-std=gnu11 -g -I "$tree/scripts/include" -I "$src" -w)
san=(-fsanitize=address,undefined -fno-sanitize-recover=all
     -fno-omit-frame-pointer)
libs=(-ldw -lelf -lz)

# build NAME CC FLAGS...: harness.c, which includes the tool's sources
build() {
	local name=$1 cc=$2
	shift 2
	"$cc" "${cflags[@]}" "$@" "$here/harness.c" "${libs[@]}" -o "$out/bin/$name"
}

msg "building harnesses from $src"
AFL_QUIET=1 build harness-afl afl-clang-fast -O1 "${san[@]}"
build harness-asan clang -O1 "${san[@]}"
[ -n "${GDK_FUZZ_NOCOV:-}" ] || build harness-cov gcc -O0 --coverage
git -C "$tree" rev-parse --short HEAD > "$out/tree-head" 2>/dev/null ||
	echo unknown > "$out/tree-head"
echo "$tree" > "$out/tree-path"

# --- seed corpus ----------------------------------------------------------
msg "building the seed corpus"
s=$out/seed-src
rm -rf "$s" "$out/seeds" && mkdir -p "$s" "$out/seeds"
gdk=$top/tests/gendwarfksyms
pack() { python3 "$here/pack.py" "$@"; }
n=0
# seed FLAGS OBJECT SYMBOLS [RULES]: FLAGS as in harness.c
seed() {
	n=$((n + 1))
	pack "$out/seeds/$(printf %03d $n)-$(basename "$2" .o).bin" "$@"
}

# The golden and per-tag cases: C (GCC and Clang, x86_64 and AArch64), C++
# and Rust, DWARF 4 and 5, -O0/-O2.
for d in "$gdk"/golden/* "$gdk"/cases/*; do
	c=$(basename "$d")
	mkdir -p "$s/$c" && cp "$d"/* "$s/$c/"
	flags=2; case $c in *_stable) flags=3 ;; esac
	for f in "$s/$c"/*.c "$s/$c"/*.cpp; do
		[ -e "$f" ] || continue
		b=${f%.*}
		case $f in *.c) cc=gcc ;; *) cc=g++ ;; esac
		$cc -g -c "$f" -o "$b.o"
		$cc -gdwarf-4 -O2 -c "$f" -o "$b-dw4.o"
		seed $flags "$b.o" "$s/$c/symbols"
		seed $((flags | 4 | 16)) "$b-dw4.o" "$s/$c/symbols"
		# Clang's DWARF 5 (strx/addrx forms, .debug_str_offsets and
		# .debug_addr relocations) and its DWARF 4
		[ $cc = gcc ] || continue
		clang -g -c "$f" -o "$b-clang.o"
		clang -gdwarf-4 -O2 -c "$f" -o "$b-clang-dw4.o"
		seed $flags "$b-clang.o" "$s/$c/symbols"
		seed $((flags | 4 | 16)) "$b-clang-dw4.o" "$s/$c/symbols"
		# AArch64 objects, whose debug sections carry R_AARCH64_ABS*
		# relocations, from GCC and from Clang
		aarch64-linux-gnu-gcc -g -c "$f" -o "$b-arm64.o"
		clang --target=aarch64-linux-gnu -ffreestanding -g -c "$f" \
			-o "$b-clang-arm64.o"
		seed $flags "$b-arm64.o" "$s/$c/symbols"
		seed $flags "$b-clang-arm64.o" "$s/$c/symbols"
	done
	for f in "$s/$c"/*.rs; do
		[ -e "$f" ] || continue
		/usr/bin/rustc --crate-type=lib --emit=obj -g -C opt-level=0 \
			-o "${f%.rs}.o" "$f"
		seed $((flags | 4)) "${f%.rs}.o" "$s/$c/symbols"
	done
done

# Multi-CU: an ld -r object of two cases.
ld -r "$s/grammar/grammar.o" "$s/alias/alias.o" -o "$s/multi.o"
cat "$s/grammar/symbols" "$s/alias/symbols" > "$s/multi.symbols"
seed 2 "$s/multi.o" "$s/multi.symbols"
seed 35 "$s/multi.o" "$s/multi.symbols"

# kABI rules: every rule type, spliced into an object with the section.
st=$s/enum_rules_stable/enum_rules_stable.o
printf '1\0declonly\0s\0\0001\0enumerator_ignore\0e A\0\0001\0enumerator_value\0e B\0003\0001\0byte_size\0s\00016\0001\0type_string\0s#s\0structure_type s { }\0001\0type_string\0f\0subprogram ( ) -> base_type void\0' > "$s/rules-all"
printf '1\0declonly\0' > "$s/rules-truncated"
printf '1\0byte_size\0s\0x\0' > "$s/rules-badnum"
for r in "$s"/rules-*; do
	seed 3 "$st" "$s/enum_rules_stable/symbols" "$r"
done

# A symbol list with blanks, duplicates, extra tokens and an unknown name.
printf '  grammar_f x y\ngrammar_f\n\tunknown_symbol\n' > "$s/odd.symbols"
seed 2 "$s/grammar/grammar.o" "$s/odd.symbols"

# A few small kernel objects, with their symbol lists as kbuild makes them,
# from the GCC kernel and the Clang one (when they are built).
for k in "$kout" "${GDK_FUZZ_CLANG_KOUT:-$top/build/out/clang}"; do
	for o in lib/ctype.o lib/bcd.o lib/math/int_sqrt.o lib/errseq.o \
		 lib/sort.o lib/parser.o; do
		[ -f "$k/$o" ] || continue
		nm "$k/$o" | sed -n 's/.* __export_symbol_\(.*\)/\1/p' > "$s/k.symbols"
		seed 2 "$k/$o" "$s/k.symbols"
	done
done

# Inputs that once crashed the tool (tests/gendwarfksyms/regressions/).
for d in "$gdk"/regressions/*/; do
	o=$s/regression-$(basename "$d").o
	if [ -f "$d/object.o.gz" ]; then
		gzip -dc "$d/object.o.gz" > "$o"
	elif [ -f "$d/object.o" ]; then
		cp "$d/object.o" "$o"
	else
		continue
	fi
	flags=0
	grep -q -- --stable "$d/args" && flags=$((flags | 1))
	grep -q -- '-T' "$d/args" && flags=$((flags | 2))
	seed $flags "$o" "$d/symbols"
done

# inputs the fuzzer once crashed the tool with (findings/README)
for f in "$here"/findings/*.bin; do
	[ -e "$f" ] || continue
	cp "$f" "$out/seeds/"
	n=$((n + 1))
done
msg "$n seeds in $out/seeds"

# --- dictionary -----------------------------------------------------------
{
	for w in declonly enumerator_ignore enumerator_value byte_size \
		 type_string __kabi_reserved __kabi_renamed __kabi_ignored \
		 __gendwarfksyms_ptr_ __gendwarfksyms_declonly_ \
		 .discard.gendwarfksyms.kabi_rules .debug_info .debug_abbrev \
		 .debug_str .debug_line_str .debug_str_offsets .symtab \
		 .symtab_shndx .strtab .rela.debug_info s# u# e# t# ; do
		printf '"%s"\n' "$w"
	done
	printf '"1\\x00"\n"\\x00\\x00"\n"\\xff\\xff\\xff\\xff"\n'
} > "$out/dict"
