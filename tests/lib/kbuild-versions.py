#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
#
# kbuild-versions.py KOUT: check the versions a CONFIG_GENDWARFKSYMS build
# put into its objects' .cmd files. kbuild runs gendwarfksyms
# --find-exports on every object, one at a time, or for the C objects of
# vmlinux once per archive with --per-object; this reads each C object's
# ELF symbol table itself (not through the tool or binutils) and insists
# that
#
#   - an object without __export_symbol_<name> markers has no #SYMVER
#     lines in its .cmd file,
#   - an object with markers has exactly the lines the tool prints for the
#     marked names given on standard input, sorted as nm sorts them, and
#   - without LTO, the last #GENDWARFKSYMS mark of every C object of
#     vmlinux (.vmlinux.objs) says "versioned", and no other object's
#     does: those of vmlinux were versioned with their archive.
#
# Under Clang LTO, C objects hold LLVM bitcode and kbuild versions their
# exports at the vmlinux.o link instead: a bitcode object must have no
# #SYMVER lines, and .vmlinux.o.cmd must have exactly the lines the tool
# prints on vmlinux.o for its marked names that no .cmd file of the
# objects in .vmlinux.objs versions.
#
# Prints a summary line; exits 1 with the first differences otherwise.
# Rust objects (rust/) are versioned by rust/Makefile from another list
# and are left out, as are host programs.

import os
import struct
import subprocess
import sys

MARKER = b'__export_symbol_'
SHT_SYMTAB = 2
STT_SECTION = 3
STT_FILE = 4


def is_bitcode(path):
    """Whether PATH is LLVM bitcode (raw, or in the wrapper header)."""
    with open(path, 'rb') as f:
        return f.read(4) in (b'BC\xc0\xde', b'\xde\xc0\x17\x0b')


def symver_lines(text):
    return [l for l in text.splitlines() if l.startswith('#SYMVER ')]


def tool_lines(tool, obj, names):
    return subprocess.run([tool, obj], input=''.join(n + '\n' for n in names),
                          capture_output=True, text=True).stdout.splitlines()


def linked_vmlinux(kout, tool, errors):
    """The LTO check of .vmlinux.o.cmd; returns its number of versions."""
    versioned = set()
    with open(os.path.join(kout, '.vmlinux.objs')) as f:
        for obj in f.read().split():
            d, b = os.path.split(obj)
            with open(os.path.join(kout, d, f'.{b}.cmd'), errors='replace') as c:
                versioned.update(l.split()[1] for l in symver_lines(c.read()))
    vmlinux = os.path.join(kout, 'vmlinux.o')
    names = [n for n in marked_names(vmlinux) if n not in versioned]
    with open(os.path.join(kout, '.vmlinux.o.cmd'), errors='replace') as c:
        kbuild = symver_lines(c.read())
    listed = tool_lines(tool, vmlinux, names)
    if listed != kbuild or not kbuild:
        errors.append(f'vmlinux.o: kbuild has {len(kbuild)} versions {kbuild[:2]}..., '
                      f'the {len(names)} names left give {listed[:2]}...')
    return len(kbuild)


