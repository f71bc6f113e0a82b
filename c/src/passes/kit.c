/* kit.c — the pass kit (kit.h): the working copy, the one rebuild (the reference's rebuild() and dce()),
 * and the provenance every pass records (rules at the top of pass_registry.c). */
#include "passes/kit.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ir/pool.h"
#include "passes/passes.h"

static bool failed(const gl_kit *k) { return k->err.code != GL_OK; }

/* Grows every per-working-id array to cap entries. */
static gl_status grow_working(gl_kit *k, int cap) {
    gl_node *nn = gl_grow(k->w.nodes, (size_t)cap, sizeof *nn, &k->err);
    if (!nn) return GL_E_NOMEM;
    k->w.nodes = nn;
    gl_array **nv = gl_grow(k->w.values, (size_t)cap, sizeof *nv, &k->err);
    if (!nv) return GL_E_NOMEM;
    k->w.values = nv;
    bool *no = gl_grow(k->owned, (size_t)cap, sizeof *no, &k->err);
    if (!no) return GL_E_NOMEM;
    k->owned = no;
    if (k->remap) {
        int *nr = gl_grow(k->remap, (size_t)cap, sizeof *nr, &k->err);
        if (!nr) return GL_E_NOMEM;
        k->remap = nr;
        bool *nm = gl_grow(k->merged, (size_t)cap, sizeof *nm, &k->err);
        if (!nm) return GL_E_NOMEM;
        k->merged = nm;
    }
    k->w.cap = cap;
    return GL_OK;
}

gl_status gl_kit_begin(gl_kit *k, const gl_graph *g, unsigned need) {
    memset(k, 0, sizeof *k);
    k->in = g;
    k->n = g->n;
    k->hits = -1;
    k->need = need;
    k->w = *g;
    gl_pool_retain(k->w.pool);
    /* the arrays the kit will own are not the input's until made: a failure before they are (out of memory
     * while validating) must not leave gl_kit_end freeing the input graph's own */
    if (need & GL_KIT_NODES) k->w.nodes = NULL;
    if (need & GL_KIT_VALUES) k->w.values = NULL;
    int n = g->n;
    if (need & GL_KIT_NODES) {
        /* the private copy made while validating: one read of the input's nodes instead of two */
        k->w.nodes = gl_grow(NULL, (size_t)n + 1, sizeof *k->w.nodes, &k->err);   /* not zeroed: copied over */
        if (!k->w.nodes) return GL_E_NOMEM;
        k->w.cap = n + 1;
        if (gl_graph_validate_copy(g, k->w.nodes, &k->err)) return k->err.code;
    } else if (gl_graph_validate(g, &k->err)) {
        return k->err.code;
    }
    if (need & GL_KIT_VALUES) {
        k->w.values = gl_grow(NULL, (size_t)n + 1, sizeof *k->w.values, &k->err);   /* copied over, not zeroed */
        k->owned = gl_alloc((size_t)n + 1, sizeof *k->owned, &k->err);
        if (!k->w.values || !k->owned) return GL_E_NOMEM;
        if (n) memcpy(k->w.values, g->values, sizeof *g->values * (size_t)n);
        k->w.values[n] = NULL;
    }
    if (need & GL_KIT_REMAP) {
        k->remap = gl_grow(NULL, (size_t)n + 1, sizeof *k->remap, &k->err);   /* every entry written below */
        k->merged = gl_alloc((size_t)n + 1, sizeof *k->merged, &k->err);
        if (!k->remap || !k->merged) return GL_E_NOMEM;
        for (int i = 0; i <= n; i++) k->remap[i] = -1;
    }
    if ((need & GL_KIT_USERS) && gl_users_build(g, &k->users, &k->err)) return k->err.code;
    return GL_OK;
}

