/* py_class.c — classes and instances with CPython's semantics, for the programs students write: a class
 * statement runs its body in a namespace of its own (an env flagged `cls`; functions defined there skip it,
 * so methods do not see class attributes by bare name), and the class is that namespace plus a base. Single
 * inheritance: the method resolution order is the chain of bases, ending in `object`.
 *
 * Attribute lookup follows object.__getattribute__: a property found on the class wins, then the instance's
 * own attributes, then the class chain (a function found there binds to the instance as a method, a
 * staticmethod unwraps, a classmethod binds to the class), then __getattr__. The operators, len(), truth,
 * `in`, indexing, iteration and str() / repr() consult the dunder methods the way CPython's slots do
 * (a + b tries a.__add__(b), then b.__radd__(a) on NotImplemented; == falls back to identity).
 *
 * `object`, BaseException and the dataclass methods are "native" methods: V_BUILTIN ids of this lane that bind
 * like functions, so super().__init__(msg) on an exception, object.__setattr__(self, ...) in a frozen
 * dataclass and a subclass's inherited __repr__ resolve through the same lookup as user methods.
 *
 * Zero-argument super(): a function defined in a class body remembers that namespace (fn.clsns); the class,
 * once made, is stored on the namespace (cls_cell), and a call of the function records class and first
 * argument on its frame's env, where super() finds them by walking outward — CPython's __class__ cell.
 *
 * Builtins of this lane: isinstance, issubclass, type, id, hasattr, getattr, setattr, delattr, callable,
 * super, staticmethod, classmethod, property, repr, vars, object, NotImplemented, and the modules
 * dataclasses (py_dataclass.c), typing (names only: annotations are never evaluated), abc and functools. */
#include <string.h>

#include "front/py_iter.h"
#include "front/py_str.h"


static const char *S(py_interp *I, const char *s) { return py_intern(&I->ar, s, strlen(s)); }
static py_val *docstring(py_interp *I, py_node **body, int n);

/* ---------------------------------------------------------------- namespaces */
static py_val *ns_get(py_env *e, const char *name) {
    if (!e || !name) return NULL;
    for (int i = 0; i < e->n; i++)
        if (e->names[i] == name) return e->vals[i];
    return NULL;
}

static py_val *ns_get_str(py_env *e, const char *name) {
    if (!e) return NULL;
    for (int i = 0; i < e->n; i++)
        if (strcmp(e->names[i], name) == 0) return e->vals[i];
    return NULL;
}

static bool ns_del(py_env *e, const char *name) {
    for (int i = 0; e && i < e->n; i++)
        if (e->names[i] == name) {
            memmove(e->names + i, e->names + i + 1, sizeof *e->names * (size_t)(e->n - i - 1));
            memmove(e->vals + i, e->vals + i + 1, sizeof *e->vals * (size_t)(e->n - i - 1));
            e->n--;
            return true;
        }
    return false;
}

py_val *py_lookup(py_val *cls, const char *name) {
    for (int guard = 0; cls && cls->kind == V_CLASS && guard < 10000; cls = cls->u.cls->base, guard++) {
        py_val *v = ns_get(cls->u.cls->ns, name);
        if (v) return v;
    }
    return NULL;
}

static py_val *lookup_str(py_val *cls, const char *name) {
    for (int guard = 0; cls && cls->kind == V_CLASS && guard < 10000; cls = cls->u.cls->base, guard++) {
        py_val *v = ns_get_str(cls->u.cls->ns, name);
        if (v) return v;
    }
    return NULL;
}

static py_val *mk_builtin(py_interp *I, int id, py_val *self) { return py_builtin(I, id, self); }

static py_val *mk_wrap(py_interp *I, int what, py_val *a, py_val *b, py_val *c) {
    py_val *v = py_new(I, V_WRAP);
    if (!v) return NULL;
    if (!(v->u.w = py_alloc(&I->ar, sizeof *v->u.w))) return py_oom(I);
    v->u.w->what = what;
    v->u.w->a = a;
    v->u.w->b = b;
    v->u.w->c = c;
    return v;
}

static py_val *mk_method(py_interp *I, py_val *self, py_val *fn) {
    py_val *v = py_new(I, V_METHOD);
    if (!v) return NULL;
    v->u.m.self = self;
    v->u.m.fn = fn;
    return v;
}

static py_val *new_class(py_interp *I, const char *name, const char *module, py_val *base, py_env *ns, int flags) {
    py_val *v = py_new(I, V_CLASS);
    if (!v) return NULL;
    py_class *c = py_alloc(&I->ar, sizeof *c);
    if (!c) return py_oom(I);
    if (!ns && !(ns = py_env_new(I, NULL))) return NULL;
    c->name = name;
    c->module = module;
    c->base = base;
    c->ns = ns;
    c->flags = flags | (base ? base->u.cls->flags & CF_EXC : 0);
    if (base) {                   /* derived from a class derived from dict / list: that too */
        c->bkind = base->u.cls->bkind;
        c->btype = base->u.cls->btype;
    }
    c->self = v;
    ns->cls_cell = v;
    v->u.cls = c;
    return v;
}

static py_val *new_inst(py_interp *I, py_val *cls) {
    py_val *v = py_new(I, V_INST);
    if (!v) return NULL;
    py_inst *o = py_alloc(&I->ar, sizeof *o);
    if (!o) return py_oom(I);
    if (!(o->attrs = py_env_new(I, NULL))) return NULL;
    o->cls = cls;
    v->u.inst = o;
    return v;
}

static bool is_native_method(const py_val *d) {
    return d && d->kind == V_BUILTIN && ((d->u.bi.id >= BC_M_FIRST && d->u.bi.id <= BC_M_LAST) ||
                                         (d->u.bi.id >= B_LIB_M_FIRST && d->u.bi.id <= B_LIB_M_LAST));
}

/* random() and getrandbits(), the methods CPython's Random has in C (the others are Lib/random.py's functions) */
static bool c_random_method(const py_val *d) {
    return d->kind == V_BUILTIN && (d->u.bi.id == B_LIB_R_RANDOM || d->u.bi.id == B_LIB_R_GETRANDBITS);
}

static bool is_subclass(const py_val *c, const py_val *of) {
    for (int guard = 0; c && guard < 10000; c = c->u.cls->base, guard++)
        if (c == of) return true;
    return false;
}

static bool is_exc_inst(const py_val *v) { return v->kind == V_INST && (v->u.inst->cls->u.cls->flags & CF_EXC); }

static const char *qualname(const py_class *c, char *buf, size_t cap) {
    if (!c->module || strcmp(c->module, "builtins") == 0) return c->name;
    snprintf(buf, cap, "%s.%s", c->module, c->name);
    return buf;
}

/* ---------------------------------------------------------------- calls */
static py_val *notimpl(py_interp *I) { return I->crt->notimpl; }

/* d looked up on cls (raw), called on self with a's arguments: functions and native methods get self first. */
static py_val *call_raw(py_interp *I, const py_node *at, py_val *d, py_val *self, py_val *cls, py_args *a) {
    py_val *first = self;
    if (d->kind == V_WRAP && d->u.w->what == W_STATIC) return py_call(I, at, d->u.w->a, a);
    if (d->kind == V_WRAP && d->u.w->what == W_CLASSM) {
        first = cls;
        d = d->u.w->a;
    } else if (d->kind != V_FUNC && !is_native_method(d)) {
        return py_call(I, at, d, a);     /* a callable stored on the class: no binding (CPython binds functions only) */
    }
    py_args b = *a;
    b.pos = py_alloc(&I->ar, sizeof(py_val *) * (size_t)(a->npos + 1));
    if (!b.pos) return py_oom(I);
    b.pos[0] = first;
    if (a->npos) memcpy(b.pos + 1, a->pos, sizeof(py_val *) * (size_t)a->npos);
    b.npos = a->npos + 1;
    if (!py_enter(I, at, PY_DEPTH_METHOD)) return NULL;   /* this frame and the one above it */
    py_val *r = py_call(I, at, d, &b);
    py_leave(I, PY_DEPTH_METHOD);
    return r;
}

py_val *py_call_method(py_interp *I, const py_node *at, py_val *self, py_val *fn, int n, py_val **args) {
    py_args a = {args, n, NULL, NULL, 0};
    return call_raw(I, at, fn, self, self->kind == V_INST ? self->u.inst->cls : py_sub_of(self) ? py_sub_of(self)->cls : self, &a);
}

/* self.name(args...) through the class; *found false (and NULL, no error) when the class has no such method */
static py_val *dunder(py_interp *I, const py_node *at, py_val *self, const char *name, int n, py_val **args, bool *found) {
    py_val *cls = self->u.inst->cls, *d = py_lookup(cls, S(I, name));
    *found = d != NULL;
    if (!d) return NULL;
    py_args a = {args, n, NULL, NULL, 0};
    return call_raw(I, at, d, self, cls, &a);
}

static py_val *instantiate(py_interp *I, const py_node *at, py_val *cls, py_args *a) {
    py_class *c = cls->u.cls;
    if (c->flags & CF_PSEUDO) return py_fail(I, at, GL_E_INVALID, "TypeError: cannot create '%s' instances", c->name);
    if (c == I->crt->abc->u.cls) return py_fail(I, at, GL_E_INVALID, "TypeError: Can't instantiate abstract class ABC");
    if (c->bkind) return py_sub_new(I, at, cls, a);
    py_val *o = new_inst(I, cls);
    if (!o) return NULL;
    if (c->flags & CF_EXC) {      /* BaseException.__new__ keeps every positional argument */
        if (!(o->u.inst->args = py_seq(I, V_TUPLE, a->npos))) return NULL;
        for (int i = 0; i < a->npos; i++) o->u.inst->args->u.seq.v[i] = a->pos[i];
    }
    py_val *init = py_lookup(cls, S(I, "__init__"));
    if (!init) return o;
    if (init->kind == V_BUILTIN && init->u.bi.id == BC_OBJ_INIT) {
        if (a->npos || a->nkw) return py_fail(I, at, GL_E_INVALID, "TypeError: %s() takes no arguments", c->name);
        return o;
    }
    if (init->kind == V_BUILTIN && init->u.bi.id == BC_EXC_INIT) {
        if (a->nkw) return py_fail(I, at, GL_E_INVALID, "TypeError: %s() takes no keyword arguments", c->name);
        return o;
    }
    py_val *r = call_raw(I, at, init, o, cls, a);
    if (!r) return NULL;
    if (r->kind != V_NONE)
        return py_fail(I, at, GL_E_INVALID, "TypeError: __init__() should return None, not '%s'", py_type_name(r));
    return o;
}

