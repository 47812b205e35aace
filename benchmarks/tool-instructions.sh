#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# tool-instructions.sh: how many instructions do two builds of
# gendwarfksyms execute on the same work? Instruction counts from
# valgrind's callgrind do not depend on the machine's load, so two tools
# can be compared on a shared machine. Not a make check step.
#
#   benchmarks/tool-instructions.sh [--warm-only] OLD-TOOL NEW-TOOL BUILD
#
# The work, from build/out/BUILD:
#  - every object whose .cmd file has #SYMVER lines, one process each
#    with those names on standard input and -T, as kbuild runs the tool;
#  - vmlinux.o whole, with --find-exports and -j1;
#  - the C objects of vmlinux in one --find-exports --per-object run with
#    a warm result cache (--cache), the way kbuild versions an archive's
#    objects in a rebuild from ccache: each tool first fills a cache of
#    its own in an unmeasured run, so the measured one hashes the objects
#    and reads the entries.
# --warm-only measures the last alone (callgrind makes the first two take
# tens of minutes on a large build).
# Prints a Markdown table: instructions of each tool, and the change. The
# outputs of the two tools must be identical, or the script fails.
set -euo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/benchmarks/lib/versioned-objects.sh"
warm_only=0
[ "${1-}" != --warm-only ] || { warm_only=1; shift; }
[ $# -eq 3 ] || { echo "usage: $0 [--warm-only] OLD-TOOL NEW-TOOL BUILD" >&2; exit 2; }
old=$(realpath "$1")
new=$(realpath "$2")
out=$top/build/out/$3
[ -f "$out/vmlinux.o" ] || { echo "$out: no vmlinux.o" >&2; exit 1; }
command -v valgrind > /dev/null || { echo "valgrind is needed" >&2; exit 1; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# count TOOL TAG ARGS... < LIST: prints the instructions, output in $work
count() {
	local tool=$1 tag=$2
	shift 2
	valgrind --tool=callgrind --callgrind-out-file=/dev/null \
		"$tool" "$@" > "$work/$tag.out" 2> "$work/$tag.err" || true
	sed -n 's/^==[0-9]*== Collected : //p' "$work/$tag.err"
}

: > "$work/empty"
objects=0 old_sum=0 new_sum=0
[ $warm_only = 1 ] ||
while IFS= read -r obj; do
	symver_names "$obj" > "$work/list"
	o=$(count "$old" old -T "$work/old.symtypes" "$obj" < "$work/list")
	n=$(count "$new" new -T "$work/new.symtypes" "$obj" < "$work/list")
	cmp -s "$work/old.out" "$work/new.out" &&
		cmp -s "$work/old.symtypes" "$work/new.symtypes" ||
		{ echo "different output: $obj" >&2; exit 1; }
	old_sum=$((old_sum + o)) new_sum=$((new_sum + n))
	objects=$((objects + 1))
done < <(versioned_objects "$out")

if [ $warm_only = 0 ]; then
	old_whole=$(count "$old" old -j1 --find-exports "$out/vmlinux.o" < "$work/empty")
	new_whole=$(count "$new" new -j1 --find-exports "$out/vmlinux.o" < "$work/empty")
	cmp -s "$work/old.out" "$work/new.out" ||
		{ echo "different output: vmlinux.o" >&2; exit 1; }
fi

(cd "$out" && tool_objects . | c_objects | sed 's|^\./||' |
	grep -xF -f .vmlinux.objs) > "$work/vmlinux.objs" || true
[ -s "$work/vmlinux.objs" ] || { echo "$out: no versioned C objects of vmlinux" >&2; exit 1; }
# warm TOOL TAG: the cached run's instructions, after one to fill the
# cache. Both under valgrind: the libraries a process loaded are part of
# the key, and valgrind loads its own into the tool's process, so an entry
# written without valgrind is a miss with it.
warm() {
	(cd "$out" && count "$1" "$2" --find-exports --per-object --cache "$work/$2.cache" \
		$(cat "$work/vmlinux.objs") < "$work/empty") > /dev/null
	(cd "$out" && count "$1" "$2" --find-exports --per-object --cache "$work/$2.cache" \
		$(cat "$work/vmlinux.objs") < "$work/empty")
}
old_warm=$(warm "$old" old)
new_warm=$(warm "$new" new)
cmp -s "$work/old.out" "$work/new.out" ||
	{ echo "different output: the objects of vmlinux, warm" >&2; exit 1; }
warm_objects=$(wc -l < "$work/vmlinux.objs")

change() {
	awk -v a="$1" -v b="$2" 'BEGIN { printf "%+.2f %%", (b - a) * 100 / a }'
}

echo "| work ($3) | old | new | change |"
echo "|---|---:|---:|---:|"
if [ $warm_only = 0 ]; then
	echo "| $objects objects, one process each | $old_sum | $new_sum | $(change "$old_sum" "$new_sum") |"
	echo "| vmlinux.o whole, -j1 | $old_whole | $new_whole | $(change "$old_whole" "$new_whole") |"
fi
echo "| $warm_objects C objects of vmlinux, one --per-object run, warm --cache | $old_warm | $new_warm | $(change "$old_warm" "$new_warm") |"
