# random — CPython's generator, bit for bit: the Mersenne Twister MT19937 (Modules/_randommodule.c) seeded as
# CPython seeds it from an int (init_by_array over the 32-bit words of abs(seed)), and the methods of
# Lib/random.py on top (random, getrandbits, randrange / randint, choice, shuffle, sample, choices, uniform,
# gauss, normalvariate, expovariate), so random.seed(0); random.random() prints what CPython prints.
# A str seed is hashed with SHA-512 as CPython's version 2 does, a float seed by its hash. The generator is C
# (py_lib_random.c), as CPython's _random is: its state lives in the instance (_mt_seed, _mt_getstate,
# _mt_setstate), and the hot draws — random, getrandbits, _randbelow, randrange, randint, choice, shuffle,
# uniform, gauss — are C methods of Random (bound on the class after it), costing the step budget what any
# builtin's call costs plus a twist's 624 words per 624 draws. The class's Python definitions of the last six stay
# as their fallbacks (_py_randrange, ...): the C method runs them for what it does not do itself (other argument
# types, an override in a subclass), so results and errors stay Lib/random.py's. Differences:
# GraphLab has no bytes (a bytes seed cannot be written, no randbytes); without random.seed the module starts
# from seed 0 (CPython from the OS's entropy, which no program can print anyway).

from math import log as _log, exp as _exp, pi as _pi, sqrt as _sqrt, cos as _cos, sin as _sin, floor as _floor, \
    isfinite as _isfinite, ceil as _ceil
from itertools import accumulate as _accumulate, repeat as _repeat
from bisect import bisect_right as _bisect_right   # as CPython's random imports bisect
from operator import index as _index

__all__ = ['Random', 'seed', 'random', 'uniform', 'randint', 'choice', 'sample', 'randrange', 'shuffle',
           'normalvariate', 'gauss', 'expovariate', 'triangular', 'choices', 'getrandbits', 'getstate', 'setstate']

NV_MAGICCONST = 4 * _exp(-0.5) / _sqrt(2.0)
TWOPI = 2.0 * _pi


