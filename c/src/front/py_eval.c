/* py_eval.c — the evaluator: walks the AST, and where a value is a Tensor it drives the tracer exactly as
 * the reference's Tensor class does (operator overloading becomes builder calls): a + b, a @ W, -a,
 * a > 0, with Python numbers and arrays lifted to consts on either side, in Python's evaluation order,
 * so node ids come out as the reference numbers them. Every expression that emits nodes stamps its span
 * on them (the innermost expression first). Limits: a step budget, a call depth and the arena's bytes. */
#include <math.h>
#include <string.h>

#include "front/py.h"
#include "front/py_str.h"
#include "front/py_class.h"

py_val *py_fail(py_interp *I, const py_node *n, gl_status code, const char *fmt, ...) {
    if (I->err.code) return NULL;
    if (!n) n = I->at;
    char msg[GL_MSG_MAX];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    if (n && PY_IS_LIB_LINE(n->line) && I->uat)   /* library code (py_lib.c): the program's statement that ran it */
        n = I->uat;
    if (n && PY_IS_LIB_LINE(n->line))
        gl_fail(&I->err, code, "%s.py:%d:%d: %s", py_lib_name(py_lib_of_line(n->line)),
                (n->line - PY_LIB_LINE0) % PY_LIB_BAND, n->col, msg);
    else if (n && n->line >= PY_PRELUDE_LINE0)    /* the pass runtime's prelude: the reference's own line */
        gl_fail(&I->err, code, "graph_lab.py:%d:%d: %s", n->line - PY_PRELUDE_LINE0, n->col, msg);
    else if (n) gl_fail(&I->err, code, "%s:%d:%d: %s", I->file, n->line, n->col, msg);
    else gl_fail(&I->err, code, "%s: %s", I->file, msg);
    return NULL;
}

static PY_NOINLINE bool steps_over(py_interp *I, const py_node *at) {   /* out of eval's frame */
    py_fail(I, at, GL_E_LIMIT, "the program ran for more than %lld steps (a runaway loop? a concrete trace counts its arithmetic too)", (long long)I->max_steps);
    return false;
}

bool py_steps(py_interp *I, const py_node *at) {
    return ++I->steps <= I->max_steps || steps_over(I, at);
}

gl_status py_track_array(py_interp *I, gl_array *a) {
    if (I->nrel == I->caprel) {
        int cap = I->caprel ? I->caprel * 2 : 16;
        gl_array **t = gl_grow(I->rel, (size_t)cap, sizeof *t, &I->err);
        if (!t) {
            gl_array_release(a);
            return GL_E_NOMEM;
        }
        I->rel = t;
        I->caprel = cap;
    }
    I->rel[I->nrel++] = a;
    return GL_OK;
}

static void expr_text(const py_node *at, char *buf, size_t cap) {
    buf[0] = 0;
    if (!at || !at->sp || !at->ep || at->ep <= at->sp) return;
    size_t n = (size_t)(at->ep - at->sp);
    bool cut = n > 60;
    if (cut) n = 57;
    size_t o = 0;
    for (size_t i = 0; i < n && o + 4 < cap; i++) buf[o++] = at->sp[i] == '\n' ? ' ' : at->sp[i];
    if (cut) o += (size_t)snprintf(buf + o, cap - o, "...");
    buf[o] = 0;
}

py_val *py_tracer_fail(py_interp *I, const py_node *at, py_trace *tc) {
    const gl_err *te = gl_tracer_error(tc->tr);
    if (!at) at = I->at;
    char tx[80];
    expr_text(at, tx, sizeof tx);
    if (te->code == GL_E_SHAPE && tx[0]) return py_fail(I, at, te->code, "shape error in `%s`: %s", tx, te->msg);
    if (te->code == GL_E_TRACE) return py_fail(I, at, te->code, "TraceError: %s", te->msg);
    if (tx[0]) return py_fail(I, at, te->code ? te->code : GL_E_INTERNAL, "in `%s`: %s", tx, te->msg);
    return py_fail(I, at, te->code ? te->code : GL_E_INTERNAL, "%s", te->msg);
}

py_val *py_tensor(py_interp *I, const py_node *at, py_trace *tc, int id) {
    if (id < 0 || gl_tracer_status(tc->tr)) return py_tracer_fail(I, at, tc);
    if (gl_tracer_graph(tc->tr)->n > GL_PROGRAM_MAX_NODES)   /* a loop emitting nodes without end */
        return py_fail(I, at, GL_E_LIMIT, "the traced graph has more than %d nodes, GraphLab's limit for a program "
                       "(a loop that builds nodes without end?)", GL_PROGRAM_MAX_NODES);
    if (tc->concrete) {           /* a concrete trace computes every op: its numbers count against the budget */
        const gl_node *n = &gl_tracer_graph(tc->tr)->nodes[id];
        int64_t ne = 0, k = 1;
        gl_err quiet = {GL_OK, ""};
        if (gl_numel(n->shape, NULL, &ne, &quiet)) ne = 0;
        if (n->op == GL_OP_MATMUL && n->nin == 2) {
            const gl_shape *a = gl_t_shape(tc->tr, n->in[0]);
            if (a && a->rank && !gl_dim_is_sym(a->d[a->rank - 1])) k = a->d[a->rank - 1].n;
        }
        double work = (double)ne * (double)k / 64.0;
        I->steps += work > 1e15 ? (int64_t)1e15 : (int64_t)work;
        if (!py_steps(I, at)) return NULL;
    }
    py_val *v = py_new(I, V_TENSOR);
    if (!v) return NULL;
    v->u.tn.tc = tc;
    v->u.tn.id = id;
    return v;
}

static bool live_tensor(py_interp *I, const py_node *at, py_val *t) {
    if (t->u.tn.tc->tr) return true;
    py_fail(I, at, GL_E_INVALID, "this tensor belongs to a trace(...) that has already finished");
    return false;
}

/* Numbers and nested lists / tuples of numbers → a float64 array (np.asarray). */
static bool array_dims(py_val *v, int rank, int64_t *dims, int *out_rank) {
    if (py_is_num(v)) {
        *out_rank = rank;
        return true;
    }
    if (v->kind != V_LIST && v->kind != V_TUPLE) return false;
    if (rank >= GL_MAX_RANK) return false;
    dims[rank] = v->u.seq.n;
    if (v->u.seq.n == 0) {
        *out_rank = rank + 1;
        return true;
    }
    return array_dims(v->u.seq.v[0], rank + 1, dims, out_rank);
}

static bool array_fill(py_val *v, int r, int rank, const int64_t *dims, double *d, int64_t *k) {
    if (r == rank) {
        if (!py_is_num(v)) return false;
        d[(*k)++] = py_num(v);
        return true;
    }
    if ((v->kind != V_LIST && v->kind != V_TUPLE) || v->u.seq.n != dims[r]) return false;
    for (int i = 0; i < v->u.seq.n; i++)
        if (!array_fill(v->u.seq.v[i], r + 1, rank, dims, d, k)) return false;
    return true;
}

gl_array *py_to_array(py_interp *I, const py_node *at, py_val *v) {
    if (v->kind == V_ARRAY) return py_arr_array(I, at, v, true);
    int64_t dims[GL_MAX_RANK] = {0};
    int rank = 0;
    if (!array_dims(v, 0, dims, &rank)) {
        py_fail(I, at, GL_E_INVALID, "expected numbers or (nested) lists of numbers, got %s", py_type_name(v));
        return NULL;
    }
    int64_t total = 1;
    for (int i = 0; i < rank; i++) total *= dims[i];
    if (total > GL_PROGRAM_MAX_SEQ) {
        py_fail(I, at, GL_E_LIMIT, "an array of %lld numbers is over the limit", (long long)total);
        return NULL;
    }
    gl_array *a = NULL;
    if (gl_array_new(rank, dims, &a, &I->err)) return NULL;
    if (py_track_array(I, a)) return NULL;
    int64_t k = 0;
    if (!array_fill(v, 0, rank, dims, a->data, &k)) {
        py_fail(I, at, GL_E_INVALID, "ValueError: the nested lists are not rectangular (an inhomogeneous shape)");
        return NULL;
    }
    return a;
}

gl_array *py_arr_array(py_interp *I, const py_node *at, py_val *v, bool real) {
    py_arr *A = v->u.arr;
    if (A->which < 0 || (real && A->real)) return A->real;
    if (!real) {
        if (A->real) return A->real;
        if (!A->shell) {
            int64_t dims[3] = {1, A->T, A->dh};
            if (gl_array_shell(3, dims, &A->shell, &I->err) || py_track_array(I, A->shell)) return NULL;
        }
        return A->shell;
    }
    gl_array *c = NULL, *s = NULL;
    gl_err e = {0};
    if (gl_rope_tables(A->T, A->dh, A->pos0, A->theta, &c, &s, &e)) {
        py_fail(I, at, e.code, "%s", e.msg);
        return NULL;
    }
    if (py_track_array(I, c)) {
        gl_array_release(s);
        return NULL;
    }
    if (py_track_array(I, s)) return NULL;
    py_arr *B = A->twin->u.arr;
    A->real = A->which == 0 ? c : s;
    B->real = A->which == 0 ? s : c;
    return A->real;
}

int py_lift(py_interp *I, const py_node *at, py_trace *tc, py_val *v) {
    if (v->kind == V_TENSOR) {
        if (v->u.tn.tc != tc) {
            py_fail(I, at, GL_E_INVALID, "a tensor of another trace(...) cannot be used here");
            return -1;
        }
        return v->u.tn.id;
    }
    int id;
    if (py_is_num(v)) {
        double d;              /* np.asarray(10**400, dtype=float64): OverflowError */
        if (!py_num_to_double(I, at, v, &d)) return -1;
        if (!isfinite(d)) {   /* a graph's constants are finite: no NaN / inf reaches a result's JSON */
            py_fail(I, at, GL_E_INVALID, "ValueError: a tensor constant must be a finite number, got %s",
                    d != d ? "nan" : d > 0 ? "inf" : "-inf");
            return -1;
        }
        id = gl_t_scalar(tc->tr, d);
    } else if (v->kind == V_ARRAY || v->kind == V_LIST || v->kind == V_TUPLE) {
        bool real = (I->opts && I->opts->values) || v->kind != V_ARRAY;
        gl_array *a = v->kind == V_ARRAY ? py_arr_array(I, at, v, real || tc->concrete) : py_to_array(I, at, v);
        if (!a) return -1;
        if (a->data) {
            int64_t ne = a->size;
            for (int64_t i = 0; i < ne; i++)
                if (!isfinite(a->data[i])) {
                    py_fail(I, at, GL_E_INVALID, "ValueError: a tensor constant must hold finite numbers, got %s at "
                            "element %lld", a->data[i] != a->data[i] ? "nan" : a->data[i] > 0 ? "inf" : "-inf", (long long)i);
                    return -1;
                }
        }
        id = a->rank == 0 ? gl_t_scalar(tc->tr, a->data[0]) : gl_t_const(tc->tr, a);
    } else {
        py_fail(I, at, GL_E_INVALID, "TypeError: a %s cannot be used as a tensor", py_type_name(v));
        return -1;
    }
    if (id < 0) py_tracer_fail(I, at, tc);
    return id;
}

/* ---- spans */
static void stamp(py_interp *I, py_trace *tc, int n0, const py_node *at) {
    if (PY_IS_LIB_LINE(at->line)) return;      /* made in library code: the program's expression that called it stamps */
    gl_graph *g = gl_tracer_graph(tc->tr);
    if (g->n > tc->scap) {
        int cap = tc->scap ? tc->scap : 64;
        while (cap < g->n) cap *= 2;
        gl_span *s = gl_grow(tc->spans, (size_t)cap, sizeof *s, &I->err);
        if (!s) return;
        memset(s + tc->scap, 0, sizeof *s * (size_t)(cap - tc->scap));
        tc->spans = s;
        tc->scap = cap;
    }
    for (int i = n0; i < g->n; i++)
        if (!tc->spans[i].line) tc->spans[i] = (gl_span){at->line, at->col, at->end_line, at->end_col};
}

