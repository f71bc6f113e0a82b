from collections import OrderedDict, deque
from graph_lab import trace, F
od = OrderedDict()
od["embed"] = 1
od["attn"] = 2
od["mlp"] = 3
od.move_to_end("embed")
print(od, list(od))
od.move_to_end("mlp", last=False)
print(list(od.keys()), od.popitem(), od.popitem(last=False), od)
print(OrderedDict([("a", 1)]) == OrderedDict([("a", 1)]), OrderedDict())
q = deque([1, 2, 3])
q.append(4)
q.appendleft(0)
print(q, len(q), q[0], q[-1], 3 in q)
print(q.pop(), q.popleft(), q)
q.rotate(1)
print(q)
q.rotate(-2)
print(q)
window = deque(maxlen=3)
for i in range(6):
    window.append(i)
    print(list(window), sum(window))
print(window, window.maxlen)
q.extendleft([9, 8])
print(q, q.count(9), q.index(8))
try:
    deque().pop()
except IndexError as e:
    print("IndexError:", e)
def f(x):
    pending = deque([F.exp, F.tanh, F.silu])
    while pending:
        x = pending.popleft()(x)
    return x
print(trace(f, {"x": (2, 2)}))
