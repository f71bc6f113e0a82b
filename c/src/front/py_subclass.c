/* py_subclass.c — classes derived from the built-in containers and int: `class Shapes(dict)`, `class Stack(list)`,
 * `class Point(tuple)` (collections.namedtuple's classes are such), `class Cents(int)`.
 *
 * CPython's instance of a dict subclass *is* a dict: PyDict_Check holds, and every C path that takes a dict
 * (dict(x), {**x}, f(**x), x | y, json, len, iteration, repr, ==) works on it unchanged; the subclass adds a
 * type, an instance __dict__ and the methods its class statement defines, which win over dict's where the
 * type slots consult them (x[k], x[k] = v, del x[k], len, in, iter, truth, the operators, repr / str).
 * GraphLab does the same: such an instance is a V_DICT / V_LIST / V_TUPLE / V_INT value whose py_dict / seq / isub carries a py_sub
 * (its class and attribute namespace), so the whole front end takes it as the container it is, and only
 * the protocol entry points (py_eval.c, py_iter.c, py_builtins.c, py_value.c) ask py_sub_* first whether a
 * user class overrides the dunder. The alternative — an object wrapping a dict and delegating — would have
 * to be unwrapped at every place that checks for a dict, and every one missed would be a wrong TypeError.
 *
 * The class keeps `object` as its base in the chain of user classes (py_class.c's lookups walk V_CLASS
 * values only) and records dict / list as bkind / btype: attribute lookup on an instance is then property →
 * instance attribute → user classes → dict's / list's own attributes → object's, which is the MRO
 * (D, ..., dict, object); super() walking past the last user class meets dict / list there too, so
 * super().__init__(...), super().__getitem__(k) and super().__setitem__(k, v) reach the base.
 * dict's and list's dunders (__init__, __getitem__, ... __repr__) are builtins of this file: the plain
 * container operation, never the subclass's override (dict.__getitem__ still calls __missing__, as CPython's
 * dict_subscript does). dict.get / list.append / dict.__setitem__ as attributes of the type are unbound
 * methods taking the instance first ("descriptor 'get' for 'dict' objects doesn't apply to a 'int' object").
 *
 * Copies are plain containers, as in CPython: d.copy(), dict(d), l[:], l + m, l * 2 make a dict / list.
 * tuple and int are immutable: their instances are made by __new__ — the class's own (an implicit staticmethod,
 * super().__new__(cls, ...) reaching tuple.__new__ / int.__new__) or the base's — and then __init__ runs on
 * them (type_call); `__slots__` on every user class of a type leave its instances without a __dict__. An int
 * subclass's value fits 64 bits (a V_BIG has no py_sub); int(x), +x, abs(x), round(x) of it are plain ints.
 * Unsupported: other built-in bases (str, float, set), a slice through an overridden
 * __getitem__, and the C fast paths CPython takes for an exact dict only (dict(x) copying a subclass with an
 * overridden keys() still copies the items, as CPython's PyDict_Merge does for a dict subclass without
 * an overridden __iter__). */
#include <string.h>

#include "front/py.h"
#include "front/py_iter.h"

static const char *S(py_interp *I, const char *s) { return py_intern(&I->ar, s, strlen(s)); }

/* The builtins of this file: PY_SUB_BASE + SB_*. SB_UNBOUND's `sub` indexes UNAMES; its self is the type. */
enum { SB_INIT, SB_GETITEM, SB_SETITEM, SB_DELITEM, SB_CONTAINS, SB_LEN, SB_ITER, SB_REPR, SB_STR, SB_EQ, SB_NE,
       SB_UNBOUND, SB_FROMKEYS, SB_TNEW, SB_INEW, SB_COUNT };
static const char *const SB_NAMES[SB_COUNT] = {"__init__", "__getitem__", "__setitem__", "__delitem__", "__contains__",
                                                "__len__", "__iter__", "__repr__", "__str__", "__eq__", "__ne__",
                                                "method", "fromkeys", "__new__", "__new__"};

const char *py_sub_builtin_name(int id) { return id >= 0 && id < SB_COUNT ? SB_NAMES[id] : "?"; }

static const char *kind_name(int kind) {
    return kind == V_DICT ? "dict" : kind == V_TUPLE ? "tuple" : kind == V_INT ? "int" : "list";
}

static py_val *sb_builtin(py_interp *I, int id, py_val *self, int sub) {
    py_val *f = py_builtin(I, PY_SUB_BASE + id, self);
    if (f) f->u.bi.sub = sub;
    return f;
}

