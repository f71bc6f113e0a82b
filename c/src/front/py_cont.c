/* py_cont.c — the container protocols with CPython 3.11's semantics: the methods of list, tuple, dict,
 * set and frozenset, dict views (live: they read the dict at every use), the set algebra (| & - ^ and the
 * subset order), the bitwise operators on ints, list.sort, slice assignment and deletion.
 *
 * Where CPython's result depends on how it computes it, this file computes it the same way: a set
 * operation builds its result in the same order of insertions and merges as setobject.c (union copies the
 * left set then merges the right, intersection walks the smaller set, symmetric difference starts from a
 * copy of the right operand), because a set's table order — what print() shows — depends on it. list.sort
 * detects runs and binary-inserts as listobject.c's timsort does, so a mixed-type list fails on the same
 * pair ("'<' not supported between instances of 'str' and 'int'"); its merges are plain stable merges
 * (same result, possibly other comparisons for lists of 64 or more). Error messages are CPython's.
 *
 * Work is counted: bulk operations (copies, updates, searches, comparisons in a sort) charge the step
 * budget through py_work (PY_WORK_PER_STEP elements a step), so no container operation can run unbounded. */
#include <string.h>

#include "front/py.h"


enum {
    /* list */
    M_L_APPEND, M_L_EXTEND, M_L_INSERT, M_L_POP, M_L_REMOVE, M_L_INDEX, M_L_COUNT, M_L_SORT, M_L_REVERSE,
    M_L_COPY, M_L_CLEAR,
    /* tuple */
    M_T_INDEX, M_T_COUNT,
    /* dict */
    M_D_GET, M_D_POP, M_D_POPITEM, M_D_SETDEFAULT, M_D_UPDATE, M_D_COPY, M_D_CLEAR, M_D_KEYS, M_D_VALUES,
    M_D_ITEMS, M_D_FROMKEYS,
    /* set and frozenset */
    M_S_ADD, M_S_REMOVE, M_S_DISCARD, M_S_POP, M_S_CLEAR, M_S_COPY, M_S_UPDATE, M_S_UNION, M_S_INTERSECTION,
    M_S_DIFFERENCE, M_S_SYMDIFF, M_S_ISSUBSET, M_S_ISSUPERSET, M_S_ISDISJOINT, M_S_INTERSECTION_UPDATE,
    M_S_DIFFERENCE_UPDATE, M_S_SYMDIFF_UPDATE,
    /* constructors */
    M_NEW_SET, M_NEW_FROZENSET, M_NEW_DICT,
    M_COUNT
};

static const char *MNAMES[M_COUNT] = {
    "append", "extend", "insert", "pop", "remove", "index", "count", "sort", "reverse", "copy", "clear",
    "index", "count",
    "get", "pop", "popitem", "setdefault", "update", "copy", "clear", "keys", "values", "items", "fromkeys",
    "add", "remove", "discard", "pop", "clear", "copy", "update", "union", "intersection", "difference",
    "symmetric_difference", "issubset", "issuperset", "isdisjoint", "intersection_update", "difference_update",
    "symmetric_difference_update",
    "set", "frozenset", "dict"};

const char *py_cont_name(int m) { return m >= 0 && m < M_COUNT ? MNAMES[m] : "?"; }

static bool setlike(const py_val *v) { return v->kind == V_SET || v->kind == V_FROZENSET; }

/* Charges n elements of work against the step budget (py_guard.c's py_work). */
static bool work(py_interp *I, const py_node *at, int64_t n) { return py_work(I, at, n); }

static py_val *key_error(py_interp *I, const py_node *at, py_val *k) {
    gl_sb sb;
    gl_sb_init(&sb);
    py_repr(I, &sb, k, true);
    py_fail(I, at, GL_E_INVALID, "KeyError: %.*s", 200, sb.buf ? sb.buf : "?");
    gl_sb_free(&sb);
    return NULL;
}

static py_val *mk_tuple2(py_interp *I, py_val *a, py_val *b) {
    py_val *t = py_seq(I, V_TUPLE, 2);
    if (!t) return NULL;
    t->u.seq.v[0] = a;
    t->u.seq.v[1] = b;
    return t;
}

static bool want_index(py_interp *I, const py_node *at, py_val *v, int64_t *out) {
    if (!(v = py_index_of(I, at, v))) return false;
    if (v->kind == V_INT || v->kind == V_BOOL) {
        *out = v->kind == V_INT ? v->u.i : v->u.b;
        return true;
    }
    py_fail(I, at, GL_E_INVALID, "TypeError: '%s' object cannot be interpreted as an integer", py_type_name(v));
    return false;
}

/* ---------------------------------------------------------------- attributes */
static const int LIST_M[] = {M_L_APPEND, M_L_EXTEND, M_L_INSERT, M_L_POP, M_L_REMOVE, M_L_INDEX, M_L_COUNT, M_L_SORT,
                             M_L_REVERSE, M_L_COPY, M_L_CLEAR, -1};
static const int TUPLE_M[] = {M_T_INDEX, M_T_COUNT, -1};
static const int DICT_M[] = {M_D_GET, M_D_POP, M_D_POPITEM, M_D_SETDEFAULT, M_D_UPDATE, M_D_COPY, M_D_CLEAR, M_D_KEYS,
                             M_D_VALUES, M_D_ITEMS, M_D_FROMKEYS, -1};
static const int SET_M[] = {M_S_ADD, M_S_REMOVE, M_S_DISCARD, M_S_POP, M_S_CLEAR, M_S_COPY, M_S_UPDATE, M_S_UNION,
                            M_S_INTERSECTION, M_S_DIFFERENCE, M_S_SYMDIFF, M_S_ISSUBSET, M_S_ISSUPERSET,
                            M_S_ISDISJOINT, M_S_INTERSECTION_UPDATE, M_S_DIFFERENCE_UPDATE, M_S_SYMDIFF_UPDATE, -1};
static const int FROZEN_M[] = {M_S_COPY, M_S_UNION, M_S_INTERSECTION, M_S_DIFFERENCE, M_S_SYMDIFF, M_S_ISSUBSET,
                               M_S_ISSUPERSET, M_S_ISDISJOINT, -1};

py_val *py_cont_attr(py_interp *I, const py_node *at, py_val *v, const char *name) {
    (void)at;
    const int *tab = NULL;
    switch (v->kind) {
    case V_LIST: tab = LIST_M; break;
    case V_TUPLE: tab = TUPLE_M; break;
    case V_DICT: tab = DICT_M; break;
    case V_SET: tab = SET_M; break;
    case V_FROZENSET: tab = FROZEN_M; break;
    case V_BUILTIN:
        if (v->u.bi.id == B_DICT && !v->u.bi.self && strcmp(name, "fromkeys") == 0)
            return py_builtin(I, PY_CONT_BASE + M_D_FROMKEYS, NULL);
        return NULL;
    default: return NULL;
    }
    for (int i = 0; tab[i] >= 0; i++)
        if (strcmp(MNAMES[tab[i]], name) == 0) return py_builtin(I, PY_CONT_BASE + tab[i], v);
    return NULL;
}

void py_cont_install(py_interp *I) {
    static const int ids[] = {M_NEW_SET, M_NEW_FROZENSET};
    for (size_t i = 0; i < sizeof ids / sizeof ids[0]; i++) {
        const char *n = py_intern(&I->ar, MNAMES[ids[i]], strlen(MNAMES[ids[i]]));
        py_val *v = n ? py_builtin(I, PY_CONT_BASE + ids[i], NULL) : NULL;
        if (!v || py_env_set(I, I->builtins, n, v)) {
            py_oom(I);
            return;
        }
    }
}

/* ---------------------------------------------------------------- sizes and iteration */
bool py_cont_len(const py_val *v, int64_t *n) {
    switch (v->kind) {
    case V_DICT: *n = v->u.d->len; return true;
    case V_SET: case V_FROZENSET: *n = v->u.set->used; return true;
    case V_VIEW: *n = v->u.view.d->u.d->len; return true;
    default: return false;
    }
}