def marked_names(path):
    """The names of the export markers in a little-endian ELF object."""
    with open(path, 'rb') as f:
        data = f.read()
    if data[:4] != b'\x7fELF' or data[4] not in (1, 2) or data[5] != 1:
        raise ValueError(f'{path}: not a little-endian ELF object')
    if data[4] == 2:    # ELFCLASS64
        shoff, = struct.unpack_from('<Q', data, 0x28)
        shentsize, shnum = struct.unpack_from('<HH', data, 0x3a)
        shdr, sym_info = '<IIQQQQIIQQ', 4
    else:               # ELFCLASS32
        shoff, = struct.unpack_from('<I', data, 0x20)
        shentsize, shnum = struct.unpack_from('<HH', data, 0x2e)
        shdr, sym_info = '<IIIIIIIIII', 12
    sections = [struct.unpack_from(shdr, data, shoff + i * shentsize)
                for i in range(shnum)]
    if shnum == 0:
        raise ValueError(f'{path}: no section headers')
    names = []
    for sh in sections:
        if sh[1] != SHT_SYMTAB:
            continue
        offset, size, link, entsize = sh[4], sh[5], sh[6], sh[9]
        strtab = sections[link][4]
        for i in range(1, size // entsize):
            st_name, = struct.unpack_from('<I', data, offset + i * entsize)
            st_info = data[offset + i * entsize + sym_info]
            if st_info & 0xf in (STT_SECTION, STT_FILE):
                continue
            start = strtab + st_name
            name = data[start:data.index(b'\0', start)]
            if name.startswith(MARKER) and len(name) > len(MARKER):
                names.append(name[len(MARKER):].decode())
    # nm sorts by name (kbuild runs it with LC_COLLATE=C); bytes order.
    return sorted(set(names), key=lambda n: n.encode())


def last_mark(text):
    """The last #GENDWARFKSYMS line of a .cmd file, or None."""
    marks = [l for l in text.splitlines() if l.startswith('#GENDWARFKSYMS ')]
    return marks[-1] if marks else None


def c_objects(kout):
    """(object, .cmd file) of the kernel's C objects."""
    for root, dirs, files in os.walk(kout):
        rel = os.path.relpath(root, kout)
        if rel.split(os.sep)[0] in ('scripts', 'tools', 'rust'):
            dirs[:] = []
            continue
        for f in files:
            if not (f.startswith('.') and f.endswith('.o.cmd')):
                continue
            cmd = os.path.join(root, f)
            obj = os.path.join(root, f[1:-4])
            if not os.path.isfile(obj):
                continue
            with open(cmd, errors='replace') as c:
                text = c.read()
            source = [l for l in text.splitlines() if l.startswith('source_')]
            if not source or not source[0].endswith('.c') or '-D__KERNEL__' not in text:
                continue
            yield obj, text


def main():
    kout = sys.argv[1]
    tool = os.path.join(kout, 'scripts/gendwarfksyms/gendwarfksyms')
    nobj = nexp = nbitcode = narchived = 0
    errors = []
    with open(os.path.join(kout, '.config')) as f:
        lto = 'CONFIG_LTO_CLANG=y\n' in f.read()
    with open(os.path.join(kout, '.vmlinux.objs')) as f:
        vmlinux_objs = set(f.read().split())
    for obj, text in sorted(c_objects(kout)):
        nobj += 1
        rel = os.path.relpath(obj, kout)
        kbuild = symver_lines(text)
        mark = last_mark(text)
        if lto or rel not in vmlinux_objs:
            if mark == '#GENDWARFKSYMS versioned':
                errors.append(f'{rel}: not archived for vmlinux, but marked versioned')
        elif mark != '#GENDWARFKSYMS versioned':
            errors.append(f'{rel}: an object of vmlinux whose last mark is {mark!r}')
        else:
            narchived += 1
        if is_bitcode(obj):
            nbitcode += 1
            if kbuild:
                errors.append(f'{rel}: LLVM bitcode, but {len(kbuild)} versions in its .cmd')
            continue
        names = marked_names(obj)
        if not names:
            if kbuild:
                errors.append(f'{rel}: exports nothing but has {len(kbuild)} versions in its .cmd')
            continue
        nexp += 1
        listed = tool_lines(tool, obj, names)
        if listed != kbuild:
            errors.append(f'{rel}: kbuild has {kbuild[:3]}..., the listed names give {listed[:3]}...')
    nlinked = linked_vmlinux(kout, tool, errors) if nbitcode else 0
    if errors:
        for e in errors[:10]:
            print('kbuild-versions:', e, file=sys.stderr)
        sys.exit(1)
    if nbitcode:
        if nlinked < 1000:
            print(f'kbuild-versions: only {nlinked} versions at the vmlinux.o link?', file=sys.stderr)
            sys.exit(1)
        print(f'kbuild-versions: {nobj} C objects, {nbitcode} of them LLVM bitcode without '
              f'versions; .vmlinux.o.cmd has the tool\'s {nlinked} versions of the marked '
              f'names of vmlinux.o that no object versions; {nexp} native objects exporting')
        return
    if nexp < 100 or narchived < 100:
        print(f'kbuild-versions: only {nexp} of {nobj} C objects export symbols, '
              f'{narchived} versioned with their archive?', file=sys.stderr)
        sys.exit(1)
    print(f'kbuild-versions: {nobj} C objects, {nexp} exporting: '
          f"kbuild's versions are the tool's on the marked names; "
          f'{narchived} of vmlinux versioned with their archive')


if __name__ == '__main__':
    main()
