# SPDX-License-Identifier: GPL-2.0
#
# verdict.sh: turn a QEMU console log into KTAP results (bash; needs
# tests/lib/ktap.sh). Used by scripts/qemu-test.sh, tested on canned logs
# by tests/host/qemu-verdict.sh. The guest side of the protocol is
# qemu/init; console logs must have their \r removed.
#
#   verdict_suite SUITE LOG [LABEL]
#       re-emit SUITE's results as "LABEL: desc" (LABEL defaults to
#       SUITE), then "LABEL: guest script completed its plan"
#   verdict_boot BUILD QEMU_EXIT_STATUS LOG TIMEOUT
#       "BUILD: boot clean (...)": QEMU exited 0 before the timeout (124),
#       the guest printed "# guest: done", and no line outside the KTAP
#       results shows a kernel panic, Oops, BUG:, WARNING:, Call Trace or
#       general protection fault.

# Indent a log excerpt as KTAP diagnostics.
diag_file() { sed 's/^/#   /' "$@"; }

# Re-emit one suite's KTAP results and check it kept to its plan.
verdict_suite() {
	local s=$1 log=$2 l=${3:-$1} plan= got=0 nfail=0 rc= line desc
	while IFS= read -r line; do
		case $line in
		"1.."[0-9]*) plan=${line#1..} ;;
		"ok "[0-9]*" - "* | "not ok "[0-9]*" - "*)
			desc=${line#* - }
			got=$((got + 1))
			case $line in
			*" # SKIP"*) ktap_skip "$l: ${desc%% # SKIP*}" "${desc#* # SKIP}" ;;
			"ok "*) ktap_ok "$l: $desc" ;;
			*) ktap_fail "$l: $desc"; nfail=$((nfail + 1)) ;;
			esac ;;
		"# suite-exit: $s "*) rc=${line##* } ;;
		"# suite: $s") ;;
		"#"*) echo "# $l:${line#\#}" ;;
		esac
	done < <(sed -n "/^# suite: $s\$/,/^# suite-exit: $s /p" "$log")
	if [ -n "$rc" ] && [ -n "$plan" ] && [ "$got" = "$plan" ] &&
	   { [ "$rc" = 0 ] || [ $nfail -gt 0 ]; }; then
		ktap_ok "$l: guest script completed its plan"
	else
		ktap_fail "$l: guest script completed its plan"
		ktap_diag "  plan ${plan:-none}, $got results, exit status ${rc:-never seen}"
	fi
}

# The boot as a whole: clean exit, guest done, no kernel splat anywhere.
verdict_boot() {
	local build=$1 rc=$2 log=$3 limit=$4 why=
	local splat='Kernel panic|Oops|BUG:|WARNING:|Call Trace|general protection fault'
	[ "$rc" = 124 ] && why="timeout after ${limit}s"
	[ -z "$why" ] && [ "$rc" != 0 ] && why="QEMU exit status $rc"
	[ -z "$why" ] && ! grep -qx '# guest: done' "$log" && why="guest did not finish"
	if grep -Ev '^(not )?ok [0-9]|^1\.\.' "$log" | grep -Eq "$splat"; then
		why="${why:+$why, }kernel splat in the log"
	fi
	if [ -z "$why" ]; then
		ktap_ok "$build: boot clean (no panic/Oops/BUG/WARNING/timeout)"
	else
		ktap_fail "$build: boot clean (no panic/Oops/BUG/WARNING/timeout)"
		ktap_diag "  $why"
		{ grep -Ev '^(not )?ok [0-9]|^1\.\.' "$log" | grep -E -m 20 "$splat"
		  echo "--- last lines of the console:"; tail -n 15 "$log"; } | diag_file
	fi
}

