/* branch_demo.c — a data-dependent branch under four frontends (§6 Tracer modes, §8 check_guards,
 * §12 LazyRunner).
 *
 * The program, written once against a tiny builder interface and run by every frontend, is the Python
 * expression
 *
 *     f(x) = (x*2 + 1) if (x*2).sum() > 0 else (x*2 - 1)
 *
 * evaluated as Python evaluates it: the condition first (x*2, .sum(), > 0, bool), then the chosen branch,
 * which computes x*2 again (the tracer dedups the scalar 2, not the product). It is called on a first
 * input (default [1, 2, 3], sum > 0) and then on a second (default [-1, -2, -3], sum < 0):
 *
 *   error      tracing stops at bool(): TraceError, no graph.
 *   specialize the trace takes the first input's branch and records no check: the cached graph is reused
 *              for the second input and silently computes the wrong branch.
 *   guard      the trace records the guard (node, value); on the second input check_guards fails, so the
 *              program is traced again on it (a second graph): correct.
 *   lazy       the lazy runner records ops until bool() needs a value, runs that graph (a graph break),
 *              and continues in a new graph that imports the earlier values: correct, 2 graphs per call.
 *
 * A compile cache serves the three tracing frontends: each call checks the cached graphs' guards
 * (gl_check_guards) in order, runs the first whose guards hold, or traces a new graph.
 * `correct_on_second_input` compares the second call's output with plain C evaluation of f.
 *
 * Options: {"frontend": "error"|"specialize"|"guard"|"lazy" (default guard), "first": [numbers] (default
 * [1, 2, 3]), "second": [numbers] (default [-1, -2, -3], same length as first)}. Result:
 *   frontend, program            echo; the program's text
 *   first, second                the two inputs
 *   graphs                       graphs compiled (error/specialize/guard) or executed (lazy) in total
 *   guards                       every recorded guard, in trace order: [{"kind": "value", "node", "value"}]
 *   error                        the trace error's message, or null
 *   correct_on_second_input      the second call's output equals plain C evaluation of f
 *   outputs                      {"first", "second", "expected_second"}: arrays, null when not computed
 *   lazy                         lazy only: {"graphs": [op count per executed graph], "imports": n}; else null
 *   steps                        what happened, one string per event (cache lookups, traces, graph breaks)
 *   graph_list                   each graph in the case files' `graphs` form {nodes: [[id, op, inputs,
 *                                attrs, shape, name]], outputs, input_names} plus call (1 or 2), ops, guards
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "io/graph_json.h"
#include "io/json.h"

#define BR_MAX_LEN 4096
#define BR_MAX_GRAPHS 8

static const char *const PROGRAM = "f(x) = (x*2 + 1) if (x*2).sum() > 0 else (x*2 - 1)";

typedef enum { FE_ERROR, FE_SPECIALIZE, FE_GUARD, FE_LAZY } frontend;
static const char *const FE_NAMES[] = {"error", "specialize", "guard", "lazy"};

/* ------------------------------------------------------------------ the program, once */
typedef struct {
    void *ctx;
    int (*scalar)(void *ctx, double v);
    int (*binary)(void *ctx, gl_op op, int a, int b);
    int (*sum)(void *ctx, int a);
    gl_status (*to_bool)(void *ctx, int t, bool *out);
} prog_api;

/* Python's evaluation order: lift(2) then mul, sum, lift(0) then gt, bool, then the branch's x*2 and ±1. */
static int program(const prog_api *p, int x) {
    int two = p->scalar(p->ctx, 2.0);
    int y = p->binary(p->ctx, GL_OP_MUL, x, two);
    int s = p->sum(p->ctx, y);
    int zero = p->scalar(p->ctx, 0.0);
    int c = p->binary(p->ctx, GL_OP_GT, s, zero);
    bool take = false;
    if (c < 0 || p->to_bool(p->ctx, c, &take)) return -1;
    two = p->scalar(p->ctx, 2.0);
    int y2 = p->binary(p->ctx, GL_OP_MUL, x, two);
    int one = p->scalar(p->ctx, 1.0);
    return p->binary(p->ctx, take ? GL_OP_ADD : GL_OP_SUB, y2, one);
}

/* plain C, the eager answer */
static void eager(const double *x, int n, double *out) {
    double s = 0.0;
    for (int i = 0; i < n; i++) s += x[i] * 2.0;
    for (int i = 0; i < n; i++) out[i] = s > 0 ? x[i] * 2.0 + 1.0 : x[i] * 2.0 - 1.0;
}

