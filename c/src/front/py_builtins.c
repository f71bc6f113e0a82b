/* py_builtins.c — what a program can call: Python's builtins (len, range, min, max, abs, print, ...),
 * methods of dicts, lists and strings, the graph_lab API (trace, F.*, LayerCfg, rope_tables, Tensor
 * methods) and math. Each graph_lab entry follows the reference's code line for line (graph_lab.py §4,
 * §6, F, §7): the same argument names and defaults, the same nodes in the same order. */
#include <math.h>
#include <string.h>

#include "front/py.h"
#include "front/py_str.h"

/* The table's rows (py_builtin_table.h): a name, or the op whose name it is; bound as a builtin or not. */
static const struct {
    const char *name;
    gl_op op;
    bool global;
} BUILTINS[] = {
#define PY_BI(ID, nm, gl) [B_##ID] = {nm, GL_OP_COUNT, gl},
#define PY_BI_OP(ID, OP) [B_##ID] = {NULL, GL_OP_##OP, false},
#include "front/py_builtin_table.h"
#undef PY_BI
#undef PY_BI_OP
};
_Static_assert(sizeof BUILTINS / sizeof BUILTINS[0] == B_COUNT, "one row of py_builtin_table.h per B_* id");

/* The graph op F.<name> traces (GL_OP_COUNT: not an F function of one op). */
static gl_op f_op(int id) { return id >= 0 && id < B_COUNT ? BUILTINS[id].op : GL_OP_COUNT; }

const char *py_builtin_name(int id) {
    if (id >= PY_SUB_BASE) return py_sub_builtin_name(id - PY_SUB_BASE);
    if (id >= PY_PASS_BASE) return py_pass_name(id);
    if (id >= PY_CONT_BASE) return py_cont_name(id - PY_CONT_BASE);
    if (id >= BC_FIRST) return py_class_builtin_name(id);
    if (id < 0 || id >= B_COUNT) return "?";
    return BUILTINS[id].name ? BUILTINS[id].name : gl_op_name(BUILTINS[id].op);
}

py_val *py_builtin(py_interp *I, int id, py_val *self) {
    py_val *v = py_new(I, V_BUILTIN);
    if (!v) return NULL;
    v->u.bi.id = id;
    v->u.bi.self = self;
    return v;
}

void py_builtins_install(py_interp *I) {
    if (!(I->builtins = py_env_new(I, NULL)) || !(I->globals = py_env_new(I, I->builtins))) return;
    for (int id = 0; id < B_COUNT; id++) {
        if (!BUILTINS[id].global) continue;
        const char *nm = py_builtin_name(id), *n = py_intern(&I->ar, nm, strlen(nm));
        py_val *v = n ? py_builtin(I, id, NULL) : NULL;
        if (!v || py_env_set(I, I->builtins, n, v)) {
            py_oom(I);
            return;
        }
    }
    py_cont_install(I);
    py_class_install(I);
}

/* float(x) / bool(x) / list(it) / tuple(it): positional only, at most one (CPython's messages). */
static bool one_positional(py_interp *I, const py_node *at, const char *fn, py_args *a) {
    if (a->nkw) return py_fail(I, at, GL_E_INVALID, "TypeError: %s() takes no keyword arguments", fn), false;
    if (a->npos > 1) return py_fail(I, at, GL_E_INVALID, "TypeError: %s expected at most 1 argument, got %d", fn, a->npos), false;
    return true;
}

/* Binds arguments to names (positional first, then keywords); out[i] is NULL when not given. */
static bool bind(py_interp *I, const py_node *at, const char *fn, py_args *a, const char *const *names, int nn,
                 int nreq, py_val **out) {
    for (int i = 0; i < nn; i++) out[i] = NULL;
    if (a->npos > nn)
        return py_fail(I, at, GL_E_INVALID, "TypeError: %s() takes at most %d argument%s (%d given)", fn, nn,
                       nn == 1 ? "" : "s", a->npos), false;
    for (int i = 0; i < a->npos; i++) out[i] = a->pos[i];
    for (int k = 0; k < a->nkw; k++) {
        int j = -1;
        for (int i = 0; i < nn; i++)
            if (strcmp(names[i], a->kwn[k]) == 0) j = i;
        if (j < 0) return py_fail(I, at, GL_E_INVALID, "TypeError: %s() got an unexpected keyword argument '%s'", fn, a->kwn[k]), false;
        if (out[j]) return py_fail(I, at, GL_E_INVALID, "TypeError: %s() got multiple values for argument '%s'", fn, a->kwn[k]), false;
        out[j] = a->kwv[k];
    }
    for (int i = 0; i < nreq; i++)
        if (!out[i]) return py_fail(I, at, GL_E_INVALID, "TypeError: %s() missing required argument '%s'", fn, names[i]), false;
    return true;
}

static bool want_int(py_interp *I, const py_node *at, const char *what, py_val *v, int64_t *out) {
    if (v->kind == V_BIG) return py_num_index(I, at, v, 0, out);
    if (v->kind == V_INT || v->kind == V_BOOL) {
        *out = v->kind == V_INT ? v->u.i : v->u.b;
        return true;
    }
    py_fail(I, at, GL_E_INVALID, "TypeError: %s must be an int, got %s", what, py_type_name(v));
    return false;
}

static bool want_axis(py_interp *I, const py_node *at, const char *what, py_val *v, int *out) {
    int64_t x;
    if (!want_int(I, at, what, v, &x)) return false;
    if (x < -GL_MAX_RANK || x >= GL_MAX_RANK)
        return py_fail(I, at, GL_E_INVALID, "%s %lld is out of range for a tensor of rank <= %d", what, (long long)x, GL_MAX_RANK), false;
    *out = (int)x;
    return true;
}

static bool want_num(py_interp *I, const py_node *at, const char *what, py_val *v, double *out) {
    if (py_is_num(v)) {
        *out = py_num(v);
        return true;
    }
    py_fail(I, at, GL_E_INVALID, "TypeError: %s must be a number, got %s", what, py_type_name(v));
    return false;
}

static py_trace *want_tensor(py_interp *I, const py_node *at, const char *fn, py_val *v) {
    if (v->kind != V_TENSOR) {
        py_fail(I, at, GL_E_INVALID, "%s() needs a Tensor here, got %s (GraphLab traces; it does not compute eagerly)", fn,
                py_type_name(v));
        return NULL;
    }
    if (!v->u.tn.tc->tr) {
        py_fail(I, at, GL_E_INVALID, "this tensor belongs to a trace(...) that has already finished");
        return NULL;
    }
    return v->u.tn.tc;
}

