/* case_run.c — computes a case: build (trace), the pass pipeline, eager and fused kernels with their
 * roofline cost, lifetimes and memory plans on the final graph, and (concrete cases) the interpreter on
 * every stage. Timings (ms, monotonic clock) cover the computation only, never JSON reading or writing. */
#include "io/case.h"
#include "io/stage_keys.h"
#include "passes/passes.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now_ms(void) {
    struct timespec ts;
    if (clock_gettime(CLOCK_MONOTONIC, &ts) != 0) return 0.0;
    return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

static bool bound(const gl_bind *b, const char *sym) {
    for (int i = 0; i < b->n; i++)
        if (strcmp(b->s[i].sym, sym) == 0) return true;
    return false;
}

/* Every symbol of the graph (in shapes, reshape targets and kv_write rows) must have a value. */
static gl_status check_symbols(const gl_graph *g, const gl_bind *b, gl_err *e) {
    const gl_shape *ok_shape = NULL;   /* the last shape and attrs found bound: runs of one item are checked once */
    const gl_attrs *ok_attrs = NULL;
    for (int i = 0; i < g->n; i++) {
        const gl_node *n = &g->nodes[i];
        const char *sym = NULL;
        if (n->shape == ok_shape && n->attrs == ok_attrs) continue;
        for (int k = 0; k < n->shape->rank && !sym; k++)
            if (gl_dim_is_sym(n->shape->d[k]) && !bound(b, n->shape->d[k].sym)) sym = n->shape->d[k].sym;
        if (!sym && (n->attrs->has & GL_A_SHAPE))
            for (int k = 0; k < n->attrs->shape.rank && !sym; k++)
                if (gl_dim_is_sym(n->attrs->shape.d[k]) && !bound(b, n->attrs->shape.d[k].sym))
                    sym = n->attrs->shape.d[k].sym;
        if (!sym && (n->attrs->has & GL_A_POS) && gl_dim_is_sym(n->attrs->pos) && !bound(b, n->attrs->pos.sym))
            sym = n->attrs->pos.sym;
        if (sym)
            return gl_fail(e, GL_E_UNBOUND, "bind has no value for symbol \"%s\" (used by node %%%d %s%s%s); "
                           "decode binds {\"S\": S, \"P\": S - 1} unless bind is given", sym, n->id,
                           gl_op_name(n->op), n->name[0] ? " " : "", n->name);
        ok_shape = n->shape;
        ok_attrs = n->attrs;
    }
    return GL_OK;
}

static void input_list(const gl_graph *g, char *buf, size_t cap) {
    size_t len = 0;
    buf[0] = 0;
    for (int i = 0; i < g->n && len + 1 < cap; i++) {
        if (g->nodes[i].op != GL_OP_INPUT) continue;
        int w = snprintf(buf + len, cap - len, "%s%s", len ? ", " : "", g->nodes[i].name);
        if (w < 0) break;
        len += (size_t)w;
    }
}

/* The inputs must be exactly the graph's input nodes, each of the node's shape under bind. */
static gl_status check_inputs(const gl_case *c, const gl_graph *g, gl_err *e) {
    char names[200];
    input_list(g, names, sizeof names);
    for (int i = 0; i < g->n; i++) {
        const gl_node *n = &g->nodes[i];
        if (n->op != GL_OP_INPUT) continue;
        int k = 0;
        while (k < c->ninputs && strcmp(c->input_names[k], n->name) != 0) k++;
        if (k == c->ninputs)
            return gl_fail(e, GL_E_INVALID, "inputs.%s is missing (this model's inputs: %s)", n->name, names);
        const gl_array *a = c->input_values[k];
        gl_shape want = *n->shape;
        for (int d = 0; d < want.rank; d++) {
            int64_t v;
            gl_err tmp = {GL_OK, ""};
            if (gl_dim_is_sym(want.d[d])) {
                if (gl_dim_value(want.d[d], &c->bind, &v, &tmp))
                    return gl_fail(e, GL_E_UNBOUND, "inputs.%s: bind has no value for symbol \"%s\"", n->name,
                                   want.d[d].sym);
                want.d[d] = gl_dim_int(v);
            }
        }
        gl_shape have = gl_array_shape(a);
        if (!gl_shape_eq(&have, &want)) {
            char b1[128], b2[128];
            return gl_fail(e, GL_E_SHAPE, "inputs.%s has shape %s, expected %s", n->name,
                           gl_shape_str(&have, b1, sizeof b1), gl_shape_str(&want, b2, sizeof b2));
        }
    }
    for (int k = 0; k < c->ninputs; k++)
        if (gl_graph_find_input(g, c->input_names[k]) < 0)
            return gl_fail(e, GL_E_INVALID, "inputs.%s is not an input of this model (its inputs: %s)",
                           c->input_names[k], names);
    return GL_OK;
}

