/* py_glapi.c — the rest of the graph_lab API a program can import, as the reference defines it:
 *
 *   - the traced Graph's read-only view: g.nodes (a list of Node, each with id, op, inputs, attrs, shape,
 *     name — the reference's dataclass, repr included), g.outputs, g.input_names, g.guards, g.users(),
 *     g.count(kinds=None); str(g) / print(g) are py_value.c's (gl_graph_print, the reference's __str__);
 *   - prefill_layer(cfg, T, pos0=0), decode_layer(cfg, pos, masked=False): the returned f is a builtin that,
 *     called inside trace(...), emits the reference's layer through layers.c (gl_prefill_layer /
 *     gl_decode_layer), node for node the reference's order; layer_params(cfg, seed=0): the nine weights
 *     as shape-only arrays (the graph never prints values; a case that runs gets its values elsewhere);
 *   - `from graph_lab import *` binds every public name the reference has that GraphLab implements.
 *
 * A Graph value keeps its gl_graph alive for the whole run (py_interp.graphs), so g1 stays valid after a
 * later trace(...) replaced the graph the program compiles. The Node list is built once per Graph value
 * (the reference's g.nodes is one list too). */
#include <string.h>

#include "front/py.h"

/* ---------------------------------------------------------------- Node values */
py_val *py_dim_val(py_interp *I, gl_dim d) {
    return gl_dim_is_sym(d) ? py_str(I, d.sym, strlen(d.sym)) : py_int(I, d.n);
}

py_val *py_shape_val(py_interp *I, const gl_shape *s) {
    py_val *t = py_seq(I, V_TUPLE, s->rank);
    if (!t) return NULL;
    for (int i = 0; i < s->rank; i++)
        if (!(t->u.seq.v[i] = py_dim_val(I, s->d[i]))) return NULL;
    return t;
}

static bool put(py_interp *I, py_val *d, const char *k, py_val *v) {
    py_val *key = v ? py_str(I, k, strlen(k)) : NULL;
    return key && !py_dict_set(I, d, key, v);
}

/* The reference's attrs dict, keys in its insertion order (the attribute table's order). */
py_val *py_attrs_val(py_interp *I, const gl_attrs *a) {
    py_val *d = py_dict_new(I);
    if (!d) return NULL;
    unsigned h = a->has;
    if (h & GL_A_AXIS && !put(I, d, "axis", py_int(I, a->axis))) return NULL;
    if (h & GL_A_KEEPDIMS && !put(I, d, "keepdims", py_bool(a->keepdims))) return NULL;
    if (h & GL_A_PERM) {
        py_val *t = py_seq(I, V_TUPLE, a->nperm);
        if (!t) return NULL;
        for (int i = 0; i < a->nperm; i++)
            if (!(t->u.seq.v[i] = py_int(I, a->perm[i]))) return NULL;
        if (!put(I, d, "perm", t)) return NULL;
    }
    if (h & GL_A_SHAPE && !put(I, d, "shape", py_shape_val(I, &a->shape))) return NULL;
    if (h & GL_A_EPS && !put(I, d, "eps", py_float(I, a->eps))) return NULL;
    if (h & GL_A_T && !put(I, d, "T", py_int(I, a->T))) return NULL;
    if (h & GL_A_POS0 && !put(I, d, "pos0", py_int(I, a->pos0))) return NULL;
    if (h & GL_A_POS && !put(I, d, "pos", py_dim_val(I, a->pos))) return NULL;
    if (h & GL_A_SCALE && !put(I, d, "scale", py_float(I, a->scale))) return NULL;
    if (h & GL_A_VALUE && !put(I, d, "value", py_float(I, a->value))) return NULL;
    return d;
}

static const gl_node *node_of(const py_val *v) { return &v->u.node.graph->u.gr.g->nodes[v->u.node.id]; }

