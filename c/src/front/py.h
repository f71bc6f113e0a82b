/* py.h — the front end's internal types: arena, tokens, AST, values, the interpreter state. */
#ifndef GL_PY_H
#define GL_PY_H

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include "front/front.h"
#include "ir/util.h"

/* ---------------------------------------------------------------- arena (py_arena.c) */
typedef struct py_chunk py_chunk;
typedef struct {
    py_chunk *head;
    size_t used, limit;           /* bytes handed out, budget */
    const char **itab;            /* interned names (open addressing) */
    size_t icap, in;
    bool over;                    /* the budget ran out (GL_E_LIMIT) or malloc failed (nomem) */
    bool nomem;
    int depth;                    /* THE depth counter of parser + evaluator (py_guard.c), in stack units */
} py_arena;

void *py_alloc(py_arena *a, size_t n);                    /* zero-filled; NULL when over budget */
/* Gives back a block of n bytes from py_alloc when it was big enough (> 64 KiB) to have a chunk of its own
 * (a grown table's old arrays); otherwise nothing. p must not be used afterwards. */
void py_release(py_arena *a, void *p, size_t n);
char *py_strndup(py_arena *a, const char *s, size_t n);
const char *py_intern(py_arena *a, const char *s, size_t n);   /* equal names → equal pointers */
void py_arena_free(py_arena *a);

/* ---------------------------------------------------------------- tokens (py_lex.c) */
typedef enum {
    T_EOF, T_NEWLINE, T_INDENT, T_DEDENT, T_NAME, T_INT, T_FLOAT, T_STR, T_OP,
    T_ERROR                       /* a character no token starts with ('$', '?', '`'): "invalid syntax" there */
} py_tokkind;

typedef struct {
    py_tokkind kind;
    int line, col, end_line, end_col;
    const char *p;                /* start in the source */
    int len;
    const char *name;             /* T_NAME, T_OP: interned text */
    int64_t i;
    double f;
    const char *s;                /* T_STR: decoded (f-strings: raw body) */
    size_t slen;
    bool fstr;
    int sline, scol;              /* T_STR: where the body starts (f-string expressions' positions) */
} py_tok;

typedef struct {
    py_tok *t;
    int n;
    /* stmt lane: the innermost bracket still open at the end of the source ('(' '[' '{'; 0: none), which
     * CPython names ("'(' was never closed") when the parser fails on a later line */
    char unclosed;
    int unclosed_line, unclosed_col;
} py_toks;

/* Errors: "file:line:col: SyntaxError: message" into e (IndentationError / TabError likewise). On a
 * SyntaxError, out still holds the tokens before it (ending in T_EOF): CPython reports an unexpected
 * indent found by the parser before a tokenizer error further on. */
gl_status py_lex(py_arena *a, const char *src, size_t len, int line0, int col0, bool fragment, const char *file,
                 py_toks *out, gl_err *e);
/* Unicode identifiers (py_xid.c, generated from CPython's tables): XID_Start, XID_Continue, printable. */
bool py_xid_start(uint32_t c);
bool py_xid_continue(uint32_t c);
bool py_printable(uint32_t c);

/* ---------------------------------------------------------------- AST (py_parse.c) */
typedef enum {
    E_NAME, E_INT, E_FLOAT, E_STR, E_FSTR, E_NONE, E_TRUE, E_FALSE, E_TUPLE, E_LIST, E_DICT, E_LISTCOMP,
    E_DICTCOMP, E_COMPFOR, E_COMPIF, E_BINOP, E_UNARY, E_NOT, E_AND, E_OR, E_CMP, E_IFEXP, E_LAMBDA, E_CALL,
    E_ATTR, E_INDEX, E_SLICE, E_STAR, E_KW, E_DSTAR, E_PARAM,
    S_EXPR, S_ASSIGN, S_AUG, S_IF, S_FOR, S_WHILE, S_BREAK, S_CONTINUE, S_PASS, S_RETURN, S_DEF, S_IMPORT,
    S_FROM, S_ALIAS, S_ASSERT,
    S_CLASS, S_TRY, S_EXCEPT, S_RAISE, S_DECORATED, S_ANNASSIGN, S_BLOCK,   /* class lane */
    E_YIELD, E_YIELDFROM, E_GENEXP,       /* gen lane: yield [x], yield from x, (x for ...) (lazy) */
    S_DEL, S_GLOBAL, S_NONLOCAL, E_WALRUS, /* stmt lane */
    E_SET, E_SETCOMP,                     /* cont lane: set displays {a, b} and set comprehensions {x for x in xs} */
    E_ELLIPSIS,                           /* ... (Ellipsis: `def f(): ...`, Tuple[int, ...]) */
    /* match lane (py_match.c): S_MATCH (a: the subject, list: its S_CASE nodes), S_CASE (a: the pattern, b: the
     * guard or NULL, list: the body); patterns: PT_WILD `_`; PT_CAPTURE (a: the E_NAME it binds); PT_VALUE (a: a
     * literal or dotted-name expression); PT_SEQ (list: items, at most one PT_STAR, whose a is the E_NAME it binds
     * or NULL for *_); PT_MAP (list: key expressions, list2: value patterns, a: the **rest E_NAME or NULL);
     * PT_CLASS (a: the class expression, list: positional patterns, list2: PT_KW nodes, name = a pattern);
     * PT_OR (list: the alternatives); PT_AS (a: the pattern, b: the E_NAME it binds) */
    S_MATCH, S_CASE, PT_WILD, PT_CAPTURE, PT_VALUE, PT_SEQ, PT_STAR, PT_MAP, PT_CLASS, PT_KW, PT_OR, PT_AS,
    S_WITH, S_WITHITEM                    /* with (py_exc.c): list: its S_WITHITEM nodes (a: the context manager
                                           * expression, b: the `as` target or NULL), list2: the body */
} py_kind;

/* E_PARAM kinds (node->op); node->i is 1 for a positional-only parameter. */
enum { P_POS, P_VARARGS, P_KWONLY, P_VARKW };

/* How a name resolves (node->res, set by py_scope.c): RES_WALK looks the name up from the current
 * environment outward (module and class bodies, and anything the analysis does not know); RES_LOCAL only
 * in the function's own environment (unbound: UnboundLocalError); RES_GLOBAL in the module's; RES_CELL in
 * the environment of the enclosing scope node->owner (nonlocal, a comprehension's walrus, a free variable). */
