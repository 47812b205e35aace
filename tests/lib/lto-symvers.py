#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
#
# lto-symvers.py LTO_KOUT REF_KOUT: the Module.symvers of a Clang LTO
# build (CONFIG_LTO_CLANG, GENDWARFKSYMS) must equal, line for line, that
# of REF_KOUT, the same configuration built without LTO: every export,
# with the same version, module, export type and namespace, and none with
# version 0.
#
# It also checks where the LTO build took each vmlinux version from: the
# C exports (objects whose source is a .c file) from the #SYMVER lines
# kbuild appended to .vmlinux.o.cmd at the vmlinux.o link, the assembly
# and Rust exports from their own objects' .cmd files, as without LTO.
# The language of an export is that of the object whose .cmd file holds
# its version in REF_KOUT.
#
# Prints the counts; exits 1 with the first differences.

import os
import sys


def fail(msg):
    print(f'lto-symvers: {msg}', file=sys.stderr)
    sys.exit(1)


def symvers(kout):
    """{name: line} of KOUT's Module.symvers."""
    lines = {}
    with open(os.path.join(kout, 'Module.symvers')) as f:
        for line in f:
            name = line.split('\t')[1]
            if name in lines:
                fail(f'{kout}: {name} twice in Module.symvers')
            lines[name] = line.rstrip('\n')
    return lines


def cmd_file(kout, obj):
    d, f = os.path.split(obj)
    return os.path.join(kout, d, f'.{f}.cmd')


def cmd_symvers(path):
    """(source kind, {name: crc}) of the #SYMVER lines of a .cmd file."""
    kind, got = '', {}
    with open(path, errors='replace') as c:
        for line in c:
            if line.startswith('source_'):
                kind = os.path.splitext(line.split()[-1])[1]
            elif line.startswith('#SYMVER '):
                _, name, crc = line.split()
                got[name] = crc
    return kind, got


def vmlinux_objects(kout):
    with open(os.path.join(kout, '.vmlinux.objs')) as f:
        return f.read().split()


def languages(kout):
    """{name: '.c', '.S' or '.rs'} for the vmlinux exports of a build
    without LTO, from the .cmd file that versions each."""
    lang = {}
    for obj in vmlinux_objects(kout):
        kind, got = cmd_symvers(cmd_file(kout, obj))
        for name in got:
            lang[name] = kind or '?'
    return lang


def main():
    if len(sys.argv) != 3:
        fail('usage: lto-symvers.py LTO_KOUT REF_KOUT')
    lto_kout, ref_kout = sys.argv[1:]
    lto, ref = symvers(lto_kout), symvers(ref_kout)

    missing = sorted(set(ref) - set(lto))
    extra = sorted(set(lto) - set(ref))
    differ = sorted(n for n in set(ref) & set(lto) if ref[n] != lto[n])
    for n in differ[:10]:
        print(f'lto-symvers: {n}:\n  without LTO {ref[n]}\n  with LTO    {lto[n]}',
              file=sys.stderr)
    if missing or extra or differ:
        fail(f'{len(differ)} lines differ, {len(missing)} exports missing with LTO '
             f'({missing[:5]}), {len(extra)} only with LTO ({extra[:5]})')
    zero = sorted(n for n, l in lto.items() if int(l.split('\t')[0], 16) == 0)
    if zero:
        fail(f'{len(zero)} exports with version 0: {zero[:5]}')

    # Where the LTO build versioned the vmlinux exports.
    lang = languages(ref_kout)
    _, at_link = cmd_symvers(os.path.join(lto_kout, '.vmlinux.o.cmd'))
    per_object = {}
    for obj in vmlinux_objects(lto_kout):
        per_object.update(cmd_symvers(cmd_file(lto_kout, obj))[1])
    counts = {'.c': 0, '.S': 0, '.rs': 0}
    for name, line in ref.items():
        if line.split('\t')[2] != 'vmlinux':
            continue
        kind = lang.get(name)
        if kind not in counts:
            fail(f'{name}: no object of {ref_kout} versions it (kind {kind!r})')
        counts[kind] += 1
        linked = name in at_link
        if linked != (kind == '.c') or linked == (name in per_object):
            fail(f'{name} ({kind}): versioned at the vmlinux.o link: {linked}, '
                 f'by its own object: {name in per_object}')
    if counts['.c'] < 1000 or not counts['.S']:
        fail(f'too few exports to tell: {counts}')
    modules = len(ref) - sum(counts.values())
    print(f'lto-symvers: all {len(ref)} exports equal, none with version 0: '
          f"vmlinux {counts['.c']} C (versioned at the vmlinux.o link), "
          f"{counts['.S']} assembly and {counts['.rs']} Rust (by their objects); "
          f'{modules} of modules')


if __name__ == '__main__':
    main()
