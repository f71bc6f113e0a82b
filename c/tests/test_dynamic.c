/* test_dynamic.c — data-dependent branches under four frontends, dynamic shapes through a compile cache,
 * the lazy runner (graph breaks) and code generation. Expectations are derived by hand from the
 * reference's semantics (§6 Tracer modes, §8 run / check_guards / codegen, §12 LazyRunner), or are the
 * reference's own numbers, hard-coded (test_check_guards_match_reference). */
#include <stdio.h>

#include "test_util.h"

#include "io/json.h"

/* ------------------------------------------------------------------ helpers: run a demo, read its JSON */
typedef struct {
    char *text;
    gl_json j;
} result;

static void run_demo(gl_status (*fn)(const char *, size_t, char **, size_t *, gl_err *), const char *opts,
                     result *r) {
    gl_err e = {0};
    size_t n = 0;
    r->text = NULL;
    gl_status st = fn(opts, strlen(opts), &r->text, &n, &e);
    if (st) fprintf(stderr, "demo failed: %s\n", e.msg);
    assert_int_equal(st, GL_OK);
    assert_int_equal(n, strlen(r->text));
    assert_int_equal(gl_json_parse(&r->j, r->text, n, &e), GL_OK);
}

static void result_free(result *r) {
    gl_json_free(&r->j);
    free(r->text);
}

static int get(const result *r, const char *path) {
    int tok = 0;
    char key[64];
    const char *p = path;
    while (*p) {
        size_t k = strcspn(p, ".");
        memcpy(key, p, k);
        key[k] = 0;
        if (key[0] >= '0' && key[0] <= '9') tok = gl_json_at(&r->j, tok, atoi(key));
        else tok = gl_json_get(&r->j, tok, key);
        assert_true(tok >= 0);
        p += k;
        if (*p == '.') p++;
    }
    return tok;
}

static int64_t get_int(const result *r, const char *path) {
    int64_t v = 0;
    gl_err e = {0};
    assert_int_equal(gl_json_int(&r->j, get(r, path), path, &v, &e), GL_OK);
    return v;
}

static double get_num(const result *r, const char *path) {
    double v = 0;
    gl_err e = {0};
    assert_int_equal(gl_json_num(&r->j, get(r, path), path, &v, &e), GL_OK);
    return v;
}

static bool get_bool(const result *r, const char *path) {
    bool v = false;
    gl_err e = {0};
    assert_int_equal(gl_json_bool(&r->j, get(r, path), path, &v, &e), GL_OK);
    return v;
}

static int get_len(const result *r, const char *path) {
    int tok = get(r, path);
    assert_int_equal(r->j.t[tok].type, GL_J_ARR);
    return r->j.t[tok].size;
}

static gl_status demo_error(gl_status (*fn)(const char *, size_t, char **, size_t *, gl_err *), const char *opts,
                            gl_err *e) {
    char *out = (char *)1;
    size_t n = 7;
    gl_status st = fn(opts, strlen(opts), &out, &n, e);
    assert_null(out);
    assert_int_equal(n, 0);
    return st;
}

/* ------------------------------------------------------------------ branch */
static void test_branch_error(void **state) {
    (void)state;
    result r;
    run_demo(gl_branch_demo_json, "{\"frontend\": \"error\"}", &r);
    assert_true(gl_json_str_eq(&r.j, get(&r, "frontend"), "error"));
    int err = get(&r, "error");
    assert_int_equal(r.j.t[err].type, GL_J_STR);
    char msg[GL_MSG_MAX];
    gl_err e = {0};
    assert_int_equal(gl_json_str(&r.j, err, "error", msg, sizeof msg, &e), GL_OK);
    assert_non_null(strstr(msg, "data-dependent branch"));
    assert_int_equal(get_int(&r, "graphs"), 0);
    assert_int_equal(get_len(&r, "graph_list"), 0);
    assert_int_equal(get_len(&r, "guards"), 0);
    assert_false(get_bool(&r, "correct_on_second_input"));
    assert_true(gl_json_is_null(&r.j, get(&r, "outputs.second")));
    result_free(&r);
}

