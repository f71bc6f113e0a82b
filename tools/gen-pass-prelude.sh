#!/bin/sh
# gen-pass-prelude.sh — c/src/front/pass_prelude.py from the reference module (graph_lab.py): what pass code
# runs on (py_passapi.c). The reference's own lines, at their own line numbers (an error inside the prelude
# names graph_lab.py:LINE, the line of the reference a student can open): §1-§4 (op classes, Node, Graph,
# shape rules, Tensor), §6's Tracer, F, and §9 (rebuild ... match_attention, so a new pass may call dce).
# Blanked: what the front end has no module for (os, sys, numpy: one line binds `np` to the numpy subset
# py_passapi.c implements) and the sections passes never reach (numpy semantics: eval_node is C; trace,
# layers, interpreter, fusion, memory, lazy). Run: tools/gen-pass-prelude.sh [graph_lab.py] > c/src/front/pass_prelude.py
REF=${1:-/work/shared/reference/graph_lab.py}
awk '
NR >= 890 { exit }
NR == 27 || NR == 28 || NR == 33 { print ""; next }
NR == 31 { print "class np: float64 = float; asarray = staticmethod(_np_asarray); shape = staticmethod(_np_shape)"; next }
(NR >= 219 && NR <= 318) || (NR >= 375 && NR <= 410) || (NR >= 453 && NR <= 629) { print ""; next }
{ print }
' "$REF"
