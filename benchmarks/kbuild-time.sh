#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# kbuild-time.sh [--defconfig] [--llvm=V] [--pair] [--rounds=N]
#                 [--no-ccache-pass | --ccache-only | --steps] [JOBS]: what module
# versioning costs a kernel build. Builds one configuration three ways
# from scratch -- MODVERSIONS off, CONFIG_GENKSYMS, CONFIG_GENDWARFKSYMS --
# twice each in interleaved order (off, genksyms, gendwarfksyms,
# gendwarfksyms, genksyms, off), so that a drift in the machine's load
# hits all three alike; first without ccache, then (unless
# --no-ccache-pass) again with a warm ccache of its own, which leaves
# mostly the work that is not compiling. Reports wall and CPU time (user +
# sys of make and everything it ran) of every build, the means and the
# ratios to MODVERSIONS off, in benchmarks/results/kbuild-time.md (or
# kbuild-time-defconfig.md).
#
#   tinyconfig (default): tinyconfig + configs/base.config, as the
#       gendwarfksyms line of configs/builds (DWARF 5)
#   --defconfig: x86_64 defconfig + DWARF 5 debugging information
#
# --llvm=V builds with the LLVM toolchain of that version suffix (make
# LLVM=V, CC=clang$V, HOSTCC=clang$V; e.g. --llvm=-14, the version the
# Clang kernels here use), into results named -clang. --ccache-only
# skips the pass without ccache. --pair leaves CONFIG_GENKSYMS out: only
# MODVERSIONS off and GENDWARFKSYMS, in the order off, gendwarfksyms,
# gendwarfksyms, off (for configurations too big to build six times).
# --rounds=N builds that order N times in each pass (default 1). The
# results give the fastest build of each configuration beside the means:
# on a machine whose builds of one configuration differ by several per
# cent, a slow build moves the mean and not the fastest.
#
# --steps: where the time of a build with a warm ccache goes. Only
# MODVERSIONS off and GENDWARFKSYMS, in the order off, gendwarfksyms,
# gendwarfksyms, off, and only with a warm ccache; make runs every
# command through benchmarks/recipe-shell.c, which logs its CPU and wall
# time, and benchmarks/recipe-steps.py sums them by step into
# benchmarks/results/kbuild-steps-ccache.md (or -defconfig.md).
#
# The ccache pass also gives gendwarfksyms a result cache of its own
# (KBUILD_GENDWARFKSYMS_CACHE), warmed and kept with the ccache: a rebuild
# with warm caches is the case it is for.
#
# The three configurations must differ only in the versioning options;
# the script checks it. KEEP_CCACHE=1 starts the ccache pass from the
# cache of the last run instead of an empty one. TREE=DIR builds another kernel tree than
# build/linux (a snapshot, so that the tree can change meanwhile). This is a benchmark, not a test: it fails only
# when a build fails. It holds the kernel build lock throughout; other
# load on the machine still shows, so the load average is recorded.
set -euo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
base=tinyconfig
ccache_pass=1
nocache_pass=1
steps=0
pair=0
llvm=
rounds=1
jobs=$(($(nproc) + 1))
for arg; do
	case $arg in
	--defconfig) base=defconfig ;;
	--no-ccache-pass) ccache_pass=0 ;;
	--ccache-only) nocache_pass=0 ;;
	--llvm=*) llvm=${arg#--llvm=} ;;
	--steps) steps=1 ;;
	--pair) pair=1 ;;
	--rounds=*) rounds=${arg#--rounds=} ;;
	[0-9]*) jobs=$arg ;;
	*) echo "usage: kbuild-time.sh [--defconfig] [--llvm=V] [--pair] [--rounds=N] [--no-ccache-pass | --ccache-only | --steps] [JOBS]" >&2; exit 2 ;;
	esac
done
[[ $rounds =~ ^[1-9][0-9]*$ ]] ||
	{ echo "kbuild-time: --rounds needs a positive number, not '$rounds'" >&2; exit 2; }
if [ $base = tinyconfig ]; then
	results=$top/benchmarks/results/kbuild-time.md
else
	results=$top/benchmarks/results/kbuild-time-defconfig.md
