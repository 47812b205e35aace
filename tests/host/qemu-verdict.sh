#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Host tests of the QEMU verdict (tests/lib/verdict.sh) on canned console
# logs: a clean run passes; a panic, an Oops, a WARNING splat, a timeout,
# a guest that never finishes or a suite short of its plan each fail.
set -uo pipefail

top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tests/lib/ktap.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# The verdict functions print their own KTAP; run them with a fresh
# counter in a subshell and keep only the result lines.
verdict() ( . "$top/tests/lib/ktap.sh"; . "$top/tests/lib/verdict.sh"
	    "$@" | grep -E '^(not )?ok ' )

good_suite='# suite: demo
1..2
ok 1 - first
ok 2 - second
# 2 passed, 0 failed
# suite-exit: demo 0'
tail_ok='# dmesg-begin
Linux version 6.12.118
mv_user: disagrees about version of symbol kstrdup
# dmesg-end
# guest: done'

printf 'Booting\n%s\n%s\n' "$good_suite" "$tail_ok" > "$tmp/clean"
printf 'Booting\n%s\n%s\n' "$good_suite" \
	"$(sed 's/^Linux version.*/&\nWARNING: CPU: 0 PID: 1 at kernel\/module\/main.c:1 x\nCall Trace:/' <<<"$tail_ok")" \
	> "$tmp/warning"
printf 'Booting\n# suite: demo\n1..2\nok 1 - first\nBUG: kernel NULL pointer dereference, address: 0\nOops: 0002 [#1] SMP\nKernel panic - not syncing: Fatal exception\n' > "$tmp/panic"
printf 'Booting\n# suite: demo\n1..3\nok 1 - first\nok 2 - second\n# suite-exit: demo 0\n%s\n' "$tail_ok" > "$tmp/short"
printf 'Booting\n# suite: demo\n1..2\nok 1 - first\n' > "$tmp/hang"
printf 'Booting\n# suite: demo\n1..2\nok 1 - first\nnot ok 2 - second\n# suite-exit: demo 1\n%s\n' "$tail_ok" > "$tmp/failed"

ktap_plan 11

ktap_check "clean run: suite results and plan pass" \
	[ "$(verdict verdict_suite demo "$tmp/clean")" = "$(printf 'ok 1 - demo: first\nok 2 - demo: second\nok 3 - demo: guest script completed its plan')" ]
ktap_check "clean run: boot verdict passes" \
	[ "$(verdict verdict_boot b 0 "$tmp/clean" 300)" = "ok 1 - b: boot clean (no panic/Oops/BUG/WARNING/timeout)" ]
ktap_check "a WARNING splat in the kernel log fails the boot" \
	grep -q '^not ok' <(verdict verdict_boot b 0 "$tmp/warning" 300)
ktap_check "a panic fails the boot" \
	grep -q '^not ok' <(verdict verdict_boot b 0 "$tmp/panic" 300)
ktap_check "a panic mid-suite fails the suite's plan check" \
	grep -qx 'not ok 2 - demo: guest script completed its plan' \
	<(verdict verdict_suite demo "$tmp/panic")
ktap_check "a timeout fails the boot" \
	grep -q '^not ok' <(verdict verdict_boot b 124 "$tmp/hang" 300)
ktap_check "a guest that never says done fails the boot" \
	grep -q '^not ok' <(verdict verdict_boot b 0 "$tmp/hang" 300)
ktap_check "fewer results than planned fails the suite" \
	grep -qx 'not ok 3 - demo: guest script completed its plan' \
	<(verdict verdict_suite demo "$tmp/short")
ktap_check "a guest 'not ok' stays 'not ok'" \
	grep -qx 'not ok 2 - demo: second' <(verdict verdict_suite demo "$tmp/failed")
ktap_check "a suite that reports its failure and exits 1 kept its plan" \
	grep -qx 'ok 3 - demo: guest script completed its plan' \
	<(verdict verdict_suite demo "$tmp/failed")
ktap_check "a label names the suite's results (a suite run on several builds)" \
	[ "$(verdict verdict_suite demo "$tmp/failed" demo@clang)" = "$(printf 'ok 1 - demo@clang: first\nnot ok 2 - demo@clang: second\nok 3 - demo@clang: guest script completed its plan')" ]

ktap_finish
