#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# gendwarfksyms-perf.sh: benchmark gendwarfksyms (issue 8). Not a test:
# it reports figures and fails only if outputs differ between tool versions.
#
#   benchmarks/gendwarfksyms-perf.sh [TREE]
#
# TREE (default build/linux) is a git kernel tree carrying the series. The script
#  1. builds the corpus once (cached in build/out/bench-defconfig): x86_64
#     defconfig + MODVERSIONS + GENDWARFKSYMS + DWARF5 from a snapshot of
#     TREE's HEAD, under the kernel build lock, recording the build's CPU;
#  2. builds each tool version from TREE's history (found by commit
#     subject): the series' tool before any performance patch, after
#     "Skip work that cannot change the output", and after every later
#     commit touching scripts/gendwarfksyms/;
#  3. runs every version on corpus 1 (vmlinux.o, every export) and corpus 2
#     (every exporting object, one run per object as kbuild does), under
#     /usr/bin/time -v, plus genksyms on corpus 2's sources for scale;
#  4. compares #SYMVER lists and symtypes of every version with the first
#     on corpus 2 (one object at a time, where no version may differ), and
#     on corpus 1 counts the C and Rust exports to which each version
#     gives kbuild's version (tests/lib/whole-object-versions.py: versions
#     of a whole object differ from kbuild's until "Version each export in
#     the unit that exports it");
#  5. writes benchmarks/results/gendwarfksyms-perf.md.
set -euo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
tree=$(cd "${1:-$top/build/linux}" && pwd)
# BENCH_OUT: use an existing build as the corpus instead (no build, no
# build CPU figure); for trying the script out.
out=${BENCH_OUT:-$top/build/out/bench-defconfig}
src=$top/build/bench-src
work=${BENCH_WORK:-$top/build/bench}
results=${BENCH_RESULTS:-$top/benchmarks/results/gendwarfksyms-perf.md}
lock=$top/build/.kbuild.lock
jobs=$(($(nproc) + 1))

msg() { echo "bench: $*" >&2; }
die() { msg "error: $*"; exit 1; }

# --- dependencies --------------------------------------------------------
"$top/scripts/install-deps.sh" time >&2

# --- corpus: the defconfig build -----------------------------------------
# The kernel is built from a snapshot of TREE so that work going on in TREE
# cannot change the corpus under a running build.
snapshot() {
	local rev
	rev=$(git -C "$tree" rev-parse HEAD)
	msg "snapshot of $tree at $rev -> $src"
	rm -rf "$src.tmp"
	mkdir -p "$src.tmp"
	git -C "$tree" archive "$rev" | tar -x -C "$src.tmp"
	echo "$rev" >"$src.tmp/.bench-rev"
	mv "$src.tmp" "$src"
}

build_corpus() {
	local rev
	rev=$(cat "$src/.bench-rev")
	mkdir -p "$out"
	local k=(make -s -C "$src" O="$out" ARCH=x86_64 CC="ccache gcc"
		 HOSTCC="ccache gcc")
	"${k[@]}" defconfig >/dev/null
	"$src/scripts/config" --file "$out/.config" \
		-e MODVERSIONS -e GENDWARFKSYMS -d GENKSYMS \
		-e DEBUG_KERNEL -e DEBUG_INFO -d DEBUG_INFO_NONE \
		-d DEBUG_INFO_DWARF_TOOLCHAIN_DEFAULT -d DEBUG_INFO_DWARF4 \
		-e DEBUG_INFO_DWARF5 -d DEBUG_INFO_REDUCED \
		-d DEBUG_INFO_SPLIT -d DEBUG_INFO_BTF -d LTO_NONE
	"${k[@]}" olddefconfig >/dev/null
	local o
	for o in MODVERSIONS=y GENDWARFKSYMS=y DEBUG_INFO_DWARF5=y; do
		grep -qx "CONFIG_$o" "$out/.config" || die "config: CONFIG_$o not set"
	done
	for o in DEBUG_INFO_BTF DEBUG_INFO_REDUCED DEBUG_INFO_SPLIT LTO_CLANG; do
		! grep -qx "CONFIG_$o=y" "$out/.config" || die "config: CONFIG_$o set"
	done
	msg "building $out (make -j$jobs; about 15 min on an idle machine)"
	# CCACHE_RECACHE: compile for real (and refresh the cache) so that the
	# recorded CPU time is the build's, not ccache's. An interrupted build
	# resumes where it stopped; the CPU time of every attempt is kept.
	local n=1
	while [ -e "$out/.bench-build-time.$n" ]; do n=$((n + 1)); done
	CCACHE_RECACHE=1 /usr/bin/time -v -o "$out/.bench-build-time.$n" \
		nice "${k[@]}" -j"$jobs" vmlinux modules
	echo "$rev" >"$out/.bench-rev"
	touch "$out/.bench-done"
}

