/* pass_decompose.c — expand composite ops into primitives (§9 decompose) by re-tracing the graph with a
 * fresh tracer (mode "error", shape-only), exactly as the reference:
 *   leaves      copied as they are (attrs, shape, name, shared value); a scalar const with a value
 *               seeds the tracer's scalar dedup (setdefault: the first const of a value wins)
 *   softmax(x)  m = max(x, axis, keepdims) ; d = x - m ; e = exp(d) ; s = sum(e, axis, keepdims) ; e / s
 *   rms_norm(x, w)  q = x * x ; s = sum(q, -1, keepdims) ; t = s * const(1.0/d) ; u = t + const(eps) ;
 *               r = rsqrt(u) ; y = x * r ; y * w        (d = x's last dim; a symbolic one is GL_E_INVALID,
 *               as the reference cannot divide by a symbol)
 *   silu(x)     n = -x ; e = exp(n) ; c = const(1.0) ; a = c + e ; x / a   (the 1.0 is lifted after the
 *               exp, as Python evaluates `1.0 + F.exp(-x)`)
 *   gelu(x)     x2 = x * x ; x3 = x2 * x ; a = x3 * const(0.044715) ; b = x + a ;
 *               u = b * const(sqrt(2/pi)) ; t = tanh(u) ; s = const(1.0) + t ; h = x * const(0.5) ; h * s
 *   any other op copied as it is (attrs, shape, name).
 * Scalars are lifted by gl_t_scalar (deduplicated per trace), each builder call in its own statement so
 * nodes are created in the reference's order. The result has no hit count (hits -1).
 * Provenance: nodes produced by expanding a composite (including any scalar const the expansion had to
 * create) are "expanded" from the composite's id — the only case where one input id appears in several
 * `from` lists; every other node is "kept" from its own id. Nothing is removed.
 */
#include "front/tracer.h"
#include "ir/pool.h"
#include "passes/kit.h"
#include "passes/passes.h"

static int expand(gl_tracer *tr, const gl_pool *pool, const gl_node *n, const int *in, gl_err *e) {
    switch (n->op) {
    case GL_OP_SOFTMAX: {
        int x = in[0], ax = n->attrs->axis;
        int m = gl_t_max(tr, x, ax, true);
        int d = gl_t_sub(tr, x, m);
        int ex = gl_t_exp(tr, d);
        int s = gl_t_sum(tr, ex, ax, true);
        return gl_t_div(tr, ex, s);
    }
    case GL_OP_RMS_NORM: {
        int x = in[0], w = in[1];
        const gl_shape *xs = gl_t_shape(tr, x);
        if (!xs || xs->rank == 0 || gl_dim_is_sym(xs->d[xs->rank - 1])) {
            gl_fail(e, GL_E_INVALID, "decompose: rms_norm node %d needs an integer last dim (1.0 / d)", n->id);
            return -1;
        }
        double inv = 1.0 / (double)xs->d[xs->rank - 1].n;
        int q = gl_t_mul(tr, x, x);
        int s = gl_t_sum(tr, q, -1, true);
        int c = gl_t_scalar(tr, inv);
        int t = gl_t_mul(tr, s, c);
        int ce = gl_t_scalar(tr, n->attrs->eps);
        int u = gl_t_add(tr, t, ce);
        int r = gl_t_rsqrt(tr, u);
        int y = gl_t_mul(tr, x, r);
        return gl_t_mul(tr, y, w);
    }
    case GL_OP_SILU: {
        int x = in[0];
        int ng = gl_t_neg(tr, x);
        int ex = gl_t_exp(tr, ng);
        int one = gl_t_scalar(tr, 1.0);
        int a = gl_t_add(tr, one, ex);
        return gl_t_div(tr, x, a);
    }
    case GL_OP_GELU: {                            /* x * 0.5 * (1.0 + tanh((x + x*x*x * A) * C)) */
        int x = in[0];
        int x2 = gl_t_mul(tr, x, x);
        int x3 = gl_t_mul(tr, x2, x);
        int ca = gl_t_scalar(tr, 0.044715);
        int a = gl_t_mul(tr, x3, ca);
        int b = gl_t_add(tr, x, a);
        int cc = gl_t_scalar(tr, 0.7978845608028654);   /* sqrt(2/pi) */
        int u = gl_t_mul(tr, b, cc);
        int t = gl_t_tanh(tr, u);
        int one = gl_t_scalar(tr, 1.0);
        int s = gl_t_add(tr, one, t);
        int half = gl_t_scalar(tr, 0.5);
        int h = gl_t_mul(tr, x, half);
        return gl_t_mul(tr, h, s);
    }
    default: {
        /* The node as it is, appended as a record: its shape, attrs and name are items of g's pool, which
         * the tracer's graph shares (gl_tracer_share_pool), so they are copied as they are (as the kit's
         * rebuild copies records). gl_t_emit would re-check it and find no trace values to compute with:
         * only gl_t_scalar's consts have one, and every node here reads a leaf of g at its root. The room
         * was reserved; inputs are ids the loop below made (earlier nodes). */
        gl_graph *ng = gl_tracer_graph(tr);
        if (ng->n >= ng->cap || ng->pool != pool) return gl_graph_add_copy(ng, n, in, e);
        int id = ng->n++;
        gl_node *d = &ng->nodes[id];
        *d = *n;
        d->id = id;
        for (int s = 0; s < n->nin; s++) d->in[s] = in[s];
        ng->values[id] = NULL;
        return id;
    }
    }
}

