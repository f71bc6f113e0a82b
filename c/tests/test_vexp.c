/* test_vexp.c — the array exp kernels (vexp.c): bit for bit musl's exp in the fast range, libm's exp
 * outside it, in every lane position, tails included, in place, and through the ops that use them.
 *
 * The reference below is an independent, plain transcription of musl's exp (src/math/exp.c with
 * exp_data.c: ARM optimized-routines, Copyright (c) 2018 Arm Limited, MIT licence), specialcase
 * included, over the kernel's copy of musl's table (gl_exp_tab; test_within_one_ulp_of_libm is what
 * guards its values, against libm). musl's exp is what the WASM build's libm computes; the
 * native libm (glibc) may differ from it in the last bit, so lanes outside the fast range, which the
 * kernel hands to libm's exp, are compared with libm's exp. */
#include <stdio.h>

#include "exec/kernels.h"
#include "test_util.h"

#if defined(__clang__)
#pragma STDC FP_CONTRACT OFF                  /* the reference must not fuse either (GCC: -std=c11) */
#endif

/* ---------------------------------------------------------------- reference: musl's exp */
static uint64_t bits(double d) {
    uint64_t u;
    memcpy(&u, &d, sizeof u);
    return u;
}

static double from_bits(uint64_t u) {
    double d;
    memcpy(&d, &u, sizeof d);
    return d;
}

#define ref_tab gl_exp_tab              /* the kernel's copy of musl's table (the ulp test checks it) */

static double ref_specialcase(double tmp, uint64_t sbits, uint64_t ki) {
    double scale, y;
    if ((ki & 0x80000000) == 0) {             /* k > 0: the exponent of scale may have overflowed */
        sbits -= 1009ull << 52;
        scale = from_bits(sbits);
        return 0x1p1009 * (scale + scale * tmp);
    }
    sbits += 1022ull << 52;                   /* k < 0: the subnormal range, rounded once */
    scale = from_bits(sbits);
    y = scale + scale * tmp;
    if (y < 1.0) {
        double hi, lo;
        lo = scale - y + scale * tmp;
        hi = 1.0 + y;
        lo = 1.0 - hi + y + lo;
        y = (hi + lo) - 1.0;
        if (y == 0.0) y = 0.0;
    }
    return 0x1p-1022 * y;
}

static double ref_exp(double x) {
    uint32_t abstop = (uint32_t)(bits(x) >> 52) & 0x7ff;
    if (abstop - 0x3c9u >= 0x408u - 0x3c9u) {        /* top12(0x1p-54), top12(512.0) */
        if (abstop - 0x3c9u >= 0x80000000u) return 1.0 + x;
        if (abstop >= 0x409) {                       /* top12(1024.0) */
            if (bits(x) == bits(-INFINITY)) return 0.0;
            if (abstop >= 0x7ff) return 1.0 + x;
            return bits(x) >> 63 ? 0.0 : INFINITY;
        }
        abstop = 0;
    }
    const double z = 0x1.71547652b82fep0 * 128 * x;
    double kd = z + 0x1.8p52;
    const uint64_t ki = bits(kd);
    kd -= 0x1.8p52;
    const double r = x + kd * -0x1.62e42fefa0000p-8 + kd * -0x1.cf79abc9e3b3ap-47;
    const uint64_t idx = 2 * (ki % 128), top = ki << 45;
    const double tail = from_bits(ref_tab[idx]);
    const uint64_t sbits = ref_tab[idx + 1] + top;
    const double r2 = r * r;
    const double tmp = tail + r + r2 * (0x1.ffffffffffdbdp-2 + r * 0x1.555555555543cp-3) +
                       r2 * r2 * (0x1.55555cf172b91p-5 + r * 0x1.1111167a4d017p-7);
    if (abstop == 0) return ref_specialcase(tmp, sbits, ki);
    const double scale = from_bits(sbits);
    return scale + scale * tmp;
}

