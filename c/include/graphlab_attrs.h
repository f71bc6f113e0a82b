/* graphlab_attrs.h — the attribute table: one row per key of the reference's attrs dict, in the order the
 * reference inserts them for every op (which is the order they are printed, written and compared in).
 * No include guard: include it after defining GL_ATTR, then #undef it.
 *
 *   GL_ATTR(ENUM, key, kind, field, lo, hi)
 *
 *   ENUM   the bit GL_A_<ENUM> of gl_attrs.has
 *   key    the reference's key (text printer, JSON, graph reader)
 *   kind   how the value is held and written: INT (int), BOOL, PERM (nperm + perm[]), SHAPE (gl_shape),
 *          F64 (double), I64 (int64_t), DIM (gl_dim: integer or symbol), FMT (int: a number format of
 *          exec/numfmt.h, written as its name: "int8")
 *   field  the member of gl_attrs
 *   lo, hi the accepted range when read from JSON (INT, I64, and each entry of a PERM); unused otherwise */
GL_ATTR(AXIS,     "axis",     INT,   axis,     -GL_MAX_RANK, GL_MAX_RANK - 1)
GL_ATTR(KEEPDIMS, "keepdims", BOOL,  keepdims, 0, 0)
GL_ATTR(PERM,     "perm",     PERM,  perm,     0, GL_MAX_RANK - 1)
GL_ATTR(SHAPE,    "shape",    SHAPE, shape,    0, 0)
GL_ATTR(EPS,      "eps",      F64,   eps,      0, 0)
GL_ATTR(T,        "T",        I64,   T,        1, GL_MAX_DIM)
GL_ATTR(POS0,     "pos0",     I64,   pos0,     0, GL_MAX_DIM)
GL_ATTR(POS,      "pos",      DIM,   pos,      0, 0)
GL_ATTR(SCALE,    "scale",    F64,   scale,    0, 0)
GL_ATTR(VALUE,    "value",    F64,   value,    0, 0)
GL_ATTR(FORMAT,   "format",   FMT,   format,   0, 0)
