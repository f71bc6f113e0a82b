/* graph.c — the SSA graph (§2): plain data, nodes in topological order, values for params/consts,
 * outputs and guards. The graph owns one reference to each value it holds. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ir/attrs.h"
#include "ir/pool.h"
#include "ir/util.h"

gl_status gl_graph_new(gl_graph **out, gl_err *e) {
    if (!out) return gl_fail(e, GL_E_INVALID, "gl_graph_new: out is NULL");
    *out = gl_alloc(1, sizeof(gl_graph), e);
    return *out ? GL_OK : gl_fail(e, GL_E_NOMEM, "out of memory allocating a graph");
}

void gl_graph_free(gl_graph *g) {
    if (!g) return;
    for (int i = 0; i < g->n; i++)
        if (g->values[i]) gl_array_release(g->values[i]);   /* most nodes have none */
    free(g->nodes);
    free(g->values);
    free(g->outputs);
    free(g->guards);
    gl_pool_release(g->pool);
    gl_blocks_free(g->blocks);
    free(g);
}

void gl_blocks_free(gl_blocks *b) {
    if (!b) return;
    for (int i = 0; i < b->nnames; i++) free(b->names[i]);
    free(b->names);
    free(b->of);
    free(b);
}

static gl_status reserve(gl_graph *g, int need, gl_err *e) {
    if (need <= g->cap) return GL_OK;
    int cap = g->cap ? g->cap : 64;
    while (cap < need) cap *= 2;
    gl_node *nodes = gl_grow(g->nodes, (size_t)cap, sizeof *nodes, e);
    if (!nodes) return GL_E_NOMEM;
    g->nodes = nodes;
    gl_array **values = gl_grow(g->values, (size_t)cap, sizeof *values, e);
    if (!values) return GL_E_NOMEM;
    memset(values + g->cap, 0, sizeof *values * (size_t)(cap - g->cap));
    g->values = values;
    g->cap = cap;
    return GL_OK;
}


int gl_graph_add(gl_graph *g, gl_op op, const int *in, int nin, const gl_attrs *attrs, const gl_shape *shape,
                 const char *name, gl_err *e) {
    if ((unsigned)op >= GL_OP_COUNT) return gl_fail(e, GL_E_INVALID, "unknown op %d", (int)op), -1;
    if (nin < 0 || nin > GL_MAX_INPUTS)
        return gl_fail(e, GL_E_INVALID, "op %s given %d inputs (at most %d)", gl_op_name(op), nin, GL_MAX_INPUTS), -1;
    if (g->n >= GL_MAX_NODES)
        return gl_fail(e, GL_E_LIMIT, "graph has more than %d nodes (node-count limit)", GL_MAX_NODES), -1;
    for (int i = 0; i < nin; i++)
        if (in[i] < 0 || in[i] >= g->n)
            return gl_fail(e, GL_E_INVALID, "op %s input %d refers to node %d, which does not exist yet", gl_op_name(op),
                           i, in[i]), -1;
    if (name && strlen(name) >= GL_NAME_MAX)
        return gl_fail(e, GL_E_LIMIT, "node name '%.40s...' is longer than %d bytes", name, GL_NAME_MAX - 1), -1;
    gl_pool *p = gl_graph_pool(g, e);
    const gl_shape *s = p ? gl_pool_shape(p, shape, e) : NULL;
    const gl_attrs *a = s ? gl_pool_attrs(p, attrs, e) : NULL;
    const char *nm = a ? gl_pool_name(p, name, e) : NULL;
    if (!nm || reserve(g, g->n + 1, e)) return -1;
    gl_node *n = &g->nodes[g->n];
    n->id = g->n;
    n->op = op;
    n->nin = nin;
    for (int i = 0; i < GL_MAX_INPUTS; i++) n->in[i] = i < nin ? in[i] : 0;
    n->shape = s;
    n->attrs = a;
    n->name = nm;
    g->values[g->n] = NULL;
    return g->n++;
}

gl_status gl_graph_reserve(gl_graph *g, int n, gl_err *e) {
    if (n > GL_MAX_NODES) return gl_fail(e, GL_E_LIMIT, "graph has more than %d nodes (node-count limit)", GL_MAX_NODES);
    return reserve(g, n, e);
}

