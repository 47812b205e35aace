#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# run.sh SCRIPT...: run KTAP-emitting test scripts one after the other,
# pass their output through, and close with the total over all of them:
#
#   N passed, N failed
#
# alone on the last line (exit status 1 if N failed > 0). Counted are the
# top-level "ok N ..." / "not ok N ..." lines; "ok ... # SKIP" lines are
# counted as skipped (reported in a comment, never as passes). A script
# that exits non-zero without a "not ok" line, or prints no result at all,
# counts as one failure. After each script, a comment gives its run time
# (where a CI run's time goes).
set -uo pipefail

passed=0 failed=0 skipped=0

for script in "$@"; do
	echo "# run: $script"
	start=$SECONDS
	p=0 f=0 s=0
	rc=
	while IFS= read -r line; do
		case $line in
		__run_sh_rc=*) rc=${line#__run_sh_rc=}; continue ;;
		"") continue ;;
		esac
		printf '%s\n' "$line"
		case $line in
		"ok "[0-9]*" # SKIP"* | "ok "[0-9]*" # skip"*) s=$((s + 1)) ;;
		"ok "[0-9]*) p=$((p + 1)) ;;
		"not ok "[0-9]*) f=$((f + 1)) ;;
		esac
	done < <("$script" </dev/null; printf "\n__run_sh_rc=%s\n" $?)
	if [ "$rc" != 0 ] && [ $f = 0 ]; then
		echo "not ok - $script exited with status $rc"
		f=1
	elif [ $((p + f + s)) = 0 ]; then
		echo "not ok - $script reported no results"
		f=1
	fi
	echo "# time: $script took $((SECONDS - start)) s"
	passed=$((passed + p)) failed=$((failed + f)) skipped=$((skipped + s))
done

[ $skipped = 0 ] || echo "# $skipped skipped (not counted as passed)"
echo "$passed passed, $failed failed"
[ $failed = 0 ]
