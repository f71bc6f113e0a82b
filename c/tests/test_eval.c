/* test_eval.c — arrays, the numpy semantics of every op (gl_eval_node), and the interpreter (gl_run,
 * gl_check_guards). Expected values are derived by hand (or from a closed form) or are the reference's
 * numbers hard-coded, never from the code under test; numpy's documented summation order supplies the
 * pairwise case. */
#include <stdio.h>

#include "exec/kernels.h"
#include "test_util.h"

/* ---------------------------------------------------------------- helpers */
static gl_array *arr(int rank, const int64_t *dims, const double *vals) {
    gl_err e = {0};
    gl_array *a = NULL;
    assert_int_equal(gl_array_new(rank, dims, &a, &e), GL_OK);
    if (vals) memcpy(a->data, vals, sizeof(double) * (size_t)a->size);
    return a;
}
#define ARR(rank, dims, ...) arr(rank, (int64_t[])dims, (double[])__VA_ARGS__)
#define D(...) {__VA_ARGS__}

static gl_node node(gl_op op, int nin) {
    gl_node n;
    memset(&n, 0, sizeof n);
    n.op = op;
    n.nin = nin;
    n.shape = &gl_scalar_shape;
    n.attrs = &gl_no_attrs;
    n.name = "";
    return n;
}

static gl_array *ev(const gl_node *n, gl_array **args, const gl_bind *b) {
    gl_err e = {0};
    gl_array *out = NULL;
    gl_status st = gl_eval_node(n, args, b, &out, &e);
    if (st) fprintf(stderr, "unexpected error: %s\n", e.msg);
    assert_int_equal(st, GL_OK);
    assert_non_null(out);
    assert_int_equal(out->refs, 1);
    return out;
}

static gl_array *ev2(gl_op op, gl_array *a, gl_array *b) {
    gl_node n = node(op, 2);
    gl_array *args[2] = {a, b};
    return ev(&n, args, NULL);
}

static gl_array *ev1(gl_op op, gl_array *a) {
    gl_node n = node(op, 1);
    return ev(&n, &a, NULL);
}

/* expects failure with code; the message must contain each non-NULL needle */
static void ev_fail(const gl_node *n, gl_array **args, const gl_bind *b, gl_status code, const char *n1,
                    const char *n2) {
    gl_err e = {0};
    gl_array *out = (gl_array *)&e;  /* must be reset to NULL */
    assert_int_equal(gl_eval_node(n, args, b, &out, &e), code);
    assert_null(out);
    assert_int_equal(e.code, code);
    if (n1 && !strstr(e.msg, n1)) fail_msg("message '%s' lacks '%s'", e.msg, n1);
    if (n2 && !strstr(e.msg, n2)) fail_msg("message '%s' lacks '%s'", e.msg, n2);
}

static void assert_shape(const gl_array *a, int rank, const int64_t *dims) {
    assert_int_equal(a->rank, rank);
    for (int i = 0; i < rank; i++) assert_int_equal(a->dim[i], dims[i]);
}

static void assert_vals(const gl_array *a, const double *want, int64_t n) {
    assert_int_equal(a->size, n);
    for (int64_t i = 0; i < n; i++) {
        if (isnan(want[i])) {
            assert_true(isnan(a->data[i]));
        } else if (isinf(want[i])) {
            assert_true(a->data[i] == want[i]);
        } else if (!(fabs(a->data[i] - want[i]) <= 1e-12 * fmax(1.0, fabs(want[i])))) {   /* NaN fails */
            fail_msg("element %lld: got %.17g, want %.17g", (long long)i, a->data[i], want[i]);
        }
    }
}
#define VALS(a, ...)                                                   \
    do {                                                               \
        const double w_[] = __VA_ARGS__;                               \
        assert_vals(a, w_, (int64_t)(sizeof w_ / sizeof w_[0]));       \
    } while (0)
#define SHAPE(a, rank, ...) assert_shape(a, rank, (int64_t[]){__VA_ARGS__})

static gl_bind bind1(const char *sym, int64_t v) {
    gl_bind b;
    memset(&b, 0, sizeof b);
    gl_err e = {0};
    assert_int_equal(gl_bind_set(&b, sym, v, &e), GL_OK);
    return b;
}

/* ---------------------------------------------------------------- arrays */
static void test_array_basics(void **state) {
    (void)state;
    gl_err e = {0};
    gl_array *a = NULL;
    assert_int_equal(gl_array_new(2, (int64_t[]){2, 3}, &a, &e), GL_OK);
    assert_int_equal(a->size, 6);
    assert_int_equal(a->refs, 1);
    for (int i = 0; i < 6; i++) assert_true(a->data[i] == 0.0);
    assert_ptr_equal(gl_array_retain(a), a);
    assert_int_equal(a->refs, 2);
    gl_array_release(a);
    assert_int_equal(a->refs, 1);
    a->data[4] = 7.5;
    gl_array *c = NULL;
    assert_int_equal(gl_array_copy(a, &c, &e), GL_OK);
    c->data[4] = 1.0;
    assert_true(a->data[4] == 7.5);         /* a copy, not a view */
    SHAPE(c, 2, 2, 3);
    gl_shape s = gl_array_shape(a);
    assert_int_equal(s.rank, 2);
    assert_int_equal(s.d[1].n, 3);
    assert_false(gl_dim_is_sym(s.d[0]));
    gl_array_release(a);
    gl_array_release(c);
    gl_array_release(NULL);
    assert_null(gl_array_retain(NULL));

    gl_array *sc = NULL;
    assert_int_equal(gl_array_scalar(-2.5, &sc, &e), GL_OK);
    assert_int_equal(sc->rank, 0);
    assert_int_equal(sc->size, 1);
    assert_true(sc->data[0] == -2.5);
    gl_array_release(sc);

    gl_array *z = NULL;
    assert_int_equal(gl_array_new(2, (int64_t[]){0, 5}, &z, &e), GL_OK);   /* empty arrays are fine */
    assert_int_equal(z->size, 0);
    gl_array_release(z);
    assert_int_equal(e.code, GL_OK);
}

static void test_array_limits(void **state) {
    (void)state;
    gl_err e = {0};
    gl_array *a = &(gl_array){0};             /* a failed constructor leaves NULL, not a stale pointer */
    assert_int_equal(gl_array_new(2, (int64_t[]){1 << 20, 1 << 12}, &a, &e), GL_E_LIMIT);   /* 2^32 elements */
    assert_null(a);
    assert_int_equal(e.code, GL_E_LIMIT);
    assert_non_null(strstr(e.msg, "(1048576, 4096)"));
    gl_err_clear(&e);
    assert_int_equal(gl_array_new(3, (int64_t[]){1LL << 40, 1LL << 40, 4}, &a, &e), GL_E_LIMIT);   /* overflows int64 */
    assert_int_equal(e.code, GL_E_LIMIT);
    gl_err_clear(&e);
    assert_int_equal(gl_array_new(2, (int64_t[]){3, -1}, &a, &e), GL_E_SHAPE);
    assert_int_equal(e.code, GL_E_SHAPE);
    gl_err_clear(&e);
    assert_int_equal(gl_array_new(GL_MAX_RANK + 1, (int64_t[]){1, 1, 1, 1, 1, 1, 1, 1, 1}, &a, &e), GL_E_LIMIT);
    assert_int_equal(e.code, GL_E_LIMIT);
    gl_err_clear(&e);
    /* the status is the return value, so a caller without a gl_err still learns it */
    assert_int_equal(gl_array_new(2, (int64_t[]){3, -1}, &a, NULL), GL_E_SHAPE);
    assert_int_equal(gl_array_copy(NULL, &a, NULL), GL_E_INVALID);
    assert_null(a);
    assert_int_equal(gl_array_new(0, NULL, NULL, &e), GL_E_INVALID);          /* no out-pointer */
    gl_err_clear(&e);
    /* a zero dim makes it empty, however big the others */
    gl_array *z = NULL;
    assert_int_equal(gl_array_new(3, (int64_t[]){1LL << 40, 0, 1LL << 40}, &z, &e), GL_OK);
    gl_array_release(z);
}

