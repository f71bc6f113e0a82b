/* eval.c — the numpy float64 semantics of every op (the reference's eval_node, §5).
 *
 * Every result is a new C-order array. Where the order of floating-point operations decides the last
 * bits, it follows numpy's:
 *  - sum along the last (contiguous) axis is numpy's pairwise summation, applied to blocks of 8192
 *    elements (numpy's iterator buffer) that are added in order; along any other axis it is a plain
 *    running sum in index order (what numpy's reduction loop does there). Both start from 0.0.
 *  - mean = sum / n; rms_norm = x / sqrt(mean(x*x) + eps) * w (a division, then a product);
 *    softmax = e / sum(e) with e = exp(x - max(x)); rsqrt = 1 / sqrt(x); silu = x / (1 + exp(-x));
 *    gelu = (x * 0.5) * (1 + tanh((x + x*x*x * 0.044715) * sqrt(2/pi))) (the tanh form).
 *  - maximum and max propagate NaN like numpy.
 * Matrix products go through gl_gemm (matmul.c), which sums each dot product in k order: bit-equal to
 * numpy on reference BLAS; an optimised BLAS (OpenBLAS, MKL) sums in another order, within rounding.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "exec/kernels.h"
#include "exec/numfmt.h"
#include "exec/np_sum.h"
#include "ir/attrs.h"
#include "ir/util.h"

/* ---------------------------------------------------------------- small helpers */
static char *arr_str(const gl_array *a, char *buf, size_t cap) {
    gl_shape s = gl_array_shape(a);
    return gl_shape_str(&s, buf, cap);
}

/* Re-raises an error from a shape rule with the op's name (or another label) in front. */
static gl_status rethrow(gl_err *e, const gl_err *t, const char *who) {
    return gl_fail(e, t->code, "%s: %s", who, t->msg);
}

/* An output array of shape s whose numbers the caller writes, every one of them (not zero-filled). */
static gl_status new_from_shape(const gl_shape *s, gl_array **out, gl_err *e) {
    int64_t d[GL_MAX_RANK];
    for (int i = 0; i < s->rank; i++) d[i] = s->d[i].n;
    return gl_array_new_unset(s->rank, d, out, e);
}

/* Python's a % b (result has the sign of b); numpy gives 0 for b == 0. */
static int64_t py_mod(int64_t a, int64_t b) {
    if (b == 0) return 0;
    if (b == -1) return 0;
    int64_t m = a % b;
    if (m != 0 && ((m < 0) != (b < 0))) m += b;
    return m;
}

/* c <= pos0 + q without overflow */
static bool le_sum(int64_t c, int64_t pos0, int64_t q) {
    if (q < 0 && pos0 < INT64_MIN - q) return false;
    if (q > 0 && pos0 > INT64_MAX - q) return true;
    return c <= pos0 + q;
}

/* ---------------------------------------------------------------- numpy's summation */
/* np_sum: numpy's pairwise summation (np_sum.h, shared with the generated programs' runtime) */

/* numpy's maximum: NaN wins; on ties the second operand (as numpy 1.24's SIMD loop). */
#define NP_MAX(x, y) (((x) > (y) || (x) != (x)) ? (x) : (y))

/* ---------------------------------------------------------------- binary ops with broadcasting */
#define F_ADD(x, y) ((x) + (y))
#define F_SUB(x, y) ((x) - (y))
#define F_MUL(x, y) ((x) * (y))
#define F_DIV(x, y) ((x) / (y))
#define F_GT(x, y) ((x) > (y) ? 1.0 : 0.0)
#define F_LT(x, y) ((x) < (y) ? 1.0 : 0.0)

/* One run of n outputs; sa / sb are 1 (walk the operand) or 0 (repeat its one element). */
#define BIN_RUN(F)                                                                      \
    do {                                                                                \
        if (sa && sb)                                                                   \
            for (int64_t i = 0; i < n; i++) o[i] = F(a[i], b[i]);                       \
        else if (sa) {                                                                  \
            const double y = b[0];                                                      \
            for (int64_t i = 0; i < n; i++) o[i] = F(a[i], y);                          \
        } else if (sb) {                                                                \
            const double x = a[0];                                                      \
            for (int64_t i = 0; i < n; i++) o[i] = F(x, b[i]);                          \
        } else {                                                                        \
            const double v = F(a[0], b[0]);                                             \
            for (int64_t i = 0; i < n; i++) o[i] = v;                                   \
        }                                                                               \
    } while (0)

/* One run function per binary op (the op table's evaluators ev_add ... wrap them). */
typedef void (*bin_run_fn)(int64_t n, const double *restrict a, int sa, const double *restrict b, int sb,
                           double *restrict o);
#define BIN_FN(NAME, F)                                                                                   \
    static void run_##NAME(int64_t n, const double *restrict a, int sa, const double *restrict b, int sb, \
                           double *restrict o) {                                                          \
        BIN_RUN(F);                                                                                       \
    }
