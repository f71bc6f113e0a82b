# everyday idioms over namedtuples: % formatting, join, zip(*), itemgetter / attrgetter, dict(), reduce, *args
from collections import namedtuple
from operator import attrgetter, itemgetter
import itertools, functools
P = namedtuple("P", "x y")
pts = [P(3, 1), P(1, 2), P(2, 0)]
print('%s-%s' % P(1, 2), '{}+{}'.format(*P(1, 2)), ' '.join(P('a', 'b')), list(zip(*pts)))
print(sorted(pts, key=attrgetter('y')), sorted(pts, key=itemgetter(0)), max(pts, key=attrgetter('x', 'y')))
print(dict(pts), set(pts) == set([(3, 1), (1, 2), (2, 0)]), list(itertools.chain(*pts)), functools.reduce(lambda a, b: a + b, pts))
print(P(1, 2) in [(1, 2)], (1, 2) in {P(1, 2)}, pts.index((1, 2)), pts.count(P(2, 0)), P(*P(5, 6)))
print(str(P('a', [1, 2])), repr(P(P(1, 2), None)), P(1, 2) == P(1.0, 2.0), P(1, 2) is P(1, 2))
def f(x, y): return x * y
print(f(*P(3, 4)), f(**P(3, 4)._asdict()), [a * b for a, b in pts], {k: v for k, v in [P('k', 1)]})
print(sum([P(1, 2)], ()), tuple(map(str, P(1, 2))), P._make(x for x in 'ab'))
print(type(P(1, 2)).__module__, P.__module__, P(1, 2).__class__.__mro__[1], isinstance(P, type))
print(next(enumerate(P(1, 2))), next(reversed(P(1, 2))), next(iter(P(8, 9))), sorted(P(3, 1)))
print(P(1, 2)[True], P(1, 2)[-1:], len(P(1, 2) * 3), P(1, 2) + P(3, 4), (P(1, 2) < P(1, 3)) and (P(0, 9) < (1,)))
from graph_lab import F, trace
trace(lambda x: F.exp(x) + F.tanh(x), {"x": max(pts, key=attrgetter("x"))})
