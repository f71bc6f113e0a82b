/* graph_read.c — a graph from JSON (see graph_read.h): nodes, outputs, input_names, values, guards.
 * Every node is checked as the tracer would have built it (op, arity, attrs, shape rule), so the passes
 * only ever see graphs they could have been given by a trace. */
#include "io/graph_read.h"
#include "exec/numfmt.h"
#include "ir/attrs.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define ERRC(e) ((e) && (e)->code ? (e)->code : GL_E_INVALID)

static bool absent(const gl_json *j, int tok) { return tok < 0 || gl_json_is_null(j, tok); }

/* A dim: a non-negative integer or a symbol of 1..GL_SYM_MAX-1 bytes. */
static gl_status read_dim(const gl_json *j, int tok, const char *field, gl_dim *out, gl_err *e) {
    char sn[48];
    if (tok >= 0 && j->t[tok].type == GL_J_STR) {
        char sym[GL_SYM_MAX];
        gl_err tmp = {GL_OK, ""};
        if (gl_json_str(j, tok, field, sym, sizeof sym, &tmp) || !sym[0])
            return gl_fail(e, GL_E_INVALID, "%s must be a symbol of 1..%d characters, got %s", field, GL_SYM_MAX - 1,
                           gl_json_snippet(j, tok, sn, sizeof sn));
        *out = gl_dim_sym(sym);
        return GL_OK;
    }
    int64_t v = 0;
    if (gl_json_int(j, tok, field, &v, e)) return ERRC(e);
    if (v < 0 || v > GL_MAX_DIM)
        return gl_fail(e, GL_E_INVALID, "%s must be a dim 0..%lld or a symbol, got %lld", field, (long long)GL_MAX_DIM,
                       (long long)v);
    *out = gl_dim_int(v);
    return GL_OK;
}

static gl_status read_shape(const gl_json *j, int tok, const char *field, gl_shape *out, gl_err *e) {
    char sn[48], f[96];
    if (gl_json_expect(j, tok, GL_J_ARR, field, e)) return ERRC(e);
    if (j->t[tok].size > GL_MAX_RANK)
        return gl_fail(e, GL_E_INVALID, "%s has %d dims, at most %d are supported: %s", field, j->t[tok].size,
                       GL_MAX_RANK, gl_json_snippet(j, tok, sn, sizeof sn));
    memset(out, 0, sizeof *out);
    for (int k = gl_json_elem_first(j, tok); k >= 0; k = gl_json_elem_next(j, tok, k)) {
        snprintf(f, sizeof f, "%s[%d]", field, out->rank);
        if (read_dim(j, k, f, &out->d[out->rank], e)) return ERRC(e);
        out->rank++;
    }
    return GL_OK;
}

static gl_status read_int(const gl_json *j, int tok, const char *field, int64_t lo, int64_t hi, int64_t *out,
                          gl_err *e) {
    if (gl_json_int(j, tok, field, out, e)) return ERRC(e);
    if (*out < lo || *out > hi)
        return gl_fail(e, GL_E_INVALID, "%s must be %lld..%lld, got %lld", field, (long long)lo, (long long)hi,
                       (long long)*out);
    return GL_OK;
}

/* ---- attrs: which keys each op takes (the op table's required | optional), read by the attribute table */
static void op_attrs(gl_op op, int rank, unsigned *req, unsigned *opt) {
    *req = gl_op_attrs_required(op);
    *opt = gl_op_attrs_allowed(op) & ~*req;
    if (op == GL_OP_CONST && rank != 0) *opt = 0;                  /* only a scalar const has a value */
}

