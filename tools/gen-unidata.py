#!/usr/bin/env python3
"""gen-unidata.py — writes c/src/front/py_unidata.c, the Unicode tables of the Python front end's str,
from this CPython's unicodedata (3.11: Unicode 14.0.0) and its str methods, so that GraphLab's str answers
as CPython does:

  - per code point property flags (isalpha, isdecimal, isdigit, isnumeric, isspace, isupper, islower,
    istitle, identifier start / continue, isprintable, cased, case-ignorable) as runs of equal flags;
  - case mappings (upper, lower, title, casefold): 1:1 mappings as runs (start, count, stride, delta) and
    the full (one to many) mappings as a short list;
  - decimal digit values (the code points of each run's zero);
  - character names for \\N{...}: every name unicodedata knows (front coded in code point order, one C
    string per chunk), names of the form PREFIX-HEX as ranges, and the name aliases \\N{} accepts (e.g.
    LINE FEED), checked with unicodedata.lookup. CJK UNIFIED IDEOGRAPH-XXXX and HANGUL SYLLABLE names are
    algorithmic in C (the ideograph ranges come from here).

Run: python3 tools/gen-unidata.py > c/src/front/py_unidata.c   (needs python3 = CPython 3.11)"""
import sys
import unicodedata as u

MAXCP = 0x110000
out = []
w = out.append

assert sys.version_info[:2] == (3, 11), "generate with CPython 3.11 (the oracle)"

# ---------------------------------------------------------------- flags
F = dict(ALPHA=1, DECIMAL=2, DIGIT=4, NUMERIC=8, SPACE=16, UPPER=32, LOWER=64, TITLE=128, XIDS=256, XIDC=512,
         PRINT=1024, CASED=2048, CASEIGN=4096)


def flags(c):
    ch = chr(c)
    f = 0
    if ch.isalpha(): f |= F['ALPHA']
    if ch.isdecimal(): f |= F['DECIMAL']
    if ch.isdigit(): f |= F['DIGIT']
    if ch.isnumeric(): f |= F['NUMERIC']
    if ch.isspace(): f |= F['SPACE']
    up, lo, ti = ch.isupper(), ch.islower(), u.category(ch) == 'Lt'
    if up: f |= F['UPPER']
    if lo: f |= F['LOWER']
    if ti: f |= F['TITLE']
    if ch.isidentifier(): f |= F['XIDS']
    if ('a' + ch).isidentifier(): f |= F['XIDC']
    if ch.isprintable(): f |= F['PRINT']
    cased = up or lo or ti
    if cased: f |= F['CASED']
    # case-ignorable, as CPython's final-sigma rule sees it (0x3A3 itself excluded)
    if c != 0x3A3:
        t1 = ('A\u03a3' + ch).lower()[1] == '\u03c2'
        t2 = ('A' + ch + '\u03a3').lower()[-1] == '\u03c2'
        ign = t1 if cased else t2
        if ign: f |= F['CASEIGN']
    return f


runs = []
prev = None
for c in range(MAXCP):
    f = flags(c)
    if f != prev:
        runs.append((c, f))
        prev = f

# ---------------------------------------------------------------- case maps
def maps(fn):
    one, multi = [], []
    for c in range(MAXCP):
        ch = chr(c)
        m = fn(ch)
        if m == ch: continue
        if len(m) == 1: one.append((c, ord(m) - c))
        else: multi.append((c, [ord(x) for x in m]))
    # runs: (start, count, stride, delta)
    mapped = {c for c, _ in one} | {c for c, _ in multi}
    rr = []
    i = 0
    while i < len(one):
        c, d = one[i]
        best = (1, 1)
        for stride in (1, 2):   # runs never overlap: a stride-2 run stops where a code point between maps
            k = 1
            while (i + k < len(one) and one[i + k][0] == c + k * stride and one[i + k][1] == d and
                   (stride == 1 or (c + k * stride - 1) not in mapped)):
                k += 1
            if k > best[0]: best = (k, stride)
        rr.append((c, best[0], best[1], d))
        i += best[0]
    return rr, multi


def title1(ch):   # the title mapping of a single character (str.title of one char)
    return ch.title()


MAPS = [('upper', str.upper), ('lower', str.lower), ('title', title1), ('fold', str.casefold)]

# ---------------------------------------------------------------- digits
zeros = []
for c in range(MAXCP):
    ch = chr(c)
    if ch.isdecimal() and u.decimal(ch) == 0:
        for k in range(10): assert u.decimal(chr(c + k)) == k
        zeros.append(c)
for c in range(MAXCP):
    if chr(c).isdecimal():
        assert any(z <= c < z + 10 for z in zeros)

# ---------------------------------------------------------------- names
names = []
hexranges = []   # (prefix, first, last)
cjk = []
for c in range(MAXCP):
    n = u.name(chr(c), None)
    if n is None: continue
    if n.startswith('CJK UNIFIED IDEOGRAPH-'):
        if cjk and cjk[-1][1] == c - 1: cjk[-1][1] = c
        else: cjk.append([c, c])
        continue
    if n.startswith('HANGUL SYLLABLE '): continue
    head, _, tail = n.rpartition('-')
    if head and tail == '%04X' % c:
        if hexranges and hexranges[-1][0] == head and hexranges[-1][2] == c - 1: hexranges[-1][2] = c
        else: hexranges.append([head, c, c])
        continue
    names.append((c, n))
