#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# kbuild-steps.sh [O=DIR]: where the CPU time of versioning goes, step by
# step, on the objects of a built GENDWARFKSYMS kernel (default:
# build/out/gendwarfksyms). For every C and assembly object kbuild
# compiled, it replays what the rule does after compiling, each step in a
# loop of its own, and sums user + sys CPU time of the loop:
#
#   shell        sh -c : per object (the recipe line's shell, which every
#                configuration pays, MODVERSIONS off included)
#   nm check     nm OBJ | grep -q ' __export_symbol_' per object (the
#                check that decided whether an object exports anything)
#   nm list      nm OBJ | sed ... per exporting object (the export list)
#   tool (list)  nm | sed | gendwarfksyms OBJ per exporting C object,
#                less "nm list": the tool itself
#   find-exports gendwarfksyms --find-exports OBJ per object, the one
#                process that replaces all of the above
#
# The steps run interleaved, ROUNDS times (default 2), and each figure is
# the mean of the rounds less the shell baseline where it says so. The
# outputs of the two pipelines are compared: the script fails if the
# --find-exports output of any object differs from the nm pipeline's.
# This is a benchmark: it reports CPU seconds side by side in one run and
# the load it ran under, and fails only on a wrong result.
set -euo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
out=$top/build/out/gendwarfksyms
rounds=${ROUNDS:-2}
for arg; do
	case $arg in
	O=*) out=${arg#O=} ;;
	*) echo "usage: kbuild-steps.sh [O=DIR]" >&2; exit 2 ;;
	esac
done
results=$top/benchmarks/results/kbuild-steps.md
tool=$out/scripts/gendwarfksyms/gendwarfksyms
nm=${NM:-nm}
export LC_ALL=C

[ -x "$tool" ] || { echo "kbuild-steps: no gendwarfksyms in $out (build it first)" >&2; exit 1; }
grep -q '^CONFIG_GENDWARFKSYMS=y' "$out/.config" ||
	{ echo "kbuild-steps: $out is not a CONFIG_GENDWARFKSYMS build" >&2; exit 1; }

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

# The objects the kernel's C and assembly rules built: their .cmd names a
# .c or .S source and a kernel compiler command (host programs have none).
(cd "$out" && find . -name '.*.o.cmd' -print0 | xargs -0 grep -l '^source_.* := .*\.[cS]$' |
	xargs grep -l -- '-D__KERNEL__' |
	sed 's|/\.\([^/]*\)\.cmd$|/\1|' | sort) > "$scratch/all"
while read -r o; do
	[ -f "$out/$o" ] || continue
	if grep -q '^source_.*\.S$' "$out/$(dirname "$o")/.$(basename "$o").cmd"; then
		echo "$o" >> "$scratch/asm"
	else
		echo "$o" >> "$scratch/c"
	fi
done < "$scratch/all"
touch "$scratch/asm" "$scratch/c"
cat "$scratch/c" "$scratch/asm" > "$scratch/objs"
(cd "$out" && while read -r o; do
	# grep reads all of nm's output: with pipefail, grep -q could make
	# nm die of SIGPIPE and the object look as if it exported nothing.
	if "$nm" "$o" 2>/dev/null | grep ' __export_symbol_' > /dev/null; then echo "$o"; fi
done < "$scratch/c") > "$scratch/cexp"
nobj=$(grep -c . "$scratch/objs")
nasm=$(grep -c . "$scratch/asm" || true)
ncexp=$(grep -c . "$scratch/cexp")

# The two pipelines must agree before their costs mean anything.
(cd "$out" && while read -r o; do
	a=$("$nm" "$o" | sed -n 's/.* __export_symbol_//p' | "$tool" "$o" 2>/dev/null)
	b=$("$tool" --find-exports "$o" 2>/dev/null)
	[ "$a" = "$b" ] || echo "$o"
done < "$scratch/cexp") > "$scratch/differ"
if [ -s "$scratch/differ" ]; then
	echo "kbuild-steps: --find-exports differs from the nm pipeline on:" >&2
	head "$scratch/differ" >&2
	exit 1
fi

