#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""tool-build-cost.py OUT [ROUNDS]: what building gendwarfksyms costs a kernel build.

Replays the commands kbuild saved in OUT/scripts/gendwarfksyms/.*.cmd
(the compiles and links of the tool and, when OUT built it, of
symtypes-diff) in OUT, ROUNDS times (default 5), and prints the CPU time
(user + sys of the commands) per program and round. The commands write
the same files kbuild wrote; fixdep, which kbuild runs after each
compile, is not counted.
"""
import glob
import os
import resource
import subprocess
import sys


def saved_command(path):
    with open(path) as f:
        first = f.readline()
    name, sep, cmd = first.partition(' := ')
    if not name.startswith('savedcmd_') or not sep:
        sys.exit(f'tool-build-cost: {path}: no saved command on its first line')
    return cmd.strip()


def children_cpu():
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def main():
    if len(sys.argv) not in (2, 3):
        sys.exit('usage: tool-build-cost.py OUT [ROUNDS]')
    out = os.path.abspath(sys.argv[1])
    rounds = int(sys.argv[2]) if len(sys.argv) == 3 else 5
    cmds = [saved_command(p) for p in
            sorted(glob.glob(f'{out}/scripts/gendwarfksyms/.*.cmd'))]
    if not cmds:
        sys.exit(f'tool-build-cost: no .cmd files in {out}/scripts/gendwarfksyms')
    # A command belongs to symtypes-diff if it names its source or binary.
    progs = ['gendwarfksyms', 'symtypes-diff']
    print(f'# {len(cmds)} commands from {out}/scripts/gendwarfksyms, '
          f'load average {os.getloadavg()[0]:.2f} at the start')
    print('| round | ' + ' | '.join(f'{p} (s)' for p in progs) + ' |')
    print('|---:|' + '---:|' * len(progs))
    for rnd in range(1, rounds + 1):
        cpu = dict.fromkeys(progs, 0.0)
        for cmd in cmds:
            before = children_cpu()
            subprocess.run(cmd, shell=True, check=True, cwd=out)
            prog = 'symtypes-diff' if 'symtypes-diff' in cmd else 'gendwarfksyms'
            cpu[prog] += children_cpu() - before
        print(f'| {rnd} | ' + ' | '.join(f'{cpu[p]:.2f}' for p in progs) + ' |')
    print(f'# load average {os.getloadavg()[0]:.2f} at the end')


main()
