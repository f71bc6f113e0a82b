from dataclasses import dataclass, field
@dataclass
class Layer:
    d: int
    f: int = 0
    ratio: float = field(default=4.0, repr=False)
    params: int = field(init=False)
    def __post_init__(self):
        if self.f == 0:
            self.f = int(self.d * self.ratio)
        self.params = self.d * self.f * 3
l = Layer(8)
print(l, l.params, l.ratio)
print(Layer(8, 10))
@dataclass
class Counter:
    counts: dict = field(default_factory=dict)
    def add(self, k):
        self.counts[k] = self.counts.get(k, 0) + 1
        return self
c = Counter().add("a").add("b").add("a")
print(c, Counter())
from graph_lab import trace, F
trace(lambda x: F.exp(x), {"x": (2,)})
