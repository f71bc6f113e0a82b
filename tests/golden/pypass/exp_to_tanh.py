# A wrong pass: every exp becomes tanh (the numbers change; the judge names the first differing value).
def exp_to_tanh(g):
    nodes = [Node(n.id, "tanh" if n.op == "exp" else n.op, n.inputs, n.attrs, n.shape, n.name) for n in g.nodes]
    g2 = Graph(nodes=nodes, values=dict(g.values), outputs=list(g.outputs), input_names=dict(g.input_names),
               guards=list(g.guards))
    return g2, sum(1 for n in g.nodes if n.op == "exp")