static gl_status read_attrs(const gl_json *j, int tok, const char *field, gl_op op, int rank, gl_attrs *a, gl_err *e) {
    char sn[64], f[160];
    memset(a, 0, sizeof *a);
    if (gl_json_expect(j, tok, GL_J_OBJ, field, e)) return ERRC(e);
    unsigned req, opt;
    op_attrs(op, rank, &req, &opt);
    for (int k = gl_json_key_first(j, tok); k >= 0; k = gl_json_key_next(j, tok, k)) {
        const gl_attr_info *t = NULL;
        for (int i = 0; i < GL_A_COUNT && !t; i++)
            if (gl_json_str_eq(j, k, gl_attr_table[i].key)) t = &gl_attr_table[i];
        if (!t || !((req | opt) & t->bit))
            return gl_fail(e, GL_E_INVALID, "%s has key %s, which %s%s does not take", field,
                           gl_json_snippet(j, k, sn, sizeof sn), gl_op_name(op),
                           op == GL_OP_CONST && rank ? " (of rank > 0)" : "");
        if (a->has & t->bit) return gl_fail(e, GL_E_INVALID, "%s.%s is given twice", field, t->key);
        a->has |= t->bit;
        int v = k + 1;
        snprintf(f, sizeof f, "%s.%s", field, t->key);
        int64_t x = 0;
        switch (t->kind) {
        case GL_AK_INT:
            if (read_int(j, v, f, t->lo, t->hi, &x, e)) return ERRC(e);
            *GL_ATTR_PTR(a, t, int) = (int)x;
            break;
        case GL_AK_BOOL:
            if (gl_json_bool(j, v, f, GL_ATTR_PTR(a, t, bool), e)) return ERRC(e);
            break;
        case GL_AK_PERM:
            if (gl_json_expect(j, v, GL_J_ARR, f, e)) return ERRC(e);
            if (j->t[v].size > GL_MAX_RANK)
                return gl_fail(e, GL_E_INVALID, "%s has %d axes, at most %d", f, j->t[v].size, GL_MAX_RANK);
            for (int p = gl_json_elem_first(j, v); p >= 0; p = gl_json_elem_next(j, v, p)) {
                char fp[176];
                snprintf(fp, sizeof fp, "%s[%d]", f, a->nperm);
                if (read_int(j, p, fp, t->lo, t->hi, &x, e)) return ERRC(e);
                a->perm[a->nperm++] = (int)x;
            }
            break;
        case GL_AK_SHAPE:
            if (read_shape(j, v, f, GL_ATTR_PTR(a, t, gl_shape), e)) return ERRC(e);
            break;
        case GL_AK_F64:
            if (gl_json_num(j, v, f, GL_ATTR_PTR(a, t, double), e)) return ERRC(e);
            break;
        case GL_AK_I64:
            if (read_int(j, v, f, t->lo, t->hi, GL_ATTR_PTR(a, t, int64_t), e)) return ERRC(e);
            break;
        case GL_AK_DIM:
            if (read_dim(j, v, f, GL_ATTR_PTR(a, t, gl_dim), e)) return ERRC(e);
            break;
        case GL_AK_FMT: {
            char name[24];
            int fmt = -1;
            if (j->t[v].type == GL_J_STR && gl_json_str(j, v, f, name, sizeof name, e) == GL_OK) fmt = gl_numfmt_parse(name);
            if (fmt < 0) {
                e->code = GL_OK;
                return gl_fail(e, GL_E_INVALID, "%s must be a number format (\"f64\", \"fp32\", \"bf16\", \"fp16\", "
                               "\"fp8_e4m3\", \"fp8_e5m2\", \"int8\", \"int8_channel\"), got %s", f,
                               gl_json_snippet(j, v, sn, sizeof sn));
            }
            *GL_ATTR_PTR(a, t, int) = fmt;
            break;
        }
        }
    }
    for (int i = 0; i < GL_A_COUNT; i++)
        if ((req & gl_attr_table[i].bit) && !(a->has & gl_attr_table[i].bit))
            return gl_fail(e, GL_E_INVALID, "%s needs \"%s\" (op %s)", field, gl_attr_table[i].key, gl_op_name(op));
    return GL_OK;
}

