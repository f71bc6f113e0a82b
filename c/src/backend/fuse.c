/* fuse.c — fusion (§10 fuse): groups a graph's ops into kernels with the reference's rules, then orders the
 * kernels by dependency and counts each kernel's bytes read / written and FLOPs.
 *
 * Rules (verbatim from the reference):
 *  - views (reshape / transpose) and generators (causal_mask) form no kernel; leaves neither;
 *  - matmul, flash_attn and kv_write each start their own kernel (kinds matmul, attention, write);
 *  - with fusion enabled, a pointwise or reduce node tries the de-duplicated kernels of its inputs' view
 *    bases (in input order) from the last to the first — reversed(in_k), which the reference calls "most
 *    recent first" — and joins the first one that is compatible and that no other input kernel depends on
 *    (the cycle check):
 *      matmul kernel:   pointwise node, same element count (bound), no reduce in the kernel (epilogue);
 *      pointwise/rowwise kernel: the node's iteration space (a reduce's input shape; None for a reduce over
 *                       another axis than the last) equals the kernel's (symbolic tuple equality), or is
 *                       a pointwise node whose shape is the kernel's with last dim 1 ("row_of");
 *  - otherwise a new kernel (rowwise for a reduce, pointwise for anything else);
 *  - kernels are executed in the order of a DFS topological sort (deps visited in ascending order);
 *  - each new kernel records why its first node started it (gl_why; not in the reference): fusion off
 *    (eager), a node that is not pointwise / reduce (special), no input kernel (no_fusible_producer), or why
 *    the first input kernel it tried refused it (epilogue, reduce_axis, iteration_shape, special for an
 *    attention / write kernel, cycle), with the bytes joining it would have saved;
 *  - reads: the distinct view bases read from outside the kernel, skipping generators and scalar consts;
 *    writes: members used by a node outside the kernel (looking through views) or that are outputs;
 *    a write kernel (kv_write) reads and writes one new row.
 *
 * Speed: the reference's cycle check computes the full ancestor set of every other input kernel. Here each
 * kernel keeps a level (longest dependency path below it; only with fusion on, the one case that asks it);
 * a kernel can only reach kernels of lower level,
 * so a reachability DFS (visited stamps) prunes everything at or below the target's level. The answer is
 * the same; the search stays local. A call makes two allocations: its working arrays in one scratch block
 * (backend/scratch.h), and the kernels with their node lists and labels in one result block. Each node's
 * op class is read once into a byte per node (the nodes are touched as little as possible), and a
 * node is "written" when a non-view node of another kernel reads it directly or through views: views have
 * one input, so that reader reads base(input), found by one scan over the inputs (no users lists). */
#include <stdlib.h>
#include <string.h>

#include "backend/scratch.h"
#include "ir/util.h"

const char *gl_why_reason_name(gl_why_reason r) {
    switch (r) {
    case GL_WHY_SPECIAL: return "special";
    case GL_WHY_NO_FUSIBLE_PRODUCER: return "no_fusible_producer";
    case GL_WHY_REDUCE_AXIS: return "reduce_axis";
    case GL_WHY_EPILOGUE: return "epilogue";
    case GL_WHY_ITERATION_SHAPE: return "iteration_shape";
    case GL_WHY_CYCLE: return "cycle";
    case GL_WHY_EAGER: return "eager";
    }
    return "?";
}

const char *gl_kernel_kind_name(gl_kernel_kind k) {
    switch (k) {
    case GL_K_MATMUL: return "matmul";
    case GL_K_POINTWISE: return "pointwise";
    case GL_K_ROWWISE: return "rowwise";
    case GL_K_ATTENTION: return "attention";
    case GL_K_WRITE: return "write";
    case GL_K_NONE: return "none";
    }
    return "?";
}

/* ks->k is gl_fuse's one result block: the kernels, then every kernel's nodes and label. */
void gl_kernels_free(gl_kernels *ks) {
    if (!ks) return;
    free(ks->k);
    ks->k = NULL;
    ks->n = 0;
}

typedef struct {
    int to, next;
} edge;