fi
[ $steps = 0 ] || results=${results/kbuild-time/kbuild-steps-ccache}
[ -z "$llvm" ] || results=${results%.md}-clang.md
[ $nocache_pass = 1 ] || [ $ccache_pass = 1 ] ||
	{ echo "kbuild-time: --ccache-only and --no-ccache-pass leave nothing to build" >&2; exit 2; }
# The compiler, and what make needs besides CC to use its toolchain
if [ -n "$llvm" ]; then
	compiler=clang$llvm
	toolchain=(LLVM="$llvm" HOSTCC="$compiler")
else
	compiler=gcc
	toolchain=(HOSTCC=gcc)
fi
scratch=$top/build/bench/kbuild-time-$base${llvm:+-clang}
tree=${TREE:-$top/build/linux}
export LC_ALL=C

"$top/scripts/install-deps.sh" time
[ -d "$tree/scripts/gendwarfksyms" ] || make -C "$top" tree

impls=(off genksyms gendwarfksyms)
order=(off genksyms gendwarfksyms gendwarfksyms genksyms off)
mkdir -p "$scratch"
rm -f "$scratch"/*.versions
if [ $steps = 1 ] || [ $pair = 1 ]; then
	impls=(off gendwarfksyms)
	order=(off gendwarfksyms gendwarfksyms off)
fi
if [ $steps = 1 ]; then
	gcc -O2 -Wall -o "$scratch/recipe-shell" "$top/benchmarks/recipe-shell.c"
fi
exec 9>"$top/build/.kbuild.lock"
flock -n 9 || { echo "kbuild-time: waiting for another kernel build"; flock 9; }

kmk() { make -s -C "$tree" O="$1" ARCH=x86_64 CC="$compiler" "${toolchain[@]}" "${@:2}"; }

# The three .configs: the base, its debugging information, then nothing,
# configs/{modversions,genksyms}.config or configs/{modversions,
# gendwarfksyms}.config.
printf '%s\n' CONFIG_DEBUG_KERNEL=y CONFIG_DEBUG_INFO=y CONFIG_DEBUG_INFO_DWARF5=y \
	'# CONFIG_DEBUG_INFO_REDUCED is not set' '# CONFIG_DEBUG_INFO_SPLIT is not set' \
	'# CONFIG_DEBUG_INFO_BTF is not set' > "$scratch/debug.config"
for b in "${impls[@]}"; do
	cfg=$scratch/$b.config
	frags=()
	if [ $base = tinyconfig ]; then
		frags+=("$top/configs/base.config")
	else
		frags+=("$scratch/debug.config")
	fi
	[ $b = off ] || frags+=("$top/configs/modversions.config" "$top/configs/$b.config")
	rm -rf "$scratch/cfg"
	kmk "$scratch/cfg" $base > /dev/null
	(cd "$scratch/cfg" && "$tree/scripts/kconfig/merge_config.sh" -m -Q .config \
		"${frags[@]}" > /dev/null)
	kmk "$scratch/cfg" olddefconfig > /dev/null
	cp "$scratch/cfg/.config" "$cfg"
done
rm -rf "$scratch/cfg"

settings() { grep -v '^#' "$1" | grep -v '^$' | sort; }
differ() { diff <(settings "$1") <(settings "$2") | sed -n 's/^[<>] \(CONFIG_[A-Z0-9_]*\)=.*/\1/p' | sort -u; }
# Off to on may only switch on versioning and what it selects.
allowed='^CONFIG_(MODVERSIONS|GENKSYMS|GENDWARFKSYMS|ASM_MODVERSIONS|BASIC_MODVERSIONS)$'
for b in "${impls[@]:1}"; do
	bad=$(differ "$scratch/off.config" "$scratch/$b.config" | grep -Ev "$allowed" || true)
	[ -z "$bad" ] || { echo "kbuild-time: off and $b differ in $bad" >&2; exit 1; }
