/* py_value.c — Python values: constructors, equality, str() / repr(), dicts, environments and number
 * arithmetic with Python's semantics. ints are 64-bit: // floors, % takes the divisor's sign, ** with a
 * negative exponent is a float, and an int result that does not fit is an error (never a silent wrap). */
#include <math.h>
#include <string.h>

#include "front/py.h"
#include "front/py_str.h"

py_val py_None = {.kind = V_NONE}, py_True = {.kind = V_BOOL, .u.b = true}, py_False = {.kind = V_BOOL, .u.b = false};

py_val *py_oom(py_interp *I) {
    return py_fail(I, NULL, I->ar.nomem ? GL_E_NOMEM : GL_E_LIMIT, "the program needs more memory than its budget (%u MiB)",
                   (unsigned)((I->ar.limit ? I->ar.limit : GL_PROGRAM_MAX_ARENA) >> 20));
}

py_val *py_new(py_interp *I, py_vkind k) {
    py_val *v = py_alloc(&I->ar, sizeof *v);
    if (!v) return py_oom(I);
    v->kind = k;
    return v;
}

py_val *py_int(py_interp *I, int64_t x) {
    py_val *v = py_new(I, V_INT);
    if (v) v->u.i = x;
    return v;
}

py_val *py_float(py_interp *I, double x) {
    py_val *v = py_new(I, V_FLOAT);
    if (v) v->u.f = x;
    return v;
}

py_val *py_bool(bool b) { return b ? &py_True : &py_False; }

py_val *py_str(py_interp *I, const char *s, size_t n) {
    if (n > GL_PROGRAM_MAX_SEQ) return py_fail(I, NULL, GL_E_LIMIT, "a string of %zu bytes is over the limit (%d)", n, GL_PROGRAM_MAX_SEQ);
    py_val *v = py_new(I, V_STR);
    if (!v) return NULL;
    char *d = py_strndup(&I->ar, s, n);
    if (!d) return py_oom(I);
    v->u.str.s = d;
    v->u.str.n = n;
    return v;
}

py_val *py_seq(py_interp *I, py_vkind k, int n) {
    if (n > GL_PROGRAM_MAX_SEQ) return py_fail(I, NULL, GL_E_LIMIT, "a %s of %d elements is over the limit (%d)",
                                               k == V_TUPLE ? "tuple" : "list", n, GL_PROGRAM_MAX_SEQ);
    py_val *v = py_new(I, k);
    if (!v) return NULL;
    int cap = n < 4 ? 4 : n;
    v->u.seq.v = py_alloc(&I->ar, sizeof(py_val *) * (size_t)cap);
    if (!v->u.seq.v) return py_oom(I);
    v->u.seq.n = n;
    v->u.seq.cap = cap;
    return v;
}

gl_status py_list_push(py_interp *I, py_val *l, py_val *x) {
    if (l->u.seq.n == l->u.seq.cap) {
        if (l->u.seq.cap >= GL_PROGRAM_MAX_SEQ)
            return py_fail(I, NULL, GL_E_LIMIT, "a list of more than %d elements is over the limit", GL_PROGRAM_MAX_SEQ),
                   GL_E_LIMIT;
        int cap = l->u.seq.cap * 2;
        py_val **t = py_alloc(&I->ar, sizeof *t * (size_t)cap);
        if (!t) return py_oom(I), I->err.code;
        memcpy(t, l->u.seq.v, sizeof *t * (size_t)l->u.seq.n);
        l->u.seq.v = t;
        l->u.seq.cap = cap;
    }
    l->u.seq.v[l->u.seq.n++] = x;
    return GL_OK;
}

