/* test_fuse_memory.c — §10 fusion and cost, §11 memory planning.
 *
 * Small hand-built graphs whose kernels are derived by hand from the reference's rules (epilogue fusion,
 * pointwise chains, rowwise reductions with the row_of rule, the cycle check, symbolic shapes, views,
 * reads/writes accounting), device presets, and properties: the greedy plan never overlaps two buffers
 * whose lifetimes overlap, lower_bound <= greedy <= naive, and fusion never moves more bytes than eager
 * execution on the small layer and on random small configs. */
#include <signal.h>
#include <stdio.h>
#include <unistd.h>

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

static void fuse_ok(const gl_graph *g, bool enable, const gl_bind *b, gl_kernels *ks) {
    gl_err e = {0};
    gl_status st = gl_fuse(g, enable, 2, b, ks, &e);
    if (st) fprintf(stderr, "fuse: %s\n", e.msg);
    assert_int_equal(st, GL_OK);
}

static void assert_kernel(const gl_kernel *k, gl_kernel_kind kind, const char *label, const int *nodes, int n,
                          double reads, double writes, double flops) {
    assert_string_equal(gl_kernel_kind_name(k->kind), gl_kernel_kind_name(kind));
    assert_string_equal(k->label, label);
    assert_int_equal(k->nnodes, n);
    for (int i = 0; i < n; i++) assert_int_equal(k->nodes[i], nodes[i]);
    assert_true(k->reads == reads);
    assert_true(k->writes == writes);
    assert_true(k->flops == flops);
}

/* ---------------------------------------------------------------- hand-built graphs */

/* y = x @ W + b: the add is a matmul epilogue. Eager: two kernels, the matmul result round-trips. */
static void test_matmul_epilogue(void **state) {
    (void)state;
    gl_err e = {0};
    gl_graph *g = NULL;
    assert_int_equal(gl_graph_new(&g, &e), GL_OK);
    int x = leaf(g, GL_OP_INPUT, SHAPE(4, 8));
    int w = leaf(g, GL_OP_PARAM, SHAPE(8, 8));
    int b = leaf(g, GL_OP_PARAM, SHAPE(4, 8));
    int m = bin(g, GL_OP_MATMUL, x, w, SHAPE(4, 8));
    int y = bin(g, GL_OP_ADD, m, b, SHAPE(4, 8));
    outputs(g, y);
    gl_kernels ks = {0};
    fuse_ok(g, true, NULL, &ks);
    assert_int_equal(ks.n, 1);
    /* reads x, W, b (32 + 64 + 32 elements); writes y; 2·32·8 + 32 FLOPs */
    assert_kernel(&ks.k[0], GL_K_MATMUL, "matmul+add", (int[]){m, y}, 2, 256, 64, 544);
    gl_kernels_free(&ks);

    fuse_ok(g, false, NULL, &ks);
    assert_int_equal(ks.n, 2);
    assert_kernel(&ks.k[0], GL_K_MATMUL, "matmul", (int[]){m}, 1, 192, 64, 512);
    assert_kernel(&ks.k[1], GL_K_POINTWISE, "add", (int[]){y}, 1, 128, 64, 32);
    gl_cost c = gl_graph_cost(&ks, gl_device_find("h100"));
    assert_int_equal(c.kernels, 2);
    assert_true(c.bytes == 448);
    assert_true(c.flops == 544);
    gl_kernels_free(&ks);
    gl_graph_free(g);
}

/* A reduce never joins a matmul kernel, and nothing joins a matmul kernel after a reduce would have. */
static void test_epilogue_no_reduce(void **state) {
    (void)state;
    gl_err e = {0};
    gl_graph *g = NULL;
    assert_int_equal(gl_graph_new(&g, &e), GL_OK);
    int x = leaf(g, GL_OP_INPUT, SHAPE(4, 8));
    int w = leaf(g, GL_OP_PARAM, SHAPE(8, 8));
    int m = bin(g, GL_OP_MATMUL, x, w, SHAPE(4, 8));
    int s = reduce(g, GL_OP_SUM, m, -1, SHAPE(4, 1));
    int r = un(g, GL_OP_RSQRT, s, SHAPE(4, 1));
    outputs(g, r);
    gl_kernels ks = {0};
    fuse_ok(g, true, NULL, &ks);
    assert_int_equal(ks.n, 2);
    assert_kernel(&ks.k[0], GL_K_MATMUL, "matmul", (int[]){m}, 1, 192, 64, 512);
    /* the sum starts a rowwise kernel over (4, 8); the (4, 1) rsqrt joins it by the row_of rule */
    assert_kernel(&ks.k[1], GL_K_ROWWISE, "sum+rsqrt", (int[]){s, r}, 2, 64, 8, 36);
    gl_kernels_free(&ks);
    gl_graph_free(g);
}

