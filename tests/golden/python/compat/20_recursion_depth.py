# recorded as a script (tests/ref/class_programs.py): the recorder's frames would count against the limit.
# Recursion as deep as CPython allows: the module's frame is one of the 1000, the RecursionError comes at the
# call that would pass it, and sys.setrecursionlimit moves the limit both ways.
import sys


def count(n):
    return 0 if n == 0 else 1 + count(n - 1)


def walk(node):
    # a linked list, recursively: if / else blocks, an attribute, a method of the node
    if node is None:
        return 0
    else:
        return node.value + walk(node.next)


class Node:
    def __init__(self, value, next=None):
        self.value = value
        self.next = next

    def length(self):
        return 1 if self.next is None else 1 + self.next.length()


def dfs(v, adj, seen, order):
    seen.add(v)
    order.append(v)
    for w in adj[v]:
        if w not in seen:
            dfs(w, adj, seen, order)
    return order


def even(n):
    return True if n == 0 else odd(n - 1)


def odd(n):
    return False if n == 0 else even(n - 1)


for k in (997, 998, 999, 1000):
    try:
        print(k, count(k))
    except RecursionError as e:
        print(k, type(e).__name__, e)

head = None
for i in range(990):
    head = Node(i, head)
print(walk(head), head.length())
adj = {i: [i + 1, (i * 7) % 500] if i + 1 < 500 else [0] for i in range(500)}
order = dfs(0, adj, set(), [])
print(len(order), order[:8], order[-3:])
print(even(996), odd(997))
fact = lambda n: 1 if n <= 1 else n * fact(n - 1)
print(len(str(fact(900))))

print(sys.getrecursionlimit())
sys.setrecursionlimit(6000)
print(sys.getrecursionlimit(), count(5000))
try:
    count(6000)
except RecursionError as e:
    print("RecursionError", e)


def lower_inside(n):
    if n == 0:
        sys.setrecursionlimit(5)
        return 0
    return lower_inside(n - 1)


try:
    lower_inside(10)
except RecursionError as e:
    print("RecursionError", e)
print(sys.getrecursionlimit())
sys.setrecursionlimit(60)
print(count(58))
try:
    count(59)
except RecursionError as e:
    print("RecursionError", e)
sys.setrecursionlimit(1000)

from graph_lab import F, trace

trace(lambda x: F.exp(x), {"x": (2,)})