/* ---- truth, iteration */
gl_status py_truth(py_interp *I, const py_node *at, py_val *v, bool *out) {
    *out = false;                 /* (defined when it raises: callers may copy it before testing the status) */
    if (v->kind == V_INST) return py_inst_truth(I, at, v, out);
    if (py_sub_of(v)) {           /* a dict / list subclass's __bool__ / __len__ */
        bool handled;
        gl_status st = py_sub_truth(I, at, v, out, &handled);
        if (st || handled) return st;
    }
    if (v->kind == V_TENSOR) {
        if (!live_tensor(I, at, v)) return I->err.code;
        py_trace *tc = v->u.tn.tc;
        int n0 = gl_tracer_graph(tc->tr)->n;
        if (gl_t_bool(tc->tr, v->u.tn.id, out)) {
            const gl_err *te = gl_tracer_error(tc->tr);
            char tx[80];
            expr_text(at, tx, sizeof tx);
            const char *mode = tc->mode ? tc->mode : "error";
            if (te->code == GL_E_TRACE && strcmp(mode, "error") == 0)
                return py_fail(I, at, GL_E_TRACE, "data-dependent branch: `%s` is a tensor, and under mode \"error\" "
                               "a trace cannot look at its value (use mode=\"specialize\" or \"guard\" with an example)",
                               tx), I->err.code;
            if (te->code == GL_E_TRACE)
                return py_fail(I, at, GL_E_TRACE, "data-dependent branch: `%s` is a tensor, and under mode \"%.40s\" a "
                               "trace looks at its value in the example, but this trace has none (give example={...})",
                               tx, mode), I->err.code;
            return py_tracer_fail(I, at, tc), I->err.code;
        }
        (void)n0;
        return GL_OK;
    }
    *out = py_truthy_plain(v);
    return GL_OK;
}

/* The length of a range, computed in uint64 (it may be 2^64 - 1: range(-2**63, 2**63 - 1)); more than
 * INT64_MAX saturates there (every caller refuses lengths that large: > GL_PROGRAM_MAX_SEQ, or len()). */
static uint64_t range_ulen(const py_val *r) {
    int64_t a = r->u.r.start, b = r->u.r.stop, s = r->u.r.step;
    uint64_t n = 0;
    if (s > 0 && a < b) n = ((uint64_t)b - (uint64_t)a - 1) / (uint64_t)s + 1;
    if (s < 0 && a > b) n = ((uint64_t)a - (uint64_t)b - 1) / ((uint64_t)(-(s + 1)) + 1ULL) + 1;
    return n;
}

/* ---- operators */
static py_val *tensor_bin(py_interp *I, const py_node *at, int op, py_val *a, py_val *b) {
    static const char *sym[] = {"+", "-", "*", "/", "//", "%", "**", "@"};
    py_val *t = a->kind == V_TENSOR ? a : b;
    if (op == OP_POW && a->kind == V_TENSOR && b->kind != V_TENSOR) return py_tensor_pow(I, at, a, b);   /* extension */
    if (op == OP_FLOORDIV || op == OP_MOD || op == OP_POW || op > OP_MATMUL)
        return py_fail(I, at, GL_E_INVALID, "TypeError: unsupported operand type(s) for %s: '%s' and '%s'",
                       op <= OP_MATMUL ? sym[op] : op == OP_BITAND ? "&" : op == OP_BITOR ? "|" : op == OP_BITXOR ? "^"
                       : op == OP_LSHIFT ? "<<" : ">>", py_type_name(a), py_type_name(b));
    if (!live_tensor(I, at, t)) return NULL;
    py_trace *tc = t->u.tn.tc;
    int ia, ib;
    if (a->kind == V_TENSOR) {         /* a.__op__(b): lift b */
        ia = a->u.tn.id;
        if ((ib = py_lift(I, at, tc, b)) < 0) return NULL;
    } else {                           /* b.__rop__(a): lift a */
        ib = b->u.tn.id;
        if ((ia = py_lift(I, at, tc, a)) < 0) return NULL;
    }
    int r;
    switch (op) {
    case OP_ADD: r = gl_t_add(tc->tr, ia, ib); break;
    case OP_SUB: r = gl_t_sub(tc->tr, ia, ib); break;
    case OP_MUL: r = gl_t_mul(tc->tr, ia, ib); break;
    case OP_DIV: r = gl_t_div(tc->tr, ia, ib); break;
    default: r = gl_t_matmul(tc->tr, ia, ib); break;
    }
    return py_tensor(I, at, tc, r);
}

static py_val *seq_repeat(py_interp *I, const py_node *at, py_val *s, int64_t k) {
    if (k < 0) k = 0;
    int64_t n = s->kind == V_STR ? (int64_t)s->u.str.n : s->u.seq.n;
    if (n && k > GL_PROGRAM_MAX_SEQ / n)
        return py_fail(I, at, GL_E_LIMIT, "the result of repeating would have more than %d elements", GL_PROGRAM_MAX_SEQ);
    if (!py_work(I, at, n * k)) return NULL;
    if (s->kind == V_STR) {
        char *d = py_alloc(&I->ar, (size_t)(n * k) + 1);
        if (!d) return py_oom(I);
        for (int64_t i = 0; i < k; i++) memcpy(d + i * n, s->u.str.s, (size_t)n);
        py_val *v = py_new(I, V_STR);
        if (!v) return NULL;
        v->u.str.s = d;
        v->u.str.n = (size_t)(n * k);
        return v;
    }
    py_val *r = py_seq(I, s->kind, (int)(n * k));
    if (!r) return NULL;
    for (int64_t i = 0; i < n * k; i++) r->u.seq.v[i] = s->u.seq.v[i % n];
    return r;
}

py_val *py_binop(py_interp *I, const py_node *at, int op, py_val *a, py_val *b) {
    if (a->kind == V_INST || (b->kind == V_INST && a->kind != V_TENSOR)) return py_inst_binop(I, at, op, a, b);
    if (py_sub_of(a) || py_sub_of(b)) {
        bool handled;
        py_val *r = py_sub_binop(I, at, op, a, b, &handled);
        if (handled || I->err.code) return r;
    }
    if (a->kind == V_TENSOR || b->kind == V_TENSOR) return tensor_bin(I, at, op, a, b);
    if (op == OP_BITOR || op == OP_BITAND || op == OP_BITXOR || op == OP_SUB) {   /* sets, views, dict | (py_cont.c) */
        bool handled;
        py_val *r = py_cont_binop(I, at, op, a, b, &handled);
        if (handled) return r;
    }
    if (op == OP_ADD && a->kind == b->kind && (a->kind == V_STR || a->kind == V_TUPLE || a->kind == V_LIST)) {
        if (a->kind == V_STR) {
            size_t n = a->u.str.n + b->u.str.n;
            if (n > GL_PROGRAM_MAX_SEQ) return py_fail(I, at, GL_E_LIMIT, "a string of %zu bytes is over the limit", n);
            char *d = py_alloc(&I->ar, n + 1);
            if (!d) return py_oom(I);
            memcpy(d, a->u.str.s, a->u.str.n);
            memcpy(d + a->u.str.n, b->u.str.s, b->u.str.n);
            py_val *v = py_new(I, V_STR);
            if (!v) return NULL;
            v->u.str.s = d;
            v->u.str.n = n;
            return v;
        }
        py_val *r = py_seq(I, a->kind, a->u.seq.n + b->u.seq.n);
        if (!r) return NULL;
        memcpy(r->u.seq.v, a->u.seq.v, sizeof(py_val *) * (size_t)a->u.seq.n);
        memcpy(r->u.seq.v + a->u.seq.n, b->u.seq.v, sizeof(py_val *) * (size_t)b->u.seq.n);
        return r;
    }
    if (op == OP_ADD && (a->kind == V_LIST || a->kind == V_TUPLE) && a->kind != b->kind)
        return py_fail(I, at, GL_E_INVALID, "TypeError: can only concatenate %s (not \"%s\") to %s", py_kind_name(a),
                       py_type_name(b), py_kind_name(a));
    if (op == OP_MUL) {
        bool sa = a->kind == V_STR || a->kind == V_TUPLE || a->kind == V_LIST;
        bool sb = b->kind == V_STR || b->kind == V_TUPLE || b->kind == V_LIST;
        if ((sa && b->kind == V_BIG) || (sb && a->kind == V_BIG))
            return py_fail(I, at, GL_E_INVALID, "OverflowError: cannot fit 'int' into an index-sized integer");
        if (sa && (b->kind == V_INT || b->kind == V_BOOL)) return seq_repeat(I, at, a, py_num(b) != 0 ? (int64_t)py_num(b) : 0);
        if (sb && (a->kind == V_INT || a->kind == V_BOOL)) return seq_repeat(I, at, b, py_num(a) != 0 ? (int64_t)py_num(a) : 0);
    }
    if (op == OP_MOD && a->kind == V_STR) return py_str_mod(I, at, a, b);
    if (op == OP_ADD && a->kind == V_STR && b->kind != V_STR)
        return py_fail(I, at, GL_E_INVALID, "TypeError: can only concatenate str (not \"%s\") to str", py_type_name(b));
    if (op == OP_MUL && ((a->kind == V_STR && !py_is_num(b)) || (b->kind == V_STR && !py_is_num(a)) ||
                         (a->kind == V_STR && b->kind == V_FLOAT) || (b->kind == V_STR && a->kind == V_FLOAT)))
        return py_fail(I, at, GL_E_INVALID, "TypeError: can't multiply sequence by non-int of type '%s'",
                       py_type_name(a->kind == V_STR ? b : a));
    if ((a->kind == V_ARRAY || b->kind == V_ARRAY) && I->ndarray) return py_nd_binop(I, at, op, a, b);
    if (a->kind == V_ARRAY || b->kind == V_ARRAY)
        return py_fail(I, at, GL_E_INVALID, "arithmetic on numpy arrays (rope_tables) is not supported: use them with tensors");
    return py_arith(I, at, op, a, b);
}

static int cmp_plain(py_interp *I, const py_node *at, const py_val *a, const py_val *b, bool *ok) {
    *ok = true;
    if (I->ar.depth >= PY_DEPTH_MAX) {        /* tuples nested without end: refuse, as for deep expressions */
        *ok = false;
        return 0;
    }
    if (py_is_num(a) && py_is_num(b)) return py_num_cmp(a, b);   /* exact; 2 (unordered) with a nan */
    if (a->kind == V_STR && b->kind == V_STR) {
        size_t n = a->u.str.n < b->u.str.n ? a->u.str.n : b->u.str.n;
        int c = memcmp(a->u.str.s, b->u.str.s, n);
        if (c) return c < 0 ? -1 : 1;
        return a->u.str.n < b->u.str.n ? -1 : a->u.str.n > b->u.str.n;
    }
    if (a->kind == b->kind && (a->kind == V_TUPLE || a->kind == V_LIST)) {
        for (int i = 0; i < a->u.seq.n && i < b->u.seq.n; i++) {
            int64_t w = 0;
            bool same = py_eq_work(a->u.seq.v[i], b->u.seq.v[i], &w);
            if (!py_work(I, at, w)) {   /* shared parts compared again and again: a limit, not a hang */
                *ok = false;
                return 0;
            }
            if (same) continue;
            I->ar.depth++;
            int c = cmp_plain(I, at, a->u.seq.v[i], b->u.seq.v[i], ok);
            I->ar.depth--;
            return c;
        }
        return a->u.seq.n < b->u.seq.n ? -1 : a->u.seq.n > b->u.seq.n;
    }
    *ok = false;
    return 0;
}

