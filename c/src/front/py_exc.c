/* py_exc.c — exceptions: the built-in classes with CPython's hierarchy, raise, try / except / else / finally.
 *
 * An exception in flight is the interpreter's pending error (I->err), exactly as before this file: every
 * function returns NULL / a status, and the error travels up the C stack, each frame restoring its own
 * counters on the way. What is new is that the error can be turned back into a Python value:
 *   - `raise` formats "ExcName: str(e)" at the raise statement (the line CPython's traceback ends with) and
 *     remembers the instance next to the message it made (crt->exc / exc_msg);
 *   - an error the interpreter or a builtin raised (py_fail with "TypeError: ...") becomes an instance of the
 *     class its message names, with str(e) the text after "ExcName: ".
 * `except` catches only what Python could catch: status GL_E_INVALID (and GL_E_LIMIT for OverflowError and the
 * depth limit's RecursionError, whose str(e) drops GraphLab's hint in parentheses) with a
 * message naming an exception class, and no open trace whose tracer failed. Budget errors (steps, depth,
 * memory) and GraphLab's own refusals have no class name and pass every handler (and skip `finally`: the run
 * is over). A tracer's error (a shape error, a data-dependent branch) cannot be caught inside the trace it
 * broke — that tracer is unusable — but once it has unwound out of trace(...) it is the reference's
 * ValueError / graph_lab.TraceError: `try: g = trace(...) except ValueError:` works as in the reference. An
 * exception unwinding through trace(...) leaves it the way any error does (do_trace frees its tracer and pops
 * I->top), so a handler outside sees the tracer stack as it was.
 *
 * An uncaught exception ends the run as "FILE.py:LINE:COL: ExcName: message", LINE:COL the start of the raise
 * statement (or of the expression the interpreter failed in); a bare `raise` or `raise e` of a caught
 * exception keeps where it was first raised, as CPython's traceback does. */
#include <string.h>

#include "front/py.h"

static const struct {
    const char *name, *base, *module;
} EXC[] = {
    {"BaseException", NULL, NULL}, {"Exception", "BaseException", NULL}, {"SystemExit", "BaseException", NULL},
    {"KeyboardInterrupt", "BaseException", NULL}, {"GeneratorExit", "BaseException", NULL},
    {"ArithmeticError", "Exception", NULL}, {"ZeroDivisionError", "ArithmeticError", NULL},
    {"OverflowError", "ArithmeticError", NULL}, {"FloatingPointError", "ArithmeticError", NULL},
    {"AssertionError", "Exception", NULL}, {"AttributeError", "Exception", NULL}, {"BufferError", "Exception", NULL},
    {"EOFError", "Exception", NULL}, {"ImportError", "Exception", NULL}, {"ModuleNotFoundError", "ImportError", NULL},
    {"LookupError", "Exception", NULL}, {"IndexError", "LookupError", NULL}, {"KeyError", "LookupError", NULL},
    {"MemoryError", "Exception", NULL}, {"NameError", "Exception", NULL}, {"UnboundLocalError", "NameError", NULL},
    {"OSError", "Exception", NULL}, {"FileNotFoundError", "OSError", NULL}, {"RuntimeError", "Exception", NULL},
    {"NotImplementedError", "RuntimeError", NULL}, {"RecursionError", "RuntimeError", NULL},
    {"StopIteration", "Exception", NULL}, {"StopAsyncIteration", "Exception", NULL}, {"SyntaxError", "Exception", NULL},
    {"IndentationError", "SyntaxError", NULL}, {"TabError", "IndentationError", NULL}, {"SystemError", "Exception", NULL},
    {"TypeError", "Exception", NULL}, {"ValueError", "Exception", NULL}, {"UnicodeError", "ValueError", NULL},
    {"UnicodeDecodeError", "UnicodeError", NULL}, {"UnicodeEncodeError", "UnicodeError", NULL},
    {"Warning", "Exception", NULL}, {"UserWarning", "Warning", NULL}, {"DeprecationWarning", "Warning", NULL},
    {"RuntimeWarning", "Warning", NULL}, {"FrozenInstanceError", "AttributeError", "dataclasses"},
    {"TraceError", "RuntimeError", "graph_lab"},
};

