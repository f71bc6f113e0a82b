/* test_precision.c — the planned run's attribution of error (c/src/exec/precision.c): each node's added_db
 * (the noise of its own rounding over its float64 signal), the worst node and the per-layer summary, on small
 * hand-built graphs whose numbers are worked out by hand here. */
#include "test_util.h"
#include "exec/precision.h"

#define SHAPE(...) gl_shape_of((int)(sizeof((int64_t[]){__VA_ARGS__}) / sizeof(int64_t)), (int64_t[]){__VA_ARGS__})

static gl_array *vec(int n, const double *v) {
    gl_err e = {GL_OK, ""};
    gl_array *a = NULL;
    int64_t d[1] = {n};
    assert_int_equal(gl_array_new(1, d, &a, &e), GL_OK);
    memcpy(a->data, v, (size_t)n * sizeof *v);
    return a;
}

/* x (input) * w (param) -> y; returns the graph, the input array in *xa */
static gl_graph *mul_graph(const double *x, const double *w, gl_array **xa) {
    gl_err e = {GL_OK, ""};
    gl_graph *g = NULL;
    assert_int_equal(gl_graph_new(&g, &e), GL_OK);
    gl_shape s = SHAPE(4);
    int ix = gl_graph_add(g, GL_OP_INPUT, NULL, 0, NULL, &s, "x", &e);
    int iw = gl_graph_add(g, GL_OP_PARAM, NULL, 0, NULL, &s, "w", &e);
    int in[2] = {ix, iw};
    int iy = gl_graph_add(g, GL_OP_MUL, in, 2, NULL, &s, NULL, &e);
    assert_true(iy == 2);
    gl_array *wa = vec(4, w);
    gl_graph_set_value(g, iw, wa);
    gl_array_release(wa);
    assert_int_equal(gl_graph_set_outputs(g, &iy, 1, &e), GL_OK);
    *xa = vec(4, x);
    return g;
}

static void run(const gl_graph *g, gl_array *xa, const gl_precision *p, gl_node_error *errs) {
    gl_err e = {GL_OK, ""};
    gl_named_array in = {"x", xa};
    gl_bind b = {0};
    assert_int_equal(gl_run_precision(g, &in, 1, &b, p, errs, NULL, NULL, &e), GL_OK);
}

/* bf16 weights, float64 activations: only w's rounding adds error; the mul inherits it and adds none */
static void test_added_db_leaf_counts(void **state) {
    (void)state;
    const double x[4] = {1, 2, 3, 4}, w[4] = {1 + 0x1p-10, 1, 1, 1};   /* bf16 rounds 1 + 2^-10 to 1 */
    gl_array *xa;
    gl_graph *g = mul_graph(x, w, &xa);
    gl_precision p = {GL_NUMFMT_BF16, GL_NUMFMT_F64, GL_NUMFMT_F64, false, false, 0};
    gl_node_error errs[3];
    run(g, xa, &p, errs);
    assert_true(errs[0].added_db == -INFINITY);                      /* x: float64, exact */
    /* w: noise 2^-20 over signal (1 + 2^-10)^2 + 3 */
    assert_close(errs[1].added_db, 10 * log10(0x1p-20 / ((1 + 0x1p-10) * (1 + 0x1p-10) + 3)), 1e-12);
    assert_true(errs[2].added_db == -INFINITY);                      /* the mul rounds nothing */
    assert_false(errs[2].exact);                                     /* but carries w's error */
    assert_int_equal(gl_precision_worst(g, errs), 1);
    gl_array_release(xa);
    gl_graph_free(g);
}

/* fp16 activations: 70000 overflows to inf: the input is the worst (+inf beats every finite added_db) */
static void test_overflow_is_worst(void **state) {
    (void)state;
    const double x[4] = {70000, 0.1, 0.2, 0.3}, w[4] = {1, 0.5, 0.25, 0.125};
    gl_array *xa;
    gl_graph *g = mul_graph(x, w, &xa);
    gl_precision p = {GL_NUMFMT_FP16, GL_NUMFMT_FP16, GL_NUMFMT_F64, false, false, 0};
    gl_node_error errs[3];
    run(g, xa, &p, errs);
    assert_true(errs[0].added_db == INFINITY);
    assert_false(errs[0].finite);
    assert_true(isfinite(errs[2].added_db) || errs[2].added_db == -INFINITY);   /* inf * 1 stays inf: inherited */
    assert_int_equal(gl_precision_worst(g, errs), 0);
    gl_array_release(xa);
    gl_graph_free(g);
}

