# case: dict_subclass_pass
class Shapes(dict):
    pass
s = Shapes()
s['x'] = (1, 2)
s['w'] = (3,)
print(s, len(s), 'x' in s, 'q' in s, s['x'], s.get('q', 0))
print(isinstance(s, dict), isinstance(s, Shapes), type(s).__name__, type(s) is Shapes, issubclass(Shapes, dict))
print(list(s), list(s.items()), sorted(s.keys()), list(s.values()))
print(repr(s), str(s), f'{s}', [s])
# case: dict_subclass_init_forms
class D(dict):
    pass
print(D(a=1, b=2), D({'x': 1}, y=2), D([('k', 'v')]), D(), D(zip('ab', range(2))))
print(D(a=1) == {'a': 1}, {'a': 1} == D(a=1), D(a=1) != D(a=2))
# case: dict_subclass_methods
class D(dict):
    pass
d = D(a=1)
d.update({'b': 2}, c=3)
print(d.setdefault('z', 26), d.pop('a'), d.pop('nope', None), d)
print(d.copy(), type(d.copy()).__name__, dict(d), type(dict(d)).__name__, {**d, 'e': 5}, d | {'f': 6})
for k, v in d.items():
    print(k, v)
del d['b']
print(d, len(d), bool(d), bool(D()))
d.clear()
print(d, d.popitem() if d else 'empty')
# case: dict_subclass_user_methods
class Registry(dict):
    kind = 'reg'
    def register(self, name, value):
        self[name] = value
        return self
    def total(self):
        return sum(self.values())
    @property
    def names(self):
        return sorted(self)
r = Registry()
r.register('a', 1).register('b', 2)
print(r, r.total(), r.names, r.kind, Registry.kind)
r.note = 'hello'
print(r.note, vars(r), r.__dict__, hasattr(r, 'note'), hasattr(r, 'zzz'), getattr(r, 'zzz', 'dflt'))
# case: dict_subclass_super_init
class Config(dict):
    def __init__(self, name, **kw):
        super().__init__(**kw)
        self.name = name
c = Config('cfg', d=64, H=4)
print(c, c.name, c['d'], len(c))
# case: dict_subclass_getitem_override
class Lower(dict):
    def __getitem__(self, k):
        return super().__getitem__(k.lower())
    def __setitem__(self, k, v):
        super().__setitem__(k.lower(), v)
l = Lower()
l['AbC'] = 1
l['X'] = 2
print(l, l['abc'], l['ABC'], l['x'], 'x' in l, 'X' in l, l.get('X'))
# case: dict_subclass_missing
class Counter(dict):
    def __missing__(self, k):
        return 0
c = Counter()
for w in 'the cat the hat the end'.split():
    c[w] += 1
print(c, c['dog'], 'dog' in c, len(c))
# case: dict_subclass_missing_inserts
class AutoList(dict):
    def __missing__(self, k):
        self[k] = v = []
        return v
a = AutoList()
a['x'].append(1)
a['x'].append(2)
a['y'].append(3)
print(a, sorted(a))
# case: dict_subclass_missing_keyerror
class Strict(dict):
    def __missing__(self, k):
        raise KeyError('no key ' + repr(k))
s = Strict(a=1)
print(s['a'])
print(s['b'])
# case: dict_subclass_repr_override
class Pretty(dict):
    def __repr__(self):
        return 'Pretty(' + ', '.join(f'{k}={v}' for k, v in self.items()) + ')'
p = Pretty(a=1, b=2)
print(p, [p], str(p), repr(p), f'{p!r}')
class Both(dict):
    def __str__(self):
        return 'str!'
print(Both(a=1), [Both(a=1)], repr(Both()))
# case: dict_subclass_inherit_chain
class Base(dict):
    def describe(self):
        return f'{type(self).__name__} with {len(self)} keys'
class Child(Base):
    def describe(self):
        return 'child: ' + super().describe()
c = Child(a=1, b=2)
print(c.describe(), isinstance(c, Base), isinstance(c, dict), Child.__mro__, Child.__bases__, Base.__bases__)
# case: dict_subclass_len_iter_override
class Weird(dict):
    def __len__(self):
        return 42
    def __iter__(self):
        return iter(sorted(super().keys(), reverse=True))
    def __contains__(self, k):
        return k == 'magic'
w = Weird(a=1, b=2, c=3)
print(len(w), list(w), [k for k in w], 'magic' in w, 'a' in w, 'a' not in w, bool(w))
# case: dict_subclass_eq_override
class Loose(dict):
    def __eq__(self, other):
        return set(self) == set(other)
print(Loose(a=1) == {'a': 2}, Loose(a=1) == {'b': 1}, Loose(a=1) != {'a': 5})
# case: dict_subclass_unbound_methods
class D(dict):
    def get(self, k, default=None):
        return 'own ' + str(dict.get(self, k, default))
d = D(a=1)
print(d.get('a'), d.get('b', 7), dict.get(d, 'a'), dict.__getitem__(d, 'a'), dict.keys(d))
dict.__setitem__(d, 'z', 9)
print(d, D.get(d, 'z'))
# case: dict_subclass_fromkeys
class D(dict):
    pass
f = D.fromkeys('abc', 0)
print(f, type(f).__name__, dict.fromkeys([1, 2]))
# case: dict_subclass_as_trace_params
from graph_lab import trace, F
class Shapes(dict):
    pass
sh = Shapes(x=(2, 3))
g = trace(lambda x: F.exp(x), sh)
print(g.count(), type(sh).__name__)
# case: dict_subclass_unhashable
class D(dict):
    pass
