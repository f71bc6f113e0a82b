def classify(xs):
    for x in xs:
        if x < 0:
            yield "neg"
        elif x == 0:
            yield "zero"
            yield "really zero"
        else:
            if x > 10:
                yield "big"
            else:
                yield "small"
print(list(classify([-1, 0, 5, 50])))

from graph_lab import trace, F
trace(lambda x: F.exp(x), {"x": (2,)})