/* ---------------------------------------------------------------- lookup */
/* name (interned) in the user classes of cls (not the container type, not object) */
static py_val *class_method(py_interp *I, py_val *cls, const char *name) {
    int guard = 0;
    for (py_val *c = cls; name && c && c->kind == V_CLASS && c != I->crt->object && guard < 10000; c = c->u.cls->base, guard++) {
        py_val *d = py_class_ns_get(c->u.cls->ns, name);
        if (d) return d;
    }
    return NULL;
}

py_val *py_sub_method(py_interp *I, const py_val *v, const char *name) {
    py_sub *sb = py_sub_of(v);
    return sb ? class_method(I, sb->cls, name) : NULL;
}

py_val *py_sub_call(py_interp *I, const py_node *at, py_val *v, const char *name, int n, py_val **args, bool *found) {
    py_val *d = py_sub_method(I, v, S(I, name));
    *found = d != NULL;
    if (!d) return NULL;
    py_args a = {args, n, NULL, NULL, 0};
    return py_class_call_raw(I, at, d, v, py_sub_of(v)->cls, &a);
}

static bool is_prop(const py_val *d) { return d && d->kind == V_WRAP && d->u.w->what == W_PROP; }

py_val *py_sub_base_attr(py_interp *I, const py_node *at, py_val *obj, const char *name) {
    if (obj->kind == V_INT) {     /* int's own attributes, bound to the plain int (ints are immutable) */
        py_val *plain = py_int(I, obj->u.i), *m;
        if (!plain) return NULL;
        if ((m = py_nummeth_attr(I, plain, name)) || I->err.code) return m;
        if (strcmp(name, "bit_length") == 0) return py_builtin(I, B_I_BITLEN, plain);
        if (strcmp(name, "real") == 0 || strcmp(name, "numerator") == 0) return plain;
        if (strcmp(name, "imag") == 0) return py_int(I, 0);
        if (strcmp(name, "denominator") == 0) return py_int(I, 1);
        return NULL;
    }
    py_val *m = py_cont_attr(I, at, obj, name);   /* get, items, append, sort, ... bound to the container */
    if (m || I->err.code) return m;
    for (int id = SB_INIT; id <= SB_NE; id++)
        if (strcmp(name, SB_NAMES[id]) == 0 && !(obj->kind == V_TUPLE && (id == SB_SETITEM || id == SB_DELITEM)))
            return sb_builtin(I, id, obj, 0);
    return NULL;
}

py_val *py_sub_getattr(py_interp *I, const py_node *at, py_val *v, const char *name) {
    py_sub *sb = py_sub_of(v);
    if (name == S(I, "__class__")) return sb->cls;
    if (name == S(I, "__dict__")) return py_class_env_dict(I, sb->attrs);
    py_val *d = py_sub_method(I, v, name);
    if (is_prop(d)) {
        if (!d->u.w->a)
            return py_fail(I, at, GL_E_INVALID, "AttributeError: property '%s' of '%s' object has no getter", name, sb->cls->u.cls->name);
        py_args a = {NULL, 0, NULL, NULL, 0};
        return py_class_call_raw(I, at, d->u.w->a, v, sb->cls, &a);
    }
    py_val *x = py_class_ns_get(sb->attrs, name);
    if (x) return x;
    if (d) return py_class_bind(I, d, v, sb->cls);
    if ((x = py_sub_base_attr(I, at, v, name)) || I->err.code) return x;
    if ((d = py_class_ns_get(I->crt->object->u.cls->ns, name))) return py_class_bind(I, d, v, sb->cls);
    py_val *ga = py_sub_method(I, v, S(I, "__getattr__"));
    if (ga) {
        py_val *nm = py_str(I, name, strlen(name));
        py_args a = {&nm, 1, NULL, NULL, 0};
        return nm ? py_class_call_raw(I, at, ga, v, sb->cls, &a) : NULL;
    }
    return py_fail(I, at, GL_E_INVALID, "AttributeError: '%s' object has no attribute '%s'", sb->cls->u.cls->name, name);
}

/* An instance has a __dict__ unless every user class of its type sets __slots__ (namedtuple's `__slots__ = ()`);
 * then only the names the slots list can be set. */
static bool slot_allowed(py_interp *I, py_val *cls, const char *name) {
    const char *sl = S(I, "__slots__");
    int guard = 0;
    bool named = false;
    for (py_val *c = cls; c && c->kind == V_CLASS && c != I->crt->object && guard < 10000; c = c->u.cls->base, guard++) {
        py_val *d = py_class_ns_get(c->u.cls->ns, sl);
        if (!d) return true;      /* this class gives its instances a __dict__ */
        if (d->kind == V_STR) named = named || (d->u.str.n == strlen(name) && memcmp(d->u.str.s, name, d->u.str.n) == 0);
        else if (d->kind == V_TUPLE || d->kind == V_LIST)
            for (int i = 0; i < d->u.seq.n; i++) {
                py_val *e = d->u.seq.v[i];
                named = named || (e->kind == V_STR && e->u.str.n == strlen(name) && memcmp(e->u.str.s, name, e->u.str.n) == 0);
            }
    }
    return named;
}