py_val *py_class_call(py_interp *I, const py_node *at, py_val *f, py_args *a) {
    switch (f->kind) {
    case V_METHOD: {
        py_args b = *a;
        b.pos = py_alloc(&I->ar, sizeof(py_val *) * (size_t)(a->npos + 1));
        if (!b.pos) return py_oom(I);
        b.pos[0] = f->u.m.self;
        if (a->npos) memcpy(b.pos + 1, a->pos, sizeof(py_val *) * (size_t)a->npos);
        b.npos = a->npos + 1;
        if (!py_enter(I, at, PY_DEPTH_METHOD)) return NULL;
        py_val *r = py_call(I, at, f->u.m.fn, &b);
        py_leave(I, PY_DEPTH_METHOD);
        return r;
    }
    case V_CLASS: return instantiate(I, at, f, a);
    case V_INST: {
        py_val *d = py_lookup(f->u.inst->cls, S(I, "__call__"));
        if (!d) return py_fail(I, at, GL_E_INVALID, "TypeError: '%s' object is not callable", py_type_name(f));
        return call_raw(I, at, d, f, f->u.inst->cls, a);
    }
    case V_WRAP:
        if (f->u.w->what == W_STATIC) return py_call(I, at, f->u.w->a, a);
        if (f->u.w->what == W_TYPING) return f;
        break;
    default: break;
    }
    return py_fail(I, at, GL_E_INVALID, "TypeError: '%s' object is not callable", py_type_name(f));
}

/* ---------------------------------------------------------------- types */
static const char *const TYPE_NAMES[] = {"int", "float", "str", "bool", "tuple", "list", "dict", "range", "enumerate",
                                         "zip", "set", "frozenset", "map", "filter", "reversed", "type", "super",
                                         "property", "staticmethod", "classmethod", "bytes", "complex", "slice", NULL};

bool py_builtin_is_type(const py_val *f) {
    if (f->kind != V_BUILTIN || f->u.bi.self) return false;
    const char *n = py_builtin_name(f->u.bi.id);
    for (int i = 0; TYPE_NAMES[i]; i++)
        if (strcmp(n, TYPE_NAMES[i]) == 0) return true;
    return false;
}

static py_val *pseudo(py_interp *I, const char *name) {
    const char *n = S(I, name);
    if (!n) return py_oom(I);
    py_val *c = ns_get(I->crt->pseudo, n);
    if (c) return c;
    bool gl = strcmp(name, "Tensor") == 0 || strcmp(name, "LayerCfg") == 0 || strcmp(name, "Graph") == 0;
    if (!(c = new_class(I, n, gl ? "graph_lab" : "builtins", I->crt->object, NULL, CF_BUILTIN | CF_PSEUDO))) return NULL;
    return py_env_set(I, I->crt->pseudo, n, c) ? NULL : c;
}

py_val *py_type_of(py_interp *I, py_val *x) {
    if (x->kind == V_INST) return x->u.inst->cls;
    if (py_sub_of(x)) return py_sub_of(x)->cls;
    if (x->kind == V_CLASS || py_builtin_is_type(x)) return I->crt->type;
    const char *tn = py_type_name(x);
    py_val *b = py_env_get(I->builtins, S(I, tn));
    if (b && py_builtin_is_type(b)) return b;
    return pseudo(I, tn);
}

static bool is_type_value(const py_val *v) { return v->kind == V_CLASS || py_builtin_is_type(v); }

bool py_is_instance(py_interp *I, py_val *x, py_val *cls) {
    if (cls->kind == V_CLASS) {
        py_class *c = cls->u.cls;
        if (cls == I->crt->object) return true;
        if (c->flags & CF_PSEUDO) return x->kind != V_INST && x->kind != V_CLASS && strcmp(py_type_name(x), c->name) == 0;
        if (x->kind == V_INST) return is_subclass(x->u.inst->cls, cls);
        if (py_sub_of(x)) return is_subclass(py_sub_of(x)->cls, cls);
        return false;
    }
    if (cls->kind == V_BUILTIN) {
        const char *n = py_builtin_name(cls->u.bi.id);
        if (strcmp(n, "type") == 0) return is_type_value(x);
        if (x->kind == V_INST || x->kind == V_CLASS) return false;
        const char *tn = py_kind_name(x);   /* a dict subclass's instance is a dict */
        return strcmp(tn, n) == 0 || (strcmp(n, "int") == 0 && x->kind == V_BOOL);
    }
    return false;
}

static bool is_subtype(py_interp *I, py_val *c, py_val *of) {
    if (of->kind == V_CLASS && of == I->crt->object) return true;
    if (c->kind == V_CLASS && of->kind == V_CLASS) {
        if (of->u.cls->flags & CF_PSEUDO) return c == of;
        return is_subclass(c, of);
    }
    if (c->kind == V_CLASS && of->kind == V_BUILTIN) return c->u.cls->btype && c->u.cls->btype->u.bi.id == of->u.bi.id;
    if (c->kind == V_BUILTIN && of->kind == V_BUILTIN) {
        const char *a = py_builtin_name(c->u.bi.id), *b = py_builtin_name(of->u.bi.id);
        return strcmp(a, b) == 0 || (strcmp(a, "bool") == 0 && strcmp(b, "int") == 0);
    }
    return false;
}

/* classinfo: a class, a builtin type or a (nested) tuple of them */
static int check_classinfo(py_interp *I, const py_node *at, const char *fn, py_val *x, py_val *ci, bool sub, int depth) {
    if (depth > 50) return py_fail(I, at, GL_E_LIMIT, "RecursionError: classinfo tuples nest too deeply"), -1;
    if (ci->kind == V_TUPLE) {
        for (int i = 0; i < ci->u.seq.n; i++) {
            int r = check_classinfo(I, at, fn, x, ci->u.seq.v[i], sub, depth + 1);
            if (r) return r;
        }
        return 0;
    }
    if (!is_type_value(ci)) {
        py_fail(I, at, GL_E_INVALID, "TypeError: %s() arg 2 must be a type, a tuple of types, or a union", fn);
        return -1;
    }
    return (sub ? is_subtype(I, x, ci) : py_is_instance(I, x, ci)) ? 1 : 0;
}

/* ---------------------------------------------------------------- attributes */
static py_val *bind_attr(py_interp *I, py_val *d, py_val *obj, py_val *cls) {
    if (d->kind == V_FUNC || is_native_method(d)) return mk_method(I, obj, d);
    if (d->kind == V_WRAP && d->u.w->what == W_STATIC) return d->u.w->a;
    if (d->kind == V_WRAP && d->u.w->what == W_CLASSM) return mk_method(I, cls, d->u.w->a);
    return d;
}

static py_val *env_dict(py_interp *I, py_env *e) {
    py_val *d = py_dict_new(I);
    if (!d) return NULL;
    for (int i = 0; e && i < e->n; i++) {
        py_val *k = py_str(I, e->names[i], strlen(e->names[i]));
        if (!k || py_dict_set(I, d, k, e->vals[i])) return NULL;
    }
    return d;
}

static py_val *no_attr(py_interp *I, const py_node *at, py_val *v, const char *name) {
    if (v->kind == V_CLASS) return py_fail(I, at, GL_E_INVALID, "AttributeError: type object '%s' has no attribute '%s'", v->u.cls->name, name);
    return py_fail(I, at, GL_E_INVALID, "AttributeError: '%s' object has no attribute '%s'", py_type_name(v), name);
}

static py_val *inst_getattr(py_interp *I, const py_node *at, py_val *v, const char *name) {
    py_inst *o = v->u.inst;
    py_val *cls = o->cls;
    if (name == S(I, "__class__")) return cls;
    if (name == S(I, "__dict__")) return env_dict(I, o->attrs);
    if (cls->u.cls->flags & CF_EXC) {
        if (name == S(I, "args")) return o->args ? o->args : py_seq(I, V_TUPLE, 0);
        if (name == S(I, "__cause__")) return o->cause ? o->cause : &py_None;
        if (name == S(I, "__context__")) return o->context ? o->context : &py_None;
        if (name == S(I, "__suppress_context__")) return py_bool(o->suppress);
        if (name == S(I, "__traceback__")) return &py_None;
        if (name == S(I, "code") && !py_env_get_local(o->attrs, name))   /* SystemExit.code: its argument(s) */
            for (py_val *c = cls; c; c = c->u.cls->base)
                if (c == py_exc_class(I, "SystemExit")) {
                    int n = o->args ? o->args->u.seq.n : 0;
                    return n == 0 ? &py_None : n == 1 ? o->args->u.seq.v[0] : o->args;
                }
    }
    py_val *d = py_lookup(cls, name);
    if (d && d->kind == V_WRAP && d->u.w->what == W_PROP) {
        if (!d->u.w->a) return py_fail(I, at, GL_E_INVALID, "AttributeError: property '%s' of '%s' object has no getter", name, cls->u.cls->name);
        py_args a = {NULL, 0, NULL, NULL, 0};
        return call_raw(I, at, d->u.w->a, v, cls, &a);
    }
    py_val *x = ns_get(o->attrs, name);
    if (x) return x;
    if (d) return bind_attr(I, d, v, cls);
    if ((cls->u.cls->flags & CF_EXC) && name == S(I, "value") && is_subclass(cls, py_exc_class(I, "StopIteration")))
        return o->args && o->args->u.seq.n ? o->args->u.seq.v[0] : &py_None;
    py_val *ga = py_lookup(cls, S(I, "__getattr__"));
    if (ga) {
        py_val *nm = py_str(I, name, strlen(name));
        py_args a = {&nm, 1, NULL, NULL, 0};
        return nm ? call_raw(I, at, ga, v, cls, &a) : NULL;
    }
    return no_attr(I, at, v, name);
}

static py_val *class_getattr(py_interp *I, const py_node *at, py_val *v, const char *name) {
    py_class *c = v->u.cls;
    if (name == S(I, "__name__") || name == S(I, "__qualname__")) return py_str(I, c->name, strlen(c->name));
    if (name == S(I, "__module__")) return py_str(I, c->module, strlen(c->module));
    if (name == S(I, "__class__")) return I->crt->type;
    if (name == S(I, "__dict__")) return env_dict(I, c->ns);
    /* object.__new__(C): a bare instance of a plain user class, no __init__ run (copy.copy / deepcopy use it) */
    if (v == I->crt->object && name == S(I, "__new__")) return mk_builtin(I, BC_OBJ_NEW, NULL);
    /* a class derived from dict / list: that type sits between its last user class and object */
    bool direct = c->btype && c->base == I->crt->object;
    if (name == S(I, "__base__")) return direct ? c->btype : c->base ? c->base : &py_None;
    if (name == S(I, "__bases__") || name == S(I, "__mro__")) {
        bool mro = name == S(I, "__mro__");
        int n = mro ? (c->btype != NULL) : c->base != NULL;
        if (mro)
            for (py_val *k = v; k && n < 10000; k = k->u.cls->base) n++;
        py_val *t = py_seq(I, V_TUPLE, n);
        if (!t) return NULL;
        if (mro) {
            int i = 0;
            for (py_val *k = v; k && i < n; k = k->u.cls->base) {
                if (k == I->crt->object && c->btype) t->u.seq.v[i++] = c->btype;
                t->u.seq.v[i++] = k;
            }
        } else if (n) {
            t->u.seq.v[0] = direct ? c->btype : c->base;
        }
        return t;
    }
    py_val *d = py_lookup(v, name);
    if (c->btype && (!d || ns_get(I->crt->object->u.cls->ns, name) == d)) {   /* dict's / list's own before object's */
        py_val *r = py_sub_class_attr(I, at, v, name);
        if (r || I->err.code) return r;
    }
    if (!d) {
        if (name == S(I, "__doc__")) return &py_None;
        if (name == S(I, "__annotations__")) return py_dict_new(I);
        return no_attr(I, at, v, name);
    }
    if (d->kind == V_WRAP && d->u.w->what == W_STATIC) return d->u.w->a;
    if (d->kind == V_WRAP && d->u.w->what == W_CLASSM) return mk_method(I, v, d->u.w->a);
    return d;
}

