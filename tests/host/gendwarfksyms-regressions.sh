#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# gendwarfksyms on the inputs that once crashed it
# (tests/gendwarfksyms/regressions/*/, see the README there): the
# optimised build and the ASan+UBSan build must both give exactly the
# expected status, stderr, stdout and symtypes, without a sanitizer report
# (ASan/UBSan exit with status 97).
top=$(cd "$(dirname "$0")/../.." && pwd)

. "$top/tests/gendwarfksyms/setup.sh"

for d in "$GDK_DIR"/regressions/*/; do
	name=$(basename "$d")
	for tool in "$TOOL" "${ASAN_TOOL:-$top/build/tool/gendwarfksyms-asan}"; do
		w=$WORK/$name.$(basename "$tool")
		mkdir -p "$w" && cp "$d"/* "$w"/
		[ -f "$w/object.o.gz" ] && gzip -d "$w/object.o.gz"
		rc=0
		# shellcheck disable=SC2046
		(cd "$w" && "$tool" $(cat args) < symbols > out 2> err) || rc=$?
		want=1
		[ -f "$d/status" ] && want=$(cat "$d/status")
		[ -f "$d/stdout" ] || : > "$w/stdout"
		ok=1
		[ $rc -eq "$want" ] && cmp -s "$w/err" "$d/expected" &&
			cmp -s "$w/out" "$w/stdout" || ok=
		if [ -f "$d/expected.symtypes" ] &&
		   ! cmp -s "$w/object.symtypes" "$d/expected.symtypes"; then
			ok=
		fi
		desc="regression $name: $(basename "$tool") (status $want)"
		if [ -n "$ok" ]; then
			ktap_ok "$desc"
		else
			ktap_fail "$desc (got status $rc)"
			head -n 5 "$w/err" | sed 's/^/# /'
		fi
	done
done

ktap_finish