void *gl_kit_alloc(gl_kit *k, size_t n, size_t size) {
    if (failed(k)) return NULL;
    if (k->nscratch == (int)(sizeof k->scratch / sizeof k->scratch[0])) {
        gl_fail(&k->err, GL_E_INTERNAL, "pass kit: more than %d scratch blocks", k->nscratch);
        return NULL;
    }
    void *p = gl_alloc(n, size, &k->err);
    if (p) k->scratch[k->nscratch++] = p;
    return p;
}

int gl_kit_append(gl_kit *k, const gl_node *proto) {
    if (failed(k)) return -1;
    if ((k->need & (GL_KIT_NODES | GL_KIT_VALUES)) != (GL_KIT_NODES | GL_KIT_VALUES)) {
        gl_fail(&k->err, GL_E_INTERNAL, "pass kit: appending needs GL_KIT_NODES | GL_KIT_VALUES");
        return -1;
    }
    gl_pool *p = gl_graph_pool(&k->w, &k->err);
    const gl_shape *s = p ? gl_pool_shape(p, proto->shape, &k->err) : NULL;
    const gl_attrs *a = s ? gl_pool_attrs(p, proto->attrs, &k->err) : NULL;
    const char *nm = a ? gl_pool_name(p, proto->name, &k->err) : NULL;
    int id = k->w.n;
    if (!nm || (id == k->w.cap && grow_working(k, k->w.cap * 2))) return -1;
    k->w.nodes[id] = *proto;
    k->w.nodes[id].id = id;
    k->w.nodes[id].shape = s;
    k->w.nodes[id].attrs = a;
    k->w.nodes[id].name = nm;
    k->w.values[id] = NULL;
    k->owned[id] = false;
    if (k->remap) {
        k->remap[id] = -1;
        k->merged[id] = false;
    }
    k->w.n++;
    return id;
}

gl_status gl_kit_set_attrs(gl_kit *k, int id, const gl_attrs *a) {
    if (failed(k)) return k->err.code;
    gl_pool *p = gl_graph_pool(&k->w, &k->err);
    const gl_attrs *in = p ? gl_pool_attrs(p, a, &k->err) : NULL;
    if (in) k->w.nodes[id].attrs = in;
    return k->err.code;
}

gl_status gl_kit_set_name(gl_kit *k, int id, const char *name) {
    if (failed(k)) return k->err.code;
    gl_pool *p = gl_graph_pool(&k->w, &k->err);
    const char *in = p ? gl_pool_name(p, name, &k->err) : NULL;
    if (in) k->w.nodes[id].name = in;
    return k->err.code;
}

void gl_kit_set_value(gl_kit *k, int id, gl_array *v) {
    if (k->owned[id]) gl_array_release(k->w.values[id]);
    k->w.values[id] = v;
    k->owned[id] = true;
}

void gl_kit_replace(gl_kit *k, int id, int by) {
    k->remap[id] = by;
    k->merged[id] = false;
}

void gl_kit_merge(gl_kit *k, int id, int into) {
    k->remap[id] = into;
    k->merged[id] = true;
}

int gl_kit_res(const gl_kit *k, int id) {
    for (int steps = 0; k->remap[id] >= 0 && steps <= k->w.n; steps++) id = k->remap[id];
    return id;
}

/* res[i] = the end of i -> remap[i] -> ... (i itself when remap is NULL or remap[i] < 0); GL_E_INTERNAL on a
 * cycle or an id out of range. */
static gl_status resolve_all(const int *remap, int n, int *res, gl_err *e) {
    for (int i = 0; i < n; i++) res[i] = remap ? -2 : i;   /* -2: not resolved yet */
    for (int i = 0; remap && i < n; i++) {
        if (res[i] != -2) continue;
        /* Follow the chain to its end (or to an already-resolved id), then write it back along the path. */
        int j = i, steps = 0;
        while (res[j] == -2 && remap[j] >= 0) {
            if (remap[j] >= n) return gl_fail(e, GL_E_INTERNAL, "remap of node %d points at missing node %d", j, remap[j]);
            res[j] = -3;                               /* on the current path: a revisit is a cycle */
            j = remap[j];
            if (++steps > n || res[j] == -3) return gl_fail(e, GL_E_INTERNAL, "remap has a cycle through node %d", j);
        }
        int end = res[j] >= 0 ? res[j] : j;
        res[j] = end;
        for (int t = i; t != j; t = remap[t]) res[t] = end;
    }
    return GL_OK;
}

