/* pass_match_attention.c — pattern matching of attention into flash_attn (§9 match_attention).
 *
 * For each softmax s (in node order), as the reference:
 *   x = input of s; if x = add(y, m) with m a causal_mask node: mask = m, x = y   (only causal_mask masks:
 *       an add of an input kmask is not matched, so a masked decode gets 0 hits)
 *   x must be mul(mm, c) with c a const (scale = its value), mm = matmul(q, t) with t a transpose (k = t's
 *   input), and s must have exactly one user, a matmul pv reading s as its first input (v = pv's second).
 * Then pv becomes flash_attn(q, k, v[, mask]) {scale} named "flash_attn" (same id), and dce drops what
 * died. hits = the number of matches. A scale const whose value is not a single number (the reference
 * would raise) is not matched.
 * Provenance: the flash_attn node is "replaced" from the pv matmul plus every node of the matched pattern
 * (matmul, transpose, scale const, mul, add, causal_mask, softmax) that did not survive, each listed with
 * the first match (in output order) that contains it. Others are "kept"; remaining dead nodes removed.
 */
#include <stdlib.h>
#include <string.h>

#include "passes/passes.h"

#define PAT 8   /* pv, mm, transpose, const, mul, add, mask, softmax */

gl_status gl_match_attention(const gl_graph *g, gl_pass_result *out, gl_err *e) {
    gl_pass_result_init(out);
    gl_err le = {0};
    int n = g->n;
    gl_users us = {0};
    gl_node *nodes = gl_alloc((size_t)n, sizeof *nodes, &le);
    int *idmap = gl_alloc((size_t)n, sizeof *idmap, &le);
    int *pat = gl_alloc((size_t)n, sizeof(int) * PAT, &le);   /* per pv id: the matched pattern */
    bool *claimed = gl_alloc((size_t)n, sizeof *claimed, &le);
    gl_graph *ng = NULL;
    gl_prov_builder b;
    int count = 0;
    if (!nodes || !idmap || !pat || !claimed) goto fail;
    if (gl_graph_validate(g, &le) || gl_users_build(g, &us, &le)) goto fail;
    if (n) memcpy(nodes, g->nodes, sizeof *nodes * (size_t)n);
    for (int i = 0; i < n * PAT; i++) pat[i] = -1;
    for (int i = 0; i < n; i++) {
        const gl_node *s = &g->nodes[i];
        if (s->op != GL_OP_SOFTMAX) continue;
        int xid = s->in[0], mask = -1, add = -1;
        const gl_node *x = &nodes[xid];
        if (x->op == GL_OP_ADD && nodes[x->in[1]].op == GL_OP_CAUSAL_MASK) {
            add = xid;
            mask = x->in[1];
            xid = x->in[0];
            x = &nodes[xid];
        }
        if (x->op != GL_OP_MUL || nodes[x->in[1]].op != GL_OP_CONST) continue;
        const gl_array *sv = g->values[x->in[1]];
        if (!sv || !sv->data || sv->size != 1) continue;
        double scale = sv->data[0];
        const gl_node *mm = &nodes[x->in[0]];
        if (mm->op != GL_OP_MATMUL || nodes[mm->in[1]].op != GL_OP_TRANSPOSE) continue;
        int u0 = us.start[i], u1 = us.start[i + 1];
        if (u1 - u0 != 1) continue;
        int pvid = us.list[u0];
        if (nodes[pvid].op != GL_OP_MATMUL || nodes[pvid].in[0] != i) continue;
        gl_node *pv = &nodes[pvid];
        int q = mm->in[0], k = nodes[mm->in[1]].in[0], v = pv->in[1];
        int *p = &pat[(size_t)pvid * PAT];
        p[0] = pvid;
        p[1] = mm->id;
        p[2] = mm->in[1];
        p[3] = x->in[1];
        p[4] = xid;
        p[5] = add;
        p[6] = mask;
        p[7] = i;
        pv->op = GL_OP_FLASH_ATTN;
        pv->in[0] = q;
        pv->in[1] = k;
        pv->in[2] = v;
        pv->nin = 3;
        if (mask >= 0) pv->in[pv->nin++] = mask;
        memset(&pv->attrs, 0, sizeof pv->attrs);
        pv->attrs.has = GL_A_SCALE;
        pv->attrs.scale = scale;
        memset(pv->name, 0, sizeof pv->name);
        memcpy(pv->name, "flash_attn", sizeof "flash_attn");
        count++;
    }
    gl_graph g2 = *g;
    g2.nodes = nodes;
    g2.cap = n;
    ng = gl_dce_graph(&g2, idmap, &le);
    if (!ng || gl_prov_begin(&b, ng->n, n, &le)) goto fail;
    for (int i = 0; i < n; i++) {
        int j = idmap[i];
        if (j < 0) continue;
        gl_prov_add(&b, j, i);
        const int *p = &pat[(size_t)i * PAT];
        if (p[0] != i) continue;
        b.how[j] = GL_HOW_REPLACED;
        for (int t = 1; t < PAT; t++)
            if (p[t] >= 0 && idmap[p[t]] < 0 && !claimed[p[t]]) {
                claimed[p[t]] = true;
                gl_prov_add(&b, j, p[t]);
            }
    }
    if (gl_prov_finish(&b, "match_attention", &out->prov, &le)) goto fail;
    out->graph = ng;
    out->hits = count;
    ng = NULL;
fail:
    gl_users_free(&us);
    gl_graph_free(ng);
    free(nodes);
    free(idmap);
    free(pat);
    free(claimed);
    if (out->graph) return GL_OK;
    return gl_err_forward(e, &le);
}
