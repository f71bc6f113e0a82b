/* py_dataclass.c — @dataclass and dataclasses.field / asdict / astuple / replace / fields / is_dataclass.
 *
 * The decorator reads the class body's __annotations__ (recorded, unevaluated, by annotated assignments:
 * py_class.c) in order, after the fields of the nearest dataclass base, and adds the methods CPython
 * generates unless the body defines them: __init__ (positional or keyword, defaults, default_factory, then
 * __post_init__), __repr__ ("C(a=1, b=[2])", with the instance's class name), __eq__ (same class, field by
 * field) — as native methods (V_BUILTIN ids BC_DC_*, bi.self = the dataclass) that bind like functions, so
 * a subclass inherits them and super().__init__ finds them. frozen=True makes assignment raise
 * dataclasses.FrozenInstanceError (the generated __init__ writes past it); eq without frozen makes the
 * instances unhashable, as in CPython. ClassVar annotations are not fields; a list / dict / set default is the
 * ValueError CPython raises. */
#include <string.h>

#include "front/py.h"

enum { DC_INIT = 1, DC_REPR = 2, DC_EQ = 4, DC_ORDER = 8, DC_FROZEN = 16, DC_UNSAFE_HASH = 32 };
enum { FF_NOINIT = 1, FF_NOREPR = 2, FF_NOCOMPARE = 4 };

static const char *S(py_interp *I, const char *s) { return py_intern(&I->ar, s, strlen(s)); }

static bool starts(const py_val *s, const char *p) {
    size_t n = strlen(p);
    return s->kind == V_STR && s->u.str.n >= n && memcmp(s->u.str.s, p, n) == 0;
}

static bool is_mutable_default(const py_val *v) {
    if (v->kind == V_LIST || v->kind == V_DICT) return true;
    const char *tn = py_type_name(v);
    return strcmp(tn, "set") == 0;
}

