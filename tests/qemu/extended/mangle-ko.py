#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Craft broken variants of a module's extended version tables.

    mangle-ko.py IN.ko OUT.ko VARIANT [SYMBOL]

Only the bytes of section headers, the section name table and the two
extended tables are touched, so everything else in the module stays valid
(module signing is off in the test configurations). SYMBOL defaults to the
longest name in __version_ext_names.

Variants (and what the loader must do):
  only-crcs      rename __version_ext_names away   -> -ENOEXEC
  only-names     rename __version_ext_crcs away    -> -ENOEXEC
  crc-size       __version_ext_crcs size - 2       -> -ENOEXEC
  names-short    cut the NUL of the last name      -> -ENOEXEC
  crcs-nobits    __version_ext_crcs SHT_NOBITS     -> -ENOEXEC
  names-nobits   __version_ext_names SHT_NOBITS    -> -ENOEXEC
  versions-nobits __versions SHT_NOBITS            -> -ENOEXEC
  bad-crc        flip the CRC of SYMBOL            -> disagrees about version
  drop-entry     remove SYMBOL from both tables    -> no symbol version
  drop-ext       rename both extended tables away  -> falls back to __versions
  bad-basic-crc  flip the CRC of SYMBOL in __versions -> ignored if extended
  null-name      __version_ext_names SHT_NULL, not SHF_ALLOC, its name
                 outside the section name table  -> -ENOEXEC
"""
import struct
import sys

SHT_NULL = 0
SHT_NOBITS = 8
SHF_ALLOC = 2
CRCS = b"__version_ext_crcs"
NAMES = b"__version_ext_names"
VERS = b"__versions"


class Elf:
    def __init__(self, data):
        self.d = bytearray(data)
        if self.d[:4] != b"\x7fELF":
            sys.exit("not an ELF file")
        self.is64 = self.d[4] == 2
        self.e = "<" if self.d[5] == 1 else ">"
        if self.is64:
            self.shoff, = struct.unpack_from(self.e + "Q", self.d, 0x28)
            self.shentsize, self.shnum, self.shstrndx = \
                struct.unpack_from(self.e + "HHH", self.d, 0x3a)
            self.fmt = self.e + "IIQQQQIIQQ"
        else:
            self.shoff, = struct.unpack_from(self.e + "I", self.d, 0x20)
            self.shentsize, self.shnum, self.shstrndx = \
                struct.unpack_from(self.e + "HHH", self.d, 0x2e)
            self.fmt = self.e + "IIIIIIIIII"

    def shdr(self, i):
        return list(struct.unpack_from(self.fmt, self.d,
                                       self.shoff + i * self.shentsize))

    def set_shdr(self, i, h):
        struct.pack_into(self.fmt, self.d, self.shoff + i * self.shentsize,
                         *h)

    # field indices: 0 name 1 type 2 flags 3 addr 4 offset 5 size
    def name_off(self, i):
        return self.shdr(self.shstrndx)[4] + self.shdr(i)[0]

    def name(self, i):
        off = self.name_off(i)
        return bytes(self.d[off:self.d.index(b"\0", off)])

    def find(self, name):
        for i in range(1, self.shnum):
            if self.name(i) == name:
                return i
        sys.exit("no section %s" % name.decode())

    def rename(self, name):
        off = self.name_off(self.find(name))
        self.d[off + len(name) - 1] = ord("X")

    def contents(self, i):
        h = self.shdr(i)
        return self.d[h[4]:h[4] + h[5]]


def entries(elf):
    c, n = elf.find(CRCS), elf.find(NAMES)
    crcs = elf.contents(c)
    names = bytes(elf.contents(n)).split(b"\0")[:len(crcs) // 4]
    return c, n, names


def main():
    if len(sys.argv) not in (4, 5):
        sys.exit(__doc__)
    src, dst, variant = sys.argv[1:4]
    elf = Elf(open(src, "rb").read())
    c, n, names = entries(elf)
    sym = sys.argv[4].encode() if len(sys.argv) == 5 else max(names, key=len)

    if variant == "only-crcs":
        elf.rename(NAMES)
    elif variant == "only-names":
        elf.rename(CRCS)
    elif variant == "drop-ext":
        elf.rename(NAMES)
        elf.rename(CRCS)
    elif variant == "crc-size":
        h = elf.shdr(c)
        h[5] -= 2
        elf.set_shdr(c, h)
    elif variant == "names-short":
        h = elf.shdr(n)
        # Everything up to and including the last needed name's NUL ...
        h[5] = sum(len(x) + 1 for x in names)
        # ... minus that NUL.
        h[5] -= 1
        elf.set_shdr(n, h)
    elif variant in ("crcs-nobits", "names-nobits", "versions-nobits"):
        i = {"crcs-nobits": c, "names-nobits": n,
             "versions-nobits": elf.find(VERS)}[variant]
        h = elf.shdr(i)
        h[1] = SHT_NOBITS
        elf.set_shdr(i, h)
    elif variant in ("bad-crc", "drop-entry"):
        if sym not in names:
            sys.exit("%s not in %s" % (sym.decode(), NAMES.decode()))
        k = names.index(sym)
        hc, hn = elf.shdr(c), elf.shdr(n)
        if variant == "bad-crc":
            off = hc[4] + 4 * k
            elf.d[off] ^= 0x5a
        else:
            # Shift the following entries down, shrink both sections.
            off = hc[4] + 4 * k
            end = hc[4] + hc[5]
            elf.d[off:end] = elf.d[off + 4:end] + b"\0" * 4
            hc[5] -= 4
            noff = hn[4] + sum(len(x) + 1 for x in names[:k])
            nend = hn[4] + hn[5]
            skip = len(sym) + 1
            elf.d[noff:nend] = elf.d[noff + skip:nend] + b"\0" * skip
            hn[5] -= skip
            elf.set_shdr(c, hc)
            elf.set_shdr(n, hn)
    elif variant == "bad-basic-crc":
        v = elf.find(VERS)
        h = elf.shdr(v)
        ptr = 8 if elf.is64 else 4
        for off in range(h[4], h[4] + h[5], 64):
            name = bytes(elf.d[off + ptr:off + 64]).split(b"\0")[0]
            if name == sym:
                elf.d[off] ^= 0x5a
                break
        else:
            sys.exit("%s not in __versions" % sym.decode())
    elif variant == "null-name":
        h = elf.shdr(n)
        h[0] = 0x10000
        h[1] = SHT_NULL
        h[2] &= ~SHF_ALLOC
        elf.set_shdr(n, h)
    else:
        sys.exit("unknown variant %s" % variant)

    open(dst, "wb").write(elf.d)


if __name__ == "__main__":
    main()