static const char *S(py_interp *I, const char *s) { return py_intern(&I->ar, s, strlen(s)); }

py_val *py_exc_class(py_interp *I, const char *name) {
    if (!I->crt) return NULL;
    const char *n = S(I, name);
    return n ? py_class_ns_get(I->crt->excs, n) : NULL;
}

void py_exc_install(py_interp *I) {
    py_crt *c = I->crt;
    for (size_t i = 0; i < sizeof EXC / sizeof EXC[0]; i++) {
        py_val *base = EXC[i].base ? py_exc_class(I, EXC[i].base) : NULL;
        py_val *k = py_class_new_exc_class(I, EXC[i].name, EXC[i].module ? EXC[i].module : "builtins", base);
        const char *n = S(I, EXC[i].name);
        if (!k || !n || py_env_set(I, c->excs, n, k)) return;
        if (!EXC[i].module && py_env_set(I, I->builtins, n, k)) return;
        if (i == 0) {             /* BaseException's methods: found by super().__init__(...) and inherited repr */
            static const struct { const char *n; int id; } m[] = {{"__init__", BC_EXC_INIT}, {"__str__", BC_EXC_STR},
                {"__repr__", BC_EXC_REPR}, {"with_traceback", BC_EXC_WITHTB}};
            for (size_t j = 0; j < sizeof m / sizeof m[0]; j++) {
                py_val *f = py_builtin(I, m[j].id, NULL);
                const char *mn = S(I, m[j].n);
                if (!f || !mn || py_env_set(I, k->u.cls->ns, mn, f)) return;
            }
        }
    }
    py_val *os = py_exc_class(I, "OSError");
    if (os) {
        if (py_env_set(I, I->builtins, S(I, "IOError"), os) || py_env_set(I, I->builtins, S(I, "EnvironmentError"), os)) return;
    }
}

py_val *py_exc_new(py_interp *I, const char *cls, py_val *arg) {
    py_val *k = py_exc_class(I, cls);
    if (!k) return py_fail(I, NULL, GL_E_INTERNAL, "no exception class %s", cls);
    py_val *e = py_class_new_inst(I, k);
    if (!e || !(e->u.inst->args = py_seq(I, V_TUPLE, arg ? 1 : 0))) return NULL;
    if (arg) e->u.inst->args->u.seq.v[0] = arg;
    return e;
}

/* ---- str(e) */
void py_exc_str(py_interp *I, gl_sb *sb, py_val *e) {
    py_inst *o = e->u.inst;
    if (o->text) {
        gl_sb_puts(sb, o->text);
        return;
    }
    py_val *args = o->args;
    if (!args || args->u.seq.n == 0) return;
    if (args->u.seq.n == 1) {
        bool key = false;
        for (py_val *c = o->cls; c; c = c->u.cls->base)
            if (c == py_exc_class(I, "KeyError")) key = true;
        py_repr(I, sb, args->u.seq.v[0], key);   /* KeyError('k') prints 'k' quoted */
        return;
    }
    py_repr(I, sb, args, true);
}

static const char *qual(py_class *c, char *buf, size_t cap) {
    if (!c->module || strcmp(c->module, "builtins") == 0 || strcmp(c->module, "__main__") == 0) return c->name;
    snprintf(buf, cap, "%s.%s", c->module, c->name);
    return buf;
}

/* ---- the pending error as an exception */
static bool traces_ok(py_interp *I) {
    for (py_trace *t = I->top; t; t = t->up)
        if (t->tr && gl_tracer_status(t->tr)) return false;
    return true;
}

