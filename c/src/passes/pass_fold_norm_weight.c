/* pass_fold_norm_weight.c — fold an RMSNorm's scale into the next matmuls' weights (§9 fold_norm_weight).
 *
 * As the reference: for each mul(a, w) (in node order) with w a rank-1 param, when the mul has users and
 * every user (users of the input graph, one entry per input slot) is a matmul reading the mul as its
 * first input and a param W as its second: for each user, append a new param "{W.name}·diag({w.name})"
 * (U+00B7 middle dot) of W's shape whose value, when w and W have values, is w[:, None] * W (a new array
 * owned by the output graph); the user becomes matmul(a, new param). hits = the number of muls folded.
 * Then the leaves are moved first (old leaves, then the new params, in order), the rest follow in order,
 * and dce drops the mul and any params left unused. A new name longer than GL_NAME_MAX-1 bytes is
 * GL_E_LIMIT; a W whose second-to-last dim does not match w's length (numpy would broadcast it to another
 * shape) is GL_E_SHAPE.
 * Provenance: each new param is "created" from the nodes its fold consumed that did not survive (the mul,
 * w and W), each listed with the first new param (in output order) that consumed it; it may be empty when
 * they all survive. Others are "kept" (a rewritten matmul too); remaining dead nodes are removed.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "passes/passes.h"

/* w[:, None] * W for W of rank >= 2 whose dim -2 equals len(w) (or len(w) == 1). */
static gl_array *scale_rows(const gl_array *w, const gl_array *W, gl_err *e) {
    if (W->rank < 2 || w->rank != 1 || (w->size != W->dim[W->rank - 2] && w->size != 1)) {
        gl_fail(e, GL_E_SHAPE, "fold_norm_weight: cannot scale the rows of a weight of rank %d by %lld values",
                W->rank, (long long)w->size);
        return NULL;
    }
    gl_array *o = gl_array_new(W->rank, W->dim, e);
    if (!o) return NULL;
    int64_t cols = W->dim[W->rank - 1], rows = W->dim[W->rank - 2];
    for (int64_t k = 0; k < W->size; k++) {
        int64_t r = cols ? (k / cols) % rows : 0;
        o->data[k] = w->data[w->size == 1 ? 0 : r] * W->data[k];
    }
    return o;
}

typedef struct {
    int mul, w, W;
} fold_src;

