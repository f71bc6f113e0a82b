from graph_lab import F, trace

def heads(q, k, H):
    for h in range(H):
        yield F.softmax(q @ k.transpose(1, 0) * (1.0 / (h + 1)))

def f(q, k):
    scores = [s + 1.0 for s in heads(q, k, 2)]
    return scores[0] * scores[1]

print(trace(f, {"q": (4, 8), "k": (4, 8)}))
