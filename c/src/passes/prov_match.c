/* prov_match.c — the provenance of a pass that does not say where its nodes came from (a pass written in
 * Python, c/src/front/py_passapi.c), recovered by matching the new graph against the old one.
 *
 * The C passes record provenance as they rewrite. A student's pass returns a graph and a count, nothing more,
 * and `rebuild`'s keep and remap are one way among many to write one, so the match reads only the two graphs:
 *
 *   1. Equal nodes. Nodes of both graphs are hash-consed bottom-up: op, shape, attrs, name, value (consts and
 *      params) and the classes of their inputs. A new node takes the unclaimed old nodes of its class whose
 *      inputs went into its own inputs: "kept" from one, "merged" from several (a CSE); failing that, the
 *      first unclaimed one (the class's last new node: all that are left).
 *   2. Rewired nodes. A new node still unmatched takes the old node with the same op, shape, attrs, name,
 *      value and arity whose inputs agree with its own (through step 1's matches) in the most places, at
 *      least one: "kept" (simplify's `x * 1 → x` rewires the mul's users, which stay the same nodes).
 *      Then the rest in order (passes keep the order of the nodes they keep): an unmatched new node takes the
 *      first unclaimed old node of its local class between the old nodes of its matched neighbours, as a
 *      diff would (fold_norm_weight's matmuls, whose norm input changed, stay "kept").
 *   3. Old nodes left over, from the last to the first, go to the unmatched new node that took their place
 *      under a user: the unmatched input of the node their user became (or of the new node that took the
 *      user). An old node nothing took is "removed".
 *   4. An unmatched new node with no source yet takes the sources of its nearest unmatched user that has
 *      some (the primitives of an expansion all come from the composite). Its how: "expanded" when that is
 *      one composite, "folded" for a const, "created" for a param, else "replaced" — with an empty list for a node made from
 *      nothing the old graph had (the verifier's provenance rules are the C passes'; a Python pass is
 *      checked by gl_verify_graph and the judge instead).
 *
 * Linear in the graphs' sizes but for step 2, which scans the unclaimed candidates of one op and shape. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ir/attrs.h"
#include "passes/passes.h"

typedef struct {
    const gl_graph *g[2];          /* 0: old, 1: new */
    int *cls[2];                   /* per node: its class */
    int *slot;                     /* hash table of class representatives (-1 empty) */
    int *rep_g, *rep_i;            /* per class: the graph and node that represents it */
    size_t mask;
    int ncls;
    bool local;                    /* classes of op, shape, attrs, name and value only (inputs ignored) */
} matcher;

static uint64_t hash_str(uint64_t h, const char *s) {
    while (*s) h = gl_hash_mix(h, (unsigned char)*s++);
    return gl_hash_mix(h, 0);
}

static uint64_t hash_shape(uint64_t h, const gl_shape *s) {
    h = gl_hash_mix(h, (uint64_t)s->rank);
    for (int k = 0; k < s->rank; k++) h = s->d[k].sym[0] ? hash_str(h, s->d[k].sym) : gl_hash_mix(h, (uint64_t)s->d[k].n);
    return h;
}

static uint64_t hash_value(uint64_t h, const gl_array *a) {
    if (!a) return gl_hash_mix(h, 1);
    h = gl_hash_mix(h, (uint64_t)a->size);
    for (int64_t k = 0; a->data && k < a->size && k < 64; k++) {
        uint64_t bits;
        memcpy(&bits, &a->data[k], sizeof bits);
        h = gl_hash_mix(h, bits);
    }
    return h;
}

static bool same_value(const gl_array *a, const gl_array *b) {
    if (a == b) return true;
    if (!a || !b || a->rank != b->rank || a->size != b->size) return false;
    for (int k = 0; k < a->rank; k++)
        if (a->dim[k] != b->dim[k]) return false;
    if (!a->data || !b->data) return false;        /* shells (shape-only values): only the same one */
    return memcmp(a->data, b->data, (size_t)a->size * sizeof *a->data) == 0;
}

static const gl_array *value_of(const gl_graph *g, int i) { return g->values ? g->values[i] : NULL; }

/* Op, shape, attrs, name and value: everything of a node but its inputs. */
static bool same_local(const gl_graph *ga, int a, const gl_graph *gb, int b) {
    const gl_node *x = &ga->nodes[a], *y = &gb->nodes[b];
    return x->op == y->op && x->nin == y->nin && gl_shape_eq(x->shape, y->shape) && gl_attrs_key_eq(x->attrs, y->attrs) &&
           strcmp(x->name, y->name) == 0 && same_value(value_of(ga, a), value_of(gb, b));
}

