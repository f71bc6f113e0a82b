# A wrong pass: records a shape the op's inputs do not give (the verifier re-infers every shape).
def bad_shape(g):
    nodes = list(g.nodes)
    for n in g.nodes:
        if n.op == "matmul":
            nodes[n.id] = Node(n.id, n.op, n.inputs, n.attrs, n.shape[:-1] + (7,), n.name)
            break
    return Graph(nodes=nodes, values=dict(g.values), outputs=list(g.outputs), input_names=dict(g.input_names),
                 guards=list(g.guards))
