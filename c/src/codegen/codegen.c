/* codegen.c — code generation (§8): the reference's numpy-style Python text, and a standalone C program.
 *
 * gl_codegen_python prints exactly what the reference's codegen(g) returns as source: one line per node,
 * `_NP_EXPR` forms for the simple ops, np.sum / np.max with axis and keepdims, .reshape / .transpose with
 * tuple attrs, `_eval(N[id], [...])` for everything else.
 *
 * gl_codegen_c writes a self-contained C11 program: a small runtime (the RUNTIME lines below: tensors,
 * numpy broadcasting, numpy's pairwise summation, k-order matmul, softmax, rms_norm, kv_write, flash_attn,
 * ... with the interpreter's operation order, so the outputs agree to the last bits or within rounding),
 * the graph's params and consts as static arrays of hex-float literals (exact), and a straight-line main
 * with one helper call per node (each result's shape checked against the graph's), freeing each value
 * after its last reader. I/O: inputs as little-endian float64 (C order, concatenated in input-node order)
 * from stdin or --in FILE; outputs the same way on stdout, or one "%a" per line with --text; symbols on
 * the command line (S=16 P=15), with the bind given to gl_codegen_c as defaults.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ir/util.h"

#define GL_CODEGEN_MAX_VALUES (1LL << 22)   /* embedded float64 values (about 100 MB of source) */

/* ------------------------------------------------------------------ Python */
/* Python's repr() of a str: single quotes unless the text has ' and no ", with escapes. */
static void put_pyrepr(gl_sb *sb, const char *s) {
    char q = (strchr(s, '\'') && !strchr(s, '"')) ? '"' : '\'';
    gl_sb_putc(sb, q);
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        if (*p == '\\' || *p == (unsigned char)q) {
            gl_sb_putc(sb, '\\');
            gl_sb_putc(sb, (char)*p);
        } else if (*p == '\n') gl_sb_puts(sb, "\\n");
        else if (*p == '\r') gl_sb_puts(sb, "\\r");
        else if (*p == '\t') gl_sb_puts(sb, "\\t");
        else if (*p < 0x20 || *p == 0x7f) gl_sb_printf(sb, "\\x%02x", *p);
        else gl_sb_putc(sb, (char)*p);
    }
    gl_sb_putc(sb, q);
}

static const char *np_expr(gl_op op) {
    switch (op) {
    case GL_OP_ADD: return "{0} + {1}";
    case GL_OP_SUB: return "{0} - {1}";
    case GL_OP_MUL: return "{0} * {1}";
    case GL_OP_DIV: return "{0} / {1}";
    case GL_OP_NEG: return "-{0}";
    case GL_OP_EXP: return "np.exp({0})";
    case GL_OP_LOG: return "np.log({0})";
    case GL_OP_TANH: return "np.tanh({0})";
    case GL_OP_SQRT: return "np.sqrt({0})";
    case GL_OP_RSQRT: return "1.0 / np.sqrt({0})";
    case GL_OP_RECIP: return "1.0 / {0}";
    case GL_OP_MAXIMUM: return "np.maximum({0}, {1})";
    case GL_OP_MATMUL: return "{0} @ {1}";
    default: return NULL;
    }
}

gl_status gl_codegen_python(const gl_graph *g, const char *fn_name, char **out, size_t *outlen, gl_err *e) {
    if (gl_out_begin(out, outlen, "gl_codegen_python", e)) return GL_E_INVALID;
    if (!g) return gl_fail(e, GL_E_INVALID, "gl_codegen_python: graph is NULL");
    gl_status st = gl_graph_validate(g, e);
    if (st) return st;
    gl_sb sb;
    gl_sb_init(&sb);
    gl_sb_printf(&sb, "def %s(inputs, V):", fn_name && fn_name[0] ? fn_name : "compiled");
    for (int i = 0; i < g->n; i++) {
        const gl_node *n = &g->nodes[i];
        const char *fmt = np_expr(n->op);
        gl_sb_printf(&sb, "\n    v%d = ", n->id);
        if (n->op == GL_OP_INPUT) {
            gl_sb_puts(&sb, "inputs[");
            put_pyrepr(&sb, n->name);
            gl_sb_putc(&sb, ']');
        } else if (n->op == GL_OP_PARAM || n->op == GL_OP_CONST) {
            gl_sb_printf(&sb, "V[%d]", n->id);
        } else if (fmt) {
            for (const char *p = fmt; *p; p++) {
                if (p[0] == '{' && (p[1] == '0' || p[1] == '1') && p[2] == '}') {
                    int k = p[1] - '0';
                    gl_sb_printf(&sb, "v%d", k < n->nin ? n->in[k] : -1);
                    p += 2;
                } else {
                    gl_sb_putc(&sb, *p);
                }
            }
        } else if (n->op == GL_OP_SUM || n->op == GL_OP_MAX) {
            gl_sb_printf(&sb, "np.%s(v%d, axis=%d, keepdims=%s)", gl_op_name(n->op), n->in[0], n->attrs.axis,
                         n->attrs.keepdims ? "True" : "False");
        } else if (n->op == GL_OP_RESHAPE) {
            char buf[GL_MAX_RANK * 24 + 8];
            gl_sb_printf(&sb, "v%d.reshape(%s)", n->in[0], gl_shape_str(&n->attrs.shape, buf, sizeof buf));
        } else if (n->op == GL_OP_TRANSPOSE) {
            gl_sb_printf(&sb, "v%d.transpose((", n->in[0]);
            for (int k = 0; k < n->attrs.nperm; k++) gl_sb_printf(&sb, "%s%d", k ? ", " : "", n->attrs.perm[k]);
            gl_sb_puts(&sb, n->attrs.nperm == 1 ? ",))" : "))");
        } else {
            gl_sb_printf(&sb, "_eval(N[%d], [", n->id);
            for (int k = 0; k < n->nin; k++) gl_sb_printf(&sb, "%sv%d", k ? ", " : "", n->in[k]);
            gl_sb_puts(&sb, "])");
        }
    }
    gl_sb_puts(&sb, "\n    return [");
    for (int k = 0; k < g->nout; k++) gl_sb_printf(&sb, "%sv%d", k ? ", " : "", g->outputs[k]);
    gl_sb_putc(&sb, ']');
    return gl_sb_finish(&sb, out, outlen, e);
}

/* ------------------------------------------------------------------ the generated program's runtime
 * (emitted verbatim at the top of every C program; kept as one string per line). */
