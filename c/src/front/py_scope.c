/* py_scope.c — CPython's symbol table, on our AST, once per program before it runs.
 *
 * Python decides statically which scope a name belongs to: a name bound anywhere in a function body
 * (assignment, augmented assignment, for target, def, import, del, walrus, parameter) is local to that
 * function for the whole body, so reading it before the binding is an UnboundLocalError, not a read of
 * the global of the same name. `global` / `nonlocal` move a name out; a name read but not bound is free:
 * it comes from the nearest enclosing function that binds it (a cell: closures see the variable, not a
 * copy, hence late binding), else from the module, else the builtins. Comprehensions are functions of
 * their own (their loop variables do not leak), except that their first iterable is evaluated outside
 * and a walrus inside binds in the enclosing function. A class body is a namespace, not a function scope:
 * its names keep the dynamic lookup (the class body's environment, then the ones it was made in), it
 * prefixes the qualnames of what it defines, and functions inside it skip it when they resolve a free
 * name, as CPython's methods do. `except ... as e` binds e like an assignment. Any construct this pass
 * does not know keeps the dynamic lookup.
 *
 * The pass runs per scope in two walks: collect (bindings, declarations and their SyntaxErrors, in source
 * order, not entering nested scopes) and resolve (each name's RES_* and owner; nested scopes are
 * collected and resolved when met, so every enclosing scope is complete by then). The evaluator
 * (py_eval.c) finds a name's frame as the innermost environment whose scope is node->owner, and falls
 * back to the dynamic lookup when there is none (a frame made by code that does not tag its
 * environments): the analysis can make lookups exact, never impossible.
 *
 * Names are interned, so symbols compare by pointer; a scope's symbols are a short array (functions have
 * few names). Recursion is bounded by the parser's nesting limit (the AST is at most that deep in
 * blocks and expressions), on the arena's one depth counter shared with the parser and the evaluator. */
#include <string.h>

#include "front/py.h"

enum { F_BOUND = 1, F_PARAM = 2, F_GLOBAL = 4, F_NONLOCAL = 8, F_USED = 16 };
enum { SC_MODULE, SC_FUNC, SC_COMP, SC_CLASS };

typedef struct {
    const char *name;
    unsigned flags;
} sym;

typedef struct scope scope;
struct scope {
    scope *up;
    py_node *node;                /* def / lambda / comprehension; NULL for the module */
    int kind;
    sym *s;
    int n, cap;
    const char *qual;             /* the qualname prefix of what is defined inside ("f.<locals>") */
};

typedef struct {
    py_arena *a;
    const char *file;
    gl_err *e;
} an;

static bool afail(an *A, const py_node *at, const char *fmt, const char *name) {
    char msg[200];
    snprintf(msg, sizeof msg, fmt, name);
    if (!A->e->code) gl_fail(A->e, GL_E_PARSE, "%s:%d:%d: SyntaxError: %s", A->file, at->line, at->col, msg);
    return false;
}

static bool aoom(an *A) {
    if (!A->e->code)
        gl_fail(A->e, A->a->nomem ? GL_E_NOMEM : GL_E_LIMIT, "%s: the program needs more memory than its budget", A->file);
    return false;
}

static sym *find(scope *S, const char *name) {
    for (int i = 0; i < S->n; i++)
        if (S->s[i].name == name) return &S->s[i];
    return NULL;
}

static sym *add(an *A, scope *S, const char *name) {
    sym *y = find(S, name);
    if (y) return y;
    if (S->n == S->cap) {
        int cap = S->cap ? S->cap * 2 : 16;
        sym *t = py_alloc(A->a, sizeof *t * (size_t)cap);
        if (!t) return aoom(A), NULL;
        if (S->n) memcpy(t, S->s, sizeof *t * (size_t)S->n);
        S->s = t;
        S->cap = cap;
    }
    y = &S->s[S->n++];
    y->name = name;
    y->flags = 0;
    return y;
}


/* Every recursion here enters the arena's one depth counter (py_guard.c), as the parser's rules do: a
 * tree the parser built (a long a + b + ... chain is left-deep without parser recursion) is walked within
 * the same bound the evaluator will walk it in. */
static bool enter(an *A, const py_node *at) {
    if (!py_depth_enter(A->a, PY_DEPTH_LEVEL)) {
        if (!A->e->code)
            gl_fail(A->e, GL_E_LIMIT, "%s:%d:%d: RecursionError: maximum recursion depth exceeded during compilation "
                    "(the expression nests too deeply)", A->file, at->line, at->col);
        return false;
    }
    return true;
}