/* the tracer as a prog_api */
static int t_scalar(void *c, double v) { return gl_t_scalar(c, v); }
static int t_binary(void *c, gl_op op, int a, int b) {
    const int in[2] = {a, b};
    return gl_t_op(c, op, in, 2, NULL);
}
static int t_sum(void *c, int a) { return gl_t_sum(c, a, -1, false); }
static gl_status t_bool(void *c, int t, bool *out) { return gl_t_bool(c, t, out); }

/* the lazy runner as a prog_api */
static int l_scalar(void *c, double v) { return gl_lazy_scalar(c, v); }
static int l_binary(void *c, gl_op op, int a, int b) {
    int in[2] = {a, b};
    return gl_lazy_op(c, op, in, 2, NULL);
}
static int l_sum(void *c, int a) { return gl_lazy_sum(c, a, -1, false); }
static gl_status l_bool(void *c, int t, bool *out) { return gl_lazy_bool(c, t, out); }

/* ------------------------------------------------------------------ JSON helpers */
static void put_guards(gl_sb *sb, const gl_graph *g) {
    for (int k = 0; k < g->nguards; k++)
        gl_sb_printf(sb, "%s{\"kind\": \"value\", \"node\": %d, \"value\": %s}", k ? ", " : "", g->guards[k].node,
                     g->guards[k].value ? "true" : "false");
}

/* One graph in the case files' `graphs` form ({nodes, outputs, input_names}), plus call, ops, guards. */
static void put_graph(gl_sb *sb, const gl_graph *g, int call) {
    gl_sb_printf(sb, "{\"call\": %d, \"ops\": %d, \"guards\": [", call, gl_graph_count(g));
    put_guards(sb, g);
    gl_sb_puts(sb, "], ");
    gl_json_put_graph_fields(sb, g, ", ", "");
    gl_sb_putc(sb, '}');
}

static void put_vec(gl_sb *sb, const double *v, int64_t n) {
    if (!v) {
        gl_sb_puts(sb, "null");
        return;
    }
    gl_sb_putc(sb, '[');
    for (int64_t i = 0; i < n; i++) {
        if (i) gl_sb_puts(sb, ", ");
        gl_sb_double(sb, v[i]);
    }
    gl_sb_putc(sb, ']');
}

/* "[1, 2, 3]" for the step log (short, %g) */
static void put_vec_short(gl_sb *sb, const gl_array *a) {
    gl_sb_putc(sb, '[');
    for (int64_t i = 0; i < a->size && i < 6; i++) gl_sb_printf(sb, "%s%g", i ? ", " : "", a->data[i]);
    if (a->size > 6) gl_sb_puts(sb, ", ...");
    gl_sb_putc(sb, ']');
}

/* ------------------------------------------------------------------ options */
typedef struct {
    frontend fe;
    gl_array *x[2];               /* first and second input */
} br_opts;

static gl_status read_vec(const gl_json *j, int tok, const char *field, gl_array **out, gl_err *e) {
    gl_status st = gl_json_expect(j, tok, GL_J_ARR, field, e);
    if (st) return st;
    int n = j->t[tok].size;
    if (n < 1 || n > BR_MAX_LEN)
        return gl_fail(e, GL_E_INVALID, "%s must have 1 to %d numbers, got %d", field, BR_MAX_LEN, n);
    int64_t dim = n;
    gl_array *a = NULL;
    if ((st = gl_array_new(1, &dim, &a, e))) return st;
    int i = 0;
    for (int t = gl_json_elem_first(j, tok); t >= 0; t = gl_json_elem_next(j, tok, t), i++) {
        char f[48];
        snprintf(f, sizeof f, "%s[%d]", field, i);
        if ((st = gl_json_num(j, t, f, &a->data[i], e))) {
            gl_array_release(a);
            return st;
        }
    }
    *out = a;
    return GL_OK;
}

