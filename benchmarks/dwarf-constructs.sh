#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# dwarf-constructs.sh BUILD [KOUT]: which DWARF tags, attributes and forms
# a kernel build's objects contain, counted over vmlinux.o and every module
# (.ko) of KOUT (default build/out/BUILD), with llvm-dwarfdump. For deciding what the
# type-string rules of gendwarfksyms must cover on a toolchain (issue 31:
# Clang): a tag or attribute listed here that the rules do not name is
# either outside types (code, locations, inlining) or needs a decision.
# Writes benchmarks/results/dwarf-constructs-BUILD.md. Not a test.
set -euo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
build=${1:?usage: dwarf-constructs.sh BUILD [KOUT]}
kout=$(cd "${2:-$top/build/out/$build}" && pwd)
results=$top/benchmarks/results/dwarf-constructs-$build.md
dump=$(command -v llvm-dwarfdump-16 || command -v llvm-dwarfdump-14 ||
	command -v llvm-dwarfdump) || { echo "no llvm-dwarfdump (scripts/install-deps.sh)" >&2; exit 1; }

[ -f "$kout/vmlinux.o" ] || { echo "$kout/vmlinux.o missing: build $build first" >&2; exit 1; }
objs=("$kout/vmlinux.o")
while IFS= read -r -d '' ko; do objs+=("$ko"); done \
	< <(find "$kout" -name '*.ko' -print0 | LC_ALL=C sort -z)

# one line per DIE ("T tag") and per attribute ("A attribute form")
for o in "${objs[@]}"; do
	"$dump" --debug-info --show-form "$o"
done | awk '
	/^0x[0-9a-f]+: +DW_TAG_/ { print "T", $2; next }
	/^ +DW_AT_/ { f = $2; gsub(/[][]/, "", f); print "A", $1, f }' |
	LC_ALL=C sort | uniq -c > "$top/build/dwarf-constructs.$build"

{
	echo "# DWARF in the objects of the $build build"
	echo
	echo "Written by \`benchmarks/dwarf-constructs.sh $build\` on $(date -u '+%Y-%m-%d %H:%M UTC')"
	echo "with $("$dump" --version | sed -n "s/.*LLVM version \([0-9.]*\).*/llvm-dwarfdump \1/p" | head -n 1), over"
	echo "\`vmlinux.o\` and $((${#objs[@]} - 1)) modules. Compiler: $(sed -n 's/^CONFIG_CC_VERSION_TEXT="\(.*\)"/\1/p' "$kout/.config")."
	echo
	echo "## Tags (DIEs)"
	echo
	echo "| tag | DIEs |"
	echo "|---|---:|"
	awk '$2 == "T" { printf "| `%s` | %d |\n", $3, $1 }' "$top/build/dwarf-constructs.$build"
	echo
	echo "## Attributes and their forms"
	echo
	echo "| attribute | form | uses |"
	echo "|---|---|---:|"
	awk '$2 == "A" { printf "| `%s` | `%s` | %d |\n", $3, $4, $1 }' "$top/build/dwarf-constructs.$build"
} > "$results"
echo "dwarf-constructs: $results"
