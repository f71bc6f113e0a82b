from graph_lab import LayerCfg, decode_layer, trace, layer_params
cfg = LayerCfg(32, 4, 2, 8, 48)
p = layer_params(cfg, seed=3)
inputs = {"x": (1, cfg.d), "k_cache": (cfg.G, "S", cfg.dh), "v_cache": (cfg.G, "S", cfg.dh),
          "cos": (1, 1, cfg.dh), "sin": (1, 1, cfg.dh), "kmask": (1, 1, "S")}
g = trace(decode_layer(cfg, "P", masked=True), inputs, p)
print(len(g.outputs), [g.nodes[i].shape for i in g.outputs], g.nodes[-1])
