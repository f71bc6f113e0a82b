/* py_passapi.c — compiler passes written in Python, run over the IR: the lecture's pass code unchanged.
 *
 * Section 9 of graph_lab.py (rebuild, dce, cse, constant_fold, simplify, decompose, fold_norm_weight,
 * match_attention) is ordinary Python over the reference's own classes, so the runtime gives it exactly
 * those: pass_prelude.py is the reference module itself (tools/gen-pass-prelude.sh keeps its lines at their
 * line numbers and blanks what passes never reach), run by the front end before the pass's source, in one
 * global namespace. It defines the op-class sets (LEAF, POINTWISE, ...), the dataclasses Node and Graph
 * (add, users, count, __str__), broadcast / matmul_shape, Tensor, Tracer and F (decompose traces its
 * expansions through them) and section 9 itself (so a new pass may call rebuild or dce); a pass file that
 * pastes section 9 redefines those functions with its own. C provides only what the reference takes from
 * numpy: eval_node (exec/eval.c's gl_eval_node: numpy's semantics, bit for bit what the C passes fold with),
 * np.asarray / np.shape and the array values (py_ndarray.c).
 *
 * A run (gl_pypass_run): a fresh interpreter (its own arena, step budget, depth counter: a pass that loops
 * is stopped by the step budget, one that recurses by the depth counter), the prelude, the pass's source,
 * then the C graph as a Python Graph — one Node per node (a fresh attrs dict each, as the reference's
 * Graph.add copies them; shape tuples shared, they are immutable), one array value per distinct gl_array
 * (identity is what cse keys non-scalar consts by) — the call fn(graph), and its result (a Graph, or a
 * (Graph, count) tuple) back into a gl_graph. That conversion checks what gl_graph_add needs (known op, int
 * inputs of earlier nodes, a shape of ints and symbols, known attrs); the rest (arity, shapes, outputs,
 * guards) is the verifier's (passes/verify.c), which the judge (passes/judge.c) runs.
 *
 * Errors in the pass are the front end's: "PASS.py:LINE:COL: ExcName: message"; inside the prelude they
 * name graph_lab.py:LINE (py_fail), the reference's own line. */
#include <string.h>

#include "front/py.h"
#include "ir/pool.h"

/* The prelude (build/gen/pass_prelude.h, made from pass_prelude.py by the Makefile). */
static const char PRELUDE[] =
#include "pass_prelude.h"
    ;

enum { PP_ASARRAY, PP_SHAPE, PP_EVAL_NODE, PP_COUNT };
static const char *const PP_NAMES[PP_COUNT] = {"_np_asarray", "_np_shape", "eval_node"};

const char *py_pass_name(int id) {
    int k = id - PY_PASS_BASE;
    return k >= 0 && k < PP_COUNT ? PP_NAMES[k] : "?";
}

/* ---------------------------------------------------------------- Python values <-> IR parts */
/* dims, shapes and attrs as Python values: py_glapi.c's (the traced Graph's view makes the same ones) */

/* "what" names the value in messages ("graph.nodes[3].shape"). */
static bool int_of(py_interp *I, const py_node *at, const py_val *v, const char *what, int64_t *out) {
    if (v->kind == V_INT) *out = v->u.i;
    else if (v->kind == V_BOOL) *out = v->u.b;
    else if (v->kind == V_BIG) return py_fail(I, at, GL_E_INVALID, "ValueError: %s is out of range", what), false;
    else return py_fail(I, at, GL_E_INVALID, "TypeError: %s must be an int, not %s", what, py_type_name(v)), false;
    return true;
}

static bool num_of(py_interp *I, const py_node *at, const py_val *v, const char *what, double *out) {
    if (v->kind == V_ARRAY && I->ndarray) {        /* a 0-d array where a float goes (numpy's scalar) */
        py_val *f = py_nd_float(I, at, (py_val *)v);
        if (!f) return false;
        *out = f->u.f;
        return true;
    }
    if (!py_is_num(v) || v->kind == V_BIG)
        return py_fail(I, at, GL_E_INVALID, "TypeError: %s must be a number, not %s", what, py_type_name(v)), false;
    *out = py_num(v);
    return true;
}

static bool dim_of(py_interp *I, const py_node *at, const py_val *v, const char *what, gl_dim *out) {
    if (v->kind == V_STR) {
        if (v->u.str.n == 0 || v->u.str.n >= GL_SYM_MAX || memchr(v->u.str.s, 0, v->u.str.n))
            return py_fail(I, at, GL_E_INVALID, "ValueError: %s: a symbolic dim is a name of 1..%d bytes", what,
                           GL_SYM_MAX - 1), false;
        char b[GL_SYM_MAX];
        memcpy(b, v->u.str.s, v->u.str.n);
        b[v->u.str.n] = 0;
        *out = gl_dim_sym(b);
        return true;
    }
    int64_t n = 0;
    if (!int_of(I, at, v, what, &n)) return false;
    if (n < 0 || n > GL_MAX_DIM) return py_fail(I, at, GL_E_INVALID, "ValueError: %s: dim %lld is out of range", what, (long long)n), false;
    *out = gl_dim_int(n);
    return true;
}