typedef struct {
    gl_kernel_kind kind;
    int iter;                     /* node whose shape is the kernel's iteration space */
    bool has_reduce;
    int head, tail, nnodes;       /* member nodes, linked through nnext[] in join order */
    int dep, rdep;                /* edge lists: kernels this one depends on / that depend on it */
    int ndeps;
    int level;                    /* longest dependency path below this kernel */
    gl_why why;                   /* candidate: creation index until gl_fuse maps it */
} kbuild;

typedef struct {
    const gl_graph *g;
    const gl_bind *bind;
    gl_err *e;
    int elem_bytes;
    const unsigned char *node_bytes;   /* per node element size (a precision plan), or NULL: elem_bytes */
    int64_t max_ne;               /* INT64_MAX / the largest element size: larger counts overflow as bytes */
    bool levels;                  /* fusion on: kernels keep levels (and reverse edges) for reaches() */
    int64_t *ne;                  /* numel cache per node */
    unsigned char *ne_ok;
    unsigned char *cls;           /* gl_opclass per node */
    unsigned char *opc;           /* gl_op per node (labels read it without touching the nodes) */
    int *base;                    /* view base per node */
    int *kof;                     /* kernel (creation index) per node, -1 */
    int *nnext;
    kbuild *kb;
    int nk;
    edge *dep, *rdep;
    int ndep, nrdep;
    unsigned *mark;               /* per kernel: visit stamp */
    unsigned char *onstk;         /* per kernel: on the level-propagation stack */
    unsigned stamp;
    int *stack;                   /* kernels */
    int *order, *pos;             /* execution order: order[new] = creation index, pos its inverse */
    int *t_start, *t_list, *t_sk, *t_si;   /* topo_order: sorted dependency lists, DFS stack */
    unsigned char *t_done;
    int *seen;                    /* account: last kernel (+1) that counted a read of the node */
    unsigned char *isout, *written;
    uint64_t *depset;             /* (t, d) + 1 of kernels with many deps (open addressing; 0 empty), or NULL */
    size_t depset_cap, depset_n;  /* a power of two; entries */
} fctx;

/* The op table's flops column (backend/flops.c has the rules): an OUT or IN count is an element count the
 * numel cache already holds, so only matmul and attention nodes ask gl_node_flops. */
enum { FL_NONE, FL_OUT, FL_IN, FL_MATMUL, FL_ATTN };
static const unsigned char FLOP_RULE[] = {
#define GL_OP(E, name, cls, lo, hi, req, opt, kernel, flops, ...) [GL_OP_##E] = FL_##flops,
#include "graphlab_ops.h"
#undef GL_OP
};
_Static_assert(sizeof FLOP_RULE / sizeof FLOP_RULE[0] == GL_OP_COUNT, "a FLOP rule per op");

static gl_status numel_of(fctx *c, int node, int64_t *out) {
    if (!c->ne_ok[node]) {
        gl_status st = gl_numel(c->g->nodes[node].shape, c->bind, &c->ne[node], c->e);
        if (st) return st;
        c->ne_ok[node] = 1;
    }
    *out = c->ne[node];
    return GL_OK;
}

static gl_status bytes_of(fctx *c, int node, int elem_bytes, double *out) {
    int64_t n;
    gl_status st = numel_of(c, node, &n);
    if (st) return st;
    if (n > c->max_ne)                             /* every caller passes c->elem_bytes */
        return gl_fail(c->e, GL_E_LIMIT, "byte size of node %%%d overflows 64 bits", node);
    *out = (double)(n * (c->node_bytes ? c->node_bytes[node] : elem_bytes));
    return GL_OK;
}

/* Does kernel j depend (transitively) on kernel target? (ki in ancestors(j)) */
static bool reaches(fctx *c, int j, int target) {
    int lt = c->kb[target].level;
    if (c->kb[j].level <= lt) return false;
    if (c->kb[target].rdep < 0) return false;      /* nothing depends on target (a kernel just begun): the
                                                      walk below would visit all of j's ancestry to learn it */
    unsigned s = ++c->stamp;
    if (s == 0) {                                  /* wrapped: reset the stamps */
        memset(c->mark, 0, sizeof(unsigned) * (size_t)c->nk);
        s = c->stamp = 1;
    }
    int sp = 0;
    c->stack[sp++] = j;
    c->mark[j] = s;
    while (sp) {
        int x = c->stack[--sp];
        for (int ei = c->kb[x].dep; ei >= 0; ei = c->dep[ei].next) {
            int d = c->dep[ei].to;
            if (d == target) return true;
            if (c->mark[d] != s && c->kb[d].level > lt) {
                c->mark[d] = s;
                c->stack[sp++] = d;
            }
        }
    }
    return false;
}