static gl_status read_node(const gl_json *j, int tok, int i, gl_graph *g, gl_err *e) {
    char f[96], sn[64];
    snprintf(f, sizeof f, "graph.nodes[%d]", i);
    if (gl_json_expect(j, tok, GL_J_ARR, f, e)) return ERRC(e);
    if (j->t[tok].size != 6)
        return gl_fail(e, GL_E_INVALID, "%s must be [id, op, inputs, attrs, shape, name], got %s", f,
                       gl_json_snippet(j, tok, sn, sizeof sn));
    char ff[112];
    int64_t id = 0;
    snprintf(ff, sizeof ff, "%s[0] (id)", f);
    if (gl_json_int(j, gl_json_at(j, tok, 0), ff, &id, e)) return ERRC(e);
    if (id != i) return gl_fail(e, GL_E_INVALID, "%s has id %lld; ids must be 0, 1, 2, ... in order", f, (long long)id);
    char opname[32];
    snprintf(ff, sizeof ff, "%s[1] (op)", f);
    int ot = gl_json_at(j, tok, 1);
    if (gl_json_str(j, ot, ff, opname, sizeof opname, e)) return ERRC(e);
    int op = gl_op_from_name(opname);
    if (op < 0) return gl_fail(e, GL_E_INVALID, "%s is an unknown op %s", ff, gl_json_snippet(j, ot, sn, sizeof sn));
    int it = gl_json_at(j, tok, 2);
    snprintf(ff, sizeof ff, "%s[2] (inputs)", f);
    if (gl_json_expect(j, it, GL_J_ARR, ff, e)) return ERRC(e);
    const int nin = j->t[it].size, lo = gl_op_arity((gl_op)op), hi = gl_op_max_arity((gl_op)op);
    if (!gl_op_arity_ok((gl_op)op, nin)) {
        if (lo == hi) return gl_fail(e, GL_E_INVALID, "%s has %d inputs; %s takes %d", ff, nin, opname, lo);
        return gl_fail(e, GL_E_INVALID, "%s has %d inputs; %s takes %d to %d", ff, nin, opname, lo, hi);
    }
    int in[GL_MAX_INPUTS] = {0};
    int k = 0;
    for (int t = gl_json_elem_first(j, it); t >= 0; t = gl_json_elem_next(j, it, t), k++) {
        char fi[128];
        snprintf(fi, sizeof fi, "%s[%d]", ff, k);
        int64_t v = 0;
        if (read_int(j, t, fi, 0, (int64_t)i - 1, &v, e)) return ERRC(e);   /* topological: earlier nodes only */
        in[k] = (int)v;
    }
    gl_shape shape;
    snprintf(ff, sizeof ff, "%s[4] (shape)", f);
    if (read_shape(j, gl_json_at(j, tok, 4), ff, &shape, e)) return ERRC(e);
    gl_attrs attrs;
    snprintf(ff, sizeof ff, "%s[3] (attrs)", f);
    if (read_attrs(j, gl_json_at(j, tok, 3), ff, (gl_op)op, shape.rank, &attrs, e)) return ERRC(e);
    char name[GL_NAME_MAX];
    snprintf(ff, sizeof ff, "%s[5] (name)", f);
    if (gl_json_str(j, gl_json_at(j, tok, 5), ff, name, sizeof name, e)) return ERRC(e);
    if (op == GL_OP_INPUT) {
        if (!name[0]) return gl_fail(e, GL_E_INVALID, "%s: an input needs a name", f);
        if (gl_graph_find_input(g, name) >= 0)
            return gl_fail(e, GL_E_INVALID, "%s: input name \"%s\" is used twice", f, name);
    }
    if (gl_graph_add(g, (gl_op)op, in, nin, &attrs, &shape, name, e) < 0) return ERRC(e);
    gl_shape want;
    gl_err le = {GL_OK, ""};
    if (gl_node_shape(g, &g->nodes[i], &want, &le))
        return gl_fail(e, le.code, "%s (%s): %s", f, opname, le.msg);
    if (!gl_shape_eq(&want, &shape)) {
        char a[160], b[160];
        return gl_fail(e, GL_E_SHAPE, "%s (%s) has shape %s, but its inputs give %s", f, opname,
                       gl_shape_str(&shape, a, sizeof a), gl_shape_str(&want, b, sizeof b));
    }
    return GL_OK;
}