static const char *const RUNTIME[] = {
    "#if defined(__GNUC__) || defined(__clang__)\n",
    "#pragma GCC diagnostic ignored \"-Wunused-function\"\n",
    "#endif\n",
    "#include <math.h>\n",
    "#include <stdarg.h>\n",
    "#include <stdint.h>\n",
    "#include <stdio.h>\n",
    "#include <stdlib.h>\n",
    "#include <string.h>\n",
    "\n",
    "/* ---- runtime: float64 tensors in C order, numpy semantics (as GraphLab's interpreter) */\n",
    "#define MAXR 8\n",
    "typedef struct { int r; int64_t d[MAXR]; int64_t n; double *p; int own; } T;\n",
    "\n",
    "static void die(const char *fmt, ...) {\n",
    "    va_list ap;\n",
    "    va_start(ap, fmt);\n",
    "    fputs(\"compiled: \", stderr);\n",
    "    vfprintf(stderr, fmt, ap);\n",
    "    fputc('\\n', stderr);\n",
    "    va_end(ap);\n",
    "    exit(1);\n",
    "}\n",
    "\n",
    "static const char *shape_str(int r, const int64_t *d, char *buf, size_t cap) {\n",
    "    size_t k = 0;\n",
    "    k += (size_t)snprintf(buf + k, cap - k, \"(\");\n",
    "    for (int i = 0; i < r && k < cap; i++) k += (size_t)snprintf(buf + k, cap - k, \"%s%lld\", i ? \", \" : \"\", (long long)d[i]);\n",
    "    if (k < cap) snprintf(buf + k, cap - k, r == 1 ? \",)\" : \")\");\n",
    "    return buf;\n",
    "}\n",
    "\n",
    "static T t_new(int r, const int64_t *d) {\n",
    "    T t;\n",
    "    memset(&t, 0, sizeof t);\n",
    "    t.r = r;\n",
    "    t.n = 1;\n",
    "    for (int i = 0; i < r; i++) {\n",
    "        if (d[i] < 0) die(\"negative dimension %lld\", (long long)d[i]);\n",
    "        if (d[i] && t.n > INT64_MAX / d[i]) die(\"tensor too large\");\n",
    "        t.d[i] = d[i];\n",
    "        t.n *= d[i];\n",
    "    }\n",
    "    if ((uint64_t)t.n > SIZE_MAX / sizeof(double)) die(\"tensor too large\");\n",
    "    t.p = calloc(t.n ? (size_t)t.n : 1, sizeof(double));\n",
    "    if (!t.p) die(\"out of memory (%lld float64 values)\", (long long)t.n);\n",
    "    t.own = 1;\n",
    "    return t;\n",
    "}\n",
    "\n",
    "static T t_static(const double *p, int r, const int64_t *d) {\n",
    "    T t;\n",
    "    memset(&t, 0, sizeof t);\n",
    "    t.r = r;\n",
    "    t.n = 1;\n",
    "    for (int i = 0; i < r; i++) {\n",
    "        t.d[i] = d[i];\n",
    "        t.n *= d[i];\n",
    "    }\n",
    "    t.p = (double *)p;\n",
    "    return t;\n",
    "}\n",
    "\n",
    "static void t_free(T *t) {\n",
    "    if (t->own) free(t->p);\n",
    "    t->p = NULL;\n",
    "    t->own = 0;\n",
    "}\n",
    "\n",
    "static void t_check(const T *t, int r, const int64_t *d, int id) {\n",
    "    int ok = t->r == r;\n",
    "    for (int i = 0; ok && i < r; i++) ok = t->d[i] == d[i];\n",
    "    if (!ok) {\n",
    "        char a[200], b[200];\n",
    "        die(\"node %d: computed shape %s, the graph says %s\", id, shape_str(t->r, t->d, a, sizeof a),\n",
    "            shape_str(r, d, b, sizeof b));\n",
    "    }\n",
    "}\n",
    "\n",
    "static T t_copy(const T *x) {\n",
    "    T o = t_new(x->r, x->d);\n",
    "    if (x->n) memcpy(o.p, x->p, (size_t)x->n * sizeof(double));\n",
    "    return o;\n",
    "}\n",
    "\n",
    "/* ---- inputs and outputs: little-endian float64 */\n",
    "static unsigned char *read_all(const char *path, size_t *len) {\n",
    "    FILE *f = path ? fopen(path, \"rb\") : stdin;\n",
    "    if (!f) die(\"cannot open %s\", path);\n",
    "    size_t cap = 1 << 16, n = 0;\n",
    "    unsigned char *buf = malloc(cap);\n",
    "    if (!buf) die(\"out of memory\");\n",
    "    for (;;) {\n",
    "        if (n == cap) {\n",
    "            unsigned char *nb = cap <= SIZE_MAX / 2 ? realloc(buf, cap * 2) : NULL;\n",
    "            if (!nb) die(\"out of memory reading the inputs\");\n",
    "            buf = nb;\n",
    "            cap *= 2;\n",
    "        }\n",
    "        size_t got = fread(buf + n, 1, cap - n, f);\n",
    "        n += got;\n",
    "        if (got == 0) break;\n",
    "    }\n",
    "    if (ferror(f)) die(\"cannot read the inputs\");\n",
    "    if (path) fclose(f);\n",
    "    *len = n;\n",
    "    return buf;\n",
    "}\n",
    "\n",
    "static double get_f64(const unsigned char *b) {\n",
    "    uint64_t u = 0;\n",
    "    for (int i = 7; i >= 0; i--) u = (u << 8) | b[i];\n",
    "    double v;\n",
    "    memcpy(&v, &u, sizeof v);\n",
    "    return v;\n",
    "}\n",
    "\n",
    "static T t_input(const unsigned char *buf, size_t len, size_t *off, int r, const int64_t *d, const char *name) {\n",
    "    T t = t_new(r, d);\n",
    "    if ((uint64_t)t.n > (len - *off) / 8) {\n",
    "        char s[200];\n",
    "        die(\"input '%s' %s needs %lld float64 values, only %zu bytes are left\", name, shape_str(r, d, s, sizeof s),\n",
    "            (long long)t.n, len - *off);\n",
    "    }\n",
    "    for (int64_t i = 0; i < t.n; i++) t.p[i] = get_f64(buf + *off + 8 * i);\n",
    "    *off += (size_t)t.n * 8;\n",
    "    return t;\n",
    "}\n",
    "\n",
    "static void t_write(const T *t, int text, int k, int id) {\n",
    "    if (text) {\n",
    "        char s[200];\n",
    "        printf(\"# output %d (node %d) %s\\n\", k, id, shape_str(t->r, t->d, s, sizeof s));\n",
    "        for (int64_t i = 0; i < t->n; i++) printf(\"%a\\n\", t->p[i]);\n",
    "        return;\n",
    "    }\n",
    "    unsigned char b[8];\n",
    "    for (int64_t i = 0; i < t->n; i++) {\n",
    "        uint64_t u;\n",
    "        memcpy(&u, &t->p[i], sizeof u);\n",
    "        for (int j = 0; j < 8; j++) b[j] = (unsigned char)(u >> (8 * j));\n",
    "        if (fwrite(b, 1, 8, stdout) != 8) die(\"cannot write the outputs\");\n",
    "    }\n",
    "}\n",
    "\n",
    "/* ---- pointwise */\n",
    "/* odometer over the first r dims: advances idx and both offsets by their strides; 0 when done */\n",
    "static int next_index(int r, int64_t *idx, const int64_t *d, const int64_t *sa, const int64_t *sb,\n",
    "                      int64_t *oa, int64_t *ob) {\n",
    "    for (int i = r - 1; i >= 0; i--) {\n",
    "        *oa += sa[i];\n",
    "        *ob += sb[i];\n",
    "        if (++idx[i] < d[i]) return 1;\n",
    "        *oa -= sa[i] * d[i];\n",
    "        *ob -= sb[i] * d[i];\n",
    "        idx[i] = 0;\n",
    "    }\n",
    "    return 0;\n",
    "}\n",
    "\n",
    "enum { B_ADD, B_SUB, B_MUL, B_DIV, B_MAXIMUM, B_GT, B_LT };\n",
    "#define NP_MAX(x, y) (((x) > (y) || (x) != (x)) ? (x) : (y))\n",
    "#define BIN_LOOP(EXPR) for (int64_t k = 0; k < n; k++) { double x = pa[k * ia], y = pb[k * ib]; out[k] = (EXPR); }\n",
    "\n",
    "/* a (op) b with numpy broadcasting */\n",
    "static T t_bin(int op, const T *a, const T *b, int id) {\n",
    "    int r = a->r > b->r ? a->r : b->r;\n",
    "    int64_t d[MAXR], sa[MAXR], sb[MAXR], ta = 1, tb = 1;\n",
    "    for (int i = r - 1; i >= 0; i--) {\n",
    "        int ja = i - (r - a->r), jb = i - (r - b->r);\n",
    "        int64_t xa = ja >= 0 ? a->d[ja] : 1, xb = jb >= 0 ? b->d[jb] : 1;\n",
    "        if (xa != xb && xa != 1 && xb != 1) {\n",
    "            char s1[200], s2[200];\n",
    "            die(\"node %d: shapes %s and %s do not broadcast\", id, shape_str(a->r, a->d, s1, sizeof s1),\n",
    "                shape_str(b->r, b->d, s2, sizeof s2));\n",
    "        }\n",
    "        d[i] = xa == 1 ? xb : xa;\n",
    "        sa[i] = xa == 1 ? 0 : ta;\n",
    "        sb[i] = xb == 1 ? 0 : tb;\n",
    "        ta *= xa;\n",
    "        tb *= xb;\n",
    "    }\n",
    "    T o = t_new(r, d);\n",
    "    if (o.n == 0) return o;\n",
    "    int64_t idx[MAXR] = {0}, oa = 0, ob = 0;\n",
    "    const int64_t n = r ? d[r - 1] : 1, ia = r ? sa[r - 1] : 0, ib = r ? sb[r - 1] : 0;\n",
    "    double *out = o.p;\n",
    "    for (;;) {\n",
    "        const double *pa = a->p + oa, *pb = b->p + ob;\n",
    "        switch (op) {\n",
    "        case B_ADD: BIN_LOOP(x + y) break;\n",
    "        case B_SUB: BIN_LOOP(x - y) break;\n",
    "        case B_MUL: BIN_LOOP(x * y) break;\n",
    "        case B_DIV: BIN_LOOP(x / y) break;\n",
    "        case B_MAXIMUM: BIN_LOOP(NP_MAX(x, y)) break;\n",
    "        case B_GT: BIN_LOOP(x > y ? 1.0 : 0.0) break;\n",
    "        default: BIN_LOOP(x < y ? 1.0 : 0.0) break;\n",
    "        }\n",
    "        out += n;\n",
    "        if (!next_index(r - 1, idx, d, sa, sb, &oa, &ob)) break;\n",
    "    }\n",
    "    return o;\n",
    "}\n",
    "\n",
    "enum { U_NEG, U_EXP, U_LOG, U_TANH, U_SQRT, U_RSQRT, U_RECIP, U_SILU };\n",
    "static T t_un(int op, const T *x) {\n",
    "    T o = t_new(x->r, x->d);\n",
    "    const double *s = x->p;\n",
    "    double *q = o.p;\n",
    "    const int64_t n = x->n;\n",
    "    switch (op) {\n",
    "    case U_NEG: for (int64_t i = 0; i < n; i++) q[i] = -s[i]; break;\n",
    "    case U_EXP: for (int64_t i = 0; i < n; i++) q[i] = exp(s[i]); break;\n",
    "    case U_LOG: for (int64_t i = 0; i < n; i++) q[i] = log(s[i]); break;\n",
    "    case U_TANH: for (int64_t i = 0; i < n; i++) q[i] = tanh(s[i]); break;\n",
    "    case U_SQRT: for (int64_t i = 0; i < n; i++) q[i] = sqrt(s[i]); break;\n",
    "    case U_RSQRT: for (int64_t i = 0; i < n; i++) q[i] = 1.0 / sqrt(s[i]); break;\n",
    "    case U_RECIP: for (int64_t i = 0; i < n; i++) q[i] = 1.0 / s[i]; break;\n",
    "    default: for (int64_t i = 0; i < n; i++) q[i] = s[i] / (1.0 + exp(-s[i])); break;\n",
    "    }\n",
    "    return o;\n",
    "}\n",
    "\n",
    "/* adjacent pairs rotated: (a, b) -> (-b, a) */\n",
    "static T t_rot_pairs(const T *x, int id) {\n",
    "    if (x->r == 0 || x->d[x->r - 1] % 2) die(\"node %d: rot_pairs needs an even last axis\", id);\n",
    "    T o = t_new(x->r, x->d);\n",
    "    for (int64_t i = 0; i + 1 < x->n; i += 2) {\n",
    "        o.p[i] = -x->p[i + 1];\n",
    "        o.p[i + 1] = x->p[i];\n",
    "    }\n",
    "    return o;\n",
    "}\n",
    "\n",
    "/* ---- reductions: numpy's pairwise sum along the contiguous axis (8192-element blocks), a running sum\n",
    " * along any other axis */\n",
    "static double pairwise(const double *a, int64_t n) {\n",
    "    if (n < 8) {\n",
    "        double res = 0.0;\n",
    "        for (int64_t i = 0; i < n; i++) res += a[i];\n",
    "        return res;\n",
    "    }\n",
    "    if (n <= 128) {\n",
    "        double r[8];\n",
    "        for (int j = 0; j < 8; j++) r[j] = a[j];\n",
    "        int64_t i;\n",
    "        for (i = 8; i < n - (n % 8); i += 8)\n",
    "            for (int j = 0; j < 8; j++) r[j] += a[i + j];\n",
    "        double res = ((r[0] + r[1]) + (r[2] + r[3])) + ((r[4] + r[5]) + (r[6] + r[7]));\n",
    "        for (; i < n; i++) res += a[i];\n",
    "        return res;\n",
    "    }\n",
    "    int64_t n2 = n / 2;\n",
    "    n2 -= n2 % 8;\n",
    "    return pairwise(a, n2) + pairwise(a + n2, n - n2);\n",
    "}\n",
    "\n",
    "static double np_sum(const double *a, int64_t n) {\n",
    "    double res = 0.0;\n",
    "    for (int64_t i = 0; i < n; i += 8192) res += pairwise(a + i, n - i < 8192 ? n - i : 8192);\n",
    "    return res;\n",
    "}\n",
    "\n",
    "static int split_axis(const T *x, int axis, int64_t *outer, int64_t *n, int64_t *inner, int id) {\n",
    "    if (x->r == 0 || axis < -x->r || axis >= x->r) die(\"node %d: axis %d is out of range\", id, axis);\n",
    "    int ax = axis < 0 ? axis + x->r : axis;\n",
    "    int64_t o = 1, in = 1;\n",
    "    for (int i = 0; i < ax; i++) o *= x->d[i];\n",
    "    for (int i = ax + 1; i < x->r; i++) in *= x->d[i];\n",
    "    *outer = o;\n",
    "    *n = x->d[ax];\n",
    "    *inner = in;\n",
    "    return ax;\n",
    "}\n",
    "\n",
    "static T t_reduce(int is_max, const T *x, int axis, int keepdims, int id) {\n",
    "    int64_t outer, n, inner;\n",
    "    int ax = split_axis(x, axis, &outer, &n, &inner, id);\n",
    "    if (is_max && n == 0) die(\"node %d: max of a zero-size axis\", id);\n",
    "    int64_t d[MAXR];\n",
    "    int r = 0;\n",
    "    for (int i = 0; i < x->r; i++) {\n",
    "        if (i != ax) d[r++] = x->d[i];\n",
    "        else if (keepdims) d[r++] = 1;\n",
    "    }\n",
    "    T o = t_new(r, d);\n",
    "    for (int64_t q = 0; q < outer; q++) {\n",
    "        const double *src = x->p + q * n * inner;\n",
    "        double *dst = o.p + q * inner;\n",
    "        if (inner == 1) {\n",
    "            if (!is_max) {\n",
    "                dst[0] = np_sum(src, n);\n",
    "            } else {\n",
    "                double v = src[0];\n",
    "                for (int64_t i = 1; i < n; i++) v = NP_MAX(v, src[i]);\n",
    "                dst[0] = v;\n",
    "            }\n",
    "        } else if (!is_max) {\n",
    "            for (int64_t j = 0; j < inner; j++) dst[j] = 0.0;\n",
    "            for (int64_t i = 0; i < n; i++)\n",
    "                for (int64_t j = 0; j < inner; j++) dst[j] += src[i * inner + j];\n",
    "        } else {\n",
    "            memcpy(dst, src, (size_t)inner * sizeof *dst);\n",
    "            for (int64_t i = 1; i < n; i++)\n",
    "                for (int64_t j = 0; j < inner; j++) dst[j] = NP_MAX(dst[j], src[i * inner + j]);\n",
    "        }\n",
    "    }\n",
    "    return o;\n",
    "}\n",
    "\n",
    "/* softmax along axis, in place: e = exp(x - max), e / sum(e) */\n",
    "static void softmax_inplace(T *x, int axis, int id) {\n",
    "    int64_t outer, n, inner;\n",
    "    split_axis(x, axis, &outer, &n, &inner, id);\n",
    "    if (n == 0) die(\"node %d: softmax of a zero-size axis\", id);\n",
    "    if (inner == 1) {\n",
    "        for (int64_t q = 0; q < outer; q++) {\n",
    "            double *row = x->p + q * n;\n",
    "            double m = row[0];\n",
    "            for (int64_t i = 1; i < n; i++) m = NP_MAX(m, row[i]);\n",
    "            for (int64_t i = 0; i < n; i++) row[i] = exp(row[i] - m);\n",
    "            const double s = np_sum(row, n);\n",
    "            for (int64_t i = 0; i < n; i++) row[i] = row[i] / s;\n",
    "        }\n",
    "        return;\n",
    "    }\n",
    "    double *m = malloc((size_t)inner * 2 * sizeof *m);\n",
    "    if (!m) die(\"out of memory\");\n",
    "    double *s = m + inner;\n",
    "    for (int64_t q = 0; q < outer; q++) {\n",
    "        double *p = x->p + q * n * inner;\n",
    "        memcpy(m, p, (size_t)inner * sizeof *m);\n",
    "        for (int64_t i = 1; i < n; i++)\n",
    "            for (int64_t j = 0; j < inner; j++) m[j] = NP_MAX(m[j], p[i * inner + j]);\n",
    "        for (int64_t j = 0; j < inner; j++) s[j] = 0.0;\n",
    "        for (int64_t i = 0; i < n; i++)\n",
    "            for (int64_t j = 0; j < inner; j++) {\n",
    "                p[i * inner + j] = exp(p[i * inner + j] - m[j]);\n",
    "                s[j] += p[i * inner + j];\n",
    "            }\n",
    "        for (int64_t i = 0; i < n; i++)\n",
    "            for (int64_t j = 0; j < inner; j++) p[i * inner + j] = p[i * inner + j] / s[j];\n",
    "    }\n",
    "    free(m);\n",
    "}\n",
    "\n",
    "static T t_softmax(const T *x, int axis, int id) {\n",
    "    T o = t_copy(x);\n",
    "    softmax_inplace(&o, axis, id);\n",
    "    return o;\n",
    "}\n",
    "\n",
    "/* x / sqrt(mean(x*x, -1) + eps) * w */\n",
    "static T t_rms_norm(const T *x, const T *w, double eps, int id) {\n",
    "    if (x->r == 0) die(\"node %d: rms_norm of a scalar\", id);\n",
    "    T y = t_new(x->r, x->d);\n",
    "    const int64_t n = x->d[x->r - 1], rows = n ? x->n / n : 0;\n",
    "    double *sq = malloc((n ? (size_t)n : 1) * sizeof *sq);\n",
    "    if (!sq) die(\"out of memory\");\n",
    "    for (int64_t r = 0; r < rows; r++) {\n",
    "        const double *xr = x->p + r * n;\n",
    "        double *yr = y.p + r * n;\n",
    "        for (int64_t j = 0; j < n; j++) sq[j] = xr[j] * xr[j];\n",
    "        const double den = sqrt(np_sum(sq, n) / (double)n + eps);\n",
    "        for (int64_t j = 0; j < n; j++) yr[j] = xr[j] / den;\n",
    "    }\n",
    "    free(sq);\n",
    "    T o = t_bin(B_MUL, &y, w, id);\n",
    "    t_free(&y);\n",
    "    return o;\n",
    "}\n",
    "\n",
    "/* ---- matmul: a @ b (bt: a @ swapaxes(b, -1, -2)) with batch broadcasting; every element is the running\n",
    " * sum 0 + a0*b0 + a1*b1 + ... in k order */\n",
    "static T t_matmul(const T *a, const T *b, int bt, int id) {\n",
    "    if (a->r < 2 || b->r < 2) die(\"node %d: matmul needs operands of rank >= 2\", id);\n",
    "    const int64_t M = a->d[a->r - 2], K = a->d[a->r - 1];\n",
    "    const int64_t Kb = bt ? b->d[b->r - 1] : b->d[b->r - 2], N = bt ? b->d[b->r - 2] : b->d[b->r - 1];\n",
    "    if (K != Kb) {\n",
    "        char s1[200], s2[200];\n",
    "        die(\"node %d: matmul inner dims differ: %s @ %s%s\", id, shape_str(a->r, a->d, s1, sizeof s1),\n",
    "            shape_str(b->r, b->d, s2, sizeof s2), bt ? \"^T\" : \"\");\n",
    "    }\n",
    "    int nb = (a->r > b->r ? a->r : b->r) - 2;\n",
    "    int64_t d[MAXR], sa[MAXR], sb[MAXR], ta = 1, tb = 1;\n",
    "    for (int i = nb - 1; i >= 0; i--) {\n",
    "        int ja = i - (nb - (a->r - 2)), jb = i - (nb - (b->r - 2));\n",
    "        int64_t xa = ja >= 0 ? a->d[ja] : 1, xb = jb >= 0 ? b->d[jb] : 1;\n",
    "        if (xa != xb && xa != 1 && xb != 1) die(\"node %d: matmul batch dims do not broadcast\", id);\n",
    "        d[i] = xa == 1 ? xb : xa;\n",
    "        sa[i] = xa == 1 ? 0 : ta;\n",
    "        sb[i] = xb == 1 ? 0 : tb;\n",
    "        ta *= xa;\n",
    "        tb *= xb;\n",
    "    }\n",
    "    d[nb] = M;\n",
    "    d[nb + 1] = N;\n",
    "    T o = t_new(nb + 2, d);\n",
    "    if (o.n == 0) return o;\n",
    "    int64_t idx[MAXR] = {0}, oa = 0, ob = 0;\n",
    "    double *c = o.p;\n",
    "    for (;;) {\n",
    "        const double *A = a->p + oa * M * K, *B = b->p + ob * K * N;\n",
    "        for (int64_t i = 0; i < M; i++)\n",
    "            for (int64_t j = 0; j < N; j++) {\n",
    "                double acc = 0.0;\n",
    "                if (bt)\n",
    "                    for (int64_t k = 0; k < K; k++) acc += A[i * K + k] * B[j * K + k];\n",
    "                else\n",
    "                    for (int64_t k = 0; k < K; k++) acc += A[i * K + k] * B[k * N + j];\n",
    "                c[i * N + j] = acc;\n",
    "            }\n",
    "        c += M * N;\n",
    "        if (!next_index(nb, idx, d, sa, sb, &oa, &ob)) break;\n",
    "    }\n",
    "    return o;\n",
    "}\n",
    "\n",
    "/* ---- views (materialised: a reshape copies, a transpose permutes) */\n",
    "static T t_reshape(const T *x, int r, const int64_t *target, int id) {\n",
    "    int64_t d[MAXR], known = 1;\n",
    "    int infer = -1;\n",
    "    for (int i = 0; i < r; i++) {\n",
    "        d[i] = target[i];\n",
    "        if (d[i] == -1 && infer < 0) infer = i;\n",
    "        else if (d[i] < 0) die(\"node %d: bad reshape dim %lld\", id, (long long)d[i]);\n",
    "        else known *= d[i];\n",
    "    }\n",
    "    if (infer >= 0) {\n",
    "        if (known == 0 || x->n % known) die(\"node %d: cannot infer the reshape dim\", id);\n",
    "        d[infer] = x->n / known;\n",
    "        known = x->n;\n",
    "    }\n",
    "    if (known != x->n) die(\"node %d: cannot reshape %lld elements into %lld\", id, (long long)x->n, (long long)known);\n",
    "    T o = t_new(r, d);\n",
    "    if (x->n) memcpy(o.p, x->p, (size_t)x->n * sizeof(double));\n",
    "    return o;\n",
    "}\n",
    "\n",
    "static T t_transpose(const T *x, int np, const int *perm_in, int id) {\n",
    "    if (np != x->r) die(\"node %d: transpose perm has %d axes for rank %d\", id, np, x->r);\n",
    "    int perm[MAXR], seen[MAXR] = {0};\n",
    "    int64_t d[MAXR], xs[MAXR], st = 1;\n",
    "    for (int i = x->r - 1; i >= 0; i--) {\n",
    "        xs[i] = st;\n",
    "        st *= x->d[i];\n",
    "    }\n",
    "    for (int i = 0; i < np; i++) {\n",
    "        int p = perm_in[i] < 0 ? perm_in[i] + x->r : perm_in[i];\n",
    "        if (p < 0 || p >= x->r || seen[p]) die(\"node %d: bad transpose perm\", id);\n",
    "        seen[p] = 1;\n",
    "        perm[i] = p;\n",
    "        d[i] = x->d[p];\n",
    "    }\n",
    "    T o = t_new(np, d);\n",
    "    if (o.n == 0) return o;\n",
    "    int64_t idx[MAXR] = {0}, off = 0;\n",
    "    for (int64_t q = 0; q < o.n; q++) {\n",
    "        o.p[q] = x->p[off];\n",
    "        for (int i = np - 1; i >= 0; i--) {\n",
    "            off += xs[perm[i]];\n",
    "            if (++idx[i] < d[i]) break;\n",
    "            off -= xs[perm[i]] * d[i];\n",
    "            idx[i] = 0;\n",
    "        }\n",
    "    }\n",
    "    return o;\n",
    "}\n",
    "\n",
    "/* ---- generators and special ops */\n",
    "static T t_causal_mask(int r, const int64_t *d, int64_t Tn, int64_t pos0, int id) {\n",
    "    if (r < 2) die(\"node %d: causal_mask needs 2 dims\", id);\n",
    "    T o = t_new(r, d);\n",
    "    const int64_t rows = d[r - 2], cols = d[r - 1], plane = rows * cols;\n",
    "    if (plane == 0) return o;\n",
    "    for (int64_t i = 0; i < rows; i++) {\n",
    "        int64_t q = Tn == 0 || Tn == -1 ? 0 : i % Tn;\n",
    "        if (q != 0 && ((q < 0) != (Tn < 0))) q += Tn;\n",
    "        for (int64_t c = 0; c < cols; c++) o.p[i * cols + c] = c <= pos0 + q ? 0.0 : -INFINITY;\n",
    "    }\n",
    "    for (int64_t p = 1; p < o.n / plane; p++) memcpy(o.p + p * plane, o.p, (size_t)plane * sizeof(double));\n",
    "    return o;\n",
    "}\n",
    "\n",
    "/* a copy of cache with rows [pos, pos + m) of axis -2 replaced by nw (broadcast into the slot) */\n",
    "static T t_kv_write(const T *cache, const T *nw, int64_t pos, int id) {\n",
    "    if (cache->r < 2 || nw->r < 2) die(\"node %d: kv_write needs rank >= 2\", id);\n",
    "    const int R = cache->r;\n",
    "    const int64_t rows = cache->d[R - 2], m = nw->d[nw->r - 2], D = cache->d[R - 1];\n",
    "    if (pos < 0 || pos > rows || m > rows - pos)\n",
    "        die(\"node %d: kv_write rows [%lld, %lld) are outside the cache (%lld rows)\", id, (long long)pos,\n",
    "            (long long)(pos + m), (long long)rows);\n",
    "    int64_t ns[MAXR], str = 1;\n",
    "    int ok = 1;\n",
    "    for (int i = 0; i < nw->r - R; i++)\n",
    "        if (nw->d[i] != 1) ok = 0;\n",
    "    for (int i = R - 1; i >= 0; i--) {\n",
    "        int k = i - (R - nw->r);\n",
    "        int64_t x = k >= 0 ? nw->d[k] : 1, want = i == R - 2 ? m : cache->d[i];\n",
    "        if (x != want && x != 1) ok = 0;\n",
    "        ns[i] = x == 1 ? 0 : str;\n",
    "        str *= x;\n",
    "    }\n",
    "    if (!ok) die(\"node %d: kv_write rows do not fit the cache slot\", id);\n",
    "    T o = t_copy(cache);\n",
    "    if (m == 0 || D == 0 || o.n == 0) return o;\n",
    "    int64_t lead = 1;\n",
    "    for (int i = 0; i < R - 2; i++) lead *= cache->d[i];\n",
    "    for (int64_t l = 0; l < lead; l++) {\n",
    "        int64_t offn = 0, rem = l;\n",
    "        for (int i = R - 3; i >= 0; i--) {\n",
    "            offn += (rem % cache->d[i]) * ns[i];\n",
    "            rem /= cache->d[i];\n",
    "        }\n",
    "        for (int64_t q = 0; q < m; q++) {\n",
    "            double *dst = o.p + (l * rows + pos + q) * D;\n",
    "            const double *src = nw->p + offn + q * ns[R - 2];\n",
    "            if (ns[R - 1]) memcpy(dst, src, (size_t)D * sizeof *dst);\n",
    "            else\n",
    "                for (int64_t c = 0; c < D; c++) dst[c] = src[0];\n",
    "        }\n",
    "    }\n",
    "    return o;\n",
    "}\n",
    "\n",
    "/* softmax((q @ swapaxes(k, -1, -2)) * scale [+ mask], -1) @ v */\n",
    "static T t_flash_attn(const T *q, const T *k, const T *v, const T *mask, double scale, int id) {\n",
    "    T s = t_matmul(q, k, 1, id);\n",
    "    for (int64_t i = 0; i < s.n; i++) s.p[i] = s.p[i] * scale;\n",
    "    if (mask) {\n",
    "        T s2 = t_bin(B_ADD, &s, mask, id);\n",
    "        t_free(&s);\n",
    "        s = s2;\n",
    "    }\n",
    "    softmax_inplace(&s, -1, id);\n",
    "    T o = t_matmul(&s, v, 0, id);\n",
    "    t_free(&s);\n",
    "    return o;\n",
    "}\n",
};

