from collections import defaultdict
from graph_lab import trace, F
groups = defaultdict(list)
for name, op in [("q", "matmul"), ("k", "matmul"), ("n", "rms_norm"), ("s", "softmax")]:
    groups[op].append(name)
print(groups)
print(dict(groups), len(groups), sorted(groups))
counts = defaultdict(int)
for ch in "attention":
    counts[ch] += 1
print(counts["t"], counts["z"], "z" in counts, counts)
nested = defaultdict(lambda: defaultdict(int))
nested["layer0"]["matmul"] += 2
print(nested["layer0"]["matmul"], dict(nested["layer0"]))
plain = defaultdict()
try:
    plain["missing"]
except KeyError as e:
    print("KeyError", e)
print(isinstance(groups, dict), type(groups).__name__, groups.default_factory)
def f(x):
    return F.tanh(x) * float(counts["t"])
g = trace(f, {"x": (2, 3)})
print(g)