print({D(): 1})
# case: dict_subclass_no_attr
class D(dict):
    pass
print(D().missing_attr)
# case: dict_subclass_keyerror
class D(dict):
    pass
d = D(a=1)
print(d['a'])
print(d['zz'])
# case: dict_subclass_too_many_args
class D(dict):
    pass
D({}, {})
# case: dict_subclass_bad_update
class D(dict):
    pass
D([1])
# case: list_subclass_basics
class Stack(list):
    def push(self, x):
        self.append(x)
    def peek(self):
        return self[-1]
s = Stack()
s.push(1)
s.push(2)
s.extend([3, 4])
print(s, len(s), s.peek(), s.pop(), s, 2 in s, s[0], s[-1], s[1:], type(s[1:]).__name__)
print(isinstance(s, list), type(s).__name__, s == [1, 2, 3], [1, 2, 3] == s, s + [9], type(s + [9]).__name__, s * 2)
print(sorted(s, reverse=True), sum(s), max(s), list(reversed(s)), [x * 2 for x in s], bool(s), bool(Stack()))
# case: list_subclass_init
class L(list):
    pass
print(L(), L([1, 2]), L('ab'), L(range(3)), L(x for x in 'hi'))
# case: list_subclass_init_kwargs
class L(list):
    pass
L(a=1)
# case: list_subclass_init_args
class L(list):
    pass
L(1, 2)
# case: list_subclass_super_init
class Path(list):
    def __init__(self, *parts, sep='/'):
        super().__init__(parts)
        self.sep = sep
    def __str__(self):
        return self.sep.join(self)
p = Path('usr', 'lib', sep='|')
print(p, repr(p), len(p), p.sep, p[1])
p.append('x')
print(p, list(p))
# case: list_subclass_methods_mutate
class L(list):
    pass
l = L([5, 3, 8, 1])
l.sort()
print(l, type(l).__name__)
l.reverse()
l.insert(0, 99)
l.remove(3)
print(l, l.index(8), l.count(99))
l[0] = -1
l += [7]
print(l, type(l).__name__)
del l[0]
l[1:2] = ['a', 'b']
print(l, len(l))
# case: list_subclass_getitem_override
class Cyclic(list):
    def __getitem__(self, i):
        return super().__getitem__(i % len(self))
c = Cyclic([1, 2, 3])
print(c[0], c[4], c[-7], list(c), c)
# case: list_subclass_setitem_override
class Logged(list):
    def __setitem__(self, i, v):
        print('set', i, v)
        super().__setitem__(i, v)
    def __delitem__(self, i):
        print('del', i)
        super().__delitem__(i)
l = Logged([1, 2, 3])
l[1] = 20
del l[0]
print(l)
# case: list_subclass_add_override
class Vec(list):
    def __add__(self, other):
        return Vec(a + b for a, b in zip(self, other))
    def __mul__(self, k):
        return Vec(a * k for a in self)
    def __repr__(self):
        return 'Vec(' + super().__repr__() + ')'
v = Vec([1, 2]) + Vec([10, 20])
print(v, v * 3, type(v).__name__, [1, 2] + Vec([5]))
# case: list_subclass_iadd_override
class Acc(list):
    def __iadd__(self, other):
        self.append(sum(other))
        return self
a = Acc()
a += [1, 2, 3]
a += [4]
print(a)
# case: list_subclass_compare_override
class ByLen(list):
    def __lt__(self, other):
        return len(self) < len(other)
print(sorted([ByLen([9, 9, 9]), ByLen([1]), ByLen([5, 5])]), ByLen([1, 2]) < ByLen([0]))
# case: list_subclass_index_errors
class L(list):
    pass
l = L([1])
print(l[0])
print(l[5])
# case: list_subclass_index_type_error
class L(list):
    pass
L([1])['a']
# case: list_subclass_concat_error
class L(list):
    pass
L() + 1
# case: list_subclass_attr_error
class L(list):
    pass
L().nope
# case: list_subclass_unbound
class L(list):
    pass
l = L()
list.append(l, 1)
list.extend(l, [2, 3])
print(l, list.__len__(l), list.__getitem__(l, 0), list.index(l, 3))
# case: unbound_descriptor_error
dict.get(1, 'a')
# case: class_attr_of_subclass
class D(dict):
    pass
print(D.__name__, D.__bases__, D.__mro__, D.__base__, D(a=1).__class__)
# case: subclass_classattr_shared
class Memo(dict):
    calls = 0
    def lookup(self, k):
        Memo.calls += 1
        if k not in self:
            self[k] = k * k
        return self[k]
m = Memo()
print([m.lookup(i % 3) for i in range(6)], Memo.calls, m)
# case: exception_subclass_still_works
class MyErr(Exception):
    pass
class Sub(MyErr):
    def __init__(self, msg, code):
        super().__init__(msg)
        self.code = code
try:
    raise Sub('bad', 3)
except MyErr as e:
    print(type(e).__name__, e, e.code, e.args)
# case: dict_subclass_json_like
class Node(dict):
    def __init__(self, name, children=()):
        super().__init__(name=name, children=list(children))
    def walk(self, depth=0):
        yield depth, self['name']
        for c in self['children']:
            yield from c.walk(depth + 1)
t = Node('root', [Node('a', [Node('a1')]), Node('b')])
print(list(t.walk()))
print(t)
# case: dict_subclass_setattr_read_only_method
class D(dict):
    pass
d = D()
d.get = 1