/* exp(x) → neg → mul(·, x): one pointwise kernel reading x once, writing only the result. */
static void test_pointwise_chain(void **state) {
    (void)state;
    gl_err e = {0};
    gl_graph *g = NULL;
    assert_int_equal(gl_graph_new(&g, &e), GL_OK);
    int x = leaf(g, GL_OP_INPUT, SHAPE(4, 8));
    int c = leaf(g, GL_OP_CONST, gl_shape_of(0, NULL));   /* scalar consts are never read */
    int a = un(g, GL_OP_EXP, x, SHAPE(4, 8));
    int b = un(g, GL_OP_NEG, a, SHAPE(4, 8));
    int d = bin(g, GL_OP_MUL, b, x, SHAPE(4, 8));
    int f = bin(g, GL_OP_ADD, d, c, SHAPE(4, 8));
    outputs(g, f);
    gl_kernels ks = {0};
    fuse_ok(g, true, NULL, &ks);
    assert_int_equal(ks.n, 1);
    assert_kernel(&ks.k[0], GL_K_POINTWISE, "exp+neg+mul+add", (int[]){a, b, d, f}, 4, 64, 64, 128);
    gl_kernels_free(&ks);
    /* eager: four kernels; every intermediate is written and read back */
    fuse_ok(g, false, NULL, &ks);
    assert_int_equal(ks.n, 4);
    gl_cost cost = gl_graph_cost(&ks, gl_device_find("h100"));
    assert_true(cost.bytes == 64 * 2 + 64 * 2 + 128 + 64 + 64 + 64);
    gl_kernels_free(&ks);
    gl_graph_free(g);
}

/* RMSNorm-like: sum over the last axis, a row-of pointwise (4, 1), then back to (4, 8): one rowwise
 * kernel. A sum over axis 0 has no iteration space (None) and starts its own kernel. */
static void test_rowwise(void **state) {
    (void)state;
    gl_err e = {0};
    gl_graph *g = NULL;
    assert_int_equal(gl_graph_new(&g, &e), GL_OK);
    int x = leaf(g, GL_OP_INPUT, SHAPE(4, 8));
    int sq = bin(g, GL_OP_MUL, x, x, SHAPE(4, 8));
    int s = reduce(g, GL_OP_SUM, sq, -1, SHAPE(4, 1));
    int r = un(g, GL_OP_RSQRT, s, SHAPE(4, 1));
    int y = bin(g, GL_OP_MUL, x, r, SHAPE(4, 8));
    int s0 = reduce(g, GL_OP_SUM, y, 0, SHAPE(1, 8));
    outputs(g, s0);
    gl_kernels ks = {0};
    fuse_ok(g, true, NULL, &ks);
    assert_int_equal(ks.n, 2);
    /* pointwise kernel from the mul; the sum makes it rowwise. y is read by the second kernel. */
    assert_kernel(&ks.k[0], GL_K_ROWWISE, "mul+sum+rsqrt", (int[]){sq, s, r, y}, 4, 64, 64, 32 + 32 + 4 + 32);
    assert_kernel(&ks.k[1], GL_K_ROWWISE, "sum", (int[]){s0}, 1, 64, 16, 32);
    gl_kernels_free(&ks);
    gl_graph_free(g);
}

/* The row_of rule is for pointwise nodes only: a reduce over a (4, 1) tensor does not join a (4, 8)
 * kernel. Then y = e0 · m has input kernels [K0, K1]: K1 (iteration space (4, 1)) is incompatible; K0 is
 * compatible but K1 depends on K0 (a cycle), so y starts a third kernel. */
static void test_row_of_pointwise_only(void **state) {
    (void)state;
    gl_err e = {0};
    gl_graph *g = NULL;
    assert_int_equal(gl_graph_new(&g, &e), GL_OK);
    int x = leaf(g, GL_OP_INPUT, SHAPE(4, 8));
    int e0 = un(g, GL_OP_EXP, x, SHAPE(4, 8));              /* K0 pointwise (4, 8) */
    int s = reduce(g, GL_OP_SUM, e0, -1, SHAPE(4, 1));      /* same space: joins, K0 becomes rowwise */
    int r = un(g, GL_OP_RSQRT, s, SHAPE(4, 1));             /* row_of: joins */
    int m = reduce(g, GL_OP_MAX, r, -1, SHAPE(4, 1));       /* space (4, 1), a reduce: K1 */
    int y = bin(g, GL_OP_MUL, e0, m, SHAPE(4, 8));
    outputs(g, y);
    gl_kernels ks = {0};
    fuse_ok(g, true, NULL, &ks);
    assert_int_equal(ks.n, 3);
    /* K0 reads x; writes e0 (read by y) and r (read by the max) */
    assert_kernel(&ks.k[0], GL_K_ROWWISE, "exp+sum+rsqrt", (int[]){e0, s, r}, 3, 64, 64 + 8, 32 + 32 + 4);
    assert_kernel(&ks.k[1], GL_K_ROWWISE, "max", (int[]){m}, 1, 8, 8, 4);
    assert_kernel(&ks.k[2], GL_K_POINTWISE, "mul", (int[]){y}, 1, 64 + 8, 64, 32);
    gl_kernels_free(&ks);
    gl_graph_free(g);
}

