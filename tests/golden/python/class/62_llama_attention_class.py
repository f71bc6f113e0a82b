import math
from dataclasses import dataclass
from graph_lab import F, rope_tables, trace

@dataclass(frozen=True)
class Config:
    d: int = 32
    H: int = 4
    G: int = 2
    dh: int = 8
    T: int = 5
    theta: float = 10000.0
    @property
    def R(self):
        return self.H // self.G

class Attention:
    def __init__(self, cfg, p):
        self.cfg = cfg
        self.wq, self.wk, self.wv, self.wo = p["wq"], p["wk"], p["wv"], p["wo"]
        self.cos, self.sin = rope_tables(cfg.T, cfg.dh, 0, cfg.theta)
    def rope(self, t):
        return t * self.cos + F.rot_pairs(t) * self.sin
    def heads(self, t, n):
        c = self.cfg
        return t.reshape(c.T, n, c.dh).transpose(1, 0, 2)
    def __call__(self, h):
        c = self.cfg
        q = self.rope(self.heads(h @ self.wq, c.H))
        k = self.rope(self.heads(h @ self.wk, c.G))
        v = self.heads(h @ self.wv, c.G)
        s = (q.reshape(c.G, c.R * c.T, c.dh) @ k.transpose(0, 2, 1)) * (1.0 / math.sqrt(c.dh))
        s = s + F.causal_mask(s, c.T, 0)
        a = F.softmax(s, axis=-1) @ v
        a = a.reshape(c.H, c.T, c.dh).transpose(1, 0, 2).reshape(c.T, c.H * c.dh)
        return a @ self.wo

cfg = Config()
print(cfg, cfg.R)
def fwd(x, p):
    return x + Attention(cfg, p)(x)
shapes = {"wq": (cfg.d, cfg.H * cfg.dh), "wk": (cfg.d, cfg.G * cfg.dh), "wv": (cfg.d, cfg.G * cfg.dh),
          "wo": (cfg.H * cfg.dh, cfg.d)}
g = trace(fwd, {"x": (cfg.T, cfg.d)}, params=shapes)
