def raises(g):
    users = g.users()
    return g.nodes[len(g.nodes)]   # IndexError at line 3