/* The cycle check. a = exp(x) [A]; kv = kv_write(cache, a) [W, depends on A]; n = add(kv, a).
 * Tried most recent first: A (compatible) but W depends on A → would form a cycle; W is a write kernel
 * (incompatible). So n starts its own kernel, which runs after W. */
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
    fuse_ok(g, true, NULL, &ks);
    assert_int_equal(ks.n, 3);
    assert_kernel(&ks.k[0], GL_K_POINTWISE, "exp", (int[]){a}, 1, 64, 64, 32);
    assert_kernel(&ks.k[1], GL_K_WRITE, "kv_write", (int[]){kv}, 1, 64, 64, 0);
    assert_kernel(&ks.k[2], GL_K_POINTWISE, "add", (int[]){n}, 1, 128, 64, 32);
    gl_kernels_free(&ks);
    gl_graph_free(g);
}

/* The cycle check, against the reference's fuse on this graph (kernels hard-coded from its output):
 *   a = exp(x) [K0]; s = sum(a) joins K0 (rowwise); m = a @ W [K1, depends on K0]; r = max(m) [K2];
 *   y = m * s: in_k [K1, K0]; K0 is tried first and is compatible, but K1 depends on K0 (joining would
 *   make a cycle), so y becomes K1's epilogue; z = y - r joins K2; out = z + a: K0 refused again (K2
 *   depends on it through K1), joins K2.
 * Without the check, fuse never returns (a cycle of kernels: their levels grow until int overflow), so a
 * watchdog turns that into a failure of this test within seconds. */
static void cycle_watchdog(int sig) {
    (void)sig;
    static const char msg[] = "test_fuse_refuses_cycle: gl_fuse did not return within 5 s (cycle check broken?)\n";
    ssize_t w = write(2, msg, sizeof msg - 1);
    (void)w;
    _exit(1);
}

static void test_fuse_refuses_cycle(void **state) {
    (void)state;
    gl_err e = {0};
    gl_graph *g = NULL;
    assert_int_equal(gl_graph_new(&g, &e), GL_OK);
    int x = leaf(g, GL_OP_INPUT, SHAPE(4, 8));
    int w = leaf(g, GL_OP_PARAM, SHAPE(8, 8));
    int a = un(g, GL_OP_EXP, x, SHAPE(4, 8));
    int s = reduce(g, GL_OP_SUM, a, -1, SHAPE(4, 1));
    int m = bin(g, GL_OP_MATMUL, a, w, SHAPE(4, 8));
    int r = reduce(g, GL_OP_MAX, m, -1, SHAPE(4, 1));
    int y = bin(g, GL_OP_MUL, m, s, SHAPE(4, 8));
    int z = bin(g, GL_OP_SUB, y, r, SHAPE(4, 8));
    int o = bin(g, GL_OP_ADD, z, a, SHAPE(4, 8));
    outputs(g, o);
    gl_kernels ks = {0};
    struct sigaction sa, old;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = cycle_watchdog;
    sigemptyset(&sa.sa_mask);
    assert_int_equal(sigaction(SIGALRM, &sa, &old), 0);
    alarm(5);
    fuse_ok(g, true, NULL, &ks);
    alarm(0);
    sigaction(SIGALRM, &old, NULL);
    assert_int_equal(ks.n, 3);
    /* the reference: rowwise exp+sum [2, 3] 64 72 64; matmul matmul+mul [4, 6] 200 128 544;
     * rowwise max+sub+add [5, 7, 8] 192 64 96 */
    assert_kernel(&ks.k[0], GL_K_ROWWISE, "exp+sum", (int[]){a, s}, 2, 64, 72, 64);
    assert_kernel(&ks.k[1], GL_K_MATMUL, "matmul+mul", (int[]){m, y}, 2, 200, 128, 544);
    assert_kernel(&ks.k[2], GL_K_ROWWISE, "max+sub+add", (int[]){r, z, o}, 3, 192, 64, 96);
    gl_kernels_free(&ks);
    gl_graph_free(g);
}

/* A cycle that redirects: a = exp(x) [A]; m = a @ W [M]; n = add(m, a). A is tried first (most recent
 * in in_k order [M, A]) and rejected (M depends on A); M accepts n as an epilogue. */
static void test_cycle_redirect(void **state) {
    (void)state;
    gl_err e = {0};
    gl_graph *g = NULL;
    assert_int_equal(gl_graph_new(&g, &e), GL_OK);
    int x = leaf(g, GL_OP_INPUT, SHAPE(4, 8));
    int w = leaf(g, GL_OP_PARAM, SHAPE(8, 8));
    int a = un(g, GL_OP_EXP, x, SHAPE(4, 8));
    int m = bin(g, GL_OP_MATMUL, a, w, SHAPE(4, 8));
    int n = bin(g, GL_OP_ADD, m, a, SHAPE(4, 8));
    outputs(g, n);
    gl_kernels ks = {0};
    fuse_ok(g, true, NULL, &ks);
    assert_int_equal(ks.n, 2);
    assert_kernel(&ks.k[0], GL_K_POINTWISE, "exp", (int[]){a}, 1, 64, 64, 32);
    assert_kernel(&ks.k[1], GL_K_MATMUL, "matmul+add", (int[]){m, n}, 2, 64 + 128, 64, 512 + 32);
    gl_kernels_free(&ks);
    gl_graph_free(g);
}