static gl_status values_pass(const gl_json *j, int tok, gl_graph *g, bool *direct, int pass, gl_err *e);

/* "values": {"<id>": {shape, f64} | {"same": id}}: arrays first, then the shared ones. */
static gl_status read_values(const gl_json *j, int tok, gl_graph *g, gl_err *e) {
    if (absent(j, tok)) return GL_OK;
    if (gl_json_expect(j, tok, GL_J_OBJ, "graph.values", e)) return ERRC(e);
    bool *direct = gl_alloc((size_t)g->n + 1, sizeof *direct, e);   /* holds an array of its own */
    if (!direct) return GL_E_NOMEM;
    gl_status st = values_pass(j, tok, g, direct, 0, e);
    if (!st) st = values_pass(j, tok, g, direct, 1, e);
    free(direct);
    return st;
}

static gl_status values_pass(const gl_json *j, int tok, gl_graph *g, bool *direct, int pass, gl_err *e) {
    char sn[64], f[64];
    for (int k = gl_json_key_first(j, tok); k >= 0; k = gl_json_key_next(j, tok, k)) {
        char key[24];
        gl_err tmp = {GL_OK, ""};
        char *end = NULL;
        long id = -1;
        if (!gl_json_str(j, k, "values key", key, sizeof key, &tmp) && key[0] >= '0' && key[0] <= '9')
            id = strtol(key, &end, 10);
        if (id < 0 || !end || *end || id >= g->n)
            return gl_fail(e, GL_E_INVALID, "graph.values key %s must be the id of a node (0..%d)",
                           gl_json_snippet(j, k, sn, sizeof sn), g->n - 1);
        snprintf(f, sizeof f, "graph.values.%ld", id);
        const gl_node *n = &g->nodes[id];
        int v = k + 1;
        int same = j->t[v].type == GL_J_OBJ ? gl_json_get(j, v, "same") : -1;
        if ((same >= 0) != (pass == 1)) continue;
        if (n->op != GL_OP_PARAM && n->op != GL_OP_CONST)
            return gl_fail(e, GL_E_INVALID, "%s: node %ld is %s; only params and consts have values", f, id,
                           gl_op_name(n->op));
        if (g->values[id]) return gl_fail(e, GL_E_INVALID, "%s is given twice", f);
        gl_array *a = NULL;
        if (same >= 0) {
            if (j->t[v].size != 1) return gl_fail(e, GL_E_INVALID, "%s must be {\"same\": id} alone", f);
            char fs[80];
            snprintf(fs, sizeof fs, "%s.same", f);
            int64_t s = 0;
            if (read_int(j, same, fs, 0, (int64_t)g->n - 1, &s, e)) return ERRC(e);
            a = direct[s] ? g->values[s] : NULL;
            if (!a)
                return gl_fail(e, GL_E_INVALID, "%s is %lld, which must be a node whose value is an array", fs,
                               (long long)s);
            gl_array_retain(a);
        } else {
            gl_status st = gl_json_array_f64(j, v, f, &a, e);
            if (st) return st;
        }
        gl_shape as = gl_array_shape(a);
        if (!gl_shape_eq(&as, n->shape)) {
            char x[160], y[160];
            gl_array_release(a);
            return gl_fail(e, GL_E_SHAPE, "%s has shape %s, but node %ld has shape %s", f, gl_shape_str(&as, x, sizeof x),
                           id, gl_shape_str(n->shape, y, sizeof y));
        }
        gl_graph_set_value(g, (int)id, a);
        gl_array_release(a);
        direct[id] = pass == 0;
    }
    return GL_OK;
}

