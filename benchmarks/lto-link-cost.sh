#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# lto-link-cost.sh BUILD [N]: what versioning the C exports at the
# vmlinux.o link adds to a Clang LTO build (CONFIG_LTO_CLANG with
# GENDWARFKSYMS, issue 30). Runs, N times each (default 3) and
# alternately, the link of vmlinux.o exactly as kbuild last ran it
# (savedcmd_vmlinux.o, objtool included) into a scratch file, and
# scripts/gendwarfksyms/link-versions.sh on build/out/BUILD/vmlinux.o as
# kbuild runs it; prints the CPU time (user + sys) and wall time of each
# run, the medians and the ratio, with the load average. The versions
# printed must be the #SYMVER lines of .vmlinux.o.cmd. Not a test.
set -euo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
build=${1:?usage: lto-link-cost.sh BUILD [N]}
n=${2:-3}
kout=$top/build/out/$build
cmdfile=$kout/.vmlinux.o.cmd

grep -qx 'CONFIG_LTO_CLANG=y' "$kout/.config" ||
	{ echo "lto-link-cost: $build is not a Clang LTO build" >&2; exit 1; }
[ -f "$cmdfile" ] || { echo "lto-link-cost: $cmdfile missing: build $build first" >&2; exit 1; }

tmp=$(mktemp -d "$kout/.lto-link-cost.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
scratch=${tmp#"$kout"/}/vmlinux.o

# The link as kbuild ran it, writing the scratch file instead.
link=$(sed -n 's/^savedcmd_vmlinux\.o := //p' "$cmdfile")
[ -n "$link" ] || { echo "lto-link-cost: no savedcmd_vmlinux.o in $cmdfile" >&2; exit 1; }
link=${link//vmlinux.o/$scratch}

# The versioning step as kbuild ran it (scripts/Makefile.lib,
# cmd_gendwarfksyms_link; scripts/Makefile.vmlinux_o, link-objects).
. "$top/scripts/builds.sh"
ar=llvm-ar$(build_llvm "$build")
libs=$(sed -n 's/.*--start-group \(.*\) --end-group.*/\1/p' <<< "$link")
version() {
	for f in vmlinux.a $libs; do
		$ar t "$f"
	done | sh "$top/build/linux/scripts/gendwarfksyms/link-versions.sh" \
		scripts/gendwarfksyms/gendwarfksyms vmlinux.o
}

# run NAME CMD: "NAME cpu wall" of one run, in seconds
run() {
	local name=$1 t
	shift
	t=$( { TIMEFORMAT='%U %S %R'; time bash -c "$*" > "$tmp/$name.out" 2> "$tmp/$name.err"; } 2>&1) ||
		{ echo "lto-link-cost: $name failed: $(head -c 300 "$tmp/$name.err")" >&2; exit 1; }
	awk -v n="$name" -v t="$t" 'BEGIN { split(t, a, " "); printf "%s %.2f %.2f\n", n, a[1] + a[2], a[3] }'
}

cd "$kout"
echo "lto-link-cost: $build, $n runs each, load average $(cut -d' ' -f1-3 /proc/loadavg)"
for i in $(seq "$n"); do
	run link "$link"
	run version "ar=$ar libs='$libs' top=$top; $(declare -f version); version"
done | tee "$tmp/runs"

sed -n 's/^#SYMVER/&/p' "$cmdfile" > "$tmp/want"
if ! cmp -s "$tmp/want" "$tmp/version.out"; then
	echo "lto-link-cost: the versions differ from those of .vmlinux.o.cmd" >&2
	exit 1
fi

awk -v load="$(cut -d' ' -f1-3 /proc/loadavg)" -v syms="$(wc -l < "$tmp/want")" '
	{ cpu[$1] = cpu[$1] " " $2; wall[$1] = wall[$1] " " $3 }
	function median(s,   a, k, i, j, t) {
		k = split(s, a, " ")
		for (i = 1; i <= k; i++) for (j = i + 1; j <= k; j++)
			if (a[j] < a[i]) { t = a[i]; a[i] = a[j]; a[j] = t }
		return a[int((k + 1) / 2)]
	}
	END {
		lc = median(cpu["link"]); lw = median(wall["link"])
		vc = median(cpu["version"]); vw = median(wall["version"])
		printf "median link of vmlinux.o: %.2f s CPU, %.2f s wall\n", lc, lw
		printf "median versioning (%d exports): %.2f s CPU, %.2f s wall\n", syms, vc, vw
		printf "versioning / link: %.1f %% CPU, %.1f %% wall (load average after: %s)\n",
			100 * vc / lc, 100 * vw / lw, load
	}' "$tmp/runs"