/* Execution order is a dependency DFS, not creation order: kernel 0 absorbs a node that depends on
 * kernel 1, so kernel 1 runs first. a = exp(x) [K0]; s = sum(y, axis 0) [K1]; c = add(a, s) tries K1
 * first (space (8, 8) != (4, 8)), then joins K0. */
static void test_order(void **state) {
    (void)state;
    gl_err e = {0};
    gl_graph *g = NULL;
    assert_int_equal(gl_graph_new(&g, &e), GL_OK);
    int x = leaf(g, GL_OP_INPUT, SHAPE(4, 8));
    int y = leaf(g, GL_OP_INPUT, SHAPE(8, 8));
    int a = un(g, GL_OP_EXP, x, SHAPE(4, 8));                 /* K0 pointwise (4, 8) */
    int s = reduce(g, GL_OP_SUM, y, 0, SHAPE(1, 8));          /* K1 rowwise, axis 0: none joins */
    int c = bin(g, GL_OP_ADD, a, s, SHAPE(4, 8));             /* tries K1: iter (8, 8) != (4, 8); K0: joins */
    outputs(g, c);
    gl_kernels ks = {0};
    fuse_ok(g, true, NULL, &ks);
    assert_int_equal(ks.n, 2);
    /* K0 now depends on K1: K1 runs first */
    assert_kernel(&ks.k[0], GL_K_ROWWISE, "sum", (int[]){s}, 1, 128, 16, 64);
    assert_kernel(&ks.k[1], GL_K_POINTWISE, "exp+add", (int[]){a, c}, 2, 64 + 16, 64, 64);
    gl_lifetimes lt = {0};
    assert_int_equal(gl_lifetimes_compute(g, &ks, NULL, 2, &lt, &e), GL_OK);
    assert_int_equal(lt.n, 2);
    assert_int_equal(lt.lt[0].node, s);
    assert_int_equal(lt.lt[0].start, 0);
    assert_int_equal(lt.lt[0].end, 1);
    assert_int_equal(lt.lt[1].node, c);
    assert_int_equal(lt.lt[1].start, 1);
    assert_int_equal(lt.lt[1].end, 2);                        /* outputs live to len(kernels) */
    gl_lifetimes_free(&lt);
    gl_kernels_free(&ks);
    gl_graph_free(g);
}

/* A kernel that absorbs nodes reading two later, independent kernels runs after both, and they run in
 * ascending creation order (the reference's sorted(deps[ki])): a = exp(x) [K0]; s1 = sum(y, axis 0) [K1];
 * s2 = max(y, axis 0) [K2]; c = a + s1 and d = c * s2 join K0. Kernels from the reference's fuse. */
static void test_order_two_later_kernels(void **state) {
    (void)state;
    gl_err e = {0};
    gl_graph *g = NULL;
    assert_int_equal(gl_graph_new(&g, &e), GL_OK);
    int x = leaf(g, GL_OP_INPUT, SHAPE(4, 8));
    int y = leaf(g, GL_OP_INPUT, SHAPE(8, 8));
    int a = un(g, GL_OP_EXP, x, SHAPE(4, 8));
    int s1 = reduce(g, GL_OP_SUM, y, 0, SHAPE(1, 8));
    int s2 = reduce(g, GL_OP_MAX, y, 0, SHAPE(1, 8));
    int c = bin(g, GL_OP_ADD, a, s1, SHAPE(4, 8));
    int d = bin(g, GL_OP_MUL, c, s2, SHAPE(4, 8));
    outputs(g, d);
    gl_kernels ks = {0};
    fuse_ok(g, true, NULL, &ks);
    assert_int_equal(ks.n, 3);
    assert_kernel(&ks.k[0], GL_K_ROWWISE, "sum", (int[]){s1}, 1, 128, 16, 64);
    assert_kernel(&ks.k[1], GL_K_ROWWISE, "max", (int[]){s2}, 1, 128, 16, 64);
    assert_kernel(&ks.k[2], GL_K_POINTWISE, "exp+add+mul", (int[]){a, c, d}, 3, 96, 64, 96);
    gl_kernels_free(&ks);
    gl_graph_free(g);
}

/* Views are free and looked through: a transpose of a kernel's result read by another kernel makes the
 * result a write; a causal_mask read is free; symbolic shapes compare as tuples, element counts bound. */
