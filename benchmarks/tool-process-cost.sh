#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# tool-process-cost.sh BUILD [ROUNDS]: what one gendwarfksyms process per
# object costs a rebuild whose objects all come from ccache (issue 34).
# Not a make check step.
#
# BUILD is a name under build/out or a directory: a kernel kbuild built
# with CONFIG_GENDWARFKSYMS. The objects: every C object kbuild ran the
# tool on (its .cmd file names the tool), exporting or not. After one
# unmeasured loop that fills a result cache of its own, ROUNDS (default
# 2) interleaved rounds of two loops over all of them, one process per
# object each:
#  - tool: gendwarfksyms --find-exports --cache DIR OBJECT, as kbuild
#    runs it when KBUILD_GENDWARFKSYMS_CACHE is set and the object is
#    unchanged (the result cache hits, or the object exports nothing);
#  - true: /bin/true OBJECT, what any process per object costs here.
# Reports CPU (user + sys) of each loop and per object in
# benchmarks/results/tool-process-cost-NAME.md. Every tool loop must
# print what the tool printed without a cache, and the measured loops
# must add no cache entry: the script fails otherwise.
set -euo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
[ $# -ge 1 ] && [ $# -le 2 ] || { echo "usage: tool-process-cost.sh BUILD [ROUNDS]" >&2; exit 2; }
case $1 in */*) out=$(realpath "$1") ;; *) out=$top/build/out/$1 ;; esac
rounds=${2:-2}
name=$(basename "$out")
tool=$out/scripts/gendwarfksyms/gendwarfksyms
results=$top/benchmarks/results/tool-process-cost-$name.md
export LC_ALL=C
[ -x "$tool" ] || { echo "tool-process-cost: $out has no gendwarfksyms" >&2; exit 1; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

. "$top/benchmarks/lib/versioned-objects.sh"
(cd "$out" && tool_objects . | c_objects) > "$work/objects"
n=$(wc -l < "$work/objects")
[ "$n" -gt 0 ] || { echo "tool-process-cost: no versioned C objects in $out" >&2; exit 1; }
exporting=$(cd "$out" && while read -r obj; do
	if grep -q '^#SYMVER ' "$(dirname "$obj")/.$(basename "$obj").cmd"; then echo; fi
done < "$work/objects" | wc -l)
bytes=$(cd "$out" && xargs cat < "$work/objects" | wc -c)

# loop KIND OUTPUT: one process per object; prints the loop's CPU seconds
loop() {
	(cd "$out" && KIND=$1 TOOL=$tool CACHE=$work/cache OUT=$2 \
		/usr/bin/time -f '%U %S' -o "$work/time" bash -c '
		while read -r obj; do
			case $KIND in
			tool) "$TOOL" --find-exports --cache "$CACHE" "$obj" ;;
			none) "$TOOL" --find-exports "$obj" ;;
			true) /bin/true "$obj" ;;
			esac
		done > "$OUT"' < "$work/objects")
	awk '{ print $1 + $2 }' "$work/time"
}
entries() { find "$work/cache" -type f | wc -l; }

loop none "$work/expected" > /dev/null
loop tool "$work/warming" > /dev/null
cmp -s "$work/expected" "$work/warming" ||
	{ echo "tool-process-cost: the tool with a cache printed other versions" >&2; exit 1; }
before=$(entries)
load_start=$(cut -d' ' -f1-3 /proc/loadavg)
declare -A cpu
for r in $(seq "$rounds"); do
	for kind in tool true; do
		cpu[$kind-$r]=$(loop $kind "$work/out")
		[ $kind = true ] || cmp -s "$work/expected" "$work/out" ||
			{ echo "tool-process-cost: round $r printed other versions" >&2; exit 1; }
		echo "tool-process-cost: $kind, round $r: ${cpu[$kind-$r]} s CPU"
	done
done
load_end=$(cut -d' ' -f1-3 /proc/loadavg)
[ "$(entries)" = "$before" ] ||
	{ echo "tool-process-cost: the measured loops added cache entries" >&2; exit 1; }

per() { echo "scale=2; $1 * 1000 / $n" | bc; }
{
	echo "# One gendwarfksyms process per object, with a warm result cache: $name"
	echo
	echo "Written by \`benchmarks/tool-process-cost.sh\` on $(date -u '+%Y-%m-%d %H:%M UTC')."
	echo "$n C objects kbuild versioned ($exporting export symbols), $bytes bytes;"
	echo "$rounds interleaved rounds after one loop that filled the cache; every"
	echo "tool loop printed what the tool prints without a cache, and added no"
	echo "entry (checked). $(nproc) cores; load average $load_start at the start,"
	echo "$load_end at the end. CPU = user + sys of the loop's shell and processes."
	echo
	echo "| loop | round | CPU (s) | per object (ms) |"
	echo "|---|---:|---:|---:|"
	for r in $(seq "$rounds"); do
		for kind in tool true; do
			echo "| $kind | $r | ${cpu[$kind-$r]} | $(per "${cpu[$kind-$r]}") |"
		done
	done
} > "$results"
cat "$results"
