/* lazy.c — lazy execution with graph breaks (§12, the reference's _LazyTracer + LazyRunner).
 *
 * Ops are recorded into the current graph (one gl_tracer per generation, mode "error", not concrete:
 * nothing is computed while recording). materialize(t) finishes the current graph with every non-leaf
 * node as an output, runs it with the interpreter on the pending inputs, stores the value of every node
 * under (generation, node id), records the graph's op count and starts a new graph. A handle of an earlier
 * generation used later is imported into the current graph as a new input "in{k}" (k = inputs so far)
 * carrying its stored value; each (generation, node) is imported at most once per graph.
 *
 * Unlike the reference (whose store holds only op results and inputs), the store also keeps the values of
 * consts, so a const of an earlier graph can be imported too instead of failing.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ir/attrs.h"
#include "ir/util.h"

typedef struct {
    gl_graph *g;                  /* the executed graph (outputs = its non-leaf nodes) */
    gl_array **vals;              /* value of every node (g->n) */
    int ops;
} lz_gen;

typedef struct {
    int gen;                      /* 1-based generation */
    int id;                       /* node id in that generation's graph */
} lz_handle;

typedef struct {
    int gen, id;                  /* the imported (generation, node) */
    int cur;                      /* its input node in the current graph */
} lz_import;

struct gl_lazy {
    gl_tracer *tr;                /* the current graph's tracer */
    int gen;                      /* current generation (1-based); executed ones are gens[0 .. gen-2] */
    lz_gen *gens;
    int ngens, capgens;
    lz_handle *h;
    int nh, caph;
    gl_array **pending;           /* values of the current graph's inputs, by input index */
    int npending, cappending;
    lz_import *imp;               /* imports into the current graph */
    int nimp, capimp;
    int imports_total;
    gl_err err;
};

static int fail_sticky(gl_lazy *lz) {
    if (!lz->err.code && lz->tr && gl_tracer_status(lz->tr)) {
        const gl_err *te = gl_tracer_error(lz->tr);
        gl_fail(&lz->err, te->code, "%s", te->msg);
    }
    return -1;
}

static gl_status start_graph(gl_lazy *lz) {
    gl_status st = gl_tracer_new(GL_BRANCH_ERROR, false, &lz->tr, &lz->err);
    if (st) return st;
    lz->gen++;
    for (int i = 0; i < lz->npending; i++) gl_array_release(lz->pending[i]);
    lz->npending = 0;
    lz->nimp = 0;
    return GL_OK;
}

gl_status gl_lazy_new(gl_lazy **out, gl_err *e) {
    if (!out) return gl_fail(e, GL_E_INVALID, "gl_lazy_new: out is NULL");
    *out = NULL;
    gl_lazy *lz = gl_alloc(1, sizeof *lz, e);
    if (!lz) return gl_fail(e, GL_E_NOMEM, "out of memory allocating a lazy runner");
    gl_status st = start_graph(lz);
    if (st) {
        gl_fail(e, st, "%s", lz->err.msg);
        gl_lazy_free(lz);
        return st;
    }
    *out = lz;
    return GL_OK;
}

void gl_lazy_free(gl_lazy *lz) {
    if (!lz) return;
    gl_tracer_free(lz->tr);
    for (int i = 0; i < lz->ngens; i++) {
        for (int k = 0; k < lz->gens[i].g->n; k++) gl_array_release(lz->gens[i].vals[k]);
        free(lz->gens[i].vals);
        gl_graph_free(lz->gens[i].g);
    }
    free(lz->gens);
    free(lz->h);
    for (int i = 0; i < lz->npending; i++) gl_array_release(lz->pending[i]);
    free(lz->pending);
    free(lz->imp);
    free(lz);
}

gl_status gl_lazy_status(const gl_lazy *lz) {
    if (!lz) return GL_E_INVALID;
    if (lz->err.code) return lz->err.code;
    return lz->tr ? gl_tracer_status(lz->tr) : GL_E_INTERNAL;
}

const gl_err *gl_lazy_error(const gl_lazy *lz) {
    static const gl_err no_runner = {GL_E_INVALID, "lazy runner is NULL"};
    if (!lz) return &no_runner;
    if (lz->err.code || !lz->tr) return &lz->err;
    return gl_tracer_error(lz->tr);
}

