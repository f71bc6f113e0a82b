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
 *   any other op re-emitted with its attrs, shape and name.
 * Scalars are lifted by gl_t_scalar (deduplicated per trace), each builder call in its own statement so
 * nodes are created in the reference's order. The result has no hit count (hits -1).
 * Provenance: nodes produced by expanding a composite (including any scalar const the expansion had to
 * create) are "expanded" from the composite's id — the only case where one input id appears in several
 * `from` lists; every other node is "kept" from its own id. Nothing is removed.
 */
#include <stdlib.h>
#include <string.h>

#include "passes/passes.h"

static int expand(gl_tracer *tr, const gl_node *n, const int *in, gl_err *e) {
    switch (n->op) {
    case GL_OP_SOFTMAX: {
        int x = in[0], ax = n->attrs.axis;
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
        int ce = gl_t_scalar(tr, n->attrs.eps);
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
    default:
        return gl_t_emit(tr, n->op, in, n->nin, &n->attrs, &n->shape, n->name);
    }
}

gl_status gl_decompose(const gl_graph *g, gl_pass_result *out, gl_err *e) {
    gl_pass_result_init(out);
    gl_err le = {0};
    int n = g->n;
    int *idmap = gl_alloc((size_t)n, sizeof *idmap, &le);
    int *outs = gl_alloc((size_t)g->nout, sizeof *outs, &le);
    int *srcof = NULL;           /* per new node: the old id it came from */
    bool *isexp = NULL;          /* per new node: expanded from a composite */
    int cap = 0;
    gl_tracer *tr = NULL;
    gl_graph *ng = NULL;
    gl_prov_builder b;
    if (!idmap || !outs) goto fail;
    if (gl_graph_validate(g, &le)) goto fail;
    cap = n + 64;
    srcof = gl_alloc((size_t)cap, sizeof *srcof, &le);
    isexp = gl_alloc((size_t)cap, sizeof *isexp, &le);
    tr = gl_tracer_new(GL_BRANCH_ERROR, false, &le);
    if (!srcof || !isexp || !tr) goto fail;
    for (int i = 0; i < n; i++) {
        const gl_node *nd = &g->nodes[i];
        int before = gl_tracer_graph(tr)->n, id;
        bool comp = gl_op_class(nd->op) == GL_CLASS_COMPOSITE;
        if (gl_op_class(nd->op) == GL_CLASS_LEAF) {
            id = gl_t_leaf(tr, nd, g->values[i]);
        } else {
            int in[GL_MAX_INPUTS];
            for (int t = 0; t < nd->nin; t++) in[t] = idmap[nd->in[t]];
            id = expand(tr, nd, in, &le);
        }
        if (le.code) goto fail;
        if (id < 0 || gl_tracer_status(tr)) {
            gl_err_forward(&le, gl_tracer_error(tr));
            goto fail;
        }
        idmap[i] = id;
        int after = gl_tracer_graph(tr)->n;
        if (after > cap) {
            int nc = cap;
            while (nc < after) nc *= 2;
            int *s2 = gl_grow(srcof, (size_t)nc, sizeof *s2, &le);
            if (!s2) goto fail;
            srcof = s2;
            bool *x2 = gl_grow(isexp, (size_t)nc, sizeof *x2, &le);
            if (!x2) goto fail;
            isexp = x2;
            cap = nc;
        }
        for (int j = before; j < after; j++) {
            srcof[j] = i;
            isexp[j] = comp;
        }
    }
    for (int k = 0; k < g->nout; k++) outs[k] = idmap[g->outputs[k]];
    ng = gl_tracer_finish(tr, outs, g->nout, &le);
    tr = NULL;
    if (!ng) goto fail;
    for (int k = 0; k < g->nguards; k++)
        if (gl_graph_add_guard(ng, idmap[g->guards[k].node], g->guards[k].value, &le)) goto fail;
    if (gl_prov_begin(&b, ng->n, n, &le)) goto fail;
    for (int j = 0; j < ng->n; j++) {
        gl_prov_add(&b, j, srcof[j]);
        if (isexp[j]) b.how[j] = GL_HOW_EXPANDED;
    }
    if (gl_prov_finish(&b, "decompose", &out->prov, &le)) goto fail;
    out->graph = ng;
    ng = NULL;
fail:
    gl_tracer_free(tr);
    gl_graph_free(ng);
    free(idmap);
    free(outs);
    free(srcof);
    free(isexp);
    if (out->graph) return GL_OK;
    return gl_err_forward(e, &le);
}
