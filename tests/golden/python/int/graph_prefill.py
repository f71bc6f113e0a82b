from graph_lab import LayerCfg, prefill_layer, layer_params, trace
cfg = LayerCfg(64, 8, 2, 8, 128)
print(cfg, cfg.R, cfg.d, cfg.eps, cfg.theta)
p = layer_params(cfg)
print(list(p), [p[k].shape for k in p])
g = trace(prefill_layer(cfg, 12), {"x": (12, cfg.d)}, p)
print(g.count(), g.count(("matmul",)), len(g.nodes), g.outputs)
