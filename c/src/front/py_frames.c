/* py_frames.c — the program's own functions run on a heap stack of frames, so their recursion reaches
 * CPython's limit (GL_PROGRAM_MAX_DEPTH calls) on every build, whatever its C stack.
 *
 * The evaluator (py_eval.c) walks the AST with C recursion: `return 1 + f(n - 1)` holds eval's, eval_call's
 * and the body's C frames while f runs, and the lab's Chromium worker has the smallest stack we run on
 * (~590 KiB of V8's native stack, where WASM frames live): its recursion stopped at ~727 calls. Here a
 * function body runs as an explicit stack of frames in py_interp — one per block being run (with the index of
 * its next statement), per statement waiting for a value, per expression waiting for its operands, per call
 * of the program's function — and a call found on that path pushes the callee's frames onto the same stack
 * instead of recursing in C. The loop below takes the top frame, advances it one step, and goes on.
 *
 * Only the path to a call is taken apart: the statements that hold one (an expression, `return`, `=`, `+=`,
 * if / elif / else, for / while with else, break / continue, try / except / else / finally, with, a match's
 * case blocks) and the
 * expressions between the statement and the call (a call's callee and arguments, binary and unary operators,
 * comparisons, `and` / `or` / `not`, `x if c else y`, tuple and list displays). An expression with no call
 * inside is evaluated whole by eval, and every other form (class, a comprehension, a subscript, an f-string, a
 * starred argument, a dunder, a builtin calling back, ...) runs through the ordinary evaluator: a call of the
 * program's function made from there starts another run of this loop one C level deeper, bounded by the
 * evaluator's depth units as before (py.h).
 *
 * Each step does what eval / exec_stmt / eval_call / call_func do for that node, in the same order: the step
 * budget per node, I->at and I->uat, the trace's source stamps (nodes a binary op, unary op, call or compare
 * emits), the tracer's block per call, I->depth, CPython's RecursionError at the call. An exception unwinds
 * the frames of this run (restoring what each changed) to the innermost try frame whose handler or finally
 * takes it, or out of the run (NULL), as the C recursion did.
 *
 * The frames live in arrays that grow (py_alloc: the arena's budget bounds them); a nested run (a dunder, a
 * builtin calling back, a try body) pushes above this run's frames and pops back to them before it returns,
 * and an array may move while it runs: frames are named by index, never held by pointer across a call. */
#include <string.h>

#include "front/py.h"
#include "front/py_class.h"

enum { MF_CALL, MF_BLOCK, MF_STMT, MF_EXPR };
/* A try statement's frame: the block it runs (its state), and four values at its vbase (TRY_*) */
enum { T_BODY = 1, T_ELSE, T_FINALLY, T_HANDLER };   /* T_HANDLER + i: handler i */
enum { TRY_EXC, TRY_SAVED, TRY_PENDING, TRY_RET, TRY_SLOTS };

typedef struct {
    unsigned char kind;           /* MF_* */
    bool emits;                   /* MF_EXPR: its node's kind emits graph nodes that take its source span */
    int state;                    /* MF_BLOCK: the next statement; MF_STMT / MF_EXPR / MF_CALL: the step reached */
    int vbase;                    /* the value stack's height when the frame was pushed */
    int n0;                       /* MF_EXPR: the trace's node count at its start; MF_CALL: the tracer's block;
                                   * MF_BLOCK: the number of statements; MF_STMT (try): the control flow its
                                   * finally block will resume */
    py_node *n;                   /* MF_STMT / MF_EXPR: its node; MF_CALL: the def or lambda */
    py_env *env;
    union {
        py_node **body;           /* MF_BLOCK */
        py_trace *tc;             /* MF_EXPR: the innermost trace at its start */
        gl_tracer *btr;           /* MF_CALL: the tracer its block was opened in */
        py_val *it;               /* MF_STMT (for): the iterator */
    } u;
    py_node *saved_at;            /* MF_EXPR (a call): I->at before the call */
} py_mframe;