class Random:
    VERSION = 3

    def __init__(self, x=None):
        self.seed(x)
        self.gauss_next = None

    def seed(self, a=None, version=2):
        # Lib/random.py's Random.seed, then _randommodule.c's random_seed (_mt_seed): an int by its absolute
        # value, a str (version 2) by the int of its UTF-8 bytes followed by their SHA-512 digest, any other
        # object by its hash as a size_t (2**64 + h for a negative h)
        if version == 1 and isinstance(a, str):
            x = ord(a[0]) << 7 if a else 0
            for c in map(ord, a):
                x = ((1000003 * x) ^ c) & 0xFFFFFFFFFFFFFFFF
            x ^= len(a)
            a = -2 if x == -1 else x
        elif not isinstance(a, (type(None), int, float, str)):
            raise TypeError('The only supported seed types are: None,\n'
                            'int, float, str, bytes, and bytearray.')
        if a is None:
            a = 0
        if not isinstance(a, int) and not (version == 2 and isinstance(a, str)):
            a = hash(a) & 0xFFFFFFFFFFFFFFFF
        _mt_seed(self, a)
        self.gauss_next = None

    def getstate(self):
        return (self.VERSION, _mt_getstate(self), self.gauss_next)

    def setstate(self, state):
        version = state[0]
        if version == 3:
            version, internalstate, self.gauss_next = state
            _mt_setstate(self, internalstate)
        elif version == 2:
            version, internalstate, self.gauss_next = state
            try:
                internalstate = tuple(x % (2 ** 32) for x in internalstate)
            except ValueError as e:
                raise TypeError from e
            _mt_setstate(self, internalstate)
        else:
            raise ValueError("state with version %s passed to "
                             "Random.setstate() of version %s" %
                             (version, self.VERSION))

    def __copy__(self):
        # copy.copy / deepcopy go through Random.__reduce__ in CPython: a new instance given this one's state
        y = self.__class__()
        y.setstate(self.getstate())
        return y

    def __deepcopy__(self, memo):
        return self.__copy__()

    # ---- Lib/random.py (random, getrandbits and _randbelow are C methods, bound after the class)
    def _randbelow_with_getrandbits(self, n):
        getrandbits = self.getrandbits
        k = n.bit_length()
        r = getrandbits(k)
        while r >= n:
            r = getrandbits(k)
        return r

    def _randbelow_without_getrandbits(self, n, maxsize=1 << 53):
        random = self.random
        if n >= maxsize:
            return _floor(random() * n)
        rem = maxsize % n
        limit = (maxsize - rem) / maxsize
        r = random()
        while r >= limit:
            r = random()
        return _floor(r * maxsize) % n

    def randrange(self, start, stop=None, step=1):
        try:
            istart = _index(start)
        except TypeError:
            istart = int(start)
            if istart != start:
                raise ValueError("non-integer arg 1 for randrange()")
        if stop is None:
            # CPython's `step is not _ONE`: any int equal to 1 is the cached 1
            if type(step) is not int or step != 1:
                raise TypeError('Missing a non-None stop argument')
            if istart > 0:
                return self._randbelow(istart)
            raise ValueError("empty range for randrange()")
        try:
            istop = _index(stop)
        except TypeError:
            istop = int(stop)
            if istop != stop:
                raise ValueError("non-integer stop for randrange()")
        width = istop - istart
        try:
            istep = _index(step)
        except TypeError:
            istep = int(step)
            if istep != step:
                raise ValueError("non-integer step for randrange()")
        if istep == 1:
            if width > 0:
                return istart + self._randbelow(width)
            raise ValueError("empty range for randrange() (%d, %d, %d)" % (istart, istop, width))
        if istep > 0:
            n = (width + istep - 1) // istep
        elif istep < 0:
            n = (width + istep + 1) // istep
        else:
            raise ValueError("zero step for randrange()")
        if n <= 0:
            raise ValueError("empty range for randrange()")
        return istart + istep * self._randbelow(n)

    def randint(self, a, b):
        return self.randrange(a, b + 1)

    def choice(self, seq):
        if not len(seq):
            raise IndexError('Cannot choose from an empty sequence')
        return seq[self._randbelow(len(seq))]

    def shuffle(self, x):
        randbelow = self._randbelow
        for i in reversed(range(1, len(x))):
            j = randbelow(i + 1)
            x[i], x[j] = x[j], x[i]

    def sample(self, population, k, *, counts=None):
        if isinstance(population, (set, frozenset)):
            raise TypeError('Population must be a sequence.  For dicts or sets, use sorted(d).')
        n = len(population)
        if counts is not None:
            cum_counts = list(_accumulate(counts))
            if len(cum_counts) != n:
                raise ValueError('The number of counts does not match the population')
            total = cum_counts.pop()
            if not isinstance(total, int):
                raise TypeError('Counts must be integers')
            if total <= 0:
                raise ValueError('Total of counts must be greater than zero')
            selections = self.sample(range(total), k=k)
            return [population[_bisect_right(cum_counts, s, 0, len(cum_counts))] for s in selections]
        randbelow = self._randbelow
        if not 0 <= k <= n:
            raise ValueError('Sample larger than population or is negative')
        result = [None] * k
        setsize = 21
        if k > 5:
            setsize += 4 ** _ceil(_log(k * 3, 4))
        if n <= setsize:
            pool = list(population)
            for i in range(k):
                j = randbelow(n - i)
                result[i] = pool[j]
                pool[j] = pool[n - i - 1]
        else:
            selected = set()
            for i in range(k):
                j = randbelow(n)
                while j in selected:
                    j = randbelow(n)
                selected.add(j)
                result[i] = population[j]
        return result

    def choices(self, population, weights=None, *, cum_weights=None, k=1):
        random = self.random
        n = len(population)
        if cum_weights is None:
            if weights is None:
                n += 0.0
                return [population[_floor(random() * n)] for i in _repeat(None, k)]
            cum_weights = list(_accumulate(weights))
        elif weights is not None:
            raise TypeError('Cannot specify both weights and cumulative weights')
        if len(cum_weights) != n:
            raise ValueError('The number of weights does not match the population')
        total = cum_weights[-1] + 0.0
        if total <= 0.0:
            raise ValueError('Total of weights must be greater than zero')
        if not _isfinite(total):
            raise ValueError('Total of weights must be finite')
        hi = n - 1
        return [population[_bisect_right(cum_weights, random() * total, 0, hi)] for i in _repeat(None, k)]

    def uniform(self, a, b):
        return a + (b - a) * self.random()

    def normalvariate(self, mu=0.0, sigma=1.0):
        random = self.random
        while True:
            u1 = random()
            u2 = 1.0 - random()
            z = NV_MAGICCONST * (u1 - 0.5) / u2
            zz = z * z / 4.0
            if zz <= -_log(u2):
                break
        return mu + z * sigma

    def gauss(self, mu=0.0, sigma=1.0):
        random = self.random
        z = self.gauss_next
        self.gauss_next = None
        if z is None:
            x2pi = random() * TWOPI
            g2rad = _sqrt(-2.0 * _log(1.0 - random()))
            z = _cos(x2pi) * g2rad
            self.gauss_next = _sin(x2pi) * g2rad
        return mu + z * sigma

    def expovariate(self, lambd):
        return -_log(1.0 - self.random()) / lambd

    def triangular(self, low=0.0, high=1.0, mode=None):
        u = self.random()
        try:
            c = 0.5 if mode is None else (mode - low) / (high - low)
        except ZeroDivisionError:
            return low
        if u > c:
            u = 1.0 - u
            c = 1.0 - c
            low, high = high, low
        return low + (high - low) * _sqrt(u * c)


# The hot draws in C (py_lib_random.c), each falling back on the Python definition it replaces
_py_randrange, _py_randint, _py_choice, _py_shuffle, _py_uniform, _py_gauss = \
    Random.randrange, Random.randint, Random.choice, Random.shuffle, Random.uniform, Random.gauss
Random.random = _c_random
Random.getrandbits = _c_getrandbits
Random._randbelow = _c_randbelow
Random.randrange = _c_randrange
Random.randint = _c_randint
Random.choice = _c_choice
Random.shuffle = _c_shuffle
Random.uniform = _c_uniform
Random.gauss = _c_gauss


_inst = Random()
seed = _inst.seed
random = _inst.random
uniform = _inst.uniform
randint = _inst.randint
choice = _inst.choice
randrange = _inst.randrange
sample = _inst.sample
shuffle = _inst.shuffle
choices = _inst.choices
normalvariate = _inst.normalvariate
gauss = _inst.gauss
expovariate = _inst.expovariate
triangular = _inst.triangular
getrandbits = _inst.getrandbits
getstate = _inst.getstate
setstate = _inst.setstate
