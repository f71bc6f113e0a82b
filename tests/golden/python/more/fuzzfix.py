# case: range_non_int_messages
for args in [(1.5,), (None,), (1, 2.0), ('a', 3), (0, 10, 0)]:
    try:
        print(range(*args))
    except (TypeError, ValueError) as e:
        print(type(e).__name__, e)
# case: range_no_args
range()
# case: range_too_many_args
range(1, 2, 3, 4)
# case: user_hash_in_set_and_dict
class P:
    def __init__(self, x, y):
        self.x, self.y = x, y
    def __eq__(self, o):
        return isinstance(o, P) and (self.x, self.y) == (o.x, o.y)
    def __hash__(self):
        return hash((self.x, self.y))
    def __repr__(self):
        return f'P({self.x}, {self.y})'
s = {P(1, 2), P(1, 2), P(2, 1)}
print(len(s), P(1, 2) in s, P(3, 3) in s, sorted(s, key=lambda p: p.x))
d = {P(0, 0): 'origin'}
d[P(0, 0)] = 'again'
print(d, d[P(0, 0)], d.get(P(9, 9), 'none'), P(0, 0) in d, hash(P(1, 2)) == hash((1, 2)))
s.discard(P(1, 2))
print(s)
# case: user_hash_none_unhashable
class Q:
    __hash__ = None
print('before')
print({Q()})
# case: user_hash_bad_return
class R:
    def __hash__(self):
        return 'x'
print(hash(R()))
# case: eq_without_hash_unhashable
class E:
    def __eq__(self, o):
        return True
print(E() == 1)
print({E()})
# case: empty_message_exception
def f():
    raise ZeroDivisionError()
print('start')
f()
# case: stop_iteration_uncaught
it = iter([])
print('x')
next(it)
# case: runtime_error_bare
raise RuntimeError
# case: bag_dunders
class Bag:
    def __init__(self, *items):
        self.items = list(items)
    def __eq__(self, o):
        return isinstance(o, Bag) and self.items == o.items
    def __hash__(self):
        return hash(tuple(self.items))
a = Bag(1, 'x')
print(a == Bag(*a.items), hash(a) == hash(Bag(*a.items)), len({a, Bag(*a.items), Bag()}))
print({a: 1}[Bag(1, 'x')])
# case: range_slicing
for r in [range(10), range(0, 10, 3), range(10, 0, -2), range(0), range(-5, 5)]:
    print(r[2:5], r[::-1], r[0:5:2], r[5:2], r[-3:], r[::3], r[1:-1:-1], r[100::-2], list(r[1::2]))
print(range(10)[2:5] == range(2, 5), len(range(100)[::7]))
# case: len_arg_messages
for args in [(), ([1], [2])]:
    try:
        len(*args)
    except TypeError as e:
        print(e)
# case: len_keyword
len(obj=[1])
# case: user_format
class Money:
    def __init__(self, c):
        self.c = c
    def __add__(self, o):
        return Money(self.c + (o.c if isinstance(o, Money) else o))
    __radd__ = __add__
    def __str__(self):
        return f'${self.c / 100:.2f}'
    def __format__(self, spec):
        return format(str(self), spec)
ms = [Money(150), Money(275)]
print(sum(ms), f'{ms[0]:>10}|{ms[1]}|{ms[1]:*^9}', format(ms[0], '<8') + '|', '{:>7}'.format(Money(5)))
# case: user_format_bad_return
class B:
    def __format__(self, spec):
        return 5
print(f'{B():x}')
# case: sort_reverse_must_be_int
print(sorted([2, 1], reverse=1), sorted([2, 1], reverse=False))
print(sorted([3, 1], reverse=None))
# case: list_sort_reverse_str
[2, 1].sort(reverse='yes')
