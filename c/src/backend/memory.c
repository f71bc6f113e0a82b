/* memory.c — memory planning (§11): lifetimes of the intermediates written to memory, the naive plan (no
 * reuse), greedy-by-size and the lower bound (the most bytes alive at once).
 *
 * greedy: the reference sorts by size (descending, stable) and gives each buffer the lowest of the
 * candidate offsets {0} ∪ {end of each placed buffer whose lifetime overlaps} that collides with none of
 * them. Here the placed buffers are kept sorted by offset and one sweep finds that same offset: walk the
 * time-overlapping buffers upward from c = 0; stop at the first one starting at or above c + size, else
 * raise c to its end. (Every c the sweep passes over collides with the buffer that raised it, so no lower
 * candidate fits; c is always 0 or some overlapping buffer's end.)
 * Finding the time-overlapping buffers: normally through per-time lists (times compressed to the distinct
 * starts/ends), so a buffer looks only at what is alive during its own lifetime — near-linear for the short
 * lifetimes of a layer stack; when lifetimes are so long that those lists would be large, by scanning every
 * placed buffer (O(n²), no extra memory). Both give the reference's offsets exactly. */
#include <stdlib.h>
#include <string.h>

#include "backend/scratch.h"
#include "ir/util.h"

void gl_lifetimes_free(gl_lifetimes *l) {
    if (!l) return;
    free(l->lt);
    l->lt = NULL;
    l->n = 0;
}

/* A buffer's last use is the latest other kernel whose non-view node reads it, directly or through views;
 * views have one input, so such a reader reads base(input), and one scan over the inputs finds them all. */
gl_status gl_lifetimes_compute(const gl_graph *g, const gl_kernels *ks, const gl_bind *bind, int elem_bytes,
                               gl_lifetimes *out, gl_err *e) {
    return gl_lifetimes_sized(g, ks, bind, elem_bytes, NULL, out, e);
}

