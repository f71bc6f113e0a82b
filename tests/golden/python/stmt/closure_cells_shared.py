from graph_lab import trace, F
def pair():
    v = 0
    def get():
        return v
    def put(x):
        nonlocal v
        v = x
    return get, put
get, put = pair()
print(get())
put(42)
print(get())
trace(lambda x: F.exp(x), {"x": (2,)})