/* Most kernels depend on a few others and a scan of their list finds a duplicate at once; a kernel that
 * gathers many (a sum over thousands of branches) would make that scan quadratic, so the pairs of kernels
 * with more than DEP_SCAN deps live in a hash set as well. */
enum { DEP_SCAN = 8 };

static uint64_t dep_key(int t, int d) { return ((uint64_t)(uint32_t)t << 32 | (uint32_t)d) + 1; }

static size_t dep_slot(const fctx *c, uint64_t key) {
    uint64_t h = key * 0x9e3779b97f4a7c15ULL;
    size_t mask = c->depset_cap - 1;
    for (size_t i = (size_t)(h >> 20) & mask;; i = (i + 1) & mask)
        if (c->depset[i] == key || !c->depset[i]) return i;
}

static gl_status depset_grow(fctx *c) {
    size_t cap = c->depset_cap ? c->depset_cap * 2 : 1024;
    uint64_t *old = c->depset;
    size_t oldcap = c->depset_cap;
    c->depset = calloc(cap, sizeof *c->depset);
    if (!c->depset) {
        c->depset = old;
        return gl_fail(c->e, GL_E_NOMEM, "fuse: out of memory (a dependency set of %zu pairs)", cap);
    }
    c->depset_cap = cap;
    for (size_t i = 0; i < oldcap; i++)
        if (old[i]) c->depset[dep_slot(c, old[i])] = old[i];
    free(old);
    return GL_OK;
}

static gl_status depset_put(fctx *c, int t, int d) {
    if (2 * (c->depset_n + 1) > c->depset_cap) {
        gl_status st = depset_grow(c);
        if (st) return st;
    }
    size_t i = dep_slot(c, dep_key(t, d));
    if (!c->depset[i]) c->depset_n++;
    c->depset[i] = dep_key(t, d);
    return GL_OK;
}

/* deps[t].add(d), keeping levels up to date (levels only grow). */
static gl_status add_dep(fctx *c, int t, int d) {
    if (c->kb[t].ndeps <= DEP_SCAN) {
        for (int ei = c->kb[t].dep; ei >= 0; ei = c->dep[ei].next)
            if (c->dep[ei].to == d) return GL_OK;
    } else if (c->depset[dep_slot(c, dep_key(t, d))]) {
        return GL_OK;
    }
    c->dep[c->ndep] = (edge){d, c->kb[t].dep};
    c->kb[t].dep = c->ndep++;
    c->kb[t].ndeps++;
    gl_status st;
    if (c->kb[t].ndeps == DEP_SCAN + 1) {          /* t leaves the scan: its deps so far into the set */
        for (int ei = c->kb[t].dep; ei >= 0; ei = c->dep[ei].next)
            if ((st = depset_put(c, t, c->dep[ei].to))) return st;
    } else if (c->kb[t].ndeps > DEP_SCAN && (st = depset_put(c, t, d))) {
        return st;
    }
    if (!c->levels) return GL_OK;                  /* fusion off: no cycle check reads levels */
    c->rdep[c->nrdep] = (edge){t, c->kb[d].rdep};
    c->kb[d].rdep = c->nrdep++;
    if (c->kb[t].level >= c->kb[d].level + 1) return GL_OK;
    c->kb[t].level = c->kb[d].level + 1;
    int sp = 0;                                    /* a kernel is on the stack at most once (onstk) and */
    c->stack[sp++] = t;                            /* passes on its level as of when it is popped */
    c->onstk[t] = 1;
    while (sp) {
        int x = c->stack[--sp];
        c->onstk[x] = 0;
        for (int ei = c->kb[x].rdep; ei >= 0; ei = c->rdep[ei].next) {
            int u = c->rdep[ei].to;
            if (c->kb[u].level < c->kb[x].level + 1) {
                c->kb[u].level = c->kb[x].level + 1;
                if (!c->onstk[u]) {
                    c->onstk[u] = 1;
                    c->stack[sp++] = u;
                }
            }
        }
    }
    return GL_OK;
}