static py_val *compare(py_interp *I, const py_node *at, int op, py_val *a, py_val *b) {
    static const char *sym[] = {"<", ">", "<=", ">="};
    if ((a->kind == V_INST || b->kind == V_INST) && op != OP_IS && op != OP_ISNOT && op != OP_IN && op != OP_NOTIN)
        return py_inst_compare(I, at, op, a, b);
    if (b->kind == V_INST && (op == OP_IN || op == OP_NOTIN)) {
        py_val *r = py_inst_contains(I, at, b, a);
        return !r ? NULL : op == OP_IN ? r : py_bool(r == &py_False);
    }
    if ((py_sub_of(a) || py_sub_of(b)) && op != OP_IS && op != OP_ISNOT) {
        bool handled;
        py_val *r = py_sub_compare(I, at, op, a, b, &handled);
        if (handled || I->err.code) return r;
    }
    if (a->kind == V_SLICE && b->kind == V_SLICE && op >= OP_LT && op <= OP_NE) {
        py_val *ta = py_seq(I, V_TUPLE, 3), *tb = py_seq(I, V_TUPLE, 3);   /* slice_richcompare: as tuples */
        if (!ta || !tb) return NULL;
        py_val *pa[3] = {a->u.sl.start, a->u.sl.stop, a->u.sl.step}, *pb[3] = {b->u.sl.start, b->u.sl.stop, b->u.sl.step};
        memcpy(ta->u.seq.v, pa, sizeof pa);
        memcpy(tb->u.seq.v, pb, sizeof pb);
        return compare(I, at, op, ta, tb);
    }
    switch (op) {
    case OP_IS: case OP_ISNOT: {
        bool same = a == b || (a->kind == b->kind && (a->kind == V_NONE || a->kind == V_BOOL) && py_eq(a, b)) ||
                    (a->kind == V_TENSOR && b->kind == V_TENSOR && a->u.tn.tc == b->u.tn.tc && a->u.tn.id == b->u.tn.id);
        return py_bool(op == OP_IS ? same : !same);
    }
    case OP_EQ: case OP_NE: {
        if (a->kind == b->kind && (a->kind == V_LIST || a->kind == V_TUPLE || a->kind == V_DICT)) {
            int d = py_class_eq_deep(I, at, a, b);   /* items that are objects compare by their __eq__ */
            return d < 0 ? NULL : py_bool((op == OP_EQ) == (d == 1));
        }
        if (py_is_num(a) && py_is_num(b)) {   /* not py_eq: its identity shortcut would make nan == nan */
            bool eqn = py_num_cmp(a, b) == 0;
            return py_bool(op == OP_EQ ? eqn : !eqn);
        }
        int64_t w = 0;
        bool eq = (a->kind == V_TENSOR || b->kind == V_TENSOR)
                      ? (a->kind == b->kind && a->u.tn.tc == b->u.tn.tc && a->u.tn.id == b->u.tn.id)
                      : py_eq_work(a, b, &w);
        if (!py_work(I, at, w)) return NULL;
        return py_bool(op == OP_EQ ? eq : !eq);
    }
    case OP_IN: case OP_NOTIN: {
        bool found = false;
        if (b->kind == V_STR) {
            if (a->kind != V_STR)
                return py_fail(I, at, GL_E_INVALID, "TypeError: 'in <string>' requires string as left operand, not %s",
                               py_type_name(a));
            if (!py_str_contains(I, at, b, a, &found)) return NULL;
        } else if (b->kind == V_DICT || b->kind == V_SET || b->kind == V_FROZENSET || b->kind == V_VIEW) {
            bool handled;
            if (py_cont_contains(I, at, b, a, &found, &handled)) return NULL;
        } else if (b->kind == V_RANGE) {
            if (a->kind == V_INT) {
                int64_t x = a->u.i, s = b->u.r.step;
                bool inr = s > 0 ? (x >= b->u.r.start && x < b->u.r.stop) : (x <= b->u.r.start && x > b->u.r.stop);
                /* |x - start| in uint64 (it may exceed INT64_MAX), divided by |step| */
                uint64_t d = s > 0 ? (uint64_t)x - (uint64_t)b->u.r.start : (uint64_t)b->u.r.start - (uint64_t)x;
                uint64_t as = s > 0 ? (uint64_t)s : (uint64_t)(-(s + 1)) + 1ULL;
                found = inr && d % as == 0;
            }
        } else if (b->kind == V_TUPLE || b->kind == V_LIST) {
            int i = 0;
            for (; !found && i < b->u.seq.n; i++) {
                int d = py_class_eq_deep(I, at, b->u.seq.v[i], a);   /* objects compare by their __eq__ */
                if (d < 0) return NULL;
                found = d == 1;
            }
            if (!py_work(I, at, i)) return NULL;
        } else if (b->kind == V_ITER) {     /* consumes the iterator up to the item */
            py_val *it;
            if (py_iter_open(I, at, b, &it)) return NULL;
            for (;;) {
                py_val *x;
                bool done;
                if (py_iter_next(I, at, it, &x, &done)) return NULL;
                if (done) break;
                int d = py_class_eq_deep(I, at, x, a);
                if (d < 0) return NULL;
                if ((found = d == 1)) break;
            }
        } else {
            return py_fail(I, at, GL_E_INVALID, "TypeError: argument of type '%s' is not iterable", py_type_name(b));
        }
        return py_bool(op == OP_IN ? found : !found);
    }
    default: break;
    }
    if (a->kind == V_TENSOR || b->kind == V_TENSOR) {
        if (op == OP_LE || op == OP_GE)
            return py_fail(I, at, GL_E_INVALID, "TypeError: '%s' not supported between instances of '%s' and '%s'",
                           sym[op - OP_LT], py_type_name(a), py_type_name(b));
        py_val *t = a->kind == V_TENSOR ? a : b, *o = a->kind == V_TENSOR ? b : a;
        /* x < t is t.__gt__(x): the reflected comparison keeps the tensor first */
        bool gt = (op == OP_GT) == (a->kind == V_TENSOR);
        if (!live_tensor(I, at, t)) return NULL;
        py_trace *tc = t->u.tn.tc;
        int io = py_lift(I, at, tc, o);
        if (io < 0) return NULL;
        return py_tensor(I, at, tc, gt ? gl_t_gt(tc->tr, t->u.tn.id, io) : gl_t_lt(tc->tr, t->u.tn.id, io));
    }
    {
        bool handled;
        py_val *r = py_cont_compare(I, at, op, a, b, &handled);   /* sets: the subset order */
        if (handled) return r;
    }
    if ((a->kind == V_LIST || a->kind == V_TUPLE) && a->kind == b->kind) {
        /* CPython's list / tuple richcompare: the first index whose items differ decides, by comparing those
         * items with the same operator (so [1, 'a'] < [1, 2] fails on 'str' and 'int'); else the lengths */
        int i = 0, na = a->u.seq.n, nb = b->u.seq.n;
        int64_t w = 0;
        while (i < na && i < nb && (a->u.seq.v[i] == b->u.seq.v[i] || py_eq_work(a->u.seq.v[i], b->u.seq.v[i], &w))) i++;
        if (!py_work(I, at, w + i)) return NULL;
        if (i < na && i < nb) {
            if (!py_depth_enter(&I->ar, PY_DEPTH_LEVEL))   /* the one depth counter (py_guard.c) */
                return py_fail(I, at, GL_E_LIMIT, "RecursionError: maximum recursion depth exceeded in comparison");
            py_val *r = compare(I, at, op, a->u.seq.v[i], b->u.seq.v[i]);
            py_depth_leave(&I->ar, PY_DEPTH_LEVEL);
            return r;
        }
        switch (op) {
        case OP_LT: return py_bool(na < nb);
        case OP_GT: return py_bool(na > nb);
        case OP_LE: return py_bool(na <= nb);
        default: return py_bool(na >= nb);
        }
    }
    bool ok;
    int c = cmp_plain(I, at, a, b, &ok);
    if (!ok)
        return py_fail(I, at, GL_E_INVALID, "TypeError: '%s' not supported between instances of '%s' and '%s'",
                       sym[op - OP_LT], py_type_name(a), py_type_name(b));
    if (c == 2) return &py_False;
    switch (op) {
    case OP_LT: return py_bool(c < 0);
    case OP_GT: return py_bool(c > 0);
    case OP_LE: return py_bool(c <= 0);
    default: return py_bool(c >= 0);
    }
}


/* ---- evaluation */
static py_val *eval(py_interp *I, py_node *n, py_env *env);
static gl_status exec_block(py_interp *I, py_node **body, int nb, py_env *env);
static gl_status exec_stmt(py_interp *I, py_node *s, py_env *env);

static py_val *make_func(py_interp *I, py_node *def, py_env *env, py_node **ps, int np) {
    py_val *f = py_new(I, V_FUNC);
    if (!f) return NULL;
    f->u.fn.def = def;
    f->u.fn.env = env;            /* a class body's namespace for a method: py_call skips it (and finds the class) */
    if (np) {
        if (!(f->u.fn.defaults = py_alloc(&I->ar, sizeof(py_val *) * (size_t)np))) return py_oom(I);
        for (int i = 0; i < np; i++)   /* defaults are evaluated where the def is (a class body sees its names) */
            if (ps[i]->a && !(f->u.fn.defaults[i] = eval(I, ps[i]->a, env))) return NULL;
    }
    return f;
}

/* ---- names: where node->res (py_scope.c) says they live */

/* The innermost environment that is a frame of scope `owner`, or NULL. */
static py_env *frame_of(py_env *env, const py_node *owner) {
    for (py_env *e = env; e; e = e->up)
        if (e->scope == owner) return e;
    return NULL;
}

static PY_NOINLINE py_val *load_name(py_interp *I, py_node *n, py_env *env) {
    py_val *v;
    if ((n->res == RES_LOCAL || n->res == RES_CELL) && n->owner) {
        py_env *fr = frame_of(env, n->owner);
        if (fr) {
            if ((v = py_env_get_local(fr, n->name))) return v;
            if (n->res == RES_LOCAL)
                return py_fail(I, n, GL_E_INVALID, "UnboundLocalError: cannot access local variable '%s' where it is not "
                               "associated with a value", n->name);
            return py_fail(I, n, GL_E_INVALID, "NameError: cannot access free variable '%s' where it is not associated "
                           "with a value in enclosing scope", n->name);
        }
    } else if ((n->res == RES_GLOBAL || n->res == RES_FREE_GLOBAL) && I->globals && !PY_IS_LIB_LINE(n->line)) {
        if ((v = py_env_get(I->globals, n->name))) return v;    /* (library code: its module, found by the walk) */
    }
    if ((v = py_env_get(env, n->name))) return v;      /* the dynamic lookup (module, class bodies, fallbacks) */
    return py_fail(I, n, GL_E_INVALID, "NameError: name '%s' is not defined", n->name);
}

/* The namespace a `global` name of n's code lives in: the program's, or a library module's own (the first
 * environment up the chain that is neither a function's frame nor a class body). */
static py_env *globals_of(py_interp *I, const py_node *n, py_env *env) {
    if (!PY_IS_LIB_LINE(n->line)) return I->globals;
    for (py_env *e = env; e; e = e->up)
        if (!e->scope && !e->cls) return e;
    return I->globals;
}

/* Binds `name` where the analysis put it (n: the target / def / import alias node). */
static PY_NOINLINE gl_status store_name(py_interp *I, const py_node *n, const char *name, py_val *v, py_env *env) {
    if (n->res == RES_GLOBAL && I->globals) return py_env_set(I, globals_of(I, n, env), name, v);
    if ((n->res == RES_LOCAL || n->res == RES_CELL) && n->owner) {
        py_env *fr = frame_of(env, n->owner);
        if (fr) return py_env_set(I, fr, name, v);
    }
    return py_env_set(I, env, name, v);
}

/* del name */
static gl_status del_name(py_interp *I, py_node *n, py_env *env) {
    py_env *e = env;
    if (n->res == RES_GLOBAL && I->globals) e = globals_of(I, n, env);
    else if ((n->res == RES_LOCAL || n->res == RES_CELL) && n->owner && frame_of(env, n->owner)) e = frame_of(env, n->owner);
    if (py_env_del(e, n->name)) return GL_OK;
    if (n->res == RES_LOCAL)
        return py_fail(I, n, GL_E_INVALID, "UnboundLocalError: cannot access local variable '%s' where it is not associated "
                       "with a value", n->name), GL_E_INVALID;
    return py_fail(I, n, GL_E_INVALID, "NameError: name '%s' is not defined", n->name), GL_E_INVALID;
}

/* Values that are certainly not iterable (the other lanes' kinds are left to py_iter_list). */
static bool not_iterable(const py_val *v) {
    switch (v->kind) {
    case V_NONE: case V_BOOL: case V_INT: case V_FLOAT: case V_FUNC: case V_BUILTIN: case V_MODULE: case V_CFG:
        return true;
    default:
        return false;
    }
}

/* CPython's _PyObject_FunctionStr: "__main__.f()" for a program's function, "len()" for a builtin. */
static void func_str(const py_val *f, char *buf, size_t cap) {
    if (f->kind == V_FUNC) {
        const py_node *d = f->u.fn.def;
        snprintf(buf, cap, "__main__.%s()", d->qualname ? d->qualname : d->name);
    } else if (f->kind == V_BUILTIN) {
        snprintf(buf, cap, "%s()", py_builtin_name(f->u.bi.id));
    } else {
        snprintf(buf, cap, "%s object", py_type_name(f));
    }
}

/* ---- calls: CPython's argument binding (initialize_locals in ceval.c), with its messages */

/* 'a'   'a' and 'b'   'a', 'b', and 'c' */
static void name_list(gl_sb *sb, const char **names, int k) {
    for (int i = 0; i < k; i++) {
        if (i) gl_sb_puts(sb, k == 2 ? " and " : i == k - 1 ? ", and " : ", ");
        gl_sb_printf(sb, "'%s'", names[i]);
    }
}

static py_val *missing_args(py_interp *I, const py_node *at, const char *qn, const char *kind, const char **names, int k) {
    gl_sb sb;
    gl_sb_init(&sb);
    name_list(&sb, names, k);
    py_fail(I, at, GL_E_INVALID, "TypeError: %s() missing %d required %s argument%s: %s", qn, k, kind, k == 1 ? "" : "s",
            sb.buf ? sb.buf : "");
    gl_sb_free(&sb);
    return NULL;
}

/* The frame of a call of the program's own function f, its parameters bound to a's values, in *out:
 * &py_None, or NULL with a signature's TypeError. Out of line (PY_NOINLINE), and so are the error paths' name arrays: the
 * recursive path of a program's own calls keeps only py_call's small frame (c/src/front/py.h, limits). */
