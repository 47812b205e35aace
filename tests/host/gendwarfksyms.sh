#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# gendwarfksyms host tests: golden outputs, our own per-tag cases, input
# handling, ABI-change pairs and bad input, and both relocation paths on
# every object these tests compiled. TOOL=... runs them on another build
# of the tool (gendwarfksyms-asan.sh does, with ASan and UBSan).
# gendwarfksyms-clang.sh runs the compiler-independent groups on Clang's
# objects.
top=$(cd "$(dirname "$0")/../.." && pwd)

. "$top/tests/gendwarfksyms/setup.sh"
. "$top/tests/gendwarfksyms/golden.sh"
. "$top/tests/gendwarfksyms/cases.sh"
. "$top/tests/gendwarfksyms/behaviour.sh"
. "$top/tests/gendwarfksyms/errors.sh"
. "$top/tests/gendwarfksyms/abi.sh"
. "$top/tests/gendwarfksyms/kabi.sh"
. "$top/tests/gendwarfksyms/exports.sh"
. "$top/tests/gendwarfksyms/archive.sh"
. "$top/tests/gendwarfksyms/relocation.sh"
. "$top/tests/gendwarfksyms/cache.sh"

ktap_diag "gendwarfksyms: $TOOL"
golden_tests
own_cases
behaviour_tests
error_tests
abi_tests
kabi_tests
exports_tests
archive_tests
cache_tests
relocation_paths "gcc, the objects above" "$WORK"
ktap_finish
