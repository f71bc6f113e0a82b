/* test_limits.c — size limits with clear errors (the robustness issue).
 *
 * Shape-only analysis at model scale must either give exact numbers or fail with GL_E_LIMIT naming the
 * overflow, never wrap (this binary runs under UBSan, which traps signed overflow): gl_numel, fusion
 * (bytes, FLOPs), lifetimes, the plans and the lower bound. Cases with values refuse work above the memory
 * budget (limits.run_bytes) before allocating. Dim, layer-count and node-count limits name the limit.
 * Shape-only RoPE tables are shells: no numbers are allocated, whatever T and dh. */
#include <stdio.h>

#include "test_util.h"
#include "io/field_limits.h"

#define P2(k) ((int64_t)1 << (k))
#define SHAPE(...) gl_shape_of((int)(sizeof((int64_t[]){__VA_ARGS__}) / sizeof(int64_t)), (int64_t[]){__VA_ARGS__})

/* ---------------------------------------------------------------- gl_numel */
static void test_numel(void **state) {
    (void)state;
    gl_err e = {0};
    int64_t n = -1;
    gl_shape s = SHAPE(P2(24), P2(24));
    assert_int_equal(gl_numel(&s, NULL, &n, &e), GL_OK);
    assert_true(n == P2(48));
    s = SHAPE(P2(24), P2(24), P2(24));
    assert_int_equal(gl_numel(&s, NULL, &n, &e), GL_E_LIMIT);
    assert_non_null(strstr(e.msg, "overflows 64 bits"));
    assert_non_null(strstr(e.msg, "(16777216, 16777216, 16777216)"));
    gl_err_clear(&e);
    s = SHAPE(P2(31), P2(31), 2);                      /* 2^63: one past INT64_MAX */
    assert_int_equal(gl_numel(&s, NULL, &n, &e), GL_E_LIMIT);
    gl_err_clear(&e);
    s = SHAPE(P2(31), P2(31), 1);                      /* 2^62 fits */
    assert_int_equal(gl_numel(&s, NULL, &n, &e), GL_OK);
    assert_true(n == P2(62));
    /* symbols: overflow through a bound value, and an unbound symbol */
    s = SHAPE(8, 1, P2(40));
    s.d[1] = gl_dim_sym("S");
    gl_bind b = {0};
    assert_int_equal(gl_numel(&s, &b, &n, &e), GL_E_UNBOUND);
    assert_non_null(strstr(e.msg, "'S'"));
    gl_err_clear(&e);
    assert_int_equal(gl_bind_set(&b, "S", P2(30), &e), GL_OK);
    assert_int_equal(gl_numel(&s, &b, &n, &e), GL_E_LIMIT);
    gl_err_clear(&e);
    assert_int_equal(gl_bind_set(&b, "S", P2(20), &e), GL_OK);    /* 8 · 2^20 · 2^40 = 2^63 */
    assert_int_equal(gl_numel(&s, &b, &n, &e), GL_E_LIMIT);
    gl_err_clear(&e);
    assert_int_equal(gl_bind_set(&b, "S", P2(19), &e), GL_OK);
    assert_int_equal(gl_numel(&s, &b, &n, &e), GL_OK);
    assert_true(n == P2(62));
}

/* ---------------------------------------------------------------- the whole analysis, shape-only */
typedef struct {
    gl_status st;
    const char *where;
    char msg[GL_MSG_MAX];
    int nout;
    int64_t out_bytes;                /* the model output's lifetime bytes */
    int64_t naive, greedy, lb;
    double eager_bytes, fused_bytes, fused_flops;
} analysis;

#define STEP(name, call)                                                                                   \
    do {                                                                                                   \
        a.where = name;                                                                                    \
        if ((a.st = (call)) != GL_OK) goto done;                                                           \
    } while (0)

