/* precision.c — the float64 run and the planned run of one graph side by side (precision.h). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "exec/precision.h"
#include "ir/util.h"

bool gl_precision_is_f64(const gl_precision *p) {
    return p->weights == GL_NUMFMT_F64 && p->activations == GL_NUMFMT_F64 && p->kv == GL_NUMFMT_F64 && !p->acc_fp32 &&
           !p->smooth_on;
}

double gl_smooth_scale(double a, double w, double alpha) {
    if (!(a > 0) || !(w > 0) || !isfinite(a) || !isfinite(w)) return 1.0;
    double s = pow(a, alpha) / pow(w, 1 - alpha);
    return isfinite(s) && s > 0 ? s : 1.0;
}

gl_numfmt gl_precision_format(const gl_node *n, const gl_precision *p) {
    switch (n->op) {
    case GL_OP_PARAM: return p->weights;
    case GL_OP_CONST: return GL_NUMFMT_F64;
    case GL_OP_KV_WRITE: return p->kv;
    case GL_OP_INPUT: return strstr(n->name, "cache") ? p->kv : p->activations;
    case GL_OP_QUANTIZE: return (unsigned)n->attrs->format < GL_NUMFMT_COUNT ? (gl_numfmt)n->attrs->format : GL_NUMFMT_F64;
    default: return p->activations;   /* dequantize too: its value goes back to the compute format */
    }
}

unsigned char *gl_precision_node_bytes(const gl_graph *g, const gl_precision *p, int elem_bytes, gl_err *e) {
    unsigned char *b = gl_alloc((size_t)g->n + 1, 1, e);
    if (!b) return NULL;
    for (int i = 0; i < g->n; i++) {
        gl_numfmt f = gl_precision_format(&g->nodes[i], p);
        b[i] = (unsigned char)(f == GL_NUMFMT_F64 ? elem_bytes : gl_numfmt_bytes(f));
    }
    return b;
}

/* a's numbers, writable: a itself when nobody else holds it, else a copy (a param's value is the graph's) */
static gl_status own(gl_array **a, gl_err *e) {
    if ((*a)->refs == 1) return GL_OK;
    gl_array *c = NULL;
    gl_status st = gl_array_copy(*a, &c, e);
    if (st) return st;
    gl_array_release(*a);
    *a = c;
    return GL_OK;
}

static void round_value(gl_array *a, gl_numfmt f) {
    size_t cols = a->rank == 2 ? (size_t)a->dim[1] : 0;   /* int8_channel: a 2-D weight's output columns */
    gl_round_array(f, a->data, (size_t)a->size, cols);
}

/* C[M,N] = A[M,K]·B[K,N] with each running sum rounded to fp32 (k in order, from 0). The loops run i, k, j so
 * that B's rows stream; every C[i][j] still adds its products in k order. */
static void gemm_acc32(int64_t M, int64_t N, int64_t K, const double *A, const double *B, double *C) {
    for (int64_t i = 0; i < M; i++) {
        double *c = C + i * N;
        for (int64_t j = 0; j < N; j++) c[j] = 0;
        for (int64_t k = 0; k < K; k++) {
            const double a = A[i * K + k];
            const double *b = B + k * N;
            for (int64_t j = 0; j < N; j++) c[j] = (double)(float)(c[j] + a * b[j]);
        }
    }
}

/* The planned matmul with fp32 accumulation: r (the float64 result, for its shape) is overwritten. Batch dims
 * broadcast as numpy's matmul does (strides 0 where a side has 1). */
static void matmul_acc32(const gl_array *a, const gl_array *b, gl_array *r) {
    const int64_t M = a->dim[a->rank - 2], K = a->dim[a->rank - 1], N = r->dim[r->rank - 1];
    if (r->size == 0) return;
    const int nb = r->rank - 2;
    int64_t sa[GL_MAX_RANK], sb[GL_MAX_RANK], idx[GL_MAX_RANK] = {0};
    int64_t stra = 1, strb = 1;
    for (int i = nb - 1; i >= 0; i--) {
        int ia = i - (nb - (a->rank - 2)), ib = i - (nb - (b->rank - 2));
        int64_t xa = ia >= 0 ? a->dim[ia] : 1, xb = ib >= 0 ? b->dim[ib] : 1;
        sa[i] = xa == 1 ? 0 : stra;
        sb[i] = xb == 1 ? 0 : strb;
        stra *= xa;
        strb *= xb;
    }
    double *c = r->data;
    for (;;) {
        int64_t oa = 0, ob = 0;
        for (int i = 0; i < nb; i++) oa += idx[i] * sa[i], ob += idx[i] * sb[i];
        gemm_acc32(M, N, K, a->data + oa * M * K, b->data + ob * K * N, c);
        c += M * N;
        int i = nb - 1;
        while (i >= 0 && ++idx[i] == r->dim[i]) idx[i--] = 0;
        if (i < 0) break;
    }
}

