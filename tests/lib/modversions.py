#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Read and tamper with the __versions section of a 64-bit kernel module.

__versions is an array of struct modversion_info; on 64-bit kernels each
entry is 64 bytes: { unsigned long crc; char name[56]; } (crc is a u64 in
the file's byte order, name NUL padded). The loader looks a symbol up by
name and compares the CRC with the exporter's.

  modversions.py list KO               print "0x<crc> <name>" per entry
  modversions.py set-crc KO SYM CRC OUT   copy KO to OUT with SYM's CRC = CRC
  modversions.py flip-crc KO SYM OUT      copy with SYM's CRC bit-inverted
  modversions.py drop KO SYM OUT          copy without SYM's entry (later
                                          entries move up, sh_size shrinks)

Exit status 1 with a message when the file is not a 64-bit ELF, has no
__versions section, or SYM has no entry.
"""
import struct
import sys

ENTRY = 64
NAME_LEN = 56


def fail(msg):
    sys.stderr.write("modversions.py: %s\n" % msg)
    sys.exit(1)


class Module:
    def __init__(self, path):
        self.path = path
        with open(path, "rb") as f:
            self.data = bytearray(f.read())
        d = self.data
        if d[:4] != b"\x7fELF" or d[4] != 2:
            fail("%s: not a 64-bit ELF file" % path)
        self.bo = "<" if d[5] == 1 else ">"
        shoff, = struct.unpack_from(self.bo + "Q", d, 0x28)
        shentsize, shnum, shstrndx = struct.unpack_from(self.bo + "HHH", d, 0x3a)
        self.sections = []
        for i in range(shnum):
            off = shoff + i * shentsize
            name, _type, _flags, _addr, sh_offset, sh_size = \
                struct.unpack_from(self.bo + "IIQQQQ", d, off)
            self.sections.append([name, sh_offset, sh_size, off])
        strtab_off = self.sections[shstrndx][1]
        for s in self.sections:
            end = d.index(b"\0", strtab_off + s[0])
            s[0] = d[strtab_off + s[0]:end].decode()
        vers = [s for s in self.sections if s[0] == "__versions"]
        if not vers:
            fail("%s: no __versions section" % path)
        _, self.off, self.size, self.shdr = vers[0]
        if self.size % ENTRY:
            fail("%s: __versions size %d is not a multiple of %d"
                 % (path, self.size, ENTRY))

    def entries(self):
        for i in range(self.size // ENTRY):
            pos = self.off + i * ENTRY
            crc, = struct.unpack_from(self.bo + "Q", self.data, pos)
            name = bytes(self.data[pos + 8:pos + ENTRY]).split(b"\0")[0]
            yield i, pos, crc, name.decode()

    def find(self, sym):
        for i, pos, crc, name in self.entries():
            if name == sym:
                return i, pos, crc
        fail("%s: no __versions entry for %s" % (self.path, sym))

    def set_crc(self, sym, crc):
        _, pos, _ = self.find(sym)
        struct.pack_into(self.bo + "Q", self.data, pos, crc)

    def drop(self, sym):
        _, pos, _ = self.find(sym)
        end = self.off + self.size
        self.data[pos:end] = self.data[pos + ENTRY:end] + bytes(ENTRY)
        self.size -= ENTRY
        # sh_size is at offset 0x20 of an Elf64_Shdr
        struct.pack_into(self.bo + "Q", self.data, self.shdr + 0x20, self.size)

    def write(self, path):
        with open(path, "wb") as f:
            f.write(self.data)


def main(argv):
    if len(argv) < 3:
        sys.stderr.write(__doc__)
        return 2
    cmd, m = argv[1], Module(argv[2])
    if cmd == "list" and len(argv) == 3:
        for _, _, crc, name in m.entries():
            print("0x%08x %s" % (crc, name))
        return 0
    if cmd == "set-crc" and len(argv) == 6:
        m.set_crc(argv[3], int(argv[4], 0))
    elif cmd == "flip-crc" and len(argv) == 5:
        _, _, crc = m.find(argv[3])
        m.set_crc(argv[3], crc ^ 0xffffffff)
    elif cmd == "drop" and len(argv) == 5:
        m.drop(argv[3])
    else:
        sys.stderr.write(__doc__)
        return 2
    m.write(argv[-1])
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