py_val *py_dataclass_apply(py_interp *I, const py_node *at, py_val *cls, py_val *opts) {
    if (cls->kind != V_CLASS || (cls->u.cls->flags & CF_BUILTIN))
        return py_fail(I, at, GL_E_INVALID, "TypeError: dataclass() should be called on a class, got %s", py_type_name(cls));
    int flags = opts ? opts->u.w->flags : DC_INIT | DC_REPR | DC_EQ;
    py_class *c = cls->u.cls;
    py_dcfield *fs = NULL;
    int nf = 0, cap = 0;
    for (py_val *b = c->base; b; b = b->u.cls->base)
        if (b->u.cls->flags & CF_DATACLASS) {
            cap = b->u.cls->ndc + 8;
            if (!(fs = py_alloc(&I->ar, sizeof *fs * (size_t)cap))) return py_oom(I);
            memcpy(fs, b->u.cls->dc, sizeof *fs * (size_t)b->u.cls->ndc);
            nf = b->u.cls->ndc;
            break;
        }
    py_val *ann = py_class_ns_get(c->ns, S(I, "__annotations__"));
    if (ann && ann->kind == V_DICT) {
        py_val **keys;
        int nk;
        if (py_iter_list(I, at, ann, &keys, &nk)) return NULL;
        for (int i = 0; i < nk; i++) {
            py_val *k = keys[i], *t = py_dict_get(ann, k);
            if (k->kind != V_STR) continue;
            if (t && (starts(t, "ClassVar") || starts(t, "typing.ClassVar") || starts(t, "InitVar"))) continue;
            const char *name = py_intern(&I->ar, k->u.str.s, k->u.str.n);
            if (!name) return py_oom(I);
            py_dcfield f = {name, NULL, NULL, true, true, true};
            py_val *d = py_class_ns_get(c->ns, name);
            if (d && d->kind == V_WRAP && d->u.w->what == W_FIELD) {
                py_wrap *w = d->u.w;
                f.dflt = w->a;
                f.factory = w->b;
                f.init = !(w->flags & FF_NOINIT);
                f.repr = !(w->flags & FF_NOREPR);
                f.compare = !(w->flags & FF_NOCOMPARE);
                w->c = k;                /* Field.name */
                if (f.dflt) {
                    if (py_env_set(I, c->ns, name, f.dflt)) return NULL;
                } else {
                    py_class_ns_del(c->ns, name);
                }
            } else if (d) {
                if (is_mutable_default(d))
                    return py_fail(I, at, GL_E_INVALID, "ValueError: mutable default <class '%s'> for field %s is not allowed: use default_factory",
                                   py_type_name(d), name);
                f.dflt = d;
            }
            int j = 0;
            while (j < nf && fs[j].name != name) j++;
            if (j == nf) {
                if (nf == cap) {
                    cap = cap ? cap * 2 : 8;
                    py_dcfield *t2 = py_alloc(&I->ar, sizeof *t2 * (size_t)cap);
                    if (!t2) return py_oom(I);
                    if (nf) memcpy(t2, fs, sizeof *t2 * (size_t)nf);
                    fs = t2;
                }
                nf++;
            }
            fs[j] = f;
        }
    }
    bool seen = false;
    for (int i = 0; i < nf; i++) {
        if (!fs[i].init) continue;
        if (fs[i].dflt || fs[i].factory) seen = true;
        else if (seen)
            return py_fail(I, at, GL_E_INVALID, "TypeError: non-default argument '%s' follows default argument", fs[i].name);
    }
    c->dc = fs;
    c->ndc = nf;
    c->flags |= CF_DATACLASS;
    if (flags & DC_FROZEN) c->flags |= CF_FROZEN;
    static const struct { int flag; const char *n; int id; } gen[] = {
        {DC_INIT, "__init__", BC_DC_INIT}, {DC_REPR, "__repr__", BC_DC_REPR}, {DC_EQ, "__eq__", BC_DC_EQ}};
    bool own_eq = py_class_ns_get(c->ns, S(I, "__eq__")) != NULL;
    for (size_t i = 0; i < sizeof gen / sizeof gen[0]; i++) {
        const char *n = S(I, gen[i].n);
        if (!(flags & gen[i].flag) || py_class_ns_get(c->ns, n)) continue;
        py_val *f = py_builtin(I, gen[i].id, cls);
        if (!f || py_env_set(I, c->ns, n, f)) return NULL;
    }
    if (!py_class_ns_get(c->ns, S(I, "__match_args__"))) {   /* the init fields' names, for class patterns */
        int k = 0;
        for (int i = 0; i < nf; i++) k += fs[i].init;
        py_val *t = py_seq(I, V_TUPLE, k);
        if (!t) return NULL;
        for (int i = 0, j = 0; i < nf; i++)
            if (fs[i].init && !(t->u.seq.v[j++] = py_str(I, fs[i].name, strlen(fs[i].name)))) return NULL;
        if (py_env_set(I, c->ns, S(I, "__match_args__"), t)) return NULL;
    }
    if ((flags & DC_EQ) && !own_eq && !py_class_ns_get(c->ns, S(I, "__hash__"))) {
        if (flags & (DC_FROZEN | DC_UNSAFE_HASH)) c->flags &= ~CF_UNHASHABLE;
        else c->flags |= CF_UNHASHABLE;
    }
    if (flags & DC_ORDER) {       /* __lt__ ... __ge__ compare the tuples of the compared fields, as CPython's */
        static const struct { const char *n; int id; } ord[] = {
            {"__lt__", BC_DC_LT}, {"__le__", BC_DC_LE}, {"__gt__", BC_DC_GT}, {"__ge__", BC_DC_GE}};
        if (!(flags & DC_EQ)) return py_fail(I, at, GL_E_INVALID, "ValueError: eq must be true if order is true");
        for (size_t i = 0; i < sizeof ord / sizeof ord[0]; i++) {
            const char *n = S(I, ord[i].n);
            if (py_class_ns_get(c->ns, n))
                return py_fail(I, at, GL_E_INVALID, "TypeError: Cannot overwrite attribute %s in class %s. Consider using "
                               "functools.total_ordering", ord[i].n, c->name);
            py_val *f = py_builtin(I, ord[i].id, cls);
            if (!f || py_env_set(I, c->ns, n, f)) return NULL;
        }
    }
    return cls;
}