struct py_frames {
    py_mframe *fr;
    int n, cap;
    py_val **v;                   /* the values frames wait with (a call's callee and arguments, operands) */
    int nv, capv;
};

/* ---- which nodes run here */
static bool call_form(const py_node *n) {   /* what eval_call would do with no starred argument, not super() */
    if (n->a->kind == E_NAME && n->n == 0 && strcmp(n->a->name, "super") == 0) return false;
    for (int i = 0; i < n->n; i++)
        if (n->list[i]->kind == E_STAR || n->list[i]->kind == E_DSTAR) return false;
    return true;
}

static bool operator_form(const py_node *n) {
    switch (n->kind) {
    case E_BINOP: case E_CMP: case E_IFEXP: case E_AND: case E_OR: case E_NOT: case E_UNARY: return true;
    case E_TUPLE: case E_LIST:
        for (int i = 0; i < n->n; i++)
            if (n->list[i]->kind == E_STAR) return false;
        return true;
    default: return false;
    }
}

/* A call, or an operator form with a call of that kind below it: worth frames (memo in n->cflag). The left
 * spine (1 + 2 + 3 ...) is walked in a loop, the other operands recursed: the parser bounds their nesting. */
static bool on_frames(py_node *n) {
    if (n->cflag) return n->cflag == 2;
    bool found = false;
    py_node *top = n;
    for (py_node *x = n; x && !found; x = x->a) {
        if (x->cflag) {
            found = x->cflag == 2;
            break;
        }
        if (x->kind == E_CALL) {
            found = call_form(x);
            break;
        }
        if (!operator_form(x)) break;
        if ((x->b && on_frames(x->b)) || (x->c && on_frames(x->c))) found = true;
        for (int i = 0; !found && x->list && i < x->n; i++)
            if (x->list[i] && on_frames(x->list[i])) found = true;
    }
    top->cflag = found ? 2 : 1;
    return found;
}

/* ---- the stacks */
static bool grow(py_interp *I, void **arr, int *cap, size_t size);

/* The stacks, made on the first call (both arrays at once: F->v + vbase is never arithmetic on NULL). */
static struct py_frames *frames_of(py_interp *I) {
    if (I->frames) return I->frames;
    struct py_frames *F = py_alloc(&I->ar, sizeof *F);
    if (!F) return py_oom(I), NULL;
    if (!grow(I, (void **)&F->fr, &F->cap, sizeof *F->fr) || !grow(I, (void **)&F->v, &F->capv, sizeof *F->v)) return NULL;
    return I->frames = F;
}

static bool grow(py_interp *I, void **arr, int *cap, size_t size) {
    int ncap = *cap ? *cap * 2 : 64;
    void *p = py_alloc(&I->ar, size * (size_t)ncap);
    if (!p) return py_oom(I), false;
    if (*cap) memcpy(p, *arr, size * (size_t)*cap);
    if (*cap) py_release(&I->ar, *arr, size * (size_t)*cap);   /* a big one is given back */
    *arr = p;
    *cap = ncap;
    return true;
}

static py_mframe *push(py_interp *I, int kind, py_node *n, py_env *env) {
    struct py_frames *F = I->frames;
    if (F->n == F->cap && !grow(I, (void **)&F->fr, &F->cap, sizeof *F->fr)) return NULL;
    py_mframe *f = &F->fr[F->n++];
    memset(f, 0, sizeof *f);
    f->kind = (unsigned char)kind;
    f->n = n;
    f->env = env;
    f->vbase = F->nv;
    return f;
}

static bool vpush(py_interp *I, py_val *v) {
    struct py_frames *F = I->frames;
    if (F->nv == F->capv && !grow(I, (void **)&F->v, &F->capv, sizeof *F->v)) return false;
    F->v[F->nv++] = v;
    return true;
}

