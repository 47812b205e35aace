#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Host tests of tests/lib/modversions.py, the __versions tamper tool the
# QEMU suites use, on a crafted ELF object: gcc compiles a __versions
# array laid out like modpost's (struct modversion_info, 64-bit).
set -uo pipefail

top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tests/lib/ktap.sh"
mv=$top/tests/lib/modversions.py
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

cat > "$tmp/fake.c" <<'C'
struct modversion_info {
	unsigned long crc;
	char name[64 - sizeof(unsigned long)];
};
__attribute__((section("__versions"), used))
static const struct modversion_info versions[] = {
	{ 0x11111111, "module_layout" },
	{ 0x22222222, "kstrdup" },
	{ 0xdeadbeef, "a_symbol_name_of_exactly_fifty_five_characters_long_xxx" },
};
C
ktap_plan 7
if ! gcc -c -o "$tmp/fake.ko" "$tmp/fake.c"; then
	ktap_fail "build the crafted module"
	exit 1
fi

ktap_check "list prints every entry with its CRC" \
	diff -u - <("$mv" list "$tmp/fake.ko") <<'EXPECTED'
0x11111111 module_layout
0x22222222 kstrdup
0xdeadbeef a_symbol_name_of_exactly_fifty_five_characters_long_xxx
EXPECTED

"$mv" flip-crc "$tmp/fake.ko" kstrdup "$tmp/flip.ko"
ktap_check "flip-crc inverts one CRC and nothing else" \
	diff -u - <("$mv" list "$tmp/flip.ko") <<'EXPECTED'
0x11111111 module_layout
0xdddddddd kstrdup
0xdeadbeef a_symbol_name_of_exactly_fifty_five_characters_long_xxx
EXPECTED

"$mv" set-crc "$tmp/fake.ko" module_layout 0x1234 "$tmp/set.ko"
ktap_check "set-crc sets one CRC" \
	grep -x '0x00001234 module_layout' <("$mv" list "$tmp/set.ko") >/dev/null

"$mv" drop "$tmp/fake.ko" kstrdup "$tmp/drop.ko"
ktap_check "drop removes the entry and shrinks the section" \
	diff -u - <("$mv" list "$tmp/drop.ko") <<'EXPECTED'
0x11111111 module_layout
0xdeadbeef a_symbol_name_of_exactly_fifty_five_characters_long_xxx
EXPECTED
size=$(readelf -W -S "$tmp/drop.ko" | awk '{ for (i = 1; i < NF; i++) if ($i == "__versions") print $(i + 4) }')
ktap_check "readelf agrees: __versions is 2 entries (0x80 bytes)" \
	[ "$size" = 000080 ]

ktap_check "a symbol without an entry is an error" \
	eval '! "$mv" flip-crc "$tmp/fake.ko" no_such_symbol "$tmp/x.ko" 2>/dev/null'
ktap_check "a file that is not ELF is an error" \
	eval '! "$mv" list "$tmp/fake.c" 2>/dev/null'

ktap_finish