static void test_branch_specialize(void **state) {
    (void)state;
    result r;
    run_demo(gl_branch_demo_json, "{\"frontend\": \"specialize\"}", &r);
    assert_int_equal(get_int(&r, "graphs"), 1);
    assert_int_equal(get_len(&r, "guards"), 0);
    assert_true(gl_json_is_null(&r.j, get(&r, "error")));
    assert_false(get_bool(&r, "correct_on_second_input"));
    /* the first input's branch (x*2 + 1) on [-1, -2, -3]: [-1, -3, -5]; eager: [-3, -5, -7] */
    assert_close(get_num(&r, "outputs.second.0"), -1.0, 0);
    assert_close(get_num(&r, "outputs.second.2"), -5.0, 0);
    assert_close(get_num(&r, "outputs.expected_second.0"), -3.0, 0);
    /* the graph: x, 2, mul, sum, 0, gt, mul (x*2 again), 1, add */
    assert_int_equal(get_len(&r, "graph_list.0.nodes"), 9);
    assert_true(gl_json_str_eq(&r.j, get(&r, "graph_list.0.nodes.5.1"), "gt"));
    assert_true(gl_json_str_eq(&r.j, get(&r, "graph_list.0.nodes.8.1"), "add"));
    assert_int_equal(get_int(&r, "graph_list.0.outputs.0"), 8);
    assert_int_equal(get_int(&r, "graph_list.0.input_names.x"), 0);
    assert_int_equal(get_int(&r, "graph_list.0.ops"), 5);
    result_free(&r);

    /* both inputs on the same side of the branch: specializing is then harmless */
    run_demo(gl_branch_demo_json, "{\"frontend\": \"specialize\", \"first\": [1, 1], \"second\": [0.5, 2]}", &r);
    assert_true(get_bool(&r, "correct_on_second_input"));
    result_free(&r);
}

static void test_branch_guard(void **state) {
    (void)state;
    result r;
    run_demo(gl_branch_demo_json, "{\"frontend\": \"guard\"}", &r);
    assert_int_equal(get_int(&r, "graphs"), 2);
    assert_true(get_bool(&r, "correct_on_second_input"));
    assert_int_equal(get_len(&r, "guards"), 2);
    assert_true(gl_json_str_eq(&r.j, get(&r, "guards.0.kind"), "value"));
    assert_int_equal(get_int(&r, "guards.0.node"), 5);
    assert_true(get_bool(&r, "guards.0.value"));
    assert_int_equal(get_int(&r, "guards.1.node"), 5);
    assert_false(get_bool(&r, "guards.1.value"));
    assert_int_equal(get_int(&r, "graph_list.1.call"), 2);
    assert_true(gl_json_str_eq(&r.j, get(&r, "graph_list.1.nodes.8.1"), "sub"));
    assert_close(get_num(&r, "outputs.second.1"), -5.0, 0);
    assert_close(get_num(&r, "outputs.first.1"), 5.0, 0);
    assert_int_equal(get_len(&r, "steps"), 3);
    result_free(&r);

    /* the default frontend is guard; "" means all defaults */
    run_demo(gl_branch_demo_json, "", &r);
    assert_true(gl_json_str_eq(&r.j, get(&r, "frontend"), "guard"));
    assert_int_equal(get_int(&r, "graphs"), 2);
    result_free(&r);
}

/* The branch program traced in guard mode on one input, then check_guards and run on probes. Expected: the
 * reference's trace(f, mode="guard") / check_guards / run on the same inputs (graph_lab.py), hard-coded. */
static gl_graph *trace_branch_guard(const double first[3]) {
    gl_err e = {0};
    int64_t three = 3;
    gl_array *x = NULL;
    assert_int_equal(gl_array_new(1, &three, &x, &e), GL_OK);
    memcpy(x->data, first, 3 * sizeof(double));
    gl_tracer *tr = NULL;
    assert_int_equal(gl_tracer_new(GL_BRANCH_GUARD, true, &tr, &e), GL_OK);
    gl_shape s = gl_array_shape(x);
    int xi = gl_t_input(tr, "x", &s, x);
    int c = gl_t_gt(tr, gl_t_sum(tr, gl_t_mul(tr, xi, gl_t_scalar(tr, 2.0)), -1, false), gl_t_scalar(tr, 0.0));
    bool take = false;
    assert_int_equal(gl_t_bool(tr, c, &take), GL_OK);
    int y = gl_t_mul(tr, xi, gl_t_scalar(tr, 2.0)), one = gl_t_scalar(tr, 1.0);
    int out = take ? gl_t_add(tr, y, one) : gl_t_sub(tr, y, one);
    gl_graph *g = NULL;
    assert_int_equal(gl_tracer_finish(tr, &out, 1, &g, &e), GL_OK);
    gl_array_release(x);
    return g;
}

