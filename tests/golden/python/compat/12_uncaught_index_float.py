# a float index left over from a division: CPython's TypeError at the subscript's line
scores = [3, 9, 4, 7]
total = 0
for s in scores:
    total += s
mid = len(scores) / 2
print("median-ish:", scores[mid])
