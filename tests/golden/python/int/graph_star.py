from graph_lab import *
cfg = LLAMA8B
print(cfg)
small = LayerCfg(d=32, H=4, G=1, dh=8, f=64, eps=1e-6)
print(small, small.R, math.sqrt(16))
cos, sin = rope_tables(4, 8)
print(cos.shape, sin.shape)
g = trace(lambda x, p: F.rms_norm(x, p["w"], small.eps) * cos, {"x": (4, 8)}, {"w": (8,)})
print(g)
