#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Check the console logs of a fuzz-loader run against the manifest.

    check.py MANIFEST OUT.md META CONSOLE...

META is a file of "key<TAB>value" lines from fuzz-loader.sh (command,
seed, durations, per-boot status "boot<TAB>N<TAB>log<TAB>status"). The
consoles (\\r removed) are read in boot order; a variant's last result
wins. Writes the report OUT.md and prints a summary; exit status 0 only if
every variant behaved as expected and no log shows a kernel splat, a
crash or a hang.
"""
import collections
import errno
import os
import re
import sys


def rel(path):
    return os.path.relpath(path) if os.path.isabs(path) else path

SPLAT = re.compile(r"Kernel panic|Oops|BUG:|WARNING:|Call Trace|"
                   r"general protection fault|UBSAN:|KASAN|"
                   r"list_(add|del) corruption|kernel BUG")


# Root causes of the findings so far, recognised by the mutations that
# trigger them (analysis in the report to the lead; see the text below).
KNOWN = [
    (r"SHT_NULL, sh_name", "A",
     "A section of type SHT_NULL whose sh_name lies outside .shstrtab: "
     "elf_validity_cache_secstrings() skips the sh_name check for SHT_NULL "
     "sections, but find_any_unique_sec() (main.c:215, called for .modinfo "
     "from elf_validity_cache_index_info(), main.c:1919, and for "
     ".gnu.linkonce.this_module) and find_sec() strcmp() every section's "
     "name at secstrings + sh_name. Fault in strcmp() (reproducer: "
     "`mutate.py craft`, null-name.ko)."),
    (r"renamed, SHT_NULL, size \+[1-9]", "B",
     "An SHF_ALLOC section of type SHT_NULL (here a version section renamed "
     "so that it is not taken as one): elf_validity_cache_sechdrs() skips the "
     "bounds check of SHT_NULL sections, layout_sections() lays it out and "
     "move_module() memcpy()s sh_size bytes from image + sh_offset "
     "(main.c:2625), past the end of the image (null-alloc.ko)."),
    (r"long\[:56\] no NUL", "C",
     "A __versions entry whose 56-byte name field has no NUL, holding the "
     "first 56 characters of a longer imported name, with no extended tables: "
     "find_version() (version.c:45, from check_version() <- resolve_symbol(), "
     "main.c:1175) strcmp()s versions[i].name and reads past the entry, past "
     "the image when the table ends the file (versions-nonul.ko: the image "
     "ends on a page boundary, so the read faults on the vmalloc guard page "
     "even without KASAN)."),
]


def known(ops):
    for rx, tag, text in KNOWN:
        if re.search(rx, ops):
            return tag
    return "?"


def ename(n):
    n = int(n)
    return "loaded" if n == 0 else errno.errorcode.get(n, "errno %d" % n)


def main():
    manifest, out, metaf, logs = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]
    rows = {}
    order = []
    for line in open(manifest):
        vid, f, flags, kind, expect, msg, ops = line.rstrip("\n").split("\t")
        rows[vid] = dict(file=f, flags=int(flags), kind=kind, expect=expect,
                         msg=msg, ops=ops)
        order.append(vid)
    meta = collections.OrderedDict()
    boots = []
    for line in open(metaf):
        f = line.rstrip("\n").split("\t")
        if f[0] == "boot":
            boots.append(f[1:])
        else:
            meta[f[0]] = f[1] if len(f) > 1 else ""

    res = {}            # id -> (errno, taint, unload)
    klines = collections.defaultdict(list)
    crashed = {}        # id -> "crash"/"hang" + log
    other_splats = []   # splat lines not attributable to a variant
    leaks, leak_lines = None, []
    boot_status = {b[1]: b[2] for b in boots}
    loop_ms = {}        # log -> ms from fuzzload's start to its last result
    for log in logs:
        cur = None
        text = open(log, errors="replace").read().splitlines()
        for line in text:
            m = re.match(r"^([BKR]) (\S+) ?(.*)$", line)
            if m:
                tag, vid, rest = m.groups()
                if tag == "B":
                    cur = vid
                    klines[vid] = []
                    res.pop(vid, None)
                elif tag == "K":
                    klines[vid if vid != "-" else "-"].append(rest)
                    if vid == "-" and SPLAT.search(rest):
                        other_splats.append((log, rest))
                else:
                    e, taint, unload, ms = rest.split()
                    res[vid] = (int(e), taint, unload)
                    loop_ms[log] = int(ms)
                    cur = None
                continue
            if line.startswith("L "):
                leak_lines.append(line[2:])
            m = re.match(r"# fuzz: kmemleak: (\d+) suspected", line)
            if m:
                leaks = int(m.group(1))
        tail_from = len(text)
        st = boot_status.get(log, "ok")
        if st != "ok" and (cur is None or cur in res):
            other_splats.append((log, "boot ended (%s) outside a variant: %s" % (
                st, text[-1] if text else "no output")))
        if cur is not None and cur not in res:
            # the boot ended during this variant: what the console shows
            # after its "B" line is its crash (or hang) report
            st = boot_status.get(log, "crash")
            crashed[cur] = (st if st != "ok" else "crash", rel(log))
            tail_from = max(k for k, l in enumerate(text) if l == "B " + cur)
            klines[cur] = [l for l in text[tail_from + 1:]
                           if not re.match(r"^(#|[KRL] )", l)][:60]
        # splats outside the B..R windows (boot, exporter, end of run);
        # ignore the K lines, the final dmesg dump repeats them
        dump = False
        for line in text[:tail_from]:
            if line.startswith("# dmesg-begin"):
                dump = True
            elif line.startswith("# dmesg-end"):
                dump = False
            elif (not dump and not re.match(r"^[BKRL] ", line) and
                  not re.match(r"^(not )?ok \d", line) and SPLAT.search(line)):
                other_splats.append((log, line))

    ok, bad, missing = [], [], []
    by_errno = collections.Counter()
    by_expect = collections.Counter()
    by_kind = collections.defaultdict(collections.Counter)
    splat_ids = []
    first_msg = collections.Counter()
    for vid in order:
        r = rows[vid]
        kind = r["kind"].rstrip("+")
        exp = r["expect"]
        overread = exp.startswith("overread:")
        exp_core = exp.split(":", 1)[1] if overread else exp
        by_expect[exp] += 1
        ks = klines.get(vid, [])
        splat = [k for k in ks if SPLAT.search(k)]
        if splat:
            splat_ids.append(vid)
        if vid in crashed:
            by_errno[crashed[vid][0]] += 1
            by_kind[kind][crashed[vid][0]] += 1
            bad.append((vid, "%s (%s)" % crashed[vid], splat))
            continue
        if vid not in res:
            missing.append(vid)
            by_kind[kind]["not run"] += 1
            continue
        e, taint, unload = res[vid]
        got = ename(e)
        if e == 0 and "F" in taint:
            got = "loaded-forced"
        by_errno[got] += 1
        by_kind[kind][got] += 1
        msg_ok = r["msg"] == "-" or any(r["msg"] in k for k in ks)
        if ks:
            first_msg[re.sub(r"\d+", "N", ks[0])[:110]] += 1
        why = []
        if exp_core in ("load", "load-forced"):
            if e != 0:
                why.append("expected to load, got %s" % got)
            else:
                if unload != "0":
                    why.append("delete_module failed: %s" % ename(unload))
                if (exp_core == "load-forced") != ("F" in taint):
                    why.append("taint '%s' for %s" % (taint, exp_core))
        elif got != exp_core:
            why.append("expected %s, got %s" % (exp_core, got))
            if e == 0 and unload != "0":
                why.append("delete_module failed")
        if not why and not msg_ok:
            why.append("no kernel log line with '%s'" % r["msg"])
        if splat:
            why.append("kernel splat")
        if why:
            bad.append((vid, "; ".join(why), splat))
        else:
            ok.append(vid)

    consistent = len(ok)
    n = len(order)
    attempts = len(res) + len(crashed)
    clean = not bad and not missing and not other_splats and not leaks
    w = []
    p = w.append
    checks = meta.get("checks", "").split()
    p("# Module loader fuzzing: extended modversion tables%s\n" %
      (" under KASAN" if "KASAN" in checks else " (no KASAN)"))
    p("Generated by `benchmarks/fuzz-loader.sh` (%s). Kernel build `%s` "
      "(`configs/builds`: tinyconfig + %s), booted under QEMU TCG "
      "(`qemu/boot.sh`, 256 MB) with `kasan_multi_shot`. Debug checks "
      "enabled in its .config: %s.\n" % (
          meta.get("date", ""), meta.get("build", "?"),
          meta.get("fragments", "?"), ", ".join(checks) or "none"))
    if "KASAN" not in checks:
        p("**Not a KASAN run**: the kernel had no KASAN, so reads outside the "
          "module image that stay inside mapped memory go unnoticed; only "
          "faults show. `benchmarks/fuzz-loader.sh` without FUZZ_BUILD runs "
          "the `kasan` build.\n")
    p("## Figures\n")
    p("| | |\n|---|---|")
    p("| variants (load attempts) | %d |" % n)
    p("| variants run | %d |" % attempts)
    p("| outcome as predicted (errno, kernel message, load+call+unload) | %d |" % consistent)
    p("| inconsistent / crashed / hung | %d |" % len(bad))
    p("| not run | %d |" % len(missing))
    p("| variants with a KASAN/UBSAN/BUG/WARNING/Oops report | %d |" % len(splat_ids))
    over = [v for v in order if rows[v]["expect"].startswith("overread:")]
    p("| predicted by the model to read outside the image (`overread:`) | %d, "
      "of which %d crashed or showed a report |" % (
          len(over), len([v for v in over if v in crashed or v in splat_ids])))
    p("| splats outside variant attempts | %d |" % len(other_splats))
    p("| kmemleak suspected leaks after the run | %s |" %
      ("n/a" if leaks is None else leaks))
    p("| seed | %s |" % meta.get("seed", "?"))
    if res:
        p("| load loop in the guest (sum over boots, TCG) | %.0f s, %.0f ms per variant |" % (
            sum(loop_ms.values()) / 1000.0, sum(loop_ms.values()) / float(len(res))))
    for k in ("kernel build", "modules + variants", "guest run (all boots)",
              "total"):
        if k in meta:
            p("| %s | %s |" % (k, meta[k]))
    p("| boots | %d |" % len(boots))
    p("")
    p("Verdict: **%s**\n" % ("PASS: every variant refused or loaded as "
                              "predicted, no kernel report, no crash, no "
                              "hang, no leak"
                              if clean else "FAIL (see findings)"))
    p("## Outcomes (errno returned by finit_module)\n")
    p("| outcome | variants |\n|---|---|")
    for k, v in by_errno.most_common():
        p("| %s | %d |" % (k, v))
    p("\n`loaded-forced`: loaded with taint F because no version table was "
      "left at all (the loader then behaves as after `modprobe --force`, "
      "CONFIG_MODULE_FORCE_LOAD=y), or loaded with "
      "MODULE_INIT_IGNORE_MODVERSIONS.\n")
    p("## Predicted outcomes\n")
    p("| prediction | variants |\n|---|---|")
    for k, v in by_expect.most_common():
        p("| %s | %d |" % (k, v))
    p("\n`overread:` marks variants for which the model predicts that the "
      "current loader reads outside the module image.\n")
    cols = sorted({c for d in by_kind.values() for c in d},
                  key=lambda c: (c != "loaded", c != "loaded-forced", c))
    p("## By mutation kind\n")
    p("Kind of the first mutation (a third of the variants got one or two "
      "more mutations on top).\n")
    p("| kind | " + " | ".join(cols) + " | total |")
    p("|---|" + "---|" * (len(cols) + 1))
    for kind in sorted(by_kind):
        c = by_kind[kind]
        p("| %s | %s | %d |" % (kind, " | ".join(str(c.get(x, 0)) for x in cols),
                                sum(c.values())))
    p("\n## First kernel message of the attempt\n")
    p("| message (digits as N) | variants |\n|---|---|")
    for k, v in first_msg.most_common(25):
        p("| `%s` | %d |" % (k.replace("|", "\\|"), v))
    p("\n## Findings\n")
    if clean:
        p("None.\n")
    elif bad:
        groups = collections.defaultdict(list)
        for vid, why, splat in bad:
            groups[known(rows[vid]["ops"])].append(vid)
        p("| cause | variants | ids |\n|---|---|---|")
        for tag in sorted(groups):
            p("| %s | %d | %s |" % (tag, len(groups[tag]), " ".join(groups[tag])))
        p("")
        for rx, tag, text in KNOWN:
            if tag in groups:
                p("- **%s**: %s" % (tag, text))
        if "?" in groups:
            p("- **?**: not analysed; see the variant below.")
        p("")
    for vid, why, splat in bad:
        r = rows[vid]
        p("### variant %s (%s): %s\n" % (vid, known(r["ops"]), why))
        p("- mutation: %s (kind %s, flags %d)" % (r["ops"], r["kind"], r["flags"]))
        p("- predicted: %s, message `%s`" % (r["expect"], r["msg"]))
        if vid in res:
            p("- result: errno %d, taint %s, unload %s" % res[vid][:3])
        p("- kernel log of the attempt:\n")
        p("```")
        for k in klines.get(vid, [])[:30]:
            p(k)
        p("```\n")
    for log, line in other_splats[:20]:
        p("- splat outside a variant (%s): `%s`" % (rel(log), line))
    if missing:
        p("- not run: %s" % " ".join(missing[:50]))
    if leaks:
        p("- kmemleak: %d suspected leaks after the run (report below)" % leaks)
    if leak_lines:
        p("\n## kmemleak report\n")
        p("```")
        for k in leak_lines[:60]:
            p(k)
        p("```")
    p("\n## Reproducing\n")
    p("    %s\n" % meta.get("command", "benchmarks/fuzz-loader.sh"))
    p("Variants, manifest (ops and predictions per variant) and console logs "
      "stay in `build/fuzz-loader/`. One variant again, with all kernel "
      "messages on the console: `FUZZ_ONLY=<id> benchmarks/fuzz-loader.sh`.\n")
    with open(out, "w") as f:
        f.write("\n".join(w) + "\n")
    print("fuzz-loader: %d variants, %d run, %d as predicted, %d bad, "
          "%d not run, %d with splats, %d other splats" %
          (n, attempts, consistent, len(bad), len(missing), len(splat_ids),
           len(other_splats)))
    print("fuzz-loader: outcomes: " + ", ".join(
        "%s %d" % kv for kv in by_errno.most_common()))
    for vid, why, splat in bad[:30]:
        print("fuzz-loader: variant %s: %s [%s]" % (vid, why, rows[vid]["ops"]))
    return 0 if clean else 1


if __name__ == "__main__":
    sys.exit(main())
