#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# pack-initramfs.sh [-a ARCH] ROOT OUT: pack directory ROOT (already
# holding /suites/<name>/...) plus busybox for ARCH (default x86_64;
# qemu/busybox.sh), qemu/init and the guest libraries (tests/lib/ktap.sh,
# tests/lib/modcheck.sh -> /lib/) into a gzip compressed cpio (newc)
# archive OUT.
set -euo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
arch=x86_64
if [ "${1:-}" = -a ]; then
	arch=${2:?usage: pack-initramfs.sh [-a ARCH] ROOT OUT}
	shift 2
fi
root=${1:?usage: pack-initramfs.sh [-a ARCH] ROOT OUT}
out=${2:?usage: pack-initramfs.sh [-a ARCH] ROOT OUT}

busybox=$("$top/qemu/busybox.sh" "$arch")
mkdir -p "$root/bin" "$root/lib"
install -m 755 "$busybox" "$root/bin/busybox"
install -m 755 "$top/qemu/init" "$root/init"
install -m 644 "$top/tests/lib/ktap.sh" "$top/tests/lib/modcheck.sh" "$root/lib/"
(cd "$root" && find . | LC_ALL=C sort | cpio --quiet -o -H newc -R 0:0) |
	gzip -1 > "$out"