/* A dim of a shape: an int >= 0 or a symbol. */
static bool want_dim(py_interp *I, const py_node *at, py_val *v, gl_dim *d) {
    if (v->kind == V_STR) {
        if (v->u.str.n == 0 || v->u.str.n >= GL_SYM_MAX || memchr(v->u.str.s, 0, v->u.str.n))
            return py_fail(I, at, GL_E_INVALID, "a symbolic dim is 1..%d characters, got '%.20s'", GL_SYM_MAX - 1, v->u.str.s), false;
        *d = gl_dim_sym(v->u.str.s);
        return true;
    }
    int64_t x;
    if (v->kind == V_BIG) return py_num_index(I, at, v, 0, &x);
    if (v->kind != V_INT && v->kind != V_BOOL)
        return py_fail(I, at, GL_E_INVALID, "TypeError: a dim must be an int or a symbol (str), got %s", py_type_name(v)), false;
    x = v->kind == V_INT ? v->u.i : v->u.b;
    if (x < 0 || x > GL_MAX_DIM)
        return py_fail(I, at, GL_E_INVALID, "a dim must be 0..%lld, got %lld", (long long)GL_MAX_DIM, (long long)x), false;
    *d = gl_dim_int(x);
    return true;
}

static bool want_shape(py_interp *I, const py_node *at, const char *what, py_val *v, gl_shape *s) {
    if (v->kind != V_TUPLE && v->kind != V_LIST)
        return py_fail(I, at, GL_E_INVALID, "TypeError: the shape of %s must be a tuple, got %s", what, py_type_name(v)), false;
    if (v->u.seq.n > GL_MAX_RANK)
        return py_fail(I, at, GL_E_INVALID, "the shape of %s has rank %d; the most is %d", what, v->u.seq.n, GL_MAX_RANK), false;
    s->rank = v->u.seq.n;
    for (int i = 0; i < s->rank; i++)
        if (!want_dim(I, at, v->u.seq.v[i], &s->d[i])) return false;
    return true;
}

static py_val *shape_tuple(py_interp *I, const gl_shape *s) {
    py_val *t = py_seq(I, V_TUPLE, s->rank);
    if (!t) return NULL;
    for (int i = 0; i < s->rank; i++) {
        t->u.seq.v[i] = gl_dim_is_sym(s->d[i]) ? py_str(I, s->d[i].sym, strlen(s->d[i].sym)) : py_int(I, s->d[i].n);
        if (!t->u.seq.v[i]) return NULL;
    }
    return t;
}

static py_val *mk_tuple2(py_interp *I, py_val *a, py_val *b) {
    py_val *t = py_seq(I, V_TUPLE, 2);
    if (!t) return NULL;
    t->u.seq.v[0] = a;
    t->u.seq.v[1] = b;
    return t;
}

