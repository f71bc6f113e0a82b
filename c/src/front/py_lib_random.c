/* py_lib_random.c — the C half of the random module (c/src/front/lib/random.py), as CPython's _random is C:
 * MT19937 as Modules/_randommodule.c has it, its state kept in the Random instance (py_inst.mt, as CPython keeps
 * it in the object), and the draws a program makes by the hundred thousand — random(), getrandbits(k),
 * _randbelow(n), randrange, randint, choice, shuffle, uniform, gauss — as methods of Random, so a draw costs a step of
 * the budget or so, not the ~100 of the Python it replaced.
 *
 * A method does in C only what it can do exactly as Lib/random.py does: plain int arguments that fit in 61
 * bits, a list / tuple / str / range, and a generator whose Random methods nobody overrode. Anything else —
 * another argument type, a wrong arity, a big int, an error, a subclass (or instance) that defines
 * _randbelow, getrandbits or random (CPython's Random.__init_subclass__ then picks another _randbelow) or
 * randrange under randint — runs the Python definition the method replaced (random.py's _py_NAME, or
 * _randbelow_with/without_getrandbits), so results and messages stay Lib/random.py's.
 * Work is charged to the step budget: a call one step, a twist its 624 words, a long getrandbits its words, a
 * seed its key, a shuffle its length (py_work). */
#include <math.h>
#include <string.h>

#include "front/py.h"
#include "front/py_class.h"
#include "front/py_str.h"
#include "front/sha512.h"

enum { MT_N = 624, MT_M = 397 };
struct py_mt {
    uint32_t w[MT_N];
    int i;                        /* the next word to temper; MT_N: twist first */
};

/* The twist, in place as genrand_uint32 does it: from kk = N - M on, mt[kk + M - N] is already the new word,
 * and the last word mixes with the new mt[0]. */
static void twist(uint32_t *mt) {
    for (int kk = 0; kk < MT_N; kk++) {
        uint32_t y = (mt[kk] & 0x80000000u) | (mt[kk + 1 < MT_N ? kk + 1 : 0] & 0x7fffffffu);
        mt[kk] = mt[(kk + MT_M) % MT_N] ^ (y >> 1) ^ (y & 1 ? 0x9908b0dfu : 0);
    }
}

/* init_genrand(19650218), then init_by_array's two mixing loops over the key (n >= 1 words). */
static void init_by_array(uint32_t *mt, const uint32_t *key, int64_t n) {
    mt[0] = 19650218u;
    for (int i = 1; i < MT_N; i++) mt[i] = 1812433253u * (mt[i - 1] ^ (mt[i - 1] >> 30)) + (uint32_t)i;
    int64_t i = 1, j = 0;
    for (int64_t c = n > MT_N ? n : MT_N; c; c--) {
        mt[i] = (mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1664525u)) + key[j] + (uint32_t)j;
        i++;
        j++;
        if (i >= MT_N) {
            mt[0] = mt[MT_N - 1];
            i = 1;
        }
        if (j >= n) j = 0;
    }
    for (int c = MT_N - 1; c; c--) {
        mt[i] = (mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1566083941u)) - (uint32_t)i;
        i++;
        if (i >= MT_N) {
            mt[0] = mt[MT_N - 1];
            i = 1;
        }
    }
    mt[0] = 0x80000000u;          /* MSB is 1, assuring a non-zero initial array */
}

/* ---------------------------------------------------------------- the instance and its methods */
static const char *S(py_interp *I, const char *s) { return py_intern(&I->ar, s, strlen(s)); }

static int random_module(void) { return py_lib_find("random"); }

static bool is_random(py_interp *I, const py_val *self) {
    if (!self || self->kind != V_INST) return false;
    py_val *R = py_lib_attr(I, random_module(), "Random");
    for (const py_val *c = self->u.inst->cls; R && c && c->kind == V_CLASS; c = c->u.cls->base)
        if (c == R) return true;
    return false;
}

/* A fresh state seeded from the key (n words). */
static py_mt *seed_words(py_interp *I, const py_node *at, py_val *self, const uint32_t *key, int64_t n) {
    if (!py_work(I, at, 2 * (n > MT_N ? n : MT_N))) return NULL;
    py_mt *g = self->u.inst->mt;
    if (!g && !(g = py_alloc(&I->ar, sizeof *g))) return py_oom(I), NULL;
    init_by_array(g->w, key, n);
    g->i = MT_N;
    self->u.inst->mt = g;
    return g;
}

