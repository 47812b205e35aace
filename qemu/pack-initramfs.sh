#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# pack-initramfs.sh ROOT OUT: pack directory ROOT (already holding
# /suites/<name>/...) plus busybox, qemu/init and the guest libraries
# (tests/lib/ktap.sh, tests/lib/modcheck.sh -> /lib/) into a gzip
# compressed cpio (newc) archive OUT.
set -euo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
root=${1:?usage: pack-initramfs.sh ROOT OUT}
out=${2:?usage: pack-initramfs.sh ROOT OUT}

mkdir -p "$root/bin" "$root/lib"
install -m 755 /bin/busybox "$root/bin/busybox"
install -m 755 "$top/qemu/init" "$root/init"
install -m 644 "$top/tests/lib/ktap.sh" "$top/tests/lib/modcheck.sh" "$root/lib/"
(cd "$root" && find . | LC_ALL=C sort | cpio --quiet -o -H newc -R 0:0) |
	gzip -1 > "$out"
