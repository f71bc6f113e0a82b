/* test_pypass.c — the pass runtime (c/src/front/py_passapi.c, py_ndarray.c) and the judge (passes/judge.c)
 * under ASan+UBSan: a pass written in Python gives the C pass's graph (cse with array consts shared by
 * identity, constant_fold through eval_node, fold_norm_weight's `w[:, None] * W`), its errors are located and
 * leave nothing behind, a loop stops at the step budget, the numpy subset's edges (broadcast errors, indexing
 * out of range, float() of a vector), and the judge's verdicts. The lecture's section 9 on every golden case,
 * random graph and stack is tests/pypass.test.js. Expected numpy results were checked with numpy. */
#include "test_util.h"

#include "front/front.h"

/* x [2, 3], w [3] (values), W [3, 4] (values), a [2, 3] const; exp(x) twice, x * w then @ W, a + a. */
static gl_graph *small_graph(void) {
    gl_err e = {GL_OK, ""};
    gl_tracer *tr;
    assert_int_equal(gl_tracer_new(GL_BRANCH_ERROR, false, &tr, &e), GL_OK);
    gl_shape sx = {2, {gl_dim_int(2), gl_dim_int(3)}};
    int x = gl_t_input(tr, "x", &sx, NULL);
    gl_array *w, *W, *a;
    int64_t dw[1] = {3}, dW[2] = {3, 4}, da[2] = {2, 3};
    assert_int_equal(gl_array_new(1, dw, &w, &e), GL_OK);
    assert_int_equal(gl_array_new(2, dW, &W, &e), GL_OK);
    assert_int_equal(gl_array_new(2, da, &a, &e), GL_OK);
    for (int i = 0; i < 3; i++) w->data[i] = 1.0 + i;
    for (int i = 0; i < 12; i++) W->data[i] = 0.5 * i - 2.0;
    for (int i = 0; i < 6; i++) a->data[i] = i * 0.25;
    int pw = gl_t_param_value(tr, "w", w), pW = gl_t_param_value(tr, "W", W), ca = gl_t_const(tr, a);
    int e1 = gl_t_exp(tr, x), e2 = gl_t_exp(tr, x);
    int m = gl_t_mul(tr, gl_t_add(tr, e1, e2), pw);
    int mm = gl_t_matmul(tr, m, pW);
    int aa = gl_t_add(tr, ca, ca);
    int s = gl_t_sum(tr, gl_t_add(tr, mm, gl_t_sum(tr, aa, -1, true)), -1, false);
    gl_array_release(w);
    gl_array_release(W);
    gl_array_release(a);
    gl_graph *g;
    assert_int_equal(gl_tracer_finish(tr, &s, 1, &g, &e), GL_OK);
    return g;
}

static char *text(const gl_graph *g) {
    char *t;
    gl_err e = {GL_OK, ""};
    assert_int_equal(gl_graph_print(g, &t, &e), GL_OK);
    return t;
}

static gl_status run(const char *src, const char *fn, const gl_graph *g, int64_t steps, gl_pypass_result *r, gl_err *e) {
    gl_pypass_opts o = {fn, steps, 0};
    gl_err_clear(e);
    return gl_pypass_run(src, strlen(src), "p.py", g, &o, r, e);
}

/* The prelude's own section 9 (the runtime's copy of the reference) against the C passes. */
static void test_prelude_passes_equal_c(void **state) {
    (void)state;
    gl_graph *g = small_graph();
    static const char *const names[] = {"cse", "constant_fold", "simplify", "fold_norm_weight", "dce", "decompose"};
    for (int i = 0; i < 6; i++) {
        gl_pypass_result r;
        gl_pass_result c;
        gl_err e;
        if (run("", names[i], g, 0, &r, &e)) fail_msg("%s: %s", names[i], e.msg);
        assert_int_equal(gl_pass_run(names[i], g, &c, &e), GL_OK);
        char *a = text(r.graph), *b = text(c.graph);
        if (strcmp(a, b) != 0) fail_msg("%s:\n%s\n--- C:\n%s", names[i], a, b);
        assert_int_equal(r.hits, c.hits);
        for (int k = 0; k < c.graph->n; k++) {     /* the same numbers (constant_fold, fold_norm_weight's W') */
            const gl_array *x = r.graph->values[k], *y = c.graph->values[k];
            assert_int_equal(x == NULL, y == NULL);
            if (x && x->data) assert_memory_equal(x->data, y->data, (size_t)y->size * sizeof(double));
        }
        free(a);
        free(b);
        gl_pypass_free(&r);
        gl_pass_result_free(&c);
    }
    gl_graph_free(g);
}