static uint64_t hash_local(const gl_graph *g, int i) {
    const gl_node *n = &g->nodes[i];
    uint64_t h = gl_hash_mix(0x9e3779b97f4a7c15ull, (uint64_t)n->op);
    h = gl_hash_mix(h, (uint64_t)n->nin);
    h = hash_shape(h, n->shape);
    h = gl_hash_mix(h, gl_attrs_hash(n->attrs));
    h = hash_str(h, n->name);
    return hash_value(h, value_of(g, i));
}

/* The class of node i of graph w (its inputs' classes known). */
static int class_of(matcher *m, int w, int i) {
    const gl_graph *g = m->g[w];
    const gl_node *n = &g->nodes[i];
    uint64_t h = hash_local(g, i);
    for (int k = 0; !m->local && k < n->nin; k++) h = gl_hash_mix(h, (uint64_t)m->cls[w][n->in[k]]);
    for (size_t s = (size_t)h & m->mask;; s = (s + 1) & m->mask) {
        int c = m->slot[s];
        if (c < 0) {
            c = m->ncls++;
            m->slot[s] = c;
            m->rep_g[c] = w;
            m->rep_i[c] = i;
            return c;
        }
        const gl_graph *rg = m->g[m->rep_g[c]];
        const gl_node *r = &rg->nodes[m->rep_i[c]];
        if (!same_local(rg, m->rep_i[c], g, i)) continue;
        bool ins = true;
        for (int k = 0; ins && !m->local && k < n->nin; k++) ins = m->cls[m->rep_g[c]][r->in[k]] == m->cls[w][n->in[k]];
        if (ins) return c;
    }
}

static void matcher_free(matcher *m) {
    free(m->cls[0]);
    free(m->cls[1]);
    free(m->slot);
    free(m->rep_g);
    free(m->rep_i);
}

/* Classes of every node of both graphs (old first); local: ignoring inputs. */
static gl_status classify(matcher *m, const gl_graph *in, const gl_graph *out, bool local, gl_err *e) {
    int total = in->n + out->n;
    size_t cap = 16;
    while (cap < (size_t)total * 2) cap <<= 1;
    *m = (matcher){{in, out}, {NULL, NULL}, NULL, NULL, NULL, cap - 1, 0, local};
    m->cls[0] = gl_alloc((size_t)in->n + 1, sizeof(int), e);
    m->cls[1] = gl_alloc((size_t)out->n + 1, sizeof(int), e);
    m->slot = gl_alloc(cap, sizeof(int), e);
    m->rep_g = gl_alloc((size_t)total + 1, sizeof(int), e);
    m->rep_i = gl_alloc((size_t)total + 1, sizeof(int), e);
    if (!m->cls[0] || !m->cls[1] || !m->slot || !m->rep_g || !m->rep_i) return GL_E_NOMEM;
    memset(m->slot, -1, cap * sizeof(int));
    for (int i = 0; i < in->n; i++) m->cls[0][i] = class_of(m, 0, i);
    for (int j = 0; j < out->n; j++) m->cls[1][j] = class_of(m, 1, j);
    return GL_OK;
}

/* first[c] .. next[i]: the old nodes of each class, ascending. */
static void chain(const matcher *m, int no, int *first, int *next) {
    for (int c = 0; c < m->ncls; c++) first[c] = -1;
    for (int i = no - 1; i >= 0; i--) {
        next[i] = first[m->cls[0][i]];
        first[m->cls[0][i]] = i;
    }
}

