#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""recipe-steps.py LABEL:CPU:LOG ...: sums the commands of kernel builds
by step.

Each LOG is what benchmarks/recipe-shell.c wrote for one build (one line
per command make ran: CPU microseconds, wall microseconds, command), CPU
the build's total CPU seconds. LABEL ends in the build's configuration
after its last '-' (off, gendwarfksyms, ...). Prints a Markdown section:
per step, the mean number of commands and the mean CPU seconds of each
configuration, and the difference to the first configuration named,
largest first. Commands that run make again (a sub-make per directory)
hold other logged commands and are left out of the sums; the time make
spends itself (parsing makefiles, reading .cmd files) is the build's CPU
less the CPU of all other commands."""

import re
import sys
from collections import defaultdict

# (step, pattern on the command), first match wins. The patterns name what
# a command does, not how kbuild spells it today: a command that matches
# none is counted under its first program's name.
# A command that runs make again: its commands are logged on their own.
SUBMAKE = r'(^|[;&|(]\s*)(\S*/)?make\s'

STEPS = [
    ('compiler option tests (cc-option and co., while parsing)', r'TMP=\.tmp_\$\$'),
    ('compile .mod.c', r' -c -o \S+\.mod\.o \S+\.mod\.c'),
    # Since the series' 0050, the versions of an object are made in the
    # line that compiles it: counted with the compilation then.
    ('assemble .S (objtool, fixdep; versions since 0050)', r' -c -o \S+\.o \S+\.S\b'),
    ('compile .c (compiler via ccache, objtool, fixdep; versions since 0050)', r' -c -o \S+\.o \S+\.c\b'),
    ('versions: C object (gendwarfksyms --find-exports)', r'--find-exports'),
    ('versions: assembly object (prototype file, tool)', r'--list-exports'),
    ('versions: at the link (link-versions.sh)', r'link-versions\.sh'),
    ('dependency on the versioning tool (.cmd)', r'wildcard [^)]*gendwarfksyms\)'),
    ('dependency on objtool (.cmd)', r"wildcard [^)]*objtool\)' ; \} >>"),
    ('modpost', r'scripts/mod/modpost'),
    ('link a module (.ko)', r'\.ko\b.*\.mod\.o|\.mod\.o.*\.ko\b'),
    ('archive (built-in.a, lib.a)', r'\bar\b.*\b(cDPrST|cDPrsT)\b'),
]


def step(cmd):
    # x86's vmlinux link ends by running make for Makefile.postlink:
    # counted as the link, not left out as a sub-make (the few commands
    # of that make are then counted twice).
    if re.search(r'link-vmlinux\.sh', cmd):
        return 'link vmlinux (link-vmlinux.sh)'
    if re.search(SUBMAKE, cmd):
        return None
    # What kbuild puts before every command: set -e, the silencing of
    # make -s, the traps that delete the target when interrupted.
    cmd = re.sub(r"^\s*(set -e;\s*)?(exec >/dev/null;\s*)?", '', cmd)
    cmd = re.sub(r"^(trap '[^']*' [A-Z]+;\s*)*", '', cmd)
    words = cmd.split()
    if not words:
        return '(empty)'
    # The kernel's compiler goes through ccache, the host's does not.
    if words[0] in ('gcc', 'cc'):
        return 'host programs (gcc without ccache)'
    for name, pattern in STEPS:
        if re.search(pattern, cmd):
            return name
    word = words[0]
    if word in ('ccache', 'env') and len(words) > 1:
        word = words[1]
    if word == ':':
        return 'empty commands (:)'
    return 'other: ' + re.sub(r'.*/', '', word)


def main(args):
    cpu = defaultdict(lambda: defaultdict(float))   # config -> step -> s
    count = defaultdict(lambda: defaultdict(int))
    builds = defaultdict(int)
    total = defaultdict(float)
    configs = []
    for arg in args:
        label, build_cpu, log = arg.split(':', 2)
        config = label.rsplit('-', 1)[1]
        if config not in configs:
            configs.append(config)
        builds[config] += 1
        commands = 0.0
        with open(log, encoding='utf-8', errors='replace') as f:
            for line in f:
                us, _, cmd = line.rstrip('\n').split('\t', 2)
                s = step(cmd)
                if s is None:
                    continue
                cpu[config][s] += int(us) / 1e6
                count[config][s] += 1
                commands += int(us) / 1e6
        make = float(build_cpu) - commands
        cpu[config]['make itself (build CPU less its commands)'] += make
        total[config] += float(build_cpu)

    base = configs[0]
    steps = set()
    for c in configs:
        steps.update(cpu[c])

    def mean(table, c, s):
        return table[c][s] / builds[c]

    def diff(c, s):
        return mean(cpu, c, s) - mean(cpu, base, s)

    rows = sorted(steps, key=lambda s: -sum(abs(diff(c, s)) for c in configs[1:]))
    print('## Steps')
    print()
    print('CPU seconds (user + sys) and number of commands per build, mean '
          'of %s; a command\'s CPU includes its shell and everything it ran.'
          % ', '.join('%d %s builds' % (builds[c], c) for c in configs))
    print()
    head = '| step |'
    rule = '|---|'
    for c in configs:
        head += ' %s: commands | %s: CPU (s) |' % (c, c)
        rule += '---:|---:|'
    for c in configs[1:]:
        head += ' %s - %s (s) |' % (c, base)
        rule += '---:|'
    print(head)
    print(rule)
    commands = {c: sum(count[c].values()) / builds[c] for c in configs}
    # Steps that are not named and differ by less than 0.1 s: one row.
    rest = [s for s in rows if s.startswith('other: ') and
            all(abs(diff(c, s)) < 0.1 for c in configs[1:])]
    rows = [s for s in rows if s not in rest]
    for c in configs:
        for s in rest:
            cpu[c]['everything else'] += cpu[c][s]
            count[c]['everything else'] += count[c][s]
    rows.append('everything else')
    for s in rows:
        line = '| %s |' % s
        for c in configs:
            line += ' %.0f | %.2f |' % (mean(count, c, s), mean(cpu, c, s))
        for c in configs[1:]:
            line += ' %+.2f |' % diff(c, s)
        print(line)
    line = '| **whole build** |'
    for c in configs:
        line += ' %.0f | **%.2f** |' % (commands[c], total[c] / builds[c])
    for c in configs[1:]:
        line += ' **%+.2f** |' % (total[c] / builds[c] - total[base] / builds[base])
    print(line)


if __name__ == '__main__':
    if len(sys.argv) < 2:
        sys.exit('usage: recipe-steps.py LABEL:CPU:LOG ...')
    main(sys.argv[1:])
