# collections — defaultdict, Counter, OrderedDict, deque and namedtuple (after CPython's
# Lib/collections/__init__.py). defaultdict, Counter and OrderedDict derive from dict, as CPython's do, so a
# program's dict code (json, **, len, iteration, ==) takes them unchanged. namedtuple makes a class derived
# from tuple, as CPython's does (py_subclass.c): an instance is a tuple (isinstance, indexing, slicing, +, *,
# ==, <, hash, json) with its fields as read-only properties.

__all__ = ['ChainMap', 'Counter', 'OrderedDict', 'defaultdict', 'deque', 'namedtuple']


class defaultdict(dict):
    def __init__(self, default_factory=None, /, *args, **kwargs):
        if default_factory is not None and not callable(default_factory):
            raise TypeError('first argument must be callable or None')
        super().__init__(*args, **kwargs)
        self.default_factory = default_factory

    def __missing__(self, key):
        if self.default_factory is None:
            raise KeyError(key)
        self[key] = value = self.default_factory()
        return value

    def copy(self):
        return defaultdict(self.default_factory, self)

    __copy__ = copy

    def __repr__(self):
        return f'defaultdict({self.default_factory!r}, {dict.__repr__(self)})'


class Counter(dict):
    def __init__(self, iterable=None, /, **kwds):
        super().__init__()
        self.update(iterable, **kwds)

    def __missing__(self, key):
        return 0

    def total(self):
        return sum(self.values())

    def most_common(self, n=None):
        # sorted is stable: equal counts keep the order first met, as CPython's (heapq.nlargest) does
        items = sorted(self.items(), key=lambda kv: kv[1], reverse=True)
        return items if n is None else items[:max(n, 0)]

    def elements(self):
        for elem, count in self.items():
            for _ in range(count):
                yield elem

    @classmethod
    def fromkeys(cls, iterable, v=None):
        raise NotImplementedError('Counter.fromkeys() is undefined.  Use Counter(iterable) instead.')

    def update(self, iterable=None, /, **kwds):
        if iterable is not None:
            if isinstance(iterable, dict):
                if self:
                    for elem, count in iterable.items():
                        self[elem] = count + self.get(elem, 0)
                else:
                    dict.update(self, iterable)
            else:
                for elem in iterable:
                    self[elem] = self.get(elem, 0) + 1
        if kwds:
            self.update(kwds)

    def subtract(self, iterable=None, /, **kwds):
        if iterable is not None:
            if isinstance(iterable, dict):
                for elem, count in iterable.items():
                    self[elem] = self.get(elem, 0) - count
            else:
                for elem in iterable:
                    self[elem] = self.get(elem, 0) - 1
        if kwds:
            self.subtract(kwds)

    def copy(self):
        return Counter(self)

    def __delitem__(self, elem):
        if elem in self:
            dict.__delitem__(self, elem)

    def __eq__(self, other):
        if not isinstance(other, Counter):
            if isinstance(other, dict):
                return dict.__eq__(self, other)
            return NotImplemented
        return all(self[e] == other[e] for c in (self, other) for e in c)

    def __ne__(self, other):
        r = self.__eq__(other)
        return r if r is NotImplemented else not r

    def __repr__(self):
        if not self:
            return f'{self.__class__.__name__}()'
        return f'{self.__class__.__name__}({dict.__repr__(dict(self.most_common()))})'

    def __add__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        result = Counter()
        for elem, count in self.items():
            newcount = count + other[elem]
            if newcount > 0:
                result[elem] = newcount
        for elem, count in other.items():
            if elem not in self and count > 0:
                result[elem] = count
        return result

    def __sub__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        result = Counter()
        for elem, count in self.items():
            newcount = count - other[elem]
            if newcount > 0:
                result[elem] = newcount
        for elem, count in other.items():
            if elem not in self and count < 0:
                result[elem] = 0 - count
        return result

    def __or__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        result = Counter()
        for elem, count in self.items():
            other_count = other[elem]
            newcount = other_count if count < other_count else count
            if newcount > 0:
                result[elem] = newcount
        for elem, count in other.items():
            if elem not in self and count > 0:
                result[elem] = count
        return result

    def __and__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        result = Counter()
        for elem, count in self.items():
            other_count = other[elem]
            newcount = count if count < other_count else other_count
            if newcount > 0:
                result[elem] = newcount
        return result

    def __pos__(self):
        result = Counter()
        for elem, count in self.items():
            if count > 0:
                result[elem] = count
        return result

    def __neg__(self):
        result = Counter()
        for elem, count in self.items():
            if count < 0:
                result[elem] = 0 - count
        return result


