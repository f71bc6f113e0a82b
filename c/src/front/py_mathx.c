/* py_mathx.c — the math functions that take floats apart or sum them exactly: fsum, dist, modf, frexp,
 * ldexp, pow, remainder, cbrt, exp2, nextafter, ulp, with CPython 3.11's results and messages
 * (Modules/mathmodule.c: its special cases are written out here, libm does the finite rest, as there).
 * py_num.c sends these ids (B_M_FSUM .. B_N_LAST) here. */
#include <math.h>
#include <string.h>

#include "front/py.h"

static py_val *domain(py_interp *I, const py_node *at) {
    return py_fail(I, at, GL_E_INVALID, "ValueError: math domain error");
}
static py_val *range_err(py_interp *I, const py_node *at) {
    return py_fail(I, at, GL_E_LIMIT, "OverflowError: math range error");
}

static bool real(py_interp *I, const py_node *at, py_val *v, double *out) {
    if (!py_is_num(v)) return py_fail(I, at, GL_E_INVALID, "TypeError: must be real number, not %s", py_type_name(v)), false;
    return py_num_to_double(I, at, v, out);
}

/* one-argument functions say "math.f() takes exactly one argument"; the others "f expected 2 arguments" */
static bool arity(py_interp *I, const py_node *at, const char *fn, py_args *a, int n) {
    if (a->nkw) return py_fail(I, at, GL_E_INVALID, "TypeError: %s() takes no keyword arguments", fn), false;
    if (a->npos == n) return true;
    if (n == 1)
        return py_fail(I, at, GL_E_INVALID, "TypeError: math.%s() takes exactly one argument (%d given)", fn, a->npos), false;
    return py_fail(I, at, GL_E_INVALID, "TypeError: %s expected %d arguments, got %d", fn, n, a->npos), false;
}

static py_val *pair(py_interp *I, py_val *x, py_val *y) {
    py_val *t = x && y ? py_seq(I, V_TUPLE, 2) : NULL;
    if (!t) return NULL;
    t->u.seq.v[0] = x;
    t->u.seq.v[1] = y;
    return t;
}

/* CPython's math_fsum: Shewchuk's exact partials, then the correctly rounded sum (half-even fix-up). */
static py_val *fsum(py_interp *I, const py_node *at, py_val *src) {
    py_val **items;
    int cnt;
    if (py_iter_list(I, at, src, &items, &cnt)) return NULL;
    double *p = py_alloc(&I->ar, sizeof(double) * (size_t)(cnt + 1));
    if (!p) return py_oom(I);
    int n = 0;
    double special_sum = 0.0, inf_sum = 0.0, x, y, t, hi = 0.0, lo = 0.0, yr;
    for (int k = 0; k < cnt; k++) {
        if (!real(I, at, items[k], &x) || !py_work(I, at, n + 1)) return NULL;
        double xsave = x;
        int j = 0;
        for (int i = 0; i < n; i++) {
            y = p[i];
            if (fabs(x) < fabs(y)) { t = x; x = y; y = t; }
            hi = x + y;
            yr = hi - x;
            lo = y - yr;
            if (lo != 0.0) p[j++] = lo;
            x = hi;
        }
        n = j;
        if (x != 0.0) {
            if (!isfinite(x)) {
                /* a nonfinite x may come from an overflow of finite partials */
                if (isfinite(xsave))
                    return py_fail(I, at, GL_E_LIMIT, "OverflowError: intermediate overflow in fsum");
                if (isinf(xsave)) inf_sum += xsave;
                special_sum += xsave;
                n = 0;            /* reset the partials */
            } else {
                p[n++] = x;
            }
        }
    }
    if (special_sum != 0.0) {
        if (isnan(inf_sum)) return py_fail(I, at, GL_E_INVALID, "ValueError: -inf + inf in fsum");
        return py_float(I, special_sum);
    }
    hi = 0.0;
    if (n > 0) {
        hi = p[--n];
        while (n > 0) {           /* sum from the top, stopping at the first inexact addition */
            x = hi;
            y = p[--n];
            hi = x + y;
            yr = hi - x;
            lo = y - yr;
            if (lo != 0.0) break;
        }
        /* half-even rounding: when lo and the next partial have the same sign, the sum is not a tie */
        if (n > 0 && ((lo < 0.0 && p[n - 1] < 0.0) || (lo > 0.0 && p[n - 1] > 0.0))) {
            y = lo * 2.0;
            x = hi + y;
            yr = x - hi;
            if (y == yr) hi = x;
        }
    }
    return py_float(I, hi);
}