static void expect_error(const char *src, const char *fn, int64_t steps, gl_status code, const char *part) {
    gl_graph *g = small_graph();
    gl_pypass_result r;
    gl_err e;
    gl_status st = run(src, fn, g, steps, &r, &e);
    if (!st) fail_msg("%s\n  ran, want an error with \"%s\"", src, part);
    if (st != code || !strstr(e.msg, part)) fail_msg("%s\n  got %d: %s\n  want %d with \"%s\"", src, st, e.msg, code, part);
    assert_null(r.graph);
    gl_graph_free(g);
}

static void test_errors(void **state) {
    (void)state;
    expect_error("def p(g):\n    return g.nodes[99]\n", "p", 0, GL_E_INVALID, "p.py:2:12: IndexError: list index out of range");
    expect_error("def p(g):\n    while True:\n        pass\n", "p", 100000, GL_E_LIMIT, "more than 100000 steps");
    expect_error("def p(g):\n    return p(g)\n", "p", 0, GL_E_LIMIT, "RecursionError");
    expect_error("def p(g)\n    return g\n", "p", 0, GL_E_PARSE, "p.py:1:9: SyntaxError");
    expect_error("def p(g):\n    return 3\n", "p", 0, GL_E_INVALID, "p() returned int");
    expect_error("x = 1\n", "p", 0, GL_E_INVALID, "no function p(g)");
    expect_error("def p(g):\n    g.nodes[5] = Node(5, 'exp', (7,), {}, (2, 3), '')\n    return g\n", "p", 0, GL_E_INVALID,
                 "SSA order: %5 = exp(%7) uses %7, which is defined later");
    expect_error("def p(g):\n    g.nodes[5] = Node(5, 'sum', (0,), {}, (2,), '')\n    return g\n", "p", 0, GL_E_INVALID,
                 "lacks an attribute its op needs");
    expect_error("def p(g):\n    g.nodes[4].id = 9\n    return g\n", "p", 0, GL_E_INVALID, "nodes[4] has id 9");
    expect_error("def p(g):\n    g.nodes[4] = Node(4, 'nop', (0,), {}, (2, 3), '')\n    return g\n", "p", 0, GL_E_INVALID,
                 "'nop', which is no op of the IR");
    /* the numpy subset */
    expect_error("def p(g):\n    return g.values[1] * g.values[2]\n", "p", 0, GL_E_INVALID,
                 "ValueError: operands could not be broadcast together with shapes (3,) (3, 4)");
    expect_error("def p(g):\n    return g.values[1][3]\n", "p", 0, GL_E_INVALID, "index 3 is out of bounds for axis 0 with size 3");
    expect_error("def p(g):\n    return float(g.values[1])\n", "p", 0, GL_E_INVALID, "only length-1 arrays");
    expect_error("def p(g):\n    return g.values[1] @ g.values[2]\n", "p", 0, GL_E_INVALID, "not in GraphLab's numpy subset");
    expect_error("def p(g):\n    return [1, 2][:, None]\n", "p", 0, GL_E_INVALID, "list indices must be integers or slices, not tuple");
}

static void test_ndarray(void **state) {
    (void)state;
    gl_graph *g = small_graph();
    gl_pypass_result r;
    gl_err e;
    const char *src =
        "def p(g):\n"
        "    w, W = g.values[1], g.values[2]\n"
        "    v = w[:, None] * W\n"
        "    print(v.shape, w[None, :].shape, W[1:, ::2].shape, W[-1, 1], w[1], float(g.values[3][1, 2]), v.ndim)\n"
        "    print(np.asarray(2.0).ndim, np.shape(w), id(w) == id(g.values[1]), (w / 0.0)[0], (2 - w)[2])\n"
        "    return g\n";
    if (run(src, "p", g, 0, &r, &e)) fail_msg("%s", e.msg);
    assert_string_equal(r.console, "(3, 4) (1, 3) (2, 2) 2.5 2.0 1.25 2\n0 (3,) True inf -1.0\n");
    gl_pypass_free(&r);
    gl_graph_free(g);
}