enum { RES_WALK, RES_LOCAL, RES_GLOBAL, RES_CELL,
       RES_FREE_GLOBAL };         /* read, never bound in a function: the module's, then builtins (stores stay local) */

/* Operators (binary, unary, comparison). */
enum {
    OP_ADD, OP_SUB, OP_MUL, OP_DIV, OP_FLOORDIV, OP_MOD, OP_POW, OP_MATMUL, OP_NEG, OP_POS,
    OP_LT, OP_GT, OP_LE, OP_GE, OP_EQ, OP_NE, OP_IS, OP_ISNOT, OP_IN, OP_NOTIN,
    OP_BITAND, OP_BITOR, OP_BITXOR, OP_LSHIFT, OP_RSHIFT, OP_INVERT
};

typedef struct py_node py_node;
struct py_node {
    py_kind kind;
    int line, col, end_line, end_col;
    int op;
    py_node *a, *b, *c;
    py_node **list;               /* items, args, body, params, operands, clauses */
    int n;
    py_node **list2;              /* dict values, else-body */
    int n2;
    int *ops;                     /* E_CMP: n - 1 operators */
    const char *name;             /* interned: identifier, attribute, def name, module, keyword */
    const char *alias;            /* import ... as alias */
    int64_t i;
    double f;
    const char *s;
    size_t slen;
    const char *sp, *ep;          /* the source text of the node (for messages) */
    void *cache;                  /* E_INT / E_FLOAT / E_STR: the value, made once */
    signed char yflag;            /* py_gen.c: 0 not yet known, 1 no yield inside, 2 a yield inside (memo) */
    signed char cflag;            /* py_frames.c: 0 not yet known, 1 run by eval, 2 run on the frame stack (memo) */
    /* stmt lane: scopes (py_scope.c) */
    int res;                      /* E_NAME, S_DEF / import names: RES_* */
    py_node *owner;               /* RES_CELL: the scope (def, lambda, comprehension) whose environment holds it */
    const char *qualname;         /* S_DEF / E_LAMBDA: CPython's __qualname__ ("f.<locals>.g") */
    bool is_scope;                /* S_DEF / E_LAMBDA / comprehensions: a function scope */
};

/* The module's statements, or a syntax error. */
gl_status py_parse(py_arena *a, const py_toks *toks, const char *file, py_node ***body, int *n, gl_err *e);
/* One expression (an f-string's {...}). */
gl_status py_parse_expr(py_arena *a, const py_toks *toks, const char *file, py_node **out, gl_err *e);

/* ---------------------------------------------------------------- values (py_value.c) */
typedef enum {
    V_NONE, V_BOOL, V_INT, V_FLOAT, V_STR, V_TUPLE, V_LIST, V_DICT, V_RANGE, V_FUNC, V_BUILTIN, V_TENSOR,
    V_ARRAY, V_MODULE, V_CFG, V_GRAPH,
    V_CLASS, V_INST, V_METHOD, V_WRAP,
    /* cont lane */
    V_SET, V_FROZENSET,
    V_ITER, V_VIEW,               /* an iterator (py_iter.h: list_iterator, map, generator, ...); a dict view */
    V_BIG,                        /* an int that does not fit in 64 bits (py_num.c); type name "int" */
    V_NODE,                       /* a Node of a traced Graph's g.nodes (py_glapi.c) */
    V_SLICE                       /* a slice object: slice(start, stop, step) of any values (py_slice.c) */
} py_vkind;

typedef struct py_val py_val;
typedef struct py_env py_env;
typedef struct py_trace py_trace;
typedef struct py_class py_class;     /* py_class.h */
typedef struct py_inst py_inst;
typedef struct py_wrap py_wrap;
typedef struct py_crt py_crt;
typedef struct py_big py_big;

typedef struct {
    gl_array *real;               /* numbers (owned; released at the end of the run) */
    gl_array *shell;              /* shape only */
    int64_t T, dh, pos0;          /* rope_tables(...) arrays are computed on first use */
    double theta;
    int which;                    /* 0 cos, 1 sin, -1 not a rope table */
    py_val *twin;                 /* the other table of the pair (computed together) */
} py_arr;

/* A dict (py_dict.c): CPython's compact layout. The items are ek[i] / ev[i] for i < nent in insertion order,
 * but a deleted item leaves a hole (ek[i] == NULL): walk them with py_dict_next, and take the size from
 * len (py_dict_len). The fields were renamed from k / v / n when holes came, so code that indexed the
 * arrays directly fails to compile instead of reading a hole. */
typedef struct {
    py_val **ek, **ev;            /* entries in insertion order; ek[i] == NULL: deleted */
    int64_t *eh;                  /* the entries' hashes */
    int32_t *ix;                  /* the index table (mask + 1 slots): -1 empty, -2 deleted, else an entry */
    int nent, cap;                /* entries used (live and deleted), capacity */
    int len;                      /* live items */
    int64_t mask;
    uint64_t version;             /* bumped by every insertion and deletion */
    struct py_sub *sub;           /* an instance of a class derived from dict (py_subclass.c); NULL: a dict */
} py_dict;

/* A set or frozenset (py_dict.c): CPython's setobject.c table, iterated in slot order. */
typedef struct {
    py_val **key;                 /* slots: NULL unused, &py_set_dummy deleted */
    int64_t *hash;
    int64_t mask, fill, used, finger;
    uint64_t version;
} py_set;


enum { MOD_MATH, MOD_F, MOD_GL, MOD_ELLIPSIS };   /* MOD_ELLIPSIS: the Ellipsis singleton (type ellipsis) */
enum { MOD_LIB = 200, PY_LIB_MAX = 16 };       /* MOD_LIB + i: library module i (py_lib.c) */