BIN_FN(add, F_ADD)
BIN_FN(sub, F_SUB)
BIN_FN(mul, F_MUL)
BIN_FN(div, F_DIV)
BIN_FN(maximum, NP_MAX)
BIN_FN(gt, F_GT)
BIN_FN(lt, F_LT)

/* out = a (op) b with numpy broadcasting. Dims are right-aligned, size-1 dims get stride 0, then
 * adjacent dims that are contiguous in both operands merge: equal shapes become one flat run, a
 * scalar operand a run with stride 0, [M,N] (op) [N] M runs of N. */
static gl_status binary(bin_run_fn bin_run, const char *who, const gl_array *a, const gl_array *b, gl_array **out,
                        gl_err *e) {
    gl_shape sa = gl_array_shape(a), sb = gl_array_shape(b), so;
    gl_err t = {GL_OK, ""};
    if (gl_broadcast_shape(&sa, &sb, &so, &t)) return rethrow(e, &t, who);
    gl_array *r;
    gl_status made = new_from_shape(&so, &r, e);
    if (made) return made;
    *out = r;
    if (r->size == 0) return GL_OK;

    /* strides of a and b per output dim (0 where broadcast) */
    int R = r->rank, m = 0;
    int64_t dn[GL_MAX_RANK], da[GL_MAX_RANK], db[GL_MAX_RANK];
    int64_t stra = 1, strb = 1;
    int64_t pa[GL_MAX_RANK], pb[GL_MAX_RANK];
    for (int i = R - 1; i >= 0; i--) {
        int ia = i - (R - a->rank), ib = i - (R - b->rank);
        int64_t xa = ia >= 0 ? a->dim[ia] : 1, xb = ib >= 0 ? b->dim[ib] : 1;
        pa[i] = xa == 1 ? 0 : stra;
        pb[i] = xb == 1 ? 0 : strb;
        stra *= xa;
        strb *= xb;
    }
    /* drop size-1 dims and merge contiguous neighbours (outermost first in dn/da/db) */
    for (int i = 0; i < R; i++) {
        if (r->dim[i] == 1) continue;
        if (m > 0 && da[m - 1] == pa[i] * r->dim[i] && db[m - 1] == pb[i] * r->dim[i]) {
            dn[m - 1] *= r->dim[i];
            da[m - 1] = pa[i];
            db[m - 1] = pb[i];
        } else {
            dn[m] = r->dim[i];
            da[m] = pa[i];
            db[m] = pb[i];
            m++;
        }
    }
    if (m == 0) {                                   /* every dim is 1: one element */
        bin_run(1, a->data, 0, b->data, 0, r->data);
        return GL_OK;
    }
    const int64_t n = dn[m - 1];
    const int ia1 = da[m - 1] != 0, ib1 = db[m - 1] != 0;
    int64_t idx[GL_MAX_RANK] = {0};
    int64_t offa = 0, offb = 0;
    double *o = r->data;
    for (;;) {
        bin_run(n, a->data + offa, ia1, b->data + offb, ib1, o);
        o += n;
        int d = m - 2;
        for (; d >= 0; d--) {
            offa += da[d];
            offb += db[d];
            if (++idx[d] < dn[d]) break;
            offa -= da[d] * dn[d];
            offb -= db[d] * dn[d];
            idx[d] = 0;
        }
        if (d < 0) break;
    }
    return GL_OK;
}

/* ---------------------------------------------------------------- unary ops */
/* One kernel per unary op: n numbers of s into o (every one written). */
typedef void (*un_fn)(int64_t n, const double *restrict s, double *restrict o);
static void k_neg(int64_t n, const double *restrict s, double *restrict o) { for (int64_t i = 0; i < n; i++) o[i] = -s[i]; }
static void k_exp(int64_t n, const double *restrict s, double *restrict o) { gl_exp_array(n, s, o); }
static void k_log(int64_t n, const double *restrict s, double *restrict o) { for (int64_t i = 0; i < n; i++) o[i] = log(s[i]); }
static void k_tanh(int64_t n, const double *restrict s, double *restrict o) { for (int64_t i = 0; i < n; i++) o[i] = tanh(s[i]); }
static void k_sqrt(int64_t n, const double *restrict s, double *restrict o) { for (int64_t i = 0; i < n; i++) o[i] = sqrt(s[i]); }
static void k_rsqrt(int64_t n, const double *restrict s, double *restrict o) {
    for (int64_t i = 0; i < n; i++) o[i] = 1.0 / sqrt(s[i]);
}
static void k_recip(int64_t n, const double *restrict s, double *restrict o) { for (int64_t i = 0; i < n; i++) o[i] = 1.0 / s[i]; }
static void k_silu(int64_t n, const double *restrict s, double *restrict o) {
    gl_exp_neg_array(n, s, o);        /* s / (1 + exp(-s)), exp(-s) first into o */
    for (int64_t i = 0; i < n; i++) o[i] = s[i] / (1.0 + o[i]);
}
/* x * 0.5 * (1 + tanh((x + x³ · 0.044715) · sqrt(2/π))), the tanh form, in the order decompose expands it */
static void k_gelu(int64_t n, const double *restrict s, double *restrict o) {
    for (int64_t i = 0; i < n; i++) {
        const double x = s[i], x3 = x * x * x;
        o[i] = (x * 0.5) * (1.0 + tanh((x + x3 * 0.044715) * 0.7978845608028654));
    }
}
static void k_rot_pairs(int64_t n, const double *restrict s, double *restrict o) {
    for (int64_t i = 0; i + 1 < n; i += 2) {
        o[i] = -s[i + 1];
        o[i + 1] = s[i];
    }
}