static void measure(int node, const gl_array *r, const gl_array *q, gl_node_error *out) {
    double max_abs = 0, max_ref = 0, sig = 0, noise = 0;
    bool finite = true, exact = true;
    for (int64_t i = 0; i < r->size; i++) {
        const double x = r->data[i], y = q->data[i];
        if (x == y || (isnan(x) && isnan(y))) {
            if (isfinite(x)) sig += x * x, max_ref = fmax(max_ref, fabs(x));
            continue;
        }
        exact = false;
        if (!isfinite(y) || !isfinite(x)) {
            finite = finite && !isfinite(x) && x == y;
            if (isfinite(x) != isfinite(y)) finite = false;
            continue;
        }
        const double d = fabs(y - x);
        max_abs = fmax(max_abs, d);
        max_ref = fmax(max_ref, fabs(x));
        sig += x * x;
        noise += d * d;
    }
    *out = (gl_node_error){node, max_abs, max_ref > 0 ? max_abs / max_ref : 0,
                           noise > 0 ? (sig > 0 ? 10 * log10(sig / noise) : -INFINITY) : INFINITY, finite, exact, -INFINITY};
}

/* added_db (precision.h): the noise of q against pre (q before the node's own rounding) over r's signal */
static double added_db(const gl_array *r, const gl_array *pre, const gl_array *q) {
    double sig = 0, noise = 0;
    bool overflow = false;
    for (int64_t i = 0; i < r->size; i++) {
        const double x = r->data[i], b = pre->data[i], y = q->data[i];
        if (isfinite(x)) sig += x * x;
        if (b == y || (isnan(b) && isnan(y))) continue;
        if (!isfinite(y)) {
            if (isfinite(b)) overflow = true;
            continue;
        }
        if (!isfinite(b)) continue;                  /* a saturating format brought an inherited inf back */
        noise += (y - b) * (y - b);
    }
    if (overflow) return INFINITY;
    if (noise == 0) return -INFINITY;
    return sig > 0 ? 10 * log10(noise / sig) : INFINITY;
}

int gl_precision_worst(const gl_graph *g, const gl_node_error *errs) {
    int w = -1;
    for (int i = 0; i < g->n; i++)
        if (errs[i].added_db > -INFINITY && (w < 0 || errs[i].added_db > errs[w].added_db)) w = i;
    return w;
}

gl_status gl_precision_layers(const gl_graph *g, const gl_node_error *errs, const int32_t *layer,
                              gl_layer_error **out, int *nout, gl_err *e) {
    *out = NULL;
    *nout = 0;
    int hi = -1;
    for (int i = 0; i < g->n; i++)
        if (gl_op_class(g->nodes[i].op) != GL_CLASS_LEAF && layer[i] > hi) hi = layer[i];
    gl_layer_error *l = gl_alloc((size_t)hi + 2, sizeof *l, e);
    int *at = l ? gl_alloc((size_t)hi + 2, sizeof *at, e) : NULL;
    if (!at) {
        free(l);
        return GL_E_NOMEM;
    }
    for (int k = 0; k <= hi; k++) at[k] = -1;
    int n = 0;
    for (int k = 0; k <= hi; k++)
        for (int i = 0; i < g->n; i++)
            if (layer[i] == k && gl_op_class(g->nodes[i].op) != GL_CLASS_LEAF) {
                at[k] = n;
                l[n++] = (gl_layer_error){k, -1, -1};
                break;
            }
    for (int i = 0; i < g->n; i++) {
        if (layer[i] < 0 || layer[i] > hi || at[layer[i]] < 0) continue;
        gl_layer_error *x = &l[at[layer[i]]];
        if (gl_op_class(g->nodes[i].op) != GL_CLASS_LEAF) x->out = i;
        if (errs[i].added_db > -INFINITY && (x->worst < 0 || errs[i].added_db > errs[x->worst].added_db)) x->worst = i;
    }
    free(at);
    *out = l;
    *nout = n;
    return GL_OK;
}

