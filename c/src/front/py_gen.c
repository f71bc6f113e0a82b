/* py_gen.c — generator functions and generator expressions, lazy as in CPython.
 *
 * The evaluator walks the AST with C recursion, and a C frame cannot be suspended in the middle (no
 * coroutines that work in WASM too). So a generator's body runs on a resumable executor of its own: an
 * explicit stack of frames, one per block being executed (the function body, an if / else branch, a for
 * loop with its iterator, a while loop), each with the index of its next statement. next() re-enters the
 * stack where it stopped. A statement with no `yield` inside runs whole through the ordinary evaluator
 * (py_exec_stmt: nested loops, calls, try of the class lane, anything); only the statements that contain a
 * yield are taken apart here:
 *
 *   yield x / yield / yield a, b                        (an expression statement)
 *   y = yield x,  a, b = yield x,  y = yield from it      (an assignment's right-hand side; send() gives y)
 *   yield from it                                        (delegation: items of it, then its return value)
 *   if / elif / else, for (with else), while (with else), a match's case blocks containing any of these, to any depth
 *   try / except / else / finally containing them (with the class lane's exceptions): an error raised under
 *   a try frame is taken by it (a matching handler, else its finally, which raises it again at its end);
 *   break / continue / return run the finally blocks they leave
 *   return [x] anywhere ends the generator (StopIteration carries x, `yield from` sees it)
 *
 * A yield anywhere else (inside a larger expression: `print((yield))`, `x += yield`, `return (yield)`, an
 * except clause's type, a lambda) is refused with a clear error naming the form to write instead. A
 * generator left suspended inside a try does not run its finally when it is dropped (CPython runs it when
 * the generator is collected, through GeneratorExit; close() and throw() are not modelled). The stack
 * is bounded by the parser's block nesting (GL_PROGRAM_MAX_NEST); each resume counts as a call against the
 * recursion limit, and a generator that is resumed while it runs is CPython's ValueError. An exception that
 * leaves the body finishes the generator; StopIteration raised inside becomes "RuntimeError: generator
 * raised StopIteration" (PEP 479).
 *
 * Whether a def is a generator is found by a walk over its body (memoised in py_node.yflag), stopping at
 * nested defs, lambdas and comprehensions (their own scopes). The walk is generic over the node fields
 * (a, b, c, list, list2), so statement kinds other lanes add are covered as long as they keep their
 * children there.
 *
 * A generator expression keeps one iterator per `for` clause: the first iterable is evaluated (and iter()
 * called) when the expression is, in the enclosing scope; the rest, the conditions and the element as items
 * are asked for, in the comprehension's own scope, backtracking to the innermost `for` that has items left. */
#include <string.h>

#include "front/py_iter.h"

enum { FR_BODY, FR_IF, FR_FOR, FR_WHILE, FR_ELSE, FR_TRY };
enum { TRY_BODY, TRY_HANDLER, TRY_ELSE, TRY_FINALLY };   /* FR_TRY's phase: the block it is running */

typedef struct {
    int kind;
    py_node *owner;               /* the for / while / if / try statement (NULL for the body) */
    py_node **body;
    int n, pc;                    /* the block, the index of its next statement */
    py_val *iter;                 /* FR_FOR */
    int phase;                    /* FR_TRY: TRY_* */
    py_val *exc;                  /* FR_TRY: the exception its handler handles, or its finally re-raises */
    int pctl;                     /* FR_TRY in finally: the return / break / continue to resume after it */
    py_val *pret;
} gframe;

struct py_gen {
    /* generator function */
    const char *name;
    py_env *env;
    gframe *fr;
    int nfr, cap;
    py_node *wait;                /* suspended at this statement's yield (its value / assignment pending) */
    py_val *sub;                  /* yield from: the delegate */
    py_val *retval;               /* what return gave (StopIteration's value) */
    bool started, running;
    /* generator expression */
    py_node *gx;
    py_val **its;                 /* one iterator per clause (NULL for if-clauses) */
};

/* ---- is there a yield in this statement / expression (its own scope only) */
static bool own_scope(const py_node *n) {
    return n->kind == S_DEF || n->kind == E_LAMBDA || n->kind == E_LISTCOMP || n->kind == E_DICTCOMP ||
           n->kind == E_GENEXP;
}

