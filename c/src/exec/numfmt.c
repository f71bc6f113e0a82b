/* numfmt.c — rounding float64 values to the number formats of numfmt.h, exactly.
 *
 * One routine serves every floating-point format: the value's quantum (the weight of its last mantissa bit in
 * the format) is 2^(max(e, emin) - (p - 1)) for its leading-bit exponent e, so scaling by the quantum, rint()
 * (round half to even in the default rounding mode, which WASM's f64.nearest is too) and scaling back is the
 * correctly rounded value; every step but rint is a scaling by a power of two and exact. Values below the
 * format's normal range share the quantum of its smallest normal: that is what makes its subnormals. A result
 * above the largest finite value overflows as the format says (numfmt.h).
 */
#include <math.h>
#include <string.h>

#include "exec/numfmt.h"

typedef struct {
    const char *name;
    int p, emin;
    double max;
    bool sat;
    int bytes;
} fmt_row;

static const fmt_row FORMATS[] = {
#define X(E, name, p, emin, max, sat, bytes) {name, p, emin, max, sat, bytes},
    GL_NUMFMT_TABLE(X)
#undef X
};
_Static_assert(sizeof FORMATS / sizeof FORMATS[0] == GL_NUMFMT_COUNT, "a row per number format");

const char *gl_numfmt_name(gl_numfmt f) {
    return (unsigned)f < GL_NUMFMT_COUNT ? FORMATS[f].name : "?";
}

int gl_numfmt_parse(const char *s) {
    for (int i = 0; s && i < GL_NUMFMT_COUNT; i++)
        if (strcmp(s, FORMATS[i].name) == 0) return i;
    return -1;
}

int gl_numfmt_bytes(gl_numfmt f) {
    return (unsigned)f < GL_NUMFMT_COUNT ? FORMATS[f].bytes : 8;
}

bool gl_numfmt_is_int8(gl_numfmt f) {
    return f == GL_NUMFMT_INT8 || f == GL_NUMFMT_INT8_CHANNEL;
}

double gl_round_to(gl_numfmt f, double x) {
    if ((unsigned)f >= GL_NUMFMT_COUNT || f == GL_NUMFMT_F64 || gl_numfmt_is_int8(f)) return x;
    const fmt_row *r = &FORMATS[f];
    if (isnan(x) || x == 0) return x;
    double a = fabs(x);
    if (isinf(a)) return r->sat ? copysign(r->max, x) : x;
    int e;
    (void)frexp(a, &e);                              /* a = m · 2^e, m in [0.5, 1): leading bit 2^(e-1) */
    int lead = e - 1;
    int q = (lead > r->emin ? lead : r->emin) - (r->p - 1);
    double v = ldexp(rint(ldexp(a, -q)), q);
    if (v > r->max) v = r->sat ? r->max : INFINITY;
    return copysign(v, x);
}

/* x[0], x[stride], … (n of them) quantized with one scale; the scale. */
static double quantize_strided(double *x, size_t n, size_t stride) {
    double amax = 0;
    for (size_t i = 0; i < n; i++) {
        double a = fabs(x[i * stride]);
        if (isfinite(a) && a > amax) amax = a;
    }
    double s = amax > 0 ? amax / 127 : 1.0;
    for (size_t i = 0; i < n; i++) {
        double *p = &x[i * stride];
        if (isnan(*p)) continue;
        double q = isinf(*p) ? copysign(127.0, *p) : rint(*p / s);
        if (q > 127) q = 127;
        if (q < -127) q = -127;
        if (q == 0) q = 0;                           /* rint(-0.3) is -0.0; q is an integer, without a sign */
        *p = q * s;
    }
    return s;
}

double gl_quantize_int8(double *x, size_t n) {
    return quantize_strided(x, n, 1);
}

void gl_quantize_int8_columns(double *x, size_t rows, size_t cols) {
    for (size_t c = 0; c < cols; c++) quantize_strided(x + c, rows, cols);
}

void gl_round_array(gl_numfmt f, double *x, size_t n, size_t cols) {
    if (f == GL_NUMFMT_INT8_CHANNEL && cols > 0 && n % cols == 0) return gl_quantize_int8_columns(x, n / cols, cols);
    if (gl_numfmt_is_int8(f)) {
        (void)gl_quantize_int8(x, n);
        return;
    }
    if (f == GL_NUMFMT_F64) return;
    for (size_t i = 0; i < n; i++) x[i] = gl_round_to(f, x[i]);
}