static void test_judge(void **state) {
    (void)state;
    gl_graph *g = small_graph();
    gl_err e = {GL_OK, ""};
    gl_judge_result j;
    gl_pypass_result r;
    assert_int_equal(run("", "cse", g, 0, &r, &e), GL_OK);
    assert_int_equal(gl_judge(g, r.graph, NULL, 1, &j, &e), GL_OK);
    assert_int_equal(j.verdict, GL_JUDGE_SAME);
    gl_pypass_free(&r);
    assert_int_equal(run("", "fold_norm_weight", g, 0, &r, &e), GL_OK);
    assert_int_equal(gl_judge(g, r.graph, NULL, 1, &j, &e), GL_OK);
    assert_true(j.verdict == GL_JUDGE_SAME || j.verdict == GL_JUDGE_LAST_BITS);
    gl_pypass_free(&r);
    const char *wrong = "def p(g):\n    g.nodes[5] = Node(5, 'tanh', (0,), {}, (2, 3), '')\n    return g\n";
    assert_int_equal(run(wrong, "p", g, 0, &r, &e), GL_OK);
    assert_int_equal(gl_judge(g, r.graph, NULL, 1, &j, &e), GL_OK);
    assert_int_equal(j.verdict, GL_JUDGE_DIFFERS);
    assert_int_equal(j.node, 5);
    if (!strstr(j.line, "your pass changed the result: output 0 differs by ") ||
        !strstr(j.line, "the first differing value is %5 = tanh(%0)"))
        fail_msg("%s", j.line);
    gl_pypass_free(&r);
    const char *shape = "def p(g):\n    g.nodes[5] = Node(5, 'exp', (0,), {}, (3, 2), '')\n    return g\n";
    assert_int_equal(run(shape, "p", g, 0, &r, &e), GL_OK);
    assert_int_equal(gl_judge(g, r.graph, NULL, 1, &j, &e), GL_OK);
    assert_int_equal(j.verdict, GL_JUDGE_BROKEN);
    assert_non_null(strstr(j.line, "your pass broke the graph: shape: node 5 (exp) has (3, 2), but its inputs give (2, 3)"));
    gl_pypass_free(&r);
    gl_graph_free(g);
}

/* ---- the judge on hand-made pairs (before, after): each rule of judge.c that a plausible slip breaks.
 * x, y: inputs [4, 64] (seeded random numbers by name). */
static int in_x(gl_tracer *tr) {
    gl_shape s = {2, {gl_dim_int(4), gl_dim_int(64)}};
    return gl_t_input(tr, "x", &s, NULL);
}
static int in_y(gl_tracer *tr) {
    gl_shape s = {2, {gl_dim_int(4), gl_dim_int(64)}};
    return gl_t_input(tr, "y", &s, NULL);
}
static int b_div3(gl_tracer *tr) { return gl_t_div(tr, gl_t_mul(tr, in_x(tr), gl_t_scalar(tr, 1e8)), gl_t_scalar(tr, 3.0)); }
static int b_recip3(gl_tracer *tr) { return gl_t_mul(tr, gl_t_mul(tr, in_x(tr), gl_t_scalar(tr, 1e8)), gl_t_scalar(tr, 1.0 / 3.0)); }
static int b_twice(gl_tracer *tr) { return gl_t_mul(tr, in_x(tr), gl_t_scalar(tr, 2.0)); }
static int b_twice_nearly(gl_tracer *tr) { return gl_t_mul(tr, in_x(tr), gl_t_scalar(tr, 2.000000002)); }
static int b_log(gl_tracer *tr) { return gl_t_log(tr, in_x(tr)); }
static int b_x_minus_y(gl_tracer *tr) { int x = in_x(tr), y = in_y(tr); return gl_t_sub(tr, x, y); }
static int b_y_minus_x(gl_tracer *tr) { int x = in_x(tr), y = in_y(tr); return gl_t_sub(tr, y, x); }
static int b_exp(gl_tracer *tr) { return gl_t_exp(tr, in_x(tr)); }
static int b_exp_reshaped(gl_tracer *tr) {
    gl_shape s = {2, {gl_dim_int(64), gl_dim_int(4)}};
    return gl_t_reshape(tr, gl_t_exp(tr, in_x(tr)), &s);
}
static int b_times_zero(gl_tracer *tr) { return gl_t_mul(tr, in_x(tr), gl_t_scalar(tr, 0.0)); }
static int b_times_zero_plus_zero(gl_tracer *tr) { int z = gl_t_scalar(tr, 0.0); return gl_t_add(tr, gl_t_mul(tr, in_x(tr), z), z); }

static gl_graph *trace_one(int (*f)(gl_tracer *)) {
    gl_err e = {GL_OK, ""};
    gl_tracer *tr;
    assert_int_equal(gl_tracer_new(GL_BRANCH_ERROR, false, &tr, &e), GL_OK);
    int out = f(tr);
    gl_graph *g;
    if (gl_tracer_finish(tr, &out, 1, &g, &e)) fail_msg("%s", e.msg);
    return g;
}

static gl_judge_result judge_pair(int (*before)(gl_tracer *), int (*after)(gl_tracer *)) {
    gl_graph *a = trace_one(before), *b = trace_one(after);
    gl_judge_result j;
    gl_err e = {GL_OK, ""};
    if (gl_judge(a, b, NULL, 1, &j, &e)) fail_msg("%s", e.msg);
    gl_graph_free(a);
    gl_graph_free(b);
    return j;
}

