scale = 10
class C:
    scale = 2
    doubled = scale * 2
    names = [1, 2, 3]
    def get(self):
        return scale
    def get_cls(self):
        return self.scale, C.scale
print(C.doubled, C().get(), C().get_cls())
class D:
    x = 1
    def f(self):
        try:
            return x
        except NameError as e:
            return "NameError: " + str(e)
print(D().f())
def make():
    k = 7
    class Local:
        def get(self):
            return k
    return Local
print(make()().get())
from graph_lab import trace, F
trace(lambda x: F.exp(x), {"x": (2,)})