/* The text after "FILE:L:C: " (or "FILE: ") in the error message. */
static const char *err_text(py_interp *I) {
    const char *m = I->err.msg;
    size_t fl = strlen(I->file);
    if (strncmp(m, I->file, fl) != 0) return m;
    m += fl;
    if (*m != ':') return m;
    m++;
    if (*m >= '0' && *m <= '9') {
        while (*m >= '0' && *m <= '9') m++;
        if (*m == ':') m++;
        while (*m >= '0' && *m <= '9') m++;
        if (*m == ':') m++;
    }
    if (*m == ' ') m++;
    return m;
}

/* The class an interpreter message names ("TypeError: ..."), the text after it in *text. */
static py_val *msg_class(py_interp *I, const char *m, const char **text) {
    size_t n = 0;
    while ((m[n] >= 'A' && m[n] <= 'Z') || (m[n] >= 'a' && m[n] <= 'z') || (m[n] >= '0' && m[n] <= '9') || m[n] == '_' ||
           m[n] == '.')
        n++;
    if (!n || n > 60 || (m[n] && !(m[n] == ':' && m[n + 1] == ' '))) return NULL;
    const char *dot = NULL;
    for (size_t i = 0; i < n; i++)
        if (m[i] == '.') dot = m + i;
    const char *nm = dot ? dot + 1 : m;
    size_t nn = (size_t)(m + n - nm);
    const char *in = py_intern(&I->ar, nm, nn);
    if (!in || !I->crt) return NULL;
    *text = m[n] ? m + n + 2 : m + n;
    return py_class_ns_get(I->crt->excs, in);
}

/* The pending error's exception class and (when a raise made it) instance; NULL when not catchable. */
static py_val *pending(py_interp *I, py_val **inst, const char **text) {
    *inst = NULL;
    if (!I->err.code || !I->crt || !traces_ok(I)) return NULL;
    py_crt *c = I->crt;
    if (c->exc && c->exc_msg && strcmp(c->exc_msg, I->err.msg) == 0 && (int)I->err.code == c->exc->u.inst->code) {
        *inst = c->exc;
        return c->exc->u.inst->cls;
    }
    const char *m = err_text(I);
    /* A tracer's error, once it has left the trace it broke (that tracer is gone, every open one is sound): the
     * reference raises ValueError for shapes and graph_lab.TraceError for data-dependent branches. */
    if (I->err.code == GL_E_SHAPE || I->err.code == GL_E_TRACE) {
        *text = I->err.code == GL_E_TRACE && strncmp(m, "TraceError: ", 12) == 0 ? m + 12 : m;
        return py_exc_class(I, I->err.code == GL_E_SHAPE ? "ValueError" : "TraceError");
    }
    static const char REC[] = "RecursionError: maximum recursion depth exceeded";
    bool rec = I->err.code == GL_E_LIMIT && strncmp(m, REC, sizeof REC - 1) == 0;
    if (I->err.code != GL_E_INVALID && !rec && !(I->err.code == GL_E_LIMIT && strncmp(m, "OverflowError: ", 15) == 0))
        return NULL;
    py_val *cls = msg_class(I, m, text);
    if (cls && rec) {             /* str(e) is CPython's: GraphLab's " (more than ... calls)" hint is for the end */
        const char *hint = strstr(*text, " (");
        if (hint && !(*text = py_intern(&I->ar, *text, (size_t)(hint - *text)))) return NULL;
    }
    return cls;
}

