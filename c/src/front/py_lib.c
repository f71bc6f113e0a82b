/* py_lib.c — standard-library modules written in Python: collections, itertools, functools, operator, string.
 *
 * Student programs import these as often as math. CPython implements most of them in Python itself, so
 * GraphLab does too: each module is a source file in c/src/front/lib/ (embedded by the Makefile as
 * build/gen/pylib.h), run once per interpreter, on first import, in its own namespace (an env whose parent is
 * the builtins: the program's globals never leak into it, nor its into the program's). A C module may have a
 * Python part (functools: wraps is C, reduce / partial / lru_cache are Python): attributes are looked up in
 * the Python part first (py_module_attr).
 *
 * A module's source lines are numbered from PY_LIB_LINE0 + index · PY_LIB_BAND, so a node knows it belongs to
 * library code by its line alone: the evaluator does not stamp library lines on traced nodes (a node made
 * inside functools.reduce carries the program's line that called it), library code looks names up in its
 * module, never in the program's globals, and an error raised in library code names the program's statement
 * that was running (py_fail), where a student can act on it. */
#include <string.h>

#include "front/py.h"
#include "front/py_class.h"
#include "front/sha512.h"

/* C helpers a module's Python source calls, bound in its namespace before the source runs. */
static const struct { const char *module, *name; int id; } HELPERS[] = {
    {"random", "_seed_key", B_LIB_SEED_KEY},
    {"random", "_mt_init", B_LIB_MT_INIT},
    {"random", "_mt_twist", B_LIB_MT_TWIST},
    {"sys", "_set_recursion_limit", B_LIB_RECURSION_LIMIT},
};

static const struct { const char *name; const char *src; size_t len; int cmod; } LIB[] = {
#define PYLIB(n, s) {n, s, sizeof s - 1, -1},
#include "pylib.h"
#undef PYLIB
};
enum { NLIB = sizeof LIB / sizeof LIB[0] };
_Static_assert((int)NLIB <= (int)PY_LIB_MAX, "py_interp.lib has a slot per library module");

int py_lib_find(const char *name) {
    for (int i = 0; i < NLIB; i++)
        if (strcmp(LIB[i].name, name) == 0) return i;
    return -1;
}

const char *py_lib_name(int idx) { return idx >= 0 && idx < NLIB ? LIB[idx].name : "?"; }

int py_lib_of_line(int line) {
    if (line < PY_LIB_LINE0) return -1;
    int i = (line - PY_LIB_LINE0) / PY_LIB_BAND;
    return i < NLIB ? i : -1;
}

/* Runs the module's source on first use; its namespace, or NULL (I->err set). */
py_env *py_lib_load(py_interp *I, int idx) {
    if (idx < 0 || idx >= NLIB) return NULL;
    if (I->lib[idx]) return I->lib[idx];
    py_env *env = py_env_new(I, I->builtins);
    if (!env) return NULL;
    const char *nm = py_intern(&I->ar, "__name__", 8);
    py_val *v = nm ? py_str(I, LIB[idx].name, strlen(LIB[idx].name)) : NULL;
    if (!v || py_env_set(I, env, nm, v)) {
        if (!I->err.code) py_oom(I);
        return NULL;
    }
    for (size_t h = 0; h < sizeof HELPERS / sizeof HELPERS[0]; h++) {
        if (strcmp(HELPERS[h].module, LIB[idx].name) != 0) continue;
        const char *hn = py_intern(&I->ar, HELPERS[h].name, strlen(HELPERS[h].name));
        py_val *f = hn ? py_builtin(I, HELPERS[h].id, NULL) : NULL;
        if (!f || py_env_set(I, env, hn, f)) {
            if (!I->err.code) py_oom(I);
            return NULL;
        }
    }
    char file[40];
    snprintf(file, sizeof file, "%s.py", LIB[idx].name);
    const char *fname = py_intern(&I->ar, file, strlen(file));
    if (!fname) return py_oom(I), NULL;
    py_toks toks;
    py_node **body = NULL;
    int nb = 0;
    gl_status st = py_lex(&I->ar, LIB[idx].src, LIB[idx].len, PY_LIB_LINE0 + idx * PY_LIB_BAND + 1, 1, false, fname,
                          &toks, &I->err);
    if (!st) st = py_parse(&I->ar, &toks, fname, &body, &nb, &I->err);
    if (!st) st = py_scope_analyse(&I->ar, body, nb, fname, &I->err);
    if (st) return NULL;
    /* the module's top level binds its names in its own namespace */
    py_env *saved = I->globals;
    int ctl = I->ctl;
    I->globals = env;
    I->lib[idx] = env;            /* set first: a module that imports itself sees its partial namespace, as CPython */
    st = py_exec_block(I, body, nb, env);
    I->globals = saved;
    I->ctl = ctl;
    if (st) {
        I->lib[idx] = NULL;
        return NULL;
    }
    return env;
}