/* ---- trace(fn, inputs, params=None, mode="error", example=None) */
static py_val *do_trace(py_interp *I, const py_node *at, py_args *a) {
    static const char *nm[] = {"fn", "inputs", "params", "mode", "example"};
    py_val *v[5];
    if (!bind(I, at, "trace", a, nm, 5, 2, v)) return NULL;
    py_val *fn = v[0], *inputs = v[1], *params = v[2] && v[2]->kind != V_NONE ? v[2] : NULL;
    py_val *example = v[4] && v[4]->kind != V_NONE ? v[4] : NULL;
    int mode = GL_BRANCH_ERROR;
    if (v[3]) {
        if (v[3]->kind != V_STR)
            return py_fail(I, at, GL_E_INVALID, "trace: mode must be \"error\", \"specialize\" or \"guard\", got %s",
                           py_type_name(v[3]));
        /* the reference's Tracer takes any mode: one it does not know looks at the example's value like
         * "specialize" (no guard), and without an example it cannot branch, like "error" */
        if ((mode = gl_branch_mode_from_name(v[3]->u.str.s)) < 0) mode = GL_BRANCH_SPECIALIZE;
    }
    if (inputs->kind != V_DICT) return py_fail(I, at, GL_E_INVALID, "trace: inputs must be a dict {name: shape}, got %s", py_type_name(inputs));
    if (params && params->kind != V_DICT) return py_fail(I, at, GL_E_INVALID, "trace: params must be a dict {name: shape or values}, got %s", py_type_name(params));
    if (example && example->kind != V_DICT) return py_fail(I, at, GL_E_INVALID, "trace: example must be a dict {name: values}, got %s", py_type_name(example));
    py_trace *tc = py_alloc(&I->ar, sizeof *tc);
    if (!tc) return py_oom(I);
    tc->concrete = example != NULL;
    tc->mode = v[3] ? v[3]->u.str.s : "error";
    if (gl_tracer_new((gl_branch_mode)mode, example != NULL, &tc->tr, &I->err)) return NULL;
    tc->up = I->top;
    I->top = tc;
    py_val *res = NULL;
    py_args call = {0};
    int np = inputs->u.d->len + 1;
    call.kwn = py_alloc(&I->ar, sizeof(char *) * (size_t)np);
    call.kwv = py_alloc(&I->ar, sizeof(py_val *) * (size_t)np);
    if (!call.kwn || !call.kwv) {
        py_oom(I);
        goto done;
    }
    py_val *k, *shape;
    for (int i = 0; py_dict_next(inputs, &i, &k, &shape);) {
        if (k->kind != V_STR || !k->u.str.n || k->u.str.n >= GL_NAME_MAX) {
            py_fail(I, at, GL_E_INVALID, "trace: input names must be strings of 1..%d bytes", GL_NAME_MAX - 1);
            goto done;
        }
        const char *why = py_name_problem(k->u.str.s, k->u.str.n);
        if (why) {   /* a name reaches the graph, its text and JSON as a C string */
            py_fail(I, at, GL_E_INVALID, "ValueError: trace: the input name %s", why);
            goto done;
        }
        gl_shape s;
        if (!want_shape(I, at, k->u.str.s, shape, &s)) goto done;
        gl_array *ex = NULL;
        if (example) {
            py_val *e = py_dict_get(example, k);
            if (!e) {
                py_fail(I, at, GL_E_INVALID, "KeyError: example has no value for input '%s'", k->u.str.s);
                goto done;
            }
            if (!(ex = py_to_array(I, at, e))) goto done;
        }
        py_val *t = py_tensor(I, at, tc, gl_t_input(tc->tr, k->u.str.s, &s, ex));
        if (!t) goto done;
        if (!(call.kwn[call.nkw] = py_intern(&I->ar, k->u.str.s, k->u.str.n))) {
            py_oom(I);
            goto done;
        }
        call.kwv[call.nkw++] = t;
    }
    if (params) {
        py_val *p = py_dict_new(I);
        if (!p) goto done;
        py_val *pv;
        for (int i = 0; py_dict_next(params, &i, &k, &pv);) {
            if (k->kind != V_STR || !k->u.str.n || k->u.str.n >= GL_NAME_MAX) {
                py_fail(I, at, GL_E_INVALID, "trace: param names must be strings of 1..%d bytes", GL_NAME_MAX - 1);
                goto done;
            }
            const char *why = py_name_problem(k->u.str.s, k->u.str.n);
            if (why) {   /* a name reaches the graph, its text and JSON as a C string */
                py_fail(I, at, GL_E_INVALID, "ValueError: trace: the param name %s", why);
                goto done;
            }
            int id;
            bool shell = pv->kind == V_ARRAY && pv->u.arr->which < 0 && !pv->u.arr->real && pv->u.arr->shell;
            if (pv->kind == V_TUPLE || shell) {  /* a shape: the value may come from the case (opts->params) */
                gl_shape s;
                if (shell) s = gl_array_shape(pv->u.arr->shell);     /* layer_params(cfg): shape only */
                else if (!want_shape(I, at, k->u.str.s, pv, &s)) goto done;
                int j = I->opts && I->opts->params ? gl_params_find(I->opts->params, k->u.str.s) : -1;
                gl_array *given = j >= 0 ? I->opts->params->values[j] : NULL;
                if (given && !gl_array_matches(given, &s, NULL)) {
                    char x1[120], x2[120];
                    gl_shape gs = gl_array_shape(given);
                    py_fail(I, at, GL_E_SHAPE, "param '%s': the case gives shape %s, the program declares %s", k->u.str.s,
                            gl_shape_str(&gs, x1, sizeof x1), gl_shape_str(&s, x2, sizeof x2));
                    goto done;
                }
                id = given ? gl_t_param_value(tc->tr, k->u.str.s, given) : gl_t_param(tc->tr, k->u.str.s, &s);
            } else {
                gl_array *arr = py_to_array(I, at, pv);
                if (!arr) goto done;
                id = gl_t_param_value(tc->tr, k->u.str.s, arr);
            }
            py_val *t = py_tensor(I, at, tc, id);
            if (!t || py_dict_set(I, p, k, t)) goto done;
        }
        call.kwn[call.nkw] = py_intern(&I->ar, "p", 1);
        call.kwv[call.nkw++] = p;
    }
    {   /* the inputs and params were emitted by this call */
        gl_graph *g = gl_tracer_graph(tc->tr);
        if (g->n > tc->scap) {
            gl_span *sp = gl_grow(tc->spans, (size_t)g->n, sizeof *sp, &I->err);
            if (!sp) goto done;
            tc->spans = sp;
            tc->scap = g->n;
        }
        for (int i = 0; i < g->n; i++) tc->spans[i] = (gl_span){at->line, at->col, at->end_line, at->end_col};
    }
    py_val *out = py_call(I, at, fn, &call);
    if (!out) goto done;
    int nout = out->kind == V_TUPLE ? out->u.seq.n : 1;
    py_val **outs = out->kind == V_TUPLE ? out->u.seq.v : &out;
    int *ids = py_alloc(&I->ar, sizeof(int) * (size_t)(nout ? nout : 1));
    if (!ids) {
        py_oom(I);
        goto done;
    }
    for (int i = 0; i < nout; i++) {
        if (outs[i]->kind != V_TENSOR || outs[i]->u.tn.tc != tc) {
            py_fail(I, at, GL_E_INVALID, "trace: the function must return a Tensor of this trace or a tuple of them, got %s",
                    py_type_name(outs[i]));
            goto done;
        }
        ids[i] = outs[i]->u.tn.id;
    }
    gl_graph *g = gl_tracer_graph(tc->tr);
    if (g->n > tc->scap) {
        gl_span *sp = gl_grow(tc->spans, (size_t)g->n, sizeof *sp, &I->err);
        if (!sp) goto done;
        memset(sp + tc->scap, 0, sizeof *sp * (size_t)(g->n - tc->scap));
        tc->spans = sp;
        tc->scap = g->n;
    }
    gl_err fe = {0};
    gl_tracer *tr = tc->tr;
    tc->tr = NULL;
    gl_graph *done_g = NULL;
    gl_status fst = gl_tracer_finish(tr, ids, nout, &done_g, &fe);
    if (fst) {
        py_fail(I, at, fst, "%s", fe.msg);
        goto done;
    }
    res = py_new(I, V_GRAPH);
    if (!res) {
        gl_graph_free(done_g);
        goto done;
    }
    res->u.gr.g = done_g;
    res->u.gr.nodes = NULL;
    if (I->last && py_keep_graph(I, I->last)) {   /* a Graph value of it may still be used */
        gl_graph_free(I->last);
        I->last = NULL;
    }
    free(I->last_spans);
    I->last = done_g;
    I->last_spans = tc->spans;
    tc->spans = NULL;
done:
    I->top = tc->up;
    gl_tracer_free(tc->tr);
    tc->tr = NULL;
    free(tc->spans);
    tc->spans = NULL;
    return res;
}

/* ---- LayerCfg and rope_tables */
static const char *CFG_FIELDS[] = {"d", "H", "G", "dh", "f", "eps", "theta"};

static py_val *layer_cfg(py_interp *I, const py_node *at, py_args *a) {
    py_val *v[7];
    if (!bind(I, at, "LayerCfg", a, CFG_FIELDS, 7, 5, v)) return NULL;
    py_val *c = py_new(I, V_CFG);
    if (!c || !(c->u.cfg = py_alloc(&I->ar, sizeof(py_val *) * 7))) return py_oom(I);
    for (int i = 0; i < 7; i++) c->u.cfg[i] = v[i];
    if (!c->u.cfg[5] && !(c->u.cfg[5] = py_float(I, 1e-5))) return NULL;
    if (!c->u.cfg[6] && !(c->u.cfg[6] = py_float(I, 10000.0))) return NULL;
    return c;
}

