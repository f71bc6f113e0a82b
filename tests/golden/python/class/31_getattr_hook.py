class Proxy:
    def __init__(self, target):
        self._target = target
        self.hits = 0
    def __getattr__(self, name):
        self.hits += 1
        return getattr(self._target, name)
class Target:
    def __init__(self):
        self.v = 5
    def double(self):
        return self.v * 2
p = Proxy(Target())
print(p.v, p.double(), p.hits, p._target.v)
try:
    p.missing
except AttributeError as e:
    print("AttributeError:", e)
class Recorder:
    def __init__(self):
        object.__setattr__(self, "log", [])
    def __setattr__(self, name, value):
        self.log.append(name)
        object.__setattr__(self, name, value)
r = Recorder()
r.x = 1
r.y = 2
print(r.log, r.x, r.y)
from graph_lab import trace, F
trace(lambda x: F.exp(x), {"x": (2,)})
