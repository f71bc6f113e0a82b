/* tracer.c — the builder API (§4, §6): each call records a node (SSA) and, when every input has a value,
 * also computes it (concrete tracing, like torch.jit.trace). Errors are sticky: after the first failure
 * every call returns -1, so builder code is written straight through and checked once. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "exec/numfmt.h"
#include "ir/attrs.h"
#include "ir/pool.h"
#include "ir/util.h"
#include "front/tracer.h"

struct gl_tracer {
    gl_graph *g;
    gl_branch_mode mode;
    bool concrete;                 /* evaluate generators (causal_mask) too */
    gl_array **tvals;              /* trace-time value per node, or NULL */
    int tcap;
    double *skeys;                 /* scalar const dedup: value -> node id, in creation order */
    int *sids;
    int ns, scap;
    int *sindex;                   /* open-addressing index into skeys (entry + 1; 0 empty): a program may make
                                      tens of thousands of distinct scalars, a linear scan was quadratic */
    int sicap;                     /* a power of two, kept at least twice ns */
    gl_blocks *bk;                 /* made by the first gl_tracer_enter (NULL: the builder names no blocks) */
    int cur;                       /* the current block, -1 outside any */
    int mark;                      /* nodes before it have their block in bk->of */
    gl_err err;
};

gl_status gl_tracer_new(gl_branch_mode mode, bool concrete, gl_tracer **out, gl_err *e) {
    if (!out) return gl_fail(e, GL_E_INVALID, "gl_tracer_new: out is NULL");
    *out = NULL;
    gl_tracer *tr = gl_alloc(1, sizeof *tr, e);
    if (!tr) return gl_fail(e, GL_E_NOMEM, "out of memory allocating a tracer");
    gl_status st = gl_graph_new(&tr->g, e);
    if (st) {
        free(tr);
        return st;
    }
    tr->mode = mode;
    tr->concrete = concrete;
    tr->cur = -1;
    *out = tr;
    return GL_OK;
}

static void free_tvals(gl_tracer *tr) {
    for (int i = 0; i < tr->tcap; i++) gl_array_release(tr->tvals[i]);
    free(tr->tvals);
    tr->tvals = NULL;
    tr->tcap = 0;
}

void gl_tracer_free(gl_tracer *tr) {
    if (!tr) return;
    free_tvals(tr);
    free(tr->skeys);
    free(tr->sids);
    free(tr->sindex);
    gl_blocks_free(tr->bk);
    gl_graph_free(tr->g);
    free(tr);
}

/* ---- blocks: a node's block is the current one when it was emitted, recorded by ranges (every switch of
 * block and the finish write the nodes emitted since the last one), so emitting a node costs nothing more */
static bool blocks_catch_up(gl_tracer *tr) {
    gl_blocks *b = tr->bk;
    int n = tr->g->n;
    if (!b || tr->mark >= n) return true;
    if (n > b->n) {
        int cap = b->n ? b->n : 64;
        while (cap < n) cap = cap > INT32_MAX / 2 ? n : 2 * cap;
        int32_t *of = realloc(b->of, (size_t)cap * sizeof *of);
        if (!of) return false;
        for (int i = b->n; i < cap; i++) of[i] = -1;
        b->of = of;
        b->n = cap;
    }
    for (int i = tr->mark; i < n; i++) b->of[i] = tr->cur;
    tr->mark = n;
    return true;
}

int gl_tracer_enter(gl_tracer *tr, const char *name) {
    int prev = tr ? tr->cur : -1;
    if (!tr || tr->err.code || !name) return prev;
    if (!tr->bk && !(tr->bk = calloc(1, sizeof *tr->bk))) goto nomem;
    if (!blocks_catch_up(tr)) goto nomem;
    gl_blocks *b = tr->bk;
    char path[GL_NAME_MAX];
    int len = prev >= 0 ? snprintf(path, sizeof path, "%s/%s", b->names[prev], name) : snprintf(path, sizeof path, "%s", name);
    if (len < 0 || (size_t)len >= sizeof path) return prev;
    for (int i = 0; i < b->nnames; i++)
        if (strcmp(b->names[i], path) == 0) {
            tr->cur = i;
            return prev;
        }
    char **names = realloc(b->names, (size_t)(b->nnames + 1) * sizeof *names);
    if (!names) goto nomem;
    b->names = names;
    if (!(names[b->nnames] = malloc((size_t)len + 1))) goto nomem;
    memcpy(names[b->nnames], path, (size_t)len + 1);
    tr->cur = b->nnames++;
    return prev;
nomem:
    gl_fail(&tr->err, GL_E_NOMEM, "out of memory naming the trace's blocks");
    return prev;
}

