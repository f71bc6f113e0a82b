# str.format and format_map: auto / manual numbering, keywords, indexing and attributes in fields
from graph_lab import trace, F, LayerCfg

print("{} {} {}".format(1, "two", 3.0), "{0} {1} {0}".format("a", "b"), "{a} {b}".format(a=1, b=2), "{0} {x}".format(5, x=6))
print("{0[1]} {0[0]}".format([10, 20]), "{d[k]} {d[v]}".format(d={"k": "K", "v": "V"}), "{0[0][1]}".format([["a", "b"]]))
print("{:>8}|{:<8}|{:^8}|".format("形状", "ab", "c"), "{:08.3f}".format(3.14159), "{:,}".format(10 ** 9), "{:+.2e}".format(-12345.6789))
print("{!r} {!s} {!a}".format("x", "y", "é"), "{0!r:>6}".format("a"), "{{}} {{{}}}".format(1), "{:{}}".format("x", 4) + "|")
print("{0:{1}.{2}f}".format(2.718281828, 10, 3), "{:{w}.{p}}".format(1 / 3, w=8, p=3), "{:%}".format(0.5), "{:c}".format(0x72b6))
print("{name} is {age}".format_map({"name": "Ada", "age": 36}), "{0}".format("only"), "".format(), "no fields".format(1, 2))
cfg = LayerCfg(d=64, H=4, G=2, dh=16, f=128)
print("d={c.d} H={c.H} dh={0.dh}".format(cfg, c=cfg), "{.d:>5}".format(cfg))
rows = [("embed", 4096, 0.5), ("attn", 12345, 12.25), ("ffn", 7, 100.0)]
for r in rows:
    print("{:<8}{:>8,}{:>9.2f}".format(*r))
print("{:-^30}".format(" 表格 "), "{:=<10}".format(""), "{0:x} {0:o} {0:b} {0:#X}".format(255))
trace(lambda x: F.exp(x), {"x": (2,)})