int gl_lazy_graph_count(const gl_lazy *lz) { return lz ? lz->ngens : 0; }
int gl_lazy_graph_ops(const gl_lazy *lz, int i) { return lz && i >= 0 && i < lz->ngens ? lz->gens[i].ops : -1; }
const gl_graph *gl_lazy_graph_at(const gl_lazy *lz, int i) {
    return lz && i >= 0 && i < lz->ngens ? lz->gens[i].g : NULL;
}
int gl_lazy_imports(const gl_lazy *lz) { return lz ? lz->imports_total : 0; }

static bool live(gl_lazy *lz) { return lz && !lz->err.code && lz->tr && !gl_tracer_status(lz->tr); }

/* A new handle for node id of the current generation. */
static int new_handle(gl_lazy *lz, int id) {
    if (id < 0) return fail_sticky(lz);
    if (lz->nh == lz->caph) {
        int cap = lz->caph ? lz->caph * 2 : 64;
        lz_handle *h = gl_grow(lz->h, (size_t)cap, sizeof *h, &lz->err);
        if (!h) return -1;
        lz->h = h;
        lz->caph = cap;
    }
    lz->h[lz->nh].gen = lz->gen;
    lz->h[lz->nh].id = id;
    return lz->nh++;
}

static bool ok_handle(gl_lazy *lz, int t) {
    if (t >= 0 && t < lz->nh) return true;
    gl_fail(&lz->err, GL_E_INVALID, "lazy: %d is not a tensor of this runner", t);
    return false;
}

/* Adds an input "in{k}" with value arr (retained) to the current graph; returns its node id. */
static int add_input(gl_lazy *lz, gl_array *arr) {
    if (lz->npending == lz->cappending) {
        int cap = lz->cappending ? lz->cappending * 2 : 8;
        gl_array **p = gl_grow(lz->pending, (size_t)cap, sizeof *p, &lz->err);
        if (!p) return -1;
        lz->pending = p;
        lz->cappending = cap;
    }
    char name[32];
    snprintf(name, sizeof name, "in%d", lz->npending);
    gl_shape s = gl_array_shape(arr);
    int id = gl_t_input(lz->tr, name, &s, NULL);
    if (id < 0) return fail_sticky(lz);
    lz->pending[lz->npending++] = gl_array_retain(arr);
    return id;
}

/* The reference's fix(): the node id in the current graph of handle t, importing it if it is older. */
static int fix(gl_lazy *lz, int t) {
    if (!ok_handle(lz, t)) return -1;
    lz_handle h = lz->h[t];
    if (h.gen == lz->gen) return h.id;
    for (int i = 0; i < lz->nimp; i++)
        if (lz->imp[i].gen == h.gen && lz->imp[i].id == h.id) return lz->imp[i].cur;
    if (h.gen < 1 || h.gen > lz->ngens || h.id < 0 || h.id >= lz->gens[h.gen - 1].g->n) {
        gl_fail(&lz->err, GL_E_INTERNAL, "lazy: tensor %d refers to a graph that never ran", t);
        return -1;
    }
    gl_array *v = lz->gens[h.gen - 1].vals[h.id];
    if (!v) {
        gl_fail(&lz->err, GL_E_INTERNAL, "lazy: tensor %d has no stored value", t);
        return -1;
    }
    if (lz->nimp == lz->capimp) {
        int cap = lz->capimp ? lz->capimp * 2 : 8;
        lz_import *p = gl_grow(lz->imp, (size_t)cap, sizeof *p, &lz->err);
        if (!p) return -1;
        lz->imp = p;
        lz->capimp = cap;
    }
    int id = add_input(lz, v);
    if (id < 0) return -1;
    lz->imp[lz->nimp].gen = h.gen;
    lz->imp[lz->nimp].id = h.id;
    lz->imp[lz->nimp].cur = id;
    lz->nimp++;
    lz->imports_total++;
    return id;
}

int gl_lazy_tensor(gl_lazy *lz, gl_array *arr) {
    if (!live(lz)) return lz ? fail_sticky(lz) : -1;
    if (!arr) {
        gl_fail(&lz->err, GL_E_INVALID, "lazy tensor without a value");
        return -1;
    }
    return new_handle(lz, add_input(lz, arr));
}

int gl_lazy_scalar(gl_lazy *lz, double v) {
    if (!live(lz)) return lz ? fail_sticky(lz) : -1;
    return new_handle(lz, gl_t_scalar(lz->tr, v));
}