static bool dim_is_one(gl_dim d) { return !gl_dim_is_sym(d) && d.n == 1; }

/* The reference's compatible(k, n, iter_shape); iter < 0 stands for iter_shape None. */
static gl_status compatible(fctx *c, const kbuild *k, const gl_node *n, int iter, bool *ok) {
    *ok = false;
    gl_opclass cls = (gl_opclass)c->cls[n->id];
    if (k->kind == GL_K_MATMUL) {
        if (cls != GL_CLASS_POINTWISE) return GL_OK;
        int64_t a, b;
        gl_status st;
        if ((st = numel_of(c, n->id, &a))) return st;
        if ((st = numel_of(c, k->iter, &b))) return st;
        *ok = a == b && !k->has_reduce;
        return GL_OK;
    }
    if (k->kind == GL_K_POINTWISE || k->kind == GL_K_ROWWISE) {
        if (iter < 0) return GL_OK;
        const gl_shape *is = c->g->nodes[iter].shape, *ks = c->g->nodes[k->iter].shape;
        if (gl_shape_eq(is, ks)) {
            *ok = true;
            return GL_OK;
        }
        /* row_of; rank-0 shapes never qualify (the reference would index shape[-1] of ()) */
        if (cls != GL_CLASS_POINTWISE || is->rank != ks->rank || is->rank == 0) return GL_OK;
        for (int i = 0; i < is->rank - 1; i++)
            if (!gl_dim_eq(is->d[i], ks->d[i])) return GL_OK;
        *ok = dim_is_one(is->d[is->rank - 1]);
    }
    return GL_OK;
}

/* Why candidate kernel ki (incompatible with n, see compatible) refused n, and what joining it would have
 * saved: every distinct intermediate n reads from ki (through views) written once and read back once. */
static gl_status why_refused(fctx *c, int ki, const gl_node *n, int iter, gl_why *w) {
    gl_kernel_kind kind = c->kb[ki].kind;
    w->reason = kind == GL_K_MATMUL                                 ? GL_WHY_EPILOGUE
                : kind != GL_K_POINTWISE && kind != GL_K_ROWWISE ? GL_WHY_SPECIAL
                : iter < 0                                       ? GL_WHY_REDUCE_AXIS
                                                                 : GL_WHY_ITERATION_SHAPE;
    w->candidate = ki;
    w->saved_bytes = 0;
    for (int q = 0; q < n->nin; q++) {
        int b = c->base[n->in[q]];
        bool dup = c->kof[b] != ki;
        for (int p = 0; p < q && !dup; p++) dup = c->base[n->in[p]] == b;
        if (dup) continue;
        double by = 0;
        gl_status st = bytes_of(c, b, c->elem_bytes, &by);
        if (st) return st;
        w->saved_bytes += 2 * by;
    }
    return GL_OK;
}

static void sort_ints(int *a, int n) {               /* insertion sort: dependency lists are short */
    for (int i = 1; i < n; i++) {
        int v = a[i], j = i - 1;
        while (j >= 0 && a[j] > v) {
            a[j + 1] = a[j];
            j--;
        }
        a[j + 1] = v;
    }
}