static bool mapping_or_set(const py_val *v) {
    return v->kind == V_DICT || v->kind == V_SET || v->kind == V_FROZENSET || v->kind == V_VIEW;
}

/* Whether iter(v) works (without an error left behind). */
static bool iterable(py_interp *I, const py_node *at, py_val *v) {
    py_val *it;
    if (v->kind == V_TENSOR) return false;
    if (!py_iter_open(I, at, v, &it)) return true;
    if (I->err.code != GL_E_INVALID) return false;
    gl_err_clear(&I->err);
    return false;
}

/* The items of any iterable as an array that nothing else aliases (safe against l.extend(l) etc.). */
static gl_status items_copy(py_interp *I, const py_node *at, py_val *v, py_val ***items, int *n) {
    if (py_iter_list(I, at, v, items, n)) return I->err.code;
    if (v->kind == V_LIST || v->kind == V_TUPLE) {
        py_val **c = py_alloc(&I->ar, sizeof *c * (size_t)(*n ? *n : 1));
        if (!c) return py_oom(I), I->err.code;
        memcpy(c, *items, sizeof *c * (size_t)*n);
        *items = c;
    }
    return work(I, at, *n) ? GL_OK : I->err.code;
}

/* ---------------------------------------------------------------- hashing a possibly-set key */
/* x in s / s.remove(x) with a set x: CPython retries with frozenset(x). */
static bool key_hash(py_interp *I, const py_node *at, py_val **x, int64_t *h) {
    if ((*x)->kind == V_SET) {
        py_val *f = py_set_new(I, true);
        if (!f || py_set_update(I, at, f, *x)) return false;
        *x = f;
    }
    return py_hash(I, at, *x, h);
}

/* ---------------------------------------------------------------- set algebra (setobject.c's order) */
static py_val *set_copy_as(py_interp *I, const py_node *at, py_val *s, bool frozen) {
    py_val *r = py_set_new(I, frozen);
    if (!r || (s && py_set_update(I, at, r, s))) return NULL;
    return r;
}

static int64_t ssize(const py_val *s) { return s->u.set->used; }

static py_val *set_intersection(py_interp *I, const py_node *at, py_val *so, py_val *other) {
    if (so == other) return set_copy_as(I, at, so, so->kind == V_FROZENSET);
    py_val *r = py_set_new(I, so->kind == V_FROZENSET);
    if (!r) return NULL;
    if (setlike(other)) {
        if (ssize(other) > ssize(so)) {
            py_val *t = so;
            so = other;
            other = t;
        }
        if (!work(I, at, ssize(other))) return NULL;
        py_val *k;
        int64_t h;
        for (int64_t i = 0; py_set_next(other, &i, &k, &h);)
            if (py_set_has_hashed(I, so, k, h) && py_set_add_hashed(I, r, k, h)) return NULL;
        return r;
    }
    py_val **items;
    int n;
    if (py_iter_list(I, at, other, &items, &n) || !work(I, at, n)) return NULL;
    for (int i = 0; i < n; i++) {
        int64_t h;
        if (!py_hash(I, at, items[i], &h)) return NULL;
        if (py_set_has_hashed(I, so, items[i], h) && py_set_add_hashed(I, r, items[i], h)) return NULL;
    }
    return r;
}

static gl_status set_difference_update(py_interp *I, const py_node *at, py_val *so, py_val *other) {
    if (so == other) return py_set_clear(I, so);
    if (setlike(other)) {
        if (!work(I, at, ssize(other))) return I->err.code;
        py_val *k;
        int64_t h;
        for (int64_t i = 0; py_set_next(other, &i, &k, &h);) py_set_discard_hashed(I, so, k, h);
    } else {
        py_val **items;
        int n;
        if (py_iter_list(I, at, other, &items, &n) || !work(I, at, n)) return I->err.code;
        for (int i = 0; i < n; i++) {
            int64_t h;
            if (!py_hash(I, at, items[i], &h)) return I->err.code;
            py_set_discard_hashed(I, so, items[i], h);
        }
    }
    return py_set_compact_after_removals(I, so);
}

static py_val *set_difference(py_interp *I, const py_node *at, py_val *so, py_val *other) {
    int64_t osize;
    if (setlike(other)) osize = ssize(other);
    else if (other->kind == V_DICT) osize = other->u.d->len;
    else osize = -1;
    if (osize < 0 || (ssize(so) >> 2) > osize) {       /* copy, then remove the other's items */
        py_val *r = set_copy_as(I, at, so, so->kind == V_FROZENSET);
        if (!r || set_difference_update(I, at, r, other)) return NULL;
        return r;
    }
    py_val *r = py_set_new(I, so->kind == V_FROZENSET);
    if (!r || !work(I, at, ssize(so))) return NULL;
    py_val *k;
    int64_t h;
    for (int64_t i = 0; py_set_next(so, &i, &k, &h);) {
        bool in;
        if (other->kind == V_DICT) {
            py_val *x;
            if (py_dict_lookup(I, at, other, k, &x)) return NULL;
            in = x != NULL;
        } else {
            in = py_set_has_hashed(I, other, k, h);
        }
        if (!in && py_set_add_hashed(I, r, k, h)) return NULL;
    }
    return r;
}

static gl_status set_symdiff_update(py_interp *I, const py_node *at, py_val *so, py_val *other) {
    if (so == other) return py_set_clear(I, so);
    py_val *os = other;
    if (other->kind == V_DICT) {
        py_val *k;
        if (!work(I, at, other->u.d->len)) return I->err.code;
        for (int i = 0; py_dict_next(other, &i, &k, NULL);) {
            int64_t h;
            if (!py_hash(I, at, k, &h)) return I->err.code;
            if (!py_set_discard_hashed(I, so, k, h) && py_set_add_hashed(I, so, k, h)) return I->err.code;
        }
        return GL_OK;
    }
    if (!setlike(other) && !(os = set_copy_as(I, at, other, so->kind == V_FROZENSET))) return I->err.code;
    if (!work(I, at, ssize(os))) return I->err.code;
    py_val *k;
    int64_t h;
    for (int64_t i = 0; py_set_next(os, &i, &k, &h);)
        if (!py_set_discard_hashed(I, so, k, h) && py_set_add_hashed(I, so, k, h)) return I->err.code;
    return GL_OK;
}

static py_val *set_symdiff(py_interp *I, const py_node *at, py_val *so, py_val *other) {
    py_val *r = set_copy_as(I, at, other, so->kind == V_FROZENSET);
    if (!r || set_symdiff_update(I, at, r, so)) return NULL;
    return r;
}

/* 1 subset, 0 not, -1 error */
static int set_issubset(py_interp *I, const py_node *at, py_val *so, py_val *other) {
    if (!setlike(other)) {
        py_val *t = set_copy_as(I, at, other, false);
        if (!t) return -1;
        other = t;
    }
    if (ssize(so) > ssize(other)) return 0;
    if (!work(I, at, ssize(so))) return -1;
    py_val *k;
    int64_t h;
    for (int64_t i = 0; py_set_next(so, &i, &k, &h);)
        if (!py_set_has_hashed(I, other, k, h)) return 0;
    return 1;
}

static int set_issuperset(py_interp *I, const py_node *at, py_val *so, py_val *other) {
    if (setlike(other)) return set_issubset(I, at, other, so);
    py_val **items;
    int n;
    if (py_iter_list(I, at, other, &items, &n) || !work(I, at, n)) return -1;
    for (int i = 0; i < n; i++) {
        int64_t h;
        if (!py_hash(I, at, items[i], &h)) return -1;
        if (!py_set_has_hashed(I, so, items[i], h)) return 0;
    }
    return 1;
}

