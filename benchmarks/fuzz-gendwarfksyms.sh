#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# fuzz-gendwarfksyms.sh: fuzz gendwarfksyms for a fixed time (issue 9).
#
#   benchmarks/fuzz-gendwarfksyms.sh [SECONDS] [TREE]
#
# SECONDS (default 3600) is the fuzzing budget. The harness runs about
# 950 inputs/s with FUZZ_NICE=0 beside a nice'd kernel build on this
# 2-core machine, so 1800 s give over 10^6 executions; at the default
# nice 19 the fuzzer gets only what other work leaves (with two kernel
# builds and a QEMU run, 2-3% of a CPU). The results state the rate.
# TREE (default build/linux) is the kernel tree whose scripts/gendwarfksyms
# is fuzzed. Writes benchmarks/results/fuzz-gendwarfksyms.md; exits non-zero
# if anything was found.
#
# Why AFL++ and not libFuzzer: the tool's error() calls exit() from deep
# inside, and reads its inputs as files and stdin. AFL++ drives a normal
# main() with a fork server, so an exit() is just the end of a run; with
# libFuzzer an exit() ends the whole fuzzing process. The harness
# (tests/gendwarfksyms/fuzz/harness.c) uses AFL++'s persistent mode and
# turns exit() into a return, because forking an ASan process costs more
# than a run on this machine; it explains how state is reset. One input
# holds the option flags, the symbol list, the kABI rules (spliced into the
# object's rules section) and the ELF object, so all three input paths are
# mutated together. Seeds: the golden and per-tag test cases compiled with
# gcc, g++ and rustc (DWARF 4 and 5, -O0 and -O2), an ld -r object of two
# CUs, rule sections with every rule type, and small objects of the
# gendwarfksyms test kernel (build/out/gendwarfksyms) with their symbol
# lists as kbuild makes them (tests/gendwarfksyms/fuzz/build.sh).
#
# Built with ASan + UBSan (no recovery). Findings are counted as:
#  - crashes: AFL++'s saved crashes (a sanitizer report aborts the run, so
#    it is a crash), each re-run in a fresh process by a plain clang
#    ASan+UBSan build for the report;
#  - hangs: runs over 5 s (afl-fuzz -t 5000);
#  - sanitizer reports: additionally every queue entry (each input that
#    found new coverage) is re-run in a fresh process with full reports.
# Coverage: AFL++'s edge coverage, and line coverage of the tool's sources
# from a gcc --coverage build run over the final queue.
#
# One fuzzing process, at nice -n 19 (the machine is shared; FUZZ_NICE sets
# another niceness, e.g. 0 to get a core's share beside a kernel build).
set -euo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
budget=${1:-3600}
tree=$(cd "${2:-$top/build/linux}" && pwd)
niceness=${FUZZ_NICE:-19}
work=${FUZZ_WORK:-$top/build/fuzz}
results=${FUZZ_RESULTS:-$top/benchmarks/results/fuzz-gendwarfksyms.md}
fuzz=$top/tests/gendwarfksyms/fuzz

msg() { echo "fuzz: $*" >&2; }

out=$work/afl
# FUZZ_ANALYSE_ONLY=1: no build, no fuzzing; triage and report the last
# run in $work as it stands (e.g. after afl-fuzz was stopped with SIGINT;
# give the run's FUZZ_NICE for the report).
analyse_only=${FUZZ_ANALYSE_ONLY:-}
if [ -z "$analyse_only" ]; then
	"$fuzz/build.sh" "$tree" "$work"
	rm -rf "$out"
fi
tmp=$(mktemp -d /dev/shm/gdk-fuzz.XXXXXX 2>/dev/null || mktemp -d)
trap 'rm -rf "$tmp"' EXIT

export AFL_NO_UI=1 AFL_SKIP_CPUFREQ=1 AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES=1
# (no AFL_SKIP_BIN_CHECK: set to any value, it also skips the detection
# of persistent mode, and every input then costs a fork)
export AFL_TMPDIR=$tmp AFL_NO_AFFINITY=1
export ASAN_OPTIONS=abort_on_error=1:symbolize=0:detect_leaks=0
export UBSAN_OPTIONS=halt_on_error=1:abort_on_error=1:symbolize=0

stats=$out/default/fuzzer_stats
stat() { awk -v k="$1" '$1 == k { print $3 }' "$stats"; }
if [ -z "$analyse_only" ]; then
	msg "fuzzing $tree/scripts/gendwarfksyms for ${budget}s"
	start=$(date -u '+%Y-%m-%d %H:%M UTC')
	t0=$(date +%s)
	nice -n "$niceness" afl-fuzz -V "$budget" -i "$work/seeds" -o "$out" \
		-t 5000 -m none -x "$work/dict" -- "$work/bin/harness-afl" \
		> "$work/afl.log" 2>&1 ||
		{ tail -n 20 "$work/afl.log" >&2; msg "afl-fuzz failed"; exit 1; }
	wall=$(($(date +%s) - t0))
else
	[ -f "$stats" ] || { msg "no fuzzing run in $work"; exit 1; }
	start=$(date -u -d "@$(stat start_time)" '+%Y-%m-%d %H:%M UTC')
	wall=$(($(stat last_update) - $(stat start_time)))
fi
execs=$(stat execs_done)
run_time=$(stat run_time)
crashes=$(stat saved_crashes)
hangs=$(stat saved_hangs)
corpus=$(stat corpus_count)
edges=$(stat edges_found)
total_edges=$(stat total_edges)
stability=$(stat stability)
cycles=$(stat cycles_done)
rate=$(awk -v e="$execs" -v t="$run_time" 'BEGIN { printf "%.0f", t ? e / t : 0 }')

