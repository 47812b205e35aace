#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# DWARF that only Clang emits (issue 16), compiled with $GDK_CC $GDK_G
# (tests/host/gendwarfksyms-clang.sh runs these for each Clang):
#
# - btf_decl_tag and btf_type_tag attributes (DW_TAG_LLVM_annotation
#   children) change neither a type string nor a version, and are no error;
# - bit fields: the type string, written by hand from the rules, of a
#   structure whose bit fields Clang 14 describes the DWARF 2-4 way
#   (DW_AT_bit_offset, printed as bit_offset(N)) and Clang 16 the DWARF 5
#   way (data_bit_offset(N));
# - a structure child of a vendor tag the tool does not know is an error
#   that names the tag and the DIE offset (the annotation's abbreviation
#   edited by set-abbrev-tag.py, the offset found by readelf).

# The attributes are macros, so that one source compiles with and without.
clang_tags_source() {
	cat > tags.h <<-'EOT'
	#ifdef TAGS
	#define DECL_TAG(x) __attribute__((btf_decl_tag(x)))
	#define TYPE_TAG(x) __attribute__((btf_type_tag(x)))
	#else
	#define DECL_TAG(x)
	#define TYPE_TAG(x)
	#endif
	struct tagged {
		int a DECL_TAG("member");
		char TYPE_TAG("user") *buf;
		union {
			int x;
			long y DECL_TAG("union member");
		} DECL_TAG("union") u;
	} DECL_TAG("struct");
	typedef struct tagged tagged_t DECL_TAG("typedef");
	EOT
	cat > tags.c <<-'EOT'
	#include "tags.h"
	int tags_f(tagged_t *p DECL_TAG("param"), int TYPE_TAG("user") *q) DECL_TAG("function")
	{
		return p->a + *q;
	}
	int TYPE_TAG("percpu") *tags_var DECL_TAG("variable");
	EOT
	printf 'tags_f\ntags_var\n' > tags.symbols
}

clang_tags() {
	local n plain tagged

	clang_tags_source
	$GDK_CC $GDK_G -c tags.c -o plain.o &&
		$GDK_CC $GDK_G -DTAGS -c tags.c -o tagged.o ||
		{ ktap_fail "btf tags: build"; return; }
	# The attributes must be in the DWARF, or the test proves nothing.
	n=$(readelf --debug-dump=info tagged.o | grep -c '(User TAG value: 0x6000)')
	if readelf --debug-dump=info plain.o | grep -q '(User TAG value: 0x6000)' ||
	   [ "$n" -lt 8 ]; then
		ktap_fail "btf tags: $n DW_TAG_LLVM_annotation DIEs with the attributes (expected at least 8), none without"
		return
	fi
	"$TOOL" -T plain.symtypes plain.o < tags.symbols > plain.out 2> plain.err
	plain=$?
	"$TOOL" -T tagged.symtypes tagged.o < tags.symbols > tagged.out 2> tagged.err
	tagged=$?
	if [ $plain = 0 ] && [ $tagged = 0 ] && [ ! -s tagged.err ] &&
	   cmp -s plain.out tagged.out && cmp -s plain.symtypes tagged.symtypes &&
	   grep -q '^s#tagged structure_type tagged { member .* u data_member_location(16) } byte_size(24)$' tagged.symtypes; then
		ktap_ok "btf tags: $n DW_TAG_LLVM_annotation DIEs change neither the type strings nor the versions"
	else
		ktap_fail "btf tags: $n DW_TAG_LLVM_annotation DIEs change neither the type strings nor the versions"
		ktap_diag "status $plain and $tagged"
		diff plain.symtypes tagged.symtypes | head -n 5 | sed 's/^/# /'
		sed 's/^/# /' tagged.err | head -n 3
	fi
}

clang_bitfields() {
	local unsigned_short='base_type unsigned short byte_size(2) encoding(7)'
	local uint='base_type unsigned int byte_size(4) encoding(7)'
	local uchar='base_type unsigned char byte_size(1) encoding(8)'
	local form mode level wide

	# the structure of the DWARF 4 bit-field case
	cp "$GDK_DIR/cases/bitfields_dwarf4/bitfields.h" bits.h
	printf '#include "bits.h"\nint bits_get(struct bits *b) { return b->level; }\n' > bits.c
	$GDK_CC $GDK_G -c bits.c || { ktap_fail "bit fields: build"; return; }

	# mode is bits 0-2 of the int at offset 0, level bits 5-9; tag is the
	# byte at 2; wide would cross the short at 2, so takes bits 0-8 of the
	# short at 4. The DWARF 2-4 way counts from the storage unit's most
	# significant bit: 32 - 0 - 3, 32 - 5 - 5, 16 - 0 - 9.
	case $GDK_CC in
	clang-14*)
		form="DW_AT_bit_offset"
		mode="bit_offset(29) bit_size(3) data_member_location(0)"
		level="bit_offset(22) bit_size(5) data_member_location(0)"
		wide="bit_offset(7) bit_size(9) data_member_location(4)"
		;;
	*)
		form="DW_AT_data_bit_offset"
		mode="bit_size(3) data_bit_offset(0)"
		level="bit_size(5) data_bit_offset(5)"
		wide="bit_size(9) data_bit_offset(32)"
		;;
	esac
	cat > bits.expected <<-EOT
	bits_get subprogram ( formal_parameter pointer_type { s#bits } b ) -> base_type int byte_size(4) encoding(5)
	s#bits structure_type bits { member $uint mode $mode , member $uint level $level , member $uchar tag data_member_location(2) , member $unsigned_short wide $wide } byte_size(8)
	EOT
	echo bits_get | "$TOOL" -T bits.symtypes bits.o > bits.out 2> bits.err
	same "bit fields described with $form: symtypes as derived from the rules" \
		bits.symtypes bits.expected
	crc_of bits.expected bits_get > bits.crc
	same "bit fields described with $form: version as computed from the rules" \
		bits.out bits.crc
}

# clang_vendor_child TAG NAME READELF-NAME: the btf_decl_tag annotation of
# struct s turned into TAG, which the error must call NAME (and readelf
# READELF-NAME).
clang_vendor_child() {
	local tag=$1 name=$2 rname=$3 off=
	python3 "$GDK_DIR/set-abbrev-tag.py" vendor.o vendor-$tag.o 0x6000 "$tag" &&
		off=$(readelf --debug-dump=info vendor-$tag.o |
		      sed -n "s/^ *<2><\([0-9a-f]*\)>: Abbrev Number: [0-9]* ($rname)\$/\1/p" |
		      head -n 1)
	[ -n "$off" ] || ktap_diag "vendor-$tag.o: no DIE of tag $tag"
	expect_error "structure child $name, with its DIE offset" \
		"error: gendwarfksyms: vendor-$tag.o: symbol f: unexpected DW_TAG_structure_type child $name at DIE offset 0x${off:-?} in s" \
		'f\n' vendor-$tag.o
}

clang_tests() {
	local w=$WORK/clang

	mkdir -p "$w" && cd "$w" || return
	clang_tags
	clang_bitfields

	printf 'struct s { int a; } __attribute__((btf_decl_tag("x")));\n' > vendor.h
	printf '#include "vendor.h"\nint f(struct s *p) { return 0; }\n' > vendor.c
	if $GDK_CC $GDK_G -c vendor.c; then
		clang_vendor_child 0x4109 DW_TAG_GNU_call_site DW_TAG_GNU_call_site
		clang_vendor_child 0x6001 DW_TAG_0x6001 'User TAG value: 0x6001'
	else
		ktap_fail "vendor tags: build"
	fi
	cd "$TOP" || return
}
