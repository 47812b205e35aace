#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# make export: write the commits base..HEAD of build/linux to patches/ as
# git format-patch files and regenerate patches/series. The output is
# stable: re-exporting an unchanged tree gives byte-identical files.
set -euo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
tree=$top/build/linux
out=$top/patches

[ -d "$tree/.git" ] || { echo "export: no build/linux (run make tree)" >&2; exit 1; }
if [ -n "$(git -C "$tree" status --porcelain --untracked-files=no)" ]; then
	echo "export: build/linux has uncommitted changes; commit them first" >&2
	exit 1
fi

mkdir -p "$out"
rm -f "$out"/*.patch
git -C "$tree" format-patch -q --zero-commit --no-signature --no-numbered \
	-o "$out" base..HEAD
(cd "$out" && ls -1 -- *.patch 2>/dev/null || true) > "$out/series"
echo "export: $(wc -l < "$out/series") patches in patches/"