/* ------------------------------------------------------------------ C */
/* An exact C hex-float literal (own formatting: the same text from every libc). */
static void put_hex(gl_sb *sb, double v) {
    if (isnan(v)) {
        gl_sb_puts(sb, "NAN");
        return;
    }
    if (isinf(v)) {
        gl_sb_puts(sb, v > 0 ? "INFINITY" : "-INFINITY");
        return;
    }
    uint64_t u;
    memcpy(&u, &v, sizeof u);
    const char *sign = (u >> 63) ? "-" : "";
    int ex = (int)((u >> 52) & 0x7ff);
    uint64_t mant = u & ((1ull << 52) - 1);
    if (ex == 0 && mant == 0) {
        gl_sb_printf(sb, "%s0.0", sign);
        return;
    }
    char digits[16];
    int nd = 13;
    for (int i = 0; i < 13; i++) digits[i] = "0123456789abcdef"[(mant >> (48 - 4 * i)) & 0xf];
    while (nd > 0 && digits[nd - 1] == '0') nd--;
    digits[nd] = 0;
    int lead = ex == 0 ? 0 : 1, e2 = ex == 0 ? -1022 : ex - 1023;
    gl_sb_printf(sb, "%s0x%d%s%sp%+d", sign, lead, nd ? "." : "", digits, e2);
}