py_val *py_exc_take(py_interp *I) {
    py_val *e;
    const char *text = NULL;
    py_val *cls = pending(I, &e, &text);
    if (!cls) return NULL;
    if (!e) {                     /* an interpreter error: made into an instance of the class it names */
        py_val *arg = *text ? py_str(I, text, strlen(text)) : NULL;
        if ((*text && !arg) || !(e = py_class_new_inst(I, cls)) || !(e->u.inst->args = py_seq(I, V_TUPLE, arg ? 1 : 0)))
            return NULL;
        if (arg) e->u.inst->args->u.seq.v[0] = arg;
        e->u.inst->text = arg ? arg->u.str.s : "";
        char *w = py_strndup(&I->ar, I->err.msg, strlen(I->err.msg));
        if (!w) return NULL;
        e->u.inst->where = w;
        e->u.inst->code = I->err.code;
    }
    py_exc_clear(I);
    return e;
}

bool py_exc_matches(py_interp *I, const char *name) {
    py_val *e;
    const char *text;
    py_val *cls = pending(I, &e, &text), *of = py_exc_class(I, name);
    for (int guard = 0; cls && of && guard < 10000; cls = cls->u.cls->base, guard++)
        if (cls == of) return true;
    return false;
}

void py_exc_clear(py_interp *I) {
    gl_err_clear(&I->err);
    if (I->crt) {
        I->crt->exc = NULL;
        I->crt->exc_msg = NULL;
    }
}

/* ---- raise */
py_val *py_raise(py_interp *I, const py_node *at, py_val *e) {
    py_inst *o = e->u.inst;
    if (I->err.code) return NULL;
    if (o->where) {               /* raised before (a bare raise, `raise e`): where it first was */
        gl_fail(&I->err, o->code ? o->code : GL_E_INVALID, "%s", o->where);
    } else {
        gl_sb sb;
        gl_sb_init(&sb);
        py_repr(I, &sb, e, false);   /* str(e): a user __str__ runs here */
        if (I->err.code) {
            gl_sb_free(&sb);
            return NULL;
        }
        char q[160];
        const char *name = qual(o->cls->u.cls, q, sizeof q);
        if (sb.len) py_fail(I, at, GL_E_INVALID, "%s: %s", name, sb.buf);
        else py_fail(I, at, GL_E_INVALID, "%s", name);
        gl_sb_free(&sb);
        char *w = py_strndup(&I->ar, I->err.msg, strlen(I->err.msg));
        if (!w) return NULL;
        o->where = w;
        o->code = I->err.code;
    }
    I->crt->exc = e;
    I->crt->exc_msg = o->where;
    return NULL;
}

py_val *py_raise_new(py_interp *I, const py_node *at, const char *cls, py_val *arg) {
    py_val *e = py_exc_new(I, cls, arg);
    return e ? py_raise(I, at, e) : NULL;
}

/* An exception class is instantiated; an exception instance is itself; anything else is a TypeError. */
static py_val *as_exc(py_interp *I, const py_node *at, py_val *v, const char *what) {
    if (v->kind == V_CLASS && (v->u.cls->flags & CF_EXC)) {
        py_args none = {NULL, 0, NULL, NULL, 0};
        return py_class_instantiate(I, at, v, &none);
    }
    if (v->kind == V_INST && (v->u.inst->cls->u.cls->flags & CF_EXC)) return v;
    return py_fail(I, at, GL_E_INVALID, "TypeError: %s must derive from BaseException", what);
}

gl_status py_exec_raise(py_interp *I, py_node *s, py_env *env) {
    py_crt *c = I->crt;
    if (!s->a) {
        if (!c->handling) return py_fail(I, s, GL_E_INVALID, "RuntimeError: No active exception to reraise"), I->err.code;
        py_raise(I, s, c->handling);
        return I->err.code;
    }
    py_val *v = py_eval(I, s->a, env);
    if (!v || !(v = as_exc(I, s->a, v, "exceptions"))) return I->err.code;
    py_inst *o = v->u.inst;
    if (s->b) {
        py_val *cause = py_eval(I, s->b, env);
        if (!cause) return I->err.code;
        if (cause->kind != V_NONE && !(cause = as_exc(I, s->b, cause, "exception causes"))) return I->err.code;
        o->cause = cause->kind == V_NONE ? NULL : cause;
        o->suppress = true;
    }
    if (c->handling && c->handling != v && !o->context) o->context = c->handling;
    py_raise(I, s, v);
    return I->err.code ? I->err.code : GL_E_INTERNAL;
}