gl_status py_sub_setattr(py_interp *I, const py_node *at, py_val *v, const char *name, py_val *x) {
    py_sub *sb = py_sub_of(v);
    py_val *d = py_sub_method(I, v, name);
    if (is_prop(d)) {
        if (!d->u.w->b)
            return py_fail(I, at, GL_E_INVALID, "AttributeError: property '%s' of '%s' object has no setter", name,
                           sb->cls->u.cls->name), I->err.code;
        py_args a = {&x, 1, NULL, NULL, 0};
        return py_class_call_raw(I, at, d->u.w->b, v, sb->cls, &a) ? GL_OK : I->err.code;
    }
    py_val *sa = py_sub_method(I, v, S(I, "__setattr__"));
    if (sa && sa->kind == V_FUNC) {
        py_val *args[2] = {py_str(I, name, strlen(name)), x};
        py_args a = {args, 2, NULL, NULL, 0};
        return args[0] && py_class_call_raw(I, at, sa, v, sb->cls, &a) ? GL_OK : I->err.code;
    }
    if (!slot_allowed(I, sb->cls, name))
        return py_fail(I, at, GL_E_INVALID, "AttributeError: '%s' object has no attribute '%s'", sb->cls->u.cls->name, name),
               I->err.code;
    return py_env_set(I, sb->attrs, name, x);   /* d.get = 1 too: the instance's __dict__ shadows dict.get */
}

gl_status py_sub_delattr(py_interp *I, const py_node *at, py_val *v, const char *name) {
    py_sub *sb = py_sub_of(v);
    py_val *d = py_sub_method(I, v, name);
    if (is_prop(d)) {
        if (!d->u.w->c)
            return py_fail(I, at, GL_E_INVALID, "AttributeError: property '%s' of '%s' object has no deleter", name,
                           sb->cls->u.cls->name), I->err.code;
        py_args a = {NULL, 0, NULL, NULL, 0};
        return py_class_call_raw(I, at, d->u.w->c, v, sb->cls, &a) ? GL_OK : I->err.code;
    }
    if (py_class_ns_del(sb->attrs, name)) return GL_OK;
    return py_fail(I, at, GL_E_INVALID, "AttributeError: '%s' object has no attribute '%s'", sb->cls->u.cls->name, name), I->err.code;
}

/* ---------------------------------------------------------------- the type's attributes */
static const char *const UNAMES[] = {"get", "items", "keys", "values", "update", "pop", "popitem", "setdefault", "copy",
                                     "clear", "append", "extend", "insert", "remove", "index", "count", "sort", "reverse",
                                     "__init__", "__getitem__", "__setitem__", "__delitem__", "__contains__", "__len__",
                                     "__iter__", "__repr__", "__str__", "__eq__", "__ne__", NULL};
enum { U_INDEX = 14, U_COUNT = 15, U_INIT = 18, U_SETITEM = 20, U_DELITEM = 21 };

const char *py_sub_unbound_name(const py_val *v) {
    return v->kind == V_BUILTIN && v->u.bi.id == PY_SUB_BASE + SB_UNBOUND ? UNAMES[v->u.bi.sub] : NULL;
}

py_val *py_sub_type_attr(py_interp *I, const py_node *at, py_val *t, const char *name) {
    (void)at;
    if (t->u.bi.id == B_TUPLE && strcmp(name, "__new__") == 0) return sb_builtin(I, SB_TNEW, NULL, 0);
    if (t->u.bi.id == B_INT) return strcmp(name, "__new__") == 0 ? sb_builtin(I, SB_INEW, NULL, 0) : NULL;
    for (int i = 0; UNAMES[i]; i++) {
        if (strcmp(UNAMES[i], name) != 0) continue;
        if (t->u.bi.id == B_TUPLE && i < U_INIT && i != U_INDEX && i != U_COUNT) return NULL;   /* tuple: index, count */
        if (t->u.bi.id == B_TUPLE && (i == U_INIT || i == U_SETITEM || i == U_DELITEM)) return NULL;
        if (t->u.bi.id == B_LIST && i < 10 && !(strcmp(name, "pop") == 0 || strcmp(name, "copy") == 0 || strcmp(name, "clear") == 0))
            return NULL;          /* dict-only names */
        if (t->u.bi.id == B_DICT && i >= 10 && i < 18) return NULL;   /* list-only names */
        return sb_builtin(I, SB_UNBOUND, t, i);
    }
    return NULL;
}