/* The memory budget (limits.run_bytes). A run with values holds float64 arrays: for a concrete case
 * (inputs given) potentially one per node, otherwise one per node the tracer and constant folding can
 * evaluate (params, consts, and nodes computed from those alone). The sum of their element counts, times 8,
 * must fit the budget; it is checked on shapes, before anything is allocated. */
static gl_status check_budget(const gl_graph *g, const gl_bind *b, bool all_nodes, int64_t run_bytes,
                              const char *what, gl_err *e) {
    bool *valued = all_nodes ? NULL : gl_alloc((size_t)g->n, sizeof *valued, e);
    if (!all_nodes && !valued) return GL_E_NOMEM;
    int64_t total = 0, limit = run_bytes / 8;
    gl_status st = GL_OK;
    for (int i = 0; i < g->n; i++) {
        const gl_node *n = &g->nodes[i];
        if (!all_nodes) {
            bool v = n->op == GL_OP_PARAM || n->op == GL_OP_CONST;
            if (n->op != GL_OP_INPUT && n->nin > 0) {
                v = true;
                for (int k = 0; k < n->nin; k++) v = v && n->in[k] >= 0 && n->in[k] < i && valued[n->in[k]];
            }
            valued[i] = v;
            if (!v) continue;
        }
        int64_t ne;
        gl_err tmp = {GL_OK, ""};
        if (gl_numel(n->shape, b, &ne, &tmp) || ne > limit - total) {
            char buf[96];
            st = gl_fail(e, GL_E_LIMIT, "too large to run concretely: %s needs more than limits.run_bytes = %lld "
                         "bytes of float64 values (at node %%%d %s of shape %s); drop params and inputs for a "
                         "shape-only case", what, (long long)run_bytes, i, gl_op_name(n->op),
                         gl_shape_str(n->shape, buf, sizeof buf));
            break;
        }
        total += ne;
    }
    free(valued);
    return st;
}

/* Before a case with values builds its model (RoPE tables, params-only subgraphs, the run): the same model
 * traced shape-only (cheap: no numbers) tells what the real one will hold. */
static gl_status precheck_budget(const gl_case *c, gl_err *e) {
    gl_params shapes;
    gl_params_init(&shapes);
    gl_status st = gl_params_shapes(&shapes, &c->model, e);
    gl_graph *g = NULL;
    if (!st) st = gl_build_model(&c->model, &shapes, &g, e);
    gl_params_free(&shapes);
    if (st) return st;
    st = check_symbols(g, &c->bind, e);
    if (!st) st = check_budget(g, &c->bind, c->concrete, c->run_bytes, "the traced graph", e);
    gl_graph_free(g);
    return st;
}

/* The case's pass written in Python on g: its graph and count, provenance recovered by matching (prov_match.c),
 * the graph invariants checked (what the judge checks first). */
static gl_status run_pypass(const gl_case *c, const gl_graph *g, gl_pass_result *out, gl_err *e) {
    gl_pypass_opts o = {c->pypass_name, 0, 0};
    gl_pypass_result pr;
    gl_status st = gl_pypass_run(c->pypass, strlen(c->pypass), c->pypass_file, g, &o, &pr, e);
    if (st) return st;
    out->graph = pr.graph;
    out->hits = pr.hits;
    pr.graph = NULL;
    gl_pypass_free(&pr);
    if ((st = gl_verify_graph(out->graph, c->pypass_name, e))) return st;
    return gl_prov_match(g, out->graph, c->pypass_name, &out->prov, e);
}

