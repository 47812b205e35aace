#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
#
# pack.py OUT FLAGS OBJECT SYMBOLS [RULES]: write one gendwarfksyms fuzz
# input (the layout is described in harness.c). Without RULES the object's
# own kABI rules section, if any, is left alone.
import struct
import sys

out, flags, obj, syms = sys.argv[1:5]
rules = open(sys.argv[5], 'rb').read() if len(sys.argv) > 5 else None
syms = open(syms, 'rb').read()[:0xfffe]
data = struct.pack('<BH', int(flags), len(syms)) + syms
if rules is None:
    data += struct.pack('<H', 0xffff)
else:
    data += struct.pack('<H', len(rules[:0xfffe])) + rules[:0xfffe]
data += open(obj, 'rb').read()
open(out, 'wb').write(data)
