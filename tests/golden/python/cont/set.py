# case: set_literal_small
print({3, 1, 2}, {5}, {0, -1, 7})
# case: set_literal_consts_merge
print({8, 0, 16, 1, 2}, {9, 1, 17, 25, 33}, {100, 5, 13, 21})
# case: set_literal_vars_adds
a, b = 8, 16
print({a, 0, b, 1, 2}, {b, a, 0})
# case: set_literal_two_consts
print({9, 1}, {1, 9}, {17, 1})
# case: set_collisions_order
s = set()
for x in [8, 16, 24, 0, 32, 1, 9]:
    s.add(x)
print(s)
# case: set_growth_order
s = set()
for x in range(40, 0, -3):
    s.add(x)
print(s, len(s))
# case: set_negative_ints
print({-1, -2, -3, 5, -100}, set([-5, 3, -8, 1]))
# case: set_large_ints
print({2**40, 7, 2**61, 2**62 + 1, -2**50})
# case: set_from_list_order
print(set([30, 1, 20, 2, 10, 3]), set(range(10, 0, -1)), set((5, 4, 4, 3)))
# case: set_from_set_copy_order
s = set()
for i in [8, 0, 16, 1, 2]:
    s.add(i)
print(s, set(s), s.copy(), frozenset(s))
# case: set_from_dict
d = {5: 'a', 1: 'b', 33: 'c'}
print(set(d), set(d.values()) == {'a', 'b', 'c'}, len(set(d.items())), (1, 'b') in set(d.items()))
# case: set_from_string_sorted
l = list(set('mississippi'))
l.sort()
print(l, len(set('hello')))
# case: set_empty
s = set()
print(s, len(s), bool(s), {} == dict(), {} == set(), len({}))
# case: set_comprehension
print({x * x for x in range(-3, 4)}, {x % 5 for x in range(20) if x > 3})
# case: set_star_display
a = [3, 1]
print({*a, 2}, {*range(3), *a}, {*'aa'})
# case: set_bool_int_dedupe
print({1, True, 1.0}, {True, 1}, {0, False, 0.0}, {False, 0}, len({1, 1.0, True}))
# case: set_tuples
print({(1, 2), (2, 1), (1, 2)}, (1, 2) in {(1, 2)}, len({(i, j) for i in range(3) for j in range(3)}))
# case: set_tuple_order
print({(0, 0), (0, 1), (1, 0), (1, 1)}, {(i, -i) for i in range(4)})
# case: set_none_member
s = {None, 1}
print(None in s, 1 in s, len(s))
# case: set_add_remove_discard
s = {1, 2}
s.add(3)
s.add(1)
s.remove(2)
s.discard(5)
s.discard(3)
print(s)
# case: set_remove_missing
s = {1}
s.remove(2)
# case: set_remove_missing_tuple
s = {1}
s.remove((1, 2))
# case: set_remove_missing_str
s = {'a'}
s.remove('b')
# case: set_pop_order
s = {5, 3, 9, 1}
out = []
while s:
    out.append(s.pop())