static void leave(an *A) { py_depth_leave(A->a, PY_DEPTH_LEVEL); }

/* The scope a comprehension's walrus binds in: the first enclosing non-comprehension scope. */
static scope *walrus_home(scope *S) {
    while (S->kind == SC_COMP) S = S->up;
    return S;
}

/* An elif chain is an S_IF alone in its predecessor's else-body: the passes below walk it in a loop, as
 * the parser builds it and the evaluator runs it, so a 3000-branch chain costs no depth. */
static py_node *elif_of(const py_node *n) {
    return n->kind == S_IF && n->list2 && n->n2 == 1 && n->list2[0]->kind == S_IF ? n->list2[0] : NULL;
}

/* ---------------------------------------------------------------- collect */
static bool collect(an *A, scope *S, py_node *n);

static bool bind(an *A, scope *S, const char *name) {
    if (S->kind == SC_MODULE || S->kind == SC_CLASS) return true;
    sym *y = add(A, S, name);
    if (!y) return false;
    y->flags |= F_BOUND;
    return true;
}

static bool collect_list(an *A, scope *S, py_node **l, int k) {
    for (int i = 0; i < k; i++)
        if (l[i] && !collect(A, S, l[i])) return false;
    return true;
}

/* A target: names bound, subscripts and attributes read. */
static bool collect_target(an *A, scope *S, py_node *t) {
    switch (t->kind) {
    case E_NAME: return bind(A, S, t->name);
    case E_STAR: return collect_target(A, S, t->a);
    case E_TUPLE: case E_LIST:
        for (int i = 0; i < t->n; i++)
            if (!collect_target(A, S, t->list[i])) return false;
        return true;
    default: return collect(A, S, t);
    }
}

/* Walruses inside a comprehension (at any depth of nested comprehensions) bind in S, the first enclosing
 * function or the module. Lambdas and defs inside are scopes of their own. */
static bool comp_walrus(an *A, scope *S, py_node *n) {
    if (!n) return true;
    if (n->kind == E_LAMBDA || n->kind == S_DEF) return true;
    if (n->kind == E_WALRUS && !bind(A, walrus_home(S), n->name)) return false;
    if (!enter(A, n)) return false;
    if (!comp_walrus(A, S, n->a) || !comp_walrus(A, S, n->b) || !comp_walrus(A, S, n->c)) return false;
    for (int i = 0; i < n->n; i++)
        if (n->list && !comp_walrus(A, S, n->list[i])) return false;
    for (int i = 0; i < n->n2; i++)
        if (n->list2 && !comp_walrus(A, S, n->list2[i])) return false;
    leave(A);
    return true;
}

