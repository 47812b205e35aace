#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# boot.sh BZIMAGE INITRD LOG [TIMEOUT]: boot the kernel in QEMU (TCG, no
# KVM) with the initramfs, serial console to LOG, and a hard timeout in
# seconds (default 300). Exit status: QEMU's, or 124 on timeout. The guest
# ends the run with "reboot -f", which -no-reboot turns into an exit.
# BOOT_APPEND (environment, optional) is added to the kernel command line.
set -euo pipefail

kernel=${1:?usage: boot.sh BZIMAGE INITRD LOG [TIMEOUT]}
initrd=${2:?}
log=${3:?}
limit=${4:-300}

exec timeout -k 10 "$limit" qemu-system-x86_64 \
	-machine pc -accel tcg -cpu qemu64 -m 256M -smp 1 \
	-nographic -no-reboot -monitor none -serial stdio \
	-kernel "$kernel" -initrd "$initrd" \
	-append "console=ttyS0 panic=-1 oops=panic${BOOT_APPEND:+ $BOOT_APPEND}" \
	</dev/null >"$log" 2>&1
