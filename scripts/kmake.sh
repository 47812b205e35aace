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
exec make -s -C "$top/build/linux" O="$top/build/out/$name" ARCH=x86_64 \
	CC="ccache gcc" HOSTCC="ccache gcc" -j"$(($(nproc) + 1))" "$@"
