state = [0]
def tick():
    state[0] += 1
    return state[0]
print(list(iter(tick, 4)))

from graph_lab import trace, F
trace(lambda x: F.exp(x), {"x": (2,)})
