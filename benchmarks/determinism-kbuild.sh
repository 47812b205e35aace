#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# determinism-kbuild.sh: two clean kernel builds of the same config give
# byte-identical Module.symvers, *.symtypes and #SYMVER lines of the .cmd
# files (issue 9); or, given two trees, builds of both do (issue 34: a
# change to kbuild that must not change any version).
#
#   benchmarks/determinism-kbuild.sh [BUILD] [TREE [TREE2]]
#
# BUILD (default gendwarfksyms) is a line of configs/builds; TREE (default
# build/linux) the kernel tree, TREE2 (default TREE) the tree of the second
# build. A snapshot of each tree's HEAD (git archive) is
# built, each time from scratch into its own O= directory under
# build/determinism/, with KBUILD_SYMTYPES=1, configured as
# scripts/configure.sh does (tinyconfig + the BUILD's fragments, merged
# with merge_config.sh, olddefconfig), under the kernel build lock. Then
# Module.symvers, every *.symtypes (by path relative to O=) and the
# #SYMVER lines of every .cmd file are compared byte for byte. Writes
# benchmarks/results/determinism-kbuild.md (equivalence-kbuild.md for two
# trees);
# exits non-zero on any difference.
#
# ccache stays on, with CCACHE_NOHASHDIR=1 so that the second build can
# reuse the first one's objects despite its other O= directory: what is
# compared is what kbuild and gendwarfksyms make of the objects, not the
# compiler's determinism. Each build still runs gendwarfksyms on every
# exporting object, and links and runs modpost afresh.
set -euo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
name=${1:-gendwarfksyms}
tree=$(cd "${2:-$top/build/linux}" && pwd)
tree2=$(cd "${3:-$tree}" && pwd)
base=$top/build/determinism
suffix=-$name
[ "$name" = gendwarfksyms ] && suffix=
results=${DET_RESULTS:-$top/benchmarks/results/determinism-kbuild$suffix.md}
[ "$tree2" = "$tree" ] || results=${DET_RESULTS:-$top/benchmarks/results/equivalence-kbuild$suffix.md}
lock=$top/build/.kbuild.lock

msg() { echo "determinism: $*" >&2; }

. "$top/scripts/builds.sh"
frags=$(build_fragments "$name") || exit 1
llvm=$(build_llvm "$name")

rm -rf "$base" && mkdir -p "$base/src" "$base/src2"
head=$(git -C "$tree" rev-parse --short HEAD)
head2=$(git -C "$tree2" rev-parse --short HEAD)
msg "snapshot of $tree at $head"
git -C "$tree" archive HEAD | tar -x -C "$base/src"
same_tree=yes
[ "$tree2" = "$tree" ] && [ "$head2" = "$head" ] || same_tree=no
if [ $same_tree = no ]; then
	msg "snapshot of $tree2 at $head2"
	git -C "$tree2" archive HEAD | tar -x -C "$base/src2"
else
	rmdir "$base/src2" && ln -s src "$base/src2"
fi

# The build's own toolchain and test patches, as scripts/kmake.sh gives
# every build, on the snapshot.
kmake() {
	local o=$1
	shift
	KMAKE_TREE=$src KMAKE_OUT=$o "$top/scripts/kmake.sh" "$name" "$@"
}

build() {
	local o=$base/$1 src=$base/$2 f files=() t0
	mkdir -p "$o"
	for f in $frags; do files+=("$top/configs/$f.config"); done
	kmake "$o" tinyconfig > /dev/null
	(cd "$o" && "$src/scripts/kconfig/merge_config.sh" -m -Q .config \
		"${files[@]}" > /dev/null)
	kmake "$o" olddefconfig > /dev/null
	t0=$(date +%s)
	kmake "$o" KBUILD_SYMTYPES=1 all > "$o.log" 2>&1 ||
		{ tail -n 30 "$o.log" >&2; msg "build $1 failed"; exit 1; }
	echo $(($(date +%s) - t0)) > "$o.secs"
}

