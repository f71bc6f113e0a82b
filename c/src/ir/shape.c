/* shape.c — dims (integers or symbols), binds, and the shape rules of §3 (numpy broadcasting and
 * matmul with symbolic dims), reductions and transposes, and the shape each op gives its inputs
 * (gl_op_shape: the one rule per op, for the tracer, the graph reader and the verifier). Errors name the
 * shapes like the reference. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "ir/util.h"

gl_dim gl_dim_int(int64_t n) {
    gl_dim d;
    memset(&d, 0, sizeof d);
    d.n = n;
    return d;
}

gl_dim gl_dim_sym(const char *sym) {
    gl_dim d;
    memset(&d, 0, sizeof d);
    if (sym) {
        size_t n = strlen(sym);
        if (n > GL_SYM_MAX - 1) n = GL_SYM_MAX - 1;
        memcpy(d.sym, sym, n);
    }
    return d;
}

bool gl_dim_is_sym(gl_dim d) { return d.sym[0] != 0; }

bool gl_dim_eq(gl_dim a, gl_dim b) {
    if (gl_dim_is_sym(a) || gl_dim_is_sym(b)) return strcmp(a.sym, b.sym) == 0;
    return a.n == b.n;
}

static bool dim_is_one(gl_dim d) { return !gl_dim_is_sym(d) && d.n == 1; }

bool gl_shape_eq(const gl_shape *a, const gl_shape *b) {
    if (a == b) return true;      /* pooled shapes are interned: the common case (simplify asks it of every mul) */
    if (a->rank != b->rank) return false;
    for (int i = 0; i < a->rank; i++)
        if (!gl_dim_eq(a->d[i], b->d[i])) return false;
    return true;
}

gl_shape gl_shape_of(int rank, const int64_t *dims) {
    gl_shape s;
    memset(&s, 0, sizeof s);
    if (rank < 0) rank = 0;
    if (rank > GL_MAX_RANK) rank = GL_MAX_RANK;
    s.rank = rank;
    for (int i = 0; i < rank; i++) s.d[i].n = dims[i];   /* an integer dim: no symbol */
    return s;
}

/* Appends printf output at *len, never past cap - 1. */
static void put(char *buf, size_t cap, size_t *len, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    int k = vsnprintf(buf + *len, cap - *len, fmt, ap);
    va_end(ap);
    if (k > 0) *len += (size_t)k;
    if (*len >= cap) *len = cap - 1;
}

char *gl_shape_str(const gl_shape *s, char *buf, size_t cap) {
    size_t len = 0;
    if (cap == 0) return buf;
    buf[0] = 0;
    put(buf, cap, &len, "(");
    for (int i = 0; i < s->rank; i++) {
        if (i) put(buf, cap, &len, ", ");
        if (gl_dim_is_sym(s->d[i])) put(buf, cap, &len, "'%s'", s->d[i].sym);
        else put(buf, cap, &len, "%lld", (long long)s->d[i].n);
    }
    put(buf, cap, &len, s->rank == 1 ? ",)" : ")");
    return buf;
}

gl_status gl_bind_set(gl_bind *b, const char *sym, int64_t value, gl_err *e) {
    if (!sym || !sym[0] || strlen(sym) >= GL_SYM_MAX)
        return gl_fail(e, GL_E_INVALID, "bind: symbol name '%s' must be 1 to %d characters", sym ? sym : "",
                       GL_SYM_MAX - 1);
    for (int i = 0; i < b->n; i++)
        if (strcmp(b->s[i].sym, sym) == 0) {
            b->s[i].value = value;
            return GL_OK;
        }
    if (b->n >= (int)(sizeof b->s / sizeof b->s[0]))
        return gl_fail(e, GL_E_LIMIT, "bind: more than %d symbols", (int)(sizeof b->s / sizeof b->s[0]));
    memset(b->s[b->n].sym, 0, GL_SYM_MAX);
    memcpy(b->s[b->n].sym, sym, strlen(sym));
    b->s[b->n].value = value;
    b->n++;
    return GL_OK;
}

