#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Mutate a module's version tables and predict what the loader must do.

    mutate.py gen GOOD.ko SYMVERS... --out DIR [--count N] [--seed S]
    mutate.py predict KO SYMVERS... [--flags F]
    mutate.py craft GOOD.ko --out DIR

gen: write DIR/v<id>.ko for N variants of GOOD.ko (a 64-bit little-endian
module with __versions, __version_ext_crcs and __version_ext_names) and
DIR/manifest.tsv, one line per load attempt:

    id  file  flags  kind  expect  message  ops

kind     the mutation kind the variant was built for (distribution);
flags    finit_module flags (0, or 1 = MODULE_INIT_IGNORE_MODVERSIONS);
expect   "load", "load-forced" (loads tainted F: no version table at all,
         as modprobe --force leaves a module), or an errno name the load
         must fail with (ENOEXEC, EINVAL, ...); a prediction of a
         memory-safety problem in the current loader is prefixed
         "overread:" (the loader must not read outside the image, so this
         is a finding if KASAN confirms it);
message  a text the kernel log of the attempt must contain ("-" if none);
ops      what was done, for reproduction.

Only the three version sections' headers and contents, and bytes appended
at the end of the file, are changed; the ELF header, the other sections and
the symbol table are untouched, so the prediction models just the loader
steps these bytes reach (Linux 6.12 + this series, kernel/module/main.c and
version.c): the section bounds and name checks of elf_validity_cache_*
(), elf_validity_cache_index_versions(), check_modstruct_version()
(module_layout, -ENOEXEC), and simplify_symbols() -> check_version() for
each undefined symbol in symbol table order (-EINVAL).

craft: write the minimal reproducers of the loader bugs found so far
(null-name.ko, null-alloc.ko, versions-nonul.ko; see
benchmarks/results/fuzz-loader-unfixed.md, causes A, B, C).