const char *py_type_name(const py_val *v) {
    switch (v->kind) {            /* by name, never by position: kinds are appended to py_vkind */
    case V_SET: return "set";
    case V_FROZENSET: return "frozenset";
    case V_VIEW: return v->u.view.which == VIEW_KEYS ? "dict_keys" : v->u.view.which == VIEW_VALUES ? "dict_values" : "dict_items";
    case V_NONE: return "NoneType";
    case V_BOOL: return "bool";
    case V_INT: return v->u.isub.sub ? v->u.isub.sub->cls->u.cls->name : "int";   /* a subclass: its name */
    case V_BIG: return "int";
    case V_FLOAT: return "float";
    case V_STR: return "str";
    case V_TUPLE: return v->u.seq.sub ? v->u.seq.sub->cls->u.cls->name : "tuple";
    case V_LIST: return v->u.seq.sub ? v->u.seq.sub->cls->u.cls->name : "list";   /* a subclass: its name */
    case V_DICT: return v->u.d->sub ? v->u.d->sub->cls->u.cls->name : "dict";
    case V_RANGE: return "range";
    case V_FUNC: return "function";
    case V_BUILTIN:               /* random.Random's methods in C (py_lib_random.c): what CPython's are, unbound */
        if (v->u.bi.id >= B_LIB_M_FIRST && v->u.bi.id <= B_LIB_M_LAST && !v->u.bi.self)
            return v->u.bi.id == B_LIB_R_RANDOM || v->u.bi.id == B_LIB_R_GETRANDBITS ? "method_descriptor" : "function";
        return "builtin_function_or_method";
    case V_TENSOR: return "Tensor";
    case V_ARRAY: return "ndarray";
    case V_MODULE: return v->u.mod == MOD_ELLIPSIS ? "ellipsis" : "module";
    case V_CFG: return "LayerCfg";
    case V_GRAPH: return "Graph";
    case V_NODE: return "Node";
    case V_SLICE: return "slice";
    case V_ITER: return py_iter_type_name(v);
    case V_CLASS: case V_INST: case V_METHOD: case V_WRAP: return py_class_type_name(v);
    default: return "object";
    }
}

const char *py_kind_name(const py_val *v) {
    if (py_sub_of(v)) return v->kind == V_DICT ? "dict" : v->kind == V_TUPLE ? "tuple" : v->kind == V_INT ? "int" : "list";
    return py_type_name(v);
}

bool py_is_num(const py_val *v) {
    return v->kind == V_INT || v->kind == V_FLOAT || v->kind == V_BOOL || v->kind == V_BIG;
}

/* A number as a double; a big int beyond the double range is +-inf here (py_num_to_double raises). */
double py_num(const py_val *v) {
    bool ov;
    return v->kind == V_FLOAT ? v->u.f : v->kind == V_INT ? (double)v->u.i : v->kind == V_BIG ? pb_to_double(v->u.big, &ov)
                                                                                               : (double)v->u.b;
}

bool py_truthy_plain(const py_val *v) {
    switch (v->kind) {
    case V_NONE: return false;
    case V_BOOL: return v->u.b;
    case V_INT: return v->u.i != 0;
    case V_BIG: return true;
    case V_FLOAT: return v->u.f != 0.0;
    case V_STR: return v->u.str.n != 0;
    case V_TUPLE: case V_LIST: return v->u.seq.n != 0;
    case V_DICT: return v->u.d->len != 0;
    case V_SET: case V_FROZENSET: return v->u.set->used != 0;
    case V_VIEW: return py_view_len(v) != 0;
    case V_RANGE: {
        int64_t a = v->u.r.start, b = v->u.r.stop, s = v->u.r.step;
        return s > 0 ? a < b : a > b;
    }
    default: return true;
    }
}

/* Containers nested deeper than this compare unequal and print as "..." (a bound on the C stack; Python
 * would raise RecursionError). */
#define PY_MAX_VALUE_DEPTH 100

static bool eq_at(const py_val *a, const py_val *b, int depth, int64_t *work);

/* Comparing containers that share their parts ([a, a] nested 40 deep) is exponential: past this many values
 * compared the answer is "unequal" — and a caller with a step budget (py_eq_work + py_work) has run out of it
 * by then (PY_WORK_PER_STEP x GL_PROGRAM_MAX_STEPS is 16M). */
#define PY_EQ_WORK_CAP (1LL << 24)