static py_val *field_value(py_interp *I, const py_node *at, py_dcfield *f) {
    if (f->factory) {
        py_args none = {NULL, 0, NULL, NULL, 0};
        return py_call(I, at, f->factory, &none);
    }
    return f->dflt;
}

static py_val *dc_init(py_interp *I, const py_node *at, py_val *cls, py_args *a) {
    py_class *c = cls->u.cls;
    py_val *self = a->pos[0];
    if (self->kind != V_INST) return py_fail(I, at, GL_E_INVALID, "TypeError: __init__() needs an instance");
    int ninit = 0, nreq = 0;
    for (int i = 0; i < c->ndc; i++) {
        ninit += c->dc[i].init;
        nreq += c->dc[i].init && !c->dc[i].dflt && !c->dc[i].factory;
    }
    if (a->npos - 1 > ninit) {
        if (nreq < ninit)
            return py_fail(I, at, GL_E_INVALID, "TypeError: %s.__init__() takes from %d to %d positional arguments but %d were given",
                           c->name, nreq + 1, ninit + 1, a->npos);
        return py_fail(I, at, GL_E_INVALID, "TypeError: %s.__init__() takes %d positional argument%s but %d were given", c->name,
                       ninit + 1, ninit + 1 == 1 ? "" : "s", a->npos);
    }
    py_val **got = py_alloc(&I->ar, sizeof(py_val *) * (size_t)(c->ndc + 1));
    if (!got) return py_oom(I);
    for (int i = 0, p = 1; i < c->ndc; i++)
        if (c->dc[i].init && p < a->npos) got[i] = a->pos[p++];
    for (int k = 0; k < a->nkw; k++) {
        int j = -1;
        for (int i = 0; i < c->ndc; i++)
            if (c->dc[i].init && strcmp(c->dc[i].name, a->kwn[k]) == 0) j = i;
        if (j < 0)
            return py_fail(I, at, GL_E_INVALID, "TypeError: %s.__init__() got an unexpected keyword argument '%s'", c->name, a->kwn[k]);
        if (got[j])
            return py_fail(I, at, GL_E_INVALID, "TypeError: %s.__init__() got multiple values for argument '%s'", c->name, a->kwn[k]);
        got[j] = a->kwv[k];
    }
    int miss = 0;
    char names[200] = "";
    for (int i = 0; i < c->ndc; i++)
        if (c->dc[i].init && !got[i] && !c->dc[i].dflt && !c->dc[i].factory) miss++;
    if (miss) {
        int k = 0;
        size_t o = 0;
        for (int i = 0; i < c->ndc; i++) {
            if (!c->dc[i].init || got[i] || c->dc[i].dflt || c->dc[i].factory) continue;
            const char *sep = k == 0 ? "" : (k == miss - 1 ? (miss > 2 ? ", and " : " and ") : ", ");
            o += (size_t)snprintf(names + o, o < sizeof names ? sizeof names - o : 0, "%s'%s'", sep, c->dc[i].name);
            if (o >= sizeof names) o = sizeof names - 1;
            k++;
        }
        return py_fail(I, at, GL_E_INVALID, "TypeError: %s.__init__() missing %d required positional argument%s: %s", c->name,
                       miss, miss == 1 ? "" : "s", names);
    }
    for (int i = 0; i < c->ndc; i++) {
        py_val *v = got[i];
        if (!v && (c->dc[i].dflt || c->dc[i].factory) && !(v = field_value(I, at, &c->dc[i]))) return NULL;
        if (v && py_env_set(I, self->u.inst->attrs, c->dc[i].name, v)) return NULL;
    }
    py_val *post = py_lookup(self->u.inst->cls, S(I, "__post_init__"));
    if (post && !py_call_method(I, at, self, post, 0, NULL)) return NULL;
    return &py_None;
}