static void test_check_guards_match_reference(void **state) {
    (void)state;
    static const double firsts[2][3] = {{1, 2, 3}, {1, -1, 0}};
    static const double probes[7][3] = {{4, 5, 6}, {-1, -2, -3}, {0, 0, 0}, {1, -1, 0}, {-1e-300, 0, 2e-300},
                                        {3, -4, 0.5}, {1e308, 1e308, -1e308}};
    /* [first][probe]: check_guards, and run's output (the traced branch, whatever the probe) */
    static const bool holds[2][7] = {{true, false, false, false, true, false, false},
                                     {false, true, true, true, false, true, true}};
    static const double outs[2][7][3] = {
        {{9, 11, 13}, {-1, -3, -5}, {1, 1, 1}, {3, -1, 1}, {1, 1, 1}, {7, -7, 2}, {INFINITY, INFINITY, -INFINITY}},
        {{7, 9, 11}, {-3, -5, -7}, {-1, -1, -1}, {1, -3, -1}, {-1, -1, -1}, {5, -9, 0}, {INFINITY, INFINITY, -INFINITY}}};
    for (int f = 0; f < 2; f++) {
        gl_graph *g = trace_branch_guard(firsts[f]);
        assert_int_equal(g->nguards, 1);
        assert_int_equal(g->guards[0].node, 5);
        assert_int_equal(g->guards[0].value, f == 0);
        for (int p = 0; p < 7; p++) {
            gl_err e = {0};
            int64_t three = 3;
            gl_array *x = NULL, *y = NULL;
            assert_int_equal(gl_array_new(1, &three, &x, &e), GL_OK);
            memcpy(x->data, probes[p], sizeof probes[p]);
            gl_named_array in = {"x", x};
            bool ok = !holds[f][p];
            assert_int_equal(gl_check_guards(g, &in, 1, NULL, &ok, &e), GL_OK);
            if (ok != holds[f][p]) fail_msg("first %d, probe %d: check_guards %d, reference %d", f, p, ok, holds[f][p]);
            assert_int_equal(gl_run(g, &in, 1, NULL, &y, NULL, &e), GL_OK);
            for (int i = 0; i < 3; i++)
                if (!(y->data[i] == outs[f][p][i])) fail_msg("first %d, probe %d, [%d]: %g, reference %g", f, p, i,
                                                             y->data[i], outs[f][p][i]);
            gl_array_release(y);
            gl_array_release(x);
        }
        gl_graph_free(g);
    }
}

static void test_branch_lazy(void **state) {
    (void)state;
    result r;
    run_demo(gl_branch_demo_json, "{\"frontend\": \"lazy\"}", &r);
    assert_true(get_int(&r, "graphs") >= 2);
    assert_int_equal(get_int(&r, "graphs"), 4);            /* 2 per call: a graph break at bool() */
    assert_true(get_bool(&r, "correct_on_second_input"));
    assert_int_equal(get_len(&r, "guards"), 0);
    /* per call: [mul, sum, gt] then [mul, add|sub] with x imported as in0 */
    assert_int_equal(get_int(&r, "lazy.graphs.0"), 3);
    assert_int_equal(get_int(&r, "lazy.graphs.1"), 2);
    assert_int_equal(get_int(&r, "lazy.graphs.2"), 3);
    assert_int_equal(get_int(&r, "lazy.graphs.3"), 2);
    assert_int_equal(get_int(&r, "lazy.imports"), 2);
    assert_int_equal(get_len(&r, "graph_list"), 4);
    assert_int_equal(get_int(&r, "graph_list.1.input_names.in0"), 1);
    assert_true(gl_json_str_eq(&r.j, get(&r, "graph_list.3.nodes.4.1"), "sub"));
    assert_int_equal(get_int(&r, "graph_list.3.call"), 2);
    result_free(&r);
}