/* The module's attribute `name`, or NULL without an error when it has none. */
py_val *py_lib_attr(py_interp *I, int idx, const char *name) {
    py_env *env = py_lib_load(I, idx);
    if (!env) return NULL;
    const char *n = py_intern(&I->ar, name, strlen(name));
    return n ? py_env_get_local(env, n) : (py_oom(I), NULL);
}

/* `from M import *`: the module's public names (its __all__ when it has one), bound in env. */
gl_status py_lib_import_star(py_interp *I, const py_node *at, int idx, py_env *into) {
    py_env *env = py_lib_load(I, idx);
    if (!env) return I->err.code;
    py_val *all = py_env_get_local(env, py_intern(&I->ar, "__all__", 7));
    if (all && (all->kind == V_LIST || all->kind == V_TUPLE)) {
        for (int i = 0; i < all->u.seq.n; i++) {
            py_val *s = all->u.seq.v[i], *v;
            const char *n = s->kind == V_STR ? py_intern(&I->ar, s->u.str.s, s->u.str.n) : NULL;
            if (!n) return py_oom(I), I->err.code;
            if (!(v = py_env_get_local(env, n)))
                return py_fail(I, at, GL_E_INVALID, "AttributeError: module '%s' has no attribute '%s'", LIB[idx].name, n),
                       I->err.code;
            if (py_env_set(I, into, n, v)) return I->err.code;
        }
        return GL_OK;
    }
    for (int i = 0; i < env->n; i++)
        if (env->vals[i] && env->names[i][0] != '_' && py_env_set(I, into, env->names[i], env->vals[i])) return I->err.code;
    return GL_OK;
}

/* random.seed(a): the key _randommodule.c's init_by_array takes — the 32-bit words of abs(a), least significant
 * first, no zero word on top (one word for 0). A str a is first made the int CPython's Lib/random.py makes
 * (version 2): int.from_bytes(b + sha512(b).digest()) with b = a.encode(). Done here, not in Python, so a long
 * seed costs its length, not a shift per word. */
static py_val *seed_key(py_interp *I, const py_node *at, py_args *a) {
    const py_val *x = a->npos == 1 && !a->nkw ? a->pos[0] : NULL;
    if (!x || (x->kind != V_STR && x->kind != V_INT && x->kind != V_BOOL && x->kind != V_BIG))
        return py_fail(I, at, GL_E_INTERNAL, "_seed_key(a) takes one int or str");
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
    if (n > GL_PROGRAM_MAX_SEQ) return py_fail(I, at, GL_E_LIMIT, "random.seed: a seed of %lld words is over the limit", (long long)n);
    py_val *key = py_seq(I, V_LIST, (int)n);
    if (!key) return NULL;
    for (int64_t k = 0; k < n; k++)
        if (!(key->u.seq.v[k] = py_int(I, w[k]))) return NULL;
    return key;
}

/* MT19937 as Modules/_randommodule.c has it: the state is a list of 624 ints, made and advanced here. */
enum { MT_N = 624, MT_M = 397 };

/* The 32-bit words of a list of ints (each taken mod 2**32, as the C generator's state is); false + an error. */
static bool mt_words(py_interp *I, const py_node *at, const py_val *l, uint32_t *w, int n) {
    if (l->kind != V_LIST && l->kind != V_TUPLE) return py_fail(I, at, GL_E_INVALID, "TypeError: state vector must be a list"), false;
    if (l->u.seq.n != n) return py_fail(I, at, GL_E_INVALID, "ValueError: state vector is the wrong size"), false;
    for (int i = 0; i < n; i++) {
        const py_val *x = l->u.seq.v[i];
        if (x->kind == V_INT) w[i] = (uint32_t)x->u.i;
        else if (x->kind == V_BIG) w[i] = x->u.big->n ? x->u.big->d[0] : 0;
        else return py_fail(I, at, GL_E_INVALID, "TypeError: state vector items must be integers"), false;
    }
    return true;
}

