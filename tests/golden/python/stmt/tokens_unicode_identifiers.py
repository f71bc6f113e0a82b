from graph_lab import trace, F
形状 = (3, 4)
print(形状, len(形状))
def 面积(宽, 高):
    return 宽 * 高
print(面积(2, 3))
café = "ok"
π = 3.14
print(café, π)
trace(lambda x: F.exp(x), {"x": (2,)})
