# SPDX-License-Identifier: GPL-2.0
#
# abi_sources DIR H1 H2 [C1 C2]: the ABI-change pairs' objects. Writes
# DIR/v1 and DIR/v2, each with abi.h (H1 or H2) and abi.c (includes
# abi.h, then C1 or C2, then exports api(struct dev *)), and compiles
# abi.o with $GDK_CC $GDK_G (gcc -g unless set, see lib.sh). Returns
# non-zero if a build fails.
# Used by tests/gendwarfksyms/abi.sh and tests/host/symtypes-diff.sh.

abi_sources() {
	local d=$1 h1=$2 h2=$3 c1=${4:-} c2=${5:-} v

	mkdir -p "$d/v1" "$d/v2"
	printf '%s\n' "$h1" > "$d/v1/abi.h"
	printf '%s\n' "$h2" > "$d/v2/abi.h"
	for v in v1 v2; do
		{
			echo '#include "abi.h"'
			[ $v = v1 ] && printf '%s\n' "$c1" || printf '%s\n' "$c2"
			echo 'int api(struct dev *d) { return 0; }'
		} > "$d/$v/abi.c"
		(cd "$d/$v" && $GDK_CC $GDK_G -c abi.c) || return 1
	done
}
