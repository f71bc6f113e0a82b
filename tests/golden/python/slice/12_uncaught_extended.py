xs = list(range(10))
evens = slice(0, None, 2)
xs[evens] = [0] * 5
print(xs)
xs[evens] = [1, 2, 3]