static void test_views_generators_symbols(void **state) {
    (void)state;
    gl_err e = {0};
    gl_graph *g = NULL;
    assert_int_equal(gl_graph_new(&g, &e), GL_OK);
    gl_shape s4S = {2, {gl_dim_int(4), gl_dim_sym("S")}};
    int x = leaf(g, GL_OP_INPUT, SHAPE(4, 8));
    int w = leaf(g, GL_OP_PARAM, SHAPE(8, 8));
    int k = leaf(g, GL_OP_INPUT, s4S);
    int m = bin(g, GL_OP_MATMUL, x, w, SHAPE(4, 8));
    int p = bin(g, GL_OP_MUL, m, k, s4S);                     /* epilogue: numel 32 == 32 under S = 8 */
    int mask = add(g, GL_OP_CAUSAL_MASK, NULL, 0, s4S);
    int q = bin(g, GL_OP_ADD, p, mask, s4S);                  /* joins too */
    int perm[2] = {1, 0};
    gl_attrs at;
    memset(&at, 0, sizeof at);
    at.has = GL_A_PERM;
    at.nperm = 2;
    memcpy(at.perm, perm, sizeof perm);
    gl_shape sS4 = {2, {gl_dim_sym("S"), gl_dim_int(4)}};
    int t = gl_graph_add(g, GL_OP_TRANSPOSE, &q, 1, &at, &sS4, NULL, &e);
    int z = un(g, GL_OP_EXP, t, sS4);                         /* base q is in a matmul kernel: (S,4) numel ok */
    int x2 = un(g, GL_OP_EXP, x, SHAPE(4, 8));                /* own kernel */
    int u = bin(g, GL_OP_ADD, x2, q, s4S);
    outputs(g, u);
    gl_bind b = {0};
    assert_int_equal(gl_bind_set(&b, "S", 8, &e), GL_OK);
    gl_kernels ks = {0};
    /* without a bind the symbolic element counts are unbound */
    assert_int_equal(gl_fuse(g, true, 2, NULL, &ks, &e), GL_E_UNBOUND);
    assert_int_equal(ks.n, 0);
    gl_err_clear(&e);
    fuse_ok(g, true, &b, &ks);
    /* z: the transpose's base q lives in the matmul kernel: exp is pointwise with numel 32 → epilogue.
     * x2: its input x is a leaf → new pointwise kernel (4, 8). u: in_k = [K(x2), K(m)]; tries K(m) first:
     * epilogue, no cycle → joins. */
    assert_int_equal(ks.n, 2);
    /* the matmul kernel now depends on x2's kernel, which therefore runs first. q is not written: its
     * users (through the transpose) are all in the kernel; z has no users and is not an output. */
    assert_kernel(&ks.k[0], GL_K_POINTWISE, "exp", (int[]){x2}, 1, 64, 64, 32);
    assert_kernel(&ks.k[1], GL_K_MATMUL, "matmul+mul+add+exp", (int[]){m, p, q, z, u}, 5, 64 + 128 + 64 + 64,
                  64, 512 + 32 * 4);
    (void)mask;
    gl_kernels_free(&ks);
    gl_graph_free(g);
}

/* ---------------------------------------------------------------- flops, devices, cost */
static void test_flops(void **state) {
    (void)state;
    gl_err e = {0};
    gl_graph *g = NULL;
    assert_int_equal(gl_graph_new(&g, &e), GL_OK);
    gl_shape kS = {3, {gl_dim_int(2), gl_dim_sym("S"), gl_dim_int(8)}};
    int q = leaf(g, GL_OP_INPUT, SHAPE(8, 3, 8));
    int k = leaf(g, GL_OP_INPUT, kS);
    int v = leaf(g, GL_OP_INPUT, kS);
    int fa = add(g, GL_OP_FLASH_ATTN, (int[]){q, k, v}, 3, SHAPE(8, 3, 8));
    int s = reduce(g, GL_OP_SUM, q, -1, SHAPE(8, 3, 1));
    int sm = un(g, GL_OP_SOFTMAX, q, SHAPE(8, 3, 8));
    int mm = bin(g, GL_OP_MATMUL, q, leaf(g, GL_OP_PARAM, SHAPE(8, 5)), SHAPE(8, 3, 5));
    gl_bind b = {0};
    gl_bind_set(&b, "S", 16, &e);
    double f;
    assert_int_equal(gl_node_flops(g, fa, &b, &f, &e), GL_OK);
    assert_true(f == 4.0 * 24 * 16 * 8);
    assert_int_equal(gl_node_flops(g, s, &b, &f, &e), GL_OK);
    assert_true(f == 192);
    assert_int_equal(gl_node_flops(g, sm, &b, &f, &e), GL_OK);
    assert_true(f == 192);
    assert_int_equal(gl_node_flops(g, mm, &b, &f, &e), GL_OK);
    assert_true(f == 2.0 * 120 * 8);
    assert_int_equal(gl_node_flops(g, q, &b, &f, &e), GL_OK);
    assert_true(f == 0);
    assert_int_equal(gl_node_flops(g, fa, NULL, &f, &e), GL_E_UNBOUND);
    gl_err_clear(&e);
    assert_int_equal(gl_node_flops(g, 99, &b, &f, &e), GL_E_INVALID);
    gl_graph_free(g);
}

