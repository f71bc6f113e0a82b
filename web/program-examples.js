// program-examples.js — the Program panel's example menu, and the lecture's layer program for a config.
// Every example traces with the native CLI (tests/web/program-examples.test.js runs each through
// `build/graphlab trace`). Pure module (no DOM).

// the lecture's prefill_layer / decode_layer (tests/golden/programs/lecture_layers.py; its Chinese docstrings and
// comment left out or in English: the lab has no CJK font everywhere)
export const LECTURE_LAYERS = `import math
from graph_lab import F, LayerCfg, rope_tables, trace

def prefill_layer(cfg, T, pos0=0):
    H, G, dh = cfg.H, cfg.G, cfg.dh
    cos, sin = rope_tables(T, dh, pos0, cfg.theta)

    def f(x, p):
        h = F.rms_norm(x, p["attn_norm"], cfg.eps)
        q = (h @ p["wq"]).reshape(T, H, dh).transpose(1, 0, 2)          # [H, T, dh]
        k = (h @ p["wk"]).reshape(T, G, dh).transpose(1, 0, 2)          # [G, T, dh]
        v = (h @ p["wv"]).reshape(T, G, dh).transpose(1, 0, 2)
        q = q * cos + F.rot_pairs(q) * sin
        k = k * cos + F.rot_pairs(k) * sin
        qg = q.reshape(G, cfg.R * T, dh)                                   # the R query heads of a group side by side
        s = (qg @ k.transpose(0, 2, 1)) * (1.0 / math.sqrt(dh))
        s = s + F.causal_mask(s, T, pos0)
        a = F.softmax(s, axis=-1) @ v                                      # [G, R·T, dh]
        a = a.reshape(H, T, dh).transpose(1, 0, 2).reshape(T, H * dh)
        x = x + a @ p["wo"]
        h = F.rms_norm(x, p["mlp_norm"], cfg.eps)
        return x + (F.silu(h @ p["w_gate"]) * (h @ p["w_up"])) @ p["w_down"]
    return f


def decode_layer(cfg, pos, masked=False):
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
`;

const num = (v) => (Number.isInteger(v) ? `${v}.0` : String(v));

/** The config line a preset or slider writes: cfg = LayerCfg(d, H, G, dh, f, eps, theta). */
export function cfgLine(c) {
  return `cfg = LayerCfg(${c.d}, ${c.H}, ${c.G}, ${c.dh}, ${c.f}, ${c.eps}, ${num(c.theta)})`;
}

/** The lecture's layer for the lab's config (state.cfg): prefill with T and pos0, or decode at slot S-1. */
export function lectureProgram(c) {
  if (c.mode === 'prefill') {
    return `${LECTURE_LAYERS}
${cfgLine(c)}
T = ${c.T}
g = trace(prefill_layer(cfg, T, ${c.pos0}), {"x": (T, cfg.d)}, layer_shapes(cfg))
`;
  }
  const masked = c.mode === 'masked';
  return `${LECTURE_LAYERS}
${cfgLine(c)}
inputs = {"x": (1, cfg.d), "k_cache": (cfg.G, "S", cfg.dh), "v_cache": (cfg.G, "S", cfg.dh),
          "cos": (1, 1, cfg.dh), "sin": (1, 1, cfg.dh)${masked ? ', "kmask": (1, 1, "S")' : ''}}
g = trace(decode_layer(cfg, "P", masked=${masked ? 'True' : 'False'}), inputs, layer_shapes(cfg))
`;
}

const SMALL = { d: 64, H: 8, G: 2, dh: 8, f: 128, eps: 1e-5, theta: 10000, T: 12, pos0: 0, S: 16 };

export const EXAMPLES = [
  { id: 'prefill', title: 'Lecture: prefill layer', text: lectureProgram({ ...SMALL, mode: 'prefill' }) },
  { id: 'decode', title: 'Lecture: decode layer', text: lectureProgram({ ...SMALL, mode: 'decode' }) },
  {
    id: 'branch', title: 'Data-dependent branch', text: `from graph_lab import F, trace

# "if tensor:" needs a value: with an example and mode="specialize" the trace follows the branch the
# example takes (mode="error", the default, stops here with an error instead)
def f(x):
    h = x * 2.0
    if h.sum() > 0:
        return h + 1.0
    return h - 1.0

g = trace(f, {"x": (3,)}, mode="specialize", example={"x": [1.0, 2.0, 3.0]})
`,
  },
  {
    id: 'gelu', title: 'GELU MLP', text: `import math
from graph_lab import F, trace

# GELU, tanh approximation, written out with tensor arithmetic
def gelu(x):
    return 0.5 * x * (1.0 + F.tanh(math.sqrt(2.0 / math.pi) * (x + 0.044715 * x * x * x)))

def mlp(x, p):
    return gelu(x @ p["w1"]) @ p["w2"]

T, d, f = 8, 64, 256
g = trace(mlp, {"x": (T, d)}, {"w1": (d, f), "w2": (f, d)})
`,
  },
  {
    id: 'attention', title: 'Hand-written attention', text: `import math
from graph_lab import F, trace

# Attention written by hand: the softmax is spelled out (max, exp, sum, divide). match_attention looks for
# F.softmax(q @ k^T * scale [+ mask]) @ v, so it does not recognise this one and no flash_attn appears:
# the kernels panel shows the [T, T] scores go through memory.
def attn(q, k, v):
    s = (q @ k.transpose(1, 0)) * (1.0 / math.sqrt(16))
    e = F.exp(s - s.max(axis=-1, keepdims=True))
    w = e / e.sum(axis=-1, keepdims=True)
    return w @ v

T, dh = 32, 16
g = trace(attn, {"q": (T, dh), "k": (T, dh), "v": (T, dh)})
`,
  },
  {
    id: 'empty', title: 'Empty program', text: `from graph_lab import F, trace

def f(x):
    return x

g = trace(f, {"x": (4,)})
`,
  },
];

/** prog with its config line and `T = …` line rewritten for the config c (the presets and sliders write
 *  them, so sliders and text stay one state); a program without such lines is returned as it is. */
export function withConfig(prog, c) {
  return prog.replace(/^cfg = LayerCfg\([^\n]*\)[ \t]*$/m, cfgLine(c)).replace(/^T = [0-9]+[ \t]*$/m, `T = ${c.T}`);
}
