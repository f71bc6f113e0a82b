class Layer:
    def __init__(self, d):
        assert d % 2 == 0, f"d must be even, got {d}"
        self.d = d
from graph_lab import trace, F
trace(lambda x: F.exp(x), {"x": (2,)})
Layer(4)
Layer(5)
