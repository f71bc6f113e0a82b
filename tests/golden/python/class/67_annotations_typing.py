from typing import List, Optional, Dict, Tuple
from dataclasses import dataclass, field
from typing import ClassVar
x: int = 5
y: List[int]
print(x, __annotations__ if False else "annotated")
@dataclass
class Spec:
    name: str
    shape: Tuple[int, int]
    tags: List[str] = field(default_factory=list)
    parent: Optional["Spec"] = None
    registry: ClassVar[Dict[str, int]] = {}
s = Spec("w", (2, 3))
Spec.registry["w"] = 1
print(s, Spec.registry, Spec("child", (1, 1), parent=s).parent.name)
class Plain:
    a: int
    b: str = "b"
    def __init__(self):
        self.a = 1
print(Plain().a, Plain.b, list(Plain.__annotations__))
from graph_lab import trace, F
trace(lambda x: F.exp(x), {"x": (2,)})