static bool seq_of(py_interp *I, const py_node *at, const py_val *v, const char *what) {
    if (v->kind == V_TUPLE || v->kind == V_LIST) return true;
    return py_fail(I, at, GL_E_INVALID, "TypeError: %s must be a tuple, not %s", what, py_type_name(v)), false;
}

static bool shape_of(py_interp *I, const py_node *at, const py_val *v, const char *what, gl_shape *out) {
    if (!seq_of(I, at, v, what)) return false;
    if (v->u.seq.n > GL_MAX_RANK)
        return py_fail(I, at, GL_E_INVALID, "ValueError: %s has rank %d (at most %d)", what, v->u.seq.n, GL_MAX_RANK), false;
    out->rank = v->u.seq.n;
    for (int i = 0; i < v->u.seq.n; i++)
        if (!dim_of(I, at, v->u.seq.v[i], what, &out->d[i])) return false;
    return true;
}

/* A Python attrs dict → gl_attrs: the attribute table's keys, each of its kind. */
static bool attrs_of(py_interp *I, const py_node *at, py_val *d, const char *what, gl_attrs *out) {
    memset(out, 0, sizeof *out);
    if (d->kind != V_DICT) return py_fail(I, at, GL_E_INVALID, "TypeError: %s must be a dict, not %s", what, py_type_name(d)), false;
    py_val *k, *v;
    for (int i = 0; py_dict_next(d, &i, &k, &v);) {
        char key[16] = "";
        if (k->kind != V_STR || k->u.str.n >= sizeof key)
            return py_fail(I, at, GL_E_INVALID, "ValueError: %s has a key that is no attribute of the IR", what), false;
        memcpy(key, k->u.str.s, k->u.str.n);
        char w[96];
        snprintf(w, sizeof w, "%s['%s']", what, key);
        int64_t n = 0;
        double f;
        if (strcmp(key, "axis") == 0) {
            if (!int_of(I, at, v, w, &n)) return false;
            if (n < -GL_MAX_RANK || n >= GL_MAX_RANK) return py_fail(I, at, GL_E_INVALID, "ValueError: %s is out of range", w), false;
            out->axis = (int)n, out->has |= GL_A_AXIS;
        } else if (strcmp(key, "keepdims") == 0) {
            if (!int_of(I, at, v, w, &n)) return false;
            out->keepdims = n != 0, out->has |= GL_A_KEEPDIMS;
        } else if (strcmp(key, "perm") == 0) {
            if (!seq_of(I, at, v, w)) return false;
            if (v->u.seq.n > GL_MAX_RANK) return py_fail(I, at, GL_E_INVALID, "ValueError: %s is too long", w), false;
            out->nperm = v->u.seq.n;
            for (int j = 0; j < v->u.seq.n; j++) {
                if (!int_of(I, at, v->u.seq.v[j], w, &n)) return false;
                if (n < 0 || n >= GL_MAX_RANK) return py_fail(I, at, GL_E_INVALID, "ValueError: %s is out of range", w), false;
                out->perm[j] = (int)n;
            }
            out->has |= GL_A_PERM;
        } else if (strcmp(key, "shape") == 0) {
            if (!shape_of(I, at, v, w, &out->shape)) return false;
            out->has |= GL_A_SHAPE;
        } else if (strcmp(key, "eps") == 0 || strcmp(key, "scale") == 0 || strcmp(key, "value") == 0) {
            if (!num_of(I, at, v, w, &f)) return false;
            if (key[0] == 'e') out->eps = f, out->has |= GL_A_EPS;
            else if (key[0] == 's') out->scale = f, out->has |= GL_A_SCALE;
            else out->value = f, out->has |= GL_A_VALUE;
        } else if (strcmp(key, "T") == 0 || strcmp(key, "pos0") == 0) {
            if (!int_of(I, at, v, w, &n)) return false;
            if (n < 0 || n > GL_MAX_DIM) return py_fail(I, at, GL_E_INVALID, "ValueError: %s is out of range", w), false;
            if (key[0] == 'T') out->T = n, out->has |= GL_A_T;
            else out->pos0 = n, out->has |= GL_A_POS0;
        } else if (strcmp(key, "pos") == 0) {
            if (!dim_of(I, at, v, w, &out->pos)) return false;
            out->has |= GL_A_POS;
        } else {
            return py_fail(I, at, GL_E_INVALID, "ValueError: %s: '%s' is not an attribute of the IR (axis, keepdims, perm, "
                           "shape, eps, T, pos0, pos, scale, value)", what, key), false;
        }
    }
    return true;
}