static py_val *rope_tables(py_interp *I, const py_node *at, py_args *a) {
    static const char *nm[] = {"T", "dh", "pos0", "theta"};
    py_val *v[4];
    if (!bind(I, at, "rope_tables", a, nm, 4, 2, v)) return NULL;
    int64_t T, dh, pos0 = 0;
    double theta = 10000.0;
    if (!want_int(I, at, "rope_tables: T", v[0], &T) || !want_int(I, at, "rope_tables: dh", v[1], &dh)) return NULL;
    if (v[2] && !want_int(I, at, "rope_tables: pos0", v[2], &pos0)) return NULL;
    if (v[3] && !want_num(I, at, "rope_tables: theta", v[3], &theta)) return NULL;
    if (T < 1 || T > GL_MAX_DIM || dh < 2 || dh % 2 || dh > GL_MAX_DIM || pos0 < 0 || pos0 > GL_MAX_DIM)
        return py_fail(I, at, GL_E_INVALID, "rope_tables needs 1 <= T, an even dh >= 2 and pos0 >= 0 (each <= %lld), got "
                       "T=%lld dh=%lld pos0=%lld", (long long)GL_MAX_DIM, (long long)T, (long long)dh, (long long)pos0);
    if (T * dh > (int64_t)GL_PROGRAM_MAX_SEQ * 4)    /* 4 Mi numbers (32 MiB) per table */
        return py_fail(I, at, GL_E_LIMIT, "rope_tables(%lld, %lld) would hold %lld numbers per table: over the limit",
                       (long long)T, (long long)dh, (long long)(T * dh));
    py_val *c = py_new(I, V_ARRAY), *s = py_new(I, V_ARRAY);
    if (!c || !s) return NULL;
    py_arr *A = py_alloc(&I->ar, sizeof *A), *B = py_alloc(&I->ar, sizeof *B);
    if (!A || !B) return py_oom(I);
    *A = (py_arr){NULL, NULL, T, dh, pos0, theta, 0, s};
    *B = (py_arr){NULL, NULL, T, dh, pos0, theta, 1, c};
    c->u.arr = A;
    s->u.arr = B;
    return mk_tuple2(I, c, s);
}

/* ---- F.* and Tensor methods */
static py_val *f_call(py_interp *I, const py_node *at, int id, py_val *self, py_args *a) {
    py_val *v[4];
    py_trace *tc;
    const char *fn = py_builtin_name(id);
    switch (id) {
    case B_F_EXP: case B_F_TANH: case B_F_RSQRT: case B_F_SILU: case B_F_ROT: {
        static const char *nm[] = {"x"};
        if (!bind(I, at, fn, a, nm, 1, 1, v) || !(tc = want_tensor(I, at, fn, v[0]))) return NULL;
        int x = v[0]->u.tn.id;   /* F._un(op, x): the op of its table row */
        return py_tensor(I, at, tc, gl_t_op(tc->tr, f_op(id), &x, 1, NULL));
    }
    case B_F_SOFTMAX: {
        static const char *nm[] = {"x", "axis"};
        int axis = -1;
        if (!bind(I, at, fn, a, nm, 2, 1, v) || !(tc = want_tensor(I, at, fn, v[0]))) return NULL;
        if (v[1] && !want_axis(I, at, "softmax: axis", v[1], &axis)) return NULL;
        return py_tensor(I, at, tc, gl_t_softmax(tc->tr, v[0]->u.tn.id, axis));
    }
    case B_F_RMS: {
        static const char *nm[] = {"x", "w", "eps"};
        double eps;
        if (!bind(I, at, fn, a, nm, 3, 3, v) || !(tc = want_tensor(I, at, fn, v[0]))) return NULL;
        int w = py_lift(I, at, tc, v[1]);
        if (w < 0 || !want_num(I, at, "rms_norm: eps", v[2], &eps)) return NULL;
        return py_tensor(I, at, tc, gl_t_rms_norm(tc->tr, v[0]->u.tn.id, w, eps));
    }
    case B_F_MASK: {
        static const char *nm[] = {"like", "T", "pos0"};
        int64_t T, pos0 = 0;
        if (!bind(I, at, fn, a, nm, 3, 2, v) || !(tc = want_tensor(I, at, fn, v[0]))) return NULL;
        if (!want_int(I, at, "causal_mask: T", v[1], &T) || (v[2] && !want_int(I, at, "causal_mask: pos0", v[2], &pos0)))
            return NULL;
        return py_tensor(I, at, tc, gl_t_causal_mask(tc->tr, v[0]->u.tn.id, T, pos0));
    }
    case B_F_KV: {
        static const char *nm[] = {"cache", "new", "pos"};
        gl_dim pos;
        if (!bind(I, at, fn, a, nm, 3, 3, v) || !(tc = want_tensor(I, at, fn, v[0]))) return NULL;
        int nw = py_lift(I, at, tc, v[1]);
        if (nw < 0 || !want_dim(I, at, v[2], &pos)) return NULL;
        return py_tensor(I, at, tc, gl_t_kv_write(tc->tr, v[0]->u.tn.id, nw, pos));
    }
    case B_T_SUM: case B_T_MAX: {
        static const char *nm[] = {"axis", "keepdims"};
        int axis = -1;
        tc = self->u.tn.tc;
        if (!bind(I, at, fn, a, nm, 2, 0, v) || !want_tensor(I, at, fn, self)) return NULL;
        if (v[0] && !want_axis(I, at, "axis", v[0], &axis)) return NULL;
        if (v[1] && v[1]->kind != V_BOOL) return py_fail(I, at, GL_E_INVALID, "TypeError: keepdims must be True or False");
        bool kd = v[1] && v[1]->u.b;
        int r = id == B_T_SUM ? gl_t_sum(tc->tr, self->u.tn.id, axis, kd) : gl_t_max(tc->tr, self->u.tn.id, axis, kd);
        return py_tensor(I, at, tc, r);
    }
    case B_T_RESHAPE: case B_T_TRANSPOSE: {
        if (!(tc = want_tensor(I, at, fn, self))) return NULL;
        if (a->nkw) return py_fail(I, at, GL_E_INVALID, "TypeError: %s() takes no keyword arguments", fn);
        if (a->npos > GL_MAX_RANK) return py_fail(I, at, GL_E_INVALID, "%s: at most %d dims", fn, GL_MAX_RANK);
        if (id == B_T_RESHAPE) {
            gl_shape s = {a->npos, {{0}}};
            int m1 = -1;                    /* GraphLab's extension: one -1 dim, inferred */
            for (int i = 0; i < a->npos; i++) {
                if (a->pos[i]->kind == V_INT && a->pos[i]->u.i == -1 && m1 < 0) {
                    m1 = i;
                    s.d[i] = gl_dim_int(1);
                    continue;
                }
                if (!want_dim(I, at, a->pos[i], &s.d[i])) return NULL;
            }
            if (m1 >= 0 && !py_reshape_infer(I, at, self, &s, m1)) return NULL;
            return py_tensor(I, at, tc, gl_t_reshape(tc->tr, self->u.tn.id, &s));
        }
        int perm[GL_MAX_RANK];
        for (int i = 0; i < a->npos; i++)
            if (!want_axis(I, at, "transpose: axis", a->pos[i], &perm[i])) return NULL;
        return py_tensor(I, at, tc, gl_t_transpose(tc->tr, self->u.tn.id, perm, a->npos));
    }
    }
    return py_fail(I, at, GL_E_INTERNAL, "unknown builtin");
}