void gl_tracer_leave(gl_tracer *tr, int block) {
    if (!tr || tr->err.code || !tr->bk) return;
    if (!blocks_catch_up(tr)) {
        gl_fail(&tr->err, GL_E_NOMEM, "out of memory naming the trace's blocks");
        return;
    }
    tr->cur = block >= -1 && block < tr->bk->nnames ? block : -1;
}

void gl_tracer_share_pool(gl_tracer *tr, const gl_graph *g) {
    if (tr->g->n == 0) gl_graph_share_pool(tr->g, g->pool);
}

gl_status gl_tracer_status(const gl_tracer *tr) { return tr->err.code; }
const gl_err *gl_tracer_error(const gl_tracer *tr) { return &tr->err; }
gl_graph *gl_tracer_graph(gl_tracer *tr) { return tr->g; }

gl_status gl_tracer_finish(gl_tracer *tr, const int *outs, int nout, gl_graph **out, gl_err *e) {
    gl_status st = GL_OK;
    if (!out) st = gl_fail(e, GL_E_INVALID, "gl_tracer_finish: out is NULL");
    else *out = NULL;
    if (!st && !tr) st = gl_fail(e, GL_E_INVALID, "gl_tracer_finish: tracer is NULL");
    if (!st && tr->err.code) st = gl_fail(e, tr->err.code, "%s", tr->err.msg);
    for (int i = 0; !st && i < nout; i++)
        if (outs[i] < 0) st = gl_fail(e, GL_E_INTERNAL, "output %d of the trace is invalid", i);
    if (!st) st = gl_graph_set_outputs(tr->g, outs, nout, e);
    if (!st && tr->bk) {
        if (!blocks_catch_up(tr)) st = gl_fail(e, GL_E_NOMEM, "out of memory naming the trace's blocks");
        else {
            tr->bk->n = tr->g->n;   /* of[] may be longer: only the first n are the graph's */
            tr->g->blocks = tr->bk;
            tr->bk = NULL;
        }
    }
    if (!st) {
        *out = tr->g;
        tr->g = NULL;
    }
    gl_tracer_free(tr);
    return st;
}

static bool ok_id(gl_tracer *tr, int t) { return t >= 0 && t < tr->g->n; }

gl_array *gl_t_value(gl_tracer *tr, int t) { return ok_id(tr, t) && t < tr->tcap ? tr->tvals[t] : NULL; }

const gl_shape *gl_t_shape(gl_tracer *tr, int t) { return ok_id(tr, t) ? tr->g->nodes[t].shape : NULL; }

/* Stores a trace-time value (takes ownership of v). */
static int set_tval(gl_tracer *tr, int id, gl_array *v) {
    if (!v) return id;
    if (id >= tr->tcap) {
        int cap = tr->tcap ? tr->tcap : 64;
        while (cap <= id) cap *= 2;
        gl_array **t = gl_grow(tr->tvals, (size_t)cap, sizeof *t, &tr->err);
        if (!t) {
            gl_array_release(v);
            return -1;
        }
        memset(t + tr->tcap, 0, sizeof *t * (size_t)(cap - tr->tcap));
        tr->tvals = t;
        tr->tcap = cap;
    }
    gl_array_release(tr->tvals[id]);
    tr->tvals[id] = v;
    return id;
}

/* Validates a user-given shape: each dim a non-negative integer or a symbol. */
static bool check_shape(gl_tracer *tr, const gl_shape *s, const char *what) {
    if (!s || s->rank < 0 || s->rank > GL_MAX_RANK) {
        gl_fail(&tr->err, GL_E_INVALID, "%s: rank must be 0..%d", what, GL_MAX_RANK);
        return false;
    }
    for (int i = 0; i < s->rank; i++)
        if (!gl_dim_is_sym(s->d[i]) && s->d[i].n < 0) {
            gl_fail(&tr->err, GL_E_INVALID, "%s: dim %d is %lld (must be >= 0)", what, i, (long long)s->d[i].n);
            return false;
        }
    return true;
}

