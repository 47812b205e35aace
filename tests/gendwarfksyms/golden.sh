#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The golden cases (copied from shared/golden): each case's COMMAND must
# reproduce its --dump-dies output, symtypes file and #SYMVER lines
# byte for byte. Sourced by tests/host/gendwarfksyms*.sh.

golden_case() {
	local name=$1 dir=$GDK_DIR/golden/$1 w=$WORK/golden-$1
	local cmd rc symtypes

	mkdir -p "$w"
	cp "$dir"/* "$w"/
	cmd=$(cat "$dir/COMMAND")
	symtypes=$(sed -n 's/.*-T \([^ ]*\).*/\1/p' "$dir/COMMAND")
	(cd "$w" && bash -c "$cmd" > out.symvers 2> out.stderr)
	rc=$?
	if [ $rc -ne 0 ]; then
		ktap_fail "golden $name: command exited with status $rc"
		sed 's/^/# /' "$w/out.stderr" | head -n 10
		return
	fi

	sort "$w/out.symvers" > "$w/out.symvers.sorted"
	same "golden $name: #SYMVER lines" "$w/out.symvers.sorted" "$dir/symvers.txt"
	same "golden $name: symtypes" "$w/$symtypes" "$dir/symtypes.txt"
	same "golden $name: --dump-dies" "$w/out.stderr" "$dir/dump-dies.txt"
	same "golden $name: CRCs recomputed from the symtypes file" \
		<(crc_of "$dir/symtypes.txt" $(cat "$dir/symbols") | sort) \
		"$w/out.symvers.sorted"
}

golden_tests() {
	local d
	for d in "$GDK_DIR"/golden/*/; do
		golden_case "$(basename "$d")"
	done
}
