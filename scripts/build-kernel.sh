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

# A build "from=<build>" of configs/builds has the configuration of
# <build> and differs by its test patches: a fresh build directory starts
# as a copy of <build>'s (times kept, and the patched files the build saw
# in <build>.src), so make compiles again only what those patches change
# and what depends on it. Without a copy to start from, it is built whole.
# The objects of the copy keep the other directory's name in their debug
# information, as objects ccache shares between the two builds do.
from=$(build_from "$name")
out=$top/build/out/$name
if [ -n "$from" ] && [ ! -e "$out" ] && [ -e "$top/build/out/$from/.config" ]; then
	[ "$(build_fragments "$from")" = "$(build_fragments "$name")" ] &&
		[ "$(build_llvm "$from")" = "$(build_llvm "$name")" ] &&
		[ "$(build_arch "$from")" = "$arch" ] || {
		echo "build-kernel: $name: from=$from names a build of another configuration" >&2
		exit 1
	}
	echo "build-kernel: $name starts as a copy of build/out/$from"
	rm -rf "$out.src"
	cp -a "$top/build/out/$from" "$out"
	[ ! -d "$top/build/out/$from.src" ] || cp -a "$top/build/out/$from.src" "$out.src"
	# A few recorded commands and dependencies name the build directory
	# itself (objtool's, rustc's OBJTREE=): in the copy they name the
	# copy, or make would rebuild objtool and with it every object.
	old=$top/build/out/$from
	grep -rlZ -F --include='*.cmd' --include='*.d' "$old" "$out" |
		xargs -0r sed -i "s#$old\([^A-Za-z0-9_.-]\|\$\)#$out\1#g"
fi
"$top/scripts/configure.sh" "$name"
start=$(date +%s)
"$top/scripts/kmake.sh" "$name" all
echo "build-kernel: $name built in $(($(date +%s) - start))s:" \
	"build/out/$name/$image"
