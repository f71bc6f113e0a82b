# itertools — iterator building blocks, lazy as in CPython (each a generator: items are made one at a time,
# so the order in which a program's tensors are traced is CPython's). Written after the "roughly equivalent"
# code of CPython's documentation for the module.

__all__ = ['accumulate', 'chain', 'combinations', 'combinations_with_replacement', 'compress', 'count', 'cycle',
           'dropwhile', 'filterfalse', 'groupby', 'islice', 'pairwise', 'permutations', 'product', 'repeat',
           'starmap', 'takewhile', 'tee', 'zip_longest']


def count(start=0, step=1):
    n = start
    while True:
        yield n
        n += step


def cycle(iterable):
    saved = []
    for element in iterable:
        yield element
        saved.append(element)
    while saved:
        for element in saved:
            yield element


def repeat(object, times=None):
    if times is None:
        while True:
            yield object
    else:
        for i in range(times):
            yield object


def accumulate(iterable, func=None, *, initial=None):
    it = iter(iterable)
    total = initial
    if initial is None:
        try:
            total = next(it)
        except StopIteration:
            return
    yield total
    for element in it:
        total = func(total, element) if func is not None else total + element
        yield total


class chain:
    # a class, for chain.from_iterable; iterating it is a generator
    def __init__(self, *iterables):
        self._its = iterables

    def __iter__(self):
        return self._gen()

    def _gen(self):
        for it in self._its:
            for element in it:
                yield element

    def __next__(self):
        if not hasattr(self, '_g'):
            self._g = self._gen()
        return next(self._g)

    @staticmethod
    def from_iterable(iterables):
        for it in iterables:
            for element in it:
                yield element


def compress(data, selectors):
    return (d for d, s in zip(data, selectors) if s)


def dropwhile(predicate, iterable):
    iterable = iter(iterable)
    for x in iterable:
        if not predicate(x):
            yield x
            break
    for x in iterable:
        yield x


def takewhile(predicate, iterable):
    for x in iterable:
        if predicate(x):
            yield x
        else:
            break


def filterfalse(predicate, iterable):
    if predicate is None:
        predicate = bool
    for x in iterable:
        if not predicate(x):
            yield x


class _Grouper:
    pass


def groupby(iterable, key=None):
    keyfunc = (lambda x: x) if key is None else key
    it = iter(iterable)
    state = {'done': False, 'tgt': None, 'cur': None, 'val': None, 'id': None}

    def advance():
        try:
            state['val'] = next(it)
            state['cur'] = keyfunc(state['val'])
        except StopIteration:
            state['done'] = True

    def grouper(tgtkey, ident):
        while not state['done'] and state['id'] is ident and state['cur'] == tgtkey:
            yield state['val']
            advance()

    advance()
    while not state['done']:
        tgtkey = state['cur']
        ident = _Grouper()
        state['id'] = ident
        yield (tgtkey, grouper(tgtkey, ident))
        # skip what the caller did not consume of this group
        while not state['done'] and state['cur'] == tgtkey:
            advance()
        state['id'] = None


def _index_or(x):
    # an object with __index__ counts as the int it returns (PyNumber_AsSsize_t)
    if x is not None and not isinstance(x, int) and hasattr(type(x), '__index__'):
        return x.__index__()
    return x


def islice(iterable, *args):
    if len(args) == 1:
        start, stop, step = None, args[0], None
    elif len(args) in (2, 3):
        start, stop, step = (tuple(args) + (None,))[:3]
    else:
        raise TypeError(f'islice expected at most 4 arguments, got {len(args) + 1}')
    start, stop, step = _index_or(start), _index_or(stop), _index_or(step)
    if start is None:
        start = 0
    if step is None:
        step = 1
    if not isinstance(start, int) or start < 0:
        raise ValueError('Indices for islice() must be None or an integer: 0 <= x <= sys.maxsize.')
    if stop is not None and (not isinstance(stop, int) or stop < 0):
        raise ValueError('Stop argument for islice() must be None or an integer: 0 <= x <= sys.maxsize.')
    if not isinstance(step, int) or step <= 0:
        raise ValueError('Step for islice() must be a positive integer or None.')
    return _islice(iter(iterable), start, stop, step)


def _islice(it, start, stop, step):
    i = 0
    nexti = start
    while stop is None or nexti < stop:
        while i < nexti:          # skip to the next index
            try:
                next(it)
            except StopIteration:
                return
            i += 1
        try:
            element = next(it)
        except StopIteration:
            return
        i += 1
        yield element
        nexti += step


def pairwise(iterable):
    it = iter(iterable)
    try:
        a = next(it)
    except StopIteration:
        return
    for b in it:
        yield a, b
        a = b


# product, permutations and combinations read their arguments when called, as CPython's do; then yield lazily

def product(*args, repeat=1):
    return _product([tuple(pool) for pool in args] * repeat)


def _product(pools):
    result = [[]]
    for pool in pools:
        result = [x + [y] for x in result for y in pool]
    for prod in result:
        yield tuple(prod)


def permutations(iterable, r=None):
    return _permutations(tuple(iterable), r)


def _permutations(pool, r):
    n = len(pool)
    r = n if r is None else r
    if r > n:
        return
    indices = list(range(n))
    cycles = list(range(n, n - r, -1))
    yield tuple(pool[i] for i in indices[:r])
    while n:
        for i in reversed(range(r)):
            cycles[i] -= 1
            if cycles[i] == 0:
                indices[i:] = indices[i + 1:] + indices[i:i + 1]
                cycles[i] = n - i
            else:
                j = cycles[i]
                indices[i], indices[-j] = indices[-j], indices[i]
                yield tuple(pool[i] for i in indices[:r])
                break
        else:
            return


def combinations(iterable, r):
    if r < 0:
        raise ValueError('r must be non-negative')
    return _combinations(tuple(iterable), r)


def _combinations(pool, r):
    n = len(pool)
    if r > n:
        return
    indices = list(range(r))
    yield tuple(pool[i] for i in indices)
    while True:
        for i in reversed(range(r)):
            if indices[i] != i + n - r:
                break
        else:
            return
        indices[i] += 1
        for j in range(i + 1, r):
            indices[j] = indices[j - 1] + 1
        yield tuple(pool[i] for i in indices)


def combinations_with_replacement(iterable, r):
    if r < 0:
        raise ValueError('r must be non-negative')
    return _cwr(tuple(iterable), r)


def _cwr(pool, r):
    n = len(pool)
    if not n and r:
        return
    indices = [0] * r
    yield tuple(pool[i] for i in indices)
    while True:
        for i in reversed(range(r)):
            if indices[i] != n - 1:
                break
        else:
            return
        indices[i:] = [indices[i] + 1] * (r - i)
        yield tuple(pool[i] for i in indices)


def starmap(function, iterable):
    for args in iterable:
        yield function(*args)


def tee(iterable, n=2):
    it = iter(iterable)
    buffers = [[] for i in range(n)]

    def gen(mybuf):
        while True:
            if not mybuf:
                try:
                    newval = next(it)
                except StopIteration:
                    return
                for buf in buffers:
                    buf.append(newval)
            yield mybuf.pop(0)
    return tuple(gen(buf) for buf in buffers)


def zip_longest(*args, fillvalue=None):
    iterators = [iter(it) for it in args]
    num_active = len(iterators)
    if not num_active:
        return
    while True:
        values = []
        for i, it in enumerate(iterators):
            try:
                value = next(it)
            except StopIteration:
                num_active -= 1
                if not num_active:
                    return
                iterators[i] = repeat(fillvalue)
                value = fillvalue
            values.append(value)
        yield tuple(values)
