/* pass_constant_fold.c — constant folding (§9 constant_fold).
 *
 * As the reference: a non-leaf, non-generator node with at least one input, all of whose inputs are
 * params/consts that have a value (or nodes folded before it), is evaluated at compile time (gl_eval_node
 * with an empty bind) and becomes a const with attrs {} (even a scalar: no "value" attr) named
 * `name or "folded {op}"`; then dce. hits = the number of nodes folded (including ones dce then drops).
 * The new values are owned by the output graph; every other value is shared with the input graph.
 *
 * Provenance: a folded node is "folded" from its own id plus the input nodes the fold consumed: inputs
 * that did not survive (transitively through other folded nodes that did not survive), each listed
 * with the first surviving folded node (in output order) that consumed it. Others are "kept"; dead nodes
 * not consumed by a fold are removed.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "passes/passes.h"

gl_status gl_constant_fold(const gl_graph *g, gl_pass_result *out, gl_err *e) {
    gl_pass_result_init(out);
    gl_err le = {0};
    int n = g->n;
    gl_node *nodes = gl_alloc((size_t)n, sizeof *nodes, &le);
    gl_array **vals = gl_alloc((size_t)n, sizeof *vals, &le);
    bool *owned = gl_alloc((size_t)n, sizeof *owned, &le);
    bool *isc = gl_alloc((size_t)n, sizeof *isc, &le);
    int *idmap = gl_alloc((size_t)n, sizeof *idmap, &le);
    int *stack = gl_alloc((size_t)n, sizeof *stack, &le);
    bool *claimed = gl_alloc((size_t)n, sizeof *claimed, &le);
    gl_graph *ng = NULL;
    gl_prov_builder b;
    int folded = 0;
    if (!nodes || !vals || !owned || !isc || !idmap || !stack || !claimed) goto fail;
    if (gl_graph_validate(g, &le)) goto fail;
    if (n) memcpy(nodes, g->nodes, sizeof *nodes * (size_t)n);
    gl_bind nobind;
    memset(&nobind, 0, sizeof nobind);
    for (int i = 0; i < n; i++) {
        const gl_node *nd = &g->nodes[i];
        vals[i] = g->values[i];
        gl_opclass cls = gl_op_class(nd->op);
        isc[i] = (nd->op == GL_OP_PARAM || nd->op == GL_OP_CONST) && vals[i] && vals[i]->data;
        if (cls == GL_CLASS_LEAF || cls == GL_CLASS_GENERATOR || nd->nin == 0) continue;
        bool all = true;
        gl_array *args[GL_MAX_INPUTS];
        for (int t = 0; t < nd->nin; t++) {
            all = all && isc[nd->in[t]];
            args[t] = vals[nd->in[t]];
        }
        if (!all) continue;
        gl_array *v = NULL;
        if (gl_eval_node(nd, args, &nobind, &v, &le)) goto fail;
        if (!v) {
            gl_fail(&le, GL_E_INTERNAL, "constant_fold: evaluating node %d (%s) gave no value", i, gl_op_name(nd->op));
            goto fail;
        }
        vals[i] = v;
        owned[i] = true;
        isc[i] = true;
        gl_node *c = &nodes[i];
        c->op = GL_OP_CONST;
        c->nin = 0;
        memset(c->in, 0, sizeof c->in);
        memset(&c->attrs, 0, sizeof c->attrs);
        if (!nd->name[0]) snprintf(c->name, sizeof c->name, "folded %s", gl_op_name(nd->op));
        folded++;
    }
    /* g2: the rewritten nodes with the reference's vals; borrowed arrays, not a graph anyone frees. */
    gl_graph g2 = *g;
    g2.nodes = nodes;
    g2.values = vals;
    g2.cap = n;
    ng = gl_dce_graph(&g2, idmap, &le);
    if (!ng || gl_prov_begin(&b, ng->n, n, &le)) goto fail;
    for (int i = 0; i < n; i++) {
        int j = idmap[i];
        if (j < 0) continue;
        gl_prov_add(&b, j, i);
        if (!owned[i]) continue;
        b.how[j] = GL_HOW_FOLDED;
        int sp = 0;
        stack[sp++] = i;
        while (sp) {
            const gl_node *src = &g->nodes[stack[--sp]];
            for (int t = 0; t < src->nin; t++) {
                int k = src->in[t];
                if (idmap[k] >= 0 || claimed[k]) continue;
                claimed[k] = true;
                gl_prov_add(&b, j, k);
                if (owned[k]) stack[sp++] = k;
            }
        }
    }
    if (gl_prov_finish(&b, "constant_fold", &out->prov, &le)) goto fail;
    out->graph = ng;
    out->hits = folded;
    ng = NULL;
fail:
    for (int i = 0; owned && vals && i < n; i++)
        if (owned[i]) gl_array_release(vals[i]);
    gl_graph_free(ng);
    free(nodes);
    free(vals);
    free(owned);
    free(isc);
    free(idmap);
    free(stack);
    free(claimed);
    if (out->graph) return GL_OK;
    return gl_err_forward(e, &le);
}