py_val *py_sub_class_attr(py_interp *I, const py_node *at, py_val *cls, const char *name) {
    if (cls->u.cls->bkind == V_DICT && strcmp(name, "fromkeys") == 0) return sb_builtin(I, SB_FROMKEYS, cls, 0);
    return py_sub_type_attr(I, at, cls->u.cls->btype, name);
}

/* ---------------------------------------------------------------- instances */
/* dict.__init__(self, *a, **kw): an update; list.__init__(self, it=()): cleared, then extended. */
static py_val *base_init(py_interp *I, const py_node *at, py_val *self, py_args *a) {
    if (self->kind == V_DICT) {
        py_val *tmp = py_dict_call(I, at, a), *k, *x;
        if (!tmp) return NULL;
        for (int i = 0; py_dict_next(tmp, &i, &k, &x);)
            if (py_dict_set(I, self, k, x)) return NULL;
        return &py_None;
    }
    if (a->nkw) return py_fail(I, at, GL_E_INVALID, "TypeError: list() takes no keyword arguments");
    if (a->npos > 1) return py_fail(I, at, GL_E_INVALID, "TypeError: list expected at most 1 argument, got %d", a->npos);
    py_val **items = NULL;
    int n = 0;
    if (a->npos && py_iter_list(I, at, a->pos[0], &items, &n)) return NULL;
    int cap = n < 4 ? 4 : n;      /* py_list_push doubles the capacity: never 0 */
    py_val **c = py_alloc(&I->ar, sizeof *c * (size_t)cap);
    if (!c) return py_oom(I);
    if (n) memcpy(c, items, sizeof *c * (size_t)n);   /* L(self) would alias */
    self->u.seq.v = c;
    self->u.seq.n = n;
    self->u.seq.cap = cap;
    return &py_None;
}

/* tuple.__new__(cls, iterable=()): a tuple, of class cls when cls derives from tuple */
static py_val *tuple_new(py_interp *I, const py_node *at, py_args *a) {
    if (a->npos < 1) return py_fail(I, at, GL_E_INVALID, "TypeError: tuple.__new__(): not enough arguments");
    py_val *cls = a->pos[0];
    bool plain = cls->kind == V_BUILTIN && cls->u.bi.id == B_TUPLE && !cls->u.bi.self;
    if (!plain && cls->kind != V_CLASS && !py_builtin_is_type(cls))
        return py_fail(I, at, GL_E_INVALID, "TypeError: tuple.__new__(X): X is not a type object (%s)", py_type_name(cls));
    if (!plain && (cls->kind != V_CLASS || cls->u.cls->bkind != V_TUPLE)) {
        const char *n = cls->kind == V_CLASS ? cls->u.cls->name : py_builtin_name(cls->u.bi.id);
        return py_fail(I, at, GL_E_INVALID, "TypeError: tuple.__new__(%s): %s is not a subtype of tuple", n, n);
    }
    /* tuple_new: keywords are refused unless the class overrides __init__ (they are its then) */
    if (a->nkw && (plain || !class_method(I, cls, S(I, "__init__"))))
        return py_fail(I, at, GL_E_INVALID, "TypeError: tuple() takes no keyword arguments");
    if (a->npos > 2) return py_fail(I, at, GL_E_INVALID, "TypeError: tuple expected at most 1 argument, got %d", a->npos - 1);
    py_val **items = NULL;
    int n = 0;
    if (a->npos == 2 && py_iter_list(I, at, a->pos[1], &items, &n)) return NULL;
    py_val *o = py_seq(I, V_TUPLE, n);   /* a new tuple: items may be the iterable's own array */
    if (!o) return NULL;
    if (n) memcpy(o->u.seq.v, items, sizeof *items * (size_t)n);
    if (plain) return o;
    py_sub *sb = py_alloc(&I->ar, sizeof *sb);
    if (!sb) return py_oom(I);
    if (!(sb->attrs = py_env_new(I, NULL))) return NULL;
    sb->cls = cls;
    o->u.seq.sub = sb;
    return o;
}