int gl_graph_add_copy(gl_graph *g, const gl_node *proto, const int *in, gl_err *e) {
    if ((unsigned)proto->op >= GL_OP_COUNT || proto->nin < 0 || proto->nin > GL_MAX_INPUTS)
        return gl_fail(e, GL_E_INVALID, "node copy with bad op %d / %d inputs", (int)proto->op, proto->nin), -1;
    for (int i = 0; i < proto->nin; i++)
        if (in[i] < 0 || in[i] >= g->n)
            return gl_fail(e, GL_E_INVALID, "op %s input %d refers to node %d, which does not exist yet",
                           gl_op_name(proto->op), i, in[i]), -1;
    if (g->n >= GL_MAX_NODES)
        return gl_fail(e, GL_E_LIMIT, "graph has more than %d nodes (node-count limit)", GL_MAX_NODES), -1;
    gl_pool *p = gl_graph_pool(g, e);
    const gl_shape *s = p ? gl_pool_shape(p, proto->shape, e) : NULL;
    const gl_attrs *a = s ? gl_pool_attrs(p, proto->attrs, e) : NULL;
    const char *nm = a ? gl_pool_name(p, proto->name, e) : NULL;
    if (!nm || reserve(g, g->n + 1, e)) return -1;
    gl_node *n = &g->nodes[g->n];
    *n = *proto;
    n->id = g->n;
    for (int i = 0; i < proto->nin; i++) n->in[i] = in[i];
    n->shape = s;
    n->attrs = a;
    n->name = nm;
    g->values[g->n] = NULL;
    return g->n++;
}

void gl_graph_set_value(gl_graph *g, int id, gl_array *v) {
    if (id < 0 || id >= g->n) return;
    gl_array_retain(v);
    gl_array_release(g->values[id]);
    g->values[id] = v;
}

gl_status gl_graph_set_outputs(gl_graph *g, const int *outs, int nout, gl_err *e) {
    for (int i = 0; i < nout; i++)
        if (outs[i] < 0 || outs[i] >= g->n) return gl_fail(e, GL_E_INVALID, "output %d refers to missing node %d", i, outs[i]);
    int *o = gl_alloc((size_t)nout, sizeof *o, e);
    if (!o) return GL_E_NOMEM;
    if (nout) memcpy(o, outs, sizeof *o * (size_t)nout);
    free(g->outputs);
    g->outputs = o;
    g->nout = nout;
    return GL_OK;
}

gl_status gl_graph_add_guard(gl_graph *g, int node, bool value, gl_err *e) {
    if (node < 0 || node >= g->n) return gl_fail(e, GL_E_INVALID, "guard refers to missing node %d", node);
    gl_guard *gs = gl_grow(g->guards, (size_t)g->nguards + 1, sizeof *gs, e);
    if (!gs) return GL_E_NOMEM;
    g->guards = gs;
    g->guards[g->nguards].node = node;
    g->guards[g->nguards].value = value;
    g->nguards++;
    return GL_OK;
}

gl_status gl_graph_clone(const gl_graph *g, gl_graph **out, gl_err *e) {
    if (!out) return gl_fail(e, GL_E_INVALID, "gl_graph_clone: out is NULL");
    *out = NULL;
    gl_graph *c = NULL;
    gl_status st = gl_graph_new(&c, e);
    if (st) return st;
    gl_graph_share_pool(c, g->pool);   /* the nodes' pointers stay valid: the pool is shared, not copied */
    if ((st = reserve(c, g->n, e))) goto fail;
    if (g->n) memcpy(c->nodes, g->nodes, sizeof *g->nodes * (size_t)g->n);
    for (int i = 0; i < g->n; i++)
        if (g->values[i]) c->values[i] = gl_array_retain(g->values[i]);   /* reserve zeroed the rest */
    c->n = g->n;
    if ((st = gl_graph_set_outputs(c, g->outputs, g->nout, e))) goto fail;
    for (int i = 0; i < g->nguards; i++)
        if ((st = gl_graph_add_guard(c, g->guards[i].node, g->guards[i].value, e))) goto fail;
    *out = c;
    return GL_OK;
fail:
    gl_graph_free(c);
    return st;
}

int gl_graph_count(const gl_graph *g) {
    int c = 0;
    for (int i = 0; i < g->n; i++)
        if (gl_op_class_of(g->nodes[i].op) != GL_CLASS_LEAF) c++;
    return c;
}

int gl_graph_find_input(const gl_graph *g, const char *name) {
    for (int i = 0; i < g->n; i++)
        if (g->nodes[i].op == GL_OP_INPUT && strcmp(g->nodes[i].name, name) == 0) return i;
    return -1;
}

gl_status gl_graph_validate(const gl_graph *g, gl_err *e) { return gl_graph_validate_copy(g, NULL, e); }