py_val *py_node_attr(py_interp *I, const py_node *at, py_val *v, const char *name) {
    const gl_node *n = node_of(v);
    if (strcmp(name, "id") == 0) return py_int(I, n->id);
    if (strcmp(name, "op") == 0) {
        const char *s = gl_op_name(n->op);
        return py_str(I, s, strlen(s));
    }
    if (strcmp(name, "inputs") == 0) {
        py_val *t = py_seq(I, V_TUPLE, n->nin);
        if (!t) return NULL;
        for (int i = 0; i < n->nin; i++)
            if (!(t->u.seq.v[i] = py_int(I, n->in[i]))) return NULL;
        return t;
    }
    if (strcmp(name, "attrs") == 0) return py_attrs_val(I, n->attrs);
    if (strcmp(name, "shape") == 0) return py_shape_val(I, n->shape);
    if (strcmp(name, "name") == 0) return py_str(I, n->name, strlen(n->name));
    return py_fail(I, at, GL_E_INVALID, "AttributeError: 'Node' object has no attribute '%s'", name);
}

void py_node_repr(py_interp *I, gl_sb *sb, const py_val *v) {
    static const char *f[] = {"id", "op", "inputs", "attrs", "shape", "name"};
    gl_sb_puts(sb, "Node(");
    for (int i = 0; i < 6; i++) {
        py_val *x = py_node_attr(I, NULL, (py_val *)v, f[i]);
        if (!x) {
            sb->failed = true;
            return;
        }
        gl_sb_printf(sb, "%s%s=", i ? ", " : "", f[i]);
        py_repr(I, sb, x, true);
    }
    gl_sb_putc(sb, ')');
}

/* ---------------------------------------------------------------- Graph values */
gl_status py_keep_graph(py_interp *I, gl_graph *g) {
    if (I->ngraphs == I->capgraphs) {
        int cap = I->capgraphs ? I->capgraphs * 2 : 8;
        gl_graph **t = gl_grow(I->graphs, (size_t)cap, sizeof *t, &I->err);
        if (!t) return GL_E_NOMEM;
        I->graphs = t;
        I->capgraphs = cap;
    }
    I->graphs[I->ngraphs++] = g;
    return GL_OK;
}

static py_val *int_list(py_interp *I, const int *x, int n) {
    py_val *l = py_seq(I, V_LIST, n);
    if (!l) return NULL;
    for (int i = 0; i < n; i++)
        if (!(l->u.seq.v[i] = py_int(I, x[i]))) return NULL;
    return l;
}

static bool is_leaf(gl_op op) {
    const char *s = gl_op_name(op);
    return strcmp(s, "input") == 0 || strcmp(s, "param") == 0 || strcmp(s, "const") == 0;
}

py_val *py_graph_attr(py_interp *I, const py_node *at, py_val *v, const char *name) {
    gl_graph *g = v->u.gr.g;
    if (strcmp(name, "nodes") == 0) {
        if (v->u.gr.nodes) return v->u.gr.nodes;
        py_val *l = py_seq(I, V_LIST, g->n);
        if (!l) return NULL;
        for (int i = 0; i < g->n; i++) {
            py_val *n = py_new(I, V_NODE);
            if (!n) return NULL;
            n->u.node.graph = v;
            n->u.node.id = i;
            l->u.seq.v[i] = n;
        }
        return v->u.gr.nodes = l;
    }
    if (strcmp(name, "outputs") == 0) return int_list(I, g->outputs, g->nout);
    if (strcmp(name, "input_names") == 0) {
        py_val *d = py_dict_new(I);
        if (!d) return NULL;
        for (int i = 0; i < g->n; i++)
            if (strcmp(gl_op_name(g->nodes[i].op), "input") == 0 && !put(I, d, g->nodes[i].name, py_int(I, i))) return NULL;
        return d;
    }
    if (strcmp(name, "guards") == 0) {
        py_val *l = py_seq(I, V_LIST, g->nguards);
        if (!l) return NULL;
        for (int i = 0; i < g->nguards; i++) {
            py_val *t = py_seq(I, V_TUPLE, 3);
            if (!t || !(t->u.seq.v[0] = py_str(I, "value", 5)) || !(t->u.seq.v[1] = py_int(I, g->guards[i].node))) return NULL;
            t->u.seq.v[2] = py_bool(g->guards[i].value);
            l->u.seq.v[i] = t;
        }
        return l;
    }
    if (strcmp(name, "count") == 0) return py_builtin(I, B_G_COUNT, v);
    if (strcmp(name, "users") == 0) return py_builtin(I, B_G_USERS, v);
    return py_fail(I, at, GL_E_INVALID, "AttributeError: 'Graph' object has no attribute '%s'", name);
}