/* nothing rounds: no worst node */
static void test_exact_has_no_worst(void **state) {
    (void)state;
    const double x[4] = {1, 2, 3, 4}, w[4] = {0.5, 0.25, 1, 2};
    gl_array *xa;
    gl_graph *g = mul_graph(x, w, &xa);
    gl_precision p = {GL_NUMFMT_BF16, GL_NUMFMT_BF16, GL_NUMFMT_F64, false, false, 0};   /* all of these are bf16 values */
    gl_node_error errs[3];
    run(g, xa, &p, errs);
    for (int i = 0; i < 3; i++) assert_true(errs[i].exact && errs[i].added_db == -INFINITY);
    assert_int_equal(gl_precision_worst(g, errs), -1);
    gl_array_release(xa);
    gl_graph_free(g);
}

/* layers: the output is the last op of the layer; a shared leaf counts in none; an empty layer is left out */
static void test_layers(void **state) {
    (void)state;
    gl_err e = {GL_OK, ""};
    gl_graph *g = NULL;
    assert_int_equal(gl_graph_new(&g, &e), GL_OK);
    gl_shape s = SHAPE(2);
    int a = gl_graph_add(g, GL_OP_INPUT, NULL, 0, NULL, &s, "x", &e);
    int b = gl_graph_add(g, GL_OP_NEG, &a, 1, NULL, &s, NULL, &e);
    int c = gl_graph_add(g, GL_OP_EXP, &b, 1, NULL, &s, NULL, &e);
    int d = gl_graph_add(g, GL_OP_NEG, &c, 1, NULL, &s, NULL, &e);
    assert_int_equal(gl_graph_set_outputs(g, &d, 1, &e), GL_OK);
    const int32_t layer[4] = {-1, 0, 0, 2};
    gl_node_error errs[4] = {{0, 0, 0, 0, true, true, 5.0}, {1, 0, 0, 0, true, true, -INFINITY},
                             {2, 0, 0, 0, true, true, -40.0}, {3, 0, 0, 0, true, true, -INFINITY}};
    gl_layer_error *l = NULL;
    int n = 0;
    assert_int_equal(gl_precision_layers(g, errs, layer, &l, &n, &e), GL_OK);
    assert_int_equal(n, 2);
    assert_int_equal(l[0].layer, 0);
    assert_int_equal(l[0].out, c);
    assert_int_equal(l[0].worst, c);                                 /* the shared leaf (5 dB) is in no layer */
    assert_int_equal(l[1].layer, 2);
    assert_int_equal(l[1].out, d);
    assert_int_equal(l[1].worst, -1);
    assert_int_equal(gl_precision_worst(g, errs), a);
    free(l);
    gl_graph_free(g);
}

/* quantize rounds to its format (int8_channel: per column of a 2-D tensor), dequantize changes nothing */
static void test_quantize_ops(void **state) {
    (void)state;
    gl_err e = {GL_OK, ""};
    gl_array *x = NULL;
    int64_t d[2] = {2, 2};
    assert_int_equal(gl_array_new(2, d, &x, &e), GL_OK);
    const double v[4] = {1 + 0x1p-10, 127, -0.5, 1};
    memcpy(x->data, v, sizeof v);
    gl_attrs at = {0};
    at.has = GL_A_FORMAT;
    gl_shape s = SHAPE(2, 2);
    gl_node n = {0, GL_OP_QUANTIZE, 1, {0}, &s, &at, ""};
    gl_array *args[1] = {x}, *out = NULL;
    at.format = GL_NUMFMT_BF16;
    assert_int_equal(gl_eval_node(&n, args, NULL, &out, &e), GL_OK);
    assert_true(out->data[0] == 1 && out->data[1] == 127 && out->data[2] == -0.5 && out->data[3] == 1);
    gl_array_release(out);
    at.format = GL_NUMFMT_INT8_CHANNEL;   /* column 0: {1 + 2^-10, -0.5}, scale (1 + 2^-10) / 127 */
    assert_int_equal(gl_eval_node(&n, args, NULL, &out, &e), GL_OK);
    const double s0 = (1 + 0x1p-10) / 127;
    assert_true(out->data[0] == 127 * s0 && out->data[2] == -63 * s0 && out->data[1] == 127 && out->data[3] == 1);
    gl_array_release(out);
    n.op = GL_OP_DEQUANTIZE;
    assert_int_equal(gl_eval_node(&n, args, NULL, &out, &e), GL_OK);
    assert_memory_equal(out->data, v, sizeof v);
    gl_array_release(out);
    at.format = 99;
    n.op = GL_OP_QUANTIZE;
    assert_int_equal(gl_eval_node(&n, args, NULL, &out, &e), GL_E_INVALID);
    assert_null(out);
    gl_array_release(x);
}