/* int.__new__(cls, x=0, base=10): int(x, base), of class cls when cls derives from int */
static py_val *int_new(py_interp *I, const py_node *at, py_args *a) {
    if (a->npos < 1) return py_fail(I, at, GL_E_INVALID, "TypeError: int.__new__(): not enough arguments");
    py_val *cls = a->pos[0];
    bool plain = cls->kind == V_BUILTIN && cls->u.bi.id == B_INT && !cls->u.bi.self;
    if (!plain && cls->kind != V_CLASS && !py_builtin_is_type(cls))
        return py_fail(I, at, GL_E_INVALID, "TypeError: int.__new__(X): X is not a type object (%s)", py_type_name(cls));
    if (!plain && (cls->kind != V_CLASS || cls->u.cls->bkind != V_INT)) {
        const char *n = cls->kind == V_CLASS ? cls->u.cls->name : py_builtin_name(cls->u.bi.id);
        return py_fail(I, at, GL_E_INVALID, "TypeError: int.__new__(%s): %s is not a subtype of int", n, n);
    }
    py_args b = *a;
    b.pos = a->pos + 1;
    b.npos = a->npos - 1;
    py_val *ib = py_builtin(I, B_INT, NULL), *r = ib ? py_call(I, at, ib, &b) : NULL;
    if (!r || plain) return r;
    if (r->kind == V_BIG)
        return py_fail(I, at, GL_E_LIMIT, "an instance of %s (a subclass of int) beyond 64 bits is not supported", cls->u.cls->name);
    py_val *o = py_new(I, V_INT);
    py_sub *sb = o ? py_alloc(&I->ar, sizeof *sb) : NULL;
    if (!sb) return o ? py_oom(I) : NULL;
    if (!(sb->attrs = py_env_new(I, NULL))) return NULL;
    sb->cls = cls;
    o->u.i = r->kind == V_BOOL ? r->u.b : r->u.i;
    o->u.isub.sub = sb;
    return o;
}

/* Class(...) of a class derived from tuple or int: its __new__ (the user's, an implicit staticmethod, or the
 * base's) makes the instance; the user's __init__ then runs on it when it is an instance of the class (type_call). */
static py_val *tuple_sub_new(py_interp *I, const py_node *at, py_val *cls, py_args *a) {
    py_val *nw = class_method(I, cls, S(I, "__new__")), *o;
    py_args b = *a;
    if (!(b.pos = py_alloc(&I->ar, sizeof *b.pos * (size_t)(a->npos + 1)))) return py_oom(I);
    b.pos[0] = cls;
    if (a->npos) memcpy(b.pos + 1, a->pos, sizeof *b.pos * (size_t)a->npos);
    b.npos = a->npos + 1;
    if (nw && nw->kind == V_WRAP && nw->u.w->what == W_STATIC) nw = nw->u.w->a;
    if (!(o = nw ? py_call(I, at, nw, &b) : cls->u.cls->bkind == V_INT ? int_new(I, at, &b) : tuple_new(I, at, &b))) return NULL;
    if (!py_sub_of(o) || !py_is_instance(I, o, cls)) return o;
    py_val *init = class_method(I, cls, S(I, "__init__"));
    if (!init) return o;          /* object.__init__ */
    py_val *r = py_class_call_raw(I, at, init, o, cls, a);
    if (!r) return NULL;
    if (r->kind != V_NONE)
        return py_fail(I, at, GL_E_INVALID, "TypeError: __init__() should return None, not '%s'", py_type_name(r));
    return o;
}

py_val *py_sub_new(py_interp *I, const py_node *at, py_val *cls, py_args *a) {
    py_class *c = cls->u.cls;
    if (c->bkind == V_TUPLE || c->bkind == V_INT) return tuple_sub_new(I, at, cls, a);
    py_sub *sb = py_alloc(&I->ar, sizeof *sb);
    if (!sb) return py_oom(I);
    if (!(sb->attrs = py_env_new(I, NULL))) return NULL;
    sb->cls = cls;
    py_val *o = c->bkind == V_DICT ? py_dict_new(I) : py_seq(I, V_LIST, 0);
    if (!o) return NULL;
    if (o->kind == V_DICT) o->u.d->sub = sb;
    else o->u.seq.sub = sb;
    py_val *init = py_sub_method(I, o, S(I, "__init__"));
    if (!init) return base_init(I, at, o, a) ? o : NULL;
    py_val *r = py_class_call_raw(I, at, init, o, cls, a);
    if (!r) return NULL;
    if (r->kind != V_NONE)
        return py_fail(I, at, GL_E_INVALID, "TypeError: __init__() should return None, not '%s'", py_type_name(r));
    return o;
}

