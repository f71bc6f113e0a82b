# int(), float(), bin/hex/oct, bit_length, bools as ints
print(int(1e30), int(-2.9), int(2.5), int(-0.5), int(True), int(10 ** 30 * 1.0), int(-1.5e300) % 1000, int(1e16), int(2.0 ** 63))
print(int("  -1_000 "), int("0x1f", 16), int("z", 36), int("0b101", 0), int("-0b101", 0), int("0o17", 8), int("ff", 16))
print(int("0x_1f", 0), int("00", 0), int("0_7"), int("+12"), int("\t42\n"), int("1" * 50), int("-" + "9" * 30), int("Zz", 36))
print(int("10", 2), int("777", 8), int("0XFF", 0), int(" 0o777 ", 0), int("1_0", 0), int("0", 0), int(), int("101", base=2))
print(float("1e500"), float(" nan "), float("-iNF"), float("infinity"), float("1_0.5"), float(".5"), float("5."), float("1e-400"))
print(float(2 ** 53 + 1), float(-(2 ** 63)), float(10 ** 20), float(2 ** 1023), float("  -1.5e3  "), float("+2"), float(True), float())
print(float(2 ** 54 + 3), float(2 ** 54 + 2), float(2 ** 54 + 1), float(2 ** 1024 - 2 ** 970 - 1), float(123456789012345678901234567890))
print(float("1_000.5e1_0"), float("-0"), float("NaN"), float("-nan"), float("1E5"))
print(bin(-5), hex(-255), oct(8), bin(0), hex(0), oct(-0), bin(True), hex(2 ** 70), oct(-2 ** 70), bin(10 ** 20), hex(-(2 ** 64)))
print((-5).bit_length(), (10 ** 20).bit_length(), True.bit_length(), (0).bit_length(), (2 ** 64).bit_length(), (-2 ** 63).bit_length())
print(True + 1, True * 3, -True, +True, ~True, True << 2, True & False, True | False, True ^ True, False - True, True / 2)
print(abs(-2 ** 63), abs(-10 ** 30), abs(True), abs(-0.0), abs(-1.5), abs(2 ** 100), abs(-3))
print(str(2 ** 100), str(-2 ** 100), f"{2 ** 100}", f"{-10 ** 25}", str(10 ** 18), str(-10 ** 19), len(str(3 ** 1000)))
x = 12345678901234567890
print(x.bit_length(), x.real, x.imag, (2.5).real, (7).numerator, (7).denominator)
from graph_lab import trace, F
trace(lambda x: F.exp(x), {"x": (2,)})