typedef struct {
    char name[GL_SYM_MAX];
    bool has_default;
    int64_t def;
} cg_sym;

typedef struct {
    gl_sb *sb;
    cg_sym sym[32];
    int nsym;
    gl_err *e;
} cg;

static int sym_index(cg *c, const char *name) {
    for (int i = 0; i < c->nsym; i++)
        if (strcmp(c->sym[i].name, name) == 0) return i;
    if (c->nsym == (int)(sizeof c->sym / sizeof c->sym[0])) return -1;
    memset(&c->sym[c->nsym], 0, sizeof c->sym[0]);
    for (int k = 0; k < GL_SYM_MAX - 1 && name[k]; k++) c->sym[c->nsym].name[k] = name[k];
    return c->nsym++;
}

static gl_status note_dim(cg *c, gl_dim d) {
    if (gl_dim_is_sym(d) && sym_index(c, d.sym) < 0)
        return gl_fail(c->e, GL_E_LIMIT, "codegen c: more than %d symbols", (int)(sizeof c->sym / sizeof c->sym[0]));
    return GL_OK;
}

static void put_dim(cg *c, gl_dim d) {
    if (gl_dim_is_sym(d)) gl_sb_printf(c->sb, "sym[%d]", sym_index(c, d.sym));
    else gl_sb_printf(c->sb, "%lld", (long long)d.n);
}