class OrderedDict(dict):
    def popitem(self, last=True):
        if not self:
            raise KeyError('dictionary is empty')
        key = next(reversed(list(self))) if last else next(iter(self))
        value = dict.pop(self, key)
        return key, value

    def move_to_end(self, key, last=True):
        value = dict.pop(self, key)
        if last:
            dict.__setitem__(self, key, value)
        else:
            rest = list(self.items())
            dict.clear(self)
            dict.__setitem__(self, key, value)
            for k, v in rest:
                dict.__setitem__(self, k, v)

    def copy(self):
        return OrderedDict(self)

    def __eq__(self, other):
        if isinstance(other, OrderedDict):
            return dict.__eq__(self, other) and list(self) == list(other)
        return dict.__eq__(self, other)

    def __ne__(self, other):
        return not self.__eq__(other)

    def __repr__(self):
        if not self:
            return f'{self.__class__.__name__}()'
        return f'{self.__class__.__name__}({list(self.items())!r})'


class deque:
    def __init__(self, iterable=(), maxlen=None):
        if maxlen is not None:
            if not isinstance(maxlen, int):
                raise TypeError('an integer is required')
            if maxlen < 0:
                raise ValueError('maxlen must be non-negative')
        self._items = []
        self._maxlen = maxlen
        self.extend(iterable)

    @property
    def maxlen(self):
        return self._maxlen

    def _trim_left(self):
        if self._maxlen is not None and len(self._items) > self._maxlen:
            del self._items[:len(self._items) - self._maxlen]

    def _trim_right(self):
        if self._maxlen is not None and len(self._items) > self._maxlen:
            del self._items[self._maxlen:]

    def append(self, x):
        self._items.append(x)
        self._trim_left()

    def appendleft(self, x):
        self._items.insert(0, x)
        self._trim_right()

    def extend(self, iterable):
        for x in list(iterable):
            self.append(x)

    def extendleft(self, iterable):
        for x in list(iterable):
            self.appendleft(x)

    def pop(self):
        if not self._items:
            raise IndexError('pop from an empty deque')
        return self._items.pop()

    def popleft(self):
        if not self._items:
            raise IndexError('pop from an empty deque')
        return self._items.pop(0)

    def clear(self):
        self._items.clear()

    def copy(self):
        return deque(self._items, self._maxlen)

    def count(self, x):
        return self._items.count(x)

    def index(self, x, *args):
        try:
            return self._items.index(x, *args)
        except ValueError:
            raise ValueError(f'{x!r} is not in deque') from None

    def insert(self, i, x):
        if self._maxlen is not None and len(self._items) >= self._maxlen:
            raise IndexError('deque already at its maximum size')
        self._items.insert(i, x)

    def remove(self, value):
        try:
            self._items.remove(value)
        except ValueError:
            raise ValueError(f'{value!r} is not in deque') from None

    def reverse(self):
        self._items.reverse()

    def rotate(self, n=1):
        k = len(self._items)
        if k:
            n = n % k
            if n:
                self._items[:] = self._items[-n:] + self._items[:-n]

    def __len__(self):
        return len(self._items)

    def __bool__(self):
        return len(self._items) > 0

    def __iter__(self):
        return iter(list(self._items))

    def __reversed__(self):
        return reversed(list(self._items))

    def __contains__(self, x):
        return x in self._items

    def __getitem__(self, i):
        if not isinstance(i, int):
            raise TypeError(f"sequence index must be integer, not '{type(i).__name__}'")
        try:
            return self._items[i]
        except IndexError:
            raise IndexError('deque index out of range') from None

    def __setitem__(self, i, x):
        try:
            self._items[i] = x
        except IndexError:
            raise IndexError('deque index out of range') from None

    def __delitem__(self, i):
        try:
            del self._items[i]
        except IndexError:
            raise IndexError('deque index out of range') from None

    def __eq__(self, other):
        if not isinstance(other, deque):
            return NotImplemented
        return self._items == other._items

    def __ne__(self, other):
        if not isinstance(other, deque):
            return NotImplemented
        return self._items != other._items

    def __lt__(self, other):
        return self._items < other._items

    def __le__(self, other):
        return self._items <= other._items

    def __gt__(self, other):
        return self._items > other._items

    def __ge__(self, other):
        return self._items >= other._items

    def __add__(self, other):
        if not isinstance(other, deque):
            raise TypeError(f'can only concatenate deque (not "{type(other).__name__}") to deque')
        return deque(self._items + other._items, self._maxlen)

    def __iadd__(self, other):
        self.extend(other)
        return self

    def __mul__(self, n):
        return deque(self._items * n, self._maxlen)

    __hash__ = None

    def __repr__(self):
        if self._maxlen is None:
            return f'deque({self._items!r})'
        return f'deque({self._items!r}, maxlen={self._maxlen})'