/* self's generator. A Random never seeded (a subclass's __init__ that skips Random's, object.__new__(Random)) has
 * CPython's: _random.Random.__new__ leaves the state zeroed (every word 0, index 0), only __init__ seeds. */
static py_mt *gen(py_interp *I, const py_node *at, py_val *self, const char *method) {
    if (self && self->kind == V_INST && self->u.inst->mt) return self->u.inst->mt;
    if (!is_random(I, self)) {
        if (!I->err.code)
            py_fail(I, at, GL_E_INVALID, "TypeError: descriptor '%s' for '_random.Random' objects doesn't apply to a '%s' object",
                    method, self ? py_type_name(self) : "NoneType");
        return NULL;
    }
    py_mt *g = py_alloc(&I->ar, sizeof *g);
    if (!g) return py_oom(I), NULL;
    return self->u.inst->mt = g;
}

/* The next tempered word (genrand_uint32); false when the twist's charge is over the budget. */
static inline bool next32(py_interp *I, const py_node *at, py_mt *g, uint32_t *out) {
    if (g->i >= MT_N) {
        if (!py_work(I, at, MT_N)) return false;
        twist(g->w);
        g->i = 0;
    }
    uint32_t y = g->w[g->i++];
    y ^= y >> 11;
    y ^= (y << 7) & 0x9d2c5680u;
    y ^= (y << 15) & 0xefc60000u;
    y ^= y >> 18;
    *out = y;
    return true;
}

/* getrandbits(k) for 1 <= k <= 64: the words least significant first, the last one's surplus bits dropped. */
static bool bits64(py_interp *I, const py_node *at, py_mt *g, int k, uint64_t *out) {
    uint32_t lo, hi;
    if (!next32(I, at, g, &lo)) return false;
    if (k <= 32) {
        *out = lo >> (32 - k);
        return true;
    }
    if (!next32(I, at, g, &hi)) return false;
    *out = (uint64_t)lo | (uint64_t)(hi >> (64 - k)) << 32;
    return true;
}

/* _randbelow_with_getrandbits for 1 <= n < 2**63: getrandbits(n.bit_length()) until it is below n. */
static bool below(py_interp *I, const py_node *at, py_mt *g, uint64_t n, uint64_t *out) {
    int k = 0;
    while (k < 64 && (n >> k)) k++;
    do
        if (!bits64(I, at, g, k, out)) return false;
    while (*out >= n);
    return true;
}

/* Where a name resolves for self: true when to one of these C methods (the class that binds it first is
 * Random) and no instance attribute hides it. */
static bool native(py_interp *I, py_val *self, const char *name) {
    const char *n = S(I, name);
    if (!n || py_env_get_local(self->u.inst->attrs, n)) return false;
    for (py_val *c = self->u.inst->cls; c && c->kind == V_CLASS; c = c->u.cls->base) {
        py_val *v = c->u.cls->ns ? py_env_get_local(c->u.cls->ns, n) : NULL;
        if (v) return v->kind == V_BUILTIN && !v->u.bi.self && v->u.bi.id >= B_LIB_M_FIRST && v->u.bi.id <= B_LIB_M_LAST;
    }
    return false;
}

/* self draws integers with the C _randbelow: none of the three methods Random.__init_subclass__ looks at is
 * overridden (plus `also`, a method the caller goes through, when given). */
static bool plain(py_interp *I, py_val *self, const char *also) {
    return self && self->kind == V_INST && native(I, self, "_randbelow") && native(I, self, "getrandbits") &&
           native(I, self, "random") && (!also || native(I, self, also));
}

/* fn(self, *a) for a function of random.py: a module-level name (_py_randrange), or with method a method of
 * self's class (of Random for any other self): _randbelow_with_getrandbits. */
static py_val *fallback(py_interp *I, const py_node *at, const char *name, bool method, py_val *self, py_args *a) {
    py_val *cls = self && self->kind == V_INST ? self->u.inst->cls : py_lib_attr(I, random_module(), "Random");
    py_val *fn = method ? (cls ? py_lookup(cls, S(I, name)) : NULL) : py_lib_attr(I, random_module(), name);
    if (!fn) {
        if (!I->err.code) py_fail(I, at, GL_E_INVALID, "AttributeError: module 'random' has no attribute '%s'", name);
        return NULL;
    }
    py_args b = *a;
    if (!(b.pos = py_alloc(&I->ar, sizeof(py_val *) * (size_t)(a->npos + 1)))) return py_oom(I);
    b.pos[0] = self;
    if (a->npos) memcpy(b.pos + 1, a->pos, sizeof(py_val *) * (size_t)a->npos);
    b.npos = a->npos + 1;
    return py_call(I, at, fn, &b);
}