static bool push_block(py_interp *I, py_node **body, int nb, py_env *env) {
    py_mframe *f = push(I, MF_BLOCK, NULL, env);
    if (!f) return false;
    f->u.body = body;
    f->n0 = nb;
    return true;
}

/* An expression's value onto the value stack: at once by eval, or by a frame that will put it there. */
static bool push_expr(py_interp *I, py_node *x, py_env *env) {
    if (!on_frames(x)) {
        py_val *v = py_eval_expr(I, x, env);
        return v && vpush(I, v);
    }
    if (!py_steps(I, x)) return false;
    py_trace *tc = I->top;
    bool emits = tc && tc->tr && (x->kind == E_BINOP || x->kind == E_UNARY || x->kind == E_CALL || x->kind == E_CMP);
    int n0 = emits ? gl_tracer_graph(tc->tr)->n : 0;
    py_mframe *f = push(I, MF_EXPR, x, env);
    if (!f) return false;
    f->u.tc = tc;
    f->emits = emits;
    f->n0 = n0;
    return true;
}

/* A call of the program's function: call_func's bookkeeping (its depth, its tracer block), then its body. */
static bool push_call(py_interp *I, py_node *def, py_env *fe) {
    py_mframe *f = push(I, MF_CALL, def, fe);
    if (!f) return false;
    I->depth++;
    if (def->kind != E_LAMBDA) {
        /* the nodes a function emits are in its block (the lab folds a graph by the program's calls) */
        gl_tracer *btr = I->top && I->top->tr ? I->top->tr : NULL;
        f->u.btr = btr;
        f->n0 = btr ? gl_tracer_enter(btr, def->qualname ? def->qualname : def->name) : -1;
    }
    return true;
}

static void leave_call(py_interp *I, const py_mframe *f) {
    I->ctl = CTL_NONE;
    I->ret = NULL;
    if (f->u.btr && I->top && I->top->tr == f->u.btr) gl_tracer_leave(f->u.btr, f->n0);
    I->depth--;
}

/* The value an expression frame ends with replaces its operands; NULL: it raised. */
static bool finish_expr(py_interp *I, py_val *r) {
    if (!r) return false;
    struct py_frames *F = I->frames;
    py_mframe *f = &F->fr[F->n - 1];
    if (f->emits) py_stamp_since(I, f->u.tc, f->n0, f->n);
    F->nv = f->vbase;
    F->n--;
    return vpush(I, r);
}

/* ---- statements: a statement that holds a call gets a frame; every other runs whole in exec_stmt */
static bool stmt_on_frames(py_node *s) {
    switch (s->kind) {
    case S_EXPR: case S_ASSIGN: return on_frames(s->a);
    case S_RETURN: return s->a && on_frames(s->a);
    case S_AUG: return on_frames(s->b);
    case S_IF: case S_FOR: case S_WHILE: case S_TRY: case S_MATCH: case S_WITH: return true;   /* their blocks run here */
    default: return false;
    }
}

static bool start_stmt(py_interp *I, py_node *s, py_env *env) {
    if (!stmt_on_frames(s)) return py_exec_stmt(I, s, env) == GL_OK;
    if (!py_steps(I, s)) return false;
    I->at = s;
    if (!PY_IS_LIB_LINE(s->line)) I->uat = s;
    return push(I, MF_STMT, s, env) != NULL;
}

/* ---- try / except / else / finally: py_exec_try's order, a block at a time (the handlers: py_exc.c) */

/* The try frame at top runs its finally block, holding the pending exception pe and the control flow. */
static bool try_finally(py_interp *I, int top, py_val *pe) {
    struct py_frames *F = I->frames;
    py_mframe *f = &F->fr[top];
    py_node *s = f->n;
    if (!s->c) {
        if (pe) return py_raise(I, s, pe), false;   /* never: a try without finally has handlers */
        F->nv = f->vbase;
        F->n--;
        return true;
    }
    F->v[f->vbase + TRY_PENDING] = pe;
    F->v[f->vbase + TRY_RET] = I->ret;
    f->n0 = I->ctl;
    I->ctl = CTL_NONE;
    f->state = T_FINALLY;
    return push_block(I, s->c->list, s->c->n, f->env);
}

