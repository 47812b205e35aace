# SPDX-License-Identifier: GPL-2.0
#
# setup.sh: the start of every tests/host/gendwarfksyms*.sh script, sourced
# with $top set to the repository top. Unpacks the tree if needed and
# builds the tool (build/tool/, scripts/build-tool.sh) unless $TOOL names
# one the caller built; a failed build is one KTAP failure and ends the
# script. Then sources the KTAP helpers and tests/gendwarfksyms/lib.sh.

if [ -z "${TOOL:-}" ]; then
	{ [ -d "$top/build/linux/.git" ] || "$top/scripts/tree.sh" >&2; } &&
		"$top/scripts/build-tool.sh" >&2 ||
		{ echo "not ok 1 - build gendwarfksyms"; exit 1; }
fi

. "$top/tests/lib/ktap.sh"
. "$top/tests/gendwarfksyms/lib.sh"