hexranges = [h for h in hexranges if h[2] > h[1]]   # singletons stay ordinary names
covered = set()
for h, a, b in hexranges: covered.update(range(a, b + 1))
names = [(c, n) for c, n in names if c not in covered]
# put back singletons dropped above
for c in range(MAXCP):
    n = u.name(chr(c), None)
    if n is None or c in covered or n.startswith('CJK UNIFIED IDEOGRAPH-') or n.startswith('HANGUL SYLLABLE '): continue
    head, _, tail = n.rpartition('-')
    if head and tail == '%04X' % c and (c, n) not in names: names.append((c, n))
names.sort()
for c, n in names:
    assert all(ch in 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 -' for ch in n), n

# aliases from perl's copy of the UCD, each checked by CPython's lookup
aliases = []
try:
    txt = open('/usr/share/perl/5.36.0/unicore/Name.pl', encoding='utf-8').read()
    body = txt.split("<<'END';\n", 1)[1].split('\nEND\n', 1)[0]
    seen = set()
    for block in body.split('\n\n'):
        parts = block.strip().split('\n')
        if len(parts) != 2 or ' ' in parts[0]: continue
        nm = parts[1]
        if nm in seen: continue
        seen.add(nm)
        try: ch = u.lookup(nm)
        except KeyError: continue
        if len(ch) != 1 or u.name(ch, None) == nm: continue
        if not all(x in 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 -' for x in nm): continue
        if f'\\N{{{nm}}}'.encode().decode('unicode_escape') != ch: continue
        aliases.append((ord(ch), nm))
except FileNotFoundError:
    print('warning: no Name.pl: no aliases', file=sys.stderr)
aliases.sort()


def b26(v, k):
    s = ''
    for _ in range(k):
        s = chr(ord('a') + v % 26) + s
        v //= 26
    assert v == 0
    return s


def front(lst):
    """entries: ['~' delta(5 lowercase)] prefixlen(2 lowercase) suffix([A-Z0-9 -]+); first delta from 0"""
    chunks, cur, prevc, prevn = [], '', -1, ''
    for c, n in lst:
        k = 0
        while k < min(len(prevn), len(n)) and prevn[k] == n[k]: k += 1
        e = ''
        if c - prevc != 1: e += '~' + b26(c - prevc, 5) if c - prevc >= 0 else None
        e += b26(k, 2) + n[k:]
        if len(cur) + len(e) > 3000:
            chunks.append(cur)
            cur = ''
        cur += e
        prevc, prevn = c, n
    chunks.append(cur)
    return chunks


# ---------------------------------------------------------------- emit
w('/* py_unidata.c — GENERATED by tools/gen-unidata.py from CPython %s\'s unicodedata (Unicode %s): do not edit.' % (
    '.'.join(map(str, sys.version_info[:3])), u.unidata_version))
w(' * The tables behind py_unicode.c: property flags per code point (runs), case mappings, digit zeros, names. */')
w('#include "front/py_str.h"\n')
w('const uint32_t py_uni_run_start[] = {')
for i in range(0, len(runs), 12): w('    ' + ', '.join('0x%x' % r[0] for r in runs[i:i + 12]) + ',')
w('};')
w('const uint16_t py_uni_run_flags[] = {')
for i in range(0, len(runs), 16): w('    ' + ', '.join('%d' % r[1] for r in runs[i:i + 16]) + ',')
w('};')
w('const int py_uni_nruns = %d;\n' % len(runs))
for nm, fn in MAPS:
    rr, multi = maps(fn)
    w('const py_uni_map py_uni_%s_runs[] = {' % nm)
    for i in range(0, len(rr), 4): w('    ' + ' '.join('{0x%x, %d, %d, %d},' % r for r in rr[i:i + 4]))
    w('};')
    w('const int py_uni_%s_nruns = %d;' % (nm, len(rr)))
    w('const py_uni_multi py_uni_%s_multi[] = {' % nm)
    for c, m in multi: w('    {0x%x, %d, {%s}},' % (c, len(m), ', '.join('0x%x' % x for x in m)))
    if not multi: w('    {0, 0, {0}},')
    w('};')
    w('const int py_uni_%s_nmulti = %d;\n' % (nm, len(multi)))
w('const uint32_t py_uni_zeros[] = {' + ', '.join('0x%x' % z for z in zeros) + '};')
w('const int py_uni_nzeros = %d;\n' % len(zeros))
w('const uint32_t py_uni_cjk[][2] = {' + ', '.join('{0x%x, 0x%x}' % tuple(r) for r in cjk) + '};')
w('const int py_uni_ncjk = %d;\n' % len(cjk))
w('const py_uni_hexrange py_uni_hexranges[] = {')
for h, a, b in hexranges: w('    {"%s", 0x%x, 0x%x},' % (h, a, b))
w('};')
w('const int py_uni_nhexranges = %d;\n' % len(hexranges))
for label, lst in (('names', names), ('aliases', aliases)):
    ch = front(lst)
    w('const char *const py_uni_%s[] = {' % label)
    for c in ch: w('    "%s",' % c)
    w('};')
    w('const int py_uni_n%s = %d;\n' % (label, len(ch)))
print('\n'.join(out))