/* A plain int that fits the fast paths' arithmetic (|x| < 2**61: sums of three stay in int64). */
static bool small_int(const py_val *v, int64_t *out) {
    const int64_t lim = (int64_t)1 << 61;
    if (v->kind == V_BOOL) return *out = v->u.b, true;
    if (v->kind != V_INT || v->u.isub.sub || v->u.i <= -lim || v->u.i >= lim) return false;
    *out = v->u.i;
    return true;
}

static py_val *m_random(py_interp *I, const py_node *at, py_val *self, py_args *a) {
    if (a->nkw) return py_fail(I, at, GL_E_INVALID, "TypeError: Random.random() takes no keyword arguments");
    if (a->npos) return py_fail(I, at, GL_E_INVALID, "TypeError: Random.random() takes no arguments (%d given)", a->npos);
    py_mt *g = gen(I, at, self, "random");
    uint32_t x, y;
    if (!g || !next32(I, at, g, &x) || !next32(I, at, g, &y)) return NULL;
    return py_float(I, ((x >> 5) * 67108864.0 + (y >> 6)) * (1.0 / 9007199254740992.0));
}

static py_val *m_getrandbits(py_interp *I, const py_node *at, py_val *self, py_args *a) {
    if (a->nkw) return py_fail(I, at, GL_E_INVALID, "TypeError: Random.getrandbits() takes no keyword arguments");
    if (a->npos != 1)
        return py_fail(I, at, GL_E_INVALID, "TypeError: Random.getrandbits() takes exactly one argument (%d given)", a->npos);
    py_mt *g = gen(I, at, self, "getrandbits");
    py_val *kv = g ? py_index_of(I, at, a->pos[0]) : NULL;   /* an object's __index__, as _PyLong_AsInt */
    if (!kv) return NULL;
    if (!py_is_int(kv))
        return py_fail(I, at, GL_E_INVALID, "TypeError: '%s' object cannot be interpreted as an integer", py_type_name(kv));
    int64_t k = kv->kind == V_BOOL ? kv->u.b : kv->kind == V_INT ? kv->u.i : 0;
    if (kv->kind == V_BIG || k > 2147483647 || k < -2147483647 - 1)
        return py_fail(I, at, GL_E_INVALID, "OverflowError: Python int too large to convert to C int");
    if (k < 0) return py_fail(I, at, GL_E_INVALID, "ValueError: number of bits must be non-negative");
    if (k == 0) return py_int(I, 0);
    if (k <= 64) {
        uint64_t r;
        if (!bits64(I, at, g, (int)k, &r)) return NULL;
        return r <= (uint64_t)INT64_MAX ? py_int(I, (int64_t)r) : py_int_from_big(I, pb_from_u64(&I->ar, r, 1));
    }
    if (k > PY_BIG_MAX_BITS)
        return py_fail(I, at, GL_E_LIMIT, "MemoryError: the int would have about %lld bits; GraphLab's limit is %d bits",
                       (long long)k, PY_BIG_MAX_BITS);
    int n = (int)((k - 1) / 32 + 1);
    if (!py_work(I, at, n)) return NULL;
    py_big *b = py_alloc(&I->ar, sizeof *b + sizeof(uint32_t) * (size_t)n);
    if (!b) return py_oom(I);
    for (int i = 0; i < n; i++, k -= 32) {
        uint32_t w;
        if (!next32(I, at, g, &w)) return NULL;
        b->d[i] = k < 32 ? w >> (32 - k) : w;
    }
    while (n > 0 && !b->d[n - 1]) n--;
    b->n = n;
    b->sign = n ? 1 : 0;
    return py_int_from_big(I, b);
}

/* _randbelow(n), the method. The one a class has is the one Random.__init_subclass__ gave it: walking its
 * bases, the first that defines getrandbits gets _randbelow_with_getrandbits, random _without_; Random's own is
 * _with_. A class defining _randbelow itself is passed over: this runs for it only through super()._randbelow,
 * its base's. _with_ runs in C when self.getrandbits is Random's. */
