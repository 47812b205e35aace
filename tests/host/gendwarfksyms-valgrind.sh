#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# valgrind memcheck on representative gendwarfksyms runs, every output
# option on: no errors, nothing definitely or indirectly lost.
top=$(cd "$(dirname "$0")/../.." && pwd)

. "$top/tests/gendwarfksyms/setup.sh"

vg="valgrind -q --leak-check=full --show-leak-kinds=definite,indirect"
vg="$vg --errors-for-leak-kinds=definite,indirect --error-exitcode=98"

for case in grammar rust; do
	w=$WORK/$case
	mkdir -p "$w" && cp "$GDK_DIR/golden/$case"/* "$w"/
	cmd=$(sed "s|gendwarfksyms |$vg $TOOL --dump-types --dump-versions |" \
		"$GDK_DIR/golden/$case/COMMAND")
	(cd "$w" && bash -c "$cmd" > out 2> err)
	rc=$?
	desc="valgrind: golden $case with --dump-dies --dump-types --dump-versions -T"
	if [ $rc -eq 0 ] && ! grep -q '^==' "$w/err" && [ -s "$w/out" ]; then
		ktap_ok "$desc"
	else
		ktap_fail "$desc (status $rc)"
		grep '^==' "$w/err" | head -n 10 | sed 's/^/# /'
	fi
done

# The multi-CU path, on an ld -r object of two CUs.
w=$WORK/multi
mkdir -p "$w" && cd "$w" || exit 1
cp "$GDK_DIR/golden/grammar"/grammar.[ch] "$GDK_DIR/golden/alias"/alias.[ch] .
gcc -g -c grammar.c alias.c && ld -r grammar.o alias.o -o both.o
cat "$GDK_DIR/golden/grammar/symbols" "$GDK_DIR/golden/alias/symbols" |
	$vg "$TOOL" -T both.symtypes both.o > out 2> err
rc=$?
if [ $rc -eq 0 ] && ! grep -q '^==' err && [ "$(grep -c SYMVER out)" = 8 ]; then
	ktap_ok "valgrind: ld -r object with two CUs"
else
	ktap_fail "valgrind: ld -r object with two CUs (status $rc)"
	grep '^==' err | head -n 10 | sed 's/^/# /'
fi
cd "$TOP" || exit 1

ktap_finish