static void test_branch_options(void **state) {
    (void)state;
    gl_err e = {0};
    assert_int_equal(demo_error(gl_branch_demo_json, "{\"frontend\": \"jit\"}", &e), GL_E_INVALID);
    assert_non_null(strstr(e.msg, "frontend must be"));
    assert_non_null(strstr(e.msg, "\"jit\""));
    gl_err_clear(&e);
    assert_int_equal(demo_error(gl_branch_demo_json, "{\"first\": [1, 2], \"second\": [1]}", &e), GL_E_INVALID);
    assert_non_null(strstr(e.msg, "same length"));
    gl_err_clear(&e);
    assert_int_equal(demo_error(gl_branch_demo_json, "{\"first\": [1, \"a\"]}", &e), GL_E_INVALID);
    assert_non_null(strstr(e.msg, "first[1]"));
    gl_err_clear(&e);
    assert_int_equal(demo_error(gl_branch_demo_json, "{\"first\": []}", &e), GL_E_INVALID);
    gl_err_clear(&e);
    assert_int_equal(demo_error(gl_branch_demo_json, "{\"mode\": \"guard\"}", &e), GL_E_INVALID);
    assert_non_null(strstr(e.msg, "unknown option \"mode\""));
    gl_err_clear(&e);
    assert_int_equal(demo_error(gl_branch_demo_json, "{\"frontend\": ", &e), GL_E_PARSE);
    gl_err_clear(&e);
    assert_int_equal(demo_error(gl_branch_demo_json, "[1]", &e), GL_E_INVALID);
}

/* ------------------------------------------------------------------ dynamic */
static void test_dynamic_specialize(void **state) {
    (void)state;
    result r;
    run_demo(gl_dynamic_demo_json, "{\"strategy\": \"specialize\", \"from\": 5, \"steps\": 6}", &r);
    assert_int_equal(get_int(&r, "compiles"), 6);            /* one per distinct length */
    assert_int_equal(get_int(&r, "cache_hits"), 0);
    assert_int_equal(get_int(&r, "guard_failures"), 5);
    assert_int_equal(get_int(&r, "padded_slots"), 0);
    assert_close(get_num(&r, "wasted_attention_flops"), 0, 0);
    assert_close(get_num(&r, "max_abs_diff"), 0, 0);
    assert_int_equal(get_len(&r, "per_step"), 6);
    assert_int_equal(get_int(&r, "per_step.3.S"), 8);
    assert_true(get_bool(&r, "per_step.3.compiled"));
    assert_int_equal(get_len(&r, "graphs"), 6);
    assert_int_equal(get_int(&r, "graphs.0.length"), 5);
    result_free(&r);

    /* a repeated length would hit: from 7, 1 step, compiled once */
    run_demo(gl_dynamic_demo_json, "{\"strategy\": \"specialize\", \"from\": 7, \"steps\": 1}", &r);
    assert_int_equal(get_int(&r, "compiles"), 1);
    assert_int_equal(get_int(&r, "guard_failures"), 0);
    result_free(&r);
}

static void test_dynamic_symbolic(void **state) {
    (void)state;
    result r;
    run_demo(gl_dynamic_demo_json, "{\"strategy\": \"symbolic\", \"from\": 5, \"steps\": 6, \"seed\": 3}", &r);
    assert_int_equal(get_int(&r, "compiles"), 1);
    assert_int_equal(get_int(&r, "cache_hits"), 5);
    assert_int_equal(get_int(&r, "guard_failures"), 0);
    assert_int_equal(get_int(&r, "padded_slots"), 0);
    assert_true(get_num(&r, "max_abs_diff") <= 1e-12);
    assert_true(gl_json_str_eq(&r.j, get(&r, "graphs.0.length"), "S"));
    for (int i = 0; i < 6; i++) {
        char p[32];
        snprintf(p, sizeof p, "per_step.%d.graph", i);
        assert_int_equal(get_int(&r, p), 0);
    }
    result_free(&r);
}