/* Also reads each node's class into cls[] and its view base into base[]. */
static gl_status check_graph(const gl_graph *g, unsigned char *cls, unsigned char *opc, int *base, gl_err *e) {
    for (int i = 0; i < g->n; i++) {
        const gl_node *n = &g->nodes[i];
        if ((unsigned)n->op >= GL_OP_COUNT) return gl_fail(e, GL_E_INVALID, "fuse: node %%%d has an unknown op", i);
        if (n->nin < 0 || n->nin > GL_MAX_INPUTS)
            return gl_fail(e, GL_E_INVALID, "fuse: node %%%d has %d inputs", i, n->nin);
        for (int k = 0; k < n->nin; k++)
            if (n->in[k] < 0 || n->in[k] >= i)
                return gl_fail(e, GL_E_INVALID, "fuse: node %%%d reads %%%d, which is not an earlier node", i, n->in[k]);
        gl_opclass c = gl_op_class_of(n->op);
        /* dequantize is fused into its consumer: like a view it forms no kernel and its reader reads the
         * quantized value (a matmul reads its int8 weight at 1 byte per element) */
        if (n->op == GL_OP_DEQUANTIZE) c = GL_CLASS_VIEW;
        if ((c == GL_CLASS_VIEW || c == GL_CLASS_REDUCE || n->op == GL_OP_MATMUL) && n->nin < 1)
            return gl_fail(e, GL_E_INVALID, "fuse: node %%%d (%s) has no input", i, gl_op_name(n->op));
        if (c == GL_CLASS_VIEW && n->nin > 1)
            return gl_fail(e, GL_E_INVALID, "fuse: node %%%d (%s) is a view of %d inputs; a view has one", i,
                           gl_op_name(n->op), n->nin);
        if (n->op == GL_OP_KV_WRITE && n->nin < 2)
            return gl_fail(e, GL_E_INVALID, "fuse: node %%%d (kv_write) needs 2 inputs", i);
        cls[i] = (unsigned char)c;
        opc[i] = (unsigned char)n->op;
        base[i] = c == GL_CLASS_VIEW ? base[n->in[0]] : i;
    }
    for (int k = 0; k < g->nout; k++)
        if (g->outputs[k] < 0 || g->outputs[k] >= g->n)
            return gl_fail(e, GL_E_INVALID, "fuse: output %d is node %d, which does not exist", k, g->outputs[k]);
    return GL_OK;
}

/* Group the nodes into kernels (creation order). */
static gl_status partition(fctx *c, bool enable) {
    const gl_graph *g = c->g;
    gl_status st;
    for (int i = 0; i < g->n; i++) {
        gl_opclass cls = (gl_opclass)c->cls[i];
        if (cls == GL_CLASS_LEAF || cls == GL_CLASS_VIEW || cls == GL_CLASS_GENERATOR) continue;
        const gl_node *n = &g->nodes[i];
        bool reduce = cls == GL_CLASS_REDUCE;
        int target = -1;
        gl_why why = {enable ? GL_WHY_SPECIAL : GL_WHY_EAGER, -1, 0};
        if (enable && (cls == GL_CLASS_POINTWISE || reduce)) {
            why.reason = GL_WHY_NO_FUSIBLE_PRODUCER;
            int iter = reduce ? n->in[0] : i;
            if (reduce) {
                int r = g->nodes[iter].shape->rank;
                if (n->attrs->axis != -1 && n->attrs->axis != r - 1) iter = -1;
            }
            int in_k[GL_MAX_INPUTS], nk = 0;
            for (int k = 0; k < n->nin; k++) {
                int kk = c->kof[c->base[n->in[k]]];
                if (kk < 0) continue;
                bool dup = false;
                for (int q = 0; q < nk; q++) dup = dup || in_k[q] == kk;
                if (!dup) in_k[nk++] = kk;
            }
            for (int q = nk - 1; q >= 0 && target < 0; q--) {   /* reversed(in_k) */
                int ki = in_k[q];
                bool ok;
                if ((st = compatible(c, &c->kb[ki], n, iter, &ok))) return st;
                if (q == nk - 1 && (st = why_refused(c, ki, n, iter, &why))) return st;   /* the first one tried */
                if (!ok) continue;
                bool cycle = false;
                for (int p = 0; p < nk && !cycle; p++)
                    if (in_k[p] != ki && reaches(c, in_k[p], ki)) cycle = true;
                if (q == nk - 1) why.reason = GL_WHY_CYCLE;   /* compatible: only the cycle refused it */
                if (!cycle) target = ki;
            }
        }
        if (target < 0) {
            kbuild *k = &c->kb[c->nk];
            memset(k, 0, sizeof *k);
            k->kind = gl_op_kernel(n->op);           /* the op table's kernel column */
            k->iter = reduce ? n->in[0] : i;
            k->head = k->tail = -1;
            k->dep = k->rdep = -1;
            k->why = why;
            target = c->nk++;
        }
        kbuild *k = &c->kb[target];
        c->nnext[i] = -1;
        if (k->tail < 0) k->head = i;
        else c->nnext[k->tail] = i;
        k->tail = i;
        k->nnodes++;
        c->kof[i] = target;
        for (int q = 0; enable && q < n->nin; q++) {   /* eager: no dependency lists (see gl_fuse) */
            int d = c->kof[c->base[n->in[q]]];
            if (d >= 0 && d != target && (st = add_dep(c, target, d))) return st;
        }
        if (reduce) {
            k->has_reduce = true;
            if (k->kind == GL_K_POINTWISE) k->kind = GL_K_ROWWISE;
        }
    }
    return GL_OK;
}

