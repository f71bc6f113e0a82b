from graph_lab import F, trace

def attention(q, k, v):
    s = (q @ k.transpose(1, 0)) * (1.0 / 8 ** 0.5)
    return F.softmax(s, axis=-1) @ v

g = trace(attention, {"q": (1, 8), "k": (1, 8), "v": (1, 8)})
print(g)
for n in g.nodes:
    if n.inputs:
        print(n.id, n.op, n.inputs, n.shape, n.attrs, n.name)
print(g.count(), g.count(("matmul",)), g.count(["softmax", "mul"]), g.outputs, g.input_names)
print(g.nodes[0])
print(g.nodes[3])
print(g.nodes[5], g.nodes[7].attrs)
print(len(g.nodes), str(g) == str(g), g.users()[4])