static analysis analyze(const gl_model_cfg *m, int eb) {
    analysis a;
    memset(&a, 0, sizeof a);
    gl_err e = {0};
    gl_params p;
    gl_params_init(&p);
    gl_graph *tr = NULL, *g = NULL;
    gl_pass_result dec;
    memset(&dec, 0, sizeof dec);
    gl_kernels eager = {0}, fused = {0};
    gl_lifetimes lt = {0};
    gl_bind b = {0};
    if (m->mode == GL_MODE_DECODE) {
        gl_bind_set(&b, "S", m->S, &e);
        gl_bind_set(&b, "P", m->S - 1, &e);
    }
    STEP("params", gl_params_shapes(&p, m, &e));
    a.where = "build";
    if ((a.st = gl_build_model(m, &p, &tr, &e))) goto done;
    for (int i = 0; i < tr->n; i++) {
        int64_t n;
        STEP("numel", gl_numel(tr->nodes[i].shape, &b, &n, &e));
        assert_true(n >= 1);
    }
    assert_int_equal(gl_graph_clone(tr, &g, &e), GL_OK);
    for (int i = 0; i < gl_pipeline_length(); i++) {
        gl_pass_result r;
        a.where = gl_pass_name_at(i);
        if ((a.st = gl_pass_run(gl_pass_name_at(i), g, &r, &e))) {
            gl_pass_result_free(&r);
            goto done;
        }
        gl_graph_free(g);
        g = r.graph;
        r.graph = NULL;
        gl_pass_result_free(&r);
    }
    STEP("decompose", gl_decompose(tr, &dec, &e));
    STEP("fuse (eager)", gl_fuse(dec.graph, false, eb, &b, &eager, &e));
    STEP("fuse", gl_fuse(g, true, eb, &b, &fused, &e));
    gl_cost ce = gl_graph_cost(&eager, gl_device_find("h100")), cf = gl_graph_cost(&fused, gl_device_find("h100"));
    a.eager_bytes = ce.bytes;
    a.fused_bytes = cf.bytes;
    a.fused_flops = cf.flops;
    assert_true(isfinite(ce.t_total) && isfinite(cf.t_total) && cf.t_total > 0);
    STEP("lifetimes", gl_lifetimes_compute(g, &fused, &b, eb, &lt, &e));
    for (int i = 0; i < lt.n; i++) {
        assert_true(lt.lt[i].bytes > 0);
        if (lt.lt[i].node == g->outputs[0]) a.out_bytes = lt.lt[i].bytes;
    }
    STEP("plan_naive", gl_plan_naive(&lt, &a.naive, NULL, &e));
    STEP("plan_greedy", gl_plan_greedy(&lt, &a.greedy, NULL, &e));
    a.lb = gl_lower_bound(&lt);
    a.nout = g->nout;
done:
    if (a.st) snprintf(a.msg, sizeof a.msg, "%s", e.msg);
    gl_lifetimes_free(&lt);
    gl_kernels_free(&eager);
    gl_kernels_free(&fused);
    gl_pass_result_free(&dec);
    gl_graph_free(g);
    gl_graph_free(tr);
    gl_params_free(&p);
    return a;
}

static gl_model_cfg prefill(int64_t d, int64_t H, int64_t G, int64_t dh, int64_t f, int64_t T) {
    gl_model_cfg m;
    memset(&m, 0, sizeof m);
    m.layer = (gl_layer_cfg){d, H, G, dh, f, 1e-5, 10000.0};
    m.mode = GL_MODE_PREFILL;
    m.T = T;
    m.layers = 1;
    return m;
}

static gl_model_cfg decode(int64_t d, int64_t H, int64_t G, int64_t dh, int64_t f, int64_t S) {
    gl_model_cfg m = prefill(d, H, G, dh, f, 1);
    m.mode = GL_MODE_DECODE;
    m.T = 0;
    m.S = S;
    return m;
}