int gl_t_emit(gl_tracer *tr, gl_op op, const int *in, int nin, const gl_attrs *attrs, const gl_shape *shape,
              const char *name) {
    if (tr->err.code) return -1;
    for (int i = 0; i < nin; i++)
        if (!ok_id(tr, in[i])) {
            gl_fail(&tr->err, GL_E_INVALID, "%s: input %d is not a tensor of this trace", gl_op_name(op), i);
            return -1;
        }
    int id = gl_graph_add(tr->g, op, in, nin, attrs, shape, name, &tr->err);
    if (id < 0) return -1;
    const gl_node *n = &tr->g->nodes[id];
    bool all = true;
    gl_array *args[GL_MAX_INPUTS] = {NULL};
    for (int i = 0; i < nin; i++) {
        args[i] = gl_t_value(tr, in[i]);
        if (!args[i]) all = false;
    }
    gl_array *v = NULL;
    const gl_opclass cls = gl_op_class_of(op);
    if (cls == GL_CLASS_GENERATOR) {
        bool ints = true;
        for (int i = 0; i < n->shape->rank; i++)
            if (gl_dim_is_sym(n->shape->d[i])) ints = false;
        if (tr->concrete && ints) {
            if (gl_causal_mask_array(n->shape, NULL, n->attrs->T, n->attrs->pos0, &v, &tr->err)) return -1;
        }
    } else if (all && cls != GL_CLASS_LEAF) {
        gl_err e2 = {0};
        if (gl_eval_node(n, args, NULL, &v, &e2)) {
            if (e2.code != GL_E_UNBOUND) {   /* a symbolic row cannot be computed at trace time: stay abstract */
                gl_fail(&tr->err, e2.code, "%s", e2.msg);
                return -1;
            }
            v = NULL;
        }
    }
    return set_tval(tr, id, v);
}

bool gl_t_repeat(gl_tracer *tr, int first, int last, const int *from, const int *to, int nmap, int *shift) {
    gl_graph *g = tr->g;
    int len = last - first;
    *shift = 0;
    if (tr->err.code || first < 0 || len <= 0 || last > g->n || g->n > g->cap - len || g->n > GL_MAX_NODES - len)
        return false;
    for (int i = first; i < last && i < tr->tcap; i++)
        if (tr->tvals[i]) return false;
    if (!blocks_catch_up(tr)) return false;   /* the copies take their originals' blocks, below */
    for (int k = 0; k < nmap; k++)
        if (!ok_id(tr, to[k]) || g->nodes[to[k]].shape != g->nodes[from[k]].shape) return false;
    int d = g->n - first;
    for (int i = first; i < last; i++) {
        const gl_node *src = &g->nodes[i];
        gl_node *n = &g->nodes[i + d];
        *n = *src;
        n->id = i + d;
        for (int s = 0; s < n->nin; s++) {
            int x = src->in[s];
            if (x >= first) {
                n->in[s] = x + d;
                continue;
            }
            for (int k = 0; k < nmap; k++)
                if (x == from[k]) {
                    n->in[s] = to[k];
                    break;
                }
        }
        g->values[i + d] = g->values[i] ? gl_array_retain(g->values[i]) : NULL;
    }
    g->n += len;
    *shift = d;
    if (tr->bk) {
        int start = tr->mark;
        if (!blocks_catch_up(tr)) {
            gl_fail(&tr->err, GL_E_NOMEM, "out of memory naming the trace's blocks");
            return true;
        }
        for (int i = start; i < g->n; i++) tr->bk->of[i] = tr->bk->of[i - d];
    }
    return true;
}

/* The scalar dedup index: keys compare with ==, as the reference's dict of values does for floats, so -0.0
 * and 0.0 share a slot and a NaN never matches (it is recorded, never indexed). */
static uint64_t scalar_hash(double v) {
    if (v == 0) v = 0;                                    /* -0.0 == 0.0 */
    uint64_t b;
    memcpy(&b, &v, sizeof b);
    b ^= b >> 33;
    b *= 0xff51afd7ed558ccdULL;
    b ^= b >> 33;
    return b;
}

static int scalar_find(const gl_tracer *tr, double v) {
    if (!tr->sicap || v != v) return -1;
    size_t mask = (size_t)tr->sicap - 1;
    for (size_t h = (size_t)scalar_hash(v) & mask;; h = (h + 1) & mask) {
        int e = tr->sindex[h];
        if (!e) return -1;
        if (tr->skeys[e - 1] == v) return e - 1;
    }
}