/* The shape of handle t (in whichever graph it lives). */
static const gl_shape *handle_shape(gl_lazy *lz, int t) {
    if (!ok_handle(lz, t)) return NULL;
    lz_handle h = lz->h[t];
    if (h.gen == lz->gen) return gl_t_shape(lz->tr, h.id);
    return lz->gens[h.gen - 1].g->nodes[h.id].shape;
}

int gl_lazy_op(gl_lazy *lz, gl_op op, const int *in, int nin, const gl_attrs *attrs) {
    if (!live(lz)) return lz ? fail_sticky(lz) : -1;
    gl_attrs none;
    memset(&none, 0, sizeof none);
    const gl_attrs *a = attrs ? attrs : &none;
    if ((unsigned)op >= GL_OP_COUNT || gl_op_class(op) == GL_CLASS_LEAF) {
        gl_fail(&lz->err, GL_E_INVALID, "lazy: %s is not an op (use gl_lazy_tensor / gl_lazy_scalar)",
                gl_op_name(op));
        return -1;
    }
    /* causal_mask's one operand only lends its shape (the builder's `like`) */
    const bool like = op == GL_OP_CAUSAL_MASK;
    if (!(like ? nin == 1 : gl_op_arity_ok(op, nin)) || (nin > 0 && !in)) {
        gl_fail(&lz->err, GL_E_INVALID, "lazy: %s takes %d inputs, got %d", gl_op_name(op), like ? 1 : gl_op_arity(op), nin);
        return -1;
    }
    /* the reference's F.sum / F.max / F.softmax default: axis -1, keepdims False */
    gl_attrs at = *a;
    const unsigned defaulted = GL_A_AXIS | GL_A_KEEPDIMS;
    if ((gl_op_attrs_required(op) & GL_A_AXIS) && !(at.has & GL_A_AXIS)) at.axis = -1;
    const unsigned missing = gl_op_attrs_required(op) & ~at.has & ~defaulted;
    for (int i = 0; missing && i < GL_A_COUNT; i++)
        if (missing & (1u << i)) {
            gl_fail(&lz->err, GL_E_INVALID, "lazy: %s needs attrs.%s", gl_op_name(op), gl_attr_table[i].key);
            return -1;
        }
    at.has |= gl_op_attrs_required(op) & defaulted;
    if (like) {                                   /* no input, no import */
        const gl_shape *s = handle_shape(lz, in[0]);
        if (!s) return -1;
        gl_attrs cm;
        memset(&cm, 0, sizeof cm);
        cm.has = GL_A_T | GL_A_POS0;
        cm.T = a->T;
        cm.pos0 = a->pos0;
        gl_shape sc;
        if (gl_op_shape(op, NULL, 0, &cm, s, &sc, &lz->err)) return -1;
        return new_handle(lz, gl_t_emit(lz->tr, op, NULL, 0, &cm, &sc, NULL));
    }
    int x[GL_MAX_INPUTS];
    for (int i = 0; i < nin; i++)
        if ((x[i] = fix(lz, in[i])) < 0) return -1;
    const int id = gl_t_op(lz->tr, op, x, nin, &at);
    return new_handle(lz, id);
}

int gl_lazy_add(gl_lazy *lz, int a, int b) { int in[2] = {a, b}; return gl_lazy_op(lz, GL_OP_ADD, in, 2, NULL); }
int gl_lazy_sub(gl_lazy *lz, int a, int b) { int in[2] = {a, b}; return gl_lazy_op(lz, GL_OP_SUB, in, 2, NULL); }
int gl_lazy_mul(gl_lazy *lz, int a, int b) { int in[2] = {a, b}; return gl_lazy_op(lz, GL_OP_MUL, in, 2, NULL); }
int gl_lazy_gt(gl_lazy *lz, int a, int b) { int in[2] = {a, b}; return gl_lazy_op(lz, GL_OP_GT, in, 2, NULL); }

int gl_lazy_sum(gl_lazy *lz, int a, int axis, bool keepdims) {
    gl_attrs at;
    memset(&at, 0, sizeof at);
    at.has = GL_A_AXIS | GL_A_KEEPDIMS;
    at.axis = axis;
    at.keepdims = keepdims;
    return gl_lazy_op(lz, GL_OP_SUM, &a, 1, &at);
}