static void test_dynamic_bucket(void **state) {
    (void)state;
    result r;
    run_demo(gl_dynamic_demo_json, "{\"strategy\": \"bucket\", \"from\": 5, \"steps\": 6}", &r);
    /* lengths 5..10 → buckets 8, 8, 8, 8, 16, 16 */
    static const int buckets[6] = {8, 8, 8, 8, 16, 16};
    for (int i = 0; i < 6; i++) {
        char p[40];
        snprintf(p, sizeof p, "per_step.%d.bucket", i);
        assert_int_equal(get_int(&r, p), buckets[i]);
        snprintf(p, sizeof p, "per_step.%d.compiled", i);
        assert_int_equal(get_bool(&r, p), i == 0 || i == 4);
        snprintf(p, sizeof p, "per_step.%d.max_abs_diff", i);
        assert_true(get_num(&r, p) <= 1e-12);
    }
    assert_int_equal(get_int(&r, "compiles"), 2);            /* distinct buckets */
    assert_int_equal(get_int(&r, "cache_hits"), 4);
    assert_int_equal(get_int(&r, "guard_failures"), 1);
    assert_int_equal(get_int(&r, "padded_slots"), 3 + 2 + 1 + 0 + 7 + 6);
    /* small: H = 8, dh = 8 → 4·8·19·8 */
    assert_close(get_num(&r, "wasted_attention_flops"), 4.0 * 8 * 19 * 8, 0);
    assert_true(get_num(&r, "max_abs_diff") <= 1e-12);
    assert_true(get_bool(&r, "numeric"));
    result_free(&r);

    /* the formula is what gl_node_flops counts for the two attention matmuls: length 8 minus length 5 */
    gl_model_cfg m;
    memset(&m, 0, sizeof m);
    m.layer = gl_preset_find("small")->cfg;
    m.mode = GL_MODE_DECODE;
    m.S = 8;
    m.masked = true;
    m.layers = 1;
    gl_err e = {0};
    gl_graph *g = NULL;
    assert_int_equal(gl_build_model(&m, NULL, &g, &e), GL_OK);
    double f[2] = {0, 0};
    for (int b = 0; b < 2; b++) {
        gl_bind bind = {0};
        gl_bind_set(&bind, "S", b ? 5 : 8, &e);
        gl_bind_set(&bind, "P", b ? 4 : 7, &e);
        for (int i = 0; i < g->n; i++)
            if (g->nodes[i].op == GL_OP_MATMUL) {
                double x = 0;
                assert_int_equal(gl_node_flops(g, i, &bind, &x, &e), GL_OK);
                f[b] += x;
            }
    }
    assert_close(f[0] - f[1], 4.0 * 8 * 3 * 8, 0);
    gl_graph_free(g);
}

static void test_dynamic_llama8b(void **state) {
    (void)state;
    result r;
    run_demo(gl_dynamic_demo_json,
             "{\"strategy\": \"bucket\", \"config\": \"llama8b\", \"from\": 4090, \"steps\": 10}", &r);
    /* 4090..4096 → 4096 (6+5+4+3+2+1+0 = 21 padded), 4097..4099 → 8192 (4095+4094+4093) */
    assert_int_equal(get_int(&r, "compiles"), 2);
    assert_int_equal(get_int(&r, "padded_slots"), 21 + 4095 + 4094 + 4093);
    assert_close(get_num(&r, "wasted_attention_flops"), 4.0 * 32 * (21 + 4095 + 4094 + 4093) * 128, 0);
    assert_false(get_bool(&r, "numeric"));
    assert_true(gl_json_is_null(&r.j, get(&r, "max_abs_diff")));
    assert_true(gl_json_is_null(&r.j, get(&r, "per_step.0.max_abs_diff")));
    result_free(&r);
    run_demo(gl_dynamic_demo_json, "{\"strategy\": \"symbolic\", \"config\": \"llama8b\", \"from\": 100, \"steps\": 3}", &r);
    assert_int_equal(get_int(&r, "compiles"), 1);
    result_free(&r);
}

static void test_dynamic_options(void **state) {
    (void)state;
    gl_err e = {0};
    assert_int_equal(demo_error(gl_dynamic_demo_json, "{\"strategy\": \"pad\"}", &e), GL_E_INVALID);
    assert_non_null(strstr(e.msg, "strategy must be"));
    gl_err_clear(&e);
    assert_int_equal(demo_error(gl_dynamic_demo_json, "{\"steps\": 0}", &e), GL_E_INVALID);
    assert_non_null(strstr(e.msg, "steps must be"));
    gl_err_clear(&e);
    assert_int_equal(demo_error(gl_dynamic_demo_json, "{\"from\": 2.5}", &e), GL_E_INVALID);
    gl_err_clear(&e);
    assert_int_equal(demo_error(gl_dynamic_demo_json, "{\"config\": \"gpt2\"}", &e), GL_E_INVALID);
    assert_non_null(strstr(e.msg, "\"gpt2\""));
    gl_err_clear(&e);
    assert_int_equal(demo_error(gl_dynamic_demo_json, "{\"strategy\": \"bucket\", \"from\": 70000}", &e), GL_E_LIMIT);
    assert_non_null(strstr(e.msg, "llama8b"));
    gl_err_clear(&e);
    /* numerics have a budget: 1024 steps of ~2048 rows is too much for config small, fine shape-only */
    assert_int_equal(demo_error(gl_dynamic_demo_json, "{\"strategy\": \"bucket\", \"from\": 1000, \"steps\": 1024}", &e),
                     GL_E_LIMIT);
    assert_non_null(strstr(e.msg, "cache rows"));
    gl_err_clear(&e);
    assert_int_equal(demo_error(gl_dynamic_demo_json, "{\"from\": 16777216, \"steps\": 2, \"config\": \"llama8b\"}", &e),
                     GL_E_LIMIT);
    gl_err_clear(&e);
    assert_int_equal(demo_error(gl_dynamic_demo_json, "{\"bucket\": 8}", &e), GL_E_INVALID);
    assert_non_null(strstr(e.msg, "unknown option"));
}

