/* kernels.h — internal compute kernels of the interpreter (float64, row-major). */
#ifndef GL_KERNELS_H
#define GL_KERNELS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "graphlab.h"

/* C[M,N] = A[M,K] · op(B), overwriting C (row strides lda, ldb, ldc, in elements).
 * op(B) = B with B stored [K,N], or, when b_trans, Bᵀ with B stored [N,K] (q·kᵀ without a copy).
 * Each C element is the running sum of its K products in k order, starting from 0.0 (what reference
 * BLAS and numpy's own matmul loop compute, bit for bit). Allocates nothing (its packing buffers, at
 * most 192 KiB, are on the stack), so it cannot fail. */
void gl_gemm(int64_t M, int64_t N, int64_t K, const double *A, int64_t lda, const double *B, int64_t ldb,
             bool b_trans, double *C, int64_t ldc);

/* exp over arrays (vexp.c), for the interpreter's exp, silu and softmax: a libm call per element was most of
 * their time in WASM (~7 ns each). musl's exp (the WASM build's libm) two lanes at a time, bit for bit, so
 * native and WASM builds agree exactly for 2^-54 <= |arg| < 512; other lanes (tiny, huge, inf, NaN) go to
 * libm's exp() one by one (-inf straight to +0). y may be x (in place); no other overlap. */
void gl_exp_array(int64_t n, const double *x, double *y);               /* y[i] = exp(x[i]) */
void gl_exp_neg_array(int64_t n, const double *x, double *y);           /* y[i] = exp(-x[i]) */
void gl_exp_sub_array(int64_t n, const double *x, double m, double *y); /* y[i] = exp(x[i] - m), rounded x[i] - m */
/* musl's table: 2^(k/128) ~= H[k]·(1 + T[k]), [2k] = bits of T[k], [2k+1] = bits of H[k] - (k << 45).
 * Shared with the tests' scalar transcription of musl's exp (their libm comparison guards its values). */
extern const uint64_t gl_exp_tab[256];

#endif
