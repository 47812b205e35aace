#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
#
# tree-memory.py: peak memory of a command together with every process it
# starts (gendwarfksyms forks workers for objects with many CUs, and
# `time -v` reports only the largest single process).
#
#   tree-memory.py OUT CMD [ARG...]
#
# Runs CMD (stdin, stdout and stderr passed through), samples the process
# tree every INTERVAL seconds (env TREE_MEMORY_INTERVAL, default 0.05) and
# writes to OUT one line: the peak of the summed Rss and the peak of the
# summed Pss, in KB. Pss divides the pages that processes share (the
# copy-on-write memory of forked workers) among them, so its sum is the
# memory the tree really uses; the Rss sum counts shared pages once per
# process. A peak shorter than the interval can be missed. Exits with the
# command's status.
import os
import subprocess
import sys
import time


def children(pid):
    kids = []
    try:
        for tid in os.listdir(f"/proc/{pid}/task"):
            with open(f"/proc/{pid}/task/{tid}/children") as f:
                kids += [int(k) for k in f.read().split()]
    except OSError:
        pass
    return kids


def rollup(pid):
    rss = pss = 0
    try:
        with open(f"/proc/{pid}/smaps_rollup") as f:
            for line in f:
                if line.startswith("Rss:"):
                    rss = int(line.split()[1])
                elif line.startswith("Pss:"):
                    pss = int(line.split()[1])
    except OSError:
        pass
    return rss, pss


def main():
    if len(sys.argv) < 3:
        sys.exit("usage: tree-memory.py OUT CMD [ARG...]")
    out, cmd = sys.argv[1], sys.argv[2:]
    interval = float(os.environ.get("TREE_MEMORY_INTERVAL", "0.05"))
    proc = subprocess.Popen(cmd)
    peak_rss = peak_pss = 0
    while proc.poll() is None:
        todo, tree = [proc.pid], []
        while todo:
            pid = todo.pop()
            tree.append(pid)
            todo += children(pid)
        rss = pss = 0
        for pid in tree:
            r, p = rollup(pid)
            rss += r
            pss += p
        peak_rss = max(peak_rss, rss)
        peak_pss = max(peak_pss, pss)
        time.sleep(interval)
    with open(out, "w") as f:
        f.write(f"{peak_rss} {peak_pss}\n")
    sys.exit(proc.returncode)


if __name__ == "__main__":
    main()
