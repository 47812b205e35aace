#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
#
# ccache-miss.py KOUT N [KOUT N ...]: what a ccache miss costs against
# the compiler alone, for the harness's choice to build without ccache in
# CI (.ci/run), where the cache starts empty. For each build directory,
# N C objects (a fixed pseudo-random pick) are compiled again from the
# command lines of their .cmd files, each one twice in a row: by the
# compiler alone and through ccache with an empty cache of the run's own
# (a miss), so that a drift in the machine's load hits both alike. CPU
# time is user + sys of the compile and everything it ran. Also checks
# that both ways give the same object, byte for byte.
#
# Prints a Markdown table (redirect it to benchmarks/results/). A
# benchmark, not a test: it fails only when a compile fails.

import os
import random
import resource
import shutil
import subprocess
import sys
import tempfile
import time


def c_objects(kout):
    """[(object, compile command)] of the C objects compiled through
    ccache in KOUT, from the first line of their .cmd files."""
    found = []
    for root, _, files in os.walk(kout):
        for f in sorted(files):
            if not f.endswith('.o.cmd') or f.endswith('.mod.o.cmd'):
                continue
            with open(os.path.join(root, f), errors='replace') as c:
                first = c.readline()
            name, sep, cmd = first.partition(' := ')
            cmd = cmd.split(';')[0].strip().replace('$$', '$')
            if sep and cmd.startswith('ccache ') and cmd.endswith('.c'):
                found.append((name[len('savedcmd_'):], cmd))
    return sorted(found)


def retarget(cmd, out):
    """CMD writing its object and dependency file to OUT and OUT.d."""
    words = cmd.split(' ')
    words[words.index('-o') + 1] = out
    return ' '.join(f'-Wp,-MMD,{out}.d' if w.startswith('-Wp,-MMD,') else w
                    for w in words)


def timed(cmd, cwd, env):
    """(wall, CPU) seconds of CMD, or None if it fails."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.monotonic()
    run = subprocess.run(cmd, shell=True, cwd=cwd, env=env,
                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if run.returncode:
        return None
    return (time.monotonic() - start,
            after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime)


def measure(kout, n, scratch):
    """Compile N objects of KOUT both ways: (count, {way: [wall, CPU]},
    objects the same both ways, stale .cmd files skipped). A .cmd file
    whose command no longer compiles (left by an earlier configuration
    of an incremental build) is skipped."""
    objs = c_objects(kout)
    random.Random(1).shuffle(objs)
    cache = os.path.join(scratch, 'cache')
    shutil.rmtree(cache, ignore_errors=True)
    env = dict(os.environ, CCACHE_DIR=cache, CCACHE_NOHASHDIR='1')
    env.pop('CCACHE_DISABLE', None)
    total = {'alone': [0.0, 0.0], 'miss': [0.0, 0.0]}
    count = same = stale = 0
    for i, (_, cmd) in enumerate(objs):
        if count == n:
            break
        outs, times = {}, {}
        for way in ('alone', 'miss'):
            out = os.path.join(scratch, f'{i}.{way}.o')
            c = retarget(cmd, out)
            if way == 'alone':
                c = c[len('ccache '):]
            times[way] = timed(c, kout, env)
            if times[way] is None:
                break
            with open(out, 'rb') as f:
                outs[way] = f.read()
        if None in times.values():
            if times['alone'] is not None:
                sys.exit(f'{kout}: {cmd.split()[-1]} compiles alone, not through ccache')
            stale += 1
            continue
        for way in total:
            total[way][0] += times[way][0]
            total[way][1] += times[way][1]
        count += 1
        same += outs['alone'] == outs['miss']
    return count, total, same, stale


def main():
    args = sys.argv[1:]
    if not args or len(args) % 2:
        sys.exit('usage: ccache-miss.py KOUT N [KOUT N ...]')
    print(f'Load average at the start: {os.getloadavg()[0]:.2f} '
          f'({os.cpu_count()} CPUs)\n')
    print('| build | objects | alone: wall, CPU | ccache miss: wall, CPU '
          '| miss / alone (CPU) | same object |')
    print('|---|---|---|---|---|---|')
    with tempfile.TemporaryDirectory(prefix='ccache-miss.') as scratch:
        for kout, n in zip(args[::2], args[1::2]):
            count, t, same, stale = measure(os.path.abspath(kout), int(n), scratch)
            if not count:
                sys.exit(f'{kout}: no object compiled ({stale} stale .cmd files)')
            print(f'| {os.path.basename(kout.rstrip("/"))} | {count} '
                  f'({stale} stale .cmd skipped) '
                  f'| {t["alone"][0]:.1f} s, {t["alone"][1]:.1f} s '
                  f'| {t["miss"][0]:.1f} s, {t["miss"][1]:.1f} s '
                  f'| {t["miss"][1] / t["alone"][1]:.3f} | {same} of {count} |')
    print(f'\nLoad average at the end: {os.getloadavg()[0]:.2f}')


if __name__ == '__main__':
    main()
