"""The oracle for `graphlab round FORMAT` (tests/numfmt.test.js): shares no code with the C (c/src/exec/numfmt.c).

Reads float64 values, one per line, on stdin; prints each rounded to FORMAT as repr(float), one per line.
  - fp32, fp16: numpy's own conversions (float64 -> float32 / float16, IEEE round to nearest even, overflow
    to inf), and back to float64;
  - bf16, fp8_e4m3, fp8_e5m2: a correctly rounded converter on exact rationals (fractions.Fraction): the
    value's quantum 2^(max(e, emin) - (p - 1)), round(x / quantum) (Python rounds a Fraction half to even),
    times the quantum; overflow to inf (bf16) or saturation to the largest finite value, inf included (fp8,
    as a round-to-nearest satfinite conversion);
  - int8 / int8_channel: symmetric quantization of all the lines as one tensor, in Python's float64
    arithmetic as the definition says: s = amax / 127, q = round(x / s) (half to even) clamped to +-127,
    value q * s (an integer q: never -0.0).
Formats as in numfmt.h: bf16 p=8 emin=-126 (IEEE-like); fp8_e4m3 p=4 emin=-6 max 448 (OCP E4M3FN: no inf);
fp8_e5m2 p=3 emin=-14 max 57344.
Usage: python3 tests/ref/round_oracle.py FORMAT < values
"""
import math
import sys
import warnings
from fractions import Fraction

import numpy as np

FLOATS = {  # name: (p, emin, max finite, saturates); max = (2 - 2^(1-p)) * 2^emax but for E4M3FN (its top code is NaN)
    "bf16": (8, -126, float(Fraction(2 ** 8 - 1, 2 ** 7) * Fraction(2) ** 127), False),
    "fp8_e4m3": (4, -6, 448.0, True),
    "fp8_e5m2": (3, -14, 57344.0, True),
}


def round_rational(x, p, emin, mx, sat):
    """x rounded to p bits with exponents down to emin, on exact rationals: x = n / d (d a power of two)."""
    if math.isnan(x) or x == 0:
        return x
    if math.isinf(x):
        return math.copysign(mx, x) if sat else x
    n, d = abs(x).as_integer_ratio()
    lead = math.frexp(abs(x))[1] - 1
    k = max(lead, emin) - (p - 1)                 # the quantum is 2^k
    # m = round_half_even(x / 2^k) = round_half_even(n / (d * 2^k)), as an integer ratio num / den
    num, den = (n, d << k) if k >= 0 else (n << -k, d)
    m, r = divmod(num, den)
    if 2 * r > den or (2 * r == den and m % 2 == 1):
        m += 1
    try:
        v = math.ldexp(m, k)                     # m * 2^k, exact (m has at most p + 1 bits)
    except OverflowError:                        # past 2^1024: beyond every format's max
        v = math.inf
    if v > mx:
        v = mx if sat else math.inf
    return math.copysign(v, x)


def int8(xs):
    """float64 arithmetic as the definition states it (Python's float ops are IEEE's, correctly rounded)"""
    amax = max((abs(x) for x in xs if math.isfinite(x)), default=0.0)
    s = amax / 127 if amax > 0 else 1.0
    out = []
    for x in xs:
        if math.isnan(x):
            out.append(x)
            continue
        q = (127 if x > 0 else -127) if math.isinf(x) else max(-127, min(127, round(x / s)))   # half to even
        out.append(q * s)
    return out


def main():
    fmt = sys.argv[1]
    xs = [float(line) for line in sys.stdin.read().split("\n") if line.strip()]
    if fmt == "f64":
        out = xs
    elif fmt in ("fp32", "fp16"):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            out = np.array(xs, dtype=np.float64).astype(np.float32 if fmt == "fp32" else np.float16).astype(np.float64).tolist()
    elif fmt in FLOATS:
        out = [round_rational(x, *FLOATS[fmt]) for x in xs]
    elif fmt in ("int8", "int8_channel"):
        out = int8(xs)
    else:
        sys.exit(f"unknown format {fmt}")
    sys.stdout.write("".join(repr(float(v)) + "\n" for v in out))


if __name__ == "__main__":
    main()