/* "2, (const int64_t[]){12, sym[0]}" */
static void put_shape_args(cg *c, const gl_shape *s) {
    gl_sb_printf(c->sb, "%d, (const int64_t[]){", s->rank);
    if (s->rank == 0) gl_sb_putc(c->sb, '0');
    for (int i = 0; i < s->rank; i++) {
        if (i) gl_sb_puts(c->sb, ", ");
        put_dim(c, s->d[i]);
    }
    gl_sb_putc(c->sb, '}');
}

/* a C comment-safe rendering of a name (no "*" "/" pairs or newlines) */
static void put_comment_text(gl_sb *sb, const char *s) {
    for (const char *p = s; *p; p++) gl_sb_putc(sb, (*p == '*' || *p == '\n' || *p == '\r') ? '_' : *p);
}

/* a C string literal */
static void put_cstr(gl_sb *sb, const char *s) {
    gl_sb_putc(sb, '"');
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        if (*p == '"' || *p == '\\') {
            gl_sb_putc(sb, '\\');
            gl_sb_putc(sb, (char)*p);
        } else if (*p < 0x20 || *p >= 0x7f) {
            gl_sb_printf(sb, "\\%03o", *p);
        } else {
            gl_sb_putc(sb, (char)*p);
        }
    }
    gl_sb_putc(sb, '"');
}

