#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
#
# relocation-objects.py DIR OBJECT...: prepare the runs of
# tests/gendwarfksyms/relocation.sh. For each 64-bit little-endian
# relocatable OBJECT with defined global symbols, one run, and a second
# one with --stable if it has a kABI rules section: a directory DIR/N with
#
#   own/x.o    a copy of OBJECT
#   dwfl/x.o   OBJECT as force-libdwfl.py copies it (read through libdwfl)
#   symbols    its defined global and weak symbols, read from .symtab
#   opts       the tool's options ("" or "--stable")
#   what       OBJECT and the options, for messages
#
# and prints N. Other files (not ELF, truncated, ELF32, no symbols) are
# skipped: the other tests use them as bad input.
import importlib.util
import os
import struct
import sys

here = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location(
    'force_libdwfl', os.path.join(here, 'force-libdwfl.py'))
force_libdwfl = importlib.util.module_from_spec(spec)
spec.loader.exec_module(force_libdwfl)

SHT_SYMTAB = 2
ET_REL = 1


def cstr(data, off):
    return data[off:data.index(b'\0', off)].decode('utf-8', 'replace')


def inspect(data):
    """(defined global symbols, section names) or None if unusable"""
    if data[:4] != b'\x7fELF' or data[4] != 2 or data[5] != 1:
        return None
    if struct.unpack_from('<H', data, 0x10)[0] != ET_REL:
        return None
    shoff, = struct.unpack_from('<Q', data, 0x28)
    shentsize, shnum, shstrndx = struct.unpack_from('<HHH', data, 0x3a)
    if not shnum or shoff + shentsize * shnum > len(data):
        return None
    hdrs = [struct.unpack_from('<IIQQQQIIQQ', data, shoff + i * shentsize)
            for i in range(shnum)]
    strtab_off = hdrs[shstrndx][4]
    names = [cstr(data, strtab_off + h[0]) for h in hdrs]
    syms = []
    for h in hdrs:
        if h[1] != SHT_SYMTAB:
            continue
        off, size, link, entsize = h[4], h[5], h[6], h[9]
        if off + size > len(data) or not entsize:
            return None
        strs = hdrs[link][4]
        for i in range(1, size // entsize):
            name, info, _, shndx, _, _ = struct.unpack_from(
                '<IBBHQQ', data, off + i * entsize)
            if info >> 4 in (1, 2) and shndx != 0 and name:
                syms.append(cstr(data, strs + name))
    return syms, names


def main():
    out, objects = sys.argv[1], sys.argv[2:]
    n = 0
    for obj in objects:
        data = open(obj, 'rb').read()
        try:
            found = inspect(data)
        except (struct.error, ValueError, IndexError):
            found = None
        if not found or not found[0]:
            continue
        syms, names = found
        stable = '.discard.gendwarfksyms.kabi_rules' in names
        for opts in ('', '--stable') if stable else ('',):
            n += 1
            d = os.path.join(out, str(n))
            os.makedirs(os.path.join(d, 'own'))
            os.makedirs(os.path.join(d, 'dwfl'))
            open(os.path.join(d, 'own', 'x.o'), 'wb').write(data)
            force_libdwfl.copy(obj, os.path.join(d, 'dwfl', 'x.o'))
            open(os.path.join(d, 'symbols'), 'w').write(
                ''.join(s + '\n' for s in syms))
            open(os.path.join(d, 'opts'), 'w').write(opts)
            open(os.path.join(d, 'what'), 'w').write(
                (obj + ' ' + opts).strip())
            print(n)


main()
