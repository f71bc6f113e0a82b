from graph_lab import trace, F
assert True
assert 1 < 2, "fine"
x = 3
assert x == 3, f"x is {x}"
print("passed")
assert x > 5, f"x is {x}, too small"