static py_val *m_randbelow(py_interp *I, const py_node *at, py_val *self, py_args *a) {
    const char *with = "_randbelow_with_getrandbits", *mode = with;
    if (!self || self->kind != V_INST) return fallback(I, at, with, true, self, a);   /* not a Random: Python's error */
    const char *nb = S(I, "_randbelow"), *ng = S(I, "getrandbits"), *nr = S(I, "random");
    if (!nb || !ng || !nr) return py_oom(I);
    for (py_val *c = self->u.inst->cls; c && c->kind == V_CLASS; c = c->u.cls->base) {
        py_env *ns = c->u.cls->ns;
        py_val *v = ns ? py_env_get_local(ns, nb) : NULL;
        if (v && v->kind == V_BUILTIN && v->u.bi.id == B_LIB_R_RANDBELOW) break;   /* Random's */
        if (v || !ns) continue;
        if (py_env_get_local(ns, ng)) break;
        if (py_env_get_local(ns, nr)) {
            mode = "_randbelow_without_getrandbits";
            break;
        }
    }
    int64_t n;
    if (mode != with || !native(I, self, "getrandbits") || a->nkw || a->npos != 1 || !small_int(a->pos[0], &n) || n < 1)
        return fallback(I, at, mode, true, self, a);
    py_mt *g = gen(I, at, self, "_randbelow");
    uint64_t r;
    if (!g || !below(I, at, g, (uint64_t)n, &r)) return NULL;
    return py_int(I, (int64_t)r);
}

/* randrange(start[, stop[, step]]) on plain ints: Lib/random.py's arithmetic; an empty range, None, any other
 * type or a big int: the Python definition (its errors). */
static py_val *m_randrange(py_interp *I, const py_node *at, py_val *self, py_args *a) {
    int64_t start, stop = 0, step = 1, n = 0;
    bool fast = plain(I, self, NULL) && !a->nkw && a->npos >= 1 && a->npos <= 3 && small_int(a->pos[0], &start) &&
                (a->npos == 1 || small_int(a->pos[1], &stop)) && (a->npos < 3 || small_int(a->pos[2], &step));
    if (fast) {
        int64_t width = stop - start, q = step > 0 ? width + step - 1 : width + step + 1;
        if (a->npos == 1) n = start, start = 0, step = 1;
        else if (step == 1) n = width;
        else if (step) n = q / step;   /* C truncates, Python floors: the same when the quotient is positive, the one used */
    }
    if (n < 1) return fallback(I, at, "_py_randrange", false, self, a);   /* and every error */
    py_mt *g = gen(I, at, self, "randrange");
    uint64_t r;
    if (!g || !below(I, at, g, (uint64_t)n, &r)) return NULL;
    return py_int(I, start + step * (int64_t)r);
}

/* randint(a, b) = randrange(a, b + 1) */
static py_val *m_randint(py_interp *I, const py_node *at, py_val *self, py_args *a) {
    int64_t lo, hi;
    if (!plain(I, self, "randrange") || a->nkw || a->npos != 2 || !small_int(a->pos[0], &lo) ||
        !small_int(a->pos[1], &hi) || hi + 1 - lo <= 0)
        return fallback(I, at, "_py_randint", false, self, a);
    py_mt *g = gen(I, at, self, "randint");
    uint64_t r;
    if (!g || !below(I, at, g, (uint64_t)(hi + 1 - lo), &r)) return NULL;
    return py_int(I, lo + (int64_t)r);
}

/* choice(seq) of a non-empty list, tuple, str or range: seq[_randbelow(len(seq))] */
static py_val *m_choice(py_interp *I, const py_node *at, py_val *self, py_args *a) {
    py_val *s = a->npos == 1 && !a->nkw ? a->pos[0] : NULL;
    int64_t n = -1;
    if (s && (s->kind == V_LIST || s->kind == V_TUPLE) && !s->u.seq.sub) n = s->u.seq.n;
    else if (s && s->kind == V_STR) n = (int64_t)py_str_len(s);
    else if (s && s->kind == V_RANGE) {
        int64_t lo = s->u.r.start, hi = s->u.r.stop, st = s->u.r.step;
        /* the length in uint64 (no overflow), only when it fits the fast path */
        uint64_t len = st > 0 ? (lo < hi ? ((uint64_t)hi - (uint64_t)lo - 1) / (uint64_t)st + 1 : 0)
                              : (lo > hi ? ((uint64_t)lo - (uint64_t)hi - 1) / ((uint64_t)0 - (uint64_t)st) + 1 : 0);
        n = len < ((uint64_t)1 << 61) ? (int64_t)len : -1;
    }
    if (n < 1 || !plain(I, self, NULL)) return fallback(I, at, "_py_choice", false, self, a);
    py_mt *g = gen(I, at, self, "choice");
    uint64_t r;
    if (!g || !below(I, at, g, (uint64_t)n, &r)) return NULL;
    if (s->kind == V_STR) return py_str_item(I, at, s, (int64_t)r);
    if (s->kind == V_RANGE) return py_int(I, (int64_t)((uint64_t)s->u.r.start + r * (uint64_t)s->u.r.step));
    return s->u.seq.v[r];
}