/* ---------------------------------------------------------------- layers */
static bool cfg_of(py_interp *I, const py_node *at, const char *fn, py_val *c, gl_layer_cfg *out) {
    if (c->kind != V_CFG)
        return py_fail(I, at, GL_E_INVALID, "AttributeError: '%s' object has no attribute 'H' (%s needs a LayerCfg)",
                       py_type_name(c), fn), false;
    int64_t iv[5];
    for (int i = 0; i < 5; i++) {
        py_val *x = c->u.cfg[i];
        if (x->kind != V_INT && x->kind != V_BOOL)
            return py_fail(I, at, GL_E_INVALID, "%s: LayerCfg fields d, H, G, dh, f must be ints here, got %s", fn,
                           py_type_name(x)), false;
        iv[i] = x->kind == V_INT ? x->u.i : x->u.b;
    }
    double eps, theta;
    if (!py_num_to_double(I, at, c->u.cfg[5], &eps) || !py_num_to_double(I, at, c->u.cfg[6], &theta)) return false;
    *out = (gl_layer_cfg){iv[0], iv[1], iv[2], iv[3], iv[4], eps, theta};
    gl_err e = {0};
    if (gl_layer_cfg_validate(out, &e)) return py_fail(I, at, e.code, "%s: %s", fn, e.msg), false;
    return true;
}

/* p[name] for the GL_LAYER_NPARAMS weights (the layer table's names, gl_layer_param_name), each a Tensor of the trace (what trace(..., params) hands f) */
static bool layer_pids(py_interp *I, const py_node *at, py_val *p, py_trace *tc, int *ids) {
    if (p->kind != V_DICT)
        return py_fail(I, at, GL_E_INVALID, "TypeError: the layer's p must be the dict of params trace(...) passes, got %s",
                       py_type_name(p)), false;
    for (int i = 0; i < GL_LAYER_NPARAMS; i++) {
        const char *pn = gl_layer_param_name(i);
        py_val *k = py_str(I, pn, strlen(pn));
        if (!k) return false;
        py_val *t = py_dict_get(p, k);
        if (!t) return py_fail(I, at, GL_E_INVALID, "KeyError: '%s'", pn), false;
        if (t->kind != V_TENSOR || t->u.tn.tc != tc)
            return py_fail(I, at, GL_E_INVALID, "the layer's p['%s'] must be a Tensor of this trace (give the weights "
                           "as trace(..., params)), got %s", pn, py_type_name(t)), false;
        ids[i] = t->u.tn.id;
    }
    return true;
}

static py_trace *tensor_tc(py_interp *I, const py_node *at, const char *what, py_val *v) {
    if (v->kind != V_TENSOR)
        return py_fail(I, at, GL_E_INVALID, "%s must be a Tensor (call the layer inside trace(...)), got %s", what,
                       py_type_name(v)), NULL;
    if (!v->u.tn.tc->tr) return py_fail(I, at, GL_E_INVALID, "this tensor belongs to a trace(...) that has already finished"), NULL;
    return v->u.tn.tc;
}

/* Binds positional and keyword arguments to names; out[i] NULL when not given. */
static bool bindn(py_interp *I, const py_node *at, const char *fn, py_args *a, const char *const *nm, int nn, int nreq,
                  py_val **out) {
    for (int i = 0; i < nn; i++) out[i] = NULL;
    if (a->npos > nn) {           /* CPython's wording: "from 2 to 3" when some have defaults, "1 ... was given" */
        char takes[64];
        if (nreq < nn) snprintf(takes, sizeof takes, "from %d to %d positional arguments", nreq, nn);
        else snprintf(takes, sizeof takes, "%d positional argument%s", nn, nn == 1 ? "" : "s");
        return py_fail(I, at, GL_E_INVALID, "TypeError: %s() takes %s but %d %s given", fn, takes, a->npos,
                       a->npos == 1 ? "was" : "were"), false;
    }
    for (int i = 0; i < a->npos; i++) out[i] = a->pos[i];
    for (int k = 0; k < a->nkw; k++) {
        int j = -1;
        for (int i = 0; i < nn; i++)
            if (strcmp(nm[i], a->kwn[k]) == 0) j = i;
        if (j < 0) return py_fail(I, at, GL_E_INVALID, "TypeError: %s() got an unexpected keyword argument '%s'", fn, a->kwn[k]), false;
        if (out[j]) return py_fail(I, at, GL_E_INVALID, "TypeError: %s() got multiple values for argument '%s'", fn, a->kwn[k]), false;
        out[j] = a->kwv[k];
    }
    for (int i = 0; i < nreq; i++)
        if (!out[i])
            return py_fail(I, at, GL_E_INVALID, "TypeError: %s() missing 1 required positional argument: '%s'", fn, nm[i]), false;
    return true;
}