/* T = 2^24 tokens of a 2^24-wide layer: every count fits in 64 bits, and the numbers are exact. */
static void test_model_scale_exact(void **state) {
    (void)state;
    gl_model_cfg m = prefill(P2(24), 8, 2, 8, 128, P2(24));
    analysis a = analyze(&m, 2);
    if (a.st) fprintf(stderr, "%s: %s\n", a.where, a.msg);
    assert_int_equal(a.st, GL_OK);
    assert_true(a.out_bytes == P2(24) * P2(24) * 2);          /* x_out [T, d] in bf16: 2^49 bytes */
    assert_true(0 < a.lb && a.lb <= a.greedy && a.greedy <= a.naive);
    assert_true(a.fused_bytes > 0 && a.fused_bytes <= a.eager_bytes);
    /* the attention scores alone: 2·H·T·T·dh FLOPs twice (q·kᵀ and p·v) */
    assert_true(a.fused_flops >= 2.0 * 2 * 8 * (double)P2(24) * (double)P2(24) * 8);
    /* fp32 doubles every byte count */
    analysis a4 = analyze(&m, 4);
    assert_int_equal(a4.st, GL_OK);
    assert_true(a4.out_bytes == 2 * a.out_bytes);
    /* decode with a 2^24-row cache */
    gl_model_cfg d = decode(P2(24), 32, 8, 128, P2(16), P2(24));
    analysis ad = analyze(&d, 2);
    if (ad.st) fprintf(stderr, "%s: %s\n", ad.where, ad.msg);
    assert_int_equal(ad.st, GL_OK);
    assert_int_equal(ad.nout, 3);
    assert_true(ad.lb <= ad.greedy && ad.greedy <= ad.naive);
}

/* Each of these overflows an element, byte or FLOP count somewhere; the analysis must stop with
 * GL_E_LIMIT and say so, at whatever step first sees it. */
