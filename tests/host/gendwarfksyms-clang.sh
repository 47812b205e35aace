#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# gendwarfksyms host tests on objects compiled by Clang (issue 16): the
# groups of gendwarfksyms.sh that do not depend on one compiler's exact
# output (behaviour and multi-CU rules, bad input, ABI-change pairs and
# symtypes-diff's reports on them, kABI rules, exports), the constructs
# only Clang emits (tests/gendwarfksyms/clang.sh), ThinLTO and full-LTO
# links (tests/gendwarfksyms/lto.sh) and both relocation
# paths on every object of the row, once for each Clang and DWARF
# version below; then both relocation paths on AArch64 objects and on
# GCC's DWARF 4. Golden CRCs stay GCC's (gendwarfksyms.sh). Each result
# starts with its row, e.g. "clang-16 -gdwarf-4: ABI member added: ...".
#
#   TOOL      as in gendwarfksyms.sh (TOOL=.../gendwarfksyms-asan too)
#   GDK_JOBS  rows run at the same time (default: the number of CPUs)
top=$(cd "$(dirname "$0")/../.." && pwd)

. "$top/tests/gendwarfksyms/setup.sh"
. "$top/tests/gendwarfksyms/behaviour.sh"
. "$top/tests/gendwarfksyms/errors.sh"
. "$top/tests/gendwarfksyms/abi.sh"
. "$top/tests/gendwarfksyms/kabi.sh"
. "$top/tests/gendwarfksyms/exports.sh"
. "$top/tests/gendwarfksyms/clang.sh"
. "$top/tests/gendwarfksyms/relocation.sh"
. "$top/tests/gendwarfksyms/lto.sh"

# name, C compiler, C++ compiler, debugging flags
rows=(
	"clang-14 -gdwarf-5|clang-14|clang++-14|-gdwarf-5"
	"clang-14 -gdwarf-4|clang-14|clang++-14|-gdwarf-4"
	"clang-16 -gdwarf-5|clang-16|clang++-16|-gdwarf-5"
	"clang-16 -gdwarf-4|clang-16|clang++-16|-gdwarf-4"
)

# row NAME CC CXX G: one row's KTAP on stdout, with its own numbering
# (replayed below), and "# row done" if it ran to the end.
row() {
	GDK_CC=$2 GDK_CXX=$3 GDK_G=$4
	WORK=$ROOT/${1// /}
	mkdir -p "$WORK" || return
	if ! command -v "$GDK_CC" > /dev/null || ! command -v "$GDK_CXX" > /dev/null; then
		ktap_fail "$GDK_CC or $GDK_CXX not installed (scripts/install-deps.sh)"
		echo "# row done"
		return
	fi
	behaviour_tests
	error_tests
	abi_tests
	abi_reports
	kabi_tests
	exports_tests
	clang_tests
	lto_tests
	relocation_paths "every object of the row" "$WORK"
	echo "# row done"
}

# Both relocation paths on objects no row makes: the C sources of the
# golden and per-tag cases for AArch64 (GCC and Clang) and the C and C++
# ones with GCC's DWARF 4.
other_objects() {
	local d f b
	WORK=$ROOT/other
	mkdir -p "$WORK" || return
	for d in "$GDK_DIR"/golden/*/ "$GDK_DIR"/cases/*/; do
		for f in "$d"*.c "$d"*.cpp; do
			[ -e "$f" ] || continue
			b=$WORK/$(basename "$d")-$(basename "${f%.*}")
			if [ "${f##*.}" = c ]; then
				aarch64-linux-gnu-gcc -g -c "$f" -o "$b-arm64-gcc.o" &&
				aarch64-linux-gnu-gcc -gdwarf-4 -O2 -c "$f" -o "$b-arm64-gcc-dw4.o" &&
				clang-16 --target=aarch64-linux-gnu -ffreestanding -g \
					-c "$f" -o "$b-arm64-clang.o" &&
				gcc -gdwarf-4 -c "$f" -o "$b-gcc-dw4.o"
			else
				g++ -gdwarf-4 -c "$f" -o "$b-gcc-dw4.o"
			fi || { ktap_fail "AArch64 and GCC DWARF 4 objects: build $f"; return; }
		done
	done
	if [ "$(readelf -h "$WORK"/grammar-grammar-arm64-clang.o |
		awk '/Machine:/ { print $2 }')" != AArch64 ]; then
		ktap_fail "AArch64 objects: built for AArch64"
		return
	fi
	relocation_paths "AArch64 (GCC, GCC -gdwarf-4 -O2, Clang 16) and GCC -gdwarf-4 objects" "$WORK"
	echo "# row done"
}

# replay NAME FILE: FILE's results as ours, each description prefixed
# with NAME; a row that did not finish is a failure.
replay() {
	local name=$1 line done=
	while IFS= read -r line; do
		case $line in
		"ok "[0-9]*" - "*" # SKIP "*)
			line=${line#ok * - }
			ktap_skip "$name: ${line% # SKIP *}" "${line##* # SKIP }" ;;
		"ok "[0-9]*" - "*) ktap_ok "$name: ${line#ok * - }" ;;
		"not ok "[0-9]*" - "*) ktap_fail "$name: ${line#not ok * - }" ;;
		"# row done") done=1 ;;
		"# "*) printf '# %s: %s\n' "$name" "${line#\# }" ;;
		*) printf '%s\n' "$line" ;;
		esac
	done < "$2"
	[ -n "$done" ] || ktap_fail "$name: did not run to the end"
}

ROOT=$WORK
jobs=${GDK_JOBS:-$(nproc)}
ktap_diag "gendwarfksyms: $TOOL"
names=()
n=0
for r in "${rows[@]}" "other objects|||"; do
	IFS='|' read -r name cc cxx g <<< "$r"
	n=$((n + 1))
	names+=("$name")
	while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do
		wait -n
	done
	if [ "$name" = "other objects" ]; then
		(other_objects) > "$ROOT/row$n.ktap" 2> "$ROOT/row$n.log" &
	else
		(row "$name" "$cc" "$cxx" "$g") > "$ROOT/row$n.ktap" 2> "$ROOT/row$n.log" &
	fi
done
wait
for i in $(seq 1 $n); do
	replay "${names[$((i - 1))]}" "$ROOT/row$i.ktap"
done
ktap_finish