static gl_status unary(un_fn k, const gl_array *x, gl_array **out, gl_err *e) {
    gl_array *r;      /* every element written by k */
    gl_status made = gl_array_new_unset(x->rank, x->dim, &r, e);
    if (made) return made;
    *out = r;
    k(x->size, x->data, r->data);
    return GL_OK;
}

/* ---------------------------------------------------------------- reductions and softmax */
/* Splits x's dims around axis into [outer, n, inner]. */
static void split_axis(const gl_array *x, int ax, int64_t *outer, int64_t *n, int64_t *inner) {
    int64_t o = 1, in = 1;
    for (int i = 0; i < ax; i++) o *= x->dim[i];
    for (int i = ax + 1; i < x->rank; i++) in *= x->dim[i];
    *outer = o;
    *n = x->dim[ax];
    *inner = in;
}

static gl_status reduce(gl_op op, const gl_array *x, int axis, bool keepdims, gl_array **out, gl_err *e) {
    gl_shape sx = gl_array_shape(x), so;
    gl_err t = {GL_OK, ""};
    if (gl_reduce_shape(&sx, axis, keepdims, &so, &t)) return rethrow(e, &t, gl_op_name(op));
    int ax = axis < 0 ? axis + x->rank : axis;
    int64_t outer, n, inner;
    split_axis(x, ax, &outer, &n, &inner);
    if (op == GL_OP_MAX && n == 0) {
        char b[160];
        return gl_fail(e, GL_E_SHAPE, "max: zero-size axis %d of %s has no maximum", axis, arr_str(x, b, sizeof b));
    }
    gl_array *r;
    gl_status made = new_from_shape(&so, &r, e);
    if (made) return made;
    *out = r;
    for (int64_t o = 0; o < outer; o++) {
        const double *src = x->data + o * n * inner;
        double *dst = r->data + o * inner;
        if (inner == 1) {
            if (op == GL_OP_SUM) {
                dst[0] = np_sum(src, n);
            } else {
                double v = src[0];
                for (int64_t i = 1; i < n; i++) v = NP_MAX(v, src[i]);
                dst[0] = v;
            }
        } else if (op == GL_OP_SUM) {
            for (int64_t j = 0; j < inner; j++) dst[j] = 0.0;
            for (int64_t i = 0; i < n; i++)
                for (int64_t j = 0; j < inner; j++) dst[j] += src[i * inner + j];
        } else {
            memcpy(dst, src, (size_t)inner * sizeof *dst);
            for (int64_t i = 1; i < n; i++)
                for (int64_t j = 0; j < inner; j++) dst[j] = NP_MAX(dst[j], src[i * inner + j]);
        }
    }
    return GL_OK;
}

/* softmax of x along axis into y (y may be x: works in place). y has x's shape. */
static gl_status softmax_into(const gl_array *x, int axis, gl_array *y, gl_err *e) {
    char b[160];
    if (x->rank == 0 || axis < -x->rank || axis >= x->rank)
        return gl_fail(e, GL_E_SHAPE, "softmax: axis %d is out of range for shape %s", axis, arr_str(x, b, sizeof b));
    int ax = axis < 0 ? axis + x->rank : axis;
    int64_t outer, n, inner;
    split_axis(x, ax, &outer, &n, &inner);
    if (n == 0)
        return gl_fail(e, GL_E_SHAPE, "softmax: zero-size axis %d of %s has no maximum", axis, arr_str(x, b, sizeof b));
    if (inner == 1) {
        for (int64_t o = 0; o < outer; o++) {
            const double *src = x->data + o * n;
            double *dst = y->data + o * n;
            double m = src[0];
            for (int64_t i = 1; i < n; i++) m = NP_MAX(m, src[i]);
            gl_exp_sub_array(n, src, m, dst);
            const double s = np_sum(dst, n);
            for (int64_t i = 0; i < n; i++) dst[i] = dst[i] / s;
        }
        return GL_OK;
    }
    double *m = gl_alloc((size_t)inner * 2, sizeof *m, e);
    if (!m) return GL_E_NOMEM;
    double *s = m + inner;
    for (int64_t o = 0; o < outer; o++) {
        const double *src = x->data + o * n * inner;
        double *dst = y->data + o * n * inner;
        memcpy(m, src, (size_t)inner * sizeof *m);
        for (int64_t i = 1; i < n; i++)
            for (int64_t j = 0; j < inner; j++) m[j] = NP_MAX(m[j], src[i * inner + j]);
        for (int64_t j = 0; j < inner; j++) s[j] = 0.0;
        for (int64_t i = 0; i < n; i++) {      /* row by row: x - m, then exp in place, then into the sums */
            double *row = dst + i * inner;
            for (int64_t j = 0; j < inner; j++) row[j] = src[i * inner + j] - m[j];
            gl_exp_array(inner, row, row);
            for (int64_t j = 0; j < inner; j++) s[j] += row[j];
        }
        for (int64_t i = 0; i < n; i++)
            for (int64_t j = 0; j < inner; j++) dst[i * inner + j] = dst[i * inner + j] / s[j];
    }
    free(m);
    return GL_OK;
}