static PY_NOINLINE py_val *bind_call(py_interp *I, const py_node *at, py_val *f, py_args *a, py_env **out) {
    py_node *def = f->u.fn.def;
    bool lambda = def->kind == E_LAMBDA;
    py_node **ps = lambda ? def->list : def->list2;
    int np = lambda ? def->n : def->n2;
    const char *qn = def->qualname ? def->qualname : def->name;
    /* the signature: positional (posonly first), *args, keyword-only, **kwargs */
    int argc = 0, nposonly = 0, kwonly = 0, ivar = -1, ikw = -1;
    for (int i = 0; i < np; i++) {
        switch (ps[i]->op) {
        case P_POS: argc++; nposonly += ps[i]->i != 0; break;
        case P_VARARGS: ivar = i; break;
        case P_KWONLY: kwonly++; break;
        default: ikw = i; break;
        }
    }
    int ndef = 0;                 /* defaults of positional parameters: the last ndef of them */
    for (int i = 0; i < argc; i++) ndef += ps[i]->a != NULL;
    py_val **bound = py_alloc(&I->ar, sizeof(py_val *) * (size_t)(np ? np : 1));
    if (!bound) return py_oom(I);
    /* the parameters in CPython's local order: positional, keyword-only, then *args, **kwargs */
    int *slot = py_alloc(&I->ar, sizeof(int) * (size_t)(np ? np : 1));
    if (!slot) return py_oom(I);
    {
        int k = 0;
        for (int i = 0; i < np; i++) if (ps[i]->op == P_POS) slot[k++] = i;
        for (int i = 0; i < np; i++) if (ps[i]->op == P_KWONLY) slot[k++] = i;
    }
    int total = argc + kwonly;
    int n = a->npos < argc ? a->npos : argc;
    for (int j = 0; j < n; j++) bound[slot[j]] = a->pos[j];
    if (ivar >= 0) {
        py_val *t = py_seq(I, V_TUPLE, a->npos - n);
        if (!t) return NULL;
        for (int j = n; j < a->npos; j++) t->u.seq.v[j - n] = a->pos[j];
        bound[ivar] = t;
    }
    py_val *kwd = NULL;
    if (ikw >= 0) {
        if (!(kwd = py_dict_new(I))) return NULL;
        bound[ikw] = kwd;
    }
    for (int k = 0; k < a->nkw; k++) {
        int j = -1;
        for (int i = nposonly; i < total && j < 0; i++)
            if (ps[slot[i]]->name == a->kwn[k]) j = slot[i];
        if (j < 0) {
            if (!kwd) {
                if (nposonly) {   /* positional-only parameters passed by keyword */
                    const char *names[64];
                    int m = 0;
                    for (int i = 0; i < nposonly; i++)
                        for (int q = 0; q < a->nkw && m < 64; q++)
                            if (a->kwn[q] == ps[slot[i]]->name) { names[m++] = a->kwn[q]; break; }
                    if (m) {
                        gl_sb sb;
                        gl_sb_init(&sb);
                        for (int i = 0; i < m; i++) gl_sb_printf(&sb, "%s%s", i ? ", " : "", names[i]);
                        py_fail(I, at, GL_E_INVALID, "TypeError: %s() got some positional-only arguments passed as keyword "
                                "arguments: '%s'", qn, sb.buf ? sb.buf : "");
                        gl_sb_free(&sb);
                        return NULL;
                    }
                }
                return py_fail(I, at, GL_E_INVALID, "TypeError: %s() got an unexpected keyword argument '%s'", qn, a->kwn[k]);
            }
            py_val *key = py_str(I, a->kwn[k], strlen(a->kwn[k]));
            if (!key || py_dict_set(I, kwd, key, a->kwv[k])) return NULL;
            continue;
        }
        if (bound[j]) return py_fail(I, at, GL_E_INVALID, "TypeError: %s() got multiple values for argument '%s'", qn, a->kwn[k]);
        bound[j] = a->kwv[k];
    }
    if (a->npos > argc && ivar < 0) {   /* too many positional arguments */
        int kwg = 0;
        for (int i = argc; i < total; i++) kwg += bound[slot[i]] != NULL;
        char sig[64], kws[96] = "";
        bool plural;
        if (ndef) {
            snprintf(sig, sizeof sig, "from %d to %d", argc - ndef, argc);
            plural = true;
        } else {
            snprintf(sig, sizeof sig, "%d", argc);
            plural = argc != 1;
        }
        if (kwg)
            snprintf(kws, sizeof kws, " positional argument%s (and %d keyword-only argument%s)", a->npos != 1 ? "s" : "",
                     kwg, kwg != 1 ? "s" : "");
        return py_fail(I, at, GL_E_INVALID, "TypeError: %s() takes %s positional argument%s but %d%s %s given", qn, sig,
                       plural ? "s" : "", a->npos, kws, a->npos == 1 && !kwg ? "was" : "were");
    }
    if (a->npos < argc) {
        int m = argc - ndef;
        const char *names[256];
        int k = 0;
        for (int i = a->npos; i < m; i++)
            if (!bound[slot[i]] && k < 256) names[k++] = ps[slot[i]]->name;
        if (k) return missing_args(I, at, qn, "positional", names, k);
        for (int i = m; i < argc; i++)
            if (!bound[slot[i]]) bound[slot[i]] = f->u.fn.defaults[slot[i]];
    }
    if (kwonly) {
        const char *names[256];
        int k = 0;
        for (int i = argc; i < total; i++) {
            int j = slot[i];
            if (bound[j]) continue;
            if (f->u.fn.defaults && f->u.fn.defaults[j]) {
                bound[j] = f->u.fn.defaults[j];
                continue;
            }
            if (k < 256) names[k++] = ps[j]->name;
        }
        if (k) return missing_args(I, at, qn, "keyword-only", names, k);
    }
    py_env *up = f->u.fn.env;
    py_val *cls_cell = up->cls ? up->cls_cell : NULL;   /* defined in a class body: its class, once made */
    while (up->cls && up->up) up = up->up;              /* a method does not see its class body's names */
    py_env *fe = py_env_new(I, up);
    if (!fe) return NULL;
    fe->scope = def;
    if (cls_cell) {               /* a method: zero-argument super() finds its class and self here */
        fe->cls_cell = cls_cell;
        fe->self_arg = np ? bound[0] : NULL;
    }
    for (int i = 0; i < np; i++)
        if (py_env_set(I, fe, ps[i]->name, bound[i])) return NULL;
    *out = fe;
    return &py_None;
}

static bool method_args(py_interp *I, const py_val *m, py_args *a);

static PY_NOINLINE py_val *too_deep(py_interp *I, const py_node *at, const py_node *def) {
    return py_fail(I, at, GL_E_LIMIT, "RecursionError: maximum recursion depth exceeded (more than %d nested "
                   "calls: is %s() recursing without end?)", PY_CALL_LIMIT(I), def->qualname ? def->qualname : def->name);
}

/* A call of the program's own function f (V_FUNC), holding cost units while its body runs (the frame it runs
 * in: py_call's, PY_DEPTH_CALL; none more in eval_call, whose own units cover it). Inlined into both, so that a
 * call expression of the program's functions takes no py_call frame (a recursion's level is a frame shorter). */
#if defined(__GNUC__) || defined(__clang__)
__attribute__((always_inline))
#endif
static inline py_val *call_func(py_interp *I, const py_node *at, py_val *f, py_args *a, int cost) {
    py_node *def = f->u.fn.def;
    bool lambda = def->kind == E_LAMBDA;
    if (PY_CALLS_FULL(I)) return too_deep(I, at, def);
    py_env *fe;
    if (!bind_call(I, at, f, a, &fe)) return NULL;
    if (!lambda && py_is_generator_def(def)) return py_gen_new(I, f, fe);   /* the body runs on next() */
    /* room for the callee's first level too: a recursion that runs out of depth ends at its call, where CPython
     * puts its RecursionError, not at whatever node of the body the last units ran out in */
    cost += PY_DEPTH_FRAMES + (lambda ? PY_DEPTH_LAMBDA : 0);
    if (!py_enter(I, at, cost + PY_DEPTH_ROOM)) return NULL;   /* cost left below on every path */
    py_leave(I, PY_DEPTH_ROOM);
    py_val *r = py_frames_run(I, def, fe);   /* its own calls of the program's functions: on the heap */
    py_leave(I, cost);
    return r;
}

/* ---- the pieces py_frames.c runs */
py_val *py_bind_call(py_interp *I, const py_node *at, py_val *f, py_args *a, py_env **out) { return bind_call(I, at, f, a, out); }
py_val *py_too_deep(py_interp *I, const py_node *at, const py_node *def) { return too_deep(I, at, def); }
bool py_method_args(py_interp *I, const py_val *m, py_args *a) { return method_args(I, m, a); }
void py_stamp_since(py_interp *I, py_trace *tc, int n0, const py_node *at) {
    if (tc == I->top && tc->tr) stamp(I, tc, n0, at);
}

py_val *py_call(py_interp *I, const py_node *at, py_val *f, py_args *a) {
    if (f->kind == V_BUILTIN) return py_call_builtin(I, at, f, a);
    if (f->kind == V_CLASS || f->kind == V_METHOD || f->kind == V_INST || f->kind == V_WRAP) return py_class_call(I, at, f, a);
    if (f->kind == V_CFG || f->kind != V_FUNC)
        return py_fail(I, at, GL_E_INVALID, "TypeError: '%s' object is not callable", py_type_name(f));
    return call_func(I, at, f, a, PY_DEPTH_CALL);
}

static gl_status assign(py_interp *I, py_node *t, py_val *v, py_env *env);

/* Comprehension clauses, from clause k: for-clauses bind in env, if-clauses filter. The first clause's
 * iterable (first) was evaluated in the enclosing scope, as CPython does. */
static gl_status comp(py_interp *I, py_node *n, int k, py_env *env, py_val *out, py_val *first) {
    if (k == n->n) {
        if (!py_steps(I, n)) return I->err.code;
        if (n->kind == E_LISTCOMP) {
            py_val *x = eval(I, n->a, env);
            return x ? py_list_push(I, out, x) : I->err.code;
        }
        if (n->kind == E_SETCOMP) {
            py_val *x = eval(I, n->a, env);
            return x ? py_set_add(I, n, out, x) : I->err.code;   /* an unhashable item: at the comprehension */
        }
        py_val *key = eval(I, n->a, env);
        py_val *val = key ? eval(I, n->b, env) : NULL;
        int64_t h;
        if (!val || !py_hash(I, n, key, &h)) return I->err.code;
        return py_dict_set_hashed(I, out, key, h, val);
    }
    py_node *c = n->list[k];
    if (c->kind == E_COMPIF) {
        py_val *x = eval(I, c->a, env);
        bool b;
        if (!x || py_truth(I, c->a, x, &b)) return I->err.code;
        if (!b) return GL_OK;
        if (!py_enter(I, c, PY_DEPTH_COMP)) return I->err.code;
        gl_status st = comp(I, n, k + 1, env, out, NULL);
        py_leave(I, PY_DEPTH_COMP);
        return st;
    }
    py_val *src = k == 0 && first ? first : eval(I, c->b, env), *it;
    if (!src || py_iter_open(I, c->b, src, &it)) return I->err.code;
    if (!py_enter(I, c, PY_DEPTH_COMP)) return I->err.code;   /* one comp frame per for-clause (left on every path: a
                                                     caught exception must not leak depth) */
    gl_status st = GL_OK;
    for (;;) {                    /* item by item: a generator's body interleaves with the element's */
        py_val *x;
        bool done;
        if (py_iter_next(I, c->b, it, &x, &done)) { st = I->err.code; break; }
        if (done) break;
        if (assign(I, c->a, x, env) || comp(I, n, k + 1, env, out, NULL)) { st = I->err.code; break; }
    }
    py_leave(I, PY_DEPTH_COMP);
    return st;
}

static PY_NOINLINE py_val *dup_keyword(py_interp *I, py_node *n, py_val *f, const char *k) {
    char fs[160];
    func_str(f, fs, sizeof fs);
    return py_fail(I, n, GL_E_INVALID, "TypeError: %s got multiple values for keyword argument '%s'", fs, k);
}