static bool collect(an *A, scope *S, py_node *n) {
    if (!n) return true;
    if (!enter(A, n)) return false;
    bool ok = true;
    switch (n->kind) {
    case E_NAME: {
        if (S->kind != SC_MODULE && S->kind != SC_CLASS) {
            sym *y = add(A, S, n->name);
            if (!y) return false;
            y->flags |= F_USED;
        }
        break;
    }
    case E_WALRUS:
        ok = bind(A, walrus_home(S), n->name) && collect(A, S, n->a);
        break;
    case E_LAMBDA:                     /* defaults here; the body is the lambda's scope */
        for (int i = 0; ok && i < n->n; i++) ok = collect(A, S, n->list[i]->a);
        break;
    case S_DEF:
        for (int i = 0; ok && i < n->n2; i++) ok = collect(A, S, n->list2[i]->a);
        ok = ok && collect(A, S, n->a) && collect(A, S, n->b) && collect(A, S, n->c) && bind(A, S, n->name);
        break;
    case E_LISTCOMP: case E_DICTCOMP: case E_GENEXP:  /* the first iterable here; walruses bind here */
        ok = collect(A, S, n->list[0]->b) && comp_walrus(A, S, n);
        break;
    case S_ASSIGN:
        for (int i = 0; ok && i < n->n; i++) ok = collect_target(A, S, n->list[i]);
        ok = ok && collect(A, S, n->a);
        break;
    case S_AUG:
        ok = collect(A, S, n->a) && collect_target(A, S, n->a) && collect(A, S, n->b);
        break;
    case S_ANNASSIGN:
        ok = collect(A, S, n->b) && collect_target(A, S, n->a);
        break;
    case S_FOR:
        ok = collect(A, S, n->b) && collect_target(A, S, n->a) && collect_list(A, S, n->list, n->n) &&
             collect_list(A, S, n->list2, n->n2);
        break;
    case S_DEL:
        ok = collect_target(A, S, n->a);
        break;
    case PT_CAPTURE: case PT_STAR:     /* a match pattern's names are bound (py_match.c) */
        ok = !n->a || collect_target(A, S, n->a);
        break;
    case PT_AS:
        ok = collect(A, S, n->a) && collect_target(A, S, n->b);
        break;
    case S_WITHITEM:                   /* with x as target: the target is bound */
        ok = collect(A, S, n->a) && (!n->b || collect_target(A, S, n->b));
        break;
    case PT_MAP:
        ok = collect_list(A, S, n->list, n->n) && collect_list(A, S, n->list2, n->n2) && (!n->a || collect_target(A, S, n->a));
        break;
    case S_IF:
        for (py_node *x = n; ok; x = elif_of(x)) {
            ok = collect(A, S, x->a) && collect_list(A, S, x->list, x->n);
            if (!elif_of(x)) {
                ok = ok && (!x->list2 || collect_list(A, S, x->list2, x->n2));
                break;
            }
        }
        break;
    case S_CLASS:                      /* bases and keywords here; the body is collected when resolved */
        ok = (!n->list2 || collect_list(A, S, n->list2, n->n2)) && bind(A, S, n->name);
        break;
    case S_EXCEPT:
        ok = collect(A, S, n->a) && (!n->name || bind(A, S, n->name)) && collect_list(A, S, n->list, n->n);
        break;
    case S_IMPORT:
        for (int i = 0; ok && i < n->n; i++) {
            py_node *al = n->list[i];
            const char *nm = al->alias;
            if (!nm) {                 /* import a.b binds a */
                const char *dot = strchr(al->name, '.');
                nm = dot ? py_intern(A->a, al->name, (size_t)(dot - al->name)) : al->name;
                if (!nm) return aoom(A);
            }
            ok = bind(A, S, nm);
        }
        break;
    case S_FROM:
        for (int i = 0; ok && i < n->n; i++) ok = bind(A, S, n->list[i]->alias ? n->list[i]->alias : n->list[i]->name);
        break;
    case S_GLOBAL: case S_NONLOCAL: {
        bool glob = n->kind == S_GLOBAL;
        if (!glob && S->kind == SC_MODULE) return afail(A, n, "nonlocal declaration not allowed at module level%s", "");
        if (S->kind == SC_MODULE) break;
        for (int i = 0; i < n->n; i++) {
            sym *y = add(A, S, n->list[i]->name);
            if (!y) return false;
            const char *w = glob ? "global" : "nonlocal";
            char fmt[96];
            if (y->flags & F_PARAM) {
                snprintf(fmt, sizeof fmt, "name '%%s' is parameter and %s", w);
                return afail(A, n, fmt, y->name);
            }
            if (glob && (y->flags & F_NONLOCAL)) return afail(A, n, "name '%s' is nonlocal and global", y->name);
            if (!glob && (y->flags & F_GLOBAL)) return afail(A, n, "name '%s' is nonlocal and global", y->name);
            if (y->flags & F_BOUND) {
                snprintf(fmt, sizeof fmt, "name '%%s' is assigned to before %s declaration", w);
                return afail(A, n, fmt, y->name);
            }
            if (y->flags & F_USED) {
                snprintf(fmt, sizeof fmt, "name '%%s' is used prior to %s declaration", w);
                return afail(A, n, fmt, y->name);
            }
            y->flags |= glob ? F_GLOBAL : F_NONLOCAL;
        }
        break;
    }
    default:                           /* generic: every child, in the AST's order */
        ok = collect(A, S, n->a) && collect(A, S, n->b) && collect(A, S, n->c) &&
             (!n->list || collect_list(A, S, n->list, n->n)) && (!n->list2 || collect_list(A, S, n->list2, n->n2));
        break;
    }
    leave(A);
    return ok;
}

/* ---------------------------------------------------------------- resolve */
static bool resolve(an *A, scope *S, py_node *n);