static gl_status softmax(const gl_array *x, int axis, gl_array **out, gl_err *e) {
    gl_array *r;      /* softmax_into writes every element */
    gl_status made = gl_array_new_unset(x->rank, x->dim, &r, e);
    if (made) return made;
    *out = r;
    return softmax_into(x, axis, r, e);
}

/* x / sqrt(mean(x*x, -1, keepdims) + eps) * w */
static gl_status rms_norm(const gl_array *x, const gl_array *w, double eps, gl_array **out, gl_err *e) {
    char b1[160];
    if (x->rank == 0)
        return gl_fail(e, GL_E_SHAPE, "rms_norm: x must have an axis to normalise, got shape %s",
                       arr_str(x, b1, sizeof b1));
    gl_shape sx = gl_array_shape(x), sw = gl_array_shape(w), so;
    gl_err t = {GL_OK, ""};
    if (gl_broadcast_shape(&sx, &sw, &so, &t)) return rethrow(e, &t, "rms_norm");
    gl_array *y;      /* every row written below */
    gl_status made = gl_array_new_unset(x->rank, x->dim, &y, e);
    if (made) return made;
    const int64_t n = x->dim[x->rank - 1], rows = n ? x->size / n : 0;
    double *sq = gl_alloc((size_t)n, sizeof *sq, e);
    if (!sq) {
        gl_array_release(y);
        return GL_E_NOMEM;
    }
    for (int64_t r = 0; r < rows; r++) {
        const double *xr = x->data + r * n;
        double *yr = y->data + r * n;
        for (int64_t j = 0; j < n; j++) sq[j] = xr[j] * xr[j];
        const double den = sqrt(np_sum(sq, n) / (double)n + eps);
        for (int64_t j = 0; j < n; j++) yr[j] = xr[j] / den;
    }
    free(sq);
    /* then * w: in place when w is a vector along the last axis (or one element) and keeps x's shape */
    bool same = gl_shape_eq(&so, &sx), vec = w->rank <= x->rank && (w->size == n || w->size == 1);
    for (int i = 0; vec && i + 1 < w->rank; i++)
        if (w->dim[i] != 1) vec = false;
    if (same && vec) {
        for (int64_t r = 0; r < rows; r++) {
            double *yr = y->data + r * n;
            if (w->size == n && n != 1)
                for (int64_t j = 0; j < n; j++) yr[j] = yr[j] * w->data[j];
            else
                for (int64_t j = 0; j < n; j++) yr[j] = yr[j] * w->data[0];
        }
        *out = y;
        return GL_OK;
    }
    gl_status st = binary(run_mul, "rms_norm", y, w, out, e);
    gl_array_release(y);
    return st;
}

/* ---------------------------------------------------------------- matmul */
/* a @ b (b_trans: a @ swapaxes(b, -1, -2)) with numpy's batch broadcasting. */
static gl_status matmul(gl_op op, const gl_array *a, const gl_array *b, bool b_trans, gl_array **out, gl_err *e) {
    gl_shape sa = gl_array_shape(a), sb = gl_array_shape(b), so;
    if (b_trans && sb.rank >= 2) {
        gl_dim tmp = sb.d[sb.rank - 1];
        sb.d[sb.rank - 1] = sb.d[sb.rank - 2];
        sb.d[sb.rank - 2] = tmp;
    }
    gl_err t = {GL_OK, ""};
    if (gl_matmul_shape(&sa, &sb, &so, &t)) return rethrow(e, &t, gl_op_name(op));
    gl_array *r;
    gl_status made = new_from_shape(&so, &r, e);
    if (made) return made;
    *out = r;
    const int64_t M = a->dim[a->rank - 2], K = a->dim[a->rank - 1];
    const int64_t N = r->dim[r->rank - 1];
    const int64_t ldb = b->dim[b->rank - 1];
    if (r->size == 0) return GL_OK;

    /* batch dims: out's, with a's and b's strides in matrices (0 where broadcast) */
    const int nb = r->rank - 2;
    int64_t bn[GL_MAX_RANK], ba[GL_MAX_RANK], bbs[GL_MAX_RANK];
    int64_t stra = 1, strb = 1;
    bool a_full = true, b_single = true;
    for (int i = nb - 1; i >= 0; i--) {
        int ia = i - (nb - (a->rank - 2)), ib = i - (nb - (b->rank - 2));
        int64_t xa = ia >= 0 ? a->dim[ia] : 1, xb = ib >= 0 ? b->dim[ib] : 1;
        bn[i] = r->dim[i];
        ba[i] = xa == 1 ? 0 : stra;
        bbs[i] = xb == 1 ? 0 : strb;
        if (xa != r->dim[i]) a_full = false;
        if (xb != 1) b_single = false;
        stra *= xa;
        strb *= xb;
    }
    if (b_single && a_full) {
        /* one shared right operand: the batch folds into the rows of a single product */
        gl_gemm(r->size / N, N, K, a->data, K, b->data, ldb, b_trans, r->data, N);
        return GL_OK;
    }
    int64_t idx[GL_MAX_RANK] = {0};
    int64_t offa = 0, offb = 0;
    const int64_t ma = M * K, mb = K * N;
    double *c = r->data;
    for (;;) {
        gl_gemm(M, N, K, a->data + offa * ma, K, b->data + offb * mb, ldb, b_trans, c, N);
        c += M * N;
        int d = nb - 1;
        for (; d >= 0; d--) {
            offa += ba[d];
            offb += bbs[d];
            if (++idx[d] < bn[d]) break;
            offa -= ba[d] * bn[d];
            offb -= bbs[d] * bn[d];
            idx[d] = 0;
        }
        if (d < 0) break;
    }
    return GL_OK;
}