static gl_status parse_opts(const char *json, size_t len, br_opts *o, gl_err *e) {
    static const double X1[3] = {1, 2, 3}, X2[3] = {-1, -2, -3};
    memset(o, 0, sizeof *o);
    o->fe = FE_GUARD;
    gl_json j;
    memset(&j, 0, sizeof j);
    gl_status st = GL_OK;
    size_t k = 0;
    while (json && k < len && (json[k] == ' ' || json[k] == '\n' || json[k] == '\t' || json[k] == '\r')) k++;
    if (json && k < len) {
        if ((st = gl_json_parse(&j, json, len, e))) return st;
        if ((st = gl_json_expect(&j, 0, GL_J_OBJ, "options", e))) goto done;
        for (int key = gl_json_key_first(&j, 0); key >= 0; key = gl_json_key_next(&j, 0, key)) {
            int v = key + 1;
            if (gl_json_str_eq(&j, key, "frontend")) {
                char name[32];
                if ((st = gl_json_str(&j, v, "frontend", name, sizeof name, e))) goto done;
                int f = -1;
                for (int i = 0; i < 4; i++)
                    if (strcmp(name, FE_NAMES[i]) == 0) f = i;
                if (f < 0) {
                    st = gl_fail(e, GL_E_INVALID,
                                 "frontend must be \"error\", \"specialize\", \"guard\" or \"lazy\", got \"%s\"", name);
                    goto done;
                }
                o->fe = (frontend)f;
            } else if (gl_json_str_eq(&j, key, "first") || gl_json_str_eq(&j, key, "second")) {
                int w = gl_json_str_eq(&j, key, "first") ? 0 : 1;
                gl_array_release(o->x[w]);
                o->x[w] = NULL;
                if ((st = read_vec(&j, v, w ? "second" : "first", &o->x[w], e))) goto done;
            } else {
                char sn[48];
                st = gl_fail(e, GL_E_INVALID, "unknown option %s (known: frontend, first, second)",
                             gl_json_snippet(&j, key, sn, sizeof sn));
                goto done;
            }
        }
    }
    for (int w = 0; w < 2; w++)
        if (!o->x[w]) {
            int64_t three = 3;
            if ((st = gl_array_new(1, &three, &o->x[w], e))) goto done;
            memcpy(o->x[w]->data, w ? X2 : X1, sizeof X1);
        }
    if (o->x[0]->size != o->x[1]->size)
        st = gl_fail(e, GL_E_INVALID,
                     "first and second must have the same length (the demo varies values, not shapes): %lld vs %lld",
                     (long long)o->x[0]->size, (long long)o->x[1]->size);
done:
    gl_json_free(&j);
    if (st) {
        gl_array_release(o->x[0]);
        gl_array_release(o->x[1]);
        o->x[0] = o->x[1] = NULL;
    }
    return st;
}

/* ------------------------------------------------------------------ the demo */
typedef struct {
    gl_graph *g[BR_MAX_GRAPHS];   /* tracing frontends: the compile cache, in trace order */
    int call[BR_MAX_GRAPHS];      /* the call that traced it */
    int ng;
    gl_array *out[2];             /* each call's output, or NULL */
    char error[GL_MSG_MAX];
    gl_sb steps;                  /* the step log, JSON strings joined by ", " */
    int nsteps;
    gl_lazy *lz;
    int lz_call_end[2];           /* lazy: graphs executed after call 1 and after call 2 */
} br_state;

static void step(br_state *s, const char *fmt, ...)
#if defined(__GNUC__) || defined(__clang__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

