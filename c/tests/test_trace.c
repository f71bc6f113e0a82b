/* test_trace.c — the builder/tracer, shape rules, layers and the printer. Expected node counts are the
 * reference's (tests/fixtures/ JSON files, "passes"[0]); other expectations are derived by hand. */
#include <stdio.h>

#include "front/tracer.h"
#include "ir/util.h"
#include "test_util.h"

static gl_model_cfg small_prefill(void) {
    gl_model_cfg m;
    memset(&m, 0, sizeof m);
    m.layer = gl_preset_find("small")->cfg;
    m.mode = GL_MODE_PREFILL;
    m.T = 12;
    m.layers = 1;
    return m;
}

static void test_layer_node_counts(void **state) {
    (void)state;
    gl_err e = {0};
    gl_model_cfg m = small_prefill();
    gl_graph *g = NULL;
    assert_int_equal(gl_build_model(&m, NULL, &g, &e), GL_OK);
    assert_int_equal(g->n, 53);
    assert_int_equal(gl_graph_count(g), 38);
    assert_int_equal(g->nout, 1);
    assert_int_equal(g->outputs[0], 52);
    assert_int_equal(g->nodes[10].op, GL_OP_RMS_NORM);
    assert_int_equal(g->nodes[11].op, GL_OP_MATMUL);
    gl_graph_free(g);

    m.mode = GL_MODE_DECODE;
    m.S = 16;
    assert_int_equal(gl_build_model(&m, NULL, &g, &e), GL_OK);
    assert_int_equal(g->n, 48);
    assert_int_equal(gl_graph_count(g), 33);
    assert_int_equal(g->nout, 3);
    assert_int_equal(g->nodes[29].op, GL_OP_KV_WRITE);
    assert_string_equal(g->nodes[29].attrs->pos.sym, "P");
    assert_string_equal(g->nodes[1].shape->d[1].sym, "S");
    gl_graph_free(g);

    m.masked = true;
    assert_int_equal(gl_build_model(&m, NULL, &g, &e), GL_OK);
    assert_int_equal(g->n, 50);
    assert_int_equal(gl_graph_count(g), 34);
    gl_graph_free(g);

    m = small_prefill();
    m.layer = gl_preset_find("llama3-8b")->cfg;
    m.T = 128;
    m.layers = 4;
    assert_int_equal(gl_build_model(&m, NULL, &g, &e), GL_OK);
    assert_int_equal(g->n, 206);
    assert_int_equal(gl_graph_count(g), 152);
    assert_string_equal(g->nodes[11].name, "1.wq");
    /* every layer's RoPE const shares the stack's one table (so CSE can merge them) */
    assert_int_equal(g->nodes[47].op, GL_OP_CONST);
    assert_ptr_equal(g->values[47], g->values[53]);
    assert_ptr_equal(g->values[47], g->values[90]);
    gl_graph_free(g);
    assert_int_equal(e.code, GL_OK);
}

static void test_config_errors(void **state) {
    (void)state;
    gl_model_cfg m = small_prefill();
    gl_err e = {0};
    gl_graph *g = &(gl_graph){0};
    m.layer.G = 3;
    assert_int_equal(gl_build_model(&m, NULL, &g, &e), GL_E_INVALID);
    assert_null(g);
    assert_int_equal(e.code, GL_E_INVALID);
    assert_non_null(strstr(e.msg, "config.H (8) must be divisible by config.G (3)"));
    gl_err_clear(&e);
    m = small_prefill();
    m.layer.d = 0;
    assert_int_not_equal(gl_build_model(&m, NULL, &g, &e), GL_OK);
    assert_non_null(strstr(e.msg, "config.d"));
    gl_err_clear(&e);
    m = small_prefill();
    m.layer.dh = 7;
    assert_int_not_equal(gl_build_model(&m, NULL, &g, &e), GL_OK);
    assert_non_null(strstr(e.msg, "config.dh (7)"));
    gl_err_clear(&e);
    m = small_prefill();
    m.T = -4;
    assert_int_not_equal(gl_build_model(&m, NULL, &g, &e), GL_OK);
    assert_non_null(strstr(e.msg, "config.T"));
    gl_err_clear(&e);
    m = small_prefill();
    m.layer.f = (int64_t)1 << 40;
    assert_int_equal(gl_build_model(&m, NULL, &g, &e), GL_E_LIMIT);
    assert_int_equal(e.code, GL_E_LIMIT);
    gl_err_clear(&e);
    m = small_prefill();
    m.layers = 0;
    assert_int_not_equal(gl_build_model(&m, NULL, &g, &e), GL_OK);
    assert_non_null(strstr(e.msg, "config.layers"));
}