/* ---------------------------------------------------------------- views */
static gl_status reshape(const gl_node *nd, const gl_array *x, const gl_bind *bind, gl_array **out, gl_err *e) {
    char b1[160], b2[160];
    const gl_shape *ts = &nd->attrs->shape;
    int64_t d[GL_MAX_RANK];
    int infer = -1;
    int64_t known = 1;
    for (int i = 0; i < ts->rank; i++) {
        gl_status st = gl_dim_value(ts->d[i], bind, &d[i], e);
        if (st) return st;
        if (d[i] == -1 && infer < 0) {
            infer = i;
            continue;
        }
        if (d[i] < 0)
            return gl_fail(e, GL_E_SHAPE, "reshape: bad dim %lld in target shape %s", (long long)d[i],
                           gl_shape_str(ts, b1, sizeof b1));
        if (d[i] != 0 && known > INT64_MAX / d[i])
            return gl_fail(e, GL_E_LIMIT, "reshape: target shape %s is too large", gl_shape_str(ts, b1, sizeof b1));
        known *= d[i];
    }
    if (infer >= 0) {
        if (known == 0 || x->size % known != 0)
            return gl_fail(e, GL_E_SHAPE, "reshape: cannot reshape array of shape %s into shape %s",
                           arr_str(x, b1, sizeof b1), gl_shape_str(ts, b2, sizeof b2));
        d[infer] = x->size / known;
        known = x->size;
    }
    if (known != x->size) {
        gl_shape rs = gl_shape_of(ts->rank, d);
        return gl_fail(e, GL_E_SHAPE, "reshape: cannot reshape array of size %lld (shape %s) into shape %s",
                       (long long)x->size, arr_str(x, b1, sizeof b1), gl_shape_str(&rs, b2, sizeof b2));
    }
    gl_array *r;          /* the copy below fills it */
    gl_status made = gl_array_new_unset(ts->rank, d, &r, e);
    if (made) return made;
    if (x->size) memcpy(r->data, x->data, (size_t)x->size * sizeof *r->data);
    *out = r;
    return GL_OK;
}

