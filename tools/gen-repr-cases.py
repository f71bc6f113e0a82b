#!/usr/bin/env python3
# Usage: python3 tools/gen-repr-cases.py c/tests/repr_cases.h
# Writes c/tests/repr_cases.h: doubles (as IEEE-754 bits) and Python's repr of each, for test_format.c.
import math, random, struct, sys
rnd = random.Random(20261202)
vals = set()
def add(x):
    if math.isfinite(x): vals.add(x); vals.add(-x)
for P in range(1, 18):
    for _ in range(90):
        m = rnd.randrange(1, 10 ** P)
        k = rnd.randrange(0, 26)
        add(float(f"{m}e-{k}"))
for e in range(-9, 18):
    p = 10.0 ** e
    add(p); add(math.nextafter(p, 0)); add(math.nextafter(p, math.inf))
    add(1.5 * p); add(9.999999999999999 * p)
for n in range(1, 400):
    add(1 / n); add(1 / math.sqrt(n)); add(n / 7); add(0.1 * n); add(n * 1e-5)
while len(vals) < 6000:
    b = rnd.getrandbits(64)
    x = struct.unpack('<d', struct.pack('<Q', b))[0]
    if math.isfinite(x) and x != 0: add(x)
for x in [0.1 + 0.2, 5e-324, 2.2250738585072014e-308, 1.7976931348623157e308, 1e-7, 9.99999e-8, 0.5, 1e15 - 0.5, 999999999999999.9]:
    add(x)
rows = sorted(vals, key=lambda x: (abs(x), x))
out = ["/* repr_cases.h — doubles (IEEE-754 bits) and Python's repr of each (Python " + sys.version.split()[0] +
       "); made by a short Python script, not by the code under test. */",
       "static const struct { unsigned long long bits; const char *repr; } REPR_CASES[] = {"]
for x in rows:
    out.append('    {0x%016xULL, "%s"},' % (struct.unpack('<Q', struct.pack('<d', x))[0], repr(x)))
out.append("};")
open(sys.argv[1], 'w').write("\n".join(out) + "\n")
print(len(rows))