static py_val *super_getattr(py_interp *I, const py_node *at, py_wrap *w, const char *name) {
    py_val *obj = w->b, *cls = obj->kind == V_INST ? obj->u.inst->cls : py_sub_of(obj) ? py_sub_of(obj)->cls : obj;
    for (py_val *c = w->a->u.cls->base; c; c = c->u.cls->base) {
        if (c == I->crt->object && py_sub_of(obj)) {   /* dict / list comes before object in the MRO */
            py_val *r = py_sub_base_attr(I, at, obj, name);
            if (r || I->err.code) return r;
        }
        if (c == I->crt->object && obj->kind == V_CLASS && obj->u.cls->btype) {   /* super().__new__(cls, ...) */
            py_val *r = py_sub_class_attr(I, at, obj, name);
            if (r || I->err.code) return r;
        }
        py_val *d = ns_get(c->u.cls->ns, name);
        if (!d) continue;
        if (d->kind == V_WRAP && d->u.w->what == W_PROP && obj->kind == V_INST) {
            py_args a = {NULL, 0, NULL, NULL, 0};
            return call_raw(I, at, d->u.w->a, obj, cls, &a);
        }
        if (obj->kind == V_CLASS && d->kind != V_WRAP) return d;     /* super() in a classmethod: plain functions */
        return bind_attr(I, d, obj, cls);
    }
    return py_fail(I, at, GL_E_INVALID, "AttributeError: 'super' object has no attribute '%s'", name);
}

/* A function's own attribute dict (its __dict__; names: the __name__ / __qualname__ it was given instead),
 * kept beside it: I->fn_attrs maps id(f) (the arena never reuses an address within a run) to it. NULL (no
 * error) when it has none and make is false. */
static py_val *fn_dict(py_interp *I, py_val *f, bool names, bool make) {
    if (!I->fn_attrs && (!make || !(I->fn_attrs = py_dict_new(I)))) return NULL;
    py_val *k = py_int(I, (int64_t)(uintptr_t)f * 2 + names), *d;
    if (!k) return NULL;
    if ((d = py_dict_get(I->fn_attrs, k)) || !make) return d;
    if (!(d = py_dict_new(I)) || py_dict_set(I, I->fn_attrs, k, d)) return NULL;
    return d;
}

static py_val *fn_attr_dict(py_interp *I, py_val *f, bool make) { return fn_dict(I, f, false, make); }

/* the attributes a function keeps in slots of its own, not in its __dict__ */
static bool fn_slot(py_interp *I, const char *n) {
    return n == S(I, "__name__") || n == S(I, "__qualname__") || n == S(I, "__doc__") || n == S(I, "__module__");
}

static py_val *fn_attr_get(py_interp *I, py_val *own, const char *n) {
    py_val *k = py_str(I, n, strlen(n));
    return k ? py_dict_get(own, k) : NULL;
}

py_val *py_class_getattr(py_interp *I, const py_node *at, py_val *v, const char *name, bool *done) {
    *done = true;
    const char *n = S(I, name);
    if (!n) return py_oom(I);
    switch (v->kind) {
    case V_INST: return inst_getattr(I, at, v, n);
    case V_CLASS: return class_getattr(I, at, v, n);
    case V_DICT: case V_LIST: case V_TUPLE: case V_INT:
        if (py_sub_of(v)) return py_sub_getattr(I, at, v, n);
        break;
    case V_METHOD:
        if (n == S(I, "__self__")) return v->u.m.self;
        if (n == S(I, "__func__")) return v->u.m.fn;
        if (n == S(I, "__name__") || n == S(I, "__qualname__")) return py_getattr(I, at, v->u.m.fn, "__name__");
        return no_attr(I, at, v, n);
    case V_WRAP: {
        py_wrap *w = v->u.w;
        if (w->what == W_SUPER) return super_getattr(I, at, w, n);
        if (w->what == W_TYPING) return v;
        if (w->what == W_PROP) {
            if (n == S(I, "setter")) return mk_builtin(I, BC_PROP_SETTER, v);
            if (n == S(I, "getter")) return mk_builtin(I, BC_PROP_GETTER, v);
            if (n == S(I, "deleter")) return mk_builtin(I, BC_PROP_DELETER, v);
            if (n == S(I, "fget")) return w->a ? w->a : &py_None;
            if (n == S(I, "fset")) return w->b ? w->b : &py_None;
            if (n == S(I, "fdel")) return w->c ? w->c : &py_None;
        }
        if (w->what == W_STATIC || w->what == W_CLASSM) {
            if (n == S(I, "__func__")) return w->a;
        }
        if (w->what == W_FIELD) {
            if (n == S(I, "name")) return w->c ? w->c : &py_None;
            if (n == S(I, "default")) return w->a ? w->a : &py_None;
            if (n == S(I, "default_factory")) return w->b ? w->b : &py_None;
        }
        return no_attr(I, at, v, n);
    }
    case V_FUNC: {
        bool nm = fn_slot(I, n);
        py_val *own = fn_dict(I, v, nm, false), *x;
        if (own && (x = fn_attr_get(I, own, n))) return x;   /* what the program set (f.calls, f.__name__) */
        if (!own && I->err.code) return NULL;
        if (n == S(I, "__dict__")) return (own = fn_attr_dict(I, v, true)) ? own : NULL;
        if (n == S(I, "__name__") || n == S(I, "__qualname__")) {
            const char *fn = v->u.fn.def->name ? v->u.fn.def->name : "<lambda>";
            if (n == S(I, "__qualname__") && v->u.fn.def->qualname) fn = v->u.fn.def->qualname;
            return py_str(I, fn, strlen(fn));
        }
        if (n == S(I, "__module__")) {
            const char *m = PY_IS_LIB_LINE(v->u.fn.def->line) ? py_lib_name(py_lib_of_line(v->u.fn.def->line)) : "__main__";
            return py_str(I, m, strlen(m));
        }
        if (n == S(I, "__doc__")) {
            py_node *def = v->u.fn.def;
            py_val *doc = def->kind == S_DEF ? docstring(I, def->list, def->n) : NULL;
            return doc ? doc : I->err.code ? NULL : &py_None;
        }
        break;
    }
    case V_BUILTIN:
        if (n == S(I, "__name__") || n == S(I, "__qualname__")) {
            const char *bn = v->u.bi.id == B_S_METHOD ? py_str_method_name(v->u.bi.sub)
                           : py_sub_unbound_name(v) ? py_sub_unbound_name(v) : py_builtin_name(v->u.bi.id);
            return py_str(I, bn, strlen(bn));
        }
        break;
    default: break;
    }
    if (n == S(I, "__class__")) return py_type_of(I, v);
    *done = false;
    return NULL;
}

static py_val *raise_new(py_interp *I, const py_node *at, const char *cls, const char *fmt, const char *a, const char *b) {
    char msg[200];
    snprintf(msg, sizeof msg, fmt, a, b);
    py_val *s = py_str(I, msg, strlen(msg));
    return s ? py_raise_new(I, at, cls, s) : NULL;
}

/* a slice's start / stop / step are member descriptors, indices a method: neither can be set or deleted */
static gl_status slice_readonly(py_interp *I, const py_node *at, const char *n) {
    if (strcmp(n, "indices") == 0)
        return py_fail(I, at, GL_E_INVALID, "AttributeError: 'slice' object attribute 'indices' is read-only"), I->err.code;
    return py_fail(I, at, GL_E_INVALID, "AttributeError: readonly attribute"), I->err.code;
}

gl_status py_setattr(py_interp *I, const py_node *at, py_val *o, const char *name, py_val *v) {
    const char *n = S(I, name);
    if (!n) return py_oom(I), I->err.code;
    if (py_sub_of(o)) return py_sub_setattr(I, at, o, n, v);
    if (o->kind == V_INST) {
        py_inst *ob = o->u.inst;
        py_val *cls = ob->cls;
        if (cls->u.cls->flags & CF_FROZEN)
            return raise_new(I, at, "FrozenInstanceError", "cannot assign to field '%s'%s", n, ""), I->err.code;
        py_val *d = py_lookup(cls, n);
        if (d && d->kind == V_WRAP && d->u.w->what == W_PROP) {
            if (!d->u.w->b)
                return py_fail(I, at, GL_E_INVALID, "AttributeError: property '%s' of '%s' object has no setter", n,
                               cls->u.cls->name), I->err.code;
            py_args a = {&v, 1, NULL, NULL, 0};
            return call_raw(I, at, d->u.w->b, o, cls, &a) ? GL_OK : I->err.code;
        }
        py_val *sa = py_lookup(cls, S(I, "__setattr__"));
        if (sa && !is_native_method(sa)) {
            py_val *args[2] = {py_str(I, n, strlen(n)), v};
            py_args a = {args, 2, NULL, NULL, 0};
            return args[0] && call_raw(I, at, sa, o, cls, &a) ? GL_OK : I->err.code;
        }
        if (cls->u.cls->flags & CF_EXC) {
            if (n == S(I, "args")) {
                py_val **items;
                int cnt;
                if (py_iter_list(I, at, v, &items, &cnt)) return I->err.code;
                py_val *t = py_seq(I, V_TUPLE, cnt);
                if (!t) return I->err.code;
                memcpy(t->u.seq.v, items, sizeof(py_val *) * (size_t)cnt);
                ob->args = t;
                return GL_OK;
            }
            if (n == S(I, "__cause__")) { ob->cause = v->kind == V_NONE ? NULL : v; ob->suppress = true; return GL_OK; }
            if (n == S(I, "__context__")) { ob->context = v->kind == V_NONE ? NULL : v; return GL_OK; }
        }
        return py_env_set(I, ob->attrs, n, v);
    }
    if (o->kind == V_CLASS) {
        if (o->u.cls->flags & CF_BUILTIN)
            return py_fail(I, at, GL_E_INVALID, "TypeError: cannot set '%s' attribute of immutable type '%s'", n,
                           o->u.cls->name), I->err.code;
        if (n == S(I, "__name__") || n == S(I, "__qualname__") || n == S(I, "__module__")) {
            if (v->kind != V_STR)
                return py_fail(I, at, GL_E_INVALID, "TypeError: can only assign string to %s.%s, not '%s'", o->u.cls->name, n,
                               py_type_name(v)), I->err.code;
            const char *s = py_intern(&I->ar, v->u.str.s, v->u.str.n);
            if (!s) return py_oom(I), I->err.code;
            if (n == S(I, "__module__")) o->u.cls->module = s;
            else o->u.cls->name = s;  /* one name serves __name__ and __qualname__ */
            return GL_OK;
        }
        return py_env_set(I, o->u.cls->ns, n, v);
    }
    if (o->kind == V_FUNC) {         /* f.calls = 0, f.__name__ = "g": the function's own __dict__ */
        bool nm = fn_slot(I, n);
        py_val *d = fn_dict(I, o, nm, true), *k = py_str(I, n, strlen(n));
        if (!d || !k) return I->err.code ? I->err.code : (py_oom(I), I->err.code);
        if ((n == S(I, "__name__") || n == S(I, "__qualname__")) && v->kind != V_STR)
            return py_fail(I, at, GL_E_INVALID, "TypeError: %s must be set to a string object", n), I->err.code;
        return py_dict_set(I, d, k, v);
    }
    if (o->kind == V_CFG)            /* the reference's LayerCfg is a frozen dataclass */
        return raise_new(I, at, "FrozenInstanceError", "cannot assign to field '%s'%s", n, ""), I->err.code;
    if (o->kind == V_TENSOR)
        return py_fail(I, at, GL_E_INVALID, "cannot set attribute '%s' on a Tensor (GraphLab's tensors are read-only)", n), I->err.code;
    if (o->kind == V_SLICE && py_slice_attr(I, o, n)) return slice_readonly(I, at, n);
    return py_fail(I, at, GL_E_INVALID, "AttributeError: '%s' object has no attribute '%s'", py_type_name(o), n), I->err.code;
}