bool py_eq(const py_val *a, const py_val *b) {
    int64_t w = 0;
    return eq_at(a, b, 0, &w);
}
bool py_eq_depth(const py_val *a, const py_val *b, int depth) {
    int64_t w = 0;
    return eq_at(a, b, depth, &w);
}
bool py_eq_work(const py_val *a, const py_val *b, int64_t *work) {
    int64_t w = 0;
    bool r = eq_at(a, b, 0, &w);
    if (work) *work += w;
    return r;
}

/* work (may be NULL) counts the values and bytes compared, for the step budget (py_work). */
static bool eq_at(const py_val *a, const py_val *b, int depth, int64_t *work) {
    if (work && ++*work > PY_EQ_WORK_CAP) return false;
    if (a == b) return true;
    if (depth > PY_MAX_VALUE_DEPTH) return false;
    if (py_is_num(a) && py_is_num(b)) return py_num_cmp(a, b) == 0;   /* exact, also int vs float */
    if (a->kind == V_SET || a->kind == V_FROZENSET || a->kind == V_VIEW)
        return b->kind == V_SET || b->kind == V_FROZENSET || b->kind == V_VIEW ? py_cont_eq(a, b) : false;
    if (a->kind != b->kind) return false;
    switch (a->kind) {
    case V_NONE: return true;
    case V_STR:
        if (work && a->u.str.n == b->u.str.n) *work += (int64_t)(a->u.str.n / 8);
        return a->u.str.n == b->u.str.n && memcmp(a->u.str.s, b->u.str.s, a->u.str.n) == 0;
    case V_TUPLE: case V_LIST:
        if (a->u.seq.n != b->u.seq.n) return false;
        for (int i = 0; i < a->u.seq.n; i++)
            if (!eq_at(a->u.seq.v[i], b->u.seq.v[i], depth + 1, work)) return false;
        return true;
    case V_RANGE: return a->u.r.start == b->u.r.start && a->u.r.stop == b->u.r.stop && a->u.r.step == b->u.r.step;
    case V_SLICE:                 /* as the tuples (start, stop, step) */
        return eq_at(a->u.sl.start, b->u.sl.start, depth + 1, work) && eq_at(a->u.sl.stop, b->u.sl.stop, depth + 1, work) &&
               eq_at(a->u.sl.step, b->u.sl.step, depth + 1, work);
    case V_DICT: {
        if (a->u.d->len != b->u.d->len) return false;
        py_val *k, *v;
        for (int i = 0; py_dict_next(a, &i, &k, &v);) {
            py_val *o = py_dict_find((py_val *)b, k, work);
            if (!o || !eq_at(v, o, depth + 1, work)) return false;
        }
        return true;
    }
    case V_CFG:
        for (int i = 0; i < 7; i++)
            if (!eq_at(a->u.cfg[i], b->u.cfg[i], depth + 1, work)) return false;
        return true;
    case V_BUILTIN: return a->u.bi.id == b->u.bi.id && a->u.bi.self == b->u.bi.self;   /* two lookups of F.exp */
    case V_INST: case V_METHOD: return py_class_eq_plain(a, b, depth);
    default: return false;       /* identity */
    }
}

static void repr_at(py_interp *I, gl_sb *sb, const py_val *v, bool repr, int depth);