struct py_val {
    py_vkind kind;
    union {
        bool b;
        int64_t i;
        double f;
        struct { const char *s; size_t n; size_t ncp1; } str;   /* UTF-8; ncp1: code points + 1, 0 unknown */
        struct { py_val **v; int n, cap; struct py_sub *sub; } seq;   /* sub: V_LIST / V_TUPLE of a class derived from list / tuple */
        struct { int64_t i; struct py_sub *sub; } isub;   /* V_INT: i is u.i; sub: an instance of a class derived from int */
        py_dict *d;
        struct { int64_t start, stop, step; } r;
        struct { py_node *def; py_env *env; py_val **defaults; } fn;   /* def or lambda (env: a class body's for a method) */
        struct { int id; py_val *self; int sub; } bi;          /* sub: B_S_METHOD's method */
        struct { py_trace *tc; int id; } tn;
        py_arr *arr;
        int mod;
        py_val **cfg;             /* d, H, G, dh, f, eps, theta */
        struct { gl_graph *g; py_val *nodes; } gr;   /* nodes: g.nodes, made on first use (py_glapi.c) */
        py_class *cls;            /* V_CLASS */
        py_inst *inst;            /* V_INST */
        struct { py_val *self, *fn; } m;   /* V_METHOD */
        py_wrap *w;               /* V_WRAP */
        py_set *set;              /* V_SET, V_FROZENSET */
        struct py_iter *it;       /* V_ITER */
        struct { py_val *d; int which; } view;   /* V_VIEW: dict_keys / dict_values / dict_items of d */
        py_big *big;              /* V_BIG */
        struct { py_val *graph; int id; } node;   /* V_NODE: graph->u.gr.g->nodes[id] */
        struct { py_val *start, *stop, *step; } sl;   /* V_SLICE: never NULL (None where omitted) */
    } u;
};


struct py_env {
    py_env *up;
    const char **names;
    py_val **vals;                /* NULL: deleted (del x), as if never bound */
    int n, cap;
    bool cls;                     /* a class body's namespace: functions defined in it do not see it */
    py_val *cls_cell, *self_arg;  /* a class body's env: its class once made; a method's call: its class and first
                                   * argument (zero-argument super() looks for the nearest) */
    const py_node *scope;         /* the def / lambda / comprehension this is a frame of (NULL: module, class, ...) */
};

struct py_trace {
    gl_tracer *tr;                /* NULL once finished */
    gl_span *spans;
    int scap;
    bool concrete;                /* an example was given: consts carry numbers */
    const char *mode;             /* trace(..., mode=): its name, for messages */
    py_trace *up;
};

/* The interpreter (py_eval.c). */
typedef struct {
    py_arena ar;
    const char *file;
    const char *src;
    gl_err err;
    int64_t steps, max_steps;
    int depth;                    /* nested calls of the program's own functions (RecursionError) */
    py_env *builtins, *globals;
    gl_sb console;
    py_trace *top;                /* open traces, innermost first */
    gl_graph *last;               /* the last trace's graph and spans */
    gl_span *last_spans;
    gl_array **rel;               /* arrays to release at the end */
    int nrel, caprel;
    const gl_program_opts *opts;
    int ctl;                      /* 0, CTL_BREAK, CTL_CONTINUE, CTL_RETURN */
    py_val *ret;
    py_node *at;                  /* the expression being evaluated (for errors raised below it) */
    gl_graph **graphs;            /* every finished trace's graph but the last: alive while Graph values are */
    int ngraphs, capgraphs;
    py_crt *crt;                  /* classes and exceptions (py_class.c) */
    const char *sx_s;             /* py_str.c: the last code point → byte lookup in a non-ASCII str */
    size_t sx_cp, sx_b;
    const py_val *reprs[128];     /* the containers repr() is inside (Py_ReprEnter): a second visit prints [...] */
    int nrepr;
    bool ndarray;                 /* the pass runtime (py_passapi.c): V_ARRAY is its numpy subset (py_ndarray.c) */
    py_env *lib[PY_LIB_MAX];      /* library modules' namespaces, loaded on first import (py_lib.c) */
    const py_node *uat;           /* the program's statement being run (errors raised in library code name it) */
    struct py_frames *frames;     /* py_frames.c: the frame stack the program's functions run on */
    int rec_limit;                /* sys.setrecursionlimit's, else GL_PROGRAM_MAX_DEPTH */
    py_val *fn_attrs;             /* py_class.c: functions' own attributes (f.calls = 0): id(f) → {name: value} */
} py_interp;

enum { CTL_NONE, CTL_BREAK, CTL_CONTINUE, CTL_RETURN };
/* One more call would pass CPython's recursion limit: the module's frame counts as one of its 1000. */
#define PY_CALL_LIMIT(I) ((I)->rec_limit ? (I)->rec_limit : GL_PROGRAM_MAX_DEPTH)
#define PY_CALLS_FULL(I) ((I)->depth + 1 >= PY_CALL_LIMIT(I))

extern py_val py_None, py_True, py_False;

/* Sets the error once, at n's position (or the current expression's); returns NULL for chaining. */
py_val *py_fail(py_interp *I, const py_node *n, gl_status code, const char *fmt, ...)
#if defined(__GNUC__) || defined(__clang__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;
py_val *py_new(py_interp *I, py_vkind k);
/* The arena's budget ran out (or malloc failed): sets that error; returns NULL. */
py_val *py_oom(py_interp *I);
py_val *py_int(py_interp *I, int64_t v);
py_val *py_float(py_interp *I, double v);
py_val *py_bool(bool b);
py_val *py_str(py_interp *I, const char *s, size_t n);
py_val *py_seq(py_interp *I, py_vkind k, int n);          /* tuple / list with n slots */
gl_status py_list_push(py_interp *I, py_val *l, py_val *x);
py_val *py_dict_new(py_interp *I);
py_val *py_dict_get(py_val *d, py_val *k);                /* NULL if absent (or unhashable) */
py_val *py_dict_find(py_val *d, py_val *k, int64_t *work); /* the same, adding the work done to *work */
/* d[k] = v; TypeError "unhashable type" at the current statement. */
gl_status py_dict_set(py_interp *I, py_val *d, py_val *k, py_val *v);
const char *py_type_name(const py_val *v);               /* type(v).__name__ (a dict subclass: its name) */
const char *py_kind_name(const py_val *v);               /* the built-in type's name ("dict" for a dict subclass too) */
bool py_truthy_plain(const py_val *v);                    /* for non-tensors */
bool py_eq(const py_val *a, const py_val *b);
bool py_eq_depth(const py_val *a, const py_val *b, int depth);   /* py_eq inside a container at depth */
bool py_eq_work(const py_val *a, const py_val *b, int64_t *work);   /* adds what it compared to *work (or NULL) */
/* Python's str() / repr() into sb. */
void py_repr(py_interp *I, gl_sb *sb, const py_val *v, bool repr);
/* Numbers with Python semantics (ints are 64-bit; overflow is an error). NULL + error on failure. */
py_val *py_arith(py_interp *I, const py_node *at, int op, py_val *a, py_val *b);
bool py_is_num(const py_val *v);
double py_num(const py_val *v);

