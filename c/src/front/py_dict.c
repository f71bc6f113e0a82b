/* py_dict.c — hashing, dicts and sets as hash tables, with CPython 3.11's observable behaviour.
 *
 * hash: py_hash computes hash(v) as CPython does wherever CPython's value is deterministic, because a set's
 * iteration order is its table order and programs print sets: ints reduce modulo the Mersenne prime
 * 2**61 - 1 (so 1 == 1.0 == True hash alike), floats use _Py_HashDouble's digit walk, tuples the xxHash
 * lane mix of 3.11's tuplehash, frozensets the shuffle-and-xor of frozenset_hash. Strings are hashed with
 * FNV-1a plus a finaliser: CPython randomises str hashes per process (PYTHONHASHSEED), so no program can
 * depend on their order and any good hash is as faithful as another. None and objects hash by identity.
 * Lists, dicts and sets are unhashable (TypeError "unhashable type: 'list'").
 *
 * dict: CPython's compact layout — the items live in insertion order in dense entry arrays (ek / ev / eh),
 * and a separate index table of int32 maps a hash to an entry (open addressing with CPython's perturbed
 * probe). Deleting leaves a hole in the entries (ek[i] == NULL) and a DELETED mark in the index; holes are
 * squeezed out when the entries are next rebuilt. Iteration is by entry position, so it is insertion order
 * whatever the hashes are, and iterators detect a size change as CPython does ("dictionary changed size
 * during iteration"). Lookups are O(1): a 200k-key dict builds and reads in milliseconds.
 *
 * set: CPython's setobject.c table itself (the same minimum size 8, LINEAR_PROBES 9 then the perturbed
 * jump, the same fill*5 >= mask*3 growth to used*4 (used*2 past 50000), dummies that are never reused by an
 * insertion, and the same merge / pre-size rules), because a set iterates in slot order: {3, 1, 2}, a set of
 * small ints or of tuples of ints prints in exactly CPython's order only if the table is the same.
 *
 * Every table lives in the run's arena; sizes are bounded by GL_PROGRAM_MAX_SEQ. */
#include <math.h>
#include <string.h>

#include "front/py.h"

#define HASH_MODULUS ((uint64_t)0x1fffffffffffffffULL)   /* 2**61 - 1 */
#define HASH_BITS 61
#define HASH_INF 314159
#define MAX_HASH_DEPTH 1000

/* ---------------------------------------------------------------- hashing */
static int64_t hash_int64(int64_t x) {
    uint64_t m = x < 0 ? (uint64_t)0 - (uint64_t)x : (uint64_t)x;
    int64_t h = (int64_t)(m % HASH_MODULUS);
    if (x < 0) h = -h;
    return h == -1 ? -2 : h;
}

static int64_t hash_ptr(const void *p) {
    uint64_t y = (uint64_t)(uintptr_t)p;
    y = (y >> 4) | (y << 60);             /* CPython's _Py_HashPointer: the low bits are alignment */
    int64_t h = (int64_t)y;
    return h == -1 ? -2 : h;
}

static int64_t hash_double(const py_val *v, double d) {
    if (!isfinite(d)) return isinf(d) ? (d > 0 ? HASH_INF : -HASH_INF) : hash_ptr(v);
    int e;
    double m = frexp(d, &e);
    int sign = 1;
    if (m < 0) {
        sign = -1;
        m = -m;
    }
    uint64_t x = 0;
    while (m) {
        x = ((x << 28) & HASH_MODULUS) | x >> (HASH_BITS - 28);
        m *= 268435456.0;
        e -= 28;
        uint64_t y = (uint64_t)m;
        m -= (double)y;
        x += y;
        if (x >= HASH_MODULUS) x -= HASH_MODULUS;
    }
    e = e >= 0 ? e % HASH_BITS : HASH_BITS - 1 - ((-1 - e) % HASH_BITS);
    x = ((x << e) & HASH_MODULUS) | x >> (HASH_BITS - e);
    x = x * (uint64_t)(int64_t)sign;
    if (x == (uint64_t)-1) x = (uint64_t)-2;
    return (int64_t)x;
}