static void dc_repr_fields(py_interp *I, gl_sb *sb, py_val *v, py_class *c);

void py_dataclass_repr(py_interp *I, gl_sb *sb, py_val *v) {
    py_val *d = py_lookup(v->u.inst->cls, S(I, "__repr__"));
    py_class *c = d && d->kind == V_BUILTIN && d->u.bi.self ? d->u.bi.self->u.cls : v->u.inst->cls->u.cls;
    py_crt *rt = I->crt;
    for (int i = 0; i < rt->nreprs; i++)
        if (rt->reprs[i] == v) {
            gl_sb_puts(sb, "...");
            return;
        }
    if (rt->nreprs == 64) {
        py_fail(I, NULL, GL_E_LIMIT, "RecursionError: maximum recursion depth exceeded while getting the repr of an object");
        return;
    }
    rt->reprs[rt->nreprs++] = v;
    dc_repr_fields(I, sb, v, c);
    rt->nreprs--;
}

static void dc_repr_fields(py_interp *I, gl_sb *sb, py_val *v, py_class *c) {
    gl_sb_printf(sb, "%s(", v->u.inst->cls->u.cls->name);
    bool first = true;
    for (int i = 0; i < c->ndc; i++) {
        if (!c->dc[i].repr) continue;
        py_val *x = py_class_ns_get(v->u.inst->attrs, c->dc[i].name);
        if (!x) {
            py_fail(I, NULL, GL_E_INVALID, "AttributeError: '%s' object has no attribute '%s'", c->name, c->dc[i].name);
            return;
        }
        gl_sb_printf(sb, "%s%s=", first ? "" : ", ", c->dc[i].name);
        first = false;
        py_repr(I, sb, x, true);
        if (I->err.code) return;
    }
    gl_sb_putc(sb, ')');
}

static py_val *dc_eq(py_interp *I, const py_node *at, py_val *cls, py_val *a, py_val *b) {
    if (a->kind != V_INST || b->kind != V_INST || a->u.inst->cls != b->u.inst->cls) return I->crt->notimpl;
    py_class *c = cls->u.cls;
    for (int i = 0; i < c->ndc; i++) {
        if (!c->dc[i].compare) continue;
        py_val *x = py_class_ns_get(a->u.inst->attrs, c->dc[i].name), *y = py_class_ns_get(b->u.inst->attrs, c->dc[i].name);
        if (!x || !y) {
            if (x != y) return &py_False;
            continue;
        }
        if (!py_enter(I, at, PY_DEPTH_LEVEL)) return NULL;
        py_val *r = x == y ? &py_True : py_class_eq_proto(I, at, x, y);
        bool t = false;
        gl_status st = r ? py_truth(I, at, r, &t) : I->err.code;
        py_leave(I, PY_DEPTH_LEVEL);
        if (st) return NULL;
        if (!t) return &py_False;
    }
    return &py_True;
}

