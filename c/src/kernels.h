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
 * BLAS and numpy's own matmul loop compute, bit for bit). Allocates nothing (its one packing buffer,
 * 8 KiB, is on the stack), so it cannot fail. */
void gl_gemm(int64_t M, int64_t N, int64_t K, const double *A, int64_t lda, const double *B, int64_t ldb,
             bool b_trans, double *C, int64_t ldc);

#endif