/* y = x @ W: the pass puts a pair after x (an activation a matmul reads) and after W (a weight); the planned
 * run's output is the same bit for bit with and without it; a second run adds nothing; no plan: nothing */
static void test_quantize_pass(void **state) {
    (void)state;
    gl_err e = {GL_OK, ""};
    gl_graph *g = NULL;
    assert_int_equal(gl_graph_new(&g, &e), GL_OK);
    gl_shape sx = SHAPE(3, 4), sw = SHAPE(4, 2), sy = SHAPE(3, 2);
    int ix = gl_graph_add(g, GL_OP_INPUT, NULL, 0, NULL, &sx, "x", &e);
    int iw = gl_graph_add(g, GL_OP_PARAM, NULL, 0, NULL, &sw, "w", &e);
    int in[2] = {ix, iw};
    int iy = gl_graph_add(g, GL_OP_MATMUL, in, 2, NULL, &sy, NULL, &e);
    int64_t dw[2] = {4, 2}, dx[2] = {3, 4};
    gl_array *wa = NULL, *xa = NULL;
    assert_int_equal(gl_array_new(2, dw, &wa, &e), GL_OK);
    assert_int_equal(gl_array_new(2, dx, &xa, &e), GL_OK);
    for (int i = 0; i < 8; i++) wa->data[i] = 0.1 * (i + 1) - 0.37 * (i % 3);
    for (int i = 0; i < 12; i++) xa->data[i] = 1.0 / (i + 1.5);
    gl_graph_set_value(g, iw, wa);
    gl_array_release(wa);
    assert_int_equal(gl_graph_set_outputs(g, &iy, 1, &e), GL_OK);
    gl_precision p = {GL_NUMFMT_INT8_CHANNEL, GL_NUMFMT_BF16, GL_NUMFMT_F64, true, false, 0};
    gl_pass_ctx ctx = {&p};
    gl_pass_result r;
    assert_int_equal(gl_pass_run_ctx("quantize", g, &ctx, &r, &e), GL_OK);
    assert_int_equal(r.hits, 2);
    const gl_graph *h = r.graph;
    const gl_op want[] = {GL_OP_INPUT, GL_OP_QUANTIZE, GL_OP_DEQUANTIZE, GL_OP_PARAM, GL_OP_QUANTIZE, GL_OP_DEQUANTIZE, GL_OP_MATMUL};
    assert_int_equal(h->n, 7);
    for (int i = 0; i < 7; i++) assert_int_equal(h->nodes[i].op, want[i]);
    assert_int_equal(h->nodes[4].attrs->format, GL_NUMFMT_INT8_CHANNEL);
    assert_int_equal(h->nodes[1].attrs->format, GL_NUMFMT_BF16);
    assert_int_equal(h->nodes[6].in[0], 2);
    assert_int_equal(h->nodes[6].in[1], 5);
    assert_int_equal(r.prov.how[1], GL_HOW_CREATED);
    assert_int_equal(r.prov.how[3], GL_HOW_KEPT);
    gl_node_error e1[3], e2[7];
    gl_named_array ins = {"x", xa};
    gl_bind b = {0};
    gl_array *o1 = NULL, *o2 = NULL;
    assert_int_equal(gl_run_precision(g, &ins, 1, &b, &p, e1, NULL, &o1, &e), GL_OK);
    assert_int_equal(gl_run_precision(h, &ins, 1, &b, &p, e2, NULL, &o2, &e), GL_OK);
    assert_memory_equal(o1->data, o2->data, 6 * sizeof(double));
    assert_true(e1[2].max_abs == e2[6].max_abs && e1[2].max_abs > 0);
    assert_true(e1[1].added_db == e2[4].added_db);                   /* W's rounding, now at its quantize node */
    assert_true(e2[3].added_db == -INFINITY && e2[5].added_db == -INFINITY);
    gl_pass_result r2;
    assert_int_equal(gl_pass_run_ctx("quantize", h, &ctx, &r2, &e), GL_OK);
    assert_int_equal(r2.hits, 0);
    assert_int_equal(r2.graph->n, 7);
    gl_pass_result_free(&r2);
    assert_int_equal(gl_pass_run("quantize", g, &r2, &e), GL_OK);   /* no plan: every class f64 */
    assert_int_equal(r2.hits, 0);
    assert_int_equal(r2.graph->n, 3);
    gl_pass_result_free(&r2);
    gl_array_release(o1);
    gl_array_release(o2);
    gl_array_release(xa);
    gl_pass_result_free(&r);
    gl_graph_free(g);
}