gl_status py_delattr(py_interp *I, const py_node *at, py_val *o, const char *name) {
    const char *n = S(I, name);
    if (py_sub_of(o)) return py_sub_delattr(I, at, o, n);
    if (o->kind == V_INST) {
        if (o->u.inst->cls->u.cls->flags & CF_FROZEN)
            return raise_new(I, at, "FrozenInstanceError", "cannot delete field '%s'%s", n, ""), I->err.code;
        if (ns_del(o->u.inst->attrs, n)) return GL_OK;
    } else if (o->kind == V_CLASS && !(o->u.cls->flags & CF_BUILTIN)) {
        if (ns_del(o->u.cls->ns, n)) return GL_OK;
    } else if (o->kind == V_SLICE && py_slice_attr(I, o, n)) {
        return slice_readonly(I, at, n);
    } else if (o->kind == V_FUNC) {
        py_val *d = fn_attr_dict(I, o, false), *k = d ? py_str(I, n, strlen(n)) : NULL, *old;
        if (k && py_dict_get(d, k)) return py_dict_del(I, at, d, k, &old);
        if (I->err.code) return I->err.code;
    }
    no_attr(I, at, o, n);
    return I->err.code;
}

/* ---------------------------------------------------------------- super() */
static py_val *make_super(py_interp *I, const py_node *at, py_val *cls, py_val *obj) {
    if (cls->kind != V_CLASS) return py_fail(I, at, GL_E_INVALID, "TypeError: super() argument 1 must be a type, not %s", py_type_name(cls));
    bool ok = obj->kind == V_INST ? is_subclass(obj->u.inst->cls, cls)
              : py_sub_of(obj) ? is_subclass(py_sub_of(obj)->cls, cls) : obj->kind == V_CLASS && is_subclass(obj, cls);
    if (!ok) return py_fail(I, at, GL_E_INVALID, "TypeError: super(type, obj): obj must be an instance or subtype of type");
    return mk_wrap(I, W_SUPER, cls, obj, NULL);
}

py_val *py_super_zero(py_interp *I, const py_node *n, py_env *env) {
    const char *nm = S(I, "super");
    py_val *sv = nm ? py_env_get(env, nm) : NULL;
    if (!sv) return py_fail(I, n, GL_E_INVALID, "NameError: name 'super' is not defined");
    if (sv->kind != V_BUILTIN || sv->u.bi.id != BC_SUPER) {   /* rebound: an ordinary call */
        py_args a = {NULL, 0, NULL, NULL, 0};
        return py_call(I, n, sv, &a);
    }
    py_env *e = env;
    while (e && !(e->cls_cell && !e->cls)) e = e->up;
    if (!e) return py_fail(I, n, GL_E_INVALID, "RuntimeError: super(): no arguments");
    if (!e->self_arg) return py_fail(I, n, GL_E_INVALID, "RuntimeError: super(): no arguments");
    return make_super(I, n, e->cls_cell, e->self_arg);
}

/* ---------------------------------------------------------------- statements */
static py_val *docstring(py_interp *I, py_node **body, int n) {
    if (!n || body[0]->kind != S_EXPR || !body[0]->a || body[0]->a->kind != E_STR) return NULL;
    return py_str(I, body[0]->a->s, body[0]->a->slen);
}

static gl_status exec_class(py_interp *I, py_node *s, py_env *env) {
    py_val *object = I->crt->object, *base = NULL, *btype = NULL;
    bool named_tuple = false;
    for (int i = 0; i < s->n2; i++) {
        py_node *x = s->list2[i];
        if (x->kind == E_KW || x->kind == E_STAR || x->kind == E_DSTAR)
            return py_fail(I, x, GL_E_INVALID, "class keyword arguments (metaclass=...) are not supported"), I->err.code;
        py_val *b = py_eval(I, x, env);
        if (!b) return I->err.code;
        if (b->kind == V_WRAP && b->u.w->what == W_TYPING && b->u.w->flags == 1 && s->n2 == 1) {
            named_tuple = true;   /* class P(typing.NamedTuple): collections' namedtuple of its annotated fields */
            continue;
        }
        if (b->kind == V_BUILTIN && (b->u.bi.id == B_DICT || b->u.bi.id == B_LIST || b->u.bi.id == B_TUPLE || b->u.bi.id == B_INT) &&
            !b->u.bi.self) {
            if (base || btype)    /* class X(dict, Mixin) */
                return py_fail(I, x, GL_E_INVALID, "multiple inheritance is not supported (class %s has two bases): use one base class", s->name), I->err.code;
            btype = b;            /* an instance is the container itself (py_subclass.c) */
            continue;
        }
        if (b->kind == V_BUILTIN && py_builtin_is_type(b))
            return py_fail(I, x, GL_E_INVALID, "subclassing the built-in type '%s' is not supported (only dict, list, tuple and int are): keep a %s in an attribute instead",
                           py_builtin_name(b->u.bi.id), py_builtin_name(b->u.bi.id)), I->err.code;
        if (btype && b != object)
            return py_fail(I, x, GL_E_INVALID, "multiple inheritance is not supported (class %s has two bases): use one base class", s->name), I->err.code;
        if (b->kind != V_CLASS) return py_fail(I, x, GL_E_INVALID, "TypeError: bases must be types, not %s", py_type_name(b)), I->err.code;
        if (b->u.cls->flags & CF_PSEUDO)
            return py_fail(I, x, GL_E_INVALID, "TypeError: type '%s' is not an acceptable base type", b->u.cls->name), I->err.code;
        if (b == object && base) continue;
        if (base && base != object)
            return py_fail(I, x, GL_E_INVALID, "multiple inheritance is not supported (class %s has two bases): use one base class", s->name), I->err.code;
        base = b;
    }
    if (!base) base = object;
    py_env *ns = py_env_new(I, env);
    if (!ns) return I->err.code;
    ns->cls = true;
    py_val *doc = docstring(I, s->list, s->n);
    if (doc && py_env_set(I, ns, S(I, "__doc__"), doc)) return I->err.code;
    gl_status st = py_exec_block(I, s->list, s->n, ns);
    if (st) return st;
    if (I->ctl == CTL_RETURN) return py_fail(I, s, GL_E_PARSE, "SyntaxError: 'return' outside function"), GL_E_PARSE;
    if (named_tuple) {
        py_val *mk = py_lib_attr(I, py_lib_find("collections"), "_typed_namedtuple"), *args[2];
        if (!mk) return I->err.code ? I->err.code : (py_fail(I, s, GL_E_INTERNAL, "collections has no _typed_namedtuple"), I->err.code);
        if (!(args[0] = py_str(I, s->name, strlen(s->name))) || !(args[1] = env_dict(I, ns))) return I->err.code;
        py_args a = {args, 2, NULL, NULL, 0};
        py_val *c = py_call(I, s, mk, &a);
        return c ? py_env_set(I, env, s->name, c) : I->err.code;
    }
    /* a class defined in a library module (py_lib.c) is that module's */
    py_val *c = new_class(I, s->name, PY_IS_LIB_LINE(s->line) ? py_lib_name(py_lib_of_line(s->line)) : "__main__", base, ns, 0);
    if (!c) return I->err.code;
    if (btype) {
        int id = btype->u.bi.id;
        c->u.cls->bkind = id == B_DICT ? V_DICT : id == B_TUPLE ? V_TUPLE : id == B_INT ? V_INT : V_LIST;
        c->u.cls->btype = btype;
    }
    if (ns_get(ns, S(I, "__eq__")) && !ns_get(ns, S(I, "__hash__"))) c->u.cls->flags |= CF_UNHASHABLE;
    return py_env_set(I, env, s->name, c);
}

static gl_status exec_decorated(py_interp *I, py_node *s, py_env *env) {
    py_val **decs = py_alloc(&I->ar, sizeof(py_val *) * (size_t)(s->n ? s->n : 1));
    if (!decs) return py_oom(I), I->err.code;
    for (int i = 0; i < s->n; i++)          /* decorators are evaluated first, top to bottom */
        if (!(decs[i] = py_eval(I, s->list[i], env))) return I->err.code;
    if (py_exec_block(I, &s->a, 1, env)) return I->err.code;
    py_val *v = py_eval(I, s->b, env);
    if (!v) return I->err.code;
    for (int i = s->n - 1; i >= 0; i--) {   /* ... and applied bottom up */
        py_args a = {&v, 1, NULL, NULL, 0};
        if (!(v = py_call(I, s->list[i], decs[i], &a))) return I->err.code;
    }
    return py_assign(I, s->b, v, env);
}

static gl_status exec_annassign(py_interp *I, py_node *s, py_env *env) {
    if (s->b) {
        py_val *v = py_eval(I, s->b, env);
        if (!v || py_assign(I, s->a, v, env)) return I->err.code;
    }
    if (s->a->kind != E_NAME || !(env->cls || env == I->globals)) return GL_OK;
    const char *an = S(I, "__annotations__");
    py_val *ann = ns_get(env, an);
    if (!ann) {
        if (!(ann = py_dict_new(I)) || py_env_set(I, env, an, ann)) return I->err.code;
    }
    if (ann->kind != V_DICT) return GL_OK;
    py_val *k = py_str(I, s->a->name, strlen(s->a->name)), *t = py_str(I, s->s ? s->s : "", s->slen);
    if (!k || !t) return I->err.code;
    return py_dict_set(I, ann, k, t);
}