gl_status gl_dim_value(gl_dim d, const gl_bind *b, int64_t *out, gl_err *e) {
    if (!gl_dim_is_sym(d)) {
        *out = d.n;
        return GL_OK;
    }
    if (b)
        for (int i = 0; i < b->n; i++)
            if (strcmp(b->s[i].sym, d.sym) == 0) {
                *out = b->s[i].value;
                return GL_OK;
            }
    *out = 0;                     /* written on every path: callers' locals are never read uninitialised */
    return gl_fail(e, GL_E_UNBOUND, "symbolic dim '%s' is not bound (give bind.%s)", d.sym, d.sym);
}

/* *r = a * b for a, b >= 0; true on overflow. The builtin is a multiply and a flag test, where the
 * portable check costs a division per dim (gl_numel runs for every node in every stage). */
static inline bool mul_overflows(int64_t a, int64_t b, int64_t *r) {
#if defined(__GNUC__) || defined(__clang__)
    return __builtin_mul_overflow(a, b, r);
#else
    if (b != 0 && a > INT64_MAX / b) return true;
    *r = a * b;
    return false;
#endif
}

gl_status gl_numel(const gl_shape *s, const gl_bind *b, int64_t *out, gl_err *e) {
    int64_t n = 1;
    *out = 0;                     /* written on every path (0 on failure), as gl_dim_value */
    for (int i = 0; i < s->rank; i++) {
        int64_t v = s->d[i].n;    /* an integer dim as it is; a symbol from the bind */
        gl_status st = gl_dim_is_sym(s->d[i]) ? gl_dim_value(s->d[i], b, &v, e) : GL_OK;
        if (st) return st;
        if (v < 0) {
            char buf[160];
            return gl_fail(e, GL_E_INVALID, "negative dim in shape %s", gl_shape_str(s, buf, sizeof buf));
        }
        if (mul_overflows(n, v, &n)) {
            char buf[160];
            return gl_fail(e, GL_E_LIMIT, "element count of shape %s overflows 64 bits",
                           gl_shape_str(s, buf, sizeof buf));
        }
    }
    *out = n;
    return GL_OK;
}

gl_status gl_broadcast_shape(const gl_shape *a, const gl_shape *b, gl_shape *out, gl_err *e) {
    if (a == b) {                                /* one pool item: the same shape (most binary ops) */
        *out = *a;
        return GL_OK;
    }
    int n = a->rank > b->rank ? a->rank : b->rank;
    const gl_dim one = gl_dim_int(1);
    gl_shape r;
    memset(&r, 0, sizeof r);
    r.rank = n;
    for (int i = 0; i < n; i++) {
        int ia = i - (n - a->rank), ib = i - (n - b->rank);
        const gl_dim *x = ia >= 0 ? &a->d[ia] : &one, *y = ib >= 0 ? &b->d[ib] : &one;
        if (gl_dim_eq(*x, *y) || dim_is_one(*y)) r.d[i] = *x;
        else if (dim_is_one(*x)) r.d[i] = *y;
        else {
            gl_shape pa, pb;                     /* both padded to rank n, as the reference names them */
            memset(&pa, 0, sizeof pa);
            memset(&pb, 0, sizeof pb);
            pa.rank = pb.rank = n;
            for (int k = 0; k < n; k++) {
                int ka = k - (n - a->rank), kb = k - (n - b->rank);
                pa.d[k] = ka >= 0 ? a->d[ka] : one;
                pb.d[k] = kb >= 0 ? b->d[kb] : one;
            }
            char sa[160], sb[160];
            return gl_fail(e, GL_E_SHAPE, "shapes cannot broadcast: %s and %s", gl_shape_str(&pa, sa, sizeof sa),
                           gl_shape_str(&pb, sb, sizeof sb));
        }
    }
    *out = r;
    return GL_OK;
}