/* ---- SmoothQuant-style migration (precision.h) */
typedef struct {
    int *act;             /* per node: a smoothed matmul's activation input, else -1 */
    bool *target;         /* per node: an activation some smoothed matmul reads */
    gl_array **s;         /* per target: its scales [K] (NULL: not smoothed: a size did not fit) */
    gl_array **sq, **sp;  /* per target: A~ / s rounded to A's format, and unrounded */
} smooth_ctx;

static void smooth_free(smooth_ctx *m, int n) {
    for (int i = 0; m->s && i < n; i++) gl_array_release(m->s[i]), gl_array_release(m->sq[i]), gl_array_release(m->sp[i]);
    free(m->act), free(m->target), free(m->s), free(m->sq), free(m->sp);
}

static gl_status smooth_begin(const gl_graph *g, smooth_ctx *m, gl_err *e) {
    const size_t n = (size_t)g->n + 1;
    m->act = gl_alloc(n, sizeof *m->act, e);
    m->target = m->act ? gl_alloc(n, sizeof *m->target, e) : NULL;
    m->s = m->target ? gl_alloc(n, sizeof *m->s, e) : NULL;
    m->sq = m->s ? gl_alloc(n, sizeof *m->sq, e) : NULL;
    m->sp = m->sq ? gl_alloc(n, sizeof *m->sp, e) : NULL;
    if (!m->sp) return GL_E_NOMEM;
    for (int i = 0; i < g->n; i++) {
        const gl_node *nd = &g->nodes[i];
        m->act[i] = -1;
        if (nd->op != GL_OP_MATMUL || nd->nin != 2) continue;
        const gl_node *a = &g->nodes[nd->in[0]], *w = &g->nodes[nd->in[1]];
        const gl_array *wv = g->values ? g->values[w->id] : NULL;
        if (w->op != GL_OP_PARAM || !wv || !wv->data || wv->rank != 2 || a->op == GL_OP_CONST || a->op == GL_OP_PARAM) continue;
        m->act[i] = a->id;
        m->target[a->id] = true;
    }
    return GL_OK;
}

/* At target A (its float64 value r, its planned value before its own rounding pre): the scales from r and
 * every smoothed matmul's weight, pre / s unrounded and rounded to f. Leaves s NULL when a size does not fit. */
static gl_status smooth_at(const gl_graph *g, smooth_ctx *m, int A, const gl_array *r, const gl_array *pre,
                           gl_numfmt f, double alpha, gl_err *e) {
    if (r->rank < 1) return GL_OK;
    const int64_t K = r->dim[r->rank - 1];
    if (K < 1) return GL_OK;
    for (int i = A + 1; i < g->n; i++)
        if (m->act[i] == A && g->values[g->nodes[i].in[1]]->dim[0] != K) return GL_OK;
    gl_array *s = NULL;
    gl_status st = gl_array_new(1, &K, &s, e);
    if (st) return st;
    double *amax = s->data;                                   /* a_j first, then s_j in place */
    for (int64_t t = 0; t < r->size; t++) {
        const double x = fabs(r->data[t]);
        if (isfinite(x) && x > amax[t % K]) amax[t % K] = x;
    }
    for (int64_t j = 0; j < K; j++) {
        double w = 0;
        for (int i = A + 1; i < g->n; i++) {
            if (m->act[i] != A) continue;
            const gl_array *W = g->values[g->nodes[i].in[1]];
            for (int64_t c = 0; c < W->dim[1]; c++) {
                const double x = fabs(W->data[j * W->dim[1] + c]);
                if (isfinite(x) && x > w) w = x;
            }
        }
        amax[j] = gl_smooth_scale(amax[j], w, alpha);
    }
    gl_array *sp = NULL, *sq = NULL;
    if ((st = gl_array_copy(pre, &sp, e)) || (st = gl_array_copy(pre, &sq, e))) {
        gl_array_release(s), gl_array_release(sp);
        return st;
    }
    for (int64_t t = 0; t < sp->size; t++) sp->data[t] = sq->data[t] = pre->data[t] / s->data[t % K];
    round_value(sq, f);
    m->s[A] = s, m->sp[A] = sp, m->sq[A] = sq;
    return GL_OK;
}

