#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# qemu-test.sh [BUILD...]: run the QEMU test suites (tests/qemu/<suite>/,
# interface in tests/qemu/README.md) and print one KTAP stream for all.
# Without arguments, every build some suite names is run. SUITES="a b"
# runs those suites on the builds given instead of the suites that name
# them (e.g. SUITES="gdk-abi rust" scripts/qemu-test.sh clang-lto).
#
# Per build: build the kernel -> run each suite's prepare (modules into the
# suite's staging directory) -> pack one initramfs with all its suites ->
# boot once in QEMU (the build's architecture) -> verdict. Suites sharing
# a build share the boot.
# A suite whose kernel file names several builds runs on each of them.
#
# Verdict: each guest result is re-emitted as "<suite>: <description>",
# or "<suite>@<build>: ..." for a suite that runs on several builds;
# a suite must print as many results as its plan announces and exit; and
# the boot must end cleanly: QEMU exits before the timeout, the guest
# reports it is done, and neither the console nor the kernel log has a
# panic, Oops, BUG:, WARNING: or Call Trace. Anything else is "not ok".
# Logs: build/qemu/<build>/ (console.log, <suite>/prepare.log).
set -uo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/tests/lib/ktap.sh"
. "$top/tests/lib/verdict.sh"
. "$top/scripts/builds.sh"
timeout=${QEMU_TIMEOUT:-300}

# The builds a suite runs on: the words of its kernel file.
suite_builds() { tr -s '[:space:]' '\n' < "$1/kernel" | grep -v '^$'; }

if [ $# -eq 0 ]; then
	set -- $(for s in "$top"/tests/qemu/*/kernel; do
		suite_builds "$(dirname "$s")"; done | sort -u)
fi

run_build() {
	local build=$1 run=$top/build/qemu/$1 suites=() s
	local -A label
	for s in "$top"/tests/qemu/*/; do
		s=${s%/}
		if [ -n "${SUITES:-}" ]; then
			[[ " $SUITES " == *" $(basename "$s") "* ]] || continue
		else
			[ -f "$s/kernel" ] && suite_builds "$s" | grep -qx -- "$build" ||
				continue
		fi
		suites+=("$(basename "$s")")
		label[${suites[-1]}]=${suites[-1]}
		[ "$(suite_builds "$s" | wc -l)" -gt 1 ] || [ -n "${SUITES:-}" ] &&
			label[${suites[-1]}]+=@$build
	done
	ktap_diag "build $build: suites ${suites[*]}"

	# configure + build
	rm -rf "$run"
	mkdir -p "$run/root/suites"
	local t=$SECONDS
	if ! "$top/scripts/build-kernel.sh" "$build" >"$run/build.log" 2>&1; then
		ktap_fail "$build: kernel builds"
		tail -n 30 "$run/build.log" | diag_file
		for s in "${suites[@]}"; do ktap_fail "${label[$s]}: not run (no kernel)"; done
		return
	fi
	ktap_ok "$build: kernel builds"
	ktap_diag "time: $build built in $((SECONDS - t)) s"

	# prepare each suite
	local booted=()
	for s in "${suites[@]}"; do
		local dir=$top/tests/qemu/$s
		mkdir -p "$run/$s/work" "$run/root/suites/$s"
		t=$SECONDS
		if TOP=$top BUILD=$build KOUT=$top/build/out/$build \
		   WORK=$run/$s/work STAGE=$run/root/suites/$s \
		   "$dir/prepare" >"$run/$s/prepare.log" 2>&1; then
			install -m 755 "$dir/guest" "$run/root/suites/$s/guest"
			booted+=("$s")
			ktap_diag "time: ${label[$s]} prepared in $((SECONDS - t)) s"
		else
			ktap_fail "${label[$s]}: prepare (modules for the guest)"
			tail -n 30 "$run/$s/prepare.log" | diag_file
			rm -rf "$run/root/suites/$s"
		fi
	done
	[ ${#booted[@]} -gt 0 ] || return

	# pack + boot, for the build's architecture
	local arch start=$SECONDS rc=0
	arch=$(build_arch "$build")
	if ! "$top/qemu/pack-initramfs.sh" -a "$arch" "$run/root" \
		"$run/initramfs.cpio.gz" >"$run/pack.log" 2>&1; then
		ktap_fail "$build: initramfs packed"
		diag_file "$run/pack.log"
		for s in "${booted[@]}"; do ktap_fail "${label[$s]}: not run (no initramfs)"; done
		return
	fi
	"$top/qemu/boot.sh" -a "$arch" "$top/build/out/$build/$(arch_image "$arch")" \
		"$run/initramfs.cpio.gz" "$run/console.log" "$timeout" || rc=$?
	tr -d '\r' < "$run/console.log" > "$run/console.txt"
	ktap_diag "build $build: booted in $((SECONDS - start))s, QEMU exit $rc," \
		"log build/qemu/$build/console.log"

	# verdict, suite by suite
	for s in "${booted[@]}"; do
		verdict_suite "$s" "$run/console.txt" "${label[$s]}"
	done
	verdict_boot "$build" "$rc" "$run/console.txt" "$timeout"
}

for build in "$@"; do
	run_build "$build"
done
ktap_finish
