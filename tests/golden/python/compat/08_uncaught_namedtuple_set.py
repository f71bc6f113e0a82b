# assigning to a namedtuple's field
from collections import namedtuple

Cfg = namedtuple("Cfg", "d heads", defaults=[8])
cfg = Cfg(64)
print(cfg, cfg.heads)
cfg.heads = 16
print(cfg)
