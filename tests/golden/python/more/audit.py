# case: nan_equals_itself_false
x = float('nan')
y = float('nan')
print(x == x, x != x, x == y, x < x, x >= x)
print(x in [x], [x] == [x], (x,) == (x,), x is x, {x: 1}.get(x), 1.0 == x, x == 10**400)
print(float('inf') == float('inf'), -0.0 == 0.0, 0 == -0.0)
# case: nan_compare_in_class_eq
class V:
    def __init__(self, v):
        self.v = v
    def __eq__(self, o):
        return self.v == o.v
n = float('nan')
print(V(n) == V(n), V(1.0) == V(1))
# case: except_as_name_unbound_after_handler
e = 5
try:
    raise RuntimeError('x')
except RuntimeError as e:
    print('in handler', repr(e))
try:
    print(e)
except NameError as err:
    print('NameError', err)
# case: except_as_name_deleted_in_handler
try:
    1 / 0
except ZeroDivisionError as e:
    del e
print('ok')
# case: except_as_name_in_function_then_unbound_local
def f():
    try:
        raise ValueError('v')
    except ValueError as e:
        pass
    return e
f()
# case: except_as_name_after_return_in_handler
def g():
    try:
        raise KeyError('k')
    except KeyError as e:
        return repr(e)
print(g())
# case: recursion_error_caught
def f(n):
    return 1 + f(n + 1)
try:
    f(0)
except RecursionError as e:
    print('caught', type(e).__name__, e, isinstance(e, RuntimeError))
print('after')
# case: recursion_error_caught_as_runtime_error_with_finally
def f(n):
    return f(n + 1)
def run():
    try:
        f(0)
    finally:
        print('finally ran')
try:
    run()
except RuntimeError as e:
    print('caught', e)
# case: recursion_error_uncaught
def f(n):
    return f(n + 1)
print('start')
f(0)
# case: math_more_functions
import math
print(math.prod([2, 3, 4]), math.prod(range(1, 6), start=2), math.prod([]), math.prod([1.5, 2]), math.prod([2**40, 2**40]))
print(math.isclose(0.1 + 0.2, 0.3), math.isclose(1, 1.1, rel_tol=0.2), math.isclose(0, 1e-10), math.isclose(0, 1e-10, abs_tol=1e-9), math.isclose(math.inf, math.inf))
print(math.sin(1), math.cos(1), math.tan(1), math.asin(0.5), math.acos(0.5), math.atan(1), math.atan2(1, -1))
print(math.sinh(1), math.cosh(1), math.tanh(0.5), math.asinh(1), math.acosh(2), math.atanh(0.5))
print(math.log1p(1e-10), math.expm1(1e-10), math.erf(0.5), math.erfc(0.5), math.fabs(-3), math.degrees(math.pi), math.radians(180))
print(math.copysign(3, -0.0), math.hypot(3, 4), math.hypot(1, 2, 3), math.hypot(), math.hypot(-5))
# case: math_more_errors
import math
def t(f, *a):
    try:
        return f(*a)
    except Exception as e:
        return f"{type(e).__name__}: {e}"
print(t(math.asin, 2), t(math.sinh, 1000), t(math.log1p, -1), t(math.factorial, -1), t(math.factorial, 2.0), t(math.comb, -1, 2), t(math.comb, 3, -1), t(math.sin, math.inf), t(math.atanh, 1), t(math.acosh, 0.5), t(math.expm1, 1000), t(math.degrees, 1e308))
print(t(math.prod, 5), t(math.prod), t(math.hypot, "a"))
# case: math_star_import_more
from math import *
print(sin(pi / 6), factorial(5), prod((3, 4)), isclose(1, 1.0), hypot(3, 4), lcm(4, 6), comb(5, 2))
# case: math_hypot_vector_norm
import math
xs = [1e-320, 3e-320]
print(math.hypot(*xs), math.hypot(1e308, 1e308), math.hypot(1e-200, 1e-200, 1e-200))
vals = [(i * 0.37) % 7.1 for i in range(1, 40)]
print([math.hypot(a, b) for a, b in zip(vals, vals[1:])][:12])
print([math.hypot(a, b, c) for a, b, c in zip(vals, vals[1:], vals[2:])][:12])
print(math.hypot(float('nan'), float('inf')), math.hypot(float('nan'), 1))
# case: math_prod_of_shape_big
import math
shape = (126, 16384, 53248, 2**20)
print(math.prod(shape), math.prod(shape) * 2 // 3, math.prod(shape, start=0.5))
# case: dataclass_order_true
from dataclasses import dataclass, field
@dataclass(order=True)
class V:
    a: int
    b: str = "x"
    hidden: list = field(default_factory=list, compare=False)
print(sorted([V(2, "a"), V(1, "b"), V(1, "a", [9])]), V(1, "a") < V(1, "b"), V(1) <= V(1), V(2) > V(1, "z"), V(1) >= V(2))
print(max([V(3), V(5), V(4)]), min(V(1, "q"), V(1, "p")))
try:
    V(1) < 3
except TypeError as e:
    print(e)
@dataclass(order=True, frozen=True)
class P:
    x: float
    y: float
print(sorted({P(1.0, 2.0), P(0.5, 9.0)}), P(1, 2) < P(1, 3))
try:
    @dataclass(order=True)
    class W:
        a: int
        def __lt__(self, o): return True
except TypeError as e:
    print("TypeError", e)
try:
    @dataclass(order=True, eq=False)
    class Z:
        a: int
except ValueError as e:
    print("ValueError", e)
# case: layer_api_too_many_positional
from graph_lab import LayerCfg, prefill_layer
cfg = LayerCfg(d=32, H=4, G=2, dh=8, f=64)
try:
    prefill_layer(cfg, 4, 0, 1)
except TypeError as e:
    print(e)
prefill_layer(cfg, 4, 0, 1, 2)
# case: ellipsis_literal
from typing import Tuple, Dict
def todo(x): ...
class Stub:
    def f(self) -> Tuple[int, ...]: ...
    ...
table: Dict[str, Tuple[int, ...]] = {"x": (8, 32)}
x = ...
print(x, repr(...), type(...).__name__, x is ..., ... == ..., todo(1), [..., 1], bool(...), str(...))
def g():
    return ...
print(g(), Stub().f())
# case: ellipsis_index_list
x = [1,2]
print(x[...])