/* An exception reached the try frame at top (the frames above it are gone): a handler, or its finally, takes
 * it; false when it goes on up (the frame is then popped by the caller). */
static bool try_catch(py_interp *I, int top) {
    struct py_frames *F = I->frames;
    py_mframe *f = &F->fr[top];
    py_node *s = f->n;
    py_env *env = f->env;
    int state = f->state;
    F->nv = f->vbase + TRY_SLOTS;
    if (state == T_FINALLY) return false;   /* an exception in finally replaces the pending one */
    if (state >= T_HANDLER) {
        py_val *e = F->v[f->vbase + TRY_EXC];
        py_try_leave(I, s->list2[state - T_HANDLER], env, e, F->v[f->vbase + TRY_SAVED], true);
    } else if (state == T_BODY) {
        py_val *e = py_exc_take(I), *saved = NULL;
        if (!e) return false;     /* not catchable (a budget): no handler, no finally */
        int i = py_try_match(I, s, env, e);
        if (i == -3) return false;
        if (i >= 0) {
            py_node *h = s->list2[i];
            if (py_try_enter(I, h, env, e, &saved)) return false;
            F = I->frames;
            F->v[F->fr[top].vbase + TRY_EXC] = e;
            F->v[F->fr[top].vbase + TRY_SAVED] = saved;
            F->fr[top].state = T_HANDLER + i;
            return push_block(I, h->list, h->n, env);
        }
    }
    if (!s->c) return false;
    py_val *pe = py_exc_take(I);
    if (!pe) return false;        /* a budget error: the run is over */
    return try_finally(I, top, pe);
}

static bool try_step(py_interp *I, int top) {
    struct py_frames *F = I->frames;
    py_mframe *f = &F->fr[top];
    py_node *s = f->n;
    switch (f->state) {
    case 0:
        for (int i = 0; i < TRY_SLOTS; i++)
            if (!vpush(I, NULL)) return false;
        I->frames->fr[top].state = T_BODY;
        return push_block(I, s->list, s->n, I->frames->fr[top].env);
    case T_BODY:              /* the body ran to its end (or a return / break / continue left it) */
        if (!I->ctl && s->b) {
            f->state = T_ELSE;
            return push_block(I, s->b->list, s->b->n, f->env);
        }
        return try_finally(I, top, NULL);
    case T_ELSE: return try_finally(I, top, NULL);
    case T_FINALLY: {
        py_val *pe = F->v[f->vbase + TRY_PENDING];
        int ctl = f->n0;
        py_val *ret = F->v[f->vbase + TRY_RET];
        F->nv = f->vbase;
        F->n--;
        if (I->ctl) return true;  /* return / break / continue in finally discards what was pending */
        I->ctl = ctl;
        I->ret = ret;
        if (pe) return py_raise(I, s, pe), false;
        return true;
    }
    default: {                /* handler state - T_HANDLER ran to its end */
        py_val *e = F->v[f->vbase + TRY_EXC], *saved = F->v[f->vbase + TRY_SAVED];
        py_try_leave(I, s->list2[f->state - T_HANDLER], f->env, e, saved, false);
        return try_finally(I, top, NULL);
    }
    }
}

/* ---- with: the items' __enter__ one at a time, the body on frames, the __exit__s in reverse (py_exc.c's order).
 * The frame's state counts the items entered; n0 is 1 once the body runs; the bound __exit__ of item i waits
 * at vbase + i. */

/* Calls the __exit__ of the first k items, last first, with exception e (NULL: three Nones): a true result
 * swallows e (the earlier ones then see Nones), an exception raised by one replaces it (e its context). The
 * frame at top is popped; false: an exception goes on from here. */
