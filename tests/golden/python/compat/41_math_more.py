# math.fsum / dist / modf / frexp / ldexp / pow / remainder / cbrt / exp2 / nextafter / ulp, with their errors
import math
tests = [
    ('math.dist([0,0],[3,4])', lambda: math.dist([0,0],[3,4])),
    ('math.dist((0,0),(3,))', lambda: math.dist((0,0),(3,))),
    ('math.dist(1,2)', lambda: math.dist(1,2)),
    ('math.dist((1,),)', lambda: math.dist((1,),)),
    ('math.cbrt()', lambda: math.cbrt()),
    ('math.cbrt(1,2)', lambda: math.cbrt(1,2)),
    ("math.exp2('a')", lambda: math.exp2('a')),
    ('math.fsum(1)', lambda: math.fsum(1)),
    ('math.fsum([1e308,1e308])', lambda: math.fsum([1e308,1e308])),
    ("math.fsum([float('inf'), -float('inf')])", lambda: math.fsum([float('inf'), -float('inf')])),
    ('math.fsum([1e100, 1.0, -1e100, 1e-100, 1e50, -1.0, -1e50])', lambda: math.fsum([1e100, 1.0, -1e100, 1e-100, 1e50, -1.0, -1e50])),
    ('math.fsum([])', lambda: math.fsum([])),
    ('math.ldexp(1.0, 1.5)', lambda: math.ldexp(1.0, 1.5)),
    ('math.ldexp(1, 10**30)', lambda: math.ldexp(1, 10**30)),
    ('math.ldexp(1.0, 2000)', lambda: math.ldexp(1.0, 2000)),
    ('math.frexp(0.0)', lambda: math.frexp(0.0)),
    ('math.modf(-2.5)', lambda: math.modf(-2.5)),
    ("math.modf(float('inf'))", lambda: math.modf(float('inf'))),
    ('math.remainder(7, 0)', lambda: math.remainder(7, 0)),
    ('math.pow(0, -1)', lambda: math.pow(0, -1)),
    ('math.pow(-8, 1/3)', lambda: math.pow(-8, 1/3)),
    ('math.pow(10, 400)', lambda: math.pow(10, 400)),
    ('math.pow(2, 0.5)', lambda: math.pow(2, 0.5)),
    ('math.nextafter(1, 2)', lambda: math.nextafter(1, 2)),
    ('math.ulp(1.0)', lambda: math.ulp(1.0)),
    ('math.ulp(0.0)', lambda: math.ulp(0.0)),
    ('math.exp2(2000)', lambda: math.exp2(2000)),
    ('math.cbrt(-27)', lambda: math.cbrt(-27)),
    ('math.pow()', lambda: math.pow()),
    ('math.ldexp(1)', lambda: math.ldexp(1)),
    ('math.nextafter(1)', lambda: math.nextafter(1)),
    ('math.dist((0,0),(1,1),(2,2))', lambda: math.dist((0,0),(1,1),(2,2))),
    ('math.fsum([1, 2.5, True])', lambda: math.fsum([1, 2.5, True])),
    ("math.fsum(['a'])", lambda: math.fsum(['a'])),
    ('math.pow(2, 3)', lambda: math.pow(2, 3)),
    ('math.frexp(10**400)', lambda: math.frexp(10**400)),
    ('math.modf(10**400)', lambda: math.modf(10**400)),
    ('math.fsum([0.1]*10)', lambda: math.fsum([0.1]*10)),
    ('math.fsum(x/7 for x in range(100))', lambda: math.fsum(x/7 for x in range(100))),
    ('math.dist((1.5, 2, 3), (4, -5.25, 6e10))', lambda: math.dist((1.5, 2, 3), (4, -5.25, 6e10))),
    ('math.frexp(-12.5)', lambda: math.frexp(-12.5)),
    ('math.ldexp(0.75, -1070)', lambda: math.ldexp(0.75, -1070)),
    ('math.remainder(7, 3)', lambda: math.remainder(7, 3)),
    ('math.remainder(-7.5, 2)', lambda: math.remainder(-7.5, 2)),
    ('math.modf(3)', lambda: math.modf(3)),
    ('math.ulp(1e308)', lambda: math.ulp(1e308)),
    ('math.exp2(0.5)', lambda: math.exp2(0.5)),
    ('math.cbrt(2)', lambda: math.cbrt(2)),
    ("math.pow(float('inf'), -3)", lambda: math.pow(float('inf'), -3)),
    ('math.pow(-2, 3)', lambda: math.pow(-2, 3)),
    ("math.pow(1, float('nan'))", lambda: math.pow(1, float('nan'))),
    ("math.ulp(float('inf'))", lambda: math.ulp(float('inf'))),
]
for t, f in tests:
    try:
        print(t, '->', repr(f()))
    except Exception as e:
        print(t, '->', type(e).__name__ + ':', e)
from math import *
print(fsum([0.1] * 10), sum([0.1] * 10), pow(2, 10), dist((1, 1), (4, 5)))
# cbrt as glibc rounds it, on every build
vals = [-27, 27, 2, 3, 0.001, 1e-310, 5e-324, 1e308, -1e-300, 0.5, 7.7, 123456.789, 1 / 3, 1e22, 64, 1000, -0.0, 0.0]
vals += [i * 0.37 + 1e-3 for i in range(200)] + [2.0 ** k for k in range(-1070, 1020, 7)]
print(sum(1 for v in vals if math.cbrt(v) == math.cbrt(v)), [math.cbrt(v) for v in vals[:18]])
print(hash(tuple(math.cbrt(v) for v in vals)))
from graph_lab import F, trace
trace(lambda x: F.exp(x), {"x": (int(math.fsum([1.5, 1.5])),)})