static void test_judge_rules(void **state) {
    (void)state;
    /* x·1e8 / 3 against x·1e8 · (1/3): outputs near 1e7 differ in their last bits (absolute ~1e-9), which is
     * rounding: the difference is relative to the output's magnitude */
    gl_judge_result j = judge_pair(b_div3, b_recip3);
    if (j.verdict != GL_JUDGE_LAST_BITS || !(j.rel > 0 && j.rel < 1e-15)) fail_msg("div/recip: %d %g %s", j.verdict, j.rel, j.line);
    /* a relative change of 1e-9 is a change, not rounding (the tolerance is 1e-12) */
    j = judge_pair(b_twice, b_twice_nearly);
    if (j.verdict != GL_JUDGE_DIFFERS || fabs(j.rel - 1e-9) > 1e-12) fail_msg("2 vs 2.000000002: %d %g %s", j.verdict, j.rel, j.line);
    assert_string_equal(j.line, "your pass changed the result: output 0 differs by 1.0e-09 relative; the first differing value "
                                "is %2 = mul(%1, %0)");
    /* NaN where the original has NaN (log of the negative inputs) is the same number */
    j = judge_pair(b_log, b_log);
    if (j.verdict != GL_JUDGE_SAME || j.rel != 0) fail_msg("log vs log: %d %g %s", j.verdict, j.rel, j.line);
    /* two inputs get different numbers (seeded by name): x - y is not y - x */
    j = judge_pair(b_x_minus_y, b_y_minus_x);
    if (j.verdict != GL_JUDGE_DIFFERS || j.node != 2) fail_msg("x - y vs y - x: %d node %d %s", j.verdict, j.node, j.line);
    /* the same numbers in another shape are another result */
    j = judge_pair(b_exp, b_exp_reshaped);
    if (j.verdict != GL_JUDGE_DIFFERS) fail_msg("exp vs reshaped exp: %d %s", j.verdict, j.line);
    assert_string_equal(j.line, "your pass changed the result: output 0 differs (a NaN, an infinity or another shape); the "
                                "first differing value is %2 = reshape(%1)");
    /* -0 against 0 (x·0 + 0): equal numbers, not the same bits */
    j = judge_pair(b_times_zero, b_times_zero_plus_zero);
    if (j.verdict != GL_JUDGE_LAST_BITS || !(j.rel > 0 && j.rel < 1e-15)) fail_msg("-0 vs 0: %d %g %s", j.verdict, j.rel, j.line);
}

/* A pass must keep the guards: the same graph without its guard is broken. */
static void test_judge_guards(void **state) {
    (void)state;
    gl_err e = {GL_OK, ""};
    gl_tracer *tr;
    int64_t dims[1] = {3};
    gl_array *x;
    assert_int_equal(gl_array_new(1, dims, &x, &e), GL_OK);
    for (int i = 0; i < 3; i++) x->data[i] = i + 1.0;
    assert_int_equal(gl_tracer_new(GL_BRANCH_GUARD, true, &tr, &e), GL_OK);
    gl_shape s = gl_array_shape(x);
    int xi = gl_t_input(tr, "x", &s, x);
    int c = gl_t_gt(tr, gl_t_sum(tr, xi, -1, false), gl_t_scalar(tr, 0.0));
    bool take = false;
    assert_int_equal(gl_t_bool(tr, c, &take), GL_OK);
    assert_true(take);
    int out = gl_t_mul(tr, xi, gl_t_scalar(tr, 2.0));
    gl_graph *g, *h;
    assert_int_equal(gl_tracer_finish(tr, &out, 1, &g, &e), GL_OK);
    gl_array_release(x);
    assert_int_equal(g->nguards, 1);
    assert_int_equal(gl_graph_clone(g, &h, &e), GL_OK);
    gl_judge_result j;
    assert_int_equal(gl_judge(g, h, NULL, 1, &j, &e), GL_OK);
    assert_int_equal(j.verdict, GL_JUDGE_SAME);
    h->nguards = 0;
    assert_int_equal(gl_judge(g, h, NULL, 1, &j, &e), GL_OK);
    h->nguards = 1;
    assert_int_equal(j.verdict, GL_JUDGE_BROKEN);
    assert_string_equal(j.line, "your pass broke the graph: it has 1 output and 0 guards; the graph it was given had 1 and 1");
    gl_graph_free(g);
    gl_graph_free(h);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_prelude_passes_equal_c), cmocka_unit_test(test_errors), cmocka_unit_test(test_ndarray),
        cmocka_unit_test(test_judge), cmocka_unit_test(test_judge_rules), cmocka_unit_test(test_judge_guards),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
