#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
#
# force-libdwfl.py IN OUT [IN OUT]...: copy each 64-bit little-endian
# relocatable object IN to OUT with one more section: an empty, nameless
# SHT_REL section. gendwarfksyms relocates the DWARF of an object itself
# only if all its relocation sections are SHT_RELA (open_relocated_dwarf()
# gives up at the first SHT_REL section), and otherwise lets libdwfl
# relocate it, so the tool reads OUT through libdwfl and IN through its
# own relocation; their output must be the same
# (tests/gendwarfksyms/relocation.sh, through relocation-objects.py).
import struct
import sys


def copy(src, dst):
    data = bytearray(open(src, 'rb').read())
    assert data[:4] == b'\x7fELF' and data[4] == 2 and data[5] == 1, \
        f'{src}: not ELF64 LE'
    shoff, = struct.unpack_from('<Q', data, 0x28)
    shentsize, shnum = struct.unpack_from('<HH', data, 0x3a)
    assert shnum, f'{src}: e_shnum 0 (extended numbering) is not handled'
    headers = data[shoff:shoff + shentsize * shnum]
    symtab = next(i for i in range(shnum)
                  if struct.unpack_from('<I', headers,
                                        i * shentsize + 4)[0] == 2)
    # name 0 (""), SHT_REL, no flags/address/offset/size, link to the
    # symbol table, info section 1, alignment 8, entry size of an Elf64_Rel
    rel = struct.pack('<IIQQQQIIQQ', 0, 9, 0, 0, 0, 0, symtab, 1, 8, 16)
    while len(data) % 8:
        data.append(0)
    newoff = len(data)
    data += headers + rel
    struct.pack_into('<Q', data, 0x28, newoff)
    struct.pack_into('<H', data, 0x3c, shnum + 1)
    open(dst, 'wb').write(data)


if __name__ == '__main__':
    args = sys.argv[1:]
    if not args or len(args) % 2:
        sys.exit('usage: force-libdwfl.py IN OUT [IN OUT]...')
    for i in range(0, len(args), 2):
        copy(args[i], args[i + 1])