static bool has_yield(py_node *n) {
    bool found = false;
    py_node *top = n;
    /* the left spine (a.b.c..., 1+2+3+...) is iterated, the other children recursed: the parser bounds
     * those by its nesting limit */
    for (; n && !found; n = n->a) {
        /* before yflag: on a def, yflag says whether the def is a generator (py_is_generator_def), not
         * whether this statement yields */
        if (own_scope(n)) break;
        if (n->yflag) {
            found = n->yflag == 2;
            break;
        }
        if (n->kind == E_YIELD || n->kind == E_YIELDFROM) {
            found = true;
            break;
        }
        if ((n->b && has_yield(n->b)) || (n->c && has_yield(n->c))) found = true;
        for (int i = 0; !found && n->list && i < n->n; i++)
            if (n->list[i] && has_yield(n->list[i])) found = true;
        for (int i = 0; !found && n->list2 && i < n->n2; i++)
            if (n->list2[i] && has_yield(n->list2[i])) found = true;
    }
    if (!own_scope(top)) top->yflag = found ? 2 : 1;
    return found;
}

bool py_is_generator_def(py_node *def) {
    if (def->kind != S_DEF) return false;
    if (!def->yflag) {
        bool g = false;
        for (int i = 0; !g && i < def->n; i++) g = has_yield(def->list[i]);
        def->yflag = g ? 2 : 1;
    }
    return def->yflag == 2;
}

/* ---- construction */
py_val *py_gen_new(py_interp *I, py_val *fn, py_env *env) {
    py_val *v = py_iter_make(I, IT_GEN);
    py_gen *g = v ? py_alloc(&I->ar, sizeof *g) : NULL;
    if (!g) return v ? py_oom(I) : NULL;
    v->u.it->gen = g;
    py_node *def = fn->u.fn.def;
    g->name = def->name;
    g->env = env;
    g->cap = 8;
    if (!(g->fr = py_alloc(&I->ar, sizeof *g->fr * (size_t)g->cap))) return py_oom(I);
    g->fr[0] = (gframe){.kind = FR_BODY, .body = def->list, .n = def->n};
    g->nfr = 1;
    g->retval = &py_None;
    return v;
}

py_val *py_genexp_new(py_interp *I, py_node *n, py_env *env) {
    py_val *src = py_eval_expr(I, n->list[0]->b, env), *first;
    if (!src || py_iter_open(I, n->list[0]->b, src, &first)) return NULL;
    py_val *v = py_iter_make(I, IT_GENEXP);
    py_gen *g = v ? py_alloc(&I->ar, sizeof *g) : NULL;
    if (!g) return v ? py_oom(I) : NULL;
    v->u.it->gen = g;
    g->name = "<genexpr>";
    g->gx = n;
    g->retval = &py_None;
    if (!(g->env = py_env_new(I, env))) return NULL;
    g->env->scope = n;            /* the comprehension's own scope (py_scope.c resolves its names to it) */
    if (!(g->its = py_alloc(&I->ar, sizeof(py_val *) * (size_t)n->n))) return py_oom(I);
    g->its[0] = first;
    return v;
}

const char *py_gen_name(const py_iter *it) { return it->gen ? it->gen->name : "?"; }
py_val *py_gen_retval(const py_iter *it) { return it->gen ? it->gen->retval : &py_None; }

/* ---- the generator function's executor */
static gl_status push(py_interp *I, py_gen *g, gframe f) {
    if (g->nfr == g->cap) {
        if (g->cap >= 4 * GL_PROGRAM_MAX_NEST)
            return py_fail(I, f.owner, GL_E_LIMIT, "the generator's blocks nest too deeply"), GL_E_LIMIT;
        gframe *t = py_alloc(&I->ar, sizeof *t * (size_t)g->cap * 2);
        if (!t) return py_oom(I), I->err.code;
        memcpy(t, g->fr, sizeof *t * (size_t)g->nfr);
        g->fr = t;
        g->cap *= 2;
    }
    g->fr[g->nfr++] = f;
    return GL_OK;
}

static gl_status unsupported(py_interp *I, py_node *s) {
    const char *where = s->kind == S_AUG ? "an augmented assignment (write `v = yield x` then `y += v`)"
                      : s->kind == S_RETURN ? "a return statement"
                      : (s->kind == S_EXPR || s->kind == S_ASSIGN) ? "a larger expression (write `v = yield x` on its own line, then use v)"
                      : "this statement (GraphLab's generators yield from if / for / while / try / match blocks)";
    return py_fail(I, s, GL_E_INVALID, "a yield inside %s is not supported", where), GL_E_INVALID;
}

