/* graphlab_ops.h — the op table: one row per op, expanded with different GL_OP definitions wherever a
 * per-op fact is needed (QBE's ops.h). No include guard: include it after defining GL_OP, then #undef it.
 *
 *   GL_OP(ENUM, name, class, min_in, max_in, req_attrs, opt_attrs, kernel, flops, np, chelper, eval, build)
 *
 *   ENUM       gl_op is GL_OP_<ENUM>; rows are in the reference's order of classes (the enum's order)
 *   name       the reference's op name
 *   class      gl_opclass without the GL_CLASS_ prefix
 *   min_in, max_in   inputs it takes (flash_attn: q, k, v and an optional mask)
 *   req_attrs, opt_attrs   GL_A_* bits it must / may carry (read, evaluated and emitted in the enum's order)
 *   kernel     the gl_kernel_kind of a kernel this op starts (fuse.c); NONE: it never starts one
 *   flops      FLOP rule (flops.c): NONE, OUT (one per output element), IN (one per element of input 0),
 *              MATMUL (2·numel(out)·k), ATTN (4·rows·cols·d)
 *   np         the reference codegen's Python form: {0}/{1} are inputs, {axis} {keepdims} {shape} {perm} attrs
 *              in Python syntax; NULL: `_eval(N[id], [...])`
 *   chelper    the runtime helper of the generated C (runtime.c): (generator: its shape,) inputs (a missing
 *              optional one NULL), the op's attrs in enum order, the node id
 *   eval       the evaluator in eval.c (numpy semantics, float64)
 *   build      the tracer's builder in tracer.c (gl_t_op dispatches on it); the shape it records is the op's
 *              rule, gl_op_shape in ir/shape.c (which the graph reader and the verifier re-infer)
 *
 * Adding an op: its row here, its shape rule (ir/shape.c), its evaluator (eval.c), its builder (tracer.c,
 * usually an existing one), its runtime helper (runtime.c), a composite's expansion
 * (passes/pass_decompose.c), and a test. */
/* LEAF */
GL_OP(INPUT,       "input",       LEAF,      0, 0, 0, 0, NONE, NONE, NULL, NULL, ev_leaf, NULL)
GL_OP(PARAM,       "param",       LEAF,      0, 0, 0, 0, NONE, NONE, NULL, NULL, ev_leaf, NULL)
GL_OP(CONST,       "const",       LEAF,      0, 0, 0, GL_A_VALUE, NONE, NONE, NULL, NULL, ev_leaf, NULL)
/* POINTWISE */
GL_OP(ADD,         "add",         POINTWISE, 2, 2, 0, 0, POINTWISE, OUT, "{0} + {1}", "t_add", ev_add, b_binary)
GL_OP(SUB,         "sub",         POINTWISE, 2, 2, 0, 0, POINTWISE, OUT, "{0} - {1}", "t_sub", ev_sub, b_binary)
GL_OP(MUL,         "mul",         POINTWISE, 2, 2, 0, 0, POINTWISE, OUT, "{0} * {1}", "t_mul", ev_mul, b_binary)
GL_OP(DIV,         "div",         POINTWISE, 2, 2, 0, 0, POINTWISE, OUT, "{0} / {1}", "t_div", ev_div, b_binary)
GL_OP(MAXIMUM,     "maximum",     POINTWISE, 2, 2, 0, 0, POINTWISE, OUT, "np.maximum({0}, {1})", "t_maximum", ev_maximum, b_binary)
GL_OP(NEG,         "neg",         POINTWISE, 1, 1, 0, 0, POINTWISE, OUT, "-{0}", "t_neg", ev_neg, b_unary)
GL_OP(EXP,         "exp",         POINTWISE, 1, 1, 0, 0, POINTWISE, OUT, "np.exp({0})", "t_exp", ev_exp, b_unary)
GL_OP(LOG,         "log",         POINTWISE, 1, 1, 0, 0, POINTWISE, OUT, "np.log({0})", "t_log", ev_log, b_unary)
GL_OP(TANH,        "tanh",        POINTWISE, 1, 1, 0, 0, POINTWISE, OUT, "np.tanh({0})", "t_tanh", ev_tanh, b_unary)
GL_OP(SQRT,        "sqrt",        POINTWISE, 1, 1, 0, 0, POINTWISE, OUT, "np.sqrt({0})", "t_sqrt", ev_sqrt, b_unary)
GL_OP(RSQRT,       "rsqrt",       POINTWISE, 1, 1, 0, 0, POINTWISE, OUT, "1.0 / np.sqrt({0})", "t_rsqrt", ev_rsqrt, b_unary)
GL_OP(RECIP,       "recip",       POINTWISE, 1, 1, 0, 0, POINTWISE, OUT, "1.0 / {0}", "t_recip", ev_recip, b_unary)
GL_OP(ROT_PAIRS,   "rot_pairs",   POINTWISE, 1, 1, 0, 0, POINTWISE, OUT, NULL, "t_rot_pairs", ev_rot_pairs, b_unary)
GL_OP(GT,          "gt",          POINTWISE, 2, 2, 0, 0, POINTWISE, OUT, NULL, "t_gt", ev_gt, b_binary)
GL_OP(LT,          "lt",          POINTWISE, 2, 2, 0, 0, POINTWISE, OUT, NULL, "t_lt", ev_lt, b_binary)
/* precision (docs/PRECISION.md): x rounded to its format (int8: dynamic, the scale from the tensor's absmax);
 * dequantize is x unchanged, where the value goes back to the compute format (fuse.c: an alias, no kernel) */
