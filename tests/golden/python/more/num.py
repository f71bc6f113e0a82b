# case: float_is_integer
for x in [2.0, 2.5, -0.0, 0.0, 1e300, 0.1, -3.0, 5e-324, 1e16, float('inf'), float('-inf'), float('nan')]:
    print(x, x.is_integer())
print((7 / 7).is_integer(), (7 / 2).is_integer(), (2 ** 0.5).is_integer())
# case: float_as_integer_ratio
for x in [2.0, 2.5, -0.0, 0.0, 0.1, 1 / 3, -2.25, 5e-324, 1e300, 123.456, -1e16, 0.75]:
    n, d = x.as_integer_ratio()
    print(x, n, d, n / d == x)
# case: float_as_integer_ratio_inf
print((1e308 * 10).as_integer_ratio())
# case: float_as_integer_ratio_nan
x = float('nan')
print('before')
print(x.as_integer_ratio())
# case: float_hex
for x in [1.0, 2.5, -0.0, 0.0, 0.1, 1 / 3, -2.25, 5e-324, 2.2250738585072014e-308, 1e-310, 1e300, float('inf'), float('-inf'), float('nan'), 123.456]:
    print(repr(x), x.hex())
# case: float_conjugate_real_imag
for x in [1.5, -0.0, 1e300]:
    print(x.conjugate(), x.real, x.imag, type(x.conjugate()).__name__)
# case: int_methods
for n in [0, 5, -5, True, False, 2 ** 70, -(2 ** 70) + 3, 255, -1]:
    print(n.conjugate(), n.as_integer_ratio(), n.bit_count(), n.bit_length(), n.real, n.imag, n.numerator, n.denominator)
print(type(True.conjugate()).__name__, type(True.real).__name__)
# case: num_methods_bound
f = (2.5).as_integer_ratio
g = (12).bit_count
print(f(), g(), hasattr(1.0, 'is_integer'), hasattr(1, 'is_integer'), hasattr(1, 'bit_count'), hasattr(1.0, 'bit_count'))
print(sorted([0.5, 2.0, 3.25], key=lambda v: v.is_integer()))
# case: float_is_integer_args
print((2.0).is_integer(1))
# case: int_bit_length_args
print((5).bit_length(1))
# case: float_ratio_kwargs
print((2.0).as_integer_ratio(x=1))
# case: int_is_integer_missing
print((5).is_integer())
# case: float_hex_args
print((2.5).hex(1))
# case: float_conjugate_args
print((1.5).conjugate(2))
# case: float_numerator_missing
print((2.0).numerator)
# case: int_hex_missing
print((3).hex())
# case: bool_methods
print(True.bit_count(), False.as_integer_ratio(), True.conjugate() + 1)