exec 9>"$lock"
if ! flock -n 9; then
	msg "waiting for another kernel build ($lock)"
	flock 9
fi
start=$(date -u '+%Y-%m-%d %H:%M UTC')
msg "build 1"; build a src
msg "build 2"; build b src2
flock -u 9

# --- compare ----------------------------------------------------------------
list() { (cd "$base/$1" && find . -name '*.symtypes' | sed 's|^\./||' | LC_ALL=C sort); }
list a > "$base/a.list"
list b > "$base/b.list"
nsym=$(grep -c . "$base/a.list" || true)
nexp=$(grep -c . "$base/a/Module.symvers" || true)
same_list=yes
cmp -s "$base/a.list" "$base/b.list" || same_list=no
differ=()
cmp -s "$base/a/Module.symvers" "$base/b/Module.symvers" || differ+=(Module.symvers)
# The #SYMVER lines of every .cmd file, prefixed with the file's path
symver() { (cd "$base/$1" && find . -name '.*.cmd' -print0 | LC_ALL=C sort -z |
	xargs -0 grep -H '^#SYMVER' || true) > "$base/$1.symver"; }
symver a
symver b
nsymver=$(grep -c . "$base/a.symver" || true)
cmp -s "$base/a.symver" "$base/b.symver" || differ+=("#SYMVER lines of the .cmd files")
while read -r f; do
	[ -f "$base/b/$f" ] && cmp -s "$base/a/$f" "$base/b/$f" || differ+=("$f")
done < "$base/a.list"
zero=$(awk '$1 == "0x00000000"' "$base/a/Module.symvers" | wc -l)
lines=$(cat "$base/a.list" | (cd "$base/a" && xargs cat) | wc -l)

mkdir -p "$(dirname "$results")"
{
	if [ $same_tree = yes ]; then
		echo "# Determinism of two kernel builds (issue 9)"
	else
		echo "# Equivalence of the kernel builds of two trees (issue 34)"
	fi
	echo
	echo "Written by \`benchmarks/determinism-kbuild.sh $name\`; started $start."
	if [ $same_tree = yes ]; then
		echo "Build \`$name\` (configs/builds: $frags${llvm:+, LLVM=$llvm}) of ${tree#"$top"/} at $head, twice"
	else
		echo "Build \`$name\` (configs/builds: $frags${llvm:+, LLVM=$llvm}) of ${tree#"$top"/} at $head"
		echo "and of ${tree2#"$top"/} at $head2 ($(git -C "$tree2" log -1 --format=%s "$head2")),"
	fi
	echo "from scratch into two O= directories with KBUILD_SYMTYPES=1:"
	echo "$(cat "$base/a.secs") s and $(cat "$base/b.secs") s. ccache on, with"
	if [ $same_tree = yes ]; then
		echo "CCACHE_NOHASHDIR=1 (the second build reuses the first one's objects;"
		echo "gendwarfksyms, the links and modpost all run again in each build)."
	else
		echo "CCACHE_NOHASHDIR=1; the two trees have their own paths, so the"
		echo "second build does not take the first one's objects from the cache."
	fi
	echo
	echo "| figure | value |"
	echo "|---|---|"
	echo "| Module.symvers entries | $nexp ($zero with CRC 0x00000000) |"
	echo "| *.symtypes files | $nsym ($lines lines), same set in both: $same_list |"
	echo "| #SYMVER lines in .cmd files | $nsymver |"
	echo "| files that differ | ${#differ[@]} |"
	echo
	if [ ${#differ[@]} -eq 0 ] && [ $same_list = yes ]; then
		echo "Module.symvers, every symtypes file and the #SYMVER lines are byte-identical."
	else
		echo "Differences:"
		echo
		for f in "${differ[@]}"; do echo "- \`$f\`"; done
	fi
} > "$results"
cat "$results"
[ ${#differ[@]} -eq 0 ] && [ $same_list = yes ]