static gl_status transpose(const gl_node *nd, const gl_array *x, gl_array **out, gl_err *e) {
    int perm[GL_MAX_RANK];
    const int np = nd->attrs->nperm;
    if (np < 0 || np > GL_MAX_RANK) return gl_fail(e, GL_E_INVALID, "transpose: perm has %d axes", np);
    for (int i = 0; i < np; i++) {
        int p = nd->attrs->perm[i];
        perm[i] = (p < 0 && p >= -x->rank) ? p + x->rank : p;   /* numpy accepts negative axes */
    }
    gl_shape sx = gl_array_shape(x), so;
    gl_err t = {GL_OK, ""};
    if (gl_transpose_shape(&sx, perm, np, &so, &t)) return rethrow(e, &t, "transpose");
    gl_array *r;
    gl_status made = new_from_shape(&so, &r, e);
    if (made) return made;
    *out = r;
    if (r->size == 0) return GL_OK;

    /* input strides per output dim; drop size-1 dims, merge dims that stay adjacent */
    int64_t xs[GL_MAX_RANK], st = 1;
    for (int i = x->rank - 1; i >= 0; i--) {
        xs[i] = st;
        st *= x->dim[i];
    }
    int m = 0;
    int64_t dn[GL_MAX_RANK], ds[GL_MAX_RANK], os[GL_MAX_RANK];
    for (int i = 0; i < np; i++) {
        int64_t n = r->dim[i], s = xs[perm[i]];
        if (n == 1) continue;
        if (m > 0 && ds[m - 1] == s * n) {
            dn[m - 1] *= n;
            ds[m - 1] = s;
        } else {
            dn[m] = n;
            ds[m] = s;
            m++;
        }
    }
    if (m <= 1) {                                   /* the order of elements does not change */
        memcpy(r->data, x->data, (size_t)x->size * sizeof *r->data);
        return GL_OK;
    }
    st = 1;
    for (int i = m - 1; i >= 0; i--) {
        os[i] = st;
        st *= dn[i];
    }
    /* tile over (j, last): j is the output dim that walks the input contiguously */
    int L = m - 1, j = -1;
    for (int i = 0; i < L; i++)
        if (ds[i] == 1) j = i;
    int64_t idx[GL_MAX_RANK] = {0};
    int64_t offi = 0, offo = 0;
    const double *src = x->data;
    double *dst = r->data;
    enum { B = 16 };
    for (;;) {
        if (ds[L] == 1) {
            /* short runs (a head's dh numbers) by a loop: in WASM each memcpy is a memory.copy call */
            if (dn[L] < 32)
                for (int64_t ib = 0; ib < dn[L]; ib++) dst[offo + ib] = src[offi + ib];
            else memcpy(dst + offo, src + offi, (size_t)dn[L] * sizeof *dst);
        } else if (j >= 0) {
            for (int64_t a0 = 0; a0 < dn[j]; a0 += B)
                for (int64_t b0 = 0; b0 < dn[L]; b0 += B) {
                    int64_t a1 = a0 + B < dn[j] ? a0 + B : dn[j], b1 = b0 + B < dn[L] ? b0 + B : dn[L];
                    for (int64_t ia = a0; ia < a1; ia++) {
                        double *o = dst + offo + ia * os[j];
                        const double *s = src + offi + ia;
                        for (int64_t ib = b0; ib < b1; ib++) o[ib] = s[ib * ds[L]];
                    }
                }
        } else {
            for (int64_t ib = 0; ib < dn[L]; ib++) dst[offo + ib] = src[offi + ib * ds[L]];
        }
        /* next index over the outer dims (all but L and j) */
        int d = L - 1;
        for (; d >= 0; d--) {
            if (d == j && ds[L] != 1) continue;
            offi += ds[d];
            offo += os[d];
            if (++idx[d] < dn[d]) break;
            offi -= ds[d] * dn[d];
            offo -= os[d] * dn[d];
            idx[d] = 0;
        }
        if (d < 0) break;
    }
    return GL_OK;
}

/* ---------------------------------------------------------------- generators and special ops */
gl_status gl_causal_mask_array(const gl_shape *shape, const gl_bind *b, int64_t T, int64_t pos0, gl_array **out,
                               gl_err *e) {
    char buf[160];
    if (!out) return gl_fail(e, GL_E_INVALID, "causal_mask: out is NULL");
    *out = NULL;
    if (!shape) return gl_fail(e, GL_E_INVALID, "causal_mask: shape is NULL");
    if (shape->rank < 2 || shape->rank > GL_MAX_RANK)
        return gl_fail(e, GL_E_SHAPE, "causal_mask: shape %s needs at least 2 dims (rows, cols)",
                       gl_shape_str(shape, buf, sizeof buf));
    int64_t d[GL_MAX_RANK];
    gl_status st = GL_OK;
    for (int i = 0; i < shape->rank && !st; i++) st = gl_dim_value(shape->d[i], b, &d[i], e);
    gl_array *r = NULL;
    if (st || (st = gl_array_new(shape->rank, d, &r, e))) return st;
    const int64_t rows = d[shape->rank - 2], cols = d[shape->rank - 1], plane = rows * cols;
    *out = r;
    if (plane == 0) return GL_OK;
    for (int64_t i = 0; i < rows; i++) {
        const int64_t q = py_mod(i, T);            /* query row i sits at position pos0 + i % T */
        double *row = r->data + i * cols;
        for (int64_t c = 0; c < cols; c++) row[c] = le_sum(c, pos0, q) ? 0.0 : -INFINITY;
    }
    for (int64_t p = 1; p < r->size / plane; p++) memcpy(r->data + p * plane, r->data, (size_t)plane * sizeof *r->data);
    return GL_OK;
}

