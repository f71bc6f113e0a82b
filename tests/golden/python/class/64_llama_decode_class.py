import math
from dataclasses import dataclass
from graph_lab import F, trace

@dataclass(frozen=True)
class Cfg:
    d: int = 24
    H: int = 4
    G: int = 1
    dh: int = 6
    f: int = 48
    eps: float = 1e-5

class KVCache:
    def __init__(self, k, v):
        self.k, self.v = k, v
    def write(self, k_new, v_new, pos):
        self.k = F.kv_write(self.k, k_new, pos)
        self.v = F.kv_write(self.v, v_new, pos)
        return self

class DecodeLayer:
    def __init__(self, cfg, p):
        self.cfg, self.p = cfg, p
    def norm(self, x, key):
        return F.rms_norm(x, self.p[key], self.cfg.eps)
    def __call__(self, x, cache, cos, sin, pos):
        c, p = self.cfg, self.p
        h = self.norm(x, "attn_norm")
        q = (h @ p["wq"]).reshape(c.H, 1, c.dh)
        k = (h @ p["wk"]).reshape(c.G, 1, c.dh)
        v = (h @ p["wv"]).reshape(c.G, 1, c.dh)
        q = q * cos + F.rot_pairs(q) * sin
        k = k * cos + F.rot_pairs(k) * sin
        cache.write(k, v, pos)
        s = (q.reshape(c.G, c.H // c.G, c.dh) @ cache.k.transpose(0, 2, 1)) * (1.0 / math.sqrt(c.dh))
        a = (F.softmax(s, axis=-1) @ cache.v).reshape(1, c.H * c.dh)
        x = x + a @ p["wo"]
        h = self.norm(x, "mlp_norm")
        return x + (F.silu(h @ p["w_gate"]) * (h @ p["w_up"])) @ p["w_down"]

cfg = Cfg()
d, H, G, dh, f = cfg.d, cfg.H, cfg.G, cfg.dh, cfg.f
shapes = {"attn_norm": (d,), "wq": (d, H * dh), "wk": (d, G * dh), "wv": (d, G * dh), "wo": (H * dh, d),
          "mlp_norm": (d,), "w_gate": (d, f), "w_up": (d, f), "w_down": (f, d)}
def step(x, k_cache, v_cache, cos, sin, p):
    cache = KVCache(k_cache, v_cache)
    out = DecodeLayer(cfg, p)(x, cache, cos, sin, "P")
    return out, cache.k, cache.v
g = trace(step, {"x": (1, d), "k_cache": (G, "S", dh), "v_cache": (G, "S", dh), "cos": (1, 1, dh), "sin": (1, 1, dh)},
          params=shapes)
