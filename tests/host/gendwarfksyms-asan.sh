#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Every gendwarfksyms host test again, on the tool built with
# AddressSanitizer and UndefinedBehaviorSanitizer: a sanitizer report ends
# the run with status 97 and fails the case.
top=$(cd "$(dirname "$0")/../.." && pwd)

{ [ -d "$top/build/linux/.git" ] || "$top/scripts/tree.sh" >&2; } &&
	"$top/scripts/build-tool.sh" >&2 ||
	{ echo "not ok 1 - build gendwarfksyms"; exit 1; }

TOOL=$top/build/tool/gendwarfksyms-asan exec "$top/tests/host/gendwarfksyms.sh"