static int set_isdisjoint(py_interp *I, const py_node *at, py_val *so, py_val *other) {
    if (so == other) return ssize(so) == 0;
    if (setlike(other)) {
        if (ssize(other) > ssize(so)) {
            py_val *t = so;
            so = other;
            other = t;
        }
        if (!work(I, at, ssize(other))) return -1;
        py_val *k;
        int64_t h;
        for (int64_t i = 0; py_set_next(other, &i, &k, &h);)
            if (py_set_has_hashed(I, so, k, h)) return 0;
        return 1;
    }
    py_val **items;
    int n;
    if (py_iter_list(I, at, other, &items, &n) || !work(I, at, n)) return -1;
    for (int i = 0; i < n; i++) {
        int64_t h;
        if (!py_hash(I, at, items[i], &h)) return -1;
        if (py_set_has_hashed(I, so, items[i], h)) return 0;
    }
    return 1;
}

/* ---------------------------------------------------------------- dict helpers */
static gl_status dict_merge(py_interp *I, const py_node *at, py_val *d, py_val *o) {
    if (!work(I, at, o->u.d->len)) return I->err.code;
    const py_dict *O = o->u.d;
    int nent = O->nent;
    for (int i = 0; i < nent && i < O->nent; i++)
        if (O->ek[i] && py_dict_set_hashed(I, d, O->ek[i], O->eh[i], O->ev[i])) return I->err.code;
    return GL_OK;
}

/* dict.update(other) / dict(other) / d |= other: a dict, or an iterable of pairs. */
static gl_status dict_update_arg(py_interp *I, const py_node *at, py_val *d, py_val *o) {
    if (o->kind == V_DICT) return o == d ? GL_OK : dict_merge(I, at, d, o);
    py_val **items;
    int n;
    if (o->kind == V_INT || o->kind == V_FLOAT || o->kind == V_BOOL || o->kind == V_NONE)
        return py_fail(I, at, GL_E_INVALID, "TypeError: '%s' object is not iterable", py_type_name(o)), GL_E_INVALID;
    if (items_copy(I, at, o, &items, &n)) return I->err.code;
    for (int i = 0; i < n; i++) {
        py_val *kv = items[i], **p;
        int m;
        if (kv->kind == V_LIST || kv->kind == V_TUPLE) {
            p = kv->u.seq.v;
            m = kv->u.seq.n;
        } else if (kv->kind == V_STR || mapping_or_set(kv) || kv->kind == V_ITER) {
            if (py_iter_list(I, at, kv, &p, &m)) return I->err.code;
        } else {
            return py_fail(I, at, GL_E_INVALID, "TypeError: cannot convert dictionary update sequence element #%d to a sequence", i), GL_E_INVALID;
        }
        if (m != 2)
            return py_fail(I, at, GL_E_INVALID, "ValueError: dictionary update sequence element #%d has length %d; 2 is required", i, m), GL_E_INVALID;
        if (py_dict_set(I, d, p[0], p[1])) return I->err.code;
    }
    return GL_OK;
}

static py_val *dict_copy(py_interp *I, const py_node *at, py_val *d) {
    py_val *r = py_dict_new(I);
    if (!r || dict_merge(I, at, r, d)) return NULL;
    return r;
}

static gl_status kwargs_into(py_interp *I, py_val *d, py_args *a) {
    for (int k = 0; k < a->nkw; k++) {
        py_val *key = py_str(I, a->kwn[k], strlen(a->kwn[k]));
        if (!key || py_dict_set(I, d, key, a->kwv[k])) return I->err.code;
    }
    return GL_OK;
}

static py_val *view(py_interp *I, py_val *d, int which) {
    py_val *v = py_new(I, V_VIEW);
    if (!v) return NULL;
    v->u.view.d = d;
    v->u.view.which = which;
    return v;
}

/* ---------------------------------------------------------------- list.sort */
typedef struct {
    py_val *k, *v;
} kv;

typedef struct {
    py_interp *I;
    const py_node *at;
    int64_t cmps;
} sortctx;

/* 1 if a < b, 0 if not, -1 error */
static int lt(sortctx *c, py_val *a, py_val *b) {
    if ((++c->cmps & 7) == 0 && !py_steps(c->I, c->at)) return -1;
    if (a->kind == V_INT && b->kind == V_INT) return a->u.i < b->u.i;
    if (a->kind == V_FLOAT && b->kind == V_FLOAT) return a->u.f < b->u.f;
    if (a->kind == V_STR && b->kind == V_STR) {
        size_t n = a->u.str.n < b->u.str.n ? a->u.str.n : b->u.str.n;
        int r = memcmp(a->u.str.s, b->u.str.s, n);
        return r ? r < 0 : a->u.str.n < b->u.str.n;
    }
    py_val *r = py_compare(c->I, c->at, OP_LT, a, b);
    bool t;
    if (!r || py_truth(c->I, c->at, r, &t)) return -1;
    return t;
}

static void rev(kv *a, int n) {
    for (int i = 0, j = n - 1; i < j; i++, j--) {
        kv t = a[i];
        a[i] = a[j];
        a[j] = t;
    }
}

/* listobject.c's count_run (3.11): a run ascending (a[i] >= a[i-1]) or strictly descending. */
static int count_run(sortctx *c, kv *lo, int n, bool *desc) {
    *desc = false;
    if (n == 1) return 1;
    int r = lt(c, lo[1].k, lo[0].k);
    if (r < 0) return -1;
    int k = 2;
    if (r) {
        *desc = true;
        for (; k < n; k++) {
            if ((r = lt(c, lo[k].k, lo[k - 1].k)) < 0) return -1;
            if (!r) break;
        }
    } else {
        for (; k < n; k++) {
            if ((r = lt(c, lo[k].k, lo[k - 1].k)) < 0) return -1;
            if (r) break;
        }
    }
    return k;
}

/* listobject.c's binarysort: a[0..start) is sorted; insert a[start..n) one by one. */
static int binarysort(sortctx *c, kv *a, int n, int start) {
    if (start == 0) start = 1;
    for (; start < n; start++) {
        int l = 0, r = start;
        kv pivot = a[start];
        do {
            int p = l + ((r - l) >> 1);
            int t = lt(c, pivot.k, a[p].k);
            if (t < 0) return -1;
            if (t) r = p;
            else l = p + 1;
        } while (l < r);
        memmove(a + l + 1, a + l, sizeof *a * (size_t)(start - l));
        a[l] = pivot;
    }
    return 0;
}

static int minrun(int n) {
    int r = 0;
    while (n >= 64) {
        r |= n & 1;
        n >>= 1;
    }
    return n + r;
}

/* A stable merge of a[0..na) and a[na..na+nb) through tmp. */
static int merge(sortctx *c, kv *a, int na, int nb, kv *tmp) {
    memcpy(tmp, a, sizeof *a * (size_t)na);
    int i = 0, j = na, k = 0, end = na + nb;
    while (i < na && j < end) {
        int t = lt(c, a[j].k, tmp[i].k);
        if (t < 0) {                  /* keep every item: the rest of the left run goes back */
            memcpy(a + k, tmp + i, sizeof *a * (size_t)(na - i));
            memmove(a + k + (na - i), a + j, sizeof *a * (size_t)(end - j));
            return -1;
        }
        a[k++] = t ? a[j++] : tmp[i++];
    }
    while (i < na) a[k++] = tmp[i++];
    return 0;
}