static void add_pair(gl_kit *k, int new_id, int old_id) {
    if (failed(k)) return;
    if (new_id < 0 || new_id >= k->out->n || old_id < 0 || old_id >= k->n) {
        gl_fail(&k->err, GL_E_INTERNAL, "provenance pair (new %d, old %d) out of range", new_id, old_id);
        return;
    }
    if (k->npairs == k->pcap) {
        int cap = k->pcap * 2;
        int *pn = gl_grow(k->pnew, (size_t)cap, sizeof *pn, &k->err);
        if (!pn) return;
        k->pnew = pn;
        int *po = gl_grow(k->pold, (size_t)cap, sizeof *po, &k->err);
        if (!po) return;
        k->pold = po;
        k->pcap = cap;
    }
    k->pnew[k->npairs] = new_id;
    k->pold[k->npairs] = old_id;
    k->npairs++;
}

static gl_status prov_begin(gl_kit *k) {
    if (k->need & GL_KIT_NO_PROV) return failed(k) ? k->err.code : GL_OK;
    k->how = gl_alloc((size_t)k->out->n, sizeof *k->how, &k->err);   /* zero = GL_HOW_KEPT */
    k->pcap = 64;
    k->pnew = gl_alloc((size_t)k->pcap, sizeof *k->pnew, &k->err);
    k->pold = gl_alloc((size_t)k->pcap, sizeof *k->pold, &k->err);
    return failed(k) ? k->err.code : GL_OK;
}

/* The working nodes to rebuild, in order: remapped ones dropped, dead ones too with GL_KIT_DCE. */
static int keep_list(gl_kit *k, unsigned flags, const int *res, int *keep) {
    const gl_graph *w = &k->w;
    int m = w->n, nkeep = 0;
    for (int pass = 0; pass < 2; pass++) {
        bool leaves = pass == 0;
        for (int i = 0; i < m; i++) {
            if ((flags & GL_KIT_LEAVES_FIRST) && (gl_op_class_of(w->nodes[i].op) == GL_CLASS_LEAF) != leaves) continue;
            if (!k->remap || k->remap[i] < 0) keep[nkeep++] = i;
        }
        if (!(flags & GL_KIT_LEAVES_FIRST)) break;
    }
    if (!(flags & GL_KIT_DCE)) return nkeep;
    bool *live = gl_alloc((size_t)m, sizeof *live, &k->err);
    if (!live) return -1;
    for (int t = 0; t < w->nout; t++) live[res[w->outputs[t]]] = true;
    for (int t = 0; t < w->nguards; t++) live[res[w->guards[t].node]] = true;
    for (int t = nkeep - 1; t >= 0; t--) {
        const gl_node *nd = &w->nodes[keep[t]];
        if (live[keep[t]])
            for (int s = 0; s < nd->nin; s++) live[res[nd->in[s]]] = true;
    }
    int nlive = 0;
    for (int t = 0; t < nkeep; t++)
        if (live[keep[t]] || w->nodes[keep[t]].op == GL_OP_INPUT) keep[nlive++] = keep[t];
    free(live);
    return nlive;
}

/* Nothing changed places and the kit holds a private node array: that array becomes k->out's (shared with
 * the working copy until gl_kit_end), so the common case copies no node at all; the values are retained. */
