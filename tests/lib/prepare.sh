# SPDX-License-Identifier: GPL-2.0
#
# prepare.sh: helpers for a QEMU suite's host-side prepare script (bash).
# Source it; the harness has exported TOP, BUILD, KOUT, WORK and STAGE
# (see tests/qemu/README.md).
#
#   build_modules DIR [make args]
#       build the external modules in DIR (a Kbuild file plus sources)
#       against build/out/$BUILD; the .ko files land in DIR.
#   build_has_patch P
#       true if configs/builds gives $BUILD the test patch configs/P.
#   guest_cc
#       the C compiler of static programs for $BUILD's guest: gcc, or the
#       GNU cross compiler of the build's architecture.

build_modules() {
	_dir=$1
	shift
	"$TOP/scripts/kmake.sh" "$BUILD" M="$_dir" modules "$@"
}

. "$TOP/scripts/builds.sh"

build_has_patch() {
	case " $(build_patches "$BUILD") " in
	*" $1 "*) return 0 ;;
	*) return 1 ;;
	esac
}

guest_cc() {
	echo "$(arch_cross "$(build_arch "$BUILD")")gcc"
}