/* Dependency-ordered DFS (deps in ascending order); order[new] = creation index. */
static void topo_order(fctx *c, int *order) {
    int nk = c->nk;
    int *start = c->t_start, *list = c->t_list, *sk = c->t_sk, *si = c->t_si;
    unsigned char *done = c->t_done;
    start[0] = 0;
    for (int k = 0; k < nk; k++) {
        start[k + 1] = start[k];
        for (int ei = c->kb[k].dep; ei >= 0; ei = c->dep[ei].next) list[start[k + 1]++] = c->dep[ei].to;
        sort_ints(list + start[k], start[k + 1] - start[k]);
    }
    int no = 0;
    for (int r = 0; r < nk; r++) {
        if (done[r]) continue;
        int sp = 0;
        done[r] = 1;
        sk[sp] = r;
        si[sp++] = start[r];
        while (sp) {
            int k = sk[sp - 1];
            if (si[sp - 1] < start[k + 1]) {
                int d = list[si[sp - 1]++];
                if (!done[d]) {
                    done[d] = 1;
                    sk[sp] = d;
                    si[sp++] = start[d];
                }
            } else {
                sp--;
                order[no++] = k;
            }
        }
    }
}

/* The label of the kernel whose members are listed from head through nnext: its distinct ops joined by '+'
 * in join order. s == NULL: only its length (with the NUL) is returned. */
static size_t make_label(const fctx *c, int head, const size_t *oplen, char *s) {
    uint64_t seen = 0;
    size_t len = 0;
    for (int i = head; i >= 0; i = c->nnext[i]) {
        gl_op op = (gl_op)c->opc[i];
        if (seen >> op & 1u) continue;
        seen |= (uint64_t)1 << op;
        if (s) {
            if (len) s[len] = '+';
            memcpy(s + len + (len > 0), gl_op_name(op), oplen[op]);
        }
        len += oplen[op] + (len > 0);
    }
    if (s) s[len] = 0;
    return len + 1;
}