/* A composite's expansion depends only on its op, attrs and input shapes (the builders' fixed constants and
 * the trace's scalar dedup aside), so a composite equal in those to one already expanded repeats that one's
 * nodes on its own inputs (gl_t_repeat) instead of making the builder calls again: a stack's every layer
 * expands the same rms_norm and silu. Only an expansion that made no scalar const is kept (a later one
 * finds those consts made and makes none). */
enum { MEMO = 8 };
typedef struct {
    gl_op op;
    const gl_attrs *attrs;
    const gl_shape *shape[GL_MAX_INPUTS];
    int nin, in[GL_MAX_INPUTS];
    int first, last, result;      /* the expansion's nodes in the trace and the node it returned */
} memo_entry;

static bool memo_key(const memo_entry *m, const gl_node *n, const gl_graph *ng, const int *in) {
    if (m->op != n->op || m->attrs != n->attrs || m->nin != n->nin) return false;
    for (int t = 0; t < n->nin; t++) {
        if (m->shape[t] != ng->nodes[in[t]].shape) return false;
        for (int u = 0; u < t; u++)   /* the same operand twice (or not) as there: the remap is one-to-one */
            if ((m->in[u] == m->in[t]) != (in[u] == in[t])) return false;
    }
    return true;
}

/* expand() through the memo: a repeat of an equal earlier expansion, else the calls (and a new entry). */
static int expand_memo(gl_tracer *tr, const gl_pool *pool, const gl_node *n, const int *in, memo_entry *memo,
                       int *nmemo, gl_err *e) {
    gl_graph *ng = gl_tracer_graph(tr);
    for (int i = 0; i < *nmemo; i++) {
        const memo_entry *m = &memo[i];
        int shift;
        if (memo_key(m, n, ng, in) && gl_t_repeat(tr, m->first, m->last, m->in, in, m->nin, &shift))
            return m->result + shift;
    }
    int first = ng->n;
    int r = expand(tr, pool, n, in, e);
    ng = gl_tracer_graph(tr);
    if (r < first || *nmemo == MEMO || gl_tracer_status(tr)) return r;
    for (int i = first; i < ng->n; i++)
        if (gl_op_class_of(ng->nodes[i].op) == GL_CLASS_LEAF) return r;
    memo_entry *m = &memo[(*nmemo)++];
    m->op = n->op;
    m->attrs = n->attrs;
    m->nin = n->nin;
    for (int t = 0; t < n->nin; t++) {
        m->shape[t] = ng->nodes[in[t]].shape;
        m->in[t] = in[t];
    }
    m->first = first;
    m->last = ng->n;
    m->result = r;
    return r;
}