/* Environments. */
py_env *py_env_new(py_interp *I, py_env *up);
py_val *py_env_get(py_env *e, const char *name);          /* walks outward; NULL if unbound */
gl_status py_env_set(py_interp *I, py_env *e, const char *name, py_val *v);
/* This environment only; NULL if unbound. */
py_val *py_env_get_local(py_env *e, const char *name);
/* Unbinds name here; false if it was not bound. */
bool py_env_del(py_env *e, const char *name);

/* ---------------------------------------------------------------- scopes (py_scope.c) */
/* CPython's symbol table on the module's AST: which names each function binds (locals), global / nonlocal
 * declarations and their SyntaxErrors, qualnames. Sets node->res / owner / qualname. */
gl_status py_scope_analyse(py_arena *a, py_node **body, int n, const char *file, gl_err *e);

/* ---------------------------------------------------------------- hashing, dicts, sets (py_dict.c) */
/* hash(v) as CPython 3.11 computes it (ints mod 2**61 - 1, floats equal to ints hash alike, tuples'
 * xxHash mix, frozensets); false + TypeError "unhashable type: 'list'" for lists, dicts, sets. The class
 * lane's instances hash by identity (the default case) until a __hash__ hook lands there; the int lane's
 * big ints go in hash_at's switch. */
bool py_hash(py_interp *I, const py_node *at, const py_val *v, int64_t *h);
bool py_hash_plain(const py_val *v, int64_t *h);          /* no error: false when unhashable */
int py_dict_len(const py_val *d);
/* Walks the live items in insertion order: for (int i = 0; py_dict_next(d, &i, &k, &v);) (k, v may be NULL) */
bool py_dict_next(const py_val *d, int *pos, py_val **k, py_val **v);
/* *out = d[k] or NULL when absent; an error only for an unhashable k. */
gl_status py_dict_lookup(py_interp *I, const py_node *at, py_val *d, py_val *k, py_val **out);
gl_status py_dict_set_hashed(py_interp *I, py_val *d, py_val *k, int64_t h, py_val *v);
/* Removes k; *old = its value, or NULL when absent (the caller raises KeyError). */
gl_status py_dict_del(py_interp *I, const py_node *at, py_val *d, py_val *k, py_val **old);
void py_dict_clear(py_dict *D);
extern py_val py_set_dummy;
py_val *py_set_new(py_interp *I, bool frozen);
gl_status py_set_add(py_interp *I, const py_node *at, py_val *s, py_val *k);
gl_status py_set_add_hashed(py_interp *I, py_val *s, py_val *k, int64_t h);
bool py_set_has_hashed(py_interp *I, const py_val *s, const py_val *k, int64_t h);
bool py_set_discard_hashed(py_interp *I, py_val *s, const py_val *k, int64_t h);
gl_status py_set_clear(py_interp *I, py_val *s);
/* s |= o for any iterable o, with setobject.c's merge / pre-size rules (they decide the table order). */
gl_status py_set_update(py_interp *I, const py_node *at, py_val *s, py_val *o);
/* Walks a set in table order: for (int64_t i = 0; py_set_next(s, &i, &k, &h);) */
bool py_set_next(const py_val *s, int64_t *pos, py_val **k, int64_t *h);
py_val *py_set_pop(py_val *s);                            /* NULL when empty */
gl_status py_set_compact_after_removals(py_interp *I, py_val *s);

/* ---------------------------------------------------------------- builtins (py_builtins.c) */
/* The B_* ids, one per row of py_builtin_table.h, and the lanes' ranges within them. */
enum {
#define PY_BI(ID, name, global) B_##ID,
#define PY_BI_OP(ID, OP) B_##ID,
#include "front/py_builtin_table.h"
#undef PY_BI
#undef PY_BI_OP
    B_COUNT
};
enum {
    B_N_FIRST = B_ROUND, B_N_LAST = B_M_ULP,            /* numbers and math (py_num.c) */
    B_LIB_FIRST = B_LIB_RECURSION_LIMIT, B_LIB_LAST = B_LIB_R_GAUSS, /* library modules' C helpers (py_lib.c) */
    B_LIB_M_FIRST = B_LIB_R_RANDOM, B_LIB_M_LAST = B_LIB_R_GAUSS,   /* ... that are methods (random.Random's) */
    B_A_FIRST = B_G_COUNT, B_A_LAST = B_F_GELU,         /* graph_lab API (py_glapi.c) */
    B_NM_FIRST = B_NM_ISINT, B_NM_LAST = B_NM_FROMHEX, /* methods of numbers (py_nummeth.c) */
};

typedef struct {
    py_val **pos;
    int npos;
    const char **kwn;
    py_val **kwv;
    int nkw;
} py_args;

void py_builtins_install(py_interp *I);
py_val *py_builtin(py_interp *I, int id, py_val *self);
py_val *py_call_builtin(py_interp *I, const py_node *at, py_val *f, py_args *a);
py_val *py_module_attr(py_interp *I, const py_node *at, int mod, const char *name);
py_val *py_getattr(py_interp *I, const py_node *at, py_val *v, const char *name);
const char *py_builtin_name(int id);

/* Evaluator services the builtins use (py_eval.c). */
py_val *py_call(py_interp *I, const py_node *at, py_val *f, py_args *a);
/* Tensor plumbing: a Python number / array / tensor as a node of trace tc (lift). -1 + error on failure. */
int py_lift(py_interp *I, const py_node *at, py_trace *tc, py_val *v);
py_val *py_tensor(py_interp *I, const py_node *at, py_trace *tc, int id);   /* checks the tracer's status */
/* Materialises any iterable (consuming an iterator). *items may be the sequence's own array: read only. */
gl_status py_iter_list(py_interp *I, const py_node *at, py_val *v, py_val ***items, int *n);
gl_status py_track_array(py_interp *I, gl_array *a);      /* released at the end of the run */
gl_array *py_arr_array(py_interp *I, const py_node *at, py_val *v, bool real);
bool py_steps(py_interp *I, const py_node *at);           /* counts one step; false when over budget */
py_val *py_binop(py_interp *I, const py_node *at, int op, py_val *a, py_val *b);
/* del t for a subscript target t (E_INDEX, incl. slices): evaluates the container and key, then
 * py_delitem / py_delslice. For the stmt lane's `del`. */
gl_status py_del_subscript(py_interp *I, py_node *t, py_env *env);
gl_status py_truth(py_interp *I, const py_node *at, py_val *v, bool *out);
/* The tracer's error after a failed builder call, at `at`, naming the expression. */
py_val *py_tracer_fail(py_interp *I, const py_node *at, py_trace *tc);
gl_array *py_to_array(py_interp *I, const py_node *at, py_val *v);   /* numbers / nested lists → array (tracked) */