static int sort_kv(sortctx *c, kv *a, int n, kv *tmp) {
    if (n < 2) return 0;
    int mr = minrun(n), lo = 0;
    struct { int base, len; } st[64];
    int ns = 0;
    while (lo < n) {
        bool desc;
        int run = count_run(c, a + lo, n - lo, &desc);
        if (run < 0) return -1;
        if (desc) rev(a + lo, run);
        if (run < mr) {
            int force = n - lo <= mr ? n - lo : mr;
            if (binarysort(c, a + lo, force, run) < 0) return -1;
            run = force;
        }
        st[ns].base = lo;
        st[ns].len = run;
        ns++;
        for (;;) {                    /* the classic invariants keep the stack logarithmic */
            if (ns < 2) break;
            int k = ns - 2;
            if ((k > 0 && st[k - 1].len <= st[k].len + st[k + 1].len) ||
                (k > 1 && st[k - 2].len <= st[k - 1].len + st[k].len)) {
                if (st[k - 1].len < st[k + 1].len) k--;
            } else if (st[k].len > st[k + 1].len) {
                break;
            }
            if (merge(c, a + st[k].base, st[k].len, st[k + 1].len, tmp) < 0) return -1;
            st[k].len += st[k + 1].len;
            for (int j = k + 1; j + 1 < ns; j++) st[j] = st[j + 1];
            ns--;
        }
        lo += run;
    }
    while (ns > 1) {
        int k = ns - 2;
        if (k > 0 && st[k - 1].len < st[k + 1].len) k--;
        if (merge(c, a + st[k].base, st[k].len, st[k + 1].len, tmp) < 0) return -1;
        st[k].len += st[k + 1].len;
        for (int j = k + 1; j + 1 < ns; j++) st[j] = st[j + 1];
        ns--;
    }
    return 0;
}

gl_status py_sort(py_interp *I, const py_node *at, py_val **items, int n, py_val *key, bool reverse) {
    if (n < 2 && !key) return GL_OK;
    kv *a = py_alloc(&I->ar, sizeof *a * (size_t)(n ? n : 1));
    kv *tmp = py_alloc(&I->ar, sizeof *a * (size_t)(n / 2 + 1));
    if (!a || !tmp) return py_oom(I), I->err.code;
    for (int i = 0; i < n; i++) {
        a[i].v = items[i];
        if (key && key->kind != V_NONE) {
            py_val *arg[1] = {items[i]};
            py_args ca = {arg, 1, NULL, NULL, 0};
            if (!(a[i].k = py_call(I, at, key, &ca))) return I->err.code;
        } else {
            a[i].k = items[i];
        }
    }
    if (reverse) rev(a, n);
    sortctx c = {I, at, 0};
    int r = sort_kv(&c, a, n, tmp);
    if (reverse) rev(a, n);
    for (int i = 0; i < n; i++) items[i] = a[i].v;   /* even after an error: a permutation, as CPython */
    return r < 0 ? (I->err.code ? I->err.code : GL_E_INTERNAL) : GL_OK;
}

/* ---------------------------------------------------------------- slices */
bool py_slice_adjust(py_interp *I, const py_node *at, const py_slice *s, int64_t len, int64_t *start, int64_t *step,
                     int64_t *count) {
    if (s->gst && s->st == 0) {
        py_fail(I, at, GL_E_INVALID, "ValueError: slice step cannot be zero");
        return false;
    }
    int64_t hi;
    py_slice_span(s, len, start, &hi, step, count);   /* py_slice.c */
    return true;
}

static gl_status list_reserve(py_interp *I, py_val *l, int64_t n) {
    if (n > GL_PROGRAM_MAX_SEQ)
        return py_fail(I, NULL, GL_E_LIMIT, "a list of more than %d elements is over the limit", GL_PROGRAM_MAX_SEQ), GL_E_LIMIT;
    if (n <= l->u.seq.cap) return GL_OK;
    int64_t cap = l->u.seq.cap ? l->u.seq.cap : 4;
    while (cap < n) cap *= 2;
    if (cap > GL_PROGRAM_MAX_SEQ) cap = GL_PROGRAM_MAX_SEQ;
    py_val **t = py_alloc(&I->ar, sizeof *t * (size_t)cap);
    if (!t) return py_oom(I), I->err.code;
    memcpy(t, l->u.seq.v, sizeof *t * (size_t)l->u.seq.n);
    l->u.seq.v = t;
    l->u.seq.cap = (int)cap;
    return GL_OK;
}

/* l[lo:hi] = items (a plain slice: any lengths) */
static gl_status list_replace(py_interp *I, const py_node *at, py_val *l, int64_t lo, int64_t hi, py_val **items, int m) {
    int64_t n = l->u.seq.n;
    if (lo < 0) lo = 0;
    else if (lo > n) lo = n;
    if (hi < lo) hi = lo;
    else if (hi > n) hi = n;
    int64_t nn = n - (hi - lo) + m;
    if (!work(I, at, n) || list_reserve(I, l, nn)) return I->err.code;
    py_val **v = l->u.seq.v;
    memmove(v + lo + m, v + hi, sizeof *v * (size_t)(n - hi));
    if (m) memcpy(v + lo, items, sizeof *v * (size_t)m);
    l->u.seq.n = (int)nn;
    return GL_OK;
}

gl_status py_setslice(py_interp *I, const py_node *at, py_val *l, const py_slice *s, py_val *v) {
    if (l->kind != V_LIST)
        return py_fail(I, at, GL_E_INVALID, "TypeError: '%s' object does not support item assignment", py_type_name(l)), GL_E_INVALID;
    int64_t start, step, count;
    if (!py_slice_adjust(I, at, s, l->u.seq.n, &start, &step, &count)) return I->err.code;
    py_val **items;
    int m;
    if (!iterable(I, at, v))
        return py_fail(I, at, GL_E_INVALID, step == 1 ? "TypeError: can only assign an iterable"
                                                      : "TypeError: must assign iterable to extended slice"), GL_E_INVALID;
    if (items_copy(I, at, v, &items, &m)) return I->err.code;
    if (step == 1) {
        int64_t hi = s->ghi ? s->hi : l->u.seq.n;   /* list_ass_slice takes the adjusted stop */
        int64_t stop;
        {
            int64_t len = l->u.seq.n;
            stop = hi;
            if (!s->ghi) stop = len;
            else if (stop < 0) { stop += len; if (stop < 0) stop = 0; }
            else if (stop > len) stop = len;
        }
        return list_replace(I, at, l, start, stop, items, m);
    }
    if (m != count)
        return py_fail(I, at, GL_E_INVALID, "ValueError: attempt to assign sequence of size %d to extended slice of size %lld", m,
                       (long long)count), GL_E_INVALID;
    for (int64_t i = 0; i < count; i++) l->u.seq.v[start + i * step] = items[i];
    return GL_OK;
}

gl_status py_delslice(py_interp *I, const py_node *at, py_val *l, const py_slice *s) {
    if (l->kind != V_LIST)
        return py_fail(I, at, GL_E_INVALID, "TypeError: '%s' object does not support item deletion", py_type_name(l)), GL_E_INVALID;
    int64_t start, step, count, n = l->u.seq.n;
    if (!py_slice_adjust(I, at, s, n, &start, &step, &count)) return I->err.code;
    if (!count) return GL_OK;
    if (step < 0) {                   /* the same items, walked upward */
        start = start + (count - 1) * step;
        step = -step;
    }
    if (step == 1) return list_replace(I, at, l, start, start + count, NULL, 0);
    if (!work(I, at, n)) return I->err.code;
    py_val **v = l->u.seq.v;
    int64_t w = start, next = start, removed = 0;
    for (int64_t i = start; i < n; i++) {
        if (removed < count && i == next) {
            removed++;
            next += step;
            continue;
        }
        v[w++] = v[i];
    }
    l->u.seq.n = (int)w;
    return GL_OK;
}

