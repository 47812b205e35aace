#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# tool-process-cost.sh [--cold] BUILD [ROUNDS]: what versioning costs a
# rebuild whose objects all come from ccache (issue 34), one
# gendwarfksyms process per object against one per archive. Not a make
# check step.
#
# BUILD is a name under build/out or a directory: a kernel kbuild built
# with CONFIG_GENDWARFKSYMS. The objects: every C object kbuild ran the
# tool on, or marked pending (its .cmd file makes it depend on the tool),
# exporting or not. After one unmeasured loop that fills a result cache
# of its own, ROUNDS (default 2) interleaved rounds of three loops:
#  - object: gendwarfksyms --find-exports --cache DIR OBJECT for every
#    object, as kbuild ran it in the shell that compiled each object
#    before it versioned the objects of vmlinux per archive;
#  - archive: as kbuild runs it now: the objects of vmlinux (those
#    .vmlinux.objs lists) marked pending, then the tool with
#    --per-object --cmd-files once for each directory's objects (the
#    objects of a built-in.a; lib/ and arch/x86/lib/ also have a lib.a,
#    one run more each), and the tool once for each object of a module;
#    objects of neither are not versioned. The .cmd files it writes are
#    copies, in a directory of links to the objects;
#  - script: the same as kbuild ran it up to 0066: for each directory,
#    the shell script benchmarks/lib/archive-versions-0066.sh, which
#    picks the pending objects with awk, runs the tool on them with
#    --per-object and writes the .cmd files with awk;
#  - true: /bin/true OBJECT, what any process per object costs here.
# The result cache hits, or the object exports nothing. With --cold, the
# loops run without a result cache (no unmeasured loop): what the same
# versioning costs a build whose objects are new. Reports CPU (user +
# sys) of each loop and per object in
# benchmarks/results/tool-process-cost-NAME.md (NAME-cold.md). Every loop
# must give each object the versions the tool gives it without a cache,
# and the measured loops must add no cache entry: the script fails
# otherwise.
set -euo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
cold=0
[ "${1-}" != --cold ] || { cold=1; shift; }
[ $# -ge 1 ] && [ $# -le 2 ] || { echo "usage: tool-process-cost.sh [--cold] BUILD [ROUNDS]" >&2; exit 2; }
case $1 in */*) out=$(realpath "$1") ;; *) out=$top/build/out/$1 ;; esac
rounds=${2:-2}
name=$(basename "$out")
tool=$out/scripts/gendwarfksyms/gendwarfksyms
results=$top/benchmarks/results/tool-process-cost-$name.md
[ $cold = 0 ] || results=${results%.md}-cold.md
export LC_ALL=C
[ -x "$tool" ] || { echo "tool-process-cost: $out has no gendwarfksyms" >&2; exit 1; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

. "$top/benchmarks/lib/versioned-objects.sh"
(cd "$out" && tool_objects . | c_objects | sed 's|^\./||') > "$work/objects"
n=$(wc -l < "$work/objects")
[ "$n" -gt 0 ] || { echo "tool-process-cost: no versioned C objects in $out" >&2; exit 1; }
exporting=$(cd "$out" && while read -r obj; do
	if grep -q '^#SYMVER ' "$(dirname "$obj")/.$(basename "$obj").cmd"; then echo; fi
done < "$work/objects" | wc -l)
bytes=$(cd "$out" && xargs cat < "$work/objects" | wc -c)

# The objects the archive loop versions: those of vmlinux, one list per
# directory (the objects of its archive), and those of modules.
(cd "$out" && sort -u .vmlinux.objs) > "$work/vmlinux.objs"
(cd "$out" && sed 's/\.o$/.mod/' modules.order | xargs -r cat | sort -u) > "$work/module.objs"
grep -xF -f "$work/vmlinux.objs" "$work/objects" > "$work/archived" || true
grep -xF -f "$work/module.objs" "$work/objects" > "$work/modular" || true
grep -xF -f <(cat "$work/archived" "$work/modular") "$work/objects" > "$work/kept" || true
mkdir "$work/archives"
awk -v dir="$work/archives" '{
	d = $0; sub(/\/[^\/]*$/, "", d)
	if (d != last) { n++; last = d }
	print > (dir "/" sprintf("%05d", n))
}' "$work/archived"
archives=$(ls "$work/archives" | wc -l)

# shadow: the archive loop's directory, links to the objects and copies
# of their .cmd files without versions, those of vmlinux marked pending
shadow() {
	local obj cmd
	rm -rf "$work/shadow"
	while read -r obj; do
		cmd=$(dirname "$obj")/.$(basename "$obj").cmd
		mkdir -p "$work/shadow/$(dirname "$obj")"
		ln -s "$out/$obj" "$work/shadow/$obj"
		grep -v -e '^#SYMVER ' -e '^#GENDWARFKSYMS ' "$out/$cmd" > "$work/shadow/$cmd" || true
	done < "$work/kept"
	while read -r obj; do
		echo '#GENDWARFKSYMS pending' >> "$work/shadow/$(dirname "$obj")/.$(basename "$obj").cmd"
	done < "$work/archived"
}

# the #SYMVER lines of the shadow's .cmd files, in the order of the objects
shadow_versions() {
	(cd "$work/shadow" && while read -r obj; do
		grep '^#SYMVER ' "$(dirname "$obj")/.$(basename "$obj").cmd" || true
	done < "$work/kept")
}

# loop KIND OUTPUT: prints the loop's CPU seconds
loop() {
	local dir=$out list=$work/objects
	if [ "$1" = archive ] || [ "$1" = script ]; then
		shadow
		dir=$work/shadow
		list=$work/modular
	fi
	(cd "$dir" && KIND=$1 TOOL=$tool OUT=$2 \
		CACHE=$([ $cold = 1 ] || echo "--cache=$work/cache") \
		ARCHIVES=$work/archives \
		SCRIPT=$top/benchmarks/lib/archive-versions-0066.sh \
		/usr/bin/time -f '%U %S' -o "$work/time" bash -c '
		for list in "$ARCHIVES"/*; do
			case $KIND in
			archive) "$TOOL" --find-exports --per-object --cmd-files $CACHE < "$list" ;;
			script) sh "$SCRIPT" "$TOOL" $CACHE < "$list" ;;
			esac
		done
		while read -r obj; do
			case $KIND in
			object) "$TOOL" --find-exports $CACHE "$obj" ;;
			archive|script) "$TOOL" --find-exports $CACHE "$obj" \
				>> "$(dirname "$obj")/.$(basename "$obj").cmd" ;;
			none) "$TOOL" --find-exports "$obj" ;;
			true) /bin/true "$obj" ;;
			esac
		done > "$OUT"' < "$list")
	awk '{ print $1 + $2 }' "$work/time"
	if [ "$1" = archive ] || [ "$1" = script ]; then
		shadow_versions > "$2"
	fi
}
entries() { [ ! -d "$work/cache" ] || find "$work/cache" -type f | wc -l; }

loop none "$work/expected" > /dev/null
(cd "$out" && while read -r obj; do "$tool" --find-exports "$obj"; done) \
	< "$work/kept" > "$work/expected-kept"
if [ $cold = 0 ]; then
	loop object "$work/warming" > /dev/null
	cmp -s "$work/expected" "$work/warming" ||
		{ echo "tool-process-cost: the tool with a cache printed other versions" >&2; exit 1; }
fi
before=$(entries)
load_start=$(cut -d' ' -f1-3 /proc/loadavg)
declare -A cpu
for r in $(seq "$rounds"); do
	for kind in object archive script true; do
		cpu[$kind-$r]=$(loop $kind "$work/out")
		case $kind in
		object) cmp -s "$work/expected" "$work/out" ;;
		archive|script) cmp -s "$work/expected-kept" "$work/out" ;;
		esac || { echo "tool-process-cost: $kind, round $r: other versions" >&2; exit 1; }
		echo "tool-process-cost: $kind, round $r: ${cpu[$kind-$r]} s CPU"
	done
done
load_end=$(cut -d' ' -f1-3 /proc/loadavg)
[ "$(entries)" = "$before" ] ||
	{ echo "tool-process-cost: the measured loops added cache entries" >&2; exit 1; }

per() { echo "scale=2; $1 * 1000 / $n" | bc; }
{
	if [ $cold = 0 ]; then
		echo "# gendwarfksyms with a warm result cache: one process per object or per archive: $name"
	else
		echo "# gendwarfksyms without a result cache: one process per object or per archive: $name"
	fi
	echo
	echo "Written by \`benchmarks/tool-process-cost.sh\` on $(date -u '+%Y-%m-%d %H:%M UTC')."
	[ $cold = 0 ] || echo "Cold: no result cache; the tool versions every exporting object."
	echo "$n C objects kbuild versioned or marked ($exporting with #SYMVER lines), $bytes bytes;"
	echo "of them $(wc -l < "$work/archived") in vmlinux, in $archives directories, and"
	echo "$(wc -l < "$work/modular") in modules. $rounds interleaved rounds (warm: after one"
	echo "loop that filled the cache); every loop gave each object the versions of the"
	echo "tool without a cache, and added no entry (checked). $(nproc) cores;"
	echo "load average $load_start at the start, $load_end at the end."
	echo "CPU = user + sys of the loop's shell and processes; per object = over"
	echo "all $n objects."
	echo
	echo "| loop | round | CPU (s) | per object (ms) |"
	echo "|---|---:|---:|---:|"
	for r in $(seq "$rounds"); do
		for kind in object archive script true; do
			echo "| $kind | $r | ${cpu[$kind-$r]} | $(per "${cpu[$kind-$r]}") |"
		done
	done
} > "$results"
cat "$results"