static void scalar_index_put(gl_tracer *tr, int entry) {
    double v = tr->skeys[entry];
    if (v != v) return;
    size_t mask = (size_t)tr->sicap - 1;
    size_t h = (size_t)scalar_hash(v) & mask;
    while (tr->sindex[h]) h = (h + 1) & mask;
    tr->sindex[h] = entry + 1;
}

/* Records value key for node id (the first node of a value stays its node). */
static bool scalar_record(gl_tracer *tr, double key, int id) {
    if (tr->ns == tr->scap) {
        int cap = tr->scap ? tr->scap * 2 : 16;
        double *k = gl_grow(tr->skeys, (size_t)cap, sizeof *k, &tr->err);
        if (!k) return false;
        tr->skeys = k;
        int *s = gl_grow(tr->sids, (size_t)cap, sizeof *s, &tr->err);
        if (!s) return false;
        tr->sids = s;
        tr->scap = cap;
    }
    if (2 * (tr->ns + 1) > tr->sicap) {
        int cap = tr->sicap ? tr->sicap * 2 : 32;
        int *ix = gl_alloc((size_t)cap, sizeof *ix, &tr->err);
        if (!ix) return false;
        free(tr->sindex);
        tr->sindex = ix;
        tr->sicap = cap;
        for (int i = 0; i < tr->ns; i++) scalar_index_put(tr, i);
    }
    tr->skeys[tr->ns] = key;
    tr->sids[tr->ns] = id;
    scalar_index_put(tr, tr->ns);
    tr->ns++;
    return true;
}

int gl_t_leaf(gl_tracer *tr, const gl_node *n, gl_array *value) {
    if (tr->err.code) return -1;
    if (gl_op_class(n->op) != GL_CLASS_LEAF) {
        gl_fail(&tr->err, GL_E_INVALID, "gl_t_leaf: %s is not a leaf op", gl_op_name(n->op));
        return -1;
    }
    int id = gl_graph_add(tr->g, n->op, NULL, 0, n->attrs, n->shape, n->name, &tr->err);
    if (id < 0) return -1;
    if (value) {
        gl_graph_set_value(tr->g, id, value);
        if (n->op == GL_OP_CONST && tr->g->nodes[id].shape->rank == 0 && value->size == 1) {
            double key = value->data[0];
            if (scalar_find(tr, key) >= 0) return id;   /* setdefault: the first one stays */
            if (!scalar_record(tr, key, id)) return -1;
        }
    }
    return id;
}

int gl_t_input(gl_tracer *tr, const char *name, const gl_shape *shape, gl_array *example) {
    if (tr->err.code) return -1;
    if (!name || !name[0]) {
        gl_fail(&tr->err, GL_E_INVALID, "input name must not be empty");
        return -1;
    }
    if (!check_shape(tr, shape, name)) return -1;
    if (gl_graph_find_input(tr->g, name) >= 0) {
        gl_fail(&tr->err, GL_E_INVALID, "input '%s' is declared twice", name);
        return -1;
    }
    if (example) {
        bool ok = example->rank == shape->rank;
        for (int i = 0; ok && i < shape->rank; i++)
            if (!gl_dim_is_sym(shape->d[i]) && shape->d[i].n != example->dim[i]) ok = false;
        if (!ok) {
            char a[160], b[160];
            gl_shape es = gl_array_shape(example);
            gl_fail(&tr->err, GL_E_SHAPE, "input '%s' example has shape %s, expected %s", name,
                    gl_shape_str(&es, a, sizeof a), gl_shape_str(shape, b, sizeof b));
            return -1;
        }
    }
    int id = gl_graph_add(tr->g, GL_OP_INPUT, NULL, 0, NULL, shape, name, &tr->err);
    if (id < 0) return -1;
    return set_tval(tr, id, gl_array_retain(example));
}

int gl_t_param(gl_tracer *tr, const char *name, const gl_shape *shape) {
    if (tr->err.code) return -1;
    if (!check_shape(tr, shape, name ? name : "param")) return -1;
    return gl_graph_add(tr->g, GL_OP_PARAM, NULL, 0, NULL, shape, name, &tr->err);
}

int gl_t_param_value(gl_tracer *tr, const char *name, gl_array *value) {
    if (tr->err.code) return -1;
    if (!value) return gl_t_param(tr, name, NULL);
    gl_shape s = gl_array_shape(value);
    int id = gl_graph_add(tr->g, GL_OP_PARAM, NULL, 0, NULL, &s, name, &tr->err);
    if (id < 0) return -1;
    gl_graph_set_value(tr->g, id, value);
    return set_tval(tr, id, gl_array_retain(value));
}