if [ -z "${BENCH_OUT:-}" ] && [ ! -e "$out/.bench-done" ]; then
	[ -d "$src" ] || snapshot
	exec 9>"$lock"
	if ! flock -n 9; then
		msg "waiting for another kernel build ($lock)"
		flock 9
	fi
	build_corpus
	exec 9>&-
fi
[ "${BENCH_BUILD_ONLY:-}" ] && exit 0

# --- corpus lists (cached in $work) --------------------------------------
mkdir -p "$work"
rev_built=$(cat "$out/.bench-rev" 2>/dev/null || git -C "$tree" rev-parse HEAD)
if [ ! -e "$work/.corpus-done" ] || [ "$(cat "$work/.corpus-done")" != "$rev_built" ]; then
	msg "listing corpus 2 (exporting objects of $out)"
	rm -rf "$work/c2" "$work/c2.list" "$work/c2.skipped"
	mkdir -p "$work/c2"
	nm "$out/vmlinux.o" | sed -n 's/.* __export_symbol_//p' >"$work/c1.syms"
	# An object kbuild versioned has #SYMVER lines in its .cmd file.
	(cd "$out" && find . -name '.*.o.cmd' -print0 | xargs -0 grep -l '^#SYMVER' |
		sed 's|^\./||' | LC_ALL=C sort) >"$work/c2.cmds"
	n=0
	while read -r cmdf; do
		dir=$(dirname "$cmdf")
		base=$(basename "$cmdf" .cmd)
		obj=$dir/${base#.}
		srcf=$(sed -n "s|^source_$obj := ||p" "$out/$cmdf")
		key=c2/$(echo "$obj" | tr / _)
		nm "$out/$obj" | sed -n 's/.* __export_symbol_//p' >"$work/$key.syms"
		case $srcf in
		*.c)
			echo "$key c $obj $srcf" >>"$work/c2.list"
			;;
		*.S)
			# kbuild versions a .S file's exports from a temporary
			# object compiled from a dummy C file with the C flags
			# of the directory; rebuild it with a C sibling's flags.
			sib=$(grep -l "^source_.*\.c$" "$out/$dir"/.*.o.cmd 2>/dev/null | head -1 || true)
			if [ -z "$sib" ]; then
				echo "$obj (no C sibling for its flags)" >>"$work/c2.skipped"
				continue
			fi
			cc=$(sed -n '1{s/^savedcmd_[^ ]* := //;s/ *;.*//;s/ *$//;p}' "$sib")
			sibobj=$(sed -n '1s/^savedcmd_\([^ ]*\) := .*/\1/p' "$sib")
			stem=$(basename "$obj" .o)
			sibstem=$(basename "$sibobj" .o)
			cc=${cc//-Wp,-MMD,$dir\/.$sibstem.o.d/}
			cc=${cc//\"$sibstem\"/\"$stem\"}
			cc=${cc% *}	# drop the sibling's source file
			cc=${cc//-c -o $sibobj/-c -o $work/$key.o}
			if ! (cd "$out" && { echo "#include <linux/kernel.h>"
				echo "#include <linux/string.h>"
				echo "#define __GENKSYMS__"
				echo "#include <asm/asm-prototypes.h>"
				sed 's/.*/EXPORT_SYMBOL(&);/' "$work/$key.syms"; } |
				eval "$cc -xc -") 2>>"$work/c2.skipped"; then
				echo "$obj (dummy object failed to build)" >>"$work/c2.skipped"
				continue
			fi
			echo "$key S $work/$key.o $srcf" >>"$work/c2.list"
			;;
		*)
			echo "$obj (source $srcf)" >>"$work/c2.skipped"
			;;
		esac
		n=$((n + 1))
	done <"$work/c2.cmds"
	echo "$rev_built" >"$work/.corpus-done"
fi
nc1=$(wc -l <"$work/c1.syms")
nc2=$(wc -l <"$work/c2.list")
nc2c=$(awk '$2 == "c"' "$work/c2.list" | wc -l)
nc2s=$((nc2 - nc2c))
nc2syms=$(cat "$work"/c2/*.syms | wc -l)
msg "corpus 1: vmlinux.o, $nc1 exports; corpus 2: $nc2 objects ($nc2c C, $nc2s asm), $nc2syms exports"

# --- tool versions -------------------------------------------------------
# First: the series' tool before any performance work; then "Skip work
# that cannot change the output" and every later commit that changes the
# tool's sources.
find_subject() {
	git -C "$tree" log --format=%H --fixed-strings --grep="$1" -1 HEAD
}
first=$(find_subject "gendwarfksyms: Version each CU of a multi-CU object on its own")
skip=$(find_subject "gendwarfksyms: Skip work that cannot change the output")
[ -n "$first" ] || die "no 'Version each CU' commit in $tree"
[ -n "$skip" ] || die "no 'Skip work that cannot change the output' commit in $tree"
revs=("$first" "$skip")
while read -r r; do
	revs+=("$r")
done < <(git -C "$tree" log --reverse --format=%H "$skip..HEAD" -- \
	 'scripts/gendwarfksyms/*.c' 'scripts/gendwarfksyms/*.h' \
	 ':!scripts/gendwarfksyms/symtypes-diff.c')
# BENCH_VERSIONS=ends: only the first, "Skip work...", the last version
# and the one before it (when the corpus is large and time is short).
if [ "${BENCH_VERSIONS:-all}" = ends ] && [ ${#revs[@]} -gt 4 ]; then
	revs=("${revs[0]}" "${revs[1]}" "${revs[-2]}" "${revs[-1]}")
fi

tools=()
for r in "${revs[@]}"; do
	short=$(git -C "$tree" rev-parse --short=12 "$r")
	d=$work/tool-$short
	if [ ! -x "$d/gendwarfksyms" ]; then
		msg "building the tool at $short"
		rm -rf "$d"
		mkdir -p "$d"
		git -C "$tree" archive "$r" scripts/gendwarfksyms scripts/include |
			tar -x -C "$d"
		s=$d/scripts/gendwarfksyms
		gcc -O2 -std=gnu11 -I "$d/scripts/include" -I "$s" \
			$(ls "$s"/*.c | grep -v symtypes-diff.c) \
			-ldw -lelf -lz -o "$d/gendwarfksyms"
	fi
	tools+=("$short")
done

# genksyms, for scale (built the way kbuild builds it)
gks=$work/genksyms/genksyms
if [ ! -x "$gks" ]; then
	msg "building genksyms"
	g=$work/genksyms
	rm -rf "$g"
	mkdir -p "$g"
	# from the corpus's snapshot, or TREE's when the corpus is BENCH_OUT
	gsrc=$src
	[ -d "$gsrc/scripts/genksyms" ] || gsrc=$tree
	cp "$gsrc"/scripts/genksyms/*.[chly] "$g"/
	(cd "$g" && bison -o parse.tab.c --defines=parse.tab.h -t -l parse.y 2>/dev/null &&
	 flex -olex.lex.c -L lex.l &&
	 gcc -O2 -I. -I"$gsrc/scripts/include" genksyms.c parse.tab.c lex.lex.c -o genksyms)
fi

# --- runs ----------------------------------------------------------------
# time -v of one command: wall s, user+sys s, peak RSS KB
tv() {
	local f=$1
	awk -F': ' '
	/Elapsed \(wall clock\)/ { n = split($2, t, ":"); w = 0
		for (i = 1; i <= n; i++) w = w * 60 + t[i] }
	/User time/ { u = $2 } /System time/ { s = $2 }
	/Maximum resident/ { m = $2 }
	END { printf "%.2f %.2f %d\n", w, u + s, m }' "$f"
}

# Sums of per-run "wall user sys rss" lines: wall s, user+sys s, max RSS KB
sumrun() {
	awk '{ w += $1; c += $2 + $3; if ($4 > m) m = $4 }
	     END { printf "%.2f %.2f %d\n", w, c, m }' "$1"
}

# BENCH_REPEAT=N: corpus 1 N times per version, the fastest run reported
# (for a small corpus, where one run is too short to compare).
repeat=${BENCH_REPEAT:-1}

run_corpus1() {
	local t=$1 d=$work/run-$1 i
	mkdir -p "$d"
	: >"$d/c1.figs"
	for ((i = 1; i <= repeat; i++)); do
		msg "corpus 1: $t (run $i of $repeat)"
		# time -v gives the largest single process; tree-memory.py the
		# sum over the tool and the workers it forks (Pss: shared pages
		# split). The sampler runs outside time(1), so its CPU is not
		# the tool's.
		"$top/benchmarks/tree-memory.py" "$d/c1.mem" \
			/usr/bin/time -v -o "$d/c1.time" "$work/tool-$t/gendwarfksyms" \
			-T "$d/c1.symtypes" "$out/vmlinux.o" <"$work/c1.syms" \
			>"$d/c1.versions" 2>"$d/c1.stderr" || die "$t failed on vmlinux.o"
		echo "$(tv "$d/c1.time") $(cut -d' ' -f2 "$d/c1.mem")" >>"$d/c1.figs"
	done
	sort -n "$d/c1.figs" | head -n 1 >"$d/c1.fig"
	# kbuild's versions on the whole object: the last line says how many
	python3 "$top/tests/lib/whole-object-versions.py" "$out" "$work/tool-$t/gendwarfksyms" \
		>"$d/c1.kbuild" 2>&1 || true
}

run_corpus2() {
	local t=$1 d=$work/run-$1 key kind obj srcf
	local bin=$work/tool-$t/gendwarfksyms
	rm -rf "$d/c2" "$d/c2.acc"
	mkdir -p "$d/c2"
	msg "corpus 2: $t"
	while read -r key kind obj srcf; do
		case $obj in /*) ;; *) obj=$out/$obj ;; esac
		/usr/bin/time -a -o "$d/c2.acc" -f '%e %U %S %M' \
			"$bin" -T "$d/$key.symtypes" "$obj" \
			<"$work/$key.syms" >"$d/$key.versions" 2>>"$d/c2.stderr" ||
			die "$t failed on $obj"
	done <"$work/c2.list"
	sumrun "$d/c2.acc" >"$d/c2.fig"
}

# kbuild's genksyms pipeline for each C object of corpus 2:
#   $(CPP) -D__GENKSYMS__ $(c_flags) $< | genksyms -r /dev/null
# with the compiler flags taken from the object's .cmd file. The runs are
# spread over the cores (only their sums are reported).
gks_one() {
	local obj=$1 d=$2 cc
	cc=$(sed -n '1{s/^savedcmd_[^ ]* := //;s/ *;.*//;s/ *$//;p}' \
		"$out/$(dirname "$obj")/.$(basename "$obj").cmd")
	cc=${cc#ccache }
	cc=${cc/-Wp,-MMD,*.o.d /-Wp,-MMD,$d/dep.$BASHPID.d }
	cc=${cc/-c -o $obj /}
	cc="${cc/gcc /gcc -E -D__GENKSYMS__ }"
	(cd "$out" && eval "/usr/bin/time -a -o $d/cpp.$BASHPID.acc -f '%e %U %S %M' $cc") |
		/usr/bin/time -a -o "$d/gks.$BASHPID.acc" -f '%e %U %S %M' \
		"$gks" -r /dev/null >/dev/null 2>>"$d/stderr.$BASHPID" ||
		{ echo "bench: genksyms pipeline failed for $obj" >&2; return 255; }
}

run_genksyms() {
	local d=$work/run-genksyms
	rm -rf "$d"
	mkdir -p "$d"
	msg "genksyms on corpus 2's C sources"
	export -f gks_one
	export out gks
	awk '$2 == "c" { print $3 }' "$work/c2.list" |
		xargs -P "$(nproc)" -I{} bash -c 'gks_one "$1" "$2"' _ {} "$d" ||
		die "genksyms pipeline failed"
	cat "$d"/cpp.*.acc >"$d/cpp.acc"
	cat "$d"/gks.*.acc >"$d/gks.acc"
	sumrun "$d/cpp.acc" >"$d/cpp.fig"
	sumrun "$d/gks.acc" >"$d/gks.fig"
}

for t in "${tools[@]}"; do
	run_corpus1 "$t"
	run_corpus2 "$t"
done
run_genksyms

# --- identity ------------------------------------------------------------
ref=${tools[0]}
fail=0
declare -A same
for t in "${tools[@]}"; do
	same[$t]=yes
	[ "$t" = "$ref" ] && continue
	while read -r key kind obj srcf; do
		for f in versions symtypes; do
			if ! cmp -s "$work/run-$ref/$key.$f" "$work/run-$t/$key.$f"; then
				msg "FAIL: $t: $obj $f differs from $ref"
				same[$t]=NO
			fi
		done
	done <"$work/c2.list"
	[ "${same[$t]}" = yes ] || fail=1
done

# --- results -------------------------------------------------------------
# The build's time: the sum over its attempts
bwall=0 bcpu=0 nattempts=0
lost=0
for f in "$out"/.bench-build-time.*; do
	[ -e "$f" ] || continue
	# An attempt killed with the time command has no figures.
	grep -q 'Elapsed' "$f" || { lost=$((lost + 1)); continue; }
	read -r w c m < <(tv "$f")
	bwall=$(awk -v a="$bwall" -v b="$w" 'BEGIN { print a + b }')
	bcpu=$(awk -v a="$bcpu" -v b="$c" 'BEGIN { print a + b }')
	nattempts=$((nattempts + 1))
done
read -r cppw cppc cppm <"$work/run-genksyms/cpp.fig"
read -r gksw gksc gksm <"$work/run-genksyms/gks.fig"
c1size=$(stat -c %s "$out/vmlinux.o")
mb() { awk -v k="$1" 'BEGIN { printf "%.0f MB", k / 1024 }'; }
pct() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.3f %%", 100 * a / b; else printf "n/a" }'; }

# "all N" or "N of M differ", from whole-object-versions.py's last line
c1_kbuild() {
	sed -n '$s/.* to all \([0-9]*\) C and \([0-9]*\) Rust.*/all \1 C, \2 Rust/p
		$s/.*: \([0-9]*\) of \([0-9]*\) differ$/\1 of \2 differ/p' \
		"$work/run-$1/c1.kbuild" | grep . || echo "? (see run-$1/c1.kbuild)"
}

mkdir -p "$(dirname "$results")"
{
	echo "# gendwarfksyms performance"
	echo
	echo "Written by \`benchmarks/gendwarfksyms-perf.sh\` on $(date -u '+%Y-%m-%d %H:%M UTC')."
	echo "Figures, not pass/fail: the machine ($(nproc) cores,"
	echo "$(free -g | awk '/^Mem:/ { print $2 }') GB) is shared with other jobs"
	echo "(load average at the end: $(cut -d' ' -f1-3 /proc/loadavg))."
	echo
	if [ -z "${BENCH_OUT:-}" ]; then
		echo "Corpus: x86_64 \`defconfig\` + MODVERSIONS + GENDWARFKSYMS + DWARF 5,"
		echo "built from $(git -C "$tree" log -1 --format='%h (%s)' "$rev_built")."
	else
		echo "Corpus: the existing build \`${out#$top/}\` (BENCH_OUT), not the defconfig one."
	fi
	echo
	echo "- corpus 1: \`vmlinux.o\` ($((c1size / 1024 / 1024)) MB), $nc1 exported symbols, the fastest of $repeat run(s)"
	echo "- corpus 2: $nc2 exporting objects ($nc2c from C, $nc2s from assembly"
	echo "  through kbuild's dummy C object), $nc2syms exports, one run per object"
	echo "  as kbuild does it (\`nm\` symbol list on stdin, \`-T\` symtypes)"
	if [ -s "$work/c2.skipped" ]; then
		echo "- not in corpus 2: $(wc -l <"$work/c2.skipped") objects ($(head -3 "$work/c2.skipped" | tr '\n' ';' ))"
	fi
	echo
	echo "Wall and CPU (user + system) in seconds; peak RSS of the largest run"
	echo "(\`time -v\`: the largest single process). \"c1 peak memory\" is the peak of"
	echo "the summed Pss of the tool and the workers it forks, sampled every 50 ms"
	echo "by \`benchmarks/tree-memory.py\` (shared copy-on-write pages counted once)."
	echo "Corpus 2 figures are sums over the per-object runs."
	echo
	echo "\"c2 = first\": corpus 2 outputs identical to the first version's."
	echo "\"c1 = kbuild\": \`tests/lib/whole-object-versions.py\` with that version: of"
	echo "vmlinux's C and Rust exports, how many get the version kbuild gave them"
	echo "object by object (assembly exports left out)."
	echo
	echo "| tool version | c1 wall | c1 CPU | c1 peak RSS | c1 peak memory | c2 wall | c2 CPU | c2 peak RSS | c2 = first | c1 = kbuild |"
	echo "|---|---:|---:|---:|---:|---:|---:|---:|---|---|"
	for t in "${tools[@]}"; do
		read -r w1 c1 m1 p1 <"$work/run-$t/c1.fig"
		read -r w2 c2 m2 <"$work/run-$t/c2.fig"
		subj=$(git -C "$tree" log -1 --format=%s "$t")
		echo "| \`$t\` $subj | $w1 | $c1 | $(mb "$m1") | $(mb "$p1") | $w2 | $c2 | $(mb "$m2") | ${same[$t]} | $(c1_kbuild "$t") |"
	done
	echo
	echo "For scale, on corpus 2's $nc2c C sources, kbuild's genksyms pipeline"
	echo "(\`\$(CPP) -D__GENKSYMS__ \$(c_flags) | genksyms\`, flags from the .cmd files),"
	echo "sums over the per-file runs, $(nproc) at a time (genksyms' wall time"
	echo "includes waiting for the preprocessor):"
	echo
	echo "| step | wall | CPU | peak RSS |"
	echo "|---|---:|---:|---:|"
	echo "| preprocessor | $cppw | $cppc | $(mb "$cppm") |"
	echo "| genksyms | $gksw | $gksc | $(mb "$gksm") |"
	echo
	if [ $nattempts -gt 0 ]; then
		echo "Kernel build of the corpus (\`make -j$jobs vmlinux modules\`, ccache"
		echo "recaching, i.e. compiling for real; $nattempts attempt(s)): $bwall s wall, $bcpu s CPU."
		[ $lost = 0 ] || echo "$lost more attempt(s) were killed without figures: the build CPU is a lower bound."
		last=${tools[-1]}
		read -r w2 c2 m2 <"$work/run-$last/c2.fig"
		read -r w2f c2f m2f <"$work/run-${tools[0]}/c2.fig"
		echo "Corpus 2 tool CPU relative to the build's CPU: $(pct "$c2" "$bcpu")"
		echo "with \`$last\`, $(pct "$c2f" "$bcpu") with \`${tools[0]}\`."
		echo
	fi
	if [ $fail = 0 ]; then
		echo "Corpus 2 outputs (\`#SYMVER\` lists and symtypes) are identical for every version."
	else
		echo "**Corpus 2 outputs differ** between versions (column c2 = first): a bug."
	fi
} >"$results"
msg "results in $results"
cat "$results"
exit $fail