static int64_t hash_bytes(const char *s, size_t n) {
    uint64_t h = 14695981039346656037ULL;
    for (size_t i = 0; i < n; i++) h = (h ^ (unsigned char)s[i]) * 1099511628211ULL;
    h ^= h >> 33;                          /* murmur's finaliser: FNV's low bits alone probe badly */
    h *= 0xff51afd7ed558ccdULL;
    h ^= h >> 33;
    int64_t r = (int64_t)h;
    return r == -1 ? -2 : r;
}

#define XXPRIME_1 11400714785074694791ULL
#define XXPRIME_2 14029467366897019727ULL
#define XXPRIME_5 2870177450012600261ULL

static uint64_t shuffle_bits(uint64_t h) { return ((h ^ 89869747ULL) ^ (h << 16)) * 3644798167ULL; }

/* 0 ok, 1 unhashable (*bad = the offending value), 2 too deep */
static int hash_at(const py_val *v, int64_t *out, const py_val **bad, int depth) {
    if (depth > MAX_HASH_DEPTH) return 2;
    switch (v->kind) {
    case V_NONE: *out = hash_ptr(&py_None); return 0;
    case V_BOOL: *out = v->u.b; return 0;
    case V_INT: *out = hash_int64(v->u.i); return 0;
    case V_BIG: *out = py_hash_num(v); return 0;      /* the int lane's (py_num.c), CPython's modular hash */
    case V_FLOAT: {
        double d = v->u.f;
        if (d == trunc(d) && d >= -9.2233720368547758e18 && d < 9.2233720368547758e18) {
            *out = hash_int64((int64_t)d);   /* the int it equals: the same hash */
            return 0;
        }
        *out = hash_double(v, d);
        return 0;
    }
    case V_STR: *out = hash_bytes(v->u.str.s, v->u.str.n); return 0;
    case V_TUPLE: {
        uint64_t acc = XXPRIME_5;
        for (int i = 0; i < v->u.seq.n; i++) {
            int64_t lane;
            int r = hash_at(v->u.seq.v[i], &lane, bad, depth + 1);
            if (r) return r;
            acc += (uint64_t)lane * XXPRIME_2;
            acc = (acc << 31) | (acc >> 33);
            acc *= XXPRIME_1;
        }
        acc += (uint64_t)v->u.seq.n ^ (XXPRIME_5 ^ 3527539ULL);
        *out = acc == (uint64_t)-1 ? 1546275796 : (int64_t)acc;
        return 0;
    }
    case V_FROZENSET: {
        const py_set *S = v->u.set;
        uint64_t h = 0;
        for (int64_t i = 0; i <= S->mask; i++)
            if (S->key[i] && S->key[i] != &py_set_dummy) h ^= shuffle_bits((uint64_t)S->hash[i]);
        /* CPython xors every slot, empty (hash 0) and dummy (hash -1) ones too: the same effect */
        if ((S->mask + 1 - S->fill) & 1) h ^= shuffle_bits(0);
        if ((S->fill - S->used) & 1) h ^= shuffle_bits((uint64_t)-1);
        h ^= ((uint64_t)S->used + 1) * 1927868237ULL;
        h ^= (h >> 11) ^ (h >> 25);
        h = h * 69069U + 907133923ULL;
        if (h == (uint64_t)-1) h = 590923713ULL;
        *out = (int64_t)h;
        return 0;
    }
    case V_LIST: case V_DICT: case V_SET: case V_VIEW: case V_SLICE:   /* slice: unhashable until 3.12 */
        *bad = v;
        return 1;
    case V_RANGE: {             /* CPython hashes (len, start, step) for a non-empty range */
        py_val t[3], *items[3] = {&t[0], &t[1], &t[2]};
        int64_t a = v->u.r.start, b = v->u.r.stop, s = v->u.r.step, len;
        if (s > 0) len = a < b ? (int64_t)(((uint64_t)b - (uint64_t)a - 1) / (uint64_t)s + 1) : 0;
        else len = a > b ? (int64_t)(((uint64_t)a - (uint64_t)b - 1) / (uint64_t)(-(s + 1) + 1ULL) + 1) : 0;
        t[0] = (py_val){.kind = V_INT, .u.i = len};
        t[1] = len ? (py_val){.kind = V_INT, .u.i = a} : py_None;
        t[2] = len > 1 ? (py_val){.kind = V_INT, .u.i = s} : py_None;
        py_val tup = {.kind = V_TUPLE};
        tup.u.seq.v = items;
        tup.u.seq.n = 3;
        tup.u.seq.sub = NULL;
        return hash_at(&tup, out, bad, depth + 1);
    }
    case V_CFG: {               /* a frozen dataclass: the hash of its fields' tuple (eq compares them) */
        py_val tup = {.kind = V_TUPLE};
        tup.u.seq.v = v->u.cfg;
        tup.u.seq.n = 7;
        tup.u.seq.sub = NULL;
        return hash_at(&tup, out, bad, depth + 1);
    }
    case V_TENSOR: *out = hash_ptr((const char *)v->u.tn.tc + v->u.tn.id); return 0;
    case V_INST: case V_CLASS: case V_METHOD: case V_WRAP: {   /* the class lane's objects (py_class.c) */
        if (!py_class_hashable(v)) {
            *bad = v;
            return 1;
        }
        int64_t h = (int64_t)(py_class_hash(v) >> 1);
        *out = h == -1 ? -2 : h;
        return 0;
    }
    default:
        /* functions, builtins, modules, graphs, arrays: identity */
        *out = hash_ptr(v);
        return 0;
    }
}

