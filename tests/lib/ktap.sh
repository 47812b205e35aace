# SPDX-License-Identifier: GPL-2.0
#
# ktap.sh: print KTAP results from shell tests, on the host (bash) and in
# the guest (busybox sh). Source it, then:
#
#   ktap_plan 3                   "1..3"
#   ktap_check "desc" cmd args    run cmd; "ok N - desc" if it succeeds,
#                                 else "not ok N - desc"
#   ktap_ok "desc" / ktap_fail "desc"
#   ktap_skip "desc" "reason"     "ok N - desc # SKIP reason" (tests/run.sh
#                                 counts skips apart, never as passes)
#   ktap_diag "text"              "# text"
#   ktap_finish                   "# N passed, N failed"; returns non-zero
#                                 if anything failed
#
# Keep it POSIX: no arrays, no [[ ]], no local -a.

KTAP_N=0
KTAP_PASS=0
KTAP_FAIL=0

ktap_plan() {
	echo "1..$1"
}

ktap_ok() {
	KTAP_N=$((KTAP_N + 1))
	KTAP_PASS=$((KTAP_PASS + 1))
	echo "ok $KTAP_N - $1"
}

ktap_fail() {
	KTAP_N=$((KTAP_N + 1))
	KTAP_FAIL=$((KTAP_FAIL + 1))
	echo "not ok $KTAP_N - $1"
}

ktap_skip() {
	KTAP_N=$((KTAP_N + 1))
	echo "ok $KTAP_N - $1 # SKIP $2"
}

ktap_diag() {
	echo "# $*"
}

ktap_check() {
	_ktap_desc=$1
	shift
	if "$@"; then
		ktap_ok "$_ktap_desc"
	else
		ktap_fail "$_ktap_desc"
	fi
}

ktap_finish() {
	echo "# $KTAP_PASS passed, $KTAP_FAIL failed"
	[ "$KTAP_FAIL" -eq 0 ]
}