/* f(x, p) of prefill_layer: self = (cfg, T, pos0, cos, sin) */
static py_val *call_prefill(py_interp *I, const py_node *at, py_val *self, py_args *a) {
    static const char *nm[] = {"x", "p"};
    py_val *v[2];
    if (!bindn(I, at, "prefill_layer.<locals>.f", a, nm, 2, 2, v)) return NULL;
    py_trace *tc = tensor_tc(I, at, "prefill_layer's x", v[0]);
    gl_layer_cfg c;
    int p[9];
    if (!tc || !cfg_of(I, at, "prefill_layer", self->u.seq.v[0], &c) || !layer_pids(I, at, v[1], tc, p)) return NULL;
    bool real = (I->opts && I->opts->values) || tc->concrete;
    gl_array *cs = py_arr_array(I, at, self->u.seq.v[3], real), *sn = cs ? py_arr_array(I, at, self->u.seq.v[4], real) : NULL;
    if (!sn) return NULL;
    int r = gl_prefill_layer(tc->tr, &c, self->u.seq.v[1]->u.i, self->u.seq.v[2]->u.i, cs, sn, v[0]->u.tn.id, p);
    return py_tensor(I, at, tc, r);
}

/* f(x, k_cache, v_cache, cos, sin, p, kmask=None) of decode_layer: self = (cfg, pos, masked) */
static py_val *call_decode(py_interp *I, const py_node *at, py_val *self, py_args *a) {
    static const char *nm[] = {"x", "k_cache", "v_cache", "cos", "sin", "p", "kmask"};
    py_val *v[7];
    if (!bindn(I, at, "decode_layer.<locals>.f", a, nm, 7, 6, v)) return NULL;
    py_trace *tc = tensor_tc(I, at, "decode_layer's x", v[0]);
    if (!tc) return NULL;
    int ids[5];
    for (int i = 0; i < 5; i++) {
        if (!tensor_tc(I, at, nm[i], v[i])) return NULL;
        if (v[i]->u.tn.tc != tc) return py_fail(I, at, GL_E_INVALID, "a tensor of another trace(...) cannot be used here");
        ids[i] = v[i]->u.tn.id;
    }
    bool masked = self->u.seq.v[2]->kind == V_BOOL ? self->u.seq.v[2]->u.b : py_truthy_plain(self->u.seq.v[2]);
    int km = -1;
    if (masked) {
        if (!v[6] || v[6]->kind == V_NONE)
            return py_fail(I, at, GL_E_INVALID, "TypeError: unsupported operand type(s) for +: 'Tensor' and 'NoneType' "
                           "(decode_layer(..., masked=True) needs the input kmask)");
        if (!(km = py_lift(I, at, tc, v[6]) + 1)) return NULL;
        km--;
    }
    gl_layer_cfg c;
    int p[9], outs[3];
    gl_dim pos;
    py_val *pv = self->u.seq.v[1];
    if (pv->kind == V_STR) pos = gl_dim_sym(pv->u.str.s);
    else pos = gl_dim_int(pv->kind == V_INT ? pv->u.i : pv->u.b);
    if (!cfg_of(I, at, "decode_layer", self->u.seq.v[0], &c) || !layer_pids(I, at, v[5], tc, p)) return NULL;
    if (gl_decode_layer(tc->tr, &c, pos, masked, ids[0], ids[1], ids[2], ids[3], ids[4], km, p, outs))
        return py_tracer_fail(I, at, tc);
    py_val *t = py_seq(I, V_TUPLE, 3);
    if (!t) return NULL;
    for (int i = 0; i < 3; i++)
        if (!(t->u.seq.v[i] = py_tensor(I, at, tc, outs[i]))) return NULL;
    return t;
}