gl_status gl_fold_norm_weight(const gl_graph *g, gl_pass_result *out, gl_err *e) {
    gl_pass_result_init(out);
    gl_err le = {0};
    int n = g->n, m = n, cap = n + 16;
    gl_users us = {0};
    gl_node *nodes = gl_alloc((size_t)cap, sizeof *nodes, &le);
    gl_array **vals = gl_alloc((size_t)cap, sizeof *vals, &le);
    bool *owned = gl_alloc((size_t)cap, sizeof *owned, &le);
    fold_src *src = gl_alloc((size_t)cap, sizeof *src, &le);   /* per new param (index id - n) */
    int *order = NULL, *map1 = NULL, *map2 = NULL, *idmap = NULL;
    bool *claimed = NULL;
    gl_graph *g3 = NULL, *ng = NULL;
    gl_prov_builder b;
    int count = 0;
    if (!nodes || !vals || !owned || !src) goto fail;
    if (gl_graph_validate(g, &le) || gl_users_build(g, &us, &le)) goto fail;
    if (n) {
        memcpy(nodes, g->nodes, sizeof *nodes * (size_t)n);
        memcpy(vals, g->values, sizeof *vals * (size_t)n);
    }
    for (int i = 0; i < n; i++) {
        const gl_node *nd = &g->nodes[i];
        if (nd->op != GL_OP_MUL) continue;
        int a = nd->in[0], wid = nd->in[1];
        if (nodes[wid].op != GL_OP_PARAM || nodes[wid].shape.rank != 1) continue;
        int u0 = us.start[i], u1 = us.start[i + 1];
        if (u0 == u1) continue;
        bool all = true;
        for (int k = u0; all && k < u1; k++) {
            const gl_node *u = &nodes[us.list[k]];
            all = u->op == GL_OP_MATMUL && u->in[0] == i && nodes[u->in[1]].op == GL_OP_PARAM;
        }
        if (!all) continue;
        for (int k = u0; k < u1; k++) {
            int u = us.list[k];
            int Wid = nodes[u].in[1];
            char name[GL_NAME_MAX * 2 + 16];
            snprintf(name, sizeof name, "%s\xC2\xB7" "diag(%s)", nodes[Wid].name, nodes[wid].name);
            if (strlen(name) >= GL_NAME_MAX) {
                gl_fail(&le, GL_E_LIMIT, "fold_norm_weight: new param name '%.40s...' is longer than %d bytes", name,
                        GL_NAME_MAX - 1);
                goto fail;
            }
            if (m == cap) {
                int nc = cap * 2;
                gl_node *nn = gl_grow(nodes, (size_t)nc, sizeof *nn, &le);
                if (!nn) goto fail;
                nodes = nn;
                gl_array **nv = gl_grow(vals, (size_t)nc, sizeof *nv, &le);
                if (!nv) goto fail;
                vals = nv;
                bool *no = gl_grow(owned, (size_t)nc, sizeof *no, &le);
                if (!no) goto fail;
                owned = no;
                fold_src *ns = gl_grow(src, (size_t)nc, sizeof *ns, &le);
                if (!ns) goto fail;
                src = ns;
                cap = nc;
            }
            int nid = m;
            gl_node *p = &nodes[nid];
            memset(p, 0, sizeof *p);
            p->id = nid;
            p->op = GL_OP_PARAM;
            p->shape = nodes[Wid].shape;
            memcpy(p->name, name, strlen(name) + 1);
            vals[nid] = NULL;
            owned[nid] = false;
            src[nid - n] = (fold_src){i, wid, Wid};
            m++;
            if (vals[wid] && vals[Wid]) {
                vals[nid] = scale_rows(vals[wid], vals[Wid], &le);
                if (!vals[nid]) goto fail;
                owned[nid] = true;
            }
            gl_node *un = &nodes[u];
            un->op = GL_OP_MATMUL;
            un->nin = 2;
            un->in[0] = a;
            un->in[1] = nid;
            memset(&un->attrs, 0, sizeof un->attrs);
        }
        count++;
    }
    order = gl_alloc((size_t)m, sizeof *order, &le);
    map1 = gl_alloc((size_t)m, sizeof *map1, &le);
    idmap = gl_alloc((size_t)m, sizeof *idmap, &le);
    claimed = gl_alloc((size_t)n, sizeof *claimed, &le);
    if (!order || !map1 || !idmap || !claimed) goto fail;
    int no = 0;
    for (int i = 0; i < m; i++)
        if (gl_op_class(nodes[i].op) == GL_CLASS_LEAF) order[no++] = i;
    for (int i = 0; i < m; i++)
        if (gl_op_class(nodes[i].op) != GL_CLASS_LEAF) order[no++] = i;
    gl_graph g2 = *g;
    g2.nodes = nodes;
    g2.values = vals;
    g2.n = m;
    g2.cap = cap;
    g3 = gl_rebuild(&g2, order, m, NULL, map1, &le);
    if (!g3) goto fail;
    map2 = gl_alloc((size_t)g3->n, sizeof *map2, &le);
    if (!map2) goto fail;
    ng = gl_dce_graph_take(g3, map2, &le);       /* g3 is ng now, or freed */
    g3 = NULL;
    if (!ng) goto fail;
    gl_idmap_compose(map1, m, map2, idmap);
    if (gl_prov_begin(&b, ng->n, n, &le)) goto fail;
    gl_prov_add_idmap(&b, idmap);                              /* old ids 0..n-1 */
    for (int nid = n; nid < m; nid++) {
        int j = idmap[nid];
        if (j < 0) continue;
        b.how[j] = GL_HOW_CREATED;
        int ids[3] = {src[nid - n].mul, src[nid - n].w, src[nid - n].W};
        for (int t = 0; t < 3; t++)
            if (idmap[ids[t]] < 0 && !claimed[ids[t]]) {
                claimed[ids[t]] = true;
                gl_prov_add(&b, j, ids[t]);
            }
    }
    if (gl_prov_finish(&b, "fold_norm_weight", &out->prov, &le)) goto fail;
    out->graph = ng;
    out->hits = count;
    ng = NULL;
fail:
    for (int i = n; owned && vals && i < m; i++)
        if (owned[i]) gl_array_release(vals[i]);
    gl_users_free(&us);
    gl_graph_free(g3);
    gl_graph_free(ng);
    free(nodes);
    free(vals);
    free(owned);
    free(src);
    free(order);
    free(map1);
    free(map2);
    free(idmap);
    free(claimed);
    if (out->graph) return GL_OK;
    return gl_err_forward(e, &le);
}