int gl_t_scalar(gl_tracer *tr, double v) {
    if (tr->err.code) return -1;
    int hit = scalar_find(tr, v);
    if (hit >= 0) return tr->sids[hit];
    gl_array *a = NULL;
    if (gl_array_scalar(v, &a, &tr->err)) return -1;
    gl_attrs at;
    memset(&at, 0, sizeof at);
    at.has = GL_A_VALUE;
    at.value = v;
    gl_node n;
    memset(&n, 0, sizeof n);
    n.op = GL_OP_CONST;
    n.attrs = &at;                    /* interned by gl_t_leaf */
    int id = gl_t_leaf(tr, &n, a);    /* registers it for dedup */
    if (id < 0) {
        gl_array_release(a);
        return -1;
    }
    return set_tval(tr, id, a);       /* the trace value takes the creation reference */
}

int gl_t_const(gl_tracer *tr, gl_array *value) {
    if (tr->err.code) return -1;
    if (!value) {
        gl_fail(&tr->err, GL_E_INVALID, "const without a value");
        return -1;
    }
    gl_shape s = gl_array_shape(value);
    int id = gl_graph_add(tr->g, GL_OP_CONST, NULL, 0, NULL, &s, NULL, &tr->err);
    if (id < 0) return -1;
    gl_graph_set_value(tr->g, id, value);
    return value->data ? set_tval(tr, id, gl_array_retain(value)) : id;   /* a shell has no trace value */
}

/* ---- ops */
static bool live(gl_tracer *tr, int a, const char *op) {
    if (tr->err.code) return false;
    if (!ok_id(tr, a)) {
        gl_fail(&tr->err, GL_E_INVALID, "%s: operand %d is not a tensor of this trace", op, a);
        return false;
    }
    return true;
}

/* The shape of op on tensors in[0..nin) by the op's rule (gl_op_shape: the one the graph reader and the
 * pass verifier re-infer), so the builders below only check their operands and set attrs. */
static bool infer(gl_tracer *tr, gl_op op, const int *in, int nin, const gl_attrs *attrs, const gl_shape *own,
                  gl_shape *out) {
    const gl_shape *shapes[GL_MAX_INPUTS] = {NULL};
    for (int i = 0; i < nin; i++) shapes[i] = tr->g->nodes[in[i]].shape;
    return gl_op_shape(op, shapes, nin, attrs ? attrs : &gl_no_attrs, own, out, &tr->err) == GL_OK;
}

static int shaped(gl_tracer *tr, gl_op op, const int *in, int nin, const gl_attrs *attrs, const char *name) {
    /* A pointwise op on one shape (one input, or two whose pooled shape is the same item): the rule's result
     * is that shape (gl_op_shape: *s0, or the broadcast of a shape with itself), so the node takes the
     * input's pooled shape without building and comparing a copy (most ops of a layer and of decompose). */
    if (gl_op_class_of(op) == GL_CLASS_POINTWISE && gl_op_arity_fits(op, nin) &&
        (nin == 1 || (nin == 2 && tr->g->nodes[in[0]].shape == tr->g->nodes[in[1]].shape)))
        return gl_t_emit(tr, op, in, nin, attrs, tr->g->nodes[in[0]].shape, name);
    gl_shape s;
    if (!infer(tr, op, in, nin, attrs, NULL, &s)) return -1;
    /* an input's shape (the common case) is already in the pool: no lookup */
    for (int i = 0; i < nin; i++)
        if (gl_shape_eq(&s, tr->g->nodes[in[i]].shape)) return gl_t_emit(tr, op, in, nin, attrs, tr->g->nodes[in[i]].shape, name);
    return gl_t_emit(tr, op, in, nin, attrs, &s, name);
}

static int binary(gl_tracer *tr, gl_op op, int a, int b) {
    if (!live(tr, a, gl_op_name(op)) || !live(tr, b, gl_op_name(op))) return -1;
    int in[2] = {a, b};
    return shaped(tr, op, in, 2, NULL, NULL);
}

static int unary(gl_tracer *tr, gl_op op, int a) {
    if (!live(tr, a, gl_op_name(op))) return -1;
    return shaped(tr, op, &a, 1, NULL, NULL);
}