static gl_status read_guards(const gl_json *j, int tok, gl_graph *g, gl_err *e) {
    char sn[64], f[64];
    if (absent(j, tok)) return GL_OK;
    if (gl_json_expect(j, tok, GL_J_ARR, "graph.guards", e)) return ERRC(e);
    int i = 0;
    for (int k = gl_json_elem_first(j, tok); k >= 0; k = gl_json_elem_next(j, tok, k), i++) {
        snprintf(f, sizeof f, "graph.guards[%d]", i);
        if (j->t[k].type != GL_J_ARR || j->t[k].size != 3 || !gl_json_str_eq(j, gl_json_at(j, k, 0), "value"))
            return gl_fail(e, GL_E_INVALID, "%s must be [\"value\", node id, true|false], got %s", f,
                           gl_json_snippet(j, k, sn, sizeof sn));
        int64_t id = 0;
        bool v = false;
        char ff[80];
        snprintf(ff, sizeof ff, "%s[1]", f);
        if (read_int(j, gl_json_at(j, k, 1), ff, 0, (int64_t)g->n - 1, &id, e)) return ERRC(e);
        snprintf(ff, sizeof ff, "%s[2]", f);
        if (gl_json_bool(j, gl_json_at(j, k, 2), ff, &v, e)) return ERRC(e);
        if (gl_graph_add_guard(g, (int)id, v, e)) return ERRC(e);
    }
    return GL_OK;
}

/* input_names, when given, must name exactly the input nodes */
static gl_status check_input_names(const gl_json *j, int tok, const gl_graph *g, gl_err *e) {
    char sn[64], f[96];
    if (absent(j, tok)) return GL_OK;
    if (gl_json_expect(j, tok, GL_J_OBJ, "graph.input_names", e)) return ERRC(e);
    int ninputs = 0;
    for (int i = 0; i < g->n; i++) ninputs += g->nodes[i].op == GL_OP_INPUT;
    if (j->t[tok].size != ninputs)
        return gl_fail(e, GL_E_INVALID, "graph.input_names has %d names, but the graph has %d input nodes",
                       j->t[tok].size, ninputs);
    for (int k = gl_json_key_first(j, tok); k >= 0; k = gl_json_key_next(j, tok, k)) {
        char name[GL_NAME_MAX];
        gl_err tmp = {GL_OK, ""};
        int id = -2;
        if (!gl_json_str(j, k, "input name", name, sizeof name, &tmp)) id = gl_graph_find_input(g, name);
        snprintf(f, sizeof f, "graph.input_names.%s", gl_json_snippet(j, k, sn, sizeof sn));
        int64_t v = 0;
        if (gl_json_int(j, k + 1, f, &v, e)) return ERRC(e);
        if (id < 0 || v != id)
            return gl_fail(e, GL_E_INVALID, "%s is %lld, but the input node of that name is %d", f, (long long)v, id);
    }
    return GL_OK;
}

static const char *const GRAPH_KEYS[] = {"nodes", "outputs", "input_names", "values", "guards", NULL};