static const char *bin_name(gl_op op) {
    switch (op) {
    case GL_OP_ADD: return "B_ADD";
    case GL_OP_SUB: return "B_SUB";
    case GL_OP_MUL: return "B_MUL";
    case GL_OP_DIV: return "B_DIV";
    case GL_OP_MAXIMUM: return "B_MAXIMUM";
    case GL_OP_GT: return "B_GT";
    case GL_OP_LT: return "B_LT";
    default: return NULL;
    }
}

static const char *un_name(gl_op op) {
    switch (op) {
    case GL_OP_NEG: return "U_NEG";
    case GL_OP_EXP: return "U_EXP";
    case GL_OP_LOG: return "U_LOG";
    case GL_OP_TANH: return "U_TANH";
    case GL_OP_SQRT: return "U_SQRT";
    case GL_OP_RSQRT: return "U_RSQRT";
    case GL_OP_RECIP: return "U_RECIP";
    case GL_OP_SILU: return "U_SILU";
    default: return NULL;
    }
}

/* The statement computing node n into v{id}. */
static gl_status put_node(cg *c, const gl_graph *g, const gl_node *n) {
    gl_sb *sb = c->sb;
    const int *in = n->in;
    const gl_attrs *a = &n->attrs;
    const char *bn = bin_name(n->op), *un = un_name(n->op);
    gl_sb_printf(sb, "    T v%d = ", n->id);
    if (bn) {
        gl_sb_printf(sb, "t_bin(%s, &v%d, &v%d, %d);", bn, in[0], in[1], n->id);
    } else if (un) {
        gl_sb_printf(sb, "t_un(%s, &v%d);", un, in[0]);
    } else {
        switch (n->op) {
        case GL_OP_ROT_PAIRS: gl_sb_printf(sb, "t_rot_pairs(&v%d, %d);", in[0], n->id); break;
        case GL_OP_SUM:
        case GL_OP_MAX:
            gl_sb_printf(sb, "t_reduce(%d, &v%d, %d, %d, %d);", n->op == GL_OP_MAX, in[0], a->axis,
                         (a->has & GL_A_KEEPDIMS) && a->keepdims, n->id);
            break;
        case GL_OP_RESHAPE:
            if (!(a->has & GL_A_SHAPE)) return gl_fail(c->e, GL_E_INVALID, "codegen c: reshape %%%d has no shape", n->id);
            gl_sb_printf(sb, "t_reshape(&v%d, ", in[0]);
            put_shape_args(c, &a->shape);
            gl_sb_printf(sb, ", %d);", n->id);
            break;
        case GL_OP_TRANSPOSE:
            if (!(a->has & GL_A_PERM)) return gl_fail(c->e, GL_E_INVALID, "codegen c: transpose %%%d has no perm", n->id);
            gl_sb_printf(sb, "t_transpose(&v%d, %d, (const int[]){", in[0], a->nperm);
            if (a->nperm == 0) gl_sb_putc(sb, '0');
            for (int k = 0; k < a->nperm; k++) gl_sb_printf(sb, "%s%d", k ? ", " : "", a->perm[k]);
            gl_sb_printf(sb, "}, %d);", n->id);
            break;
        case GL_OP_CAUSAL_MASK:
            gl_sb_puts(sb, "t_causal_mask(");
            put_shape_args(c, &n->shape);
            gl_sb_printf(sb, ", %lld, %lld, %d);", (long long)a->T, (long long)((a->has & GL_A_POS0) ? a->pos0 : 0),
                         n->id);
            break;
        case GL_OP_SOFTMAX: gl_sb_printf(sb, "t_softmax(&v%d, %d, %d);", in[0], a->axis, n->id); break;
        case GL_OP_RMS_NORM:
            gl_sb_printf(sb, "t_rms_norm(&v%d, &v%d, ", in[0], in[1]);
            put_hex(sb, a->eps);
            gl_sb_printf(sb, ", %d);", n->id);
            break;
        case GL_OP_MATMUL: gl_sb_printf(sb, "t_matmul(&v%d, &v%d, 0, %d);", in[0], in[1], n->id); break;
        case GL_OP_KV_WRITE:
            if (!(a->has & GL_A_POS)) return gl_fail(c->e, GL_E_INVALID, "codegen c: kv_write %%%d has no pos", n->id);
            gl_sb_printf(sb, "t_kv_write(&v%d, &v%d, ", in[0], in[1]);
            put_dim(c, a->pos);
            gl_sb_printf(sb, ", %d);", n->id);
            break;
        case GL_OP_FLASH_ATTN:
            gl_sb_printf(sb, "t_flash_attn(&v%d, &v%d, &v%d, ", in[0], in[1], in[2]);
            if (n->nin > 3) gl_sb_printf(sb, "&v%d, ", in[3]);
            else gl_sb_puts(sb, "NULL, ");
            put_hex(sb, a->scale);
            gl_sb_printf(sb, ", %d);", n->id);
            break;
        default:
            return gl_fail(c->e, GL_E_INTERNAL, "codegen c: op %s has no C form", gl_op_name(n->op));
        }
    }
    gl_sb_printf(sb, "  /* %s", gl_op_name(n->op));
    if (n->name[0]) {
        gl_sb_putc(sb, ' ');
        put_comment_text(sb, n->name);
    }
    gl_sb_puts(sb, " */\n    t_check(&v");
    gl_sb_printf(sb, "%d, ", n->id);
    put_shape_args(c, &n->shape);
    gl_sb_printf(sb, ", %d);\n", n->id);
    (void)g;
    return GL_OK;
}