print(out)
# case: set_pop_empty
s = set()
s.pop()
# case: set_pop_after_add
s = {1, 2, 3}
print(s.pop())
s.add(1)
print(s.pop(), s.pop(), s)
# case: set_clear_copy
s = {1, 2}
t = s.copy()
s.clear()
print(s, t, s is t)
# case: set_update_multi
s = {1}
s.update([2, 3], {4}, (5,), range(6, 8))
print(s)
# case: set_union_multi
s = {1, 2}
print(s.union({3}, [4, 1], (5,)), s.union(), s | {9}, s)
# case: set_intersection
print({1, 2, 3}.intersection({2, 3, 4}), {1, 2, 3} & {3, 2}, {1, 2}.intersection([2, 2, 5]), {1, 2, 3}.intersection({1, 2}, [2]))
# case: set_intersection_order_swap
a = {1, 9, 17, 25}
b = {25, 17, 9, 1, 100, 200}
print(a & b, b & a, a.intersection(list(b)))
# case: set_difference
print({1, 2, 3} - {2}, {1, 2, 3}.difference([1], {3}), {1, 2}.difference(), {5, 6} - {5, 6})
# case: set_difference_big_left
a = set(range(20))
print(a - {3}, a.difference({1: 'x'}))
# case: set_symmetric_difference
print({1, 2, 3} ^ {3, 4}, {1, 2}.symmetric_difference([2, 5]), {9, 1} ^ {17, 1})
# case: set_subset_superset
a, b = {1, 2}, {1, 2, 3}
print(a <= b, a < b, b >= a, b > a, a < a, a <= a, b <= a, a.issubset(b), a.issubset([1, 2]), b.issuperset(a), b.issuperset([4]))
# case: set_isdisjoint
print({1, 2}.isdisjoint({3}), {1, 2}.isdisjoint([2]), set().isdisjoint(set()))
# case: set_inplace_ops
s = {1, 2, 3}
t = s
s |= {4}
s &= {1, 2, 4, 5}
s -= {1}
s ^= {2, 9}
print(s, t is s)
# case: set_update_methods
s = {1, 2, 3, 4}
s.intersection_update({2, 3, 4}, [3, 4])
print(s)
s.difference_update([4])
print(s)
s.symmetric_difference_update({3, 7})
print(s)
# case: set_equality
print({1, 2} == {2, 1}, {1, 2} == frozenset({1, 2}), {1} == [1], {1} != {1}, set() == frozenset())
# case: frozenset_basics
f = frozenset([3, 1, 2])
print(f, len(f), 2 in f, f | {4}, {4} | f, f & {1}, f - {1}, f ^ {1, 9}, frozenset())
# case: frozenset_of_frozensets
f = {frozenset({1}), frozenset({1, 2}), frozenset()}
print(len(f), frozenset({1}) in f, frozenset({2, 1}) in f, {1} in f)
# case: frozenset_copy_identity
f = frozenset({1})
print(f.copy() is f, frozenset(f) is f)
# case: set_unhashable_element
s = {[1, 2]}
# case: set_add_unhashable
s = set()
s.add({})
# case: set_contains_unhashable
print([1] in {1})
# case: set_of_sets_error
s = {1}
t = {s}
# case: set_lt_list_error
print({1} < [1])
# case: set_or_list_error
print({1} | [2])
# case: set_ior_list_error
s = {1}
s |= [2]
# case: set_sub_list_error
print({1, 2} - [1])
# case: set_changed_size_iteration
s = {1, 2, 3}
for x in s:
    s.add(x + 10)
# case: set_iteration_order_loop
for x in {40, 3, 17, 8}:
    print(x)
# case: set_list_sorted
s = {'pear', 'apple', 'fig'}
l = list(s)
l.sort()
print(l, 'fig' in s, len(s))
# case: set_repr_nested
print([{1, 2}, frozenset({3})], ({4},), {'k': {5}})
# case: set_min_max_sum
s = {4, 9, 1}
print(min(s), max(s), sum(s), len(s))
# case: set_float_members
print({1.5, 2.5, 0.5}, {0.1, 0.2} == {0.2, 0.1}, {2.0, 2})
# case: set_comprehension_nested
print({(a, b) for a in range(2) for b in range(3) if b != 1})
# case: set_many_removes_order
s = set(range(30))
for i in range(0, 30, 2):
    s.discard(i)
print(s)
s.update(range(100, 105))
print(s)
# case: set_dummy_reuse
s = {0, 1, 2, 3}
s.remove(1)
s.add(9)
print(s)
# case: set_big_build
s = set()
for i in range(2000):
    s.add(i * 7 % 1009)
print(len(s), 1008 in s, 1009 in s, min(s), max(s))