gl_status gl_matmul_shape(const gl_shape *a, const gl_shape *b, gl_shape *out, gl_err *e) {
    char sa[160], sb[160];
    if (a->rank < 2 || b->rank < 2)
        return gl_fail(e, GL_E_SHAPE, "matmul needs operands of rank >= 2: %s @ %s", gl_shape_str(a, sa, sizeof sa),
                       gl_shape_str(b, sb, sizeof sb));
    if (!gl_dim_eq(a->d[a->rank - 1], b->d[b->rank - 2]))
        return gl_fail(e, GL_E_SHAPE, "matmul inner dims differ: %s @ %s", gl_shape_str(a, sa, sizeof sa),
                       gl_shape_str(b, sb, sizeof sb));
    gl_shape batch;
    memset(&batch, 0, sizeof batch);
    if (a->rank > 2 || b->rank > 2) {
        gl_shape ba, bb;
        memset(&ba, 0, sizeof ba);
        memset(&bb, 0, sizeof bb);
        ba.rank = a->rank - 2;
        bb.rank = b->rank - 2;
        memcpy(ba.d, a->d, sizeof(gl_dim) * (size_t)ba.rank);
        memcpy(bb.d, b->d, sizeof(gl_dim) * (size_t)bb.rank);
        gl_status st = gl_broadcast_shape(&ba, &bb, &batch, e);
        if (st) return st;
    }
    if (batch.rank + 2 > GL_MAX_RANK) return gl_fail(e, GL_E_LIMIT, "matmul result has rank > %d", GL_MAX_RANK);
    batch.d[batch.rank] = a->d[a->rank - 2];
    batch.d[batch.rank + 1] = b->d[b->rank - 1];
    batch.rank += 2;
    *out = batch;
    return GL_OK;
}

gl_status gl_reduce_shape(const gl_shape *a, int axis, bool keepdims, gl_shape *out, gl_err *e) {
    char sa[160];
    if (a->rank == 0 || axis < -a->rank || axis >= a->rank)
        return gl_fail(e, GL_E_SHAPE, "axis %d is out of range for shape %s", axis, gl_shape_str(a, sa, sizeof sa));
    int ax = axis < 0 ? axis + a->rank : axis;
    gl_shape r;
    memset(&r, 0, sizeof r);
    for (int i = 0; i < a->rank; i++) {
        if (i == ax) {
            if (keepdims) r.d[r.rank++] = gl_dim_int(1);
        } else {
            r.d[r.rank++] = a->d[i];
        }
    }
    *out = r;
    return GL_OK;
}

gl_status gl_transpose_shape(const gl_shape *a, const int *perm, int nperm, gl_shape *out, gl_err *e) {
    char sa[160];
    bool seen[GL_MAX_RANK] = {false};
    if (nperm != a->rank)
        return gl_fail(e, GL_E_SHAPE, "transpose perm has %d axes but shape %s has %d", nperm,
                       gl_shape_str(a, sa, sizeof sa), a->rank);
    gl_shape r;
    memset(&r, 0, sizeof r);
    r.rank = nperm;
    for (int i = 0; i < nperm; i++) {
        if (perm[i] < 0 || perm[i] >= nperm || seen[perm[i]])
            return gl_fail(e, GL_E_SHAPE, "transpose perm is not a permutation of 0..%d (axis %d) for shape %s",
                           nperm - 1, perm[i], gl_shape_str(a, sa, sizeof sa));
        seen[perm[i]] = true;
        r.d[i] = a->d[perm[i]];
    }
    *out = r;
    return GL_OK;
}