/* order=True: (a.f1, a.f2, ...) OP (b.f1, b.f2, ...) over the compared fields; NotImplemented for another class */
static py_val *dc_order(py_interp *I, const py_node *at, py_val *cls, int op, py_val *a, py_val *b) {
    if (a->kind != V_INST || b->kind != V_INST || a->u.inst->cls != b->u.inst->cls) return I->crt->notimpl;
    py_class *c = cls->u.cls;
    int n = 0;
    for (int i = 0; i < c->ndc; i++) n += c->dc[i].compare;
    py_val *ta = py_seq(I, V_TUPLE, n), *tb = ta ? py_seq(I, V_TUPLE, n) : NULL;
    if (!tb) return NULL;
    for (int i = 0, k = 0; i < c->ndc; i++) {
        if (!c->dc[i].compare) continue;
        py_val *x = py_class_ns_get(a->u.inst->attrs, c->dc[i].name), *y = py_class_ns_get(b->u.inst->attrs, c->dc[i].name);
        if (!x || !y)
            return py_fail(I, at, GL_E_INVALID, "AttributeError: '%s' object has no attribute '%s'", c->name, c->dc[i].name);
        ta->u.seq.v[k] = x;
        tb->u.seq.v[k++] = y;
    }
    if (!py_enter(I, at, PY_DEPTH_LEVEL)) return NULL;
    py_val *r = py_compare(I, at, op, ta, tb);
    py_leave(I, PY_DEPTH_LEVEL);
    return r;
}

static py_val *as_plain(py_interp *I, const py_node *at, py_val *v, bool dict) {
    if (!py_enter(I, at, PY_DEPTH_LEVEL)) return NULL;
    py_val *r = NULL;
    if (v->kind == V_INST && (v->u.inst->cls->u.cls->flags & CF_DATACLASS)) {
        py_class *c = v->u.inst->cls->u.cls;
        r = dict ? py_dict_new(I) : py_seq(I, V_TUPLE, c->ndc);
        for (int i = 0; r && i < c->ndc; i++) {
            py_val *x = py_class_ns_get(v->u.inst->attrs, c->dc[i].name);
            if (!x) x = &py_None;
            py_val *y = as_plain(I, at, x, dict);
            if (!y) { r = NULL; break; }
            if (dict) {
                py_val *k = py_str(I, c->dc[i].name, strlen(c->dc[i].name));
                if (!k || py_dict_set(I, r, k, y)) r = NULL;
            } else {
                r->u.seq.v[i] = y;
            }
        }
    } else if (v->kind == V_LIST || v->kind == V_TUPLE) {
        r = py_seq(I, v->kind, v->u.seq.n);
        for (int i = 0; r && i < v->u.seq.n; i++)
            if (!(r->u.seq.v[i] = as_plain(I, at, v->u.seq.v[i], dict))) r = NULL;
    } else if (v->kind == V_DICT) {
        py_val **keys;
        int n;
        r = py_iter_list(I, at, v, &keys, &n) ? NULL : py_dict_new(I);
        for (int i = 0; r && i < n; i++) {
            py_val *k = as_plain(I, at, keys[i], dict), *x = k ? as_plain(I, at, py_dict_get(v, keys[i]), dict) : NULL;
            if (!x || py_dict_set(I, r, k, x)) r = NULL;
        }
    } else {
        r = v;
    }
    py_leave(I, PY_DEPTH_LEVEL);
    return r;
}

static bool is_dc(const py_val *v) {
    const py_val *c = v->kind == V_INST ? v->u.inst->cls : v;
    return c->kind == V_CLASS && (c->u.cls->flags & CF_DATACLASS);
}