/* ---- try */
/* 1 when exception e is an instance of t (a class or a tuple of them), 0 when not, -1 (a TypeError) when t
 * holds anything but exception classes: checked for every item before any matches, as CPython does. */
static int handler_match(py_interp *I, const py_node *at, py_val *e, py_val *t, bool check) {
    bool tuple = t->kind == V_TUPLE;
    int n = tuple ? t->u.seq.n : 1;
    for (int i = 0; i < n; i++) {
        py_val *k = tuple ? t->u.seq.v[i] : t;
        if (k->kind != V_CLASS || !(k->u.cls->flags & CF_EXC)) {
            py_fail(I, at, GL_E_INVALID, "TypeError: catching classes that do not inherit from BaseException is not allowed");
            return -1;
        }
        if (check) continue;
        for (py_val *c = e->u.inst->cls; c; c = c->u.cls->base)
            if (c == k) return 1;
    }
    return check ? handler_match(I, at, e, t, false) : 0;
}

/* The handlers of try statement s, shared with py_frames.c's try frames: the index of the first that takes
 * exception e, -1 when none does (e is raised again), -2 when a handler's expression raised (that exception,
 * in the context of e), -3 when what it raised cannot be caught (the run is over). */
int py_try_match(py_interp *I, py_node *s, py_env *env, py_val *e) {
    for (int i = 0; i < s->n2; i++) {
        py_node *h = s->list2[i];
        if (!h->a) return i;
        py_val *t = py_eval(I, h->a, env);
        int m = t ? handler_match(I, h->a, e, t, true) : -1;
        if (m < 0) {
            py_val *e2 = py_exc_take(I);
            if (!e2) return -3;
            if (!e2->u.inst->context && e2 != e) e2->u.inst->context = e;
            py_raise(I, h->a, e2);
            return -2;
        }
        if (m) return i;
    }
    py_raise(I, s, e);            /* e was raised before: the error is restored as it was */
    return -1;
}

/* Handler h starts handling e (bound to its name; a bare raise re-raises it); *saved: what it replaces. */
gl_status py_try_enter(py_interp *I, py_node *h, py_env *env, py_val *e, py_val **saved) {
    if (h->name && py_env_set(I, env, h->name, e)) return I->err.code;
    *saved = I->crt->handling;
    I->crt->handling = e;
    return GL_OK;
}

/* Handler h is done (raised: it ended in an exception, which then has e as its context). */
void py_try_leave(py_interp *I, py_node *h, py_env *env, py_val *e, py_val *saved, bool raised) {
    py_crt *c = I->crt;
    c->handling = saved;
    if (h->name) py_env_del(env, h->name);   /* CPython's implicit `del e` at the end of the handler */
    if (raised && c->exc && !c->exc->u.inst->context && c->exc != e) c->exc->u.inst->context = e;
}

/* ---- with */
/* A context manager's bound __enter__ (returned) and __exit__ (*exit), or NULL with CPython's TypeError. */
py_val *py_with_methods(py_interp *I, const py_node *at, py_val *mgr, py_val **exit) {
    const char *missed = NULL;
    py_val *enter = mgr->kind == V_INST ? py_getattr(I, at, mgr, "__enter__") : NULL;
    if (!enter) missed = "";
    *exit = enter ? py_getattr(I, at, mgr, "__exit__") : NULL;
    if (enter && !*exit) missed = " (missed __exit__ method)";
    if (!missed) return enter;
    if (I->err.code && !py_exc_matches(I, "AttributeError")) return NULL;
    py_exc_clear(I);
    return py_fail(I, at, GL_E_INVALID, "TypeError: '%s' object does not support the context manager protocol%s",
                   py_type_name(mgr), missed);
}