/* Runs the finished graph g on the pending inputs; fills vals (g->n, zeroed) with every node's value. */
static gl_status execute(gl_lazy *lz, gl_graph *g, gl_array **vals) {
    gl_status st = GL_OK;
    gl_named_array *in = gl_alloc((size_t)lz->npending, sizeof *in, &lz->err);
    gl_array **outs = in ? gl_alloc((size_t)g->nout, sizeof *outs, &lz->err) : NULL;
    if (!outs) {
        free(in);
        return GL_E_NOMEM;
    }
    int k = 0;
    for (int i = 0; i < g->n; i++)
        if (g->nodes[i].op == GL_OP_INPUT && k < lz->npending) {
            in[k].name = g->nodes[i].name;
            in[k].value = lz->pending[k];
            k++;
        }
    st = gl_run(g, in, k, NULL, outs, NULL, &lz->err);
    if (!st) {
        for (int o = 0; o < g->nout; o++) vals[g->outputs[o]] = outs[o];   /* takes the references */
        k = 0;
        for (int i = 0; i < g->n; i++) {
            if (g->nodes[i].op == GL_OP_INPUT) vals[i] = gl_array_retain(lz->pending[k++]);
            else if (gl_op_class(g->nodes[i].op) == GL_CLASS_LEAF) vals[i] = gl_array_retain(g->values[i]);
        }
    }
    free(outs);
    free(in);
    return st;
}

gl_status gl_lazy_materialize(gl_lazy *lz, int t, gl_array **value, gl_err *e) {
    if (!value) return gl_fail(e, GL_E_INVALID, "gl_lazy_materialize: value is NULL");
    *value = NULL;
    if (!lz) return gl_fail(e, GL_E_INVALID, "gl_lazy_materialize: runner is NULL");
    int cur = live(lz) ? fix(lz, t) : fail_sticky(lz);
    if (cur < 0) {
        fail_sticky(lz);
        const gl_err *le = gl_lazy_error(lz);
        return gl_fail(e, le->code ? le->code : GL_E_INTERNAL, "%s", le->msg);
    }
    gl_graph *tg = gl_tracer_graph(lz->tr);
    int *ids = gl_alloc((size_t)tg->n, sizeof *ids, &lz->err);
    gl_array **vals = gl_alloc((size_t)tg->n, sizeof *vals, &lz->err);
    lz_gen *gens = NULL;
    gl_graph *g = NULL;
    gl_array *out = NULL;
    int nids = 0;
    if (!ids || !vals) goto fail;
    if (lz->ngens == lz->capgens) {
        int cap = lz->capgens ? lz->capgens * 2 : 8;
        gens = gl_grow(lz->gens, (size_t)cap, sizeof *gens, &lz->err);
        if (!gens) goto fail;
        lz->gens = gens;
        lz->capgens = cap;
    }
    for (int i = 0; i < tg->n; i++)
        if (gl_op_class(tg->nodes[i].op) != GL_CLASS_LEAF) ids[nids++] = i;
    gl_status fst = gl_tracer_finish(lz->tr, ids, nids, &g, &lz->err);
    lz->tr = NULL;                               /* finish freed the tracer (also on failure) */
    if (fst) goto fail;
    if (execute(lz, g, vals)) goto fail;
    out = gl_array_retain(vals[cur]);
    lz->gens[lz->ngens].g = g;
    lz->gens[lz->ngens].vals = vals;
    lz->gens[lz->ngens].ops = nids;
    lz->ngens++;
    free(ids);
    gl_status st = start_graph(lz);
    if (st) {
        gl_array_release(out);
        return gl_fail(e, st, "%s", lz->err.msg);
    }
    *value = out;
    return GL_OK;
fail:
    if (vals && g)
        for (int i = 0; i < g->n; i++) gl_array_release(vals[i]);
    free(vals);
    free(ids);
    gl_graph_free(g);
    if (!lz->err.code) gl_fail(&lz->err, GL_E_INTERNAL, "lazy: materialize failed");
    return gl_fail(e, lz->err.code, "%s", lz->err.msg);
}

gl_status gl_lazy_bool(gl_lazy *lz, int t, bool *out) {
    gl_err e = {GL_OK, ""};
    gl_array *v = NULL;
    gl_status st = gl_lazy_materialize(lz, t, &v, &e);
    if (st) return st;
    if (v->size == 1) *out = v->data[0] != 0.0;
    else if (v->size == 0) *out = false;
    else
        st = gl_fail(&lz->err, GL_E_INVALID, "the truth value of a tensor with %lld elements is ambiguous",
                     (long long)v->size);
    gl_array_release(v);
    return st;
}
