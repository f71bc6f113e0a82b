# big ints (the int lane's V_BIG) through format specs, %-formatting and str methods
from graph_lab import trace, F
b = 10 ** 30
print(f"{b:,}", f"{b:_x}", f"{-b:#X}", f"{b:e}", f"{b:.3%}", f"{2**100:b}", "%d %x %e" % (b, -b, b), "{:>40}".format(b), format(b, "050,"))
print("%d" % 1e20, "%d" % -1.5e19, "abc".find("a", 2**70), "abc".find("a", -2**70), str(b), repr(-b))
print(f"{10**50:.2e}", f"{3**90:o}", f"{2**64}", f"{-(2**64):+,}")
trace(lambda x: F.exp(x), {"x": (2,)})
