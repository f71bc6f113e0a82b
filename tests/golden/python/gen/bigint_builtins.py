print(sum([10**30, 1]), max(10**30, 5), min([2**64, 2**63]), sorted([10**20, -10**20, 3]))
print(list(zip(range(3), [2**70] * 3)))
print(list(enumerate("ab", 2**63 - 1)))
print(list(enumerate("ab", 2**70)))
print(sum(x * 10**20 for x in range(3)), max(range(3), key=lambda v: -v * 2**70))
from graph_lab import trace, F
trace(lambda x: F.exp(x), {"x": (2,)})