int gl_t_add(gl_tracer *tr, int a, int b) { return binary(tr, GL_OP_ADD, a, b); }
int gl_t_sub(gl_tracer *tr, int a, int b) { return binary(tr, GL_OP_SUB, a, b); }
int gl_t_mul(gl_tracer *tr, int a, int b) { return binary(tr, GL_OP_MUL, a, b); }
int gl_t_div(gl_tracer *tr, int a, int b) { return binary(tr, GL_OP_DIV, a, b); }
int gl_t_maximum(gl_tracer *tr, int a, int b) { return binary(tr, GL_OP_MAXIMUM, a, b); }
int gl_t_gt(gl_tracer *tr, int a, int b) { return binary(tr, GL_OP_GT, a, b); }
int gl_t_lt(gl_tracer *tr, int a, int b) { return binary(tr, GL_OP_LT, a, b); }
int gl_t_neg(gl_tracer *tr, int a) { return unary(tr, GL_OP_NEG, a); }
int gl_t_exp(gl_tracer *tr, int a) { return unary(tr, GL_OP_EXP, a); }
int gl_t_log(gl_tracer *tr, int a) { return unary(tr, GL_OP_LOG, a); }
int gl_t_tanh(gl_tracer *tr, int a) { return unary(tr, GL_OP_TANH, a); }
int gl_t_sqrt(gl_tracer *tr, int a) { return unary(tr, GL_OP_SQRT, a); }
int gl_t_rsqrt(gl_tracer *tr, int a) { return unary(tr, GL_OP_RSQRT, a); }
int gl_t_recip(gl_tracer *tr, int a) { return unary(tr, GL_OP_RECIP, a); }
int gl_t_silu(gl_tracer *tr, int a) { return unary(tr, GL_OP_SILU, a); }
int gl_t_gelu(gl_tracer *tr, int a) { return unary(tr, GL_OP_GELU, a); }

/* Shape rule: the input's shape, whatever it is (the reference's; a shape-only decode layer with an odd dh
 * traces). Its numbers need a last axis of even length: evaluating it (concrete tracing, a run) checks that. */
int gl_t_rot_pairs(gl_tracer *tr, int a) { return unary(tr, GL_OP_ROT_PAIRS, a); }

static int reduce(gl_tracer *tr, gl_op op, int a, int axis, bool keepdims) {
    if (!live(tr, a, gl_op_name(op))) return -1;
    gl_attrs at;
    memset(&at, 0, sizeof at);
    at.has = GL_A_AXIS | GL_A_KEEPDIMS;
    at.axis = axis;
    at.keepdims = keepdims;
    return shaped(tr, op, &a, 1, &at, NULL);
}

int gl_t_sum(gl_tracer *tr, int a, int axis, bool keepdims) { return reduce(tr, GL_OP_SUM, a, axis, keepdims); }
int gl_t_max(gl_tracer *tr, int a, int axis, bool keepdims) { return reduce(tr, GL_OP_MAX, a, axis, keepdims); }

int gl_t_reshape(gl_tracer *tr, int a, const gl_shape *shape) {
    if (!live(tr, a, "reshape") || !check_shape(tr, shape, "reshape")) return -1;
    gl_attrs at;
    memset(&at, 0, sizeof at);
    at.has = GL_A_SHAPE;
    at.shape = *shape;
    return shaped(tr, GL_OP_RESHAPE, &a, 1, &at, NULL);
}

int gl_t_transpose(gl_tracer *tr, int a, const int *perm, int nperm) {
    if (!live(tr, a, "transpose")) return -1;
    gl_attrs at;
    memset(&at, 0, sizeof at);
    at.has = GL_A_PERM;
    at.nperm = nperm;            /* more axes than any rank: the rule refuses it before reading perm */
    for (int i = 0; i < nperm && i < GL_MAX_RANK; i++) at.perm[i] = perm[i];
    return shaped(tr, GL_OP_TRANSPOSE, &a, 1, &at, NULL);
}

int gl_t_matmul(gl_tracer *tr, int a, int b) {
    if (!live(tr, a, "matmul") || !live(tr, b, "matmul")) return -1;
    int in[2] = {a, b};
    return shaped(tr, GL_OP_MATMUL, in, 2, NULL, NULL);
}

