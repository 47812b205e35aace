#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
#
# set-abbrev-tag.py IN OUT FROM TO: copy the 64-bit little-endian object
# IN to OUT with the first abbreviation of .debug_abbrev whose tag is FROM
# given the tag TO instead (numbers, e.g. 0x0d 0x49), so that every DIE
# using that abbreviation becomes a DIE of tag TO. Both tags must take
# the same number of bytes as ULEB128, so nothing else moves. Fails if
# no abbreviation has tag FROM.
import struct
import sys


def uleb(data, pos):
    value = shift = 0
    while True:
        byte = data[pos]
        pos += 1
        value |= (byte & 0x7f) << shift
        shift += 7
        if not byte & 0x80:
            return value, pos


def encode_uleb(value):
    out = bytearray()
    while True:
        byte = value & 0x7f
        value >>= 7
        out.append(byte | (0x80 if value else 0))
        if not value:
            return bytes(out)


def section(data, wanted):
    assert data[:4] == b'\x7fELF' and data[4] == 2 and data[5] == 1, \
        'not ELF64 LE'
    shoff, = struct.unpack_from('<Q', data, 0x28)
    shentsize, shnum, shstrndx = struct.unpack_from('<HHH', data, 0x3a)
    strtab, = struct.unpack_from('<Q', data, shoff + shstrndx * shentsize + 24)
    for i in range(shnum):
        hdr = shoff + i * shentsize
        name, = struct.unpack_from('<I', data, hdr)
        end = data.index(b'\0', strtab + name)
        if data[strtab + name:end] == wanted:
            offset, size = struct.unpack_from('<QQ', data, hdr + 24)
            return offset, size
    sys.exit(f'no section {wanted.decode()}')


def main():
    src, dst, old, new = sys.argv[1:]
    old, new = int(old, 0), int(new, 0)
    assert len(encode_uleb(old)) == len(encode_uleb(new)), \
        'the tags differ in length'
    data = bytearray(open(src, 'rb').read())
    start, size = section(data, b'.debug_abbrev')
    pos, end = start, start + size
    while pos < end:
        code, pos = uleb(data, pos)
        if not code:
            # the end of one unit's table; another may follow
            continue
        tag_pos = pos
        tag, pos = uleb(data, pos)
        if tag == old:
            data[tag_pos:pos] = encode_uleb(new)
            open(dst, 'wb').write(data)
            return
        pos += 1  # DW_CHILDREN_yes/no
        while True:
            name, pos = uleb(data, pos)
            form, pos = uleb(data, pos)
            if form == 0x21:  # DW_FORM_implicit_const: an SLEB128 follows
                while data[pos] & 0x80:
                    pos += 1
                pos += 1
            if not name and not form:
                break
    sys.exit(f'no abbreviation with tag {old:#x}')


main()
