import math
from graph_lab import F, LayerCfg, rope_tables, trace

def prefill_layer(cfg, T, pos0=0):
    """
    返回一个函数 f(x, p)：一层 Transformer 的 prefill（批 1，T 个 token，因果注意力）。x：[T, d] → [T, d]。

    【写法】RMSNorm → Q/K/V 投影 → 分头 → RoPE（x·cos + rot_pairs(x)·sin）→ GQA：把同一组的 R 个 query 头
        排成 [G, R·T, dh] 和该组的 K、V 做注意力 → 合并头 → O 投影 + 残差 → RMSNorm → SwiGLU MLP + 残差。
    """
    H, G, dh = cfg.H, cfg.G, cfg.dh
    cos, sin = rope_tables(T, dh, pos0, cfg.theta)

    def f(x, p):
        h = F.rms_norm(x, p["attn_norm"], cfg.eps)
        q = (h @ p["wq"]).reshape(T, H, dh).transpose(1, 0, 2)          # [H, T, dh]
        k = (h @ p["wk"]).reshape(T, G, dh).transpose(1, 0, 2)          # [G, T, dh]
        v = (h @ p["wv"]).reshape(T, G, dh).transpose(1, 0, 2)
        q = q * cos + F.rot_pairs(q) * sin
        k = k * cos + F.rot_pairs(k) * sin
        qg = q.reshape(G, cfg.R * T, dh)                                   # 同一组的 R 个头排在一起
        s = (qg @ k.transpose(0, 2, 1)) * (1.0 / math.sqrt(dh))
        s = s + F.causal_mask(s, T, pos0)
        a = F.softmax(s, axis=-1) @ v                                      # [G, R·T, dh]
        a = a.reshape(H, T, dh).transpose(1, 0, 2).reshape(T, H * dh)
        x = x + a @ p["wo"]
        h = F.rms_norm(x, p["mlp_norm"], cfg.eps)
        return x + (F.silu(h @ p["w_gate"]) * (h @ p["w_up"])) @ p["w_down"]
    return f


def decode_layer(cfg, pos, masked=False):
    """
    返回 f(x, k_cache, v_cache, cos, sin[, kmask], p)：一层的 decode（1 个新 token 写在缓存的第 pos 行，再对整个缓存做注意力）。

    【参数】pos：整数，或符号（如 "P"，运行时用 bind 给出行号）；RoPE 的 cos、sin 作为输入传进来（随位置变）。
        masked=True 时多一个输入 kmask [1, 1, 缓存长度]（0 / −∞）：缓存按"桶"补齐时，补出来的位置要屏蔽掉。
    【返回】(x_out [1, d], 新的 k_cache, 新的 v_cache)
    """
    H, G, dh = cfg.H, cfg.G, cfg.dh

    def f(x, k_cache, v_cache, cos, sin, p, kmask=None):
        h = F.rms_norm(x, p["attn_norm"], cfg.eps)
        q = (h @ p["wq"]).reshape(H, 1, dh)
        k = (h @ p["wk"]).reshape(G, 1, dh)
        v = (h @ p["wv"]).reshape(G, 1, dh)
        q = q * cos + F.rot_pairs(q) * sin
        k = k * cos + F.rot_pairs(k) * sin
        K = F.kv_write(k_cache, k, pos)
        V = F.kv_write(v_cache, v, pos)
        qg = q.reshape(G, cfg.R, dh)
        s = (qg @ K.transpose(0, 2, 1)) * (1.0 / math.sqrt(dh))
        if masked:
            s = s + kmask
        a = (F.softmax(s, axis=-1) @ V).reshape(1, H * dh)
        x = x + a @ p["wo"]
        h = F.rms_norm(x, p["mlp_norm"], cfg.eps)
        return x + (F.silu(h @ p["w_gate"]) * (h @ p["w_up"])) @ p["w_down"], K, V
    return f

def layer_shapes(cfg):
    d, H, G, dh, f = cfg.d, cfg.H, cfg.G, cfg.dh, cfg.f
    return {"attn_norm": (d,), "wq": (d, H * dh), "wk": (d, G * dh), "wv": (d, G * dh), "wo": (H * dh, d),
            "mlp_norm": (d,), "w_gate": (d, f), "w_up": (d, f), "w_down": (f, d)}

cfg = LayerCfg(16, 4, 2, 4, 16)
L = 2
T = 1

NAMES = ["attn_norm", "wq", "wk", "wv", "wo", "mlp_norm", "w_gate", "w_up", "w_down"]

def stack(layer, layers):
    def f(x, p):
        for i in range(layers):
            x = layer(x, {k: p[f"{i}.{k}"] for k in NAMES})
        return x
    return f

shapes = layer_shapes(cfg)
params = {}
for i in range(L):
    for name, shape in shapes.items():
        params[f"{i}.{name}"] = shape
g = trace(stack(prefill_layer(cfg, T), L), {"x": (T, cfg.d)}, params)
