/* py_match.c — the match statement (PEP 634), as CPython 3.11 runs it.
 *
 * The subject is evaluated once; the cases are tried in order, the first whose pattern matches and whose guard
 * is true runs its block. A pattern binds its capture names as it matches (a case that fails half way may have
 * bound some: CPython leaves them too). The patterns (py_parse.c builds them, py.h lists their nodes):
 *   literal / value    subject == value (None, True, False: `is`)
 *   capture, `_`       always match (a capture binds the subject)
 *   sequence           a list, tuple or range (not str): its length, then each item; `*rest` takes a list of the
 *                      middle
 *   mapping            a dict (or subclass): each key present (looked up, never added: defaultdict's factory is
 *                      not called), its value matching; `**rest` a new dict of the other items
 *   class              isinstance(subject, C); positional sub-patterns through C.__match_args__, except for the
 *                      builtins bool / bytearray / bytes / dict / float / frozenset / int / list / set / str /
 *                      tuple, where one positional sub-pattern matches the subject itself; keyword sub-patterns
 *                      by attribute (a missing attribute: no match)
 *   or, as             alternatives in order; `p as name` binds the subject when p matches
 * Errors are CPython's TypeErrors (a non-class in a class pattern, too many positional sub-patterns,
 * __match_args__ not a tuple of str) and ValueError for a mapping pattern's duplicate key. */
#include <string.h>

#include "front/py.h"
#include "front/py_class.h"

static int match(py_interp *I, py_node *p, py_val *v, py_env *env);

static int bind(py_interp *I, py_node *name, py_val *v, py_env *env) {
    return py_assign(I, name, v, env) ? -1 : 1;
}

static int truth_of(py_interp *I, const py_node *at, py_val *r) {
    bool t;
    return !r || py_truth(I, at, r, &t) ? -1 : t;
}

static int match_value(py_interp *I, py_node *p, py_val *v, py_env *env) {
    py_node *x = p->a;
    if (x->kind == E_NONE) return v->kind == V_NONE;
    if (x->kind == E_TRUE) return v->kind == V_BOOL && v->u.b;
    if (x->kind == E_FALSE) return v->kind == V_BOOL && !v->u.b;
    py_val *w = py_eval_expr(I, x, env);
    return w ? truth_of(I, p, py_compare(I, p, OP_EQ, v, w)) : -1;
}

static bool is_sequence(const py_val *v) { return v->kind == V_LIST || v->kind == V_TUPLE || v->kind == V_RANGE; }

static int match_seq(py_interp *I, py_node *p, py_val *v, py_env *env) {
    if (!is_sequence(v)) return 0;
    py_val **items;
    int n, star = -1;
    if (py_iter_list(I, p, v, &items, &n)) return -1;
    for (int i = 0; i < p->n; i++)
        if (p->list[i]->kind == PT_STAR) star = i;
    if (star < 0 ? n != p->n : n < p->n - 1) return 0;
    for (int i = 0; i < p->n; i++) {
        py_node *q = p->list[i];
        int r;
        if (i == star) {
            int k = n - (p->n - 1);
            py_val *rest = py_seq(I, V_LIST, k);
            if (!rest) return -1;
            for (int j = 0; j < k; j++) rest->u.seq.v[j] = items[i + j];
            r = q->a ? bind(I, q->a, rest, env) : 1;
        } else {
            r = match(I, q, items[i < star || star < 0 ? i : n - (p->n - i)], env);
        }
        if (r != 1) return r;
    }
    return 1;
}

