# typing.NamedTuple: annotated fields, defaults, methods; the class is a tuple subclass
from typing import NamedTuple


class Employee(NamedTuple):
    name: str
    dept: str = "eng"
    level: int = 1

    def promote(self):
        return self._replace(level=self.level + 1)

    def __str__(self):
        return f"{self.name} ({self.dept}, L{self.level})"


e = Employee("ada")
print(e, repr(e), e.promote(), isinstance(e, tuple), e[0], e[-1], e == ("ada", "eng", 1), Employee._fields)
print(Employee._field_defaults, e._asdict(), len(e), list(e), e[:2], type(e[:2]))
staff = [Employee("bob", "ops", 3), Employee("cy", level=2), e]
print(sorted(staff), [s.name for s in sorted(staff, key=lambda s: s.level)], min(staff))
name, dept, level = staff[0]
print(name, dept, level, {s: s.level for s in staff}[Employee("cy", "eng", 2)])
try:
    Employee()
except TypeError as err:
    print("TypeError:", err)
from graph_lab import F, trace
trace(lambda x: F.silu(x), {"x": (e.level + 1, len(e))})
