#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# kmake.sh BUILD [make args...]: run make in build/linux for the O= build
# build/out/BUILD with the flags every build uses (x86_64, ccache gcc, one
# job per core plus one). Used for kernel builds and for external modules:
#   scripts/kmake.sh genksyms M=/abs/path/to/module modules
#
# A build with a configs/BUILD.patch sees the tree with that patch applied,
# without build/linux changing: the patched files are kept in
# build/out/BUILD.src/ and bind-mounted over the tree's in a private mount
# namespace that only this make runs in (unshare -m; needs root). Used to
# build a second kernel whose ABI differs from a first one's.
set -euo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
name=${1:?usage: kmake.sh BUILD [make args...]}
shift
tree=$top/build/linux

# Builds whose fragments enable Rust get the test toolchain: Debian's rustc
# (rust-src included), bindgen through tests/rust/bindgen-adapter, and a
# plain HOSTCC (rustc links host programs with -Clinker=$(HOSTCC)). Other
# builds are not given RUSTC/BINDGEN, so their .config stays as it was.
rust=()
frags=$(awk -v n="$name" '$1 == n { $1 = ""; print }' "$top/configs/builds")
for f in $frags; do
	if grep -qx CONFIG_RUST=y "$top/configs/$f.config" 2>/dev/null; then
		rust=(RUSTC=/usr/bin/rustc BINDGEN="$top/tests/rust/bindgen-adapter" HOSTCC=gcc)
	fi
done

# bindgen (through libclang-sys) loads the newest libclang it finds, not
# the one of the libclang-dev package install-deps.sh installs: with a
# clang 19 on the machine too, Debian's bindgen 0.60.1 meets libclang
# 19.1's changed names of anonymous types and panics. Rust builds use the
# libclang that libclang-dev depends on (llvm-14 on Debian 12).
if [ ${#rust[@]} -gt 0 ]; then
	llvm=$(dpkg-query -W -f='${Depends}' libclang-dev 2>/dev/null |
		sed -n 's/^libclang-\([0-9]*\)-dev.*/\1/p')
	[ -n "$llvm" ] && [ -d "/usr/lib/llvm-$llvm/lib" ] ||
		{ echo "kmake: cannot find the libclang of libclang-dev for bindgen" >&2; exit 1; }
	export LIBCLANG_PATH=/usr/lib/llvm-$llvm/lib
fi

# Objects built with -g record their build directory; ccache hashes it by
# default, so two O= directories of one configuration (rust and rust-abi2)
# would share nothing. Their debug info may name the other directory.
export CCACHE_NOHASHDIR=1

make=(make -s -C "$tree" O="$top/build/out/$name" ARCH=x86_64
	CC="ccache gcc" HOSTCC="ccache gcc" -j"$(($(nproc) + 1))" "${rust[@]}" "$@")

patch=$top/configs/$name.patch
[ -f "$patch" ] || exec "${make[@]}"

# Patch fresh copies of the files the patch touches; a copy whose content
# did not change keeps its mtime, so the build stays incremental.
src=$top/build/out/$name.src
new=$(mktemp -d)
trap 'rm -rf "$new"' EXIT
files=$(sed -n 's|^+++ b/\([^[:space:]]*\).*|\1|p' "$patch")
[ -n "$files" ] || { echo "kmake: $patch changes no file" >&2; exit 1; }
for f in $files; do
	[ -f "$tree/$f" ] || { echo "kmake: $patch: $f not in the tree" >&2; exit 1; }
	mkdir -p "$new/$(dirname "$f")"
	cp "$tree/$f" "$new/$f"
done
patch -s -p1 -d "$new" --no-backup-if-mismatch < "$patch" ||
	{ echo "kmake: $patch does not apply to build/linux" >&2; exit 1; }
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
