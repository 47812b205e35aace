#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
#
# whole-object-versions.py KOUT [TOOL]: gendwarfksyms (KOUT's, or TOOL)
# run once on the whole vmlinux.o of a CONFIG_GENDWARFKSYMS build must give
# every C and Rust export of vmlinux the version kbuild gave it object by
# object: the non-zero CRCs of Module.symvers. This is what versioning the
# output of an LTO link relies on (each symbol in the unit that exports
# it).
#
# Assembly exports are left out: kbuild versions them from a temporary C
# object of prototypes that vmlinux.o does not contain. An object's kind
# comes from the source_ line of its .cmd file, the exports of an object
# from the #SYMVER lines kbuild wrote there, the expected CRCs from
# Module.symvers. Prints a summary; exits 1 with the first differences.
#
# whole-object-versions.py --module DIR/NAME.mod TOOL: the same for a module of
# several objects: TOOL on the linked NAME.o (cmd_ld_multi_m) must give
# each export the version kbuild wrote in its object's .cmd file.

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


def run_tool(tool, obj, names):
    """{name: crc} from TOOL on OBJ for NAMES; exits on failure."""
    run = subprocess.run([tool, obj], input=''.join(n + '\n' for n in names),
                         capture_output=True, text=True)
    if run.returncode != 0:
        print(f'whole-object-versions: the tool failed on {obj}: {run.stderr[:500]}',
              file=sys.stderr)
        sys.exit(1)
    got = {}
    for line in run.stdout.splitlines():
        _, name, crc = line.split()
        got[name] = crc
    return got


def compare(want, got):
    """Exits 1 with the first differences if GOT does not give WANT."""
    bad = [n for n in sorted(want) if got.get(n) != want[n]]
    if bad:
        for n in bad[:int(os.environ.get("SHOW", 10))]:
            print(f'whole-object-versions: {n}: kbuild {want[n]}, whole object {got.get(n)}',
                  file=sys.stderr)
        print(f'whole-object-versions: {len(bad)} of {len(want)} differ', file=sys.stderr)
        sys.exit(1)


def module(modfile, tool):
    """A module of several objects: the linked object against the .cmd files."""
    with open(modfile) as f:
        objs = f.read().split()
    if len(objs) < 2:
        print(f'whole-object-versions: {modfile}: {len(objs)} object(s), not a multi-object module',
              file=sys.stderr)
        sys.exit(1)
    want = {}
    base = os.path.dirname(modfile)
    for obj in objs:
        path = obj if os.path.isabs(obj) else os.path.join(base, obj)
        cmd = os.path.join(os.path.dirname(path), f'.{os.path.basename(path)}.cmd')
        with open(cmd, errors='replace') as c:
            for line in c:
                if line.startswith('#SYMVER '):
                    _, name, crc = line.split()
                    want[name] = crc
    if not want:
        print(f'whole-object-versions: {modfile}: no object has #SYMVER lines', file=sys.stderr)
        sys.exit(1)
    linked = modfile[:-len('.mod')] + '.o'
    compare(want, run_tool(tool, linked, sorted(want)))
    print(f"whole-object-versions: the tool on the whole {os.path.basename(linked)} gives "
          f"kbuild's version to all {len(want)} exports of its {len(objs)} objects")


def main():
    if sys.argv[1] == '--module':
        module(sys.argv[2], sys.argv[3])
        return
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
            print(f'whole-object-versions: {obj}: source kind {kind!r}?', file=sys.stderr)
            sys.exit(1)
        counts[kind] += len(names)
        if kind == '.S':
            continue
        for n in names:
            if n not in symvers:
                print(f'whole-object-versions: {obj}: {n} not in Module.symvers', file=sys.stderr)
                sys.exit(1)
            want[n] = symvers[n]
    if counts['.c'] < 1000:
        print(f"whole-object-versions: only {counts['.c']} C exports?", file=sys.stderr)
        sys.exit(1)
    zero = [n for n, c in want.items() if int(c, 16) == 0]
    if zero:
        print(f'whole-object-versions: zero CRCs in Module.symvers: {zero[:5]}', file=sys.stderr)
        sys.exit(1)

    compare(want, run_tool(tool, os.path.join(kout, 'vmlinux.o'), sorted(want)))
    print(f"whole-object-versions: the tool on the whole vmlinux.o gives kbuild's "
          f"version to all {counts['.c']} C and {counts['.rs']} Rust exports "
          f"({counts['.S']} assembly exports left out)")


if __name__ == '__main__':
    main()