/* Where `name`, used in S, lives. */
static void res_of(scope *S, const char *name, int *res, py_node **owner) {
    *owner = NULL;
    if (S->kind == SC_MODULE || S->kind == SC_CLASS) {
        *res = RES_WALK;
        return;
    }
    sym *y = find(S, name);
    if (y && (y->flags & F_GLOBAL)) {
        *res = RES_GLOBAL;
        return;
    }
    if (y && (y->flags & (F_BOUND | F_PARAM)) && !(y->flags & F_NONLOCAL)) {
        *res = RES_LOCAL;
        *owner = S->node;
        return;
    }
    for (scope *u = S->up; u && u->kind != SC_MODULE; u = u->up) {   /* free: the nearest function binding it */
        if (u->kind == SC_CLASS) continue;
        sym *z = find(u, name);
        if (!z) continue;
        if (z->flags & F_GLOBAL) break;
        if ((z->flags & (F_BOUND | F_PARAM)) && !(z->flags & F_NONLOCAL)) {
            *res = RES_CELL;
            *owner = u->node;
            return;
        }
    }
    *res = RES_FREE_GLOBAL;
}

static bool resolve_list(an *A, scope *S, py_node **l, int k) {
    for (int i = 0; i < k; i++)
        if (l[i] && !resolve(A, S, l[i])) return false;
    return true;
}

static const char *qual_of(an *A, scope *S, const char *name) {
    if (!S->qual) return name;
    size_t a = strlen(S->qual), b = strlen(name);
    char *q = py_alloc(A->a, a + b + 2);
    if (!q) return aoom(A), NULL;
    memcpy(q, S->qual, a);
    q[a] = '.';
    memcpy(q + a + 1, name, b);
    return q;
}

static const char *locals_of(an *A, const char *qual) {
    size_t a = strlen(qual);
    char *q = py_alloc(A->a, a + 10);
    if (!q) return aoom(A), NULL;
    memcpy(q, qual, a);
    memcpy(q + a, ".<locals>", 10);
    return q;
}

/* A function scope (def or lambda): parameters bound, the body collected then resolved. */
static bool function_scope(an *A, scope *S, py_node *fn, py_node **ps, int np, py_node **body, int nb, py_node *expr) {
    scope C = {S, fn, SC_FUNC, NULL, 0, 0, NULL};
    fn->is_scope = true;
    if (!(fn->qualname = qual_of(A, S, fn->kind == E_LAMBDA ? "<lambda>" : fn->name))) return false;
    if (!(C.qual = locals_of(A, fn->qualname))) return false;
    for (int i = 0; i < np; i++) {
        sym *y = add(A, &C, ps[i]->name);
        if (!y) return false;
        y->flags |= F_PARAM | F_BOUND;
        ps[i]->res = RES_LOCAL;
        ps[i]->owner = fn;
    }
    if (!collect_list(A, &C, body, nb) || !collect(A, &C, expr)) return false;
    for (int i = 0; i < C.n; i++) {    /* every nonlocal names a binding of an enclosing function */
        if (!(C.s[i].flags & F_NONLOCAL)) continue;
        bool found = false;
        for (scope *u = S; u && u->kind != SC_MODULE && !found; u = u->up) {
            if (u->kind == SC_CLASS) continue;
            sym *z = find(u, C.s[i].name);
            if (z && (z->flags & F_GLOBAL)) break;
            found = z && (z->flags & (F_BOUND | F_PARAM | F_NONLOCAL));
        }
        if (!found) {                  /* at the nonlocal statement that declared it */
            const py_node *at = NULL;
            /* find the statement: a search of the body's blocks (not of nested functions) */
            py_node *stack[256];
            int sp = 0;
            for (int k = nb - 1; k >= 0 && sp < 256; k--) stack[sp++] = body[k];
            while (sp && !at) {
                py_node *x = stack[--sp];
                if (x->kind == S_NONLOCAL) {
                    for (int j = 0; j < x->n; j++)
                        if (x->list[j]->name == C.s[i].name) at = x;
                    continue;
                }
                if (x->kind == S_DEF || x->kind == E_LAMBDA) continue;
                for (int j = x->n2 - 1; x->list2 && j >= 0 && sp < 256; j--)
                    if (x->list2[j] && x->list2[j]->kind >= S_EXPR) stack[sp++] = x->list2[j];
                for (int j = x->n - 1; x->list && j >= 0 && sp < 256; j--)
                    if (x->list[j] && x->list[j]->kind >= S_EXPR) stack[sp++] = x->list[j];
            }
            return afail(A, at ? at : fn, "no binding for nonlocal '%s' found", C.s[i].name);
        }
    }
    return resolve_list(A, &C, body, nb) && resolve(A, &C, expr);
}