static gl_shape sh(int rank, int64_t a, int64_t b, int64_t c) {
    int64_t d[3] = {a, b, c};
    return gl_shape_of(rank, d);
}

static void test_builder_shapes_and_errors(void **state) {
    (void)state;
    gl_err e = {0};
    gl_tracer *tr = NULL;
    assert_int_equal(gl_tracer_new(GL_BRANCH_ERROR, false, &tr, &e), GL_OK);
    gl_shape s1 = sh(3, 2, 1, 3), s2 = sh(2, 4, 1, 0);
    int a = gl_t_input(tr, "a", &s1, NULL);
    int b = gl_t_input(tr, "b", &s2, NULL);
    int c = gl_t_add(tr, a, b);
    const gl_shape *cs = gl_t_shape(tr, c);
    assert_int_equal(cs->rank, 3);
    assert_int_equal(cs->d[0].n, 2);
    assert_int_equal(cs->d[1].n, 4);
    assert_int_equal(cs->d[2].n, 3);
    /* scalars are deduplicated per trace; array consts are not */
    int k1 = gl_t_scalar(tr, 2.0), k2 = gl_t_scalar(tr, 2.0), k3 = gl_t_scalar(tr, 3.0);
    assert_int_equal(k1, k2);
    assert_int_not_equal(k1, k3);
    int sum = gl_t_sum(tr, c, -1, true);
    assert_int_equal(gl_t_shape(tr, sum)->d[2].n, 1);
    int perm[3] = {2, 0, 1};
    int t = gl_t_transpose(tr, c, perm, 3);
    assert_int_equal(gl_t_shape(tr, t)->d[0].n, 3);
    assert_int_equal(gl_t_shape(tr, t)->d[1].n, 2);
    assert_int_equal(gl_tracer_status(tr), GL_OK);
    /* a shape error names both shapes, and is sticky */
    gl_shape s3 = sh(2, 5, 7, 0);
    int d = gl_t_input(tr, "d", &s3, NULL);
    assert_int_equal(gl_t_mul(tr, c, d), -1);
    assert_int_equal(gl_tracer_status(tr), GL_E_SHAPE);
    assert_non_null(strstr(gl_tracer_error(tr)->msg, "(2, 4, 3) and (1, 5, 7)"));
    assert_int_equal(gl_t_exp(tr, a), -1);
    gl_graph *g = NULL;
    assert_int_equal(gl_tracer_finish(tr, &c, 1, &g, &e), GL_E_SHAPE);
    assert_null(g);
    assert_int_equal(e.code, GL_E_SHAPE);

    gl_err_clear(&e);
    assert_int_equal(gl_tracer_new(GL_BRANCH_ERROR, false, &tr, &e), GL_OK);
    gl_shape m1 = sh(2, 3, 4, 0), m2 = sh(2, 5, 6, 0);
    a = gl_t_input(tr, "a", &m1, NULL);
    b = gl_t_input(tr, "b", &m2, NULL);
    assert_int_equal(gl_t_matmul(tr, a, b), -1);
    assert_non_null(strstr(gl_tracer_error(tr)->msg, "(3, 4) @ (5, 6)"));
    gl_tracer_free(tr);

    /* symbolic dims broadcast by name */
    assert_int_equal(gl_tracer_new(GL_BRANCH_ERROR, false, &tr, &e), GL_OK);
    gl_shape y1 = sh(2, 1, 8, 0), y2 = sh(2, 4, 1, 0);
    y1.d[1] = gl_dim_sym("S");
    a = gl_t_input(tr, "a", &y1, NULL);
    b = gl_t_input(tr, "b", &y2, NULL);
    c = gl_t_add(tr, a, b);
    assert_string_equal(gl_t_shape(tr, c)->d[1].sym, "S");
    assert_int_equal(gl_t_shape(tr, c)->d[0].n, 4);
    gl_shape y3 = sh(2, 4, 8, 0);
    d = gl_t_input(tr, "d", &y3, NULL);
    assert_int_equal(gl_t_add(tr, c, d), -1);   /* 'S' vs 8: not provably equal */
    gl_tracer_free(tr);
}

/* A builder refuses bad shapes with the message it gave before the rule moved to gl_op_shape (the native
 * CLI's at d7cf2da), and the same node through gl_node_shape (the graph reader's and the verifier's path)
 * gets the very same message: one shape rule per op. */