/* Containers: CPython's list / tuple / dict / set / frozenset / dict view reprs. */
static void repr_box(py_interp *I, gl_sb *sb, const py_val *v, int depth) {
    py_val *k, *x;
    int n = 0;
    switch (v->kind) {
    case V_TUPLE: case V_LIST:
        gl_sb_putc(sb, v->kind == V_TUPLE ? '(' : '[');
        for (int i = 0; i < v->u.seq.n && !sb->failed; i++) {
            if (i) gl_sb_puts(sb, ", ");
            repr_at(I, sb, v->u.seq.v[i], true, depth + 1);
        }
        if (v->kind == V_TUPLE && v->u.seq.n == 1) gl_sb_putc(sb, ',');
        gl_sb_putc(sb, v->kind == V_TUPLE ? ')' : ']');
        return;
    case V_DICT:
        gl_sb_putc(sb, '{');
        for (int i = 0; py_dict_next(v, &i, &k, &x) && !sb->failed; n++) {
            if (n) gl_sb_puts(sb, ", ");
            repr_at(I, sb, k, true, depth + 1);
            gl_sb_puts(sb, ": ");
            repr_at(I, sb, x, true, depth + 1);
        }
        gl_sb_putc(sb, '}');
        return;
    case V_SET: case V_FROZENSET: {
        bool fz = v->kind == V_FROZENSET;
        if (!v->u.set->used) {
            gl_sb_puts(sb, fz ? "frozenset()" : "set()");
            return;
        }
        gl_sb_puts(sb, fz ? "frozenset({" : "{");
        for (int64_t i = 0; py_set_next(v, &i, &k, NULL) && !sb->failed; n++) {
            if (n) gl_sb_puts(sb, ", ");
            repr_at(I, sb, k, true, depth + 1);
        }
        gl_sb_puts(sb, fz ? "})" : "}");
        return;
    }
    case V_VIEW: {
        int w = v->u.view.which;
        gl_sb_puts(sb, w == VIEW_KEYS ? "dict_keys([" : w == VIEW_VALUES ? "dict_values([" : "dict_items([");
        for (int i = 0; py_dict_next(v->u.view.d, &i, &k, &x) && !sb->failed; n++) {
            if (n) gl_sb_puts(sb, ", ");
            if (w == VIEW_ITEMS) gl_sb_putc(sb, '(');
            if (w != VIEW_VALUES) repr_at(I, sb, k, true, depth + 1);
            if (w == VIEW_ITEMS) gl_sb_puts(sb, ", ");
            if (w != VIEW_KEYS) repr_at(I, sb, x, true, depth + 1);
            if (w == VIEW_ITEMS) gl_sb_putc(sb, ')');
        }
        gl_sb_puts(sb, "])");
        return;
    }
    default: return;
    }
}

void py_repr(py_interp *I, gl_sb *sb, const py_val *v, bool repr) { repr_at(I, sb, v, repr, 0); }

void py_repr_box(py_interp *I, gl_sb *sb, const py_val *v) {
    if (I->nrepr == (int)(sizeof I->reprs / sizeof I->reprs[0])) {
        gl_sb_puts(sb, "...");
        return;
    }
    I->reprs[I->nrepr++] = v;
    repr_box(I, sb, v, 0);
    I->nrepr--;
}