/* The pending statement gets the value its yield evaluated to (None, what send() gave, yield from's result). */
static gl_status finish_wait(py_interp *I, py_gen *g, py_val *value) {
    py_node *s = g->wait;
    g->wait = NULL;
    if (s->kind == S_ASSIGN)
        for (int i = 0; i < s->n; i++)
            if (py_assign(I, s->list[i], value, g->env)) return I->err.code;
    return GL_OK;
}

/* One step of yield from: an item of the delegate (*item), or the delegate's end (its return value given to
 * the pending statement; *item NULL). */
static gl_status delegate(py_interp *I, const py_node *at, py_gen *g, py_val *sent, py_val **item) {
    py_val *x;
    bool d;
    py_iter *sub = g->sub->u.it;
    if (sent && sent->kind != V_NONE && sub->kind == IT_GEN) {
        if (sub->done) d = true, x = NULL;
        else if (py_gen_next(I, at, sub, sent, &x, &d)) return I->err.code;
    } else if (py_iter_next(I, at, g->sub, &x, &d)) {
        return I->err.code;
    }
    if (!d) {
        *item = x;
        return GL_OK;
    }
    *item = NULL;
    py_val *r = sub->kind == IT_GEN && sub->gen ? sub->gen->retval : &py_None;
    g->sub = NULL;
    return finish_wait(I, g, r);
}

static void end_gen(py_gen *g, bool *done) {
    g->nfr = 0;
    *done = true;
}

/* After a statement left break / continue / return in I->ctl: unwind the frames to the loop it belongs to
 * (or the end of the body), running the finally block of a try on the way first (it resumes the unwinding
 * when it ends; a return / break in the finally itself replaces what was pending, as in CPython). */
static gl_status unwind(py_interp *I, py_gen *g, py_node *s, bool *done, bool *ended) {
    int ctl = I->ctl;
    py_val *ret = I->ret;
    I->ctl = CTL_NONE;
    I->ret = NULL;
    while (g->nfr > 0) {
        gframe *f = &g->fr[g->nfr - 1];
        if (ctl != CTL_RETURN && (f->kind == FR_FOR || f->kind == FR_WHILE)) {
            if (ctl == CTL_BREAK) g->nfr--;
            else f->pc = f->n;        /* continue: the next item / the condition again */
            return GL_OK;
        }
        if (f->kind == FR_TRY && f->phase != TRY_FINALLY && f->owner->c) {
            f->phase = TRY_FINALLY;
            f->body = f->owner->c->list;
            f->n = f->owner->c->n;
            f->pc = 0;
            f->exc = NULL;
            f->pctl = ctl;
            f->pret = ret;
            return GL_OK;
        }
        if (f->kind == FR_BODY) break;
        g->nfr--;
    }
    if (ctl == CTL_RETURN) {
        g->retval = ret ? ret : &py_None;
        end_gen(g, done);
        *ended = true;
        return GL_OK;
    }
    return py_fail(I, s, GL_E_PARSE, ctl == CTL_BREAK ? "SyntaxError: 'break' outside loop"
                                                      : "SyntaxError: 'continue' not properly in loop"), GL_E_PARSE;
}

#ifdef GL_PY_CLASS_H
/* ---- try / except / else / finally around yields (the class lane's exceptions) */
static int exc_match(py_interp *I, const py_node *at, py_val *e, py_val *t, int depth) {
    if (t->kind == V_TUPLE && depth < 50) {
        for (int i = 0; i < t->u.seq.n; i++) {
            int r = exc_match(I, at, e, t->u.seq.v[i], depth + 1);
            if (r) return r;
        }
        return 0;
    }
    if (t->kind != V_CLASS || !(t->u.cls->flags & CF_EXC)) {
        py_fail(I, at, GL_E_INVALID, "TypeError: catching classes that do not inherit from BaseException is not allowed");
        return -1;
    }
    for (py_val *k = e->u.inst->cls; k; k = k->u.cls->base)
        if (k == t) return 1;
    return 0;
}

/* The pending error reached the executor: the innermost try frame takes it (a matching handler, else its
 * finally, which re-raises it at its end); false when no frame does (or it is not catchable: a budget error). */
