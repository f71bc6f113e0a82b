e = ValueError("a", "b")
e.note = "extra"
print(e.note, e.args)
e.args = ("changed",)
print(str(e), repr(e))
class WithData(Exception):
    code = 400
    def describe(self):
        return f"{self.code}: {self.args[0]}"
try:
    raise WithData("bad request")
except WithData as err:
    print(err.describe(), err.code)
    saved = err
print(type(saved).__name__, saved.args)
errors = []
for v in ["1", "x", "3"]:
    try:
        if v == "x":
            raise ValueError("not a number: " + v)
        errors.append(int(v))
    except ValueError as ex:
        errors.append(str(ex))
print(errors)
from graph_lab import trace, F
trace(lambda x: F.exp(x), {"x": (2,)})
