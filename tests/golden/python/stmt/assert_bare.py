from graph_lab import trace, F
def check(v):
    assert v
    return v
print(check(1))
check(0)
