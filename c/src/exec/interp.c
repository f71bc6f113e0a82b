/* interp.c — the interpreter: run a graph node by node (the reference's run / check_guards, §8).
 *
 * Unlike the reference's env dict, which keeps every value to the end, a value is released as soon as
 * the last node that reads it has run (outputs and guarded nodes are kept), so a deep model holds
 * only its live activations.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ir/util.h"

static const char *node_label(const gl_node *n, char *buf, size_t cap) {
    if (n->name[0]) return n->name;
    snprintf(buf, cap, "%%%d", n->id);
    return buf;
}

/* Finds the input named name; checks its symbols are bound and its shape matches. */
static gl_status bind_input(const gl_node *n, const gl_named_array *inputs, int ninputs, const gl_bind *bind,
                            gl_array **out, gl_err *e) {
    const gl_array *v = NULL;
    for (int k = 0; k < ninputs && !v; k++)
        if (inputs[k].name && strcmp(inputs[k].name, n->name) == 0) v = inputs[k].value;
    if (!v) return gl_fail(e, GL_E_INVALID, "missing input '%s'", n->name);
    for (int d = 0; d < n->shape->rank; d++) {
        int64_t x;
        gl_err t = {GL_OK, ""};
        if (gl_dim_is_sym(n->shape->d[d]) && gl_dim_value(n->shape->d[d], bind, &x, &t))
            return gl_fail(e, GL_E_UNBOUND, "input '%s': symbolic dim '%s' is not bound (give bind.%s)", n->name,
                           n->shape->d[d].sym, n->shape->d[d].sym);
    }
    if (!gl_array_matches(v, n->shape, bind)) {
        char want[160], got[160];
        gl_shape g = gl_array_shape(v);
        return gl_fail(e, GL_E_SHAPE, "input '%s': expected shape %s, got %s", n->name,
                       gl_shape_str(n->shape, want, sizeof want), gl_shape_str(&g, got, sizeof got));
    }
    *out = gl_array_retain((gl_array *)v);
    return GL_OK;
}

/* Evaluates every node in order. vals (g->n, zeroed) receives, on success, the values of the nodes
 * with keep[i] set; every other value is released after its last reader. On failure all are released. */
static gl_status execute(const gl_graph *g, const gl_named_array *inputs, int ninputs, const gl_bind *bind,
                         const bool *keep, gl_array **vals, gl_profile *profile, gl_err *e) {
    if (ninputs > 0 && !inputs) return gl_fail(e, GL_E_INVALID, "inputs is NULL but ninputs is %d", ninputs);
    int *last = gl_alloc((size_t)g->n, sizeof *last, e);      /* last reader of each node (itself if none) */
    if (!last) return GL_E_NOMEM;
    for (int i = 0; i < g->n; i++) last[i] = i;
    for (int i = 0; i < g->n; i++)
        for (int k = 0; k < g->nodes[i].nin; k++) last[g->nodes[i].in[k]] = i;

    gl_status st = GL_OK;
    char lb[32];
    for (int i = 0; i < g->n && !st; i++) {
        const gl_node *n = &g->nodes[i];
        switch (n->op) {
        case GL_OP_INPUT:
            st = bind_input(n, inputs, ninputs, bind, &vals[i], e);
            break;
        case GL_OP_PARAM:
        case GL_OP_CONST:
            if (!g->values || !g->values[i] || !g->values[i]->data) {
                st = gl_fail(e, GL_E_INVALID, "%s '%s' has no value (shape-only graph)", gl_op_name(n->op),
                             node_label(n, lb, sizeof lb));
                break;
            }
            vals[i] = gl_array_retain(g->values[i]);
            break;
        default: {
            gl_array *args[GL_MAX_INPUTS] = {NULL};
            for (int k = 0; k < n->nin; k++) args[k] = vals[n->in[k]];
            st = gl_eval_node(n, args, bind, &vals[i], e);
            if (st) break;
            if (profile) profile->counts[n->op]++;
            for (int k = 0; k < n->nin; k++) {
                int j = n->in[k];
                if (last[j] == i && !keep[j] && vals[j]) {
                    gl_array_release(vals[j]);
                    vals[j] = NULL;
                }
            }
        }
        }
        if (!st && last[i] == i && !keep[i]) {       /* nobody reads it */
            gl_array_release(vals[i]);
            vals[i] = NULL;
        }
    }
    free(last);
    if (st)
        for (int i = 0; i < g->n; i++) {
            gl_array_release(vals[i]);
            vals[i] = NULL;
        }
    return st;
}