static bool op_of(py_interp *I, const py_node *at, const py_val *v, const char *what, gl_op *out) {
    char b[32];
    if (v->kind != V_STR) return py_fail(I, at, GL_E_INVALID, "TypeError: %s must be a str, not %s", what, py_type_name(v)), false;
    int op = -1;
    if (v->u.str.n < sizeof b) {
        memcpy(b, v->u.str.s, v->u.str.n);
        b[v->u.str.n] = 0;
        op = gl_op_from_name(b);
    }
    if (op < 0) return py_fail(I, at, GL_E_INVALID, "ValueError: %s is '%.*s', which is no op of the IR", what,
                               (int)(v->u.str.n > 40 ? 40 : v->u.str.n), v->u.str.s), false;
    *out = (gl_op)op;
    return true;
}

/* An array argument: an array value, or a number (a 0-d array); a new reference in *out. */
static bool array_of(py_interp *I, const py_node *at, py_val *v, const char *what, gl_array **out) {
    if (v->kind == V_ARRAY) {
        *out = gl_array_retain(v->u.arr->real ? v->u.arr->real : v->u.arr->shell);
        return true;
    }
    double f;
    if (!num_of(I, at, v, what, &f)) return false;
    return !gl_array_scalar(f, out, &I->err) || (py_oom(I), false);
}

/* ---------------------------------------------------------------- builtins */
static py_val *np_asarray(py_interp *I, const py_node *at, py_args *a) {
    if (a->npos != 1) return py_fail(I, at, GL_E_INVALID, "TypeError: asarray() takes 1 positional argument (%d given)", a->npos);
    for (int i = 0; i < a->nkw; i++)
        if (strcmp(a->kwn[i], "dtype") != 0)
            return py_fail(I, at, GL_E_INVALID, "TypeError: asarray() got an unexpected keyword argument '%s' (GraphLab's "
                           "numpy subset takes dtype=np.float64 only)", a->kwn[i]);
    py_val *x = a->pos[0];
    if (x->kind == V_ARRAY) return x;             /* numpy: the same object when the dtype already matches */
    gl_array *arr;
    if (x->kind == V_LIST || x->kind == V_TUPLE) return (arr = py_to_array(I, at, x)) ? py_nd_wrap(I, gl_array_retain(arr)) : NULL;
    if (!array_of(I, at, x, "np.asarray's argument", &arr)) return NULL;
    return py_nd_wrap(I, arr);
}

static py_val *np_shape(py_interp *I, const py_node *at, py_args *a) {
    if (a->npos != 1 || a->nkw) return py_fail(I, at, GL_E_INVALID, "TypeError: shape() takes 1 argument");
    py_val *x = a->pos[0];
    if (x->kind == V_ARRAY) return py_nd_attr(I, at, x, "shape");
    if (py_is_num(x)) return py_seq(I, V_TUPLE, 0);
    gl_array *arr = py_to_array(I, at, x);
    if (!arr) return NULL;
    gl_shape s = gl_array_shape(arr);
    return py_shape_val(I, &s);
}