static bool catch_in_gen(py_interp *I, py_gen *g) {
    for (;;) {
        int k = g->nfr - 1;
        while (k >= 0 && g->fr[k].kind != FR_TRY) k--;
        if (k < 0) return false;
        py_val *e = py_exc_take(I);
        if (!e) return false;
        gframe *f = &g->fr[k];
        py_node *t = f->owner;
        g->nfr = k + 1;
        g->sub = NULL;
        g->wait = NULL;
        if (f->phase == TRY_BODY) {
            for (int i = 0; i < t->n2; i++) {
                py_node *h = t->list2[i];
                int m = 1;
                if (h->a) {
                    if (has_yield(h->a)) return unsupported(I, h), false;
                    py_val *ty = py_eval_expr(I, h->a, g->env);
                    m = ty ? exc_match(I, h->a, e, ty, 0) : -1;
                    if (m < 0) {      /* the handler's expression raised: that exception goes on instead */
                        py_val *e2 = py_exc_take(I);
                        if (!e2) return false;
                        e = e2;
                        break;
                    }
                }
                if (m == 1) {
                    if (h->name && py_env_set(I, g->env, h->name, e)) return false;
                    f->phase = TRY_HANDLER;
                    f->body = h->list;
                    f->n = h->n;
                    f->pc = 0;
                    f->exc = e;
                    return true;
                }
            }
        }
        if (f->phase != TRY_FINALLY && t->c) {
            f->phase = TRY_FINALLY;
            f->body = t->c->list;
            f->n = t->c->n;
            f->pc = 0;
            f->exc = e;
            f->pctl = 0;
            return true;
        }
        g->nfr = k;               /* no handler, no finally (or the error came from the finally): outward */
        py_raise(I, t, e);
    }
}
#endif

/* The exception an except block of the generator is handling (a bare raise re-raises it), or NULL. */
static py_val *handling(py_gen *g) {
    for (int k = g->nfr - 1; k >= 0; k--)
        if (g->fr[k].kind == FR_TRY && g->fr[k].phase == TRY_HANDLER) return g->fr[k].exc;
    return NULL;
}

/* A loop ended without break: its else block, if it has one (S_FOR / S_WHILE keep it in list2). */
static gl_status loop_done(py_interp *I, py_gen *g, py_node *owner) {
    g->nfr--;
    if (owner->list2 && owner->n2) return push(I, g, (gframe){.kind = FR_ELSE, .owner = owner, .body = owner->list2, .n = owner->n2});
    return GL_OK;
}