static void test_devices(void **state) {
    (void)state;
    gl_err e = {0};
    const gl_device *h = gl_device_find("h100");
    assert_non_null(h);
    assert_string_equal(h->title, "H100 (BF16)");
    assert_true(h->mm_flops == 989e12 && h->vec_flops == 67e12 && h->bw == 3.35e12 && h->launch == 4e-6);
    assert_ptr_equal(gl_device_at(0), h);
    assert_true(gl_device_count() >= 6);
    for (int i = 0; i < gl_device_count(); i++) {
        const gl_device *d = gl_device_at(i);
        assert_int_equal(gl_device_validate(d, &e), GL_OK);
        assert_ptr_equal(gl_device_find(d->name), d);
        assert_true(strlen(d->source) > 10);
    }
    assert_null(gl_device_at(gl_device_count()));
    assert_null(gl_device_find("tpu9000"));
    assert_non_null(gl_device_find("H200"));
    gl_device bad = *h;
    bad.bw = 0;
    assert_int_equal(gl_device_validate(&bad, &e), GL_E_INVALID);
    assert_non_null(strstr(e.msg, "bw"));
    gl_err_clear(&e);
    bad = *h;
    bad.mm_flops = INFINITY;
    assert_int_equal(gl_device_validate(&bad, &e), GL_E_INVALID);
    assert_non_null(strstr(e.msg, "mm_flops"));
    assert_non_null(strstr(e.msg, "Infinity"));
    gl_err_clear(&e);
    bad = *h;
    bad.launch = -1e-6;
    assert_int_equal(gl_device_validate(&bad, &e), GL_E_INVALID);
    assert_non_null(strstr(e.msg, "launch"));
}

static void test_kernel_time(void **state) {
    (void)state;
    const gl_device *h = gl_device_find("h100");
    gl_kernel k = {GL_K_MATMUL, 0, NULL, 1e6, 1e6, 989e12, NULL, {GL_WHY_SPECIAL, -1, 0}};
    assert_close(gl_kernel_time(&k, h), 1.0, 1e-15);            /* compute bound on the tensor peak */
    k.kind = GL_K_POINTWISE;
    assert_close(gl_kernel_time(&k, h), 989.0 / 67.0, 1e-12);   /* vector peak */
    k.flops = 0;
    k.reads = 3.35e12;
    k.writes = 0;
    assert_close(gl_kernel_time(&k, h), 1.0, 1e-15);            /* memory bound */
    gl_kernels ks = {1, &k};
    gl_cost c = gl_graph_cost(&ks, h);
    assert_close(c.t_total, 1.0 + 4e-6, 1e-15);
}

/* ---------------------------------------------------------------- memory planning */
static uint64_t lcg(uint64_t *s) {
    *s = *s * 6364136223846793005ull + 1442695040888963407ull;
    return *s >> 33;
}

static void check_plan(const gl_lifetimes *l) {
    gl_err e = {0};
    int64_t naive, greedy, *off = calloc((size_t)l->n + 1, sizeof(int64_t)), *noff = calloc((size_t)l->n + 1, sizeof(int64_t));
    assert_non_null(off);
    assert_non_null(noff);
    assert_int_equal(gl_plan_naive(l, &naive, noff, &e), GL_OK);
    assert_int_equal(gl_plan_greedy(l, &greedy, off, &e), GL_OK);
    int64_t lb = gl_lower_bound(l);
    assert_true(lb <= greedy);
    assert_true(greedy <= naive);
    for (int i = 0; i < l->n; i++) {
        const gl_lifetime *a = &l->lt[i];
        assert_true(off[i] >= 0 && off[i] + a->bytes <= greedy);
        for (int j = i + 1; j < l->n; j++) {
            const gl_lifetime *b = &l->lt[j];
            bool live_together = !(a->end < b->start || b->end < a->start);
            bool apart = off[i] + a->bytes <= off[j] || off[j] + b->bytes <= off[i];
            if (live_together) assert_true(apart);
            assert_true(noff[i] + a->bytes <= noff[j]);            /* naive: disjoint, in order */
        }
    }
    free(off);
    free(noff);
}

static void test_plan_random(void **state) {
    (void)state;
    uint64_t seed = 12345;
    /* short lifetimes (the per-time-list path) and, every 10th round, many long ones (the scan path) */
    for (int round = 0; round < 300; round++) {
        bool big = round % 10 == 9;
        int n = big ? 250 + (int)(lcg(&seed) % 100) : (int)(lcg(&seed) % 40);
        gl_lifetimes l = {n, calloc((size_t)n + 1, sizeof(gl_lifetime))};
        assert_non_null(l.lt);
        int T = 1 + (int)(lcg(&seed) % (big ? 400 : 30));
        for (int i = 0; i < n; i++) {
            int s = (int)(lcg(&seed) % (uint64_t)T);
            int len = (int)(lcg(&seed) % (big ? 300 : 8));
            int64_t sz = (int64_t)(1 + lcg(&seed) % 16) * (lcg(&seed) % 3 ? 64 : 1000);
            l.lt[i] = (gl_lifetime){i, sz, s, s + len};
        }
        check_plan(&l);
        free(l.lt);
    }
}

/* A hand-checked greedy run: sizes 4, 3, 2, 1 placed largest first at the lowest non-colliding
 * candidate offset. */