# cpu LIST COMMAND: CPU seconds of sh -c COMMAND for each object of LIST,
# with the object as $1.
cpu() {
	(cd "$out" && /usr/bin/time -f '%U %S' -o "$scratch/time" \
		xargs -a "$scratch/$1" -n 1 sh -c "$2" _ > /dev/null 2>&1) || true
	tail -n 1 "$scratch/time" | awk '{ printf "%.2f", $1 + $2 }'
}

declare -A sum
steps=(shell nmcheck nmlist toollist find)
for s in "${steps[@]}"; do sum[$s]=0; done
load_start=$(cut -d' ' -f1-3 /proc/loadavg)
for ((r = 1; r <= rounds; r++)); do
	echo "kbuild-steps: round $r of $rounds ($nobj objects)"
	t=$(cpu objs ':'); sum[shell]=$(echo "${sum[shell]} + $t" | bc)
	t=$(cpu objs "$nm \"\$1\" 2>/dev/null | grep -q ' __export_symbol_'")
	sum[nmcheck]=$(echo "${sum[nmcheck]} + $t" | bc)
	t=$(cpu cexp "$nm \"\$1\" | sed -n 's/.* __export_symbol_//p'")
	sum[nmlist]=$(echo "${sum[nmlist]} + $t" | bc)
	t=$(cpu cexp "$nm \"\$1\" | sed -n 's/.* __export_symbol_//p' | $tool \"\$1\"")
	sum[toollist]=$(echo "${sum[toollist]} + $t" | bc)
	t=$(cpu objs "$tool --find-exports \"\$1\"")
	sum[find]=$(echo "${sum[find]} + $t" | bc)
done
load_end=$(cut -d' ' -f1-3 /proc/loadavg)

mean() { echo "scale=2; ${sum[$1]} / $rounds" | bc | sed 's/^\./0./'; }
sub() { echo "scale=2; $1 - $2" | bc | sed 's/^\./0./;s/^-\./-0./'; }
shell=$(mean shell)
shell_cexp=$(echo "scale=2; $shell * $ncexp / $nobj" | bc | sed 's/^\./0./')
nmcheck=$(sub "$(mean nmcheck)" "$shell")
nmlist=$(sub "$(mean nmlist)" "$shell_cexp")
toolonly=$(sub "$(mean toollist)" "$(mean nmlist)")
find=$(sub "$(mean find)" "$shell")
old=$(echo "scale=2; $nmcheck + $nmlist + $toolonly" | bc | sed 's/^\./0./')

{
	echo "# Where versioning's CPU time goes (gendwarfksyms kbuild steps)"
	echo
	echo "Written by \`benchmarks/kbuild-steps.sh\` on $(date -u '+%Y-%m-%d %H:%M UTC'),"
	echo "on the objects of \`${out#$top/}\`: $nobj C and assembly objects"
	echo "($nasm assembly), $ncexp C objects that export symbols."
	echo "$(nproc) cores ($(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs)); load average"
	echo "$load_start at the start, $load_end at the end. nm: $("$nm" --version | head -1)."
	echo "Each step run once per object in a loop of its own, $rounds rounds"
	echo "interleaved; figures are the mean CPU seconds (user + sys) of a loop."
	echo "The two pipelines gave identical output on every exporting object."
	echo
	echo "| step | objects | CPU (s) |"
	echo "|---|---:|---:|"
	echo "| shell (\`sh -c :\`), paid with MODVERSIONS off too | $nobj | $shell |"
	echo "| \`nm | grep -q __export_symbol_\`, less the shell | $nobj | $nmcheck |"
	echo "| \`nm | sed\` export list, less the shell | $ncexp | $nmlist |"
	echo "| gendwarfksyms on the list (the tool itself) | $ncexp | $toolonly |"
	echo "| **before: nm check + nm list + tool** | | **$old** |"
	echo "| **now: \`gendwarfksyms --find-exports\` on every object, less the shell** | $nobj | **$find** |"
	echo
	echo "Assembly objects that export symbols also compile a small C file"
	echo "(unchanged, not measured here)."
} > "$results"
cat "$results"
