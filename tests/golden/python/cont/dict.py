# case: dict_literal_order
d = {3: 'c', 1: 'a', 2: 'b'}
print(d, len(d), list(d))
# case: dict_numeric_keys_equal
d = {1: 'int'}
d[1.0] = 'float'
d[True] = 'bool'
print(d, d[1], d[1.0], d[True], len(d))
# case: dict_float_and_negative_keys
d = {-1: 'a', -2: 'b', 0.5: 'c', -0.0: 'z', 2**40: 'big'}
print(d[-1], d[-2], d[0.5], d[0], d[1099511627776], len(d))
# case: dict_tuple_keys
d = {}
for i in range(3):
    for j in range(3):
        d[i, j] = i * 3 + j
print(d[(1, 2)], d[2, 0], (1, 1) in d, (3, 3) in d, len(d))
print(list(d.keys())[:4])
# case: dict_nested_tuple_keys
d = {((1, 2), (3, 4)): 'x', (None, True): 'y', (): 'empty'}
print(d[(1, 2), (3, 4)], d[None, 1], d[()], d)
# case: dict_none_and_str_keys
d = {None: 0, 'a': 1, 'bb': 2, '': 3}
print(d[None], d['a'], d['bb'], d[''], d)
# case: dict_frozenset_key
d = {frozenset({1, 2}): 'a'}
print(d[frozenset({2, 1})], frozenset([1, 2]) in d, d)
# case: dict_update_keeps_position
d = {'a': 1, 'b': 2, 'c': 3}
d['a'] = 10
print(d)
# case: dict_delete_reinsert_order
d = {'a': 1, 'b': 2, 'c': 3}
d.pop('a')
d['a'] = 4
print(d, list(d.items()))
# case: dict_many_deletes
d = {i: i for i in range(1000)}
for i in range(0, 1000, 3):
    d.pop(i)
print(len(d), list(d)[:5], d[998], 999 in d, 3 in d)
for i in range(5000, 5010):
    d[i] = -i
print(len(d), list(d)[-3:])
# case: dict_keyerror_str
d = {'a': 1}
print(d['b'])
# case: dict_keyerror_int
d = {1: 1}
print(d[2])
# case: dict_keyerror_tuple
d = {(1, 2): 1}
print(d[1, 3])
# case: dict_keyerror_quote
d = {}
print(d["it's"])
# case: dict_unhashable_list_key
d = {}
d[[1, 2]] = 3
# case: dict_unhashable_dict_key
d = {{}: 1}
# case: dict_unhashable_set_lookup
d = {1: 2}
print(d[{1}])
# case: dict_unhashable_in_tuple
d = {}
d[(1, [2])] = 3
# case: dict_in_unhashable
print([1] in {1: 2})
# case: dict_get
d = {'a': 1}
print(d.get('a'), d.get('b'), d.get('b', 0), d.get('a', 0))
# case: dict_pop
d = {'a': 1, 'b': 2}
print(d.pop('a'), d, d.pop('zz', 'dflt'), d)
# case: dict_pop_missing
d = {'a': 1}
d.pop('b')
# case: dict_popitem
d = {1: 'a', 2: 'b', 3: 'c'}
print(d.popitem(), d.popitem(), d)
d[4] = 'd'
print(d.popitem(), d)
# case: dict_popitem_empty
d = {}
d.popitem()
# case: dict_setdefault
d = {}
print(d.setdefault('a', []), d)
d.setdefault('a', []).append(1)
d.setdefault('b', []).append(2)
print(d, d.setdefault('c'), d)
# case: dict_update_forms
d = {'a': 1}
d.update({'b': 2})
d.update([('c', 3), ['d', 4]])
d.update(e=5)
d.update({'a': 0}, f=6)
d.update()
print(d)
# case: dict_update_bad_length
d = {}
d.update([(1, 2, 3)])
# case: dict_update_not_sequence
d = {}
d.update([1])
# case: dict_copy_shallow
d = {'l': [1]}
e = d.copy()
e['l'].append(2)
e['x'] = 1
print(d, e, d == e)
# case: dict_clear
d = {1: 2}
e = d
d.clear()
print(d, e, len(e))
# case: dict_fromkeys
print(dict.fromkeys([1, 2, 3]), dict.fromkeys('ab', 0), dict.fromkeys(range(3), []))
# case: dict_views_live
d = {'a': 1}
k, v, it = d.keys(), d.values(), d.items()
d['b'] = 2
print(k, v, it, len(k), len(v), len(it))
print('a' in k, 'z' in k, 2 in v, 3 in v, ('a', 1) in it, ('a', 2) in it, 'a' in it)
# case: dict_view_iteration
d = {3: 'x', 1: 'y'}
for k in d.keys():
    print(k)
