# SPDX-License-Identifier: GPL-2.0
#
# The objects kbuild versioned in a kernel build, for the benchmarks that
# run gendwarfksyms on them the way kbuild does. Sourced, not run.

# versioned_objects DIR: every object below DIR whose .cmd file has
# #SYMVER lines, in a stable order, one path a line
versioned_objects() {
	local cmd base
	grep -rl --include='*.o.cmd' '^#SYMVER ' "$1" | LC_ALL=C sort |
		while IFS= read -r cmd; do
			base=$(basename "$cmd" .cmd)
			[ ! -f "$(dirname "$cmd")/${base#.}" ] ||
				echo "$(dirname "$cmd")/${base#.}"
		done
}

# symver_names OBJECT: the names of the #SYMVER lines in OBJECT's .cmd
# file, one a line: what kbuild versioned in it
symver_names() {
	sed -n 's/^#SYMVER \([^ ]*\) .*/\1/p' \
		"$(dirname "$1")/.$(basename "$1").cmd"
}