static bool with_exits(py_interp *I, int top, int k, py_val *e) {
    py_node *s = I->frames->fr[top].n;
    int ctl = I->ctl;
    py_val *ret = I->ret;
    for (int i = k - 1; i >= 0; i--) {
        struct py_frames *F = I->frames;
        py_val *exit = F->v[F->fr[top].vbase + i];
        py_val *args[3] = {e ? e->u.inst->cls : &py_None, e ? e : &py_None, &py_None};
        py_args a = {args, 3, NULL, NULL, 0};
        I->ctl = CTL_NONE;
        py_val *r = py_call(I, s->list[i]->a, exit, &a);
        bool t = false;
        if (!r || py_truth(I, s->list[i]->a, r, &t)) {
            py_val *e2 = py_exc_take(I);
            if (!e2) {                /* not catchable: the run is over */
                I->frames->n = top;
                return false;
            }
            if (e && !e2->u.inst->context && e2 != e) e2->u.inst->context = e;
            e = e2;
            ctl = CTL_NONE;
            continue;
        }
        if (e && t) e = NULL;     /* swallowed */
    }
    struct py_frames *F = I->frames;
    F->nv = F->fr[top].vbase;
    F->n = top;
    if (e) return py_raise(I, s, e), false;
    I->ctl = ctl;
    I->ret = ret;
    return true;
}

static bool with_step(py_interp *I, int top) {
    struct py_frames *F = I->frames;
    py_mframe *f = &F->fr[top];
    py_node *s = f->n;
    py_env *env = f->env;
    int k = f->state;
    if (f->n0) return with_exits(I, top, s->n, NULL);   /* the body ran (or a return / break / continue left it) */
    if (k == s->n) {
        f->n0 = 1;
        return push_block(I, s->list2, s->n2, env);
    }
    py_node *w = s->list[k];
    py_val *mgr = py_eval_expr(I, w->a, env), *enter, *exit, *v;
    if (!mgr || !(enter = py_with_methods(I, w->a, mgr, &exit))) return false;
    py_args none = {NULL, 0, NULL, NULL, 0};
    if (!(v = py_call(I, w->a, enter, &none)) || !vpush(I, exit)) return false;
    I->frames->fr[top].state = k + 1;   /* its __exit__ is owed from here on */
    return !w->b || py_assign(I, w->b, v, env) == GL_OK;
}

/* An exception reached the with frame at top: its entered items' __exit__s see it. */
static bool with_catch(py_interp *I, int top) {
    struct py_frames *F = I->frames;
    F->nv = F->fr[top].vbase + F->fr[top].state;
    py_val *e = py_exc_take(I);
    if (!e) {                     /* not catchable (a budget): no __exit__ runs, as py_exec_with */
        F->n = top;
        return false;
    }
    return with_exits(I, top, F->fr[top].state, e);
}

