#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
#
# vmlinux-versions.py KOUT [TOOL]: gendwarfksyms (KOUT's, or TOOL) run once on the whole vmlinux.o
# of a CONFIG_GENDWARFKSYMS build must give every C and Rust export of
# vmlinux the version kbuild gave it object by object: the non-zero CRCs
# of Module.symvers. This is what versioning the output of an LTO link
# relies on (each symbol in the unit that exports it).
#
# Assembly exports are left out: kbuild versions them from a temporary C
# object of prototypes that vmlinux.o does not contain. An object's kind
# comes from the source_ line of its .cmd file, the exports of an object
# from the #SYMVER lines kbuild wrote there, the expected CRCs from
# Module.symvers. Prints a summary; exits 1 with the first differences.

import os
import subprocess
import sys


def cmd_versions(kout, obj):
    """(source kind, exported names) of one object of .vmlinux.objs."""
    d, f = os.path.split(obj)
    with open(os.path.join(kout, d, f'.{f}.cmd'), errors='replace') as c:
        lines = c.read().splitlines()
    source = next((l for l in lines if l.startswith('source_')), '')
    kind = os.path.splitext(source.split()[-1])[1] if source else ''
    names = [l.split()[1] for l in lines if l.startswith('#SYMVER ')]
    return kind, names


def main():
    kout = sys.argv[1]
    tool = sys.argv[2] if len(sys.argv) > 2 else \
        os.path.join(kout, 'scripts/gendwarfksyms/gendwarfksyms')
    symvers = {}
    with open(os.path.join(kout, 'Module.symvers')) as f:
        for line in f:
            crc, name, where = line.split('\t')[:3]
            if where == 'vmlinux':
                symvers[name] = crc
    with open(os.path.join(kout, '.vmlinux.objs')) as f:
        objs = f.read().split()

    want = {}
    counts = {'.c': 0, '.rs': 0, '.S': 0}
    for obj in objs:
        kind, names = cmd_versions(kout, obj)
        if not names:
            continue
        if kind not in counts:
            print(f'vmlinux-versions: {obj}: source kind {kind!r}?', file=sys.stderr)
            sys.exit(1)
        counts[kind] += len(names)
        if kind == '.S':
            continue
        for n in names:
            if n not in symvers:
                print(f'vmlinux-versions: {obj}: {n} not in Module.symvers', file=sys.stderr)
                sys.exit(1)
            want[n] = symvers[n]
    if counts['.c'] < 1000:
        print(f"vmlinux-versions: only {counts['.c']} C exports?", file=sys.stderr)
        sys.exit(1)
    zero = [n for n, c in want.items() if int(c, 16) == 0]
    if zero:
        print(f'vmlinux-versions: zero CRCs in Module.symvers: {zero[:5]}', file=sys.stderr)
        sys.exit(1)

    names = sorted(want)
    run = subprocess.run([tool, os.path.join(kout, 'vmlinux.o')],
                         input=''.join(n + '\n' for n in names),
                         capture_output=True, text=True)
    if run.returncode != 0:
        print(f'vmlinux-versions: the tool failed on vmlinux.o: {run.stderr[:500]}',
              file=sys.stderr)
        sys.exit(1)
    got = {}
    for line in run.stdout.splitlines():
        _, name, crc = line.split()
        got[name] = crc
    bad = [n for n in names if got.get(n) != want[n]]
    if bad:
        for n in bad[:int(os.environ.get("SHOW", 10))]:
            print(f'vmlinux-versions: {n}: kbuild {want[n]}, vmlinux.o {got.get(n)}',
                  file=sys.stderr)
        print(f'vmlinux-versions: {len(bad)} of {len(names)} differ', file=sys.stderr)
        sys.exit(1)
    print(f"vmlinux-versions: the tool on the whole vmlinux.o gives kbuild's "
          f"version to all {counts['.c']} C and {counts['.rs']} Rust exports "
          f"({counts['.S']} assembly exports left out)")


if __name__ == '__main__':
    main()