/* A comprehension: its targets bound in its own scope, the first iterable resolved outside. */
static bool comp_scope(an *A, scope *S, py_node *n) {
    if (!resolve(A, S, n->list[0]->b)) return false;
    scope C = {S, n, SC_COMP, NULL, 0, 0, NULL};
    n->is_scope = true;
    const char *nm = n->kind == E_LISTCOMP ? "<listcomp>" : n->kind == E_GENEXP ? "<genexpr>" : "<dictcomp>";
    const char *q = qual_of(A, S, nm);
    if (!q || !(C.qual = locals_of(A, q))) return false;
    for (int i = 0; i < n->n; i++) {
        py_node *c = n->list[i];
        if (c->kind == E_COMPFOR) {
            if (!collect_target(A, &C, c->a) || (i > 0 && !collect(A, &C, c->b))) return false;
        } else if (!collect(A, &C, c->a)) {
            return false;
        }
    }
    if (!collect(A, &C, n->a) || !collect(A, &C, n->b)) return false;
    /* walruses bind outside: forget them here (comp_walrus bound them in S) */
    for (int i = 0; i < n->n; i++) {
        py_node *c = n->list[i];
        if (c->kind == E_COMPFOR ? !resolve(A, &C, c->a) || (i > 0 && !resolve(A, &C, c->b)) : !resolve(A, &C, c->a))
            return false;
    }
    return resolve(A, &C, n->a) && resolve(A, &C, n->b);
}

static bool resolve(an *A, scope *S, py_node *n) {
    if (!n) return true;
    if (!enter(A, n)) return false;
    bool ok = true;
    switch (n->kind) {
    case E_NAME:
        res_of(S, n->name, &n->res, &n->owner);
        break;
    case E_WALRUS: {
        scope *h = walrus_home(S);
        if (h != S) {                  /* inside a comprehension */
            for (scope *c = S; c != h; c = c->up) {
                sym *y = find(c, n->name);
                if (y && (y->flags & F_BOUND) && c->node && c->node->list) {
                    bool target = false;    /* bound by a for-clause of that comprehension? */
                    for (int i = 0; i < c->node->n; i++) {
                        py_node *cl = c->node->list[i];
                        py_node *st[64];
                        int sp = 0;
                        if (cl->kind != E_COMPFOR) continue;
                        st[sp++] = cl->a;
                        while (sp) {
                            py_node *t = st[--sp];
                            if (t->kind == E_NAME && t->name == n->name) target = true;
                            if (t->kind == E_STAR && sp < 64) st[sp++] = t->a;
                            for (int j = 0; (t->kind == E_TUPLE || t->kind == E_LIST) && j < t->n && sp < 64; j++)
                                st[sp++] = t->list[j];
                        }
                    }
                    if (target)
                        return afail(A, n, "assignment expression cannot rebind comprehension iteration variable '%s'", n->name);
                }
            }
        }
        res_of(h, n->name, &n->res, &n->owner);
        if (h != S && h->kind == SC_MODULE) n->res = RES_GLOBAL;    /* a module-level comprehension's walrus */
        ok = resolve(A, S, n->a);
        break;
    }
    case E_LAMBDA:
        for (int i = 0; ok && i < n->n; i++) ok = resolve(A, S, n->list[i]->a);
        ok = ok && function_scope(A, S, n, n->list, n->n, NULL, 0, n->a);
        break;
    case S_DEF:
        for (int i = 0; ok && i < n->n2; i++) ok = resolve(A, S, n->list2[i]->a);
        ok = ok && resolve(A, S, n->a) && resolve(A, S, n->b) && resolve(A, S, n->c);
        if (ok) {
            res_of(S, n->name, &n->res, &n->owner);
            ok = function_scope(A, S, n, n->list2, n->n2, n->list, n->n, NULL);
        }
        break;
    case E_LISTCOMP: case E_DICTCOMP: case E_GENEXP:
        ok = comp_scope(A, S, n);
        break;
    case S_IMPORT:
        for (int i = 0; i < n->n; i++) {
            py_node *al = n->list[i];
            const char *nm = al->alias;
            if (!nm) {
                const char *dot = strchr(al->name, '.');
                nm = dot ? py_intern(A->a, al->name, (size_t)(dot - al->name)) : al->name;
                if (!nm) return aoom(A);
            }
            res_of(S, nm, &al->res, &al->owner);
        }
        break;
    case S_FROM:
        for (int i = 0; i < n->n; i++) {
            py_node *al = n->list[i];
            res_of(S, al->alias ? al->alias : al->name, &al->res, &al->owner);
        }
        break;
    case S_GLOBAL: case S_NONLOCAL:
        break;
    case S_CLASS: {                    /* class_scope: the body resolved in a namespace of its own */
        ok = !n->list2 || resolve_list(A, S, n->list2, n->n2);
        if (!ok) break;
        res_of(S, n->name, &n->res, &n->owner);
        scope C = {S, n, SC_CLASS, NULL, 0, 0, NULL};
        ok = (C.qual = qual_of(A, S, n->name)) && collect_list(A, &C, n->list, n->n) && resolve_list(A, &C, n->list, n->n);
        break;
    }
    case S_IF:
        for (py_node *x = n; ok; x = elif_of(x)) {
            ok = resolve(A, S, x->a) && resolve_list(A, S, x->list, x->n);
            if (!elif_of(x)) {
                ok = ok && (!x->list2 || resolve_list(A, S, x->list2, x->n2));
                break;
            }
        }
        break;
    case S_EXCEPT:
        if (n->name) res_of(S, n->name, &n->res, &n->owner);
        ok = resolve(A, S, n->a) && resolve_list(A, S, n->list, n->n);
        break;
    default:
        ok = resolve(A, S, n->a) && resolve(A, S, n->b) && resolve(A, S, n->c) &&
             (!n->list || resolve_list(A, S, n->list, n->n)) && (!n->list2 || resolve_list(A, S, n->list2, n->n2));
        break;
    }
    leave(A);
    return ok;
}

