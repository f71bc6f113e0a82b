/* test_fuse_why.c — why kernels split (gl_kernel.why, docs/CASES.md): one small hand-built graph per reason,
 * each checking the reason, the candidate kernel (execution index) and the bytes joining it would have saved,
 * worked out by hand: every intermediate the first node reads from the candidate, written once and read back
 * once (2 × numel × elem_bytes; elem_bytes = 2 here). */
#include <stdio.h>

#include "test_util.h"

#define SHAPE(...) gl_shape_of((int)(sizeof((int64_t[]){__VA_ARGS__}) / sizeof(int64_t)), (int64_t[]){__VA_ARGS__})

static int add(gl_graph *g, gl_op op, const int *in, int nin, gl_shape s) {
    gl_err e = {0};
    int id = gl_graph_add(g, op, in, nin, NULL, &s, NULL, &e);
    assert_true(id >= 0);
    return id;
}
static int leaf(gl_graph *g, gl_op op, gl_shape s) { return add(g, op, NULL, 0, s); }
static int un(gl_graph *g, gl_op op, int a, gl_shape s) { return add(g, op, &a, 1, s); }
static int bin(gl_graph *g, gl_op op, int a, int b, gl_shape s) {
    int in[2] = {a, b};
    return add(g, op, in, 2, s);
}
static int reduce(gl_graph *g, gl_op op, int a, int axis, gl_shape s) {
    gl_attrs at;
    memset(&at, 0, sizeof at);
    at.has = GL_A_AXIS | GL_A_KEEPDIMS;
    at.axis = axis;
    at.keepdims = true;
    gl_err e = {0};
    int id = gl_graph_add(g, op, &a, 1, &at, &s, NULL, &e);
    assert_true(id >= 0);
    return id;
}
static void outputs(gl_graph *g, int o) {
    gl_err e = {0};
    assert_int_equal(gl_graph_set_outputs(g, &o, 1, &e), GL_OK);
}

static void fuse_ok(const gl_graph *g, bool enable, gl_kernels *ks) {
    gl_err e = {0};
    gl_status st = gl_fuse(g, enable, 2, NULL, ks, &e);
    if (st) fprintf(stderr, "fuse: %s\n", e.msg);
    assert_int_equal(st, GL_OK);
}

/* kernel ki starts at node first and split for reason, against candidate, saving saved bytes */
static void assert_why(const gl_kernels *ks, int ki, int first, gl_why_reason reason, int candidate, double saved) {
    assert_true(ki < ks->n);
    const gl_kernel *k = &ks->k[ki];
    assert_int_equal(k->nodes[0], first);
    assert_string_equal(gl_why_reason_name(k->why.reason), gl_why_reason_name(reason));
    assert_int_equal(k->why.candidate, candidate);
    assert_true(k->why.saved_bytes == saved);
}

/* special: a matmul starts its own kernel, even right after a pointwise kernel it reads. */
static void test_special(void **state) {
    (void)state;
    gl_err e = {0};
    gl_graph *g = NULL;
    assert_int_equal(gl_graph_new(&g, &e), GL_OK);
    int x = leaf(g, GL_OP_INPUT, SHAPE(4, 8));
    int w = leaf(g, GL_OP_PARAM, SHAPE(8, 8));
    int a = un(g, GL_OP_EXP, x, SHAPE(4, 8));
    int m = bin(g, GL_OP_MATMUL, a, w, SHAPE(4, 8));
    outputs(g, m);
    gl_kernels ks = {0};
    fuse_ok(g, true, &ks);
    assert_int_equal(ks.n, 2);
    assert_why(&ks, 1, m, GL_WHY_SPECIAL, -1, 0);
    gl_kernels_free(&ks);
    gl_graph_free(g);
}

/* special, for the candidate: a write kernel (kv_write) takes no other node.
 * n = neg(kv) tries kernel 1 (the write); kv is (4, 8): 32 × 2 B = 64 B written + 64 B read back = 128. */
static void test_special_candidate(void **state) {
    (void)state;
    gl_err e = {0};
    gl_graph *g = NULL;
    assert_int_equal(gl_graph_new(&g, &e), GL_OK);
    int cache = leaf(g, GL_OP_INPUT, SHAPE(4, 8));
    int x = leaf(g, GL_OP_INPUT, SHAPE(1, 8));
    int a = un(g, GL_OP_EXP, x, SHAPE(1, 8));
    int kv = bin(g, GL_OP_KV_WRITE, cache, a, SHAPE(4, 8));
    int n = un(g, GL_OP_NEG, kv, SHAPE(4, 8));
    outputs(g, n);
    gl_kernels ks = {0};
    fuse_ok(g, true, &ks);
    assert_int_equal(ks.n, 3);
    assert_why(&ks, 1, kv, GL_WHY_SPECIAL, -1, 0);
    assert_why(&ks, 2, n, GL_WHY_SPECIAL, 1, 2 * 32 * 2);
    gl_kernels_free(&ks);
    gl_graph_free(g);
}