gl_status py_class_exec(py_interp *I, py_node *s, py_env *env) {
    switch (s->kind) {
    case S_CLASS: return exec_class(I, s, env);
    case S_DECORATED: return exec_decorated(I, s, env);
    case S_ANNASSIGN: return exec_annassign(I, s, env);
    case S_TRY: return py_exec_try(I, s, env);
    case S_WITH: return py_exec_with(I, s, env);
    case S_RAISE: return py_exec_raise(I, s, env);
    default: return py_fail(I, s, GL_E_PARSE, "SyntaxError: invalid statement"), GL_E_PARSE;
    }
}

/* ---------------------------------------------------------------- operators */
/* The dunders of a binary operator: which 0 forward (__add__), 1 reflected (__radd__), 2 in place (__iadd__);
 * NULL for an operator that is no binary arithmetic or bitwise one. Shared with py_subclass.c. */
const char *py_op_dunder(int op, int which) {
    static const struct { int op; const char *name[3], *sym; } T[] = {
        {OP_ADD, {"__add__", "__radd__", "__iadd__"}, "+"}, {OP_SUB, {"__sub__", "__rsub__", "__isub__"}, "-"},
        {OP_MUL, {"__mul__", "__rmul__", "__imul__"}, "*"}, {OP_DIV, {"__truediv__", "__rtruediv__", "__itruediv__"}, "/"},
        {OP_FLOORDIV, {"__floordiv__", "__rfloordiv__", "__ifloordiv__"}, "//"},
        {OP_MOD, {"__mod__", "__rmod__", "__imod__"}, "%"}, {OP_POW, {"__pow__", "__rpow__", "__ipow__"}, "** or pow()"},
        {OP_MATMUL, {"__matmul__", "__rmatmul__", "__imatmul__"}, "@"},
        {OP_BITAND, {"__and__", "__rand__", "__iand__"}, "&"}, {OP_BITOR, {"__or__", "__ror__", "__ior__"}, "|"},
        {OP_BITXOR, {"__xor__", "__rxor__", "__ixor__"}, "^"}, {OP_LSHIFT, {"__lshift__", "__rlshift__", "__ilshift__"}, "<<"},
        {OP_RSHIFT, {"__rshift__", "__rrshift__", "__irshift__"}, ">>"}};
    for (size_t i = 0; i < sizeof T / sizeof T[0]; i++)
        if (T[i].op == op) return which == 3 ? T[i].sym : T[i].name[which];
    return NULL;
}

py_val *py_inst_binop(py_interp *I, const py_node *at, int op, py_val *a, py_val *b) {
    if (!py_op_dunder(op, 0)) return py_fail(I, at, GL_E_INTERNAL, "bad operator");
    bool found;
    py_val *r;
    /* str % obj: str's own nb_remainder takes any right operand (obj's __rmod__ is never asked) */
    if (op == OP_MOD && a->kind == V_STR) return py_str_mod(I, at, a, b);
    if (a->kind == V_INST) {
        r = dunder(I, at, a, py_op_dunder(op, 0), 1, &b, &found);
        if (found && !r) return NULL;
        if (found && r != notimpl(I)) return r;
    }
    if (b->kind == V_INST && (a->kind != V_INST || a->u.inst->cls != b->u.inst->cls)) {
        r = dunder(I, at, b, py_op_dunder(op, 1), 1, &a, &found);
        if (found && !r) return NULL;
        if (found && r != notimpl(I)) return r;
    }
    /* seq * n, n * seq: the sequence repeated by n's __index__ (sq_repeat after both operands' nb_multiply) */
    py_val *seq = a->kind == V_INST ? b : a, *n = a->kind == V_INST ? a : b;
    if (op == OP_MUL && n->kind == V_INST && (seq->kind == V_STR || seq->kind == V_LIST || seq->kind == V_TUPLE)) {
        py_val *k = py_inst_index(I, at, n);
        if (k) return py_binop(I, at, OP_MUL, seq, k);
        if (I->err.code) return NULL;
    }
    return py_fail(I, at, GL_E_INVALID, "TypeError: unsupported operand type(s) for %s: '%s' and '%s'", py_op_dunder(op, 3),
                   py_type_name(a), py_type_name(b));
}

py_val *py_inst_augop(py_interp *I, const py_node *at, int op, py_val *a, py_val *b) {
    if (!py_op_dunder(op, 2)) return NULL;
    bool found;
    py_val *r = dunder(I, at, a, py_op_dunder(op, 2), 1, &b, &found);
    return r == notimpl(I) ? NULL : r;
}

static py_val *try_cmp(py_interp *I, const py_node *at, py_val *x, py_val *y, const char *name) {
    if (x->kind != V_INST) return notimpl(I);
    bool found;
    py_val *r = dunder(I, at, x, name, 1, &y, &found);
    return found ? r : notimpl(I);
}

/* a == b by the protocol (a user __eq__ may return anything) */
static py_val *eq_proto(py_interp *I, const py_node *at, py_val *a, py_val *b) {
    if (a->kind != V_INST && b->kind != V_INST) return py_bool(py_eq(a, b));
    py_val *r = try_cmp(I, at, a, b, "__eq__");
    if (r == notimpl(I)) r = try_cmp(I, at, b, a, "__eq__");
    if (r == notimpl(I)) r = py_bool(a == b);
    return r;
}

static gl_status eq_truth(py_interp *I, const py_node *at, py_val *a, py_val *b, bool *out) {
    if (a == b) return *out = true, GL_OK;
    py_val *r = eq_proto(I, at, a, b);
    if (!r) return I->err.code;
    return py_truth(I, at, r, out);
}

int py_class_eq_deep(py_interp *I, const py_node *at, py_val *a, py_val *b) {
    if (a == b) return 1;
    if (a->kind == V_INST || b->kind == V_INST) {
        bool t;
        return eq_truth(I, at, a, b, &t) ? -1 : t;
    }
    if (a->kind != b->kind || (a->kind != V_LIST && a->kind != V_TUPLE && a->kind != V_DICT)) return py_eq(a, b);
    /* work: a step per container visited and the items it holds (a list sharing its parts, [a, a] 40 deep,
     * is 2**40 visits: the step budget ends it, as it ends py_eq_work) */
    I->steps++;
    if (!py_work(I, at, a->kind == V_DICT ? py_dict_len(a) : a->u.seq.n)) return -1;
    if (!py_depth_enter(&I->ar, PY_DEPTH_LEVEL)) return py_eq(a, b);   /* nested without end: plain equality */
    int r = 1;
    if (a->kind == V_DICT) {
        py_val **keys, **keys2;
        int n, n2;
        if (py_iter_list(I, at, a, &keys, &n) || py_iter_list(I, at, b, &keys2, &n2)) r = -1;
        else if (n != n2) r = 0;
        for (int i = 0; r == 1 && i < n; i++) {
            py_val *y = py_dict_get(b, keys[i]);
            r = y ? py_class_eq_deep(I, at, py_dict_get(a, keys[i]), y) : 0;
        }
    } else if (a->u.seq.n != b->u.seq.n) {
        r = 0;
    } else {
        for (int i = 0; r == 1 && i < a->u.seq.n; i++) r = py_class_eq_deep(I, at, a->u.seq.v[i], b->u.seq.v[i]);
    }
    py_depth_leave(&I->ar, PY_DEPTH_LEVEL);
    return r;
}

py_val *py_inst_compare(py_interp *I, const py_node *at, int op, py_val *a, py_val *b) {
    static const char *fw[] = {"__lt__", "__gt__", "__le__", "__ge__", "__eq__", "__ne__"};
    static const char *rv[] = {"__gt__", "__lt__", "__ge__", "__le__", "__eq__", "__ne__"};
    static const char *sym[] = {"<", ">", "<=", ">="};
    int k = op - OP_LT;
    if (k < 0 || k > 5) return py_fail(I, at, GL_E_INTERNAL, "bad comparison");
    py_val *r = try_cmp(I, at, a, b, fw[k]);
    if (r == notimpl(I)) r = try_cmp(I, at, b, a, rv[k]);
    if (!r) return NULL;
    if (r != notimpl(I)) return r;
    if (op == OP_EQ) return py_bool(a == b);
    if (op == OP_NE) return py_bool(a != b);
    return py_fail(I, at, GL_E_INVALID, "TypeError: '%s' not supported between instances of '%s' and '%s'", sym[k],
                   py_type_name(a), py_type_name(b));
}

py_val *py_inst_contains(py_interp *I, const py_node *at, py_val *c, py_val *x) {
    bool found;
    py_val *r = dunder(I, at, c, "__contains__", 1, &x, &found);
    if (found) {
        bool t;
        return !r || py_truth(I, at, r, &t) ? NULL : py_bool(t);
    }
    if (!py_lookup(c->u.inst->cls, S(I, "__iter__")) && !py_lookup(c->u.inst->cls, S(I, "__getitem__")))
        return py_fail(I, at, GL_E_INVALID, "TypeError: argument of type '%s' is not iterable", py_type_name(c));
    py_val **items;
    int n;
    if (py_iter_list(I, at, c, &items, &n)) return NULL;
    for (int i = 0; i < n; i++) {
        bool t;
        if (eq_truth(I, at, items[i], x, &t)) return NULL;
        if (t) return &py_True;
    }
    return &py_False;
}

py_val *py_inst_unary(py_interp *I, const py_node *at, int un, py_val *a) {
    static const char *nm[] = {"__neg__", "__pos__", "__abs__", "__invert__"};
    static const char *sym[] = {"unary -", "unary +", "abs()", "unary ~"};
    bool found;
    py_val *r = dunder(I, at, a, nm[un], 0, NULL, &found);
    if (found) return r;
    return py_fail(I, at, GL_E_INVALID, "TypeError: bad operand type for %s: '%s'", sym[un], py_type_name(a));
}

py_val *py_inst_len(py_interp *I, const py_node *at, py_val *a) {
    bool found;
    py_val *r = dunder(I, at, a, "__len__", 0, NULL, &found);
    if (!found) return py_fail(I, at, GL_E_INVALID, "TypeError: object of type '%s' has no len()", py_type_name(a));
    if (!r) return NULL;
    if (r->kind == V_BOOL) return py_int(I, r->u.b);
    if (r->kind != V_INT)
        return py_fail(I, at, GL_E_INVALID, "TypeError: '%s' object cannot be interpreted as an integer", py_type_name(r));
    if (r->u.i < 0) return py_fail(I, at, GL_E_INVALID, "ValueError: __len__() should return >= 0");
    return r;
}

py_val *py_inst_getitem(py_interp *I, const py_node *at, py_val *a, py_val *k) {
    bool found;
    py_val *r = dunder(I, at, a, "__getitem__", 1, &k, &found);
    if (!found) return py_fail(I, at, GL_E_INVALID, "TypeError: '%s' object is not subscriptable", py_type_name(a));
    return r;
}