/* eval_node(n, args, bind=None): numpy's semantics of one node (exec/eval.c). */
static py_val *eval_node(py_interp *I, const py_node *at, py_args *a) {
    py_val *nv = a->npos > 0 ? a->pos[0] : NULL, *args = a->npos > 1 ? a->pos[1] : NULL, *bv = a->npos > 2 ? a->pos[2] : NULL;
    for (int i = 0; i < a->nkw; i++) {
        if (strcmp(a->kwn[i], "bind") == 0 && !bv) bv = a->kwv[i];
        else return py_fail(I, at, GL_E_INVALID, "TypeError: eval_node() got an unexpected keyword argument '%s'", a->kwn[i]);
    }
    if (!nv || !args || a->npos > 3) return py_fail(I, at, GL_E_INVALID, "TypeError: eval_node() takes n, args and bind=None");
    py_val *opv = py_getattr(I, at, nv, "op"), *av = opv ? py_getattr(I, at, nv, "attrs") : NULL;
    py_val *sv = av ? py_getattr(I, at, nv, "shape") : NULL;
    gl_node n = {0};
    gl_attrs attrs;
    gl_shape shape;
    gl_bind bind = {0};
    if (!sv || !op_of(I, at, opv, "n.op", &n.op) || !attrs_of(I, at, av, "n.attrs", &attrs) ||
        !shape_of(I, at, sv, "n.shape", &shape) || !seq_of(I, at, args, "args"))
        return NULL;
    if (bv && bv->kind != V_NONE) {
        if (bv->kind != V_DICT) return py_fail(I, at, GL_E_INVALID, "TypeError: bind must be a dict");
        py_val *k, *v;
        for (int i = 0; py_dict_next(bv, &i, &k, &v);) {
            int64_t x = 0;
            char sym[GL_SYM_MAX];
            if (k->kind != V_STR || k->u.str.n == 0 || k->u.str.n >= GL_SYM_MAX || !int_of(I, at, v, "a bind value", &x))
                return I->err.code ? NULL : py_fail(I, at, GL_E_INVALID, "TypeError: bind maps symbol names to ints");
            memcpy(sym, k->u.str.s, k->u.str.n);
            sym[k->u.str.n] = 0;
            if (gl_bind_set(&bind, sym, x, &I->err)) return NULL;
        }
    }
    int nin = args->u.seq.n;
    if (!gl_op_arity_ok(n.op, nin))
        return py_fail(I, at, GL_E_INVALID, "ValueError: eval_node: %s takes %d..%d inputs, not %d", gl_op_name(n.op),
                       gl_op_arity(n.op), gl_op_max_arity(n.op), nin);
    n.nin = nin;
    n.shape = &shape;
    n.attrs = &attrs;
    n.name = "";
    gl_array *in[GL_MAX_INPUTS] = {0}, *out = NULL;
    bool ok = true;
    int64_t work = 0;
    for (int i = 0; i < nin && ok; i++) {
        ok = array_of(I, at, args->u.seq.v[i], "an eval_node argument", &in[i]);
        if (ok && !in[i]->data && in[i]->size) {
            py_fail(I, at, GL_E_INVALID, "ValueError: eval_node(%s): input %d has a shape but no numbers (a shape-only "
                    "graph's value)", gl_op_name(n.op), i);
            ok = false;
        }
        if (ok) work += in[i]->size;
    }
    gl_err e = {GL_OK, ""};
    if (ok && !py_work(I, at, work)) ok = false;
    if (ok && gl_eval_node(&n, in, &bind, &out, &e)) {
        py_fail(I, at, e.code == GL_E_NOMEM ? GL_E_NOMEM : GL_E_INVALID, "ValueError: eval_node(%s): %s", gl_op_name(n.op), e.msg);
        ok = false;
    }
    for (int i = 0; i < nin; i++) gl_array_release(in[i]);
    if (!ok) return NULL;
    if (!py_work(I, at, out->size)) {
        gl_array_release(out);
        return NULL;
    }
    return py_nd_wrap(I, out);
}

py_val *py_pass_call(py_interp *I, const py_node *at, int id, py_val *self, py_args *a) {
    switch (id - PY_PASS_BASE) {
    case PP_ASARRAY: return np_asarray(I, at, a);
    case PP_SHAPE: return np_shape(I, at, a);
    case PP_EVAL_NODE: return eval_node(I, at, a);
    default: return py_fail(I, at, GL_E_INTERNAL, "unknown pass-runtime builtin %d", id);
    }
}

/* ---------------------------------------------------------------- gl_graph -> Graph */
/* A pointer-keyed table (open addressing) from a pool shape / an array to its Python value. */
typedef struct {
    const void **k;
    py_val **v;
    int64_t mask;
} ptab;

static bool ptab_init(py_interp *I, ptab *t, int n) {
    int64_t cap = 16;
    while (cap < 2 * (int64_t)n + 2) cap <<= 1;
    t->k = py_alloc(&I->ar, (size_t)cap * sizeof *t->k);
    t->v = py_alloc(&I->ar, (size_t)cap * sizeof *t->v);
    t->mask = cap - 1;
    return t->k && t->v;
}

static py_val **ptab_slot(ptab *t, const void *p) {
    uint64_t h = (uint64_t)(uintptr_t)p * 0x9E3779B97F4A7C15ull;
    for (int64_t i = (int64_t)(h >> 20) & t->mask;; i = (i + 1) & t->mask) {
        if (!t->k[i]) t->k[i] = p;
        if (t->k[i] == p) return &t->v[i];
    }
}

static py_val *global(py_interp *I, const char *name) {
    const char *nm = py_intern(&I->ar, name, strlen(name));
    return nm ? py_env_get(I->globals, nm) : NULL;
}

static py_val *kwcall(py_interp *I, const py_node *at, py_val *f, py_val **pos, int npos, const char **kwn, py_val **kwv,
                      int nkw) {
    py_args a = {pos, npos, kwn, kwv, nkw};
    return py_call(I, at, f, &a);
}