static void step(br_state *s, const char *fmt, ...) {
    char buf[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    if (s->nsteps++) gl_sb_puts(&s->steps, ", ");
    gl_sb_json_str(&s->steps, buf);
}

static gl_status trace_program(gl_branch_mode mode, gl_array *x, gl_graph **out, gl_err *e) {
    gl_tracer *tr = NULL;
    gl_status st = gl_tracer_new(mode, true, &tr, e);
    if (st) {
        *out = NULL;
        return st;
    }
    gl_shape s = gl_array_shape(x);
    int xi = gl_t_input(tr, "x", &s, x);
    prog_api api = {tr, t_scalar, t_binary, t_sum, t_bool};
    int y = xi < 0 ? -1 : program(&api, xi);
    return gl_tracer_finish(tr, &y, 1, out, e);
}

static const char *guard_text(const gl_graph *g, char *buf, size_t cap) {
    size_t n = 0;
    buf[0] = 0;
    for (int k = 0; k < g->nguards && n + 1 < cap; k++) {
        int w = snprintf(buf + n, cap - n, "%sbool(%%%d) == %s", k ? " and " : "", g->guards[k].node,
                         g->guards[k].value ? "True" : "False");
        if (w < 0) break;
        n += (size_t)w;
    }
    if (!g->nguards) snprintf(buf, cap, "no guards");
    return buf;
}

/* One call through the compile cache (error / specialize / guard). */
static gl_status cached_call(br_state *s, gl_branch_mode mode, int call, gl_array *x, gl_err *e) {
    gl_named_array in = {"x", x};
    char gb[256];
    gl_sb xs;
    gl_sb_init(&xs);
    put_vec_short(&xs, x);
    const char *xt = xs.buf && !xs.failed ? xs.buf : "x";
    gl_status st = GL_OK;
    int hit = -1;
    for (int i = 0; i < s->ng && hit < 0; i++) {
        bool ok = false;
        if ((st = gl_check_guards(s->g[i], &in, 1, NULL, &ok, e))) goto done;
        if (ok) hit = i;
        else step(s, "call %d %s: graph %d's guard fails (%s)", call, xt, i + 1, guard_text(s->g[i], gb, sizeof gb));
    }
    if (hit < 0) {
        if (s->ng == BR_MAX_GRAPHS) {
            st = gl_fail(e, GL_E_LIMIT, "more than %d graphs in the compile cache", BR_MAX_GRAPHS);
            goto done;
        }
        gl_err te = {GL_OK, ""};
        gl_graph *g = NULL;
        gl_status ts = trace_program(mode, x, &g, &te);
        if (ts) {
            if (ts != GL_E_TRACE) {
                st = gl_fail(e, ts, "%s", te.msg);
                goto done;
            }
            snprintf(s->error, sizeof s->error, "%s", te.msg);
            step(s, "call %d %s: trace (%s) fails: TraceError", call, xt, gl_branch_mode_name(mode));
            goto done;
        }
        hit = s->ng;
        s->g[s->ng] = g;
        s->call[s->ng++] = call;
        step(s, "call %d %s: %s → trace (%s) → graph %d, %d ops, %s", call, xt,
             hit ? "no cached graph fits" : "cache empty", gl_branch_mode_name(mode), hit + 1, gl_graph_count(g),
             guard_text(g, gb, sizeof gb));
    } else {
        step(s, "call %d %s: graph %d reused (%s)", call, xt, hit + 1, guard_text(s->g[hit], gb, sizeof gb));
    }
    st = gl_run(s->g[hit], &in, 1, NULL, &s->out[call - 1], NULL, e);
done:
    gl_sb_free(&xs);
    return st;
}

static gl_status lazy_call(br_state *s, int call, gl_array *x, gl_err *e) {
    int before = gl_lazy_graph_count(s->lz);
    int xi = gl_lazy_tensor(s->lz, x);
    prog_api api = {s->lz, l_scalar, l_binary, l_sum, l_bool};
    int out = xi < 0 ? -1 : program(&api, xi);
    if (out < 0) {
        const gl_err *le = gl_lazy_error(s->lz);
        return gl_fail(e, le->code ? le->code : GL_E_INTERNAL, "%s", le->msg);
    }
    gl_status st = gl_lazy_materialize(s->lz, out, &s->out[call - 1], e);
    if (st) return st;
    int after = gl_lazy_graph_count(s->lz);
    s->lz_call_end[call - 1] = after;
    gl_sb ops;
    gl_sb_init(&ops);
    for (int i = before; i < after; i++) gl_sb_printf(&ops, "%s%d", i > before ? ", " : "", gl_lazy_graph_ops(s->lz, i));
    gl_sb xs;
    gl_sb_init(&xs);
    put_vec_short(&xs, x);
    step(s, "call %d %s: lazy: ran %d graphs (ops %s): graph break at bool()", call,
         xs.buf && !xs.failed ? xs.buf : "x", after - before, ops.buf && !ops.failed ? ops.buf : "?");
    gl_sb_free(&ops);
    gl_sb_free(&xs);
    return GL_OK;
}

static gl_status write_result(const br_opts *o, br_state *s, char **out, size_t *outlen, gl_err *e) {
    const int64_t n = o->x[0]->size;
    double *expect = gl_alloc((size_t)n, sizeof *expect, e);
    if (!expect) return GL_E_NOMEM;
    eager(o->x[1]->data, (int)n, expect);
    bool correct = s->out[1] && s->out[1]->size == n;
    for (int64_t i = 0; correct && i < n; i++)
        if (!(fabs(s->out[1]->data[i] - expect[i]) <= 1e-12 * fmax(1.0, fabs(expect[i])))) correct = false;

    gl_sb sb;
    gl_sb_init(&sb);
    gl_sb_puts(&sb, "{\"frontend\": ");
    gl_sb_json_str(&sb, FE_NAMES[o->fe]);
    gl_sb_puts(&sb, ", \"program\": ");
    gl_sb_json_str(&sb, PROGRAM);
    gl_sb_puts(&sb, ", \"first\": ");
    put_vec(&sb, o->x[0]->data, n);
    gl_sb_puts(&sb, ", \"second\": ");
    put_vec(&sb, o->x[1]->data, n);
    int graphs = o->fe == FE_LAZY ? gl_lazy_graph_count(s->lz) : s->ng;
    gl_sb_printf(&sb, ", \"graphs\": %d, \"guards\": [", graphs);
    bool any = false;
    for (int i = 0; i < s->ng; i++)
        if (s->g[i]->nguards) {
            if (any) gl_sb_puts(&sb, ", ");
            any = true;
            put_guards(&sb, s->g[i]);
        }
    gl_sb_puts(&sb, "], \"error\": ");
    if (s->error[0]) gl_sb_json_str(&sb, s->error);
    else gl_sb_puts(&sb, "null");
    gl_sb_printf(&sb, ", \"correct_on_second_input\": %s, \"outputs\": {\"first\": ", correct ? "true" : "false");
    put_vec(&sb, s->out[0] ? s->out[0]->data : NULL, n);
    gl_sb_puts(&sb, ", \"second\": ");
    put_vec(&sb, s->out[1] ? s->out[1]->data : NULL, n);
    gl_sb_puts(&sb, ", \"expected_second\": ");
    put_vec(&sb, expect, n);
    gl_sb_puts(&sb, "}, \"lazy\": ");
    if (o->fe == FE_LAZY) {
        gl_sb_puts(&sb, "{\"graphs\": [");
        for (int i = 0; i < graphs; i++) gl_sb_printf(&sb, "%s%d", i ? ", " : "", gl_lazy_graph_ops(s->lz, i));
        gl_sb_printf(&sb, "], \"imports\": %d}", gl_lazy_imports(s->lz));
    } else {
        gl_sb_puts(&sb, "null");
    }
    gl_sb_puts(&sb, ", \"steps\": [");
    if (s->steps.failed) sb.failed = true;
    else if (s->steps.buf) gl_sb_puts(&sb, s->steps.buf);
    gl_sb_puts(&sb, "], \"graph_list\": [");
    if (o->fe == FE_LAZY) {
        for (int i = 0; i < graphs; i++) {
            if (i) gl_sb_puts(&sb, ", ");
            put_graph(&sb, gl_lazy_graph_at(s->lz, i), i < s->lz_call_end[0] ? 1 : 2);
        }
    } else {
        for (int i = 0; i < s->ng; i++) {
            if (i) gl_sb_puts(&sb, ", ");
            put_graph(&sb, s->g[i], s->call[i]);
        }
    }
    gl_sb_puts(&sb, "]}");
    free(expect);
    return gl_sb_finish(&sb, out, outlen, e);
}

gl_status gl_branch_demo_json(const char *opts_json, size_t len, char **out, size_t *outlen, gl_err *e) {
    if (gl_out_begin(out, outlen, "gl_branch_demo_json", e)) return GL_E_INVALID;
    br_opts o;
    gl_status st = parse_opts(opts_json, len, &o, e);
    if (st) return st;
    br_state s;
    memset(&s, 0, sizeof s);
    gl_sb_init(&s.steps);
    if (o.fe == FE_LAZY) {
        st = gl_lazy_new(&s.lz, e);
        for (int c = 0; c < 2 && !st; c++) st = lazy_call(&s, c + 1, o.x[c], e);
    } else {
        gl_branch_mode mode = o.fe == FE_ERROR ? GL_BRANCH_ERROR : o.fe == FE_SPECIALIZE ? GL_BRANCH_SPECIALIZE
                                                                                        : GL_BRANCH_GUARD;
        for (int c = 0; c < 2 && !st && !s.error[0]; c++) st = cached_call(&s, mode, c + 1, o.x[c], e);
    }
    if (!st) st = write_result(&o, &s, out, outlen, e);
    for (int i = 0; i < s.ng; i++) gl_graph_free(s.g[i]);
    gl_array_release(s.out[0]);
    gl_array_release(s.out[1]);
    gl_lazy_free(s.lz);
    gl_sb_free(&s.steps);
    gl_array_release(o.x[0]);
    gl_array_release(o.x[1]);
    return st;
}
