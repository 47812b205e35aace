#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# boot.sh [-a ARCH] IMAGE INITRD LOG [TIMEOUT]: boot the kernel image in
# QEMU (TCG, no KVM) with the initramfs, serial console to LOG, and a hard
# timeout in seconds (default 300). ARCH is the kernel's (x86_64, the
# default, or arm64: QEMU's -M virt board with a Cortex-A57). Exit status:
# QEMU's, or 124 on timeout. The guest ends the run with "reboot -f",
# which -no-reboot turns into an exit. BOOT_APPEND (environment, optional)
# is added to the kernel command line.
set -euo pipefail

. "$(dirname "$0")/../scripts/builds.sh"
arch=x86_64
if [ "${1:-}" = -a ]; then
	arch=${2:?usage: boot.sh [-a ARCH] IMAGE INITRD LOG [TIMEOUT]}
	shift 2
fi
kernel=${1:?usage: boot.sh [-a ARCH] IMAGE INITRD LOG [TIMEOUT]}
initrd=${2:?}
log=${3:?}
limit=${4:-300}

case $arch in
x86_64)	qemu=(qemu-system-x86_64 -machine pc -cpu qemu64)
	console=ttyS0 ;;
arm64)	qemu=(qemu-system-aarch64 -machine virt -cpu cortex-a57)
	console=ttyAMA0 ;;
*)	echo "boot.sh: no QEMU for architecture '$arch' (known: $arch_names)" >&2
	exit 2 ;;
esac
command -v "${qemu[0]}" >/dev/null ||
	{ echo "boot.sh: ${qemu[0]} not found (scripts/install-deps.sh)" >&2; exit 2; }

exec timeout -k 10 "$limit" "${qemu[@]}" -accel tcg -m 256M -smp 1 \
	-nographic -no-reboot -monitor none -serial stdio \
	-kernel "$kernel" -initrd "$initrd" \
	-append "console=$console panic=-1 oops=panic${BOOT_APPEND:+ $BOOT_APPEND}" \
	</dev/null >"$log" 2>&1