py_val *py_dataclass_builtin(py_interp *I, const py_node *at, int id, py_val *self, py_args *a) {
    switch (id) {
    case BC_DATACLASS: case BC_DC_DEC: {
        py_val *opts = self;
        if (id == BC_DATACLASS && (a->nkw || !a->npos)) {
            static const struct { const char *n; int f; } kw[] = {{"init", DC_INIT}, {"repr", DC_REPR}, {"eq", DC_EQ},
                {"order", DC_ORDER}, {"frozen", DC_FROZEN}, {"unsafe_hash", DC_UNSAFE_HASH}};
            int flags = DC_INIT | DC_REPR | DC_EQ;
            for (int k = 0; k < a->nkw; k++) {
                int f = -1;
                for (size_t i = 0; i < sizeof kw / sizeof kw[0]; i++)
                    if (strcmp(a->kwn[k], kw[i].n) == 0) f = kw[i].f;
                if (f < 0) {
                    if (strcmp(a->kwn[k], "kw_only") == 0 || strcmp(a->kwn[k], "slots") == 0 || strcmp(a->kwn[k], "match_args") == 0)
                        return py_fail(I, at, GL_E_INVALID, "dataclass(%s=...) is not supported", a->kwn[k]);
                    return py_fail(I, at, GL_E_INVALID, "TypeError: dataclass() got an unexpected keyword argument '%s'", a->kwn[k]);
                }
                bool on;
                if (py_truth(I, at, a->kwv[k], &on)) return NULL;
                flags = on ? flags | f : flags & ~f;
            }
            py_val *o = py_new(I, V_WRAP);
            if (!o || !(o->u.w = py_alloc(&I->ar, sizeof *o->u.w))) return py_oom(I);
            o->u.w->what = W_DCOPTS;
            o->u.w->flags = flags;
            if (!a->npos) return py_builtin(I, BC_DC_DEC, o);
            opts = o;
        }
        if (a->npos != 1) return py_fail(I, at, GL_E_INVALID, "TypeError: dataclass() takes 1 positional argument");
        return py_dataclass_apply(I, at, a->pos[0], opts);
    }
    case BC_FIELD: {
        if (a->npos) return py_fail(I, at, GL_E_INVALID, "TypeError: field() takes 0 positional arguments but %d were given", a->npos);
        py_val *w = py_new(I, V_WRAP);
        if (!w || !(w->u.w = py_alloc(&I->ar, sizeof *w->u.w))) return py_oom(I);
        w->u.w->what = W_FIELD;
        for (int k = 0; k < a->nkw; k++) {
            const char *n = a->kwn[k];
            py_val *v = a->kwv[k];
            bool on;
            if (strcmp(n, "default") == 0) w->u.w->a = v;
            else if (strcmp(n, "default_factory") == 0) w->u.w->b = v;
            else if (strcmp(n, "init") == 0 || strcmp(n, "repr") == 0 || strcmp(n, "compare") == 0) {
                if (py_truth(I, at, v, &on)) return NULL;
                int f = n[0] == 'i' ? FF_NOINIT : n[0] == 'r' ? FF_NOREPR : FF_NOCOMPARE;
                w->u.w->flags = on ? w->u.w->flags & ~f : w->u.w->flags | f;
            } else if (strcmp(n, "hash") == 0 || strcmp(n, "metadata") == 0) {
                continue;
            } else {
                return py_fail(I, at, GL_E_INVALID, "TypeError: field() got an unexpected keyword argument '%s'", n);
            }
        }
        if (w->u.w->a && w->u.w->b) return py_fail(I, at, GL_E_INVALID, "ValueError: cannot specify both default and default_factory");
        return w;
    }
    case BC_ASDICT: case BC_ASTUPLE:
        if (a->npos != 1 || a->nkw) return py_fail(I, at, GL_E_INVALID, "TypeError: %s() takes 1 argument", id == BC_ASDICT ? "asdict" : "astuple");
        if (a->pos[0]->kind != V_INST || !is_dc(a->pos[0]))
            return py_fail(I, at, GL_E_INVALID, "TypeError: %s() should be called on dataclass instances", id == BC_ASDICT ? "asdict" : "astuple");
        return as_plain(I, at, a->pos[0], id == BC_ASDICT);
    case BC_ISDATACLASS:
        if (a->npos != 1) return py_fail(I, at, GL_E_INVALID, "TypeError: is_dataclass() takes 1 argument");
        return py_bool((a->pos[0]->kind == V_INST || a->pos[0]->kind == V_CLASS) && is_dc(a->pos[0]));
    case BC_FIELDS: {
        if (a->npos != 1 || !((a->pos[0]->kind == V_INST || a->pos[0]->kind == V_CLASS) && is_dc(a->pos[0])))
            return py_fail(I, at, GL_E_INVALID, "TypeError: must be called with a dataclass type or instance");
        py_val *cv = a->pos[0]->kind == V_INST ? a->pos[0]->u.inst->cls : a->pos[0];
        py_class *c = cv->u.cls;
        py_val *t = py_seq(I, V_TUPLE, c->ndc);
        for (int i = 0; t && i < c->ndc; i++) {
            py_val *w = py_new(I, V_WRAP);
            if (!w || !(w->u.w = py_alloc(&I->ar, sizeof *w->u.w))) return py_oom(I);
            w->u.w->what = W_FIELD;
            w->u.w->a = c->dc[i].dflt;
            w->u.w->b = c->dc[i].factory;
            if (!(w->u.w->c = py_str(I, c->dc[i].name, strlen(c->dc[i].name)))) return NULL;
            t->u.seq.v[i] = w;
        }
        return t;
    }
    case BC_REPLACE: {
        if (a->npos != 1 || a->pos[0]->kind != V_INST || !is_dc(a->pos[0]))
            return py_fail(I, at, GL_E_INVALID, "TypeError: replace() should be called on dataclass instances");
        py_val *o = a->pos[0], *cv = o->u.inst->cls;
        py_class *c = cv->u.cls;
        py_args b = {NULL, 0, NULL, NULL, 0};
        b.kwn = py_alloc(&I->ar, sizeof(char *) * (size_t)(c->ndc + a->nkw + 1));
        b.kwv = py_alloc(&I->ar, sizeof(py_val *) * (size_t)(c->ndc + a->nkw + 1));
        if (!b.kwn || !b.kwv) return py_oom(I);
        for (int k = 0; k < a->nkw; k++) {
            b.kwn[b.nkw] = a->kwn[k];
            b.kwv[b.nkw++] = a->kwv[k];
        }
        for (int i = 0; i < c->ndc; i++) {
            if (!c->dc[i].init) continue;
            bool given = false;
            for (int k = 0; k < a->nkw; k++) given |= strcmp(a->kwn[k], c->dc[i].name) == 0;
            py_val *x = py_class_ns_get(o->u.inst->attrs, c->dc[i].name);
            if (given || !x) continue;
            b.kwn[b.nkw] = c->dc[i].name;
            b.kwv[b.nkw++] = x;
        }
        return py_call(I, at, cv, &b);
    }
    case BC_DC_INIT: return dc_init(I, at, self, a);
    case BC_DC_REPR: {
        if (a->npos != 1 || a->pos[0]->kind != V_INST) return py_fail(I, at, GL_E_INVALID, "TypeError: __repr__() takes 1 argument");
        gl_sb sb;
        gl_sb_init(&sb);
        py_dataclass_repr(I, &sb, a->pos[0]);
        py_val *r = I->err.code ? NULL : py_str(I, sb.buf ? sb.buf : "", sb.len);
        gl_sb_free(&sb);
        return r;
    }
    case BC_DC_EQ:
        if (a->npos != 2) return py_fail(I, at, GL_E_INVALID, "TypeError: __eq__() takes 2 arguments");
        return dc_eq(I, at, self, a->pos[0], a->pos[1]);
    case BC_DC_LT: case BC_DC_LE: case BC_DC_GT: case BC_DC_GE: {
        static const int ops[] = {OP_LT, OP_LE, OP_GT, OP_GE};
        if (a->npos != 2) return py_fail(I, at, GL_E_INVALID, "TypeError: %s() takes 2 arguments", py_class_builtin_name(id));
        return dc_order(I, at, self, ops[id - BC_DC_LT], a->pos[0], a->pos[1]);
    }
    default: break;
    }
    return py_fail(I, at, GL_E_INTERNAL, "unknown dataclass builtin");
}