/* ---------------------------------------------------------------- the base's dunders, plain */
static py_val *plain_getitem(py_interp *I, const py_node *at, py_val *c, py_val *k) {
    if (c->kind == V_DICT) {
        py_val *v;
        if (py_dict_lookup(I, at, c, k, &v)) return NULL;
        if (v) return v;
        bool handled;
        py_val *r = py_sub_missing(I, at, c, k, &handled);
        if (handled) return r;
        return py_raise_new(I, at, "KeyError", k);
    }
    py_slice s;
    const char *tn = kind_name(c->kind);
    if (k->kind == V_SLICE) return py_slice_unpack_val(I, at, k, &s) ? py_slice_get(I, at, c, &s) : NULL;   /* a plain list */
    if (!(k = py_index_of(I, at, k))) return NULL;
    if (k->kind == V_BIG) return py_fail(I, at, GL_E_INVALID, "IndexError: cannot fit 'int' into an index-sized integer");
    if (k->kind != V_INT && k->kind != V_BOOL)
        return py_fail(I, at, GL_E_INVALID, "TypeError: %s indices must be integers or slices, not %s", tn, py_type_name(k));
    int64_t i = k->kind == V_INT ? k->u.i : k->u.b, n = c->u.seq.n;
    if (i < 0) i += n;
    if (i < 0 || i >= n) return py_fail(I, at, GL_E_INVALID, "IndexError: %s index out of range", tn);
    return c->u.seq.v[i];
}

static gl_status plain_setitem(py_interp *I, const py_node *at, py_val *c, py_val *k, py_val *v) {
    if (c->kind == V_DICT) return py_dict_set(I, c, k, v);
    py_slice s;
    if (k->kind == V_SLICE) return py_slice_unpack_val(I, at, k, &s) ? py_setslice(I, at, c, &s, v) : I->err.code;
    if (!(k = py_index_of(I, at, k))) return I->err.code;
    if (k->kind == V_BIG) return py_fail(I, at, GL_E_INVALID, "IndexError: cannot fit 'int' into an index-sized integer"), I->err.code;
    if (k->kind != V_INT && k->kind != V_BOOL)
        return py_fail(I, at, GL_E_INVALID, "TypeError: list indices must be integers or slices, not %s", py_type_name(k)), I->err.code;
    int64_t i = k->kind == V_INT ? k->u.i : k->u.b, n = c->u.seq.n;
    if (i < 0) i += n;
    if (i < 0 || i >= n) return py_fail(I, at, GL_E_INVALID, "IndexError: list assignment index out of range"), I->err.code;
    c->u.seq.v[i] = v;
    return GL_OK;
}

static gl_status plain_contains(py_interp *I, const py_node *at, py_val *c, py_val *x, bool *found) {
    *found = false;
    if (c->kind == V_DICT) {
        py_val *v;
        if (py_dict_lookup(I, at, c, x, &v)) return I->err.code;
        *found = v != NULL;
        return GL_OK;
    }
    if (!py_work(I, at, c->u.seq.n)) return I->err.code;
    for (int i = 0; i < c->u.seq.n && !*found; i++) {
        int r = py_class_eq_deep(I, at, c->u.seq.v[i], x);
        if (r < 0) return I->err.code;
        *found = r == 1;
    }
    return GL_OK;
}

static py_val *plain_iter(py_interp *I, py_val *c) {
    py_val *r = py_iter_make(I, c->kind == V_DICT ? IT_DICT : IT_SEQ);
    if (!r) return NULL;
    r->u.it->src = c;
    if (c->kind == V_DICT) {
        r->u.it->which = VIEW_KEYS;
        r->u.it->n = c->u.d->len;
    }
    return r;
}

static bool is_box(const py_val *v) { return v->kind == V_DICT || v->kind == V_LIST || v->kind == V_TUPLE; }

static bool nargs(py_interp *I, const py_node *at, const char *tn, int id, py_args *a, int n) {
    if (a->nkw) return py_fail(I, at, GL_E_INVALID, "TypeError: %s.%s() takes no keyword arguments", tn, SB_NAMES[id]), false;
    if (a->npos != n) {
        if (n == 0) py_fail(I, at, GL_E_INVALID, "TypeError: %s.%s() takes no arguments (%d given)", tn, SB_NAMES[id], a->npos);
        else py_fail(I, at, GL_E_INVALID, "TypeError: expected %d argument%s, got %d", n, n == 1 ? "" : "s", a->npos);
        return false;
    }
    return true;
}