gl_status py_inst_setitem(py_interp *I, const py_node *at, py_val *a, py_val *k, py_val *v) {
    bool found;
    py_val *args[2] = {k, v};
    py_val *r = dunder(I, at, a, "__setitem__", 2, args, &found);
    if (!found)
        return py_fail(I, at, GL_E_INVALID, "TypeError: '%s' object does not support item assignment", py_type_name(a)), I->err.code;
    return r ? GL_OK : I->err.code;
}

gl_status py_inst_delitem(py_interp *I, const py_node *at, py_val *a, py_val *k) {
    bool found;
    py_val *r = dunder(I, at, a, "__delitem__", 1, &k, &found);
    if (!found)
        return py_fail(I, at, GL_E_INVALID, "TypeError: '%s' object does not support item deletion", py_type_name(a)), I->err.code;
    return r ? GL_OK : I->err.code;
}

py_val *py_inst_index(py_interp *I, const py_node *at, py_val *a) {
    if (a->kind != V_INST) return NULL;
    bool found;
    py_val *r = dunder(I, at, a, "__index__", 0, NULL, &found);
    if (!found || !r) return NULL;
    if (!py_is_int(r))   /* a bool passes: CPython only warns (DeprecationWarning) */
        return py_fail(I, at, GL_E_INVALID, "TypeError: __index__ returned non-int (type %s)", py_type_name(r));
    return r;
}

py_val *py_index_of(py_interp *I, const py_node *at, py_val *v) {
    if (v->kind != V_INST) return v;
    py_val *r = py_inst_index(I, at, v);
    return r ? r : I->err.code ? NULL : v;
}

gl_status py_inst_truth(py_interp *I, const py_node *at, py_val *a, bool *out) {
    bool found;
    py_val *r = dunder(I, at, a, "__bool__", 0, NULL, &found);
    if (found) {
        if (!r) return I->err.code;
        if (r->kind != V_BOOL)
            return py_fail(I, at, GL_E_INVALID, "TypeError: __bool__ should return bool, returned %s", py_type_name(r)), I->err.code;
        *out = r->u.b;
        return GL_OK;
    }
    if (py_lookup(a->u.inst->cls, S(I, "__len__"))) {
        py_val *n = py_inst_len(I, at, a);
        if (!n) return I->err.code;
        *out = n->u.i != 0;
        return GL_OK;
    }
    *out = true;
    return GL_OK;
}

gl_status py_inst_iter_open(py_interp *I, const py_node *at, py_val *a, py_val **out) {
    bool found;
    py_val *it = dunder(I, at, a, "__iter__", 0, NULL, &found), *r;
    if (found) {
        if (!it) return I->err.code;
        if (it->kind == V_ITER) {         /* a generator method, iter(self.items), ... */
            *out = it;
            return GL_OK;
        }
        if (it->kind != V_INST || !py_lookup(it->u.inst->cls, S(I, "__next__")))
            return py_fail(I, at, GL_E_INVALID, "TypeError: iter() returned non-iterator of type '%s'", py_type_name(it)), I->err.code;
        if (!(r = py_iter_make(I, IT_OBJ))) return I->err.code;
        r->u.it->src = it;
    } else if (py_lookup(a->u.inst->cls, S(I, "__getitem__"))) {   /* the old sequence protocol */
        if (!(r = py_iter_make(I, IT_OBJ))) return I->err.code;
        r->u.it->src = a;
        r->u.it->which = 1;
    } else {
        return py_fail(I, at, GL_E_INVALID, "TypeError: '%s' object is not iterable", py_type_name(a)), I->err.code;
    }
    *out = r;
    return GL_OK;
}

gl_status py_inst_next(py_interp *I, const py_node *at, py_val *obj, int mode, int64_t *index, py_val **item, bool *done) {
    bool found;
    *done = false;
    if (mode == 0) {
        *item = dunder(I, at, obj, "__next__", 0, NULL, &found);
        if (!found) return py_fail(I, at, GL_E_INVALID, "TypeError: '%s' object is not an iterator", py_type_name(obj)), I->err.code;
    } else {
        py_val *ix = py_int(I, (*index)++);
        if (!ix) return I->err.code;
        *item = dunder(I, at, obj, "__getitem__", 1, &ix, &found);
    }
    if (*item) return GL_OK;
    if (!py_exc_matches(I, "StopIteration") && !(mode == 1 && py_exc_matches(I, "IndexError"))) return I->err.code;
    py_exc_clear(I);
    *done = true;
    return GL_OK;
}

/* ---------------------------------------------------------------- str / repr */
static void default_repr(gl_sb *sb, const py_val *v) {
    const py_class *c = v->u.inst->cls->u.cls;
    char q[160];
    gl_sb_printf(sb, "<%s object at 0x%llx>", c->module && strcmp(c->module, "builtins") ? (snprintf(q, sizeof q, "%s.%s", c->module, c->name), q) : c->name,
                 (unsigned long long)(uintptr_t)v);
}

static void class_repr(py_interp *I, gl_sb *sb, const py_val *cv, bool repr);

/* Nested reprs (a list of objects whose reprs print lists of objects ...) count against the depth limit; an
 * error is left in I->err for the caller (sb->failed would read as out of memory). */
void py_class_repr(py_interp *I, gl_sb *sb, const py_val *cv, bool repr) {
    if (!py_enter(I, NULL, PY_DEPTH_LEVEL)) return;
    class_repr(I, sb, cv, repr);
    py_leave(I, PY_DEPTH_LEVEL);
}

static void class_repr(py_interp *I, gl_sb *sb, const py_val *cv, bool repr) {
    py_val *v = (py_val *)cv;
    char q[160];
    switch (v->kind) {
    case V_CLASS: gl_sb_printf(sb, "<class '%s'>", qualname(v->u.cls, q, sizeof q)); return;
    case V_METHOD: {
        py_val *fn = v->u.m.fn, *self = v->u.m.self;
        const char *fname = fn->kind == V_FUNC ? (fn->u.fn.def->name ? fn->u.fn.def->name : "<lambda>") : py_builtin_name(fn->u.bi.id);
        const char *cname = self->kind == V_CLASS ? self->u.cls->name : py_type_name(self);
        if (c_random_method(fn)) {   /* random.Random's C methods (py_lib_random.c), as CPython's _random prints them */
            gl_sb_printf(sb, "<built-in method %s of %s object at 0x%llx>", fname, cname, (unsigned long long)(uintptr_t)self);
            return;
        }
        gl_sb_printf(sb, "<bound method %s.%s of ", cname, fname);
        py_repr(I, sb, self, true);
        gl_sb_putc(sb, '>');
        return;
    }
    case V_WRAP: {
        py_wrap *w = v->u.w;
        switch (w->what) {
        case W_NOTIMPL: gl_sb_puts(sb, "NotImplemented"); return;
        case W_MISSING: gl_sb_puts(sb, "<dataclasses._MISSING_TYPE object>"); return;
        case W_TYPING: gl_sb_puts(sb, "typing.Any"); return;
        case W_SUPER: gl_sb_printf(sb, "<super: <class '%s'>, <%s object>>", w->a->u.cls->name, py_type_name(w->b)); return;
        case W_FIELD: gl_sb_puts(sb, "Field(name="); if (w->c) py_repr(I, sb, w->c, true); else gl_sb_puts(sb, "None"); gl_sb_putc(sb, ')'); return;
        default: gl_sb_printf(sb, "<%s object at 0x%llx>", py_type_name(v), (unsigned long long)(uintptr_t)v); return;
        }
    }
    case V_INST: break;
    default: return;
    }
    py_val *cls = v->u.inst->cls;
    py_val *d = py_lookup(cls, S(I, repr ? "__repr__" : "__str__"));
    if (!repr && d && d->kind == V_BUILTIN && d->u.bi.id == BC_OBJ_STR) {
        repr = true;
        d = py_lookup(cls, S(I, "__repr__"));
    }
    if (!d || (d->kind == V_BUILTIN && d->u.bi.id == BC_OBJ_REPR)) {
        default_repr(sb, v);
        return;
    }
    if (d->kind == V_BUILTIN && (d->u.bi.id == BC_EXC_STR || d->u.bi.id == BC_EXC_REPR)) {
        if (d->u.bi.id == BC_EXC_STR) {
            py_exc_str(I, sb, v);
        } else {
            py_inst *o = v->u.inst;
            gl_sb_printf(sb, "%s(", cls->u.cls->name);
            if (o->text && !o->args) {
                gl_sb_puts(sb, o->text);
            } else if (o->text && strcmp(cls->u.cls->name, "KeyError") == 0) {
                gl_sb_puts(sb, o->text);
            } else if (o->args) {
                for (int i = 0; i < o->args->u.seq.n; i++) {
                    if (i) gl_sb_puts(sb, ", ");
                    py_repr(I, sb, o->args->u.seq.v[i], true);
                }
            }
            gl_sb_putc(sb, ')');
        }
        return;
    }
    if (d->kind == V_BUILTIN && d->u.bi.id == BC_DC_REPR) {
        py_dataclass_repr(I, sb, v);
        return;
    }
    py_args none = {NULL, 0, NULL, NULL, 0};
    py_val *r = call_raw(I, NULL, d, v, cls, &none);
    if (!r) return;
    if (r->kind != V_STR) {
        py_fail(I, NULL, GL_E_INVALID, "TypeError: %s returned non-string (type %s)", repr ? "__repr__" : "__str__", py_type_name(r));
        return;
    }
    gl_sb_putn(sb, r->u.str.s, r->u.str.n);
}

const char *py_class_type_name(const py_val *v) {
    switch (v->kind) {
    case V_INST: return v->u.inst->cls->u.cls->name;
    case V_CLASS: return "type";
    case V_METHOD: return c_random_method(v->u.m.fn) ? "builtin_function_or_method" : "method";
    case V_WRAP:
        switch (v->u.w->what) {
        case W_STATIC: return "staticmethod";
        case W_CLASSM: return "classmethod";
        case W_PROP: return "property";
        case W_FIELD: return "Field";
        case W_SUPER: return "super";
        case W_NOTIMPL: return "NotImplementedType";
        case W_TYPING: return "_SpecialForm";
        default: return "object";
        }
    default: return "object";
    }
}

bool py_class_eq_plain(const py_val *a, const py_val *b, int depth) {
    if (a == b) return true;
    if (a->kind == V_METHOD) return a->u.m.self == b->u.m.self && a->u.m.fn == b->u.m.fn;
    if (a->kind != V_INST || b->kind != V_INST || a->u.inst->cls != b->u.inst->cls) return false;
    py_class *c = a->u.inst->cls->u.cls;
    py_val *eq = lookup_str(a->u.inst->cls, "__eq__");
    if (!(c->flags & CF_DATACLASS) || !eq || eq->kind != V_BUILTIN || eq->u.bi.id != BC_DC_EQ) return false;
    py_class *dc = eq->u.bi.self->u.cls;
    for (int i = 0; i < dc->ndc; i++) {
        if (!dc->dc[i].compare) continue;
        py_val *x = ns_get(a->u.inst->attrs, dc->dc[i].name), *y = ns_get(b->u.inst->attrs, dc->dc[i].name);
        if (!x || !y) return x == y;
        if (!py_eq_depth(x, y, depth + 1)) return false;
    }
    return true;
}