/* math.pow as math_pow_impl: IEEE specials directly, libm for finite ** finite. *err 1: domain, 2: range. */
static double pow_impl(double x, double y, int *err) {
    *err = 0;
    if (!isfinite(x) || !isfinite(y)) {
        if (isnan(x)) return y == 0.0 ? 1.0 : x;
        if (isnan(y)) return x == 1.0 ? 1.0 : y;
        if (isinf(x)) {
            bool odd_y = isfinite(y) && fmod(fabs(y), 2.0) == 1.0;
            if (y > 0.0) return odd_y ? x : fabs(x);
            if (y == 0.0) return 1.0;
            return odd_y ? copysign(0.0, x) : 0.0;
        }
        if (fabs(x) == 1.0) return 1.0;
        if (y > 0.0 && fabs(x) > 1.0) return y;
        if (y < 0.0 && fabs(x) < 1.0) return -y;
        return 0.0;
    }
    double r = pow(x, y);
    if (isnan(r)) *err = 1;
    else if (isinf(r)) *err = x == 0.0 ? 1 : 2;
    return r;
}

/* cbrt as glibc computes it (CPython calls the platform's libm, and CPython on glibc is the oracle): a
 * polynomial guess on the mantissa in [0.5, 1), one Halley step, the exponent's third put back. musl's and
 * emscripten's cbrt round differently (cbrt(-27) is -3.0 there, -3.0000000000000004 with glibc). */
static double glibc_cbrt(double x) {
    static const double factor[5] = {1.0 / 1.5874010519681994748, 1.0 / 1.2599210498948731648, 1.0,
                                     1.2599210498948731648, 1.5874010519681994748};
    if (x == 0.0 || !isfinite(x)) return x + x;
    int xe;
    double xm = frexp(fabs(x), &xe);
    double u = 0.354895765043919860 +
               (1.50819193781584896 +
                (-2.11499494167371287 +
                 (2.44693122563534430 + (-1.83469277483613086 + (0.784932344976639262 - 0.145263899385486377 * xm) * xm) * xm) *
                     xm) *
                    xm) *
                   xm;
    double t2 = u * u * u;
    double ym = u * (t2 + 2.0 * xm) / (2.0 * t2 + xm) * factor[2 + xe % 3];
    return copysign(ldexp(ym, xe / 3), x);
}

