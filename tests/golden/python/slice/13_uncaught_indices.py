def window(s, n):
    return list(range(*s.indices(n)))

print(window(slice(2, 8, 3), 10))
print(window(slice(None, None, -4), 10))
print(window(slice(1, 2, 0), 10))