gl_status py_delitem(py_interp *I, const py_node *at, py_val *c, py_val *k) {
    if (k->kind == V_SLICE && c->kind != V_DICT) {   /* del l[slice(...)]: as del l[a:b:c] */
        py_slice s = {0};
        if (c->kind == V_LIST && !py_slice_unpack_val(I, at, k, &s)) return I->err.code;
        return py_delslice(I, at, c, &s);            /* which refuses anything but a list */
    }
    if (c->kind == V_DICT) {
        py_val *old;
        if (py_dict_del(I, at, c, k, &old)) return I->err.code;
        if (!old) return key_error(I, at, k), I->err.code;
        return GL_OK;
    }
    if (c->kind == V_LIST) {
        if (!(k = py_index_of(I, at, k))) return I->err.code;
        if (k->kind == V_BIG) return py_fail(I, at, GL_E_INVALID, "IndexError: cannot fit 'int' into an index-sized integer"), GL_E_INVALID;
        if (k->kind != V_INT && k->kind != V_BOOL)
            return py_fail(I, at, GL_E_INVALID, "TypeError: list indices must be integers or slices, not %s", py_type_name(k)), GL_E_INVALID;
        int64_t i = k->kind == V_INT ? k->u.i : k->u.b, n = c->u.seq.n;
        if (i < 0) i += n;
        if (i < 0 || i >= n) return py_fail(I, at, GL_E_INVALID, "IndexError: list assignment index out of range"), GL_E_INVALID;
        return list_replace(I, at, c, i, i + 1, NULL, 0);
    }
    if (c->kind == V_TENSOR || c->kind == V_TUPLE || c->kind == V_STR || c->kind == V_RANGE || setlike(c))
        return py_fail(I, at, GL_E_INVALID, "TypeError: '%s' object doesn't support item deletion", py_type_name(c)), GL_E_INVALID;
    return py_fail(I, at, GL_E_INVALID, "TypeError: '%s' object does not support item deletion", py_type_name(c)), GL_E_INVALID;
}

/* ---------------------------------------------------------------- operators */
static py_val *unsupported(py_interp *I, const py_node *at, const char *sym, py_val *a, py_val *b) {
    return py_fail(I, at, GL_E_INVALID, "TypeError: unsupported operand type(s) for %s: '%s' and '%s'", sym, py_type_name(a),
                   py_type_name(b));
}

static const char *opsym(int op) {
    switch (op) {
    case OP_BITOR: return "|";
    case OP_BITXOR: return "^";
    case OP_BITAND: return "&";
    case OP_LSHIFT: return "<<";
    case OP_RSHIFT: return ">>";
    case OP_SUB: return "-";
    case OP_ADD: return "+";
    case OP_MUL: return "*";
    default: return "?";
    }
}

static bool intlike(const py_val *v) { return v->kind == V_INT || v->kind == V_BOOL; }

/* set-like operands of a view operation: the view as a set */
static py_val *as_set(py_interp *I, const py_node *at, py_val *v) {
    if (setlike(v)) return v;
    return set_copy_as(I, at, v, false);
}

static py_val *dictview_and(py_interp *I, const py_node *at, py_val *self, py_val *other) {
    if (self->kind != V_VIEW) {
        py_val *t = self;
        self = other;
        other = t;
    }
    int64_t ls = self->u.view.d->u.d->len;
    if (other->kind == V_SET && ls <= ssize(other)) return set_intersection(I, at, other, self);
    if (other->kind == V_VIEW && other->u.view.which != VIEW_VALUES && other->u.view.d->u.d->len > ls) {
        py_val *t = self;
        self = other;
        other = t;
    }
    py_val *r = py_set_new(I, false), **items;
    int n;
    if (!r || py_iter_list(I, at, other, &items, &n) || !work(I, at, n)) return NULL;
    for (int i = 0; i < n; i++) {
        bool found, handled;
        if (py_cont_contains(I, at, self, items[i], &found, &handled)) return NULL;
        if (found && py_set_add(I, at, r, items[i])) return NULL;
    }
    return r;
}

py_val *py_cont_binop(py_interp *I, const py_node *at, int op, py_val *a, py_val *b, bool *handled) {
    *handled = true;
    bool bitwise = op == OP_BITOR || op == OP_BITXOR || op == OP_BITAND || op == OP_LSHIFT || op == OP_RSHIFT;
    bool va = a->kind == V_VIEW && a->u.view.which != VIEW_VALUES, vb = b->kind == V_VIEW && b->u.view.which != VIEW_VALUES;
    if (setlike(a) && setlike(b) && (op == OP_SUB || (bitwise && op != OP_LSHIFT && op != OP_RSHIFT))) {
        py_val *r;
        switch (op) {
        case OP_BITOR:
            if (!(r = set_copy_as(I, at, a, a->kind == V_FROZENSET))) return NULL;
            if (a != b && py_set_update(I, at, r, b)) return NULL;
            return r;
        case OP_BITAND: return set_intersection(I, at, a, b);
        case OP_SUB: return set_difference(I, at, a, b);
        default: return set_symdiff(I, at, a, b);
        }
    }
    if ((va || vb) && (op == OP_SUB || op == OP_BITOR || op == OP_BITXOR || op == OP_BITAND)) {
        py_val *other = va ? b : a;
        if (!iterable(I, at, other)) return I->err.code ? NULL : unsupported(I, at, opsym(op), a, b);
        if (op == OP_BITAND) return dictview_and(I, at, a, b);
        py_val *r = set_copy_as(I, at, a, false);   /* set(a) op b, a view or any iterable */
        if (!r) return NULL;
        if (op == OP_BITOR) return py_set_update(I, at, r, b) ? NULL : r;
        py_val *bs = setlike(b) || b->kind == V_DICT ? b : as_set(I, at, b);
        if (!bs) return NULL;
        if (op == OP_SUB) return set_difference_update(I, at, r, bs) ? NULL : r;
        return set_symdiff_update(I, at, r, bs) ? NULL : r;
    }
    if (op == OP_BITOR && a->kind == V_DICT && b->kind == V_DICT) {
        py_val *r = dict_copy(I, at, a);
        if (!r || dict_merge(I, at, r, b)) return NULL;
        return r;
    }
    if ((bitwise || op == OP_SUB) && (setlike(a) || setlike(b) || a->kind == V_DICT))   /* set | list, dict | list, ... */
        return unsupported(I, at, opsym(op), a, b);
    *handled = false;
    return NULL;
}

py_val *py_cont_inplace(py_interp *I, const py_node *at, int op, py_val *a, py_val *b, bool *handled) {
    *handled = true;
    if (a->kind == V_LIST && op == OP_ADD) {          /* list += iterable extends in place */
        py_val **items;
        int n;
        if (b->kind == V_TENSOR) return py_fail(I, at, GL_E_INVALID, "iterating over a tensor is not supported");
        if (items_copy(I, at, b, &items, &n) || list_replace(I, at, a, a->u.seq.n, a->u.seq.n, items, n)) return NULL;
        return a;
    }
    if (a->kind == V_LIST && op == OP_MUL && intlike(b)) {   /* list *= n repeats in place */
        int64_t k = b->kind == V_INT ? b->u.i : b->u.b, n = a->u.seq.n;
        if (k <= 0 || n == 0) {
            a->u.seq.n = 0;
            return a;
        }
        if (k > GL_PROGRAM_MAX_SEQ / n)
            return py_fail(I, at, GL_E_LIMIT, "the result of repeating would have more than %d elements", GL_PROGRAM_MAX_SEQ);
        if (!work(I, at, n * k) || list_reserve(I, a, n * k)) return NULL;
        for (int64_t i = n; i < n * k; i++) a->u.seq.v[i] = a->u.seq.v[i % n];
        a->u.seq.n = (int)(n * k);
        return a;
    }
    if (a->kind == V_SET && (op == OP_BITOR || op == OP_BITAND || op == OP_SUB || op == OP_BITXOR)) {
        if (!setlike(b)) {
            char sym[4];
            snprintf(sym, sizeof sym, "%s=", opsym(op));
            return unsupported(I, at, sym, a, b);
        }
        gl_status st;
        switch (op) {
        case OP_BITOR: st = py_set_update(I, at, a, b); break;
        case OP_SUB: st = set_difference_update(I, at, a, b); break;
        case OP_BITXOR: st = set_symdiff_update(I, at, a, b); break;
        default: {
            py_val *t = set_intersection(I, at, a, b);
            if (!t) return NULL;
            *a->u.set = *t->u.set;      /* set_swap_bodies */
            a->u.set->version++;
            st = GL_OK;
        }
        }
        return st ? NULL : a;
    }
    if (a->kind == V_DICT && op == OP_BITOR) return dict_update_arg(I, at, a, b) ? NULL : a;
    *handled = false;
    return NULL;
}