#include "front/py_class.h"
/* ---------------------------------------------------------------- subclasses of dict and list (py_subclass.c)
 * An instance of `class D(dict)` / `class L(list)` IS a V_DICT / V_LIST value (CPython's PyDict_Check holds
 * for it: every path that takes a dict takes it) that carries its class and attribute namespace here. */
typedef struct py_sub {
    py_val *cls;                  /* V_CLASS with bkind V_DICT / V_LIST / V_TUPLE / V_INT */
    py_env *attrs;                /* instance attributes */
} py_sub;
static inline py_sub *py_sub_of(const py_val *v) {
    return v->kind == V_DICT ? v->u.d->sub : v->kind == V_LIST || v->kind == V_TUPLE ? v->u.seq.sub
         : v->kind == V_INT ? v->u.isub.sub : NULL;
}
#define PY_SUB_BASE 4000          /* builtin ids of py_subclass.c (above py_passapi.c's PY_PASS_BASE, 3000) */
/* list.append, dict.get, ... unbound (py_subclass.c): the method's name, else NULL; its bi.self is the type. */
const char *py_sub_unbound_name(const py_val *v);
/* Class(...) of a class derived from dict / list: the container, then __init__ (the user's or the base's). */
py_val *py_sub_new(py_interp *I, const py_node *at, py_val *cls, py_args *a);
/* The attribute `name` (interned) defined by the user classes of v's class (not dict / list / object), raw. */
py_val *py_sub_method(py_interp *I, const py_val *v, const char *name);
/* v.name(args) when a user class of v defines name; *found false (NULL, no error) otherwise. */
py_val *py_sub_call(py_interp *I, const py_node *at, py_val *v, const char *name, int n, py_val **args, bool *found);
py_val *py_sub_getattr(py_interp *I, const py_node *at, py_val *v, const char *name);
gl_status py_sub_setattr(py_interp *I, const py_node *at, py_val *v, const char *name, py_val *x);
gl_status py_sub_delattr(py_interp *I, const py_node *at, py_val *v, const char *name);
/* dict's / list's own attribute `name` bound to obj (super().name, and after the user classes); NULL, no error: none. */
py_val *py_sub_base_attr(py_interp *I, const py_node *at, py_val *obj, const char *name);
/* dict.get, list.append, dict.__init__, ...: unbound methods of the type value t (B_DICT / B_LIST); NULL: none. */
py_val *py_sub_type_attr(py_interp *I, const py_node *at, py_val *t, const char *name);
/* D.fromkeys and the dict / list attributes of a class derived from them (after its own); NULL: none. */
py_val *py_sub_class_attr(py_interp *I, const py_node *at, py_val *cls, const char *name);
py_val *py_sub_builtin(py_interp *I, const py_node *at, int id, py_val *self, int sub, py_args *a);
const char *py_sub_builtin_name(int id);
/* The protocols where a user class may override the base: *handled false (NULL, no error) when it does not. */
py_val *py_sub_binop(py_interp *I, const py_node *at, int op, py_val *a, py_val *b, bool *handled);
py_val *py_sub_augop(py_interp *I, const py_node *at, int op, py_val *a, py_val *b, bool *handled);
py_val *py_sub_compare(py_interp *I, const py_node *at, int op, py_val *a, py_val *b, bool *handled);
py_val *py_sub_len(py_interp *I, const py_node *at, py_val *v, bool *handled);
gl_status py_sub_truth(py_interp *I, const py_node *at, py_val *v, bool *out, bool *handled);
gl_status py_sub_iter(py_interp *I, const py_node *at, py_val *v, py_val **out, bool *handled);
bool py_sub_repr(py_interp *I, gl_sb *sb, const py_val *v, bool repr);   /* false: not overridden */
/* dict.__getitem__'s miss on a dict subclass: its __missing__(k), or NULL with *handled false. */
py_val *py_sub_missing(py_interp *I, const py_node *at, py_val *d, py_val *k, bool *handled);
/* The plain container repr (what dict.__repr__ / list.__repr__ print). */
void py_repr_box(py_interp *I, gl_sb *sb, const py_val *v);
/* ---------------------------------------------------------------- limits (py_guard.c)
 * One depth counter bounds every recursion (parser, scope analysis, evaluator); costs are in units of 64 bytes
 * of the browser module's C stack — its WASM frames live on V8's native stack — each the frames a level holds,
 * as V8's optimising compiler (TurboFan, the larger of its two tiers) lays them out in Node 20
 * (node --no-liftoff --print-wasm-code; bench/depth_probe.mjs measures the depths with a limitless build).
 * The smallest stack we run on is the lab's: the analysis runs in a Chromium dedicated worker, where a
 * program's own recursion traps at ~1,050 levels (Node's main thread and Chromium's page: ~1,800).
 * PY_DEPTH_MAX units (467,200 bytes) keep every construct bench/depth_probe_browser.mjs tries at least ~35%
 * short of the depth that traps in that worker (the tightest: a dunder's recursion, `__add__` calling itself
 * through `+`). A program's own calls do not recurse in C at all on their common paths — a call, its
 * arguments, operators, `return`, `=`, if / for / while run on py_frames.c's heap stack — so its recursion
 * reaches CPython's 1000 (GL_PROGRAM_MAX_DEPTH) on every build; the units bound the paths that still recurse
 * in C (a dunder, a builtin calling back, a comprehension, a subscript, a generator).
 * A function kept out of its callers (PY_NOINLINE: a rare or big case of eval, exec_stmt, py_call) keeps its
 * locals out of every level's frame. The Emscripten and WASI links keep binaryen from inlining it back. */
