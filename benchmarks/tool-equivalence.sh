#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# tool-equivalence.sh: do two builds of gendwarfksyms give byte-identical
# output on real kernel objects? For restructuring the tool (issue 33):
# not a make check step, since it needs the tool from before the change.
#
#   benchmarks/tool-equivalence.sh OLD-TOOL NEW-TOOL BUILD...
#
# For each kernel build in build/out/BUILD:
#  - every object whose .cmd file has #SYMVER lines (C, assembly
#    prototypes aside, Rust, and vmlinux.o under Clang LTO) is versioned
#    by both tools with those names on standard input and -T, as kbuild
#    does, with and without --stable;
#  - vmlinux.o is versioned whole with --find-exports and -T.
#  - with DUMPS=1, every object once more with --dump-dies, --dump-types
#    and --dump-versions, whose output goes to stderr.
# stdout (the #SYMVER lines), stderr, the exit status and the symtypes
# file must be identical. Prints one line per build and fails on the
# first difference, naming the object and the command.
set -euo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/benchmarks/lib/versioned-objects.sh"
[ $# -ge 3 ] || { echo "usage: $0 OLD-TOOL NEW-TOOL BUILD..." >&2; exit 2; }
old=$(realpath "$1")
new=$(realpath "$2")
shift 2

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# run TOOL TAG OBJECT ARGS... < LIST: outputs in $work/TAG.*
run() {
	local tool=$1 tag=$2 obj=$3 rc=0
	shift 3
	"$tool" "$@" -T "$work/$tag.symtypes" "$obj" \
		> "$work/$tag.out" 2> "$work/$tag.err" || rc=$?
	echo "$rc" > "$work/$tag.rc"
}

# same OBJECT LIST ARGS...: both tools, every output compared
same() {
	local obj=$1 list=$2 f
	shift 2
	run "$old" old "$obj" "$@" < "$list"
	run "$new" new "$obj" "$@" < "$list"
	for f in out err rc symtypes; do
		if ! cmp -s "$work/old.$f" "$work/new.$f"; then
			echo "DIFFERENT ($f): $obj with $* ($(wc -l < "$list") names)" >&2
			diff "$work/old.$f" "$work/new.$f" | head -n 10 >&2
			exit 1
		fi
	done
	[ -s "$work/old.out" ] || [ ! -s "$list" ] ||
		{ echo "no output: $obj with $*" >&2; exit 1; }
}

for build in "$@"; do
	out=$top/build/out/$build
	[ -f "$out/vmlinux.o" ] || { echo "$out: no vmlinux.o (build it first)" >&2; exit 1; }
	objects=0 exports=0
	while IFS= read -r obj; do
		symver_names "$obj" > "$work/list"
		same "$obj" "$work/list"
		same "$obj" "$work/list" --stable
		[ "${DUMPS:-0}" = 0 ] ||
			same "$obj" "$work/list" --dump-dies --dump-types --dump-versions
		objects=$((objects + 1))
		exports=$((exports + $(wc -l < "$work/list")))
	done < <(versioned_objects "$out")
	: > "$work/empty"
	same "$out/vmlinux.o" "$work/empty" --find-exports
	echo "$build: $objects objects ($exports exports, with and without --stable) and vmlinux.o whole ($(wc -l < "$work/new.out") exports): identical"
done