/* shuffle(x) of a list: Fisher-Yates from the end, x[i] swapped with x[_randbelow(i + 1)] */
static py_val *m_shuffle(py_interp *I, const py_node *at, py_val *self, py_args *a) {
    py_val *x = a->npos == 1 && !a->nkw ? a->pos[0] : NULL;
    if (!x || x->kind != V_LIST || x->u.seq.sub || !plain(I, self, NULL)) return fallback(I, at, "_py_shuffle", false, self, a);
    py_mt *g = gen(I, at, self, "shuffle");
    if (!g || !py_work(I, at, x->u.seq.n)) return NULL;
    for (int i = x->u.seq.n - 1; i > 0; i--) {
        uint64_t j;
        if (!below(I, at, g, (uint64_t)i + 1, &j)) return NULL;
        py_val *t = x->u.seq.v[i];
        x->u.seq.v[i] = x->u.seq.v[j];
        x->u.seq.v[j] = t;
    }
    return &py_None;
}

/* uniform(a, b) = a + (b - a) * self.random(), in that order, with Python's operators (any numbers, objects) */
static py_val *m_uniform(py_interp *I, const py_node *at, py_val *self, py_args *a) {
    if (a->nkw || a->npos != 2 || !self || self->kind != V_INST || !native(I, self, "random"))
        return fallback(I, at, "_py_uniform", false, self, a);
    py_args none = {NULL, 0, NULL, NULL, 0};
    py_val *d = py_binop(I, at, OP_SUB, a->pos[1], a->pos[0]);
    py_val *r = d ? m_random(I, at, self, &none) : NULL;
    py_val *m = r ? py_binop(I, at, OP_MUL, d, r) : NULL;
    return m ? py_binop(I, at, OP_ADD, a->pos[0], m) : NULL;
}

/* gauss(mu=0.0, sigma=1.0): Lib/random.py's Box-Muller pair, the second value kept in self.gauss_next, with the
 * same libm calls as its _cos / _sin / _log / _sqrt (math's), so the same numbers on each build. In C when
 * gauss_next is the instance's own None or float and nothing overrides random or attribute access. */
static py_val *m_gauss(py_interp *I, const py_node *at, py_val *self, py_args *a) {
    const char *ng = S(I, "gauss_next");
    py_val *z = self && self->kind == V_INST && ng ? py_env_get_local(self->u.inst->attrs, ng) : NULL;
    py_val *ga = z ? py_lookup(self->u.inst->cls, S(I, "__getattribute__")) : NULL;
    py_val *sa = z ? py_lookup(self->u.inst->cls, S(I, "__setattr__")) : NULL;
    if (!z || (z->kind != V_NONE && z->kind != V_FLOAT) || a->nkw || a->npos > 2 || !ga || ga->kind != V_BUILTIN ||
        !sa || sa->kind != V_BUILTIN || !native(I, self, "random"))
        return fallback(I, at, "_py_gauss", false, self, a);
    py_val *mu = a->npos > 0 ? a->pos[0] : py_float(I, 0.0), *sigma = a->npos > 1 ? a->pos[1] : py_float(I, 1.0);
    if (!mu || !sigma || py_setattr(I, at, self, ng, &py_None)) return NULL;
    if (z->kind == V_NONE) {
        py_args none = {NULL, 0, NULL, NULL, 0};
        py_val *r1 = m_random(I, at, self, &none), *r2 = r1 ? m_random(I, at, self, &none) : NULL;
        if (!r2) return NULL;
        double x2pi = r1->u.f * (2.0 * 3.141592653589793), g2rad = sqrt(-2.0 * log(1.0 - r2->u.f));
        py_val *next = (z = py_float(I, cos(x2pi) * g2rad)) ? py_float(I, sin(x2pi) * g2rad) : NULL;
        if (!next || py_setattr(I, at, self, ng, next)) return NULL;
    }
    py_val *m = py_binop(I, at, OP_MUL, z, sigma);
    return m ? py_binop(I, at, OP_ADD, mu, m) : NULL;
}

