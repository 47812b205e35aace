#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""cold-versioning-cost.py [--sample=N] BUILD [ROUNDS]: what GENDWARFKSYMS
adds to a kernel build without any cache, measured command by command
instead of as the difference of two whole builds.

Whole builds of one configuration differ by up to 18 % in CPU time on
this shared machine (benchmarks/results/kbuild-time.md), more than the
few per cent versioning costs. So this replays, in the output directory
of a kernel kbuild built with CONFIG_GENDWARFKSYMS (build/out/BUILD), the
commands that build the C and assembly objects of vmlinux and the
modules and, right after
each, the versioning kbuild ran on that object, into a scratch directory
and without ccache or the result cache:

  compile:  the object's command line from its .cmd file (compiler,
            objtool), as MODVERSIONS off runs it too;
  C object: gendwarfksyms --find-exports on the fresh object;
  assembly: gendwarfksyms --list-exports, and when it lists exports, the
            prototype file kbuild writes, compiled with the C flags of a
            C object of the same directory (kbuild uses that directory's
            c_flags; only the -D names of the file differ), and the tool
            on it, all in one shell as kbuild runs it;
  the tool's build: its host objects and links (gendwarfksyms, and
            symtypes-diff in a build that made it), paid once per build
            from an empty directory.

Each command's CPU (user + sys of it and all its children, from wait4)
is summed by kind; a compile and its versioning run one after the other,
so that a change in the machine's load hits both. The ratio of
versioning to compiling is an upper bound of what versioning adds to
the whole build, which also links, runs modpost and make itself.

Every replayed object must give the #SYMVER lines kbuild wrote into its
.cmd file, or the script fails: the replay is checked to be the work
kbuild did. The objects of rust/ are left out (counted). Writes
benchmarks/results/cold-versioning-cost-BUILD.md.

BUILD is a name under build/out, or a directory. --sample=N replays
only every Nth C object (in the order of their names) and multiplies
their sums by N, for big kernels; the assembly objects and the tool's
build are always replayed whole. ROUNDS defaults to 2.
"""

import os
import re
import resource
import shutil
import subprocess
import sys
import tempfile
import time

TOOL = 'scripts/gendwarfksyms/gendwarfksyms'
TOOL_DEP = '$(wildcard ' + TOOL + ')'
HOST_PROGRAMS = ('scripts/gendwarfksyms/gendwarfksyms',
                 'scripts/gendwarfksyms/symtypes-diff')


class Meter:
    """Runs commands and sums their CPU by kind: user + sys of the command
    and all its children, from our reaped children's usage."""

    def __init__(self):
        self.totals = {}

    def run(self, kind, argv, cwd, shell=False):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        proc = subprocess.run(argv, cwd=cwd, shell=shell, text=True,
                              stdin=subprocess.DEVNULL, capture_output=True)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        if proc.returncode != 0:
            sys.exit(f'cold-versioning-cost: {kind}: exit {proc.returncode}: '
                     f'{str(argv)[:300]}\n{proc.stderr[-2000:]}')
        used = (after.ru_utime - before.ru_utime +
                after.ru_stime - before.ru_stime)
        self.totals[kind] = self.totals.get(kind, 0.0) + used
        return proc.stdout


def read_cmd(path):
    """The saved command and the #SYMVER lines of a .cmd file."""
    saved, symvers, versioned = None, [], False
    with open(path, errors='replace') as f:
        for line in f:
            if line.startswith('savedcmd_'):
                saved = line.split(' := ', 1)[1].rstrip('\n')
            elif line.startswith('#SYMVER '):
                symvers.append(line.rstrip('\n'))
            elif TOOL_DEP in line:
                versioned = True
    return saved, symvers, versioned


def token_re(path):
    return re.compile(r'(?<![\w./-])' + re.escape(path) + r'(?![\w.-])')


def replay_command(saved, obj, tmp_obj):
    """The saved command without ccache and the dependency file, writing
    tmp_obj instead of obj."""
    cmd = re.sub(r'^ccache ', '', saved)
    cmd = re.sub(r' -Wp,-MMD,\S+', '', cmd)
    return token_re(obj).sub(tmp_obj, cmd)


def build_members(out):
    """The objects of vmlinux and the modules: the members of vmlinux.a and
    of the lib.a archives, and the objects of each module named in
    modules.order. Objects outside them (boot code, the vDSO) are not
    versioned for modules, and a .cmd file left by an older configuration
    names an object that may no longer compile."""
    archives = [os.path.join(out, 'vmlinux.a')]
    archives += [os.path.join(out, 'lib/lib.a')]
    arch = os.path.join(out, 'arch')
    archives += [os.path.join(arch, a, 'lib/lib.a') for a in os.listdir(arch)]
    members = set()
    for a in archives:
        if os.path.exists(a):
            # A thin archive's members, named from the output directory
            members.update(subprocess.run(['ar', 't', os.path.relpath(a, out)],
                                          cwd=out, check=True, text=True,
                                          capture_output=True).stdout.split())
    order = os.path.join(out, 'modules.order')
    if os.path.exists(order):
        for module in open(order).read().split():
            with open(os.path.join(out, re.sub(r'\.(k?o)$', '.mod', module))) as f:
                members.update(f.read().split())
    if not members:
        sys.exit(f'cold-versioning-cost: {out}: no vmlinux.a')
    return {os.path.normpath(m) for m in members}