static void test_plan_hand(void **state) {
    (void)state;
    gl_err e = {0};
    gl_lifetime v[] = {{10, 2, 0, 1}, {11, 4, 0, 2}, {12, 3, 2, 3}, {13, 1, 1, 1}, {14, 2, 3, 4}};
    gl_lifetimes l = {5, v};
    int64_t peak, off[5];
    assert_int_equal(gl_plan_greedy(&l, &peak, off, &e), GL_OK);
    /* order: 11 (4) at 0; 12 (3) overlaps 11 → cands {0, 4} → 4; 10 (2) overlaps 11 → {0, 4}: 0 collides,
     * 4 ok; 14 (2) overlaps 12 [4, 7) → {0, 7} → 0; 13 (1) overlaps 11, 10 → {0, 4, 6} → 6. */
    assert_int_equal(off[1], 0);
    assert_int_equal(off[2], 4);
    assert_int_equal(off[0], 4);
    assert_int_equal(off[4], 0);
    assert_int_equal(off[3], 6);
    assert_int_equal(peak, 7);
    int64_t naive;
    assert_int_equal(gl_plan_naive(&l, &naive, NULL, &e), GL_OK);
    assert_int_equal(naive, 12);
    /* live: t0: 2+4 = 6, t1: 2+4+1 = 7, t2: 4+3 = 7, t3: 3+2 = 5, t4: 2 */
    assert_int_equal(gl_lower_bound(&l), 7);
    gl_lifetimes empty = {0, NULL};
    assert_int_equal(gl_plan_greedy(&empty, &peak, NULL, &e), GL_OK);
    assert_int_equal(peak, 0);
    assert_int_equal(gl_lower_bound(&empty), 0);
    /* lifetimes spread over more kernels than 4n + 64 take the sorted-events path: a buffer is alive through its
     * last use (live[s:e+1]), so 2 bytes on [0, 10] and 3 on [10, 2000] are 5 at kernel 10, and 5 on [0, 0]
     * then 3 on [1, 1000] peak at 5 */
    gl_lifetime far[] = {{0, 2, 0, 10}, {1, 3, 10, 2000}};
    gl_lifetimes lfar = {2, far};
    assert_int_equal(gl_lower_bound(&lfar), 5);
    gl_lifetime apart[] = {{0, 5, 0, 0}, {1, 3, 1, 1000}};
    gl_lifetimes lapart = {2, apart};
    assert_int_equal(gl_lower_bound(&lapart), 5);
    gl_lifetime neg = {1, -5, 0, 0};
    gl_lifetimes bad = {1, &neg};
    assert_int_equal(gl_plan_greedy(&bad, &peak, NULL, &e), GL_E_INVALID);
}

/* ---------------------------------------------------------------- whole layers */
static gl_graph *pass(gl_graph *g, const char *name) {
    gl_err e = {0};
    gl_pass_result r;
    gl_status st = gl_pass_run(name, g, &r, &e);
    if (st) fprintf(stderr, "%s: %s\n", name, e.msg);
    assert_int_equal(st, GL_OK);
    gl_graph *out = r.graph;
    r.graph = NULL;
    gl_pass_result_free(&r);
    return out;
}

/* eager = fuse(decompose(trace), enable=False); fused = fuse(pipeline(trace)). Returns eager bytes − fused
 * bytes and checks the memory plans of both. */
static void check_model(const gl_model_cfg *m, int eb) {
    gl_err e = {0};
    gl_params p;
    gl_params_init(&p);
    assert_int_equal(gl_params_shapes(&p, m, &e), GL_OK);
    gl_graph *tr = NULL;
    gl_status st = gl_build_model(m, &p, &tr, &e);
    if (st) fprintf(stderr, "build: %s\n", e.msg);
    assert_int_equal(st, GL_OK);
    gl_bind b = {0};
    if (m->mode == GL_MODE_DECODE) {
        gl_bind_set(&b, "S", m->S, &e);
        gl_bind_set(&b, "P", m->S - 1, &e);
    }
    gl_graph *dec = pass(tr, "decompose");
    gl_graph *g = NULL;
    assert_int_equal(gl_graph_clone(tr, &g, &e), GL_OK);
    for (int i = 0; i < gl_pipeline_length(); i++) {
        gl_graph *next = pass(g, gl_pass_name_at(i));
        gl_graph_free(g);
        g = next;
    }
    gl_kernels eager = {0}, fused = {0};
    fuse_ok(dec, false, &b, &eager);
    fuse_ok(g, true, &b, &fused);
    const gl_device *h = gl_device_find("h100");
    gl_cost ce = gl_graph_cost(&eager, h), cf = gl_graph_cost(&fused, h);
    assert_true(cf.bytes <= ce.bytes);
    assert_true(cf.kernels <= ce.kernels);
    assert_true(cf.t_total <= ce.t_total);
    /* every non-leaf, non-view, non-generator node is in exactly one kernel */
    int *seen = calloc((size_t)g->n, sizeof(int));
    assert_non_null(seen);
    for (int k = 0; k < fused.n; k++)
        for (int j = 0; j < fused.k[k].nnodes; j++) seen[fused.k[k].nodes[j]]++;
    for (int i = 0; i < g->n; i++) {
        gl_opclass c = gl_op_class(g->nodes[i].op);
        bool free_op = c == GL_CLASS_LEAF || c == GL_CLASS_VIEW || c == GL_CLASS_GENERATOR;
        assert_int_equal(seen[i], free_op ? 0 : 1);
    }
    free(seen);
    gl_lifetimes lt = {0}, lte = {0};
    assert_int_equal(gl_lifetimes_compute(g, &fused, &b, eb, &lt, &e), GL_OK);
    check_plan(&lt);
    assert_int_equal(gl_lifetimes_compute(dec, &eager, &b, eb, &lte, &e), GL_OK);
    check_plan(&lte);
    gl_lifetimes_free(&lt);
    gl_lifetimes_free(&lte);
    gl_kernels_free(&eager);
    gl_kernels_free(&fused);
    gl_graph_free(g);
    gl_graph_free(dec);
    gl_graph_free(tr);
    gl_params_free(&p);
}