static void test_array_matches(void **state) {
    (void)state;
    gl_array *a = ARR(2, D(2, 3), {0, 0, 0, 0, 0, 0});
    gl_shape s;
    memset(&s, 0, sizeof s);
    s.rank = 2;
    s.d[0] = gl_dim_int(2);
    s.d[1] = gl_dim_sym("S");
    gl_bind b3 = bind1("S", 3), b4 = bind1("S", 4);
    assert_true(gl_array_matches(a, &s, &b3));
    assert_false(gl_array_matches(a, &s, &b4));
    assert_true(gl_array_matches(a, &s, NULL));           /* unbound: any size */
    s.d[0] = gl_dim_sym("S");                               /* ('S', 'S') */
    assert_false(gl_array_matches(a, &s, NULL));          /* 2 != 3 */
    s.d[0] = gl_dim_int(3);
    assert_false(gl_array_matches(a, &s, &b3));
    s.rank = 1;
    assert_false(gl_array_matches(a, &s, &b3));
    gl_array_release(a);
}

/* ---------------------------------------------------------------- pointwise */
static void test_binary_ops(void **state) {
    (void)state;
    gl_array *a = ARR(2, D(2, 2), {1, -2, 3, 8});
    gl_array *b = ARR(2, D(2, 2), {4, 4, -1, 2});
    gl_array *r;
    r = ev2(GL_OP_ADD, a, b); VALS(r, {5, 2, 2, 10}); gl_array_release(r);
    r = ev2(GL_OP_SUB, a, b); VALS(r, {-3, -6, 4, 6}); gl_array_release(r);
    r = ev2(GL_OP_MUL, a, b); VALS(r, {4, -8, -3, 16}); gl_array_release(r);
    r = ev2(GL_OP_DIV, a, b); VALS(r, {0.25, -0.5, -3, 4}); gl_array_release(r);
    r = ev2(GL_OP_MAXIMUM, a, b); VALS(r, {4, 4, 3, 8}); gl_array_release(r);
    r = ev2(GL_OP_GT, a, b); VALS(r, {0, 0, 1, 1}); gl_array_release(r);
    r = ev2(GL_OP_LT, a, b); VALS(r, {1, 1, 0, 0}); gl_array_release(r);
    r = ev2(GL_OP_MUL, a, a); VALS(r, {1, 4, 9, 64}); gl_array_release(r);   /* the same array twice */
    SHAPE(a, 2, 2, 2);

    /* scalar operands on either side: 2 - a, a / 2 */
    gl_array *two = ARR(0, D(0), {2});
    r = ev2(GL_OP_SUB, two, a); SHAPE(r, 2, 2, 2); VALS(r, {1, 4, -1, -6}); gl_array_release(r);
    r = ev2(GL_OP_DIV, a, two); VALS(r, {0.5, -1, 1.5, 4}); gl_array_release(r);
    r = ev2(GL_OP_ADD, two, two); assert_int_equal(r->rank, 0); VALS(r, {4}); gl_array_release(r);

    /* maximum propagates NaN from either side; comparisons with NaN are false */
    gl_array *n1 = ARR(1, D(3), {NAN, 1, 5});
    gl_array *n2 = ARR(1, D(3), {0, NAN, 2});
    r = ev2(GL_OP_MAXIMUM, n1, n2); VALS(r, {NAN, NAN, 5}); gl_array_release(r);
    r = ev2(GL_OP_GT, n1, n2); VALS(r, {0, 0, 1}); gl_array_release(r);
    r = ev2(GL_OP_LT, n1, n2); VALS(r, {0, 0, 0}); gl_array_release(r);
    gl_array_release(n1);
    gl_array_release(n2);
    gl_array_release(two);
    gl_array_release(a);
    gl_array_release(b);
}

static void test_divide_by_zero(void **state) {
    (void)state;
    gl_array *x = ARR(1, D(3), {1, -1, 0});
    gl_array *z = ARR(0, D(0), {0});
    gl_array *r = ev2(GL_OP_DIV, x, z);
    VALS(r, {INFINITY, -INFINITY, NAN});
    gl_array_release(r);
    gl_array_release(x);
    gl_array_release(z);
}

static void test_broadcasting(void **state) {
    (void)state;
    /* [2,1,3] + [4,1] → [2,4,3]: out[i,j,k] = a[i,0,k] + b[j,0] */
    gl_array *a = ARR(3, D(2, 1, 3), {0, 1, 2, 10, 11, 12});
    gl_array *b = ARR(2, D(4, 1), {100, 200, 300, 400});
    gl_array *r = ev2(GL_OP_ADD, a, b);
    SHAPE(r, 3, 2, 4, 3);
    for (int i = 0; i < 2; i++)
        for (int j = 0; j < 4; j++)
            for (int k = 0; k < 3; k++) assert_true(r->data[(i * 4 + j) * 3 + k] == 10 * i + k + 100 * (j + 1));
    gl_array_release(r);
    r = ev2(GL_OP_SUB, b, a);                 /* the other order: b - a */
    SHAPE(r, 3, 2, 4, 3);
    assert_true(r->data[(1 * 4 + 2) * 3 + 1] == 300 - 11);
    gl_array_release(r);
    gl_array_release(a);
    gl_array_release(b);

    /* trailing vector: [2,3] * [3] */
    gl_array *m = ARR(2, D(2, 3), {1, 2, 3, 4, 5, 6});
    gl_array *v = ARR(1, D(3), {10, 100, 1000});
    r = ev2(GL_OP_MUL, m, v);
    VALS(r, {10, 200, 3000, 40, 500, 6000});
    gl_array_release(r);
    /* outer product: [3,1] * [1,2] */
    gl_array *c = ARR(2, D(3, 1), {1, 2, 3});
    gl_array *rr = ARR(2, D(1, 2), {10, 20});
    r = ev2(GL_OP_MUL, c, rr);
    SHAPE(r, 2, 3, 2);
    VALS(r, {10, 20, 20, 40, 30, 60});
    gl_array_release(r);
    /* middle broadcast: [2,3,2] - [3,1] */
    gl_array *t = ARR(3, D(2, 3, 2), {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11});
    r = ev2(GL_OP_SUB, t, c);
    VALS(r, {-1, 0, 0, 1, 1, 2, 5, 6, 6, 7, 7, 8});
    gl_array_release(r);
    /* mismatch: both shapes in the message */
    gl_node n = node(GL_OP_ADD, 2);
    gl_array *args[2] = {m, ARR(1, D(4), {1, 2, 3, 4})};
    ev_fail(&n, args, NULL, GL_E_SHAPE, "(2, 3)", "(1, 4)");
    gl_array_release(args[1]);
    gl_array_release(t);
    gl_array_release(c);
    gl_array_release(rr);
    gl_array_release(m);
    gl_array_release(v);
}