/* One step of the statement frame on top. */
static bool step_stmt(py_interp *I, int top) {
    struct py_frames *F = I->frames;
    py_mframe *f = &F->fr[top];
    py_node *s = f->n;
    py_env *env = f->env;
    int state = f->state;
    py_val *v;
    bool t;
    switch (s->kind) {
    case S_TRY: return try_step(I, top);
    case S_WITH: return with_step(I, top);
    case S_MATCH: {           /* the subject and the patterns in C (py_match.c), the chosen block here */
        py_node *c;
        if (py_match_select(I, s, env, &c)) return false;
        F = I->frames;
        F->nv = F->fr[top].vbase;
        F->n--;
        return c ? push_block(I, c->list, c->n, env) : true;
    }
    case S_EXPR: case S_RETURN: case S_ASSIGN:
        if (state == 0) {
            f->state = 1;
            return push_expr(I, s->a, env);
        }
        v = F->v[F->nv - 1];
        if (s->kind == S_RETURN) {
            I->ret = v;
            I->ctl = CTL_RETURN;
        }
        for (int i = 0; s->kind == S_ASSIGN && i < s->n; i++)
            if (py_assign(I, s->list[i], v, env)) return false;
        break;
    case S_AUG:
        if (state == 0) {     /* the target's value first, as exec_aug */
            if (!(v = py_eval_expr(I, s->a, env)) || !vpush(I, v)) return false;
            F->fr[top].state = 1;
            return push_expr(I, s->b, env);
        }
        if (py_aug_apply(I, s, env, F->v[F->nv - 2], F->v[F->nv - 1])) return false;
        break;
    case S_IF:                /* an elif chain is walked in this frame */
        if (state == 0) {
            f->state = 1;
            return push_expr(I, s->a, env);
        }
        if (py_truth(I, s->a, F->v[F->nv - 1], &t)) return false;
        F = I->frames;
        F->nv = F->fr[top].vbase;
        if (!t && s->list2 && s->n2 == 1 && s->list2[0]->kind == S_IF) {
            s = s->list2[0];
            if (!py_steps(I, s)) return false;
            F->fr[top].n = s;
            F->fr[top].state = 0;
            return true;
        }
        F->n--;
        if (t) return push_block(I, s->list, s->n, env);
        return s->list2 ? push_block(I, s->list2, s->n2, env) : true;
    case S_FOR:
        if (state == 0) {
            f->state = 1;
            return push_expr(I, s->b, env);
        }
        if (state == 1) {
            if (py_iter_open(I, s->b, F->v[F->nv - 1], &v)) return false;   /* one item at a time: lazy */
            F = I->frames;
            F->nv = F->fr[top].vbase;
            F->fr[top].u.it = v;
            F->fr[top].state = 2;
            return true;
        }
        if (state == 3) {     /* the body ran */
            if (I->ctl == CTL_BREAK || I->ctl == CTL_RETURN) {
                if (I->ctl == CTL_BREAK) I->ctl = CTL_NONE;
                F->n--;
                return true;
            }
            if (I->ctl == CTL_CONTINUE) I->ctl = CTL_NONE;
        }
        {
            bool done;
            if (py_iter_next(I, s->b, F->fr[top].u.it, &v, &done)) return false;
            F = I->frames;
            if (done) {
                F->n--;
                return s->list2 ? push_block(I, s->list2, s->n2, env) : true;
            }
            if (py_assign(I, s->a, v, env)) return false;
            I->frames->fr[top].state = 3;
            return push_block(I, s->list, s->n, env);
        }
    case S_WHILE:
        if (state == 2) {     /* the body ran */
            if (I->ctl == CTL_BREAK || I->ctl == CTL_RETURN) {
                if (I->ctl == CTL_BREAK) I->ctl = CTL_NONE;
                F->n--;
                return true;
            }
            if (I->ctl == CTL_CONTINUE) I->ctl = CTL_NONE;
            state = 0;
        }
        if (state == 0) {
            f->state = 1;
            return push_expr(I, s->a, env);
        }
        if (py_truth(I, s->a, F->v[F->nv - 1], &t)) return false;
        F = I->frames;
        F->nv = F->fr[top].vbase;
        if (!t) {
            F->n--;
            return s->list2 ? push_block(I, s->list2, s->n2, env) : true;   /* while ... else: no break */
        }
        F->fr[top].state = 2;
        return push_block(I, s->list, s->n, env);
    default:
        return py_fail(I, s, GL_E_INTERNAL, "SyntaxError: invalid statement"), false;
    }
    F = I->frames;
    F->nv = F->fr[top].vbase;
    F->n--;
    return true;
}