py_val *py_mathx_builtin(py_interp *I, const py_node *at, int id, py_args *a) {
    const char *fn = py_builtin_name(id);
    py_val **p = a->pos;
    double x = 0, y = 0, r;
    switch (id) {
    case B_M_FSUM:
        if (!arity(I, at, fn, a, 1)) return NULL;
        return fsum(I, at, p[0]);
    case B_M_DIST: {
        if (!arity(I, at, fn, a, 2)) return NULL;
        py_val **ps, **qs;
        int np, nq;
        if (py_iter_list(I, at, p[0], &ps, &np) || py_iter_list(I, at, p[1], &qs, &nq)) return NULL;
        if (np != nq) return py_fail(I, at, GL_E_INVALID, "ValueError: both points must have the same number of dimensions");
        py_val **d = py_alloc(&I->ar, sizeof(py_val *) * (size_t)(np ? np : 1));
        if (!d) return py_oom(I);
        for (int i = 0; i < np; i++) {   /* |p - q| per coordinate, then hypot's vector_norm (CPython's dist) */
            if (!real(I, at, ps[i], &x) || !real(I, at, qs[i], &y) || !(d[i] = py_float(I, fabs(x - y)))) return NULL;
        }
        py_args h = {d, np, NULL, NULL, 0};
        return py_num_builtin(I, at, B_M_HYPOT, NULL, &h);
    }
    case B_M_MODF:
        if (!arity(I, at, fn, a, 1) || !real(I, at, p[0], &x)) return NULL;
        if (isinf(x)) return pair(I, py_float(I, copysign(0.0, x)), py_float(I, x));
        {
            double ip;
            r = modf(x, &ip);
            return pair(I, py_float(I, r), py_float(I, ip));
        }
    case B_M_FREXP: {
        if (!arity(I, at, fn, a, 1) || !real(I, at, p[0], &x)) return NULL;
        int e = 0;
        r = (isnan(x) || isinf(x) || x == 0.0) ? x : frexp(x, &e);
        return pair(I, py_float(I, r), py_int(I, e));
    }
    case B_M_LDEXP: {
        if (!arity(I, at, fn, a, 2) || !real(I, at, p[0], &x)) return NULL;
        py_val *e = py_index_of(I, at, p[1]);
        if (!e) return NULL;
        if (!py_is_int(e) || e->kind == V_FLOAT)
            return py_fail(I, at, GL_E_INVALID, "TypeError: Expected an int as second argument to ldexp.");
        if (x == 0.0 || !isfinite(x)) return py_float(I, x);
        int64_t k;
        if (e->kind == V_BIG) k = py_num_cmp(e, &py_False) > 0 ? 100000 : -100000;
        else k = e->kind == V_BOOL ? e->u.b : e->u.i;
        if (k > 100000) k = 100000;   /* past any double's range either way */
        if (k < -100000) k = -100000;
        r = ldexp(x, (int)k);
        if (isinf(r)) return range_err(I, at);
        return py_float(I, r);
    }
    case B_M_POW: {
        if (!arity(I, at, fn, a, 2) || !real(I, at, p[0], &x) || !real(I, at, p[1], &y)) return NULL;
        int err;
        r = pow_impl(x, y, &err);
        if (err == 1) return domain(I, at);
        if (err == 2) return range_err(I, at);
        return py_float(I, r);
    }
    case B_M_REMAINDER:
        if (!arity(I, at, fn, a, 2) || !real(I, at, p[0], &x) || !real(I, at, p[1], &y)) return NULL;
        if (isnan(x)) return py_float(I, x);
        if (isnan(y)) return py_float(I, y);
        if (isinf(x) || y == 0.0) return domain(I, at);
        if (isinf(y)) return py_float(I, x);
        return py_float(I, remainder(x, y));   /* exact: IEEE 754's remainder */
    case B_M_CBRT: case B_M_EXP2:
        if (!arity(I, at, fn, a, 1) || !real(I, at, p[0], &x)) return NULL;
        r = id == B_M_CBRT ? glibc_cbrt(x) : exp2(x);
        if (isinf(r) && isfinite(x)) return range_err(I, at);
        return py_float(I, r);
    case B_M_NEXTAFTER:
        if (!arity(I, at, fn, a, 2) || !real(I, at, p[0], &x) || !real(I, at, p[1], &y)) return NULL;
        return py_float(I, nextafter(x, y));
    case B_M_ULP: {
        if (!arity(I, at, fn, a, 1) || !real(I, at, p[0], &x)) return NULL;
        if (isnan(x)) return py_float(I, x);
        x = fabs(x);
        if (isinf(x)) return py_float(I, x);
        double x2 = nextafter(x, INFINITY);
        if (isinf(x2)) return py_float(I, x - nextafter(x, -INFINITY));   /* x is the largest double */
        return py_float(I, x2 - x);
    }
    default: break;
    }
    return py_fail(I, at, GL_E_INTERNAL, "unknown math builtin");
}