/* no_fusible_producer: every input is a leaf, a view of one, or a generator. */
static void test_no_fusible_producer(void **state) {
    (void)state;
    gl_err e = {0};
    gl_graph *g = NULL;
    assert_int_equal(gl_graph_new(&g, &e), GL_OK);
    int x = leaf(g, GL_OP_INPUT, SHAPE(4, 8));
    int perm[2] = {1, 0};
    gl_attrs at;
    memset(&at, 0, sizeof at);
    at.has = GL_A_PERM;
    at.nperm = 2;
    memcpy(at.perm, perm, sizeof perm);
    gl_shape s84 = SHAPE(8, 4);
    int t = gl_graph_add(g, GL_OP_TRANSPOSE, &x, 1, &at, &s84, NULL, &e);
    assert_true(t >= 0);
    int mask = add(g, GL_OP_CAUSAL_MASK, NULL, 0, SHAPE(8, 4));
    int y = bin(g, GL_OP_ADD, t, mask, SHAPE(8, 4));
    outputs(g, y);
    gl_kernels ks = {0};
    fuse_ok(g, true, &ks);
    assert_int_equal(ks.n, 1);
    assert_why(&ks, 0, y, GL_WHY_NO_FUSIBLE_PRODUCER, -1, 0);
    gl_kernels_free(&ks);
    gl_graph_free(g);
}

/* reduce_axis: a sum over axis 0 has no iteration space. Also checks that the candidate is an execution
 * index: b = exp(z) is created second, but c = add(b, a) tries a's kernel first and joins it, so a's kernel
 * depends on b's and runs after it: execution order [b] (0), [a, c] (1), [d] (2).
 * d = sum(c, axis 0) tries kernel 1; c is (4, 8): 32 × 2 B written + 64 B read back = 128. */
static void test_reduce_axis(void **state) {
    (void)state;
    gl_err e = {0};
    gl_graph *g = NULL;
    assert_int_equal(gl_graph_new(&g, &e), GL_OK);
    int x = leaf(g, GL_OP_INPUT, SHAPE(4, 8));
    int z = leaf(g, GL_OP_INPUT, SHAPE(4, 8));
    int a = un(g, GL_OP_EXP, x, SHAPE(4, 8));
    int b = un(g, GL_OP_EXP, z, SHAPE(4, 8));
    int c = bin(g, GL_OP_ADD, b, a, SHAPE(4, 8));
    int d = reduce(g, GL_OP_SUM, c, 0, SHAPE(1, 8));
    outputs(g, d);
    gl_kernels ks = {0};
    fuse_ok(g, true, &ks);
    assert_int_equal(ks.n, 3);
    assert_why(&ks, 0, b, GL_WHY_NO_FUSIBLE_PRODUCER, -1, 0);
    assert_why(&ks, 1, a, GL_WHY_NO_FUSIBLE_PRODUCER, -1, 0);
    assert_int_equal(ks.k[1].nodes[1], c);
    assert_why(&ks, 2, d, GL_WHY_REDUCE_AXIS, 1, 2 * 32 * 2);
    gl_kernels_free(&ks);
    gl_graph_free(g);
}

/* epilogue: a reduction does not join a matmul kernel, nor a pointwise op of another size.
 * s = sum(m) reads m (4, 8) from kernel 0: 2 × 32 × 2 B = 128.
 * p = mul(m, z) with z (2, 4, 8) is (2, 4, 8), 64 elements ≠ 32: reads m from kernel 0: again 128. */
static void test_epilogue(void **state) {
    (void)state;
    gl_err e = {0};
    gl_graph *g = NULL;
    assert_int_equal(gl_graph_new(&g, &e), GL_OK);
    int x = leaf(g, GL_OP_INPUT, SHAPE(4, 8));
    int w = leaf(g, GL_OP_PARAM, SHAPE(8, 8));
    int z = leaf(g, GL_OP_INPUT, SHAPE(2, 4, 8));
    int m = bin(g, GL_OP_MATMUL, x, w, SHAPE(4, 8));
    int s = reduce(g, GL_OP_SUM, m, -1, SHAPE(4, 1));
    int p = bin(g, GL_OP_MUL, m, z, SHAPE(2, 4, 8));
    int o = bin(g, GL_OP_ADD, p, s, SHAPE(2, 4, 8));
    outputs(g, o);
    gl_kernels ks = {0};
    fuse_ok(g, true, &ks);
    assert_int_equal(ks.n, 3);
    assert_why(&ks, 0, m, GL_WHY_SPECIAL, -1, 0);
    assert_why(&ks, 1, s, GL_WHY_EPILOGUE, 0, 2 * 32 * 2);
    assert_why(&ks, 2, p, GL_WHY_EPILOGUE, 0, 2 * 32 * 2);
    gl_kernels_free(&ks);
    gl_graph_free(g);
}

