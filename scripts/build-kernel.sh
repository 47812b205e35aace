#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# build-kernel.sh BUILD: configure and build build/out/BUILD (the kernel
# image, modules, Module.symvers). Incremental: an up-to-date build only costs
# make's dependency walk. Kernel builds on this machine are serialised
# with a lock file so that two never run at once.
set -euo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
name=${1:?usage: build-kernel.sh BUILD}
lock=$top/build/.kbuild.lock

mkdir -p "$top/build"
exec 9>"$lock"
if ! flock -n 9; then
	echo "build-kernel: waiting for another kernel build ($lock)"
	flock 9
fi

. "$top/scripts/builds.sh"
arch=$(build_arch "$name") || exit 1
image=$(arch_image "$arch")
"$top/scripts/configure.sh" "$name"
start=$(date +%s)
"$top/scripts/kmake.sh" "$name" all
echo "build-kernel: $name built in $(($(date +%s) - start))s:" \
	"build/out/$name/$image"