/* f(*x) / f(**x): x's items appended to a's positional / keyword arguments (a grown to fit, cap its room). */
static PY_NOINLINE bool star_args(py_interp *I, py_node *n, int i, py_env *env, py_val *f, py_args *a_, int *cap_) {
    py_node *x = n->list[i];
    py_args a = *a_;
    int cap = *cap_;
    py_val *v = eval(I, x->a, env);
    if (!v) return false;
    py_val **items;
    int cnt;
    if (x->kind == E_DSTAR && v->kind != V_DICT) {
        char fs[160];
        func_str(f, fs, sizeof fs);
        return !py_fail(I, n, GL_E_INVALID, "TypeError: %s argument after ** must be a mapping, not %s", fs,
                        py_type_name(v));
    }
    if (x->kind == E_STAR && not_iterable(v)) {
        char fs[160];
        func_str(f, fs, sizeof fs);
        return !py_fail(I, n, GL_E_INVALID, "TypeError: %s argument after * must be an iterable, not %s", fs,
                        py_type_name(v));
    }
    if (py_iter_list(I, x, v, &items, &cnt)) return false;
    py_val **dvals = NULL;
    if (x->kind == E_DSTAR) {    /* the values, in the keys' order */
        if (!(dvals = py_alloc(&I->ar, sizeof *dvals * (size_t)(cnt ? cnt : 1)))) return py_oom(I), false;
        int j = 0;
        for (int pos = 0; j < cnt && py_dict_next(v, &pos, NULL, &dvals[j]); j++) {}
    }
    int need = a.npos + a.nkw + cnt + (n->n - i);
    if (need > cap) {
        if (need > 10000) return !py_fail(I, x, GL_E_LIMIT, "too many arguments (%d)", need);
        int nc = need * 2;
        py_val **p2 = py_alloc(&I->ar, sizeof(py_val *) * (size_t)nc);
        const char **k2 = py_alloc(&I->ar, sizeof(char *) * (size_t)nc);
        py_val **v2 = py_alloc(&I->ar, sizeof(py_val *) * (size_t)nc);
        if (!p2 || !k2 || !v2) return py_oom(I), false;
        memcpy(p2, a.pos, sizeof(py_val *) * (size_t)a.npos);
        memcpy(k2, a.kwn, sizeof(char *) * (size_t)a.nkw);
        memcpy(v2, a.kwv, sizeof(py_val *) * (size_t)a.nkw);
        a.pos = p2;
        a.kwn = k2;
        a.kwv = v2;
        cap = nc;
    }
    for (int j = 0; j < cnt; j++) {
        if (x->kind == E_STAR) {
            a.pos[a.npos++] = items[j];
        } else {
            if (items[j]->kind != V_STR) return !py_fail(I, x, GL_E_INVALID, "TypeError: keywords must be strings");
            const char *k = py_intern(&I->ar, items[j]->u.str.s, items[j]->u.str.n);
            if (!k) return py_oom(I), false;
            for (int q = 0; q < a.nkw; q++)
                if (a.kwn[q] == k) return !dup_keyword(I, n, f, k);
            a.kwn[a.nkw] = k;
            a.kwv[a.nkw++] = dvals[j];
        }
    }
    *a_ = a;
    *cap_ = cap;
    return true;
}

/* obj.m(args) of a method of the program's: a's arguments with self first, as py_class_call binds them, so
 * that py_call runs m without py_class_call's frame between (a method's recursion is as deep as a function's). */
static PY_NOINLINE bool method_args(py_interp *I, const py_val *m, py_args *a) {
    py_val **pos = py_alloc(&I->ar, sizeof(py_val *) * (size_t)(a->npos + 1));
    if (!pos) return py_oom(I), false;
    pos[0] = m->u.m.self;
    if (a->npos) memcpy(pos + 1, a->pos, sizeof(py_val *) * (size_t)a->npos);
    a->pos = pos;
    a->npos++;
    return true;
}

static PY_NOINLINE py_val *eval_call(py_interp *I, py_node *n, py_env *env) {
    if (n->a->kind == E_NAME && n->n == 0 && strcmp(n->a->name, "super") == 0) return py_super_zero(I, n, env);
    py_val *f = eval(I, n->a, env);
    if (!f) return NULL;
    py_args a = {0};
    int cap = n->n + 4;
    a.pos = py_alloc(&I->ar, sizeof(py_val *) * (size_t)cap);
    a.kwn = py_alloc(&I->ar, sizeof(char *) * (size_t)cap);
    a.kwv = py_alloc(&I->ar, sizeof(py_val *) * (size_t)cap);
    if (!a.pos || !a.kwn || !a.kwv) return py_oom(I);
    for (int i = 0; i < n->n; i++) {
        py_node *x = n->list[i];
        if (x->kind == E_STAR || x->kind == E_DSTAR) {
            if (!star_args(I, n, i, env, f, &a, &cap)) return NULL;
            continue;
        }
        py_val *v = eval(I, x->kind == E_KW ? x->a : x, env);
        if (!v) return NULL;
        if (x->kind == E_KW) {
            for (int j = 0; j < a.nkw; j++)
                if (a.kwn[j] == x->name)   /* from an earlier **mapping (two explicit ones are a SyntaxError) */
                    return dup_keyword(I, n, f, x->name);
            a.kwn[a.nkw] = x->name;
            a.kwv[a.nkw++] = v;
        } else {
            a.pos[a.npos++] = v;
        }
    }
    if (f->kind == V_METHOD && f->u.m.fn->kind == V_FUNC) {
        if (!method_args(I, f, &a)) return NULL;
        f = f->u.m.fn;
    }
    py_node *saved = I->at;
    I->at = n;
    py_val *r = f->kind == V_FUNC ? call_func(I, n, f, &a, 0) : py_call(I, n, f, &a);
    I->at = saved;
    return r;
}

static int64_t norm_index(int64_t i, int64_t n, bool *ok) {
    if (i < 0) i += n;
    *ok = i >= 0 && i < n;
    return i;
}

/* The parts of a slice node a:b:c, evaluated in order as BUILD_SLICE does (NULL: omitted). */
static bool slice_parts(py_interp *I, py_node *sn, py_env *env, py_val *p[3]) {
    py_node *x[3] = {sn->a, sn->b, sn->c};
    for (int i = 0; i < 3; i++) {
        p[i] = NULL;
        if (x[i] && !(p[i] = eval(I, x[i], env))) return false;
    }
    return true;
}

/* Does v's class (a dict / list subclass) override the dunder `name`? */
static bool sub_overrides(py_interp *I, py_val *v, const char *name) {
    return py_sub_of(v) && py_sub_method(I, v, py_intern(&I->ar, name, strlen(name)));
}

/* The key of c[...] (a slice node: a slice object), or, for c[a:b:c] on a list (a str / tuple / range as
 * well when reading) that nothing overrides, the slice read straight into *sl (*direct true, no object). */
static py_val *subscript_key(py_interp *I, py_node *t, py_env *env, py_val *c, const char *dunder, py_slice *sl,
                             bool *direct) {
    *direct = false;
    if (t->b->kind != E_SLICE) return eval(I, t->b, env);
    py_val *p[3];
    if (!slice_parts(I, t->b, env, p)) return NULL;
    bool seq = c->kind == V_LIST ||
               (strcmp(dunder, "__getitem__") == 0 && (c->kind == V_STR || c->kind == V_TUPLE || c->kind == V_RANGE));
    if (seq && !sub_overrides(I, c, dunder)) {
        *direct = true;
        return py_slice_unpack(I, t, p[0], p[1], p[2], sl) ? c : NULL;
    }
    return py_slice_value(I, p[0], p[1], p[2]);
}

gl_status py_del_subscript(py_interp *I, py_node *t, py_env *env) {
    py_val *c = eval(I, t->a, env), *k;
    py_slice sl;
    bool direct;
    if (!c || !(k = subscript_key(I, t, env, c, "__delitem__", &sl, &direct))) return I->err.code;
    if (direct) return py_delslice(I, t, c, &sl);
    if (c->kind == V_INST) return py_inst_delitem(I, t, c, k);
    if (py_sub_of(c)) {           /* a subclass's __delitem__ */
        bool found;
        py_val *r = py_sub_call(I, t, c, "__delitem__", 1, &k, &found);
        if (found) return r ? GL_OK : I->err.code;
    }
    return py_delitem(I, t, c, k);   /* a slice object too */
}

static PY_NOINLINE py_val *eval_index(py_interp *I, py_node *n, py_env *env) {
    py_val *c = eval(I, n->a, env);
    if (!c) return NULL;
    if (c->kind == V_TENSOR)
        return py_fail(I, n, GL_E_INVALID, "TypeError: 'Tensor' object is not subscriptable: the graph IR has no slice or "
                       "index op; trace the part you need as its own input, or select it with a matmul by a 0/1 matrix");
    if (c->kind == V_ARRAY && I->ndarray) return py_nd_index(I, n, c, env);   /* the pass runtime's numpy subset */
    py_slice sl;
    bool direct;
    py_val *k = subscript_key(I, n, env, c, "__getitem__", &sl, &direct);
    if (!k) return NULL;
    if (direct) return py_slice_get(I, n, c, &sl);
    if (c->kind == V_INST) return py_inst_getitem(I, n, c, k);
    if (sub_overrides(I, c, "__getitem__")) {   /* a subclass's __getitem__ */
        bool found;
        return py_sub_call(I, n, c, "__getitem__", 1, &k, &found);
    }
    if (k->kind == V_SLICE && (c->kind == V_STR || c->kind == V_TUPLE || c->kind == V_LIST || c->kind == V_RANGE))
        return py_slice_unpack_val(I, n, k, &sl) ? py_slice_get(I, n, c, &sl) : NULL;
    if (c->kind == V_DICT) {
        py_val *v;
        if (py_dict_lookup(I, n, c, k, &v)) return NULL;
        if (v) return v;
        bool handled;             /* a dict subclass's __missing__ */
        py_val *r = py_sub_missing(I, n, c, k, &handled);
        if (handled) return r;
        return py_raise_new(I, n, "KeyError", k);   /* e.args[0] is the key itself */
    }
    if (c->kind != V_STR && c->kind != V_TUPLE && c->kind != V_LIST && c->kind != V_RANGE)
        return py_fail(I, n, GL_E_INVALID, "TypeError: '%s' object is not subscriptable", py_type_name(c));
    if (!(k = py_index_of(I, n, k))) return NULL;   /* an object with __index__ */
    if (k->kind == V_BIG) return py_fail(I, n, GL_E_INVALID, "IndexError: cannot fit 'int' into an index-sized integer");
    if (k->kind != V_INT && k->kind != V_BOOL) {
        if (c->kind == V_STR) return py_fail(I, n, GL_E_INVALID, "TypeError: string indices must be integers, not '%s'", py_type_name(k));
        return py_fail(I, n, GL_E_INVALID, "TypeError: %s indices must be integers or slices, not %s", py_kind_name(c), py_type_name(k));
    }
    if (c->kind == V_RANGE) {     /* a range may be longer than INT64_MAX: its index in uint64 */
        uint64_t ulen = range_ulen(c), i;
        int64_t k0 = k->kind == V_INT ? k->u.i : k->u.b;
        uint64_t nk = k0 < 0 ? (uint64_t)(-(k0 + 1)) + 1 : 0;
        if (k0 < 0 ? nk > ulen : (uint64_t)k0 >= ulen)
            return py_fail(I, n, GL_E_INVALID, "IndexError: range object index out of range");
        i = k0 < 0 ? ulen - nk : (uint64_t)k0;
        return py_int(I, (int64_t)((uint64_t)c->u.r.start + i * (uint64_t)c->u.r.step));
    }
    int64_t len = c->kind == V_STR ? (int64_t)py_str_len(c) : c->u.seq.n;
    bool ok;
    int64_t i = norm_index(k->kind == V_INT ? k->u.i : k->u.b, len, &ok);
    if (!ok) return py_fail(I, n, GL_E_INVALID, "IndexError: %s index out of range", c->kind == V_STR ? "string" : py_kind_name(c));
    if (c->kind == V_STR) return py_str_item(I, n, c, i);
    return c->u.seq.v[i];
}

static PY_NOINLINE py_val *eval_fstr(py_interp *I, py_node *n, py_env *env) {
    gl_sb sb;
    gl_sb_init(&sb);
    for (int i = 0; i < n->n; i++) {
        py_node *p = n->list[i];
        if (p->kind == E_STR) {
            gl_sb_putn(&sb, p->s, p->slen);
            continue;
        }
        py_val *v = eval(I, p->a, env), *spec = NULL;
        if (v && p->b && !(spec = eval_fstr(I, p->b, env))) v = NULL;   /* a spec's own holes: {x:{w}.{p}f} */
        if (!v || !py_fstr_hole(I, p->a, &sb, v, p->op, spec ? spec->u.str.s : NULL, spec ? spec->u.str.n : 0)) {
            gl_sb_free(&sb);
            return NULL;
        }
        if (sb.len > GL_PROGRAM_MAX_SEQ) break;
    }
    if (sb.failed || sb.len > GL_PROGRAM_MAX_SEQ) {
        gl_sb_free(&sb);
        return py_fail(I, n, GL_E_LIMIT, "an f-string result over %d bytes is over the limit", GL_PROGRAM_MAX_SEQ);
    }
    py_val *v = py_str(I, sb.buf ? sb.buf : "", sb.len);
    gl_sb_free(&sb);
    return v;
}