#if defined(__GNUC__) || defined(__clang__)
#define PY_NOINLINE __attribute__((noinline))
#else
#define PY_NOINLINE
#endif
#ifndef PY_DEPTH_MAX
#define PY_DEPTH_MAX 7300
#endif
#define PY_DEPTH_EVAL 2           /* eval: one node's frame (128 B) */
#define PY_DEPTH_EVAL_CALL 3      /* eval_call: a call's arguments, and the program's function it runs (152 B) */
#define PY_DEPTH_EVAL_CASE 3      /* another out-of-line case of eval that evaluates subexpressions (<= 136 B) */
#define PY_DEPTH_CALL 2           /* py_call running the program's function (from a builtin, a dunder) (136 B) */
#define PY_DEPTH_FRAMES 3         /* py_frames_run, the step it is in, push_expr: a run of the frame stack */
#define PY_DEPTH_LAMBDA 2         /* a lambda's body: measured deeper per level than a def's in Chromium's worker */
#define PY_DEPTH_ROOM 24          /* what a call must find left beyond its own (a level of `1 + f(n - 1)`: 12) */
#define PY_DEPTH_METHOD 10        /* a method called through its class (call_raw: a dunder from py_binop, __call__): 624 B */
#define PY_DEPTH_STMT 3           /* exec_stmt: one statement (144 B) */
#define PY_DEPTH_BLOCK 2          /* exec_block: a block of statements (104 B) */
#define PY_DEPTH_LOOP 3           /* exec_for / exec_while (144 B) */
#define PY_DEPTH_TRY 7            /* try (and class): py_class_exec, py_exec_try, py_exec_block (416 B) */
#define PY_DEPTH_COMP 3           /* a comprehension clause (comp, 153 B) */
#define PY_DEPTH_GEN 6            /* a generator resumed: py_gen_next and its executor (304 B) */
#define PY_DEPTH_LEVEL 6          /* one level of a parser rule, the scope walk, a container compare / repr */
#define PY_DEPTH_PAREN 36         /* a parser level through brackets: expr ... atom, ~11 small frames */
#define PY_WORK_PER_STEP 8        /* elements an operation touches in C per step of the budget */
bool py_depth_enter(py_arena *a, int cost);               /* false (nothing changed) when over PY_DEPTH_MAX */
void py_depth_leave(py_arena *a, int cost);
/* The evaluator's form: false + "RecursionError: maximum recursion depth exceeded ..." at `at`. */
bool py_enter(py_interp *I, const py_node *at, int cost);
void py_leave(py_interp *I, int cost);
/* Charges the step budget for n elements of work done in C (search, compare, copy, repeat, grow). */
bool py_work(py_interp *I, const py_node *at, int64_t n);
/* UTF-8: the offset of the first byte that starts no valid sequence (n when all is valid); the buffer with
 * each such byte replaced by U+FFFD; why a graph name (input / param) is refused, or NULL. */
size_t py_utf8_bad(const char *s, size_t n);
void py_utf8_repair(gl_sb *sb);
const char *py_name_problem(const char *s, size_t n);
/* ---------------------------------------------------------------- containers (py_cont.c) */
/* Container methods are builtins with ids from PY_CONT_BASE (py_cont.c has their table). */
#define PY_CONT_BASE 2000        /* above the class lane's BC_FIRST .. BC_END */
void py_cont_install(py_interp *I);                       /* set, frozenset */
/* The method `name` of a list / tuple / dict / set / view (or dict.fromkeys); NULL without an error
 * when v has no such container method (the caller goes on looking). */
py_val *py_cont_attr(py_interp *I, const py_node *at, py_val *v, const char *name);
py_val *py_cont_call(py_interp *I, const py_node *at, int m, py_val *self, py_args *a);
const char *py_cont_name(int id);
/* len() of a dict / set / view; false if v is none of them. */
bool py_cont_len(const py_val *v, int64_t *n);
py_val *py_dict_call(py_interp *I, const py_node *at, py_args *a);  /* dict(...) */
/* a op b for op | & ^ - on sets, dicts and views; *handled false when neither is one (ints: py_num.c). */
py_val *py_cont_binop(py_interp *I, const py_node *at, int op, py_val *a, py_val *b, bool *handled);
/* In-place a op= b (list += / *=, set |= &= -= ^=, dict |=): *handled false when a is none of these. */
py_val *py_cont_inplace(py_interp *I, const py_node *at, int op, py_val *a, py_val *b, bool *handled);
/* a <, <=, >, >=, ==, != b on sets (subset order) and views; *handled false otherwise. */
py_val *py_cont_compare(py_interp *I, const py_node *at, int op, py_val *a, py_val *b, bool *handled);
/* x in c for sets, dicts and views (hashing x); *handled false for other containers. */
gl_status py_cont_contains(py_interp *I, const py_node *at, py_val *c, py_val *x, bool *found, bool *handled);
/* Equality of sets / frozensets / views (py_eq's cases). */
bool py_cont_eq(const py_val *a, const py_val *b);
/* A slice c[lo:hi:st] as the evaluator read it (given = false: omitted / None). */
typedef struct {
    int64_t lo, hi, st;
    bool glo, ghi, gst;
} py_slice;
/* CPython's PySlice_AdjustIndices: *count items starting at *start by *step; false + ValueError on step 0. */
bool py_slice_adjust(py_interp *I, const py_node *at, const py_slice *s, int64_t len, int64_t *start, int64_t *step,
                     int64_t *count);
/* l[s] = v (a list; v any iterable). */
gl_status py_setslice(py_interp *I, const py_node *at, py_val *l, const py_slice *s, py_val *v);
/* del c[k] (list index, dict key) and del l[s]: for the stmt lane's `del`. */
gl_status py_delitem(py_interp *I, const py_node *at, py_val *c, py_val *k);
gl_status py_delslice(py_interp *I, const py_node *at, py_val *l, const py_slice *s);

/* ---------------------------------------------------------------- slice objects (py_slice.c)
 * c[a:b:c] on a str / tuple / list / range reads its parts straight into a py_slice (no object is made);
 * a slice value (slice(...), or the key c[a:b] passes to a class's __getitem__ / __setitem__ / __delitem__)
 * is a V_SLICE. Both go through py_slice_unpack, CPython's PySlice_Unpack. */
py_val *py_slice_value(py_interp *I, py_val *start, py_val *stop, py_val *step);   /* NULL parts: None */
/* PySlice_Unpack: parts (NULL: None) read in CPython's order (step, then start, stop) as C indices: a big int
 * clamped, an object's __index__ called; false + TypeError, or ValueError for a zero step. */
bool py_slice_unpack(py_interp *I, const py_node *at, py_val *start, py_val *stop, py_val *step, py_slice *out);
bool py_slice_unpack_val(py_interp *I, const py_node *at, const py_val *sl, py_slice *out);   /* of a V_SLICE */
/* PySlice_AdjustIndices for a step that is not 0: the start, the adjusted stop and the count over len items. */
void py_slice_span(const py_slice *s, int64_t len, int64_t *lo, int64_t *hi, int64_t *st, int64_t *cnt);
/* c[s] for a str / tuple / list / range (a range's slice is a range, as compute_slice makes it). */
py_val *py_slice_get(py_interp *I, const py_node *at, py_val *c, const py_slice *s);
/* slice(...), slice.indices(...) (ids B_SLICE, B_SL_INDICES); a slice's attribute (NULL, no error: none). */
py_val *py_slice_builtin(py_interp *I, const py_node *at, int id, py_val *self, py_args *a);
py_val *py_slice_attr(py_interp *I, py_val *v, const char *name);