/* Smoothed matmul n: *pre = (A~ / s) @ (diag(s) W), *q the same of the rounded operands (fp32 accumulation
 * when asked); W is the float64 weight, wf its format. */
static gl_status smooth_matmul(const gl_node *n, const smooth_ctx *m, const gl_array *W, gl_numfmt wf, bool acc32,
                               const gl_bind *bind, gl_array **pre, gl_array **q, gl_err *e) {
    const int A = n->in[0];
    gl_array *wp = NULL, *wq = NULL;
    gl_status st = gl_array_copy(W, &wp, e);
    if (!st) {
        const int64_t cols = W->dim[1];
        for (int64_t t = 0; t < wp->size; t++) wp->data[t] *= m->s[A]->data[t / cols];
        st = gl_array_copy(wp, &wq, e);
    }
    if (!st) {
        round_value(wq, wf);
        gl_array *pa[2] = {m->sp[A], wp}, *qa[2] = {m->sq[A], wq};
        st = gl_eval_node(n, pa, bind, pre, e);
        if (!st) st = gl_eval_node(n, qa, bind, q, e);
        if (!st && acc32) matmul_acc32(m->sq[A], wq, *q);
    }
    gl_array_release(wp), gl_array_release(wq);
    return st;
}

static const gl_array *find_input(const gl_node *n, const gl_named_array *inputs, int ninputs) {
    for (int k = 0; k < ninputs; k++)
        if (inputs[k].name && strcmp(inputs[k].name, n->name) == 0) return inputs[k].value;
    return NULL;
}