# --- re-run findings and the queue in fresh processes ----------------------
export ASAN_OPTIONS=abort_on_error=0:exitcode=97:detect_leaks=0:symbolize=1
export UBSAN_OPTIONS=halt_on_error=1:exitcode=97:print_stacktrace=1
report=$work/reports
rm -rf "$report" && mkdir -p "$report"
san_re='(ERROR: AddressSanitizer|runtime error:|ERROR: UndefinedBehaviorSanitizer|SUMMARY: )'

findings=()
for f in "$out"/default/crashes/id:* "$out"/default/hangs/id:*; do
	[ -e "$f" ] || continue
	findings+=("$f")
done

queue_reports=0
queue_n=0
for f in "$out"/default/queue/id:*; do
	queue_n=$((queue_n + 1))
	rc=0
	timeout 10 "$work/bin/harness-asan" "$f" > /dev/null 2> "$report/last" || rc=$?
	if [ $rc -ge 97 ] || grep -Eq "$san_re" "$report/last"; then
		queue_reports=$((queue_reports + 1))
		cp "$report/last" "$report/queue-$(basename "$f" | cut -c1-9).txt"
		findings+=("$f")
	fi
done

{
	for f in "${findings[@]}"; do
		rc=0
		timeout 10 "$work/bin/harness-asan" "$f" > /dev/null 2> "$report/last" || rc=$?
		echo "- \`$(basename "$(dirname "$f")")/$(basename "$f")\`: fresh process, status $rc"
		grep -Em3 "$san_re" "$report/last" | sed 's/^/  - /' || true
	done
} > "$report/findings.md"

# --- line coverage ----------------------------------------------------------
cov=$work/coverage
rm -rf "$cov" && mkdir -p "$cov"
rm -f "$work"/bin/*.gcda
(
	cd "$cov"
	for f in "$out"/default/queue/id:*; do
		timeout 10 "$work/bin/harness-cov" "$f" > /dev/null 2>&1 || true
	done
	gcda=$(find "$work/bin" -name "*.gcda" | head -n 1)
	[ -n "$gcda" ] && gcov -n -o "$(dirname "$gcda")" "$gcda" > gcov.txt 2>/dev/null || true
)
coverage=$(awk '
	/^File / { f = $2; gsub(/\047/, "", f) }
	/^Lines executed:/ && f ~ /scripts\/gendwarfksyms\/[a-z]*\.c$/ {
		split($2, a, "%"); sub(/executed:/, "", a[1])
		n = $4; hit += a[1] * n / 100; all += n
		sub(/.*\//, "", f); printf "%s %.1f%% of %d lines; ", f, a[1], n
	}
	END { if (all) printf "total %.1f%% of %d lines", 100 * hit / all, all }
' "$cov/gcov.txt" 2>/dev/null || true)

# --- results ----------------------------------------------------------------
found=$((crashes + hangs + queue_reports))
how="budget $budget s"
[ -z "$analyse_only" ] || how="stopped by hand"
mkdir -p "$(dirname "$results")"
{
	echo "# gendwarfksyms fuzzing (issue 9)"
	echo
	if [ -z "$analyse_only" ]; then
		echo "Written by \`benchmarks/fuzz-gendwarfksyms.sh $budget\`; started $start."
	else
		echo "Written by \`FUZZ_ANALYSE_ONLY=1 benchmarks/fuzz-gendwarfksyms.sh\` for the run"
		echo "started $start (afl-fuzz stopped by hand, SIGINT, once past 10^6 executions)."
	fi
	echo "Tool: \`$(cat "$work/tree-path" | sed "s|^$top/||")/scripts/gendwarfksyms\`" \
	     "at $(cat "$work/tree-head"). AFL++ $(afl-fuzz -h 2>&1 | sed -n 's/.*afl-fuzz++\([0-9a-z.]*\).*/\1/p' | head -n 1)," \
	     "$(clang --version | head -n 1 | sed 's/ (.*//'), persistent mode, ASan + UBSan," \
	     "nice -n $niceness on a shared $(nproc)-core machine (load average at the end:" \
	     "$(cut -d' ' -f1-3 /proc/loadavg))."
	echo
	echo "| figure | value |"
	echo "|---|---|"
	echo "| fuzzing time | ${run_time} s (${wall} s wall including start-up; $how) |"
	echo "| executions | $execs |"
	echo "| executions/s | $rate |"
	echo "| crashes (incl. sanitizer aborts) | $crashes |"
	echo "| hangs (> 5 s) | $hangs |"
	echo "| sanitizer reports re-running $queue_n queue entries in fresh processes | $queue_reports |"
	echo "| queue (inputs with new coverage) / seeds | $corpus / $(ls "$work/seeds" | wc -l) |"
	echo "| edge coverage (AFL++) | $edges of $total_edges instrumented edges |"
	echo "| line coverage of the tool over the queue (gcov) | ${coverage:-n/a} |"
	echo "| AFL++ stability / cycles done | $stability / $cycles |"
	echo
	if [ "$found" -eq 0 ]; then
		echo "No findings."
	else
		echo "Findings (re-run in a fresh process with full sanitizer reports):"
		echo
		cat "$report/findings.md"
	fi
	echo
	echo "Stability may drop below 100%: the tool's DIE and scope maps hash heap"
	echo "addresses, so the same input can walk different hash chains from run to"
	echo "run; outputs do not change (\`GDK_FUZZ_REPEAT=N harness FILE\` runs an"
	echo "input N times in one process)."
} > "$results"

msg "$execs executions in ${run_time}s ($rate/s), $crashes crashes, $hangs hangs, $queue_reports sanitizer reports"
msg "results in $results"
[ "$found" -eq 0 ]
