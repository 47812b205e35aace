# SPDX-License-Identifier: GPL-2.0
#
# builds.sh: read one line of configs/builds. Source it (bash), then:
#
#   build_fragments NAME   the config fragments, in order (configs/<f>.config)
#   build_patches NAME     the test patches (configs/<p>), in order
#   build_llvm NAME        the value of the line's LLVM= word, or nothing
#                          for a GCC build
#   build_arch NAME        the kernel architecture (ARCH= word; x86_64
#                          when the line has none)
#   build_from NAME        the value of the line's from= word, or nothing
#   patch_files PATCH      the files a test patch (a file) changes
#
# A line is "<name> <word>...": a word "LLVM=<v>" chooses the LLVM
# toolchain (passed to make as LLVM=<v>, e.g. LLVM=-16 for clang-16,
# ld.lld-16, ...), a word "ARCH=<arch>" the architecture (one that
# arch_known accepts; other than x86_64, the kernel is cross-built), a
# word ending in ".patch" names a test patch the build sees the tree
# through (scripts/kmake.sh), a word "from=<build>" names a build of the
# same configuration whose build directory a fresh one starts as a copy
# of (scripts/build-kernel.sh), and every other word is a config fragment.
# Each function fails with a message for an unknown NAME.
#
# What differs between architectures, for the harness:
#   arch_known ARCH        true for an architecture the harness can build
#                          and boot
#   arch_image ARCH        the kernel image make builds (under O=)
#   arch_cross ARCH        the GNU cross tools' prefix (CROSS_COMPILE of a
#                          GCC build, the C compiler of guest programs:
#                          <prefix>gcc); empty for x86_64
#   arch_deb ARCH          Debian's name of the architecture

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
		case $w in LLVM=*|ARCH=*|from=*|*.patch) ;; *) out+=("$w") ;; esac
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

# The value of the word KEY=<value> of build NAME, or nothing.
_build_value() {
	local w words
	words=$(_build_words "$1") || return 1
	for w in $words; do
		case $w in "$2="*) echo "${w#"$2="}" ;; esac
	done
}

build_llvm() { _build_value "$1" LLVM; }

build_from() { _build_value "$1" from; }

patch_files() { sed -n 's|^+++ b/\([^[:space:]]*\).*|\1|p' "$1"; }

build_arch() {
	local w words arch=x86_64
	words=$(_build_words "$1") || return 1
	for w in $words; do
		case $w in ARCH=*) arch=${w#ARCH=} ;; esac
	done
	arch_known "$arch" || {
		echo "build '$1' in ${_builds_file}: unknown architecture '$arch' (known: $arch_names)" >&2
		return 1
	}
	echo "$arch"
}

# The architectures the harness builds and boots, for arch_known and for
# messages.
arch_names="x86_64 arm64"

arch_known() {
	local a
	for a in $arch_names; do
		[ "$1" = "$a" ] && return 0
	done
	return 1
}

arch_image() {
	case $1 in
	x86_64) echo arch/x86/boot/bzImage ;;
	arm64) echo arch/arm64/boot/Image ;;
	esac
}

arch_cross() {
	case $1 in
	arm64) echo aarch64-linux-gnu- ;;
	esac
}

arch_deb() {
	case $1 in
	x86_64) echo amd64 ;;
	arm64) echo arm64 ;;
	esac
}