gl_status gl_lifetimes_sized(const gl_graph *g, const gl_kernels *ks, const gl_bind *bind, int elem_bytes,
                             const unsigned char *node_bytes, gl_lifetimes *out, gl_err *e) {
    if (!out) return gl_fail(e, GL_E_INVALID, "lifetimes: no output");
    out->n = 0;
    out->lt = NULL;
    if (!g || !ks) return gl_fail(e, GL_E_INVALID, "lifetimes: no graph or kernels");
    if (elem_bytes < 1) return gl_fail(e, GL_E_INVALID, "lifetimes: elem_bytes must be positive, got %d", elem_bytes);
    gl_bind empty = {0};
    if (!bind) bind = &empty;
    size_t n = (size_t)(g->n > 0 ? g->n : 0);
    for (int i = 0; i < g->n; i++) {
        const gl_node *nd = &g->nodes[i];
        for (int k = 0; k < nd->nin; k++)
            if (nd->in[k] < 0 || nd->in[k] >= g->n)
                return gl_fail(e, GL_E_INVALID, "lifetimes: node %%%d reads %d, which does not exist", i, nd->in[k]);
        if (nd->nin > 1 && gl_op_class_of(nd->op) == GL_CLASS_VIEW)
            return gl_fail(e, GL_E_INVALID, "lifetimes: node %%%d (%s) is a view of %d inputs; a view has one", i,
                           gl_op_name(nd->op), nd->nin);
    }
    for (int k = 0; k < g->nout; k++)
        if (g->outputs[k] < 0 || g->outputs[k] >= g->n)
            return gl_fail(e, GL_E_INVALID, "lifetimes: output %d is node %d, which does not exist", k, g->outputs[k]);
    int total = 0;
    for (int ki = 0; ki < ks->n; ki++) total += ks->k[ki].nnodes;
    gl_scratch s = {NULL, 0};
    int *where = NULL, *base = NULL, *last = NULL;
    unsigned char *isout = NULL, *ext = NULL, *view = NULL;
    for (int pass = 0; pass < 2; pass++) {            /* measure, then lay out over the block */
        isout = gl_scratch_take(&s, n, 1);
        ext = gl_scratch_take(&s, n, 1);
        view = gl_scratch_take(&s, n, 1);
        where = gl_scratch_take(&s, n, sizeof(int));
        base = gl_scratch_take(&s, n, sizeof(int));
        last = gl_scratch_take(&s, n, sizeof(int));
        if (pass == 0) {
            if (s.size == SIZE_MAX || !(s.base = calloc(1, s.size ? s.size : 1)))
                return gl_fail(e, GL_E_NOMEM, "lifetimes: out of memory (%d nodes)", g->n);
            s.size = 0;
        }
    }
    gl_status st = GL_OK;
    out->lt = gl_alloc((size_t)total, sizeof(gl_lifetime), e);
    if (!out->lt) {
        st = GL_E_NOMEM;
        goto out;
    }
    for (int i = 0; i < g->n; i++) {
        const gl_node *nd = &g->nodes[i];
        where[i] = -1;
        view[i] = gl_op_class_of(nd->op) == GL_CLASS_VIEW || nd->op == GL_OP_DEQUANTIZE;   /* fuse.c: an alias */
        base[i] = view[i] && nd->nin > 0 ? base[nd->in[0]] : i;
    }
    for (int ki = 0; ki < ks->n; ki++)
        for (int a = 0; a < ks->k[ki].nnodes; a++) {
            int nid = ks->k[ki].nodes[a];
            if (nid < 0 || nid >= g->n) {
                st = gl_fail(e, GL_E_INVALID, "lifetimes: kernel %d holds node %d, which does not exist", ki, nid);
                goto out;
            }
            if (where[nid] >= 0) {
                st = gl_fail(e, GL_E_INVALID, "lifetimes: node %%%d is in kernels %d and %d", nid, where[nid], ki);
                goto out;
            }
            where[nid] = last[nid] = ki;
        }
    for (int k = 0; k < g->nout; k++) isout[base[g->outputs[k]]] = 1;
    for (int x = 0; x < g->n; x++) {
        int wx = where[x];
        if (view[x] || wx < 0) continue;
        const gl_node *nd = &g->nodes[x];
        for (int q = 0; q < nd->nin; q++) {
            int b = base[nd->in[q]], wb = where[b];
            if (wb < 0 || wb == wx) continue;         /* where.get(u, ki) != ki */
            ext[b] = 1;
            if (wx > last[b]) last[b] = wx;
        }
    }
    const int64_t max_ne = INT64_MAX / (node_bytes && elem_bytes < 8 ? 8 : elem_bytes);
    for (int ki = 0; ki < ks->n; ki++) {
        const gl_kernel *k = &ks->k[ki];
        if (k->kind == GL_K_WRITE) continue;
        for (int a = 0; a < k->nnodes; a++) {
            int nid = k->nodes[a];
            if (isout[nid]) last[nid] = ks->n;
            else if (!ext[nid]) continue;
            int64_t ne;
            if ((st = gl_numel(g->nodes[nid].shape, bind, &ne, e))) goto out;
            if (ne > max_ne) {
                st = gl_fail(e, GL_E_LIMIT, "lifetimes: byte size of node %%%d overflows 64 bits", nid);
                goto out;
            }
            out->lt[out->n++] = (gl_lifetime){nid, ne * (node_bytes ? node_bytes[nid] : elem_bytes), ki, last[nid]};
        }
    }
out:
    if (st) gl_lifetimes_free(out);
    free(s.base);
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

/* The reference's first fit, given the time-overlapping placed buffers sorted by offset (see the top). */
typedef struct {
    int64_t off, size;
} block;

static int64_t first_fit(const block *b, int m, int64_t size) {
    int64_t c = 0;
    for (int p = 0; p < m; p++) {
        if (c + size <= b[p].off) break;
        if (b[p].off + b[p].size > c) c = b[p].off + b[p].size;
    }
    return c;
}

static int cmp_block(const void *pa, const void *pb) {
    const block *a = pa, *b = pb;
    return (a->off > b->off) - (a->off < b->off);
}

static int cmp_i64(const void *pa, const void *pb) {
    int64_t a = *(const int64_t *)pa, b = *(const int64_t *)pb;
    return (a > b) - (a < b);
}

static int coord(const int64_t *x, int nx, int64_t v) {   /* index of v in the sorted unique x */
    int lo = 0, hi = nx - 1;
    while (lo < hi) {
        int mid = (lo + hi) / 2;
        if (x[mid] < v) lo = mid + 1;
        else hi = mid;
    }
    return lo;
}

/* By offset; the order of equal offsets does not change first_fit's answer. A buffer sees few others
 * (those alive with it): insertion sort, qsort past a few dozen. */
static void sort_blocks(block *b, int m) {
    if (m > 32) {
        qsort(b, (size_t)m, sizeof(block), cmp_block);
        return;
    }
    for (int i = 1; i < m; i++) {
        block v = b[i];
        int j = i - 1;
        for (; j >= 0 && b[j].off > v.off; j--) b[j + 1] = b[j];
        b[j + 1] = v;
    }
}

/* The distinct starts and ends, in order: cs[i] / ce[i] = the rank of lifetime i's start / end among them,
 * *nx their number. Kernel indices span little more than n values: counted over that range then; sorted
 * (x, 2n entries) otherwise. */
static gl_status compress(const gl_lifetime *lt, int n, int64_t *x, int *cs, int *ce, int *nx, gl_err *e) {
    int64_t lo = INT64_MAX, hi = INT64_MIN;
    for (int i = 0; i < n; i++) {
        if (lt[i].start < lo) lo = lt[i].start;
        if (lt[i].end > hi) hi = lt[i].end;
    }
    if (n > 0 && hi - lo <= 4 * (int64_t)n + 64) {
        int *rank = gl_alloc((size_t)(hi - lo) + 2, sizeof(int), e);
        if (!rank) return GL_E_NOMEM;
        for (int i = 0; i < n; i++) rank[lt[i].start - lo] = rank[lt[i].end - lo] = 1;
        int r = 0;
        for (int64_t v = 0; v <= hi - lo; v++) {
            int here = rank[v];
            rank[v] = r;
            r += here;
        }
        for (int i = 0; i < n; i++) {
            cs[i] = rank[lt[i].start - lo];
            ce[i] = rank[lt[i].end - lo];
        }
        *nx = r;
        free(rank);
        return GL_OK;
    }
    for (int i = 0; i < n; i++) {
        x[2 * i] = lt[i].start;
        x[2 * i + 1] = lt[i].end;
    }
    qsort(x, 2 * (size_t)n, sizeof(int64_t), cmp_i64);
    int m = 0;
    for (int i = 0; i < 2 * n; i++)
        if (m == 0 || x[m - 1] != x[i]) x[m++] = x[i];
    for (int i = 0; i < n; i++) {
        cs[i] = coord(x, m, lt[i].start);
        ce[i] = coord(x, m, lt[i].end);
    }
    *nx = m;
    return GL_OK;
}

/* Simple path: every placed buffer, kept sorted by offset; the ones not alive together are skipped.
 * O(n) per buffer. */
static gl_status greedy_scan(const gl_lifetime *lt, int n, const int *idx, int64_t *off, gl_err *e) {
    int *placed = gl_alloc((size_t)n, sizeof(int), e);     /* lifetime indices, sorted by offset */
    block *b = gl_alloc((size_t)n, sizeof(block), e);
    if (!placed || !b) {
        free(placed);
        free(b);
        return GL_E_NOMEM;
    }
    int np = 0;
    for (int q = 0; q < n; q++) {
        int i = idx[q], m = 0;
        for (int p = 0; p < np; p++) {
            const gl_lifetime *o = &lt[placed[p]];
            if (lt[i].end < o->start || o->end < lt[i].start) continue;   /* not alive together */
            b[m++] = (block){off[placed[p]], o->bytes};
        }
        int64_t c = first_fit(b, m, lt[i].bytes);
        off[i] = c;
        int lo = 0, hi = np;                       /* insert after every placed offset <= c */
        while (lo < hi) {
            int mid = (lo + hi) / 2;
            if (off[placed[mid]] <= c) lo = mid + 1;
            else hi = mid;
        }
        memmove(placed + lo + 1, placed + lo, sizeof(int) * (size_t)(np - lo));
        placed[lo] = i;
        np++;
    }
    free(placed);
    free(b);
    return GL_OK;
}

/* Interval path: times compressed to the distinct starts/ends; every lifetime is listed under each
 * (compressed) time it is alive, so a buffer looks only at the buffers alive during its own lifetime, then
 * sorts those few by offset. Used when the lists stay small (total span <= budget). *ok = false: not used. */
static gl_status greedy_intervals(const gl_lifetime *lt, int n, const int *idx, int64_t *off, bool *ok, gl_err *e) {
    *ok = false;
    for (int i = 0; i < n; i++)
        if (lt[i].start > lt[i].end) return GL_OK;   /* degenerate: leave it to the scan */
    gl_status st = GL_OK;
    int64_t *x = gl_alloc(2 * (size_t)n, sizeof(int64_t), e);
    int *cs = gl_alloc((size_t)n, sizeof(int), e), *ce = gl_alloc((size_t)n, sizeof(int), e);
    int *start = NULL, *list = NULL, *fill = NULL, *stamp = NULL;
    unsigned char *placed = NULL;
    block *b = NULL;
    if (!x || !cs || !ce) {
        st = GL_E_NOMEM;
        goto out;
    }
    int nx = 0;
    if ((st = compress(lt, n, x, cs, ce, &nx, e))) goto out;
    int64_t span = 0, budget = 16 * (int64_t)n + 4096;
    for (int i = 0; i < n; i++) {
        span += ce[i] - cs[i] + 1;
        if (span > budget) goto out;               /* long lifetimes everywhere: the scan is as good */
    }
    start = gl_alloc((size_t)nx + 1, sizeof(int), e);
    fill = gl_alloc((size_t)nx + 1, sizeof(int), e);
    list = gl_alloc((size_t)span, sizeof(int), e);
    stamp = gl_alloc((size_t)n, sizeof(int), e);
    placed = gl_alloc((size_t)n, 1, e);
    b = gl_alloc((size_t)n, sizeof(block), e);
    if (!start || !fill || !list || !stamp || !placed || !b) {
        st = GL_E_NOMEM;
        goto out;
    }
    for (int i = 0; i < n; i++)
        for (int t = cs[i]; t <= ce[i]; t++) start[t + 1]++;
    for (int t = 0; t < nx; t++) start[t + 1] += start[t];
    memcpy(fill, start, sizeof(int) * (size_t)(nx + 1));
    for (int i = 0; i < n; i++)
        for (int t = cs[i]; t <= ce[i]; t++) list[fill[t]++] = i;
    for (int q = 0; q < n; q++) {
        int i = idx[q], m = 0;
        for (int t = cs[i]; t <= ce[i]; t++)
            for (int p = start[t]; p < start[t + 1]; p++) {
                int j = list[p];
                if (!placed[j] || stamp[j] == q + 1) continue;
                stamp[j] = q + 1;
                b[m++] = (block){off[j], lt[j].bytes};
            }
        sort_blocks(b, m);
        off[i] = first_fit(b, m, lt[i].bytes);
        placed[i] = 1;
    }
    *ok = true;
out:
    free(x);
    free(cs);
    free(ce);
    free(start);
    free(fill);
    free(list);
    free(stamp);
    free(placed);
    free(b);
    return st;
}

gl_status gl_plan_greedy(const gl_lifetimes *l, int64_t *peak, int64_t *offsets, gl_err *e) {
    gl_status st = check_lifetimes(l, "plan_greedy", e);
    if (st) return st;
    int n = l->n;
    const gl_lifetime *lt = l->lt;
    int *idx = gl_alloc((size_t)n, sizeof(int), e), *tmp = gl_alloc((size_t)n, sizeof(int), e);
    int64_t *off = gl_alloc((size_t)n, sizeof(int64_t), e);
    if (!idx || !tmp || !off) {
        st = GL_E_NOMEM;
        goto out;
    }
    for (int i = 0; i < n; i++) idx[i] = i;
    sort_idx(idx, tmp, n, lt);                     /* by size, descending, stable */
    bool done = false;
    if ((st = greedy_intervals(lt, n, idx, off, &done, e))) goto out;
    if (!done && (st = greedy_scan(lt, n, idx, off, e))) goto out;
    int64_t top = 0;
    for (int i = 0; i < n; i++)
        if (off[i] + lt[i].bytes > top) top = off[i] + lt[i].bytes;
    if (peak) *peak = top;
    if (offsets)
        for (int i = 0; i < n; i++) offsets[i] = off[i];
out:
    free(idx);
    free(tmp);
    free(off);
    return st;
}

static int cmp_event(const void *pa, const void *pb) {
    const int64_t *a = pa, *b = pb;
    if (a[0] != b[0]) return a[0] < b[0] ? -1 : 1;
    return 0;
}

int64_t gl_lower_bound(const gl_lifetimes *l) {
    if (!l || l->n <= 0 || !l->lt) return 0;
    /* the running sum below never exceeds the total: refuse (-1, like a failed allocation) when the total
     * overflows or a size is negative, instead of wrapping (gl_plan_naive reports that as GL_E_LIMIT) */
    int64_t total = 0;
    for (int i = 0; i < l->n; i++) {
        if (l->lt[i].bytes < 0 || l->lt[i].bytes > INT64_MAX - total) return -1;
        total += l->lt[i].bytes;
    }
    /* kernel indices span little more than n values: the deltas per time over that range, in order */
    int64_t lo = INT64_MAX, hi = INT64_MIN;
    for (int i = 0; i < l->n; i++) {
        if (l->lt[i].end < l->lt[i].start) continue;
        if (l->lt[i].start < lo) lo = l->lt[i].start;
        if ((int64_t)l->lt[i].end + 1 > hi) hi = (int64_t)l->lt[i].end + 1;
    }
    if (lo > hi) return 0;                         /* every live[s:e+1] is empty */
    if (hi - lo <= 4 * (int64_t)l->n + 64) {
        int64_t *delta = calloc((size_t)(hi - lo) + 1, sizeof(int64_t));
        if (!delta) return -1;
        for (int i = 0; i < l->n; i++) {
            const gl_lifetime *t = &l->lt[i];
            if (t->end < t->start) continue;
            delta[t->start - lo] += t->bytes;
            delta[(int64_t)t->end + 1 - lo] -= t->bytes;
        }
        int64_t live = 0, best = 0;
        for (int64_t v = 0; v <= hi - lo; v++) {
            live += delta[v];
            if (live > best) best = live;
        }
        free(delta);
        return best;
    }
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