gl_status gl_run(const gl_graph *g, const gl_named_array *inputs, int ninputs, const gl_bind *bind,
                 gl_array **outs, gl_profile *profile, gl_err *e) {
    if (!g) return gl_fail(e, GL_E_INVALID, "gl_run: graph is NULL");
    if (g->nout > 0 && !outs) return gl_fail(e, GL_E_INVALID, "gl_run: outs is NULL");
    for (int k = 0; k < g->nout; k++) outs[k] = NULL;
    gl_status st = gl_graph_validate(g, e);
    if (st) return st;
    bool *keep = gl_alloc((size_t)g->n, sizeof *keep, e);
    gl_array **vals = keep ? gl_alloc((size_t)g->n, sizeof *vals, e) : NULL;
    if (!vals) {
        free(keep);
        return GL_E_NOMEM;
    }
    for (int k = 0; k < g->nout; k++) keep[g->outputs[k]] = true;
    st = execute(g, inputs, ninputs, bind, keep, vals, profile, e);
    if (!st)
        for (int k = 0; k < g->nout; k++) outs[k] = gl_array_retain(vals[g->outputs[k]]);
    for (int i = 0; i < g->n; i++) gl_array_release(vals[i]);
    free(vals);
    free(keep);
    return st;
}

/* bool(value) as numpy: one element → nonzero (NaN is true); empty → false; more → ambiguous. */
static gl_status truth(const gl_array *v, int node, bool *out, gl_err *e) {
    if (v->size == 1) {
        *out = v->data[0] != 0.0;
        return GL_OK;
    }
    if (v->size == 0) {
        *out = false;
        return GL_OK;
    }
    char b[160];
    gl_shape s = gl_array_shape(v);
    return gl_fail(e, GL_E_INVALID,
                   "guard on node %d: the truth value of an array of shape %s with more than one element is ambiguous",
                   node, gl_shape_str(&s, b, sizeof b));
}

gl_status gl_check_guards(const gl_graph *g, const gl_named_array *inputs, int ninputs, const gl_bind *bind,
                          bool *ok, gl_err *e) {
    if (!g || !ok) return gl_fail(e, GL_E_INVALID, "gl_check_guards: graph or ok is NULL");
    *ok = true;
    if (g->nguards == 0) return GL_OK;                  /* as the reference: nothing to evaluate */
    gl_status st = gl_graph_validate(g, e);
    if (st) return st;
    bool *keep = gl_alloc((size_t)g->n, sizeof *keep, e);
    gl_array **vals = keep ? gl_alloc((size_t)g->n, sizeof *vals, e) : NULL;
    if (!vals) {
        free(keep);
        return GL_E_NOMEM;
    }
    for (int k = 0; k < g->nguards; k++) keep[g->guards[k].node] = true;
    st = execute(g, inputs, ninputs, bind, keep, vals, NULL, e);
    /* all(bool(v) == want): stops at the first guard that fails, like Python's all() */
    for (int k = 0; !st && k < g->nguards; k++) {
        bool v = false;
        st = truth(vals[g->guards[k].node], g->guards[k].node, &v, e);
        if (!st && v != g->guards[k].value) {
            *ok = false;
            break;
        }
    }
    for (int i = 0; i < g->n; i++) gl_array_release(vals[i]);
    free(vals);
    free(keep);
    if (st) *ok = false;
    return st;
}
