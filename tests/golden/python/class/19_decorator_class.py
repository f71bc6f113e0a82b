REG = []
def register(cls):
    REG.append(cls.__name__)
    cls.registered = True
    return cls
def with_tag(tag):
    def deco(cls):
        cls.tag = tag
        return cls
    return deco
@register
@with_tag("layer")
class Linear:
    pass
@register
class Conv:
    tag = "conv"
print(REG, Linear.registered, Linear.tag, Conv.tag, Conv.registered)
def singleton(cls):
    inst = cls()
    return inst
@singleton
class Settings:
    def __init__(self):
        self.debug = False
print(type(Settings).__name__, Settings.debug)
from graph_lab import trace, F
trace(lambda x: F.exp(x), {"x": (2,)})