static void test_unary_ops(void **state) {
    (void)state;
    gl_array *x = ARR(1, D(4), {0, 1, 4, -2});
    gl_array *r;
    r = ev1(GL_OP_NEG, x); VALS(r, {-0.0, -1, -4, 2}); gl_array_release(r);
    r = ev1(GL_OP_EXP, x); VALS(r, {1, 2.718281828459045, 54.598150033144236, 0.1353352832366127}); gl_array_release(r);
    r = ev1(GL_OP_TANH, x); VALS(r, {0, tanh(1.0), tanh(4.0), -tanh(2.0)}); gl_array_release(r);
    r = ev1(GL_OP_SQRT, x); VALS(r, {0, 1, 2, NAN}); gl_array_release(r);
    r = ev1(GL_OP_RSQRT, x); VALS(r, {INFINITY, 1, 0.5, NAN}); gl_array_release(r);
    r = ev1(GL_OP_RECIP, x); VALS(r, {INFINITY, 1, 0.25, -0.5}); gl_array_release(r);
    r = ev1(GL_OP_LOG, x); VALS(r, {-INFINITY, 0, 1.3862943611198906, NAN}); gl_array_release(r);
    /* silu(x) = x / (1 + e^-x): silu(0) = 0, silu(1) = 1/(1 + 1/e) = 0.7310585786300049, ... */
    r = ev1(GL_OP_SILU, x); VALS(r, {0, 0.7310585786300049, 3.928055160151634, -0.2384058440442351}); gl_array_release(r);
    gl_array_release(x);

    /* rot_pairs: (a, b) → (−b, a) on adjacent pairs of the last axis */
    gl_array *p = ARR(2, D(2, 4), {1, 2, 3, 4, 5, 6, 7, 8});
    r = ev1(GL_OP_ROT_PAIRS, p);
    SHAPE(r, 2, 2, 4);
    VALS(r, {-2, 1, -4, 3, -6, 5, -8, 7});
    gl_array_release(r);
    gl_array_release(p);
    gl_node n = node(GL_OP_ROT_PAIRS, 1);
    gl_array *odd = ARR(1, D(3), {1, 2, 3});
    ev_fail(&n, &odd, NULL, GL_E_SHAPE, "(3,)", NULL);
    gl_array_release(odd);
}

/* ---------------------------------------------------------------- reductions */
static gl_array *red(gl_op op, gl_array *x, int axis, bool keepdims) {
    gl_node n = node(op, 1);
    gl_attrs at = {0};
    n.attrs = &at;
    at.has = GL_A_AXIS | GL_A_KEEPDIMS;
    at.axis = axis;
    at.keepdims = keepdims;
    return ev(&n, &x, NULL);
}

static void test_reductions(void **state) {
    (void)state;
    gl_array *x = ARR(2, D(2, 3), {1, 2, 3, 4, 5, 6});
    gl_array *r;
    r = red(GL_OP_SUM, x, 0, false); SHAPE(r, 1, 3); VALS(r, {5, 7, 9}); gl_array_release(r);
    r = red(GL_OP_SUM, x, 1, false); SHAPE(r, 1, 2); VALS(r, {6, 15}); gl_array_release(r);
    r = red(GL_OP_SUM, x, -1, true); SHAPE(r, 2, 2, 1); VALS(r, {6, 15}); gl_array_release(r);
    r = red(GL_OP_SUM, x, 0, true); SHAPE(r, 2, 1, 3); VALS(r, {5, 7, 9}); gl_array_release(r);
    r = red(GL_OP_MAX, x, 0, false); VALS(r, {4, 5, 6}); gl_array_release(r);
    r = red(GL_OP_MAX, x, -1, true); SHAPE(r, 2, 2, 1); VALS(r, {3, 6}); gl_array_release(r);
    r = red(GL_OP_MAX, x, -2, false); VALS(r, {4, 5, 6}); gl_array_release(r);

    /* [2,3,4] with x[i,j,k] = 12i + 4j + k: sum over j = 36i + 12 + 3k */
    double v[24];
    for (int i = 0; i < 24; i++) v[i] = i;
    gl_array *t = arr(3, (int64_t[]){2, 3, 4}, v);
    r = red(GL_OP_SUM, t, 1, false);
    SHAPE(r, 2, 2, 4);
    for (int i = 0; i < 2; i++)
        for (int k = 0; k < 4; k++) assert_true(r->data[i * 4 + k] == 36 * i + 12 + 3 * k);
    gl_array_release(r);
    r = red(GL_OP_MAX, t, 1, true);           /* max over j is j = 2: 12i + 8 + k */
    SHAPE(r, 3, 2, 1, 4);
    for (int i = 0; i < 2; i++)
        for (int k = 0; k < 4; k++) assert_true(r->data[i * 4 + k] == 12 * i + 8 + k);
    gl_array_release(r);

    /* max propagates NaN */
    gl_array *nn = ARR(1, D(3), {1, NAN, 3});
    r = red(GL_OP_MAX, nn, 0, false);
    assert_true(isnan(r->data[0]));
    gl_array_release(r);
    gl_array_release(nn);

    /* errors: axis out of range; max over an empty axis */
    gl_node n = node(GL_OP_SUM, 1);
    gl_attrs at = {0};
    n.attrs = &at;
    at.has = GL_A_AXIS;
    at.axis = 2;
    ev_fail(&n, &x, NULL, GL_E_SHAPE, "(2, 3)", NULL);
    n.op = GL_OP_MAX;
    at.axis = 1;
    gl_array *empty = NULL;
    assert_int_equal(gl_array_new(2, (int64_t[]){3, 0}, &empty, NULL), GL_OK);
    ev_fail(&n, &empty, NULL, GL_E_SHAPE, NULL, NULL);
    n.op = GL_OP_SUM;                          /* the sum of nothing is 0 */
    r = ev(&n, &empty, NULL);
    VALS(r, {0, 0, 0});
    gl_array_release(r);
    gl_array_release(empty);
    gl_array_release(t);
    gl_array_release(x);
}

/* numpy sums a contiguous axis pairwise: 8 running sums r0..r7 over x[0..8), combined as
 * ((r0+r1)+(r2+r3)) + ((r4+r5)+(r6+r7)), then the rest in order. For [1e16, 1×7, -1e16] that is
 * ((1e16+1) + 2) + (2 + 2) - 1e16 = 6 (1e16+1 rounds to 1e16). Along a non-contiguous axis numpy
 * adds in order: 1e16 absorbs every 1, giving 0. */
static void test_sum_order_like_numpy(void **state) {
    (void)state;
    double v[9] = {1e16, 1, 1, 1, 1, 1, 1, 1, -1e16};
    gl_array *row = arr(2, (int64_t[]){1, 9}, v);
    gl_array *r = red(GL_OP_SUM, row, -1, false);
    assert_true(r->data[0] == 6.0);
    gl_array_release(r);
    gl_array *col = arr(2, (int64_t[]){9, 1}, v);   /* [9,1]: the reduced axis is still contiguous */
    r = red(GL_OP_SUM, col, 0, false);
    assert_true(r->data[0] == 6.0);
    gl_array_release(r);
    double w[18];
    for (int i = 0; i < 9; i++) w[2 * i] = w[2 * i + 1] = v[i];
    gl_array *cols = arr(2, (int64_t[]){9, 2}, w);  /* axis 0 of [9,2]: strided, summed in order */
    r = red(GL_OP_SUM, cols, 0, false);
    VALS(r, {0, 0});
    gl_array_release(r);
    gl_array_release(cols);
    gl_array_release(col);
    gl_array_release(row);
}