/* ---- Python builtins */

static py_val *collect(py_interp *I, const py_node *at, py_vkind k, py_val *src) {
    py_val **items;
    int n;
    if (py_iter_list(I, at, src, &items, &n)) return NULL;
    py_val *r = py_seq(I, k, n);
    if (!r) return NULL;
    memcpy(r->u.seq.v, items, sizeof(py_val *) * (size_t)n);
    return r;
}


/* One piece of print(file=f): f.write(piece), f's write looked up each time as CPython does. */
static gl_status print_piece(py_interp *I, const py_node *at, py_val *file, py_val *piece) {
    if (!piece && !I->err.code) py_fail(I, at, GL_E_NOMEM, "out of memory");
    py_val *write = piece ? py_getattr(I, at, file, "write") : NULL;
    if (!write) return I->err.code;
    py_args wa = {&piece, 1, NULL, NULL, 0};
    return py_call(I, at, write, &wa) ? GL_OK : I->err.code;
}

static gl_status print_to_file(py_interp *I, const py_node *at, py_val *file, const py_args *a,
                               const char *sep, size_t nsep, const char *end, size_t nend) {
    for (int i = 0; i < a->npos; i++) {
        if (i && print_piece(I, at, file, py_str(I, sep, nsep))) return I->err.code;
        gl_sb sb;
        gl_sb_init(&sb);
        py_repr(I, &sb, a->pos[i], false);
        py_val *s = I->err.code || sb.failed ? NULL : py_str(I, sb.buf ? sb.buf : "", sb.len);
        gl_sb_free(&sb);
        if (print_piece(I, at, file, s)) return I->err.code;
    }
    return print_piece(I, at, file, py_str(I, end, nend));
}

