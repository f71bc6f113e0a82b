/* verify.c — the pass verifier (QBE's ssacheck between stages): checks a graph a pass wrote, and its
 * provenance against the pass's input. gl_pass_run calls it after every pass when verification is on
 * (pass_registry.c: the ASan and fuzz builds turn it on with -DGL_VERIFY_PASSES, any build at run time with
 * gl_pass_verify). Every failure is GL_E_INTERNAL with a message, in the caller's gl_err, that names the
 * pass, the invariant and the node:  "verify after cse: shape: node 7 (mul) has (2, 3), but its inputs give
 * (3, 2)".
 *
 * Invariants of a graph: ids (nodes[i].id == i, a known op), pool (every node's shape, attrs and name live
 * in the graph's pool, and a pass's output shares its input's: graphlab.h), topological order (every input an
 * earlier node), arity (the op table's min..max inputs), shape (a valid rank; re-inferred from the inputs by the
 * tracer's rule, gl_op_shape, it is the node's shape — but see keeps_stale_shapes), outputs and guards
 * (existing nodes). Of a pass: the output and guard counts are the input's, and provenance (rules at the
 * top of pass_registry.c): one entry per new node, from lists ascending and in range, removed ascending,
 * every old id accounted for exactly once (a composite that decompose expanded: in the from of each
 * primitive it produced, and only there), and each `how` fits its node (kept: one source of the same op
 * and name; merged: two or more of its op; replaced, folded: at least one; expanded: one composite; folded
 * a const, created a param). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ir/pool.h"
#include "passes/passes.h"

/* "verify after PASS: INVARIANT: ..." */
#if defined(__GNUC__) || defined(__clang__)
__attribute__((format(printf, 4, 5)))
#endif
static gl_status broken(gl_err *e, const char *pass, const char *invariant, const char *fmt, ...) {
    char msg[200];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    return gl_fail(e, GL_E_INTERNAL, "verify after %s: %s: %s", pass, invariant, msg);
}

/* Passes whose reference rules rewire a node without re-inferring its shape: cse merges causal_masks whatever
 * their shapes (shapes are not part of its keys), match_attention and fold_norm_weight rewrite what they match
 * without checking shapes. On odd graphs their output keeps the node's old shape where its new inputs give
 * another, exactly as the reference's does; the verifier accepts that for a node carried over from the input
 * (kept, replaced, merged) with its shape unchanged, and nothing else. */
static bool keeps_stale_shapes(const char *pass) {
    return strcmp(pass, "cse") == 0 || strcmp(pass, "match_attention") == 0 || strcmp(pass, "fold_norm_weight") == 0;
}

static bool carried_over(const gl_graph *in, const gl_provenance *p, int j, const gl_shape *s) {
    if (!p || j >= p->n || p->from_start[j + 1] == p->from_start[j]) return false;
    gl_how h = p->how[j];
    int src = p->from[p->from_start[j]];
    if (src < 0 || src >= in->n) return false;
    return (h == GL_HOW_KEPT || h == GL_HOW_REPLACED || h == GL_HOW_MERGED) && gl_shape_eq(in->nodes[src].shape, s);
}