bool py_hash_plain(const py_val *v, int64_t *h) {
    const py_val *bad = NULL;
    return hash_at(v, h, &bad, 0) == 0;
}

bool py_hash(py_interp *I, const py_node *at, const py_val *v, int64_t *h) {
    const py_val *bad = NULL;
    bool sub = (v->kind == V_TUPLE || v->kind == V_INT) && py_sub_of(v);
    if (sub) {                    /* a tuple / int subclass: its __hash__, or none when it defines __eq__ only */
        py_val *cls = py_sub_of(v)->cls, *d = py_sub_method(I, v, py_intern(&I->ar, "__hash__", 8));
        if ((!d && cls->u.cls->flags & CF_UNHASHABLE) || (d && d->kind == V_NONE)) {
            py_fail(I, at, GL_E_INVALID, "TypeError: unhashable type: '%s'", py_type_name(v));
            return false;
        }
    }
    if (v->kind == V_INST || sub) {      /* a user __hash__ (or __hash__ = None) */
        py_val *cls = v->kind == V_INST ? v->u.inst->cls : py_sub_of(v)->cls;
        py_val *d = v->kind == V_INST ? py_lookup(cls, py_intern(&I->ar, "__hash__", 8)) : py_sub_method(I, v, py_intern(&I->ar, "__hash__", 8));
        if (d && d->kind == V_NONE) {
            py_fail(I, at, GL_E_INVALID, "TypeError: unhashable type: '%s'", py_type_name(v));
            return false;
        }
        if (d && d->kind == V_FUNC) {
            py_val *r = py_call_method(I, at, (py_val *)v, d, 0, NULL);
            if (!r) return false;
            if (!py_is_int(r)) {
                py_fail(I, at, GL_E_INVALID, "TypeError: __hash__ method should return an integer");
                return false;
            }
            /* slot_tp_hash: the int itself when it fits in Py_ssize_t, else its hash; -1 is -2 */
            *h = r->kind == V_INT ? r->u.i : r->kind == V_BOOL ? r->u.b : py_hash_num(r);
            if (*h == -1) *h = -2;
            return true;
        }
    }
    int r = hash_at(v, h, &bad, 0);
    if (r == 1) {
        py_fail(I, at, GL_E_INVALID, "TypeError: unhashable type: '%s'", py_type_name(bad));
        return false;
    }
    if (r == 2) {
        py_fail(I, at, GL_E_LIMIT, "RecursionError: maximum recursion depth exceeded while calling a Python object");
        return false;
    }
    return true;
}

/* ---------------------------------------------------------------- dict */
#define IX_EMPTY (-1)
#define IX_DELETED (-2)
#define PERTURB_SHIFT 5

py_val *py_dict_new(py_interp *I) {
    py_val *v = py_new(I, V_DICT);
    if (!v) return NULL;
    if (!(v->u.d = py_alloc(&I->ar, sizeof *v->u.d))) return py_oom(I);
    return v;
}

int py_dict_len(const py_val *d) { return d->u.d->len; }