/* Bytes read / written and FLOPs of the ordered kernels. kofn: node -> kernel (new order). */
static gl_status account(fctx *c, gl_kernels *ks, const int *kofn, int elem_bytes) {
    const gl_graph *g = c->g;
    gl_err *e = c->e;
    gl_status st = GL_OK;
    int *seen = c->seen;
    unsigned char *isout = c->isout, *written = c->written;
    for (int k = 0; k < g->nout; k++) isout[c->base[g->outputs[k]]] = 1;
    /* written: read by a non-view node outside its kernel, directly or through views (or an output) */
    for (int x = 0; x < g->n; x++) {
        if (c->cls[x] == GL_CLASS_VIEW) continue;
        const gl_node *n = &g->nodes[x];
        for (int q = 0; q < n->nin; q++) {
            int b = c->base[n->in[q]];
            if (kofn[b] >= 0 && kofn[b] != kofn[x]) written[b] = 1;
        }
    }
    for (int ki = 0; ki < ks->n; ki++) {
        gl_kernel *k = &ks->k[ki];
        for (int a = 0; a < k->nnodes; a++) {
            int nid = k->nodes[a];
            const gl_node *n = &g->nodes[nid];
            double f = 0;
            int rule = FLOP_RULE[n->op];
            if (rule == FL_OUT || rule == FL_IN) {   /* gl_node_flops' count: numel of the node / of input 0 */
                int64_t ne;
                if ((st = numel_of(c, rule == FL_OUT ? nid : n->in[0], &ne))) goto out;
                f = (double)ne;
            } else if (rule != FL_NONE && (st = gl_node_flops(g, nid, c->bind, &f, e))) {
                goto out;
            }
            k->flops += f;
            for (int q = 0; q < n->nin; q++) {
                int b = c->base[n->in[q]];
                if (kofn[b] == ki || seen[b] == ki + 1 || c->cls[b] == GL_CLASS_GENERATOR) continue;
                const gl_node *bn = &g->nodes[b];
                if (bn->op == GL_OP_CONST && bn->shape->rank == 0) continue;
                seen[b] = ki + 1;
                double by = 0;
                if ((st = bytes_of(c, b, elem_bytes, &by))) goto out;
                k->reads += by;
            }
        }
        if (k->kind == GL_K_WRITE) {
            const gl_node *n = &g->nodes[k->nodes[0]];
            double by = 0;
            if ((st = bytes_of(c, n->in[1], elem_bytes, &by))) goto out;
            k->reads = by;                         /* in place: only the new row is read and written */
            k->writes = by;
        } else {
            for (int a = 0; a < k->nnodes; a++) {
                int nid = k->nodes[a];
                if (!isout[nid] && !written[nid]) continue;
                double by = 0;
                if ((st = bytes_of(c, nid, elem_bytes, &by))) goto out;
                k->writes += by;
            }
        }
    }
out:
    return st;
}

/* The working arrays of one call (see scratch.h): the ones that must start zeroed come first, and
 * *zeroed is their extent. */
static void lay_out(fctx *c, gl_scratch *s, size_t n, size_t total_in, size_t *zeroed) {
    c->ne_ok = gl_scratch_take(s, n, 1);
    c->mark = gl_scratch_take(s, n, sizeof(unsigned));
    c->onstk = gl_scratch_take(s, n, 1);
    c->t_done = gl_scratch_take(s, n + 1, 1);
    c->seen = gl_scratch_take(s, n, sizeof(int));
    c->isout = gl_scratch_take(s, n, 1);
    c->written = gl_scratch_take(s, n, 1);
    *zeroed = s->size;
    c->ne = gl_scratch_take(s, n, sizeof(int64_t));
    c->cls = gl_scratch_take(s, n, 1);
    c->opc = gl_scratch_take(s, n, 1);
    c->base = gl_scratch_take(s, n, sizeof(int));
    c->kof = gl_scratch_take(s, n, sizeof(int));
    c->nnext = gl_scratch_take(s, n, sizeof(int));
    c->kb = gl_scratch_take(s, n, sizeof(kbuild));
    c->dep = gl_scratch_take(s, total_in + 1, sizeof(edge));
    c->rdep = gl_scratch_take(s, total_in + 1, sizeof(edge));
    c->stack = gl_scratch_take(s, n + 1, sizeof(int));
    c->order = gl_scratch_take(s, n, sizeof(int));
    c->pos = gl_scratch_take(s, n, sizeof(int));
    c->t_start = gl_scratch_take(s, n + 1, sizeof(int));
    c->t_list = gl_scratch_take(s, total_in + 1, sizeof(int));
    c->t_sk = gl_scratch_take(s, n + 1, sizeof(int));
    c->t_si = gl_scratch_take(s, n + 1, sizeof(int));
}

gl_status gl_fuse(const gl_graph *g, bool enable, int elem_bytes, const gl_bind *bind, gl_kernels *out,
                  gl_err *e) {
    return gl_fuse_sized(g, enable, elem_bytes, NULL, bind, out, e);
}