gl_status gl_graph_read_json(const gl_json *j, int tok, const char *field, gl_graph **out, gl_err *e) {
    char sn[64];
    *out = NULL;
    if (tok < 0 || j->t[tok].type != GL_J_OBJ)
        return gl_fail(e, GL_E_INVALID, "%s must be an object {nodes, outputs, ...}, got %s", field,
                       tok < 0 ? "nothing" : gl_json_snippet(j, tok, sn, sizeof sn));
    for (int k = gl_json_key_first(j, tok); k >= 0; k = gl_json_key_next(j, tok, k)) {
        bool known = false;
        for (int i = 0; GRAPH_KEYS[i]; i++) known = known || gl_json_str_eq(j, k, GRAPH_KEYS[i]);
        if (!known)
            return gl_fail(e, GL_E_INVALID,
                           "%s has an unknown key %s (known: nodes, outputs, input_names, values, guards)", field,
                           gl_json_snippet(j, k, sn, sizeof sn));
    }
    gl_graph *g = NULL;
    gl_status st = gl_graph_new(&g, e);
    if (st) return st;
    int nt = gl_json_get(j, tok, "nodes");
    if ((st = gl_json_expect(j, nt, GL_J_ARR, "graph.nodes", e))) goto fail;
    if ((st = gl_graph_reserve(g, j->t[nt].size, e))) goto fail;
    int i = 0;
    for (int k = gl_json_elem_first(j, nt); k >= 0; k = gl_json_elem_next(j, nt, k), i++)
        if ((st = read_node(j, k, i, g, e))) goto fail;
    int ot = gl_json_get(j, tok, "outputs");
    if ((st = gl_json_expect(j, ot, GL_J_ARR, "graph.outputs", e))) goto fail;
    int *outs = gl_alloc((size_t)j->t[ot].size + 1, sizeof *outs, e);
    if (!outs) {
        st = gl_fail(e, GL_E_NOMEM, "graph.outputs: out of memory");
        goto fail;
    }
    int no = 0;
    for (int k = gl_json_elem_first(j, ot); k >= 0; k = gl_json_elem_next(j, ot, k), no++) {
        char f[48];
        snprintf(f, sizeof f, "graph.outputs[%d]", no);
        int64_t v = 0;
        if ((st = read_int(j, k, f, 0, (int64_t)g->n - 1, &v, e))) {
            free(outs);
            goto fail;
        }
        outs[no] = (int)v;
    }
    st = gl_graph_set_outputs(g, outs, no, e);
    free(outs);
    if (st) goto fail;
    if ((st = check_input_names(j, gl_json_get(j, tok, "input_names"), g, e))) goto fail;
    if ((st = read_values(j, gl_json_get(j, tok, "values"), g, e))) goto fail;
    for (int k = 0; k < g->n; k++)
        if (g->nodes[k].op == GL_OP_CONST && !g->values[k]) {
            st = gl_fail(e, GL_E_INVALID, "graph.values.%d is missing: every const needs a value", k);
            goto fail;
        }
    if ((st = read_guards(j, gl_json_get(j, tok, "guards"), g, e))) goto fail;
    if ((st = gl_graph_validate(g, e))) goto fail;
    *out = g;
    return GL_OK;
fail:
    gl_graph_free(g);
    return st;
}

gl_status gl_bind_read_json(const gl_json *j, int tok, const char *field, gl_bind *out, gl_err *e) {
    char sn[64];
    memset(out, 0, sizeof *out);
    if (absent(j, tok)) return GL_OK;
    if (j->t[tok].type != GL_J_OBJ)
        return gl_fail(e, GL_E_INVALID, "%s must be an object {symbol: integer}, got %s", field,
                       gl_json_snippet(j, tok, sn, sizeof sn));
    for (int k = gl_json_key_first(j, tok); k >= 0; k = gl_json_key_next(j, tok, k)) {
        char sym[GL_SYM_MAX], f[64];
        gl_err tmp = {GL_OK, ""};
        if (gl_json_str(j, k, "bind key", sym, sizeof sym, &tmp) || !sym[0])
            return gl_fail(e, GL_E_INVALID, "%s key %s must be a symbol name of 1..%d characters", field,
                           gl_json_snippet(j, k, sn, sizeof sn), GL_SYM_MAX - 1);
        snprintf(f, sizeof f, "%s.%s", field, sym);
        int64_t v = 0;
        if (read_int(j, k + 1, f, 0, GL_MAX_DIM, &v, e)) return ERRC(e);
        if (gl_bind_set(out, sym, v, e)) return ERRC(e);
    }
    return GL_OK;
}
