# SPDX-License-Identifier: GPL-2.0
#
# builds.sh: read one line of configs/builds. Source it (bash), then:
#
#   build_fragments NAME   the config fragments, in order (configs/<f>.config)
#   build_patches NAME     the test patches (configs/<p>), in order
#   build_llvm NAME        the value of the line's LLVM= word, or nothing
#                          for a GCC build
#
# A line is "<name> <word>...": a word "LLVM=<v>" chooses the LLVM
# toolchain (passed to make as LLVM=<v>, e.g. LLVM=-16 for clang-16,
# ld.lld-16, ...), a word ending in ".patch" names a test patch the build
# sees the tree through (scripts/kmake.sh), and every other word is a
# config fragment. Each function fails with a message for an unknown NAME.

_builds_file=${_builds_file:-$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)/configs/builds}

_build_words() {
	local words
	words=$(awk -v n="$1" '$1 == n { $1 = ""; print; found = 1 }
		END { exit !found }' "$_builds_file") ||
		{ echo "no build '$1' in ${_builds_file}" >&2; return 1; }
	echo $words
}

build_fragments() {
	local w words out=()
	words=$(_build_words "$1") || return 1
	for w in $words; do
		case $w in LLVM=*|*.patch) ;; *) out+=("$w") ;; esac
	done
	echo "${out[*]}"
}

build_patches() {
	local w words out=()
	words=$(_build_words "$1") || return 1
	for w in $words; do
		case $w in *.patch) out+=("$w") ;; esac
	done
	echo "${out[*]}"
}

build_llvm() {
	local w words
	words=$(_build_words "$1") || return 1
	for w in $words; do
		case $w in LLVM=*) echo "${w#LLVM=}" ;; esac
	done
}
