class Empty:
    def __len__(self):
        return 0
class Full:
    def __len__(self):
        return 2
class Flag:
    def __init__(self, on):
        self.on = on
    def __bool__(self):
        return self.on
class Plain:
    pass
for o in [Empty(), Full(), Flag(True), Flag(False), Plain()]:
    print(type(o).__name__, bool(o), "yes" if o else "no", not o)
print(Flag(False) or "fallback", Flag(True) and "both")
class Bad:
    def __bool__(self):
        return 1
try:
    bool(Bad())
except TypeError as e:
    print("TypeError:", e)
while Flag(False):
    print("never")
from graph_lab import trace, F
trace(lambda x: F.exp(x), {"x": (2,)})