static void test_one_shape_rule(void **state) {
    (void)state;
    static const struct {
        gl_op op;
        int rank[3];
        int64_t d[3][3];
        const char *msg;
    } cases[] = {
        {GL_OP_RMS_NORM, {2, 2}, {{1, 3}, {2, 3}}, "rms_norm weight (2, 3) does not broadcast onto (1, 3)"},
        {GL_OP_RMS_NORM, {0, 1}, {{0}, {1}}, "rms_norm needs a tensor of rank >= 1"},
        {GL_OP_KV_WRITE, {3, 3}, {{2, 5, 4}, {2, 1, 3}}, "kv_write: rows (2, 1, 3) do not fit cache (2, 5, 4)"},
        {GL_OP_CAUSAL_MASK, {1}, {{3}}, "causal_mask needs a tensor of rank >= 2"},
        {GL_OP_FLASH_ATTN, {2, 1, 2}, {{4, 8}, {8}, {4, 8}}, "flash_attn: k must have rank >= 2"},
        {GL_OP_MATMUL, {2, 2}, {{3, 4}, {5, 6}}, "matmul inner dims differ: (3, 4) @ (5, 6)"},
        {GL_OP_ADD, {2, 2}, {{2, 3}, {4, 3}}, "shapes cannot broadcast: (2, 3) and (4, 3)"},
        {GL_OP_TRANSPOSE, {2}, {{2, 3}}, "transpose perm has 7 axes but shape (2, 3) has 2"},
        {GL_OP_SUM, {2}, {{2, 3}}, "axis 2 is out of range for shape (2, 3)"},
        {GL_OP_RESHAPE, {2}, {{2, 3}}, "cannot reshape (2, 3) (6 elements) into (5,) (5 elements)"},
    };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        gl_err e = {0};
        gl_tracer *tr = NULL;
        assert_int_equal(gl_tracer_new(GL_BRANCH_ERROR, false, &tr, &e), GL_OK);
        int nin = gl_op_arity(cases[c].op), t[3];
        if (cases[c].op == GL_OP_CAUSAL_MASK) nin = 1;    /* its `like` tensor */
        for (int i = 0; i < nin; i++) {
            char name[16];
            snprintf(name, sizeof name, "x%d", i);
            gl_shape s = gl_shape_of(cases[c].rank[i], cases[c].d[i]);
            t[i] = gl_t_input(tr, name, &s, NULL);
        }
        gl_node n;
        memset(&n, 0, sizeof n);
        gl_attrs na;                                      /* the node's attrs and shape, as a graph's would point at */
        memset(&na, 0, sizeof na);
        gl_shape ns = {0};
        n.attrs = &na;
        n.shape = &ns;
        n.op = cases[c].op;
        n.nin = cases[c].op == GL_OP_CAUSAL_MASK ? 0 : nin;
        for (int i = 0; i < n.nin; i++) n.in[i] = t[i];
        int r = -2;
        switch (cases[c].op) {
        case GL_OP_RMS_NORM: r = gl_t_rms_norm(tr, t[0], t[1], 1e-5); na.has = GL_A_EPS; break;
        case GL_OP_KV_WRITE: r = gl_t_kv_write(tr, t[0], t[1], gl_dim_int(0)); na.has = GL_A_POS; break;
        case GL_OP_CAUSAL_MASK:
            r = gl_t_causal_mask(tr, t[0], 3, 0);
            ns = *gl_t_shape(tr, t[0]);
            break;
        case GL_OP_FLASH_ATTN: r = gl_t_flash_attn(tr, t[0], t[1], t[2], -1, 1.0); break;
        case GL_OP_MATMUL: r = gl_t_matmul(tr, t[0], t[1]); break;
        case GL_OP_ADD: r = gl_t_add(tr, t[0], t[1]); break;
        case GL_OP_TRANSPOSE: {
            static const int perm[7] = {0, 1, 2, 3, 4, 5, 6};   /* more axes than GL_MAX_RANK */
            r = gl_t_transpose(tr, t[0], perm, 7);
            na.has = GL_A_PERM;
            na.nperm = 7;
            break;
        }
        case GL_OP_SUM:
            r = gl_t_sum(tr, t[0], 2, false);
            na.has = GL_A_AXIS | GL_A_KEEPDIMS;
            na.axis = 2;
            break;
        case GL_OP_RESHAPE: {
            gl_shape five = sh(1, 5, 0, 0);
            r = gl_t_reshape(tr, t[0], &five);
            na.has = GL_A_SHAPE;
            na.shape = five;
            break;
        }
        default: fail_msg("case %zu: no builder", c);
        }
        assert_int_equal(r, -1);
        assert_int_equal(gl_tracer_status(tr), GL_E_SHAPE);
        assert_string_equal(gl_tracer_error(tr)->msg, cases[c].msg);
        gl_shape out;
        gl_err e2 = {0};
        assert_int_equal(gl_node_shape(gl_tracer_graph(tr), &n, &out, &e2), GL_E_SHAPE);
        assert_string_equal(e2.msg, cases[c].msg);
        gl_tracer_free(tr);
    }
}