/* ---------------------------------------------------------------- matmul */
static void test_matmul(void **state) {
    (void)state;
    gl_array *a = ARR(2, D(2, 2), {1, 2, 3, 4});
    gl_array *b = ARR(2, D(2, 2), {5, 6, 7, 8});
    gl_array *r = ev2(GL_OP_MATMUL, a, b);
    VALS(r, {19, 22, 43, 50});
    gl_array_release(r);
    gl_array *c = ARR(2, D(2, 3), {1, 0, 2, 0, 1, -1});
    gl_array *d = ARR(2, D(3, 1), {3, 4, 5});
    r = ev2(GL_OP_MATMUL, c, d);
    SHAPE(r, 2, 2, 1);
    VALS(r, {13, -1});
    gl_array_release(r);

    /* batch broadcasting: [2,1,2,2] @ [3,2,2] → [2,3,2,2], b[j] = (j+1)·I so out[i,j] = (j+1)·a[i] */
    gl_array *ab = ARR(4, D(2, 1, 2, 2), {1, 2, 3, 4, 5, 6, 7, 8});
    gl_array *bb = ARR(3, D(3, 2, 2), {1, 0, 0, 1, 2, 0, 0, 2, 3, 0, 0, 3});
    r = ev2(GL_OP_MATMUL, ab, bb);
    SHAPE(r, 4, 2, 3, 2, 2);
    for (int i = 0; i < 2; i++)
        for (int j = 0; j < 3; j++)
            for (int k = 0; k < 4; k++) assert_true(r->data[(i * 3 + j) * 4 + k] == (j + 1) * ab->data[i * 4 + k]);
    gl_array_release(r);
    /* a 2-D left operand against a batch: [2,2] @ [3,2,2] → out[j] = (j+1)·a */
    r = ev2(GL_OP_MATMUL, a, bb);
    SHAPE(r, 3, 3, 2, 2);
    VALS(r, {1, 2, 3, 4, 2, 4, 6, 8, 3, 6, 9, 12});
    gl_array_release(r);
    /* a batch against a shared right operand: [3,2,2] @ [2,2] */
    r = ev2(GL_OP_MATMUL, bb, a);
    SHAPE(r, 3, 3, 2, 2);
    VALS(r, {1, 2, 3, 4, 2, 4, 6, 8, 3, 6, 9, 12});
    gl_array_release(r);

    /* errors: inner dims differ; rank < 2 */
    gl_node n = node(GL_OP_MATMUL, 2);
    gl_array *args[2] = {c, a};
    ev_fail(&n, args, NULL, GL_E_SHAPE, "(2, 3)", "(2, 2)");
    gl_array *v = ARR(1, D(2), {1, 1});
    args[0] = v;
    ev_fail(&n, args, NULL, GL_E_SHAPE, NULL, NULL);
    gl_array_release(v);
    gl_array_release(ab);
    gl_array_release(bb);
    gl_array_release(a);
    gl_array_release(b);
    gl_array_release(c);
    gl_array_release(d);
}

/* Sizes that cross the kernel's tiles and K blocks: A selects rows of B, so C = B[sel, :] exactly. */
static void test_matmul_large(void **state) {
    (void)state;
    const int M = 37, K = 300, N = 71;
    gl_err e = {0};
    gl_array *A = NULL, *B = NULL;
    assert_int_equal(gl_array_new(2, (int64_t[]){M, K}, &A, &e), GL_OK);
    assert_int_equal(gl_array_new(2, (int64_t[]){K, N}, &B, &e), GL_OK);
    for (int i = 0; i < M; i++) A->data[i * K + (7 * i + 3) % K] = 1.0;
    for (int k = 0; k < K; k++)
        for (int j = 0; j < N; j++) B->data[k * N + j] = k * 1000.0 + j;
    gl_array *C = ev2(GL_OP_MATMUL, A, B);
    SHAPE(C, 2, M, N);
    for (int i = 0; i < M; i++)
        for (int j = 0; j < N; j++) assert_true(C->data[i * N + j] == ((7 * i + 3) % K) * 1000.0 + j);
    gl_array_release(C);
    /* all-ones rows: C[i,j] = Σ_k B[k,j] = 1000·K(K-1)/2 + K·j (exact in float64), also for one row */
    for (int64_t i = 0; i < A->size; i++) A->data[i] = 1.0;
    C = ev2(GL_OP_MATMUL, A, B);
    for (int i = 0; i < M; i++)
        for (int j = 0; j < N; j++) assert_true(C->data[i * N + j] == 1000.0 * K * (K - 1) / 2 + (double)K * j);
    gl_array_release(C);
    gl_array *a1 = NULL;
    assert_int_equal(gl_array_new(2, (int64_t[]){1, K}, &a1, &e), GL_OK);
    for (int k = 0; k < K; k++) a1->data[k] = 1.0;
    C = ev2(GL_OP_MATMUL, a1, B);
    SHAPE(C, 2, 1, N);
    for (int j = 0; j < N; j++) assert_true(C->data[j] == 1000.0 * K * (K - 1) / 2 + (double)K * j);
    gl_array_release(C);
    gl_array_release(a1);
    gl_array_release(A);
    gl_array_release(B);
}

/* gl_gemm against the naive triple loop, bit for bit (each element a running sum in k order from 0.0),
 * on shapes that reach every path: fewer than 4 rows, 4-15 rows reading op(B) in place, 16+ rows packing
 * it, B's rows far apart (packed whatever the row count), op(B) = Bᵀ, K blocks of 256, rows and columns
 * left over from the 4 × 4 tiles, and a C row stride wider than N; and the fully packed path (16+ rows,
 * 128+ columns): A blocks of 64 rows with rows left over, K blocks of 256, B panels of 32 columns with a
 * last strip 1-3 wide. Shapes are {M, K, N}. Values with all 53 bits in use, so any other summation order
 * shows in the last bits. */
static void test_gemm_k_order(void **state) {
    (void)state;
    static const int shapes[][3] = {{1, 5, 3},      {3, 300, 9},   {4, 64, 128},  {5, 300, 7},
                                    {12, 64, 128},  {13, 33, 1030}, {16, 8, 12},   {37, 300, 71},
                                    {48, 12, 8},    {64, 513, 20}, {16, 5, 128},  {70, 300, 131},
                                    {131, 257, 162}, {64, 256, 512}};
    uint64_t seed = 12345;
    for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; s++)
        for (int trans = 0; trans < 2; trans++) {
            const int M = shapes[s][0], K = shapes[s][1], N = shapes[s][2], ldc = N + 3;
            double *A = malloc(sizeof(double) * (size_t)M * K), *B = malloc(sizeof(double) * (size_t)K * N);
            double *C = malloc(sizeof(double) * (size_t)M * ldc), *R = malloc(sizeof(double) * (size_t)M * ldc);
            assert_true(A && B && C && R);
            for (int i = 0; i < M * K; i++) {
                seed = seed * 6364136223846793005ull + 1442695040888963407ull;
                A[i] = (double)(int64_t)(seed >> 11) / 9007199254740992.0 - 0.25;
            }
            for (int i = 0; i < K * N; i++) {
                seed = seed * 6364136223846793005ull + 1442695040888963407ull;
                B[i] = (double)(int64_t)(seed >> 11) / 4503599627370496.0 - 1.0;
            }
            const int ldb = trans ? K : N;            /* Bᵀ: B is stored [N, K] */
            for (int i = 0; i < M * ldc; i++) C[i] = R[i] = -7.0;
            for (int i = 0; i < M; i++)
                for (int j = 0; j < N; j++) {
                    double acc = 0.0;
                    for (int k = 0; k < K; k++) acc += A[i * K + k] * (trans ? B[j * ldb + k] : B[k * ldb + j]);
                    R[i * ldc + j] = acc;
                }
            gl_gemm(M, N, K, A, K, B, ldb, trans, C, ldc);
            for (int i = 0; i < M * ldc; i++)
                if (memcmp(&C[i], &R[i], sizeof(double)) != 0)
                    fail_msg("gemm %dx%dx%d%s: element %d (row %d, col %d) is %.17g, the k-order sum is %.17g", M,
                             K, N, trans ? " (B transposed)" : "", i, i / ldc, i % ldc, C[i], R[i]);
            free(A);
            free(B);
            free(C);
            free(R);
        }
}

