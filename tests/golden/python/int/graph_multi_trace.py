from graph_lab import trace, F
g1 = trace(lambda x: F.exp(x) + 1.0, {"x": (2, 3)})
g2 = trace(lambda x, y: x @ y, {"x": (2, 3), "y": (3, 4)})
print(g1)
print(g1.count(), g2.count(), g1.nodes[1].op, g2.nodes[2].shape, g1.outputs, g2.outputs)
print([n.op for n in g1.nodes], [n.name for n in g2.nodes])
print(str(g2))