/* f(x) = (x*2 + 1) if (x*2).sum() > 0 else (x*2 - 1) — the reference's branch example */
static gl_status branchy(gl_branch_mode mode, double fill, gl_graph **out, gl_err *e) {
    gl_tracer *tr = NULL;
    assert_int_equal(gl_tracer_new(mode, true, &tr, e), GL_OK);
    int64_t dims[1] = {3};
    gl_array *x = NULL;
    assert_int_equal(gl_array_new(1, dims, &x, e), GL_OK);
    for (int i = 0; i < 3; i++) x->data[i] = fill;
    gl_shape s = gl_array_shape(x);
    int xi = gl_t_input(tr, "x", &s, x);
    gl_array_release(x);
    int two = gl_t_scalar(tr, 2.0);
    int y = gl_t_mul(tr, xi, two);
    int tot = gl_t_sum(tr, y, -1, false);
    int zero = gl_t_scalar(tr, 0.0);
    int cond = gl_t_gt(tr, tot, zero);
    bool taken = false;
    gl_status st = gl_t_bool(tr, cond, &taken);
    if (st) {
        gl_fail(e, st, "%s", gl_tracer_error(tr)->msg);
        gl_tracer_free(tr);
        return st;
    }
    int one = gl_t_scalar(tr, 1.0);
    int r = taken ? gl_t_add(tr, y, one) : gl_t_sub(tr, y, one);
    return gl_tracer_finish(tr, &r, 1, out, e);
}

static void test_branch_modes(void **state) {
    (void)state;
    gl_err e = {0};
    gl_graph *g = NULL;
    assert_int_equal(branchy(GL_BRANCH_ERROR, 1.0, &g, &e), GL_E_TRACE);
    assert_non_null(strstr(e.msg, "data-dependent branch"));
    gl_err_clear(&e);
    assert_int_equal(branchy(GL_BRANCH_SPECIALIZE, 1.0, &g, &e), GL_OK);
    assert_int_equal(g->nguards, 0);
    assert_int_equal(g->nodes[g->outputs[0]].op, GL_OP_ADD);
    gl_graph_free(g);
    assert_int_equal(branchy(GL_BRANCH_GUARD, -1.0, &g, &e), GL_OK);
    assert_int_equal(g->nguards, 1);
    assert_false(g->guards[0].value);
    assert_int_equal(g->nodes[g->guards[0].node].op, GL_OP_GT);
    assert_int_equal(g->nodes[g->outputs[0]].op, GL_OP_SUB);
    /* the guard holds for another negative input and fails for a positive one */
    int64_t dims[1] = {3};
    gl_array *x = NULL;
    assert_int_equal(gl_array_new(1, dims, &x, &e), GL_OK);
    for (int i = 0; i < 3; i++) x->data[i] = -5.0;
    gl_named_array in = {"x", x};
    bool ok = false;
    assert_int_equal(gl_check_guards(g, &in, 1, NULL, &ok, &e), GL_OK);
    assert_true(ok);
    x->data[0] = 100.0;
    assert_int_equal(gl_check_guards(g, &in, 1, NULL, &ok, &e), GL_OK);
    assert_false(ok);
    gl_array_release(x);
    gl_graph_free(g);
}