/* Item k of with statement s and everything inside it: the manager's __enter__ (its value bound to the
 * target), the rest, then its __exit__ — with (class, exception, None) when the rest raised (a true result
 * swallows the exception), else three Nones (a return / break / continue passing through is kept). */
static gl_status with_from(py_interp *I, py_node *s, int k, py_env *env) {
    if (k == s->n) return py_exec_block(I, s->list2, s->n2, env);
    py_node *w = s->list[k];
    py_val *mgr = py_eval(I, w->a, env), *enter, *exit, *v;
    if (!mgr || !(enter = py_with_methods(I, w->a, mgr, &exit))) return I->err.code;
    py_args none = {NULL, 0, NULL, NULL, 0};
    if (!(v = py_call(I, w->a, enter, &none))) return I->err.code;
    if (w->b && py_assign(I, w->b, v, env)) return I->err.code;
    if (!py_enter(I, s, PY_DEPTH_TRY)) return I->err.code;
    gl_status st = with_from(I, s, k + 1, env);
    py_leave(I, PY_DEPTH_TRY);
    py_val *args[3] = {&py_None, &py_None, &py_None};
    py_args a = {args, 3, NULL, NULL, 0};
    if (st) {
        py_val *e = py_exc_take(I);
        if (!e) return I->err.code ? I->err.code : st;   /* not catchable (a budget): the run is over */
        args[0] = e->u.inst->cls;
        args[1] = e;
        py_val *r = py_call(I, w->a, exit, &a);
        bool t = false;
        if (!r) {
            if (I->crt->exc && !I->crt->exc->u.inst->context && I->crt->exc != e) I->crt->exc->u.inst->context = e;
            return I->err.code;
        }
        if (py_truth(I, w->a, r, &t)) return I->err.code;
        if (t) return GL_OK;      /* swallowed */
        py_raise(I, s, e);
        return I->err.code;
    }
    int ctl = I->ctl;
    py_val *ret = I->ret;
    I->ctl = CTL_NONE;
    if (!py_call(I, w->a, exit, &a)) return I->err.code;
    I->ctl = ctl;
    I->ret = ret;
    return GL_OK;
}

gl_status py_exec_with(py_interp *I, py_node *s, py_env *env) { return with_from(I, s, 0, env); }

gl_status py_exec_try(py_interp *I, py_node *s, py_env *env) {
    gl_status st = py_exec_block(I, s->list, s->n, env);
    if (st) {
        py_val *e = py_exc_take(I);
        if (!e) return I->err.code ? I->err.code : st;   /* not catchable: no handler, no finally */
        int i = py_try_match(I, s, env, e);
        if (i == -3) return I->err.code;
        if (i < 0) {
            st = I->err.code;
        } else {
            py_node *h = s->list2[i];
            py_val *saved = NULL;
            if (py_try_enter(I, h, env, e, &saved)) return I->err.code;
            st = py_exec_block(I, h->list, h->n, env);
            py_try_leave(I, h, env, e, saved, st != GL_OK);
        }
    } else if (!I->ctl && s->b) {
        st = py_exec_block(I, s->b->list, s->b->n, env);
    }
    if (!s->c) return st;
    py_val *pe = NULL;
    if (st) {
        if (!(pe = py_exc_take(I))) return I->err.code ? I->err.code : st;   /* a budget error: the run is over */
    }
    int ctl = I->ctl;
    py_val *ret = I->ret;
    I->ctl = CTL_NONE;
    gl_status fs = py_exec_block(I, s->c->list, s->c->n, env);
    if (fs) return fs;            /* an exception in finally replaces the pending one */
    if (I->ctl) return GL_OK;     /* return / break / continue in finally discards it */
    I->ctl = ctl;
    I->ret = ret;
    if (pe) {
        py_raise(I, s, pe);
        return I->err.code;
    }
    return GL_OK;
}