/* ---- expressions: one step of the expression frame on top */
static bool call_step(py_interp *I, int top) {
    struct py_frames *F = I->frames;
    py_mframe *f = &F->fr[top];
    py_node *n = f->n;
    int k = f->state;
    if (k <= n->n) {          /* the callee (0), then each argument */
        f->state++;
        py_node *x = k == 0 ? n->a : n->list[k - 1];
        return push_expr(I, x->kind == E_KW ? x->a : x, f->env);
    }
    if (k == n->n + 2) {      /* the program's function returned */
        py_val *r = F->v[F->nv - 1];
        I->at = f->saved_at;
        return finish_expr(I, r);
    }
    py_val **vs = F->v + f->vbase, *fn = vs[0];
    py_args a = {0};
    int cap = n->n ? n->n : 1;    /* no starred argument: no more than n */
    a.pos = py_alloc(&I->ar, sizeof(py_val *) * (size_t)cap);
    a.kwn = py_alloc(&I->ar, sizeof(char *) * (size_t)cap);
    a.kwv = py_alloc(&I->ar, sizeof(py_val *) * (size_t)cap);
    if (!a.pos || !a.kwn || !a.kwv) return py_oom(I), false;
    for (int i = 0; i < n->n; i++) {
        if (n->list[i]->kind == E_KW) {
            a.kwn[a.nkw] = n->list[i]->name;
            a.kwv[a.nkw++] = vs[1 + i];
        } else {
            a.pos[a.npos++] = vs[1 + i];
        }
    }
    if (fn->kind == V_METHOD && fn->u.m.fn->kind == V_FUNC) {
        if (!py_method_args(I, fn, &a)) return false;
        fn = fn->u.m.fn;
    }
    py_node *saved = I->at;
    I->at = n;
    py_val *r;
    if (fn->kind == V_FUNC) {
        py_node *def = fn->u.fn.def;
        py_env *fe;
        if (PY_CALLS_FULL(I)) r = py_too_deep(I, n, def);
        else if (!py_bind_call(I, n, fn, &a, &fe)) r = NULL;
        else if (def->kind != E_LAMBDA && py_is_generator_def(def)) r = py_gen_new(I, fn, fe);   /* runs on next() */
        else {
            F = I->frames;
            F->fr[top].saved_at = saved;
            F->fr[top].state = n->n + 2;
            return push_call(I, def, fe);
        }
    } else {
        r = py_call(I, n, fn, &a);
    }
    I->at = saved;
    return finish_expr(I, r);
}

static bool step_expr(py_interp *I, int top) {
    struct py_frames *F = I->frames;
    py_mframe *f = &F->fr[top];
    py_node *n = f->n;
    py_env *env = f->env;
    int k = f->state;
    py_val **vs = F->v + f->vbase;
    bool t, fail = false;
    switch (n->kind) {
    case E_CALL: return call_step(I, top);
    case E_BINOP:
        if (k < 2) {
            f->state++;
            return push_expr(I, k ? n->b : n->a, env);
        }
        return finish_expr(I, py_binop(I, n, n->op, vs[0], vs[1]));
    case E_UNARY: case E_NOT:
        if (k == 0) {
            f->state = 1;
            return push_expr(I, n->a, env);
        }
        if (n->kind == E_UNARY) return finish_expr(I, py_unary(I, n, vs[0]));
        if (py_truth(I, n->a, vs[0], &t)) return false;
        return finish_expr(I, py_bool(!t));
    case E_AND: case E_OR:
        if (k == 0) {
            f->state = 1;
            return push_expr(I, n->a, env);
        }
        if (k == 2) return finish_expr(I, vs[1]);
        fail = py_truth(I, n->a, vs[0], &t) != GL_OK;
        if (fail) return false;
        if ((n->kind == E_AND) != t) return finish_expr(I, I->frames->v[I->frames->fr[top].vbase]);
        I->frames->fr[top].state = 2;
        return push_expr(I, n->b, env);
    case E_IFEXP:
        if (k == 0) {
            f->state = 1;
            return push_expr(I, n->a, env);
        }
        if (k == 2) return finish_expr(I, vs[1]);
        if (py_truth(I, n->a, vs[0], &t)) return false;
        I->frames->fr[top].state = 2;
        return push_expr(I, t ? n->b : n->c, env);
    case E_TUPLE: case E_LIST:
        if (k < n->n) {
            f->state++;
            return push_expr(I, n->list[k], env);
        }
        {
            py_val *v = py_seq(I, n->kind == E_TUPLE ? V_TUPLE : V_LIST, n->n);
            if (!v) return false;
            vs = I->frames->v + I->frames->fr[top].vbase;
            if (n->n) memcpy(v->u.seq.v, vs, sizeof *vs * (size_t)n->n);
            return finish_expr(I, v);
        }
    case E_CMP:
        /* state 0: the first operand; state i: operand i is being compared with the one before it (vs[0]) */
        if (k == 0 || F->nv - f->vbase == 1) {
            if (k == 0) f->state = 1;
            return push_expr(I, n->list[k ? k : 0], env);
        }
        {
            py_val *r = py_compare(I, n, n->ops[k - 1], vs[0], vs[1]);
            if (!r) return false;
            if (k + 1 == n->n) return finish_expr(I, r);
            if (py_truth(I, n, r, &t)) return false;
            if (!t) return finish_expr(I, r);
            F = I->frames;
            F->v[F->fr[top].vbase] = F->v[F->nv - 1];   /* the right operand is the next comparison's left */
            F->nv--;
            F->fr[top].state = k + 1;
            return true;
        }
    default:
        return py_fail(I, n, GL_E_INTERNAL, "SyntaxError: invalid expression"), false;
    }
}