static py_val *rope_pair(py_interp *I, int64_t T, int64_t dh, int64_t pos0, double theta) {
    py_val *c = py_new(I, V_ARRAY), *s = py_new(I, V_ARRAY);
    py_arr *A = py_alloc(&I->ar, sizeof *A), *B = py_alloc(&I->ar, sizeof *B);
    py_val *t = py_seq(I, V_TUPLE, 2);
    if (!c || !s || !A || !B || !t) return py_oom(I);
    *A = (py_arr){NULL, NULL, T, dh, pos0, theta, 0, s};
    *B = (py_arr){NULL, NULL, T, dh, pos0, theta, 1, c};
    c->u.arr = A;
    s->u.arr = B;
    t->u.seq.v[0] = c;
    t->u.seq.v[1] = s;
    return t;
}

static bool small_int(py_interp *I, const py_node *at, const char *what, py_val *v, int64_t lo, int64_t *out) {
    if (v->kind != V_INT && v->kind != V_BOOL && v->kind != V_BIG)
        return py_fail(I, at, GL_E_INVALID, "TypeError: %s must be an int, got %s", what, py_type_name(v)), false;
    if (!py_num_index(I, at, v, 0, out)) return false;
    if (*out < lo || *out > GL_MAX_DIM)
        return py_fail(I, at, GL_E_INVALID, "%s must be %lld..%lld, got %lld", what, (long long)lo, (long long)GL_MAX_DIM,
                       (long long)*out), false;
    return true;
}