/* Values unpacked from an iterable (star items, star targets); the error CPython gives when it is not one. */
static gl_status unpack_items(py_interp *I, const py_node *at, py_val *v, const char *fmt, py_val ***items, int *cnt) {
    if (v->kind == V_TENSOR)
        return py_fail(I, at, GL_E_INVALID, "cannot unpack a tensor (use .shape for its dims)"), GL_E_INVALID;
    if (not_iterable(v)) return py_fail(I, at, GL_E_INVALID, fmt, py_type_name(v)), GL_E_INVALID;
    return py_iter_list(I, at, v, items, cnt);
}

/* (*a, b, *c) and [*a, b, *c] */
static py_val *eval_starred(py_interp *I, py_node *n, py_env *env) {
    py_val *l = py_seq(I, V_LIST, 0);
    if (!l) return NULL;
    for (int i = 0; i < n->n; i++) {
        py_node *x = n->list[i];
        py_val *v = eval(I, x->kind == E_STAR ? x->a : x, env);
        if (!v) return NULL;
        if (x->kind != E_STAR) {
            if (py_list_push(I, l, v)) return NULL;
            continue;
        }
        py_val **items;
        int cnt;
        if (unpack_items(I, n, v, "TypeError: Value after * must be an iterable, not %s", &items, &cnt)) return NULL;
        for (int j = 0; j < cnt; j++)
            if (py_list_push(I, l, items[j])) return NULL;
    }
    if (n->kind == E_TUPLE) l->kind = V_TUPLE;
    return l;
}

/* A constant of a set display, as 3.11's compiler folds it (literals, signed numbers, folded arithmetic,
 * tuples of constants). */
static bool const_expr(const py_node *x, int depth) {
    if (depth > 20) return false;
    switch (x->kind) {
    case E_INT: case E_FLOAT: case E_STR: case E_NONE: case E_TRUE: case E_FALSE: return true;
    case E_UNARY: return const_expr(x->a, depth + 1);
    case E_BINOP: return x->op != OP_MATMUL && const_expr(x->a, depth + 1) && const_expr(x->b, depth + 1);
    case E_TUPLE:
        for (int i = 0; i < x->n; i++)
            if (!const_expr(x->list[i], depth + 1)) return false;
        return true;
    default: return false;
    }
}

/* {a, b, c}: 3.11 adds the items one by one (BUILD_SET), except that a display of three or more constants
 * is a frozenset constant merged into an empty set (SET_UPDATE) — another table order, e.g.
 * {8, 0, 16, 1, 2} prints {0, 1, 2, 16, 8} — and the compiler's constant merging (merge_consts_recursive)
 * has rebuilt that frozenset once more by adding its items in its table order. Starred items merge their
 * iterable (SET_UPDATE). */
static PY_NOINLINE py_val *eval_set(py_interp *I, py_node *n, py_env *env) {
    py_val *s = py_set_new(I, false);
    if (!s) return NULL;
    bool consts = n->n > 2;
    for (int i = 0; consts && i < n->n; i++) consts = const_expr(n->list[i], 0);
    py_val *dst = consts ? py_set_new(I, true) : s;
    if (!dst) return NULL;
    for (int i = 0; i < n->n; i++) {
        py_node *x = n->list[i];
        py_val *v = eval(I, x->kind == E_STAR ? x->a : x, env);
        if (!v) return NULL;
        if (x->kind == E_STAR) {
            if (v->kind == V_TENSOR) return py_fail(I, x, GL_E_INVALID, "iterating over a tensor is not supported");
            if (py_set_update(I, n, dst, v)) return NULL;   /* an unhashable item: at the display, as CPython */
        } else if (py_set_add(I, n, dst, v)) {
            return NULL;
        }
    }
    if (consts) {   /* the compiler's constant merging rebuilds the frozenset from its own table order */
        py_val *again = py_set_new(I, true), *k;
        if (!again) return NULL;
        for (int64_t i = 0; py_set_next(dst, &i, &k, NULL);)
            if (py_set_add(I, n, again, k)) return NULL;
        if (py_set_update(I, n, s, again)) return NULL;
    }
    return s;
}

/* The evaluator's cases. eval() is on every recursive path of a program (nesting, and each level of its own
 * calls), so its frame is kept small: the cases that need many locals or call much are out of line
 * (PY_NOINLINE), each frame only while its case runs (c/src/front/py.h, limits). */
static PY_NOINLINE py_val *eval_literal(py_interp *I, py_node *n) {
    py_val *v = n->kind == E_INT ? (n->s ? py_num_literal(I, n, n->s, n->slen) : py_int(I, n->i))
                : n->kind == E_FLOAT ? py_float(I, n->f) : py_str(I, n->s, n->slen);
    n->cache = v;
    return v;
}

static PY_NOINLINE py_val *eval_ellipsis(py_interp *I) {   /* one value per run: `x is ...` */
    if (I->crt && I->crt->ellipsis) return I->crt->ellipsis;
    py_val *m = py_new(I, V_MODULE);
    if (!m) return NULL;
    m->u.mod = MOD_ELLIPSIS;
    if (I->crt) I->crt->ellipsis = m;
    return m;
}

static PY_NOINLINE py_val *eval_seq(py_interp *I, py_node *n, py_env *env) {
    bool star = false;
    py_val *v;
    for (int i = 0; i < n->n && !star; i++) star = n->list[i]->kind == E_STAR;
    if (star) return eval_starred(I, n, env);
    if (!(v = py_seq(I, n->kind == E_TUPLE ? V_TUPLE : V_LIST, n->n))) return NULL;
    for (int i = 0; i < n->n; i++)
        if (!(v->u.seq.v[i] = eval(I, n->list[i], env))) return NULL;
    return v;
}

static PY_NOINLINE py_val *eval_dict(py_interp *I, py_node *n, py_env *env) {
    py_val *a, *b, *v;
    if (!(v = py_dict_new(I))) return NULL;
    for (int i = 0; i < n->n; i++) {
        if (n->list[i]->kind == E_DSTAR) {          /* {**d}: d's items, in its order */
            if (!(a = eval(I, n->list[i]->a, env))) return NULL;
            if (a->kind != V_DICT)
                return py_fail(I, n->list[i], GL_E_INVALID, "TypeError: '%s' object is not a mapping", py_type_name(a));
            py_val *dk, *dv;
            for (int j = 0; py_dict_next(a, &j, &dk, &dv);)
                if (py_dict_set(I, v, dk, dv)) return NULL;
            continue;
        }
        if (!(a = eval(I, n->list[i], env)) || !(b = eval(I, n->list2[i], env))) return NULL;
        int64_t h;
        if (!py_hash(I, n, a, &h) || py_dict_set_hashed(I, v, a, h, b)) return NULL;
    }
    return v;
}

static PY_NOINLINE py_val *eval_comp(py_interp *I, py_node *n, py_env *env) {
    py_val *v;
    py_val *first = n->n && n->list[0]->kind == E_COMPFOR ? eval(I, n->list[0]->b, env) : NULL;
    if (n->n && !first) return NULL;
    py_env *ce = py_env_new(I, env);
    if (!ce) return NULL;
    ce->scope = n;
    if (!(v = n->kind == E_LISTCOMP ? py_seq(I, V_LIST, 0) : n->kind == E_SETCOMP ? py_set_new(I, false) : py_dict_new(I)))
        return NULL;
    return comp(I, n, 0, ce, v, first) ? NULL : v;
}

static PY_NOINLINE py_val *eval_unary(py_interp *I, py_node *n, py_env *env) {
    py_val *a = eval(I, n->a, env);
    return a ? py_unary(I, n, a) : NULL;
}

py_val *py_unary(py_interp *I, py_node *n, py_val *a) {
    if (a->kind == V_INST) return py_inst_unary(I, n, n->op == OP_NEG ? UN_NEG : UN_POS, a);
    if (a->kind == V_TENSOR) {
        if (n->op != OP_NEG)
            return py_fail(I, n, GL_E_INVALID, "TypeError: bad operand type for unary %s: 'Tensor'", n->op == OP_POS ? "+" : "~");
        if (!live_tensor(I, n, a)) return NULL;
        return py_tensor(I, n, a->u.tn.tc, gl_t_neg(a->u.tn.tc->tr, a->u.tn.id));
    }
    return py_num_unary(I, n, n->op, a);
}

static PY_NOINLINE py_val *eval_cmp(py_interp *I, py_node *n, py_env *env) {
    py_val *a, *b;
    if (!(a = eval(I, n->list[0], env))) return NULL;
    py_val *r = &py_True;
    for (int i = 1; i < n->n; i++) {
        if (!(b = eval(I, n->list[i], env))) return NULL;
        if (!(r = compare(I, n, n->ops[i - 1], a, b))) return NULL;
        if (i + 1 < n->n) {
            bool t;
            if (py_truth(I, n, r, &t)) return NULL;
            if (!t) return r;
        }
        a = b;
    }
    return r;
}

static PY_NOINLINE py_val *eval_slice(py_interp *I, py_node *n, py_env *env) {
    py_val *p[3];                 /* a slice inside a subscript's tuple, x[1:2, 3]: a slice object */
    return slice_parts(I, n, env, p) ? py_slice_value(I, p[0], p[1], p[2]) : NULL;
}

static PY_NOINLINE py_val *eval_bad(py_interp *I, py_node *n) {
    switch (n->kind) {
    case E_YIELD: case E_YIELDFROM:
        return py_fail(I, n, GL_E_INVALID, "a yield inside a larger expression is not supported (write `v = yield x` "
                       "on its own line in the generator's body)");
    case E_STAR: return py_fail(I, n, GL_E_PARSE, "SyntaxError: starred expression is not allowed here");
    default: return py_fail(I, n, GL_E_PARSE, "SyntaxError: invalid expression");
    }
}

/* A truth value, or false with *fail when it raised; the common bool / None / int tested in place. */
static inline bool truth(py_interp *I, const py_node *at, py_val *v, bool *fail) {
    if (v->kind == V_BOOL) return v->u.b;
    bool t = false;
    *fail = py_truth(I, at, v, &t) != GL_OK;
    return t;
}

static py_val *eval_inner(py_interp *I, py_node *n, py_env *env) {
    py_val *a, *b, *v;
    bool fail = false, t;
    switch (n->kind) {
    case E_NAME: return load_name(I, n, env);
    case E_WALRUS:
        if (!(v = eval(I, n->a, env)) || store_name(I, n, n->name, v, env)) return NULL;
        return v;
    case E_INT: case E_FLOAT: case E_STR: return n->cache ? n->cache : eval_literal(I, n);
    case E_FSTR: return eval_fstr(I, n, env);
    case E_NONE: return &py_None;
    case E_ELLIPSIS: return eval_ellipsis(I);
    case E_TRUE: return &py_True;
    case E_FALSE: return &py_False;
    case E_TUPLE: case E_LIST: return eval_seq(I, n, env);
    case E_DICT: return eval_dict(I, n, env);
    case E_LISTCOMP: case E_DICTCOMP: case E_SETCOMP: return eval_comp(I, n, env);
    case E_SET: return eval_set(I, n, env);
    case E_GENEXP: return py_genexp_new(I, n, env);
    case E_BINOP:
        if (!(a = eval(I, n->a, env)) || !(b = eval(I, n->b, env))) return NULL;
        return py_binop(I, n, n->op, a, b);
    case E_UNARY: return eval_unary(I, n, env);
    case E_NOT:
        if (!(a = eval(I, n->a, env))) return NULL;
        t = truth(I, n->a, a, &fail);
        return fail ? NULL : py_bool(!t);
    case E_AND: case E_OR:
        if (!(a = eval(I, n->a, env))) return NULL;
        t = truth(I, n->a, a, &fail);
        if (fail) return NULL;
        if ((n->kind == E_AND) != t) return a;
        return eval(I, n->b, env);
    case E_CMP: return eval_cmp(I, n, env);
    case E_IFEXP:
        if (!(a = eval(I, n->a, env))) return NULL;
        t = truth(I, n->a, a, &fail);
        return fail ? NULL : eval(I, t ? n->b : n->c, env);
    case E_LAMBDA: return make_func(I, n, env, n->list, n->n);
    case E_CALL: return eval_call(I, n, env);
    case E_ATTR:
        if (!(a = eval(I, n->a, env))) return NULL;
        return py_getattr(I, n, a, n->name);
    case E_INDEX: return eval_index(I, n, env);
    case E_SLICE: return eval_slice(I, n, env);
    default: return eval_bad(I, n);
    }
}

static PY_NOINLINE void eval_stamp(py_interp *I, py_trace *tc, int n0, const py_node *n) {
    if (tc == I->top && tc->tr) stamp(I, tc, n0, n);
}

/* The depth units (py.h) a node's evaluation holds while it runs: eval's frame, and the frame of the out-of-line
 * case that recurses into eval again (eval_call, eval_unary, ...). */