/* The graph invariants; in and p (or NULL) let a stale shape through as keeps_stale_shapes says. */
static gl_status check_graph(const gl_graph *g, const char *pass, const gl_graph *in, const gl_provenance *p,
                             gl_err *e) {
    bool stale_ok = in && p && keeps_stale_shapes(pass);
    if (in && in->pool && g->pool != in->pool)
        return broken(e, pass, "pool", "the graph does not share its input's pool (its nodes were copied out of it)");
    if (g->n < 0 || g->n > g->cap || (g->n && (!g->nodes || !g->values)))
        return broken(e, pass, "ids", "the graph holds %d nodes in room for %d", g->n, g->cap);
    for (int i = 0; i < g->n; i++) {
        const gl_node *n = &g->nodes[i];
        if (n->id != i) return broken(e, pass, "ids", "node at position %d has id %d", i, n->id);
        if ((unsigned)n->op >= GL_OP_COUNT) return broken(e, pass, "ids", "node %d has unknown op %d", i, (int)n->op);
        const char *op = gl_op_name(n->op);
        const char *stray = !gl_pool_holds(g->pool, n->shape) ? "shape" : !gl_pool_holds(g->pool, n->attrs) ? "attrs"
                            : !gl_pool_holds(g->pool, n->name) ? "name" : NULL;
        if (stray) return broken(e, pass, "pool", "node %d (%s): its %s is not in the graph's pool", i, op, stray);
        if (n->nin < 0 || n->nin > GL_MAX_INPUTS || !gl_op_arity_ok(n->op, n->nin))
            return broken(e, pass, "arity", "node %d (%s) has %d inputs", i, op, n->nin);
        for (int k = 0; k < n->nin; k++)
            if (n->in[k] < 0 || n->in[k] >= i)
                return broken(e, pass, "topological order", "node %d (%s) input %d is node %d, which does not come before it",
                              i, op, k, n->in[k]);
        if (n->shape->rank < 0 || n->shape->rank > GL_MAX_RANK)
            return broken(e, pass, "shape", "node %d (%s) has rank %d", i, op, n->shape->rank);
        gl_shape want;
        gl_err le = {GL_OK, ""};
        bool ok = !gl_node_shape(g, n, &want, &le) && gl_shape_eq(&want, n->shape);
        if (!ok && stale_ok && carried_over(in, p, i, n->shape)) continue;
        if (le.code) return broken(e, pass, "shape", "node %d (%s): its inputs give no shape: %s", i, op, le.msg);
        if (!ok) {
            char a[100], b[100];
            return broken(e, pass, "shape", "node %d (%s) has %s, but its inputs give %s", i, op,
                          gl_shape_str(n->shape, a, sizeof a), gl_shape_str(&want, b, sizeof b));
        }
    }
    for (int k = 0; k < g->nout; k++)
        if (g->outputs[k] < 0 || g->outputs[k] >= g->n)
            return broken(e, pass, "outputs", "output %d is node %d, which does not exist", k, g->outputs[k]);
    for (int k = 0; k < g->nguards; k++)
        if (g->guards[k].node < 0 || g->guards[k].node >= g->n)
            return broken(e, pass, "guards", "guard %d is on node %d, which does not exist", k, g->guards[k].node);
    return GL_OK;
}

gl_status gl_verify_graph(const gl_graph *g, const char *pass, gl_err *e) { return check_graph(g, pass, NULL, NULL, e); }

/* The how of new node j fits it (nfrom sources starting at from). */
static gl_status check_how(const gl_graph *in, const gl_graph *out, const gl_provenance *p, int j, const char *pass,
                           gl_err *e) {
    const int *from = p->from + p->from_start[j];
    int nfrom = p->from_start[j + 1] - p->from_start[j];
    const gl_node *o = &out->nodes[j];
    const char *op = gl_op_name(o->op), *how = gl_how_name(p->how[j]);
    const char *why = NULL;
    switch (p->how[j]) {
    case GL_HOW_KEPT:
        if (nfrom != 1) why = "needs exactly one source";
        else if (in->nodes[from[0]].op != o->op) why = "has another op than its source";
        else if (strcmp(in->nodes[from[0]].name, o->name) != 0) why = "has another name than its source";
        break;
    case GL_HOW_MERGED:
        if (nfrom < 2) why = "needs two or more sources";
        for (int k = 0; !why && k < nfrom; k++)
            if (in->nodes[from[k]].op != o->op) why = "has another op than one of its sources";
        break;
    case GL_HOW_REPLACED:
        if (nfrom < 1) why = "needs a source";
        break;
    case GL_HOW_EXPANDED:
        if (nfrom != 1 || gl_op_class(in->nodes[from[0]].op) != GL_CLASS_COMPOSITE) why = "needs one composite source";
        break;
    case GL_HOW_FOLDED:
        if (o->op != GL_OP_CONST || nfrom < 1) why = "needs to be a const with a source";
        break;
    case GL_HOW_CREATED:
        /* fold_norm_weight's new weights; quantize's conversions */
        if (o->op != GL_OP_PARAM && o->op != GL_OP_QUANTIZE && o->op != GL_OP_DEQUANTIZE)
            why = "needs to be a param, quantize or dequantize";
        break;
    default: return broken(e, pass, "provenance", "new node %d (%s) has unknown how %d", j, op, (int)p->how[j]);
    }
    if (why) return broken(e, pass, "provenance", "new node %d (%s) is %s but %s", j, op, how, why);
    return GL_OK;
}

