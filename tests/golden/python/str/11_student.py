# the way students write it: reports, tables and Chinese labels around a trace
from graph_lab import trace, F, LayerCfg

cfg = LayerCfg(d=64, H=4, G=2, dh=16, f=128)
标签 = "注意力层"
print(f"{标签}: d={cfg.d}, H={cfg.H}, G={cfg.G}, dh={cfg.dh}")
print(f"{'层':<6}{'参数量':>10}{'占比':>8}")
params = {"嵌入": 4096 * 64, "注意力": 4 * 64 * 64, "前馈": 3 * 64 * 128}
total = 0
for k in params:
    total += params[k]
for k in params:
    print(f"{k:<6}{params[k]:>10,}{params[k] / total:>8.1%}")
print("-" * 24, f"\n{'合计':<6}{total:>10,}")
shape = (2, 3, "T")
print(f"形状: {shape}", "形状: %s" % (shape,), "形状: {}".format(shape), "shape=" + str(shape))
name = "q_proj"
print(name.upper(), name.replace("_", " ").title(), name.split("_"), name.startswith("q"), name[:1].upper() + name[1:])
msg = "  Hello, 世界!  "
print(repr(msg.strip()), msg.strip().lower(), len(msg), len(msg.strip()), msg.count("l"), msg.find("世界"))
print(msg.strip()[::-1], msg.strip()[7:9], "世界" in msg, msg.index("!"), msg.strip().split(", "))
line = "x=1, y=2.5, z=形"
kv = {}
for part in line.split(", "):
    k, v = part.split("=")
    kv[k] = v
print(kv, [k + ":" + v for k, v in kv.items()])
flops = 2 * 4096 * 4096 * 128
print(f"{flops:,} FLOPs = {flops / 1e9:.2f} GFLOPs = {flops:.3e}", "%.1f MB" % (flops / 2 ** 20))
for i, w in enumerate(["一", "二", "三"]):
    print(f"{i:02d}. {w * (i + 1):>4}|{w!r}|{ord(w):#06x}|{chr(ord(w) + 1)}")
bar = ""
for i in range(8):
    bar += "█" if i % 2 == 0 else "░"
print(bar, len(bar), bar.count("█"), bar.replace("░", "."))
text = "The Transformer: attention is all you need"
words = text.lower().replace(":", "").split()
counts = {}
for w in words:
    counts[w] = counts.get(w, 0) + 1
print(words, counts, " ".join([w.capitalize() for w in words]), max(words), min(words))
print("|".join([f"{x:^5}" for x in ["a", "形", "bc", "状状"]]), f"{'END':=^20}")
s = "abc"
t = s
s += "def"
print(s, t, s is not t, s * 2, s[1:-1], s[-1] * 3)
x = 3.14159
print(f"{x:.2f}", f"{x:10.4f}", f"{x:<10.2f}|", f"{x:+.3e}", f"{x:%}", f"{int(x):d}", f"{x!s:>8}", f"{str(x):>8}")
def fmt_shape(s):
    return "(" + ", ".join([str(d) for d in s]) + ("," if len(s) == 1 else "") + ")"
print(fmt_shape((4,)), fmt_shape((2, 3)), fmt_shape(()))
trace(lambda x: F.exp(x), {"x": (2,)})