/* copy of cache with rows [pos, pos + new.shape[-2]) of axis -2 replaced by new (broadcast into the slot) */
static gl_status kv_write(const gl_node *nd, const gl_array *cache, const gl_array *nw, const gl_bind *bind,
                          gl_array **out, gl_err *e) {
    char b1[160], b2[160], b3[160];
    if (cache->rank < 2 || nw->rank < 2)
        return gl_fail(e, GL_E_SHAPE, "kv_write: cache %s and new rows %s need at least 2 dims",
                       arr_str(cache, b1, sizeof b1), arr_str(nw, b2, sizeof b2));
    int64_t pos;
    gl_status st = gl_dim_value(nd->attrs->pos, bind, &pos, e);
    if (st) return st;
    const int R = cache->rank;
    const int64_t rows = cache->dim[R - 2], D = cache->dim[R - 1];
    if (pos < 0)
        return gl_fail(e, GL_E_SHAPE, "kv_write: row %lld is outside the cache %s (%lld rows)", (long long)pos,
                       arr_str(cache, b1, sizeof b1), (long long)rows);
    /* numpy clips the slice pos:pos+m to the cache, so past the end the slot has fewer rows (none at all from
     * the last row on: one new row broadcasts into it, a no-op); the slot's shape; new must broadcast to it
     * (leading 1s of new may be dropped, as numpy does) */
    const int64_t nm = nw->dim[nw->rank - 2];
    const int64_t m = pos >= rows ? 0 : (nm > rows - pos ? rows - pos : nm);
    int64_t slot[GL_MAX_RANK], ns[GL_MAX_RANK];
    for (int i = 0; i < R; i++) slot[i] = cache->dim[i];
    slot[R - 2] = m;
    bool ok = true;
    for (int i = 0; i < nw->rank - R; i++)
        if (nw->dim[i] != 1) ok = false;
    int64_t str = 1;
    for (int i = R - 1; i >= 0; i--) {
        int k = i - (R - nw->rank);
        int64_t x = k >= 0 ? nw->dim[k] : 1;
        if (x != slot[i] && x != 1) ok = false;
        ns[i] = x == 1 ? 0 : str;
        str *= x;
    }
    if (!ok) {
        gl_shape ss = gl_shape_of(R, slot);
        return gl_fail(e, GL_E_SHAPE, "kv_write: new rows of shape %s do not fit the slot %s of cache %s",
                       arr_str(nw, b1, sizeof b1), gl_shape_str(&ss, b2, sizeof b2), arr_str(cache, b3, sizeof b3));
    }
    gl_array *r;
    gl_status made = gl_array_copy(cache, &r, e);
    if (made) return made;
    *out = r;
    if (m == 0 || D == 0 || r->size == 0) return GL_OK;
    int64_t lead = 1;
    for (int i = 0; i < R - 2; i++) lead *= cache->dim[i];
    /* walk the slot: lead × m rows of D */
    int64_t idx[GL_MAX_RANK] = {0};
    for (int64_t l = 0; l < lead; l++) {
        int64_t offn = 0, rem = l;
        for (int i = R - 3; i >= 0; i--) {          /* l → leading index → offset into new */
            idx[i] = rem % cache->dim[i];
            rem /= cache->dim[i];
            offn += idx[i] * ns[i];
        }
        for (int64_t q = 0; q < m; q++) {
            double *dst = r->data + (l * rows + pos + q) * D;
            const double *src = nw->data + offn + q * ns[R - 2];
            if (ns[R - 1]) memcpy(dst, src, (size_t)D * sizeof *dst);
            else
                for (int64_t c = 0; c < D; c++) dst[c] = src[0];
        }
    }
    return GL_OK;
}

/* softmax((q @ swapaxes(k, -1, -2)) * scale [+ mask], -1) @ v, step by step like the reference */
static gl_status flash_attn(const gl_node *nd, gl_array *const *args, gl_array **out, gl_err *e) {
    const gl_array *q = args[0], *k = args[1], *v = args[2];
    gl_array *s = NULL, *o = NULL;
    gl_status st = matmul(GL_OP_FLASH_ATTN, q, k, true, &s, e);
    if (st) goto done;
    const double scale = nd->attrs->scale;
    for (int64_t i = 0; i < s->size; i++) s->data[i] = s->data[i] * scale;
    if (nd->nin > 3) {
        gl_array *s2 = NULL;
        st = binary(run_add, "flash_attn: scores + mask", s, args[3], &s2, e);
        if (st) goto done;
        gl_array_release(s);
        s = s2;
    }
    st = softmax_into(s, -1, s, e);
    if (st) goto done;
    st = matmul(GL_OP_FLASH_ATTN, s, v, false, &o, e);
done:
    gl_array_release(s);
    if (st) {
        gl_array_release(o);
        return st;
    }
    *out = o;
    return GL_OK;
}

/* ---------------------------------------------------------------- the evaluators of the op table */
#define EVAL_ARGS const gl_node *n, gl_array *const *args, const gl_bind *bind, gl_array **out, gl_err *e
typedef gl_status (*eval_fn)(EVAL_ARGS);

static gl_status ev_leaf(EVAL_ARGS) {
    return gl_fail(e, GL_E_INVALID, "%s nodes are not evaluated: their values come from inputs or the graph",
                   gl_op_name(n->op));
}
#define EV_BINARY(NAME) \
    static gl_status ev_##NAME(EVAL_ARGS) { return binary(run_##NAME, gl_op_name(n->op), args[0], args[1], out, e); }
EV_BINARY(add)
EV_BINARY(sub)
EV_BINARY(mul)
EV_BINARY(div)
EV_BINARY(maximum)
EV_BINARY(gt)
EV_BINARY(lt)
#define EV_UNARY(NAME) \
    static gl_status ev_##NAME(EVAL_ARGS) { return unary(k_##NAME, args[0], out, e); }
EV_UNARY(neg)
EV_UNARY(exp)
EV_UNARY(log)
EV_UNARY(tanh)
EV_UNARY(sqrt)
EV_UNARY(rsqrt)
EV_UNARY(recip)
EV_UNARY(silu)
EV_UNARY(gelu)

