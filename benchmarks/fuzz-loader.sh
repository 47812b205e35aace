#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# fuzz-loader.sh: fuzz the module loader's version table checks (issue 9,
# SPEC.md section 3) on a KASAN kernel in QEMU, and write
# benchmarks/results/fuzz-loader.md.
#
#  1. build the "kasan" kernel (configs/builds; scripts/build-kernel.sh);
#  2. build tests/modules/extended against it (ext_long_user imports a
#     112-character symbol, so it has __version_ext_names/_crcs as well as
#     __versions), strip the debug info;
#  3. benchmarks/fuzz-loader/mutate.py: FUZZ_COUNT variants of
#     ext_long_user.ko (seeded, reproducible), each with the loader's
#     predicted outcome (load, or the errno and kernel message);
#  4. pack them with fuzzload (static, finit_module + delete_module, reads
#     /dev/kmsg) into one initramfs (qemu/pack-initramfs.sh) and boot
#     (qemu/boot.sh). A crash or a hang (no console output for FUZZ_HANG
#     seconds) ends a boot; the next boot resumes after the variant that
#     was running (an Oops is on the console; a hung variant is rerun
#     alone with all kernel messages on the console);
#  5. benchmarks/fuzz-loader/check.py compares every result with its
#     prediction and scans the consoles for KASAN/UBSAN/BUG/WARNING/Oops.
#
# Environment: FUZZ_COUNT (1200), FUZZ_SEED (1), FUZZ_HANG (180 s without
# console output = hang), FUZZ_TIMEOUT (3600 s per boot), FUZZ_MAX_BOOTS
# (60: crashes resumed before giving up), FUZZ_ONLY=<id>
# (run one variant, verbose; no report). For trying the harness out:
# FUZZ_BUILD (another build of configs/builds with extended modversions),
# FUZZ_SKIP_BUILD=1 (use build/out/$FUZZ_BUILD as it is), FUZZ_REPORT
# (report file). Work files in build/fuzz-loader/.
# Exit status 0 only if every variant behaved as predicted with no report.
set -euo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
here=$top/benchmarks/fuzz-loader
build=${FUZZ_BUILD:-kasan}
kout=$top/build/out/$build
run=$top/build/fuzz-loader${FUZZ_BUILD:+-$FUZZ_BUILD}
count=${FUZZ_COUNT:-1200}
seed=${FUZZ_SEED:-1}
hang=${FUZZ_HANG:-180}
max_boots=${FUZZ_MAX_BOOTS:-60}
limit=${FUZZ_TIMEOUT:-3600}
report=${FUZZ_REPORT:-$top/benchmarks/results/fuzz-loader.md}
t0=$SECONDS

say() { echo "fuzz-loader: $*"; }

# 1. kernel
t=$SECONDS
if [ "${FUZZ_SKIP_BUILD:-0}" != 1 ]; then
	say "building the $build kernel"
	"$top/scripts/build-kernel.sh" $build > "$run.kbuild.log" 2>&1 ||
		{ tail -n 30 "$run.kbuild.log"; say "kernel build failed"; exit 1; }
fi
[ $build != kasan ] || grep -qx CONFIG_KASAN=y "$kout/.config" ||
	{ say "no KASAN in $kout/.config"; exit 1; }
t_kernel=$((SECONDS - t))

# 2. modules
t=$SECONDS
rm -rf "$run"
mkdir -p "$run/mods" "$run/root/suites/fuzz-loader"
stage=$run/root/suites/fuzz-loader
cp "$top"/tests/modules/extended/{Kbuild,ext_long.h,ext_long_export.c,ext_long_user.c} "$run/mods/"
"$top/scripts/kmake.sh" $build M="$run/mods" modules > "$run/mods.log" 2>&1 ||
	{ cat "$run/mods.log"; say "module build failed"; exit 1; }
strip --strip-debug -o "$run/good.ko" "$run/mods/ext_long_user.ko"
strip --strip-debug -o "$stage/ext_long_export.ko" "$run/mods/ext_long_export.ko"

# 3. variants
python3 "$here/mutate.py" gen "$run/good.ko" "$kout/Module.symvers" \
	"$run/mods/Module.symvers" --out "$stage" --count "$count" --seed "$seed"
gcc -static -O2 -Wall -o "$stage/fuzzload" "$here/fuzzload.c"
install -m 755 "$here/guest" "$stage/guest"
t_prep=$((SECONDS - t))

# 4. boots
"$top/qemu/pack-initramfs.sh" "$run/root" "$run/initramfs.cpio.gz"
bz=$kout/arch/x86/boot/bzImage
meta=$run/meta.tsv
: > "$meta"
logs=()