static int eval_cost(int kind) {
    switch (kind) {
    case E_CALL: return PY_DEPTH_EVAL + PY_DEPTH_EVAL_CALL;
    case E_UNARY: case E_CMP: case E_TUPLE: case E_LIST: case E_DICT: case E_SET: case E_INDEX: case E_FSTR:
    case E_SLICE: case E_LISTCOMP: case E_DICTCOMP: case E_SETCOMP:
        return PY_DEPTH_EVAL + PY_DEPTH_EVAL_CASE;
    default: return PY_DEPTH_EVAL;
    }
}

static py_val *eval(py_interp *I, py_node *n, py_env *env) {
    if (!py_steps(I, n)) return NULL;
    int cost = eval_cost(n->kind);
    if (!py_enter(I, n, cost)) return NULL;    /* nesting x recursion: every build's C stack must hold it */
    py_trace *tc = I->top;
    bool emits = tc && tc->tr && (n->kind == E_BINOP || n->kind == E_UNARY || n->kind == E_CALL || n->kind == E_CMP);
    int n0 = emits ? gl_tracer_graph(tc->tr)->n : 0;
    py_val *v = eval_inner(I, n, env);
    if (v && emits) eval_stamp(I, tc, n0, n);
    py_leave(I, cost);
    return v;
}

/* ---- statements */
static gl_status assign(py_interp *I, py_node *t, py_val *v, py_env *env) {
    switch (t->kind) {
    case E_NAME: return store_name(I, t, t->name, v, env);
    case E_TUPLE: case E_LIST: {
        py_val **items;
        int cnt, star = -1;
        for (int i = 0; i < t->n; i++)
            if (t->list[i]->kind == E_STAR) star = i;
        if (v->kind == V_ITER && star < 0) {   /* an iterator: n items and a check that there is no n+1-th (CPython) */
            if (!(items = py_alloc(&I->ar, sizeof(py_val *) * (size_t)(t->n + 1)))) return py_oom(I), I->err.code;
            for (cnt = 0; cnt <= t->n; cnt++) {
                bool done;
                if (py_iter_next(I, t, v, &items[cnt], &done)) return I->err.code;
                if (done) break;
            }
        } else if (unpack_items(I, t, v, "TypeError: cannot unpack non-iterable %s object", &items, &cnt)) {
            return I->err.code;
        }
        if (star < 0) {
            if (cnt != t->n) {
                if (cnt > t->n)
                    return py_fail(I, t, GL_E_INVALID, "ValueError: too many values to unpack (expected %d)", t->n), GL_E_INVALID;
                return py_fail(I, t, GL_E_INVALID, "ValueError: not enough values to unpack (expected %d, got %d)", t->n,
                               cnt), GL_E_INVALID;
            }
            for (int i = 0; i < cnt; i++)
                if (assign(I, t->list[i], items[i], env)) return I->err.code;
            return GL_OK;
        }
        /* a, *rest, z: the starred target takes a list of what the others leave */
        if (cnt < t->n - 1)
            return py_fail(I, t, GL_E_INVALID, "ValueError: not enough values to unpack (expected at least %d, got %d)",
                           t->n - 1, cnt), GL_E_INVALID;
        int after = t->n - 1 - star, nmid = cnt - star - after;
        py_val *mid = py_seq(I, V_LIST, nmid);
        if (!mid) return I->err.code;
        for (int i = 0; i < nmid; i++) mid->u.seq.v[i] = items[star + i];
        for (int i = 0; i < star; i++)
            if (assign(I, t->list[i], items[i], env)) return I->err.code;
        if (assign(I, t->list[star]->a, mid, env)) return I->err.code;
        for (int i = 0; i < after; i++)
            if (assign(I, t->list[star + 1 + i], items[star + nmid + i], env)) return I->err.code;
        return GL_OK;
    }
    case E_INDEX: {
        py_val *c = eval(I, t->a, env), *k;
        py_slice sl;
        bool direct;
        if (!c || !(k = subscript_key(I, t, env, c, "__setitem__", &sl, &direct))) return I->err.code;
        if (direct) return py_setslice(I, t, c, &sl, v);
        if (c->kind == V_INST) return py_inst_setitem(I, t, c, k, v);
        if (py_sub_of(c)) {       /* a subclass's __setitem__ */
            py_val *args[2] = {k, v};
            bool found;
            py_val *r = py_sub_call(I, t, c, "__setitem__", 2, args, &found);
            if (found) return r ? GL_OK : I->err.code;
        }
        if (c->kind == V_DICT) {
            int64_t h;
            if (!py_hash(I, t, k, &h)) return I->err.code;
            return py_dict_set_hashed(I, c, k, h, v);
        }
        if (c->kind == V_LIST && k->kind == V_SLICE)   /* l[slice(...)] = v: as l[a:b:c] = v */
            return py_slice_unpack_val(I, t, k, &sl) ? py_setslice(I, t, c, &sl, v) : I->err.code;
        if (c->kind == V_LIST) {
            if (!(k = py_index_of(I, t, k))) return I->err.code;
            if (k->kind == V_BIG) return py_fail(I, t, GL_E_INVALID, "IndexError: cannot fit 'int' into an index-sized integer"), GL_E_INVALID;
            if (k->kind != V_INT && k->kind != V_BOOL)
                return py_fail(I, t, GL_E_INVALID, "TypeError: list indices must be integers or slices, not %s", py_type_name(k)), GL_E_INVALID;
            bool ok;
            int64_t i = norm_index(k->kind == V_INT ? k->u.i : k->u.b, c->u.seq.n, &ok);
            if (!ok) return py_fail(I, t, GL_E_INVALID, "IndexError: list assignment index out of range"), GL_E_INVALID;
            c->u.seq.v[i] = v;
            return GL_OK;
        }
        return py_fail(I, t, GL_E_INVALID, "TypeError: '%s' object does not support item assignment", py_type_name(c)), GL_E_INVALID;
    }
    case E_ATTR: {
        py_val *o = eval(I, t->a, env);
        return o ? py_setattr(I, t, o, t->name, v) : I->err.code;
    }
    default:
        return py_fail(I, t, GL_E_PARSE, "SyntaxError: cannot assign to this expression"), GL_E_PARSE;
    }
}

/* del target: names unbound, items and slices removed (d[k], l[i], l[a:b]), attributes (the class lane's py_delattr). */
static gl_status del_target(py_interp *I, py_node *t, py_env *env) {
    switch (t->kind) {
    case E_NAME: return del_name(I, t, env);
    case E_TUPLE: case E_LIST:
        for (int i = 0; i < t->n; i++)
            if (del_target(I, t->list[i], env)) return I->err.code;
        return GL_OK;
    case E_INDEX: return py_del_subscript(I, t, env);   /* py_cont.c's py_delitem / py_delslice */
    case E_ATTR: {
        py_val *o = eval(I, t->a, env);
        return o ? py_delattr(I, t, o, t->name) : I->err.code;   /* py_class.c */
    }
    default:
        return py_fail(I, t, GL_E_PARSE, "SyntaxError: cannot delete expression"), GL_E_PARSE;
    }
}
/* ---- services for py_gen.c / py_iter.c */
py_val *py_eval_expr(py_interp *I, py_node *n, py_env *env) { return eval(I, n, env); }
gl_status py_exec_stmt(py_interp *I, py_node *s, py_env *env) { return exec_stmt(I, s, env); }
gl_status py_assign(py_interp *I, py_node *t, py_val *v, py_env *env) { return assign(I, t, v, env); }
py_val *py_compare(py_interp *I, const py_node *at, int op, py_val *a, py_val *b) { return compare(I, at, op, a, b); }

static gl_status import_module(py_interp *I, py_node *al, int *mod) {
    if (strcmp(al->name, "math") == 0) *mod = MOD_MATH;
    else if (strcmp(al->name, "graph_lab") == 0) *mod = MOD_GL;
    else if (py_class_import(al->name) >= 0) *mod = py_class_import(al->name);
    else if (py_lib_find(al->name) >= 0) *mod = MOD_LIB + py_lib_find(al->name);
    else
        /* CPython's words (a program may catch and print them); docs/PYTHON.md lists the modules GraphLab has */
        return py_fail(I, al, GL_E_INVALID, "ModuleNotFoundError: No module named '%s'", al->name), GL_E_INVALID;
    return GL_OK;
}

/* The statements' cases that need many locals, out of exec_stmt's frame (it is on every recursive path). */
static PY_NOINLINE gl_status exec_aug(py_interp *I, py_node *s, py_env *env) {
    py_val *cur = eval(I, s->a, env), *rhs;
    if (!cur || !(rhs = eval(I, s->b, env))) return I->err.code;
    return py_aug_apply(I, s, env, cur, rhs);
}

gl_status py_aug_apply(py_interp *I, py_node *s, py_env *env, py_val *cur, py_val *rhs) {
    py_val *v;
    if (py_sub_of(cur)) {     /* a dict / list subclass's __iadd__ ... */
        bool handled;
        py_val *r = py_sub_augop(I, s, s->op, cur, rhs, &handled);
        if (handled) return r ? assign(I, s->a, r, env) : I->err.code;
    }
    {   /* in place: list += / *=, set |= &= -= ^=, dict |= (the same object is assigned back) */
        bool handled;
        py_val *r = py_cont_inplace(I, s, s->op, cur, rhs, &handled);
        if (handled) return r ? assign(I, s->a, r, env) : I->err.code;
    }
    py_trace *tc = I->top;
    int n0 = tc && tc->tr ? gl_tracer_graph(tc->tr)->n : 0;
    if (cur->kind == V_INST && (v = py_inst_augop(I, s, s->op, cur, rhs))) return assign(I, s->a, v, env);
    if (I->err.code) return I->err.code;
    if (!(v = py_binop(I, s, s->op, cur, rhs))) return I->err.code;
    if (tc && tc->tr && tc == I->top) stamp(I, tc, n0, s);
    return assign(I, s->a, v, env);
}

static PY_NOINLINE gl_status exec_for(py_interp *I, py_node *s, py_env *env) {
    py_val *src = eval(I, s->b, env), *it;
    if (!src) return I->err.code;
    if (py_iter_open(I, s->b, src, &it)) return I->err.code;   /* one item at a time (py_iter.c): lazy */
    for (;;) {
        py_val *x;
        bool done;
        if (py_iter_next(I, s->b, it, &x, &done)) return I->err.code;
        if (done) break;
        if (assign(I, s->a, x, env) || exec_block(I, s->list, s->n, env)) return I->err.code;
        if (I->ctl == CTL_BREAK) { I->ctl = CTL_NONE; return GL_OK; }
        if (I->ctl == CTL_CONTINUE) I->ctl = CTL_NONE;
        if (I->ctl == CTL_RETURN) return GL_OK;
    }
    return s->list2 ? exec_block(I, s->list2, s->n2, env) : GL_OK;
}

static PY_NOINLINE gl_status exec_while(py_interp *I, py_node *s, py_env *env) {
    py_val *v;
    for (;;) {
        bool t;
        if (!(v = eval(I, s->a, env)) || py_truth(I, s->a, v, &t)) return I->err.code;
        if (!t) break;
        if (exec_block(I, s->list, s->n, env)) return I->err.code;
        if (I->ctl == CTL_BREAK) { I->ctl = CTL_NONE; return GL_OK; }
        if (I->ctl == CTL_CONTINUE) I->ctl = CTL_NONE;
        if (I->ctl == CTL_RETURN) return GL_OK;
    }
    return s->list2 ? exec_block(I, s->list2, s->n2, env) : GL_OK;     /* while ... else: no break */
}

static PY_NOINLINE gl_status exec_import(py_interp *I, py_node *s, py_env *env) {
    py_val *v;
    for (int i = 0; i < s->n; i++) {
        py_node *al = s->list[i];
        int mod;
        if (import_module(I, al, &mod)) return I->err.code;
        if (!(v = py_new(I, V_MODULE))) return I->err.code;
        v->u.mod = mod;
        const char *nm = al->alias;
        if (!nm) {                 /* import a.b binds a */
            const char *dot = strchr(al->name, '.');
            if (!(nm = dot ? py_intern(&I->ar, al->name, (size_t)(dot - al->name)) : al->name)) return py_oom(I), I->err.code;
        }
        if (store_name(I, al, nm, v, env)) return I->err.code;
    }
    return GL_OK;
}