static py_val *graph_to_py(py_interp *I, const py_node *at, const gl_graph *g) {
    py_val *Node = global(I, "Node"), *Graph = global(I, "Graph");
    if (!Node || !Graph) return py_fail(I, at, GL_E_INVALID, "NameError: the pass runtime needs the classes Node and Graph");
    ptab shapes, arrays;
    if (!ptab_init(I, &shapes, g->n) || !ptab_init(I, &arrays, g->n)) return py_oom(I);
    py_val *opname[GL_OP_COUNT] = {0};
    py_val *nodes = py_seq(I, V_LIST, 0), *values = py_dict_new(I), *names = py_dict_new(I);
    py_val *empty = py_str(I, "", 0);
    if (!nodes || !values || !names || !empty) return py_oom(I);
    for (int i = 0; i < g->n; i++) {
        const gl_node *n = &g->nodes[i];
        if (!opname[n->op] && !(opname[n->op] = py_str(I, gl_op_name(n->op), strlen(gl_op_name(n->op))))) return NULL;
        py_val **sh = ptab_slot(&shapes, n->shape);
        if (!*sh && !(*sh = py_shape_val(I, n->shape))) return NULL;
        py_val *ins = py_seq(I, V_TUPLE, n->nin);
        if (!ins) return NULL;
        for (int k = 0; k < n->nin; k++)
            if (!(ins->u.seq.v[k] = py_int(I, n->in[k]))) return NULL;
        py_val *attrs = py_attrs_val(I, n->attrs), *id = py_int(I, i);
        py_val *name = n->name[0] ? py_str(I, n->name, strlen(n->name)) : empty;
        if (!attrs || !id || !name) return NULL;
        py_val *pos[6] = {id, opname[n->op], ins, attrs, *sh, name};
        py_val *nv = kwcall(I, at, Node, pos, 6, NULL, NULL, 0);
        if (!nv || py_list_push(I, nodes, nv)) return NULL;
        if (g->values[i]) {
            py_val **av = ptab_slot(&arrays, g->values[i]);
            if (!*av && !(*av = py_nd_wrap(I, gl_array_retain(g->values[i])))) return NULL;
            if (py_dict_set(I, values, id, *av)) return NULL;
        }
        if (n->op == GL_OP_INPUT && py_dict_set(I, names, name, id)) return NULL;
        if (!py_steps(I, at)) return NULL;
    }
    py_val *outs = py_seq(I, V_LIST, g->nout), *guards = py_seq(I, V_LIST, g->nguards), *kind = py_str(I, "value", 5);
    if (!outs || !guards || !kind) return NULL;
    for (int k = 0; k < g->nout; k++)
        if (!(outs->u.seq.v[k] = py_int(I, g->outputs[k]))) return NULL;
    for (int k = 0; k < g->nguards; k++) {
        py_val *t = py_seq(I, V_TUPLE, 3);
        if (!t || !(t->u.seq.v[1] = py_int(I, g->guards[k].node))) return NULL;
        t->u.seq.v[0] = kind;
        t->u.seq.v[2] = py_bool(g->guards[k].value);
        guards->u.seq.v[k] = t;
    }
    static const char *const kw[5] = {"nodes", "values", "outputs", "input_names", "guards"};
    const char *kwn[5];
    for (int k = 0; k < 5; k++)
        if (!(kwn[k] = py_intern(&I->ar, kw[k], strlen(kw[k])))) return py_oom(I);
    py_val *kwv[5] = {nodes, values, outs, names, guards};
    return kwcall(I, at, Graph, NULL, 0, kwn, kwv, 5);
}

/* ---------------------------------------------------------------- Graph -> gl_graph */
static py_val *field(py_interp *I, const py_node *at, py_val *o, const char *name) {
    const char *nm = py_intern(&I->ar, name, strlen(name));
    return nm ? py_getattr(I, at, o, nm) : py_oom(I);
}

/* "%5 = add(%7, %2)" of a Python node (for messages); best effort. */
static void node_text(py_interp *I, const py_node *at, py_val *nv, int i, char *buf, size_t cap) {
    snprintf(buf, cap, "%%%d", i);
    py_val *op = field(I, at, nv, "op"), *ins = op ? field(I, at, nv, "inputs") : NULL;
    if (!ins || op->kind != V_STR || (ins->kind != V_TUPLE && ins->kind != V_LIST)) return;
    size_t o = (size_t)snprintf(buf, cap, "%%%d = %.*s(", i, (int)(op->u.str.n > 24 ? 24 : op->u.str.n), op->u.str.s);
    for (int k = 0; k < ins->u.seq.n && o < cap; k++) {
        py_val *x = ins->u.seq.v[k];
        if (x->kind == V_INT) o += (size_t)snprintf(buf + o, cap - o, "%s%%%lld", k ? ", " : "", (long long)x->u.i);
        else o += (size_t)snprintf(buf + o, cap - o, "%s?", k ? ", " : "");
    }
    if (o < cap) snprintf(buf + o, cap - o, ")");
}

