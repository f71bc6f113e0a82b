/* rebuild.c — the reference's rebuild() and dce() (§9) on C graphs, remap resolution, and the
 * provenance builder the passes share. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "passes/passes.h"

gl_status gl_resolve_all(const int *remap, int n, int *res, gl_err *e) {
    for (int i = 0; i < n; i++) res[i] = -2;          /* -2: not resolved yet */
    for (int i = 0; i < n; i++) {
        if (res[i] != -2) continue;
        /* Follow the chain to its end (or to an already-resolved id), then write it back along the path. */
        int j = i, steps = 0;
        while (res[j] == -2 && remap && remap[j] >= 0) {
            if (remap[j] >= n) return gl_fail(e, GL_E_INTERNAL, "remap of node %d points at missing node %d", j, remap[j]);
            res[j] = -3;                               /* on the current path: a revisit is a cycle */
            j = remap[j];
            if (++steps > n || res[j] == -3) return gl_fail(e, GL_E_INTERNAL, "remap has a cycle through node %d", j);
        }
        int end = res[j] >= 0 ? res[j] : j;
        res[j] = end;
        for (int k = i; k != j; k = remap[k]) res[k] = end;
    }
    return GL_OK;
}

void gl_idmap_compose(const int *a, int na, const int *b, int *out) {
    for (int i = 0; i < na; i++) out[i] = a[i] >= 0 ? b[a[i]] : -1;
}

gl_graph *gl_rebuild(const gl_graph *g, const int *keep, int nkeep, const int *remap, int *idmap, gl_err *e) {
    int n = g->n;
    int *res = gl_alloc((size_t)n, sizeof *res, e);
    int *map = gl_alloc((size_t)n, sizeof *map, e);
    int *outs = gl_alloc((size_t)g->nout, sizeof *outs, e);
    gl_graph *ng = gl_graph_new(e);
    if (!res || !map || !outs || !ng) goto fail;
    if (gl_resolve_all(remap, n, res, e)) goto fail;
    if (gl_graph_reserve(ng, nkeep, e)) goto fail;
    for (int i = 0; i < n; i++) map[i] = -1;
    for (int k = 0; k < nkeep; k++) {
        int old = keep[k];
        if (old < 0 || old >= n) {
            gl_fail(e, GL_E_INTERNAL, "rebuild: kept id %d out of range", old);
            goto fail;
        }
        const gl_node *nd = &g->nodes[old];
        int ins[GL_MAX_INPUTS];
        for (int t = 0; t < nd->nin; t++) {
            int src = nd->in[t];
            int r = (src >= 0 && src < n) ? map[res[src]] : -1;
            if (r < 0) {
                gl_fail(e, GL_E_INTERNAL, "rebuild: node %d (%s) reads node %d, which is not kept before it", old,
                        gl_op_name(nd->op), src);
                goto fail;
            }
            ins[t] = r;
        }
        int nid = gl_graph_add_copy(ng, nd, ins, e);
        if (nid < 0) goto fail;
        map[old] = nid;
        if (g->values[old]) gl_graph_set_value(ng, nid, g->values[old]);
    }
    for (int k = 0; k < g->nout; k++) {
        int o = g->outputs[k];
        int r = (o >= 0 && o < n) ? map[res[o]] : -1;
        if (r < 0) {
            gl_fail(e, GL_E_INTERNAL, "rebuild: output %d (node %d) is not kept", k, o);
            goto fail;
        }
        outs[k] = r;
    }
    if (gl_graph_set_outputs(ng, outs, g->nout, e)) goto fail;
    for (int k = 0; k < g->nguards; k++) {
        int nd = g->guards[k].node;
        int r = (nd >= 0 && nd < n) ? map[res[nd]] : -1;
        if (gl_graph_add_guard(ng, r >= 0 ? r : nd, g->guards[k].value, e)) goto fail;
    }
    if (idmap) memcpy(idmap, map, sizeof *map * (size_t)n);
    free(res);
    free(map);
    free(outs);
    return ng;
fail:
    free(res);
    free(map);
    free(outs);
    gl_graph_free(ng);
    return NULL;
}

/* dce's keep list: every node reachable from outputs and guards, plus every input node, in order.
 * Returns how many (n: nothing is dead), or -1 with *e set. keep holds g->n ints. */
static int dce_keep(const gl_graph *g, int *keep, gl_err *e) {
    int n = g->n;
    bool *live = gl_alloc((size_t)n, sizeof *live, e);
    if (!live) return -1;
    for (int k = 0; k < g->nout; k++)
        if (g->outputs[k] >= 0 && g->outputs[k] < n) live[g->outputs[k]] = true;
    for (int k = 0; k < g->nguards; k++)
        if (g->guards[k].node >= 0 && g->guards[k].node < n) live[g->guards[k].node] = true;
    for (int i = n - 1; i >= 0; i--)
        if (live[i])
            for (int t = 0; t < g->nodes[i].nin; t++)
                if (g->nodes[i].in[t] >= 0 && g->nodes[i].in[t] < n) live[g->nodes[i].in[t]] = true;
    int nkeep = 0;
    for (int i = 0; i < n; i++)
        if (live[i] || g->nodes[i].op == GL_OP_INPUT) keep[nkeep++] = i;
    free(live);
    return nkeep;
}

gl_graph *gl_dce_graph_take(gl_graph *g, int *idmap, gl_err *e) {
    int *keep = gl_alloc((size_t)g->n, sizeof *keep, e);
    int nkeep = keep ? dce_keep(g, keep, e) : -1;
    gl_graph *ng = NULL;
    if (nkeep == g->n) {          /* nothing dead: the graph itself */
        if (idmap)
            for (int i = 0; i < g->n; i++) idmap[i] = i;
        ng = g;
        g = NULL;
    } else if (nkeep >= 0) {
        ng = gl_rebuild(g, keep, nkeep, NULL, idmap, e);
    }
    free(keep);
    gl_graph_free(g);
    return ng;
}