static gl_status give_working(gl_kit *k) {
    const gl_graph *w = &k->w;
    gl_status st = gl_graph_new(&k->out, &k->err);
    if (st) return st;
    gl_graph *c = k->out;
    gl_graph_share_pool(c, w->pool);
    if (!(c->values = gl_alloc((size_t)w->cap, sizeof *c->values, &k->err))) return k->err.code;
    for (int i = 0; i < w->n; i++)
        if (w->values[i]) c->values[i] = gl_array_retain(w->values[i]);   /* zeroed: most nodes have none */
    c->nodes = w->nodes;
    c->n = w->n;
    c->cap = w->cap;
    k->nodes_given = true;
    if (gl_graph_set_outputs(c, w->outputs, w->nout, &k->err)) return k->err.code;
    for (int i = 0; i < w->nguards; i++)
        if (gl_graph_add_guard(c, w->guards[i].node, w->guards[i].value, &k->err)) return k->err.code;
    return GL_OK;
}

/* The rebuild: renumbers the kept working nodes into k->out (values shared), idmap filled. */
static gl_status rebuild(gl_kit *k, const int *keep, int nkeep, const int *res) {
    const gl_graph *w = &k->w;
    int m = w->n, *map = k->idmap;
    bool same = nkeep == m;
    for (int t = 0; same && t < nkeep; t++) same = keep[t] == t && res[t] == t;
    if (same) {                   /* nothing changed places (the common case): one copy of the node array */
        for (int i = 0; i < m; i++) map[i] = i;
        if (k->need & GL_KIT_NODES) return give_working(k);
        return gl_graph_clone(w, &k->out, &k->err);
    }
    for (int i = 0; i < m; i++) map[i] = -1;
    gl_status st = gl_graph_new(&k->out, &k->err);
    if (st) return st;
    gl_graph *ng = k->out;
    gl_graph_share_pool(ng, w->pool);   /* the nodes are copied as records: their pointers stay valid */
    if ((st = gl_graph_reserve(ng, nkeep, &k->err))) return st;
    for (int t = 0; t < nkeep; t++) {
        int old = keep[t];
        const gl_node *nd = &w->nodes[old];
        int ins[GL_MAX_INPUTS];
        for (int s = 0; s < nd->nin; s++) {
            ins[s] = map[res[nd->in[s]]];
            if (ins[s] < 0)
                return gl_fail(&k->err, GL_E_INTERNAL, "rebuild: node %d (%s) reads node %d, which is not kept before it",
                               old, gl_op_name(nd->op), nd->in[s]);
        }
        /* gl_graph_add_copy's checks hold by construction (room reserved, every input kept before it), so
         * the node is written in place: one struct copy per node. */
        int nid = ng->n++;
        gl_node *dst = &ng->nodes[nid];
        *dst = *nd;
        dst->id = nid;
        for (int s = 0; s < nd->nin; s++) dst->in[s] = ins[s];
        ng->values[nid] = w->values[old] ? gl_array_retain(w->values[old]) : NULL;
        map[old] = nid;
    }
    int *outs = gl_alloc((size_t)w->nout + 1, sizeof *outs, &k->err);
    if (!outs) return GL_E_NOMEM;
    for (int t = 0; t < w->nout; t++)
        if ((outs[t] = map[res[w->outputs[t]]]) < 0) {
            free(outs);
            return gl_fail(&k->err, GL_E_INTERNAL, "rebuild: output %d (node %d) is not kept", t, w->outputs[t]);
        }
    st = gl_graph_set_outputs(ng, outs, w->nout, &k->err);
    free(outs);
    for (int t = 0; !st && t < w->nguards; t++) {
        int r = map[res[w->guards[t].node]];
        if (r < 0) return gl_fail(&k->err, GL_E_INTERNAL, "rebuild: guard %d (node %d) is not kept", t, w->guards[t].node);
        st = gl_graph_add_guard(ng, r, w->guards[t].value, &k->err);
    }
    return st;
}