/* ---------------------------------------------------------------- views */
static void test_reshape(void **state) {
    (void)state;
    gl_array *x = ARR(2, D(2, 6), {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11});
    gl_node n = node(GL_OP_RESHAPE, 1);
    gl_attrs at = {0};
    n.attrs = &at;
    at.has = GL_A_SHAPE;
    at.shape.rank = 2;
    at.shape.d[0] = gl_dim_int(3);
    at.shape.d[1] = gl_dim_sym("S");
    gl_bind b = bind1("S", 4);
    gl_array *r = ev(&n, &x, &b);
    SHAPE(r, 2, 3, 4);
    VALS(r, {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11});
    gl_array_release(r);
    ev_fail(&n, &x, NULL, GL_E_UNBOUND, "'S'", NULL);
    gl_bind b5 = bind1("S", 5);
    ev_fail(&n, &x, &b5, GL_E_SHAPE, "(3, 5)", "12");
    at.shape.d[1] = gl_dim_int(-1);       /* numpy infers one -1 */
    r = ev(&n, &x, NULL);
    SHAPE(r, 2, 3, 4);
    gl_array_release(r);
    gl_array_release(x);
}

static void test_transpose(void **state) {
    (void)state;
    /* x[i,j,k] = 100i + 10j + k, shape [2,3,4]; perm (2,0,1) → out[k,i,j] = x[i,j,k], shape [4,2,3] */
    double v[24];
    for (int i = 0; i < 2; i++)
        for (int j = 0; j < 3; j++)
            for (int k = 0; k < 4; k++) v[(i * 3 + j) * 4 + k] = 100 * i + 10 * j + k;
    gl_array *x = arr(3, (int64_t[]){2, 3, 4}, v);
    gl_node n = node(GL_OP_TRANSPOSE, 1);
    gl_attrs at = {0};
    n.attrs = &at;
    at.has = GL_A_PERM;
    at.nperm = 3;
    at.perm[0] = 2, at.perm[1] = 0, at.perm[2] = 1;
    gl_array *r = ev(&n, &x, NULL);
    SHAPE(r, 3, 4, 2, 3);
    for (int k = 0; k < 4; k++)
        for (int i = 0; i < 2; i++)
            for (int j = 0; j < 3; j++) assert_true(r->data[(k * 2 + i) * 3 + j] == 100 * i + 10 * j + k);
    gl_array_release(r);
    /* (0,2,1): out[i,k,j]; (1,0,2): out[j,i,k] (rows move whole) */
    at.perm[0] = 0, at.perm[1] = 2, at.perm[2] = 1;
    r = ev(&n, &x, NULL);
    SHAPE(r, 3, 2, 4, 3);
    for (int i = 0; i < 2; i++)
        for (int k = 0; k < 4; k++)
            for (int j = 0; j < 3; j++) assert_true(r->data[(i * 4 + k) * 3 + j] == 100 * i + 10 * j + k);
    gl_array_release(r);
    at.perm[0] = 1, at.perm[1] = 0, at.perm[2] = 2;
    r = ev(&n, &x, NULL);
    SHAPE(r, 3, 3, 2, 4);
    for (int j = 0; j < 3; j++)
        for (int i = 0; i < 2; i++)
            for (int k = 0; k < 4; k++) assert_true(r->data[(j * 2 + i) * 4 + k] == 100 * i + 10 * j + k);
    gl_array_release(r);
    /* not a permutation */
    at.perm[0] = 0, at.perm[1] = 0, at.perm[2] = 1;
    ev_fail(&n, &x, NULL, GL_E_SHAPE, NULL, NULL);
    gl_array_release(x);

    /* a big 2-D transpose (crosses the 16×16 tiles) */
    gl_err e = {0};
    gl_array *m = NULL;
    assert_int_equal(gl_array_new(2, (int64_t[]){45, 38}, &m, &e), GL_OK);
    for (int i = 0; i < 45 * 38; i++) m->data[i] = i;
    at.nperm = 2;
    at.perm[0] = 1, at.perm[1] = 0;
    r = ev(&n, &m, NULL);
    SHAPE(r, 2, 38, 45);
    for (int i = 0; i < 45; i++)
        for (int j = 0; j < 38; j++) assert_true(r->data[j * 45 + i] == i * 38 + j);
    gl_array_release(r);
    gl_array_release(m);
}

/* ---------------------------------------------------------------- causal mask */
static void test_causal_mask(void **state) {
    (void)state;
    /* T = 3, pos0 = 2: row r is the query at 2 + r % 3 and sees columns c <= 2 + r % 3 */
    gl_node n = node(GL_OP_CAUSAL_MASK, 0);
    gl_attrs at = {0};
    n.attrs = &at;
    gl_shape sh = {0};
    n.shape = &sh;
    at.has = GL_A_T | GL_A_POS0;
    at.T = 3;
    at.pos0 = 2;
    sh = gl_shape_of(3, (int64_t[]){2, 6, 6});
    gl_array *r = ev(&n, NULL, NULL);
    SHAPE(r, 3, 2, 6, 6);
    const double I = -INFINITY;
    const double plane[36] = {
        0, 0, 0, I, I, I,   /* r 0 → 2 */
        0, 0, 0, 0, I, I,   /* r 1 → 3 */
        0, 0, 0, 0, 0, I,   /* r 2 → 4 */
        0, 0, 0, I, I, I,   /* r 3 → 2 again (r % T) */
        0, 0, 0, 0, I, I,
        0, 0, 0, 0, 0, I,
    };
    for (int p = 0; p < 2; p++)                /* the same plane, broadcast over dim 0 */
        for (int i = 0; i < 36; i++) assert_true(r->data[36 * p + i] == plane[i]);
    gl_array_release(r);

    /* symbolic shape resolved through bind; T = 4, pos0 = 0: plain lower triangle */
    at.T = 4;
    at.pos0 = 0;
    sh.rank = 2;
    sh.d[0] = gl_dim_int(4);
    sh.d[1] = gl_dim_sym("S");
    gl_bind b = bind1("S", 4);
    r = ev(&n, NULL, &b);
    VALS(r, {0, I, I, I, 0, 0, I, I, 0, 0, 0, I, 0, 0, 0, 0});
    gl_array_release(r);
    ev_fail(&n, NULL, NULL, GL_E_UNBOUND, "S", NULL);

    /* the public helper */
    gl_err e = {0};
    gl_shape s = gl_shape_of(2, (int64_t[]){2, 3});
    assert_int_equal(gl_causal_mask_array(&s, NULL, 2, 1, &r, &e), GL_OK);
    VALS(r, {0, 0, I, 0, 0, 0});
    gl_array_release(r);
    s.rank = 1;
    assert_int_equal(gl_causal_mask_array(&s, NULL, 2, 1, &r, &e), GL_E_SHAPE);
    assert_null(r);
    assert_int_equal(e.code, GL_E_SHAPE);
}

/* ---------------------------------------------------------------- composites */
static void test_softmax(void **state) {
    (void)state;
    gl_array *x = ARR(2, D(2, 3), {1, 2, 3, 0, 0, -INFINITY});
    gl_node n = node(GL_OP_SOFTMAX, 1);
    gl_attrs at = {0};
    n.attrs = &at;
    at.has = GL_A_AXIS;
    at.axis = -1;
    gl_array *r = ev(&n, &x, NULL);
    /* e^{x - 3} / Σ: e^-2, e^-1, 1 over 1 + e^-1 + e^-2; a -inf logit gets weight 0 */
    const double z = 1 + exp(-1.0) + exp(-2.0);
    VALS(r, {exp(-2.0) / z, exp(-1.0) / z, 1 / z, 0.5, 0.5, 0});
    assert_close(r->data[0], 0.09003057317038046, 1e-15);
    assert_close(r->data[2], 0.6652409557748219, 1e-15);
    for (int i = 0; i < 2; i++) assert_close(r->data[3 * i] + r->data[3 * i + 1] + r->data[3 * i + 2], 1.0, 1e-15);
    gl_array_release(r);
    at.axis = 0;                          /* down the columns */
    r = ev(&n, &x, NULL);
    const double a = 1 / (1 + exp(-1.0)), c = 1 / (1 + exp(-2.0));
    VALS(r, {a, c, 1, 1 - a, 1 - c, 0});
    gl_array_release(r);
    at.axis = 2;
    ev_fail(&n, &x, NULL, GL_E_SHAPE, NULL, NULL);
    gl_array_release(x);
}