static void test_small_layer(void **state) {
    (void)state;
    const gl_preset *s = gl_preset_find("small");
    assert_non_null(s);
    gl_model_cfg m = {s->cfg, GL_MODE_PREFILL, 12, 0, 0, false, 1};
    check_model(&m, 2);
    m.layers = 3;
    check_model(&m, 4);
    gl_model_cfg d = {s->cfg, GL_MODE_DECODE, 0, 0, 9, false, 1};
    check_model(&d, 2);
    d.masked = true;
    d.S = 16;
    check_model(&d, 2);
}

static void test_random_configs(void **state) {
    (void)state;
    uint64_t seed = 777;
    for (int round = 0; round < 24; round++) {
        int64_t G = 1 + (int64_t)(lcg(&seed) % 3), H = G * (1 + (int64_t)(lcg(&seed) % 3));
        int64_t dh = 2 * (1 + (int64_t)(lcg(&seed) % 4));
        gl_layer_cfg c = {H * dh, H, G, dh, 8 + 8 * (int64_t)(lcg(&seed) % 4), 1e-5, 10000.0};
        gl_model_cfg m;
        memset(&m, 0, sizeof m);
        m.layer = c;
        m.layers = 1 + (int)(lcg(&seed) % 3);
        if (lcg(&seed) % 2) {
            m.mode = GL_MODE_PREFILL;
            m.T = 1 + (int64_t)(lcg(&seed) % 9);
            m.pos0 = (int64_t)(lcg(&seed) % 3);
        } else {
            m.mode = GL_MODE_DECODE;
            m.S = 2 + (int64_t)(lcg(&seed) % 9);
            m.masked = lcg(&seed) % 2;
            m.layers = 1;
        }
        check_model(&m, lcg(&seed) % 2 ? 2 : 4);
    }
}

/* ---------------------------------------------------------------- errors */
static void test_errors(void **state) {
    (void)state;
    gl_err e = {0};
    gl_graph *g = NULL;
    assert_int_equal(gl_graph_new(&g, &e), GL_OK);
    int x = leaf(g, GL_OP_INPUT, SHAPE(4, 8));
    int y = un(g, GL_OP_EXP, x, SHAPE(4, 8));
    outputs(g, y);
    gl_kernels ks = {0};
    assert_int_equal(gl_fuse(g, true, 0, NULL, &ks, &e), GL_E_INVALID);
    assert_non_null(strstr(e.msg, "elem_bytes"));
    gl_err_clear(&e);
    assert_int_equal(gl_fuse(NULL, true, 2, NULL, &ks, &e), GL_E_INVALID);
    gl_err_clear(&e);
    g->nodes[y].in[0] = 5;                                        /* corrupt: reads a later node */
    assert_int_equal(gl_fuse(g, true, 2, NULL, &ks, &e), GL_E_INVALID);
    assert_int_equal(ks.n, 0);
    g->nodes[y].in[0] = x;
    gl_err_clear(&e);
    fuse_ok(g, true, NULL, &ks);
    ks.k[0].nodes[0] = 77;                                        /* a kernel naming a missing node */
    gl_lifetimes lt = {0};
    assert_int_equal(gl_lifetimes_compute(g, &ks, NULL, 2, &lt, &e), GL_E_INVALID);
    assert_int_equal(lt.n, 0);
    gl_kernels_free(&ks);
    gl_kernels_free(&ks);                                         /* idempotent */
    gl_lifetimes_free(&lt);
    gl_graph_free(g);
    assert_string_equal(gl_kernel_kind_name(GL_K_ATTENTION), "attention");
    assert_string_equal(gl_kernel_kind_name(GL_K_WRITE), "write");
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_fuse_refuses_cycle),          /* first: the other cycle tests hang without the check */
        cmocka_unit_test(test_matmul_epilogue),
        cmocka_unit_test(test_epilogue_no_reduce),
        cmocka_unit_test(test_pointwise_chain),
        cmocka_unit_test(test_rowwise),
        cmocka_unit_test(test_row_of_pointwise_only),
        cmocka_unit_test(test_cycle),
        cmocka_unit_test(test_cycle_redirect),
        cmocka_unit_test(test_order),
        cmocka_unit_test(test_order_two_later_kernels),
        cmocka_unit_test(test_views_generators_symbols),
        cmocka_unit_test(test_flops),
        cmocka_unit_test(test_devices),
        cmocka_unit_test(test_kernel_time),
        cmocka_unit_test(test_plan_random),
        cmocka_unit_test(test_plan_hand),
        cmocka_unit_test(test_small_layer),
        cmocka_unit_test(test_random_configs),
        cmocka_unit_test(test_errors),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