bool py_dict_next(const py_val *d, int *pos, py_val **k, py_val **v) {
    const py_dict *D = d->u.d;
    while (*pos < D->nent) {
        int i = (*pos)++;
        if (D->ek[i]) {
            if (k) *k = D->ek[i];
            if (v) *v = D->ev[i];
            return true;
        }
    }
    return false;
}

/* The entry holding k (hash h), or -1; *slot is the index slot it sits in (or the first empty one). */
/* Key equality in the tables: identity, then ==; an object with a user __eq__ is asked (I may be NULL: a lookup
 * without the interpreter compares objects by identity, as before). */
static bool keq(py_interp *I, const py_val *e, const py_val *k) {
    if (e == k) return true;
    if (I && (e->kind == V_INST || k->kind == V_INST) && !I->err.code)
        return py_class_eq_deep(I, NULL, (py_val *)e, (py_val *)k) == 1;
    return py_eq(e, k);
}

static int dict_find(py_interp *I, const py_dict *D, const py_val *k, int64_t h, int64_t *slot) {
    if (!D->mask && !D->ix) {
        if (slot) *slot = -1;
        return -1;
    }
    uint64_t mask = (uint64_t)D->mask, i = (uint64_t)h & mask, perturb = (uint64_t)h;
    for (;;) {
        int32_t ix = D->ix[i];
        if (ix == IX_EMPTY) {
            if (slot) *slot = (int64_t)i;
            return -1;
        }
        if (ix >= 0 && D->eh[ix] == h && keq(I, D->ek[ix], k)) {
            if (slot) *slot = (int64_t)i;
            return ix;
        }
        perturb >>= PERTURB_SHIFT;
        i = (i * 5 + perturb + 1) & mask;
    }
}

static void dict_place(py_dict *D, int64_t h, int32_t ix) {
    uint64_t mask = (uint64_t)D->mask, i = (uint64_t)h & mask, perturb = (uint64_t)h;
    while (D->ix[i] != IX_EMPTY) {
        perturb >>= PERTURB_SHIFT;
        i = (i * 5 + perturb + 1) & mask;
    }
    D->ix[i] = ix;
}

/* Rebuilds for at least `need` items: entries compacted, a new index table at most 2/3 full. */
static gl_status dict_resize(py_interp *I, py_dict *D, int64_t need) {
    if (need > GL_PROGRAM_MAX_SEQ)
        return py_fail(I, NULL, GL_E_LIMIT, "a dict of more than %d items is over the limit", GL_PROGRAM_MAX_SEQ), GL_E_LIMIT;
    int64_t cap = need < 5 ? 5 : need, size = 8;
    while (size * 2 < cap * 3) size *= 2;
    cap = size * 2 / 3;
    py_val **ek = py_alloc(&I->ar, sizeof *ek * (size_t)cap), **ev = py_alloc(&I->ar, sizeof *ev * (size_t)cap);
    int64_t *eh = py_alloc(&I->ar, sizeof *eh * (size_t)cap);
    int32_t *ix = py_alloc(&I->ar, sizeof *ix * (size_t)size);
    if (!ek || !ev || !eh || !ix) return py_oom(I), I->err.code;
    memset(ix, 0xff, sizeof *ix * (size_t)size);   /* IX_EMPTY */
    int n = 0;
    for (int i = 0; i < D->nent; i++)
        if (D->ek[i]) {
            ek[n] = D->ek[i];
            ev[n] = D->ev[i];
            eh[n] = D->eh[i];
            n++;
        }
    if (D->ix) {                  /* the old arrays: nothing else points into them */
        py_release(&I->ar, D->ek, sizeof *ek * (size_t)D->cap);
        py_release(&I->ar, D->ev, sizeof *ev * (size_t)D->cap);
        py_release(&I->ar, D->eh, sizeof *eh * (size_t)D->cap);
        py_release(&I->ar, D->ix, sizeof *ix * (size_t)(D->mask + 1));
    }
    D->ek = ek;
    D->ev = ev;
    D->eh = eh;
    D->ix = ix;
    D->mask = size - 1;
    D->cap = (int)cap;
    D->nent = n;
    for (int i = 0; i < n; i++) dict_place(D, eh[i], i);
    return GL_OK;
}