static void test_rms_norm(void **state) {
    (void)state;
    /* x = [3, 4]: mean(x²) = 12.5; eps = 0 → x / sqrt(12.5) * w */
    gl_array *x = ARR(2, D(2, 2), {3, 4, 1, 1});
    gl_array *w = ARR(1, D(2), {2, 0.5});
    gl_node n = node(GL_OP_RMS_NORM, 2);
    gl_attrs at = {0};
    n.attrs = &at;
    at.has = GL_A_EPS;
    at.eps = 0.0;
    gl_array *args[2] = {x, w};
    gl_array *r = ev(&n, args, NULL);
    SHAPE(r, 2, 2, 2);
    const double s = sqrt(12.5);
    VALS(r, {3 / s * 2, 4 / s * 0.5, 2, 0.5});
    gl_array_release(r);
    at.eps = 1e-5;                         /* [1, 1]: 1 / sqrt(1 + eps) */
    r = ev(&n, args, NULL);
    assert_true(r->data[2] == 1 / sqrt(1 + 1e-5) * 2);
    gl_array_release(r);
    /* a weight that broadcasts the other way: w [2,1] scales rows */
    gl_array *wr = ARR(2, D(2, 1), {10, -1});
    args[1] = wr;
    at.eps = 0.0;
    r = ev(&n, args, NULL);
    VALS(r, {3 / s * 10, 4 / s * 10, -1, -1});
    gl_array_release(r);
    /* mismatched weight */
    gl_array *bad = ARR(1, D(3), {1, 1, 1});
    args[1] = bad;
    ev_fail(&n, args, NULL, GL_E_SHAPE, "(2, 2)", "3");
    gl_array_release(bad);
    gl_array_release(wr);
    gl_array_release(x);
    gl_array_release(w);
}

/* ---------------------------------------------------------------- kv_write */
static void test_kv_write(void **state) {
    (void)state;
    /* cache [2, 5, 2] with cache[g, r, :] = 10g + r; new [2, 1, 2] = -1 - g */
    gl_err e = {0};
    gl_array *cache = NULL;
    assert_int_equal(gl_array_new(3, (int64_t[]){2, 5, 2}, &cache, &e), GL_OK);
    for (int g = 0; g < 2; g++)
        for (int r = 0; r < 5; r++) cache->data[(g * 5 + r) * 2] = cache->data[(g * 5 + r) * 2 + 1] = 10 * g + r;
    gl_array *nw = ARR(3, D(2, 1, 2), {-1, -1, -2, -2});
    gl_node n = node(GL_OP_KV_WRITE, 2);
    gl_attrs at = {0};
    n.attrs = &at;
    at.has = GL_A_POS;
    at.pos = gl_dim_int(2);
    gl_array *args[2] = {cache, nw};
    gl_array *r = ev(&n, args, NULL);
    SHAPE(r, 3, 2, 5, 2);
    for (int g = 0; g < 2; g++)
        for (int q = 0; q < 5; q++) {
            double want = q == 2 ? -1 - g : 10 * g + q;
            assert_true(r->data[(g * 5 + q) * 2] == want && r->data[(g * 5 + q) * 2 + 1] == want);
        }
    assert_true(cache->data[(0 * 5 + 2) * 2] == 2);   /* the input cache is untouched */
    gl_array_release(r);

    /* pos as a symbol P bound to 3 */
    at.pos = gl_dim_sym("P");
    gl_bind b = bind1("P", 3);
    r = ev(&n, args, &b);
    for (int g = 0; g < 2; g++)
        for (int q = 0; q < 5; q++) assert_true(r->data[(g * 5 + q) * 2] == (q == 3 ? -1 - g : 10 * g + q));
    gl_array_release(r);
    ev_fail(&n, args, NULL, GL_E_UNBOUND, "P", NULL);

    /* two new rows at the end; a [1, 2, 2] block broadcasts over the groups */
    gl_array *two = ARR(3, D(1, 2, 2), {7, 7, 8, 8});
    args[1] = two;
    at.pos = gl_dim_int(3);
    r = ev(&n, args, NULL);
    for (int g = 0; g < 2; g++) {
        assert_true(r->data[(g * 5 + 3) * 2] == 7);
        assert_true(r->data[(g * 5 + 4) * 2 + 1] == 8);
        assert_true(r->data[(g * 5 + 2) * 2] == 10 * g + 2);
    }
    gl_array_release(r);
    /* out of range: rows [4, 6) of 5 (numpy clips the slot to 1 row, 2 do not broadcast into it); negative pos */
    at.pos = gl_dim_int(4);
    ev_fail(&n, args, NULL, GL_E_SHAPE, "5", NULL);
    args[1] = nw;
    /* pos 5 and 9 with one row: the clipped slot is empty and one row broadcasts into it, a no-op (the
     * reference's eval_node returns the cache unchanged) */
    for (int p = 5; p <= 9; p += 4) {
        at.pos = gl_dim_int(p);
        r = ev(&n, args, NULL);
        for (int64_t k = 0; k < cache->size; k++) assert_true(r->data[k] == cache->data[k]);
        gl_array_release(r);
    }
    at.pos = gl_dim_int(-1);
    ev_fail(&n, args, NULL, GL_E_SHAPE, NULL, NULL);
    /* new rows with the wrong width */
    gl_array *wide = ARR(3, D(2, 1, 3), {1, 1, 1, 1, 1, 1});
    args[1] = wide;
    at.pos = gl_dim_int(0);
    ev_fail(&n, args, NULL, GL_E_SHAPE, "(2, 1, 3)", NULL);
    gl_array_release(wide);
    gl_array_release(two);
    gl_array_release(nw);
    gl_array_release(cache);
}

/* ---------------------------------------------------------------- flash_attn */
static gl_array *filled(int rank, const int64_t *dims, double seed) {
    gl_err e = {0};
    gl_array *a = NULL;
    assert_int_equal(gl_array_new(rank, dims, &a, &e), GL_OK);
    for (int64_t i = 0; i < a->size; i++) a->data[i] = sin(seed * (double)(i + 1)) * 1.5;
    return a;
}

/* Large logits (q·k·scale from -1500 to 1200, so exp overflows past 709 unless the row max is subtracted
 * first). Expected values: the reference's softmax_np / eval_node (graph_lab.py) on these inputs, hard-coded. */
static void test_softmax_large_logits_match_reference(void **state) {
    (void)state;
    gl_array *x = ARR(2, D(3, 4), {1000, 999, -1000, 2000, -800, -801, -799.5, -2000, 710, 0, 709, 711});
    gl_node sm = node(GL_OP_SOFTMAX, 1);
    gl_attrs sm_at = {0};
    sm.attrs = &sm_at;
    sm_at.has = GL_A_AXIS;
    sm_at.axis = -1;                             /* rows: the contiguous path */
    gl_array *r = ev(&sm, &x, NULL);
    VALS(r, {0.0, 0.0, 0.0, 1.0, 0.33149896042409155, 0.12195165230972886, 0.5465493872661796, 0.0,
             0.24472847105479764, 1.095474684013127e-309, 0.09003057317038046, 0.6652409557748218});
    gl_array_release(r);
    sm_at.axis = 0;                              /* columns: the strided path */
    r = ev(&sm, &x, NULL);
    VALS(r, {1.0, 1.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 1.1339665610377455e-126, 0.0, 1.0, 0.0});
    gl_array_release(r);
    gl_array_release(x);
}