def main():
    args = sys.argv[1:]
    sample = 1
    if args and args[0].startswith('--sample='):
        sample = int(args.pop(0).split('=', 1)[1])
    if len(args) not in (1, 2) or sample < 1:
        sys.exit('usage: cold-versioning-cost.py [--sample=N] BUILD [ROUNDS]')
    top = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    if '/' in args[0]:
        out = os.path.abspath(args[0])
    else:
        out = os.path.join(top, 'build/out', args[0])
    name = os.path.basename(out)
    rounds = int(args[1]) if len(args) == 2 else 2
    if not os.path.exists(os.path.join(out, TOOL)):
        sys.exit(f'cold-versioning-cost: {out} has no {TOOL}: build it first '
                 f'(scripts/build-kernel.sh {name})')

    members = build_members(out)
    tree = os.path.join(top, 'build/linux')
    compile_re = re.compile(r'-c -o (\S+\.o) (\S+\.([cS]))(?:\s|$)')
    # (object, 'c' or 'S', versioned by kbuild, command, #SYMVER lines)
    objects = []
    c_command_of_dir = {}  # directory -> (obj, saved) of a C object there
    # The Rust support's C helpers are versioned with the names of
    # rust/exports.c, which are not found in them: left out.
    rust = sum(1 for obj in members if obj.startswith('rust/'))
    for obj in sorted(members):
        cmd = os.path.join(out, os.path.dirname(obj), '.' + os.path.basename(obj) + '.cmd')
        if obj.startswith('rust/') or not os.path.exists(cmd):
            continue
        saved, symvers, versioned = read_cmd(cmd)
        c = compile_re.search(saved or '')
        if not c or c.group(1) != obj:
            continue
        kind = c.group(3)
        # A build with test patches (configs/builds) keeps the patched
        # sources it compiled in build/out/BUILD.src.
        src = os.path.relpath(c.group(2), tree)
        if os.path.exists(os.path.join(out + '.src', src)):
            saved = token_re(c.group(2)).sub(os.path.join(out + '.src', src), saved)
        objects.append((obj, kind, versioned, saved, symvers))
        if kind == 'c':
            c_command_of_dir.setdefault(os.path.dirname(obj), (obj, saved))
    all_objects = objects
    sampled = [o for i, o in enumerate(o for o in objects if o[1] == 'c')
               if i % sample == 0]
    objects = sampled + [o for o in objects if o[1] == 'S']

    def c_flags_command(obj):
        """A C object of obj's directory or the nearest one above, or None."""
        d = os.path.dirname(obj)
        while d not in c_command_of_dir:
            if not d:
                return None
            d = os.path.dirname(d)
        return c_command_of_dir[d]

    host = []  # (kind, obj-or-program, saved)
    for prog in HOST_PROGRAMS:
        d, b = os.path.split(prog)
        cmd_file = os.path.join(out, d, '.' + b + '.cmd')
        # symtypes-diff is built only by builds with KBUILD_SYMTYPES=1
        # (0065), which the harness's builds are not.
        if prog != TOOL and not os.path.exists(cmd_file):
            continue
        saved, _, _ = read_cmd(cmd_file)
        for o in saved.split():
            if o.endswith('.o'):
                osaved, _, _ = read_cmd(os.path.join(out, os.path.dirname(o),
                                                     '.' + os.path.basename(o) + '.cmd'))
                if (o, osaved) not in [(h[1], h[2]) for h in host]:
                    host.append(('compile', o, osaved))
        host.append(('link', prog, saved))

    load_start = open('/proc/loadavg').read().split()[:3]
    scratch = tempfile.mkdtemp(prefix='cold-versioning-')
    tool = os.path.join(out, TOOL)

    def version(meter, obj, kind, path, symvers):
        """Versions the object at path as kbuild versions obj."""
        if kind == 'c':
            got = meter.run('versions: C objects', [tool, '--find-exports', path], out)
        else:
            proto_c = os.path.join(scratch, 'p.gendwarfksyms.c')
            proto_o = os.path.join(scratch, 'p.gendwarfksyms.o')
            c_object = c_flags_command(obj)
            if c_object:
                # The C object's compiler, without objtool, on the
                # prototype file.
                cobj, csaved = c_object
                cc = replay_command(csaved, cobj, cobj).split(' ; ')[0]
                cc = compile_re.sub(f'-c -o {proto_o} {proto_c} ', cc)
            else:
                cc = f'{{ echo "no C object near {obj} to take C flags from" >&2; false; }}'
            script = (
                f'exports=$({tool} --list-exports {path}) && '
                'if [ -n "$exports" ]; then '
                '{ echo "#include <linux/kernel.h>"; '
                'echo "#include <linux/string.h>"; '
                'echo "#define __GENKSYMS__"; '
                'echo "#include <asm/asm-prototypes.h>"; '
                f'printf \'EXPORT_SYMBOL(%s);\\n\' $exports; }} > {proto_c} && '
                f'{cc} && '
                f'printf \'%s\\n\' $exports | {tool} {proto_o}; fi')
            got = meter.run('versions: assembly objects', script, out, shell=True)
        if got.splitlines() != symvers:
            sys.exit(f'cold-versioning-cost: {obj}: versioned here, it gets other '
                     f'versions than kbuild wrote into its .cmd file:\n{got[:1000]}')

    results = []
    checked = 0
    try:
        # First, quickly, on kbuild's own objects: is this what kbuild ran?
        for obj, kind, versioned, saved, symvers in all_objects:
            if versioned:
                version(Meter(), obj, kind, obj, symvers)
        for r in range(rounds):
            meter = Meter()
            for obj, kind, versioned, saved, symvers in objects:
                tmp_obj = os.path.join(scratch, 'o.o')
                meter.run('compile ' + kind, replay_command(saved, obj, tmp_obj),
                          out, shell=True)
                if not versioned:
                    continue
                version(meter, obj, kind, tmp_obj, symvers)
                checked += 1
            for kind, what, saved in host:
                tmp = os.path.join(scratch, os.path.basename(what))
                meter.run('versions: the tool\'s build', replay_command(saved, what, tmp),
                          out, shell=True)
            # The C objects replayed stand for N times as many.
            for k in ('compile c', 'versions: C objects'):
                meter.totals[k] = meter.totals.get(k, 0.0) * sample
            results.append(meter.totals)
            print(f'round {r + 1}: ' + ', '.join(f'{k} {v:.2f} s' for k, v in
                                                  sorted(meter.totals.items())), flush=True)
    finally:
        shutil.rmtree(scratch)
    load_end = open('/proc/loadavg').read().split()[:3]

    n_c = sum(1 for o in all_objects if o[1] == 'c')
    n_s = len(all_objects) - n_c
    v_c = sum(1 for o in all_objects if o[1] == 'c' and o[2])
    v_s = sum(1 for o in all_objects if o[1] == 'S' and o[2])
    kinds_compile = ['compile c', 'compile S']
    kinds_version = ['versions: C objects', 'versions: assembly objects',
                     'versions: the tool\'s build']

    def mean(k):
        return sum(t.get(k, 0.0) for t in results) / len(results)

    lines = []
    p = lines.append
    p(f'# Versioning without caches, command by command: {name}')
    p('')
    p(f'Written by `benchmarks/cold-versioning-cost.py {" ".join(sys.argv[1:])}` on '
      f'{time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())}.')
    head = subprocess.run(['git', '-C', tree, 'log', '-1', '--format=%h (%s)'],
                          capture_output=True, text=True).stdout.strip()
    p(f'Objects of `build/out/{name}`: {n_c} C ({v_c} versioned by kbuild), '
      f'{n_s} assembly ({v_s} versioned); {rust} objects of rust/ left out. '
      f'Tree now: {head}.')
    p(f'{rounds} rounds, every command one at a time, no ccache, no result cache. '
      f'{os.cpu_count()} cores; load average {" ".join(load_start)} at the start, '
      f'{" ".join(load_end)} at the end.')
    if sample > 1:
        p(f'Sampled: every {sample}th C object, {len(sampled)} of {n_c}; the C rows '
          f'are their sums times {sample}.')
    p(f'Checked: each of the {checked // rounds} versioned objects replayed gave '
      'the #SYMVER lines of its .cmd file, and so did every versioned object '
      'versioned as it is.')
    p('')
    p('| CPU (s) | ' + ' | '.join(f'round {i + 1}' for i in range(rounds)) + ' | mean |')
    p('|---|' + '---:|' * (rounds + 1))
    for k in kinds_compile + kinds_version:
        p(f'| {k} | ' + ' | '.join(f'{t.get(k, 0.0):.2f}' for t in results) +
          f' | {mean(k):.2f} |')
    comp = [sum(t.get(k, 0.0) for k in kinds_compile) for t in results]
    vers = [sum(t.get(k, 0.0) for k in kinds_version) for t in results]
    p('| **compiling, all told** | ' + ' | '.join(f'{c:.2f}' for c in comp) +
      f' | {sum(comp) / rounds:.2f} |')
    p('| **versioning, all told** | ' + ' | '.join(f'{v:.2f}' for v in vers) +
      f' | {sum(vers) / rounds:.2f} |')
    p('| **versioning / compiling** | ' +
      ' | '.join(f'{100 * v / c:.2f} %' for v, c in zip(vers, comp)) +
      f' | {100 * sum(vers) / sum(comp):.2f} % |')
    p('')
    p('Goal (issue 34): GENDWARFKSYMS within 3 % of MODVERSIONS off. The ratio '
      'is against compiling alone, so the whole build\'s ratio is lower.')
    text = '\n'.join(lines) + '\n'
    path = os.path.join(top, 'benchmarks/results', f'cold-versioning-cost-{name}.md')
    with open(path, 'w') as f:
        f.write(text)
    print(text)


if __name__ == '__main__':
    main()
