from graph_lab import trace, F
total = 1 + \
    2 + \
    3
items = [
    1,
    2,   # comment
]
call = max(
    4,
    5)
s = ("a"
     "b")
print(total, items, call, s)
if total > 1 and \
   total < 10:
    print("in range")
trace(lambda x: F.exp(x), {"x": (2,)})