/* SmoothQuant's scale: a^alpha / w^(1 - alpha), 1 where a channel or a weight row is all zero */
static void test_smooth_scale(void **state) {
    (void)state;
    assert_close(gl_smooth_scale(100, 0.25, 0.5), 20, 1e-15);
    assert_close(gl_smooth_scale(8, 2, 1), 8, 1e-15);
    assert_close(gl_smooth_scale(8, 2, 0), 0.5, 1e-15);
    assert_true(gl_smooth_scale(0, 2, 0.5) == 1 && gl_smooth_scale(3, 0, 0.5) == 1);
    assert_true(gl_smooth_scale(INFINITY, 2, 0.5) == 1 && gl_smooth_scale(NAN, 2, 0.5) == 1);
    assert_true(gl_smooth_scale(1e300, 0x1p-1074, 0.5) == 1);   /* 1e150 / 2^-537 overflows: no scale */
}

/* y = x @ W with x's channel 1 a hundred times channel 0 and W's row 1 a hundredth of row 0 (both channels
 * count in y): int8 activations per tensor round channel 0 to a few steps; smooth 0.5 divides x by
 * s_j = sqrt(a_j / w_j) and multiplies W's rows by it, and the error drops; an all-f64 plan gives x @ W */
static void test_smooth_run(void **state) {
    (void)state;
    gl_err e = {GL_OK, ""};
    gl_graph *g = NULL;
    assert_int_equal(gl_graph_new(&g, &e), GL_OK);
    gl_shape sx = SHAPE(4, 2), sw = SHAPE(2, 2), sy = SHAPE(4, 2);
    int ix = gl_graph_add(g, GL_OP_INPUT, NULL, 0, NULL, &sx, "x", &e);
    int iw = gl_graph_add(g, GL_OP_PARAM, NULL, 0, NULL, &sw, "W", &e);
    int in[2] = {ix, iw};
    int iy = gl_graph_add(g, GL_OP_MATMUL, in, 2, NULL, &sy, NULL, &e);
    int64_t dw[2] = {2, 2}, dx[2] = {4, 2};
    gl_array *wa = NULL, *xa = NULL;
    assert_int_equal(gl_array_new(2, dw, &wa, &e), GL_OK);
    assert_int_equal(gl_array_new(2, dx, &xa, &e), GL_OK);
    const double w[4] = {1, -0.5, 0.01, 0.02}, x[8] = {0.3, 100, -0.7, -90, 0.11, 80, 0.9, 100};
    memcpy(wa->data, w, sizeof w);
    memcpy(xa->data, x, sizeof x);
    gl_graph_set_value(g, iw, wa);
    gl_array_release(wa);
    assert_int_equal(gl_graph_set_outputs(g, &iy, 1, &e), GL_OK);
    gl_named_array ins = {"x", xa};
    gl_bind b = {0};
    gl_node_error off[3], on[3], f64[3];
    gl_precision p = {GL_NUMFMT_INT8, GL_NUMFMT_INT8, GL_NUMFMT_F64, false, false, 0};
    assert_int_equal(gl_run_precision(g, &ins, 1, &b, &p, off, NULL, NULL, &e), GL_OK);
    p.smooth_on = true, p.smooth = 0.5;
    assert_int_equal(gl_run_precision(g, &ins, 1, &b, &p, on, NULL, NULL, &e), GL_OK);
    assert_true(on[2].snr_db > off[2].snr_db + 30);                 /* measured: 12.4 dB off, 46.2 dB on */
    assert_true(on[0].max_abs == off[0].max_abs);                    /* x itself is still rounded by its class */
    gl_precision q = {GL_NUMFMT_F64, GL_NUMFMT_F64, GL_NUMFMT_F64, false, true, 0.5};
    assert_false(gl_precision_is_f64(&q));
    assert_int_equal(gl_run_precision(g, &ins, 1, &b, &q, f64, NULL, NULL, &e), GL_OK);
    assert_true(f64[2].max_rel < 1e-15);
    gl_array_release(xa);
    gl_graph_free(g);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_added_db_leaf_counts), cmocka_unit_test(test_overflow_is_worst),
        cmocka_unit_test(test_exact_has_no_worst), cmocka_unit_test(test_layers),
        cmocka_unit_test(test_quantize_ops), cmocka_unit_test(test_quantize_pass),
        cmocka_unit_test(test_smooth_scale), cmocka_unit_test(test_smooth_run),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