/* iteration_shape: y = a · z is (2, 4, 8), a's kernel iterates over (4, 8), and a rank change is no row_of.
 * y reads a (4, 8) from kernel 0: 2 × 32 × 2 B = 128. */
static void test_iteration_shape(void **state) {
    (void)state;
    gl_err e = {0};
    gl_graph *g = NULL;
    assert_int_equal(gl_graph_new(&g, &e), GL_OK);
    int x = leaf(g, GL_OP_INPUT, SHAPE(4, 8));
    int z = leaf(g, GL_OP_INPUT, SHAPE(2, 4, 8));
    int a = un(g, GL_OP_EXP, x, SHAPE(4, 8));
    int y = bin(g, GL_OP_MUL, a, z, SHAPE(2, 4, 8));
    outputs(g, y);
    gl_kernels ks = {0};
    fuse_ok(g, true, &ks);
    assert_int_equal(ks.n, 2);
    assert_why(&ks, 1, y, GL_WHY_ITERATION_SHAPE, 0, 2 * 32 * 2);
    gl_kernels_free(&ks);
    gl_graph_free(g);
}

/* cycle: a = exp(x) [0]; kv = kv_write(cache, a) [1, depends on 0]; n = add(kv, a) tries kernel 0 first
 * (most recent of in_k = [1, 0]): compatible, but kernel 1 depends on it. n reads a (4, 8) from kernel 0:
 * 2 × 32 × 2 B = 128 (kv lives in kernel 1, not counted). */
static void test_cycle(void **state) {
    (void)state;
    gl_err e = {0};
    gl_graph *g = NULL;
    assert_int_equal(gl_graph_new(&g, &e), GL_OK);
    int x = leaf(g, GL_OP_INPUT, SHAPE(4, 8));
    int cache = leaf(g, GL_OP_INPUT, SHAPE(4, 8));
    int a = un(g, GL_OP_EXP, x, SHAPE(4, 8));
    int kv = bin(g, GL_OP_KV_WRITE, cache, a, SHAPE(4, 8));
    int n = bin(g, GL_OP_ADD, kv, a, SHAPE(4, 8));
    outputs(g, n);
    gl_kernels ks = {0};
    fuse_ok(g, true, &ks);
    assert_int_equal(ks.n, 3);
    assert_why(&ks, 2, n, GL_WHY_CYCLE, 0, 2 * 32 * 2);
    gl_kernels_free(&ks);
    gl_graph_free(g);
}

/* eager: fusion off, every kernel says so (no candidate, nothing saved), matmuls too. */
static void test_eager(void **state) {
    (void)state;
    gl_err e = {0};
    gl_graph *g = NULL;
    assert_int_equal(gl_graph_new(&g, &e), GL_OK);
    int x = leaf(g, GL_OP_INPUT, SHAPE(4, 8));
    int w = leaf(g, GL_OP_PARAM, SHAPE(8, 8));
    int m = bin(g, GL_OP_MATMUL, x, w, SHAPE(4, 8));
    int a = un(g, GL_OP_EXP, m, SHAPE(4, 8));
    int b = un(g, GL_OP_NEG, a, SHAPE(4, 8));
    outputs(g, b);
    gl_kernels ks = {0};
    fuse_ok(g, false, &ks);
    assert_int_equal(ks.n, 3);
    assert_why(&ks, 0, m, GL_WHY_EAGER, -1, 0);
    assert_why(&ks, 1, a, GL_WHY_EAGER, -1, 0);
    assert_why(&ks, 2, b, GL_WHY_EAGER, -1, 0);
    gl_kernels_free(&ks);
    gl_graph_free(g);
}

static void test_names(void **state) {
    (void)state;
    const char *want[] = {"special", "no_fusible_producer", "reduce_axis", "epilogue", "iteration_shape", "cycle",
                          "eager"};
    for (int r = GL_WHY_SPECIAL; r <= GL_WHY_EAGER; r++) assert_string_equal(gl_why_reason_name(r), want[r]);
    assert_string_equal(gl_why_reason_name((gl_why_reason)99), "?");
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_special),
        cmocka_unit_test(test_special_candidate),
        cmocka_unit_test(test_no_fusible_producer),
        cmocka_unit_test(test_reduce_axis),
        cmocka_unit_test(test_epilogue),
        cmocka_unit_test(test_iteration_shape),
        cmocka_unit_test(test_cycle),
        cmocka_unit_test(test_eager),
        cmocka_unit_test(test_names),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