/* ---- the shape an op gives its inputs (util.h): the one rule per op */
gl_status gl_op_shape(gl_op op, const gl_shape *const *in, int nin, const gl_attrs *a, const gl_shape *own,
                      gl_shape *out, gl_err *e) {
    if ((unsigned)op >= GL_OP_COUNT || !gl_op_arity_ok(op, nin))
        return gl_fail(e, GL_E_INTERNAL, "no shape rule for op %d with %d inputs", (int)op, nin);
    const gl_shape *s0 = nin > 0 ? in[0] : NULL, *s1 = nin > 1 ? in[1] : NULL;
    char x[160], y[160];
    switch (gl_op_class(op)) {
    case GL_CLASS_LEAF: *out = *own; return GL_OK;
    case GL_CLASS_POINTWISE:
        if (nin == 2) return gl_broadcast_shape(s0, s1, out, e);
        *out = *s0;   /* rot_pairs too, whatever the last axis: evaluating it checks that it is even */
        return GL_OK;
    case GL_CLASS_REDUCE: return gl_reduce_shape(s0, a->axis, (a->has & GL_A_KEEPDIMS) && a->keepdims, out, e);
    case GL_CLASS_GENERATOR:      /* causal_mask: the shape it was given (the tracer: its `like` tensor's) */
        if (own->rank < 2) return gl_fail(e, GL_E_SHAPE, "causal_mask needs a tensor of rank >= 2");
        *out = *own;
        return GL_OK;
    default: break;
    }
    gl_shape tmp;
    gl_status st;
    switch (op) {
    case GL_OP_RESHAPE: {
        int64_t na = 0, nb = 0;
        gl_err quiet = {GL_OK, ""};
        if (gl_numel(s0, NULL, &na, &quiet) == GL_OK && gl_numel(&a->shape, NULL, &nb, &quiet) == GL_OK && na != nb)
            return gl_fail(e, GL_E_SHAPE, "cannot reshape %s (%lld elements) into %s (%lld elements)",
                           gl_shape_str(s0, x, sizeof x), (long long)na, gl_shape_str(&a->shape, y, sizeof y),
                           (long long)nb);
        *out = a->shape;
        return GL_OK;
    }
    case GL_OP_TRANSPOSE: return gl_transpose_shape(s0, a->perm, a->nperm, out, e);
    case GL_OP_SOFTMAX:
        *out = *s0;
        return gl_reduce_shape(s0, a->axis, true, &tmp, e);
    case GL_OP_SILU:
    case GL_OP_GELU: *out = *s0; return GL_OK;
    case GL_OP_RMS_NORM:
        if (s0->rank == 0) return gl_fail(e, GL_E_SHAPE, "rms_norm needs a tensor of rank >= 1");
        if ((st = gl_broadcast_shape(s0, s1, &tmp, e))) return st;
        if (!gl_shape_eq(&tmp, s0))
            return gl_fail(e, GL_E_SHAPE, "rms_norm weight %s does not broadcast onto %s",
                           gl_shape_str(s1, x, sizeof x), gl_shape_str(s0, y, sizeof y));
        *out = *s0;
        return GL_OK;
    case GL_OP_MATMUL: return gl_matmul_shape(s0, s1, out, e);
    case GL_OP_KV_WRITE: {        /* rows s1 into cache s0: the same rank, batch dims and row width */
        bool ok = s0->rank >= 2 && s1->rank == s0->rank && gl_dim_eq(s0->d[s0->rank - 1], s1->d[s1->rank - 1]);
        for (int i = 0; ok && i < s0->rank - 2; i++) ok = gl_dim_eq(s0->d[i], s1->d[i]);
        if (!ok)
            return gl_fail(e, GL_E_SHAPE, "kv_write: rows %s do not fit cache %s", gl_shape_str(s1, x, sizeof x),
                           gl_shape_str(s0, y, sizeof y));
        *out = *s0;
        return GL_OK;
    }
    case GL_OP_FLASH_ATTN: {      /* softmax(q @ k^T [+ mask]) @ v */
        gl_shape kt = *s1, sc;
        if (kt.rank < 2) return gl_fail(e, GL_E_SHAPE, "flash_attn: k must have rank >= 2");
        gl_dim t = kt.d[kt.rank - 1];
        kt.d[kt.rank - 1] = kt.d[kt.rank - 2];
        kt.d[kt.rank - 2] = t;
        if ((st = gl_matmul_shape(s0, &kt, &sc, e))) return st;
        if (nin == 4) {
            if ((st = gl_broadcast_shape(&sc, in[3], &tmp, e))) return st;
            sc = tmp;
        }
        return gl_matmul_shape(&sc, in[2], out, e);
    }
    default: break;
    }
    return gl_fail(e, GL_E_INTERNAL, "no shape rule for op %s", gl_op_name(op));
}

gl_status gl_node_shape(const gl_graph *g, const gl_node *n, gl_shape *out, gl_err *e) {
    const gl_shape *in[GL_MAX_INPUTS] = {NULL};
    for (int i = 0; i < n->nin && i < GL_MAX_INPUTS; i++) in[i] = g->nodes[n->in[i]].shape;
    return gl_op_shape(n->op, in, n->nin, n->attrs, n->shape, out, e);
}
