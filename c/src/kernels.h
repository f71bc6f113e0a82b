/* kernels.h — internal compute kernels of the interpreter (float64, row-major). */
#ifndef GL_KERNELS_H
#define GL_KERNELS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "graphlab.h"

/* Packing buffers for gl_gemm, grown on demand and reused across calls (one per matmul node, so a
 * batched matmul allocates once). Zero-initialise ({0}); free with gl_gemm_work_free. */
typedef struct {
    double *buf;
    size_t cap;                   /* doubles */
} gl_gemm_work;

void gl_gemm_work_free(gl_gemm_work *w);

/* C[M,N] = A[M,K] · op(B), overwriting C (row strides lda, ldb, ldc, in elements).
 * op(B) = B with B stored [K,N], or, when b_trans, Bᵀ with B stored [N,K] (q·kᵀ without a copy).
 * Each C element is the running sum of its K products in k order, starting from 0.0 (what reference
 * BLAS and numpy's own matmul loop compute, bit for bit). Fails only on allocation (GL_E_NOMEM). */
gl_status gl_gemm(gl_gemm_work *w, int64_t M, int64_t N, int64_t K, const double *A, int64_t lda,
                  const double *B, int64_t ldb, bool b_trans, double *C, int64_t ldc, gl_err *e);

#endif
