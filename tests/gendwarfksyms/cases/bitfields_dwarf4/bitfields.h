/*
 * mode is bits 0-2 of the unsigned int at offset 0 and level bits 5-9
 * (bits 3-4 are unnamed); tag is the byte at offset 2; wide would cross
 * the unsigned short at offset 2, so it takes bits 0-8 of the one at 4.
 * DWARF 4 gives each bit field the offset of its storage unit (a unit of
 * the field's type) in DW_AT_data_member_location and its distance from
 * the unit's most significant bit in DW_AT_bit_offset: 32 - 0 - 3 = 29
 * for mode, 32 - 5 - 5 = 22 for level, 16 - 0 - 9 = 7 for wide.
 */
struct bits {
	unsigned int mode:3;
	unsigned int :2;
	unsigned int level:5;
	unsigned char tag;
	unsigned short wide:9;
};
