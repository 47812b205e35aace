#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Host tests of the extended modversions user-space pieces, no kernel build
# needed:
#  - tools/modversions (the dumper/validator) on crafted objects laid out
#    like modpost's output (gcc -c of __versions and __version_ext_*
#    arrays), their malformed variants (tests/qemu/extended/mangle-ko.py),
#    a 32-bit object, non-ELF input and bad usage;
#  - scripts/export_report.pl on .mod.c files as modpost writes them.
# SRC: kernel tree with the patches (default build/linux).
set -uo pipefail

top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tests/lib/ktap.sh"
src=$(readlink -f "${SRC:-$top/build/linux}")
mangle=$top/tests/qemu/extended/mangle-ko.py
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
long=a_symbol_whose_name_is_much_longer_than_the_fifty_five_characters_of_modversion_info

ktap_plan 25
if ! gcc -O2 -Wall -o "$tmp/modversions" "$src/tools/modversions/modversions.c"; then
	ktap_fail "build tools/modversions"
	exit 1
fi
ktap_ok "build tools/modversions"
mv=$tmp/modversions

cat > "$tmp/fake.c" <<C
typedef unsigned int u32;
struct modversion_info {
	unsigned long crc;
	char name[64 - sizeof(unsigned long)];
};
static const struct modversion_info ____versions[]
__attribute__((used, section("__versions"))) = {
	{ 0x11111111, "module_layout" },
	{ 0x22222222, "kstrdup" },
};
static const u32 ____version_ext_crcs[]
__attribute__((used, section("__version_ext_crcs"))) = {
	0x11111111,
	0x22222222,
	0x33333333,
};
static const char ____version_ext_names[]
__attribute__((used, section("__version_ext_names"))) =
	"module_layout\0"
	"kstrdup\0"
	"$long\0"
;
C
gcc -c -o "$tmp/fake.ko" "$tmp/fake.c"
gcc -m32 -c -o "$tmp/fake32.ko" "$tmp/fake.c" 2>/dev/null
echo 'int x;' > "$tmp/none.c"
gcc -c -o "$tmp/none.ko" "$tmp/none.c"

ktap_check "lists both tables, extended first, with the table and CRC" \
	diff -u - <("$mv" "$tmp/fake.ko") <<EXPECTED
$tmp/fake.ko:
extended 0x11111111 module_layout
extended 0x22222222 kstrdup
extended 0x33333333 $long
basic    0x11111111 module_layout
basic    0x22222222 kstrdup
$tmp/fake.ko: extended tables are used for version checks
EXPECTED

ktap_check "valid tables: exit status 0, nothing printed with -q" \
	bash -c "[ -z \"\$('$mv' -q '$tmp/fake.ko' 2>&1)\" ]"

if [ -f "$tmp/fake32.ko" ]; then
	ktap_check "32-bit object: same entries" \
		diff -u <("$mv" "$tmp/fake.ko" | tail -n +2) \
			<("$mv" "$tmp/fake32.ko" | tail -n +2 | sed "s|fake32|fake|")
else
	ktap_skip "32-bit object: same entries" "gcc -m32 unavailable"
fi

ktap_check "no version tables: reported, exit status 0" \
	diff -u - <("$mv" "$tmp/none.ko") <<EXPECTED
$tmp/none.ko:
$tmp/none.ko: no symbol versions
EXPECTED

# refused VARIANT EXPECTED-MESSAGE [SYMBOL]: the dumper exits 1 and says why.
refused() {
	local out rc
	python3 "$mangle" "$tmp/fake.ko" "$tmp/$1.ko" "$1" ${3:+"$3"} || return 1
	out=$("$mv" -q "$tmp/$1.ko" 2>&1)
	rc=$?
	echo "# $out"
	[ $rc = 1 ] && echo "$out" | grep -qF "$tmp/$1.ko: $2"
}
ktap_check "refused: only __version_ext_crcs" \
	refused only-crcs "__version_ext_crcs without __version_ext_names"
ktap_check "refused: only __version_ext_names" \
	refused only-names "__version_ext_names without __version_ext_crcs"
ktap_check "refused: CRC table size not a multiple of 4" \
	refused crc-size "__version_ext_crcs size 10 is not a multiple of 4"
ktap_check "refused: more CRCs than names" \
	refused names-short "more extended version CRCs than names (1 without a name)"
ktap_check "refused: __version_ext_crcs SHT_NOBITS" \
	refused crcs-nobits "__version_ext_crcs is not SHT_PROGBITS"
ktap_check "refused: __version_ext_names SHT_NOBITS" \
	refused names-nobits "__version_ext_names is not SHT_PROGBITS"
ktap_check "refused: __versions SHT_NOBITS" \
	refused versions-nobits "__versions is not SHT_PROGBITS"
