from graph_lab import trace, F
fs = [lambda: i for i in range(3)]
print([f() for f in fs])
gs = [lambda i=i: i for i in range(3)]
print([g() for g in gs])
hs = []
for j in range(3):
    hs.append(lambda: j)
print([h() for h in hs])
trace(lambda x: F.exp(x), {"x": (2,)})