static py_val *mt_list(py_interp *I, const uint32_t *mt) {
    py_val *l = py_seq(I, V_LIST, MT_N);
    for (int i = 0; l && i < MT_N; i++)
        if (!(l->u.seq.v[i] = py_int(I, mt[i]))) return NULL;
    return l;
}

static py_val *mt_init(py_interp *I, const py_node *at, py_args *a) {
    const py_val *k = a->npos == 1 && !a->nkw ? a->pos[0] : NULL;
    if (!k || k->kind != V_LIST || k->u.seq.n < 1) return py_fail(I, at, GL_E_INTERNAL, "_mt_init(key) takes a list");
    int n = k->u.seq.n;
    uint32_t *key = py_alloc(&I->ar, sizeof *key * (size_t)n), mt[MT_N];
    if (!key) return py_oom(I);
    if (!mt_words(I, at, k, key, n) || !py_work(I, at, 2 * (int64_t)(n > MT_N ? n : MT_N))) return NULL;
    mt[0] = 19650218u;            /* init_genrand(19650218) */
    for (int i = 1; i < MT_N; i++) mt[i] = 1812433253u * (mt[i - 1] ^ (mt[i - 1] >> 30)) + (uint32_t)i;
    int i = 1, j = 0;
    for (int c = n > MT_N ? n : MT_N; c; c--) {
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
    return mt_list(I, mt);
}

static py_val *mt_twist(py_interp *I, const py_node *at, py_args *a) {
    uint32_t mt[MT_N];
    if (a->npos != 1 || a->nkw) return py_fail(I, at, GL_E_INTERNAL, "_mt_twist(state) takes a list");
    if (!mt_words(I, at, a->pos[0], mt, MT_N) || !py_work(I, at, MT_N)) return NULL;
    /* in place, as genrand_uint32 does: from kk = N - M on, mt[kk + M - N] is already the new word, and the
     * last word mixes with the new mt[0] */
    for (int kk = 0; kk < MT_N; kk++) {
        uint32_t y = (mt[kk] & 0x80000000u) | (mt[kk + 1 < MT_N ? kk + 1 : 0] & 0x7fffffffu);
        mt[kk] = mt[(kk + MT_M) % MT_N] ^ (y >> 1) ^ (y & 1 ? 0x9908b0dfu : 0);
    }
    return mt_list(I, mt);
}

/* sys.setrecursionlimit(n) after its checks: the program's calls run on the heap (py_frames.c), so any limit
 * holds for them (memory is the bound); CPython refuses a limit the current depth already reaches. I->depth
 * counts sys.setrecursionlimit's own frame, which stands for the module's (CPython's is written in C, its call
 * counted as a level: METH_O's recursion check). */
static py_val *set_recursion_limit(py_interp *I, const py_node *at, py_args *a) {
    if (a->npos != 1 || a->nkw || a->pos[0]->kind != V_INT) return py_fail(I, at, GL_E_INTERNAL, "_set_recursion_limit(n) takes an int");
    int64_t n = a->pos[0]->u.i;
    if (n <= I->depth + 1)   /* CPython's depth counts the call of the builtin too */
        return py_fail(I, at, GL_E_INVALID, "RecursionError: cannot set the recursion limit to %lld at the recursion depth %d: "
                       "the limit is too low", (long long)n, I->depth + 1);
    I->rec_limit = n > INT32_MAX ? INT32_MAX : (int)n;
    return &py_None;
}

py_val *py_lib_builtin(py_interp *I, const py_node *at, int id, py_args *a) {
    if (id == B_LIB_RECURSION_LIMIT) return set_recursion_limit(I, at, a);
    if (id == B_LIB_SEED_KEY) return seed_key(I, at, a);
    if (id == B_LIB_MT_INIT) return mt_init(I, at, a);
    if (id == B_LIB_MT_TWIST) return mt_twist(I, at, a);
    return py_fail(I, at, GL_E_INTERNAL, "no library helper %d", id);
}