gl_status gl_verify_pass(const gl_graph *in, const gl_pass_result *r, const char *pass, gl_err *e) {
    const gl_graph *out = r->graph;
    const gl_provenance *p = &r->prov;
    if (!out) return broken(e, pass, "outputs", "the pass returned no graph");
    if (strcmp(p->pass, pass) != 0) return broken(e, pass, "provenance", "it is named '%s'", p->pass);
    if (p->n != out->n) return broken(e, pass, "provenance", "it describes %d new nodes, the graph has %d", p->n, out->n);
    if (p->n && (!p->how || !p->from_start || !p->from)) return broken(e, pass, "provenance", "it has no entries");
    gl_status st = check_graph(out, pass, in, p, e);
    if (st) return st;
    if (out->nout != in->nout)
        return broken(e, pass, "outputs", "the graph has %d outputs, its input %d", out->nout, in->nout);
    if (out->nguards != in->nguards)
        return broken(e, pass, "guards", "the graph has %d guards, its input %d", out->nguards, in->nguards);
    /* uses[i]: how many times old id i is listed; expanded[i]: how many of them in an expanded node's from */
    int *uses = gl_alloc((size_t)in->n + 1, sizeof *uses, e), *expanded = gl_alloc((size_t)in->n + 1, sizeof *expanded, e);
    st = uses && expanded ? GL_OK : GL_E_NOMEM;
    if (!st && p->n && p->from_start[0] != 0) st = broken(e, pass, "provenance", "the first from list starts at %d", p->from_start[0]);
    for (int j = 0; !st && j < p->n; j++) {
        int s = p->from_start[j], t = p->from_start[j + 1];
        if (t < s) {
            st = broken(e, pass, "provenance", "new node %d has a from list of negative length", j);
            break;
        }
        for (int k = s; !st && k < t; k++) {
            int id = p->from[k];
            if (id < 0 || id >= in->n)
                st = broken(e, pass, "provenance", "new node %d is from old node %d, which does not exist", j, id);
            else if (k > s && id <= p->from[k - 1])
                st = broken(e, pass, "provenance", "new node %d's from list is not ascending (%d after %d)", j, id, p->from[k - 1]);
            else {
                uses[id]++;
                if (p->how[j] == GL_HOW_EXPANDED) expanded[id]++;
            }
        }
        if (!st) st = check_how(in, out, p, j, pass, e);
    }
    for (int k = 0; !st && k < p->nremoved; k++) {
        int id = p->removed[k];
        if (id < 0 || id >= in->n) st = broken(e, pass, "provenance", "removed old node %d does not exist", id);
        else if (k && id <= p->removed[k - 1])
            st = broken(e, pass, "provenance", "removed is not ascending (%d after %d)", id, p->removed[k - 1]);
        else uses[id]++;
    }
    for (int i = 0; !st && i < in->n; i++) {
        if (uses[i] == 0)
            st = broken(e, pass, "provenance", "old node %d (%s) is accounted for nowhere (no from, not removed)", i,
                        gl_op_name(in->nodes[i].op));
        else if (uses[i] > 1 && expanded[i] != uses[i])
            st = broken(e, pass, "provenance", "old node %d (%s) is accounted for %d times", i, gl_op_name(in->nodes[i].op),
                        uses[i]);
    }
    free(uses);
    free(expanded);
    return st;
}