static gl_status collect_symbols(cg *c, const gl_graph *g, const gl_bind *bind) {
    gl_status st;
    for (int i = 0; i < g->n; i++) {
        const gl_node *n = &g->nodes[i];
        for (int k = 0; k < n->shape.rank; k++)
            if ((st = note_dim(c, n->shape.d[k]))) return st;
        if (n->attrs.has & GL_A_SHAPE)
            for (int k = 0; k < n->attrs.shape.rank; k++)
                if ((st = note_dim(c, n->attrs.shape.d[k]))) return st;
        if ((n->attrs.has & GL_A_POS) && (st = note_dim(c, n->attrs.pos))) return st;
    }
    for (int i = 0; bind && i < bind->n; i++)
        for (int k = 0; k < c->nsym; k++)
            if (strcmp(c->sym[k].name, bind->s[i].sym) == 0) {
                c->sym[k].has_default = true;
                c->sym[k].def = bind->s[i].value;
            }
    return GL_OK;
}

/* params and consts as static arrays */
static gl_status put_values(cg *c, const gl_graph *g) {
    gl_sb *sb = c->sb;
    int64_t total = 0;
    char lb[48];
    for (int i = 0; i < g->n; i++) {
        const gl_node *n = &g->nodes[i];
        if (n->op != GL_OP_PARAM && n->op != GL_OP_CONST) continue;
        snprintf(lb, sizeof lb, "%%%d", n->id);
        const char *label = n->name[0] ? n->name : lb;
        const gl_array *v = g->values ? g->values[i] : NULL;
        if (!v || !v->data)
            return gl_fail(c->e, GL_E_INVALID, "codegen c: %s '%s' has no value (a shape-only graph cannot be compiled "
                           "to C: give params)", gl_op_name(n->op), label);
        for (int k = 0; k < n->shape.rank; k++)
            if (gl_dim_is_sym(n->shape.d[k]))
                return gl_fail(c->e, GL_E_INVALID, "codegen c: %s '%s' has a symbolic shape", gl_op_name(n->op), label);
        gl_shape vs = gl_array_shape(v);
        if (!gl_shape_eq(&vs, &n->shape)) {
            char b1[160], b2[160];
            return gl_fail(c->e, GL_E_SHAPE, "codegen c: %s '%s' value has shape %s, the node says %s",
                           gl_op_name(n->op), label, gl_shape_str(&vs, b1, sizeof b1),
                           gl_shape_str(&n->shape, b2, sizeof b2));
        }
        if (v->size > GL_CODEGEN_MAX_VALUES - total)
            return gl_fail(c->e, GL_E_LIMIT, "codegen c: more than %lld param/const values to embed",
                           (long long)GL_CODEGEN_MAX_VALUES);
        total += v->size;
        gl_sb_printf(sb, "/* %%%d %s", n->id, gl_op_name(n->op));
        if (n->name[0]) {
            gl_sb_putc(sb, ' ');
            put_comment_text(sb, n->name);
        }
        char sh[160];
        gl_sb_printf(sb, " %s */\nstatic const double W%d[%lld] = {", gl_shape_str(&n->shape, sh, sizeof sh), n->id,
                     (long long)(v->size ? v->size : 1));
        if (v->size == 0) gl_sb_puts(sb, "0.0");
        for (int64_t k = 0; k < v->size; k++) {
            if (k) gl_sb_puts(sb, k % 4 ? ", " : ",\n    ");
            put_hex(sb, v->data[k]);
        }
        gl_sb_puts(sb, "};\n");
        if (sb->failed) return gl_fail(c->e, GL_E_NOMEM, "out of memory generating C");
    }
    return GL_OK;
}