# boot N APPEND: one boot, watched for hangs; sets $status (ok/crash/hang/...)
boot() {
	local n=$1 log=$run/console-$1.log pid size=-1 idle=0 rc=0
	say "boot $n: ${2:-all variants}"
	BOOT_APPEND="kasan_multi_shot $2" "$top/qemu/boot.sh" "$bz" \
		"$run/initramfs.cpio.gz" "$log.raw" "$limit" &
	pid=$!
	status=ok
	while kill -0 $pid 2>/dev/null; do
		sleep 5
		local now
		now=$(stat -c %s "$log.raw" 2>/dev/null || echo 0)
		if [ "$now" = "$size" ]; then
			idle=$((idle + 5))
			if [ $idle -ge "$hang" ]; then
				say "boot $n: no console output for ${hang}s, killing QEMU"
				status=hang
				kill $pid 2>/dev/null || true
				break
			fi
		else
			size=$now
			idle=0
		fi
	done
	wait $pid || rc=$?
	tr -d '\r' < "$log.raw" > "$log"
	if [ $status = ok ] && ! grep -qx '# guest: done' "$log"; then
		status=crash
		[ $rc = 124 ] && status=hang
	fi
	say "boot $n: QEMU exit $rc, $status"
	printf 'boot\t%s\t%s\t%s\n' "$n" "$log" "$status" >> "$meta"
	logs+=("$log")
}

if [ -n "${FUZZ_ONLY:-}" ]; then
	boot only "fuzz.first=$FUZZ_ONLY fuzz.last=$FUZZ_ONLY fuzz.verbose"
	grep -E "^[BKR] |^\[" "$run/console-only.log" | tail -n 80
	exit 0
fi

t=$SECONDS
first=0 n=0 reruns=()
while :; do
	n=$((n + 1))
	boot $n "fuzz.first=$first"
	[ $status = ok ] && break
	# all variants done: what went wrong came after them (check.py
	# reports the boot's status)
	grep -q '^# fuzz: end' "$run/console-$n.log" && break
	# resume after the variant that was running
	last=$(grep -E '^[BR] [0-9]+' "$run/console-$n.log" | tail -n 1 || true)
	if [ -z "$last" ]; then
		say "boot $n died before the first variant"; break
	fi
	id=${last#? }; id=${id%% *}
	# an Oops reaches the console anyway (console_verbose()); a hang is
	# rerun alone with every kernel message on the console
	case $last in B*) [ $status != hang ] || reruns+=("$id") ;; esac
	first=$((10#$id + 1))
	[ $n -lt "$max_boots" ] || { say "too many boots"; break; }
done
# hung variants once more, alone, with the whole kernel log shown
for id in ${reruns[@]+"${reruns[@]}"}; do
	boot "rerun-$id" "fuzz.first=$id fuzz.last=$id fuzz.verbose"
done
t_run=$((SECONDS - t))

# 5. verdict
{
	printf 'command\t%s\n' "FUZZ_COUNT=$count FUZZ_SEED=$seed benchmarks/fuzz-loader.sh"
	printf 'date\t%s\n' "$(date -u '+%Y-%m-%d %H:%M UTC')"
	printf 'seed\t%s\n' "$seed"
	printf 'build\t%s\n' "$build"
	printf 'fragments\t%s\n' "$(awk -v n="$build" '$1 == n { $1 = ""; print substr($0, 2) }' \
		"$top/configs/builds" | sed 's/ /, /g')"
	printf 'checks\t%s\n' "$(for c in DEBUG_KERNEL KASAN KASAN_GENERIC KASAN_INLINE \
		KASAN_VMALLOC UBSAN_BOUNDS UBSAN_SHIFT DEBUG_KMEMLEAK PROVE_LOCKING \
		DEBUG_LIST DEBUG_ATOMIC_SLEEP FORTIFY_SOURCE; do
		grep -qx "CONFIG_$c=y" "$kout/.config" && printf '%s ' $c; done)"
	if [ "${FUZZ_SKIP_BUILD:-0}" = 1 ]; then
		printf 'kernel build\tskipped (FUZZ_SKIP_BUILD=1)\n'
	else
		printf 'kernel build\t%ss (scripts/build-kernel.sh, incremental, including waiting for build/.kbuild.lock)\n' "$t_kernel"
	fi
	printf 'modules + variants\t%ss\n' "$t_prep"
	printf 'guest run (all boots)\t%ss\n' "$t_run"
	printf 'total\t%ss\n' "$((SECONDS - t0))"
} >> "$meta"
mkdir -p "$(dirname "$report")"
cd "$top"
python3 "$here/check.py" "$stage/manifest.tsv" "$report" "$meta" "${logs[@]}"