/* ------------------------------------------------------------------ lazy runner */
static gl_array *vec(int n, const double *v) {
    int64_t d = n;
    gl_array *a = NULL;
    assert_int_equal(gl_array_new(1, &d, &a, NULL), GL_OK);
    memcpy(a->data, v, sizeof *v * (size_t)n);
    return a;
}

static void test_lazy_runner(void **state) {
    (void)state;
    gl_err e = {0};
    gl_lazy *lz = NULL;
    assert_int_equal(gl_lazy_new(&lz, &e), GL_OK);
    static const double av[2] = {1, 2};
    gl_array *arr = vec(2, av);
    int a = gl_lazy_tensor(lz, arr);
    gl_array_release(arr);                                   /* the runner holds its own reference */
    int three = gl_lazy_scalar(lz, 3.0);
    int c = gl_lazy_mul(lz, a, three);                        /* [3, 6] */
    int s = gl_lazy_sum(lz, c, -1, false);                    /* 9 */
    int zero = gl_lazy_scalar(lz, 0.0);
    int gt = gl_lazy_gt(lz, s, zero);
    assert_true(gt >= 0);
    assert_int_equal(gl_lazy_graph_count(lz), 0);            /* nothing ran yet */
    bool b = false;
    assert_int_equal(gl_lazy_bool(lz, gt, &b), GL_OK);       /* graph break 1: mul, sum, gt */
    assert_true(b);
    assert_int_equal(gl_lazy_graph_count(lz), 1);
    assert_int_equal(gl_lazy_graph_ops(lz, 0), 3);
    const gl_graph *g0 = gl_lazy_graph_at(lz, 0);
    assert_int_equal(g0->nout, 3);                           /* every non-leaf node is an output */
    assert_string_equal(g0->nodes[0].name, "in0");

    int d = gl_lazy_add(lz, c, a);                            /* imports c (in0), then a (in1) */
    int x = gl_lazy_op(lz, GL_OP_EXP, &d, 1, NULL);
    int y = gl_lazy_add(lz, x, c);                            /* c already imported: no new input */
    gl_array *v = NULL;
    assert_int_equal(gl_lazy_materialize(lz, y, &v, &e), GL_OK);
    assert_int_equal(gl_lazy_graph_count(lz), 2);
    assert_int_equal(gl_lazy_graph_ops(lz, 1), 3);           /* add, exp, add */
    assert_int_equal(gl_lazy_imports(lz), 2);
    const gl_graph *g1 = gl_lazy_graph_at(lz, 1);
    assert_int_equal(gl_graph_find_input(g1, "in0"), 0);
    assert_int_equal(gl_graph_find_input(g1, "in1"), 1);
    assert_int_equal(gl_graph_find_input(g1, "in2"), -1);
    assert_close(v->data[0], exp(4.0) + 3.0, 1e-15);
    assert_close(v->data[1], exp(8.0) + 6.0, 1e-15);
    gl_array_release(v);

    /* materializing an old tensor imports it into a graph with no ops (still counted, as the reference) */
    assert_int_equal(gl_lazy_materialize(lz, s, &v, &e), GL_OK);
    assert_close(v->data[0], 9.0, 0);
    gl_array_release(v);
    assert_int_equal(gl_lazy_graph_count(lz), 3);
    assert_int_equal(gl_lazy_graph_ops(lz, 2), 0);
    assert_int_equal(gl_lazy_imports(lz), 3);

    /* errors are sticky */
    assert_int_equal(gl_lazy_add(lz, a, 12345), -1);
    assert_int_equal(gl_lazy_status(lz), GL_E_INVALID);
    assert_non_null(strstr(gl_lazy_error(lz)->msg, "12345"));
    assert_int_equal(gl_lazy_scalar(lz, 1.0), -1);
    assert_int_equal(gl_lazy_materialize(lz, a, &v, &e), GL_E_INVALID);
    assert_null(v);
    assert_int_equal(e.code, GL_E_INVALID);
    gl_lazy_free(lz);
    gl_lazy_free(NULL);
}