gl_status gl_codegen_c(const gl_graph *g, const gl_bind *bind, char **out, size_t *outlen, gl_err *e) {
    if (gl_out_begin(out, outlen, "gl_codegen_c", e)) return GL_E_INVALID;
    if (!g) return gl_fail(e, GL_E_INVALID, "gl_codegen_c: graph is NULL");
    gl_status st = gl_graph_validate(g, e);
    if (st) return st;
    gl_sb sb;
    gl_sb_init(&sb);
    cg c;
    memset(&c, 0, sizeof c);
    c.sb = &sb;
    c.e = e;
    int *last = gl_alloc((size_t)g->n, sizeof *last, e);
    bool *is_out = gl_alloc((size_t)g->n, sizeof *is_out, e);
    if (!last || !is_out) {
        st = GL_E_NOMEM;
        goto done;
    }
    if ((st = collect_symbols(&c, g, bind))) goto done;
    for (int i = 0; i < g->n; i++) last[i] = -1;
    for (int i = 0; i < g->n; i++)
        for (int k = 0; k < g->nodes[i].nin; k++) last[g->nodes[i].in[k]] = i;
    for (int k = 0; k < g->nout; k++) is_out[g->outputs[k]] = true;

    /* header */
    gl_sb_printf(&sb, "/* Generated by GraphLab %s (codegen --lang c): %d nodes, %d ops.\n", GL_VERSION, g->n,
                 gl_graph_count(g));
    gl_sb_puts(&sb, " *\n *   cc -std=c11 -O2 prog.c -lm -o prog\n *   ./prog");
    for (int k = 0; k < c.nsym; k++) gl_sb_printf(&sb, " %s=<int>", c.sym[k].name);
    gl_sb_puts(&sb, " [--in FILE] [--text] < inputs.f64 > outputs.f64\n *\n"
                    " * Inputs: little-endian float64, C order, concatenated in this order:\n");
    int nin = 0;
    for (int i = 0; i < g->n; i++) {
        const gl_node *n = &g->nodes[i];
        if (n->op != GL_OP_INPUT) continue;
        char sh[160];
        gl_sb_puts(&sb, " *   ");
        put_comment_text(&sb, n->name);
        gl_sb_printf(&sb, " %s\n", gl_shape_str(&n->shape, sh, sizeof sh));
        nin++;
    }
    if (!nin) gl_sb_puts(&sb, " *   (none)\n");
    gl_sb_puts(&sb, " * Outputs: the same encoding on stdout, in this order (--text: one %a per line):\n");
    for (int k = 0; k < g->nout; k++) {
        char sh[160];
        gl_sb_printf(&sb, " *   %%%d %s\n", g->outputs[k], gl_shape_str(&g->nodes[g->outputs[k]].shape, sh, sizeof sh));
    }
    gl_sb_puts(&sb, " */\n");
    for (size_t i = 0; i < sizeof RUNTIME / sizeof RUNTIME[0]; i++) gl_sb_puts(&sb, RUNTIME[i]);

    /* symbols */
    gl_sb_printf(&sb, "\n/* ---- symbols (bound on the command line: NAME=value) */\n#define NSYM %d\n", c.nsym);
    gl_sb_puts(&sb, "static const char *const SYM_NAME[NSYM + 1] = {");
    for (int k = 0; k < c.nsym; k++) {
        put_cstr(&sb, c.sym[k].name);
        gl_sb_puts(&sb, ", ");
    }
    gl_sb_puts(&sb, "NULL};\nstatic int64_t sym[NSYM + 1] = {");
    for (int k = 0; k < c.nsym; k++) gl_sb_printf(&sb, "%lld, ", (long long)(c.sym[k].has_default ? c.sym[k].def : 0));
    gl_sb_puts(&sb, "0};\nstatic int sym_set[NSYM + 1] = {");
    for (int k = 0; k < c.nsym; k++) gl_sb_printf(&sb, "%d, ", c.sym[k].has_default ? 1 : 0);
    gl_sb_puts(&sb, "0};\n\n/* ---- params and consts */\n");
    if ((st = put_values(&c, g))) goto done;

    /* main */
    gl_sb_puts(&sb,
               "\nint main(int argc, char **argv) {\n"
               "    const char *in_path = NULL;\n"
               "    int text = 0;\n"
               "    for (int i = 1; i < argc; i++) {\n"
               "        const char *eq = strchr(argv[i], '=');\n"
               "        if (strcmp(argv[i], \"--in\") == 0 && i + 1 < argc) in_path = argv[++i];\n"
               "        else if (strcmp(argv[i], \"--text\") == 0) text = 1;\n"
               "        else if (eq && argv[i][0] != '-') {\n"
               "            int k = 0;\n"
               "            while (k < NSYM && (strncmp(SYM_NAME[k], argv[i], (size_t)(eq - argv[i])) != 0 ||\n"
               "                                SYM_NAME[k][eq - argv[i]] != 0)) k++;\n"
               "            if (k == NSYM) die(\"%s: this graph has no such symbol\", argv[i]);\n"
               "            char *end = NULL;\n"
               "            long long v = strtoll(eq + 1, &end, 10);\n"
               "            if (end == eq + 1 || *end || v < 0) die(\"%s: the value must be a non-negative integer\", argv[i]);\n"
               "            sym[k] = v;\n"
               "            sym_set[k] = 1;\n"
               "        } else die(\"unknown argument %s (usage: prog [SYM=int ...] [--in FILE] [--text])\", argv[i]);\n"
               "    }\n"
               "    for (int k = 0; k < NSYM; k++)\n"
               "        if (!sym_set[k]) die(\"symbol %s is not bound: pass %s=<int>\", SYM_NAME[k], SYM_NAME[k]);\n"
               "    size_t len = 0, off = 0;\n"
               "    unsigned char *buf = read_all(in_path, &len);\n");
    for (int i = 0; i < g->n; i++) {
        const gl_node *n = &g->nodes[i];
        if (n->op != GL_OP_INPUT) continue;
        gl_sb_printf(&sb, "    T v%d = t_input(buf, len, &off, ", n->id);
        put_shape_args(&c, &n->shape);
        gl_sb_puts(&sb, ", ");
        put_cstr(&sb, n->name);
        gl_sb_puts(&sb, ");\n");
    }
    gl_sb_puts(&sb, "    if (off != len) die(\"the input has %zu bytes, the inputs take %zu\", len, off);\n"
                    "    free(buf);\n");
    for (int i = 0; i < g->n && !sb.failed; i++) {
        const gl_node *n = &g->nodes[i];
        if (n->op == GL_OP_INPUT) continue;
        if (n->op == GL_OP_PARAM || n->op == GL_OP_CONST) {
            gl_sb_printf(&sb, "    T v%d = t_static(W%d, ", n->id, n->id);
            put_shape_args(&c, &n->shape);
            gl_sb_puts(&sb, ");\n");
        } else if ((st = put_node(&c, g, n))) {
            goto done;
        }
        /* free the values whose last reader this was (and unread non-outputs) */
        for (int k = 0; k < n->nin; k++) {
            int j = n->in[k];
            bool dup = false;
            for (int q = 0; q < k; q++) dup |= n->in[q] == j;
            if (!dup && last[j] == i && !is_out[j]) gl_sb_printf(&sb, "    t_free(&v%d);\n", j);
        }
    }
    for (int i = 0; i < g->n; i++)
        if (last[i] < 0 && !is_out[i] && g->nodes[i].op == GL_OP_INPUT) gl_sb_printf(&sb, "    t_free(&v%d);\n", i);
    for (int i = 0; i < g->n; i++)
        if (last[i] < 0 && !is_out[i] && g->nodes[i].op != GL_OP_INPUT) gl_sb_printf(&sb, "    t_free(&v%d);\n", i);
    for (int k = 0; k < g->nout; k++)
        gl_sb_printf(&sb, "    t_write(&v%d, text, %d, %d);\n", g->outputs[k], k, g->outputs[k]);
    gl_sb_puts(&sb, "    if (fflush(stdout) != 0) die(\"cannot write the outputs\");\n");
    for (int i = 0; i < g->n; i++)
        if (is_out[i]) gl_sb_printf(&sb, "    t_free(&v%d);\n", i);
    gl_sb_puts(&sb, "    return 0;\n}\n");
    st = gl_sb_finish(&sb, out, outlen, e);
done:
    if (st) gl_sb_free(&sb);
    free(last);
    free(is_out);
    return st;
}
