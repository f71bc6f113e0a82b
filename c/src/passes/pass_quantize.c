/* pass_quantize.c — explicit conversions under a precision plan (issue 35; docs/PRECISION.md).
 *
 * The rule: with the case's plan (gl_pass_ctx.precision; without one every class is f64 and the pass inserts
 * nothing, hits 0), a tensor enters a format below
 * float64 where its class says so (exec/precision.h: gl_precision_format). Each such tensor of these kinds
 *   - a param (weights),
 *   - a KV-cache input (an input whose name holds "cache") or a kv_write result (the KV cache),
 *   - an activation a matmul reads (an input or a computed node in either input slot of a matmul),
 * whose class format F is not f64, gets a pair after it: q = quantize(x, format=F), d = dequantize(q,
 * format=F), and every reader of x (the graph's outputs too) reads d instead. x's only reader is then q, so the
 * planned run rounds x at q and not by its class (precision.c: never twice), and the error of the final
 * graph's outputs is the same with and without this pass. A tensor whose readers are all quantize nodes
 * already (the pass run twice), a quantize or dequantize node itself, and a const are left alone.
 * hits = the pairs inserted. The new nodes follow x in order (the output is in topological order by
 * construction: each node of the input is copied in order, its pair right after it).
 * Provenance: every input node is "kept" in its copy; each quantize / dequantize node is "created" from
 * nothing (it replaces no node).
 */
#include <stdlib.h>
#include <string.h>

#include "exec/precision.h"
#include "ir/pool.h"
#include "passes/kit.h"

/* Whether the rule puts a pair after node i (users: the input graph's). */
static bool wants_pair(const gl_graph *g, const gl_users *u, int i, const gl_precision *p) {
    const gl_node *n = &g->nodes[i];
    if (n->op == GL_OP_CONST || n->op == GL_OP_QUANTIZE || n->op == GL_OP_DEQUANTIZE) return false;
    if (gl_precision_format(n, p) == GL_NUMFMT_F64) return false;
    int nusers = u->start[i + 1] - u->start[i], nq = 0;
    bool by_matmul = false;
    for (int k = u->start[i]; k < u->start[i + 1]; k++) {
        const gl_node *r = &g->nodes[u->list[k]];
        nq += r->op == GL_OP_QUANTIZE;
        by_matmul = by_matmul || r->op == GL_OP_MATMUL;
    }
    if (nusers > 0 && nq == nusers) return false;    /* already quantized */
    bool is_out = false;
    for (int k = 0; k < g->nout; k++) is_out = is_out || g->outputs[k] == i;
    if (nusers == 0 && !is_out) return false;        /* nothing reads it */
    if (n->op == GL_OP_PARAM || n->op == GL_OP_KV_WRITE) return true;
    if (n->op == GL_OP_INPUT && strstr(n->name, "cache")) return true;
    return by_matmul;                                /* an activation (an input or a computed node) */
}

gl_status gl_quantize(const gl_graph *g, const gl_pass_ctx *ctx, gl_pass_result *out, gl_err *e) {
    gl_kit k;
    if (gl_kit_begin(&k, g, GL_KIT_USERS)) goto done;
    const gl_precision f64 = {GL_NUMFMT_F64, GL_NUMFMT_F64, GL_NUMFMT_F64, false, false, 0};
    const gl_precision *p = ctx && ctx->precision ? ctx->precision : &f64;   /* no plan: nothing leaves f64 */
    k.hits = 0;
    int n = g->n;
    int *map = gl_kit_alloc(&k, (size_t)n + 1, sizeof *map);      /* old id -> the new node its readers read */
    int *self = gl_kit_alloc(&k, (size_t)n + 1, sizeof *self);    /* old id -> its copy */
    int *outs = gl_kit_alloc(&k, (size_t)g->nout + 1, sizeof *outs);
    bool *pair = gl_kit_alloc(&k, (size_t)n + 1, sizeof *pair);
    if (!map || !self || !outs || !pair) goto done;
    int npairs = 0;
    for (int i = 0; i < n; i++) npairs += pair[i] = wants_pair(g, &k.users, i, p);
    if (npairs > (GL_MAX_NODES - n) / 2) {
        gl_fail(&k.err, GL_E_LIMIT, "quantize: %d pairs would pass the node limit %d", npairs, GL_MAX_NODES);
        goto done;
    }
    gl_graph *ng = NULL;
    if (gl_graph_new(&ng, &k.err)) goto done;
    gl_graph_share_pool(ng, g->pool);
    if (gl_graph_reserve(ng, n + 2 * npairs, &k.err)) {
        gl_graph_free(ng);
        goto done;
    }
    for (int i = 0; i < n && !k.err.code; i++) {
        const gl_node *nd = &g->nodes[i];
        int in[GL_MAX_INPUTS];
        for (int t = 0; t < nd->nin; t++) in[t] = map[nd->in[t]];
        int id = gl_graph_add_copy(ng, nd, in, &k.err);
        if (id < 0) break;
        if (g->values && g->values[i]) gl_graph_set_value(ng, id, g->values[i]);
        self[i] = map[i] = id;
        if (!pair[i]) continue;
        gl_attrs at = {0};
        at.has = GL_A_FORMAT;
        at.format = (int)gl_precision_format(nd, p);
        int qd = gl_graph_add(ng, GL_OP_QUANTIZE, &id, 1, &at, nd->shape, NULL, &k.err);
        int dd = qd < 0 ? -1 : gl_graph_add(ng, GL_OP_DEQUANTIZE, &qd, 1, &at, nd->shape, NULL, &k.err);
        if (dd < 0) break;
        map[i] = dd;
        k.hits++;
    }
    for (int t = 0; !k.err.code && t < g->nout; t++) outs[t] = map[g->outputs[t]];
    if (!k.err.code) gl_graph_set_outputs(ng, outs, g->nout, &k.err);
    for (int t = 0; !k.err.code && t < g->nguards; t++) gl_graph_add_guard(ng, self[g->guards[t].node], g->guards[t].value, &k.err);
    if (k.err.code) {
        gl_graph_free(ng);
        goto done;
    }
    if (gl_kit_adopt(&k, ng)) goto done;
    for (int i = 0; i < n; i++) gl_kit_from(&k, self[i], i);
    for (int i = 0; i < n; i++)
        if (pair[i]) {
            gl_kit_how(&k, self[i] + 1, GL_HOW_CREATED);
            gl_kit_how(&k, self[i] + 2, GL_HOW_CREATED);
        }
done:
    return gl_kit_end(&k, "quantize", out, e);
}
