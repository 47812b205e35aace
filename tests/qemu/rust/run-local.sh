#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# run-local.sh KOUT: run the rust suite against an already built kernel
# (O= directory KOUT, e.g. build/out/rust-dev built from the "rust" branch
# before the Rust patch joins build/linux), with the same prepare/guest
# interface, qemu/pack-initramfs.sh, qemu/boot.sh and verdict as
# scripts/qemu-test.sh. Logs in build/qemu-local/rust/. Prints KTAP.
set -uo pipefail

top=$(cd "$(dirname "$(readlink -f "$0")")/../../.." && pwd)
. "$top/tests/lib/ktap.sh"
. "$top/tests/lib/verdict.sh"
kout=$(readlink -f "${1:?usage: run-local.sh KOUT}")
suite=rust build=$(basename "$kout")
run=$top/build/qemu-local/$suite
dir=$top/tests/qemu/$suite

rm -rf "$run"
mkdir -p "$run/root/suites/$suite" "$run/work"
if ! TOP=$top BUILD=$build KOUT=$kout WORK=$run/work \
     STAGE=$run/root/suites/$suite "$dir/prepare" > "$run/prepare.log" 2>&1; then
	ktap_fail "$suite: prepare"
	tail -n 30 "$run/prepare.log" | diag_file
	ktap_finish
	exit 1
fi
ktap_ok "$suite: prepare (host checks)"
grep '^prepare: ' "$run/prepare.log" | diag_file
install -m 755 "$dir/guest" "$run/root/suites/$suite/guest"
"$top/qemu/pack-initramfs.sh" "$run/root" "$run/initramfs.cpio.gz"
rc=0
"$top/qemu/boot.sh" "$kout/arch/x86/boot/bzImage" "$run/initramfs.cpio.gz" \
	"$run/console.log" "${QEMU_TIMEOUT:-300}" || rc=$?
tr -d '\r' < "$run/console.log" > "$run/console.txt"
verdict_suite "$suite" "$run/console.txt"
verdict_boot "$build" "$rc" "$run/console.txt" "${QEMU_TIMEOUT:-300}"
ktap_finish