py_val *py_call_builtin(py_interp *I, const py_node *at, py_val *f, py_args *a) {
    int id = f->u.bi.id;
    py_val *self = f->u.bi.self, *v[4];
    if (id >= PY_SUB_BASE) return py_sub_builtin(I, at, id - PY_SUB_BASE, self, f->u.bi.sub, a);
    if (id >= PY_PASS_BASE) return py_pass_call(I, at, id, self, a);
    if (id >= PY_CONT_BASE) return py_cont_call(I, at, id - PY_CONT_BASE, self, a);
    if (id >= BC_FIRST) return py_class_builtin(I, at, f, a);
    if (id >= B_S_METHOD && id <= B_ASCII) return py_str_call(I, at, id, f->u.bi.sub, self, a);
    if (id >= B_N_FIRST && id <= B_N_LAST) return py_num_builtin(I, at, id, self, a);
    if (id >= B_A_FIRST && id <= B_A_LAST) return py_glapi_builtin(I, at, id, self, a);
    if (id >= B_NM_FIRST && id <= B_NM_LAST) return py_nummeth_call(I, at, id, self, a);
    if (id == B_SLICE || id == B_SL_INDICES) return py_slice_builtin(I, at, id, self, a);
    if (id >= B_LIB_FIRST && id <= B_LIB_LAST) return py_lib_builtin(I, at, id, a);
    switch (id) {
    case B_LEN: {
        static const char *nm[] = {"obj"};
        if (a->nkw) return py_fail(I, at, GL_E_INVALID, "TypeError: len() takes no keyword arguments");
        if (a->npos != 1) return py_fail(I, at, GL_E_INVALID, "TypeError: len() takes exactly one argument (%d given)", a->npos);
        if (!bind(I, at, "len", a, nm, 1, 1, v)) return NULL;
        py_val *x = v[0];
        switch (x->kind) {
        case V_STR: return py_int(I, (int64_t)py_str_len(x));
        case V_TUPLE: case V_LIST: case V_DICT:
            if (py_sub_of(x)) {   /* a subclass's __len__ */
                bool handled;
                py_val *r = py_sub_len(I, at, x, &handled);
                if (handled) return r;
            }
            if (x->kind == V_DICT) return py_int(I, py_dict_len(x));
            return py_int(I, x->u.seq.n);
        case V_INST: return py_inst_len(I, at, x);
        case V_SET: case V_FROZENSET: case V_VIEW: {
            int64_t n;
            py_cont_len(x, &n);
            return py_int(I, n);
        }
        case V_RANGE: {
            py_val **items;
            int64_t s = x->u.r.step, lo = x->u.r.start, hi = x->u.r.stop;
            (void)items;
            uint64_t n = s > 0 ? (lo < hi ? ((uint64_t)hi - (uint64_t)lo - 1) / (uint64_t)s + 1 : 0)
                               : (lo > hi ? ((uint64_t)lo - (uint64_t)hi - 1) / ((uint64_t)(-(s + 1)) + 1ULL) + 1 : 0);
            if (n > (uint64_t)INT64_MAX)   /* CPython's message for a range longer than sys.maxsize */
                return py_fail(I, at, GL_E_INVALID, "OverflowError: Python int too large to convert to C ssize_t");
            return py_int(I, (int64_t)n);
        }
        default: return py_fail(I, at, GL_E_INVALID, "TypeError: object of type '%s' has no len()", py_type_name(x));
        }
    }
    case B_RANGE: {
        if (a->nkw) return py_fail(I, at, GL_E_INVALID, "TypeError: range() takes no keyword arguments");
        if (a->npos < 1) return py_fail(I, at, GL_E_INVALID, "TypeError: range expected at least 1 argument, got %d", a->npos);
        if (a->npos > 3) return py_fail(I, at, GL_E_INVALID, "TypeError: range expected at most 3 arguments, got %d", a->npos);
        int64_t x[3] = {0, 0, 1};
        for (int i = 0; i < a->npos; i++) {
            py_val *ai = py_index_of(I, at, a->pos[i]);
            if (!ai) return NULL;
            if (ai->kind != V_INT && ai->kind != V_BOOL && ai->kind != V_BIG)   /* CPython's __index__ message */
                return py_fail(I, at, GL_E_INVALID, "TypeError: '%s' object cannot be interpreted as an integer", py_type_name(ai));
            if (!want_int(I, at, "range() argument", ai, &x[a->npos == 1 ? 1 : i])) return NULL;
        }
        if (x[2] == 0) return py_fail(I, at, GL_E_INVALID, "ValueError: range() arg 3 must not be zero");
        if (x[2] == INT64_MIN) return py_fail(I, at, GL_E_LIMIT, "range() step is too large");
        py_val *r = py_new(I, V_RANGE);
        if (!r) return NULL;
        r->u.r.start = x[0];
        r->u.r.stop = x[1];
        r->u.r.step = x[2];
        return r;
    }
    case B_ABS: {
        if (a->nkw) return py_fail(I, at, GL_E_INVALID, "TypeError: abs() takes no keyword arguments");
        if (a->npos != 1) return py_fail(I, at, GL_E_INVALID, "TypeError: abs() takes exactly one argument (%d given)", a->npos);
        v[0] = a->pos[0];
        py_val *x = v[0];
        if (x->kind == V_INST) return py_inst_unary(I, at, UN_ABS, x);
        if (x->kind == V_FLOAT) return py_float(I, fabs(x->u.f));
        if (py_is_int(x))
            return py_num_cmp(x, &py_False) < 0 ? py_num_unary(I, at, OP_NEG, x)
                   : x->kind == V_BOOL || py_sub_of(x) ? py_int(I, x->kind == V_BOOL ? x->u.b : x->u.i) : x;
        return py_fail(I, at, GL_E_INVALID, "TypeError: bad operand type for abs(): '%s'", py_type_name(x));
    }
    case B_PRINT: {                        /* print(*objects, sep=' ', end='\n', file=None, flush=False) */
        const char *sep = " ", *end = "\n";
        size_t nsep = 1, nend = 1;
        py_val *file = NULL;
        for (int k = 0; k < a->nkw; k++) {
            py_val *x = a->kwv[k];
            bool isnone = x->kind == V_NONE;
            bool is_sep = strcmp(a->kwn[k], "sep") == 0, is_end = strcmp(a->kwn[k], "end") == 0;
            if ((is_sep || is_end) && x->kind != V_STR && !isnone)
                return py_fail(I, at, GL_E_INVALID, "TypeError: %s must be None or a string, not %s", a->kwn[k], py_type_name(x));
            if (is_sep) {
                if (!isnone) sep = x->u.str.s, nsep = x->u.str.n;
            } else if (is_end) {
                if (!isnone) end = x->u.str.s, nend = x->u.str.n;
            } else if (strcmp(a->kwn[k], "file") == 0) {
                if (!isnone) file = x;
            } else if (strcmp(a->kwn[k], "flush") != 0) {   /* flush: the console has no buffer to flush */
                return py_fail(I, at, GL_E_INVALID, "TypeError: print() got an unexpected keyword argument '%s'", a->kwn[k]);
            }
        }
        /* file=: CPython's print calls file.write once per object, separator and end (a class that
         * collects what it is given sees the pieces); sys.stdout / sys.stderr are objects of lib/sys.py whose
         * write prints to the program's console */
        if (file) return print_to_file(I, at, file, a, sep, nsep, end, nend) ? NULL : &py_None;
        size_t mark = I->console.len;      /* a __str__ that raises prints nothing of the line */
        for (int i = 0; i < a->npos; i++) {
            if (i) gl_sb_putn(&I->console, sep, nsep);
            py_repr(I, &I->console, a->pos[i], false);
            if (I->err.code) {
                if (I->console.len > mark) I->console.len = mark;
                if (I->console.buf) I->console.buf[I->console.len] = 0;
                return NULL;
            }
        }
        gl_sb_putn(&I->console, end, nend);
        if (I->console.len > (1u << 20)) return py_fail(I, at, GL_E_LIMIT, "print() wrote more than 1 MiB");
        return &py_None;
    }
    case B_INT: case B_FLOAT: case B_STR: case B_BOOL: {
        static const char *nm[] = {"x"};
        if (id == B_INT) {                 /* int(x=0, /, base=10) */
            static const char *inm[] = {"x", "base"};
            if (!bind(I, at, "int", a, inm, 2, 0, v)) return NULL;
            if (!v[0]) return v[1] ? py_fail(I, at, GL_E_INVALID, "TypeError: int() missing string argument") : py_int(I, 0);
            if (!v[1] && v[0]->kind == V_INT && py_sub_of(v[0])) return py_int(I, v[0]->u.i);   /* int(MyInt(3)): a plain int */
            return py_num_int(I, at, v[0], v[1]);
        }
        if ((id == B_FLOAT || id == B_BOOL) && !one_positional(I, at, py_builtin_name(id), a)) return NULL;
        if (id == B_STR && a->npos > 3)
            return py_fail(I, at, GL_E_INVALID, "TypeError: str() takes at most 3 arguments (%d given)", a->npos);
        if (!bind(I, at, py_builtin_name(id), a, nm, 1, 0, v)) return NULL;
        if (!v[0]) return id == B_INT ? py_int(I, 0) : id == B_FLOAT ? py_float(I, 0) : id == B_STR ? py_str(I, "", 0) : &py_False;
        if (id == B_INT) return py_num_int(I, at, v[0], NULL);
        if (id == B_FLOAT) return py_num_float(I, at, v[0]);
        if (id == B_BOOL) {
            bool t;
            return py_truth(I, at, v[0], &t) ? NULL : py_bool(t);
        }
        gl_sb sb;
        gl_sb_init(&sb);
        py_repr(I, &sb, v[0], false);
        if (sb.failed || I->err.code) {
            gl_sb_free(&sb);
            if (I->err.code) return NULL;
            return py_fail(I, at, GL_E_LIMIT, "str(): the text is too long");
        }
        py_val *s = py_str(I, sb.buf ? sb.buf : "", sb.len);
        gl_sb_free(&sb);
        return s;
    }
    case B_TUPLE: case B_LIST: {
        static const char *nm[] = {"iterable"};
        if (!one_positional(I, at, py_builtin_name(id), a) || !bind(I, at, py_builtin_name(id), a, nm, 1, 0, v)) return NULL;
        if (!v[0]) return py_seq(I, id == B_TUPLE ? V_TUPLE : V_LIST, 0);
        return collect(I, at, id == B_TUPLE ? V_TUPLE : V_LIST, v[0]);
    }
    case B_DICT: {
        return py_dict_call(I, at, a);
    }
    case B_TRACE: return do_trace(I, at, a);
    case B_ROPE: return rope_tables(I, at, a);
    case B_LAYERCFG: return layer_cfg(I, at, a);
    case B_M_SQRT: case B_M_EXP: case B_M_LOG: {
        static const char *nm[] = {"x", "base"};
        double x, b = 0;
        if (!bind(I, at, py_builtin_name(id), a, nm, id == B_M_LOG ? 2 : 1, 1, v) || !want_num(I, at, "math argument", v[0], &x)) return NULL;
        if (v[0]->kind == V_BIG && id != B_M_LOG && !py_num_to_double(I, at, v[0], &x)) return NULL;
        if (id == B_M_SQRT) {
            if (x < 0) return py_fail(I, at, GL_E_INVALID, "ValueError: math domain error");
            return py_float(I, sqrt(x));
        }
        if (id == B_M_EXP) {
            double r = exp(x);
            if (isinf(r) && !isinf(x)) return py_fail(I, at, GL_E_LIMIT, "OverflowError: math range error");
            return py_float(I, r);
        }
        if (x <= 0 || (v[1] && (!want_num(I, at, "math.log base", v[1], &b) || b <= 0 || b == 1)))
            return I->err.code ? NULL : py_fail(I, at, GL_E_INVALID, "ValueError: math domain error");
        double lx = v[0]->kind == V_BIG ? py_num_log(v[0]) : log(x);
        double lb = v[1] && v[1]->kind == V_BIG ? py_num_log(v[1]) : log(b);
        return py_float(I, v[1] ? lx / lb : lx);
    }
    case B_S_JOIN: {
        static const char *nm[] = {"iterable"};
        py_val **items;
        int n;
        if (!bind(I, at, "join", a, nm, 1, 1, v) || py_iter_list(I, at, v[0], &items, &n)) return NULL;
        gl_sb sb;
        gl_sb_init(&sb);
        for (int i = 0; i < n; i++) {
            if (items[i]->kind != V_STR) {
                gl_sb_free(&sb);
                return py_fail(I, at, GL_E_INVALID, "TypeError: sequence item %d: expected str instance, %s found", i, py_type_name(items[i]));
            }
            if (i) gl_sb_putn(&sb, self->u.str.s, self->u.str.n);
            gl_sb_putn(&sb, items[i]->u.str.s, items[i]->u.str.n);
            if (sb.len > GL_PROGRAM_MAX_SEQ) break;
        }
        py_val *r = sb.failed ? py_fail(I, at, GL_E_NOMEM, "out of memory") : py_str(I, sb.buf ? sb.buf : "", sb.len);
        gl_sb_free(&sb);
        return r;
    }
    case B_MIN: case B_MAX: case B_SUM: case B_ENUMERATE: case B_ZIP: case B_ITER: case B_NEXT: case B_MAP:
    case B_FILTER: case B_REVERSED: case B_SORTED: case B_ANY: case B_ALL: case B_G_SEND: case B_G_CLOSE:
    case B_IT_NEXT: case B_IT_ITER:
        return py_iter_builtin(I, at, id, self, a);      /* py_iter.c */
    default:
        return f_call(I, at, id, self, a);
    }
}

