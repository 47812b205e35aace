#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Our own cases, one per DWARF tag or rule of SPEC 1.2-1.4, in cases/<name>/:
#   cmd                 builds the object and runs gendwarfksyms -T out.symtypes
#   symbols             the exported symbol list
#   expected.symtypes   written by hand from the spec (not recorded output)
#   expected.dump       optional: the expected --dump-dies output
# Each case checks the symtypes file, the #SYMVER lines against CRCs that
# symtypes-crc.py computes from expected.symtypes, and the dump.

own_case() {
	local name=$1 dir=$GDK_DIR/cases/$1 w=$WORK/case-$1 rc

	mkdir -p "$w"
	cp "$dir"/* "$w"/
	(cd "$w" && bash -c "$(cat cmd)" > out.symvers 2> out.stderr)
	rc=$?
	if [ $rc -ne 0 ]; then
		ktap_fail "case $name: command exited with status $rc"
		sed 's/^/# /' "$w/out.stderr" | head -n 10
		return
	fi

	same "case $name: symtypes as derived from the spec" \
		"$w/out.symtypes" "$dir/expected.symtypes"
	crc_of "$dir/expected.symtypes" $(cat "$dir/symbols") > "$w/expected.symvers"
	same "case $name: #SYMVER lines in input order, CRCs as the spec computes them" \
		"$w/out.symvers" "$w/expected.symvers"
	if [ -f "$dir/expected.dump" ]; then
		same "case $name: --dump-dies" "$w/out.stderr" "$dir/expected.dump"
	fi
}

own_cases() {
	local d
	for d in "$GDK_DIR"/cases/*/; do
		own_case "$(basename "$d")"
	done
}
