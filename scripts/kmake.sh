#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# kmake.sh BUILD [make args...]: run make in build/linux for the O= build
# build/out/BUILD with the flags every build uses (ccache, one job per core
# plus one) and the architecture and toolchain its line of configs/builds
# names (x86_64 or ARCH=<arch>, cross-built; GCC or LLVM=<v>). Used for
# kernel builds and for external modules, so that modules are always
# built with the kernel's own compiler:
#   scripts/kmake.sh genksyms M=/abs/path/to/module modules
#
# A build whose line names test patches (<p>.patch: configs/<p>.patch)
# sees the tree with them applied, in order, without build/linux
# changing: the patched files are kept in build/out/BUILD.src/ and
# bind-mounted over the tree's in a private mount namespace that only
# this make runs in (unshare -m; needs root). Used to build a second
# kernel whose ABI differs from a first one's.
#
# kmake.sh BUILD --run CMD [ARGS...] runs CMD instead of make, with the
# same environment and view of the tree (for commands that repeat a
# build's compiler command lines).
#
# Benchmarks build other trees and output directories with the same flags:
# KMAKE_TREE (default build/linux) and KMAKE_OUT (default build/out/BUILD).
set -euo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
name=${1:?usage: kmake.sh BUILD [make args...]}
shift
run=()
if [ "${1:-}" = --run ]; then
	shift
	run=("$@")
	set --
fi
tree=${KMAKE_TREE:-$top/build/linux}
out=${KMAKE_OUT:-$top/build/out/$name}
. "$top/scripts/builds.sh"
frags=$(build_fragments "$name") || exit 1
patches=$(build_patches "$name")
llvm=$(build_llvm "$name")
arch=$(build_arch "$name") || exit 1

# The compilers. ccache wraps them; an LLVM build names clang itself so
# that ccache sees it (make's LLVM= still picks ld.lld, llvm-nm, ...).
# Clang is a cross compiler already (the kernel gives it --target from
# ARCH); a GCC build for another architecture uses the GNU cross tools.
# Every tool the build will run must be there: one line names the
# missing ones.
need=()
if [ -n "$llvm" ]; then
	case $llvm in
	1) suffix= ;;
	-[0-9]*) suffix=$llvm ;;
	*) echo "kmake: $name: LLVM=$llvm: only LLVM=1 and LLVM=-<version> are supported" >&2
	   exit 1 ;;
	esac
	clang=clang$suffix
	for t in clang ld.lld llvm-ar llvm-nm llvm-objcopy llvm-objdump llvm-readelf llvm-strip; do
		need+=("$t$suffix")
	done
	cc=$clang
	hostcc=$clang
	tools=(LLVM="$llvm")
else
	cross=$(arch_cross "$arch")
	for t in gcc ld ar nm objcopy objdump readelf strip; do
		need+=("$cross$t")
	done
	cc=${cross}gcc
	hostcc=gcc
	tools=(${cross:+CROSS_COMPILE=$cross})
fi
missing=()
for t in "${need[@]}"; do
	command -v "$t" >/dev/null || missing+=("$t")
done
[ ${#missing[@]} -eq 0 ] ||
	{ echo "kmake: $name ($arch): ${missing[*]} not found (scripts/install-deps.sh)" >&2; exit 1; }

# Builds whose fragments enable Rust get the test toolchain: Debian's rustc
# (rust-src included), bindgen through tests/rust/bindgen-adapter, and a
# plain HOSTCC (rustc links host programs with -Clinker=$(HOSTCC)). Other
# builds are not given RUSTC/BINDGEN, so their .config stays as it was.
rust=()
for f in $frags; do
	if grep -qx CONFIG_RUST=y "$top/configs/$f.config" 2>/dev/null; then
		rust=(RUSTC=/usr/bin/rustc BINDGEN="$top/tests/rust/bindgen-adapter" HOSTCC=$hostcc)
	fi
done

# bindgen (through libclang-sys) loads the newest libclang it finds, not a
# chosen one, and Debian's bindgen 0.60.1 only works with libclang 15 or
# older: libclang 16 and 19 spell anonymous types "(anonymous at FILE:...)"
# and bindgen panics on 6.12's headers ('"ftrace_branch_data_union_(
# anonymous_at_...)" is not a valid Ident', seen with both). So a Rust
# build names bindgen's libclang: a GCC build the one libclang-dev
# depends on (llvm-14 on Debian 12), an LLVM build its own clang's, which
# understands the flags of that clang's kernel command lines (libclang 14
# rejects some of clang 16's, e.g. -fstrict-flex-arrays=3). That is why
# the Clang kernels here use clang 14: the one Debian 12 has that both
# 6.12 (LLVM 13.0.1 or later) and this bindgen accept.
if [ ${#rust[@]} -gt 0 ]; then
	if [ -n "$llvm" ]; then
		ver=$("$clang" -dumpversion)
		ver=${ver%%.*}
	else
		ver=$(dpkg-query -W -f='${Depends}' libclang-dev 2>/dev/null |
			sed -n 's/^libclang-\([0-9]*\)-dev.*/\1/p')
	fi
	[ -n "$ver" ] && [ -e "/usr/lib/llvm-$ver/lib/libclang.so" ] ||
		{ echo "kmake: $name: no libclang${ver:+ of llvm-$ver} for bindgen" >&2; exit 1; }
	export LIBCLANG_PATH=/usr/lib/llvm-$ver/lib
fi

# Objects built with -g record their build directory; ccache hashes it by
# default, so two O= directories of one configuration (rust and rust-abi2)
# would share nothing. Their debug info may name the other directory.
export CCACHE_NOHASHDIR=1

make=(make -s -C "$tree" O="$out" ARCH="$arch" "${tools[@]}"
	CC="ccache $cc" HOSTCC="ccache $hostcc" -j"$(($(nproc) + 1))" "${rust[@]}" "$@")

[ ${#run[@]} -eq 0 ] || make=("${run[@]}")
[ -n "$patches" ] || exec "${make[@]}"

# Patch fresh copies of the files the patch touches; a copy whose content
# did not change keeps its mtime, so the build stays incremental.
src=$out.src
new=$(mktemp -d)
trap 'rm -rf "$new"' EXIT
files=
for p in $patches; do
	patch=$top/configs/$p
	[ -f "$patch" ] || { echo "kmake: $name: $patch missing" >&2; exit 1; }
	pfiles=$(patch_files "$patch")
	[ -n "$pfiles" ] || { echo "kmake: $patch changes no file" >&2; exit 1; }
	for f in $pfiles; do
		[ -f "$new/$f" ] && continue
		[ -f "$tree/$f" ] || { echo "kmake: $patch: $f not in the tree" >&2; exit 1; }
		mkdir -p "$new/$(dirname "$f")"
		cp "$tree/$f" "$new/$f"
		files+=" $f"
	done
	patch -s -p1 -d "$new" --no-backup-if-mismatch < "$patch" ||
		{ echo "kmake: $patch does not apply to build/linux" >&2; exit 1; }
done
binds=()
for f in $files; do
	if ! cmp -s "$new/$f" "$src/$f"; then
		mkdir -p "$src/$(dirname "$f")"
		cp "$new/$f" "$src/$f"
	fi
	binds+=("$src/$f" "$tree/$f")
done

unshare -m --propagation private bash -ec '
	n=$1; shift
	while [ "$n" -gt 0 ]; do mount --bind "$1" "$2"; shift 2; n=$((n - 1)); done
	exec "$@"
' _ "$(( ${#binds[@]} / 2 ))" "${binds[@]}" "${make[@]}"
