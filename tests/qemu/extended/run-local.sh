#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# run-local.sh [SRC]: run the extended modversions suites against a kernel
# tree that is not (yet) build/linux, e.g. the branch before it joins the
# series:
#
#   tests/qemu/extended/run-local.sh build/linux-ext
#
# Does what scripts/qemu-test.sh does for the builds "ext-both" and
# "ext-only" (tinyconfig + configs/{base,modversions}.config + this
# directory's extended-{both,only}.config), with the same prepare/guest
# interface, qemu/pack-initramfs.sh and qemu/boot.sh. Kernels go to
# build/out/ext-{both,only}-local, logs to build/qemu-local/<build>/.
# SKIP_BUILD=1 reuses built kernels. Prints KTAP; exit 0 if all passed.
set -uo pipefail

top=$(cd "$(dirname "$(readlink -f "$0")")/../../.." && pwd)
. "$top/tests/lib/ktap.sh"
src=$(readlink -f "${1:-$top/build/linux}")

run() {
	local suite=$1 build=$2 frag=$3
	local kout=$top/build/out/$build-local run=$top/build/qemu-local/$build
	local dir=$top/tests/qemu/$suite

	rm -rf "$run"
	mkdir -p "$run/root/suites/$suite" "$run/work" "$kout"
	cat "$top/configs/base.config" "$top/configs/modversions.config" \
		"$top/tests/qemu/extended/$frag.config" > "$kout/fragment.config"
	if [ "${SKIP_BUILD:-0}" != 1 ] || [ ! -f "$kout/Module.symvers" ]; then
		if ! flock "$top/build/.kbuild.lock" bash -ec '
			make -s -C "$1" O="$2" tinyconfig
			"$1/scripts/kconfig/merge_config.sh" -m -O "$2" "$2/.config" \
				"$2/fragment.config" >/dev/null
			make -s -C "$1" O="$2" olddefconfig
			make -s -C "$1" O="$2" -j3 CC="ccache gcc" HOSTCC="ccache gcc"
		' _ "$src" "$kout" > "$run/build.log" 2>&1; then
			ktap_fail "$build: kernel builds"
			tail -n 30 "$run/build.log" | sed 's/^/#   /'
			for _ in 1 2 3; do ktap_fail "$suite: not run"; done
			return
		fi
	fi
	ktap_ok "$build: kernel builds"

	if ! TOP=$top BUILD=$build-local KOUT=$kout WORK=$run/work \
	     STAGE=$run/root/suites/$suite "$dir/prepare" > "$run/prepare.log" 2>&1; then
		ktap_fail "$suite: prepare"
		tail -n 30 "$run/prepare.log" | sed 's/^/#   /'
		for _ in 1 2; do ktap_fail "$suite: not run"; done
		return
	fi
	ktap_ok "$suite: prepare (host checks)"
	install -m 755 "$dir/guest" "$run/root/suites/$suite/guest"

	"$top/qemu/pack-initramfs.sh" "$run/root" "$run/initramfs.cpio.gz"
	local rc=0
	"$top/qemu/boot.sh" "$kout/arch/x86/boot/bzImage" "$run/initramfs.cpio.gz" \
		"$run/console.log" 600 || rc=$?
	tr -d '\r' < "$run/console.log" > "$run/console.txt"
	sed -n "/^# suite: $suite\$/,/^# suite-exit: $suite /p" "$run/console.txt" |
		sed 's/^/    /'
	if grep -qx "# suite-exit: $suite 0" "$run/console.txt"; then
		ktap_ok "$suite: guest results"
	else
		ktap_fail "$suite: guest results"
	fi
	local splat='Kernel panic|Oops|BUG:|WARNING:|Call Trace|general protection fault'
	if [ $rc = 0 ] && grep -qx '# guest: done' "$run/console.txt" &&
	   ! grep -Ev '^(not )?ok [0-9]|^1\.\.' "$run/console.txt" | grep -Eq "$splat"; then
		ktap_ok "$build: boot clean"
	else
		ktap_fail "$build: boot clean (QEMU exit $rc)"
		tail -n 20 "$run/console.txt" | sed 's/^/#   /'
	fi
}

ktap_plan 8
run extended ext-both extended-both
run extended-only ext-only extended-only
ktap_finish