gl_status gl_prov_match(const gl_graph *in, const gl_graph *out, const char *pass, gl_provenance *p, gl_err *e) {
    memset(p, 0, sizeof *p);
    snprintf(p->pass, sizeof p->pass, "%s", pass);
    int no = in->n, nn = out->n, total = no + nn;
    matcher m, ml;
    memset(&m, 0, sizeof m);
    memset(&ml, 0, sizeof ml);
    int *claim = gl_alloc((size_t)no + 1, sizeof(int), e);      /* old node → the new node it went to, or -1 */
    int *first = gl_alloc((size_t)total + 1, sizeof(int), e);   /* class → its first old member (then next) */
    int *next = gl_alloc((size_t)no + 1, sizeof(int), e);
    int *lfirst = gl_alloc((size_t)total + 1, sizeof(int), e);  /* the same by local class */
    int *lnext = gl_alloc((size_t)no + 1, sizeof(int), e);
    int *matched = gl_alloc((size_t)nn + 1, sizeof(int), e);    /* new node → an old node it matched, or -1 */
    int *src_of = gl_alloc((size_t)nn + 1, sizeof(int), e);     /* unmatched new node → whose sources it has */
    int *user0 = gl_alloc((size_t)no + 2, sizeof(int), e);      /* old nodes' users, CSR */
    int *users = gl_alloc((size_t)no * GL_MAX_INPUTS + 1, sizeof(int), e);
    int *cnt = gl_alloc((size_t)total + 2, sizeof(int), e);     /* new nodes per class; then sources per new node */
    int *bucket = gl_alloc((size_t)no + 1, sizeof(int), e);     /* old nodes grouped by claim, ascending */
    int *nuser = gl_alloc((size_t)nn + 1, sizeof(int), e);      /* new node → an unmatched user with sources */
    gl_status st = claim && first && next && lfirst && lnext && matched && src_of && user0 && users && cnt && bucket &&
                           nuser ? GL_OK : GL_E_NOMEM;
    if (!st) st = classify(&m, in, out, false, e);
    if (!st) st = classify(&ml, in, out, true, e);
    if (st) goto done;
    chain(&m, no, first, next);
    chain(&ml, no, lfirst, lnext);
    for (int i = 0; i < no; i++) claim[i] = -1;
    /* 1. equal nodes: one old node each, the class's last new node all that are left (a merge) */
    for (int j = 0; j < nn; j++) cnt[m.cls[1][j]]++;           /* new nodes per class (cnt is free until 4) */
    for (int j = 0; j < nn; j++) {
        matched[j] = src_of[j] = -1;
        bool last = --cnt[m.cls[1][j]] == 0;
        const gl_node *n = &out->nodes[j];
        for (int i = first[m.cls[1][j]]; n->nin && i >= 0; i = next[i]) {   /* those whose inputs went into j's */
            bool same = claim[i] < 0;
            for (int k = 0; same && k < n->nin; k++) same = claim[in->nodes[i].in[k]] == n->in[k];
            if (same) {
                claim[i] = j;
                if (matched[j] < 0) matched[j] = i;
            }
        }
        for (int i = first[m.cls[1][j]]; (matched[j] < 0 || last) && i >= 0; i = next[i])
            if (claim[i] < 0) {
                claim[i] = j;
                if (matched[j] < 0) matched[j] = i;
                if (!last) break;
            }
    }
    /* 2. rewired nodes: the same local class, inputs agreeing in the most places (at least one) */
    for (int j = 0; j < nn; j++) {
        if (matched[j] >= 0) continue;
        const gl_node *n = &out->nodes[j];
        int best = -1, best_score = 0;
        for (int i = lfirst[ml.cls[1][j]]; i >= 0; i = lnext[i]) {
            if (claim[i] >= 0) continue;
            int score = 0;
            for (int k = 0; k < n->nin; k++) {
                int o = matched[n->in[k]];
                if (o >= 0 && m.cls[0][in->nodes[i].in[k]] == m.cls[0][o]) score++;
            }
            if (score > best_score) best = i, best_score = score;
        }
        if (best >= 0) {
            claim[best] = j;
            matched[j] = best;
        }
    }
    /* 2b. the rest in order: kept nodes keep their order, so an unmatched new node takes the first unclaimed old
     * node of its local class between the old nodes of the matched new nodes before and after it */
    int lo = 0;
    for (int j = nn - 1, hi = no; j >= 0; j--) {      /* nuser as scratch: the old bound after j */
        nuser[j] = hi;
        if (matched[j] >= 0) hi = matched[j];
    }
    for (int j = 0; j < nn; j++) {
        if (matched[j] >= 0) {
            lo = matched[j] + 1;
            continue;
        }
        for (int i = lo; i < nuser[j]; i++)
            if (claim[i] < 0 && ml.cls[0][i] == ml.cls[1][j]) {
                claim[i] = j;
                matched[j] = i;
                lo = i + 1;
                break;
            }
    }
    for (int j = 0; j < nn; j++) nuser[j] = -1;
    memset(cnt, 0, ((size_t)total + 2) * sizeof(int));
    /* 3. old nodes left over, users first, go to the unmatched new node under one of their users */
    for (int u = 0; u < no; u++)
        for (int k = 0; k < in->nodes[u].nin; k++) user0[in->nodes[u].in[k] + 2]++;
    for (int i = 0; i < no; i++) user0[i + 2] += user0[i + 1];
    for (int u = 0; u < no; u++)
        for (int k = 0; k < in->nodes[u].nin; k++) users[user0[in->nodes[u].in[k] + 1]++] = u;
    for (int i = no - 1; i >= 0; i--) {
        for (int k = user0[i]; k < user0[i + 1] && claim[i] < 0; k++) {
            int t = claim[users[k]];                      /* the new node the user became or went into */
            if (t < 0) continue;
            if (matched[t] < 0) {
                claim[i] = t;
                break;
            }
            const gl_node *tn = &out->nodes[t];
            for (int q = 0; q < tn->nin && claim[i] < 0; q++)
                if (matched[tn->in[q]] < 0) claim[i] = tn->in[q];
        }
    }
    /* 4. sources shared down from the nearest unmatched user that has some */
    for (int i = 0; i < no; i++)
        if (claim[i] >= 0) cnt[claim[i] + 2]++;
    for (int j = nn - 1; j >= 0; j--) {
        if (matched[j] >= 0) continue;
        src_of[j] = cnt[j + 2] > 0 ? j : nuser[j] >= 0 ? src_of[nuser[j]] : -1;
        if (src_of[j] < 0) continue;
        const gl_node *n = &out->nodes[j];
        for (int k = 0; k < n->nin; k++)
            if (matched[n->in[k]] < 0) nuser[n->in[k]] = j;     /* the last written is the first user */
    }
    int nfrom = 0, nrem = 0;
    for (int i = 0; i < no; i++) nrem += claim[i] < 0;
    for (int j = 0; j < nn; j++) {
        int owner = matched[j] >= 0 ? j : src_of[j];
        nfrom += owner >= 0 ? cnt[owner + 2] : 0;
    }
    for (int j = 0; j < nn; j++) cnt[j + 2] += cnt[j + 1];   /* cnt[j + 1]: where owner j's bucket starts */
    for (int i = 0; i < no; i++)
        if (claim[i] >= 0) bucket[cnt[claim[i] + 1]++] = i;   /* then cnt[j] .. cnt[j + 1]: owner j's, ascending */
    p->n = nn;
    p->how = gl_alloc((size_t)nn + 1, sizeof *p->how, e);
    p->from_start = gl_alloc((size_t)nn + 1, sizeof *p->from_start, e);
    p->from = gl_alloc((size_t)nfrom + 1, sizeof *p->from, e);
    p->removed = gl_alloc((size_t)nrem + 1, sizeof *p->removed, e);
    if (!p->how || !p->from_start || !p->from || !p->removed) {
        st = GL_E_NOMEM;
        goto done;
    }
    int at = 0;
    for (int j = 0; j < nn; j++) {
        p->from_start[j] = at;
        int owner = matched[j] >= 0 ? j : src_of[j];
        for (int k = owner >= 0 ? cnt[owner] : 0; owner >= 0 && k < cnt[owner + 1]; k++) p->from[at++] = bucket[k];
        int nf = at - p->from_start[j];
        const gl_node *n = &out->nodes[j];
        if (matched[j] >= 0) p->how[j] = nf > 1 ? GL_HOW_MERGED : GL_HOW_KEPT;
        else if (nf == 1 && gl_op_class(in->nodes[p->from[p->from_start[j]]].op) == GL_CLASS_COMPOSITE) p->how[j] = GL_HOW_EXPANDED;
        else if (nf >= 1 && n->op == GL_OP_CONST) p->how[j] = GL_HOW_FOLDED;
        else if (nf >= 1 && n->op == GL_OP_PARAM) p->how[j] = GL_HOW_CREATED;
        else p->how[j] = GL_HOW_REPLACED;
    }
    p->from_start[nn] = at;
    for (int i = 0; i < no; i++)
        if (claim[i] < 0) p->removed[p->nremoved++] = i;
done:
    matcher_free(&m);
    matcher_free(&ml);
    free(claim);
    free(first);
    free(next);
    free(lfirst);
    free(lnext);
    free(matched);
    free(src_of);
    free(user0);
    free(users);
    free(cnt);
    free(bucket);
    free(nuser);
    if (st) gl_provenance_free(p);
    return st;
}
