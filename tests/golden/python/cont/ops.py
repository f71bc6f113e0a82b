# case: int_bitwise
print(6 | 3, 6 & 3, 6 ^ 3, 1 << 10, 1024 >> 3, -8 >> 1, -1 >> 5, ~0, ~7, ~-3)
# case: bool_bitwise
print(True | False, True & False, True ^ True, True & 1, ~True, False | 2)
# case: bitwise_precedence
print(1 | 2 ^ 3 & 4 << 1, 1 + 2 << 3, 2 ** 3 >> 1, -1 & 255, 3 & 5 == 1, (3 & 5) == 1)
# case: bitwise_augmented
x = 5
x |= 2
x &= 6
x ^= 1
x <<= 3
x >>= 1
print(x)
# case: negative_shift
print(1 << -1)
# case: bitwise_type_error
print(1 | 1.5)
# case: bitwise_str_error
print('a' & 1)
# case: invert_error
print(~1.5)
# case: flags_as_bits
flags = 0
for bit in [0, 3, 5]:
    flags |= 1 << bit
print(flags, [b for b in range(8) if flags >> b & 1])
# case: repr_containers_mixed
print([1, 'two', (3.0,), {4: 'four'}, {5}, frozenset(), None, [[], [[]]]])
print((1, ('a', ('b',))), ((),))
# case: str_of_containers
print(str([1, 'a']), str((1,)), str({'k': 'v'}), str({1}), f"{'x'!r}", [str(1)])
# case: print_containers_sep
print([1, 2], (3,), {4: 5}, sep=' | ')
# case: fstring_containers
d = {'a': [1, 2]}
print(f'{d} {d["a"]!r} {[1, "x"]}')
# case: container_truthiness
print(bool([]), bool([0]), bool(()), bool((0,)), bool({}), bool({0: 0}), bool(set()), bool({0}), bool(frozenset()))
# case: container_len
print(len([1, 2]), len((1,)), len({1: 2}), len({1, 2, 2}), len(frozenset('aab')), len({}.keys()))
# case: sum_min_max_containers
d = {'x': 3, 'y': 1}
print(sum(d.values()), max(d), min(d.values()), sum({1, 2, 3}), max((4, 9, 2)))
# case: in_operators
print(2 in (1, 2), 'a' in ['a'], 3 in {3: 4}, 4 in {3: 4}, 1 in {1}, 1 in frozenset([1]), 'b' in 'abc')
# case: nested_container_equality
a = {'k': [1, {2, 3}, (4, frozenset({5}))]}
b = {'k': [1, {3, 2}, (4, frozenset([5]))]}
print(a == b, a != b)
# case: enumerate_zip_dict
names = ['a', 'b', 'c']
d = {n: i for i, n in enumerate(names)}
inv = dict(zip(d.values(), d.keys()))
print(d, inv)
# case: counting_with_dict
counts = {}
for w in ['the', 'cat', 'and', 'the', 'hat', 'and', 'the', 'bat']:
    counts[w] = counts.get(w, 0) + 1
ks = list(counts)
ks.sort(key=lambda k: (-counts[k], k))
print([(k, counts[k]) for k in ks])
# case: grouping_setdefault
groups = {}
for n in range(10):
    groups.setdefault(n % 3, []).append(n)
print(groups)
# case: dedupe_preserve_order
seen = set()
out = []
for x in [3, 1, 3, 2, 1, 5]:
    if x not in seen:
        seen.add(x)
        out.append(x)
print(out, seen)
# case: shapes_in_dict
shapes = {'x': (2, 3), 'w': (3, 4)}
total = 0
for name, (a, b) in shapes.items():
    total += a * b
print(total, shapes)
# case: adjacency_dict_of_sets
edges = [(1, 2), (2, 3), (1, 3), (3, 4)]
adj = {}
for a, b in edges:
    adj.setdefault(a, set()).add(b)
    adj.setdefault(b, set()).add(a)
print(adj)
# case: tuple_keyed_grid
grid = {(r, c): r * 10 + c for r in range(3) for c in range(3)}
print(grid[2, 1], sum(grid[r, r] for r in range(3)), len(grid))
# case: matrix_transpose_lists
m = [[1, 2, 3], [4, 5, 6]]
t = [[row[i] for row in m] for i in range(3)]
print(t, m == [list(r) for r in zip(*t)])