gl_status gl_kit_commit(gl_kit *k, unsigned flags) {
    if (failed(k)) return k->err.code;
    int m = k->w.n;
    /* not zeroed: resolve_all writes every res, keep_list the keep entries it returns, rebuild every idmap */
    int *res = gl_grow(NULL, (size_t)m + 1, sizeof *res, &k->err);
    int *keep = gl_grow(NULL, (size_t)m + 1, sizeof *keep, &k->err);
    k->idmap = gl_grow(NULL, (size_t)m + 1, sizeof *k->idmap, &k->err);
    k->pbase = gl_grow(NULL, (size_t)k->n + 1, sizeof *k->pbase, &k->err);   /* every entry written below */
    int nkeep = -1;
    if (res && keep && k->idmap && k->pbase && !resolve_all(k->remap, m, res, &k->err))
        nkeep = keep_list(k, flags, res, keep);
    if (nkeep >= 0 && !rebuild(k, keep, nkeep, res) && !prov_begin(k) && !(k->need & GL_KIT_NO_PROV)) {
        for (int i = 0; i < k->n; i++) {
            if (k->remap && k->remap[i] >= 0 && k->merged[i]) {
                int j = k->idmap[res[i]];
                k->pbase[i] = j;
                if (j >= 0) k->how[j] = GL_HOW_MERGED;
            } else {
                k->pbase[i] = k->idmap[i];
            }
        }
    }
    free(res);
    free(keep);
    return k->err.code;
}

gl_status gl_kit_adopt(gl_kit *k, gl_graph *ng) {
    if (failed(k)) {
        gl_graph_free(ng);
        return k->err.code;
    }
    k->out = ng;
    if (k->need & GL_KIT_NO_PROV) return GL_OK;
    if (!(k->pbase = gl_grow(NULL, (size_t)k->n + 1, sizeof *k->pbase, &k->err))) return k->err.code;
    for (int i = 0; i < k->n; i++) k->pbase[i] = -1;
    return prov_begin(k);
}

void gl_kit_how(gl_kit *k, int new_id, gl_how how) {
    if (k->how && new_id >= 0 && new_id < k->out->n) k->how[new_id] = how;
}

void gl_kit_from(gl_kit *k, int new_id, int old_id) {
    if (k->need & GL_KIT_NO_PROV) return;
    /* an old id's first listing is its base (one int, no pair): decompose lists every node */
    if (!failed(k) && old_id >= 0 && old_id < k->n && new_id >= 0 && new_id < k->out->n && k->pbase[old_id] < 0)
        k->pbase[old_id] = new_id;
    else
        add_pair(k, new_id, old_id);
}

bool gl_kit_claim(gl_kit *k, int new_id, int old_id) {
    if ((k->need & GL_KIT_NO_PROV) || failed(k) || k->idmap[old_id] >= 0) return false;
    if (!k->claimed && !(k->claimed = gl_alloc((size_t)k->n, sizeof *k->claimed, &k->err))) return false;
    if (k->claimed[old_id]) return false;
    k->claimed[old_id] = true;
    add_pair(k, new_id, old_id);
    return true;
}

