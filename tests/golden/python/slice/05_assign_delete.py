# x[s] = v and del x[s] through a slice value, exactly as x[a:b:c] = v / del x[a:b:c]
a = list(range(10))
a[slice(2, 5)] = ["x", "y"]
print(a)
a[slice(None, None, 3)] = "ABC"
print(a)
a[slice(1, 1)] = (7, 8, 9)
print(a)
a[slice(-2, None)] = []
print(a)
a[slice(None, None, -2)] = range(len(a[::2]))
print(a)
del a[slice(0, 2)]
print(a)
del a[slice(None, None, 2)]
print(a)
del a[slice(None, None, -1)]
print(a, len(a))
b = list("abcdefgh")
del b[slice(10 ** 30, None, -3)]
print(b)
b[slice(-10 ** 30, 2)] = "Z"
print(b)
c = list(range(6))
c[slice(0, 6, 2)] = c[slice(1, 6, 2)]
print(c)

def show(label, f):
    try:
        f()
        print(label, "ok")
    except Exception as e:
        print(label, type(e).__name__ + ":", e)

def ext_short():
    x = [1, 2, 3]
    x[slice(None, None, 2)] = [1]
def ext_long():
    x = [1, 2, 3, 4]
    x[::-2] = [1, 2, 3]
def ext_value():
    x = [1, 2, 3]
    x[slice(None, None, 2)] = 5
def plain_value():
    x = [1, 2, 3]
    x[slice(1, 2)] = 5
def step0():
    x = [1, 2, 3]
    x[slice(1, 2, 0)] = []
def del_step0():
    x = [1, 2, 3]
    del x[slice(None, None, 0)]
def tup_set():
    t = (1, 2)
    t[slice(0, 1)] = [1]
def tup_del():
    t = (1, 2)
    del t[slice(0, 1)]
def str_del():
    s = "ab"
    del s[0:1]
def range_del():
    r = range(3)
    del r[slice(1)]
def set_del():
    s = {1}
    del s[0:1]
def int_set():
    x = 5
    x[slice(1)] = 2
def bad_index_set():
    x = [1, 2]
    x[slice("a")] = []
def tuple_key():
    x = [1, 2]
    x[1:2, 3] = 4

for f in [ext_short, ext_long, ext_value, plain_value, step0, del_step0, tup_set, tup_del, str_del, range_del, set_del,
          int_set, bad_index_set, tuple_key]:
    show(f.__name__, f)
from graph_lab import trace, F
trace(lambda x: F.exp(x), {"x": (2,)})
