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

ktap_plan 22

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

# scripts/builds.sh on a builds file of its own: the five kinds of words
# of a line come back apart, in order, and an unknown build is an error.
printf '# comment\nplain\ta b\nclang\tLLVM=-14 a x.patch b y.patch\narm\ta ARCH=arm64 b from=plain\n' > "$tmp/builds"
words() { (_builds_file=$tmp/builds; . "$top/scripts/builds.sh"; "$@"); }
ktap_check "builds.sh: fragments of a line, without LLVM=, ARCH=, from= and patches" \
	[ "$(words build_fragments clang)/$(words build_fragments arm)" = "a b/a b" ]
ktap_check "builds.sh: ARCH= of a line, x86_64 without one" \
	[ "$(words build_arch arm)/$(words build_arch plain)" = "arm64/x86_64" ]
ktap_check "builds.sh: test patches of a line, in order" \
	[ "$(words build_patches clang)" = "x.patch y.patch" ]
ktap_check "builds.sh: LLVM= of a Clang build, none for a GCC build" \
	[ "$(words build_llvm clang)/$(words build_llvm plain)" = "-14/" ]
ktap_check "builds.sh: from= of a line, none without one" \
	[ "$(words build_from arm)/$(words build_from plain)" = "plain/" ]
unknown_fails() {
	local out
	! out=$(words build_fragments nope 2>&1) &&
		[ "$out" = "no build 'nope' in $tmp/builds" ]
}
ktap_check "builds.sh: an unknown build fails and says so" unknown_fails
ktap_check "builds.sh: configs/builds has a Clang build with Rust" \
	bash -c '. "$0/scripts/builds.sh" && [ -n "$(build_llvm clang)" ] &&
		 grep -qw rust <<<"$(build_fragments clang)"' "$top"

# A build whose LLVM toolchain is not installed stops at configure time
# with one line naming the build and the missing compiler, instead of
# falling back to gcc.
# The same for an unknown architecture and for missing GNU cross tools
# (a PATH that has everything of /usr/bin but aarch64-linux-gnu-*).
llvm99="clang-99 ld.lld-99 llvm-ar-99 llvm-nm-99 llvm-objcopy-99 llvm-objdump-99 llvm-readelf-99 llvm-strip-99"
cross="aarch64-linux-gnu-gcc aarch64-linux-gnu-ld aarch64-linux-gnu-ar aarch64-linux-gnu-nm"
cross+=" aarch64-linux-gnu-objcopy aarch64-linux-gnu-objdump aarch64-linux-gnu-readelf aarch64-linux-gnu-strip"
printf '%s\n' "harness-no-llvm	LLVM=-99 base" "harness-no-arch	ARCH=mips base" \
	"harness-no-cross	ARCH=arm64 base" > "$tmp/builds"
mkdir "$tmp/bin"
for f in /usr/bin/* /bin/*; do
	case $f in */aarch64-linux-gnu-*) continue ;; esac
	ln -sf "$f" "$tmp/bin/"
done
configure_fails() {	# BUILD PATH LINE
	local out
	! out=$(PATH=$2 _builds_file=$tmp/builds "$top/scripts/configure.sh" "$1" 2>&1) &&
		[ "$out" = "$3" ] || { echo "# got: $out"; return 1; }
}
ktap_check "configure.sh: a build naming an LLVM that is not installed fails, naming both" \
	configure_fails harness-no-llvm "$PATH" \
	"kmake: harness-no-llvm (x86_64): $llvm99 not found (scripts/install-deps.sh)"
ktap_check "configure.sh: a build naming an unknown architecture fails, naming it" \
	configure_fails harness-no-arch "$PATH" \
	"build 'harness-no-arch' in $tmp/builds: unknown architecture 'mips' (known: x86_64 arm64)"
ktap_check "configure.sh: a GCC build for arm64 without the cross tools fails, naming them" \
	configure_fails harness-no-cross "$tmp/bin" \
	"kmake: harness-no-cross (arm64): $cross not found (scripts/install-deps.sh)"
ktap_check "qemu/boot.sh: an unknown architecture fails, naming it" \
	bash -c '! out=$("$0/qemu/boot.sh" -a mips x y "$1/log" 2>&1) &&
		[ "$out" = "boot.sh: no QEMU for architecture '"'mips'"' (known: x86_64 arm64)" ]' "$top" "$tmp"
rm -rf "$top"/build/out/harness-no-{llvm,arch,cross}

# A build from=<build> is refused, before anything is locked, copied or
# built, when <build> is unknown, has another configuration, or patches a
# file the build does not (its copy would keep that patch).
printf -- '--- a/one.c\n+++ b/one.c\n' > "$tmp/one.patch"
printf -- '--- a/two.c\n+++ b/two.c\n' > "$tmp/two.patch"
printf '%s\n' "harness-from-a	base one.patch" "harness-from-b	base arm64 from=harness-from-a" \
	"harness-from-c	base two.patch from=harness-from-a" "harness-from-d	base from=nope" > "$tmp/builds"
from_fails() {	# BUILD LINE
	local out
	! out=$(_builds_file=$tmp/builds "$top/scripts/build-kernel.sh" "$1" 2>&1) &&
		[ "$out" = "$2" ] && [ ! -e "$top/build/out/$1" ] || { echo "# got: $out"; return 1; }
}
ktap_check "build-kernel.sh: from= naming a build of another configuration fails, naming it" \
	from_fails harness-from-b \
	"build-kernel: harness-from-b: from=harness-from-a names a build of another configuration"
ktap_check "build-kernel.sh: from= naming a build that patches more fails, naming the file" \
	from_fails harness-from-c "build-kernel: harness-from-c: from=harness-from-a patches one.c, which harness-from-c does not"
ktap_check "build-kernel.sh: from= naming an unknown build fails, naming it" \
	from_fails harness-from-d "no build 'nope' in $tmp/builds"

ktap_finish