py_val *py_sub_builtin(py_interp *I, const py_node *at, int id, py_val *self, int sub, py_args *a) {
    if (id == SB_UNBOUND) {      /* dict.get(d, k): the instance first */
        const char *tn = py_builtin_name(self->u.bi.id), *name = UNAMES[sub];
        int kind = self->u.bi.id == B_DICT ? V_DICT : self->u.bi.id == B_TUPLE ? V_TUPLE : V_LIST;
        if (a->npos < 1)
            return py_fail(I, at, GL_E_INVALID, "TypeError: unbound method %s.%s() needs an argument", tn, name);
        py_val *obj = a->pos[0];
        if ((int)obj->kind != kind)
            return py_fail(I, at, GL_E_INVALID, "TypeError: descriptor '%s' for '%s' objects doesn't apply to a '%s' object", name, tn,
                           py_type_name(obj));
        py_val *m = py_sub_base_attr(I, at, obj, S(I, name));
        if (!m) return I->err.code ? NULL : py_fail(I, at, GL_E_INTERNAL, "no method %s", name);
        py_args b = *a;
        b.pos = a->pos + 1;
        b.npos = a->npos - 1;
        return py_call(I, at, m, &b);
    }
    if (id == SB_FROMKEYS) {     /* D.fromkeys(it, v=None): cls(), then the keys */
        py_val *fk = py_cont_attr(I, at, self->u.cls->btype, "fromkeys"), *k, *x;
        py_val *tmp = fk ? py_call(I, at, fk, a) : NULL;
        py_args none = {NULL, 0, NULL, NULL, 0};
        py_val *o = tmp ? py_call(I, at, self, &none) : NULL;
        if (!o) return NULL;
        if (o->kind != V_DICT) return o;
        for (int i = 0; py_dict_next(tmp, &i, &k, &x);)
            if (py_dict_set(I, o, k, x)) return NULL;
        return o;
    }
    if (id == SB_TNEW) return tuple_new(I, at, a);
    if (id == SB_INEW) return int_new(I, at, a);
    if (!is_box(self)) return py_fail(I, at, GL_E_INTERNAL, "a container method without its container");
    const char *tn = kind_name(self->kind);
    py_val **p = a->pos;
    switch (id) {
    case SB_INIT: return self->kind == V_TUPLE ? &py_None : base_init(I, at, self, a);   /* tuple: object.__init__ */
    case SB_GETITEM: return nargs(I, at, tn, id, a, 1) ? plain_getitem(I, at, self, p[0]) : NULL;
    case SB_SETITEM: return nargs(I, at, tn, id, a, 2) && !plain_setitem(I, at, self, p[0], p[1]) ? &py_None : NULL;
    case SB_DELITEM: return nargs(I, at, tn, id, a, 1) && !py_delitem(I, at, self, p[0]) ? &py_None : NULL;
    case SB_CONTAINS: {
        bool f;
        return nargs(I, at, tn, id, a, 1) && !plain_contains(I, at, self, p[0], &f) ? py_bool(f) : NULL;
    }
    case SB_LEN: return nargs(I, at, tn, id, a, 0) ? py_int(I, self->kind == V_DICT ? py_dict_len(self) : self->u.seq.n) : NULL;
    case SB_ITER: return nargs(I, at, tn, id, a, 0) ? plain_iter(I, self) : NULL;
    case SB_REPR: case SB_STR: {
        if (!nargs(I, at, tn, id, a, 0)) return NULL;
        gl_sb sb;
        gl_sb_init(&sb);
        py_repr_box(I, &sb, self);
        py_val *r = I->err.code ? NULL : sb.failed ? py_oom(I) : py_str(I, sb.buf ? sb.buf : "", sb.len);
        gl_sb_free(&sb);
        return r;
    }
    case SB_EQ: case SB_NE: {
        if (!nargs(I, at, tn, id, a, 1)) return NULL;
        if (p[0]->kind != self->kind) return I->crt->notimpl;
        int r = py_class_eq_deep(I, at, self, p[0]);
        return r < 0 ? NULL : py_bool((r == 1) == (id == SB_EQ));
    }
    }
    return py_fail(I, at, GL_E_INTERNAL, "unknown container method");
}

/* ---------------------------------------------------------------- protocol hooks */

py_val *py_sub_binop(py_interp *I, const py_node *at, int op, py_val *a, py_val *b, bool *handled) {
    *handled = false;
    if (!py_op_dunder(op, 0)) return NULL;
    bool found;
    py_val *r;
    if (py_sub_of(a)) {
        r = py_sub_call(I, at, a, py_op_dunder(op, 0), 1, &b, &found);
        if (found && (!r || r != I->crt->notimpl)) return *handled = true, r;
    }
    if (py_sub_of(b)) {
        r = py_sub_call(I, at, b, py_op_dunder(op, 1), 1, &a, &found);
        if (found && (!r || r != I->crt->notimpl)) return *handled = true, r;
    }
    return NULL;
}

py_val *py_sub_augop(py_interp *I, const py_node *at, int op, py_val *a, py_val *b, bool *handled) {
    *handled = false;
    if (!py_op_dunder(op, 2) || !py_sub_of(a)) return NULL;
    bool found;
    py_val *r = py_sub_call(I, at, a, py_op_dunder(op, 2), 1, &b, &found);
    if (found && (!r || r != I->crt->notimpl)) *handled = true;
    return *handled ? r : NULL;
}