class ChainMap:
    def __init__(self, *maps):
        self.maps = list(maps) or [{}]

    def __getitem__(self, key):
        for mapping in self.maps:
            if key in mapping:
                return mapping[key]
        raise KeyError(key)

    def get(self, key, default=None):
        return self[key] if key in self else default

    def __len__(self):
        return len(set().union(*self.maps))

    def __iter__(self):
        d = {}
        for mapping in reversed(self.maps):
            d.update(dict.fromkeys(mapping))
        return iter(d)

    def __contains__(self, key):
        return any(key in m for m in self.maps)

    def __bool__(self):
        return any(self.maps)

    def keys(self):
        return list(self)

    def items(self):
        return [(k, self[k]) for k in self]

    def values(self):
        return [self[k] for k in self]

    def __setitem__(self, key, value):
        self.maps[0][key] = value

    def __delitem__(self, key):
        try:
            del self.maps[0][key]
        except KeyError:
            raise KeyError(f'Key not found in the first mapping: {key!r}') from None

    def new_child(self, m=None):
        return ChainMap({} if m is None else m, *self.maps)

    @property
    def parents(self):
        return ChainMap(*self.maps[1:])

    def __repr__(self):
        return f'{self.__class__.__name__}({", ".join(map(repr, self.maps))})'


