#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# kbuild-time.sh: build-time cost of the two module versioning
# implementations (issue 4). Builds the same kernel configuration from
# scratch twice, once with CONFIG_GENKSYMS and once with
# CONFIG_GENDWARFKSYMS (the genksyms and gendwarfksyms lines of
# configs/builds: tinyconfig + base + modversions, DWARF 5 on in both),
# without ccache, one run each, and writes wall and CPU time (user + sys of
# make and everything it ran) and the GENDWARFKSYMS/GENKSYMS ratios to
# benchmarks/results/kbuild-time.md. The two configurations must differ
# only in the implementation choice; the script checks it.
#
# This is a benchmark, not a test: it reports figures and fails only when
# a build fails. It takes the kernel build lock for both builds, so nothing
# else builds a kernel meanwhile; other load on the machine still shows in
# the wall times (the CPU times are the steadier figure).
#
#   benchmarks/kbuild-time.sh [JOBS]     (default: cores + 1)
#
# KBUILD_TIME_LOCK=0 builds without taking the lock, alongside whatever
# else runs (the results file then says so; compare the CPU times).
set -euo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
jobs=${1:-$(($(nproc) + 1))}
results=$top/benchmarks/results/kbuild-time.md
scratch=$top/build/bench
export LC_ALL=C

"$top/scripts/install-deps.sh" time
[ -d "$top/build/linux/scripts/gendwarfksyms" ] || make -C "$top" tree

impls=(genksyms gendwarfksyms)
mkdir -p "$scratch"
if [ "${KBUILD_TIME_LOCK:-1}" = 1 ]; then
	exec 9>"$top/build/.kbuild.lock"
	flock -n 9 || { echo "kbuild-time: waiting for another kernel build"; flock 9; }
fi

# Configure in the scratch directories (never touching build/out/, which
# other work may be building): tinyconfig + the fragments of the build's
# line in configs/builds, as scripts/configure.sh does.
kmk() { make -s -C "$top/build/linux" O="$1" ARCH=x86_64 CC=gcc HOSTCC=gcc "${@:2}"; }
for b in "${impls[@]}"; do
	out=$scratch/$b
	rm -rf "$out"
	mkdir -p "$out"
	frags=()
	for f in $(awk -v n="$b" '$1 == n { $1 = ""; print }' "$top/configs/builds"); do
		frags+=("$top/configs/$f.config")
	done
	kmk "$out" tinyconfig > /dev/null
	(cd "$out" && "$top/build/linux/scripts/kconfig/merge_config.sh" -m -Q .config \
		"${frags[@]}" > /dev/null)
	kmk "$out" olddefconfig
done
diff <(grep -v '^#' "$scratch/genksyms/.config" | grep -v '^$') \
     <(grep -v '^#' "$scratch/gendwarfksyms/.config" | grep -v '^$') |
	grep '^[<>]' | sort > "$scratch.configdiff" || true
want=$(printf '%s\n' '< CONFIG_GENKSYMS=y' '> CONFIG_GENDWARFKSYMS=y' | sort)
if [ "$(cat "$scratch.configdiff")" != "$want" ]; then
	echo "kbuild-time: the two configurations differ in more than the choice:" >&2
	cat "$scratch.configdiff" >&2
	exit 1
fi

declare -A wall cpu
for b in "${impls[@]}"; do
	out=$scratch/$b
	echo "kbuild-time: building $b from scratch (-j$jobs, no ccache)"
	/usr/bin/time -f '%e %U %S' -o "$out.time" \
		make -s -C "$top/build/linux" O="$out" ARCH=x86_64 CC=gcc HOSTCC=gcc \
		-j"$jobs" all > "$out.log" 2>&1 ||
		{ tail -n 30 "$out.log"; echo "kbuild-time: $b failed" >&2; exit 1; }
	read -r w u s < "$out.time"
	wall[$b]=$w
	cpu[$b]=$(echo "$u + $s" | bc)
	echo "kbuild-time: $b: wall ${wall[$b]} s, CPU ${cpu[$b]} s"
done

exports=$(grep -c . "$scratch/gendwarfksyms/Module.symvers")
ratio() { echo "scale=3; $1 / $2" | bc | sed 's/^\./0./'; }
{
	echo "# Kernel build time: GENDWARFKSYMS vs GENKSYMS"
	echo
	echo "Written by \`benchmarks/kbuild-time.sh\` on $(date -u '+%Y-%m-%d %H:%M UTC')."
	echo "Configuration: tinyconfig + configs/base.config + configs/modversions.config"
	echo "(x86_64, modules, DWARF 5, $exports exports in Module.symvers) with"
	echo "CONFIG_GENKSYMS or CONFIG_GENDWARFKSYMS; nothing else differs."
	echo "Each built once from an empty O= directory, \`make -j$jobs\`, CC=gcc"
	echo "(no ccache), on $(nproc) cores ($(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs))."
	echo "CPU = user + sys of make and all its children."
	if [ "${KBUILD_TIME_LOCK:-1}" != 1 ]; then
		echo "Built without the kernel build lock, while other work ran on the"
		echo "machine (load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)): the wall times"
		echo "include that load, the CPU times much less so."
	fi
	echo
	echo "| implementation | wall (s) | CPU (s) |"
	echo "|---|---:|---:|"
	for b in "${impls[@]}"; do
		echo "| $b | ${wall[$b]} | ${cpu[$b]} |"
	done
	echo "| **ratio gendwarfksyms / genksyms** | **$(ratio "${wall[gendwarfksyms]}" "${wall[genksyms]}")** | **$(ratio "${cpu[gendwarfksyms]}" "${cpu[genksyms]}")** |"
	echo
	echo "Target (issue 4): ratio <= 0.94."
} > "$results"
cat "$results"
