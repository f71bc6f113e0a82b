/* memory.c — memory planning (§11): lifetimes of the intermediates written to memory, the naive plan (no
 * reuse), greedy-by-size and the lower bound (the most bytes alive at once).
 *
 * greedy: the reference sorts by size (descending, stable) and gives each buffer the lowest of the
 * candidate offsets {0} ∪ {end of each placed buffer whose lifetime overlaps} that collides with none of
 * them. Here the placed buffers are kept sorted by offset and one sweep finds that same offset: walk the
 * time-overlapping buffers upward from c = 0; stop at the first one starting at or above c + size, else
 * raise c to its end. (Every c the sweep passes over collides with the buffer that raised it, so no lower
 * candidate fits; c is always 0 or some overlapping buffer's end.) */
#include <stdlib.h>
#include <string.h>

#include "util.h"

void gl_lifetimes_free(gl_lifetimes *l) {
    if (!l) return;
    free(l->lt);
    l->lt = NULL;
    l->n = 0;
}

gl_status gl_lifetimes_compute(const gl_graph *g, const gl_kernels *ks, const gl_bind *bind, int elem_bytes,
                               gl_lifetimes *out, gl_err *e) {
    if (!out) return gl_fail(e, GL_E_INVALID, "lifetimes: no output");
    out->n = 0;
    out->lt = NULL;
    if (!g || !ks) return gl_fail(e, GL_E_INVALID, "lifetimes: no graph or kernels");
    if (elem_bytes < 1) return gl_fail(e, GL_E_INVALID, "lifetimes: elem_bytes must be positive, got %d", elem_bytes);
    gl_bind empty = {0};
    if (!bind) bind = &empty;
    size_t n = (size_t)g->n;
    for (int i = 0; i < g->n; i++)
        for (int k = 0; k < g->nodes[i].nin; k++)
            if (g->nodes[i].in[k] < 0 || g->nodes[i].in[k] >= g->n)
                return gl_fail(e, GL_E_INVALID, "lifetimes: node %%%d reads %d, which does not exist", i,
                               g->nodes[i].in[k]);
    for (int k = 0; k < g->nout; k++)
        if (g->outputs[k] < 0 || g->outputs[k] >= g->n)
            return gl_fail(e, GL_E_INVALID, "lifetimes: output %d is node %d, which does not exist", k, g->outputs[k]);
    int total = 0;
    for (int ki = 0; ki < ks->n; ki++) total += ks->k[ki].nnodes;
    gl_users u = {0};
    gl_status st = gl_users_build(g, &u, e);
    if (st) return st;
    int *where = gl_alloc(n, sizeof(int), e);
    unsigned char *isout = gl_alloc(n, 1, e);
    int *stack = gl_alloc((size_t)u.start[g->n] + 1, sizeof(int), e);
    out->lt = gl_alloc((size_t)total, sizeof(gl_lifetime), e);
    if (!where || !isout || !stack || !out->lt) {
        st = GL_E_NOMEM;
        goto out;
    }
    for (int i = 0; i < g->n; i++) where[i] = -1;
    for (int ki = 0; ki < ks->n; ki++)
        for (int a = 0; a < ks->k[ki].nnodes; a++) {
            int nid = ks->k[ki].nodes[a];
            if (nid < 0 || nid >= g->n) {
                st = gl_fail(e, GL_E_INVALID, "lifetimes: kernel %d holds node %d, which does not exist", ki, nid);
                goto out;
            }
            where[nid] = ki;
        }
    for (int k = 0; k < g->nout; k++) {
        int b = g->outputs[k];
        while (gl_op_class(g->nodes[b].op) == GL_CLASS_VIEW && g->nodes[b].nin > 0) b = g->nodes[b].in[0];
        isout[b] = 1;
    }
    for (int ki = 0; ki < ks->n; ki++) {
        const gl_kernel *k = &ks->k[ki];
        if (k->kind == GL_K_WRITE) continue;
        for (int a = 0; a < k->nnodes; a++) {
            int nid = k->nodes[a], last = ki, sp = 0;
            bool ext = false;
            for (int p = u.start[nid]; p < u.start[nid + 1]; p++) stack[sp++] = u.list[p];
            while (sp) {
                int x = stack[--sp];
                if (gl_op_class(g->nodes[x].op) == GL_CLASS_VIEW) {
                    for (int p = u.start[x]; p < u.start[x + 1]; p++) stack[sp++] = u.list[p];
                } else if (where[x] >= 0 && where[x] != ki) {  /* where.get(u, ki) != ki */
                    ext = true;
                    if (where[x] > last) last = where[x];
                }
            }
            if (isout[nid]) {
                ext = true;
                last = ks->n;
            }
            if (!ext) continue;
            int64_t ne;
            if ((st = gl_numel(&g->nodes[nid].shape, bind, &ne, e))) goto out;
            if (ne > INT64_MAX / elem_bytes) {
                st = gl_fail(e, GL_E_LIMIT, "lifetimes: byte size of node %%%d overflows 64 bits", nid);
                goto out;
            }
            out->lt[out->n++] = (gl_lifetime){nid, ne * elem_bytes, ki, last};
        }
    }
out:
    if (st) gl_lifetimes_free(out);
    gl_users_free(&u);
    free(where);
    free(isout);
    free(stack);
    return st;
}

