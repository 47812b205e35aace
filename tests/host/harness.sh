#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Host tests of the test harness itself: tests/lib/ktap.sh and the
# tests/run.sh aggregator must count passes and failures right and must
# never turn a silent crash or a skip into a pass.
set -uo pipefail

top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tests/lib/ktap.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# mkscript NAME BODY: an executable bash script using ktap.sh
mkscript() {
	printf '#!/bin/bash\n. %s/tests/lib/ktap.sh\n%s\n' "$top" "$2" > "$tmp/$1"
	chmod +x "$tmp/$1"
}

mkscript pass2 'ktap_plan 2; ktap_check "true" true; ktap_ok "fine"; ktap_finish'
mkscript fail1 'ktap_plan 2; ktap_check "false" false; ktap_ok "fine"; ktap_finish'
mkscript crash 'ktap_ok "fine"; exit 3'
mkscript silent 'exit 0'
mkscript skip 'ktap_skip "not here" "no reason"; ktap_finish'

ktap_plan 8

out=$("$tmp/fail1"); rc=$?
ktap_check "ktap_check reports 'not ok' for a failing command" \
	grep -qx 'not ok 1 - false' <<<"$out"
ktap_check "ktap_finish returns non-zero after a failure" [ $rc -ne 0 ]

last() { "$top/tests/run.sh" "$@" | tail -n 1; }
ktap_check "run.sh sums scripts into 'N passed, N failed'" \
	[ "$(last "$tmp/pass2" "$tmp/fail1" "$tmp/pass2")" = "5 passed, 1 failed" ]
"$top/tests/run.sh" "$tmp/pass2" >/dev/null
ktap_check "run.sh exits 0 when nothing failed" [ $? -eq 0 ]
"$top/tests/run.sh" "$tmp/pass2" "$tmp/fail1" >/dev/null
ktap_check "run.sh exits non-zero when something failed" [ $? -ne 0 ]
ktap_check "run.sh counts a script's non-zero exit as a failure" \
	[ "$(last "$tmp/crash")" = "1 passed, 1 failed" ]
ktap_check "run.sh counts a script with no results as a failure" \
	[ "$(last "$tmp/silent")" = "0 passed, 1 failed" ]
ktap_check "run.sh never counts a SKIP as a pass" \
	[ "$(last "$tmp/skip")" = "0 passed, 0 failed" ]

ktap_finish
