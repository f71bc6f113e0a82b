from graph_lab import LayerCfg, LLAMA8B, prefill_layer, layer_params, trace
cfg = LLAMA8B
T = 2048
per_layer = 2 * T * (cfg.d * cfg.H * cfg.dh + 2 * cfg.d * cfg.G * cfg.dh + cfg.H * cfg.dh * cfg.d + 3 * cfg.d * cfg.f)
total = per_layer * 126 * 10 ** 9
print(per_layer, total, total // 10 ** 18, total / 10 ** 18, total > 2 ** 64, hex(total))
small = LayerCfg(32, 4, 2, 8, 64)
g = trace(prefill_layer(small, 4), {"x": (4, 32)}, layer_params(small))
print(g.count(), sum(1 for n in g.nodes if n.op == "matmul"))
