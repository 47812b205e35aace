# SPDX-License-Identifier: GPL-2.0
#
# Helpers for the gendwarfksyms host tests. Source tests/lib/ktap.sh first.
#
#   TOOL      the gendwarfksyms binary under test (default: the optimised
#             build from `make tool`; the -asan build runs the same tests)
#   WORK      a scratch directory, removed on exit
#   GDK_CC    the C compiler of the tests that do not depend on one
#             compiler's output (behaviour, errors, abi, kabi, exports;
#             default gcc), GDK_CXX its C++ compiler (default g++) and
#             GDK_G its debugging flags (default -g, e.g. -gdwarf-4):
#             tests/host/gendwarfksyms-clang.sh sets them. The golden and
#             per-tag cases always use gcc, their expectations are GCC's.
#   SYMTYPES_DIFF  symtypes-diff (default: the one next to $TOOL)

GDK_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
TOP=$(cd "$GDK_DIR/../.." && pwd)
TOOL=${TOOL:-$TOP/build/tool/gendwarfksyms}
WORK=$(mktemp -d /tmp/gendwarfksyms-test.XXXXXX)
trap 'rm -rf "$WORK"' EXIT
GDK_CC=${GDK_CC:-gcc}
GDK_CXX=${GDK_CXX:-g++}
GDK_G=${GDK_G:--g}
SYMTYPES_DIFF=${SYMTYPES_DIFF:-$(dirname "$TOOL")/symtypes-diff}

# ASan/UBSan runs must stop at the first report, with a distinctive status.
export ASAN_OPTIONS=abort_on_error=0:exitcode=97:detect_leaks=1
export UBSAN_OPTIONS=halt_on_error=1:exitcode=97:print_stacktrace=1

# The tool, callable as `gendwarfksyms` from a case's command line.
gendwarfksyms() { "$TOOL" "$@"; }
export -f gendwarfksyms
export TOOL

# same DESC ACTUAL EXPECTED: ok if the files are identical, else not ok
# with the first lines of the diff as diagnostics.
same() {
	local desc=$1 actual=$2 expected=$3
	if diff -u "$expected" "$actual" > "$WORK/diff" 2>&1; then
		ktap_ok "$desc"
	else
		ktap_fail "$desc"
		head -n 20 "$WORK/diff" | sed 's/^/# /'
	fi
}

# crc_of SYMTYPES SYMBOL...: versions computed independently from a
# symtypes file (symtypes-crc.py), in the order given.
crc_of() {
	python3 "$GDK_DIR/symtypes-crc.py" "$@"
}

# version_of OBJECT SYMBOL: the CRC the tool gives SYMBOL in OBJECT.
version_of() {
	echo "$2" | "$TOOL" "$1" 2>/dev/null | awk '{ print $3 }'
}