/* ---------------------------------------------------------------- helpers */
static uint64_t rng_state = 0x5eed;
static uint64_t rng(void) {                   /* splitmix64 */
    uint64_t z = (rng_state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}
static double uniform(double lo, double hi) { return lo + (hi - lo) * ((double)(rng() >> 11) * 0x1p-53); }

/* distance in ulps of two non-negative doubles (exp's results) */
static uint64_t ulps(double a, double b) { return bits(a) > bits(b) ? bits(a) - bits(b) : bits(b) - bits(a); }

static const double specials[] = {
    NAN, -NAN, INFINITY, -INFINITY, 0.0, -0.0, 709.78, 709.79, 709.782712893384, 710.0, -708.4,
    -708.39, -745.2, -745.13, -745.1332191019411, -746.0, 1e-300, -1e-300, 4.9406564584124654e-324,
    -4.9406564584124654e-324, 2.2250738585072014e-308, -2.2250738585072014e-308, 1e-310, -1e-310,
    0x1p-54, -0x1p-54, 0x1.fffffffffffffp-55, -0x1.fffffffffffffp-55, 512.0, -512.0, 0x1.fffffffffffffp8,
    -0x1.fffffffffffffp8, 1023.9, 1024.0, -1024.0, 1e308, -1e308, 1.0, -1.0, 0.5, -0.0001, 88.7,
    -87.3, 1e-17, -1e-17,
};
#define NSPECIAL ((int)(sizeof specials / sizeof specials[0]))

static int64_t n_fast, n_libm;               /* lanes checked against each */

/* got = exp(t): musl's bits in the fast range, libm's outside it; within 1 ulp of libm everywhere */
static void check_lane(double t, double got, const char *what, int64_t i) {
    const double a = fabs(t);
    const bool fast = a >= 0x1p-54 && a < 512.0;
    const double want = fast ? ref_exp(t) : exp(t);
    if (fast) n_fast++;
    else n_libm++;
    if (isnan(want)) {
        if (!isnan(got)) fail_msg("%s[%lld]: exp(%a) = %a, want NaN", what, (long long)i, t, got);
        return;
    }
    if (bits(got) != bits(want))
        fail_msg("%s[%lld]: exp(%a) = %a, want %a (%s)", what, (long long)i, t, got, want, fast ? "musl" : "libm");
    const double l = exp(t);
    if (ulps(got, l) > 1) fail_msg("%s[%lld]: exp(%a) = %a, libm %a: > 1 ulp", what, (long long)i, t, got, l);
}

enum { V_EXP, V_NEG, V_SUB };
static const char *const vname[] = {"gl_exp_array", "gl_exp_neg_array", "gl_exp_sub_array"};

static void run(int v, int64_t n, const double *x, double m, double *y) {
    if (v == V_EXP) gl_exp_array(n, x, y);
    else if (v == V_NEG) gl_exp_neg_array(n, x, y);
    else gl_exp_sub_array(n, x, m, y);
}

static double arg_of(int v, double x, double m) { return v == V_EXP ? x : v == V_NEG ? -x : x - m; }

/* ---------------------------------------------------------------- tests */
/* ~1e6 inputs over [-745, 710] (and near 0, and every binade), specials sprinkled in, fed in chunks of
 * 1..37 elements so every lane position, the 4-step, the 2-step and the odd tail all see everything. */
static void test_matches_musl(void **state) {
    (void)state;
    const int64_t N = 1 << 20;
    double *x = malloc(sizeof *x * (size_t)N), *y = malloc(sizeof *y * (size_t)N);
    assert_non_null(x);
    assert_non_null(y);
    for (int64_t i = 0; i < N; i++) {
        switch (rng() % 8) {
        case 0: x[i] = uniform(-1, 1); break;
        case 1: x[i] = ldexp(uniform(1, 2), (int)(rng() % 72) - 62) * (rng() & 1 ? -1 : 1); break;  /* 2^-62..2^10 */
        case 2: x[i] = rng() % 16 ? uniform(-745.2, -500) : specials[rng() % NSPECIAL]; break;
        default: x[i] = uniform(-745, 710); break;
        }
    }
    const double ms[] = {0.0, 0.1, -3.7, 12.25, 700.0};
    n_fast = n_libm = 0;
    for (int v = V_EXP; v <= V_SUB; v++) {
        const double m = ms[v == V_SUB ? rng() % 5 : 0];
        for (int64_t i = 0, len = 1; i < N; i += len, len = len % 37 + 1) {
            const int64_t k = i + len <= N ? len : N - i;
            run(v, k, x + i, m, y + i);
        }
        for (int64_t i = 0; i < N; i++) check_lane(arg_of(v, x[i], m), y[i], vname[v], i);
    }
    /* both kinds of lane were exercised in numbers */
    assert_true(n_fast > 1500000);
    assert_true(n_libm > 100000);
    free(x);
    free(y);
}

/* every special value in every position of arrays of 1..9 elements, among ordinary ones */
static void test_special_values(void **state) {
    (void)state;
    double x[9], y[9];
    for (int v = V_EXP; v <= V_SUB; v++)
        for (int s = 0; s < NSPECIAL; s++)
            for (int n = 1; n <= 9; n++)
                for (int p = 0; p < n; p++) {
                    for (int i = 0; i < n; i++) x[i] = i == p ? specials[s] : 0.25 * i - 1.1;
                    run(v, n, x, 0.75, y);
                    for (int i = 0; i < n; i++) check_lane(arg_of(v, x[i], 0.75), y[i], vname[v], i);
                }
    /* the values C fixes, whatever the libm */
    const double in[] = {-INFINITY, INFINITY, NAN, 0.0, -0.0, 710.0, -746.0};
    double out[7];
    gl_exp_array(7, in, out);
    assert_true(out[0] == 0.0 && !signbit(out[0]));
    assert_true(out[1] == INFINITY);
    assert_true(isnan(out[2]));
    assert_true(out[3] == 1.0 && out[4] == 1.0);
    assert_true(out[5] == INFINITY);
    assert_true(out[6] == 0.0);
    gl_exp_array(1, (const double[]){-745.13}, out);  /* the smallest subnormal */
    assert_true(out[0] == 4.9406564584124654e-324);
    gl_exp_array(1, (const double[]){-708.4}, out);   /* just below DBL_MIN */
    assert_true(out[0] > 0 && out[0] < 2.2250738585072014e-308);
    gl_exp_sub_array(3, (const double[]){-INFINITY, 1.0, -INFINITY}, -INFINITY, out);  /* -inf - -inf */
    assert_true(isnan(out[0]) && out[1] == INFINITY && isnan(out[2]));
}

/* max error against libm over the range, and the reference itself against libm */
static void test_within_one_ulp_of_libm(void **state) {
    (void)state;
    const int64_t N = 200000;
    double *x = malloc(sizeof *x * (size_t)N), *y = malloc(sizeof *y * (size_t)N);
    assert_non_null(x);
    assert_non_null(y);
    for (int64_t i = 0; i < N; i++) x[i] = uniform(-745.2, 709.8);
    gl_exp_array(N, x, y);
    uint64_t worst = 0, worst_ref = 0;
    for (int64_t i = 0; i < N; i++) {
        const double l = exp(x[i]);
        const uint64_t d = ulps(y[i], l), dr = ulps(ref_exp(x[i]), l);
        if (d > worst) worst = d;
        if (dr > worst_ref) worst_ref = dr;
    }
    assert_true(worst <= 1);
    assert_true(worst_ref <= 1);
    /* and the other way round: where results are exact, exp agrees with them */
    double e[4];
    gl_exp_array(4, (const double[]){1.0, 2.0, 0.5, -1.0}, e);
    assert_true(e[0] == 2.718281828459045 && e[1] == 7.38905609893065);
    assert_true(e[2] == 1.6487212707001282 && e[3] == 0.36787944117144233);
    free(x);
    free(y);
}

/* y == x: the same bits as out of place, for every variant and tail length */
static void test_in_place(void **state) {
    (void)state;
    double x[41], y[41], z[41];
    for (int v = V_EXP; v <= V_SUB; v++)
        for (int n = 0; n <= 41; n++) {
            for (int i = 0; i < n; i++) x[i] = i % 7 == 3 ? specials[(n + i) % NSPECIAL] : uniform(-40, 40);
            run(v, n, x, -2.5, y);
            memcpy(z, x, sizeof x);
            run(v, n, z, -2.5, z);
            for (int i = 0; i < n; i++)
                if (bits(z[i]) != bits(y[i]) && !(isnan(z[i]) && isnan(y[i])))
                    fail_msg("%s n=%d: in place [%d] = %a, out of place %a", vname[v], n, i, z[i], y[i]);
        }
}

/* n = 0..3 touch exactly n elements */
static void test_small_n(void **state) {
    (void)state;
    const double x[3] = {0.5, -1.25, 3.0};
    gl_exp_array(0, NULL, NULL);
    gl_exp_neg_array(0, NULL, NULL);
    gl_exp_sub_array(0, NULL, 1.0, NULL);
    for (int v = V_EXP; v <= V_SUB; v++)
        for (int n = 0; n <= 3; n++) {
            double *in = malloc(sizeof *in * 3), *out = malloc(sizeof *out * 4);   /* ASan bounds */
            assert_non_null(in);
            assert_non_null(out);
            memcpy(in, x, sizeof x);
            for (int i = 0; i < 4; i++) out[i] = -7.0;
            run(v, n, in, 0.5, out);
            for (int i = 0; i < n; i++) check_lane(arg_of(v, x[i], 0.5), out[i], vname[v], i);
            for (int i = n; i < 4; i++) assert_true(out[i] == -7.0);
            for (int i = 0; i < 3; i++) assert_true(in[i] == x[i]);
            free(in);
            free(out);
        }
}

/* the interpreter's exp, silu and softmax (both layouts) use the kernels: bit for bit, per element */
static gl_array *eval1(gl_op op, gl_array *a, int axis) {
    gl_node nd;
    gl_attrs nd_at = {0};
    memset(&nd, 0, sizeof nd);
    nd.shape = &gl_scalar_shape;
    nd.attrs = &nd_at;
    nd.name = "";
    nd.op = op;
    nd.nin = 1;
    if (op == GL_OP_SOFTMAX) {
        nd_at.has = GL_A_AXIS;
        nd_at.axis = axis;
    }
    gl_err e = {0};
    gl_array *out = NULL;
    assert_int_equal(gl_eval_node(&nd, &a, NULL, &out, &e), GL_OK);
    assert_non_null(out);
    return out;
}

static void test_ops(void **state) {
    (void)state;
    gl_err e = {0};
    const int64_t dims[3] = {3, 5, 7};
    gl_array *x = NULL;
    assert_int_equal(gl_array_new(3, dims, &x, &e), GL_OK);
    for (int64_t i = 0; i < x->size; i++) x->data[i] = i % 11 == 4 ? -INFINITY : uniform(-30, 30);
    gl_array *r = eval1(GL_OP_EXP, x, 0);
    for (int64_t i = 0; i < x->size; i++) check_lane(x->data[i], r->data[i], "exp op", i);
    gl_array_release(r);
    r = eval1(GL_OP_SILU, x, 0);
    for (int64_t i = 0; i < x->size; i++) {
        const double s = x->data[i];
        double t;
        gl_exp_array(1, (const double[]){-s}, &t);
        assert_true(bits(r->data[i]) == bits(s / (1.0 + t)) || (isnan(r->data[i]) && isnan(s / (1.0 + t))));
    }
    gl_array_release(r);
    /* softmax over the last axis (rows of 7) and over the middle one (inner = 7): exp(x - max) / sum */
    for (int axis = 1; axis <= 2; axis++) {
        r = eval1(GL_OP_SOFTMAX, x, axis);
        const int64_t inner = axis == 2 ? 1 : 7, len = dims[axis];
        for (int64_t o = 0; o < 3; o++)
            for (int64_t j = 0; j < (axis == 2 ? 5 : 7); j++) {
                const int64_t base = axis == 2 ? (o * 5 + j) * 7 : o * 35 + j;
                double m = -INFINITY, s = 0.0, w[7];
                for (int64_t k = 0; k < len; k++) m = fmax(m, x->data[base + k * inner]);
                for (int64_t k = 0; k < len; k++) s += w[k] = ref_exp(x->data[base + k * inner] - m);
                for (int64_t k = 0; k < len; k++) assert_close(r->data[base + k * inner], w[k] / s, 1e-15);
            }
        gl_array_release(r);
    }
    gl_array_release(x);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_matches_musl), cmocka_unit_test(test_special_values),
        cmocka_unit_test(test_within_one_ulp_of_libm), cmocka_unit_test(test_in_place),
        cmocka_unit_test(test_small_n), cmocka_unit_test(test_ops),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
