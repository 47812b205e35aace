#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# busybox.sh ARCH: print the path of a static busybox for guests of the
# kernel architecture ARCH. x86_64 guests get the machine's own
# (busybox-static). For another architecture, Debian's busybox-static of
# that architecture is downloaded from the package archive (apt-get
# download; scripts/install-deps.sh has added the architecture to dpkg)
# and unpacked with dpkg -x into build/guest/<arch>/, once: nothing is
# installed on this machine.
set -euo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
arch=${1:?usage: busybox.sh ARCH}
. "$top/scripts/builds.sh"
arch_known "$arch" ||
	{ echo "busybox.sh: unknown architecture '$arch' (known: $arch_names)" >&2; exit 1; }
deb=$(arch_deb "$arch")

if [ "$deb" = "$(dpkg --print-architecture)" ]; then
	[ -x /bin/busybox ] ||
		{ echo "busybox.sh: /bin/busybox missing (scripts/install-deps.sh)" >&2; exit 1; }
	echo /bin/busybox
	exit 0
fi

dir=$top/build/guest/$arch
busybox=$dir/bin/busybox
if [ ! -x "$busybox" ]; then
	tmp=$(mktemp -d)
	trap 'rm -rf "$tmp"' EXIT
	# apt-get download runs its fetcher as the _apt user, which must be
	# able to write the package into the current directory.
	chmod 755 "$tmp"
	chown _apt "$tmp" 2>/dev/null || true
	(cd "$tmp" && apt-get download -q "busybox-static:$deb" >"$tmp/log" 2>&1) ||
		{ echo "busybox.sh: apt-get download busybox-static:$deb failed: $(tail -n 1 "$tmp/log")" >&2
		  exit 1; }
	dpkg -x "$tmp"/busybox-static_*.deb "$tmp/x"
	mkdir -p "$dir/bin"
	install -m 755 "$tmp/x/bin/busybox" "$busybox.new"
	mv "$busybox.new" "$busybox"
fi
echo "$busybox"