gl_status py_dict_lookup(py_interp *I, const py_node *at, py_val *d, py_val *k, py_val **out) {
    int64_t h;
    *out = NULL;
    if (!py_hash(I, at, k, &h)) return I->err.code;
    int ix = dict_find(I, d->u.d, k, h, NULL);
    if (ix >= 0) *out = d->u.d->ev[ix];
    return GL_OK;
}

py_val *py_dict_get(py_val *d, py_val *k) { return py_dict_find(d, k, NULL); }

py_val *py_dict_find(py_val *d, py_val *k, int64_t *work) {
    int64_t h;
    if (work) (*work)++;          /* a hash lookup: O(1) work */
    if (!py_hash_plain(k, &h)) return NULL;       /* unhashable: never a key */
    int ix = dict_find(NULL, d->u.d, k, h, NULL);
    return ix >= 0 ? d->u.d->ev[ix] : NULL;
}

gl_status py_dict_set_hashed(py_interp *I, py_val *d, py_val *k, int64_t h, py_val *v) {
    py_dict *D = d->u.d;
    int64_t slot;
    int ix = dict_find(I, D, k, h, &slot);
    if (ix >= 0) {                /* an existing key keeps its place (and its key object) */
        D->ev[ix] = v;
        return GL_OK;
    }
    if (D->nent == D->cap) {
        if (dict_resize(I, D, (int64_t)D->len * 2 + 1)) return I->err.code;
        dict_find(NULL, D, k, h, &slot);
    }
    int e = D->nent++;
    D->ek[e] = k;
    D->ev[e] = v;
    D->eh[e] = h;
    D->ix[slot] = e;
    D->len++;
    D->version++;
    return GL_OK;
}

gl_status py_dict_set(py_interp *I, py_val *d, py_val *k, py_val *v) {
    int64_t h;
    if (!py_hash(I, NULL, k, &h)) return I->err.code;
    return py_dict_set_hashed(I, d, k, h, v);
}

gl_status py_dict_del(py_interp *I, const py_node *at, py_val *d, py_val *k, py_val **old) {
    int64_t h, slot;
    *old = NULL;
    if (!py_hash(I, at, k, &h)) return I->err.code;
    py_dict *D = d->u.d;
    int ix = dict_find(I, D, k, h, &slot);
    if (ix < 0) return GL_OK;
    *old = D->ev[ix];
    D->ek[ix] = D->ev[ix] = NULL;
    D->ix[slot] = IX_DELETED;
    D->len--;
    D->version++;
    while (D->nent && !D->ek[D->nent - 1]) D->nent--;   /* popitem: the tail stays dense */
    return GL_OK;
}

void py_dict_clear(py_dict *D) {
    /* an instance of a dict subclass stays one; iterators over it see the change */
    struct py_sub *sub = D->sub;
    uint64_t version = D->version + 1;
    memset(D, 0, sizeof *D);
    D->sub = sub;
    D->version = version;
}

/* ---------------------------------------------------------------- set (setobject.c's table) */
#define SET_MINSIZE 8
#define LINEAR_PROBES 9

py_val py_set_dummy = {.kind = V_NONE};

static gl_status set_alloc(py_interp *I, py_set *S, int64_t size) {
    if (size > (int64_t)GL_PROGRAM_MAX_SEQ * 4)
        return py_fail(I, NULL, GL_E_LIMIT, "a set of more than %d items is over the limit", GL_PROGRAM_MAX_SEQ), GL_E_LIMIT;
    S->key = py_alloc(&I->ar, sizeof *S->key * (size_t)size);
    S->hash = py_alloc(&I->ar, sizeof *S->hash * (size_t)size);
    if (!S->key || !S->hash) return py_oom(I), I->err.code;
    S->mask = size - 1;
    return GL_OK;
}

py_val *py_set_new(py_interp *I, bool frozen) {
    py_val *v = py_new(I, frozen ? V_FROZENSET : V_SET);
    if (!v) return NULL;
    if (!(v->u.set = py_alloc(&I->ar, sizeof *v->u.set))) return py_oom(I);
    if (set_alloc(I, v->u.set, SET_MINSIZE)) return NULL;
    return v;
}

