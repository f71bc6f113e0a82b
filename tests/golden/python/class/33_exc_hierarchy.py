tests = [ZeroDivisionError("z"), OverflowError("o"), IndexError("i"), KeyError("k"), ValueError("v"),
         TypeError("t"), NameError("n"), UnboundLocalError("u"), AttributeError("a"), NotImplementedError("ni"),
         RecursionError("r"), AssertionError("as"), StopIteration("s"), RuntimeError("rt"), ModuleNotFoundError("m")]
groups = [ArithmeticError, LookupError, NameError, RuntimeError, ImportError, Exception, BaseException]
for e in tests:
    hits = []
    for g in groups:
        try:
            try:
                raise e
            except g:
                hits.append(g.__name__)
        except BaseException as other:
            hits.append("-")
    print(type(e).__name__, hits)
print(issubclass(ZeroDivisionError, ArithmeticError), issubclass(KeyError, LookupError), issubclass(Exception, BaseException))
print(issubclass(UnboundLocalError, NameError), issubclass(RecursionError, RuntimeError), issubclass(ValueError, LookupError))
print(ZeroDivisionError.__mro__)
print(KeyError.__bases__, Exception.__base__, BaseException.__base__)
from graph_lab import trace, F
trace(lambda x: F.exp(x), {"x": (2,)})
