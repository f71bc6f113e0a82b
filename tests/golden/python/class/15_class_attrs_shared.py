class Registry:
    count = 0
    items = []
    def __init__(self, name):
        Registry.count += 1
        self.items.append(name)
        self.id = Registry.count
a = Registry("a")
b = Registry("b")
print(Registry.count, a.id, b.id, a.items is b.items, Registry.items)
class Config:
    defaults = {"lr": 0.1}
    def get(self, k):
        return self.defaults[k]
c = Config()
Config.defaults["lr"] = 0.5
print(c.get("lr"))
c.defaults = {"lr": 1}
print(c.get("lr"), Config().get("lr"))
from graph_lab import trace, F
trace(lambda x: F.exp(x), {"x": (2,)})