static gl_status run_passes(const gl_case *c, gl_case_result *r, gl_err *e) {
    const gl_pass_ctx ctx = {c->has_precision ? &c->precision : NULL};   /* the quantize pass reads the plan */
    for (int i = 0; i < c->npipe; i++) {
        const char *name = c->pipeline[i];
        gl_case_stage *s = &r->st[r->nst];
        gl_err le = {GL_OK, ""};
        gl_status st = c->pypass && strcmp(name, c->pypass_name) == 0 ? run_pypass(c, r->st[r->nst - 1].r.graph, &s->r, &le)
                                                                     : gl_pass_run_ctx(name, r->st[r->nst - 1].r.graph, &ctx, &s->r, &le);
        if (st) {
            gl_pass_result_free(&s->r);
            return gl_fail(e, st, "pipeline[%d] (%s): %s", i, name, le.msg);
        }
        r->nst++;
        int seen = 1;
        for (int k = 0; k < i; k++)
            if (strcmp(c->pipeline[k], name) == 0) seen++;
        if (seen == 1 && strcmp(name, "trace") != 0) snprintf(s->key, sizeof s->key, "%s", name);
        else snprintf(s->key, sizeof s->key, "%s#%d", name, seen);
    }
    return GL_OK;
}

static gl_status fuse_and_cost(const gl_case *c, gl_case_result *r, gl_err *e) {
    gl_graph *dec = NULL;
    gl_status st = gl_decompose_graph(r->st[0].r.graph, &dec, e);
    if (st) return st;
    /* a precision plan: each tensor at its own format's size (int8 weights halve a bf16 layer's weight bytes) */
    unsigned char *bytes = c->has_precision ? gl_precision_node_bytes(dec, &c->precision, c->elem_bytes, e) : NULL;
    if (c->has_precision && !bytes) st = GL_E_NOMEM;
    if (!st) st = gl_fuse_sized(dec, false, c->elem_bytes, bytes, &c->bind, &r->eager, e);
    free(bytes);
    gl_graph_free(dec);
    if (st) return st;
    const gl_graph *fin = r->st[r->nst - 1].r.graph;
    bytes = c->has_precision ? gl_precision_node_bytes(fin, &c->precision, c->elem_bytes, e) : NULL;
    if (c->has_precision && !bytes) return GL_E_NOMEM;
    st = gl_fuse_sized(fin, true, c->elem_bytes, bytes, &c->bind, &r->fused, e);
    free(bytes);
    if (st) return st;
    r->fused_done = true;
    r->eager_cost = gl_graph_cost(&r->eager, &c->device);
    r->fused_cost = gl_graph_cost(&r->fused, &c->device);
    return GL_OK;
}

/* The bytes alive at each kernel step 0 .. the last end (a buffer from its start to its end, both included):
 * the curve whose peak is the lower bound. No sum overflows: the naive plan (every size added) did not. */
static gl_status live_profile(gl_case_result *r, gl_err *e) {
    const gl_lifetimes *l = &r->lts;
    int steps = 0;
    for (int i = 0; i < l->n; i++)
        if (l->lt[i].end + 1 > steps) steps = l->lt[i].end + 1;
    r->live = gl_alloc((size_t)steps + 1, sizeof *r->live, e);
    if (!r->live) return GL_E_NOMEM;
    for (int i = 0; i < l->n; i++) {
        if (l->lt[i].end < l->lt[i].start) continue;
        r->live[l->lt[i].start] += l->lt[i].bytes;
        r->live[l->lt[i].end + 1] -= l->lt[i].bytes;
    }
    for (int t = 1; t < steps; t++) r->live[t] += r->live[t - 1];
    r->nlive = steps;
    return GL_OK;
}

static gl_status plan_memory(const gl_case *c, gl_case_result *r, gl_err *e) {
    const gl_graph *fin = r->st[r->nst - 1].r.graph;
    unsigned char *bytes = c->has_precision ? gl_precision_node_bytes(fin, &c->precision, c->elem_bytes, e) : NULL;
    if (c->has_precision && !bytes) return GL_E_NOMEM;
    gl_status st = gl_lifetimes_sized(fin, &r->fused, &c->bind, c->elem_bytes, bytes, &r->lts, e);
    free(bytes);
    if (st) return st;
    r->offsets = gl_alloc((size_t)r->lts.n, sizeof *r->offsets, e);
    if (!r->offsets) return GL_E_NOMEM;
    if (c->emit.plans) {
        r->naive_offsets = gl_alloc((size_t)r->lts.n, sizeof *r->naive_offsets, e);
        if (!r->naive_offsets) return GL_E_NOMEM;
    }
    if ((st = gl_plan_naive(&r->lts, &r->naive, r->naive_offsets, e))) return st;
    if ((st = gl_plan_greedy(&r->lts, &r->greedy, r->offsets, e))) return st;
    r->lower_bound = gl_lower_bound(&r->lts);
    return c->emit.plans ? live_profile(r, e) : GL_OK;
}