gl_graph *gl_dce_graph(const gl_graph *g, int *idmap, gl_err *e) {
    int *keep = gl_alloc((size_t)g->n, sizeof *keep, e);
    int nkeep = keep ? dce_keep(g, keep, e) : -1;
    gl_graph *ng = NULL;
    if (nkeep == g->n) {          /* nothing dead (the common case): the same graph, copied in one go */
        ng = gl_graph_clone(g, e);
        if (ng && idmap)
            for (int i = 0; i < g->n; i++) idmap[i] = i;
    } else if (nkeep >= 0) {
        ng = gl_rebuild(g, keep, nkeep, NULL, idmap, e);
    }
    free(keep);
    return ng;
}

/* ---------------------------------------------------------------- provenance builder */
gl_status gl_prov_begin(gl_prov_builder *b, int nnew, int nold, gl_err *e) {
    memset(b, 0, sizeof *b);
    b->nnew = nnew;
    b->nold = nold;
    b->how = gl_alloc((size_t)nnew, sizeof *b->how, e);       /* zero = GL_HOW_KEPT */
    b->cap = nnew + 16;
    b->pnew = gl_alloc((size_t)b->cap, sizeof *b->pnew, e);
    b->pold = gl_alloc((size_t)b->cap, sizeof *b->pold, e);
    if (!b->how || !b->pnew || !b->pold) {
        gl_prov_abort(b);
        return GL_E_NOMEM;
    }
    return GL_OK;
}

void gl_prov_add(gl_prov_builder *b, int new_id, int old_id) {
    if (b->failed) return;
    if (new_id < 0 || new_id >= b->nnew || old_id < 0 || old_id >= b->nold) {
        b->failed = true;
        return;
    }
    if (b->npairs == b->cap) {
        int cap = b->cap * 2;
        int *pn = realloc(b->pnew, sizeof *pn * (size_t)cap);
        if (!pn) { b->failed = true; return; }
        b->pnew = pn;
        int *po = realloc(b->pold, sizeof *po * (size_t)cap);
        if (!po) { b->failed = true; return; }
        b->pold = po;
        b->cap = cap;
    }
    b->pnew[b->npairs] = new_id;
    b->pold[b->npairs] = old_id;
    b->npairs++;
}

void gl_prov_add_idmap(gl_prov_builder *b, const int *idmap) {
    for (int i = 0; i < b->nold; i++)
        if (idmap[i] >= 0) gl_prov_add(b, idmap[i], i);
}

void gl_prov_abort(gl_prov_builder *b) {
    free(b->how);
    free(b->pnew);
    free(b->pold);
    memset(b, 0, sizeof *b);
}

static int cmp_int(const void *a, const void *b) {
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

gl_status gl_prov_finish(gl_prov_builder *b, const char *pass, gl_provenance *out, gl_err *e) {
    memset(out, 0, sizeof *out);
    if (b->failed) {
        gl_prov_abort(b);
        return gl_fail(e, GL_E_NOMEM, "out of memory recording provenance of %s", pass);
    }
    snprintf(out->pass, sizeof out->pass, "%s", pass);
    out->n = b->nnew;
    out->from_start = gl_alloc((size_t)b->nnew + 1, sizeof(int), e);
    out->from = gl_alloc((size_t)b->npairs, sizeof(int), e);
    bool *seen = gl_alloc((size_t)b->nold, sizeof(bool), e);
    if (!out->from_start || !out->from || !seen) goto nomem;
    /* counting sort of the pairs by new id, then each from list ascending */
    for (int k = 0; k < b->npairs; k++) out->from_start[b->pnew[k] + 1]++;
    for (int j = 0; j < b->nnew; j++) out->from_start[j + 1] += out->from_start[j];
    int *fill = gl_alloc((size_t)b->nnew + 1, sizeof(int), e);
    if (!fill) goto nomem;
    memcpy(fill, out->from_start, sizeof(int) * ((size_t)b->nnew + 1));
    for (int k = 0; k < b->npairs; k++) {
        out->from[fill[b->pnew[k]]++] = b->pold[k];
        seen[b->pold[k]] = true;
    }
    free(fill);
    for (int j = 0; j < b->nnew; j++) {
        int s = out->from_start[j], t = out->from_start[j + 1];
        if (t - s > 1) qsort(out->from + s, (size_t)(t - s), sizeof(int), cmp_int);
    }
    int nrem = 0;
    for (int i = 0; i < b->nold; i++) nrem += !seen[i];
    out->removed = gl_alloc((size_t)nrem, sizeof(int), e);
    if (!out->removed) goto nomem;
    for (int i = 0; i < b->nold; i++)
        if (!seen[i]) out->removed[out->nremoved++] = i;
    free(seen);
    out->how = b->how;                        /* hand over */
    b->how = NULL;
    gl_prov_abort(b);
    return GL_OK;
nomem:
    free(seen);
    gl_prov_abort(b);
    gl_provenance_free(out);
    return GL_E_NOMEM;
}

void gl_pass_result_init(gl_pass_result *r) {
    memset(r, 0, sizeof *r);
    r->hits = -1;
}

gl_status gl_err_forward(gl_err *dst, const gl_err *src) {
    gl_status code = src->code ? src->code : GL_E_INTERNAL;
    if (dst && dst->code == GL_OK) {
        dst->code = code;
        memcpy(dst->msg, src->msg, sizeof dst->msg);
    }
    return code;
}
