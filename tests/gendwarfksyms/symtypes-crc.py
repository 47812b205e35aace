#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
#
# symtypes-crc.py SYMTYPES SYMBOL...: print "#SYMVER <symbol> 0x%08x" for
# each symbol, computed from a symtypes file alone, independently of
# gendwarfksyms (SPEC 1.6): CRC-32 over the symbol's type string in which
# every type reference is replaced by its own string the first time it
# occurs for this symbol, and kept as the literal reference afterwards.
import re
import sys
import zlib

# A reference is a whole word s#name, u#name, e#name or t#name; names with
# spaces are quoted: s#'core::result::Result<u8, E>'.
REF = re.compile(r"(?:(?<=^)|(?<= ))[sute]#(?:'[^']*'|[^ ]+)")


def load(path):
    types = {}
    with open(path) as f:
        for lineno, line in enumerate(f, 1):
            line = line.rstrip('\n')
            m = REF.match(line)
            if m:
                name = m.group(0)
            else:
                name = line.split(' ', 1)[0]
            if not line.startswith(name + ' '):
                sys.exit(f'{path}:{lineno}: malformed line')
            types[name] = line[len(name) + 1:]
    return types


def version(types, symbol):
    crc = 0
    seen = set()

    def feed(s):
        nonlocal crc
        pos = 0
        for m in REF.finditer(s):
            crc = zlib.crc32(s[pos:m.start()].encode(), crc)
            ref = m.group(0)
            if ref in seen:
                crc = zlib.crc32(ref.encode(), crc)
            else:
                seen.add(ref)
                if ref not in types:
                    sys.exit(f'{ref}: no expansion')
                feed(types[ref])
            pos = m.end()
        crc = zlib.crc32(s[pos:].encode(), crc)

    feed(types[symbol])
    return crc


def main():
    types = load(sys.argv[1])
    for sym in sys.argv[2:]:
        if sym not in types:
            sys.exit(f'{sym}: not in {sys.argv[1]}')
        print(f'#SYMVER {sym} 0x{version(types, sym):08x}')


main()
