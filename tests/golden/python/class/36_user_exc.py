class ShapeMismatch(ValueError):
    pass
class ConfigError(Exception):
    def __init__(self, field, value):
        super().__init__(f"bad {field}: {value}")
        self.field = field
        self.value = value
class NoSuper(Exception):
    def __init__(self, a, b):
        self.total = a + b
class Custom(Exception):
    def __str__(self):
        return "custom str " + str(len(self.args))
try:
    raise ShapeMismatch("(2, 3) vs (3, 2)")
except ValueError as e:
    print(type(e).__name__, e, repr(e), isinstance(e, ShapeMismatch), isinstance(e, Exception))
try:
    raise ConfigError("heads", 7)
except ConfigError as e:
    print(e, e.field, e.value, e.args)
try:
    raise NoSuper(1, 2)
except NoSuper as e:
    print(e, e.args, e.total, repr(e))
try:
    raise Custom(1, 2)
except Exception as e:
    print(e, repr(e), f"{e}")
print(issubclass(ShapeMismatch, ValueError), ShapeMismatch.__mro__)
class Base(Exception):
    pass
class Derived(Base):
    pass
try:
    raise Derived("d")
except Base as e:
    print("caught derived as base:", type(e).__name__, e)
from graph_lab import trace, F
trace(lambda x: F.exp(x), {"x": (2,)})