/* The final graph under the case's precision plan beside float64: the error of each of its nodes. */
static gl_status run_precision(const gl_case *c, gl_case_result *r, gl_err *e) {
    const gl_graph *g = r->st[r->nst - 1].r.graph;
    gl_named_array *in = gl_alloc((size_t)c->ninputs + 1, sizeof *in, e);
    r->errors = in ? gl_alloc((size_t)g->n + 1, sizeof *r->errors, e) : NULL;
    if (!r->errors) {
        free(in);
        return GL_E_NOMEM;
    }
    for (int i = 0; i < c->ninputs; i++) {
        in[i].name = c->input_names[i];
        in[i].value = c->input_values[i];
    }
    gl_err le = {GL_OK, ""};
    gl_status st = gl_run_precision(g, in, c->ninputs, &c->bind, &c->precision, r->errors, NULL, NULL, &le);
    free(in);
    if (st) return gl_fail(e, st, "running the final graph under the precision plan: %s", le.msg);
    r->err_worst = gl_precision_worst(g, r->errors);
    /* the final stage's layers as the lab draws them: the trace's, carried through every pass by provenance */
    gl_stage_keys keys[2] = {{0}, {0}};
    for (int i = 0; i < r->nst && !st; i++) {
        gl_stage_keys made;
        st = gl_stage_keys_make(r->st[i].r.graph, i, i > 0 ? &r->st[i].r.prov : NULL, i > 0 ? r->st[i - 1].r.graph : NULL,
                                i > 0 ? &keys[(i - 1) & 1] : NULL, &made, e);
        if (st) break;
        gl_stage_keys_free(&keys[i & 1]);
        keys[i & 1] = made;
    }
    if (!st) st = gl_precision_layers(g, r->errors, keys[(r->nst - 1) & 1].layer, &r->err_layers, &r->nerr_layers, e);
    gl_stage_keys_free(&keys[0]);
    gl_stage_keys_free(&keys[1]);
    return st;
}

static gl_status run_stages(const gl_case *c, gl_case_result *r, gl_err *e) {
    gl_named_array *in = gl_alloc((size_t)c->ninputs, sizeof *in, e);
    if (!in) return GL_E_NOMEM;
    for (int i = 0; i < c->ninputs; i++) {
        in[i].name = c->input_names[i];
        in[i].value = c->input_values[i];
    }
    gl_status st = GL_OK;
    for (int s = 0; s < r->nst && !st; s++) {
        gl_case_stage *sg = &r->st[s];
        const gl_graph *g = sg->r.graph;
        sg->outs = gl_alloc((size_t)g->nout, sizeof *sg->outs, e);
        if (!sg->outs) {
            st = GL_E_NOMEM;
            break;
        }
        char what[64];
        snprintf(what, sizeof what, "stage %s", sg->key);
        if ((st = check_budget(g, &c->bind, true, c->run_bytes, what, e))) break;
        gl_err le = {GL_OK, ""};
        const bool final = s == r->nst - 1;
        double t0 = now_ms();
        st = gl_run(g, in, c->ninputs, &c->bind, sg->outs, NULL, &le);
        if (final) r->t_run = now_ms() - t0;
        /* timing only: the final graph's forward again, run_repeat - 1 times; its outputs are the first's */
        if (final && !st && c->run_repeat > 1) {
            gl_array **again = gl_alloc((size_t)g->nout, sizeof *again, &le);
            if (!again) st = GL_E_NOMEM;
            for (int k = 1; !st && k < c->run_repeat; k++) {
                t0 = now_ms();
                st = gl_run(g, in, c->ninputs, &c->bind, again, NULL, &le);
                const double t = now_ms() - t0;
                if (!st && t < r->t_run) r->t_run = t;
                for (int o = 0; !st && o < g->nout; o++) gl_array_release(again[o]);
            }
            free(again);
        }
        if (st) {
            for (int k = 0; k < g->nout; k++) gl_array_release(sg->outs[k]);
            free(sg->outs);
            sg->outs = NULL;
            st = gl_fail(e, st, "running stage %s: %s", sg->key, le.msg);
            break;
        }
        sg->nout = g->nout;
    }
    free(in);
    return st;
}