static void test_lazy_shapes(void **state) {
    (void)state;
    gl_err e = {0};
    gl_lazy *lz = NULL;
    assert_int_equal(gl_lazy_new(&lz, &e), GL_OK);
    int64_t d[2] = {2, 3};
    gl_array *m = NULL;
    assert_int_equal(gl_array_new(2, d, &m, &e), GL_OK);
    for (int i = 0; i < 6; i++) m->data[i] = i;
    int a = gl_lazy_tensor(lz, m);
    gl_array_release(m);
    gl_attrs at;
    memset(&at, 0, sizeof at);
    at.has = GL_A_PERM;
    at.nperm = 2;
    at.perm[0] = 1;
    at.perm[1] = 0;
    int t = gl_lazy_op(lz, GL_OP_TRANSPOSE, &a, 1, &at);     /* [3, 2] */
    int in[2] = {a, t};
    int mm = gl_lazy_op(lz, GL_OP_MATMUL, in, 2, NULL);      /* [2, 2] */
    gl_array *v = NULL;
    assert_int_equal(gl_lazy_materialize(lz, mm, &v, &e), GL_OK);
    assert_int_equal(v->rank, 2);
    assert_close(v->data[0], 0 * 0 + 1 * 1 + 2 * 2, 0);
    assert_close(v->data[3], 9 + 16 + 25, 0);
    gl_array_release(v);
    /* a shape error names the shapes and sticks */
    int bad[2] = {a, a};
    assert_int_equal(gl_lazy_op(lz, GL_OP_MATMUL, bad, 2, NULL), -1);
    assert_int_equal(gl_lazy_status(lz), GL_E_SHAPE);
    gl_lazy_free(lz);
}

/* ------------------------------------------------------------------ codegen */
static void test_codegen_python(void **state) {
    (void)state;
    gl_err e = {0};
    gl_tracer *tr = NULL;
    assert_int_equal(gl_tracer_new(GL_BRANCH_ERROR, false, &tr, &e), GL_OK);
    int64_t d[2] = {2, 4};
    gl_shape xs = gl_shape_of(2, d);
    xs.d[0] = gl_dim_sym("S");
    int x = gl_t_input(tr, "x", &xs, NULL);
    int w = gl_t_param(tr, "w", &(gl_shape){.rank = 2, .d = {{4, ""}, {4, ""}}});
    int two = gl_t_scalar(tr, 2.0);
    int y = gl_t_mul(tr, x, two);
    int s = gl_t_sum(tr, y, -1, true);
    int m = gl_t_max(tr, y, 0, false);
    int z = gl_t_sub(tr, y, s);
    int n = gl_t_neg(tr, z);
    int r = gl_t_rsqrt(tr, n);
    int mm = gl_t_matmul(tr, r, w);
    int sm = gl_t_softmax(tr, mm, -1);
    int64_t rd[3] = {1, 1, 1};
    gl_shape rs = gl_shape_of(3, rd);
    rs.d[0] = gl_dim_sym("S");
    rs.d[2] = gl_dim_int(4);
    int re = gl_t_reshape(tr, sm, &rs);
    static const int perm[3] = {2, 0, 1};
    int tp = gl_t_transpose(tr, re, perm, 3);
    int outs[2] = {tp, m};
    gl_graph *g = NULL;
    assert_int_equal(gl_tracer_finish(tr, outs, 2, &g, &e), GL_OK);
    char *src = NULL;
    size_t len = 0;
    assert_int_equal(gl_codegen_python(g, NULL, &src, &len, &e), GL_OK);
    const char *want = "def compiled(inputs, V):\n"
                       "    v0 = inputs['x']\n"
                       "    v1 = V[1]\n"
                       "    v2 = V[2]\n"
                       "    v3 = v0 * v2\n"
                       "    v4 = np.sum(v3, axis=-1, keepdims=True)\n"
                       "    v5 = np.max(v3, axis=0, keepdims=False)\n"
                       "    v6 = v3 - v4\n"
                       "    v7 = -v6\n"
                       "    v8 = 1.0 / np.sqrt(v7)\n"
                       "    v9 = v8 @ v1\n"
                       "    v10 = _eval(N[10], [v9])\n"
                       "    v11 = v10.reshape(('S', 1, 4))\n"
                       "    v12 = v11.transpose((2, 0, 1))\n"
                       "    return [v12, v5]";
    assert_string_equal(src, want);
    assert_int_equal(len, strlen(want));
    free(src);
    assert_int_equal(gl_codegen_python(g, "step", &src, &len, &e), GL_OK);
    assert_true(strncmp(src, "def step(inputs, V):\n", 21) == 0);
    free(src);

    /* C needs every param value: w is shape-only */
    assert_int_equal(gl_codegen_c(g, NULL, &src, &len, &e), GL_E_INVALID);
    assert_null(src);
    assert_non_null(strstr(e.msg, "param 'w' has no value"));
    gl_graph_free(g);
}