static void repr_at(py_interp *I, gl_sb *sb, const py_val *v, bool repr, int depth) {
    char buf[40];
    if (depth > PY_MAX_VALUE_DEPTH) {
        gl_sb_puts(sb, "...");
        return;
    }
    if (sb->len > (size_t)GL_PROGRAM_MAX_SEQ * 4) {
        sb->failed = true;          /* a self-containing list, or a huge one: stop */
        return;
    }
    bool box = v->kind == V_LIST || v->kind == V_TUPLE || v->kind == V_DICT || v->kind == V_SET ||
               v->kind == V_FROZENSET || v->kind == V_VIEW;
    if (box) {
        for (int i = 0; i < I->nrepr; i++)
            if (I->reprs[i] == v) {   /* Py_ReprEnter: a container inside itself */
                gl_sb_puts(sb, v->kind == V_LIST ? "[...]" : v->kind == V_TUPLE ? "(...)" : v->kind == V_DICT ? "{...}"
                               : v->kind == V_SET ? "set(...)" : v->kind == V_FROZENSET ? "frozenset(...)" : "...");
                return;
            }
        if (I->nrepr == (int)(sizeof I->reprs / sizeof I->reprs[0])) {   /* deeper than the depth bound anyway */
            gl_sb_puts(sb, "...");
            return;
        }
        if (py_sub_of(v) && py_sub_repr(I, sb, v, repr)) return;   /* a dict / list subclass's __repr__ / __str__ */
        I->reprs[I->nrepr++] = v;
        repr_box(I, sb, v, depth);
        I->nrepr--;
        return;
    }
    switch (v->kind) {
    case V_NONE: gl_sb_puts(sb, "None"); return;
    case V_BOOL: gl_sb_puts(sb, v->u.b ? "True" : "False"); return;
    case V_INT:
        if (py_sub_of(v) && py_sub_repr(I, sb, v, repr)) return;   /* an int subclass's __repr__ / __str__ */
        gl_sb_printf(sb, "%lld", (long long)v->u.i);
        return;
    case V_BIG: py_num_repr(I, sb, v); return;
    case V_NODE: py_node_repr(I, sb, v); return;
    case V_SLICE:
        gl_sb_puts(sb, "slice(");
        repr_at(I, sb, v->u.sl.start, true, depth + 1);
        gl_sb_puts(sb, ", ");
        repr_at(I, sb, v->u.sl.stop, true, depth + 1);
        gl_sb_puts(sb, ", ");
        repr_at(I, sb, v->u.sl.step, true, depth + 1);
        gl_sb_putc(sb, ')');
        return;
    case V_FLOAT:
        if (isinf(v->u.f)) gl_sb_puts(sb, v->u.f > 0 ? "inf" : "-inf");
        else if (isnan(v->u.f)) gl_sb_puts(sb, "nan");
        else gl_sb_puts(sb, gl_fmt_double(v->u.f, buf));
        return;
    case V_STR:
        if (repr) py_str_repr(sb, v->u.str.s, v->u.str.n, false);
        else gl_sb_putn(sb, v->u.str.s, v->u.str.n);
        return;
    case V_TUPLE: case V_LIST: case V_DICT: case V_SET: case V_FROZENSET: case V_VIEW: return;   /* repr_box */
    case V_RANGE:
        if (v->u.r.step == 1) gl_sb_printf(sb, "range(%lld, %lld)", (long long)v->u.r.start, (long long)v->u.r.stop);
        else gl_sb_printf(sb, "range(%lld, %lld, %lld)", (long long)v->u.r.start, (long long)v->u.r.stop,
                          (long long)v->u.r.step);
        return;
    case V_FUNC: {
        const py_node *d = v->u.fn.def;
        gl_sb_printf(sb, "<function %s at 0x%llx>", d->qualname ? d->qualname : d->name ? d->name : "<lambda>",
                     (unsigned long long)(uintptr_t)v);
        return;
    }
    case V_BUILTIN:
        if (py_builtin_is_type(v)) gl_sb_printf(sb, "<class '%s'>", py_builtin_name(v->u.bi.id));
        else if (v->u.bi.id == B_LIB_R_RANDOM || v->u.bi.id == B_LIB_R_GETRANDBITS)
            gl_sb_printf(sb, "<method '%s' of '_random.Random' objects>", py_builtin_name(v->u.bi.id));
        else if (v->u.bi.id >= B_LIB_M_FIRST && v->u.bi.id <= B_LIB_M_LAST)
            gl_sb_printf(sb, "<function Random.%s at 0x%llx>", py_builtin_name(v->u.bi.id), (unsigned long long)(uintptr_t)v);
        else if (py_sub_unbound_name(v))     /* list.append: a method descriptor (a slot wrapper for a dunder) */
            gl_sb_printf(sb, strncmp(py_sub_unbound_name(v), "__", 2) ? "<method '%s' of '%s' objects>"
                                                                    : "<slot wrapper '%s' of '%s' objects>",
                         py_sub_unbound_name(v), py_builtin_name(v->u.bi.self->u.bi.id));
        else if (v->u.bi.id == B_S_METHOD && !v->u.bi.self)
            gl_sb_printf(sb, "<method '%s' of 'str' objects>", py_str_method_name(v->u.bi.sub));
        else if ((v->u.bi.id == B_S_METHOD || (v->u.bi.id >= PY_CONT_BASE && v->u.bi.id < PY_PASS_BASE)) && v->u.bi.self)
            gl_sb_printf(sb, "<built-in method %s of %s object at 0x%llx>",   /* a method bound to its str / container */
                         v->u.bi.id == B_S_METHOD ? py_str_method_name(v->u.bi.sub) : py_builtin_name(v->u.bi.id),
                         py_type_name(v->u.bi.self), (unsigned long long)(uintptr_t)v->u.bi.self);
        else gl_sb_printf(sb, "<built-in function %s>", py_builtin_name(v->u.bi.id));
        return;
    case V_CLASS: case V_INST: case V_METHOD: case V_WRAP:
        py_class_repr(I, sb, v, repr);
        return;
    case V_TENSOR: {
        const gl_shape *s = v->u.tn.tc->tr ? gl_t_shape(v->u.tn.tc->tr, v->u.tn.id) : NULL;
        char sh[200];
        gl_sb_printf(sb, "Tensor(%%%d, shape=%s)", v->u.tn.id, s ? gl_shape_str(s, sh, sizeof sh) : "?");
        return;
    }
    case V_ARRAY: gl_sb_puts(sb, "<ndarray>"); return;
    case V_MODULE:
        if (v->u.mod == MOD_ELLIPSIS) {
            gl_sb_puts(sb, "Ellipsis");
            return;
        }
        gl_sb_printf(sb, "<module '%s'>", v->u.mod >= MOD_LIB ? py_lib_name(v->u.mod - MOD_LIB) : v->u.mod == MOD_MATH ? "math"
                     : v->u.mod == MOD_F ? "F" : "graph_lab");
        return;
    case V_CFG: {
        static const char *f[] = {"d", "H", "G", "dh", "f", "eps", "theta"};
        gl_sb_puts(sb, "LayerCfg(");
        for (int i = 0; i < 7; i++) {
            gl_sb_printf(sb, "%s%s=", i ? ", " : "", f[i]);
            repr_at(I, sb, v->u.cfg[i], true, depth + 1);
        }
        gl_sb_putc(sb, ')');
        return;
    }
    case V_ITER: py_iter_repr(I, sb, v, repr, depth); return;
    case V_GRAPH: {
        char *t = NULL;
        if (gl_graph_print(v->u.gr.g, &t, NULL)) {
            sb->failed = true;
            return;
        }
        gl_sb_puts(sb, t);
        free(t);
        return;
    }
    }
}

