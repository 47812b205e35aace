#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# valgrind-gendwarfksyms.sh: valgrind memcheck on gendwarfksyms over every
# exporting object of the gendwarfksyms test kernel (issue 9). Too slow
# for make check (~20-40 CPU minutes); tests/host/gendwarfksyms-valgrind.sh
# keeps three quick cases there.
#
#   benchmarks/valgrind-gendwarfksyms.sh [KOUT]
#
# KOUT (default build/out/gendwarfksyms, built by `make check` /
# scripts/build-kernel.sh gendwarfksyms) is only read. The tool is
# build/tool/gendwarfksyms (scripts/build-tool.sh, from build/linux;
# TOOL=... for another build). For each object that exports something:
#  - C objects: the symbol list as kbuild made it before it ran
#    `gendwarfksyms --find-exports` (nm OBJ | sed -n 's/.* __export_symbol_//p',
#    the same names in the same order) piped into
#    `gendwarfksyms --symtypes FILE OBJ` (kbuild with KBUILD_SYMTYPES=1);
#  - assembly objects: as kbuild's cmd_gensymtypes_S, a dummy C file
#    declaring the exports (EXPORT_SYMBOL with __GENKSYMS__ after
#    <asm/asm-prototypes.h>) compiled with the C flags of a C object of the
#    same directory, and the tool run on that.
# Pass: every run exits 0 with no valgrind error and no definitely (or
# indirectly) lost bytes, and one #SYMVER line per symbol. Writes benchmarks/results/valgrind-gendwarfksyms.md.
set -euo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
kout=$(cd "${1:-$top/build/out/gendwarfksyms}" && pwd)
results=${VG_RESULTS:-$top/benchmarks/results/valgrind-gendwarfksyms.md}
jobs=${JOBS:-2}

"$top/scripts/install-deps.sh" valgrind >&2
if [ -z "${TOOL:-}" ]; then
	"$top/scripts/build-tool.sh" >&2
	TOOL=$top/build/tool/gendwarfksyms
fi
export TOOL kout

work=$(mktemp -d /tmp/gdk-valgrind.XXXXXX)
trap 'rm -rf "$work"' EXIT
export work

# The objects that export symbols (modules' .mod.o aside), and vmlinux.o:
# all its CUs, versioned in worker processes (-j, one per CPU), which
# valgrind follows across fork().
(cd "$kout" && find . -name '*.o' ! -name '*.mod.o' \
	! -name '*.gendwarfksyms.o' | sed 's|^\./||' | LC_ALL=C sort) |
while read -r o; do
	if nm "$kout/$o" 2>/dev/null | grep ' __export_symbol_' > /dev/null; then
		echo "$o"
	fi
done > "$work/objects"
# VG_ONLY="obj..." (paths relative to KOUT): only these, for trying it out
if [ -n "${VG_ONLY:-}" ]; then
	printf '%s\n' $VG_ONLY > "$work/objects"
fi

