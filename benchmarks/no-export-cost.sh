#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# no-export-cost.sh: what does versioning cost on the objects of a
# GENDWARFKSYMS build that export nothing? (issue 34) Not a make check
# step.
#
#   benchmarks/no-export-cost.sh BUILD [ROUNDS]
#
# The objects: those of build/out/BUILD that kbuild versioned (their .cmd
# file names the tool) without finding an export (no #SYMVER line). On
# all of them, in interleaved rounds (default 5), two ways to learn that
# there is nothing to version:
#  - tool: gendwarfksyms --find-exports OBJECT, one process each, as
#    kbuild runs it on every object;
#  - grep: LC_ALL=C grep -qF __export_symbol_ OBJECT, the test kbuild
#    makes first with the export prefilter.
# CPU time is perf's task-clock (user and kernel, exec and dynamic
# loading included), summed over the objects of a round. Prints the mean
# per object of each, their ratio, and the load average before and after.
set -euo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
[ $# -ge 1 ] || { echo "usage: $0 BUILD [ROUNDS]" >&2; exit 2; }
out=$top/build/out/$1
rounds=${2:-5}
tool=$out/scripts/gendwarfksyms/gendwarfksyms
[ -x "$tool" ] || { echo "$tool: missing (build the kernel first)" >&2; exit 1; }
command -v perf > /dev/null || { echo "perf is needed" >&2; exit 1; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

grep -rl --include='*.o.cmd' 'gendwarfksyms/gendwarfksyms)' "$out" |
	xargs grep -L '^#SYMVER ' | LC_ALL=C sort |
	while IFS= read -r cmd; do
		obj=$(dirname "$cmd")/$(basename "$cmd" .cmd)
		obj=$(dirname "$obj")/$(basename "$obj" | sed 's/^\.//')
		[ -f "$obj" ] && echo "$obj"
	done > "$work/objects"
n=$(wc -l < "$work/objects")
[ "$n" -gt 0 ] || { echo "no such objects in $out" >&2; exit 1; }

# Every object must really export nothing, by both tests.
while IFS= read -r obj; do
	[ -z "$("$tool" --find-exports "$obj")" ] ||
		{ echo "$obj: the tool finds exports" >&2; exit 1; }
	! LC_ALL=C grep -qF __export_symbol_ "$obj" ||
		echo "$obj: grep matches (the tool would run, and find nothing)" >&2
done < "$work/objects"

# msec WAY: the task-clock of one round, in milliseconds
msec() {
	local cmd
	if [ "$1" = tool ]; then
		cmd='while read -r o; do "$0" --find-exports "$o" > /dev/null; done'
	else
		cmd='while read -r o; do LC_ALL=C grep -qF __export_symbol_ "$o" || [ $? = 1 ]; done'
	fi
	perf stat -x, -e task-clock -o "$work/stat" -- \
		bash -c "$cmd" "$tool" < "$work/objects"
	awk -F, '/task-clock/ { print $1 }' "$work/stat"
}

load_before=$(cut -d' ' -f1-3 /proc/loadavg)
tool_sum=0 grep_sum=0
for r in $(seq "$rounds"); do
	t=$(msec tool)
	g=$(msec grep)
	tool_sum=$(echo "$tool_sum + $t" | bc -l)
	grep_sum=$(echo "$grep_sum + $g" | bc -l)
done
load_after=$(cut -d' ' -f1-3 /proc/loadavg)

per() { echo "scale=3; $1 / $rounds / $n" | bc -l; }
echo "| $1: $n objects without exports, $rounds interleaved rounds | CPU per object (ms) |"
echo "|---|---:|"
echo "| gendwarfksyms --find-exports | $(per "$tool_sum") |"
echo "| grep -qF __export_symbol_ | $(per "$grep_sum") |"
echo "| ratio grep / tool | $(echo "scale=3; $grep_sum / $tool_sum" | bc -l) |"
echo
echo "Load average before: $load_before; after: $load_after."