py_val *py_glapi_builtin(py_interp *I, const py_node *at, int id, py_val *self, py_args *a) {
    py_val *v[3];
    switch (id) {
    case B_G_COUNT: {
        static const char *nm[] = {"kinds"};
        if (!bindn(I, at, "count", a, nm, 1, 0, v)) return NULL;
        gl_graph *g = self->u.gr.g;
        int64_t n = 0;
        for (int i = 0; i < g->n; i++) {
            if (is_leaf(g->nodes[i].op)) continue;
            if (v[0] && v[0]->kind != V_NONE) {
                const char *s = gl_op_name(g->nodes[i].op);
                py_val *op = py_str(I, s, strlen(s)), *in = op ? py_compare(I, at, OP_IN, op, v[0]) : NULL;
                if (!in) return NULL;
                if (!py_truthy_plain(in)) continue;
            }
            n++;
        }
        return py_int(I, n);
    }
    case B_G_USERS: {
        if (a->npos || a->nkw) return py_fail(I, at, GL_E_INVALID, "TypeError: Graph.users() takes 1 positional argument but %d were given", a->npos + 1);
        gl_graph *g = self->u.gr.g;
        py_val *d = py_dict_new(I), **ls = py_alloc(&I->ar, sizeof(py_val *) * (size_t)(g->n ? g->n : 1));
        if (!d || !ls) return py_oom(I);
        for (int i = 0; i < g->n; i++) {
            py_val *k = py_int(I, i);
            if (!k || !(ls[i] = py_seq(I, V_LIST, 0)) || py_dict_set(I, d, k, ls[i])) return NULL;
        }
        for (int i = 0; i < g->n; i++)
            for (int j = 0; j < g->nodes[i].nin; j++) {
                py_val *x = py_int(I, i);
                if (!x || py_list_push(I, ls[g->nodes[i].in[j]], x)) return NULL;
            }
        return d;
    }
    case B_PREFILL: {
        static const char *nm[] = {"cfg", "T", "pos0"};
        if (!bindn(I, at, "prefill_layer", a, nm, 3, 2, v)) return NULL;
        gl_layer_cfg c;
        int64_t T, pos0 = 0;
        if (!cfg_of(I, at, "prefill_layer", v[0], &c) || !small_int(I, at, "prefill_layer: T", v[1], 1, &T) ||
            (v[2] && !small_int(I, at, "prefill_layer: pos0", v[2], 0, &pos0)))
            return NULL;
        py_val *tabs = rope_pair(I, T, c.dh, pos0, c.theta), *st = tabs ? py_seq(I, V_TUPLE, 5) : NULL;
        if (!st) return NULL;
        st->u.seq.v[0] = v[0];
        if (!(st->u.seq.v[1] = py_int(I, T)) || !(st->u.seq.v[2] = py_int(I, pos0))) return NULL;
        st->u.seq.v[3] = tabs->u.seq.v[0];
        st->u.seq.v[4] = tabs->u.seq.v[1];
        return py_builtin(I, B_LAYER_PREFILL_F, st);
    }
    case B_DECODE: {
        static const char *nm[] = {"cfg", "pos", "masked"};
        if (!bindn(I, at, "decode_layer", a, nm, 3, 2, v)) return NULL;
        gl_layer_cfg c;
        if (!cfg_of(I, at, "decode_layer", v[0], &c)) return NULL;
        if (v[1]->kind == V_STR) {
            if (!v[1]->u.str.n || v[1]->u.str.n >= GL_SYM_MAX || memchr(v[1]->u.str.s, 0, v[1]->u.str.n))
                return py_fail(I, at, GL_E_INVALID, "decode_layer: a symbolic pos is 1..%d characters", GL_SYM_MAX - 1);
        } else {
            int64_t pos;
            if (!small_int(I, at, "decode_layer: pos", v[1], 0, &pos)) return NULL;
        }
        py_val *st = py_seq(I, V_TUPLE, 3);
        if (!st) return NULL;
        st->u.seq.v[0] = v[0];
        st->u.seq.v[1] = v[1];
        st->u.seq.v[2] = v[2] ? v[2] : &py_False;
        return py_builtin(I, B_LAYER_DECODE_F, st);
    }
    case B_LAYER_PARAMS: {
        static const char *nm[] = {"cfg", "seed"};
        if (!bindn(I, at, "layer_params", a, nm, 2, 1, v)) return NULL;
        gl_layer_cfg c;
        if (!cfg_of(I, at, "layer_params", v[0], &c)) return NULL;
        py_val *d = py_dict_new(I);
        if (!d) return NULL;
        for (int i = 0; i < GL_LAYER_NPARAMS; i++) {
            gl_shape s = gl_layer_param_shape(&c, i);
            gl_array *sh = NULL;
            py_val *x = py_new(I, V_ARRAY);
            py_arr *A = py_alloc(&I->ar, sizeof *A);
            if (!x || !A) return py_oom(I);
            int64_t dims[GL_MAX_RANK];
            for (int k = 0; k < s.rank; k++) dims[k] = s.d[k].n;
            if (gl_array_shell(s.rank, dims, &sh, &I->err) || py_track_array(I, sh)) return NULL;
            *A = (py_arr){NULL, sh, 0, 0, 0, 0, -1, NULL};
            x->u.arr = A;
            if (!put(I, d, gl_layer_param_name(i), x)) return NULL;
        }
        return d;
    }
    case B_T_MEAN: {
        static const char *nm[] = {"axis", "keepdims"};
        if (!bindn(I, at, "mean", a, nm, 2, 0, v)) return NULL;
        py_trace *tc = tensor_tc(I, at, "mean's self", self);
        if (!tc) return NULL;
        const gl_shape *sh = gl_t_shape(tc->tr, self->u.tn.id);
        int64_t ax = -1;
        if (v[0] && !py_num_index(I, at, v[0], 0, &ax)) return NULL;
        if (v[1] && v[1]->kind != V_BOOL) return py_fail(I, at, GL_E_INVALID, "TypeError: keepdims must be True or False");
        if (!sh || !sh->rank || ax < -sh->rank || ax >= sh->rank)
            return py_fail(I, at, GL_E_INVALID, "mean: axis %lld is out of range for a tensor of rank %d", (long long)ax, sh ? sh->rank : 0);
        gl_dim d = sh->d[ax < 0 ? ax + sh->rank : ax];
        if (gl_dim_is_sym(d) || d.n == 0)
            return py_fail(I, at, GL_E_INVALID, "mean over a symbolic or empty axis: write x.sum(axis=...) * (1.0 / n)");
        /* x.sum(axis, keepdims) * (1.0 / n): the nodes a student would write */
        int sm = gl_t_sum(tc->tr, self->u.tn.id, (int)ax, v[1] && v[1]->u.b);
        int c = sm >= 0 ? gl_t_scalar(tc->tr, 1.0 / (double)d.n) : -1;
        return py_tensor(I, at, tc, c >= 0 ? gl_t_mul(tc->tr, sm, c) : -1);
    }
    case B_F_SIGMOID: case B_F_RELU: case B_F_GELU: {
        static const char *nm[] = {"x"};
        const char *fn = py_builtin_name(id);
        if (!bindn(I, at, fn, a, nm, 1, 1, v)) return NULL;
        py_trace *tc = tensor_tc(I, at, fn, v[0]);
        if (!tc) return NULL;
        int x = v[0]->u.tn.id, r;
        if (id == B_F_SIGMOID) {           /* 1.0 / (1.0 + F.exp(-x)) */
            int e = gl_t_exp(tc->tr, gl_t_neg(tc->tr, x)), one = gl_t_scalar(tc->tr, 1.0);
            r = gl_t_div(tc->tr, one, gl_t_add(tc->tr, one, e));
        } else if (id == B_F_RELU) {       /* np.maximum(x, 0.0) */
            r = gl_t_maximum(tc->tr, x, gl_t_scalar(tc->tr, 0.0));
        } else {
            r = gl_t_gelu(tc->tr, x);
        }
        return py_tensor(I, at, tc, r);
    }
    case B_LAYER_PREFILL_F: return call_prefill(I, at, self, a);
    case B_LAYER_DECODE_F: return call_decode(I, at, self, a);
    }
    return py_fail(I, at, GL_E_INTERNAL, "unknown graph_lab builtin");
}