for v in d.values():
    print(v)
for k, v in d.items():
    print(k, v)
print(list(d.items()), tuple(d.values()))
# case: dict_view_set_ops
d = {1: 'a', 2: 'b', 3: 'c'}
print(d.keys() & {2, 3, 4}, d.keys() | {4}, d.keys() - {1}, d.keys() ^ {3, 4})
print(d.keys() == {1, 2, 3}, d.keys() == {1, 2}, {1, 2, 3} == d.keys(), d.keys() <= {1, 2, 3, 4})
# case: dict_items_set_ops
d = {1: 'a', 2: 'b'}
print(d.items() & {(1, 'a'), (2, 'z')}, d.items() - {(1, 'a')})
# case: dict_view_repr_empty
d = {}
print(d.keys(), d.values(), d.items(), {})
# case: dict_or
a = {'x': 1, 'y': 2}
b = {'y': 3, 'z': 4}
print(a | b, b | a, a, b)
# case: dict_ior
a = {'x': 1}
c = a
a |= {'y': 2}
a |= [('z', 3)]
print(a, c is a)
# case: dict_or_list_error
print({1: 2} | [(3, 4)])
# case: dict_constructor_forms
print(dict(zip(['a', 'b'], [1, 2])), dict(a=1, b=2), dict([(1, 2), (3, 4)]), dict({1: 2}, x=3), dict())
# case: dict_constructor_from_dict_items
d = {1: 2, 3: 4}
print(dict(d.items()), dict(zip(d.values(), d.keys())))
# case: dict_changed_size_during_iteration
d = {1: 1, 2: 2}
for k in d:
    d[k + 10] = 0
# case: dict_pop_during_iteration
d = {1: 1, 2: 2, 3: 3}
for k in d:
    d.pop(k)
# case: dict_value_update_during_iteration
d = {1: 1, 2: 2, 3: 3}
for k in d:
    d[k] = k * 10
print(d)
# case: dict_equality
print({1: 2, 3: 4} == {3: 4, 1: 2}, {1: 2} == {1: 3}, {1: [1, 2]} == {1: [1, 2]}, {} == {}, {1: 1} != {1: 1.0})
# case: dict_comprehension_order
d = {k: v for k, v in [(2, 'a'), (1, 'b'), (2, 'c')]}
print(d)
# case: dict_nested_repr
d = {'a': {'b': [1, (2, 3)], 'c': {4}}, 'd': (None, 'e', 1.5)}
print(d)
print(str(d) == f'{d!r}')
# case: dict_recursive_repr
d = {'k': 1}
d['self'] = d
print(d)
# case: dict_len_truth
d = {}
print(len(d), bool(d), not d)
d[0] = 0
print(len(d), bool(d))
# case: dict_in_and_not_in
d = {'a': 1, (1, 2): 2}
print('a' in d, 'b' not in d, (1, 2) in d, 1 in d)
# case: dict_get_unhashable
d = {}
d.get([1])
# case: dict_keys_list_sort
d = {'b': 2, 'a': 1, 'c': 3}
ks = list(d)
ks.sort()
print(ks, [d[k] for k in ks])
# case: dict_int_float_key_mix
d = {}
d[2] = 'a'
d[2.0] += 'b'
d[2.5] = 'c'
print(d)
# case: dict_kwargs_call
def f(a, b):
    return a - b
d = {'b': 1, 'a': 5}
print(f(**d))
# case: dict_big_ints
d = {}
for i in range(100):
    d[i * 2**32] = i
print(d[99 * 2**32], len(d), list(d)[-2:])