# one OBJ: run the tool under valgrind as kbuild would; prints a result line
one() {
	local o=$1 d b cmd src flags x obj tag rc
	d=$(dirname "$o")
	b=$(basename "$o" .o)
	x=$work/$(echo "$o" | tr / _)
	mkdir -p "$x"
	nm "$kout/$o" | sed -n 's/.* __export_symbol_\(.*\)/\1/p' > "$x/symbols"
	obj=$kout/$o
	tag=C
	src=$(sed -n "s/^source_$(echo "$o" | sed 's/[.\/]/\\&/g') := //p" \
		"$kout/$d/.$b.o.cmd" 2>/dev/null)
	case $src in
	*.S)
		tag=S
		# C flags: those of a C object of the same directory (else lib/)
		cmd=
		for c in "$kout/$d"/.*.o.cmd "$kout"/lib/.*.o.cmd; do
			grep -q '^source_.* := .*\.c$' "$c" 2>/dev/null || continue
			cmd=$(sed -n '1s/^savedcmd_[^ ]* := //p' "$c")
			break
		done
		flags=$(echo "$cmd" | sed -e 's/ -c -o .*//' -e 's/^ccache //' \
			-e "s/-Wp,-MMD,[^ ]*//" -e "s/-D__\{0,2\}KBUILD_[A-Z]*=[^ ]*//g")
		{
			echo '#include <linux/kernel.h>'
			echo '#include <linux/string.h>'
			echo '#define __GENKSYMS__'
			echo '#include <asm/asm-prototypes.h>'
			sed 's/.*/EXPORT_SYMBOL(&);/' "$x/symbols"
		} > "$x/dummy.c"
		obj=$x/$b.gendwarfksyms.o
		# shellcheck disable=SC2086
		(cd "$kout" && $flags -DKBUILD_MODNAME='"'"$b"'"' \
			-DKBUILD_BASENAME='"'"$b"'"' -c -o "$obj" -xc "$x/dummy.c") \
			2> "$x/cc.err" || { echo "ERROR $tag $o compiling the dummy C file"; return; }
		;;
	esac
	rc=0
	valgrind -q --leak-check=full --show-leak-kinds=definite,indirect \
		--errors-for-leak-kinds=definite,indirect --error-exitcode=98 \
		"$TOOL" --symtypes "$x/symtypes" "$obj" < "$x/symbols" \
		> "$x/out" 2> "$x/err" || rc=$?
	local nsym nver
	nsym=$(grep -c . "$x/symbols")
	nver=$(grep -c '^#SYMVER' "$x/out" || true)
	if [ $rc -ne 0 ] || grep -q '^==' "$x/err"; then
		echo "FAIL $tag $o status $rc"
		grep '^==' "$x/err" | head -n 20 | sed 's/^/    /'
	elif [ "$nsym" != "$nver" ]; then
		echo "FAIL $tag $o: $nver #SYMVER lines for $nsym symbols"
	else
		echo "ok $tag $o $nsym $(grep -c 'no information for symbol' "$x/err" || true)"
	fi
	rm -f "$obj.tmp"
}
export -f one

start=$(date -u '+%Y-%m-%d %H:%M UTC')
t0=$(date +%s)
nice -n 19 xargs -a "$work/objects" -P "$jobs" -I{} bash -c 'one "$@"' _ {} \
	> "$work/log"
secs=$(($(date +%s) - t0))
LC_ALL=C sort -k3 "$work/log" > "$work/sorted"

total=$(grep -c . "$work/objects")
ok=$(grep -c '^ok ' "$work/sorted" || true)
fail=$(grep -c '^FAIL ' "$work/sorted" || true)
errs=$(grep -c '^ERROR ' "$work/sorted" || true)
nS=$(grep -c '^ok S ' "$work/sorted" || true)
syms=$(awk '$1 == "ok" { n += $4 } END { print n + 0 }' "$work/sorted")
noinfo=$(awk '$1 == "ok" { n += $5 } END { print n + 0 }' "$work/sorted")

mkdir -p "$(dirname "$results")"
{
	echo "# valgrind memcheck on gendwarfksyms (issue 9)"
	echo
	echo "Written by \`benchmarks/valgrind-gendwarfksyms.sh\`; started $start, took ${secs} s"
	echo "(valgrind $(valgrind --version | sed 's/valgrind-//'), $jobs at a time, nice -n 19)."
	echo "Tool: \`${TOOL#"$top"/}\` (build/linux at $(git -C "$top/build/linux" rev-parse --short HEAD 2>/dev/null));"
	echo "objects: every exporting object of, and the vmlinux.o of,"
	echo "\`${kout#"$top"/}\`, with --symtypes, symbol lists as kbuild makes them."
	echo
	echo "| figure | value |"
	echo "|---|---|"
	echo "| exporting objects | $total ($((total - nS)) C, $nS assembly via the dummy C file) |"
	echo "| clean runs (status 0, no valgrind error, nothing definitely/indirectly lost) | $ok |"
	echo "| failed runs | $fail |"
	echo "| objects not run (dummy C file did not compile) | $errs |"
	echo "| exported symbols versioned | $syms (warned \"no information\": $noinfo) |"
	echo
	if [ "$fail" -ne 0 ] || [ "$errs" -ne 0 ]; then
		echo '```'
		grep -v '^ok ' "$work/sorted"
		echo '```'
	fi
} > "$results"
cat "$results"
[ "$fail" -eq 0 ] && [ "$errs" -eq 0 ] && [ "$ok" -eq "$total" ]