static gl_status py_to_graph(py_interp *I, const py_node *at, py_val *G, const gl_graph *from, gl_graph **out) {
    *out = NULL;
    py_val *nodes = field(I, at, G, "nodes"), *values = nodes ? field(I, at, G, "values") : NULL;
    py_val *outs = values ? field(I, at, G, "outputs") : NULL, *guards = outs ? field(I, at, G, "guards") : NULL;
    if (!guards) return I->err.code;
    if (nodes->kind != V_LIST) return py_fail(I, at, GL_E_INVALID, "TypeError: the pass's Graph.nodes must be a list, not %s", py_type_name(nodes)), GL_E_INVALID;
    if (values->kind != V_DICT) return py_fail(I, at, GL_E_INVALID, "TypeError: the pass's Graph.values must be a dict, not %s", py_type_name(values)), GL_E_INVALID;
    if (!seq_of(I, at, outs, "the pass's Graph.outputs") || !seq_of(I, at, guards, "the pass's Graph.guards")) return I->err.code;
    gl_graph *g;
    if (gl_graph_new(&g, &I->err)) return I->err.code;
    if (from->pool) gl_graph_share_pool(g, from->pool);   /* as a C pass's output: shapes, attrs, names interned once */
    if (gl_graph_reserve(g, nodes->u.seq.n, &I->err)) goto fail;
    for (int i = 0; i < nodes->u.seq.n; i++) {
        py_val *nv = nodes->u.seq.v[i];
        char w[64], txt[160];
        snprintf(w, sizeof w, "the pass's Graph.nodes[%d]", i);
        py_val *idv = field(I, at, nv, "id"), *opv = idv ? field(I, at, nv, "op") : NULL;
        py_val *insv = opv ? field(I, at, nv, "inputs") : NULL, *av = insv ? field(I, at, nv, "attrs") : NULL;
        py_val *sv = av ? field(I, at, nv, "shape") : NULL, *nmv = sv ? field(I, at, nv, "name") : NULL;
        if (!nmv) goto fail;
        int64_t id = 0;
        gl_op op;
        gl_attrs attrs;
        gl_shape shape;
        if (!int_of(I, at, idv, w, &id) || !op_of(I, at, opv, w, &op) || !seq_of(I, at, insv, w) ||
            !attrs_of(I, at, av, w, &attrs) || !shape_of(I, at, sv, w, &shape))
            goto fail;
        if (id != i) {
            py_fail(I, at, GL_E_INVALID, "ValueError: ids: the pass's Graph.nodes[%d] has id %lld; a graph's nodes are "
                    "numbered by position (rebuild renumbers them)", i, (long long)id);
            goto fail;
        }
        if (nmv->kind != V_STR || nmv->u.str.n >= GL_NAME_MAX || memchr(nmv->u.str.s, 0, nmv->u.str.n)) {
            py_fail(I, at, GL_E_INVALID, "TypeError: %s.name must be a str of at most %d bytes", w, GL_NAME_MAX - 1);
            goto fail;
        }
        if (insv->u.seq.n > GL_MAX_INPUTS) {
            node_text(I, at, nv, i, txt, sizeof txt);
            py_fail(I, at, GL_E_INVALID, "ValueError: arity: %s has %d inputs (at most %d)", txt, insv->u.seq.n, GL_MAX_INPUTS);
            goto fail;
        }
        int in[GL_MAX_INPUTS];
        for (int k = 0; k < insv->u.seq.n; k++) {
            int64_t x = 0;
            if (!int_of(I, at, insv->u.seq.v[k], w, &x)) goto fail;
            if (x < 0 || x >= i) {
                node_text(I, at, nv, i, txt, sizeof txt);
                py_fail(I, at, GL_E_INVALID, "ValueError: SSA order: %s uses %%%lld, which %s", txt, (long long)x,
                        x < 0 || x >= nodes->u.seq.n ? "does not exist" : "is defined later (every input must come before its user)");
                goto fail;
            }
            in[k] = (int)x;
        }
        unsigned req = gl_op_attrs_required(op), allowed = gl_op_attrs_allowed(op);
        if ((attrs.has & req) != req || (attrs.has & ~allowed)) {   /* what the evaluator and printer rely on */
            node_text(I, at, nv, i, txt, sizeof txt);
            py_fail(I, at, GL_E_INVALID, "ValueError: attrs: %s %s", txt,
                    (attrs.has & req) != req ? "lacks an attribute its op needs" : "has an attribute its op does not take");
            goto fail;
        }
        char name[GL_NAME_MAX];
        memcpy(name, nmv->u.str.s, nmv->u.str.n);
        name[nmv->u.str.n] = 0;
        if (gl_graph_add(g, op, in, insv->u.seq.n, &attrs, &shape, name, &I->err) < 0) goto fail;
        if (!py_steps(I, at)) goto fail;
    }
    py_val *k, *v;
    for (int i = 0; py_dict_next(values, &i, &k, &v);) {
        int64_t id = 0;
        gl_array *arr;
        if (!int_of(I, at, k, "a key of the pass's Graph.values", &id)) goto fail;
        if (id < 0 || id >= g->n) {
            py_fail(I, at, GL_E_INVALID, "ValueError: the pass's Graph.values has a value for %%%lld, which does not exist", (long long)id);
            goto fail;
        }
        if (!array_of(I, at, v, "a value of the pass's Graph.values", &arr)) goto fail;
        if (!gl_array_matches(arr, g->nodes[id].shape, NULL)) {   /* the evaluator trusts a value's node shape */
            char a1[100], a2[100];
            gl_shape as = gl_array_shape(arr);
            py_fail(I, at, GL_E_INVALID, "ValueError: values: the value of %%%lld has shape %s, but the node's is %s",
                    (long long)id, gl_shape_str(&as, a1, sizeof a1), gl_shape_str(g->nodes[id].shape, a2, sizeof a2));
            gl_array_release(arr);
            goto fail;
        }
        gl_graph_set_value(g, (int)id, arr);
        gl_array_release(arr);
    }
    int *o = py_alloc(&I->ar, sizeof *o * (size_t)(outs->u.seq.n + 1));
    if (!o) {
        py_oom(I);
        goto fail;
    }
    for (int i = 0; i < outs->u.seq.n; i++) {
        int64_t x = 0;
        if (!int_of(I, at, outs->u.seq.v[i], "the pass's Graph.outputs", &x)) goto fail;
        if (x < 0 || x >= g->n) {
            py_fail(I, at, GL_E_INVALID, "ValueError: outputs: output %d is %%%lld, which does not exist", i, (long long)x);
            goto fail;
        }
        o[i] = (int)x;
    }
    if (gl_graph_set_outputs(g, o, outs->u.seq.n, &I->err)) goto fail;
    for (int i = 0; i < guards->u.seq.n; i++) {
        py_val *t = guards->u.seq.v[i];
        int64_t x = 0;
        if ((t->kind != V_TUPLE && t->kind != V_LIST) || t->u.seq.n != 3 || !int_of(I, at, t->u.seq.v[1], "a guard's node", &x)) {
            if (!I->err.code) py_fail(I, at, GL_E_INVALID, "TypeError: guards: guard %d must be a tuple (\"value\", node id, bool)", i);
            goto fail;
        }
        if (x < 0 || x >= g->n) {
            py_fail(I, at, GL_E_INVALID, "ValueError: guards: guard %d is on %%%lld, which does not exist", i, (long long)x);
            goto fail;
        }
        if (gl_graph_add_guard(g, (int)x, py_truthy_plain(t->u.seq.v[2]), &I->err)) goto fail;
    }
    *out = g;
    return GL_OK;
fail:
    gl_graph_free(g);
    return I->err.code ? I->err.code : GL_E_INTERNAL;
}