/* IR parts as the reference's Python values (py_glapi.c): a dim (int or symbol str), a shape tuple, a node's
 * attrs dict in the attribute table's order. The traced Graph's view and the pass runtime share them. */
py_val *py_dim_val(py_interp *I, gl_dim d);
py_val *py_shape_val(py_interp *I, const gl_shape *s);
py_val *py_attrs_val(py_interp *I, const gl_attrs *a);

/* ---------------------------------------------------------------- iterators (py_iter.c, py_gen.c) */
enum { VIEW_KEYS, VIEW_VALUES, VIEW_ITEMS };        /* V_VIEW's which */
/* The iterator protocol: iter(v) into *it (an iterator is its own iterator); next(it) gives *item, or
 * *done at the end (no error). "TypeError: 'int' object is not iterable" when v is not iterable. */
gl_status py_iter_open(py_interp *I, const py_node *at, py_val *v, py_val **it);
gl_status py_iter_next(py_interp *I, const py_node *at, py_val *it, py_val **item, bool *done);
/* The builtins of the gen lane (ids B_ITER..B_IT_ITER, and sum / min / max / enumerate / zip). */
py_val *py_iter_builtin(py_interp *I, const py_node *at, int id, py_val *self, py_args *a);
const char *py_iter_type_name(const py_val *v);      /* V_ITER / V_VIEW: CPython's type names */
void py_iter_repr(py_interp *I, gl_sb *sb, const py_val *v, bool repr, int depth);
int64_t py_view_len(const py_val *v);
/* a < b as Python's `<` (false + error when not comparable); the stable sort sorted() uses. */
gl_status py_less(py_interp *I, const py_node *at, py_val *a, py_val *b, bool *lt);
/* list.sort's algorithm (py_cont.c), sorted()'s too: items stably by their keys (key(item), or the items)
 * with Python's '<' (py_compare): CPython's timsort run detection and binary insertion (a mixed list fails
 * on the same pair as CPython), reverse as CPython does it (reverse, sort, reverse). */
gl_status py_sort(py_interp *I, const py_node *at, py_val **items, int n, py_val *key, bool reverse);
/* A call of a generator function: the generator, its body not started (py_gen.c). */
py_val *py_gen_new(py_interp *I, py_val *fn, py_env *env);
/* (x for ...): the first iterable evaluated now, the rest as items are asked for (py_gen.c). */
py_val *py_genexp_new(py_interp *I, py_node *n, py_env *env);
bool py_is_generator_def(py_node *def);              /* a def whose body yields (memoised) */

/* Evaluator services for py_gen.c (py_eval.c). */
py_val *py_eval_expr(py_interp *I, py_node *n, py_env *env);
gl_status py_exec_stmt(py_interp *I, py_node *s, py_env *env);
gl_status py_assign(py_interp *I, py_node *t, py_val *v, py_env *env);
py_val *py_compare(py_interp *I, const py_node *at, int op, py_val *a, py_val *b);
/* The match statement (py_match.c). */
gl_status py_exec_match(py_interp *I, py_node *s, py_env *env);
/* Its subject evaluated and matched: the case whose block runs (*chosen NULL: none). For the statement
 * executors that run the block themselves (py_frames.c, py_gen.c). */
gl_status py_match_select(py_interp *I, py_node *s, py_env *env, py_node **chosen);
/* ---------------------------------------------------------------- the frame stack (py_frames.c)
 * Runs the body of the program's function def (or lambda) with the environment its call bound, to its return
 * value (NULL: raised). Calls of the program's functions inside it run on the same heap stack, not in C. */
py_val *py_frames_run(py_interp *I, py_node *def, py_env *fe);
/* The evaluator's pieces the frame stack runs (py_eval.c). */
py_val *py_bind_call(py_interp *I, const py_node *at, py_val *f, py_args *a, py_env **out);
py_val *py_too_deep(py_interp *I, const py_node *at, const py_node *def);
bool py_method_args(py_interp *I, const py_val *m, py_args *a);
void py_stamp_since(py_interp *I, py_trace *tc, int n0, const py_node *at);
py_val *py_unary(py_interp *I, py_node *n, py_val *a);
gl_status py_aug_apply(py_interp *I, py_node *s, py_env *env, py_val *cur, py_val *rhs);
/* ---------------------------------------------------------------- numbers (py_bigint.c, py_num.c)
 * int is arbitrary precision: V_INT (int64) when it fits, else V_BIG (sign + base-2^32 limbs in the arena).
 * Every int result is normalized (a V_BIG never fits in int64); bools are ints everywhere. */
struct py_big {
    int sign;                     /* -1, 0, +1 */
    int n;                        /* limbs in use (no leading zero limb) */
    uint32_t d[];                 /* magnitude, least significant first */
};
#define PY_BIG_MAX_BITS (1 << 20)          /* an int of more bits is refused (GL_E_LIMIT), never a hang */
#define PY_INT_MAX_STR_DIGITS 4300         /* CPython's sys.get_int_max_str_digits() default */

py_big *pb_from_u64(py_arena *ar, uint64_t m, int sign);
py_big *pb_from_i64(py_arena *ar, int64_t v);
bool pb_to_i64(const py_big *b, int64_t *out);
int64_t pb_bitlen(const py_big *b);
int pb_cmp(const py_big *a, const py_big *b);
py_big *pb_copy(py_arena *ar, const py_big *a, int sign);
py_big *pb_add(py_arena *ar, const py_big *a, const py_big *b);
py_big *pb_sub(py_arena *ar, const py_big *a, const py_big *b);
py_big *pb_mul(py_arena *ar, const py_big *a, const py_big *b);
bool pb_divmod(py_arena *ar, const py_big *a, const py_big *b, py_big **q, py_big **r);   /* floor; b != 0 */
py_big *pb_shl(py_arena *ar, const py_big *a, int64_t k);
py_big *pb_shr(py_arena *ar, const py_big *a, int64_t k);                                 /* floor */
py_big *pb_bitop(py_arena *ar, const py_big *a, const py_big *b, int op);                 /* '&' '|' '^' */
py_big *pb_invert(py_arena *ar, const py_big *a);
double pb_round_bits(uint64_t q, bool sticky, int64_t e);
double pb_to_double(const py_big *a, bool *overflow);
py_big *pb_from_double(py_arena *ar, double integral);
char *pb_to_str(py_arena *ar, const py_big *a, int base, size_t *len);
py_big *pb_from_digits(py_arena *ar, const char *s, size_t n, int base, int sign);
int64_t pb_hash(const py_big *a);

