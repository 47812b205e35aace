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
# lto-symvers.py --recompile LTO_KOUT: the same for the C exports of
# vmlinux without a second kernel build, for make check: every C object
# of vmlinux that exports symbols (LLVM bitcode with __export_symbol_
# markers, read with the build's llvm-nm) is compiled again with its own
# command line (savedcmd_ of its .cmd file) without $(CC_FLAGS_LTO), into
# a scratch directory, and versioned on its own with the build's
# gendwarfksyms on its marked names, as kbuild versions C objects without
# LTO (the C helpers of rust/ with their names, as rust/Makefile does).
# Run it through scripts/kmake.sh BUILD --run, which shows the compiler
# the tree as the build saw it (test patches). The versions must be those
# of Module.symvers, and every C export versioned at the vmlinux.o link
# must be among them.
#
# lto-symvers.py --units N LTO_KOUT: the same check in a third of the
# time: every exporting bitcode object compiled to machine code on its
# own by the build's llc (-O0: the debug information's types are the
# front end's, whatever the code generator does), and every Nth of them
# (in name order) also compiled again from source without LTO as above.
#
# Prints the counts; exits 1 with the first differences.

import concurrent.futures
import os
import re
import subprocess
import sys
import tempfile


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


def config(kout):
    with open(os.path.join(kout, '.config')) as f:
        return dict(l.rstrip('\n').split('=', 1) for l in f if l.startswith('CONFIG_'))


def is_bitcode(path):
    with open(path, 'rb') as f:
        return f.read(4) in (b'BC\xc0\xde', b'\xde\xc0\x17\x0b')


def nm_symbols(kout, nm, objs, pick):
    """{object: names} of the symbols llvm-nm lists for OBJS that PICK
    (a function of the line) maps to a name."""
    found = {}
    for i in range(0, len(objs), 200):
        batch = objs[i:i + 200]
        out = subprocess.run([nm, '--defined-only'] + batch + ['/dev/null'], cwd=kout,
                             capture_output=True, text=True)
        obj = None
        for line in out.stdout.splitlines():
            if line.endswith(':') and line[:-1] in batch:
                obj = line[:-1]
            elif obj and pick(line):
                found.setdefault(obj, set()).add(pick(line))
    return found


def exports_by_object(kout, nm, at_link):
    """{object: names}: the bitcode objects of vmlinux that kbuild would
    version without LTO, with the names it would version there."""
    objs = [o for o in vmlinux_objects(kout) if is_bitcode(os.path.join(kout, o))]
    marker = re.compile(r' __export_symbol_(\S+)$')
    found = nm_symbols(kout, nm, objs, lambda l: (m := marker.search(l)) and m.group(1))
    # rust/exports.c only marks symbols defined elsewhere and kbuild does
    # not version it: the Rust ones are versioned in the Rust objects, the
    # C helpers in rust/helpers/helpers.o with a list of names, as
    # rust/Makefile does.
    rust = found.pop('rust/exports.o', set())
    helpers = 'rust/helpers/helpers.o'
    if rust and helpers in objs:
        defined = nm_symbols(kout, nm, [helpers], lambda l: l.split()[-1])
        found[helpers] = rust & defined.get(helpers, set())
    return len(objs), {o: n & at_link for o, n in found.items() if n & at_link}


def recompile_command(kout, obj, scratch, lto_flags):
    """OBJ's compile command without LTO, writing into SCRATCH."""
    with open(cmd_file(kout, obj), errors='replace') as c:
        first = c.readline()
    prefix = f'savedcmd_{obj} := '
    if not first.startswith(prefix):
        fail(f'{cmd_file(kout, obj)}: no {prefix.strip()} line')
    cmd = first[len(prefix):].rstrip('\n').replace('$$', '$')
    words = cmd.split(' ')
    if not all(f in words for f in lto_flags):
        fail(f'{obj}: the command line lacks {lto_flags}')
    words = [w for w in words if w not in lto_flags]
    out = os.path.join(scratch, obj)
    os.makedirs(os.path.dirname(out), exist_ok=True)
    words = [re.sub(r'^-Wp,-MMD,.*', f'-Wp,-MMD,{out}.d', w) for w in words]
    try:
        words[words.index('-o') + 1] = out
    except (ValueError, IndexError):
        fail(f'{obj}: no -o in its command line')
    return ' '.join(words), out


