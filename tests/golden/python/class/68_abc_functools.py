from abc import ABC, abstractmethod
import functools
class Layer(ABC):
    @abstractmethod
    def forward(self, x):
        pass
    def __call__(self, x):
        return self.forward(x)
class Double(Layer):
    def forward(self, x):
        return 2 * x
print(Double()(21), isinstance(Double(), Layer), issubclass(Double, ABC))
def traced(fn):
    @functools.wraps(fn)
    def wrapper(x):
        print("calling", fn.__name__)
        return fn(x)
    return wrapper
@traced
def square(x):
    """docs"""
    return x * x
print(square(4), square.__name__)
from graph_lab import trace, F
trace(lambda x: F.exp(x), {"x": (2,)})