/* ---------------------------------------------------------------- seed, getstate, setstate */

/* _mt_seed(self, a): init_by_array over the key _randommodule.c's random_seed makes — the 32-bit words of abs(a),
 * least significant first, no zero word on top (one word for 0); a str a is first made the int Lib/random.py
 * makes (version 2): int.from_bytes(b + sha512(b).digest()) with b = a.encode(). */
static py_val *mt_seed(py_interp *I, const py_node *at, py_args *a) {
    py_val *self = a->npos == 2 && !a->nkw ? a->pos[0] : NULL;
    const py_val *x = self ? a->pos[1] : NULL;
    if (!x || (x->kind != V_STR && x->kind != V_INT && x->kind != V_BOOL && x->kind != V_BIG))
        return py_fail(I, at, GL_E_INVALID, "TypeError: _mt_seed(self, a) takes a Random and an int or a str");
    if (!is_random(I, self)) {
        if (!I->err.code)
            py_fail(I, at, GL_E_INVALID, "TypeError: descriptor 'seed' for '_random.Random' objects doesn't apply to a '%s' object",
                    py_type_name(self));
        return NULL;
    }
    uint32_t small[2];
    uint32_t *w = small;
    int64_t n;
    if (x->kind == V_STR) {
        /* the bytes b + digest, a big-endian number: word k is bytes L-4k-4 .. L-4k-1 */
        size_t ns = x->u.str.n, L = ns + 64;
        unsigned char d[64];
        if (!py_work(I, at, (int64_t)L)) return NULL;
        gl_sha512(x->u.str.s, ns, d);
        n = (int64_t)((L + 3) / 4);
        if (!(w = py_alloc(&I->ar, sizeof *w * (size_t)n))) return py_oom(I);
        for (int64_t k = 0; k < n; k++) {
            uint32_t v = 0;
            for (int j = 3; j >= 0; j--) {
                size_t back = (size_t)(4 * k + j);   /* bytes from the end */
                unsigned char c = back >= L ? 0 : back < 64 ? d[63 - back] : (unsigned char)x->u.str.s[ns - 1 - (back - 64)];
                v = (v << 8) | c;
            }
            w[k] = v;
        }
    } else if (x->kind == V_BIG) {
        w = x->u.big->d;
        n = x->u.big->n;
    } else {
        int64_t v = x->kind == V_INT ? x->u.i : x->u.b;
        uint64_t m = v < 0 ? (uint64_t)0 - (uint64_t)v : (uint64_t)v;
        small[0] = (uint32_t)m;
        small[1] = (uint32_t)(m >> 32);
        n = 2;
    }
    while (n > 1 && w[n - 1] == 0) n--;
    return seed_words(I, at, self, w, n) ? &py_None : NULL;
}

/* _mt_getstate(self): the 624 words and the index, a tuple of 625 ints */
static py_val *mt_getstate(py_interp *I, const py_node *at, py_args *a) {
    py_val *self = a->npos == 1 && !a->nkw ? a->pos[0] : NULL;
    py_mt *g = gen(I, at, self, "getstate");
    py_val *t = g && py_work(I, at, MT_N) ? py_seq(I, V_TUPLE, MT_N + 1) : NULL;
    for (int i = 0; t && i <= MT_N; i++)
        if (!(t->u.seq.v[i] = py_int(I, i < MT_N ? (int64_t)g->w[i] : g->i))) return NULL;
    return t;
}

/* _mt_setstate(self, state): random_setstate's checks and messages (PyLong_AsUnsignedLong for the words, so a
 * word is taken mod 2**32; PyLong_AsLong for the index) */