py_val *py_sub_compare(py_interp *I, const py_node *at, int op, py_val *a, py_val *b, bool *handled) {
    static const char *fw[] = {"__lt__", "__gt__", "__le__", "__ge__", "__eq__", "__ne__"};
    static const char *rv[] = {"__gt__", "__lt__", "__ge__", "__le__", "__eq__", "__ne__"};
    *handled = false;
    bool found;
    py_val *r;
    if (op == OP_IN || op == OP_NOTIN) {
        if (!py_sub_of(b)) return NULL;
        r = py_sub_call(I, at, b, "__contains__", 1, &a, &found);
        if (!found) return NULL;
        *handled = true;
        bool t;
        if (!r || py_truth(I, at, r, &t)) return NULL;
        return py_bool(op == OP_IN ? t : !t);
    }
    int k = op - OP_LT;
    if (k < 0 || k > 5) return NULL;
    if (py_sub_of(a)) {
        r = py_sub_call(I, at, a, fw[k], 1, &b, &found);
        if (found && (!r || r != I->crt->notimpl)) return *handled = true, r;
    }
    if (py_sub_of(b)) {
        r = py_sub_call(I, at, b, rv[k], 1, &a, &found);
        if (found && (!r || r != I->crt->notimpl)) return *handled = true, r;
    }
    return NULL;                  /* dict.__ne__ / list.__ne__ come before object's (which would invert __eq__) */
}

py_val *py_sub_len(py_interp *I, const py_node *at, py_val *v, bool *handled) {
    bool found;
    py_val *r = py_sub_call(I, at, v, "__len__", 0, NULL, &found);
    *handled = found;
    if (!found || !r) return NULL;
    if (r->kind == V_BOOL) return py_int(I, r->u.b);
    if (r->kind != V_INT)
        return py_fail(I, at, GL_E_INVALID, "TypeError: '%s' object cannot be interpreted as an integer", py_type_name(r));
    if (r->u.i < 0) return py_fail(I, at, GL_E_INVALID, "ValueError: __len__() should return >= 0");
    return r;
}

gl_status py_sub_truth(py_interp *I, const py_node *at, py_val *v, bool *out, bool *handled) {
    bool found;
    py_val *r = py_sub_call(I, at, v, "__bool__", 0, NULL, &found);
    *handled = found;
    if (found) {
        if (!r) return I->err.code;
        if (r->kind != V_BOOL)
            return py_fail(I, at, GL_E_INVALID, "TypeError: __bool__ should return bool, returned %s", py_type_name(r)), I->err.code;
        *out = r->u.b;
        return GL_OK;
    }
    if (!(r = py_sub_len(I, at, v, handled))) return *handled ? I->err.code : GL_OK;
    *out = r->u.i != 0;
    return GL_OK;
}

gl_status py_sub_iter(py_interp *I, const py_node *at, py_val *v, py_val **out, bool *handled) {
    bool found;
    py_val *it = py_sub_call(I, at, v, "__iter__", 0, NULL, &found);
    *handled = found;
    if (!found) return GL_OK;
    if (!it) return I->err.code;
    if (it->kind == V_ITER) {
        *out = it;
        return GL_OK;
    }
    if (it->kind == V_INST && py_lookup(it->u.inst->cls, S(I, "__next__"))) return py_iter_open(I, at, it, out);
    return py_fail(I, at, GL_E_INVALID, "TypeError: iter() returned non-iterator of type '%s'", py_type_name(it)), I->err.code;
}

bool py_sub_repr(py_interp *I, gl_sb *sb, const py_val *cv, bool repr) {
    py_val *v = (py_val *)cv;
    py_val *d = NULL;
    if (!repr) d = py_sub_method(I, v, S(I, "__str__"));
    if (!d) d = py_sub_method(I, v, S(I, "__repr__"));
    if (!d) return false;
    if (!py_enter(I, NULL, PY_DEPTH_LEVEL)) return true;
    py_args none = {NULL, 0, NULL, NULL, 0};
    py_val *r = py_class_call_raw(I, NULL, d, v, py_sub_of(v)->cls, &none);
    py_leave(I, PY_DEPTH_LEVEL);
    if (!r) return true;
    if (r->kind != V_STR) {
        py_fail(I, NULL, GL_E_INVALID, "TypeError: %s returned non-string (type %s)", repr ? "__repr__" : "__str__", py_type_name(r));
        return true;
    }
    gl_sb_putn(sb, r->u.str.s, r->u.str.n);
    return true;
}

py_val *py_sub_missing(py_interp *I, const py_node *at, py_val *d, py_val *k, bool *handled) {
    *handled = false;
    if (!py_sub_of(d)) return NULL;
    bool found;
    py_val *r = py_sub_call(I, at, d, "__missing__", 1, &k, &found);
    *handled = found;
    return r;
}