def namedtuple(typename, field_names, *, rename=False, defaults=None, module=None):
    if isinstance(field_names, str):
        field_names = field_names.replace(',', ' ').split()
    field_names = list(map(str, field_names))
    typename = str(typename)
    if rename:
        seen = set()
        for index, name in enumerate(field_names):
            if (not name.isidentifier() or name in _KEYWORDS or name.startswith('_') or name in seen):
                field_names[index] = f'_{index}'
            seen.add(name)
    for name in [typename] + field_names:
        if type(name) is not str:
            raise TypeError('Type names and field names must be strings')
        if not name.isidentifier():
            raise ValueError(f'Type names and field names must be valid identifiers: {name!r}')
        if name in _KEYWORDS:
            raise ValueError(f'Type names and field names cannot be a keyword: {name!r}')
    seen = set()
    for name in field_names:
        if name.startswith('_') and not rename:
            raise ValueError(f'Field names cannot start with an underscore: {name!r}')
        if name in seen:
            raise ValueError(f'Encountered duplicate field name: {name!r}')
        seen.add(name)
    fields = tuple(field_names)
    field_defaults = {}
    if defaults is not None:
        defaults = tuple(defaults)
        if len(defaults) > len(fields):
            raise TypeError('Got more default values than field names')
        field_defaults = dict(reversed(list(zip(reversed(fields), reversed(defaults)))))
    nfields = len(fields)
    arg_list = ', '.join(fields)
    nreq = nfields - len(field_defaults)

    class _namedtuple(tuple):
        __slots__ = ()
        _fields = fields
        _field_defaults = field_defaults
        __match_args__ = fields

        def __new__(_cls, *args, **kwargs):
            # the checks of CPython's generated `def __new__(_cls, x, y)`, in its order: too many positional
            # arguments, each keyword (unknown, or given twice), then the missing ones
            if len(args) > nfields:
                takes = f'from {nreq + 1} to {nfields + 1}' if nreq < nfields else f'{nfields + 1}'
                raise TypeError(f'{typename}.__new__() takes {takes} positional argument'
                                f"{'' if takes == '1' else 's'} but {len(args) + 1} were given")
            for name in kwargs:
                if name not in fields:
                    raise TypeError(f"{typename}.__new__() got an unexpected keyword argument '{name}'")
                if fields.index(name) < len(args):
                    raise TypeError(f"{typename}.__new__() got multiple values for argument '{name}'")
            values = list(args)
            missing = []
            for name in fields[len(args):]:
                if name in kwargs:
                    values.append(kwargs[name])
                elif name in field_defaults:
                    values.append(field_defaults[name])
                else:
                    missing.append(name)
            if missing:
                names = [f"'{n}'" for n in missing]
                if len(names) == 1:
                    listed = names[0]
                elif len(names) == 2:
                    listed = f'{names[0]} and {names[1]}'
                else:
                    listed = ', '.join(names[:-1]) + f', and {names[-1]}'
                raise TypeError(f"{typename}.__new__() missing {len(missing)} required positional argument"
                                f"{'' if len(missing) == 1 else 's'}: {listed}")
            return _tuple_new(_cls, values)

        @classmethod
        def _make(cls, iterable):
            result = _tuple_new(cls, iterable)
            if len(result) != nfields:
                raise TypeError(f'Expected {nfields} arguments, got {len(result)}')
            return result

        def _replace(self, /, **kwds):
            result = self._make([kwds.pop(n) if n in kwds else v for n, v in zip(fields, self)])
            if kwds:
                raise ValueError(f'Got unexpected field names: {list(kwds)!r}')
            return result

        def __repr__(self):
            return self.__class__.__name__ + '(' + ', '.join(f'{n}={v!r}' for n, v in zip(fields, self)) + ')'

        def _asdict(self):
            return dict(zip(self._fields, self))

        def __getnewargs__(self):
            return _tuple(self)

    for index, name in enumerate(fields):
        setattr(_namedtuple, name, _tuplegetter(index))
    _namedtuple.__name__ = typename
    _namedtuple.__qualname__ = typename
    _namedtuple.__doc__ = f'{typename}({arg_list})'
    _namedtuple.__module__ = '__main__' if module is None else module
    return _namedtuple


_tuple = tuple
_KEYWORDS = frozenset(['False', 'None', 'True', 'and', 'as', 'assert', 'async', 'await', 'break', 'class', 'continue',
                       'def', 'del', 'elif', 'else', 'except', 'finally', 'for', 'from', 'global', 'if', 'import', 'in',
                       'is', 'lambda', 'nonlocal', 'not', 'or', 'pass', 'raise', 'return', 'try', 'while', 'with',
                       'yield'])
_tuple_new = tuple.__new__


def _tuplegetter(index):
    # CPython's _collections._tuplegetter: a read-only field, the tuple's item (never a subclass's __getitem__)
    def fget(self):
        return _tuple.__getitem__(self, index)

    def fset(self, value):
        raise AttributeError("can't set attribute")

    def fdel(self):
        raise AttributeError("can't delete attribute")

    return property(fget, fset, fdel, f'Alias for field number {index}')


def _typed_namedtuple(typename, namespace):
    # class P(typing.NamedTuple): its annotated names are the fields, their values the defaults; the rest of
    # the class body (methods, constants, the docstring) joins the namedtuple class (py_class.c calls this)
    fields = list(namespace.get('__annotations__', {}))
    defaults = []
    for name in fields:
        if name in namespace:
            defaults.append(namespace[name])
        elif defaults:
            raise TypeError(f"Non-default namedtuple field {name} cannot follow default field"
                            f"{'s' if len(defaults) > 1 else ''} {', '.join(f for f in fields if f in namespace)}")
    cls = namedtuple(typename, fields, defaults=defaults)
    for key, value in namespace.items():
        if key not in fields and key not in ('__annotations__', '__module__', '__qualname__'):
            setattr(cls, key, value)
    return cls
