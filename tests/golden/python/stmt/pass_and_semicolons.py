from graph_lab import trace, F
def nothing():
    pass
class_like = None; x = 1; y = 2; print(x + y)
if x: pass
else: pass
for i in range(2): print(i); print(i * 10)
while False: pass
print(nothing())
trace(lambda x: F.exp(x), {"x": (2,)})
