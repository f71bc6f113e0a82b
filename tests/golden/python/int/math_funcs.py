import math
print(math.floor(-2.5), math.ceil(-2.5), math.trunc(-2.7), math.floor(2), math.ceil(10 ** 30), math.floor(1e20), math.ceil(-0.5))
print(math.gcd(12, 18), math.gcd(0, 0), math.gcd(-4, 6), math.gcd(2 ** 100, 6 ** 50), math.gcd(7), math.gcd(), math.gcd(10 ** 20, 15))
print(math.isqrt(10 ** 20), math.isqrt(0), math.isqrt(15), math.isqrt(16), math.isqrt(2 ** 200 + 1), math.isqrt(10 ** 41))
print(math.log(10 ** 400), math.log2(2 ** 1000), math.log10(10 ** 400), math.log(2 ** 2000, 2), math.log10(1000), math.log2(0.5))
print(math.isinf(1e400), math.isnan(float("nan")), math.isfinite(1.0), math.isinf(10 ** 300), math.isfinite(-10 ** 300))
print(math.sqrt(2 ** 100), math.exp(2), math.log(8, 2), math.fmod(10, 3), math.floor(-0.0), math.pi, math.tau, math.e)
print(math.sqrt(10 ** 30), math.log(1e-300), math.floor(10 ** 30 / 7), math.ceil(2 ** 53 + 0.5), math.trunc(1e30))
from graph_lab import trace, F
trace(lambda x: F.exp(x), {"x": (2,)})