gl_status gl_graph_validate_copy(const gl_graph *g, gl_node *copy, gl_err *e) {
    for (int i = 0; i < g->n; i++) {
        const gl_node *n = &g->nodes[i];
        if (copy) copy[i] = *n;
        if (n->id != i) return gl_fail(e, GL_E_INTERNAL, "node at position %d has id %d", i, n->id);
        if ((unsigned)n->op >= GL_OP_COUNT) return gl_fail(e, GL_E_INTERNAL, "node %d has unknown op %d", i, (int)n->op);
        if (!gl_op_arity_fits(n->op, n->nin)) return gl_fail(e, GL_E_INTERNAL, "node %d (%s) has %d inputs", i, gl_op_name(n->op), n->nin);
        for (int k = 0; k < n->nin; k++)
            if (n->in[k] < 0 || n->in[k] >= i)
                return gl_fail(e, GL_E_INTERNAL, "node %d (%s) input %d is %d: not topological", i, gl_op_name(n->op), k,
                               n->in[k]);
        if (!n->shape || !n->attrs || !n->name)
            return gl_fail(e, GL_E_INTERNAL, "node %d has no %s", i, !n->shape ? "shape" : !n->attrs ? "attrs" : "name");
        if (n->shape->rank < 0 || n->shape->rank > GL_MAX_RANK)
            return gl_fail(e, GL_E_INTERNAL, "node %d has rank %d", i, n->shape->rank);
    }
    for (int k = 0; k < g->nout; k++)
        if (g->outputs[k] < 0 || g->outputs[k] >= g->n)
            return gl_fail(e, GL_E_INTERNAL, "output %d is node %d, which does not exist", k, g->outputs[k]);
    for (int k = 0; k < g->nguards; k++)
        if (g->guards[k].node < 0 || g->guards[k].node >= g->n)
            return gl_fail(e, GL_E_INTERNAL, "guard %d is on node %d, which does not exist", k, g->guards[k].node);
    return GL_OK;
}

gl_status gl_users_build(const gl_graph *g, gl_users *u, gl_err *e) {
    int n = g->n, total = 0;
    u->start = gl_alloc((size_t)n + 1, sizeof(int), e);
    if (!u->start) return GL_E_NOMEM;
    /* a counting sort with no second cursor array: start[x] counts x's users, then holds the end of x's list
     * (prefix sums), and filling from the last user down leaves it at the list's beginning; each list comes
     * out ascending (one entry per input slot) */
    for (int i = 0; i < n; i++)
        for (int k = 0; k < g->nodes[i].nin; k++) u->start[g->nodes[i].in[k]]++;
    for (int x = 0; x < n; x++) u->start[x] = total += u->start[x];
    u->start[n] = total;
    u->list = gl_grow(NULL, (size_t)total, sizeof(int), e);   /* every entry written below */
    if (!u->list) {
        gl_users_free(u);
        return GL_E_NOMEM;
    }
    for (int i = n - 1; i >= 0; i--)
        for (int k = g->nodes[i].nin - 1; k >= 0; k--) u->list[--u->start[g->nodes[i].in[k]]] = i;
    return GL_OK;
}

void gl_users_free(gl_users *u) {
    if (!u) return;
    free(u->start);
    free(u->list);
    u->start = u->list = NULL;
}

/* ---- printer: the reference's Graph.__str__ */

gl_status gl_graph_print(const gl_graph *g, char **out, gl_err *e) {
    if (!out) return gl_fail(e, GL_E_INVALID, "gl_graph_print: out is NULL");
    *out = NULL;
    gl_sb sb;
    gl_sb_init(&sb);
    for (int i = 0; i < g->n; i++) {
        const gl_node *n = &g->nodes[i];
        char id[16];
        snprintf(id, sizeof id, "%%%d", n->id);
        gl_sb_printf(&sb, "%-4s = %s(", id, gl_op_name(n->op));
        for (int k = 0; k < n->nin; k++) gl_sb_printf(&sb, "%s%%%d", k ? ", " : "", n->in[k]);
        if (n->nin && (n->attrs->has & ~(unsigned)GL_A_VALUE)) gl_sb_puts(&sb, ", ");
        gl_attrs_put_py(&sb, n->attrs, ~(unsigned)GL_A_VALUE);   /* the reference prints no value */
        gl_sb_puts(&sb, ")  : [");
        if (n->shape->rank == 0) gl_sb_puts(&sb, "标量");
        for (int k = 0; k < n->shape->rank; k++) {
            if (k) gl_sb_puts(&sb, "×");
            if (gl_dim_is_sym(n->shape->d[k])) gl_sb_puts(&sb, n->shape->d[k].sym);
            else gl_sb_printf(&sb, "%lld", (long long)n->shape->d[k].n);
        }
        gl_sb_puts(&sb, "]");
        if (n->name[0]) gl_sb_printf(&sb, "  # %s", n->name);
        gl_sb_putc(&sb, '\n');
    }
    gl_sb_puts(&sb, "返回 ");
    for (int k = 0; k < g->nout; k++) gl_sb_printf(&sb, "%s%%%d", k ? ", " : "", g->outputs[k]);
    return gl_sb_finish(&sb, out, NULL, e);
}