SYMVERS are Module.symvers files (the kernel's and the exporter's): the
CRCs the running kernel checks against. Deterministic for a given seed.
"""
import argparse
import os
import random
import struct
import sys

SHT_NULL, SHT_PROGBITS, SHT_STRTAB, SHT_NOTE, SHT_NOBITS = 0, 1, 3, 7, 8
SHF_ALLOC = 2
SHN_UNDEF = 0
ENT = 64                      # struct modversion_info on 64-bit
NAMELEN = 56
NAMES, CRCS, VERS = "__version_ext_names", "__version_ext_crcs", "__versions"
TABLES = (NAMES, CRCS, VERS)
IGNORE_MODVERSIONS = 1        # MODULE_INIT_IGNORE_MODVERSIONS
U64 = (1 << 64) - 1
SHDR = "<IIQQQQIIQQ"
# shdr field indices
NAME, TYPE, FLAGS, ADDR, OFF, SIZE, LINK, INFO, ALIGN, ENTSIZE = range(10)


class Elf:
    def __init__(self, data):
        self.d = bytearray(data)
        if self.d[:4] != b"\x7fELF" or self.d[4] != 2 or self.d[5] != 1:
            raise SystemExit("not a 64-bit little-endian ELF file")
        self.shoff, = struct.unpack_from("<Q", self.d, 0x28)
        self.shentsize, self.shnum, self.shstrndx = \
            struct.unpack_from("<HHH", self.d, 0x3a)

    def copy(self):
        return Elf(bytes(self.d))

    def sh(self, i):
        return list(struct.unpack_from(SHDR, self.d, self.shoff + 64 * i))

    def set_sh(self, i, h):
        struct.pack_into(SHDR, self.d, self.shoff + 64 * i,
                         *[v & (U64 if k in (FLAGS, ADDR, OFF, SIZE, ALIGN,
                                              ENTSIZE) else 0xffffffff)
                           for k, v in enumerate(h)])

    def setf(self, i, field, value):
        h = self.sh(i)
        h[field] = value
        self.set_sh(i, h)

    def cstr(self, off, limit=None):
        """NUL-terminated string at off (None if it runs past limit/EOF)."""
        end = len(self.d) if limit is None else min(limit, len(self.d))
        j = self.d.find(b"\0", off, end)
        return None if j < 0 else bytes(self.d[off:j])

    def secname(self, i):
        s = self.sh(self.shstrndx)
        return self.cstr(s[OFF] + self.sh(i)[NAME]) or b""

    def index(self, name):
        for i in range(1, self.shnum):
            if self.secname(i) == name.encode():
                return i
        raise SystemExit("no section " + name)

    def content(self, i):
        h = self.sh(i)
        return bytes(self.d[h[OFF]:h[OFF] + h[SIZE]])

    def append(self, blob, pad=0):
        """Append blob at EOF after pad bytes; return its offset."""
        self.d += bytes(pad)
        off = len(self.d)
        self.d += blob
        return off

    def undefined_symbols(self):
        sym = next(i for i in range(1, self.shnum) if self.sh(i)[TYPE] == 2)
        h = self.sh(sym)
        strtab = self.sh(h[LINK])[OFF]
        out = []
        for k in range(1, h[SIZE] // 24):
            st_name, info, other, shndx = struct.unpack_from(
                "<IBBH", self.d, h[OFF] + 24 * k)
            if shndx == SHN_UNDEF and st_name:
                out.append(self.cstr(strtab + st_name).decode())
        return out


def read_symvers(paths):
    crcs = {}
    for p in paths:
        for line in open(p):
            f = line.split("\t")
            if len(f) >= 2 and f[0].startswith("0x"):
                crcs[f[1]] = int(f[0], 16)
    return crcs


# ---------------------------------------------------------------- model

class Predict:
    """What Linux 6.12 + the series does with this image (see module doc)."""

    def __init__(self, elf, exports, und, flags):
        self.e, self.exports, self.und, self.flags = elf, exports, und, flags
        self.overread = False

    def byte(self, off):
        if off >= len(self.e.d):
            self.overread = True
            return 0     # what lies after the vmalloc'ed copy (usually 0)
        return self.e.d[off]

    def strcmp(self, off, s):
        """C strcmp(image + off, s) == 0, noting reads past the image."""
        s = s.encode() + b"\0"
        for k, c in enumerate(s):
            if self.byte(off + k) != c:
                return False
        return True

    def run(self):
        e, n = self.e, len(self.e.d)
        # elf_validity_cache_sechdrs(): contents in bounds
        for i in range(1, e.shnum):
            h = e.sh(i)
            # "module: Do not trust the fields of SHT_NULL sections"
            if h[TYPE] == SHT_NULL and h[FLAGS] & SHF_ALLOC:
                return "ENOEXEC", "Invalid ELF section in module (section %d is SHT_NULL with SHF_ALLOC)" % i
            if h[TYPE] in (SHT_NULL, SHT_NOBITS):
                continue
            end = (h[OFF] + h[SIZE]) & U64
            if end < h[OFF] or end > n:
                return "ENOEXEC", "Invalid ELF section in module (section %d" % i
        # elf_validity_cache_secstrings(): names inside .shstrtab
        st = e.sh(e.shstrndx)
        # (every section but 0, whatever its type, since the same patch)
        for i in range(1, e.shnum):
            h = e.sh(i)
            if h[NAME] >= st[SIZE]:
                return "ENOEXEC", "Invalid ELF section name in module (section %d" % i
        # ... but not for SHT_NULL sections, whose names find_any_unique_sec()
        # (.modinfo, .gnu.linkonce.this_module) and find_sec() still read.
        for i in range(1, e.shnum):
            h = e.sh(i)
            if h[TYPE] == SHT_NULL and st[OFF] + h[NAME] >= n:
                self.overread = True

        def find_sec(name):
            for i in range(1, e.shnum):
                h = e.sh(i)
                if h[FLAGS] & SHF_ALLOC and e.cstr(st[OFF] + h[NAME]) == name.encode():
                    return i
            return 0

        vers, crc, nam = find_sec(VERS), find_sec(CRCS), find_sec(NAMES)
        alloc = [i for i in range(1, e.shnum)
                 if e.sh(i)[FLAGS] & SHF_ALLOC and i not in (vers, crc, nam)]
        mod = "ext_long_user: "
        if self.flags & IGNORE_MODVERSIONS:
            vers = crc = nam = 0
        else:
            if vers and e.sh(vers)[TYPE] != SHT_PROGBITS:
                return "ENOEXEC", mod + "__versions is not SHT_PROGBITS"
            if vers:
                hv = e.sh(vers)
                for k in range(hv[SIZE] // ENT):
                    o = hv[OFF] + ENT * k + 8
                    if b"\0" not in e.d[o:o + ENT - 8]:
                        return "ENOEXEC", mod + "__versions entry %d has no NUL-terminated name" % k
            if (not crc) != (not nam):
                return "ENOEXEC", mod + ("%s without %s" % (CRCS, NAMES) if crc
                                         else "%s without %s" % (NAMES, CRCS))
            if crc:
                hc, hn = e.sh(crc), e.sh(nam)
                if hc[TYPE] != SHT_PROGBITS or hn[TYPE] != SHT_PROGBITS:
                    return "ENOEXEC", mod + "%s is not SHT_PROGBITS" % (
                        CRCS if hc[TYPE] != SHT_PROGBITS else NAMES)
                if hc[SIZE] % 4:
                    return "ENOEXEC", mod + "%s size %d is not a multiple of 4" % (
                        CRCS, hc[SIZE])
                off, left = hn[OFF], hn[SIZE]
                for k in range(hc[SIZE] // 4):
                    j = e.d.find(b"\0", off, off + left)
                    if j < 0:
                        return "ENOEXEC", mod + "more extended version CRCs than names (%d without a name)" % (
                            hc[SIZE] // 4 - k)
                    left -= j - off + 1
                    off = j + 1
        def check_version(sym):
            """None if fine, else (found, message)."""
            want = self.exports.get(sym)
            if want is None:
                return None
            if not vers and not crc:
                self.forced = True
                return None
            got, mask = None, 0xffffffff
            if crc:
                hc, hn = e.sh(crc), e.sh(nam)
                off = hn[OFF]
                for k in range(hc[SIZE] // 4):
                    name = e.cstr(off)
                    if name == sym.encode():
                        got = struct.unpack_from("<I", e.d, hc[OFF] + 4 * k)[0]
                        break
                    off += len(name) + 1
            else:
                hv = e.sh(vers)
                for k in range(hv[SIZE] // ENT):
                    o = hv[OFF] + ENT * k
                    if self.strcmp(o + 8, sym):
                        # unsigned long crc, compared whole with the u32
                        got, mask = struct.unpack_from("<Q", e.d, o)[0], U64
                        break
            if got is None:
                return "no symbol version for " + sym
            if got & mask == want:
                return None
            return "disagrees about version of symbol " + sym

        self.forced = False
        bad = check_version("module_layout")
        if bad:
            return "ENOEXEC", mod + bad
        # layout_and_allocate(): move_module() copies every remaining
        # SHF_ALLOC section that is not SHT_NOBITS, and SHT_NULL ones were
        # never bounds-checked.
        for i in alloc:
            h = e.sh(i)
            if h[TYPE] == SHT_NULL and h[OFF] + h[SIZE] > n:
                self.overread = True
        for sym in self.und:
            bad = check_version(sym)
            if bad:
                return "EINVAL", mod + bad
        if self.forced or self.flags & IGNORE_MODVERSIONS:
            return "load-forced", "ext_long_user: long call returned 42, short call returned 42"
        return "load", "ext_long_user: long call returned 42, short call returned 42"


def predict(elf, exports, und, flags):
    p = Predict(elf, exports, und, flags)
    expect, msg = p.run()
    if p.overread:
        expect = "overread:" + expect
    return expect, msg


# ---------------------------------------------------------------- mutations

class Tables:
    """Decoded extended and basic tables of the good module."""

    def __init__(self, elf):
        self.ni, self.ci, self.vi = (elf.index(t) for t in TABLES)
        c = elf.content(self.ci)
        self.crcs = [struct.unpack_from("<I", c, 4 * k)[0]
                     for k in range(len(c) // 4)]
        self.names = elf.content(self.ni).split(b"\0")[:len(self.crcs)]
        v = elf.content(self.vi)
        self.basic = [(struct.unpack_from("<Q", v, o)[0],
                       v[o + 8:o + ENT].split(b"\0")[0])
                      for o in range(0, len(v), ENT)]


def put_ext(elf, t, names, crcs, rng, tail=b""):
    """Write new extended tables at EOF (random padding)."""
    blob = b"".join(x + b"\0" for x in names) + tail
    off = elf.append(blob, rng.randrange(0, 8))
    elf.setf(t.ni, OFF, off)
    elf.setf(t.ni, SIZE, len(blob))
    cb = b"".join(struct.pack("<I", c & 0xffffffff) for c in crcs)
    off = elf.append(cb, rng.randrange(0, 8))
    elf.setf(t.ci, OFF, off)
    elf.setf(t.ci, SIZE, len(cb))


def put_basic(elf, t, entries, rng, raw=None):
    blob = raw if raw is not None else b"".join(
        struct.pack("<Q", c) + n[:NAMELEN].ljust(NAMELEN, b"\0")
        for c, n in entries)
    off = elf.append(blob, rng.randrange(0, 8))
    elf.setf(t.vi, OFF, off)
    elf.setf(t.vi, SIZE, len(blob))


def move_eof(elf, i, rng, pad=None):
    blob = elf.content(i)
    off = elf.append(blob, rng.randrange(0, 8) if pad is None else pad)
    elf.setf(i, OFF, off)
    return off


def pick_table(rng):
    return rng.choice(TABLES)


def sec(t, name):
    return {NAMES: t.ni, CRCS: t.ci, VERS: t.vi}[name]


def junk_name(rng):
    n = rng.choice([1, 3, 12, 40, 55, 56, 57, 90, 200])
    return bytes(rng.choice(b"abcdefghijklmnopqrstuvwxyz_0123456789")
                 for _ in range(n))


# Each mutation: fn(elf, tables, rng) -> description. Grouped by kind.
def m_truncate(e, t, r):
    n = pick_table(r)
    i, h = sec(t, n), e.sh(sec(t, n))
    cut = r.randrange(1, h[SIZE] + 1) if h[SIZE] else 0
    e.setf(i, SIZE, h[SIZE] - cut)
    return "truncate %s by %d" % (n, cut)


def m_empty(e, t, r):
    which = r.choice([[NAMES], [CRCS], [VERS], [NAMES, CRCS], list(TABLES)])
    for n in which:
        e.setf(sec(t, n), SIZE, 0)
    return "empty " + "+".join(which)


def m_extend(e, t, r):
    n = pick_table(r)
    i, h = sec(t, n), e.sh(sec(t, n))
    if r.random() < 0.5:
        move_eof(e, i, r)
        h = e.sh(i)
        grow = r.randrange(1, 64)
        e.d += bytes(r.randrange(256) if r.random() < 0.5 else 0
                     for _ in range(grow))
        if r.random() < 0.3:
            grow += r.randrange(1, 16)     # now past EOF
    else:
        grow = r.randrange(1, 256)         # over the next section(s)
    e.setf(i, SIZE, h[SIZE] + grow)
    return "extend %s by %d" % (n, grow)


def m_size_flip(e, t, r):
    n = pick_table(r)
    i, h = sec(t, n), e.sh(sec(t, n))
    b = r.choice([r.randrange(0, 12), r.randrange(0, 64)])
    e.setf(i, SIZE, h[SIZE] ^ (1 << b))
    return "flip bit %d of %s sh_size" % (b, n)


def m_size_set(e, t, r):
    n = pick_table(r)
    i = sec(t, n)
    v = r.choice([1, 2, 3, 5, 63, 65, 4095, 1 << 31, (1 << 32) - 1, 1 << 32,
                  U64, U64 - 3, (1 << 63)])
    e.setf(i, SIZE, v)
    return "set %s sh_size %#x" % (n, v)


def m_offset(e, t, r):
    n = pick_table(r)
    i, h = sec(t, n), e.sh(sec(t, n))
    if r.random() < 0.5:
        b = r.choice([r.randrange(0, 12), r.randrange(0, 64)])
        e.setf(i, OFF, h[OFF] ^ (1 << b))
        return "flip bit %d of %s sh_offset" % (b, n)
    d = r.randrange(-96, 97) or 1
    e.setf(i, OFF, max(0, h[OFF] + d))
    return "move %s sh_offset by %d" % (n, d)


def m_offset_eof(e, t, r):
    n = pick_table(r)
    i, h = sec(t, n), e.sh(sec(t, n))
    d = r.randrange(0, 4)
    e.setf(i, OFF, len(e.d) - h[SIZE] + d)
    return "%s ends %d bytes past EOF" % (n, d)


def m_misalign(e, t, r):
    out = []
    for n in r.sample(TABLES, r.randrange(1, 4)):
        pad = r.choice([1, 2, 3, 5, 7])
        move_eof(e, sec(t, n), r, pad)
        out.append("%s at EOF+%d" % (n, pad))
    return "misalign " + ", ".join(out)


def m_misalign_size(e, t, r):
    n = r.choice([CRCS, VERS])
    i, h = sec(t, n), e.sh(sec(t, n))
    d = r.choice([-3, -2, -1, 1, 2, 3, -ENT + 1, ENT - 1])
    e.setf(i, SIZE, max(0, h[SIZE] + d))
    return "%s size %+d" % (n, d)


def m_nul(e, t, r):
    if r.random() < 0.6:
        h = e.sh(t.ni)
        nuls = [k for k in range(h[SIZE]) if e.d[h[OFF] + k] == 0]
        if r.random() < 0.3:
            which = nuls
        else:
            which = r.sample(nuls, r.randrange(1, min(3, len(nuls)) + 1))
        for k in which:
            e.d[h[OFF] + k] = r.choice(b"x_A")
        if r.random() < 0.5:
            move_eof(e, t.ni, r, 0)
        return "remove NUL at %s in names" % which
    # fill the name field of a __versions entry up to its 56 bytes
    h = e.sh(t.vi)
    k = r.randrange(h[SIZE] // ENT)
    o = h[OFF] + ENT * k + 8
    # an earlier mutation may have moved the entry (partly) past EOF
    name = e.cstr(o) or b""
    for j in range(len(name), min(NAMELEN, len(e.d) - o)):
        e.d[o + j] = r.choice(b"xyz")
    if r.random() < 0.5:
        move_eof(e, t.vi, r, 0)
    return "fill name field of __versions[%d] (no NUL)" % k


def m_basic_long_prefix(e, t, r):
    """__versions name field = first 56 characters of the long symbol (no
    NUL), extended tables hidden, so check_version() strcmp()s it."""
    long = max(t.names, key=len)
    ents = list(t.basic)
    k = r.randrange(len(ents) + 1)
    ents.insert(k, (r.randrange(1 << 32), long[:NAMELEN]))
    raw = b"".join(struct.pack("<Q", c) + n.ljust(NAMELEN, b"\0")
                   for c, n in ents)
    tail = r.choice(["eof", "page", "junk", "rest"])
    if tail == "rest":
        raw += long[NAMELEN:] + b"\0"       # rest of the name after it
    if tail == "page":
        # the image ends on a page boundary: the loader's vmalloc'ed copy
        # is followed by a guard page, so an over-read faults even without
        # KASAN
        pad = -(len(e.d) + len(raw)) % 4096
        off = e.append(raw, pad)
        e.setf(t.vi, OFF, off)
        e.setf(t.vi, SIZE, len(raw))
    else:
        put_basic(e, t, None, r, raw)
    if tail == "junk":
        e.d += bytes(r.choice(b"abc") for _ in range(8))
    hide = r.choice(["alloc", "rename", "keep"])
    if hide != "keep":
        for i in (t.ni, t.ci):
            if hide == "alloc":
                e.setf(i, FLAGS, e.sh(i)[FLAGS] & ~SHF_ALLOC)
            else:
                e.setf(i, NAME, e.sh(i)[NAME] + 1)
    return "__versions entry %d = long[:56] no NUL, tail %s, ext tables %s" % (
        k, tail, hide)


def m_dup(e, t, r):
    names, crcs = list(t.names), list(t.crcs)
    k = r.randrange(len(names))
    j = r.randrange(len(names) + 1)
    c = crcs[k] if r.random() < 0.5 else crcs[k] ^ (1 << r.randrange(32))
    names.insert(j, names[k])
    crcs.insert(j, c)
    put_ext(e, t, names, crcs, r)
    return "duplicate ext entry %d at %d (crc %s)" % (
        k, j, "same" if c == t.crcs[k] else "changed")


def m_dup_section(e, t, r):
    """Give one version section another one's name."""
    a, b = r.sample(TABLES, 2)
    e.setf(sec(t, a), NAME, e.sh(sec(t, b))[NAME])
    return "rename %s to %s" % (a, b)


