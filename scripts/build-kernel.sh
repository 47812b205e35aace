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

. "$top/scripts/builds.sh"
arch=$(build_arch "$name") || exit 1
image=$(arch_image "$arch")
out=$top/build/out/$name

# The files a build's test patches change (next to configs/builds).
patched_files() {
	local p
	for p in $(build_patches "$1"); do
		patch_files "${_builds_file%/*}/$p"
	done | sort -u
}

# A build "from=<build>" of configs/builds has the configuration of
# <build> and differs by its test patches: a fresh build directory starts
# as a copy of <build>'s (times kept, and the patched files the build saw
# in <build>.src), so make compiles again only what the build's own
# patches change and what depends on it. That holds only if every file
# <build>'s patches change is patched by this build too (else the copy
# would keep <build>'s version of it): checked here, with the
# configuration, before anything is copied. Without a directory to start
# from, the build is built whole. The objects of the copy keep the other
# directory's name in their debug information.
from=$(build_from "$name")
if [ -n "$from" ]; then
	_build_words "$from" >/dev/null || exit 1
	[ "$(build_fragments "$from")" = "$(build_fragments "$name")" ] &&
		[ "$(build_llvm "$from")" = "$(build_llvm "$name")" ] &&
		[ "$(build_arch "$from")" = "$arch" ] || {
		echo "build-kernel: $name: from=$from names a build of another configuration" >&2
		exit 1
	}
	only=$(comm -23 <(patched_files "$from") <(patched_files "$name"))
	[ -z "$only" ] || {
		echo "build-kernel: $name: from=$from patches $(echo $only), which $name does not" >&2
		exit 1
	}
fi

mkdir -p "$top/build"
exec 9>"$lock"
if ! flock -n 9; then
	echo "build-kernel: waiting for another kernel build ($lock)"
	flock 9
fi

if [ -n "$from" ] && [ ! -e "$out" ] && [ -e "$top/build/out/$from/.config" ]; then
	echo "build-kernel: $name starts as a copy of build/out/$from"
	# Copied under a temporary name and renamed when complete, so that an
	# interrupted copy is never taken for a build directory.
	rm -rf "$out.copy" "$out.src.copy" "$out.src"
	cp -a "$top/build/out/$from" "$out.copy"
	[ ! -d "$top/build/out/$from.src" ] || cp -a "$top/build/out/$from.src" "$out.src.copy"
	# A few recorded commands name the build directory itself (objtool's,
	# rustc's OBJTREE=): in the copy they name the copy, or make would
	# rebuild objtool and with it every object.
	{ grep -rlZ -F --include='*.cmd' "$top/build/out/$from" "$out.copy" || [ $? = 1 ]; } |
		old=$top/build/out/$from new=$out xargs -0r perl -pi -e \
		's/\Q$ENV{old}\E(?=[^A-Za-z0-9_.-]|$)/$ENV{new}/g'
	[ ! -d "$out.src.copy" ] || mv "$out.src.copy" "$out.src"
	mv "$out.copy" "$out"
fi
"$top/scripts/configure.sh" "$name"
start=$(date +%s)
"$top/scripts/kmake.sh" "$name" all
echo "build-kernel: $name built in $(($(date +%s) - start))s:" \
	"build/out/$name/$image"
