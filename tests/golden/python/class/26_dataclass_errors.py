from dataclasses import dataclass, field
@dataclass
class P:
    a: int
    b: int = 2
try:
    P()
except TypeError as e:
    print("TypeError:", e)
try:
    P(1, 2, 3)
except TypeError as e:
    print("TypeError:", e)
try:
    P(1, c=3)
except TypeError as e:
    print("TypeError:", e)
try:
    @dataclass
    class Bad:
        items: list = []
except ValueError as e:
    print("ValueError:", e)
try:
    @dataclass
    class Order:
        a: int = 1
        b: int
except TypeError as e:
    print("TypeError:", e)
try:
    field(default=1, default_factory=list)
except ValueError as e:
    print("ValueError:", e)
@dataclass
class Two:
    a: int
    b: int
    c: int
try:
    Two()
except TypeError as e:
    print("TypeError:", e)
try:
    Two(1)
except TypeError as e:
    print("TypeError:", e)
from graph_lab import trace, F
trace(lambda x: F.exp(x), {"x": (2,)})
