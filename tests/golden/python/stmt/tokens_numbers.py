from graph_lab import trace, F
print(1_000, 0x_ff, 0xFF, 0o17, 0b1010, 0B11, 1_0.5e1_0, 00, 0_0, .5, 5., 1e3, 0e0)
print(1if True else 2, 0x1f + 0o7 + 0b1)
trace(lambda x: F.exp(x), {"x": (2,)})