static gl_status check_lifetimes(const gl_lifetimes *l, const char *what, gl_err *e) {
    if (!l || (l->n > 0 && !l->lt)) return gl_fail(e, GL_E_INVALID, "%s: no lifetimes", what);
    int64_t sum = 0;
    for (int i = 0; i < l->n; i++) {
        const gl_lifetime *t = &l->lt[i];
        if (t->bytes < 0)
            return gl_fail(e, GL_E_INVALID, "%s: lifetime %d has negative size %lld", what, i, (long long)t->bytes);
        if (t->bytes > INT64_MAX - sum)
            return gl_fail(e, GL_E_LIMIT, "%s: total size of the buffers overflows 64 bits", what);
        sum += t->bytes;
    }
    return GL_OK;
}

gl_status gl_plan_naive(const gl_lifetimes *l, int64_t *peak, int64_t *offsets, gl_err *e) {
    gl_status st = check_lifetimes(l, "plan_naive", e);
    if (st) return st;
    int64_t total = 0;
    for (int i = 0; i < l->n; i++) {
        if (offsets) offsets[i] = total;
        total += l->lt[i].bytes;
    }
    if (peak) *peak = total;
    return GL_OK;
}

static int by_size_desc(const void *pa, const void *pb, const gl_lifetime *lt) {
    int a = *(const int *)pa, b = *(const int *)pb;
    if (lt[a].bytes != lt[b].bytes) return lt[a].bytes > lt[b].bytes ? -1 : 1;
    return (a > b) - (a < b);                      /* stable */
}

/* Merge sort of indices (qsort has no context argument in C11). */
static void sort_idx(int *a, int *tmp, int n, const gl_lifetime *lt) {
    if (n < 2) return;
    int h = n / 2;
    sort_idx(a, tmp, h, lt);
    sort_idx(a + h, tmp, n - h, lt);
    int i = 0, j = h, k = 0;
    while (i < h && j < n) tmp[k++] = by_size_desc(&a[j], &a[i], lt) < 0 ? a[j++] : a[i++];
    while (i < h) tmp[k++] = a[i++];
    while (j < n) tmp[k++] = a[j++];
    memcpy(a, tmp, sizeof(int) * (size_t)n);
}

gl_status gl_plan_greedy(const gl_lifetimes *l, int64_t *peak, int64_t *offsets, gl_err *e) {
    gl_status st = check_lifetimes(l, "plan_greedy", e);
    if (st) return st;
    int n = l->n;
    const gl_lifetime *lt = l->lt;
    int *idx = gl_alloc((size_t)n, sizeof(int), e), *tmp = gl_alloc((size_t)n, sizeof(int), e);
    int *placed = gl_alloc((size_t)n, sizeof(int), e);     /* lifetime indices, sorted by offset */
    int64_t *off = gl_alloc((size_t)n, sizeof(int64_t), e);
    if (!idx || !tmp || !placed || !off) {
        st = GL_E_NOMEM;
        goto out;
    }
    for (int i = 0; i < n; i++) idx[i] = i;
    sort_idx(idx, tmp, n, lt);
    int np = 0;
    int64_t top = 0;
    for (int q = 0; q < n; q++) {
        int i = idx[q];
        int64_t size = lt[i].bytes, c = 0;
        int s = lt[i].start, en = lt[i].end;
        int p = 0;
        for (; p < np; p++) {
            const gl_lifetime *o = &lt[placed[p]];
            if (en < o->start || o->end < s) continue;  /* lifetimes do not overlap */
            int64_t po = off[placed[p]];
            if (c + size <= po) break;
            if (po + o->bytes > c) c = po + o->bytes;
        }
        off[i] = c;
        /* insert after every placed buffer with offset <= c, keeping the array sorted by offset */
        int lo = 0, hi = np;
        while (lo < hi) {
            int mid = (lo + hi) / 2;
            if (off[placed[mid]] <= c) lo = mid + 1;
            else hi = mid;
        }
        memmove(placed + lo + 1, placed + lo, sizeof(int) * (size_t)(np - lo));
        placed[lo] = i;
        np++;
        if (c + size > top) top = c + size;
    }
    if (peak) *peak = top;
    if (offsets)
        for (int i = 0; i < n; i++) offsets[i] = off[i];
out:
    free(idx);
    free(tmp);
    free(placed);
    free(off);
    return st;
}

static int cmp_event(const void *pa, const void *pb) {
    const int64_t *a = pa, *b = pb;
    if (a[0] != b[0]) return a[0] < b[0] ? -1 : 1;
    return 0;
}

int64_t gl_lower_bound(const gl_lifetimes *l) {
    if (!l || l->n == 0 || !l->lt) return 0;
    /* events (time, delta): +size at start, -size after end; the max over time of the running sum */
    int64_t *ev = malloc(sizeof(int64_t) * 4 * (size_t)l->n);
    if (!ev) return -1;
    int m = 0;
    for (int i = 0; i < l->n; i++) {
        const gl_lifetime *t = &l->lt[i];
        if (t->end < t->start) continue;           /* live[s:e+1] is empty */
        ev[2 * m] = t->start;
        ev[2 * m + 1] = t->bytes;
        m++;
        ev[2 * m] = (int64_t)t->end + 1;
        ev[2 * m + 1] = -t->bytes;
        m++;
    }
    qsort(ev, (size_t)m, 2 * sizeof(int64_t), cmp_event);
    int64_t live = 0, best = 0;
    for (int i = 0; i < m;) {
        int64_t time = ev[2 * i];
        for (; i < m && ev[2 * i] == time; i++) live += ev[2 * i + 1];
        if (live > best) best = live;
    }
    free(ev);
    return best;
}
