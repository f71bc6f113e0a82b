/* numfmt.h — number formats simulated exactly in float64 (issue 35).
 *
 * A value "in a format" is a float64 that holds exactly a value the format can represent. Rounding a float64
 * to a floating-point format is round to nearest, ties to even, at the format's precision, with its
 * subnormals; what happens past its largest finite value is the format's own rule:
 *   - fp32, bf16, fp16: IEEE 754 — overflow goes to ±inf, inf and NaN stay;
 *   - fp8_e4m3 (OCP "E4M3FN": no inf, max 448) and fp8_e5m2 (max 57344): saturating conversion, as
 *     hardware's round-to-nearest satfinite converts — |x| beyond the largest finite value, ±inf included,
 *     becomes ±max; NaN stays NaN.
 * int8 is symmetric quantization: a scale s = amax / 127 (amax the largest finite |x| of the tensor, or of
 * the output channel for int8_channel; s = 1 when amax is 0), each value q = round_half_even(x / s) clamped
 * to [-127, 127], and the value q · s. NaN stays NaN; ±inf becomes ±127 · s.
 */
#ifndef GL_NUMFMT_H
#define GL_NUMFMT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* X(enum, name, mantissa bits incl. the implicit one, min normal exponent, max finite, saturates,
 *   element bytes); int8 rows carry zeros in the float columns */
#define GL_NUMFMT_TABLE(X)                                                 \
    X(F64, "f64", 53, -1022, 1.7976931348623157e308, false, 8)             \
    X(FP32, "fp32", 24, -126, 3.4028234663852886e38, false, 4)             \
    X(BF16, "bf16", 8, -126, 3.3895313892515355e38, false, 2)              \
    X(FP16, "fp16", 11, -14, 65504.0, false, 2)                            \
    X(FP8_E4M3, "fp8_e4m3", 4, -6, 448.0, true, 1)                         \
    X(FP8_E5M2, "fp8_e5m2", 3, -14, 57344.0, true, 1)                      \
    X(INT8, "int8", 0, 0, 0.0, false, 1)                                   \
    X(INT8_CHANNEL, "int8_channel", 0, 0, 0.0, false, 1)

typedef enum {
#define X(E, name, p, emin, max, sat, bytes) GL_NUMFMT_##E,
    GL_NUMFMT_TABLE(X)
#undef X
    GL_NUMFMT_COUNT
} gl_numfmt;

const char *gl_numfmt_name(gl_numfmt f);
/* The format named s, or -1. */
int gl_numfmt_parse(const char *s);
/* Bytes of one element in the format (int8's scale is not counted). */
int gl_numfmt_bytes(gl_numfmt f);
/* Whether f is int8 quantization (a tensor-wide scale) rather than a per-value rounding. */
bool gl_numfmt_is_int8(gl_numfmt f);

/* x rounded to floating-point format f (f64 returns x; an int8 format returns x unchanged: see below). */
double gl_round_to(gl_numfmt f, double x);

/* int8 quantization of n values in place: one scale for all of them. Returns the scale. */
double gl_quantize_int8(double *x, size_t n);
/* int8_channel: x is rows × cols row-major, one scale per column (a weight [in, out]'s output channel). */
void gl_quantize_int8_columns(double *x, size_t rows, size_t cols);

/* Rounds n values of array x in place to format f (int8: per tensor; int8_channel: per last-axis column when
 * cols > 0, else per tensor). */
void gl_round_array(gl_numfmt f, double *x, size_t n, size_t cols);

#endif
