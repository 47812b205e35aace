#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Fuzzing smoke run of gendwarfksyms (issue 9): the AFL++ harness with
# ASan + UBSan for FUZZ_SECONDS (default 45) at nice 19, then every seed
# and every saved finding re-run in a fresh process with full sanitizer
# reports. Fails on any crash, hang over 5 s or sanitizer report.
# benchmarks/fuzz-gendwarfksyms.sh is the long run (>= 10^6 executions);
# tests/gendwarfksyms/fuzz/build.sh builds the harness and the seeds.
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tests/lib/ktap.sh"

secs=${FUZZ_SECONDS:-45}
tree=${FUZZ_TREE:-$top/build/linux}
out=$top/build/fuzz-smoke

{ [ -d "$top/build/linux/.git" ] || "$top/scripts/tree.sh" >&2; } &&
	GDK_FUZZ_NOCOV=1 "$top/tests/gendwarfksyms/fuzz/build.sh" "$tree" "$out" >&2 ||
	{ ktap_fail "fuzz smoke: build the harness"; ktap_finish; exit 1; }

san_re='(ERROR: AddressSanitizer|runtime error:|ERROR: UndefinedBehaviorSanitizer)'
tmp=$(mktemp -d /dev/shm/gdk-fuzz-smoke.XXXXXX 2>/dev/null || mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# replay FILE: run one input in a fresh process; fails on a sanitizer
# report, a signal or a status other than 0 (ok) and 1 (error() on bad input)
replay() {
	local rc=0
	ASAN_OPTIONS=abort_on_error=0:exitcode=97:detect_leaks=0:symbolize=1 \
	UBSAN_OPTIONS=halt_on_error=1:exitcode=97:print_stacktrace=1 \
		timeout 10 "$out/bin/harness-asan" "$1" > /dev/null 2> "$tmp/err" || rc=$?
	if [ $rc -gt 1 ] || grep -Eq "$san_re" "$tmp/err"; then
		ktap_diag "$(basename "$1"): status $rc"
		grep -Em3 "$san_re" "$tmp/err" | sed 's/^/#   /'
		return 1
	fi
}

bad=0
for f in "$out"/seeds/*.bin; do
	replay "$f" || bad=$((bad + 1))
done
if [ $bad -eq 0 ]; then
	ktap_ok "fuzz smoke: $(ls "$out"/seeds | wc -l) seeds run clean under ASan+UBSan"
else
	ktap_fail "fuzz smoke: $bad seeds crash or give sanitizer reports"
fi

rm -rf "$out/afl"
AFL_NO_UI=1 AFL_SKIP_CPUFREQ=1 AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES=1 \
AFL_TMPDIR=$tmp AFL_NO_AFFINITY=1 \
ASAN_OPTIONS=abort_on_error=1:symbolize=0:detect_leaks=0 \
UBSAN_OPTIONS=halt_on_error=1:abort_on_error=1:symbolize=0 \
	nice -n 19 afl-fuzz -V "$secs" -i "$out/seeds" -o "$out/afl" -t 5000 \
	-m none -x "$out/dict" -- "$out/bin/harness-afl" > "$out/afl.log" 2>&1
rc=$?
stats=$out/afl/default/fuzzer_stats
stat() { awk -v k="$1" '$1 == k { print $3 }' "$stats" 2>/dev/null; }
execs=$(stat execs_done)
crashes=$(stat saved_crashes)
hangs=$(stat saved_hangs)
if [ $rc -ne 0 ] || [ -z "$execs" ]; then
	ktap_fail "fuzz smoke: afl-fuzz ran (status $rc)"
	tail -n 5 "$out/afl.log" | sed 's/^/# /'
else
	ktap_ok "fuzz smoke: afl-fuzz ran ${secs}s, $execs executions"
fi

ktap_check "fuzz smoke: no crashes (${crashes:-?})" [ "${crashes:-1}" = 0 ]
ktap_check "fuzz smoke: no hangs over 5 s (${hangs:-?})" [ "${hangs:-1}" = 0 ]

bad=0
for f in "$out"/afl/default/crashes/id:* "$out"/afl/default/hangs/id:*; do
	[ -e "$f" ] || continue
	# kept across runs (the next run clears $out/afl): a regression input
	mkdir -p "$out/findings"
	cp "$f" "$out/findings/$(date +%Y%m%d-%H%M%S)-$(basename "$f" | tr ':,' '__')" 2>/dev/null
	replay "$f" || bad=$((bad + 1))
done
ktap_check "fuzz smoke: findings reproduce no sanitizer report in a fresh process ($bad)" \
	[ $bad -eq 0 ]

ktap_finish
