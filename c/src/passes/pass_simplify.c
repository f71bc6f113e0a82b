/* pass_simplify.c — algebraic simplification (§9 simplify), the reference's rules exactly, in one forward
 * walk over the nodes (input ids resolved through the rewrites made so far):
 *   mul(x, 1) / mul(1, x) -> x          when x already has the mul's shape
 *   add(x, 0) / sub(x, 0) -> x          when x already has the node's shape
 *   div(x, 1)             -> x          (no shape check, as written)
 *   neg(neg(x))           -> x
 *   transpose(transpose(x)) -> x        when the composed permutation is the identity
 *   reshape(reshape(x))   -> reshape(x) the outer reshape is rewired to read x (and counted)
 * "1" and "0" are consts of shape () whose value (g->values, not attrs: folded scalars count too) equals
 * it. Then rebuild with the remap and dce. hits = the number of rewrites.
 * Provenance: surviving nodes are "kept" (perhaps rewired); replaced and dead nodes are removed.
 */
#include <stdlib.h>
#include <string.h>

#include "passes/passes.h"

typedef struct {
    const gl_graph *g;
    const gl_node *nodes;
    const int *remap;
} simp_ctx;

static int res(const simp_ctx *c, int i) {
    int steps = 0;
    while (c->remap[i] >= 0 && steps++ <= c->g->n) i = c->remap[i];
    return i;
}

static bool is_const(const simp_ctx *c, int i, double v) {
    int r = res(c, i);
    const gl_node *n = &c->nodes[r];
    if (n->op != GL_OP_CONST || n->shape.rank != 0) return false;
    const gl_array *a = c->g->values[r];
    return a && a->data && a->size == 1 && a->data[0] == v;
}

gl_status gl_simplify(const gl_graph *g, gl_pass_result *out, gl_err *e) {
    gl_pass_result_init(out);
    gl_err le = {0};
    int n = g->n;
    gl_node *nodes = gl_alloc((size_t)n, sizeof *nodes, &le);
    int *remap = gl_alloc((size_t)n, sizeof *remap, &le);
    int *keep = gl_alloc((size_t)n, sizeof *keep, &le);
    int *map1 = gl_alloc((size_t)n, sizeof *map1, &le);
    int *map2 = gl_alloc((size_t)n, sizeof *map2, &le);
    int *idmap = gl_alloc((size_t)n, sizeof *idmap, &le);
    gl_graph *g1 = NULL, *ng = NULL;
    gl_prov_builder b;
    int count = 0;
    if (!nodes || !remap || !keep || !map1 || !map2 || !idmap) goto fail;
    if (gl_graph_validate(g, &le)) goto fail;
    if (n) memcpy(nodes, g->nodes, sizeof *nodes * (size_t)n);
    for (int i = 0; i < n; i++) remap[i] = -1;
    simp_ctx c = {g, nodes, remap};
    for (int idx = 0; idx < n; idx++) {
        const gl_node nd = nodes[idx];
        int ins[GL_MAX_INPUTS];
        for (int t = 0; t < nd.nin; t++) ins[t] = res(&c, nd.in[t]);
        switch (nd.op) {
        case GL_OP_MUL: {
            bool c1 = is_const(&c, ins[1], 1.0);
            if (c1 || is_const(&c, ins[0], 1.0)) {
                int other = c1 ? ins[0] : ins[1];
                if (gl_shape_eq(&nodes[other].shape, &nd.shape)) {
                    remap[idx] = other;
                    count++;
                }
            }
            break;
        }
        case GL_OP_ADD:
        case GL_OP_SUB:
            if (is_const(&c, ins[1], 0.0) && gl_shape_eq(&nodes[ins[0]].shape, &nd.shape)) {
                remap[idx] = ins[0];
                count++;
            }
            break;
        case GL_OP_DIV:
            if (is_const(&c, ins[1], 1.0)) {
                remap[idx] = ins[0];
                count++;
            }
            break;
        case GL_OP_NEG:
            if (nodes[ins[0]].op == GL_OP_NEG) {
                remap[idx] = res(&c, nodes[ins[0]].in[0]);
                count++;
            }
            break;
        case GL_OP_TRANSPOSE:
            if (nodes[ins[0]].op == GL_OP_TRANSPOSE) {
                const gl_attrs *a1 = &nodes[ins[0]].attrs, *a2 = &nd.attrs;
                int l1 = a1->nperm, l2 = a2->nperm;
                bool ident = (a1->has & GL_A_PERM) && (a2->has & GL_A_PERM);
                for (int k = 0; ident && k < l2; k++) {
                    int p = a2->perm[k];
                    if (p < 0) p += l1;                      /* Python indexing: p1[-1] is the last */
                    ident = p >= 0 && p < l1 && a1->perm[p] == k;
                }
                if (ident) {
                    remap[idx] = res(&c, nodes[ins[0]].in[0]);
                    count++;
                }
            }
            break;
        case GL_OP_RESHAPE:
            if (nodes[ins[0]].op == GL_OP_RESHAPE) {
                nodes[idx].in[0] = res(&c, nodes[ins[0]].in[0]);
                count++;
            }
            break;
        default: break;
        }
    }
    int nkeep = 0;
    for (int i = 0; i < n; i++)
        if (remap[i] < 0) keep[nkeep++] = i;
    gl_graph g2 = *g;
    g2.nodes = nodes;
    g2.cap = n;
    g1 = gl_rebuild(&g2, keep, nkeep, remap, map1, &le);
    if (!g1) goto fail;
    ng = gl_dce_graph_take(g1, map2, &le);       /* g1 is ng now, or freed */
    g1 = NULL;
    if (!ng) goto fail;
    gl_idmap_compose(map1, n, map2, idmap);
    if (gl_prov_begin(&b, ng->n, n, &le)) goto fail;
    gl_prov_add_idmap(&b, idmap);
    if (gl_prov_finish(&b, "simplify", &out->prov, &le)) goto fail;
    out->graph = ng;
    out->hits = count;
    ng = NULL;
fail:
    gl_graph_free(g1);
    gl_graph_free(ng);
    free(nodes);
    free(remap);
    free(keep);
    free(map1);
    free(map2);
    free(idmap);
    if (out->graph) return GL_OK;
    return gl_err_forward(e, &le);
}