/* ---------------------------------------------------------------- the compiler's checks
 * 'return' outside a function, 'break' / 'continue' outside a loop (CPython's compiler reports them
 * after the symbol table, so they come after its errors). A loop's else block is outside the loop. */
static bool ctl(an *A, py_node *n, bool func, bool loop) {
    if (!n) return true;
    switch (n->kind) {
    case S_RETURN:
        return func || afail(A, n, "'return' outside function%s", "");
    case S_BREAK:
        return loop || afail(A, n, "'break' outside loop%s", "");
    case S_CONTINUE:
        return loop || afail(A, n, "'continue' not properly in loop%s", "");
    case S_DEF:
        for (int i = 0; i < n->n; i++)
            if (!ctl(A, n->list[i], true, false)) return false;
        return true;
    case S_CLASS:
        for (int i = 0; i < n->n; i++)
            if (!ctl(A, n->list[i], false, false)) return false;
        return true;
    case S_IF:
        for (py_node *x = n;; x = elif_of(x)) {
            for (int i = 0; i < x->n; i++)
                if (!ctl(A, x->list[i], func, loop)) return false;
            if (!elif_of(x)) {
                for (int i = 0; x->list2 && i < x->n2; i++)
                    if (!ctl(A, x->list2[i], func, loop)) return false;
                return true;
            }
        }
    case S_FOR: case S_WHILE:
        for (int i = 0; i < n->n; i++)
            if (!ctl(A, n->list[i], func, true)) return false;
        for (int i = 0; n->list2 && i < n->n2; i++)
            if (!ctl(A, n->list2[i], func, loop)) return false;
        return true;
    default:
        if (n->kind < S_EXPR || n->kind == E_WALRUS || n->kind == E_YIELD || n->kind == E_YIELDFROM || n->kind == E_GENEXP)
            return true;                 /* expressions hold no statements */
        if (!enter(A, n)) return false;
        for (int i = 0; n->list && i < n->n; i++)
            if (n->list[i] && !ctl(A, n->list[i], func, loop)) return false;
        for (int i = 0; n->list2 && i < n->n2; i++)
            if (n->list2[i] && !ctl(A, n->list2[i], func, loop)) return false;
        leave(A);
        return true;
    }
}

gl_status py_scope_analyse(py_arena *a, py_node **body, int n, const char *file, gl_err *e) {
    an A = {a, file, e};
    scope M = {NULL, NULL, SC_MODULE, NULL, 0, 0, NULL};
    if (!collect_list(&A, &M, body, n) || !resolve_list(&A, &M, body, n)) return e->code ? e->code : GL_E_PARSE;
    for (int i = 0; i < n; i++)
        if (!ctl(&A, body[i], false, false)) return e->code ? e->code : GL_E_PARSE;
    return GL_OK;
}
