# a method's __name__ and repr: bound to a str / list / dict, unbound str methods
print("x".upper.__name__, [].append.__name__, {}.get.__name__, str.lower.__name__, len.__name__)
print(str.upper, str.maketrans.__name__, repr(str.split), len, abs)
print("x".upper, [].append, {}.get, {1}.add)
print([f.__name__ for f in (str.strip, str.title, "".join, "".format)])
print(list.append, dict.get, list.__init__, tuple.count, list.append.__name__, dict.items.__name__)
from graph_lab import F, trace
trace(lambda x: F.exp(x), {"x": (len("abc".upper.__name__),)})