/* ---- the loop */
py_val *py_frames_run(py_interp *I, py_node *def, py_env *fe) {
    struct py_frames *F = frames_of(I);
    if (!F) return NULL;
    int base = F->n, vbase = F->nv;
    bool ok = push_call(I, def, fe);
    for (;;) {
        while (ok) {
            F = I->frames;
            int top = F->n - 1;
            py_mframe *f = &F->fr[top];
            switch (f->kind) {
            case MF_BLOCK:
                if (I->ctl || f->state >= f->n0) {
                    F->n--;
                    break;
                }
                {
                    py_node *s = f->u.body[f->state++];
                    ok = start_stmt(I, s, f->env);
                }
                break;
            case MF_STMT: ok = step_stmt(I, top); break;
            case MF_EXPR: ok = step_expr(I, top); break;
            case MF_CALL: {
                if (f->state == 0) {      /* its body: a lambda's expression, a def's block */
                    f->state = 1;
                    ok = f->n->kind == E_LAMBDA ? push_expr(I, f->n->a, f->env) : push_block(I, f->n->list, f->n->n, f->env);
                    break;
                }
                py_val *r;                /* its body ran: its value replaces it */
                if (f->n->kind == E_LAMBDA) r = F->v[F->nv - 1];
                else r = I->ctl == CTL_RETURN ? I->ret : &py_None;
                leave_call(I, f);
                F->nv = f->vbase;
                F->n--;
                if (top == base) return r;
                ok = vpush(I, r);
                break;
            }
            }
        }
        /* raised: unwind this run's frames, undoing what each changed, to a try frame that takes the exception */
        F = I->frames;
        if (!F) return NULL;
        while (F->n > base) {
            int top = F->n - 1;
            py_mframe *f = &F->fr[top];
            if (f->kind == MF_STMT && f->n->kind == S_TRY && f->state >= T_BODY && try_catch(I, top)) {
                ok = true;
                break;
            }
            if (f->kind == MF_STMT && f->n->kind == S_WITH) {
                if (with_catch(I, top)) {   /* an __exit__ swallowed it */
                    ok = true;
                    break;
                }
                continue;                   /* popped; the exception goes on */
            }
            f = &F->fr[top];
            F->n = top;
            if (f->kind == MF_CALL) leave_call(I, f);
            else if (f->kind == MF_EXPR && f->n->kind == E_CALL && f->state == f->n->n + 2) I->at = f->saved_at;
        }
        if (!ok) {
            F->nv = vbase;
            return NULL;
        }
    }
}
