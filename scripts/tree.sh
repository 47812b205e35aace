#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# make tree: unpack Debian's linux-source-6.12 into build/linux, make it a
# git repository whose first commit is tagged "base", and apply
# patches/series on top with git am.
#
# Safe to re-run: when the tree already holds exactly the series nothing
# happens; when it holds commits that are not in patches/ it refuses
# (export them first, or set FORCE=1 to throw them away).
set -euo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
tree=$top/build/linux
tarball=/usr/src/linux-source-6.12.tar.xz
series=$top/patches/series

git_tree() { git -C "$tree" "$@"; }

series_files() {
	[ -f "$series" ] || return 0
	sed -e 's/#.*//' -e '/^[[:space:]]*$/d' "$series" | sed "s|^|$top/patches/|"
}

patch_ids() { git patch-id --stable | awk '{print $1}'; }

if [ ! -d "$tree/.git" ]; then
	[ -f "$tarball" ] || { echo "tree: $tarball missing (run make deps)" >&2; exit 1; }
	echo "tree: unpacking $tarball into build/linux"
	rm -rf "$tree"
	mkdir -p "$tree"
	tar -xf "$tarball" -C "$tree" --strip-components=1
	git_tree init -q
	version=$(dpkg-query -W -f='${Version}' linux-source-6.12 2>/dev/null || echo unknown)
	git_tree config user.name "DWARF modversions team"
	git_tree config user.email "team@localhost"
	git_tree config gc.auto 0
	git_tree config core.autocrlf false
	git_tree add -A -f
	git_tree commit -q -m "Linux $(make -s -C "$tree" kernelversion) (Debian linux-source-6.12 $version)"
	git_tree tag base
fi

# A fresh clone has no git identity; git am needs one in this repository.
git_tree config user.name >/dev/null || git_tree config user.name "DWARF modversions team"
git_tree config user.email >/dev/null || git_tree config user.email "team@localhost"

if [ -n "$(git_tree status --porcelain --untracked-files=no)" ]; then
	echo "tree: build/linux has uncommitted changes; commit or stash them first" >&2
	exit 1
fi

want=$(series_files | xargs -r cat | patch_ids)
have=$(git_tree format-patch --stdout base..HEAD | patch_ids)
[ "$want" = "$have" ] && exit 0

if [ "${FORCE:-0}" != 1 ]; then
	for id in $have; do
		if ! grep -qx "$id" <<<"$want"; then
			echo "tree: build/linux has commits that are not in patches/;" \
			     "run 'make export' first (or FORCE=1 make tree to drop them)" >&2
			exit 1
		fi
	done
fi

echo "tree: applying patches/series to base"
git_tree am --abort >/dev/null 2>&1 || true
git_tree reset -q --hard base
series_files | xargs -r git -C "$tree" am -q --whitespace=nowarn