static void set_insert_clean(py_val **key, int64_t *hash, uint64_t mask, py_val *k, int64_t h) {
    uint64_t perturb = (uint64_t)h, i = (uint64_t)h & mask;
    for (;;) {
        if (!key[i]) goto found;
        if (i + LINEAR_PROBES <= mask)
            for (int j = 0; j < LINEAR_PROBES; j++) {
                i++;
                if (!key[i]) goto found;
            }
        perturb >>= PERTURB_SHIFT;
        i = (i * 5 + 1 + perturb) & mask;
    }
found:
    key[i] = k;
    hash[i] = h;
}

static gl_status set_resize(py_interp *I, py_set *S, int64_t minused) {
    int64_t size = SET_MINSIZE;
    while (size <= minused) size <<= 1;
    if (size == SET_MINSIZE && S->mask == SET_MINSIZE - 1 && S->fill == S->used) return GL_OK;   /* nothing to purge */
    py_set old = *S;
    if (set_alloc(I, S, size)) {
        *S = old;
        return I->err.code;
    }
    for (int64_t i = 0; i <= old.mask; i++)
        if (old.key[i] && old.key[i] != &py_set_dummy)
            set_insert_clean(S->key, S->hash, (uint64_t)S->mask, old.key[i], old.hash[i]);
    S->fill = S->used;
    py_release(&I->ar, old.key, sizeof *old.key * (size_t)(old.mask + 1));
    py_release(&I->ar, old.hash, sizeof *old.hash * (size_t)(old.mask + 1));
    return GL_OK;
}

/* The slot holding k (hash h), or -1. */
static int64_t set_find(py_interp *I, const py_set *S, const py_val *k, int64_t h) {
    uint64_t mask = (uint64_t)S->mask, i = (uint64_t)h & mask, perturb = (uint64_t)h;
    for (;;) {
        uint64_t probes = i + LINEAR_PROBES <= mask ? LINEAR_PROBES : 0;
        for (uint64_t j = 0; j <= probes; j++, i++) {
            const py_val *e = S->key[i];
            if (!e) return -1;
            if (S->hash[i] == h && e != &py_set_dummy && keq(I, e, k)) return (int64_t)i;
        }
        i -= probes + 1;
        perturb >>= PERTURB_SHIFT;
        i = (i * 5 + 1 + perturb) & mask;
    }
}

bool py_set_has_hashed(py_interp *I, const py_val *s, const py_val *k, int64_t h) { return set_find(I, s->u.set, k, h) >= 0; }

gl_status py_set_add_hashed(py_interp *I, py_val *s, py_val *k, int64_t h) {
    py_set *S = s->u.set;
    uint64_t mask = (uint64_t)S->mask, i = (uint64_t)h & mask, perturb = (uint64_t)h;
    int64_t freeslot = -1;        /* the last dummy passed on the way (setobject.c reuses it) */
    for (;;) {
        uint64_t probes = i + LINEAR_PROBES <= mask ? LINEAR_PROBES : 0;
        for (uint64_t j = 0; j <= probes; j++, i++) {
            py_val *e = S->key[i];
            if (!e) goto unused;
            if (e == &py_set_dummy) freeslot = (int64_t)i;
            else if (S->hash[i] == h && keq(I, e, k)) return GL_OK;
        }
        i -= probes + 1;
        perturb >>= PERTURB_SHIFT;
        i = (i * 5 + 1 + perturb) & mask;
    }
unused:
    S->version++;
    if (freeslot >= 0) {          /* a dummy reused: fill is unchanged, no resize */
        S->key[freeslot] = k;
        S->hash[freeslot] = h;
        S->used++;
        return GL_OK;
    }
    S->key[i] = k;
    S->hash[i] = h;
    S->fill++;
    S->used++;
    if (S->used > GL_PROGRAM_MAX_SEQ)
        return py_fail(I, NULL, GL_E_LIMIT, "a set of more than %d items is over the limit", GL_PROGRAM_MAX_SEQ), GL_E_LIMIT;
    if ((uint64_t)S->fill * 5 < mask * 3) return GL_OK;
    return set_resize(I, S, S->used > 50000 ? S->used * 2 : S->used * 4);
}

gl_status py_set_add(py_interp *I, const py_node *at, py_val *s, py_val *k) {
    int64_t h;
    if (!py_hash(I, at, k, &h)) return I->err.code;
    return py_set_add_hashed(I, s, k, h);
}