/* quantize: x rounded to the node's format (numfmt.h; int8_channel: per column of a 2-D tensor, as the
 * precision run rounds a weight); dequantize: x unchanged (a copy) */
static gl_status ev_quantize(EVAL_ARGS) {
    gl_status st = gl_array_copy(args[0], out, e);
    if (st) return st;
    const gl_array *x = *out;
    if (n->attrs->format < 0 || n->attrs->format >= GL_NUMFMT_COUNT)
        return gl_fail(e, GL_E_INVALID, "quantize: format %d is not a number format", n->attrs->format);
    gl_round_array((gl_numfmt)n->attrs->format, x->data, (size_t)x->size, x->rank == 2 ? (size_t)x->dim[1] : 0);
    return GL_OK;
}
static gl_status ev_dequantize(EVAL_ARGS) { return gl_array_copy(args[0], out, e); }

static gl_status ev_rot_pairs(EVAL_ARGS) {
    const gl_array *x = args[0];
    char sx[160];
    /* out[..., 0::2] = -x[..., 1::2]; out[..., 1::2] = x[..., 0::2]: needs an even last axis */
    if (x->rank == 0 || x->dim[x->rank - 1] % 2 != 0)
        return gl_fail(e, GL_E_SHAPE, "rot_pairs: the last axis of %s must have an even length", arr_str(x, sx, sizeof sx));
    return unary(k_rot_pairs, x, out, e);
}

static gl_status ev_reduce(EVAL_ARGS) {
    return reduce(n->op, args[0], n->attrs->axis, (n->attrs->has & GL_A_KEEPDIMS) && n->attrs->keepdims, out, e);
}
static gl_status ev_reshape(EVAL_ARGS) { return reshape(n, args[0], bind, out, e); }
static gl_status ev_transpose(EVAL_ARGS) { return transpose(n, args[0], out, e); }
static gl_status ev_causal_mask(EVAL_ARGS) {
    return gl_causal_mask_array(n->shape, bind, n->attrs->T, (n->attrs->has & GL_A_POS0) ? n->attrs->pos0 : 0, out, e);
}
static gl_status ev_softmax(EVAL_ARGS) { return softmax(args[0], n->attrs->axis, out, e); }
static gl_status ev_rms_norm(EVAL_ARGS) { return rms_norm(args[0], args[1], n->attrs->eps, out, e); }
static gl_status ev_matmul(EVAL_ARGS) { return matmul(n->op, args[0], args[1], false, out, e); }
static gl_status ev_kv_write(EVAL_ARGS) { return kv_write(n, args[0], args[1], bind, out, e); }
static gl_status ev_flash_attn(EVAL_ARGS) { return flash_attn(n, args, out, e); }

static const eval_fn EVAL[] = {
#define GL_OP(E, name, cls, lo, hi, req, opt, kernel, flops, np, chelper, eval, build) [GL_OP_##E] = eval,
#include "graphlab_ops.h"
#undef GL_OP
};
_Static_assert(sizeof EVAL / sizeof EVAL[0] == GL_OP_COUNT, "an evaluator per op");

/* ---------------------------------------------------------------- dispatch */
gl_status gl_eval_node(const gl_node *n, gl_array *const *args, const gl_bind *bind, gl_array **out, gl_err *e) {
    if (!out) return gl_fail(e, GL_E_INVALID, "gl_eval_node: out is NULL");
    *out = NULL;
    if (!n) return gl_fail(e, GL_E_INVALID, "gl_eval_node: node is NULL");
    if ((unsigned)n->op >= GL_OP_COUNT) return gl_fail(e, GL_E_INVALID, "gl_eval_node: bad op %d", (int)n->op);
    const gl_op op = n->op;
    if (!gl_op_arity_ok(op, n->nin))
        return gl_fail(e, GL_E_INVALID, "%s takes %d inputs, node %d has %d", gl_op_name(op), gl_op_arity(op), n->id,
                       n->nin);
    if (n->nin > 0 && !args) return gl_fail(e, GL_E_INVALID, "%s: no input values", gl_op_name(op));
    for (int i = 0; i < n->nin; i++)
        if (!args[i] || !args[i]->data)
            return gl_fail(e, GL_E_INVALID, "%s: input %d has no value (shape-only)", gl_op_name(op), i);
    /* the evaluators rely on the op's required attrs, except that a missing bool reads as False */
    const unsigned missing = gl_op_attrs_required(op) & ~n->attrs->has;
    for (int i = 0; missing && i < GL_A_COUNT; i++)
        if ((missing & gl_attr_table[i].bit) && gl_attr_table[i].kind != GL_AK_BOOL)
            return gl_fail(e, GL_E_INVALID, "%s: attrs.%s is missing", gl_op_name(op), gl_attr_table[i].key);
    gl_array *r = NULL;
    gl_status st = EVAL[op](n, args, bind, &r, e);
    if (st) {
        gl_array_release(r);
        return st;
    }
    *out = r;
    return GL_OK;
}
