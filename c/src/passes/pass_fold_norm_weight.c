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

#include "passes/kit.h"

/* w[:, None] * W for W of rank >= 2 whose dim -2 equals len(w) (or len(w) == 1). */
static gl_status scale_rows(const gl_array *w, const gl_array *W, gl_array **out, gl_err *e) {
    *out = NULL;
    if (W->rank < 2 || w->rank != 1 || (w->size != W->dim[W->rank - 2] && w->size != 1))
        return gl_fail(e, GL_E_SHAPE, "fold_norm_weight: cannot scale the rows of a weight of rank %d by %lld values",
                       W->rank, (long long)w->size);
    gl_array *o = NULL;
    gl_status st = gl_array_new(W->rank, W->dim, &o, e);
    if (st) return st;
    int64_t cols = W->dim[W->rank - 1], rows = W->dim[W->rank - 2];
    for (int64_t k = 0; k < W->size; k++) {
        int64_t r = cols ? (k / cols) % rows : 0;
        o->data[k] = w->data[w->size == 1 ? 0 : r] * W->data[k];
    }
    *out = o;
    return GL_OK;
}

typedef struct {
    int mul, w, W;
} fold_src;

/* "{W}·diag({w})" into buf (room for two names of GL_NAME_MAX - 1 bytes and 9 more), by hand: snprintf was
 * a third of this pass in WASM. */
static void join_name(char *buf, const char *W, const char *w) {
    size_t n = strlen(W), m = strlen(w);
    if (n > GL_NAME_MAX - 1) n = GL_NAME_MAX - 1;   /* pool names never are; keeps the copy in bounds */
    if (m > GL_NAME_MAX - 1) m = GL_NAME_MAX - 1;
    memcpy(buf, W, n);
    memcpy(buf + n, "\xC2\xB7" "diag(", 7);
    memcpy(buf + n + 7, w, m);
    buf[n + 7 + m] = ')';
    buf[n + 8 + m] = 0;
}

/* Folds mul i = mul(a, w) into each of its users matmul(i, W): a new param W·diag(w) (src[new id - n]
 * records what it consumed), the user rewired to matmul(a, new param). */
static gl_status fold(gl_kit *k, int i, fold_src **src, int *srccap) {
    int a = gl_kit_node(k, i)->in[0], wid = gl_kit_node(k, i)->in[1], n = k->n;
    for (int t = k->users.start[i]; t < k->users.start[i + 1]; t++) {
        int u = k->users.list[t], Wid = gl_kit_node(k, u)->in[1];
        gl_node p;
        memset(&p, 0, sizeof p);
        p.op = GL_OP_PARAM;
        p.shape = gl_kit_node(k, Wid)->shape;
        char name[GL_NAME_MAX * 2 + 16];
        join_name(name, gl_kit_node(k, Wid)->name, gl_kit_node(k, wid)->name);
        if (strlen(name) >= GL_NAME_MAX)
            return gl_fail(&k->err, GL_E_LIMIT, "fold_norm_weight: new param name '%.40s...' is longer than %d bytes",
                           name, GL_NAME_MAX - 1);
        p.name = name;                                 /* interned by gl_kit_append */
        int nid = gl_kit_append(k, &p);
        if (nid < 0) return k->err.code;
        if (nid - n == *srccap) {
            fold_src *ns = gl_grow(*src, (size_t)*srccap * 2, sizeof *ns, &k->err);
            if (!ns) return k->err.code;
            *src = ns;
            *srccap *= 2;
        }
        (*src)[nid - n] = (fold_src){i, wid, Wid};
        if (k->w.values[wid] && k->w.values[Wid]) {
            gl_array *v = NULL;
            gl_status st = scale_rows(k->w.values[wid], k->w.values[Wid], &v, &k->err);
            if (st) return st;
            gl_kit_set_value(k, nid, v);
        }
        gl_node *un = gl_kit_node(k, u);
        un->op = GL_OP_MATMUL;
        un->nin = 2;
        un->in[0] = a;
        un->in[1] = nid;
        un->attrs = &gl_no_attrs;
    }
    return GL_OK;
}

/* mul(a, w) with w a rank-1 param, whose every user is a matmul reading it first and a param second */
static bool foldable(gl_kit *k, int i) {
    const gl_node *nd = &k->in->nodes[i];
    if (nd->op != GL_OP_MUL) return false;
    const gl_node *w = gl_kit_node(k, nd->in[1]);
    if (w->op != GL_OP_PARAM || w->shape->rank != 1) return false;
    int u0 = k->users.start[i], u1 = k->users.start[i + 1];
    if (u0 == u1) return false;
    for (int t = u0; t < u1; t++) {
        const gl_node *u = gl_kit_node(k, k->users.list[t]);
        if (u->op != GL_OP_MATMUL || u->in[0] != i || gl_kit_node(k, u->in[1])->op != GL_OP_PARAM) return false;
    }
    return true;
}

gl_status gl_fold_norm_weight(const gl_graph *g, gl_pass_result *out, gl_err *e) {
    gl_kit k;
    int n = g->n, srccap = 16;
    fold_src *src = NULL;   /* per new param (working id - n); grown by fold(), so not kit scratch */
    if (gl_kit_begin(&k, g, GL_KIT_NODES | GL_KIT_VALUES | GL_KIT_USERS)) goto done;
    if (!(src = gl_alloc((size_t)srccap, sizeof *src, &k.err))) goto done;
    k.hits = 0;
    for (int i = 0; i < n; i++) {
        if (!foldable(&k, i)) continue;
        if (fold(&k, i, &src, &srccap)) goto done;
        k.hits++;
    }
    if (gl_kit_commit(&k, GL_KIT_LEAVES_FIRST | GL_KIT_DCE)) goto done;
    for (int nid = n; nid < k.w.n; nid++) {
        int j = gl_kit_new_id(&k, nid);
        if (j < 0) continue;
        gl_kit_how(&k, j, GL_HOW_CREATED);
        gl_kit_claim(&k, j, src[nid - n].mul);
        gl_kit_claim(&k, j, src[nid - n].w);
        gl_kit_claim(&k, j, src[nid - n].W);
    }
done:
    free(src);
    return gl_kit_end(&k, "fold_norm_weight", out, e);
}
