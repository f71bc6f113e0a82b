def gen_words():
    yield "alpha"
    yield "beta"
print(list(map(len, gen_words())), sorted(gen_words(), key=len, reverse=True))
print(max(gen_words(), key=len), min(gen_words()))

from graph_lab import trace, F
trace(lambda x: F.exp(x), {"x": (2,)})