gl_status gl_run_precision(const gl_graph *g, const gl_named_array *inputs, int ninputs, const gl_bind *bind,
                           const gl_precision *p, gl_node_error *errs, gl_array **outs_ref, gl_array **outs_q,
                           gl_err *e) {
    if (!g || !p || !errs) return gl_fail(e, GL_E_INVALID, "gl_run_precision: a NULL argument");
    gl_status st = gl_graph_validate(g, e);
    if (st) return st;
    int *last = gl_alloc((size_t)g->n, sizeof *last, e);
    gl_array **ref = last ? gl_alloc((size_t)g->n, sizeof *ref, e) : NULL;
    gl_array **q = ref ? gl_alloc((size_t)g->n, sizeof *q, e) : NULL;
    bool *keep = q ? gl_alloc((size_t)g->n, sizeof *keep, e) : NULL;
    if (!keep) {
        free(last), free(ref), free(q);
        return GL_E_NOMEM;
    }
    for (int i = 0; i < g->n; i++) last[i] = i;
    for (int i = 0; i < g->n; i++)
        for (int k = 0; k < g->nodes[i].nin; k++) last[g->nodes[i].in[k]] = i;
    for (int k = 0; k < g->nout; k++) keep[g->outputs[k]] = true;
    /* a tensor every reader of which is a quantize node is rounded there, not by its class (never twice) */
    int *nq = gl_alloc((size_t)g->n, sizeof *nq, e), *nu = nq ? gl_alloc((size_t)g->n, sizeof *nu, e) : NULL;
    if (!nu) {
        free(nq), free(last), free(ref), free(q), free(keep);
        return GL_E_NOMEM;
    }
    for (int i = 0; i < g->n; i++)
        for (int k = 0; k < g->nodes[i].nin; k++) {
            nu[g->nodes[i].in[k]]++;
            nq[g->nodes[i].in[k]] += g->nodes[i].op == GL_OP_QUANTIZE;
        }
    smooth_ctx sm = {0};
    if (p->smooth_on && g->values && (st = smooth_begin(g, &sm, e))) {
        smooth_free(&sm, g->n);
        free(nq), free(nu), free(last), free(ref), free(q), free(keep);
        return st;
    }
    gl_array *pre = NULL;   /* the node's planned value before its own rounding */
    for (int i = 0; i < g->n && !st; i++) {
        const gl_node *n = &g->nodes[i];
        if (n->op == GL_OP_INPUT || n->op == GL_OP_PARAM || n->op == GL_OP_CONST) {
            const gl_array *v = n->op == GL_OP_INPUT ? find_input(n, inputs, ninputs) : g->values ? g->values[i] : NULL;
            if (!v || !v->data || (n->op == GL_OP_INPUT && !gl_array_matches(v, n->shape, bind))) {
                st = gl_fail(e, GL_E_INVALID, "precision run: node %%%d (%s) has no value of its shape", i, gl_op_name(n->op));
                break;
            }
            ref[i] = gl_array_retain((gl_array *)v);
            q[i] = gl_array_retain((gl_array *)v);
            pre = gl_array_retain((gl_array *)v);
        } else {
            gl_array *ra[GL_MAX_INPUTS] = {NULL}, *qa[GL_MAX_INPUTS] = {NULL};
            for (int k = 0; k < n->nin; k++) ra[k] = ref[n->in[k]], qa[k] = q[n->in[k]];
            /* the float64 run is the graph with every format f64: quantize and dequantize change nothing */
            if (n->op == GL_OP_QUANTIZE || n->op == GL_OP_DEQUANTIZE) ref[i] = gl_array_retain(ra[0]);
            else if ((st = gl_eval_node(n, ra, bind, &ref[i], e))) break;
            /* planned: quantize rounds to its format below (as its class), dequantize passes the value on */
            const bool smoothed = sm.act && sm.act[i] >= 0 && sm.s[sm.act[i]];
            if (smoothed) {
                const int w = n->in[1];
                if ((st = smooth_matmul(n, &sm, ref[w], gl_precision_format(&g->nodes[w], p), p->acc_fp32, bind, &pre,
                                        &q[i], e)))
                    break;
            } else if (n->op == GL_OP_QUANTIZE || n->op == GL_OP_DEQUANTIZE) {
                q[i] = gl_array_retain(qa[0]);
            } else if ((st = gl_eval_node(n, qa, bind, &q[i], e))) {
                break;
            }
            if (!smoothed) pre = gl_array_retain(q[i]);   /* q~: shared until the node's own rounding writes (own() copies) */
            if (!smoothed && p->acc_fp32 && n->op == GL_OP_MATMUL) {
                if ((st = own(&q[i], e))) break;
                matmul_acc32(qa[0], qa[1], q[i]);
            }
        }
        gl_numfmt f = gl_precision_format(n, p);
        if (sm.target && sm.target[i] &&
            (st = smooth_at(g, &sm, i, ref[i], pre, f, p->smooth, e)))
            break;
        if (n->op == GL_OP_DEQUANTIZE || (nu[i] > 0 && nq[i] == nu[i] && !keep[i])) f = GL_NUMFMT_F64;
        if (f != GL_NUMFMT_F64) {
            if ((st = own(&q[i], e))) break;
            round_value(q[i], f);
        }
        measure(i, ref[i], q[i], &errs[i]);
        errs[i].added_db = added_db(ref[i], pre, q[i]);
        gl_array_release(pre);
        pre = NULL;
        for (int k = 0; k < n->nin; k++) {
            int j = n->in[k];
            if (last[j] == i && !keep[j]) {
                gl_array_release(ref[j]), gl_array_release(q[j]);
                ref[j] = q[j] = NULL;
                if (sm.s) {
                    gl_array_release(sm.s[j]), gl_array_release(sm.sq[j]), gl_array_release(sm.sp[j]);
                    sm.s[j] = sm.sq[j] = sm.sp[j] = NULL;
                }
            }
        }
        if (last[i] == i && !keep[i]) {
            gl_array_release(ref[i]), gl_array_release(q[i]);
            ref[i] = q[i] = NULL;
        }
    }
    for (int k = 0; !st && k < g->nout; k++) {
        if (outs_ref) outs_ref[k] = gl_array_retain(ref[g->outputs[k]]);
        if (outs_q) outs_q[k] = gl_array_retain(q[g->outputs[k]]);
    }
    gl_array_release(pre);
    for (int i = 0; i < g->n; i++) gl_array_release(ref[i]), gl_array_release(q[i]);
    smooth_free(&sm, g->n);
    free(last), free(ref), free(q), free(keep), free(nq), free(nu);
    return st;
}