/* ---- numbers: py_arith and the rest of Python's number semantics are in py_num.c */

/* ---- environments */
py_env *py_env_new(py_interp *I, py_env *up) {
    py_env *e = py_alloc(&I->ar, sizeof *e);
    if (!e) {
        py_oom(I);
        return NULL;
    }
    e->up = up;
    return e;
}

py_val *py_env_get(py_env *e, const char *name) {
    for (; e; e = e->up)
        for (int i = e->n - 1; i >= 0; i--)
            if (e->names[i] == name && e->vals[i]) return e->vals[i];   /* a deleted name looks further out */
    return NULL;
}

py_val *py_env_get_local(py_env *e, const char *name) {
    for (int i = e->n - 1; i >= 0; i--)
        if (e->names[i] == name) return e->vals[i];
    return NULL;
}

bool py_env_del(py_env *e, const char *name) {
    for (int i = 0; i < e->n; i++)
        if (e->names[i] == name) {
            bool was = e->vals[i] != NULL;
            e->vals[i] = NULL;
            return was;
        }
    return false;
}

gl_status py_env_set(py_interp *I, py_env *e, const char *name, py_val *v) {
    for (int i = 0; i < e->n; i++)
        if (e->names[i] == name) {
            e->vals[i] = v;
            return GL_OK;
        }
    if (e->n == e->cap) {
        int cap = e->cap ? e->cap * 2 : 8;
        const char **nn = py_alloc(&I->ar, sizeof *nn * (size_t)cap);
        py_val **nv = py_alloc(&I->ar, sizeof *nv * (size_t)cap);
        if (!nn || !nv) return py_oom(I), I->err.code;
        if (e->n) {
            memcpy(nn, e->names, sizeof *nn * (size_t)e->n);
            memcpy(nv, e->vals, sizeof *nv * (size_t)e->n);
        }
        e->names = nn;
        e->vals = nv;
        e->cap = cap;
    }
    e->names[e->n] = name;
    e->vals[e->n] = v;
    e->n++;
    return GL_OK;
}
