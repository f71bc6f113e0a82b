# case: list_append_extend
l = [1]
l.append(2)
l.extend([3, 4])
l.extend((5,))
l.extend(range(6, 8))
l.extend('ab')
l.extend({9: 0})
print(l)
# case: list_extend_self
l = [1, 2]
l.extend(l)
print(l)
# case: list_insert
l = [1, 2, 3]
l.insert(0, 'a')
l.insert(-1, 'b')
l.insert(100, 'c')
l.insert(-100, 'd')
print(l)
# case: list_pop
l = [1, 2, 3, 4]
print(l.pop(), l.pop(0), l.pop(-1), l)
# case: list_pop_empty
l = []
l.pop()
# case: list_pop_out_of_range
l = [1]
l.pop(5)
# case: list_remove
l = [1, 2, 3, 2]
l.remove(2)
print(l)
# case: list_remove_missing
l = [1, 2]
l.remove(3)
# case: list_index
l = ['a', 'b', 'c', 'b']
print(l.index('b'), l.index('b', 2), l.index('c', -2), l.index('a', 0, 1))
# case: list_index_missing
l = [1, 2]
l.index(3)
# case: list_index_missing_str
l = ['x']
l.index('y')
# case: list_index_range_missing
l = [1, 2, 3]
l.index(1, 1)
# case: list_count
l = [1, 2, 1, 1.0, True, 'a']
print(l.count(1), l.count('a'), l.count(3), [[1], [1]].count([1]))
# case: list_reverse_copy_clear
l = [1, 2, 3]
c = l.copy()
l.reverse()
print(l, c)
c.clear()
print(c, l)
# case: list_sort_basic
l = [3, 1, 2]
r = l.sort()
print(l, r)
# case: list_sort_key_reverse
words = ['banana', 'Apple', 'cherry', 'date']
words.sort(key=len)
print(words)
words.sort(key=lambda w: w[-1], reverse=True)
print(words)
# case: list_sort_stable
pairs = [(1, 'b'), (0, 'a'), (1, 'a'), (0, 'b'), (1, 'c')]
pairs.sort(key=lambda p: p[0])
print(pairs)
pairs.sort(key=lambda p: p[0], reverse=True)
print(pairs)
# case: list_sort_tuples
l = [(2, 'b'), (1, 'z'), (2, 'a'), (1, 'a')]
l.sort()
print(l)
# case: list_sort_mixed_numbers
l = [3, 1.5, True, -2, 0.0]
l.sort()
print(l)
# case: list_sort_strings
l = ['b', 'A', 'a', 'B', '']
l.sort()
print(l)
# case: list_sort_mixed_error
l = [1, 'a']
l.sort()
# case: list_sort_mixed_error_reverse
l = [1, 'a']
l.sort(reverse=True)
# case: list_sort_mixed_error_later
l = [1, 2, 3, 'x', 4]
l.sort()
# case: list_sort_none_error
l = [None, 1]
l.sort()
# case: list_sort_lists
l = [[2, 1], [1, 2, 3], [1, 2], []]
l.sort()
print(l)
# case: list_sort_big
l = [(i * 7919) % 1000 for i in range(1000)]
l.sort()
print(l[:5], l[-3:], len(l))
l.sort(reverse=True)
print(l[:3])
# case: list_sort_big_stable_key
l = [(i % 10, i) for i in range(300)]
l.sort(key=lambda p: p[0])
print(l[:3], l[29:32], l[-2:])
# case: list_sort_kw_error
l = [1]
l.sort(cmp=None)
# case: list_sort_positional_error
l = [1]
l.sort(None)
# case: list_slice_assign
a = [0, 1, 2, 3, 4, 5]
a[1:3] = ['x']
print(a)
a[2:2] = [7, 8, 9]
print(a)
a[:] = 'ab'
print(a)
a[5:] = [1]
print(a)
a[-1:] = []
print(a)
# case: list_slice_assign_step
a = list(range(8))
a[::2] = ['a', 'b', 'c', 'd']
print(a)
a[::-3] = [10, 20, 30]
print(a)
# case: list_slice_assign_step_error
a = list(range(6))
a[::2] = [1, 2]
# case: list_slice_assign_noniterable
a = [1, 2]
a[0:1] = 5
# case: list_slice_assign_self
a = [1, 2, 3]
a[1:] = a
print(a)
# case: list_index_assign_errors
a = [1]
a[3] = 2
# case: list_index_type_error
a = [1]
print(a['x'])
# case: tuple_item_assign_error
t = (1, 2)
t[0] = 5
# case: list_repeat
print([1, 2] * 3, 2 * [0], [1] * 0, [[]] * 2, (1,) * 3, [1] * -1)
l = [[]] * 2
l[0].append(1)
print(l)
# case: list_iadd_aliasing
a = [1]
b = a
a += [2]
a += (3,)
a += 'x'
print(a, b, a is b)
t = (1,)
u = t
t += (2,)
print(t, u)
# case: list_imul_aliasing
a = [1, 2]
b = a
a *= 2
print(a, b is a)
a *= 0
print(a, b)
# case: list_add_error
print([1] + (2,))
# case: list_equality
print([1, 2] == [1, 2], [1, 2] == [2, 1], [1] == (1,), [[1]] == [[1]], [1, [2, [3]]] == [1, [2, [3]]], [] == [])
# case: list_ordering
print([1, 2] < [1, 3], [1, 2] < [1, 2, 0], [2] > [1, 9], [1, 2] <= [1, 2], [] < [0], ['a'] < ['b'])
# case: tuple_ordering
print((1, 2) < (1, 3), (1,) < (1, 0), (2, 'a') > (1, 'z'), (1, 2) >= (1, 2), (0, 1, 2) == (0, 1, 2))
# case: list_ordering_error
print([1, 'a'] < [1, 2])
# case: list_tuple_ordering_error
print([1] < (1,))
# case: list_in
l = [1, [2], (3, 4), 'five', None]
print(1 in l, [2] in l, (3, 4) in l, 'five' in l, None in l, 5 in l, 1.0 in l, True in l)
# case: tuple_methods
t = (1, 2, 1, 'a', 1.0)
print(t.count(1), t.count('a'), t.index(2), t.index(1, 1), t.index('a'))
# case: tuple_index_missing
t = (1, 2)
t.index(3)
# case: list_recursive_repr
l = [1]
l.append(l)
print(l, len(l))
m = [l, l]
print(m)
# case: list_in_tuple_recursive
l = []
t = (l,)
l.append(t)
print(t, l)
# case: list_recursive_equal_identity
l = []
l.append(l)
print(l == l, l in l)
# case: list_big_equality
a = list(range(100000))
b = list(range(100000))
print(a == b, a < b, a == b[:-1])
# case: list_method_arg_errors
l = []
l.append()
# case: list_insert_arg_error
l = []
l.insert(1)
# case: list_count_arg_error
l = []
l.count()
# case: list_nested_repr_strings
print(['a', "b'c", 'd"e', ('x',), [], (), {}, [None, True, 1.5, -0.0]])
# case: list_sort_min_max_key
l = [(1, 'b'), (3, 'a'), (2, 'c')]
l.sort(key=lambda p: p[1])
print(l, l[0], l[-1])
# case: list_pop_middle_many
l = list(range(50))
while len(l) > 5:
    l.pop(len(l) // 2)
print(l)
# case: list_insert_many
l = []
for i in range(20):
    l.insert(i // 2, i)
print(l)
