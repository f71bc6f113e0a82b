# The match statement (PEP 634): literal, capture, wildcard, value, sequence (with *rest), mapping (with **rest),
# class (dataclass / __match_args__ / namedtuple / builtins matching themselves), or / as patterns, guards,
# soft keywords (match and case as names), CPython's TypeErrors.
from dataclasses import dataclass
from collections import namedtuple

@dataclass
class Point:
    x: int
    y: int

class Circle:
    __match_args__ = ("r",)
    def __init__(self, r):
        self.r = r

P2 = namedtuple("P2", "a b")

def describe(p):
    match p:
        case (0, 0):
            return "origin"
        case (x, 0):
            return f"x-axis {x}"
        case [x, y] if x == y:
            return "diag"
        case [1, *rest]:
            return f"starts with 1, rest {rest}"
        case {"k": v, **others}:
            return f"dict {v} {others}"
        case {"n": int(n)} | {"m": int(n)}:
            return f"n/m {n}"
        case str() as t:
            return "str " + t
        case Point(x=0, y=yy):
            return f"point on y {yy}"
        case Point(xx, yy) if xx > yy:
            return f"point below {xx} {yy}"
        case Circle(r=0) | Circle(0.0):
            return "dot"
        case Circle(r):
            return f"circle {r}"
        case P2(a, b=2):
            return f"P2 {a}"
        case int(i) | float(i) if i < 0:
            return f"negative {i}"
        case True | False:
            return "bool"
        case None:
            return "none"
        case 1 | 2 | 3:
            return "small"
        case -1.5:
            return "minus one and a half"
        case _:
            return "other"

for p in [(0, 0), (3, 0), [2, 2], [1, 2, 3], [1], {"k": 1, "z": 2}, {"n": 5}, {"m": 6, "q": 1}, "s", Point(0, 4),
          Point(5, 1), Point(1, 5), Circle(0), Circle(0.0), Circle(2), P2(1, 2), P2(1, 3), -3, -2.5, True, None, 2,
          -1.5, 5.5, (1, 2, 3), range(2), {"n": "x"}]:
    print(repr(p)[:20], "->", describe(p))

match 5:
    case x:
        print("bound", x)
print(x)
command = "go north"
match command.split():
    case [action]:
        print("one", action)
    case [action, obj]:
        print("two", action, obj)
match = {"match": 1}
print(match["match"])
def case(x):
    return x
print(case(3))
try:
    match 1:
        case Circle(1, 2):
            pass
except TypeError as e:
    print("TypeError", e)
try:
    match 1:
        case len():
            pass
except TypeError as e:
    print("TypeError", e)

from graph_lab import F, trace


def head(x):
    match x:
        case [first, *_]:
            return F.exp(first) if False else first
        case _:
            return x


trace(lambda x: F.exp(head([x, 1])), {"x": (2,)})


def evaluate(t):
    # an expression tree, recursively: the case blocks run on the frame stack (900 levels deep below)
    match t:
        case ("+", a, b):
            return evaluate(a) + evaluate(b)
        case ("*", a, b):
            return evaluate(a) * evaluate(b)
        case int(n) | float(n):
            return n
        case _:
            raise ValueError(f"bad node {t!r}")


def chain(n):
    return ("+", 1, chain(n - 1)) if n else 0


def ints(items):
    # a generator whose yields are inside case blocks
    for x in items:
        match x:
            case int() | float() if x >= 0:
                yield x
            case [*inner]:
                yield from ints(inner)
            case _:
                pass


print(evaluate(("*", ("+", 2, 3), 4)), evaluate(chain(900)), list(ints([1, "a", [2, [3.5, -1]], 4])))
try:
    evaluate(("-", 1, 2))
except ValueError as e:
    print("ValueError", e)