static void test_codegen_c_source(void **state) {
    (void)state;
    gl_err e = {0};
    gl_tracer *tr = NULL;
    assert_int_equal(gl_tracer_new(GL_BRANCH_ERROR, false, &tr, &e), GL_OK);
    int64_t d[1] = {3};
    gl_shape xs = gl_shape_of(1, d);
    int x = gl_t_input(tr, "x", &xs, NULL);
    static const double cv[3] = {0.1, -INFINITY, 5e-324};
    gl_array *c = vec(3, cv);
    int k = gl_t_const(tr, c);
    gl_array_release(c);
    int y = gl_t_add(tr, x, k);
    gl_graph *g = NULL;
    assert_int_equal(gl_tracer_finish(tr, &y, 1, &g, &e), GL_OK);
    char *src = NULL;
    size_t len = 0;
    assert_int_equal(gl_codegen_c(g, NULL, &src, &len, &e), GL_OK);
    assert_int_equal(len, strlen(src));
    /* exact literals: 0.1 in hex, -inf, the smallest subnormal */
    assert_non_null(strstr(src, "static const double W1[3] = {0x1.999999999999ap-4, -INFINITY, 0x0.0000000000001p-1022};"));
    assert_non_null(strstr(src, "T v0 = t_input(buf, len, &off, 1, (const int64_t[]){3}, \"x\");"));
    assert_non_null(strstr(src, "T v2 = t_add(&v0, &v1, 2);"));
    assert_non_null(strstr(src, "t_write(&v2, text, 0, 2);"));
    assert_non_null(strstr(src, "#define NSYM 0"));
    free(src);
    assert_int_equal(gl_codegen_c(NULL, NULL, &src, &len, &e), GL_E_INVALID);
    gl_graph_free(g);
}

/* gelu, the op the README's recipe adds: both code generators take it from its op-table row */
static void test_codegen_gelu(void **state) {
    (void)state;
    gl_err e = {0};
    gl_tracer *tr = NULL;
    assert_int_equal(gl_tracer_new(GL_BRANCH_ERROR, false, &tr, &e), GL_OK);
    int64_t d[1] = {4};
    gl_shape xs = gl_shape_of(1, d);
    int x = gl_t_input(tr, "x", &xs, NULL);
    int y = gl_t_gelu(tr, x);
    assert_int_equal(y, 1);
    gl_graph *g = NULL;
    assert_int_equal(gl_tracer_finish(tr, &y, 1, &g, &e), GL_OK);
    assert_int_equal(gl_op_class(GL_OP_GELU), GL_CLASS_COMPOSITE);
    assert_int_equal(gl_op_from_name("gelu"), GL_OP_GELU);
    char *src = NULL;
    size_t len = 0;
    assert_int_equal(gl_codegen_c(g, NULL, &src, &len, &e), GL_OK);
    assert_non_null(strstr(src, "T v1 = t_gelu(&v0, 1);"));
    assert_non_null(strstr(src, "static T t_gelu(const T *x, int id)"));
    free(src);
    assert_int_equal(gl_codegen_python(g, NULL, &src, &len, &e), GL_OK);
    assert_non_null(strstr(src, "v1 = _eval(N[1], [v0])"));
    free(src);
    gl_graph_free(g);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_branch_error),
        cmocka_unit_test(test_branch_specialize),
        cmocka_unit_test(test_branch_guard),
        cmocka_unit_test(test_branch_lazy),
        cmocka_unit_test(test_check_guards_match_reference),
        cmocka_unit_test(test_branch_options),
        cmocka_unit_test(test_dynamic_specialize),
        cmocka_unit_test(test_dynamic_symbolic),
        cmocka_unit_test(test_dynamic_bucket),
        cmocka_unit_test(test_dynamic_llama8b),
        cmocka_unit_test(test_dynamic_options),
        cmocka_unit_test(test_lazy_runner),
        cmocka_unit_test(test_lazy_shapes),
        cmocka_unit_test(test_codegen_python),
        cmocka_unit_test(test_codegen_c_source),
        cmocka_unit_test(test_codegen_gelu),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