/* A program case: the graph of the program's last trace(...), with the case's param values (by name) and
 * numbers in the RoPE tables when the case runs; its spans and console go to the result. */
static gl_status build_program(const gl_case *c, gl_case_result *r, gl_graph **out, gl_err *e) {
    gl_program_opts o = {c->has_values || c->concrete, &c->params, 0, false};
    gl_program p;
    *out = NULL;
    gl_status st = gl_program_run(c->program, c->program_len, "program.py", &o, &p, e);
    if (st) return st;
    gl_graph *g = p.graph;
    r->spans = p.spans;
    r->console = p.console;
    for (int i = 0; i < c->params.n; i++) {
        int k = 0;
        while (k < g->n && !(g->nodes[k].op == GL_OP_PARAM && strcmp(g->nodes[k].name, c->params.names[i]) == 0)) k++;
        if (k == g->n) {
            gl_graph_free(g);
            return gl_fail(e, GL_E_INVALID, "params.%s is not a param of the program's trace", c->params.names[i]);
        }
    }
    if ((c->has_values || c->concrete) &&
        (st = check_budget(g, &c->bind, c->concrete, c->run_bytes, "the traced graph", e))) {
        gl_graph_free(g);
        return st;
    }
    *out = g;
    return GL_OK;
}

gl_status gl_case_compute(const gl_case *c, int flags, gl_case_result *r, gl_err *e) {
    memset(r, 0, sizeof *r);
    r->st = gl_alloc((size_t)c->npipe + 1, sizeof *r->st, e);
    if (!r->st) return GL_E_NOMEM;
    for (int i = 0; i <= c->npipe; i++) gl_pass_result_init(&r->st[i].r);
    gl_status st;
    if (!c->program && (c->has_values || c->concrete) && (st = precheck_budget(c, e))) return st;
    double t0 = now_ms();
    gl_graph *g = NULL;
    st = c->program ? build_program(c, r, &g, e) : gl_build_model(&c->model, &c->params, &g, e);
    if (st) return st;
    r->st[0].r.graph = g;
    snprintf(r->st[0].key, sizeof r->st[0].key, "trace");
    r->nst = 1;
    double t1 = now_ms();
    r->t_build = t1 - t0;
    if ((st = check_symbols(g, &c->bind, e))) return st;
    if (c->concrete && (st = check_inputs(c, g, e))) return st;
    double t2 = now_ms();
    if ((st = run_passes(c, r, e))) return st;
    double t3 = now_ms();
    r->t_passes = t3 - t2;
    if (flags & GL_CASE_PASSES_ONLY) {
        r->t_total = t3 - t0;
        return GL_OK;
    }
    if ((st = fuse_and_cost(c, r, e))) return st;
    double t4 = now_ms();
    r->t_fuse = t4 - t3;
    if ((st = plan_memory(c, r, e))) return st;
    double t5 = now_ms();
    r->t_memory = t5 - t4;
    if (c->concrete) {
        if ((st = run_stages(c, r, e))) return st;
        r->ran = true;
        double tp = now_ms();
        if (c->has_precision && (st = run_precision(c, r, e))) return st;
        r->t_precision = now_ms() - tp;
    }
    double t6 = now_ms();
    r->t_run_stages = t6 - t5;
    if (c->emit.lab) {
        if (!(r->lab = gl_alloc(1, sizeof *r->lab, e))) return GL_E_NOMEM;
        if ((st = gl_lab_facts_make(c, r, r->lab, e))) return st;
        t6 = now_ms();
    }
    r->t_total = t6 - t0;
    return GL_OK;
}

void gl_case_result_free(gl_case_result *r) {
    if (!r) return;
    for (int i = 0; r->st && i < r->nst; i++) {
        gl_case_stage *s = &r->st[i];
        for (int k = 0; s->outs && k < s->nout; k++) gl_array_release(s->outs[k]);
        free(s->outs);
        gl_pass_result_free(&s->r);
    }
    free(r->st);
    gl_kernels_free(&r->eager);
    gl_kernels_free(&r->fused);
    gl_lifetimes_free(&r->lts);
    free(r->offsets);
    free(r->naive_offsets);
    free(r->live);
    free(r->spans);
    free(r->console);
    gl_lab_facts_free(r->lab);
    free(r->lab);
    free(r->errors);
    free(r->err_layers);
    memset(r, 0, sizeof *r);
}