static gl_status gen_steps(py_interp *I, const py_node *at, py_gen *g, py_val *sent, py_val **item, bool *done) {
    if (g->sub) {
        if (delegate(I, at, g, sent, item)) return I->err.code;
        if (*item) return GL_OK;
    } else if (g->wait) {
        if (finish_wait(I, g, sent ? sent : &py_None)) return I->err.code;
    }
    for (;;) {
        if (g->nfr == 0) {
            end_gen(g, done);
            return GL_OK;
        }
        gframe *f = &g->fr[g->nfr - 1];
        if (f->pc >= f->n) {
            switch (f->kind) {
            case FR_BODY: end_gen(g, done); return GL_OK;
            case FR_IF: case FR_ELSE: g->nfr--; continue;
            case FR_FOR: {
                py_val *x;
                bool d;
                if (py_iter_next(I, f->owner->b, f->iter, &x, &d)) return I->err.code;
                if (d) {
                    if (loop_done(I, g, f->owner)) return I->err.code;
                    continue;
                }
                if (py_assign(I, f->owner->a, x, g->env)) return I->err.code;
                f->pc = 0;
                continue;
            }
            case FR_TRY: {
                py_node *t = f->owner;
                if (f->phase == TRY_BODY && t->b) {          /* else: the body raised nothing */
                    f->phase = TRY_ELSE;
                    f->body = t->b->list;
                    f->n = t->b->n;
                    f->pc = 0;
                    continue;
                }
                if (f->phase != TRY_FINALLY && t->c) {
                    f->phase = TRY_FINALLY;
                    f->body = t->c->list;
                    f->n = t->c->n;
                    f->pc = 0;
                    f->exc = NULL;
                    f->pctl = 0;
                    continue;
                }
                py_val *pe = f->phase == TRY_FINALLY ? f->exc : NULL, *pret = f->pret;
                int pctl = f->phase == TRY_FINALLY ? f->pctl : 0;
                g->nfr--;
#ifdef GL_PY_CLASS_H
                if (pe) {                 /* the finally of an exception: raise it again */
                    py_raise(I, t, pe);
                    return I->err.code ? I->err.code : GL_E_INTERNAL;
                }
#else
                (void)pe;
#endif
                if (pctl) {               /* the finally of a return / break / continue: go on with it */
                    bool ended = false;
                    I->ctl = pctl;
                    I->ret = pret;
                    if (unwind(I, g, t, done, &ended)) return I->err.code;
                    if (ended) return GL_OK;
                }
                continue;
            }
            case FR_WHILE: {
                bool t;
                py_val *c = py_eval_expr(I, f->owner->a, g->env);
                if (!c || py_truth(I, f->owner->a, c, &t)) return I->err.code;
                if (!t) {
                    if (loop_done(I, g, f->owner)) return I->err.code;
                    continue;
                }
                f->pc = 0;
                continue;
            }
            }
        }
        py_node *s = f->body[f->pc];
        if (!has_yield(s)) {
            f->pc++;
            py_val *h = handling(g);
#ifdef GL_PY_CLASS_H
            py_val *saved_h = I->crt->handling;
            if (h) I->crt->handling = h;
            gl_status st = py_exec_stmt(I, s, g->env);
            I->crt->handling = saved_h;
#else
            (void)h;
            gl_status st = py_exec_stmt(I, s, g->env);
#endif
            if (st) return I->err.code ? I->err.code : GL_E_INTERNAL;
            if (I->ctl) {
                bool ended = false;
                if (unwind(I, g, s, done, &ended)) return I->err.code;
                if (ended) return GL_OK;
            }
            continue;
        }
        if (!py_steps(I, s)) return I->err.code;
        I->at = s;
        switch (s->kind) {
        case S_EXPR: case S_ASSIGN: {
            py_node *y = s->a;
            if (y->kind == E_YIELD) {
                if (y->a && has_yield(y->a)) return unsupported(I, s);
                f->pc++;
                py_val *v = y->a ? py_eval_expr(I, y->a, g->env) : &py_None;
                if (!v) return I->err.code;
                g->wait = s;
                *item = v;
                return GL_OK;
            }
            if (y->kind == E_YIELDFROM) {
                if (has_yield(y->a)) return unsupported(I, s);
                f->pc++;
                py_val *src = py_eval_expr(I, y->a, g->env);
                if (!src || py_iter_open(I, y->a, src, &g->sub)) return I->err.code;
                g->wait = s;
                if (delegate(I, y, g, NULL, item)) return I->err.code;
                if (*item) return GL_OK;
                continue;
            }
            if (s->kind == S_ASSIGN) {
                for (int i = 0; i < s->n; i++)
                    if (has_yield(s->list[i])) return unsupported(I, s);
            }
            return unsupported(I, s);
        }
        case S_IF: {
            bool t;
            if (has_yield(s->a)) return unsupported(I, s);
            f->pc++;
            py_val *c = py_eval_expr(I, s->a, g->env);
            if (!c || py_truth(I, s->a, c, &t)) return I->err.code;
            if (t) {
                if (push(I, g, (gframe){.kind = FR_IF, .owner = s, .body = s->list, .n = s->n})) return I->err.code;
            } else if (s->list2 && s->n2) {
                if (push(I, g, (gframe){.kind = FR_ELSE, .owner = s, .body = s->list2, .n = s->n2})) return I->err.code;
            }
            continue;
        }
        case S_MATCH: {           /* the chosen case's block runs here, as an if's */
            py_node *c;
            if (has_yield(s->a)) return unsupported(I, s);
            for (int i = 0; i < s->n; i++)
                if ((s->list[i]->b && has_yield(s->list[i]->b)) || has_yield(s->list[i]->a)) return unsupported(I, s);
            f->pc++;
            if (py_match_select(I, s, g->env, &c)) return I->err.code;
            if (c && push(I, g, (gframe){.kind = FR_IF, .owner = s, .body = c->list, .n = c->n})) return I->err.code;
            continue;
        }
        case S_FOR: {
            if (has_yield(s->b) || has_yield(s->a)) return unsupported(I, s);
            f->pc++;
            py_val *src = py_eval_expr(I, s->b, g->env), *it;
            if (!src) return I->err.code;
            if (py_iter_open(I, s->b, src, &it)) return I->err.code;
            if (push(I, g, (gframe){.kind = FR_FOR, .owner = s, .body = s->list, .n = s->n, .pc = s->n, .iter = it})) return I->err.code;
            continue;
        }
#ifdef GL_PY_CLASS_H
        case S_TRY:
            f->pc++;
            if (push(I, g, (gframe){.kind = FR_TRY, .owner = s, .body = s->list, .n = s->n})) return I->err.code;
            continue;
#endif
        case S_WHILE:
            if (has_yield(s->a)) return unsupported(I, s);
            f->pc++;
            if (push(I, g, (gframe){.kind = FR_WHILE, .owner = s, .body = s->list, .n = s->n, .pc = s->n})) return I->err.code;
            continue;
        default:
            return unsupported(I, s);
        }
    }
}