def m_swap_names(e, t, r):
    a, b = r.sample(TABLES, 2)
    ha, hb = e.sh(sec(t, a)), e.sh(sec(t, b))
    e.setf(sec(t, a), NAME, hb[NAME])
    e.setf(sec(t, b), NAME, ha[NAME])
    return "swap section names of %s and %s" % (a, b)


def m_rename(e, t, r):
    n = pick_table(r)
    i, h = sec(t, n), e.sh(sec(t, n))
    d = r.choice([1, 2, len(n) - 1, len(n)])
    e.setf(i, NAME, h[NAME] + d)
    return "sh_name of %s + %d" % (n, d)


def m_alloc(e, t, r):
    which = r.choice([[NAMES], [CRCS], [VERS], [NAMES, CRCS], list(TABLES)])
    for n in which:
        i = sec(t, n)
        e.setf(i, FLAGS, e.sh(i)[FLAGS] & ~SHF_ALLOC)
    return "clear SHF_ALLOC of " + "+".join(which)


def m_type(e, t, r):
    n = pick_table(r)
    ty = r.choice([SHT_NOBITS, SHT_NOBITS, SHT_NULL, SHT_STRTAB, SHT_NOTE,
                   0x6fffffff])
    e.setf(sec(t, n), TYPE, ty)
    return "%s sh_type %#x" % (n, ty)


