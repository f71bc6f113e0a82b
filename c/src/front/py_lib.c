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

/* C helpers a module's Python source calls, bound in its namespace before the source runs. */
static const struct { const char *module, *name; int id; } HELPERS[] = {
    {"random", "_mt_seed", B_LIB_MT_SEED},          /* random's C half: py_lib_random.c */
    {"random", "_mt_getstate", B_LIB_MT_GETSTATE},
    {"random", "_mt_setstate", B_LIB_MT_SETSTATE},
    {"random", "_c_random", B_LIB_R_RANDOM},        /* methods of Random (random.py binds them on the class) */
    {"random", "_c_getrandbits", B_LIB_R_GETRANDBITS},
    {"random", "_c_randbelow", B_LIB_R_RANDBELOW},
    {"random", "_c_randrange", B_LIB_R_RANDRANGE},
    {"random", "_c_randint", B_LIB_R_RANDINT},
    {"random", "_c_choice", B_LIB_R_CHOICE},
    {"random", "_c_shuffle", B_LIB_R_SHUFFLE},
    {"random", "_c_uniform", B_LIB_R_UNIFORM},
    {"random", "_c_gauss", B_LIB_R_GAUSS},
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
    if (id >= B_LIB_MT_SEED && id <= B_LIB_M_LAST) return py_random_builtin(I, at, id, a);
    return py_fail(I, at, GL_E_INTERNAL, "no library helper %d", id);
}
