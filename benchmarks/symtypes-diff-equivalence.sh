#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# symtypes-diff-equivalence.sh: do two builds of symtypes-diff report the
# same on real symtypes files? For restructuring it (issue 33): not a make
# check step, since it needs the program from before the change.
#
#   benchmarks/symtypes-diff-equivalence.sh OLD-DIFF NEW-DIFF GENDWARFKSYMS \
#       BUILD-A BUILD-B
#
# Every object that exports in build/out/BUILD-A and exists in BUILD-B
# (two compilers or two configurations: many versions differ) gets a
# symtypes file from each build, written by GENDWARFKSYMS -T with the
# names of its #SYMVER lines, in two trees by relative path. Both
# programs then compare the trees, as text and with --json: stdout,
# stderr and the exit status must be identical.
set -euo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/benchmarks/lib/versioned-objects.sh"
[ $# -eq 5 ] || { echo "usage: $0 OLD-DIFF NEW-DIFF GENDWARFKSYMS BUILD-A BUILD-B" >&2; exit 2; }
old=$(realpath "$1")
new=$(realpath "$2")
gdk=$(realpath "$3")
a=$top/build/out/$4
b=$top/build/out/$5

work=$(mktemp -d); [ -z "${KEEP:-}" ] || echo "work: $work"
trap '[ -n "${KEEP:-}" ] || rm -rf "$work"' EXIT

# symtypes OBJECT TREE REL: the object's symtypes file at TREE/REL.symtypes,
# with the names of OBJECT's own #SYMVER lines
symtypes() {
	mkdir -p "$(dirname "$2/$3")"
	symver_names "$1" 2>/dev/null |
		"$gdk" -T "$2/$3.symtypes" "$1" > /dev/null 2>&1 || true
}

pairs=0
while IFS= read -r obj; do
	rel=${obj#"$a"/}
	[ -f "$b/$rel" ] || continue
	symtypes "$a/$rel" "$work/a" "$rel"
	symtypes "$b/$rel" "$work/b" "$rel"
	pairs=$((pairs + 1))
done < <(versioned_objects "$a")

for mode in text json; do
	args=()
	[ "$mode" = text ] || args=(--json)
	for tool in old new; do
		rc=0
		"${!tool}" "${args[@]}" "$work/a" "$work/b" > "$work/$tool.out" \
			2> "$work/$tool.err" || rc=$?
		echo "$rc" > "$work/$tool.rc"
	done
	for f in out err rc; do
		cmp -s "$work/old.$f" "$work/new.$f" || {
			echo "DIFFERENT ($mode, $f)" >&2
			diff "$work/old.$f" "$work/new.$f" | head -n 10 >&2
			exit 1
		}
	done
	echo "$4 -> $5, $mode: $pairs object pairs, $(wc -l < "$work/new.out") lines, status $(cat "$work/new.rc"): identical"
done
