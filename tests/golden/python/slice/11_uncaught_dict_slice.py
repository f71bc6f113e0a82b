counts = {"a": 1, "b": 2}
keys = sorted(counts)
print(keys[0:1])
first = counts[0:1]
print(first)
