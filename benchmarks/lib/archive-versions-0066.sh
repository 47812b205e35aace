#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Kept for benchmarks/tool-process-cost.sh: how kbuild versioned the
# objects of an archive of vmlinux up to patch 0066, as
# scripts/gendwarfksyms/archive-versions.sh. Patch 0067 moved this into
# the tool (gendwarfksyms --cmd-files); the script's words below are as
# they were.
#
# Usage: archive-versions.sh TOOL [OPTION]... < OBJECTS
#
# Version the C objects of an archive of vmlinux (built-in.a or lib.a)
# in one run of gendwarfksyms (TOOL), and append the #SYMVER lines of
# each to its .cmd file, where modpost reads them.
#
# When kbuild compiles such an object, it appends the line
# "#GENDWARFKSYMS pending" to its .cmd file instead of running the tool:
# most objects export nothing, and a process for each would cost more
# than versioning them all at once. OBJECTS, one per line, are the
# objects of the archive. Those whose .cmd file's last #GENDWARFKSYMS
# line says "pending" (compiled since they were last versioned) are
# versioned with --find-exports --per-object and the OPTIONs, and get
# the line "#GENDWARFKSYMS versioned" after their versions. The others,
# versioned already or by another rule (assembly, Rust), are left alone.

set -eu

tool=$1
shift

# dir/foo.o -> dir/.foo.o.cmd, in awk
cmd_file='function cmd_file(obj) { sub(/[^\/]*$/, ".&.cmd", obj); return obj }'

pending=$(awk "$cmd_file"'
{
	file = cmd_file($0)
	mark = ""
	while ((getline line < file) > 0)
		if (line ~ /^#GENDWARFKSYMS /)
			mark = line
	close(file)
	if (mark == "#GENDWARFKSYMS pending")
		print
}')
[ -n "$pending" ] || exit 0

# The whole output first: a failed run writes no .cmd file.
versions=$("$tool" --find-exports --per-object "$@" $pending)

printf '%s\n' "$versions" | awk "$cmd_file"'
function versioned() {
	if (file != "") {
		print "#GENDWARFKSYMS versioned" >> file
		close(file)
	}
}
/^#OBJECT / {
	versioned()
	file = cmd_file($2)
	next
}
{
	print >> file
}
END {
	versioned()
}'
