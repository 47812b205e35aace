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

# tool_objects DIR: every object below DIR that kbuild ran gendwarfksyms
# on (its .cmd file names the tool), exporting or not
tool_objects() {
	local cmd base
	grep -rlF --include='*.o.cmd' '$(wildcard scripts/gendwarfksyms/gendwarfksyms)' "$1" |
		LC_ALL=C sort | while IFS= read -r cmd; do
			base=$(basename "$cmd" .cmd)
			[ ! -f "$(dirname "$cmd")/${base#.}" ] ||
				echo "$(dirname "$cmd")/${base#.}"
		done
}

# c_objects: of the objects on standard input, those compiled from C
c_objects() {
	local obj
	while IFS= read -r obj; do
		case $(sed -n 's/^source_[^ ]* := //p' "$(dirname "$obj")/.$(basename "$obj").cmd") in
		*.c) echo "$obj" ;;
		esac
	done
}

# symver_names OBJECT: the names of the #SYMVER lines in OBJECT's .cmd
# file, one a line: what kbuild versioned in it
symver_names() {
	sed -n 's/^#SYMVER \([^ ]*\) .*/\1/p' \
		"$(dirname "$1")/.$(basename "$1").cmd"
}