py_val *py_cont_compare(py_interp *I, const py_node *at, int op, py_val *a, py_val *b, bool *handled) {
    *handled = false;
    bool sa = setlike(a) || (a->kind == V_VIEW && a->u.view.which != VIEW_VALUES);
    bool sb = setlike(b) || (b->kind == V_VIEW && b->u.view.which != VIEW_VALUES);
    if (!sa || !sb) return NULL;
    *handled = true;
    if (!(a = as_set(I, at, a)) || !(b = as_set(I, at, b))) return NULL;
    int r;
    switch (op) {
    case OP_EQ: case OP_NE:
        r = ssize(a) == ssize(b) ? set_issubset(I, at, a, b) : 0;
        if (r < 0) return NULL;
        return py_bool(op == OP_EQ ? r : !r);
    case OP_LE: r = set_issubset(I, at, a, b); break;
    case OP_GE: r = set_issubset(I, at, b, a); break;
    case OP_LT: r = ssize(a) < ssize(b) ? set_issubset(I, at, a, b) : 0; break;
    case OP_GT: r = ssize(a) > ssize(b) ? set_issubset(I, at, b, a) : 0; break;
    default: *handled = false; return NULL;
    }
    return r < 0 ? NULL : py_bool(r);
}

gl_status py_cont_contains(py_interp *I, const py_node *at, py_val *c, py_val *x, bool *found, bool *handled) {
    *handled = true;
    *found = false;
    int64_t h;
    switch (c->kind) {
    case V_DICT: {
        py_val *v;
        if (py_dict_lookup(I, at, c, x, &v)) return I->err.code;
        *found = v != NULL;
        return GL_OK;
    }
    case V_SET: case V_FROZENSET:
        if (!key_hash(I, at, &x, &h)) return I->err.code;
        *found = py_set_has_hashed(I, c, x, h);
        return GL_OK;
    case V_VIEW: {
        py_val *d = c->u.view.d, *v;
        if (c->u.view.which == VIEW_KEYS) return py_cont_contains(I, at, d, x, found, handled);
        if (c->u.view.which == VIEW_ITEMS) {
            if (x->kind != V_TUPLE || x->u.seq.n != 2) return GL_OK;
            if (py_dict_lookup(I, at, d, x->u.seq.v[0], &v)) return I->err.code;
            if (!v) return GL_OK;
            py_val *r = py_compare(I, at, OP_EQ, v, x->u.seq.v[1]);
            return r ? py_truth(I, at, r, found) : I->err.code;
        }
        if (!work(I, at, d->u.d->len)) return I->err.code;
        for (int i = 0; py_dict_next(d, &i, NULL, &v);)
            if (v == x || py_eq(v, x)) {
                *found = true;
                break;
            }
        return GL_OK;
    }
    default:
        *handled = false;
        return GL_OK;
    }
}

bool py_cont_eq(const py_val *a, const py_val *b) {
    bool sa = setlike(a) || (a->kind == V_VIEW && a->u.view.which == VIEW_KEYS);
    bool sb = setlike(b) || (b->kind == V_VIEW && b->u.view.which == VIEW_KEYS);
    if (a->kind == V_VIEW && b->kind == V_VIEW && a->u.view.which == VIEW_ITEMS && b->u.view.which == VIEW_ITEMS) {
        const py_val *da = a->u.view.d, *db = b->u.view.d;
        return py_eq(da, db);          /* equal items views: equal dicts */
    }
    if (!sa || !sb) return a == b;
    int64_t na = 0, nb = 0;
    py_cont_len(a, &na);
    py_cont_len(b, &nb);
    if (na != nb) return false;
    /* every element of a in b */
    if (setlike(a)) {
        py_val *k;
        int64_t h;
        for (int64_t i = 0; py_set_next(a, &i, &k, &h);) {
            bool in;
            if (setlike(b)) in = py_set_has_hashed(NULL, b, k, h);
            else in = py_dict_get(b->u.view.d, k) != NULL;
            if (!in) return false;
        }
        return true;
    }
    py_val *k;
    for (int i = 0; py_dict_next(a->u.view.d, &i, &k, NULL);) {
        int64_t h;
        bool in;
        if (!py_hash_plain(k, &h)) return false;
        if (setlike(b)) in = py_set_has_hashed(NULL, b, k, h);
        else in = py_dict_get(b->u.view.d, k) != NULL;
        if (!in) return false;
    }
    return true;
}

/* ---------------------------------------------------------------- methods */
static py_val *no_kw(py_interp *I, const py_node *at, const char *what, py_args *a) {
    if (a->nkw) return py_fail(I, at, GL_E_INVALID, "TypeError: %s() takes no keyword arguments", what);
    return &py_None;
}

/* METH_O: exactly one positional argument */
static bool one_arg(py_interp *I, const py_node *at, const char *qual, py_args *a) {
    if (a->nkw) return py_fail(I, at, GL_E_INVALID, "TypeError: %s() takes no keyword arguments", qual), false;
    if (a->npos != 1)
        return py_fail(I, at, GL_E_INVALID, "TypeError: %s() takes exactly one argument (%d given)", qual, a->npos), false;
    return true;
}

static bool no_args(py_interp *I, const py_node *at, const char *qual, py_args *a) {
    if (a->nkw) return py_fail(I, at, GL_E_INVALID, "TypeError: %s() takes no keyword arguments", qual), false;
    if (a->npos) return py_fail(I, at, GL_E_INVALID, "TypeError: %s() takes no arguments (%d given)", qual, a->npos), false;
    return true;
}

/* positional arguments between lo and hi (PyArg_UnpackTuple's messages) */
static bool npos(py_interp *I, const py_node *at, const char *name, py_args *a, int lo, int hi) {
    if (a->nkw) return py_fail(I, at, GL_E_INVALID, "TypeError: %s() takes no keyword arguments", name), false;
    if (a->npos < lo) {
        if (lo == hi) return py_fail(I, at, GL_E_INVALID, "TypeError: %s expected %d argument%s, got %d", name, lo, lo == 1 ? "" : "s", a->npos), false;
        return py_fail(I, at, GL_E_INVALID, "TypeError: %s expected at least %d argument%s, got %d", name, lo, lo == 1 ? "" : "s", a->npos), false;
    }
    if (a->npos > hi) {
        if (lo == hi) return py_fail(I, at, GL_E_INVALID, "TypeError: %s expected %d argument%s, got %d", name, hi, hi == 1 ? "" : "s", a->npos), false;
        return py_fail(I, at, GL_E_INVALID, "TypeError: %s expected at most %d argument%s, got %d", name, hi, hi == 1 ? "" : "s", a->npos), false;
    }
    return true;
}

/* start / end of index(): clamped as CPython's slice indices */
static bool index_bounds(py_interp *I, const py_node *at, py_args *a, int64_t n, int64_t *lo, int64_t *hi) {
    *lo = 0;
    *hi = n;
    for (int j = 1; j < a->npos && j < 3; j++) {
        int64_t x;
        py_val *v = py_index_of(I, at, a->pos[j]);
        if (!v) return false;
        if (v->kind != V_INT && v->kind != V_BOOL)
            return py_fail(I, at, GL_E_INVALID, "TypeError: slice indices must be integers or have an __index__ method"), false;
        x = v->kind == V_INT ? v->u.i : v->u.b;
        if (x < 0) {
            x += n;
            if (x < 0) x = 0;
        }
        if (j == 1) *lo = x;
        else *hi = x;
    }
    if (*hi > n) *hi = n;
    return true;
}