static void test_printer(void **state) {
    (void)state;
    gl_err e = {0};
    gl_model_cfg m = small_prefill();
    gl_graph *g = NULL;
    assert_int_equal(gl_build_model(&m, NULL, &g, &e), GL_OK);
    char *txt = NULL;
    assert_int_equal(gl_graph_print(g, &txt, &e), GL_OK);
    assert_non_null(strstr(txt, "%11  = matmul(%10, %2)  : [12×64]\n"));
    assert_non_null(strstr(txt, "%0   = input()  : [12×64]  # x\n"));
    assert_non_null(strstr(txt, "%10  = rms_norm(%0, %1, eps=1e-05)  : [12×64]\n"));
    assert_non_null(strstr(txt, "= transpose(%12, perm=(1, 0, 2))  : [8×12×8]\n"));
    assert_non_null(strstr(txt, "= causal_mask(T=12, pos0=0)  : [2×48×12]\n"));
    assert_non_null(strstr(txt, "= const()  : [标量]\n"));
    assert_non_null(strstr(txt, "返回 %52"));
    free(txt);
    gl_graph_free(g);
}

static void test_rope_tables(void **state) {
    (void)state;
    gl_err e = {0};
    gl_array *c = NULL, *s = NULL;
    assert_int_equal(gl_rope_tables(3, 4, 5, 10000.0, &c, &s, &e), GL_OK);
    assert_int_equal(c->rank, 3);
    assert_int_equal(c->dim[1], 3);
    /* pair 0 has inverse frequency 1: angle = position; pair 1 has 10000^(-1/2) = 0.01 */
    assert_close(c->data[0], cos(5.0), 1e-15);
    assert_close(c->data[1], cos(5.0), 1e-15);
    assert_close(s->data[2], sin(0.05), 1e-15);
    assert_close(s->data[4 * 2 + 3], sin(7 * 0.01), 1e-15);
    gl_array_release(c);
    gl_array_release(s);
}

static void test_random_inputs(void **state) {
    (void)state;
    gl_err e = {0};
    gl_model_cfg m = small_prefill();
    m.mode = GL_MODE_DECODE;
    m.S = 6;
    m.masked = true;
    gl_params a, b;
    gl_params_init(&a);
    gl_params_init(&b);
    assert_int_equal(gl_inputs_random(&a, &m, 7, 1 << 20, &e), GL_OK);
    assert_int_equal(gl_inputs_random(&b, &m, 7, 1 << 20, &e), GL_OK);
    /* the model's input names, in gl_build_model's order */
    static const char *const names[] = {"x", "k_cache", "v_cache", "cos", "sin", "kmask"};
    assert_int_equal(a.n, 6);
    for (int i = 0; i < 6; i++) assert_string_equal(a.names[i], names[i]);
    assert_int_equal(a.values[1]->dim[1], 6);
    /* the same seed gives the same numbers */
    for (int i = 0; i < a.n; i++)
        assert_memory_equal(a.values[i]->data, b.values[i]->data, sizeof(double) * (size_t)a.values[i]->size);
    /* cos/sin are the RoPE row of position S-1 = 5: pair 0 turns by the position itself */
    assert_close(a.values[3]->data[0], cos(5.0), 1e-15);
    assert_close(a.values[4]->data[1], sin(5.0), 1e-15);
    /* kmask hides the last 3 of the 6 slots */
    for (int k = 0; k < 6; k++) assert_true(k >= 3 ? isinf(a.values[5]->data[k]) : a.values[5]->data[k] == 0.0);
    gl_params_free(&a);
    gl_params_free(&b);
    /* too many values for the budget: refused before allocating */
    gl_params c;
    gl_params_init(&c);
    assert_int_equal(gl_inputs_random(&c, &m, 7, 100, &e), GL_E_LIMIT);
    assert_non_null(strstr(e.msg, "inputs.random"));
    gl_params_free(&c);
}


/* gl_build_model repeats layer 1's nodes for layers 2.. (gl_t_repeat): the graph must be the one the builder
 * calls make for every layer, node for node (op, inputs, shape, attrs, name, which nodes hold a value). */
