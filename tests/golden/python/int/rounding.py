# round(): banker's rounding, correctly rounded decimal places, negative ndigits, ints
print(round(2.5), round(-0.5), round(0.5), round(1.5), round(-1.5), round(3.5), round(5.5), round(-2.5), round(2.4999))
print(round(1.2345, 2), round(2.675, 2), round(0.125, 2), round(0.375, 2), round(-1.5, 0), round(2.5, 0), round(0.1, 1000))
print(round(12345, -2), round(15, -1), round(25, -1), round(-25, -1), round(7, -1), round(5, 2), round(-15, -1), round(150, -2))
print(round(1e300), round(1.0, -1000), round(1e-320, 330), round(123.456, -1), round(123.456, -2), round(-123.456, 1), round(0.5, None))
print(round(1e15 + 0.5), round(2 ** 52 + 0.5), round(4503599627370497.5), round(1.23456789e-10, 15), round(9.995, 2), round(1.005, 2))
print(round(10 ** 30 + 5, -1), round(10 ** 30 + 15, -1), round(10 ** 30 + 16, -1), round(-10 ** 30 - 5, -1), round(2 ** 70, -20))
print(round(True), round(False, 2), round(5, 0), round(-0.0), round(-0.0, 1), round(0.0, -5), round(2.5, 1), round(1e22, -21))
print(round(123456789.987654321, 3), round(-987.654, -2), round(1.7976931348623157e308, -300), round(0.3333333333333333, 5))
xs = [0.1 * i for i in range(12)]
print([round(v, 1) for v in xs])
print([round(v) for v in [0.5, 1.5, 2.5, 3.5, 4.5, -0.5, -1.5]])
from graph_lab import trace, F
trace(lambda x: F.exp(x), {"x": (2,)})