static int match_map(py_interp *I, py_node *p, py_val *v, py_env *env) {
    if (v->kind != V_DICT) return 0;
    py_val **keys = p->n ? py_alloc(&I->ar, sizeof *keys * (size_t)p->n) : NULL;
    if (p->n && !keys) return py_oom(I), -1;
    for (int i = 0; i < p->n; i++) {
        if (!(keys[i] = py_eval_expr(I, p->list[i], env))) return -1;
        for (int j = 0; j < i; j++) {
            int same = truth_of(I, p->list[i], py_compare(I, p->list[i], OP_EQ, keys[j], keys[i]));
            if (same < 0) return -1;
            if (same) {
                gl_sb sb;
                gl_sb_init(&sb);
                py_repr(I, &sb, keys[i], true);
                py_fail(I, p, GL_E_INVALID, "ValueError: mapping pattern checks duplicate key (%s)", sb.buf ? sb.buf : "");
                gl_sb_free(&sb);
                return -1;
            }
        }
    }
    if (v->u.d->len < p->n) return 0;
    for (int i = 0; i < p->n; i++) {
        py_val *w;
        if (py_dict_lookup(I, p->list[i], v, keys[i], &w)) return -1;
        if (!w) return 0;
        int r = match(I, p->list2[i], w, env);
        if (r != 1) return r;
    }
    if (!p->a) return 1;
    py_val *rest = py_dict_new(I), **ks;
    int nk;
    if (!rest || py_iter_list(I, p, v, &ks, &nk)) return -1;
    for (int i = 0; i < nk; i++) {
        bool taken = false;
        for (int j = 0; j < p->n && !taken; j++) {
            int same = truth_of(I, p, py_compare(I, p, OP_EQ, ks[i], keys[j]));
            if (same < 0) return -1;
            taken = same;
        }
        py_val *w;
        if (taken) continue;
        if (py_dict_lookup(I, p, v, ks[i], &w)) return -1;
        if (w && py_dict_set(I, rest, ks[i], w)) return -1;
    }
    return bind(I, p->a, rest, env);
}

/* The builtins whose one positional sub-pattern matches the subject itself (CPython's MATCH_SELF types; a
 * class derived from one inherits it). */
static bool match_self(const py_val *c) {
    static const char *const SELF[] = {"bool", "bytearray", "bytes", "dict", "float", "frozenset", "int", "list",
                                       "set", "str", "tuple"};
    const char *name = c->kind == V_BUILTIN ? py_builtin_name(c->u.bi.id)
                       : c->kind == V_CLASS && c->u.cls->btype ? py_builtin_name(c->u.cls->btype->u.bi.id) : NULL;
    for (size_t i = 0; name && i < sizeof SELF / sizeof SELF[0]; i++)
        if (strcmp(name, SELF[i]) == 0) return true;
    return false;
}

static const char *class_name(const py_val *c) {
    return c->kind == V_CLASS ? c->u.cls->name : c->kind == V_BUILTIN ? py_builtin_name(c->u.bi.id) : "?";
}

/* getattr(v, name), or NULL with *missing when it raised AttributeError (no match, as CPython's MATCH_CLASS). */
static py_val *attr_or_missing(py_interp *I, const py_node *at, py_val *v, const char *name, bool *missing) {
    *missing = false;
    py_val *w = py_getattr(I, at, v, name);
    if (!w && py_exc_matches(I, "AttributeError")) {
        py_exc_clear(I);
        *missing = true;
    }
    return w;
}

static bool named_twice(py_node *p, const char *name, int upto_kw) {
    for (int k = 0; k < upto_kw; k++)
        if (strcmp(p->list2[k]->name, name) == 0) return true;
    return false;
}

