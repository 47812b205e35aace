#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Bad input never crashes: each case gives one clear error naming the
# file (or the symbol list line) and exits with status 1.

# expect_error DESC EXPECTED-MESSAGE STDIN TOOL-ARGS...
# EXPECTED-MESSAGE is a basic regular expression for the whole line.
expect_error() {
	local desc=$1 msg=$2 input=$3 rc
	shift 3

	printf '%b' "$input" | "$TOOL" "$@" > out 2> err
	rc=$?
	if [ $rc -eq 1 ] && grep -qx -- "$msg" err && [ ! -s out ] &&
	   [ "$(grep -c '' err)" -eq 1 ]; then
		ktap_ok "bad input: $desc"
	else
		ktap_fail "bad input: $desc"
		ktap_diag "status $rc, expected 1 and: $msg"
		sed 's/^/# /' err | head -n 5
	fi
}

error_tests() {
	local w=$WORK/errors

	mkdir -p "$w" && cd "$w" || return
	printf 'struct s { int a; };\nint f(struct s *p) { return 0; }\n' > good.c
	printf 'struct S { int a; };\nint S::*member_ptr = &S::a;\n' > memptr.cpp
	$GDK_CC $GDK_G -c good.c && $GDK_CC -c good.c -o nodebug.o &&
		$GDK_CXX $GDK_G -c memptr.cpp ||
		{ ktap_fail "bad input: build"; return; }
	echo 'not an object' > text.o
	head -c 400 good.o > truncated.o
	# .debug_info claims to be larger than the file
	python3 - <<-'EOT'
	import struct
	data = bytearray(open('good.o', 'rb').read())
	shoff, = struct.unpack_from('<Q', data, 0x28)
	shentsize, shnum, shstrndx = struct.unpack_from('<HHH', data, 0x3a)
	def shdr(i):
	    return shoff + i * shentsize
	strtab, = struct.unpack_from('<Q', data, shdr(shstrndx) + 24)
	for i in range(shnum):
	    name, = struct.unpack_from('<I', data, shdr(i))
	    if data[strtab + name:].startswith(b'.debug_info\0'):
	        struct.pack_into('<Q', data, shdr(i) + 32, len(data))
	open('cut.o', 'wb').write(data)
	EOT
	shdr_end=$(python3 -c '
import struct
d = open("good.o", "rb").read()
shoff, = struct.unpack_from("<Q", d, 0x28)
shentsize, shnum = struct.unpack_from("<HH", d, 0x3a)
print(shoff + shentsize * shnum)')

	expect_error "not ELF" \
		"error: gendwarfksyms: text.o: not an ELF object file" 'f\n' text.o
	expect_error "empty file" \
		"error: gendwarfksyms: /dev/null: not an ELF object file" 'f\n' /dev/null
	expect_error "truncated ELF" \
		"error: gendwarfksyms: truncated.o: truncated or corrupt ELF object: section headers end at $shdr_end, the file has 400 bytes" \
		'f\n' truncated.o
	expect_error "section contents past the end of the file" \
		"error: gendwarfksyms: cut.o: truncated or corrupt ELF object: contents of section [0-9]* end at [0-9]*, the file has $(stat -c %s cut.o) bytes" \
		'f\n' cut.o
	expect_error "ELF without DWARF" \
		"error: gendwarfksyms: nodebug.o: no DWARF debugging information: No DWARF information found" \
		'f\n' nodebug.o
	expect_error "missing file" \
		"error: gendwarfksyms: missing.o: cannot open: No such file or directory" \
		'f\n' missing.o
	expect_error "unwritable symtypes file" \
		"error: gendwarfksyms: cannot open symtypes file '/nonexistent/dir/x.symtypes' for writing: No such file or directory" \
		'f\n' -T /nonexistent/dir/x.symtypes good.o
	expect_error "blank symbol list line" \
		"error: gendwarfksyms: symbol list line 2: expected a symbol name" \
		'f\n\n' good.o
	# A structure child of a kind the tool does not know: the member of
	# struct s made a DW_TAG_call_site_parameter by editing its
	# abbreviation. The error names the tag and the DIE offset, which
	# readelf finds on its own.
	printf 'struct s { int a; };\n' > child.h
	printf '#include "child.h"\nint f(struct s *p) { return 0; }\n' > child.c
	local off=
	$GDK_CC $GDK_G -c child.c &&
		python3 "$GDK_DIR/set-abbrev-tag.py" child.o badchild.o 0x0d 0x49 &&
		off=$(readelf --debug-dump=info badchild.o |
		      sed -n 's/^ *<2><\([0-9a-f]*\)>: .*(DW_TAG_call_site_parameter)$/\1/p' |
		      head -n 1)
	[ -n "$off" ] || ktap_diag "badchild.o: no DW_TAG_call_site_parameter DIE"
	expect_error "unknown structure child, with its DIE offset" \
		"error: gendwarfksyms: badchild.o: symbol f: unexpected DW_TAG_structure_type child DW_TAG_call_site_parameter at DIE offset 0x${off:-?} in s" \
		'f\n' badchild.o
	expect_error "unknown DWARF tag" \
		"error: gendwarfksyms: memptr.o: symbol member_ptr: unexpected type DW_TAG_ptr_to_member_type at DIE offset 0x[0-9a-f]*" \
		'member_ptr\n' memptr.o
	cd "$TOP" || return
}