static void test_repeated_layers_equal_traced(void **state) {
    (void)state;
    gl_err e = {0};
    gl_model_cfg m = small_prefill();
    m.layers = 5;
    gl_graph *g = NULL;
    assert_int_equal(gl_build_model(&m, NULL, &g, &e), GL_OK);
    const gl_layer_cfg *c = &m.layer;
    gl_tracer *tr = NULL;
    assert_int_equal(gl_tracer_new(GL_BRANCH_ERROR, false, &tr, &e), GL_OK);
    int x = gl_t_input(tr, g->nodes[0].name, g->nodes[0].shape, NULL);
    int ids[5 * GL_LAYER_NPARAMS];
    for (int i = 0; i < 5 * GL_LAYER_NPARAMS; i++) {
        assert_int_equal(g->nodes[1 + i].op, GL_OP_PARAM);
        ids[i] = gl_t_param(tr, g->nodes[1 + i].name, g->nodes[1 + i].shape);
    }
    gl_array *cv = NULL, *sv = NULL;
    int64_t dims[3] = {1, m.T, c->dh};
    assert_int_equal(gl_array_shell(3, dims, &cv, &e), GL_OK);
    assert_int_equal(gl_array_shell(3, dims, &sv, &e), GL_OK);
    for (int l = 0; l < 5; l++) x = gl_prefill_layer(tr, c, m.T, m.pos0, cv, sv, x, ids + l * GL_LAYER_NPARAMS);
    gl_graph *want = NULL;
    assert_int_equal(gl_tracer_finish(tr, &x, 1, &want, &e), GL_OK);
    assert_int_equal(g->n, want->n);
    for (int i = 0; i < g->n; i++) {
        const gl_node *a = &g->nodes[i], *b = &want->nodes[i];
        assert_int_equal(a->id, i);
        assert_int_equal(a->op, b->op);
        assert_int_equal(a->nin, b->nin);
        for (int k = 0; k < a->nin; k++) assert_int_equal(a->in[k], b->in[k]);
        assert_true(gl_shape_eq(a->shape, b->shape));
        assert_memory_equal(a->attrs, b->attrs, sizeof *a->attrs);   /* pool items are canonical */
        assert_string_equal(a->name, b->name);
        assert_int_equal(g->values[i] != NULL, want->values[i] != NULL);
    }
    assert_int_equal(g->nout, 1);
    assert_int_equal(g->outputs[0], want->outputs[0]);
    gl_graph_free(want);
    gl_array_release(cv);
    gl_array_release(sv);
    gl_graph_free(g);
}

/* gl_t_repeat declines (nothing appended) a range with a trace-time value, an operand of another shape,
 * or no reserved room; otherwise it copies and remaps. */
static void test_repeat_declines(void **state) {
    (void)state;
    gl_err e = {0};
    gl_tracer *tr = NULL;
    assert_int_equal(gl_tracer_new(GL_BRANCH_ERROR, false, &tr, &e), GL_OK);
    int64_t d2[2] = {2, 3}, d1[1] = {3};
    gl_shape s2 = gl_shape_of(2, d2), s1 = gl_shape_of(1, d1);
    int a = gl_t_input(tr, "a", &s2, NULL), b = gl_t_input(tr, "b", &s2, NULL), c = gl_t_input(tr, "c", &s1, NULL);
    int first = gl_tracer_graph(tr)->n;
    int y = gl_t_exp(tr, a);
    int last = gl_tracer_graph(tr)->n;
    gl_graph *g = gl_tracer_graph(tr);
    while (g->n < g->cap) gl_t_neg(tr, a);                         /* the graph full to its capacity */
    int full = g->n, shift = -1;
    assert_false(gl_t_repeat(tr, first, last, &a, &b, 1, &shift));   /* no room reserved */
    assert_int_equal(shift, 0);
    assert_int_equal(g->n, full);
    assert_int_equal(gl_graph_reserve(g, full + 64, &e), GL_OK);
    assert_false(gl_t_repeat(tr, first, last, &a, &c, 1, &shift));   /* c has another shape */
    assert_int_equal(g->n, full);
    assert_true(gl_t_repeat(tr, first, last, &a, &b, 1, &shift));
    assert_int_equal(shift, full - first);
    assert_int_equal(g->n, full + 1);
    const gl_node *n = &gl_tracer_graph(tr)->nodes[y + shift];
    assert_int_equal(n->op, GL_OP_EXP);
    assert_int_equal(n->in[0], b);
    int k = gl_t_scalar(tr, 2.0);                                    /* a trace-time value */
    int z = gl_t_mul(tr, k, k);
    int before = gl_tracer_graph(tr)->n;
    assert_false(gl_t_repeat(tr, k, z + 1, NULL, NULL, 0, &shift));
    assert_int_equal(gl_tracer_graph(tr)->n, before);
    gl_tracer_free(tr);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_layer_node_counts), cmocka_unit_test(test_repeated_layers_equal_traced),
        cmocka_unit_test(test_repeat_declines), cmocka_unit_test(test_config_errors),
        cmocka_unit_test(test_builder_shapes_and_errors), cmocka_unit_test(test_one_shape_rule),
        cmocka_unit_test(test_branch_modes),
        cmocka_unit_test(test_printer), cmocka_unit_test(test_rope_tables), cmocka_unit_test(test_random_inputs),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
