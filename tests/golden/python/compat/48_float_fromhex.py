# float.fromhex (and through an instance), CPython's grammar, rounding and errors
for t in ["0x1.8p1", " -0X1P-2 ", "1.8p1", "inf", "-Infinity", "nan", "0x.8", "0x1p2000", "x", "0x1.fffffffffffff8p0", "0x1p-1075", "0x3p-1076", "0x1p", "", "1.", ".", "0x1.0p+10", (2.5).hex()]:
    try:
        print(repr(t), float.fromhex(t), (1.0).fromhex(t) == float.fromhex(t) or t == "nan")
    except (ValueError, OverflowError) as e:
        print(repr(t), type(e).__name__, e)
from graph_lab import F, trace
trace(lambda x: F.exp(x), {"x": (int(float.fromhex("0x2p0")),)})