bool py_set_discard_hashed(py_interp *I, py_val *s, const py_val *k, int64_t h) {
    py_set *S = s->u.set;
    int64_t i = set_find(I, S, k, h);
    if (i < 0) return false;
    S->key[i] = &py_set_dummy;
    S->hash[i] = -1;
    S->used--;
    S->version++;
    return true;
}

gl_status py_set_clear(py_interp *I, py_val *s) {
    py_set *S = s->u.set;
    memset(S, 0, sizeof *S);
    return set_alloc(I, S, SET_MINSIZE);
}

/* set_merge: other is a set or frozenset. */
static gl_status set_merge(py_interp *I, py_val *s, const py_val *o) {
    py_set *S = s->u.set;
    const py_set *O = o->u.set;
    if (s == o || O->used == 0) return GL_OK;
    if ((S->fill + O->used) * 5 >= S->mask * 3 && set_resize(I, S, (S->used + O->used) * 2)) return I->err.code;
    if (S->fill == 0 && S->mask == O->mask && O->fill == O->used) {   /* a straight copy */
        for (int64_t i = 0; i <= O->mask; i++) {
            S->key[i] = O->key[i];
            S->hash[i] = O->hash[i];
        }
        S->fill = O->fill;
        S->used = O->used;
        S->version++;
        return GL_OK;
    }
    if (S->fill == 0) {
        for (int64_t i = 0; i <= O->mask; i++)
            if (O->key[i] && O->key[i] != &py_set_dummy)
                set_insert_clean(S->key, S->hash, (uint64_t)S->mask, O->key[i], O->hash[i]);
        S->fill = S->used = O->used;
        S->version++;
        return GL_OK;
    }
    for (int64_t i = 0; i <= O->mask; i++)
        if (O->key[i] && O->key[i] != &py_set_dummy && py_set_add_hashed(I, s, O->key[i], O->hash[i])) return I->err.code;
    return GL_OK;
}

gl_status py_set_update(py_interp *I, const py_node *at, py_val *s, py_val *o) {
    if (o->kind == V_SET || o->kind == V_FROZENSET) return set_merge(I, s, o);
    if (o->kind == V_DICT) {
        py_set *S = s->u.set;
        int64_t n = o->u.d->len;
        if ((S->fill + n) * 5 >= S->mask * 3 && set_resize(I, S, (S->used + n) * 2)) return I->err.code;
        const py_dict *D = o->u.d;
        for (int i = 0; i < D->nent; i++)
            if (D->ek[i] && py_set_add_hashed(I, s, D->ek[i], D->eh[i])) return I->err.code;
        return GL_OK;
    }
    py_val **items;
    int n;
    if (py_iter_list(I, at, o, &items, &n)) return I->err.code;
    for (int i = 0; i < n; i++)
        if (py_set_add(I, at, s, items[i])) return I->err.code;
    return GL_OK;
}

bool py_set_next(const py_val *s, int64_t *pos, py_val **k, int64_t *h) {
    const py_set *S = s->u.set;
    while (*pos <= S->mask) {
        int64_t i = (*pos)++;
        if (S->key[i] && S->key[i] != &py_set_dummy) {
            if (k) *k = S->key[i];
            if (h) *h = S->hash[i];
            return true;
        }
    }
    return false;
}

/* set.pop(): CPython's finger walks the table from where the last pop stopped. */
py_val *py_set_pop(py_val *s) {
    py_set *S = s->u.set;
    if (!S->used) return NULL;
    int64_t i = S->finger & S->mask;
    while (!S->key[i] || S->key[i] == &py_set_dummy) {
        i++;
        if (i > S->mask) i = 0;
    }
    py_val *k = S->key[i];
    S->key[i] = &py_set_dummy;
    S->hash[i] = -1;
    S->used--;
    S->version++;
    S->finger = i + 1;
    return k;
}

/* After removals: CPython resizes dummies away when more than a quarter of the table is dummies. */
gl_status py_set_compact_after_removals(py_interp *I, py_val *s) {
    py_set *S = s->u.set;
    if ((uint64_t)(S->fill - S->used) <= (uint64_t)S->mask / 4) return GL_OK;
    return set_resize(I, S, S->used > 50000 ? S->used * 2 : S->used * 4);
}