static void test_flash_attn_large_logits_match_reference(void **state) {
    (void)state;
    gl_array *q = ARR(3, D(2, 3, 4), {-20, -60, 40, 0, -40, 60, 20, -20, -60, 40, 0, -40,
                                      60, 20, -20, -60, 40, 0, -40, 60, 20, -20, -60, 40});
    gl_array *k = ARR(3, D(2, 5, 4), {-20, 10, -30, 0, 30, -10, 20, -20, 10, -30, 0, 30, -10, 20, -20, 10, -30, 0, 30, -10,
                                      20, -20, 10, -30, 0, 30, -10, 20, -20, 10, -30, 0, 30, -10, 20, -20, 10, -30, 0, 30});
    gl_array *v = ARR(3, D(2, 5, 3), {-0.5, 0.5, -1, 0, 1, -0.5, 0.5, -1, 0, 1, -0.5, 0.5, -1, 0, 1,
                                      -0.5, 0.5, -1, 0, 1, -0.5, 0.5, -1, 0, 1, -0.5, 0.5, -1, 0, 1});
    gl_array *mask = NULL;
    assert_int_equal(gl_causal_mask_array(&(gl_shape){.rank = 2, .d = {{.n = 3}, {.n = 5}}}, NULL, 3, 2, &mask, NULL),
                     GL_OK);
    /* row [1][0] has two equal maxima: the mean of two rows of v */
    static const double want[2][18] = {
        {-1.0, -3.720075976020836e-44, 1.0, -1.0, -3.562288203370643e-218, 1.0, -1.0, 2.5741001112060067e-131, 1.0,
         0.25, 0.0, -0.25, -1.0, 5.148200222412013e-131, 1.0, -1.0, -1.9151695967140057e-174, 1.0},
        {0.5, -1.0, -9.575847983570028e-175, 1.0, -0.5, 0.5, -1.0, 2.5741001112060067e-131, 1.0, -0.5, 0.5, -1.0,
         1.3251982765021554e-261, 1.0, -0.5, -1.0, -1.9151695967140057e-174, 1.0}};
    for (int with_mask = 0; with_mask < 2; with_mask++) {
        gl_node fa = node(GL_OP_FLASH_ATTN, 3 + with_mask);
        gl_attrs fa_at = {0};
        fa.attrs = &fa_at;
        fa_at.has = GL_A_SCALE;
        fa_at.scale = 0.5;
        gl_array *args[4] = {q, k, v, mask};
        gl_array *got = ev(&fa, args, NULL);
        SHAPE(got, 3, 2, 3, 3);
        assert_vals(got, want[with_mask], 18);
        gl_array_release(got);
    }
    /* one key: every query attends to it fully, so the output is v's row */
    gl_array *k1 = filled(2, (int64_t[]){1, 4}, 0.3), *v1 = ARR(2, D(1, 2), {4, -5});
    gl_node fa = node(GL_OP_FLASH_ATTN, 3);
    gl_attrs fa_at = {0};
    fa.attrs = &fa_at;
    fa_at.has = GL_A_SCALE;
    fa_at.scale = 1.0;
    gl_array *args[3] = {q, k1, v1};
    gl_array *got = ev(&fa, args, NULL);
    SHAPE(got, 3, 2, 3, 2);
    VALS(got, {4, -5, 4, -5, 4, -5, 4, -5, 4, -5, 4, -5});
    gl_array_release(got);
    /* q and k disagree on the head dim */
    args[1] = v;
    ev_fail(&fa, args, NULL, GL_E_SHAPE, "flash_attn", NULL);
    gl_array_release(k1);
    gl_array_release(v1);
    gl_array_release(mask);
    gl_array_release(q);
    gl_array_release(k);
    gl_array_release(v);
}

static void test_eval_errors(void **state) {
    (void)state;
    gl_array *x = ARR(1, D(2), {1, 2});
    gl_node n = node(GL_OP_ADD, 1);             /* wrong arity */
    ev_fail(&n, &x, NULL, GL_E_INVALID, "add", NULL);
    n = node(GL_OP_INPUT, 0);                   /* leaves are not evaluated */
    ev_fail(&n, NULL, NULL, GL_E_INVALID, NULL, NULL);
    n = node(GL_OP_NEG, 1);
    gl_array *none = NULL;
    ev_fail(&n, &none, NULL, GL_E_INVALID, NULL, NULL);
    n = node(GL_OP_SUM, 1);                     /* attrs.axis missing */
    ev_fail(&n, &x, NULL, GL_E_INVALID, "axis", NULL);
    gl_array_release(x);
}

/* ---------------------------------------------------------------- interpreter */
static int add_node(gl_graph *g, gl_op op, const int *in, int nin, const gl_attrs *at, gl_shape s, const char *name) {
    gl_err e = {0};
    int id = gl_graph_add(g, op, in, nin, at, &s, name, &e);
    assert_true(id >= 0);
    return id;
}

static gl_shape shp2(gl_dim a, gl_dim b) {
    gl_shape s;
    memset(&s, 0, sizeof s);
    s.rank = 2;
    s.d[0] = a;
    s.d[1] = b;
    return s;
}

/* x: (2, 'S') → m = x * 2 → s = sum(m, -1) → n = -s; exp(x) is dead code. outputs [s, n]. */
static gl_graph *tiny_graph(void) {
    gl_err e = {0};
    gl_graph *g = NULL;
    assert_int_equal(gl_graph_new(&g, &e), GL_OK);
    gl_shape scal;
    memset(&scal, 0, sizeof scal);
    gl_shape vec = gl_shape_of(1, (int64_t[]){2});
    int x = add_node(g, GL_OP_INPUT, NULL, 0, NULL, shp2(gl_dim_int(2), gl_dim_sym("S")), "x");
    gl_attrs cv;
    memset(&cv, 0, sizeof cv);
    cv.has = GL_A_VALUE;
    cv.value = 2.0;
    int c = add_node(g, GL_OP_CONST, NULL, 0, &cv, scal, "");
    gl_array *two = NULL;
    assert_int_equal(gl_array_scalar(2.0, &two, &e), GL_OK);
    gl_graph_set_value(g, c, two);
    gl_array_release(two);
    int m = add_node(g, GL_OP_MUL, (int[]){x, c}, 2, NULL, shp2(gl_dim_int(2), gl_dim_sym("S")), "");
    gl_attrs ax;
    memset(&ax, 0, sizeof ax);
    ax.has = GL_A_AXIS | GL_A_KEEPDIMS;
    ax.axis = -1;
    int s = add_node(g, GL_OP_SUM, (int[]){m}, 1, &ax, vec, "");
    add_node(g, GL_OP_EXP, (int[]){x}, 1, NULL, shp2(gl_dim_int(2), gl_dim_sym("S")), "");
    int n = add_node(g, GL_OP_NEG, (int[]){s}, 1, NULL, vec, "");
    assert_int_equal(gl_graph_set_outputs(g, (int[]){s, n}, 2, &e), GL_OK);
    return g;
}