bool py_class_hashable(const py_val *v) {
    return v->kind != V_INST || !(v->u.inst->cls->u.cls->flags & CF_UNHASHABLE);
}

uint64_t py_class_hash(const py_val *v) {
    uintptr_t p = (uintptr_t)v;
    if (v->kind == V_INST && (v->u.inst->cls->u.cls->flags & CF_DATACLASS)) p = (uintptr_t)v->u.inst->cls;  /* equal by fields */
    uint64_t h = (uint64_t)p >> 4;
    h ^= h >> 33;
    h *= 0xff51afd7ed558ccdULL;
    h ^= h >> 33;
    return h;
}

/* ---------------------------------------------------------------- builtins */
static const char *const BC_NAMES[] = {
    "isinstance", "issubclass", "type", "id", "hasattr", "getattr", "setattr", "delattr", "callable", "super",
    "staticmethod", "classmethod", "property", "dataclass", "field", "repr", "vars", "asdict", "astuple", "replace",
    "fields", "wraps", "abstractmethod", "dataclass", "setter", "getter", "deleter", "wraps", "is_dataclass", "__new__",
    "dir",
    "__init__", "__repr__", "__str__", "__eq__", "__ne__", "__hash__", "__setattr__", "__getattribute__", "__init__",
    "__str__", "__repr__", "with_traceback", "__init__", "__repr__", "__eq__", "__lt__", "__le__", "__gt__", "__ge__"};

const char *py_class_builtin_name(int id) {
    int k = id - BC_FIRST;
    if (k < 0 || k >= (int)(sizeof BC_NAMES / sizeof BC_NAMES[0])) return "?";
    return BC_NAMES[k];
}

static bool want_str(py_interp *I, const py_node *at, const char *fn, py_val *v) {
    if (v->kind == V_STR) return true;
    py_fail(I, at, GL_E_INVALID, "TypeError: %s(): attribute name must be string, not '%s'", fn, py_type_name(v));
    return false;
}

static bool nargs(py_interp *I, const py_node *at, const char *fn, py_args *a, int lo, int hi) {
    if (a->nkw) return py_fail(I, at, GL_E_INVALID, "TypeError: %s() takes no keyword arguments", fn), false;
    if (a->npos < lo || a->npos > hi) {
        if (lo == hi)
            py_fail(I, at, GL_E_INVALID, "TypeError: %s expected %d argument%s, got %d", fn, lo, lo == 1 ? "" : "s", a->npos);
        else
            py_fail(I, at, GL_E_INVALID, "TypeError: %s expected at %s %d argument%s, got %d", fn, a->npos < lo ? "least" : "most",
                    a->npos < lo ? lo : hi, (a->npos < lo ? lo : hi) == 1 ? "" : "s", a->npos);
        return false;
    }
    return true;
}

static bool is_callable(py_interp *I, py_val *x) {
    switch (x->kind) {
    case V_FUNC: case V_BUILTIN: case V_CLASS: case V_METHOD: return true;
    case V_INST: return py_lookup(x->u.inst->cls, S(I, "__call__")) != NULL;
    case V_WRAP: return x->u.w->what == W_STATIC;
    default: return false;
    }
}

py_val *py_class_builtin(py_interp *I, const py_node *at, py_val *f, py_args *a) {
    int id = f->u.bi.id;
    py_val *self = f->u.bi.self;
    const char *fn = py_class_builtin_name(id);
    switch (id) {
    case BC_ISINSTANCE: case BC_ISSUBCLASS: {
        if (!nargs(I, at, fn, a, 2, 2)) return NULL;
        bool sub = id == BC_ISSUBCLASS;
        if (sub && !is_type_value(a->pos[0])) return py_fail(I, at, GL_E_INVALID, "TypeError: issubclass() arg 1 must be a class");
        int r = check_classinfo(I, at, fn, a->pos[0], a->pos[1], sub, 0);
        return r < 0 ? NULL : py_bool(r);
    }
    case BC_TYPE:
        if (a->npos == 3) return py_fail(I, at, GL_E_INVALID, "type(name, bases, dict) is not supported: write a class statement");
        if (!nargs(I, at, "type", a, 1, 1)) return NULL;
        return py_type_of(I, a->pos[0]);
    case BC_ID:
        if (!nargs(I, at, "id", a, 1, 1)) return NULL;
        return py_int(I, (int64_t)((uintptr_t)a->pos[0] & 0x7fffffffffffULL));
    case BC_HASATTR: case BC_GETATTR: {
        if (!nargs(I, at, fn, a, 2, id == BC_GETATTR ? 3 : 2) || !want_str(I, at, fn, a->pos[1])) return NULL;
        const char *n = py_intern(&I->ar, a->pos[1]->u.str.s, a->pos[1]->u.str.n);
        if (!n) return py_oom(I);
        py_val *r = py_getattr(I, at, a->pos[0], n);
        if (r) return id == BC_HASATTR ? &py_True : r;
        if (!py_exc_matches(I, "AttributeError")) return NULL;
        if (id == BC_GETATTR && a->npos < 3) return NULL;
        py_exc_clear(I);
        return id == BC_HASATTR ? &py_False : a->pos[2];
    }
    case BC_SETATTR: case BC_DELATTR: {
        if (!nargs(I, at, fn, a, id == BC_SETATTR ? 3 : 2, id == BC_SETATTR ? 3 : 2) || !want_str(I, at, fn, a->pos[1])) return NULL;
        const char *n = py_intern(&I->ar, a->pos[1]->u.str.s, a->pos[1]->u.str.n);
        if (!n) return py_oom(I);
        gl_status st = id == BC_SETATTR ? py_setattr(I, at, a->pos[0], n, a->pos[2]) : py_delattr(I, at, a->pos[0], n);
        return st ? NULL : &py_None;
    }
    case BC_CALLABLE:
        if (!nargs(I, at, "callable", a, 1, 1)) return NULL;
        return py_bool(is_callable(I, a->pos[0]));
    case BC_SUPER:
        if (a->npos == 0 && !a->nkw) return py_fail(I, at, GL_E_INVALID, "RuntimeError: super(): no arguments");
        if (!nargs(I, at, "super", a, 2, 2)) return NULL;
        return make_super(I, at, a->pos[0], a->pos[1]);
    case BC_STATICMETHOD: case BC_CLASSMETHOD:
        if (!nargs(I, at, fn, a, 1, 1)) return NULL;
        return mk_wrap(I, id == BC_STATICMETHOD ? W_STATIC : W_CLASSM, a->pos[0], NULL, NULL);
    case BC_PROPERTY: {
        py_val *v[4] = {NULL, NULL, NULL, NULL};
        static const char *nm[] = {"fget", "fset", "fdel", "doc"};
        if (a->npos > 4) return py_fail(I, at, GL_E_INVALID, "TypeError: property() takes at most 4 arguments (%d given)", a->npos);
        for (int i = 0; i < a->npos; i++) v[i] = a->pos[i];
        for (int k = 0; k < a->nkw; k++) {
            int j = -1;
            for (int i = 0; i < 4; i++)
                if (strcmp(a->kwn[k], nm[i]) == 0) j = i;
            if (j < 0) return py_fail(I, at, GL_E_INVALID, "TypeError: property() got an unexpected keyword argument '%s'", a->kwn[k]);
            v[j] = a->kwv[k];
        }
        for (int i = 0; i < 3; i++)
            if (v[i] && v[i]->kind == V_NONE) v[i] = NULL;
        return mk_wrap(I, W_PROP, v[0], v[1], v[2]);
    }
    case BC_PROP_SETTER: case BC_PROP_GETTER: case BC_PROP_DELETER: {
        if (!nargs(I, at, fn, a, 1, 1)) return NULL;
        py_wrap *w = self->u.w;
        return mk_wrap(I, W_PROP, id == BC_PROP_GETTER ? a->pos[0] : w->a, id == BC_PROP_SETTER ? a->pos[0] : w->b,
                       id == BC_PROP_DELETER ? a->pos[0] : w->c);
    }
    case BC_REPR: {
        if (!nargs(I, at, "repr", a, 1, 1)) return NULL;
        gl_sb sb;
        gl_sb_init(&sb);
        py_repr(I, &sb, a->pos[0], true);
        py_val *r = I->err.code ? NULL : sb.failed ? py_fail(I, at, GL_E_LIMIT, "repr(): the text is too long")
                                                   : py_str(I, sb.buf ? sb.buf : "", sb.len);
        gl_sb_free(&sb);
        return r;
    }
    case BC_VARS:
        if (!nargs(I, at, "vars", a, 1, 1)) return NULL;
        if (a->pos[0]->kind != V_INST && a->pos[0]->kind != V_CLASS && !py_sub_of(a->pos[0]))
            return py_fail(I, at, GL_E_INVALID, "TypeError: vars() argument must have __dict__ attribute");
        return py_getattr(I, at, a->pos[0], "__dict__");
    case BC_DIR: return py_dir(I, at, a);   /* py_dir.c */
    case BC_WRAPS:
        if (a->npos < 1) return py_fail(I, at, GL_E_INVALID, "TypeError: wraps() missing 1 required positional argument: 'wrapped'");
        return mk_builtin(I, BC_WRAPS_DEC, a->pos[0]);
    case BC_OBJ_NEW: {
        py_val *c = a->npos ? a->pos[0] : NULL;
        if (!c || c->kind != V_CLASS)
            return py_fail(I, at, GL_E_INVALID, "TypeError: object.__new__(X): X is not a type object (%s)", c ? py_type_name(c) : "nothing");
        if (c->u.cls->flags & (CF_BUILTIN | CF_PSEUDO) || c->u.cls->bkind)
            return py_fail(I, at, GL_E_INVALID, "TypeError: object.__new__(%s) is not safe, use %s.__new__()", c->u.cls->name, c->u.cls->name);
        return new_inst(I, c);
    }
    case BC_WRAPS_DEC: case BC_IDENTITY: {
        if (!nargs(I, at, fn, a, 1, 1)) return NULL;
        py_val *g = a->pos[0];
        if (id == BC_IDENTITY || g->kind != V_FUNC || self->kind != V_FUNC) return g;
        py_val *w = py_new(I, V_FUNC);      /* functools.wraps: the wrapper under the wrapped function's name */
        py_node *d = py_alloc(&I->ar, sizeof *d);
        if (!w || !d) return py_oom(I);
        *w = *g;
        *d = *g->u.fn.def;
        d->name = self->u.fn.def->name;
        d->qualname = self->u.fn.def->qualname;
        w->u.fn.def = d;
        /* update_wrapper: the wrapped's own attributes, then __wrapped__ */
        py_val *own = fn_attr_dict(I, self, false), *k, *x;
        for (int pos = 0; own && py_dict_next(own, &pos, &k, &x);)
            if (py_setattr(I, at, w, k->u.str.s, x)) return NULL;
        py_val *doc = I->err.code ? NULL : py_getattr(I, at, self, "__doc__");
        if (!doc || py_setattr(I, at, w, "__doc__", doc) || py_setattr(I, at, w, "__wrapped__", self)) return NULL;
        return w;
    }
    case BC_DATACLASS: case BC_FIELD: case BC_ASDICT: case BC_ASTUPLE: case BC_REPLACE: case BC_FIELDS:
    case BC_DC_DEC: case BC_ISDATACLASS: case BC_DC_INIT: case BC_DC_REPR: case BC_DC_EQ: case BC_DC_LT: case BC_DC_LE:
    case BC_DC_GT: case BC_DC_GE:
        return py_dataclass_builtin(I, at, id, self, a);
    default: break;
    }
    /* native methods: a->pos[0] is self */
    if (a->npos < 1) return py_fail(I, at, GL_E_INVALID, "TypeError: descriptor '%s' of 'object' object needs an argument", fn);
    py_val *me = a->pos[0];
    switch (id) {
    case BC_OBJ_INIT:
        if (a->npos > 1 || a->nkw)
            return py_fail(I, at, GL_E_INVALID, "TypeError: object.__init__() takes exactly one argument (the instance to initialize)");
        return &py_None;
    case BC_OBJ_REPR: case BC_OBJ_STR: case BC_EXC_STR: case BC_EXC_REPR: {
        gl_sb sb;
        gl_sb_init(&sb);
        if (id == BC_OBJ_REPR && me->kind == V_INST) default_repr(&sb, me);
        else if (id == BC_EXC_STR && is_exc_inst(me)) py_exc_str(I, &sb, me);
        else py_repr(I, &sb, me, id != BC_OBJ_STR && id != BC_EXC_STR);
        py_val *r = I->err.code ? NULL : py_str(I, sb.buf ? sb.buf : "", sb.len);
        gl_sb_free(&sb);
        return r;
    }
    case BC_OBJ_EQ:
        if (a->npos != 2) return py_fail(I, at, GL_E_INVALID, "TypeError: expected 1 argument, got %d", a->npos - 1);
        return me == a->pos[1] ? &py_True : notimpl(I);
    case BC_OBJ_NE: {
        if (a->npos != 2) return py_fail(I, at, GL_E_INVALID, "TypeError: expected 1 argument, got %d", a->npos - 1);
        py_val *r = try_cmp(I, at, me, a->pos[1], "__eq__");
        if (!r || r == notimpl(I)) return r;
        bool t;
        return py_truth(I, at, r, &t) ? NULL : py_bool(!t);
    }
    case BC_OBJ_HASH: return py_int(I, (int64_t)(py_class_hash(me) >> 1));
    case BC_OBJ_SETATTR: {
        if (a->npos != 3 || !want_str(I, at, "__setattr__", a->pos[1])) return I->err.code ? NULL : py_fail(I, at, GL_E_INVALID, "TypeError: expected 2 arguments");
        const char *n = py_intern(&I->ar, a->pos[1]->u.str.s, a->pos[1]->u.str.n);
        if (!n) return py_oom(I);
        if (me->kind != V_INST) return py_setattr(I, at, me, n, a->pos[2]) ? NULL : &py_None;
        return py_env_set(I, me->u.inst->attrs, n, a->pos[2]) ? NULL : &py_None;   /* bypasses frozen and __setattr__ */
    }
    case BC_OBJ_GETATTRIBUTE:
        if (a->npos != 2 || !want_str(I, at, "__getattribute__", a->pos[1])) return I->err.code ? NULL : py_fail(I, at, GL_E_INVALID, "TypeError: expected 1 argument");
        return py_getattr(I, at, me, py_intern(&I->ar, a->pos[1]->u.str.s, a->pos[1]->u.str.n));
    case BC_EXC_INIT: {
        if (a->nkw) return py_fail(I, at, GL_E_INVALID, "TypeError: %s() takes no keyword arguments", py_type_name(me));
        if (!is_exc_inst(me)) return &py_None;
        py_val *t = py_seq(I, V_TUPLE, a->npos - 1);
        if (!t) return NULL;
        for (int i = 1; i < a->npos; i++) t->u.seq.v[i - 1] = a->pos[i];
        me->u.inst->args = t;
        me->u.inst->text = NULL;
        return &py_None;
    }
    case BC_EXC_WITHTB: return me;
    default: break;
    }
    return py_fail(I, at, GL_E_INTERNAL, "unknown builtin %d", id);
}

