# A wrong pass: reverses the order of the non-leaf nodes (SSA order broken).
def ssa_order(g):
    leaves = [n for n in g.nodes if n.op in LEAF]
    ops = [n for n in g.nodes if n.op not in LEAF]
    nodes = leaves + list(reversed(ops))
    pos = {n.id: i for i, n in enumerate(nodes)}
    new = [Node(pos[n.id], n.op, tuple(pos[i] for i in n.inputs), n.attrs, n.shape, n.name) for n in nodes]
    return Graph(nodes=new, values={pos[k]: v for k, v in g.values.items()}, outputs=[pos[o] for o in g.outputs],
                 input_names={k: pos[v] for k, v in g.input_names.items()}, guards=list(g.guards))
