import math
from dataclasses import dataclass, field
from graph_lab import F, rope_tables, trace

@dataclass
class LlamaConfig:
    d: int
    H: int
    G: int
    dh: int
    f: int
    eps: float = 1e-5
    theta: float = 10000.0
    def shapes(self):
        d, H, G, dh, f = self.d, self.H, self.G, self.dh, self.f
        return {"attn_norm": (d,), "wq": (d, H * dh), "wk": (d, G * dh), "wv": (d, G * dh), "wo": (H * dh, d),
                "mlp_norm": (d,), "w_gate": (d, f), "w_up": (d, f), "w_down": (f, d)}

class Module:
    def __call__(self, x):
        return self.forward(x)

class RMSNorm(Module):
    def __init__(self, w, eps):
        self.w, self.eps = w, eps
    def forward(self, x):
        return F.rms_norm(x, self.w, self.eps)

class MLP(Module):
    def __init__(self, p):
        self.gate, self.up, self.down = p["w_gate"], p["w_up"], p["w_down"]
    def forward(self, h):
        return (F.silu(h @ self.gate) * (h @ self.up)) @ self.down

class Attention(Module):
    def __init__(self, cfg, p, T, pos0=0):
        self.cfg, self.T, self.pos0 = cfg, T, pos0
        self.wq, self.wk, self.wv, self.wo = p["wq"], p["wk"], p["wv"], p["wo"]
        self.cos, self.sin = rope_tables(T, cfg.dh, pos0, cfg.theta)
    def split(self, t, n):
        return t.reshape(self.T, n, self.cfg.dh).transpose(1, 0, 2)
    def forward(self, h):
        c, T = self.cfg, self.T
        q = self.split(h @ self.wq, c.H)
        k = self.split(h @ self.wk, c.G)
        v = self.split(h @ self.wv, c.G)
        q = q * self.cos + F.rot_pairs(q) * self.sin
        k = k * self.cos + F.rot_pairs(k) * self.sin
        qg = q.reshape(c.G, (c.H // c.G) * T, c.dh)
        s = (qg @ k.transpose(0, 2, 1)) * (1.0 / math.sqrt(c.dh))
        s = s + F.causal_mask(s, T, self.pos0)
        a = F.softmax(s, axis=-1) @ v
        a = a.reshape(c.H, T, c.dh).transpose(1, 0, 2).reshape(T, c.H * c.dh)
        return a @ self.wo

class Block(Module):
    def __init__(self, cfg, p, T, pos0=0):
        self.attn_norm = RMSNorm(p["attn_norm"], cfg.eps)
        self.attn = Attention(cfg, p, T, pos0)
        self.mlp_norm = RMSNorm(p["mlp_norm"], cfg.eps)
        self.mlp = MLP(p)
    def forward(self, x):
        x = x + self.attn(self.attn_norm(x))
        return x + self.mlp(self.mlp_norm(x))

cfg = LlamaConfig(d=32, H=4, G=2, dh=8, f=64)
print(cfg)
T = 6
g = trace(lambda x, p: Block(cfg, p, T, pos0=2)(x), {"x": (T, cfg.d)}, params=cfg.shapes())