/* ---- attributes */
py_val *py_module_attr(py_interp *I, const py_node *at, int mod, const char *name) {
    if (mod >= MOD_LIB) {
        py_val *v = py_lib_attr(I, mod - MOD_LIB, name);
        if (v || I->err.code) return v;
        return py_fail(I, at, GL_E_INVALID, "AttributeError: module '%s' has no attribute '%s'", py_lib_name(mod - MOD_LIB), name);
    }
    if (mod == MOD_FUNCTOOLS) {   /* functools: reduce, partial, lru_cache ... in Python (lib/functools.py), wraps in C */
        py_val *v = py_lib_attr(I, py_lib_find("functools"), name);
        if (v || I->err.code) return v;
    }
    if (mod >= MOD_DATACLASSES) return py_class_module_attr(I, at, mod, name);
    if (mod == MOD_GL && (strcmp(name, "Tensor") == 0 || strcmp(name, "TraceError") == 0)) return py_class_module_attr(I, at, mod, name);
    if (mod == MOD_MATH) {
        if (strcmp(name, "pi") == 0) return py_float(I, 3.141592653589793);
        if (strcmp(name, "e") == 0) return py_float(I, 2.718281828459045);
        if (strcmp(name, "inf") == 0) return py_float(I, INFINITY);
        if (strcmp(name, "sqrt") == 0) return py_builtin(I, B_M_SQRT, NULL);
        if (strcmp(name, "exp") == 0) return py_builtin(I, B_M_EXP, NULL);
        if (strcmp(name, "log") == 0) return py_builtin(I, B_M_LOG, NULL);
        if (strcmp(name, "nan") == 0) return py_float(I, NAN);
        if (strcmp(name, "tau") == 0) return py_float(I, 6.283185307179586);
        for (int id = B_M_FMOD; id <= B_N_LAST; id++)
            if (strcmp(name, py_builtin_name(id)) == 0) return py_builtin(I, id, NULL);
        return py_fail(I, at, GL_E_INVALID, "AttributeError: module 'math' has no attribute '%s'", name);
    }
    if (mod == MOD_F) {
        /* the reference's F functions (one op each), then the extensions sigmoid and relu (several ops) */
        for (int id = 0; id < B_COUNT; id++)
            if ((f_op(id) != GL_OP_COUNT || id == B_F_SIGMOID || id == B_F_RELU) && strcmp(name, py_builtin_name(id)) == 0)
                return py_builtin(I, id, NULL);
        return py_fail(I, at, GL_E_INVALID, "AttributeError: type object 'F' has no attribute '%s'", name);
    }
    if (strcmp(name, "F") == 0) {
        py_val *m = py_new(I, V_MODULE);
        if (m) m->u.mod = MOD_F;
        return m;
    }
    if (strcmp(name, "trace") == 0) return py_builtin(I, B_TRACE, NULL);
    if (strcmp(name, "rope_tables") == 0) return py_builtin(I, B_ROPE, NULL);
    if (strcmp(name, "LayerCfg") == 0) return py_builtin(I, B_LAYERCFG, NULL);
    {
        py_val *x = py_glapi_module_attr(I, name);
        if (x || I->err.code) return x;
    }
    if (strcmp(name, "math") == 0) {          /* the reference imports math: `from graph_lab import *` has it */
        py_val *m = py_new(I, V_MODULE);
        if (m) m->u.mod = MOD_MATH;
        return m;
    }
    if (strcmp(name, "LLAMA8B") == 0) {
        py_val *c = py_new(I, V_CFG);
        if (!c || !(c->u.cfg = py_alloc(&I->ar, sizeof(py_val *) * 7))) return py_oom(I);
        int64_t d[5] = {4096, 32, 8, 128, 14336};
        for (int i = 0; i < 5; i++)
            if (!(c->u.cfg[i] = py_int(I, d[i]))) return NULL;
        if (!(c->u.cfg[5] = py_float(I, 1e-5)) || !(c->u.cfg[6] = py_float(I, 500000.0))) return NULL;
        return c;
    }
    return py_fail(I, at, GL_E_INVALID, "AttributeError: module 'graph_lab' has no attribute '%s' (GraphLab has F, "
                   "LayerCfg, rope_tables, trace, LLAMA8B, layer_params, prefill_layer, decode_layer)", name);
}

