#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# make demo: build the kernel, build a test module and tampered copies of
# it (the modversions QEMU suite's prepare step), show their version
# tables on the host, then boot QEMU and show the kernel's verdicts.
# Then the same for Rust on the gendwarfksyms kernel, which has
# CONFIG_RUST (the rust suite's prepare step): Rust modules loading, a
# tampered one refused.
# BUILD=name picks the C kernel (default gendwarfksyms); RUST_DEMO=0 skips
# the Rust part.
set -euo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/scripts/builds.sh"
build=${BUILD:-gendwarfksyms}
run=$top/build/demo
mv=$top/tests/lib/modversions.py

step() { printf '\n== %s\n' "$*"; }

step "Building kernel build/out/$build (tinyconfig + configs/{$(build_fragments "$build" | tr ' ' ,)}.config)"
"$top/scripts/build-kernel.sh" "$build" >"$top/build/demo-build.log" 2>&1 ||
	{ tail -n 30 "$top/build/demo-build.log"; exit 1; }
tail -n 1 "$top/build/demo-build.log"

step "Building the test modules against it"
rm -rf "$run"
mkdir -p "$run/work" "$run/root/suites/demo"
TOP=$top BUILD=$build KOUT=$top/build/out/$build WORK=$run/work \
	STAGE=$run/root/suites/demo "$top/tests/qemu/modversions/prepare" \
	>"$run/prepare.log" 2>&1 || { tail -n 30 "$run/prepare.log"; exit 1; }
stage=$run/root/suites/demo
ls "$stage"

step "Symbol versions: the kernel exports kstrdup with CRC"
grep -P '\tkstrdup\t' "$top/build/out/$build/Module.symvers" | cut -f1,2
echo "   mv_user.ko records it in __versions (modprobe --dump-modversions):"
modprobe --dump-modversions "$stage/mv_user.ko" | sed 's/^/     /'
echo "   mv_user-badcrc.ko, tampered with tests/lib/modversions.py:"
"$mv" list "$stage/mv_user-badcrc.ko" | grep kstrdup | sed 's/^/     /'
echo "   mv_user-nover.ko has no kstrdup entry:"
"$mv" list "$stage/mv_user-nover.ko" | sed 's/^/     /'
echo "   mv_pair_sum (takes struct mv_pair *) as mv_consumer records it,"
echo "   built against struct mv_pair v1 and v2:"
for v in v1 v2; do
	printf '     %s: %s\n' "$v" "$("$mv" list "$stage/mv_consumer-$v.ko" | grep mv_pair_sum)"
done

step "Booting it in QEMU"
install -m 755 "$top/qemu/demo-guest" "$stage/guest"
"$top/qemu/pack-initramfs.sh" "$run/root" "$run/initramfs.cpio.gz"
"$top/qemu/boot.sh" "$top/build/out/$build/arch/x86/boot/bzImage" \
	"$run/initramfs.cpio.gz" "$run/console.log" 300 || true
tr -d '\r' < "$run/console.log" |
	sed -n '/^# suite: demo$/,/^# suite-exit: demo /p' | sed '1d;$d'
echo
echo "(full console log: build/demo/console.log)"

step "Why mv_pair_sum's CRC changed: gendwarfksyms -T on both versions, symtypes-diff"
"$top/scripts/build-tool.sh" >/dev/null
for v in v1 v2; do
	d=$run/diff/$v
	mkdir -p "$d"
	cp "$top/tests/qemu/modversions/src/struct/$v/mv_pair.h" "$d/"
	printf '#include "mv_pair.h"\nint mv_pair_sum(const struct mv_pair *p) { return p->a + p->b; }\n' > "$d/mv_pair.c"
	(cd "$d" && gcc -g -c mv_pair.c &&
	 echo mv_pair_sum | "$top/build/tool/gendwarfksyms" -T mv_pair.symtypes mv_pair.o >/dev/null)
done
"$top/build/tool/symtypes-diff" "$run/diff/v1/mv_pair.symtypes" "$run/diff/v2/mv_pair.symtypes" || true

[ "${RUST_DEMO:-1}" = 0 ] && exit 0
rbuild=gendwarfksyms
rrun=$run/rust
step "The Rust kernel build/out/$rbuild (CONFIG_RUST + CONFIG_MODVERSIONS + CONFIG_GENDWARFKSYMS)"
"$top/scripts/build-kernel.sh" "$rbuild" >"$top/build/demo-build-rust.log" 2>&1 ||
	{ tail -n 30 "$top/build/demo-build-rust.log"; exit 1; }
tail -n 1 "$top/build/demo-build-rust.log"
grep -E '^CONFIG_(RUST|MODVERSIONS|GENDWARFKSYMS|EXTENDED_MODVERSIONS)=' \
	"$top/build/out/$rbuild/.config" | sed 's/^/   /'

step "Rust exports with versions, Rust modules and their extended version tables"
mkdir -p "$rrun/work" "$rrun/root/suites/demo"
TOP=$top BUILD=$rbuild KOUT=$top/build/out/$rbuild WORK=$rrun/work \
	STAGE=$rrun/root/suites/demo "$top/tests/qemu/rust/prepare" \
	>"$rrun/prepare.log" 2>&1 || { tail -n 30 "$rrun/prepare.log"; exit 1; }
sed -n 's/^prepare: /   /p' "$rrun/prepare.log"

step "Booting it in QEMU"
install -m 755 "$top/qemu/demo-rust-guest" "$rrun/root/suites/demo/guest"
"$top/qemu/pack-initramfs.sh" "$rrun/root" "$rrun/initramfs.cpio.gz"
"$top/qemu/boot.sh" "$top/build/out/$rbuild/arch/x86/boot/bzImage" \
	"$rrun/initramfs.cpio.gz" "$rrun/console.log" 300 || true
tr -d '\r' < "$rrun/console.log" |
	sed -n '/^# suite: demo$/,/^# suite-exit: demo /p' | sed '1d;$d'
echo
echo "(full console log: build/demo/rust/console.log)"