gl_status gl_fuse_sized(const gl_graph *g, bool enable, int elem_bytes, const unsigned char *node_bytes,
                        const gl_bind *bind, gl_kernels *out, gl_err *e) {
    if (!out) return gl_fail(e, GL_E_INVALID, "fuse: no output");
    out->n = 0;
    out->k = NULL;
    if (!g) return gl_fail(e, GL_E_INVALID, "fuse: no graph");
    if (elem_bytes < 1) return gl_fail(e, GL_E_INVALID, "fuse: elem_bytes must be positive, got %d", elem_bytes);
    gl_bind empty = {0};
    fctx c;
    memset(&c, 0, sizeof c);
    c.g = g;
    c.bind = bind ? bind : &empty;
    c.e = e;
    c.elem_bytes = elem_bytes;
    c.node_bytes = node_bytes;
    c.max_ne = INT64_MAX / (node_bytes && elem_bytes < 8 ? 8 : elem_bytes);   /* a format's size is at most 8 */
    c.levels = enable;
    /* edges: at most GL_MAX_INPUTS per node (check_graph refuses more); arrays sized by that bound are
     * only touched as far as they are used, and the nodes are not read an extra time to count them */
    size_t n = (size_t)(g->n > 0 ? g->n : 0), total_in = n * GL_MAX_INPUTS, zeroed = 0;
    gl_scratch s = {NULL, 0};
    lay_out(&c, &s, n, total_in, &zeroed);
    if (s.size == SIZE_MAX) return gl_fail(e, GL_E_NOMEM, "fuse: a graph of %d nodes is too large", g->n);
    s.base = malloc(s.size);
    if (!s.base) return gl_fail(e, GL_E_NOMEM, "fuse: out of memory (%zu bytes of working arrays)", s.size);
    memset(s.base, 0, zeroed);
    s.size = 0;
    lay_out(&c, &s, n, total_in, &zeroed);
    gl_status st = check_graph(g, c.cls, c.opc, c.base, e);
    if (st) goto out;
    for (int i = 0; i < g->n; i++) c.kof[i] = -1;
    if ((st = partition(&c, enable))) goto out;
    /* Eager, every kernel is made at its node and depends only on kernels of earlier nodes (lower creation
     * indices), so the DFS order (roots ascending, each one's dependencies done before it) is creation order:
     * no dependency lists are kept and none are sorted. */
    if (enable) topo_order(&c, c.order);
    else
        for (int k = 0; k < c.nk; k++) c.order[k] = k;
    /* the result block: kernels, then their node lists, then their labels */
    size_t oplen[GL_OP_COUNT], labels = 0;
    for (int op = 0; op < GL_OP_COUNT; op++) oplen[op] = strlen(gl_op_name((gl_op)op));
    size_t members = 0;
    for (int k = 0; k < c.nk; k++) {
        members += (size_t)c.kb[k].nnodes;
        labels += make_label(&c, c.kb[k].head, oplen, NULL);
    }
    size_t at_nodes = (size_t)c.nk * sizeof(gl_kernel), at_labels = at_nodes + members * sizeof(int);
    char *block = malloc(at_labels + labels + 1);
    if (!block) {
        st = gl_fail(e, GL_E_NOMEM, "fuse: out of memory (%d kernels)", c.nk);
        goto out;
    }
    out->k = (gl_kernel *)(void *)block;
    out->n = c.nk;
    int *nodes = (int *)(void *)(block + at_nodes);
    char *label = block + at_labels;
    for (int p = 0; p < c.nk; p++) {
        const kbuild *kb = &c.kb[c.order[p]];
        gl_kernel *k = &out->k[p];
        memset(k, 0, sizeof *k);
        c.pos[c.order[p]] = p;
        k->kind = kb->kind;
        k->nodes = nodes;
        for (int i = kb->head; i >= 0; i = c.nnext[i]) k->nodes[k->nnodes++] = i;
        nodes += k->nnodes;
        k->label = label;
        label += make_label(&c, kb->head, oplen, label);
        k->why = kb->why;                          /* its candidate mapped below, once pos is complete */
    }
    for (int p = 0; p < c.nk; p++)
        if (out->k[p].why.candidate >= 0) out->k[p].why.candidate = c.pos[out->k[p].why.candidate];
    for (int i = 0; i < g->n; i++)   /* kof in place: creation index -> execution order (kof is not read after) */
        if (c.kof[i] >= 0) c.kof[i] = c.pos[c.kof[i]];
    st = account(&c, out, c.kof, elem_bytes);
out:
    if (st) gl_kernels_free(out);
    free(s.base);
    free(c.depset);
    return st;
}