GL_OP(QUANTIZE,    "quantize",    POINTWISE, 1, 1, GL_A_FORMAT, 0, POINTWISE, OUT, NULL, "t_quantize", ev_quantize, b_format)
GL_OP(DEQUANTIZE,  "dequantize",  POINTWISE, 1, 1, GL_A_FORMAT, 0, POINTWISE, NONE, NULL, "t_dequantize", ev_dequantize, b_format)
/* REDUCE */
GL_OP(SUM,         "sum",         REDUCE,    1, 1, GL_A_AXIS | GL_A_KEEPDIMS, 0, ROWWISE, IN,
      "np.sum({0}, axis={axis}, keepdims={keepdims})", "t_sum", ev_reduce, b_reduce)
GL_OP(MAX,         "max",         REDUCE,    1, 1, GL_A_AXIS | GL_A_KEEPDIMS, 0, ROWWISE, IN,
      "np.max({0}, axis={axis}, keepdims={keepdims})", "t_max", ev_reduce, b_reduce)
/* VIEW */
GL_OP(RESHAPE,     "reshape",     VIEW,      1, 1, GL_A_SHAPE, 0, NONE, NONE, "{0}.reshape({shape})", "t_reshape", ev_reshape, b_reshape)
GL_OP(TRANSPOSE,   "transpose",   VIEW,      1, 1, GL_A_PERM, 0, NONE, NONE, "{0}.transpose({perm})", "t_transpose", ev_transpose, b_transpose)
/* GENERATOR */
GL_OP(CAUSAL_MASK, "causal_mask", GENERATOR, 0, 0, GL_A_T, GL_A_POS0, NONE, NONE, NULL, "t_causal_mask", ev_causal_mask, b_causal_mask)
/* COMPOSITE */
GL_OP(SOFTMAX,     "softmax",     COMPOSITE, 1, 1, GL_A_AXIS, 0, POINTWISE, OUT, NULL, "t_softmax", ev_softmax, b_softmax)
GL_OP(RMS_NORM,    "rms_norm",    COMPOSITE, 2, 2, GL_A_EPS, 0, POINTWISE, OUT, NULL, "t_rms_norm", ev_rms_norm, b_rms_norm)
GL_OP(SILU,        "silu",        COMPOSITE, 1, 1, 0, 0, POINTWISE, OUT, NULL, "t_silu", ev_silu, b_unary)
GL_OP(GELU,        "gelu",        COMPOSITE, 1, 1, 0, 0, POINTWISE, OUT, NULL, "t_gelu", ev_gelu, b_unary)
/* SPECIAL */
GL_OP(MATMUL,      "matmul",      SPECIAL,   2, 2, 0, 0, MATMUL, MATMUL, "{0} @ {1}", "t_matmul", ev_matmul, b_matmul)
GL_OP(KV_WRITE,    "kv_write",    SPECIAL,   2, 2, GL_A_POS, 0, WRITE, NONE, NULL, "t_kv_write", ev_kv_write, b_kv_write)
GL_OP(FLASH_ATTN,  "flash_attn",  SPECIAL,   3, 4, GL_A_SCALE, 0, ATTENTION, ATTN, NULL, "t_flash_attn", ev_flash_attn, b_flash_attn)