static int match_class(py_interp *I, py_node *p, py_val *v, py_env *env) {
    py_val *c = py_eval_expr(I, p->a, env);
    if (!c) return -1;
    if (c->kind != V_CLASS && !py_builtin_is_type(c))
        return py_fail(I, p, GL_E_INVALID, "TypeError: called match pattern must be a type"), -1;
    if (!py_is_instance(I, v, c)) return I->err.code ? -1 : 0;
    if (p->n) {
        /* __match_args__, else (AttributeError) the MATCH_SELF types take one sub-pattern for the subject */
        bool missing = true, self = false;
        py_val *ma = c->kind == V_CLASS ? attr_or_missing(I, p, c, "__match_args__", &missing) : NULL;
        if (!ma && !missing) return -1;
        if (ma && ma->kind != V_TUPLE)
            return py_fail(I, p, GL_E_INVALID, "TypeError: %s.__match_args__ must be a tuple (got %s)", class_name(c),
                           py_type_name(ma)), -1;
        if (!ma) self = match_self(c);
        int allowed = self ? 1 : ma ? ma->u.seq.n : 0;
        if (p->n > allowed)
            return py_fail(I, p, GL_E_INVALID, "TypeError: %s() accepts %d positional sub-pattern%s (%d given)",
                           class_name(c), allowed, allowed == 1 ? "" : "s", p->n), -1;
        if (self) {
            int r = match(I, p->list[0], v, env);
            if (r != 1) return r;
        }
        for (int i = 0; !self && i < p->n; i++) {
            py_val *nm = ma->u.seq.v[i];
            if (nm->kind != V_STR)
                return py_fail(I, p, GL_E_INVALID, "TypeError: __match_args__ elements must be strings (got %s)",
                               py_type_name(nm)), -1;
            const char *name = py_intern(&I->ar, nm->u.str.s, nm->u.str.n);
            if (!name) return py_oom(I), -1;
            bool dup = named_twice(p, name, p->n2);
            for (int j = 0; j < i && !dup; j++) {
                py_val *o = ma->u.seq.v[j];
                dup = o->kind == V_STR && o->u.str.n == nm->u.str.n && memcmp(o->u.str.s, nm->u.str.s, nm->u.str.n) == 0;
            }
            if (dup)
                return py_fail(I, p, GL_E_INVALID, "TypeError: %s() got multiple sub-patterns for attribute '%s'",
                               class_name(c), name), -1;
            py_val *w = attr_or_missing(I, p, v, name, &missing);
            if (!w) return missing ? 0 : -1;
            int r = match(I, p->list[i], w, env);
            if (r != 1) return r;
        }
    }
    for (int k = 0; k < p->n2; k++) {
        if (named_twice(p, p->list2[k]->name, k))
            return py_fail(I, p, GL_E_PARSE, "SyntaxError: attribute name repeated in class pattern: %s", p->list2[k]->name), -1;
        bool missing;
        py_val *w = attr_or_missing(I, p->list2[k], v, p->list2[k]->name, &missing);
        if (!w) return missing ? 0 : -1;
        int r = match(I, p->list2[k]->a, w, env);
        if (r != 1) return r;
    }
    return 1;
}

/* 1: p matches v (its names bound), 0: not, -1: raised. */
static int match(py_interp *I, py_node *p, py_val *v, py_env *env) {
    if (!py_steps(I, p) || !py_enter(I, p, PY_DEPTH_LEVEL)) return -1;   /* nesting: bounded by the parser's */
    int r;
    switch (p->kind) {
    case PT_WILD: r = 1; break;
    case PT_CAPTURE: r = bind(I, p->a, v, env); break;
    case PT_VALUE: r = match_value(I, p, v, env); break;
    case PT_SEQ: r = match_seq(I, p, v, env); break;
    case PT_MAP: r = match_map(I, p, v, env); break;
    case PT_CLASS: r = match_class(I, p, v, env); break;
    case PT_OR:
        r = 0;
        for (int i = 0; i < p->n && !r; i++) r = match(I, p->list[i], v, env);
        break;
    case PT_AS:
        r = match(I, p->a, v, env);
        if (r == 1) r = bind(I, p->b, v, env);
        break;
    default: r = (py_fail(I, p, GL_E_PARSE, "SyntaxError: invalid pattern"), -1);
    }
    py_leave(I, PY_DEPTH_LEVEL);
    return r;
}

gl_status py_match_select(py_interp *I, py_node *s, py_env *env, py_node **chosen) {
    *chosen = NULL;
    py_val *v = py_eval_expr(I, s->a, env);
    if (!v) return I->err.code;
    for (int i = 0; i < s->n; i++) {
        py_node *c = s->list[i];
        int r = match(I, c->a, v, env);
        if (r < 0) return I->err.code ? I->err.code : GL_E_INTERNAL;
        if (r && c->b) {
            py_val *g = py_eval_expr(I, c->b, env);
            if ((r = truth_of(I, c->b, g)) < 0) return I->err.code;
        }
        if (r) {
            *chosen = c;
            return GL_OK;
        }
    }
    return GL_OK;
}

gl_status py_exec_match(py_interp *I, py_node *s, py_env *env) {
    py_node *c;
    if (py_match_select(I, s, env, &c)) return I->err.code;
    return c ? py_exec_block(I, c->list, c->n, env) : GL_OK;
}
