class Oops(Exception):
    def __str__(self):
        return "custom message " + str(self.args[0] * 2)
from graph_lab import trace, F
trace(lambda x: F.exp(x), {"x": (2,)})
raise Oops(21)