static void test_model_scale_overflow(void **state) {
    (void)state;
    struct {
        gl_model_cfg m;
        int eb;
        const char *why;
    } cases[] = {
        {prefill(P2(24), P2(24), 1, 2, 1, P2(24)), 2, "scores [H, T, T] = 2^72 elements"},
        {prefill(64, 64, 8, P2(24), 64, P2(24)), 2, "q·kᵀ FLOPs 2·H·T²·dh = 2^79"},
        {prefill(P2(24), 8, 2, 8, P2(14), P2(24)), 4, "FFN: 2·T·d·f = 2^63 FLOPs, [T, f] = 2^64 fp32 bytes"},
        {prefill(P2(24), P2(24), P2(24), P2(24), P2(24), P2(24)), 2, "everything at the dim limit"},
        {decode(P2(24), P2(24), 1, P2(24), 1, P2(24)), 2, "decode: cache [G, S, dh] with G·S·dh = 2^48, H·S = 2^48"},
        {decode(P2(24), P2(24), P2(24), P2(24), P2(24), P2(24)), 4, "decode: everything at the dim limit"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        analysis a = analyze(&cases[i].m, cases[i].eb);
        fprintf(stderr, "  overflow case %zu (%s): %s at %s: %s\n", i, cases[i].why, gl_status_name(a.st),
                a.where ? a.where : "-", a.msg);
        assert_int_equal(a.st, GL_E_LIMIT);
        assert_true(strstr(a.msg, "overflows 64 bits") || strstr(a.msg, "limit"));
    }
}

/* ---------------------------------------------------------------- fusion, lifetimes, plans by hand */
static void test_bytes_overflow(void **state) {
    (void)state;
    gl_err e = {0};
    gl_graph *g = NULL;
    assert_int_equal(gl_graph_new(&g, &e), GL_OK);
    gl_shape s = SHAPE(P2(30), P2(31));                    /* 2^61 elements */
    int x = gl_graph_add(g, GL_OP_INPUT, NULL, 0, NULL, &s, "x", &e);
    int y = gl_graph_add(g, GL_OP_EXP, &x, 1, NULL, &s, NULL, &e);
    assert_int_equal(gl_graph_set_outputs(g, &y, 1, &e), GL_OK);
    gl_kernels ks = {0};
    assert_int_equal(gl_fuse(g, true, 2, NULL, &ks, &e), GL_OK);   /* 2^62 bytes: fits */
    assert_true(ks.n == 1 && ks.k[0].writes == (double)P2(62));
    gl_kernels k4 = {0};
    assert_int_equal(gl_fuse(g, true, 4, NULL, &k4, &e), GL_E_LIMIT);
    assert_non_null(strstr(e.msg, "byte size of node %0 overflows 64 bits"));
    assert_int_equal(k4.n, 0);
    gl_err_clear(&e);
    gl_lifetimes lt = {0};
    assert_int_equal(gl_lifetimes_compute(g, &ks, NULL, 4, &lt, &e), GL_E_LIMIT);
    assert_non_null(strstr(e.msg, "overflows 64 bits"));
    assert_int_equal(lt.n, 0);
    gl_err_clear(&e);
    assert_int_equal(gl_lifetimes_compute(g, &ks, NULL, 2, &lt, &e), GL_OK);
    assert_int_equal(lt.n, 1);
    assert_true(lt.lt[0].bytes == P2(62));
    gl_lifetimes_free(&lt);
    gl_kernels_free(&ks);
    /* a matmul whose FLOP count overflows */
    gl_shape a2 = SHAPE(P2(21), P2(21));
    int mm_in[2];
    mm_in[0] = gl_graph_add(g, GL_OP_INPUT, NULL, 0, NULL, &a2, "a", &e);
    mm_in[1] = gl_graph_add(g, GL_OP_INPUT, NULL, 0, NULL, &a2, "b", &e);
    int mm = gl_graph_add(g, GL_OP_MATMUL, mm_in, 2, NULL, &a2, NULL, &e);
    assert_true(mm >= 0);
    double fl = 0;
    assert_int_equal(gl_node_flops(g, mm, NULL, &fl, &e), GL_E_LIMIT);     /* 2·2^63 */
    assert_non_null(strstr(e.msg, "FLOP count of node %4 (matmul) overflows 64 bits"));
    gl_graph_free(g);
}

static void test_plan_overflow(void **state) {
    (void)state;
    gl_err e = {0};
    gl_lifetime t[3] = {{0, INT64_MAX / 2 + 1, 0, 2}, {1, INT64_MAX / 2 + 1, 1, 3}, {2, 8, 0, 0}};
    gl_lifetimes l = {3, t};
    int64_t peak = -7, off[3];
    assert_int_equal(gl_plan_naive(&l, &peak, off, &e), GL_E_LIMIT);
    assert_non_null(strstr(e.msg, "overflows 64 bits"));
    assert_true(peak == -7);
    gl_err_clear(&e);
    assert_int_equal(gl_plan_greedy(&l, &peak, off, &e), GL_E_LIMIT);
    assert_true(gl_lower_bound(&l) == -1);                  /* refuses instead of wrapping */
    /* the largest sizes that still fit: exact */
    gl_lifetime u[2] = {{0, INT64_MAX / 2, 0, 1}, {1, INT64_MAX / 2, 1, 2}};
    gl_lifetimes l2 = {2, u};
    gl_err_clear(&e);
    assert_int_equal(gl_plan_naive(&l2, &peak, NULL, &e), GL_OK);
    assert_true(peak == INT64_MAX / 2 * 2);
    assert_true(gl_lower_bound(&l2) == INT64_MAX / 2 * 2);
    assert_int_equal(gl_plan_greedy(&l2, &peak, NULL, &e), GL_OK);
    assert_true(peak == INT64_MAX / 2 * 2);
}

/* ---------------------------------------------------------------- dim, layer and node-count limits */
static void test_count_limits(void **state) {
    (void)state;
    gl_err e = {0};
    gl_model_cfg m = prefill(64, 8, 2, 8, 128, 4);
    m.layer.d = P2(24) + 1;
    assert_int_equal(gl_model_cfg_validate(&m, &e), GL_E_LIMIT);
    assert_string_equal(e.msg, "config.d is 16777217, above the limit 16777216");
    gl_err_clear(&e);
    m.layer.d = 64;
    m.layers = 1025;
    assert_int_equal(gl_model_cfg_validate(&m, &e), GL_E_LIMIT);
    assert_string_equal(e.msg, "config.layers must be 1..1024 (the layer-count limit), got 1025");
    gl_err_clear(&e);
    m.layers = 1024;
    assert_int_equal(gl_model_cfg_validate(&m, &e), GL_OK);
    gl_graph *g = NULL;
    assert_int_equal(gl_graph_new(&g, &e), GL_OK);
    assert_int_equal(gl_graph_reserve(g, (1 << 22) + 1, &e), GL_E_LIMIT);
    assert_string_equal(e.msg, "graph has more than 4194304 nodes (node-count limit)");
    gl_graph_free(g);
}

/* ---------------------------------------------------------------- case files: budget and shells */
static gl_status run_case(const char *json, char *msg) {
    gl_err e = {0};
    char *out = NULL;
    size_t n = 0;
    gl_status st = gl_case_run(json, strlen(json), &out, &n, &e);
    if (st == GL_OK) assert_non_null(out);
    else assert_null(out);
    free(out);
    snprintf(msg, GL_MSG_MAX, "%s", e.msg);
    return st;
}

static void test_case_budget(void **state) {
    (void)state;
    char msg[GL_MSG_MAX];
    /* tiny: 4·64·... params of the small config need 34944 float64 values = 279552 bytes */
    const char *small = "{\"config\": {\"preset\": \"small\", \"mode\": \"prefill\", \"T\": 4}, \"params\": {\"random\": 3}";
    char buf[512];
    snprintf(buf, sizeof buf, "%s}", small);
    assert_int_equal(run_case(buf, msg), GL_OK);                        /* default budget: 256 MiB */
    snprintf(buf, sizeof buf, "%s, \"limits\": {\"run_bytes\": 279551}}", small);
    assert_int_equal(run_case(buf, msg), GL_E_LIMIT);
    assert_string_equal(msg, "params need 34944 float64 values, above the limit limits.run_bytes = 279551 bytes "
                             "(drop params and inputs for a shape-only case, or raise limits.run_bytes)");
    snprintf(buf, sizeof buf, "%s, \"limits\": {\"run_bytes\": 279552}}", small);
    assert_int_equal(run_case(buf, msg), GL_E_LIMIT);                   /* params fit, the folded weights do not */
    assert_non_null(strstr(msg, "too large to run concretely: the traced graph needs more than limits.run_bytes = "
                                "279552 bytes"));
    snprintf(buf, sizeof buf, "%s, \"limits\": {\"run_bytes\": 1000000}}", small);
    assert_int_equal(run_case(buf, msg), GL_OK);
    /* RoPE tables of a case with values are counted before they are allocated (16 GiB here) */
    assert_int_equal(run_case("{\"config\": {\"d\": 2, \"H\": 1, \"G\": 1, \"dh\": 65536, \"f\": 1, \"mode\": \"prefill\", "
                              "\"T\": 32768}, \"params\": {\"random\": 0}}", msg), GL_E_LIMIT);
    assert_non_null(strstr(msg, "(at node %20 const of shape (1, 32768, 65536))"));
    /* bad limits */
    assert_int_equal(run_case("{\"config\": {\"preset\": \"small\", \"mode\": \"prefill\", \"T\": 4}, "
                              "\"limits\": {\"run_bytes\": 0}}", msg), GL_E_INVALID);
    assert_string_equal(msg, "limits.run_bytes must be a positive integer, got 0");
    assert_int_equal(run_case("{\"config\": {\"preset\": \"small\", \"mode\": \"prefill\", \"T\": 4}, "
                              "\"limits\": {\"run_bytes\": 1099511627777}}", msg), GL_E_LIMIT);
    assert_string_equal(msg, "limits.run_bytes is 1099511627777, above the maximum 1099511627776");
    assert_int_equal(run_case("{\"config\": {\"preset\": \"small\", \"mode\": \"prefill\", \"T\": 4}, "
                              "\"limits\": {\"bytes\": 1}}", msg), GL_E_INVALID);
    assert_string_equal(msg, "limits has an unknown key \"bytes\" (known keys: run_bytes)");
    assert_int_equal(run_case("{\"config\": {\"preset\": \"small\", \"mode\": \"prefill\", \"T\": 4, \"layers\": "
                              "99999999999}}", msg), GL_E_LIMIT);
    assert_string_equal(msg, "config.layers must be 1..1024 (the layer-count limit), got 99999999999");
}

static void test_shape_only_shells(void **state) {
    (void)state;
    char msg[GL_MSG_MAX];
    /* T·dh = 2^29 and 2^48 table entries: shells, nothing allocated (this used to be a 4 GiB calloc, and a
     * GL_E_LIMIT "more than the limit of 2^31" for the second) */
    assert_int_equal(run_case("{\"config\": {\"d\": 64, \"H\": 8, \"G\": 2, \"dh\": 128, \"f\": 128, \"mode\": "
                              "\"prefill\", \"T\": 4194304}, \"emit\": {\"graphs\": false, \"provenance\": false}}", msg),
                     GL_OK);
    assert_int_equal(run_case("{\"config\": {\"d\": 16777216, \"H\": 8, \"G\": 2, \"dh\": 16777216, \"f\": 128, \"mode\": "
                              "\"prefill\", \"T\": 16777216}, \"emit\": {\"graphs\": false, \"provenance\": false}}", msg),
                     GL_E_LIMIT);
    assert_non_null(strstr(msg, "overflows 64 bits"));
    gl_err e = {0};
    int64_t dims[3] = {1, P2(24), P2(24)};
    gl_array *sh = NULL;
    assert_int_equal(gl_array_shell(3, dims, &sh, &e), GL_OK);
    assert_null(sh->data);
    assert_true(sh->size == P2(48));
    gl_array_release(sh);
    int64_t over[3] = {P2(32), P2(32), 2};
    assert_int_equal(gl_array_shell(3, over, &sh, &e), GL_E_LIMIT);
    assert_null(sh);
    assert_int_equal(e.code, GL_E_LIMIT);
    assert_non_null(strstr(e.msg, "more than 2^63 elements"));
    gl_err_clear(&e);
    assert_int_equal(gl_array_new(3, dims, &sh, &e), GL_E_LIMIT);   /* real arrays keep the 2^31 limit */
    assert_int_equal(e.code, GL_E_LIMIT);
    assert_non_null(strstr(e.msg, "more than the limit of 2^31"));
}

/* ---------------------------------------------------------------- roofline overflow and the limits table */
static void test_cost_check(void **state) {
    (void)state;
    gl_kernel k[2] = {{GL_K_MATMUL, 0, NULL, 1e6, 1e6, 1e9, NULL, {GL_WHY_SPECIAL, -1, 0}},
                       {GL_K_POINTWISE, 0, NULL, 1e6, 1e6, 1e6, NULL, {GL_WHY_NO_FUSIBLE_PRODUCER, -1, 0}}};
    gl_kernels ks = {2, k};
    gl_device d = {"x", "x", 1e15, 1e13, 1e12, 4e-6, ""};
    gl_err e = {0};
    gl_cost c = gl_graph_cost(&ks, &d);
    assert_int_equal(gl_cost_check(&ks, &d, &c, &e), GL_OK);
    const struct { double mm, vec, bw, launch; const char *want; } bad[] = {
        {1e-320, 1e13, 1e12, 4e-6, "device.mm_flops (1e-320) makes the kernel time infinite"},
        {1e15, 1e-320, 1e12, 4e-6, "device.vec_flops (1e-320) makes the kernel time infinite"},
        {1e15, 1e13, 1e-320, 4e-6, "device.bw (1e-320) makes the kernel time infinite"},
        {1e15, 1e13, 1e12, 1e308, "device.launch (1e+308) makes the total time infinite"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        gl_device b = {"x", "x", bad[i].mm, bad[i].vec, bad[i].bw, bad[i].launch, ""};
        c = gl_graph_cost(&ks, &b);
        gl_err_clear(&e);
        assert_int_equal(gl_cost_check(&ks, &b, &c, &e), GL_E_LIMIT);
        assert_string_equal(e.msg, bad[i].want);
    }
    /* through a case file: an error, never "Infinity" in the output */
    char msg[GL_MSG_MAX];
    assert_int_equal(run_case("{\"config\": {\"preset\": \"small\", \"mode\": \"prefill\", \"T\": 4}, \"device\": "
                              "{\"mm_flops\": 1e-320, \"vec_flops\": 1e13, \"bw\": 1e12, \"launch\": 4e-6}}", msg), GL_E_LIMIT);
    assert_string_equal(msg, "device.mm_flops (1e-320) makes the kernel time infinite");
}

static void test_limits_table(void **state) {
    (void)state;
    static const char *const fields[] = {"config.d", "config.H", "config.G", "config.dh", "config.f", "config.eps",
                                         "config.theta", "config.T", "config.S", "config.pos0", "config.layers",
                                         "device.mm_flops", "device.vec_flops", "device.bw", "device.launch"};
    for (size_t i = 0; i < sizeof fields / sizeof fields[0]; i++) assert_non_null(gl_limit_get(fields[i]));
    assert_true(gl_limit_get("config.d")->max == (double)P2(24));
    assert_true(gl_limit_get("config.layers")->max == 1024);
    gl_err e = {0};
    assert_int_equal(gl_limit_check_int("config.T", P2(24), &e), GL_OK);
    assert_int_equal(gl_limit_check_int("config.T", P2(24) + 1, &e), GL_E_LIMIT);
    assert_string_equal(e.msg, "config.T is 16777217, above the limit 16777216");
    gl_err_clear(&e);
    assert_int_equal(gl_limit_check_max("config.eps", 1.0, &e), GL_OK);
    assert_int_equal(gl_limit_check_max("config.eps", 1.5, &e), GL_E_LIMIT);
    assert_string_equal(e.msg, "config.eps is 1.5, above the limit 1.0");
    gl_err_clear(&e);
    assert_int_equal(gl_limit_check_max("config.nope", 1.0, &e), GL_E_INTERNAL);   /* a field must have a row */
    char *out = NULL;
    size_t n = 0;
    gl_err_clear(&e);
    assert_int_equal(gl_meta_json(false, &out, &n, &e), GL_OK);
    assert_non_null(strstr(out, "\"config.d\":{\"min\":1,\"max\":16777216,\"integer\":true}"));
    assert_non_null(strstr(out, "\"config.eps\":{\"min\":0.0,\"exclusive_min\":true,\"max\":1.0}"));
    assert_non_null(strstr(out, "\"run_bytes\":{\"default\":268435456,\"max\":1099511627776}"));
    assert_true(strlen(out) == n);
    free(out);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_numel),
        cmocka_unit_test(test_model_scale_exact),
        cmocka_unit_test(test_model_scale_overflow),
        cmocka_unit_test(test_bytes_overflow),
        cmocka_unit_test(test_plan_overflow),
        cmocka_unit_test(test_count_limits),
        cmocka_unit_test(test_case_budget),
        cmocka_unit_test(test_shape_only_shells),
        cmocka_unit_test(test_cost_check),
        cmocka_unit_test(test_limits_table),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