bool py_is_int(const py_val *v);                          /* V_INT, V_BIG or V_BOOL */
py_val *py_int_from_big(py_interp *I, py_big *b);        /* normalized: V_INT when it fits */
/* Python's hash() of a number (bool, int, big int, float), as CPython computes it. */
int64_t py_hash_num(const py_val *v);
/* Exact comparison of two numbers (int / big / float / bool): -1, 0, 1, or 2 when unordered (nan). */
int py_num_cmp(const py_val *a, const py_val *b);
/* float(v) for a number, OverflowError for a big int out of range. */
bool py_num_to_double(py_interp *I, const py_node *at, const py_val *v, double *out);
/* v as a C index (ssize_t): a big int gets CPython's message for `what`: 0 "OverflowError: Python int too
 * large to convert to C ssize_t", 1 "IndexError: cannot fit 'int' into an index-sized integer", 2
 * "OverflowError: cannot fit 'int' into an index-sized integer". */
bool py_num_index(py_interp *I, const py_node *at, const py_val *v, int what, int64_t *out);
/* str() of an int (ValueError over 4300 digits); false with the error set. */
bool py_num_repr(py_interp *I, gl_sb *sb, const py_val *v);
/* int(x[, base]) and float(x) as CPython. */
py_val *py_num_int(py_interp *I, const py_node *at, py_val *x, py_val *base);
py_val *py_num_float(py_interp *I, const py_node *at, py_val *x);
/* An integer literal's text (any base prefix, underscores) → int; SyntaxError text on the 4300-digit limit. */
py_val *py_num_literal(py_interp *I, const py_node *at, const char *s, size_t n);
py_val *py_num_unary(py_interp *I, const py_node *at, int op, py_val *a);
py_val *py_num_builtin(py_interp *I, const py_node *at, int id, py_val *self, py_args *a);
py_val *py_mathx_builtin(py_interp *I, const py_node *at, int id, py_args *a);   /* py_mathx.c: fsum .. ulp */
double py_num_log(const py_val *v);                      /* natural log of a positive int of any size */
/* The methods of int / bool / float values (py_nummeth.c): the bound method `name` of v, or NULL without an
 * error when v's type has no such method; the call of one (ids B_NM_FIRST .. B_NM_LAST). */
py_val *py_nummeth_attr(py_interp *I, py_val *v, const char *name);
py_val *py_nummeth_call(py_interp *I, const py_node *at, int id, py_val *self, py_args *a);

/* ---------------------------------------------------------------- graph_lab API (py_glapi.c) */
py_val *py_graph_attr(py_interp *I, const py_node *at, py_val *v, const char *name);
py_val *py_node_attr(py_interp *I, const py_node *at, py_val *v, const char *name);
void py_node_repr(py_interp *I, gl_sb *sb, const py_val *v);
gl_status py_keep_graph(py_interp *I, gl_graph *g);      /* freed at the end of the run */
py_val *py_glapi_builtin(py_interp *I, const py_node *at, int id, py_val *self, py_args *a);
py_val *py_glapi_module_attr(py_interp *I, const char *name);  /* NULL (no error) when not one of them */
/* GraphLab's documented extensions over the reference's Tensor (never reached by a program the reference
 * traces): x ** k, x.T, x.mean(axis=, keepdims=), reshape with one -1, F.sigmoid / F.relu / F.gelu. */
py_val *py_tensor_pow(py_interp *I, const py_node *at, py_val *x, py_val *k);
py_val *py_tensor_sugar_attr(py_interp *I, const py_node *at, py_val *t, const char *name);   /* NULL, no error: none */
bool py_reshape_infer(py_interp *I, const py_node *at, py_val *t, gl_shape *s, int minus_one_at);

/* ---------------------------------------------------------------- the pass runtime (py_passapi.c, py_ndarray.c)
 * Pass code (section 9 of graph_lab.py) runs over a Python Graph; its prelude (pass_prelude.py) is parsed
 * with lines from PY_PRELUDE_LINE0 (errors there name graph_lab.py:LINE). Builtins from PY_PASS_BASE. */
#define PY_PRELUDE_LINE0 (1 << 24)
#define PY_PASS_BASE 3000

/* ---------------------------------------------------------------- library modules in Python (py_lib.c)
 * Module i's lines are numbered from PY_LIB_LINE0 + i * PY_LIB_BAND; a V_MODULE of it has u.mod MOD_LIB + i. */
#define PY_LIB_LINE0 (1 << 25)
#define PY_LIB_BAND (1 << 16)
#define PY_IS_LIB_LINE(l) ((l) >= PY_LIB_LINE0)
int py_lib_find(const char *name);             /* -1: none */
const char *py_lib_name(int idx);
int py_lib_of_line(int line);                  /* -1: not library code */
py_env *py_lib_load(py_interp *I, int idx);
py_val *py_lib_attr(py_interp *I, int idx, const char *name);   /* NULL without an error: no such attribute */
gl_status py_lib_import_star(py_interp *I, const py_node *at, int idx, py_env *into);
py_val *py_lib_builtin(py_interp *I, const py_node *at, int id, py_args *a);   /* the modules' C helpers (B_LIB_*) */
/* random's C half (py_lib_random.c): MT19937 in the instance, the hot draws as methods of Random. */
typedef struct py_mt py_mt;
py_val *py_random_builtin(py_interp *I, const py_node *at, int id, py_args *a);
py_val *py_pass_call(py_interp *I, const py_node *at, int id, py_val *self, py_args *a);
const char *py_pass_name(int id);
py_val *py_nd_index(py_interp *I, py_node *n, py_val *c, py_env *env);           /* c[key] for an ndarray */
py_val *py_nd_binop(py_interp *I, const py_node *at, int op, py_val *a, py_val *b);
py_val *py_nd_attr(py_interp *I, const py_node *at, py_val *v, const char *name);  /* NULL, no error: none */
py_val *py_nd_float(py_interp *I, const py_node *at, py_val *v);
py_val *py_nd_wrap(py_interp *I, gl_array *a);                                  /* takes a reference */

#endif