/* prov false: the graph only (gl_decompose_graph), no provenance recorded. */
static gl_status decompose(const gl_graph *g, bool prov, gl_pass_result *out, gl_err *e) {
    gl_kit k;
    gl_tracer *tr = NULL;
    if (gl_kit_begin(&k, g, prov ? 0 : GL_KIT_NO_PROV)) goto done;
    int n = g->n;
    int *idmap = gl_kit_alloc(&k, (size_t)n + 1, sizeof *idmap);
    int *first = gl_kit_alloc(&k, (size_t)n + 1, sizeof *first);   /* old i made new nodes first[i]..first[i+1]-1 */
    int *outs = gl_kit_alloc(&k, (size_t)g->nout + 1, sizeof *outs);
    if (!idmap || !first || !outs || gl_tracer_new(GL_BRANCH_ERROR, false, &tr, &k.err)) goto done;
    gl_tracer_share_pool(tr, g);   /* the nodes it copies keep their shapes, attrs and names */
    memo_entry memo[MEMO];
    int ncomp = 0, nmemo = 0;
    for (int i = 0; i < n; i++) ncomp += gl_op_class_of(g->nodes[i].op) == GL_CLASS_COMPOSITE;
    int room = ncomp < (GL_MAX_NODES - n) / 10 ? n + 10 * ncomp : GL_MAX_NODES;   /* gelu: 9 nodes, 1 const */
    if (gl_graph_reserve(gl_tracer_graph(tr), room, &k.err)) goto done;
    for (int i = 0; i < n; i++) {
        const gl_node *nd = &g->nodes[i];
        first[i] = gl_tracer_graph(tr)->n;
        if (gl_op_class_of(nd->op) == GL_CLASS_LEAF) {
            idmap[i] = gl_t_leaf(tr, nd, g->values[i]);
        } else {
            int in[GL_MAX_INPUTS];
            for (int t = 0; t < nd->nin; t++) in[t] = idmap[nd->in[t]];
            idmap[i] = gl_op_class_of(nd->op) == GL_CLASS_COMPOSITE ? expand_memo(tr, g->pool, nd, in, memo, &nmemo, &k.err)
                                                                     : expand(tr, g->pool, nd, in, &k.err);
        }
        if (k.err.code) goto done;
        if (idmap[i] < 0 || gl_tracer_status(tr)) {
            k.err = *gl_tracer_error(tr);
            if (!k.err.code) gl_fail(&k.err, GL_E_INTERNAL, "decompose: node %d (%s) gave no node", i, gl_op_name(nd->op));
            goto done;
        }
    }
    first[n] = gl_tracer_graph(tr)->n;
    for (int t = 0; t < g->nout; t++) outs[t] = idmap[g->outputs[t]];
    gl_graph *ng = NULL;
    gl_status fst = gl_tracer_finish(tr, outs, g->nout, &ng, &k.err);
    tr = NULL;
    if (fst || gl_kit_adopt(&k, ng)) goto done;
    for (int t = 0; t < g->nguards; t++)
        if (gl_graph_add_guard(ng, idmap[g->guards[t].node], g->guards[t].value, &k.err)) goto done;
    for (int i = 0; prov && i < n; i++) {
        bool comp = gl_op_class_of(g->nodes[i].op) == GL_CLASS_COMPOSITE;
        for (int j = first[i]; j < first[i + 1]; j++) {
            gl_kit_from(&k, j, i);
            if (comp) gl_kit_how(&k, j, GL_HOW_EXPANDED);
        }
    }
done:
    gl_tracer_free(tr);
    return gl_kit_end(&k, "decompose", out, e);
}

gl_status gl_decompose(const gl_graph *g, gl_pass_result *out, gl_err *e) { return decompose(g, true, out, e); }

gl_status gl_decompose_graph(const gl_graph *g, gl_graph **out, gl_err *e) {
    gl_pass_result r;
    *out = NULL;
    gl_status st = decompose(g, false, &r, e);
    if (!st) {
        *out = r.graph;
        r.graph = NULL;
    }
    gl_pass_result_free(&r);
    return st;
}
