# operator — the operators as functions (CPython's Lib/operator.py, the part programs use).
# GraphLab runs this file as the module operator (py_lib.c): functions of a library module leave the traced
# nodes they make to the program's line that called them.

__all__ = ['abs', 'add', 'and_', 'attrgetter', 'concat', 'contains', 'countOf', 'eq', 'floordiv', 'ge', 'getitem',
           'gt', 'index', 'indexOf', 'inv', 'invert', 'is_', 'is_not', 'itemgetter', 'le', 'lshift', 'lt', 'matmul',
           'methodcaller', 'mod', 'mul', 'ne', 'neg', 'not_', 'or_', 'pos', 'pow', 'rshift', 'sub', 'truediv',
           'truth', 'xor']


_abs = abs          # the builtin, before this module's abs hides it


def lt(a, b): return a < b
def le(a, b): return a <= b
def eq(a, b): return a == b
def ne(a, b): return a != b
def ge(a, b): return a >= b
def gt(a, b): return a > b
def not_(a): return not a
def truth(a): return True if a else False
def is_(a, b): return a is b
def is_not(a, b): return a is not b
def abs(a): return _abs(a)
def add(a, b): return a + b
def and_(a, b): return a & b
def floordiv(a, b): return a // b
def index(a):
    if isinstance(a, int):
        return int(a)
    if not hasattr(type(a), '__index__'):
        raise TypeError(f"'{type(a).__name__}' object cannot be interpreted as an integer")
    r = a.__index__()
    if not isinstance(r, int):
        raise TypeError(f'__index__ returned non-int (type {type(r).__name__})')
    return r
def inv(a): return ~a
invert = inv
def lshift(a, b): return a << b
def mod(a, b): return a % b
def mul(a, b): return a * b
def matmul(a, b): return a @ b
def neg(a): return -a
def or_(a, b): return a | b
def pos(a): return +a
def pow(a, b): return a ** b
def rshift(a, b): return a >> b
def sub(a, b): return a - b
def truediv(a, b): return a / b
def xor(a, b): return a ^ b


def concat(a, b):
    if not hasattr(a, '__getitem__'):
        raise TypeError("'%s' object can't be concatenated" % type(a).__name__)
    return a + b


def contains(a, b): return b in a


def countOf(a, b):
    count = 0
    for i in a:
        if i is b or i == b:
            count += 1
    return count


def getitem(a, b): return a[b]


def indexOf(a, b):
    for i, j in enumerate(a):
        if j is b or j == b:
            return i
    raise ValueError('sequence.index(x): x not in sequence')


class attrgetter:
    def __init__(self, attr, *attrs):
        if not attrs:
            if not isinstance(attr, str):
                raise TypeError('attribute name must be a string')
            self._attrs = (attr,)
        else:
            self._attrs = (attr,) + attrs
        self._single = not attrs

    def _get(self, obj, name):
        for part in name.split('.'):
            obj = getattr(obj, part)
        return obj

    def __call__(self, obj):
        if self._single:
            return self._get(obj, self._attrs[0])
        return tuple(self._get(obj, name) for name in self._attrs)

    def __repr__(self):
        return 'operator.attrgetter(%s)' % ', '.join(map(repr, self._attrs))


class itemgetter:
    def __init__(self, item, *items):
        self._items = (item,) + items
        self._single = not items

    def __call__(self, obj):
        if self._single:
            return obj[self._items[0]]
        return tuple(obj[i] for i in self._items)

    def __repr__(self):
        return 'operator.itemgetter(%s)' % ', '.join(map(repr, self._items))


class methodcaller:
    def __init__(self, name, /, *args, **kwargs):
        if not isinstance(name, str):
            raise TypeError('method name must be a string')
        self._name = name
        self._args = args
        self._kwargs = kwargs

    def __call__(self, obj):
        return getattr(obj, self._name)(*self._args, **self._kwargs)

    def __repr__(self):
        args = [repr(self._name)]
        args.extend(map(repr, self._args))
        args.extend('%s=%r' % (k, v) for k, v in self._kwargs.items())
        return 'operator.methodcaller(%s)' % ', '.join(args)