static int format_op(gl_tracer *tr, gl_op op, int a, int format) {
    if (!live(tr, a, gl_op_name(op))) return -1;
    if (format < 0 || format >= GL_NUMFMT_COUNT)
        return gl_fail(&tr->err, GL_E_INVALID, "%s: format %d is not a number format", gl_op_name(op), format), -1;
    gl_attrs at;
    memset(&at, 0, sizeof at);
    at.has = GL_A_FORMAT;
    at.format = format;
    return shaped(tr, op, &a, 1, &at, NULL);
}
int gl_t_quantize(gl_tracer *tr, int a, int format) { return format_op(tr, GL_OP_QUANTIZE, a, format); }
int gl_t_dequantize(gl_tracer *tr, int a, int format) { return format_op(tr, GL_OP_DEQUANTIZE, a, format); }

int gl_t_softmax(gl_tracer *tr, int a, int axis) {
    if (!live(tr, a, "softmax")) return -1;
    gl_attrs at;
    memset(&at, 0, sizeof at);
    at.has = GL_A_AXIS;
    at.axis = axis;
    return shaped(tr, GL_OP_SOFTMAX, &a, 1, &at, NULL);
}

int gl_t_rms_norm(gl_tracer *tr, int x, int w, double eps) {
    if (!live(tr, x, "rms_norm") || !live(tr, w, "rms_norm")) return -1;
    gl_attrs at;
    memset(&at, 0, sizeof at);
    at.has = GL_A_EPS;
    at.eps = eps;
    int in[2] = {x, w};
    return shaped(tr, GL_OP_RMS_NORM, in, 2, &at, NULL);
}

int gl_t_causal_mask(gl_tracer *tr, int like, int64_t T, int64_t pos0) {
    if (!live(tr, like, "causal_mask")) return -1;
    gl_attrs at;
    memset(&at, 0, sizeof at);
    at.has = GL_A_T | GL_A_POS0;
    at.T = T;
    at.pos0 = pos0;
    gl_shape s, own = *tr->g->nodes[like].shape;
    if (!infer(tr, GL_OP_CAUSAL_MASK, NULL, 0, &at, &own, &s)) return -1;
    if (T < 1) {
        gl_fail(&tr->err, GL_E_INVALID, "causal_mask: T must be >= 1, got %lld", (long long)T);
        return -1;
    }
    return gl_t_emit(tr, GL_OP_CAUSAL_MASK, NULL, 0, &at, &s, NULL);
}

int gl_t_kv_write(gl_tracer *tr, int cache, int new_rows, gl_dim pos) {
    if (!live(tr, cache, "kv_write") || !live(tr, new_rows, "kv_write")) return -1;
    gl_attrs at;
    memset(&at, 0, sizeof at);
    at.has = GL_A_POS;
    at.pos = pos;
    int in[2] = {cache, new_rows};
    gl_shape s;
    if (!infer(tr, GL_OP_KV_WRITE, in, 2, &at, NULL, &s)) return -1;
    if (!gl_dim_is_sym(pos) && pos.n < 0) {
        gl_fail(&tr->err, GL_E_INVALID, "kv_write: pos must be >= 0, got %lld", (long long)pos.n);
        return -1;
    }
    return gl_t_emit(tr, GL_OP_KV_WRITE, in, 2, &at, &s, NULL);
}

int gl_t_flash_attn(gl_tracer *tr, int q, int k, int v, int mask, double scale) {
    if (!live(tr, q, "flash_attn") || !live(tr, k, "flash_attn") || !live(tr, v, "flash_attn")) return -1;
    if (mask != -1 && !live(tr, mask, "flash_attn")) return -1;
    gl_attrs at;
    memset(&at, 0, sizeof at);
    at.has = GL_A_SCALE;
    at.scale = scale;
    int in[4] = {q, k, v, mask};
    return shaped(tr, GL_OP_FLASH_ATTN, in, mask == -1 ? 3 : 4, &at, "flash_attn");
}

gl_status gl_t_bool(gl_tracer *tr, int t, bool *out) {
    if (!live(tr, t, "bool")) return tr->err.code;
    gl_array *v = gl_t_value(tr, t);
    if (tr->mode == GL_BRANCH_ERROR || !v)
        return gl_fail(&tr->err, GL_E_TRACE,
                       "data-dependent branch (if tensor:) while tracing: the graph cannot express "
                       "\"look at the data to choose a path\" (node %%%d)", t);
    if (v->size != 1)
        return gl_fail(&tr->err, GL_E_INVALID, "the truth value of a tensor with %lld elements is ambiguous",
                       (long long)v->size);
    bool b = v->data[0] != 0.0;
    if (tr->mode == GL_BRANCH_GUARD && gl_graph_add_guard(tr->g, t, b, &tr->err)) return tr->err.code;
    *out = b;
    return GL_OK;
}

