from graph_lab import trace, F
trace(lambda x: F.exp(x), {"x": (2,)})
try:
    1 / 0
except ZeroDivisionError as e:
    raise ValueError("bad divisor") from e