static int cmp_int(const void *a, const void *b) {
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

/* Lays the pairs out as gl_provenance: from lists ascending by old id; removed = old ids in no pair. The
 * base listings (one per old id, ascending) come first in each list; a list a rule's pair made unsorted
 * is sorted. */
static gl_status prov_finish(gl_kit *k, const char *pass, gl_provenance *p) {
    int nnew = k->out->n, nold = k->n;
    const int *base = k->pbase;
    gl_err *e = &k->err;
    size_t plen = strlen(pass);     /* the pass's name, truncated like snprintf would (which cost more in WASM) */
    if (plen > sizeof p->pass - 1) plen = sizeof p->pass - 1;
    memcpy(p->pass, pass, plen);
    p->pass[plen] = 0;
    p->n = nnew;
    p->from_start = gl_alloc((size_t)nnew + 1, sizeof(int), e);
    int *fill = gl_grow(NULL, (size_t)nnew + 1, sizeof(int), e);   /* not zeroed: copied over below */
    bool *paired = k->npairs ? gl_alloc((size_t)nold + 1, sizeof(bool), e) : NULL;   /* listed by a rule's pair */
    int *dirty = k->npairs ? gl_grow(NULL, (size_t)k->npairs, sizeof(int), e) : NULL;   /* written before read */
    if (!p->from_start || !fill || (k->npairs && (!paired || !dirty))) goto done;
    /* a counting sort by new id */
    size_t nbase = 0;
    int nrem = 0;
    for (int i = 0; i < nold; i++) {
        int j = base ? base[i] : -1;
        if (j >= 0) {
            p->from_start[j + 1]++;
            nbase++;
        }
    }
    for (int t = 0; t < k->npairs; t++) {
        p->from_start[k->pnew[t] + 1]++;
        paired[k->pold[t]] = true;
    }
    for (int j = 0; j < nnew; j++) p->from_start[j + 1] += p->from_start[j];
    memcpy(fill, p->from_start, sizeof(int) * ((size_t)nnew + 1));
    /* not zeroed: the counting sort writes every entry (nbase + npairs of them) */
    if (!(p->from = gl_grow(NULL, nbase + (size_t)k->npairs + 1, sizeof(int), e))) goto done;
    p->from[nbase + (size_t)k->npairs] = 0;
    for (int i = 0; i < nold; i++) {
        int j = base ? base[i] : -1;
        if (j >= 0) p->from[fill[j]++] = i;
        else nrem += !(paired && paired[i]);
    }
    int ndirty = 0;
    for (int t = 0; t < k->npairs; t++) {
        int j = k->pnew[t], q = fill[j]++;
        p->from[q] = k->pold[t];
        if (q > p->from_start[j] && p->from[q - 1] > p->from[q]) dirty[ndirty++] = j;
    }
    for (int d = 0; d < ndirty; d++) {          /* a list may be named twice: sorting it again is a no-op */
        int s = p->from_start[dirty[d]], t = p->from_start[dirty[d] + 1];
        qsort(p->from + s, (size_t)(t - s), sizeof(int), cmp_int);
    }
    if (!(p->removed = gl_alloc((size_t)nrem + 1, sizeof(int), e))) goto done;
    for (int i = 0; i < nold; i++)
        if ((!base || base[i] < 0) && !(paired && paired[i])) p->removed[p->nremoved++] = i;
    p->how = k->how;                        /* handed over */
    k->how = NULL;
done:
    free(fill);
    free(paired);
    free(dirty);
    return e->code;
}

gl_status gl_kit_end(gl_kit *k, const char *pass, gl_pass_result *out, gl_err *e) {
    gl_pass_result_init(out);
    if (!failed(k) && !k->out) gl_fail(&k->err, GL_E_INTERNAL, "%s: the pass kit ended without a graph", pass);
    if (!failed(k) && ((k->need & GL_KIT_NO_PROV) || !prov_finish(k, pass, &out->prov))) {
        out->graph = k->out;
        out->hits = k->hits;
        k->out = NULL;
    }
    if (failed(k)) gl_provenance_free(&out->prov);
    gl_graph_free(k->out);
    for (int i = 0; k->owned && i < k->w.n; i++)
        if (k->owned[i]) gl_array_release(k->w.values[i]);
    if ((k->need & GL_KIT_NODES) && !k->nodes_given) free(k->w.nodes);
    if (k->need & GL_KIT_VALUES) free(k->w.values);
    gl_pool_release(k->w.pool);
    free(k->owned);
    free(k->remap);
    free(k->merged);
    gl_users_free(&k->users);
    free(k->idmap);
    free(k->pbase);
    free(k->how);
    free(k->pnew);
    free(k->pold);
    free(k->claimed);
    for (int i = 0; i < k->nscratch; i++) free(k->scratch[i]);
    gl_status st = GL_OK;
    if (failed(k)) {
        st = k->err.code;
        if (e && e->code == GL_OK) *e = k->err;
    }
    memset(k, 0, sizeof *k);
    return st;
}