py_val *py_getattr(py_interp *I, const py_node *at, py_val *v, const char *name) {
    bool done = false;
    py_val *r = py_class_getattr(I, at, v, name, &done);
    if (done) return r;
    py_val *m = py_cont_attr(I, at, v, name);     /* list / tuple / dict / set methods, dict.fromkeys */
    if (m || I->err.code) return m;
    switch (v->kind) {
    case V_MODULE: return py_module_attr(I, at, v->u.mod, name);
    case V_CFG:
        for (int i = 0; i < 7; i++)
            if (strcmp(name, CFG_FIELDS[i]) == 0) return v->u.cfg[i];
        if (strcmp(name, "R") == 0) return py_binop(I, at, OP_FLOORDIV, v->u.cfg[1], v->u.cfg[2]);
        break;
    case V_TENSOR:
        if (strcmp(name, "shape") == 0) {
            if (!v->u.tn.tc->tr) return py_fail(I, at, GL_E_INVALID, "this tensor belongs to a trace(...) that has already finished");
            return shape_tuple(I, gl_t_shape(v->u.tn.tc->tr, v->u.tn.id));
        }
        if (strcmp(name, "sum") == 0) return py_builtin(I, B_T_SUM, v);
        if (strcmp(name, "max") == 0) return py_builtin(I, B_T_MAX, v);
        if (strcmp(name, "reshape") == 0) return py_builtin(I, B_T_RESHAPE, v);
        if (strcmp(name, "transpose") == 0) return py_builtin(I, B_T_TRANSPOSE, v);
        {
            py_val *x = py_tensor_sugar_attr(I, at, v, name);
            if (x || I->err.code) return x;
        }
        if (strcmp(name, "id") == 0) return py_int(I, v->u.tn.id);
        break;
    case V_ARRAY:
        if (I->ndarray) {
            py_val *x = py_nd_attr(I, at, v, name);
            if (x || I->err.code) return x;
            break;
        }
        if (strcmp(name, "shape") == 0 && v->u.arr->which >= 0) {
            gl_shape s = {3, {gl_dim_int(1), gl_dim_int(v->u.arr->T), gl_dim_int(v->u.arr->dh)}};
            return shape_tuple(I, &s);
        }
        if (strcmp(name, "shape") == 0 && !v->u.arr->real && v->u.arr->shell) {   /* layer_params(cfg) */
            gl_shape s = gl_array_shape(v->u.arr->shell);
            return shape_tuple(I, &s);
        }
        if (strcmp(name, "shape") == 0 && v->u.arr->real) {
            gl_shape s = gl_array_shape(v->u.arr->real);
            return shape_tuple(I, &s);
        }
        break;
    case V_INT: case V_BIG: case V_BOOL: case V_FLOAT: {
        py_val *nm = py_nummeth_attr(I, v, name);
        if (nm || I->err.code) return nm;
        if (v->kind == V_FLOAT) {
            if (strcmp(name, "real") == 0) return v;
            if (strcmp(name, "imag") == 0) return py_float(I, 0.0);
            break;
        }
        if (strcmp(name, "bit_length") == 0) return py_builtin(I, B_I_BITLEN, v);
        if (strcmp(name, "real") == 0 || strcmp(name, "numerator") == 0) return v->kind == V_BOOL ? py_int(I, v->u.b) : v;
        if (strcmp(name, "imag") == 0) return py_int(I, 0);
        if (strcmp(name, "denominator") == 0) return py_int(I, 1);
        break;
    }
    case V_GRAPH: return py_graph_attr(I, at, v, name);
    case V_NODE: return py_node_attr(I, at, v, name);
    case V_SLICE: {
        py_val *x = py_slice_attr(I, v, name);
        if (x || I->err.code) return x;
        break;
    }
    case V_LIST:
        if (strcmp(name, "append") == 0) return py_builtin(I, B_L_APPEND, v);
        if (strcmp(name, "extend") == 0) return py_builtin(I, B_L_EXTEND, v);
        break;
    case V_STR: return py_str_getattr(I, at, v, name);
    case V_BUILTIN:               /* str.upper etc.: the unbound method (map(str.strip, lines)) */
        if (v->u.bi.id == B_STR && !v->u.bi.self) return py_str_getattr(I, at, NULL, name);
        if (v->u.bi.id == B_SLICE && !v->u.bi.self && strcmp(name, "indices") == 0) return py_builtin(I, B_SL_INDICES, NULL);
        if (v->u.bi.id == B_FLOAT && !v->u.bi.self && strcmp(name, "fromhex") == 0) return py_builtin(I, B_NM_FROMHEX, NULL);
        if ((v->u.bi.id == B_DICT || v->u.bi.id == B_LIST || v->u.bi.id == B_TUPLE || v->u.bi.id == B_INT) && !v->u.bi.self) {   /* dict.get, list.append, ... unbound */
            py_val *um = py_sub_type_attr(I, at, v, name);
            if (um || I->err.code) return um;
        }
        break;
    case V_ITER:                  /* generator methods (py_iter.c) */
        if (strcmp(name, "__next__") == 0) return py_builtin(I, B_IT_NEXT, v);
        if (strcmp(name, "__iter__") == 0) return py_builtin(I, B_IT_ITER, v);
        if (strcmp(py_iter_type_name(v), "generator") == 0) {
            if (strcmp(name, "send") == 0) return py_builtin(I, B_G_SEND, v);
            if (strcmp(name, "close") == 0) return py_builtin(I, B_G_CLOSE, v);
        }
        break;
    default: break;
    }
    return py_fail(I, at, GL_E_INVALID, "AttributeError: '%s' object has no attribute '%s'", py_type_name(v), name);
}