/* ---------------------------------------------------------------- modules */
int py_class_import(const char *m) {
    if (strcmp(m, "dataclasses") == 0) return MOD_DATACLASSES;
    if (strcmp(m, "typing") == 0) return MOD_TYPING;
    if (strcmp(m, "abc") == 0) return MOD_ABC;
    if (strcmp(m, "functools") == 0) return MOD_FUNCTOOLS;
    return -1;
}

py_val *py_class_module_attr(py_interp *I, const py_node *at, int mod, const char *name) {
    switch (mod) {
    case MOD_DATACLASSES: {
        static const struct { const char *n; int id; } t[] = {{"dataclass", BC_DATACLASS}, {"field", BC_FIELD},
            {"asdict", BC_ASDICT}, {"astuple", BC_ASTUPLE}, {"replace", BC_REPLACE}, {"fields", BC_FIELDS},
            {"is_dataclass", BC_ISDATACLASS}};
        for (size_t i = 0; i < sizeof t / sizeof t[0]; i++)
            if (strcmp(name, t[i].n) == 0) return mk_builtin(I, t[i].id, NULL);
        if (strcmp(name, "FrozenInstanceError") == 0) return py_exc_class(I, name);
        if (strcmp(name, "MISSING") == 0) return mk_wrap(I, W_MISSING, NULL, NULL, NULL);
        return py_fail(I, at, GL_E_INVALID, "AttributeError: module 'dataclasses' has no attribute '%s'", name);
    }
    case MOD_TYPING: {   /* List, Optional, ...: annotations only; NamedTuple a base (flags 1: exec_class) */
        py_val *w = mk_wrap(I, W_TYPING, NULL, NULL, NULL);
        if (w && strcmp(name, "NamedTuple") == 0) w->u.w->flags = 1;
        return w;
    }
    case MOD_ABC:
        if (strcmp(name, "ABC") == 0) return I->crt->abc;
        if (strcmp(name, "abstractmethod") == 0) return mk_builtin(I, BC_IDENTITY, NULL);
        return py_fail(I, at, GL_E_INVALID, "AttributeError: module 'abc' has no attribute '%s'", name);
    case MOD_FUNCTOOLS:
        if (strcmp(name, "wraps") == 0) return mk_builtin(I, BC_WRAPS, NULL);
        return py_fail(I, at, GL_E_INVALID, "AttributeError: module 'functools' has no attribute '%s' (GraphLab has wraps)", name);
    case MOD_GL:
        if (strcmp(name, "Tensor") == 0) return pseudo(I, "Tensor");
        if (strcmp(name, "TraceError") == 0) return py_exc_class(I, name);
        break;
    default: break;
    }
    return py_fail(I, at, GL_E_INVALID, "AttributeError: no attribute '%s'", name);
}

/* ---------------------------------------------------------------- install */
static bool put(py_interp *I, py_env *e, const char *name, py_val *v) {
    const char *n = S(I, name);
    return n && v && !py_env_set(I, e, n, v);
}

void py_class_install(py_interp *I) {
    if (I->err.code) return;
    py_crt *c = py_alloc(&I->ar, sizeof *c);
    if (!c) {
        py_oom(I);
        return;
    }
    I->crt = c;
    if (!(c->pseudo = py_env_new(I, NULL)) || !(c->excs = py_env_new(I, NULL))) return;
    if (!(c->object = new_class(I, S(I, "object"), "builtins", NULL, NULL, CF_BUILTIN))) return;
    py_env *ons = c->object->u.cls->ns;
    static const struct { const char *n; int id; } om[] = {{"__init__", BC_OBJ_INIT}, {"__repr__", BC_OBJ_REPR},
        {"__str__", BC_OBJ_STR}, {"__eq__", BC_OBJ_EQ}, {"__ne__", BC_OBJ_NE}, {"__hash__", BC_OBJ_HASH},
        {"__setattr__", BC_OBJ_SETATTR}, {"__getattribute__", BC_OBJ_GETATTRIBUTE}};
    for (size_t i = 0; i < sizeof om / sizeof om[0]; i++)
        if (!put(I, ons, om[i].n, mk_builtin(I, om[i].id, NULL))) return;
    if (!(c->type = mk_builtin(I, BC_TYPE, NULL)) || !(c->notimpl = mk_wrap(I, W_NOTIMPL, NULL, NULL, NULL))) return;
    if (!(c->abc = new_class(I, S(I, "ABC"), "abc", c->object, NULL, 0))) return;
    static const int ids[] = {BC_ISINSTANCE, BC_ISSUBCLASS, BC_ID, BC_HASATTR, BC_GETATTR, BC_SETATTR, BC_DELATTR,
                              BC_CALLABLE, BC_SUPER, BC_STATICMETHOD, BC_CLASSMETHOD, BC_PROPERTY, BC_VARS, BC_DIR};
    for (size_t i = 0; i < sizeof ids / sizeof ids[0]; i++)
        if (!put(I, I->builtins, py_class_builtin_name(ids[i]), mk_builtin(I, ids[i], NULL))) return;
    if (!py_env_get(I->builtins, S(I, "repr")) && !put(I, I->builtins, "repr", mk_builtin(I, BC_REPR, NULL))) return;
    if (!put(I, I->builtins, "type", c->type) || !put(I, I->builtins, "object", c->object) ||
        !put(I, I->builtins, "NotImplemented", c->notimpl))
        return;
    py_exc_install(I);
}

/* ---------------------------------------------------------------- for py_exc.c and py_dataclass.c */
py_val *py_class_new_exc_class(py_interp *I, const char *name, const char *module, py_val *base) {
    return new_class(I, S(I, name), module, base ? base : I->crt->object, NULL, CF_BUILTIN | CF_EXC);
}
py_val *py_class_instantiate(py_interp *I, const py_node *at, py_val *cls, py_args *a) { return instantiate(I, at, cls, a); }
py_val *py_class_new_inst(py_interp *I, py_val *cls) { return new_inst(I, cls); }
py_val *py_class_eq_proto(py_interp *I, const py_node *at, py_val *a, py_val *b) { return eq_proto(I, at, a, b); }
py_val *py_class_ns_get(py_env *e, const char *name) { return ns_get(e, name); }
py_val *py_class_call_raw(py_interp *I, const py_node *at, py_val *d, py_val *self, py_val *cls, py_args *a) {
    return call_raw(I, at, d, self, cls, a);
}
py_val *py_class_bind(py_interp *I, py_val *d, py_val *obj, py_val *cls) { return bind_attr(I, d, obj, cls); }
py_val *py_class_env_dict(py_interp *I, py_env *e) { return env_dict(I, e); }
bool py_class_ns_del(py_env *e, const char *name) { return ns_del(e, name); }
