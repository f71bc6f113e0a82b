# print(file=...) and sys.stdout / sys.stderr, as students write progress and warnings
import sys
from graph_lab import F, trace


class Log:
    def __init__(self):
        self.parts = []

    def write(self, s):
        self.parts.append(s)
        return len(s)


def block(x):
    print("tracing block", x.shape, file=sys.stderr)
    return F.silu(x) * 2.0


log = Log()
print("a", "b", 3, file=log, sep=", ", end="!\n")
print(log.parts)
print("to stdout", file=sys.stdout, flush=True)
print("none means stdout", file=None)
n = sys.stdout.write("written\n")
print(n, sys.stdout.isatty())
print(file=sys.stderr)
for bad in (5, "text"):
    try:
        print("x", file=bad)
    except AttributeError as e:
        print("AttributeError:", e)
try:
    print("x", sep=5)
except TypeError as e:
    print("TypeError:", e)
g = trace(block, {"x": (2, 4)})
print(g.count(), file=sys.stderr, end=" nodes\n")