def m_crc(e, t, r):
    if r.random() < 0.7:
        h = e.sh(t.ci)
        k = r.randrange(h[SIZE] // 4)
        o = h[OFF] + 4 * k
        how = r.choice(["bit", "random", "zero", "swap"])
        if how == "bit":
            e.d[o + r.randrange(4)] ^= 1 << r.randrange(8)
        elif how == "random":
            e.d[o:o + 4] = struct.pack("<I", r.randrange(1 << 32))
        elif how == "zero":
            e.d[o:o + 4] = bytes(4)
        else:
            j = r.randrange(h[SIZE] // 4)
            oj = h[OFF] + 4 * j
            e.d[o:o + 4], e.d[oj:oj + 4] = e.d[oj:oj + 4], e.d[o:o + 4]
            return "swap ext crcs %d and %d" % (k, j)
        return "ext crc %d: %s" % (k, how)
    h = e.sh(t.vi)
    k = r.randrange(h[SIZE] // ENT)
    b = r.randrange(64)
    o = h[OFF] + ENT * k + b // 8
    e.d[o] ^= 1 << (b % 8)
    return "__versions[%d] crc bit %d" % (k, b)


def m_count(e, t, r):
    names, crcs = list(t.names), list(t.crcs)
    how = r.choice(["drop-name", "drop-crc", "extra-crc", "extra-name",
                    "drop-both"])
    k = r.randrange(len(names))
    tail = b""
    if how == "drop-name":
        del names[k]
    elif how == "drop-crc":
        del crcs[k]
    elif how == "extra-crc":
        crcs.insert(r.randrange(len(crcs) + 1), r.randrange(1 << 32))
    elif how == "extra-name":
        names.insert(r.randrange(len(names) + 1), junk_name(r))
    else:
        del names[k], crcs[k]
    if r.random() < 0.3:
        tail = junk_name(r)              # unterminated trailing bytes
    put_ext(e, t, names, crcs, r, tail)
    return "%s %d%s" % (how, k, ", unterminated tail" if tail else "")


def m_bytes(e, t, r):
    n = pick_table(r)
    h = e.sh(sec(t, n))
    if not h[SIZE]:
        return "no bytes in " + n
    out = []
    for _ in range(r.randrange(1, 6)):
        k = r.randrange(h[SIZE])
        if r.random() < 0.5:
            b = r.randrange(8)
            e.d[h[OFF] + k] ^= 1 << b
            out.append("bit %d of byte %d" % (b, k))
        else:
            v = r.choice([0, 0xff, r.randrange(256)])
            e.d[h[OFF] + k] = v
            out.append("byte %d=%#x" % (k, v))
    return "%s: %s" % (n, ", ".join(out))


def m_valid(e, t, r):
    """Changes a correct loader must accept."""
    names, crcs = list(t.names), list(t.crcs)
    how = r.choice(["shuffle", "junk-entries", "names-tail", "relocate",
                    "dup-later-bad", "addralign", "basic-garbage"])
    if how == "shuffle":
        z = list(zip(names, crcs))
        r.shuffle(z)
        names, crcs = [a for a, _ in z], [b for _, b in z]
        put_ext(e, t, names, crcs, r)
    elif how == "junk-entries":
        for _ in range(r.randrange(1, 20)):
            j = r.randrange(len(names) + 1)
            names.insert(j, junk_name(r))
            crcs.insert(j, r.randrange(1 << 32))
        put_ext(e, t, names, crcs, r)
    elif how == "names-tail":
        put_ext(e, t, names, crcs, r, junk_name(r) + r.choice([b"", b"\0"]))
    elif how == "relocate":
        for i in (t.ni, t.ci, t.vi):
            move_eof(e, i, r)
    elif how == "dup-later-bad":
        k = r.randrange(len(names))
        names.append(names[k])
        crcs.append(crcs[k] ^ 0xdeadbeef)
        put_ext(e, t, names, crcs, r)
    elif how == "addralign":
        for i in (t.ni, t.ci, t.vi):
            e.setf(i, ALIGN, r.choice([0, 1, 3, 7, 1 << 20]))
    else:
        # __versions is ignored when extended tables exist
        h = e.sh(t.vi)
        for k in range(h[SIZE]):
            e.d[h[OFF] + k] = r.randrange(256)
    return "valid: " + how


def m_drop_sym(e, t, r):
    names, crcs = list(t.names), list(t.crcs)
    k = r.randrange(len(names))
    sym = names[k]
    del names[k], crcs[k]
    put_ext(e, t, names, crcs, r)
    return "drop %s from ext tables" % sym.decode()


def m_file_cut(e, t, r):
    n = pick_table(r)
    i = sec(t, n)
    off = move_eof(e, i, r)
    size = e.sh(i)[SIZE]
    cut = r.randrange(0, size) if size else 0
    del e.d[off + cut:]
    return "%s moved to EOF, file cut after %d of its %d bytes" % (n, cut, size)


def m_null_alloc(e, t, r):
    """A version section made SHT_NULL, whose header the ELF checks skip:
    either renamed (not picked up as a version table, still SHF_ALLOC, so
    laid out like any other section) or with sh_name out of bounds."""
    n = pick_table(r)
    i, h = sec(t, n), e.sh(sec(t, n))
    e.setf(i, TYPE, SHT_NULL)
    if r.random() < 0.5:
        e.setf(i, NAME, h[NAME] + 1)
        grow = r.choice([0, 0, 64, 4096, 1 << 16])
        if grow:
            e.setf(i, SIZE, h[SIZE] + grow)
        return "%s renamed, SHT_NULL, size +%d" % (n, grow)
    st = e.sh(e.shstrndx)
    v = r.choice([st[SIZE], st[SIZE] + 0x200, 0x10000, 0x7fffffff, 0xffffffff])
    e.setf(i, NAME, v)
    return "%s SHT_NULL, sh_name %#x" % (n, v)


KINDS = {
    "truncate": m_truncate, "empty": m_empty, "extend": m_extend,
    "size-bitflip": m_size_flip, "size-set": m_size_set,
    "offset": m_offset, "offset-past-eof": m_offset_eof,
    "misalign-offset": m_misalign, "misalign-size": m_misalign_size,
    "nul-removed": m_nul, "basic-long-prefix": m_basic_long_prefix,
    "dup-entry": m_dup, "dup-section-name": m_dup_section,
    "swap-section-names": m_swap_names, "rename": m_rename,
    "alloc-cleared": m_alloc, "sh_type": m_type, "crc": m_crc,
    "count-mismatch": m_count, "byte-random": m_bytes, "valid": m_valid,
    "drop-symbol": m_drop_sym, "file-cut": m_file_cut,
    "null-type-alloc": m_null_alloc,
}
# weights: more of the generic kinds, fewer of the narrow targeted ones
WEIGHT = {"basic-long-prefix": 1, "null-type-alloc": 1, "file-cut": 2,
          "valid": 5, "byte-random": 6, "crc": 5, "count-mismatch": 5,
          "truncate": 4, "extend": 4, "nul-removed": 4, "dup-entry": 4}


def gen(args):
    good = Elf(open(args.good, "rb").read())
    exports = read_symvers(args.symvers)
    und = good.undefined_symbols()
    tables = Tables(good)
    os.makedirs(args.out, exist_ok=True)
    rng = random.Random(args.seed)
    kinds = sorted(KINDS)
    weights = [WEIGHT.get(k, 3) for k in kinds]
    rows = []

    def emit(vid, elf, kind, ops, flags):
        expect, msg = predict(elf, exports, und, flags)
        name = "v%04d.ko" % vid
        with open(os.path.join(args.out, name), "wb") as f:
            f.write(elf.d)
        rows.append((vid, name, flags, kind, expect, msg, " ; ".join(ops)))

    base, msg = predict(good, exports, und, 0)
    if base != "load":
        raise SystemExit("the good module is not predicted to load: %s %s" %
                         (base, msg))
    emit(0, good.copy(), "original", ["unchanged"], 0)
    vid = 1
    while vid < args.count:
        kind = rng.choices(kinds, weights)[0]
        elf = good.copy()
        ops = [KINDS[kind](elf, tables, rng)]
        # a third of the variants get one or two more mutations on top
        if kind not in ("valid", "basic-long-prefix") and rng.random() < 0.33:
            for _ in range(rng.randrange(1, 3)):
                k2 = rng.choice(kinds)
                if k2 == "valid":
                    continue
                # on a copy: the first mutation may have left sizes or
                # offsets that this one cannot work with
                trial = elf.copy()
                try:
                    ops.append(KINDS[k2](trial, tables, rng))
                except (IndexError, ValueError, struct.error,
                        MemoryError, OverflowError):
                    continue
                elf = trial
        flags = IGNORE_MODVERSIONS if rng.random() < 0.05 else 0
        emit(vid, elf, kind if len(ops) == 1 else kind + "+", ops, flags)
        vid += 1
    with open(os.path.join(args.out, "manifest.tsv"), "w") as f:
        for row in rows:
            f.write("\t".join(str(x).replace("\t", " ") for x in row) + "\n")
    print("mutate: %d variants in %s" % (len(rows), args.out))


def craft(args):
    """Minimal reproducers of the findings (regression test inputs)."""
    good = Elf(open(args.good, "rb").read())
    t = Tables(good)
    os.makedirs(args.out, exist_ok=True)
    out = {}
    # A: SHT_NULL section with sh_name far outside .shstrtab
    e = good.copy()
    e.setf(t.ni, TYPE, SHT_NULL)
    e.setf(t.ni, NAME, 0x10000)
    out["null-name"] = e
    # B: SHF_ALLOC SHT_NULL section (not a version section any more)
    # reaching 64 KiB past the end of the image
    e = good.copy()
    h = e.sh(t.vi)
    e.setf(t.vi, NAME, h[NAME] + 1)
    e.setf(t.vi, TYPE, SHT_NULL)
    e.setf(t.vi, SIZE, h[SIZE] + 0x10000)
    out["null-alloc"] = e
    # C: no extended tables; the last __versions entry holds the first 56
    # characters of the long import without a NUL and ends the image on a
    # page boundary
    e = good.copy()
    long = max(t.names, key=len)
    raw = b"".join(struct.pack("<Q", c) + n.ljust(NAMELEN, b"\0")
                   for c, n in t.basic + [(0, long[:NAMELEN])])
    off = e.append(raw, -(len(e.d) + len(raw)) % 4096)
    e.setf(t.vi, OFF, off)
    e.setf(t.vi, SIZE, len(raw))
    for i in (t.ni, t.ci):
        e.setf(i, FLAGS, e.sh(i)[FLAGS] & ~SHF_ALLOC)
    out["versions-nonul"] = e
    for name, e in out.items():
        with open(os.path.join(args.out, name + ".ko"), "wb") as f:
            f.write(e.d)
    print("mutate: %s in %s" % (", ".join(sorted(out)), args.out))


def main():
    ap = argparse.ArgumentParser()
    sub = ap.add_subparsers(dest="cmd", required=True)
    g = sub.add_parser("gen")
    g.add_argument("good")
    g.add_argument("symvers", nargs="+")
    g.add_argument("--out", required=True)
    g.add_argument("--count", type=int, default=1200)
    g.add_argument("--seed", type=int, default=1)
    c = sub.add_parser("craft")
    c.add_argument("good")
    c.add_argument("--out", required=True)
    p = sub.add_parser("predict")
    p.add_argument("ko")
    p.add_argument("symvers", nargs="+")
    p.add_argument("--flags", type=int, default=0)
    a = ap.parse_args()
    if a.cmd == "gen":
        gen(a)
    elif a.cmd == "craft":
        craft(a)
    else:
        elf = Elf(open(a.ko, "rb").read())
        print("%s\t%s" % predict(elf, read_symvers(a.symvers),
                                 elf.undefined_symbols(), a.flags))


if __name__ == "__main__":
    main()
