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

#include "passes/kit.h"

#define PAT 8   /* pv, mm, transpose, const, mul, add, mask, softmax */

/* The attention pattern whose softmax is node i, into p (PAT ids, -1 for add and mask when unmasked);
 * false when it is not one. */
static bool match(gl_kit *k, int i, int *p) {
    const gl_node *s = gl_kit_node(k, i);
    int xid = s->in[0], mask = -1, add = -1;
    const gl_node *x = gl_kit_node(k, xid);
    if (x->op == GL_OP_ADD && gl_kit_node(k, x->in[1])->op == GL_OP_CAUSAL_MASK) {
        add = xid;
        mask = x->in[1];
        xid = x->in[0];
        x = gl_kit_node(k, xid);
    }
    if (x->op != GL_OP_MUL || gl_kit_node(k, x->in[1])->op != GL_OP_CONST) return false;
    const gl_array *sv = k->w.values[x->in[1]];
    if (!sv || !sv->data || sv->size != 1) return false;
    const gl_node *mm = gl_kit_node(k, x->in[0]);
    if (mm->op != GL_OP_MATMUL || gl_kit_node(k, mm->in[1])->op != GL_OP_TRANSPOSE) return false;
    int u0 = k->users.start[i], u1 = k->users.start[i + 1];
    if (u1 - u0 != 1) return false;
    int pv = k->users.list[u0];
    if (gl_kit_node(k, pv)->op != GL_OP_MATMUL || gl_kit_node(k, pv)->in[0] != i) return false;
    int pat[PAT] = {pv, mm->id, mm->in[1], x->in[1], xid, add, mask, i};
    memcpy(p, pat, sizeof pat);
    return true;
}

static int by_pv(const void *a, const void *b) {
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

gl_status gl_match_attention(const gl_graph *g, gl_pass_result *out, gl_err *e) {
    gl_kit k;
    if (gl_kit_begin(&k, g, GL_KIT_NODES | GL_KIT_USERS)) goto done;
    int n = g->n, nsoft = 0, npat = 0;
    for (int i = 0; i < n; i++) nsoft += g->nodes[i].op == GL_OP_SOFTMAX;
    /* the matched patterns, one per softmax at most, in the order their pv nodes are found; sorted by pv
       below (the output order the claims follow) */
    int *pat = gl_kit_alloc(&k, (size_t)nsoft + 1, sizeof(int) * PAT);
    if (!pat) goto done;
    k.hits = 0;
    for (int i = 0; i < n; i++) {
        int p[PAT];
        if (gl_kit_node(&k, i)->op != GL_OP_SOFTMAX || !match(&k, i, p)) continue;
        gl_node *pv = gl_kit_node(&k, p[0]);
        const gl_node *mm = gl_kit_node(&k, p[1]);
        int q = mm->in[0], kk = gl_kit_node(&k, p[2])->in[0], v = pv->in[1];
        memcpy(&pat[(size_t)npat++ * PAT], p, sizeof p);
        pv->op = GL_OP_FLASH_ATTN;
        pv->in[0] = q;
        pv->in[1] = kk;
        pv->in[2] = v;
        pv->nin = 3;
        if (p[6] >= 0) pv->in[pv->nin++] = p[6];
        gl_attrs at;
        memset(&at, 0, sizeof at);
        at.has = GL_A_SCALE;
        at.scale = k.w.values[p[3]]->data[0];
        if (gl_kit_set_attrs(&k, p[0], &at) || gl_kit_set_name(&k, p[0], "flash_attn")) goto done;
        k.hits++;
    }
    if (gl_kit_commit(&k, GL_KIT_DCE)) goto done;
    bool sorted = true;                       /* by pv id (distinct): found in that order in a layer stack */
    for (int a = 1; a < npat && sorted; a++) sorted = pat[(size_t)(a - 1) * PAT] < pat[(size_t)a * PAT];
    if (!sorted) qsort(pat, (size_t)npat, sizeof(int) * PAT, by_pv);
    for (int a = 0; a < npat; a++) {
        const int *p = &pat[(size_t)a * PAT];
        int j = gl_kit_new_id(&k, p[0]);
        if (j < 0) continue;
        gl_kit_how(&k, j, GL_HOW_REPLACED);
        for (int t = 1; t < PAT; t++)
            if (p[t] >= 0) gl_kit_claim(&k, j, p[t]);
    }
done:
    return gl_kit_end(&k, "match_attention", out, e);
}
