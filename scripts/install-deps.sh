#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Install every Debian package this project needs, plus the packages
# named as arguments (benchmarks and the fuzzer ask for theirs this way:
# install-deps.sh time). Idempotent: when all packages are present it
# prints nothing and does not touch apt.
set -euo pipefail

# Debian's kernel source package; the series is developed against this
# version. If the archive no longer carries it, the newest 6.12 is used.
LINUX_SOURCE_VERSION=6.12.118-1~deb12u1

packages=(
	# kernel build (python3-ply: checkpatch.pl runs spdxcheck.py)
	gcc make flex bison bc libssl-dev libelf-dev dwarves cpio kmod
	xz-utils git rsync python3 python3-ply perl
	# builds that see a changed source tree (configs/<build>.patch)
	patch util-linux
	# module signing keys (certs/Makefile runs openssl)
	openssl
	# gendwarfksyms
	libdw-dev zlib1g-dev pkg-config
	# boot tests (x86_64 and arm64 guests; arm64 guests' static programs
	# are built with gcc-aarch64-linux-gnu and its C library)
	qemu-system-x86 qemu-system-arm busybox-static libc6-dev-arm64-cross
	# build cache
	ccache
	# Rust kernel support
	rustc-web rust-web-src bindgen libclang-dev
	# sanitizers, fuzzing and leak checks for the host tool
	clang valgrind
	# Clang-built kernels: LLVM=-14 in configs/builds (clang-14 is clang's,
	# its libclang libclang-dev's); clang-16 compiles host-test objects;
	# each clang's lld and llvm-dwarfdump build and inspect the LTO
	# host-test objects
	lld-14 llvm-14 clang-16 lld-16 llvm-16
	# AArch64 objects for the gendwarfksyms relocation test, arm64 guests
	gcc-aarch64-linux-gnu
	# packaging tests
	dpkg-dev debhelper fakeroot
)
packages+=("$@")

missing=()
for p in "${packages[@]}"; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'ok installed' ||
		missing+=("$p")
done
if ! dpkg-query -W -f='${Status}' linux-source-6.12 2>/dev/null | grep -q 'ok installed'; then
	if apt-cache show "linux-source-6.12=$LINUX_SOURCE_VERSION" >/dev/null 2>&1; then
		missing+=("linux-source-6.12=$LINUX_SOURCE_VERSION")
	else
		missing+=(linux-source-6.12)
	fi
fi

# arm64 guests run Debian's busybox-static:arm64, which qemu/busybox.sh
# downloads (not installs): apt must know the arm64 archive for that.
foreign=
dpkg --print-foreign-architectures | grep -qx arm64 || foreign=arm64

[ ${#missing[@]} -eq 0 ] && [ -z "$foreign" ] && exit 0

echo "install-deps: installing ${missing[*]}${foreign:+ (and adding dpkg architecture $foreign)}"
export DEBIAN_FRONTEND=noninteractive
sudo=
[ "$(id -u)" -eq 0 ] || sudo=sudo
[ -z "$foreign" ] || $sudo dpkg --add-architecture "$foreign"
$sudo apt-get update -qq ||
	$sudo apt-get update -qq   # one retry for a flaky mirror
[ ${#missing[@]} -eq 0 ] && exit 0
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
