parts = [slice(0, 2), slice(2, 4)]
print(parts)
bad = slice(1, 2, 3, 4)