def recompile(kout, sample):
    """Version the exporting C objects of vmlinux without the LTO link.
    SAMPLE 0: every one compiled again from its source without LTO. SAMPLE
    N: every one's own bitcode compiled to machine code alone (llc, the
    code generator of the build's LLVM, at -O0: the types in the debug
    information are the front end's, whatever the code), and every Nth
    (in name order) also compiled again from its source."""
    conf = config(kout)
    if conf.get('CONFIG_LTO_CLANG') != 'y':
        fail(f'{kout} is not a Clang LTO build')
    if conf.get('CONFIG_LTO_CLANG_THIN') == 'y':
        lto_flags = ['-flto=thin', '-fsplit-lto-unit', '-fvisibility=hidden']
    else:
        lto_flags = ['-flto', '-fvisibility=hidden']
    llvm = '-' + conf['CONFIG_CLANG_VERSION'][:-4]
    tool = os.path.join(kout, 'scripts/gendwarfksyms/gendwarfksyms')
    crcs = {n: l.split('\t')[0] for n, l in symvers(kout).items()}
    _, at_link = cmd_symvers(os.path.join(kout, '.vmlinux.o.cmd'))
    nbitcode, names = exports_by_object(kout, f'llvm-nm{llvm}', set(at_link))
    objs = sorted(names)
    if len(objs) < 50:
        fail(f'only {len(objs)} of {nbitcode} bitcode objects of vmlinux export symbols?')
    from_source = objs if sample == 0 else objs[::sample]

    def version(job):
        obj, how = job
        if how == 'source':
            cmd, out = recompile_command(kout, obj, scratch, lto_flags)
        else:
            out = os.path.join(scratch, obj + '.unit')
            os.makedirs(os.path.dirname(out), exist_ok=True)
            cmd = f'llc{llvm} -O0 -filetype=obj {obj} -o {out}'
        run = subprocess.run(cmd, shell=True, cwd=kout, capture_output=True, text=True)
        if run.returncode:
            what = 'compiling from source' if how == 'source' else f'llc{llvm}'
            return job, None, f'{what} failed: {run.stderr[:300]}'
        run = subprocess.run([tool, '--require-dwarf', out], capture_output=True, text=True,
                             input=''.join(n + '\n' for n in sorted(names[obj])))
        if run.returncode:
            return job, None, f'gendwarfksyms failed: {run.stderr[:300]}'
        return job, dict(l.split()[1:] for l in run.stdout.splitlines()), None

    jobs = [(o, 'source') for o in from_source]
    if sample:
        jobs += [(o, 'alone') for o in objs]
    with tempfile.TemporaryDirectory(prefix='lto-symvers.') as scratch:
        with concurrent.futures.ThreadPoolExecutor(os.cpu_count()) as pool:
            results = list(pool.map(version, jobs))
    got, differ = {}, []
    for (obj, how), versions, err in results:
        if err:
            fail(f'{obj} ({how}): {err}')
        for n, crc in versions.items():
            if crcs.get(n) != crc:
                differ.append(f'{n}: Module.symvers {crcs.get(n)}, {obj} {how} {crc}')
        got.update(versions)
    for d in differ[:10]:
        print(f'lto-symvers: {d}', file=sys.stderr)
    left = sorted(set(at_link) - set(got))
    if differ or left or not got:
        fail(f'{len(differ)} versions differ; {len(left)} exports versioned at the '
             f'link are in no recompiled object ({left[:5]})')
    zero = sorted(n for n, c in crcs.items() if int(c, 16) == 0)
    if zero:
        fail(f'{len(zero)} exports with version 0: {zero[:5]}')
    how = (f'each compiled alone from its bitcode and {len(from_source)} of them '
           'again from source' if sample else 'compiled again without LTO')
    print(f'lto-symvers: the {len(got)} C exports of {len(objs)} bitcode objects of vmlinux '
          f'(of {nbitcode}), {how}, have the versions of Module.symvers; '
          f'{len(at_link)} of them versioned at the vmlinux.o link; '
          f'{len(crcs)} exports in all, none with version 0')


def main():
    if len(sys.argv) == 3 and sys.argv[1] == '--recompile':
        recompile(sys.argv[2], 0)
        return
    usage = 'usage: lto-symvers.py LTO_KOUT REF_KOUT | --recompile LTO_KOUT | --units N LTO_KOUT'
    if sys.argv[1:2] == ['--units']:
        if len(sys.argv) != 4 or not sys.argv[2].isdigit() or int(sys.argv[2]) < 1:
            fail(f'{usage} (N: every Nth object also from source, N >= 1)')
        recompile(sys.argv[3], int(sys.argv[2]))
        return
    if len(sys.argv) != 3 or sys.argv[1].startswith('--'):
        fail(usage)
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
