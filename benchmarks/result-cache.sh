#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# result-cache.sh [BUILD] [TOOL]: what gendwarfksyms' result cache
# (--cache) saves, on the exporting objects of a built GENDWARFKSYMS kernel
# (default build/out/gendwarfksyms, and the tool built there). Each object
# is versioned the way kbuild does it (--find-exports, one process per
# object), in a loop of its own per mode:
#
#   none   no cache
#   cold   an empty cache, filled by the loop (the first build with it)
#   warm   the cache the cold loop filled (a rebuild whose objects are
#          unchanged, e.g. given back by ccache)
#
# in the order none, cold, warm, twice (each cold loop starts from an
# empty cache). Reports the CPU (user + sys) of each loop, per object, in
# benchmarks/results/result-cache.md. Every output of every loop must equal
# the uncached one, and the warm loop must add no entry: the script fails
# otherwise. A benchmark: it fails only on a wrong result.
set -euo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-gendwarfksyms}
out=$top/build/out/$build
tool=$(realpath "${2:-$out/scripts/gendwarfksyms/gendwarfksyms}")
results=$top/benchmarks/results/result-cache.md
export LC_ALL=C

[ -f "$out/vmlinux.o" ] || { echo "result-cache: build $build first" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The objects whose .cmd file has #SYMVER lines, C objects only: an
# assembly object's versions come from its prototype file.
. "$top/benchmarks/lib/versioned-objects.sh"
(cd "$out" && versioned_objects . | c_objects) > "$work/objects"
n=$(wc -l < "$work/objects")
[ "$n" -gt 0 ] || { echo "result-cache: no exporting C objects in $out" >&2; exit 1; }

# loop MODE ROUND: versions every object, outputs in $work/MODE-ROUND/;
# prints the CPU seconds of the loop
loop() {
	local mode=$1 dir=$work/$1-$2 cache=
	mkdir -p "$dir"
	[ "$mode" = none ] || cache=$work/cache
	[ "$mode" != cold ] || rm -rf "$work/cache"
	(cd "$out" && TOOL=$tool CACHE=$cache DIR=$dir \
		/usr/bin/time -f '%U %S' -o "$work/time" bash -c '
		while read -r obj; do
			"$TOOL" --find-exports ${CACHE:+--cache "$CACHE"} "$obj" \
				> "$DIR/${obj//\//_}.out"
		done' < "$work/objects")
	awk '{ print $1 + $2 }' "$work/time"
}

entries() { find "$work/cache" -type f | wc -l; }

declare -A cpu
load_start=$(cut -d' ' -f1-3 /proc/loadavg)
for round in 1 2; do
	for mode in none cold warm; do
		[ "$mode" != warm ] || before=$(entries)
		cpu[$mode-$round]=$(loop $mode $round)
		if [ "$mode" = warm ] && [ "$(entries)" != "$before" ]; then
			echo "result-cache: the warm loop added entries ($before, then $(entries))" >&2
			exit 1
		fi
		if [ "$mode" != none ] || [ $round != 1 ]; then
			diff -r "$work/none-1" "$work/$mode-$round" > /dev/null ||
				{ echo "result-cache: $mode (round $round) differs from the uncached output" >&2; exit 1; }
		fi
		echo "result-cache: $mode, round $round: ${cpu[$mode-$round]} s CPU"
	done
done
load_end=$(cut -d' ' -f1-3 /proc/loadavg)

ms() { echo "scale=1; ($1 + $2) * 1000 / 2 / $n" | bc; }
mean() { echo "scale=2; ($1 + $2) / 2" | bc | sed 's/^\./0./'; }
{
	echo "# gendwarfksyms result cache: CPU per exporting object"
	echo
	echo "Written by \`benchmarks/result-cache.sh\` on $(date -u '+%Y-%m-%d %H:%M UTC'),"
	echo "on the $n exporting C objects of \`build/out/$build\`, one"
	echo "\`gendwarfksyms --find-exports\` process per object as kbuild runs it"
	echo "(tool: \`${tool#$top/}\`). Loops in the order none, cold, warm, twice;"
	echo "CPU = user + sys of the loop's processes. $(nproc) cores; load average"
	echo "$load_start at the start, $load_end at the end."
	echo "All outputs equal the uncached ones (checked); the warm loops added no"
	echo "entry (checked); the cache held $(entries) entries, $(du -sk "$work/cache" | cut -f1) KiB."
	echo
	echo "| mode | round 1 (s) | round 2 (s) | mean (s) | per object (ms) |"
	echo "|---|---:|---:|---:|---:|"
	for mode in none cold warm; do
		echo "| $mode | ${cpu[$mode-1]} | ${cpu[$mode-2]} | $(mean "${cpu[$mode-1]}" "${cpu[$mode-2]}") | $(ms "${cpu[$mode-1]}" "${cpu[$mode-2]}") |"
	done
} > "$results"
cat "$results"