static py_val *mt_setstate(py_interp *I, const py_node *at, py_args *a) {
    py_val *self = a->npos == 2 && !a->nkw ? a->pos[0] : NULL;
    py_mt *g = gen(I, at, self, "setstate");
    if (!g) return NULL;
    py_val *s = a->pos[1];
    if (s->kind != V_TUPLE) return py_fail(I, at, GL_E_INVALID, "TypeError: state vector must be a tuple");
    if (s->u.seq.n != MT_N + 1) return py_fail(I, at, GL_E_INVALID, "ValueError: state vector is the wrong size");
    if (!py_work(I, at, MT_N)) return NULL;
    uint32_t w[MT_N];
    for (int i = 0; i < MT_N; i++) {
        const py_val *x = s->u.seq.v[i];
        if (!py_is_int(x)) return py_fail(I, at, GL_E_INVALID, "TypeError: an integer is required");
        int sign = x->kind == V_BIG ? x->u.big->sign : x->kind == V_INT ? (x->u.i > 0) - (x->u.i < 0) : x->u.b;
        if (sign < 0) return py_fail(I, at, GL_E_INVALID, "OverflowError: can't convert negative value to unsigned int");
        if (x->kind == V_BIG && x->u.big->n > 2)
            return py_fail(I, at, GL_E_INVALID, "OverflowError: Python int too large to convert to C unsigned long");
        w[i] = x->kind == V_BIG ? x->u.big->d[0] : x->kind == V_INT ? (uint32_t)x->u.i : (uint32_t)x->u.b;
    }
    py_val *iv = py_index_of(I, at, s->u.seq.v[MT_N]);   /* PyLong_AsLong takes __index__ */
    if (!iv) return NULL;
    if (!py_is_int(iv))
        return py_fail(I, at, GL_E_INVALID, "TypeError: '%s' object cannot be interpreted as an integer", py_type_name(iv));
    if (iv->kind == V_BIG) return py_fail(I, at, GL_E_INVALID, "OverflowError: Python int too large to convert to C long");
    int64_t idx = iv->kind == V_INT ? iv->u.i : iv->u.b;
    if (idx < 0 || idx > MT_N) return py_fail(I, at, GL_E_INVALID, "ValueError: invalid state");
    memcpy(g->w, w, sizeof w);
    g->i = (int)idx;
    return &py_None;
}

py_val *py_random_builtin(py_interp *I, const py_node *at, int id, py_args *a) {
    if (id == B_LIB_MT_SEED) return mt_seed(I, at, a);
    if (id == B_LIB_MT_GETSTATE) return mt_getstate(I, at, a);
    if (id == B_LIB_MT_SETSTATE) return mt_setstate(I, at, a);
    if (!a->npos) {               /* an unbound method called with nothing: Random.random(), C's message or Python's */
        static const char *const py[] = {NULL, NULL, "_randbelow_with_getrandbits", "_py_randrange", "_py_randint",
                                         "_py_choice", "_py_shuffle", "_py_uniform", "_py_gauss"};
        const char *name = py[id - B_LIB_M_FIRST];
        if (!name)
            return py_fail(I, at, GL_E_INVALID, "TypeError: unbound method Random.%s() needs an argument",
                           id == B_LIB_R_RANDOM ? "random" : "getrandbits");
        py_val *R = py_lib_attr(I, random_module(), "Random");
        py_val *fn = id == B_LIB_R_RANDBELOW ? (R ? py_lookup(R, S(I, name)) : NULL) : py_lib_attr(I, random_module(), name);
        return fn ? py_call(I, at, fn, a) : I->err.code ? NULL : py_fail(I, at, GL_E_INVALID, "AttributeError: module 'random' has no attribute '%s'", name);
    }
    py_val *self = a->pos[0];
    py_args rest = {a->pos + 1, a->npos - 1, a->kwn, a->kwv, a->nkw};
    switch (id) {
    case B_LIB_R_RANDOM: return m_random(I, at, self, &rest);
    case B_LIB_R_GETRANDBITS: return m_getrandbits(I, at, self, &rest);
    case B_LIB_R_RANDBELOW: return m_randbelow(I, at, self, &rest);
    case B_LIB_R_RANDRANGE: return m_randrange(I, at, self, &rest);
    case B_LIB_R_RANDINT: return m_randint(I, at, self, &rest);
    case B_LIB_R_CHOICE: return m_choice(I, at, self, &rest);
    case B_LIB_R_SHUFFLE: return m_shuffle(I, at, self, &rest);
    case B_LIB_R_UNIFORM: return m_uniform(I, at, self, &rest);
    case B_LIB_R_GAUSS: return m_gauss(I, at, self, &rest);
    default: return py_fail(I, at, GL_E_INTERNAL, "no random method %d", id);
    }
}