static py_val *set_new_from(py_interp *I, const py_node *at, bool frozen, py_args *a) {
    const char *nm = frozen ? "frozenset" : "set";
    if (a->nkw) return py_fail(I, at, GL_E_INVALID, "TypeError: %s() takes no keyword arguments", nm);
    if (a->npos > 1) return py_fail(I, at, GL_E_INVALID, "TypeError: %s expected at most 1 argument, got %d", nm, a->npos);
    if (frozen && a->npos && a->pos[0]->kind == V_FROZENSET) return a->pos[0];   /* frozenset(f) is f */
    py_val *r = py_set_new(I, frozen);
    if (!r) return NULL;
    if (a->npos) {
        py_val *o = a->pos[0];
        if (o->kind == V_TENSOR) return py_fail(I, at, GL_E_INVALID, "iterating over a tensor is not supported");
        if (py_set_update(I, at, r, o)) return NULL;
    }
    return r;
}

py_val *py_cont_call(py_interp *I, const py_node *at, int m, py_val *self, py_args *a) {
    int64_t n64;
    switch (m) {
    /* ---- list */
    case M_L_APPEND:
        if (!one_arg(I, at, "list.append", a)) return NULL;
        return py_list_push(I, self, a->pos[0]) ? NULL : &py_None;
    case M_L_EXTEND: {
        py_val **items;
        int n;
        if (!one_arg(I, at, "list.extend", a)) return NULL;
        if (a->pos[0]->kind == V_TENSOR) return py_fail(I, at, GL_E_INVALID, "iterating over a tensor is not supported");
        if (items_copy(I, at, a->pos[0], &items, &n)) return NULL;
        return list_replace(I, at, self, self->u.seq.n, self->u.seq.n, items, n) ? NULL : &py_None;
    }
    case M_L_INSERT: {
        int64_t i, n = self->u.seq.n;
        if (!npos(I, at, "insert", a, 2, 2) || !want_index(I, at, a->pos[0], &i)) return NULL;
        if (i < 0) {
            i += n;
            if (i < 0) i = 0;
        } else if (i > n) {
            i = n;
        }
        return list_replace(I, at, self, i, i, &a->pos[1], 1) ? NULL : &py_None;
    }
    case M_L_POP: {
        int64_t i = -1, n = self->u.seq.n;
        if (!npos(I, at, "pop", a, 0, 1) || (a->npos && !want_index(I, at, a->pos[0], &i))) return NULL;
        if (n == 0) return py_fail(I, at, GL_E_INVALID, "IndexError: pop from empty list");
        if (i < 0) i += n;
        if (i < 0 || i >= n) return py_fail(I, at, GL_E_INVALID, "IndexError: pop index out of range");
        py_val *x = self->u.seq.v[i];
        return list_replace(I, at, self, i, i + 1, NULL, 0) ? NULL : x;
    }
    case M_L_REMOVE: case M_L_INDEX: case M_L_COUNT: case M_T_INDEX: case M_T_COUNT: {
        bool tup = m == M_T_INDEX || m == M_T_COUNT, count = m == M_L_COUNT || m == M_T_COUNT;
        const char *qual = m == M_L_REMOVE ? "list.remove" : m == M_L_COUNT ? "list.count" : "tuple.count";
        if (m == M_L_INDEX || m == M_T_INDEX) {
            if (a->nkw) return py_fail(I, at, GL_E_INVALID, "TypeError: index() takes no keyword arguments");
            if (a->npos < 1 || a->npos > 3)
                return py_fail(I, at, GL_E_INVALID, a->npos < 1 ? "TypeError: index expected at least 1 argument, got %d"
                                                                : "TypeError: index expected at most 3 arguments, got %d", a->npos);
        } else if (!one_arg(I, at, qual, a)) {
            return NULL;
        }
        py_val *x = a->pos[0];
        int64_t lo = 0, hi = self->u.seq.n, c = 0;
        if (!count && m != M_L_REMOVE && !index_bounds(I, at, a, self->u.seq.n, &lo, &hi)) return NULL;
        for (int64_t i = lo; i < hi && i < self->u.seq.n; i++) {
            py_val *y = self->u.seq.v[i];
            if (!(i & 15) && i && !py_steps(I, at)) return NULL;
            bool eq;
            if (y == x) {
                eq = true;
            } else {
                py_val *r = py_compare(I, at, OP_EQ, y, x);
                if (!r || py_truth(I, at, r, &eq)) return NULL;
            }
            if (!eq) continue;
            if (count) {
                c++;
                continue;
            }
            if (m == M_L_REMOVE) return list_replace(I, at, self, i, i + 1, NULL, 0) ? NULL : &py_None;
            return py_int(I, i);
        }
        if (count) return py_int(I, c);
        if (m == M_L_REMOVE) return py_fail(I, at, GL_E_INVALID, "ValueError: list.remove(x): x not in list");
        if (tup) return py_fail(I, at, GL_E_INVALID, "ValueError: tuple.index(x): x not in tuple");
        gl_sb sb;
        gl_sb_init(&sb);
        py_repr(I, &sb, x, true);
        py_fail(I, at, GL_E_INVALID, "ValueError: %.200s is not in list", sb.buf ? sb.buf : "?");
        gl_sb_free(&sb);
        return NULL;
    }
    case M_L_SORT: {
        py_val *key = NULL;
        bool reverse = false;
        if (a->npos) return py_fail(I, at, GL_E_INVALID, "TypeError: sort() takes no positional arguments");
        for (int k = 0; k < a->nkw; k++) {
            if (strcmp(a->kwn[k], "key") == 0) {
                key = a->kwv[k];
            } else if (strcmp(a->kwn[k], "reverse") == 0) {
                py_val *r = a->kwv[k];
                if (!py_is_int(r))    /* the 'i' format: an int (or bool), nothing else */
                    return py_fail(I, at, GL_E_INVALID, "TypeError: '%s' object cannot be interpreted as an integer", py_type_name(r));
                if (py_truth(I, at, r, &reverse)) return NULL;
            } else {
                return py_fail(I, at, GL_E_INVALID, "TypeError: '%s' is an invalid keyword argument for sort()", a->kwn[k]);
            }
        }
        int n = self->u.seq.n;
        py_val **items = py_alloc(&I->ar, sizeof *items * (size_t)(n ? n : 1));
        if (!items) return py_oom(I);
        memcpy(items, self->u.seq.v, sizeof *items * (size_t)n);
        py_val **saved = self->u.seq.v;
        self->u.seq.n = 0;            /* CPython empties the list while it sorts */
        gl_status st = py_sort(I, at, items, n, key, reverse);
        bool modified = self->u.seq.n != 0 || self->u.seq.v != saved;
        if (modified && self->u.seq.v != saved) {
            self->u.seq.v = saved;
            self->u.seq.cap = n > self->u.seq.cap ? n : self->u.seq.cap;
        }
        memcpy(saved, items, sizeof *items * (size_t)n);
        self->u.seq.v = saved;
        self->u.seq.n = n;
        if (st) return NULL;
        if (modified) return py_fail(I, at, GL_E_INVALID, "ValueError: list modified during sort");
        return &py_None;
    }
    case M_L_REVERSE:
        if (!no_args(I, at, "list.reverse", a)) return NULL;
        for (int i = 0, j = self->u.seq.n - 1; i < j; i++, j--) {
            py_val *t = self->u.seq.v[i];
            self->u.seq.v[i] = self->u.seq.v[j];
            self->u.seq.v[j] = t;
        }
        return work(I, at, self->u.seq.n) ? &py_None : NULL;
    case M_L_COPY: {
        if (!no_args(I, at, "list.copy", a) || !work(I, at, self->u.seq.n)) return NULL;
        py_val *r = py_seq(I, V_LIST, self->u.seq.n);
        if (!r) return NULL;
        memcpy(r->u.seq.v, self->u.seq.v, sizeof(py_val *) * (size_t)self->u.seq.n);
        return r;
    }
    case M_L_CLEAR:
        if (!no_args(I, at, "list.clear", a)) return NULL;
        self->u.seq.n = 0;
        return &py_None;

    /* ---- dict */
    case M_D_GET: {
        py_val *v;
        if (!npos(I, at, "get", a, 1, 2) || py_dict_lookup(I, at, self, a->pos[0], &v)) return NULL;
        return v ? v : a->npos > 1 ? a->pos[1] : &py_None;
    }
    case M_D_POP: {
        py_val *v;
        if (!npos(I, at, "pop", a, 1, 2) || py_dict_del(I, at, self, a->pos[0], &v)) return NULL;
        if (v) return v;
        if (a->npos > 1) return a->pos[1];
        return key_error(I, at, a->pos[0]);
    }
    case M_D_POPITEM: {
        if (!no_args(I, at, "dict.popitem", a)) return NULL;
        py_dict *D = self->u.d;
        if (!D->len) return py_fail(I, at, GL_E_INVALID, "KeyError: 'popitem(): dictionary is empty'");
        int i = D->nent - 1;          /* the tail is always a live entry */
        py_val *k = D->ek[i], *v, *t = mk_tuple2(I, k, D->ev[i]);
        if (!t || py_dict_del(I, at, self, k, &v)) return NULL;
        return t;
    }
    case M_D_SETDEFAULT: {
        py_val *v;
        if (!npos(I, at, "setdefault", a, 1, 2) || py_dict_lookup(I, at, self, a->pos[0], &v)) return NULL;
        if (v) return v;
        v = a->npos > 1 ? a->pos[1] : &py_None;
        return py_dict_set(I, self, a->pos[0], v) ? NULL : v;
    }
    case M_D_UPDATE:
        if (a->npos > 1) return py_fail(I, at, GL_E_INVALID, "TypeError: update expected at most 1 argument, got %d", a->npos);
        if (a->npos && dict_update_arg(I, at, self, a->pos[0])) return NULL;
        return kwargs_into(I, self, a) ? NULL : &py_None;
    case M_D_COPY:
        if (!no_args(I, at, "dict.copy", a)) return NULL;
        return dict_copy(I, at, self);
    case M_D_CLEAR:
        if (!no_args(I, at, "dict.clear", a)) return NULL;
        py_dict_clear(self->u.d);
        self->u.d->version++;
        return &py_None;
    case M_D_KEYS: case M_D_VALUES: case M_D_ITEMS:
        if (!no_args(I, at, m == M_D_KEYS ? "dict.keys" : m == M_D_VALUES ? "dict.values" : "dict.items", a)) return NULL;
        return view(I, self, m == M_D_KEYS ? VIEW_KEYS : m == M_D_VALUES ? VIEW_VALUES : VIEW_ITEMS);
    case M_D_FROMKEYS: {
        py_val **items;
        int n;
        if (!npos(I, at, "fromkeys", a, 1, 2) || items_copy(I, at, a->pos[0], &items, &n)) return NULL;
        py_val *d = py_dict_new(I), *v = a->npos > 1 ? a->pos[1] : &py_None;
        if (!d) return NULL;
        for (int i = 0; i < n; i++)
            if (py_dict_set(I, d, items[i], v)) return NULL;
        return d;
    }
    case M_NEW_DICT: {
        if (a->npos > 1) return py_fail(I, at, GL_E_INVALID, "TypeError: dict expected at most 1 argument, got %d", a->npos);
        py_val *d = py_dict_new(I);
        if (!d || (a->npos && dict_update_arg(I, at, d, a->pos[0])) || kwargs_into(I, d, a)) return NULL;
        return d;
    }

    /* ---- set */
    case M_NEW_SET: case M_NEW_FROZENSET: return set_new_from(I, at, m == M_NEW_FROZENSET, a);
    case M_S_ADD:
        if (!one_arg(I, at, "set.add", a)) return NULL;
        return py_set_add(I, at, self, a->pos[0]) ? NULL : &py_None;
    case M_S_REMOVE: case M_S_DISCARD: {
        int64_t h;
        py_val *x = a->npos ? a->pos[0] : NULL;
        if (!one_arg(I, at, m == M_S_REMOVE ? "set.remove" : "set.discard", a) || !key_hash(I, at, &x, &h)) return NULL;
        if (!py_set_discard_hashed(I, self, x, h) && m == M_S_REMOVE) return key_error(I, at, a->pos[0]);
        return &py_None;
    }
    case M_S_POP: {
        if (!no_args(I, at, "set.pop", a)) return NULL;
        py_val *k = py_set_pop(self);
        return k ? k : py_fail(I, at, GL_E_INVALID, "KeyError: 'pop from an empty set'");
    }
    case M_S_CLEAR:
        if (!no_args(I, at, "set.clear", a)) return NULL;
        return py_set_clear(I, self) ? NULL : &py_None;
    case M_S_COPY:
        if (!no_args(I, at, self->kind == V_SET ? "set.copy" : "frozenset.copy", a)) return NULL;
        if (self->kind == V_FROZENSET) return self;
        return set_copy_as(I, at, self, false);
    case M_S_UPDATE: case M_S_UNION: {
        if (!no_kw(I, at, MNAMES[m], a)) return NULL;
        py_val *r = m == M_S_UPDATE ? self : set_copy_as(I, at, self, self->kind == V_FROZENSET);
        if (!r) return NULL;
        for (int i = 0; i < a->npos; i++) {
            if (m == M_S_UNION && a->pos[i] == self) continue;
            if (py_set_update(I, at, r, a->pos[i])) return NULL;
        }
        return m == M_S_UPDATE ? &py_None : r;
    }
    case M_S_INTERSECTION: case M_S_INTERSECTION_UPDATE: {
        if (!no_kw(I, at, MNAMES[m], a)) return NULL;
        py_val *r = self;
        if (!a->npos) r = set_copy_as(I, at, self, self->kind == V_FROZENSET);
        for (int i = 0; r && i < a->npos; i++) r = set_intersection(I, at, r, a->pos[i]);
        if (!r) return NULL;
        if (m == M_S_INTERSECTION) return r;
        *self->u.set = *r->u.set;
        self->u.set->version++;
        return &py_None;
    }
    case M_S_DIFFERENCE: {
        if (!no_kw(I, at, MNAMES[m], a)) return NULL;
        if (!a->npos) return set_copy_as(I, at, self, self->kind == V_FROZENSET);
        py_val *r = set_difference(I, at, self, a->pos[0]);
        for (int i = 1; r && i < a->npos; i++)
            if (set_difference_update(I, at, r, a->pos[i])) return NULL;
        return r;
    }
    case M_S_DIFFERENCE_UPDATE:
        if (!no_kw(I, at, MNAMES[m], a)) return NULL;
        for (int i = 0; i < a->npos; i++)
            if (set_difference_update(I, at, self, a->pos[i])) return NULL;
        return &py_None;
    case M_S_SYMDIFF:
        if (!one_arg(I, at, self->kind == V_SET ? "set.symmetric_difference" : "frozenset.symmetric_difference", a)) return NULL;
        return set_symdiff(I, at, self, a->pos[0]);
    case M_S_SYMDIFF_UPDATE:
        if (!one_arg(I, at, "set.symmetric_difference_update", a)) return NULL;
        return set_symdiff_update(I, at, self, a->pos[0]) ? NULL : &py_None;
    case M_S_ISSUBSET: case M_S_ISSUPERSET: case M_S_ISDISJOINT: {
        char q[48];
        snprintf(q, sizeof q, "%s.%s", self->kind == V_SET ? "set" : "frozenset", MNAMES[m]);
        if (!one_arg(I, at, q, a)) return NULL;
        int r = m == M_S_ISSUBSET ? set_issubset(I, at, self, a->pos[0])
              : m == M_S_ISSUPERSET ? set_issuperset(I, at, self, a->pos[0]) : set_isdisjoint(I, at, self, a->pos[0]);
        return r < 0 ? NULL : py_bool(r);
    }
    }
    (void)n64;
    return py_fail(I, at, GL_E_INTERNAL, "unknown container method %d", m);
}

py_val *py_dict_call(py_interp *I, const py_node *at, py_args *a) { return py_cont_call(I, at, M_NEW_DICT, NULL, a); }