static void test_run_tiny_graph(void **state) {
    (void)state;
    gl_graph *g = tiny_graph();
    gl_array *x = ARR(2, D(2, 3), {1, 2, 3, 4, 5, 6});
    gl_named_array in[1] = {{"x", x}};
    gl_bind b = bind1("S", 3);
    gl_profile prof;
    memset(&prof, 0, sizeof prof);
    gl_array *outs[2] = {NULL, NULL};
    gl_err e = {0};
    assert_int_equal(gl_run(g, in, 1, &b, outs, &prof, &e), GL_OK);
    SHAPE(outs[0], 1, 2);
    VALS(outs[0], {12, 30});
    VALS(outs[1], {-12, -30});
    assert_int_equal(outs[0]->refs, 1);        /* the caller holds the only reference */
    assert_int_equal(prof.counts[GL_OP_MUL], 1);
    assert_int_equal(prof.counts[GL_OP_SUM], 1);
    assert_int_equal(prof.counts[GL_OP_EXP], 1);   /* dead code still runs, as in the reference */
    assert_int_equal(prof.counts[GL_OP_NEG], 1);
    assert_int_equal(prof.counts[GL_OP_INPUT], 0);
    assert_int_equal(prof.counts[GL_OP_CONST], 0);
    assert_int_equal(x->refs, 1);              /* the input is borrowed, not kept */
    assert_int_equal(g->values[1]->refs, 1);   /* the graph's const too */
    gl_array_release(outs[0]);
    gl_array_release(outs[1]);
    /* a second run adds to the profile (like the reference's dict); no profile is fine */
    assert_int_equal(gl_run(g, in, 1, &b, outs, &prof, &e), GL_OK);
    assert_int_equal(prof.counts[GL_OP_MUL], 2);
    gl_array_release(outs[0]);
    gl_array_release(outs[1]);
    assert_int_equal(gl_run(g, in, 1, &b, outs, NULL, &e), GL_OK);
    gl_array_release(outs[0]);
    gl_array_release(outs[1]);

    /* errors: missing input, unbound symbol, wrong shape */
    gl_named_array wrong[1] = {{"y", x}};
    gl_err_clear(&e);
    assert_int_equal(gl_run(g, wrong, 1, &b, outs, NULL, &e), GL_E_INVALID);
    assert_non_null(strstr(e.msg, "'x'"));
    assert_null(outs[0]);
    gl_err_clear(&e);
    assert_int_equal(gl_run(g, in, 1, NULL, outs, NULL, &e), GL_E_UNBOUND);
    assert_non_null(strstr(e.msg, "'S'"));
    gl_bind b4 = bind1("S", 4);
    gl_err_clear(&e);
    assert_int_equal(gl_run(g, in, 1, &b4, outs, NULL, &e), GL_E_SHAPE);
    assert_non_null(strstr(e.msg, "'x'"));
    assert_non_null(strstr(e.msg, "(2, 'S')"));
    assert_non_null(strstr(e.msg, "(2, 3)"));
    assert_null(outs[0]);
    assert_null(outs[1]);
    assert_int_equal(x->refs, 1);
    gl_array_release(x);
    gl_graph_free(g);
}

static void test_run_shape_only_param(void **state) {
    (void)state;
    gl_err e = {0};
    gl_graph *g = NULL;
    assert_int_equal(gl_graph_new(&g, &e), GL_OK);
    gl_shape s = gl_shape_of(2, (int64_t[]){2, 2});
    int x = add_node(g, GL_OP_INPUT, NULL, 0, NULL, s, "x");
    int w = add_node(g, GL_OP_PARAM, NULL, 0, NULL, s, "wq");
    int y = add_node(g, GL_OP_MATMUL, (int[]){x, w}, 2, NULL, s, "");
    gl_graph_set_outputs(g, &y, 1, &e);
    gl_array *xv = ARR(2, D(2, 2), {1, 2, 3, 4});
    gl_named_array in[1] = {{"x", xv}};
    gl_array *out = NULL;
    assert_int_equal(gl_run(g, in, 1, NULL, &out, NULL, &e), GL_E_INVALID);
    assert_non_null(strstr(e.msg, "param 'wq' has no value (shape-only graph)"));
    /* with a value (the identity times 3) it runs */
    gl_array *wv = ARR(2, D(2, 2), {3, 0, 0, 3});
    gl_graph_set_value(g, w, wv);
    gl_err_clear(&e);
    assert_int_equal(gl_run(g, in, 1, NULL, &out, NULL, &e), GL_OK);
    VALS(out, {3, 6, 9, 12});
    gl_array_release(out);
    gl_array_release(wv);
    gl_array_release(xv);
    gl_graph_free(g);
}

static void test_check_guards(void **state) {
    (void)state;
    gl_err e = {0};
    gl_graph *g = NULL;
    assert_int_equal(gl_graph_new(&g, &e), GL_OK);
    gl_shape one = gl_shape_of(1, (int64_t[]){1}), scal;
    memset(&scal, 0, sizeof scal);
    int x = add_node(g, GL_OP_INPUT, NULL, 0, NULL, one, "x");
    int z = add_node(g, GL_OP_CONST, NULL, 0, NULL, scal, "");
    gl_array *zero = NULL;
    assert_int_equal(gl_array_scalar(0.0, &zero, &e), GL_OK);
    gl_graph_set_value(g, z, zero);
    gl_array_release(zero);
    int gt = add_node(g, GL_OP_GT, (int[]){x, z}, 2, NULL, one, "");
    gl_graph_set_outputs(g, &gt, 1, &e);
    bool ok = false;
    /* no guards: true without looking at inputs (the reference returns before evaluating) */
    assert_int_equal(gl_check_guards(g, NULL, 0, NULL, &ok, &e), GL_OK);
    assert_true(ok);
    assert_int_equal(gl_graph_add_guard(g, gt, true, &e), GL_OK);   /* traced with x > 0 */
    gl_array *pos = ARR(1, D(1), {5}), *neg = ARR(1, D(1), {-1});
    gl_named_array in[1] = {{"x", pos}};
    assert_int_equal(gl_check_guards(g, in, 1, NULL, &ok, &e), GL_OK);
    assert_true(ok);
    in[0].value = neg;
    assert_int_equal(gl_check_guards(g, in, 1, NULL, &ok, &e), GL_OK);
    assert_false(ok);
    /* a guard on a node with more than one element is ambiguous (numpy raises) */
    gl_graph *g2 = NULL;
    assert_int_equal(gl_graph_new(&g2, &e), GL_OK);
    gl_shape two = gl_shape_of(1, (int64_t[]){2});
    int x2 = add_node(g2, GL_OP_INPUT, NULL, 0, NULL, two, "x");
    int n2 = add_node(g2, GL_OP_NEG, (int[]){x2}, 1, NULL, two, "");
    gl_graph_set_outputs(g2, &n2, 1, &e);
    gl_graph_add_guard(g2, n2, true, &e);
    gl_array *pair = ARR(1, D(2), {1, 2});
    in[0].value = pair;
    gl_err_clear(&e);
    assert_int_equal(gl_check_guards(g2, in, 1, NULL, &ok, &e), GL_E_INVALID);
    assert_non_null(strstr(e.msg, "ambiguous"));
    gl_array_release(pair);
    gl_array_release(pos);
    gl_array_release(neg);
    gl_graph_free(g2);
    gl_graph_free(g);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_array_basics), cmocka_unit_test(test_array_limits),
        cmocka_unit_test(test_array_matches), cmocka_unit_test(test_binary_ops),
        cmocka_unit_test(test_divide_by_zero), cmocka_unit_test(test_broadcasting),
        cmocka_unit_test(test_unary_ops), cmocka_unit_test(test_reductions),
        cmocka_unit_test(test_sum_order_like_numpy), cmocka_unit_test(test_matmul),
        cmocka_unit_test(test_matmul_large), cmocka_unit_test(test_gemm_k_order),
        cmocka_unit_test(test_reshape),
        cmocka_unit_test(test_transpose), cmocka_unit_test(test_causal_mask),
        cmocka_unit_test(test_softmax), cmocka_unit_test(test_rms_norm),
        cmocka_unit_test(test_kv_write), cmocka_unit_test(test_softmax_large_logits_match_reference),
        cmocka_unit_test(test_flash_attn_large_logits_match_reference),
        cmocka_unit_test(test_eval_errors), cmocka_unit_test(test_run_tiny_graph),
        cmocka_unit_test(test_run_shape_only_param), cmocka_unit_test(test_check_guards),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