static PY_NOINLINE gl_status exec_from(py_interp *I, py_node *s, py_env *env) {
    py_val *v;
    int mod;
    if (import_module(I, s, &mod)) return I->err.code;
    if (s->i == 1) {               /* from M import *: the public names GraphLab implements */
        static const char *gl_names[] = {"F", "trace", "rope_tables", "LayerCfg", "LLAMA8B", "layer_params",
                                         "prefill_layer", "decode_layer", "math", NULL};
        static const char *math_names[] = {"sqrt", "exp", "log", "pi", "e", "inf", "nan", "tau", "fmod", "floor",
                                           "ceil", "trunc", "isinf", "isnan", "isfinite", "gcd", "log2", "log10",
                                           "isqrt", "prod", "isclose", "sin", "cos", "tan", "asin", "acos", "atan",
                                           "sinh", "cosh", "tanh", "asinh", "acosh", "atanh", "log1p", "expm1", "erf",
                                           "erfc", "fabs", "degrees", "radians", "atan2", "copysign", "hypot",
                                           "factorial", "comb", "perm", "lcm", "fsum", "dist", "modf", "frexp",
                                           "ldexp", "pow", "remainder", "cbrt", "exp2", "nextafter", "ulp", NULL};
        if (mod >= MOD_LIB || mod == MOD_FUNCTOOLS) {
            int li = mod >= MOD_LIB ? mod - MOD_LIB : py_lib_find("functools");
            return py_lib_import_star(I, s, li, env);
        }
        const char **names = mod == MOD_GL ? gl_names : mod == MOD_MATH ? math_names : NULL;
        for (int i = 0; names && names[i]; i++) {
            const char *nm = py_intern(&I->ar, names[i], strlen(names[i]));
            if (!nm || !(v = py_module_attr(I, s, mod, names[i])) || py_env_set(I, env, nm, v))
                return I->err.code ? I->err.code : (py_oom(I), I->err.code);
        }
        return GL_OK;
    }
    for (int i = 0; i < s->n; i++) {
        py_node *al = s->list[i];
        if (!(v = py_module_attr(I, al, mod, al->name))) {
            gl_err_clear(&I->err);
            return py_fail(I, al, GL_E_INVALID, "ImportError: cannot import name '%s' from '%s'", al->name,
                           s->name), GL_E_INVALID;
        }
        if (store_name(I, al, al->alias ? al->alias : al->name, v, env)) return I->err.code;
    }
    return GL_OK;
}

static PY_NOINLINE gl_status exec_assert(py_interp *I, py_node *s, py_env *env) {
    py_val *v;
    bool t;
    if (!(v = eval(I, s->a, env)) || py_truth(I, s->a, v, &t)) return I->err.code;
    if (t) return GL_OK;
    if (s->b) {
        py_val *m = eval(I, s->b, env);
        if (!m) return I->err.code;
        gl_sb sb;
        gl_sb_init(&sb);
        py_repr(I, &sb, m, false);
        py_fail(I, s->a, GL_E_INVALID, "AssertionError: %.200s", sb.buf ? sb.buf : "");   /* CPython: at the test */
        gl_sb_free(&sb);
        return I->err.code;
    }
    return py_fail(I, s, GL_E_INVALID, "AssertionError"), GL_E_INVALID;
}

static gl_status exec_stmt_inner(py_interp *I, py_node *s, py_env *env);

/* A statement holds PY_DEPTH_STMT units while it runs (its frame: statements nest in blocks, and a call's body
 * is statements), a loop or a try the frames of its out-of-line executor as well. */
static gl_status exec_stmt(py_interp *I, py_node *s, py_env *env) {
    int cost = PY_DEPTH_STMT + (s->kind == S_FOR || s->kind == S_WHILE ? PY_DEPTH_LOOP
                                : s->kind == S_TRY || s->kind == S_CLASS || s->kind == S_MATCH || s->kind == S_WITH ? PY_DEPTH_TRY : 0);
    if (!py_enter(I, s, cost)) return I->err.code;
    gl_status st = exec_stmt_inner(I, s, env);
    py_leave(I, cost);
    return st;
}

static gl_status exec_stmt_inner(py_interp *I, py_node *s, py_env *env) {
    if (!py_steps(I, s)) return I->err.code;
    I->at = s;
    if (!PY_IS_LIB_LINE(s->line)) I->uat = s;
    py_val *v;
    switch (s->kind) {
    case S_EXPR: return eval(I, s->a, env) ? GL_OK : I->err.code;
    case S_ASSIGN:
        if (!(v = eval(I, s->a, env))) return I->err.code;
        for (int i = 0; i < s->n; i++)
            if (assign(I, s->list[i], v, env)) return I->err.code;
        return GL_OK;
    case S_AUG: return exec_aug(I, s, env);
    case S_IF: {
        /* an elif chain (an S_IF alone in its predecessor's else-body) is walked in a loop, not recursion */
        for (;;) {
            bool t;
            if (!(v = eval(I, s->a, env)) || py_truth(I, s->a, v, &t)) return I->err.code;
            py_node **body = t ? s->list : s->list2;
            int nb = t ? s->n : s->n2;
            if (!t && !s->list2) return GL_OK;
            if (t || s->n2 != 1 || s->list2[0]->kind != S_IF) {   /* exec_block's loop, one frame fewer */
                for (int i = 0; i < nb; i++) {
                    if (exec_stmt(I, body[i], env)) return I->err.code ? I->err.code : GL_E_INTERNAL;
                    if (I->ctl) return GL_OK;
                }
                return GL_OK;
            }
            s = s->list2[0];
            if (!py_steps(I, s)) return I->err.code;
        }
    }
    case S_FOR: return exec_for(I, s, env);
    case S_WHILE: return exec_while(I, s, env);
    case S_BREAK: I->ctl = CTL_BREAK; return GL_OK;
    case S_CONTINUE: I->ctl = CTL_CONTINUE; return GL_OK;
    case S_PASS: return GL_OK;
    case S_RETURN:
        if (!I->depth) return py_fail(I, s, GL_E_PARSE, "SyntaxError: 'return' outside function"), GL_E_PARSE;
        if (s->a) {
            if (!(v = eval(I, s->a, env))) return I->err.code;
        } else {
            v = &py_None;
        }
        I->ret = v;
        I->ctl = CTL_RETURN;
        return GL_OK;
    case S_DEF:
        if (!(v = make_func(I, s, env, s->list2, s->n2))) return I->err.code;
        return store_name(I, s, s->name, v, env);
    case S_IMPORT: return exec_import(I, s, env);
    case S_FROM: return exec_from(I, s, env);
    case S_GLOBAL: case S_NONLOCAL: return GL_OK;      /* py_scope.c resolved the names */
    case S_DEL: return del_target(I, s->a, env);
    case S_ASSERT: return exec_assert(I, s, env);
    case S_CLASS: case S_TRY: case S_RAISE: case S_DECORATED: case S_ANNASSIGN: case S_WITH: return py_class_exec(I, s, env);
    case S_MATCH: return py_exec_match(I, s, env);
    default:
        return py_fail(I, s, GL_E_PARSE, "SyntaxError: invalid statement"), GL_E_PARSE;
    }
}

static gl_status exec_block(py_interp *I, py_node **body, int nb, py_env *env) {
    if (nb && !py_enter(I, body[0], PY_DEPTH_BLOCK)) return I->err.code;
    gl_status st = GL_OK;
    for (int i = 0; i < nb && !st; i++) {
        if (exec_stmt(I, body[i], env)) st = I->err.code ? I->err.code : GL_E_INTERNAL;
        else if (I->ctl) break;
    }
    if (nb) py_leave(I, PY_DEPTH_BLOCK);
    return st;
}

/* ---- the evaluator's services for the other files (py_class.c, py_exc.c) */
py_val *py_eval(py_interp *I, py_node *n, py_env *env) { return eval(I, n, env); }
gl_status py_exec_block(py_interp *I, py_node **body, int n, py_env *env) { return exec_block(I, body, n, env); }

/* ---- entry point */
void gl_program_free(gl_program *p) {
    if (!p) return;
    gl_graph_free(p->graph);
    free(p->spans);
    free(p->console);
    memset(p, 0, sizeof *p);
}

static gl_status py_run_module(py_interp *I, py_node **body, int nb) {
    gl_status st = exec_block(I, body, nb, I->globals);
    if (!st && I->ctl == CTL_BREAK) return py_fail(I, NULL, GL_E_PARSE, "SyntaxError: 'break' outside loop"), GL_E_PARSE;
    if (!st && I->ctl == CTL_CONTINUE) return py_fail(I, NULL, GL_E_PARSE, "SyntaxError: 'continue' not properly in loop"), GL_E_PARSE;
    return st;
}

gl_status gl_program_run(const char *src, size_t len, const char *file, const gl_program_opts *opts,
                         gl_program *out, gl_err *e) {
    if (!out) return gl_fail(e, GL_E_INVALID, "gl_program_run: out is NULL");
    memset(out, 0, sizeof *out);
    if (!file) file = "<program>";
    if (!src) return gl_fail(e, GL_E_INVALID, "%s: no source", file);
    if (len > GL_PROGRAM_MAX_SOURCE)
        return gl_fail(e, GL_E_LIMIT, "%s: the program is %zu bytes; the limit is %d bytes (1 MiB)", file, len,
                       GL_PROGRAM_MAX_SOURCE);
    const char *nul = memchr(src, 0, len);
    if (nul) {
        int line = 1;
        for (const char *p = src; p < nul; p++) line += *p == '\n';
        return gl_fail(e, GL_E_PARSE, "%s:%d: the source contains a NUL byte", file, line);
    }
    size_t bad = py_utf8_bad(src, len);
    if (bad < len) {              /* CPython refuses a source that is not UTF-8 before it tokenizes */
        int line = 1, col = 1;
        for (const char *p = src; p < src + bad; p++) {
            if (*p == '\n') line++, col = 1;
            else if (((unsigned char)*p & 0xC0) != 0x80) col++;
        }
        return gl_fail(e, GL_E_PARSE, "%s:%d:%d: SyntaxError: Non-UTF-8 code starting with '\\x%02x' in file %s on line "
                       "%d, but no encoding declared; see https://peps.python.org/pep-0263/ for details",   /* CPython's words */
                       file, line, col, (unsigned char)src[bad], file, line);
    }
    py_interp *I = calloc(1, sizeof *I);
    if (!I) return gl_fail(e, GL_E_NOMEM, "out of memory");
    I->ar.limit = GL_PROGRAM_MAX_ARENA;
    I->file = file;
    I->src = src;
    I->opts = opts;
    I->max_steps = opts && opts->max_steps > 0 ? opts->max_steps : GL_PROGRAM_MAX_STEPS;
    gl_sb_init(&I->console);
    py_toks toks;
    py_node **body = NULL;
    int nb = 0;
    gl_status st = py_lex(&I->ar, src, len, 1, 1, false, file, &toks, &I->err);
    if (st == GL_E_PARSE && toks.t) {
        /* CPython reports a tokenizer error wherever it is, except after an unexpected indent the parser
         * met first (its INDENT path does not tokenize the rest): parse what came before the error */
        gl_err lexerr = I->err;
        gl_err_clear(&I->err);
        if (!py_parse(&I->ar, &toks, file, &body, &nb, &I->err) || !strstr(I->err.msg, ": IndentationError: unexpected indent"))
            I->err = lexerr;
        st = I->err.code;
    }
    if (!st) st = py_parse(&I->ar, &toks, file, &body, &nb, &I->err);
    if (!st) st = py_scope_analyse(&I->ar, body, nb, file, &I->err);
    if (!st) {
        py_builtins_install(I);
        st = I->err.code;
    }
    if (!st) {                    /* the program runs as __main__ */
        const char *nm = py_intern(&I->ar, "__name__", 8);
        py_val *v = nm ? py_str(I, "__main__", 8) : NULL;
        if (!v || py_env_set(I, I->globals, nm, v)) {
            if (!I->err.code) py_oom(I);
            st = I->err.code;
        }
    }
    if (!st) st = py_run_module(I, body, nb);
    if (!st && !I->last)
        st = gl_fail(&I->err, GL_E_INVALID, "%s: the program never calls trace(...): there is no graph to compile", file);
    if (!st) py_utf8_repair(&I->console);   /* "\xff"-style escapes may print bytes that are not UTF-8 */
    if (!st && I->console.failed) st = gl_fail(&I->err, GL_E_NOMEM, "out of memory (print output)");
    if (I->ar.nomem && st == GL_E_LIMIT) I->err.code = st = GL_E_NOMEM;
    if (!st) {
        out->graph = I->last;
        out->spans = I->last_spans;
        I->last = NULL;
        I->last_spans = NULL;
        if (!I->console.buf) gl_sb_putc(&I->console, 0), I->console.len = 0;
        out->console = I->console.buf;
        out->console_len = I->console.len;
        I->console.buf = NULL;
        if (!out->console) {
            gl_program_free(out);
            st = gl_fail(&I->err, GL_E_NOMEM, "out of memory");
        }
    }
    if (st) {
        if (!I->err.code) gl_fail(&I->err, st, "%s: error", file);
        gl_fail(e, I->err.code, "%s", I->err.msg);
        if (opts && opts->console_on_error && I->console.len && !I->console.failed) {
            py_utf8_repair(&I->console);
            if (!I->console.failed) {
                out->console = I->console.buf;
                out->console_len = I->console.len;
                I->console.buf = NULL;
            }
        }
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