/* ---------------------------------------------------------------- a run */
static gl_status run_source(py_interp *I, const char *src, size_t len, const char *file, int line0) {
    py_toks toks;
    py_node **body = NULL;
    int nb = 0;
    const char *saved = I->file;
    I->file = file;
    gl_status st = py_lex(&I->ar, src, len, line0, 1, false, file, &toks, &I->err);
    if (!st) st = py_parse(&I->ar, &toks, file, &body, &nb, &I->err);
    if (!st) st = py_scope_analyse(&I->ar, body, nb, file, &I->err);
    I->file = saved;
    if (!st) st = py_exec_block(I, body, nb, I->globals);
    if (!st && I->ctl) return py_fail(I, NULL, GL_E_PARSE, "SyntaxError: 'return', 'break' or 'continue' outside a function"), GL_E_PARSE;
    return st;
}

void gl_pypass_free(gl_pypass_result *r) {
    if (!r) return;
    gl_graph_free(r->graph);
    free(r->console);
    memset(r, 0, sizeof *r);
}

gl_status gl_pypass_run(const char *src, size_t len, const char *file, const gl_graph *in, const gl_pypass_opts *o,
                        gl_pypass_result *out, gl_err *e) {
    if (!out) return gl_fail(e, GL_E_INVALID, "gl_pypass_run: out is NULL");
    memset(out, 0, sizeof *out);
    out->hits = -1;
    if (!file) file = "<pass>";
    if (!src || !in) return gl_fail(e, GL_E_INVALID, "%s: no source or no graph", file);
    const char *fn = o && o->fn ? o->fn : NULL;
    if (!fn || !fn[0]) return gl_fail(e, GL_E_INVALID, "%s: which function is the pass? (none named)", file);
    if (len > GL_PROGRAM_MAX_SOURCE) return gl_fail(e, GL_E_LIMIT, "%s: the pass is %zu bytes; the limit is %d bytes", file, len, GL_PROGRAM_MAX_SOURCE);
    if (memchr(src, 0, len)) return gl_fail(e, GL_E_PARSE, "%s: the source contains a NUL byte", file);
    if (py_utf8_bad(src, len) < len) return gl_fail(e, GL_E_PARSE, "%s: SyntaxError: the source is not UTF-8", file);
    py_interp *I = calloc(1, sizeof *I);
    if (!I) return gl_fail(e, GL_E_NOMEM, "out of memory");
    I->ar.limit = o && o->max_arena ? o->max_arena : GL_PYPASS_MAX_ARENA;
    I->file = file;
    I->src = src;
    I->max_steps = o && o->max_steps > 0 ? o->max_steps : GL_PYPASS_MAX_STEPS;
    I->ndarray = true;
    gl_sb_init(&I->console);
    py_builtins_install(I);
    gl_status st = I->err.code;
    for (int k = 0; k < PP_COUNT && !st; k++) {   /* what the prelude takes from numpy */
        const char *nm = py_intern(&I->ar, PP_NAMES[k], strlen(PP_NAMES[k]));
        py_val *v = nm ? py_builtin(I, PY_PASS_BASE + k, NULL) : NULL;
        if (!v || py_env_set(I, I->globals, nm, v)) st = I->err.code ? I->err.code : (py_oom(I), I->err.code);
    }
    if (!st) st = run_source(I, PRELUDE, sizeof PRELUDE - 1, "graph_lab.py", PY_PRELUDE_LINE0 + 1);
    if (!st) {
        const char *nm = py_intern(&I->ar, "__name__", 8);
        py_val *v = nm ? py_str(I, "graph_lab_pass", 14) : NULL;
        if (!v || py_env_set(I, I->globals, nm, v)) st = I->err.code ? I->err.code : (py_oom(I), I->err.code);
    }
    if (!st) st = run_source(I, src, len, file, 1);
    py_val *f = NULL, *res = NULL;
    if (!st) {
        f = global(I, fn);
        if (!f || (f->kind != V_FUNC && f->kind != V_BUILTIN && f->kind != V_CLASS))
            st = gl_fail(&I->err, GL_E_INVALID, "%s: there is no function %s(g) in the pass's source", file, fn);
    }
    const py_node *at = f && f->kind == V_FUNC ? f->u.fn.def : NULL;
    if (!st) {
        I->at = (py_node *)at;
        py_val *G = graph_to_py(I, at, in);
        res = G ? kwcall(I, at, f, &G, 1, NULL, NULL, 0) : NULL;
        if (!res) st = I->err.code ? I->err.code : GL_E_INTERNAL;
    }
    if (!st) {
        py_val *G = res;
        if (res->kind == V_TUPLE) {               /* (Graph, count), the passes that count */
            if (res->u.seq.n != 2) st = py_fail(I, at, GL_E_INVALID, "TypeError: %s() returned a tuple of %d items: a pass returns a Graph or (Graph, count)", fn, res->u.seq.n) ? GL_OK : I->err.code;
            else {
                int64_t h = 0;
                G = res->u.seq.v[0];
                if (!int_of(I, at, res->u.seq.v[1], "the pass's count", &h)) st = I->err.code;
                else if (h < 0 || h > INT32_MAX) st = py_fail(I, at, GL_E_INVALID, "ValueError: the pass's count %lld is out of range", (long long)h) ? GL_OK : I->err.code;
                else out->hits = (int)h;
            }
        }
        if (!st && G->kind != V_INST)
            st = py_fail(I, at, GL_E_INVALID, "TypeError: %s() returned %s: a pass returns a Graph or (Graph, count)", fn, py_type_name(G)) ? GL_OK : I->err.code;
        if (!st) st = py_to_graph(I, at, G, in, &out->graph);
    }
    if (!st) py_utf8_repair(&I->console);
    if (!st && I->console.failed) st = gl_fail(&I->err, GL_E_NOMEM, "out of memory (print output)");
    if (I->ar.nomem && st == GL_E_LIMIT) I->err.code = st = GL_E_NOMEM;
    if (!st) {
        if (!I->console.buf) gl_sb_putc(&I->console, 0), I->console.len = 0;
        out->console = I->console.buf;
        out->console_len = I->console.len;
        I->console.buf = NULL;
        out->steps = I->steps;
        if (!out->console) st = gl_fail(&I->err, GL_E_NOMEM, "out of memory");
    }
    if (st) {
        gl_pypass_free(out);
        out->hits = -1;
        if (!I->err.code) gl_fail(&I->err, st, "%s: error", file);
        gl_fail(e, I->err.code, "%s", I->err.msg);
    }
    for (py_trace *t = I->top; t; t = t->up) {
        gl_tracer_free(t->tr);
        free(t->spans);
    }
    gl_graph_free(I->last);
    free(I->last_spans);
    for (int i = 0; i < I->ngraphs; i++) gl_graph_free(I->graphs[i]);
    free(I->graphs);
    for (int i = 0; i < I->nrel; i++) gl_array_release(I->rel[i]);
    free(I->rel);
    gl_sb_free(&I->console);
    py_arena_free(&I->ar);
    free(I);
    return st;
}
