# A stand-in for graph_lab when CPython records the expected output of a language test: the programs end
# with a trivial trace(...) (so `graphlab trace` has a graph), which CPython only needs to accept.
class F:
    @staticmethod
    def exp(x):
        return x


def trace(fn, inputs, params=None, mode="error", example=None):
    return None


class LayerCfg:
    def __init__(self, d, H, G, dh, f, eps=1e-5, theta=10000.0):
        self.d, self.H, self.G, self.dh, self.f, self.eps, self.theta = d, H, G, dh, f, eps, theta