/* ---- any op by its row: the op table's build column (gl_lazy_op and the demos go through here) */
typedef int (*build_fn)(gl_tracer *tr, gl_op op, const int *in, int nin, const gl_attrs *a);

static int b_binary(gl_tracer *tr, gl_op op, const int *in, int nin, const gl_attrs *a) { return binary(tr, op, in[0], in[1]); }
static int b_unary(gl_tracer *tr, gl_op op, const int *in, int nin, const gl_attrs *a) { return unary(tr, op, in[0]); }
static int b_reduce(gl_tracer *tr, gl_op op, const int *in, int nin, const gl_attrs *a) {
    return reduce(tr, op, in[0], a->axis, a->keepdims);
}
static int b_reshape(gl_tracer *tr, gl_op op, const int *in, int nin, const gl_attrs *a) {
    return gl_t_reshape(tr, in[0], &a->shape);
}
static int b_transpose(gl_tracer *tr, gl_op op, const int *in, int nin, const gl_attrs *a) {
    return gl_t_transpose(tr, in[0], a->perm, a->nperm);
}
static int b_causal_mask(gl_tracer *tr, gl_op op, const int *in, int nin, const gl_attrs *a) {
    /* no graph input: its shape is given as the node's, from `like` in gl_t_causal_mask */
    return gl_fail(&tr->err, GL_E_INVALID, "causal_mask takes no inputs: use gl_t_causal_mask(like, T, pos0)"), -1;
}
static int b_softmax(gl_tracer *tr, gl_op op, const int *in, int nin, const gl_attrs *a) {
    return gl_t_softmax(tr, in[0], a->axis);
}
static int b_format(gl_tracer *tr, gl_op op, const int *in, int nin, const gl_attrs *a) {
    return op == GL_OP_QUANTIZE ? gl_t_quantize(tr, in[0], a->format) : gl_t_dequantize(tr, in[0], a->format);
}
static int b_rms_norm(gl_tracer *tr, gl_op op, const int *in, int nin, const gl_attrs *a) {
    return gl_t_rms_norm(tr, in[0], in[1], a->eps);
}
static int b_matmul(gl_tracer *tr, gl_op op, const int *in, int nin, const gl_attrs *a) { return gl_t_matmul(tr, in[0], in[1]); }
static int b_kv_write(gl_tracer *tr, gl_op op, const int *in, int nin, const gl_attrs *a) {
    return gl_t_kv_write(tr, in[0], in[1], a->pos);
}
static int b_flash_attn(gl_tracer *tr, gl_op op, const int *in, int nin, const gl_attrs *a) {
    return gl_t_flash_attn(tr, in[0], in[1], in[2], nin > 3 ? in[3] : -1, a->scale);
}

static const build_fn BUILD[] = {
#define GL_OP(E, name, cls, lo, hi, req, opt, kernel, flops, np, chelper, eval, build) [GL_OP_##E] = build,
#include "graphlab_ops.h"
#undef GL_OP
};
_Static_assert(sizeof BUILD / sizeof BUILD[0] == GL_OP_COUNT, "a builder (or NULL) per op");

int gl_t_op(gl_tracer *tr, gl_op op, const int *in, int nin, const gl_attrs *attrs) {
    if (!tr || tr->err.code) return -1;
    if ((unsigned)op >= GL_OP_COUNT || !BUILD[op])
        return gl_fail(&tr->err, GL_E_INVALID, "%s is not an op of the builder API", gl_op_name(op)), -1;
    if (!gl_op_arity_ok(op, nin) || (nin > 0 && !in))
        return gl_fail(&tr->err, GL_E_INVALID, "%s takes %d inputs, got %d", gl_op_name(op), gl_op_arity(op), nin), -1;
    gl_attrs none;
    memset(&none, 0, sizeof none);
    const gl_attrs *a = attrs ? attrs : &none;
    const unsigned missing = gl_op_attrs_required(op) & ~a->has;
    for (int i = 0; missing && i < GL_A_COUNT; i++)
        if (missing & (1u << i))
            return gl_fail(&tr->err, GL_E_INVALID, "%s needs attrs.%s", gl_op_name(op), gl_attr_table[i].key), -1;
    return BUILD[op](tr, op, in, nin, a);
}
