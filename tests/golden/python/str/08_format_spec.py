# the format spec mini-language: format(), f-strings and str.format for int, float, str, bool
from graph_lab import trace, F

x, n, s = 3.14159265, 1234567, "形状"
print(format(x, ".2f"), format(x, "10.3f"), format(x, "<10.3f"), format(x, "^10.3f"), format(x, "+.1f"), format(-x, " .1f"), format(x, " .1f"))
print(format(n, ","), format(n, "_"), format(n, ">12,"), format(n, "012,"), format(n, "08,"), format(1234, "08,"), format(-n, "015,"), format(n, "+,"))
print(format(0.125, "%"), format(0.125, ".1%"), format(0.125, "08.2%"), format(1.5, ".0%"), format(-0.5, "+.2%"))
print(format(12345.678, "e"), format(12345.678, ".2e"), format(12345.678, "E"), format(0.0, "e"), format(-1e-10, ".3e"), format(1e100, ".1e"))
print(format(12345.678, "g"), format(0.00001234, "g"), format(123456789.0, "g"), format(1e-5, "g"), format(1.0, "g"), format(100.0, ".2g"), format(1.5, "#g"), format(0.0001, "G"))
print(format(255, "x"), format(255, "X"), format(255, "#x"), format(255, "#X"), format(5, "b"), format(5, "#b"), format(8, "o"), format(8, "#o"), format(-255, "#x"))
print(format(0xabcdef, "_x"), format(0xabcdef, "#_x"), format(255, "#010x"), format(5, "08b"), format(1023, "_b"), format(65, "c"), format(0x5f62, "c"))
print(format(x, ""), format(n, ""), format(s, ""), format(True, ""), format(False, "d"), format(True, ">5"), format(None, ""), format([1, "a"], ""))
print(format(1.0, ""), format(1e16, ""), format(1e-5, ""), format(123.456, ".3"), format(12.0, ".3"), format(100.0, ".3"), format(1e22, ".3"), format(0.1, ".1"))
print(format(1234567.125, ","), format(1e20, ","), format(1234.5, "_.2f"), format(1234.5, ",.1f"), format(1234.5, "012,.2f"), format(-1234.5, "=+12,.1f"))
print(format(s, ">6"), format(s, "<6") + "|", format(s, "^7"), format(s, "*^7"), format(s, ".1"), format(s, "6.1") + "|", format("ab", "05"), format(x, "形^10.2f"))
print(format(5, "=+8"), format(-5, "x<8"), format(5, "^8"), format(5, "08"), format(-5, "08"), format(5, " "), format(-0.0, ".1f"), format(-0.0, "z.1f"), format(-0.001, "z.2f"))
print(format(float("inf"), ""), format(float("-inf"), "f"), format(float("nan"), ".2f"), format(float("inf"), "010"), format(float("inf"), "+E"), format(float("nan"), "F"))
print(format(1.0, "#.0f"), format(1.0, "#.0e"), format(1.0, "n"), format(1234, "n"), format(2.5, ".0f"), format(0.5, ".0f"), format(1.25, ".1f"), format(1.35, ".1f"))
print(format(0.1, ".20f"), format(1 / 3, ".17g"), format(2 ** 0.5, ".30f"), format(1e300, ".2f")[:20], format(5e-324, ".3e"), format(1.7976931348623157e308, "e"))
print(format(True, "x"), format(True, ".2f"), format(7, ".2f"), format(7, "e"), format(7, "%"), format(7, "g"), format(-7, "10.1f"))
w, p = 12, 3
print(f"{x:{w}.{p}f}|", f"{x:>{w}}|", f"{n:{','}}", f"{s:{'*'}^{w}}", f"{x:.{p}}", "{:{}.{}f}".format(x, w, p), "{0:{1}}".format(s, 5) + "|")
print(f"{n:,}", f"{n:_}", f"{0.125:08.2%}", f"{x:e}", f"{x:g}", f"{255:#x}", f"{10:b}", f"{x:>10.3f}", f"{-3:+d}", f"{3:+d}")
print(f"{x!r:>20}", f"{s!r:^12}", f"{s!a}", f"{'é'!a:>10}", f"{12!s:>4}")
val = 0.1 + 0.2
name = "形状"
print(f"{val=}", f"{val = }", f"{val = :.2f}", f"{name=}", f"{name = !s}", f"{name=:>6}", f"{1 + 2 = }", f"{n=:,}")
print(f"{{}}", f"{{{n}}}", f"{{n}}", f"a{{b}}c", f"{'{'}", f"{n:>{w},}")
print(f"{[1, 2][0]}", f"{ {'a': 1}['a'] }", f"{(lambda: 5)()}", f"{x if x > 3 else 0:.1f}", f"{n != 3}", f"{'a' == 'a'}", f"{3 >= 2}")
trace(lambda x: F.exp(x), {"x": (2,)})
