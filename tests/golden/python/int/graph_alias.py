import graph_lab as gl
cfg = gl.LayerCfg(32, 4, 4, 8, 64)
g = gl.trace(gl.prefill_layer(cfg, 3, pos0=2), {"x": (3, 32)}, gl.layer_params(cfg))
h = gl.trace(lambda x: gl.F.softmax(gl.F.silu(x), axis=0), {"x": (2, 3)})
print(g.count(), h.count(), g.count(("rms_norm", "softmax")))
print(g.nodes[g.outputs[0]])
g = gl.trace(gl.prefill_layer(cfg, 3), {"x": (3, 32)}, gl.layer_params(cfg))
