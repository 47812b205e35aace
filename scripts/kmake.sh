#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# kmake.sh BUILD [make args...]: run make in build/linux for the O= build
# build/out/BUILD with the flags every build uses (x86_64, ccache gcc, one
# job per core plus one). Used for kernel builds and for external modules:
#   scripts/kmake.sh genksyms M=/abs/path/to/module modules
set -euo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
name=${1:?usage: kmake.sh BUILD [make args...]}
shift

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

exec make -s -C "$top/build/linux" O="$top/build/out/$name" ARCH=x86_64 \
	CC="ccache gcc" HOSTCC="ccache gcc" -j"$(($(nproc) + 1))" "${rust[@]}" "$@"