/* The executor, with the try frames taking the errors raised under them. */
static gl_status gen_run(py_interp *I, const py_node *at, py_gen *g, py_val *sent, py_val **item, bool *done) {
    gl_status st = gen_steps(I, at, g, sent, item, done);
#ifdef GL_PY_CLASS_H
    while (st && catch_in_gen(I, g)) st = gen_steps(I, at, g, NULL, item, done);
#endif
    return st;
}

/* ---- the generator expression's executor: clause k's iterator advanced, or the element produced */
static gl_status genexp_run(py_interp *I, py_gen *g, py_val **item, bool *done) {
    py_node *n = g->gx;
    int k, nc = n->n;
    bool back;
    if (!g->started) {
        g->started = true;
        k = 0;
        back = true;              /* clause 0's iterator is open: advance it */
    } else {
        k = nc - 1;
        back = true;
    }
    for (;;) {
        if (back) {
            while (k >= 0 && n->list[k]->kind != E_COMPFOR) k--;
            if (k < 0) {
                *done = true;
                return GL_OK;
            }
            py_val *x;
            bool d;
            if (py_iter_next(I, n->list[k]->b, g->its[k], &x, &d)) return I->err.code;
            if (d) {
                k--;
                continue;
            }
            if (py_assign(I, n->list[k]->a, x, g->env)) return I->err.code;
            k++;
            back = false;
            continue;
        }
        if (k == nc) {
            *item = py_eval_expr(I, n->a, g->env);
            return *item ? GL_OK : I->err.code;
        }
        py_node *c = n->list[k];
        if (c->kind == E_COMPIF) {
            bool t;
            py_val *x = py_eval_expr(I, c->a, g->env);
            if (!x || py_truth(I, c->a, x, &t)) return I->err.code;
            if (t) k++;
            else back = true;
            continue;
        }
        py_val *src = py_eval_expr(I, c->b, g->env);
        if (!src || py_iter_open(I, c->b, src, &g->its[k])) return I->err.code;
        back = true;
    }
}

/* PEP 479: a StopIteration that escapes the body is a RuntimeError, raised where the generator was resumed
 * (CPython's traceback ends there: the generator's frame is gone). */
static void pep479(py_interp *I, const py_node *at) {
    char *m = strstr(I->err.msg, ": StopIteration");
    if (!m || (m[15] && m[15] != ':') || I->err.code != GL_E_INVALID) return;
    gl_err_clear(&I->err);
    py_fail(I, at, GL_E_INVALID, "RuntimeError: generator raised StopIteration");
}

gl_status py_gen_next(py_interp *I, const py_node *at, py_iter *it, py_val *sent, py_val **item, bool *done) {
    py_gen *g = it->gen;
    *item = NULL;
    *done = false;
    if (it->done) {
        *done = true;
        return GL_OK;
    }
    if (g->running) return py_fail(I, at, GL_E_INVALID, "ValueError: generator already executing"), GL_E_INVALID;
    if (!g->started && sent && sent->kind != V_NONE)
        return py_fail(I, at, GL_E_INVALID, "TypeError: can't send non-None value to a just-started generator"), GL_E_INVALID;
    if (PY_CALLS_FULL(I))
        return py_fail(I, at, GL_E_LIMIT, "RecursionError: maximum recursion depth exceeded (more than %d nested generators or calls)",
                       PY_CALL_LIMIT(I)), GL_E_LIMIT;
    if (!py_enter(I, at, PY_DEPTH_GEN)) return I->err.code;   /* py_gen_next, the executor, the statement */
    py_node *saved_at = I->at;
    py_val *saved_ret = I->ret;
    int saved_ctl = I->ctl;
    I->ctl = CTL_NONE;
    g->running = true;
    I->depth++;
    gl_status st;
    if (it->kind == IT_GENEXP) {
        st = genexp_run(I, g, item, done);
    } else {
        g->started = true;
        st = gen_run(I, at, g, sent, item, done);
    }
    py_leave(I, PY_DEPTH_GEN);
    I->depth--;
    g->running = false;
    I->at = saved_at;
    I->ret = saved_ret;
    I->ctl = saved_ctl;
    if (st || I->err.code) {
        it->done = true;
        pep479(I, at);
        return I->err.code ? I->err.code : st;
    }
    if (*done) {
        it->done = true;
        *item = NULL;
    }
    return GL_OK;
}
