from dataclasses import dataclass, field, asdict, astuple, replace, fields, is_dataclass
@dataclass
class Inner:
    x: int
    y: int = 0
@dataclass
class Outer:
    name: str
    inner: Inner
    items: list = field(default_factory=list)
o = Outer("o", Inner(1, 2), [Inner(3)])
print(asdict(o))
print(astuple(Inner(5, 6)))
r = replace(o, name="p")
print(r.name, r.inner is o.inner, o.name)
print([f.name for f in fields(Inner)], is_dataclass(o), is_dataclass(Outer), is_dataclass(3))
print(o)
from graph_lab import trace, F
trace(lambda x: F.exp(x), {"x": (2,)})
