# hash() of numbers exactly as CPython: mod 2**61 - 1, hash(-1) == -2, floats and ints agree, tuples
print(hash(-1), hash(-2), hash(0), hash(1), hash(2 ** 61), hash(2 ** 61 - 1), hash(-2 ** 61 + 1), hash(2 ** 61 - 2))
print(hash(1.5), hash(-0.0), hash(0.0), hash(float("inf")), hash(float("-inf")), hash(1e300), hash(0.1), hash(1e-300))
print(hash(10 ** 100), hash(-10 ** 100), hash(2 ** 64), hash(2 ** 64 + 0.0), hash(-2.5), hash(0.5), hash(-0.5), hash(1e100))
print(hash(True), hash(False), hash(1) == hash(1.0) == hash(True), hash(2 ** 70) == hash(2.0 ** 70), hash(10 ** 20 * 1.0))
print(hash((1, 2)), hash((1.5, (2, 3))), hash(()), hash((2 ** 100,)), hash((1, 1.0)), hash((-1,)), hash(((),)))
print(hash(9223372036854775807), hash(-9223372036854775808), hash(123456789012345678901234567890), hash(3.141592653589793))
print([hash(x) for x in [2 ** k for k in range(58, 66)]])
print([hash(-x) for x in [10 ** k for k in range(15, 22)]])
from graph_lab import trace, F
trace(lambda x: F.exp(x), {"x": (2,)})
