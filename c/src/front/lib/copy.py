# copy — shallow and deep copies (after CPython's Lib/copy.py): containers copied by kind, instances of a
# program's classes through object.__new__ (a tuple subclass's through its __new__) and their attributes, __copy__ / __deepcopy__ when a class has
# them; immutable atoms (numbers, strings, functions, classes, tensors) are returned as they are.

__all__ = ['Error', 'copy', 'deepcopy']


class Error(Exception):
    pass


error = Error


_ATOMIC = ('NoneType', 'ellipsis', 'NotImplementedType', 'int', 'float', 'bool', 'str', 'type', 'range',
           'function', 'builtin_function_or_method', 'method', 'Tensor', 'module', 'property', 'LayerCfg')


def _is_atom(x):
    return type(x).__name__ in _ATOMIC or isinstance(x, type)


def copy(x):
    cls = type(x)
    if _is_atom(x) or cls is tuple or cls is frozenset or cls is slice:
        return x
    if cls is list:
        return list(x)
    if cls is dict:
        return dict(x)
    if cls is set:
        return set(x)
    if hasattr(x, '__copy__'):
        return x.__copy__()
    if isinstance(x, dict):
        y = cls()
        dict.update(y, x)
        return _copy_attrs(x, y, None)
    if isinstance(x, list):
        y = cls()
        list.extend(y, x)
        return _copy_attrs(x, y, None)
    if isinstance(x, tuple):
        return _copy_attrs(x, _new_tuple(x, cls, None), None)
    y = object.__new__(cls)
    return _copy_attrs(x, y, None)


def _new_tuple(x, cls, memo):
    # a tuple subclass (a namedtuple) is rebuilt as __reduce_ex__ does: cls.__new__(cls, *x.__getnewargs__())
    args = x.__getnewargs__() if hasattr(x, '__getnewargs__') else (tuple(x),)
    if memo is not None:
        args = deepcopy(args, memo)
    return cls.__new__(cls, *args)


def _copy_attrs(x, y, memo):
    for k, v in vars(x).items():
        object.__setattr__(y, k, v if memo is None else deepcopy(v, memo))
    return y


def deepcopy(x, memo=None, _nil=[]):
    if memo is None:
        memo = {}
    d = id(x)
    y = memo.get(d, _nil)
    if y is not _nil:
        return y
    cls = type(x)
    if _is_atom(x):
        return x
    if cls is list:
        y = []
        memo[d] = y
        for a in x:
            y.append(deepcopy(a, memo))
    elif cls is tuple:
        items = [deepcopy(a, memo) for a in x]
        # a tuple of atoms copies to itself, as in CPython
        y = x if all(a is b for a, b in zip(items, x)) else tuple(items)
        if d in memo:
            return memo[d]
    elif cls is dict:
        y = {}
        memo[d] = y
        for key, value in x.items():
            y[deepcopy(key, memo)] = deepcopy(value, memo)
    elif cls is set:
        y = {deepcopy(a, memo) for a in x}
    elif cls is frozenset:
        y = frozenset(deepcopy(a, memo) for a in x)
    elif cls is slice:
        # CPython rebuilds it from __reduce_ex__: always a new slice, of deep copies of its parts
        y = slice(deepcopy(x.start, memo), deepcopy(x.stop, memo), deepcopy(x.step, memo))
    elif hasattr(x, '__deepcopy__'):
        y = x.__deepcopy__(memo)
    elif isinstance(x, dict):
        y = cls()
        memo[d] = y
        for key, value in x.items():
            dict.__setitem__(y, deepcopy(key, memo), deepcopy(value, memo))
        _copy_attrs(x, y, memo)
    elif isinstance(x, list):
        y = cls()
        memo[d] = y
        for a in x:
            list.append(y, deepcopy(a, memo))
        _copy_attrs(x, y, memo)
    elif isinstance(x, tuple):
        y = _new_tuple(x, cls, memo)
        memo[d] = y
        _copy_attrs(x, y, memo)
    else:
        y = object.__new__(cls)
        memo[d] = y
        _copy_attrs(x, y, memo)
    if y is not x:
        memo[d] = y
    return y