done
want=$(printf '%s\n' CONFIG_GENDWARFKSYMS CONFIG_GENKSYMS)
[ ${#impls[@]} = 2 ] || [ "$(differ "$scratch/genksyms.config" "$scratch/gendwarfksyms.config")" = "$want" ] ||
	{ echo "kbuild-time: genksyms and gendwarfksyms differ in more than the choice" >&2; exit 1; }
grep -q '^CONFIG_DEBUG_INFO_DWARF5=y' "$scratch/off.config" ||
	{ echo "kbuild-time: no DWARF 5 in the configuration" >&2; exit 1; }

declare -A wall cpu misses
runs=()

# build LABEL IMPL CC: one build from an empty O= directory
build() {
	local label=$1 b=$2 cc=$3 out=$scratch/out shell=()
	rm -rf "$out"
	if [ $steps = 1 ] && [[ $label != warm-* ]]; then
		shell=(SHELL="$scratch/recipe-shell")
		export RECIPE_LOG=$scratch/$label.recipes
		rm -f "$RECIPE_LOG"
	fi
	mkdir -p "$out"
	cp "$scratch/$b.config" "$out/.config"
	kmk "$out" olddefconfig > /dev/null
	echo "kbuild-time: $label: $b from scratch (-j$jobs, CC=$cc)"
	[[ $cc != ccache\ * ]] || ccache -z > /dev/null
	/usr/bin/time -f '%e %U %S' -o "$scratch/time" \
		make -s -C "$tree" O="$out" ARCH=x86_64 CC="$cc" "${toolchain[@]}" \
		-j"$jobs" "${shell[@]}" all > "$scratch/$label.log" 2>&1 ||
		{ tail -n 30 "$scratch/$label.log"; echo "kbuild-time: $label failed" >&2; exit 1; }
	read -r w u s < "$scratch/time"
	wall[$label]=$w
	cpu[$label]=$(echo "$u + $s" | bc)
	# Compiles ccache could not answer from the cache: a warm build with
	# more of them than another did more compiling, not more versioning.
	[[ $cc != ccache\ * ]] ||
		misses[$label]=$(ccache --print-stats | awk '$1 == "cache_miss" { print $2 }')
	if [ $b = gendwarfksyms ]; then
		exports=$(grep -c . "$out/Module.symvers")
		# Its versions, compared across the builds below.
		{ cat "$out/Module.symvers"
		  grep -rh --include='*.cmd' '^#SYMVER ' "$out" | sort; } > "$scratch/$label.versions"
	fi
	echo "kbuild-time: $label: wall ${wall[$label]} s, CPU ${cpu[$label]} s"
}

load_start=$(cut -d' ' -f1-3 /proc/loadavg)
passes=()
[ $nocache_pass = 0 ] || passes+=(nocache)
[ $ccache_pass = 0 ] || passes+=(ccache)
[ $steps = 0 ] || passes=(ccache)
for pass in "${passes[@]}"; do
	cc=$compiler
	if [ $pass = ccache ]; then
		export CCACHE_DIR=$scratch/ccache CCACHE_NOHASHDIR=1
		export KBUILD_GENDWARFKSYMS_CACHE=$scratch/gendwarfksyms-cache
		# KEEP_CCACHE=1 keeps the caches of an earlier run: the warming
		# builds then only add what changed.
		[ "${KEEP_CCACHE:-0}" = 1 ] ||
			rm -rf "$CCACHE_DIR" "$KBUILD_GENDWARFKSYMS_CACHE"
		cc="ccache $compiler"
		# Warm the cache with each configuration once, not measured.
		for b in "${impls[@]}"; do build "warm-$b" $b "$cc"; done
	fi
	n=0
	for ((round = 1; round <= rounds; round++)); do
		for b in "${order[@]}"; do
			n=$((n + 1))
			build "$pass-$n-$b" $b "$cc"
			runs+=("$pass-$n-$b")
		done
	done
done
load_end=$(cut -d' ' -f1-3 /proc/loadavg)
rm -rf "$scratch/out"

# Caches must not change a version: every GENDWARFKSYMS build, with or
# without ccache and the result cache, warm or not, has the same
# Module.symvers and #SYMVER lines.
first=
for f in "$scratch"/*-gendwarfksyms.versions; do
	[ -n "$first" ] || { first=$f; continue; }
	cmp -s "$first" "$f" ||
		{ echo "kbuild-time: $(basename "$f" .versions) has other versions than $(basename "$first" .versions)" >&2; exit 1; }
done

fmt() { sed 's/^\./0./;s/^-\./-0./'; }
# values PASS IMPL KIND: KIND (wall or cpu) of each of the pass's runs of
# IMPL, one per line
values() {
	local r
	for r in "${runs[@]}"; do
		[[ $r == "$1"-*-"$2" ]] || continue
		if [ "$3" = wall ]; then echo "${wall[$r]}"; else echo "${cpu[$r]}"; fi
	done
}
mean() { values "$@" | awk '{ s += $1 } END { printf "%.2f\n", s / NR }'; }
fastest() { values "$@" | sort -g | head -n 1; }
pct() { echo "scale=1; ($1 - $2) * 100 / $2" | bc -l | fmt; }
# ratios STAT: a table row per pass and configuration with STAT (mean or
# fastest) of wall and CPU time and their ratios to MODVERSIONS off
ratios() {
	local pass b ow oc w c
	echo "| pass | configuration | $1 wall (s) | $1 CPU (s) | wall vs off | CPU vs off |"
	echo "|---|---|---:|---:|---:|---:|"
	for pass in "${passes[@]}"; do
		ow=$($1 "$pass" off wall)
		oc=$($1 "$pass" off cpu)
		for b in "${impls[@]}"; do
			w=$($1 "$pass" "$b" wall)
			c=$($1 "$pass" "$b" cpu)
			echo "| $pass | $b | $w | $c | $(pct "$w" "$ow") % | $(pct "$c" "$oc") % |"
		done
	done
}

{
	echo "# Kernel build time: MODVERSIONS off / GENKSYMS / GENDWARFKSYMS"
	echo
	echo "Written by \`benchmarks/kbuild-time.sh\` on $(date -u '+%Y-%m-%d %H:%M UTC')."
	if [ $base = tinyconfig ]; then
		echo "Configuration: tinyconfig + configs/base.config (x86_64, modules,"
	else
		echo "Configuration: x86_64 defconfig + DWARF 5 debugging information ("
	fi
	if [ ${#impls[@]} = 3 ]; then
		echo "DWARF 5), then nothing, configs/modversions.config + genksyms.config,"
	else
		echo "DWARF 5), then nothing"
	fi
	echo "or configs/modversions.config + gendwarfksyms.config ($exports"
	echo "exports in Module.symvers); nothing else differs (checked). Every"
	echo "GENDWARFKSYMS build gave the same Module.symvers and #SYMVER lines (checked)."
	echo "Tree: the series at $(git -C "$tree" log -1 --format='%h (%s)')."
	echo "Each build from an empty O= directory, \`make -j$jobs\`, in the order"
	if [ $steps = 1 ]; then
		echo "${order[*]}, with CC=\"ccache $compiler\"${llvm:+ LLVM=$llvm}, KBUILD_GENDWARFKSYMS_CACHE, and both"
		echo "caches warmed by one unmeasured build of each configuration; make ran every command through"
		echo "benchmarks/recipe-shell.c (one more process per command: the totals"
		echo "are higher than kbuild-time.sh's without --steps)."
	else
		[ "$rounds" = 1 ] || echo "$rounds rounds of"
		[ $nocache_pass = 0 ] || echo "${order[*]}${llvm:+ (LLVM=$llvm)}; without a cache: CC=$compiler."
		[ $ccache_pass = 0 ] || echo "${order[*]}${llvm:+ (LLVM=$llvm)}; with CC=\"ccache $compiler\", KBUILD_GENDWARFKSYMS_CACHE (gendwarfksyms' result cache), and both caches warmed by one unmeasured build of each configuration."
	fi
	echo "$(nproc) cores ($(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs)); load average"
	echo "$load_start at the start, $load_end at the end. CPU = user + sys of"
	echo "make and all its children."
	echo
	echo "| build | wall (s) | CPU (s) | ccache misses |"
	echo "|---|---:|---:|---:|"
	for r in "${runs[@]}"; do echo "| $r | ${wall[$r]} | ${cpu[$r]} | ${misses[$r]:--} |"; done
	echo
	ratios mean
	echo
	echo "The fastest build of each configuration in each pass:"
	echo
	ratios fastest
	echo
	echo "Goal: GENDWARFKSYMS within 3 % of MODVERSIONS off in CPU and wall."
} > "$results"
cat "$results"
if [ $steps = 1 ]; then
	logs=()
	for r in "${runs[@]}"; do logs+=("$r:${cpu[$r]}:$scratch/$r.recipes"); done
	{ echo; python3 "$top/benchmarks/recipe-steps.py" "${logs[@]}"; } >> "$results"
	tail -n +"$(grep -n '^## Steps' "$results" | cut -d: -f1)" "$results"
fi
