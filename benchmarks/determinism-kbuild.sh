#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# determinism-kbuild.sh: two clean kernel builds of the same config give
# byte-identical Module.symvers and *.symtypes (issue 9).
#
#   benchmarks/determinism-kbuild.sh [BUILD] [TREE]
#
# BUILD (default gendwarfksyms) is a line of configs/builds; TREE (default
# build/linux) the kernel tree. A snapshot of TREE's HEAD (git archive) is
# built twice, each time from scratch into its own O= directory under
# build/determinism/, with KBUILD_SYMTYPES=1, configured as
# scripts/configure.sh does (tinyconfig + the BUILD's fragments, merged
# with merge_config.sh, olddefconfig), under the kernel build lock. Then
# Module.symvers and every *.symtypes (by path relative to O=) are
# compared byte for byte. Writes benchmarks/results/determinism-kbuild.md;
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
base=$top/build/determinism
suffix=-$name
[ "$name" = gendwarfksyms ] && suffix=
results=${DET_RESULTS:-$top/benchmarks/results/determinism-kbuild$suffix.md}
lock=$top/build/.kbuild.lock

msg() { echo "determinism: $*" >&2; }

. "$top/scripts/builds.sh"
frags=$(build_fragments "$name") || exit 1
llvm=$(build_llvm "$name")

rm -rf "$base" && mkdir -p "$base/src"
head=$(git -C "$tree" rev-parse --short HEAD)
msg "snapshot of $tree at $head"
git -C "$tree" archive HEAD | tar -x -C "$base/src"

# The build's own toolchain and test patches, as scripts/kmake.sh gives
# every build, on the snapshot.
kmake() {
	local o=$1
	shift
	KMAKE_TREE=$base/src KMAKE_OUT=$o "$top/scripts/kmake.sh" "$name" "$@"
}

build() {
	local o=$base/$1 f files=() t0
	mkdir -p "$o"
	for f in $frags; do files+=("$top/configs/$f.config"); done
	kmake "$o" tinyconfig > /dev/null
	(cd "$o" && "$base/src/scripts/kconfig/merge_config.sh" -m -Q .config \
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
msg "build 1"; build a
msg "build 2"; build b
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
while read -r f; do
	[ -f "$base/b/$f" ] && cmp -s "$base/a/$f" "$base/b/$f" || differ+=("$f")
done < "$base/a.list"
zero=$(awk '$1 == "0x00000000"' "$base/a/Module.symvers" | wc -l)
lines=$(cat "$base/a.list" | (cd "$base/a" && xargs cat) | wc -l)

mkdir -p "$(dirname "$results")"
{
	echo "# Determinism of two kernel builds (issue 9)"
	echo
	echo "Written by \`benchmarks/determinism-kbuild.sh $name\`; started $start."
	echo "Build \`$name\` (configs/builds: $frags${llvm:+, LLVM=$llvm}) of ${tree#"$top"/} at $head, twice"
	echo "from scratch into two O= directories with KBUILD_SYMTYPES=1:"
	echo "$(cat "$base/a.secs") s and $(cat "$base/b.secs") s. ccache on, with"
	echo "CCACHE_NOHASHDIR=1 (the second build reuses the first one's objects;"
	echo "gendwarfksyms, the links and modpost all run again in each build)."
	echo
	echo "| figure | value |"
	echo "|---|---|"
	echo "| Module.symvers entries | $nexp ($zero with CRC 0x00000000) |"
	echo "| *.symtypes files | $nsym ($lines lines), same set in both: $same_list |"
	echo "| files that differ | ${#differ[@]} |"
	echo
	if [ ${#differ[@]} -eq 0 ] && [ $same_list = yes ]; then
		echo "Module.symvers and every symtypes file are byte-identical."
	else
		echo "Differences:"
		echo
		for f in "${differ[@]}"; do echo "- \`$f\`"; done
	fi
} > "$results"
cat "$results"
[ ${#differ[@]} -eq 0 ] && [ $same_list = yes ]