/* graph_lab names beyond py_builtins.c's (NULL, no error, when unknown) */
py_val *py_glapi_module_attr(py_interp *I, const char *name) {
    if (strcmp(name, "prefill_layer") == 0) return py_builtin(I, B_PREFILL, NULL);
    if (strcmp(name, "decode_layer") == 0) return py_builtin(I, B_DECODE, NULL);
    if (strcmp(name, "layer_params") == 0) return py_builtin(I, B_LAYER_PARAMS, NULL);
    return NULL;
}

/* ---------------------------------------------------------------- extensions (documented in web/help.js) */
py_val *py_tensor_pow(py_interp *I, const py_node *at, py_val *x, py_val *k) {
    int64_t n = 0;
    if (x->kind != V_TENSOR || (k->kind != V_INT && k->kind != V_BOOL) || !py_num_index(I, at, k, 0, &n) || n < 1 || n > 8) {
        if (I->err.code) return NULL;
        return py_fail(I, at, GL_E_INVALID, "TypeError: unsupported operand type(s) for **: '%s' and '%s' (GraphLab "
                       "extends Tensor ** k for an int k in 1..8, as repeated multiplication)", py_type_name(x), py_type_name(k));
    }
    py_trace *tc = tensor_tc(I, at, "x", x);
    if (!tc) return NULL;
    int r = x->u.tn.id;
    for (int64_t i = 1; i < n && r >= 0; i++) r = gl_t_mul(tc->tr, r, x->u.tn.id);   /* x * x * ... */
    return py_tensor(I, at, tc, r);
}

py_val *py_tensor_sugar_attr(py_interp *I, const py_node *at, py_val *t, const char *name) {
    if (strcmp(name, "mean") == 0) return py_builtin(I, B_T_MEAN, t);
    if (strcmp(name, "T") == 0) {
        py_trace *tc = tensor_tc(I, at, "x", t);
        if (!tc) return NULL;
        const gl_shape *s = gl_t_shape(tc->tr, t->u.tn.id);
        int perm[GL_MAX_RANK], r = s ? s->rank : 0;
        for (int i = 0; i < r; i++) perm[i] = r - 1 - i;
        return py_tensor(I, at, tc, gl_t_transpose(tc->tr, t->u.tn.id, perm, r));
    }
    return NULL;
}

/* reshape(..., -1, ...): the -1 dim from the element count (int dims only) */
bool py_reshape_infer(py_interp *I, const py_node *at, py_val *t, gl_shape *s, int m) {
    const gl_shape *in = gl_t_shape(t->u.tn.tc->tr, t->u.tn.id);
    int64_t total = 1, rest = 1;
    for (int i = 0; in && i < in->rank; i++) {
        if (gl_dim_is_sym(in->d[i])) return py_fail(I, at, GL_E_INVALID, "reshape(-1, ...) needs int dims, the tensor has a symbolic one"), false;
        total *= in->d[i].n;
    }
    for (int i = 0; i < s->rank; i++) {
        if (i == m) continue;
        if (gl_dim_is_sym(s->d[i])) return py_fail(I, at, GL_E_INVALID, "reshape(-1, ...) needs int dims"), false;
        rest *= s->d[i].n;
    }
    if (!rest || total % rest)
        return py_fail(I, at, GL_E_SHAPE, "ValueError: cannot reshape a tensor of %lld elements with a -1 dim", (long long)total), false;
    s->d[m] = gl_dim_int(total / rest);
    return true;
}