ktap_check "the full listing also ends with the refusal" \
	bash -c "'$mv' '$tmp/crc-size.ko' 2>/dev/null | grep -qx '$tmp/crc-size.ko: refused by the module loader (-ENOEXEC)'"

python3 "$mangle" "$tmp/fake.ko" "$tmp/bad-crc.ko" bad-crc
ktap_check "tampered CRC: valid tables, new CRC shown" \
	bash -c "'$mv' '$tmp/bad-crc.ko' | grep -qx 'extended 0x33333369 $long'"
python3 "$mangle" "$tmp/fake.ko" "$tmp/drop.ko" drop-entry kstrdup
ktap_check "entry removed: valid tables, the others intact" \
	diff -u - <("$mv" "$tmp/drop.ko" | grep ^extended) <<EXPECTED
extended 0x11111111 module_layout
extended 0x33333333 $long
EXPECTED
python3 "$mangle" "$tmp/fake.ko" "$tmp/drop-ext.ko" drop-ext
ktap_check "extended tables renamed away: basic table used" \
	bash -c "'$mv' '$tmp/drop-ext.ko' | tail -n 1 | grep -q 'basic table is used'"

# Like the loader, sections without SHF_ALLOC do not count.
cp "$tmp/fake.ko" "$tmp/noalloc.ko"
objcopy --set-section-flags __version_ext_names=contents,readonly \
	"$tmp/noalloc.ko" 2>/dev/null
ktap_check "a table without SHF_ALLOC is ignored, like the loader does" \
	bash -c "'$mv' -q '$tmp/noalloc.ko' 2>&1 | grep -q '__version_ext_crcs without __version_ext_names'"

ktap_check "a file that is not ELF: exit status 2" \
	bash -c "'$mv' '$tmp/fake.c' 2>&1 | grep -q 'not an ELF file'; [ \${PIPESTATUS[0]} = 2 ]"
ktap_check "a missing file: exit status 2" \
	bash -c "'$mv' '$tmp/missing.ko' 2>/dev/null; [ \$? = 2 ]"
ktap_check "no argument: usage, exit status 2" \
	bash -c "'$mv' 2>&1 | grep -q Usage; [ \${PIPESTATUS[0]} = 2 ]"
ktap_check "worst status of several files wins" \
	bash -c "'$mv' -q '$tmp/fake.ko' '$tmp/crc-size.ko' 2>/dev/null; [ \$? = 1 ]"

# export_report.pl on .mod.c files as modpost writes them: user.mod.c with
# both tables (the long name only in the extended one), old.mod.c with
# __versions only.
mkdir -p "$tmp/report"
cd "$tmp/report" || exit 1
printf '0x33333333\t%s\tdrivers/long\tEXPORT_SYMBOL_GPL\t\n0x22222222\tkstrdup\tvmlinux\tEXPORT_SYMBOL\t\n0x11111111\tmodule_layout\tvmlinux\tEXPORT_SYMBOL\t\n' \
	"$long" > Module.symvers
cat > user.mod.c <<C
#include <linux/module.h>

static const struct modversion_info ____versions[]
__used __section("__versions") = {
	{ 0x11111111, "module_layout" },
	{ 0x22222222, "kstrdup" },
};

static const u32 ____version_ext_crcs[]
__used __section("__version_ext_crcs") = {
	0x11111111,
	0x22222222,
	0x33333333,
};
static const char ____version_ext_names[]
__used __section("__version_ext_names") =
	"module_layout\0"
	"kstrdup\0"
	"$long\0"
;

MODULE_INFO(depends, "long");
C
cat > old.mod.c <<'C'
static const struct modversion_info ____versions[]
__used __section("__versions") = {
	{ 0x11111111, "module_layout" },
	{   0x1234, "kstrdup" },
};
C
printf 'user.o\nold.o\n' > modules.order
perl "$src/scripts/export_report.pl" -k Module.symvers -o report.txt 2> report.err
ktap_check "export_report.pl runs without warnings (modules.order of .o files)" \
	bash -c "[ \$? = 0 ] && [ ! -s report.err ]"
sed 's/^/# /' report.err
ktap_check "export_report.pl counts the long-name import" \
	grep -q "^$long[[:space:]]\+drivers/long[[:space:]]\+1[[:space:]]" report.txt
ktap_check "export_report.pl counts imports from both formats, once each" \
	grep -q "^kstrdup[[:space:]]\+vmlinux[[:space:]]\+2[[:space:]]" report.txt
ktap_check "export_report.pl lists the long name under user.ko" \
	bash -c "sed -n '/user.ko/,/~~~~/p' report.txt | grep -q '$long'"

ktap_finish
