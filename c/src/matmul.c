/* matmul.c — the float64 GEMM behind matmul and flash_attn.
 *
 * Layout (the classic Goto/BLIS scheme, sized for 128-bit SIMD: SSE2 natively, SIMD128 in WASM):
 *
 *   for jc in N by NC:                     B panel  [KC × NC]  packed once, stays in L2/L3
 *     for pc in K by KC:
 *       pack B[pc:pc+KC, jc:jc+NC] into NR-wide column strips
 *       for ic in M by MC:                 A block  [MC × KC]  packed, stays in L2
 *         pack A[ic:ic+MC, pc:pc+KC] into MR-tall row strips
 *         for each NR strip of B, each MR strip of A:
 *           micro-kernel: an MR × NR tile of C held in registers over KC steps
 *
 * The micro-kernel keeps MR × NR/2 two-lane accumulators (4 × 2 = 8 vectors, plus 2 for a row of B
 * and 1-2 for broadcast A values): well inside the 16 registers of x86-64 SSE, and of V8's WASM
 * backend, which keeps some for itself (a 6 × 4 tile, 15 registers, spilled there and ran ~30% slower).
 * It is written with the GCC/Clang generic vector extension (no intrinsics, so the same source
 * compiles to SSE2, AVX or WASM SIMD128); other compilers get the plain-C version of the same loop.
 *
 * Numerics: every C element is the running sum 0 + a0·b0 + a1·b1 + ... in k order (a K block starts
 * from the C tile the previous block left; no FMA contraction under -std=c11): bit for bit what the
 * naive triple loop, reference BLAS and numpy's own non-BLAS loop compute.
 * Small M (matrix-vector products in decode) skips packing: packing B would cost as much as the
 * product itself.
 */
#include <stdlib.h>
#include <string.h>

#include "kernels.h"
#include "util.h"

#define MR 4                      /* micro-tile rows */
#define NR 4                      /* micro-tile columns (two 2-lane vectors) */
#define KC 256                    /* depth of a packed panel */
#define MC 64                     /* rows of a packed A block (a multiple of MR) */
#define NC 1024                   /* columns of a packed B panel (a multiple of NR) */
#define SMALL_M 4                 /* below this many rows, no packing */

#if (defined(__GNUC__) || defined(__clang__)) && !defined(GL_NO_VECTOR_EXT)
#define GL_VEC 1
typedef double v2d __attribute__((vector_size(16)));
static inline v2d v_load(const double *p) {
    v2d v;
    memcpy(&v, p, sizeof v);
    return v;
}
static inline void v_store(double *p, v2d v) { memcpy(p, &v, sizeof v); }
#else
#define GL_VEC 0
#endif

void gl_gemm_work_free(gl_gemm_work *w) {
    if (!w) return;
    free(w->buf);
    w->buf = NULL;
    w->cap = 0;
}

/* ---------------------------------------------------------------- micro-kernel */
/* t[MR][NR] += Σ_k a[k][0..MR) ⊗ b[k][0..NR), adding the products to t one k at a time; a and b are
 * packed strips (MR resp. NR values per k). */
static void micro_kernel(int64_t kc, const double *restrict a, const double *restrict b, double *restrict t) {
#if GL_VEC
    v2d c00 = v_load(t + 0 * NR), c01 = v_load(t + 0 * NR + 2), c10 = v_load(t + 1 * NR), c11 = v_load(t + 1 * NR + 2);
    v2d c20 = v_load(t + 2 * NR), c21 = v_load(t + 2 * NR + 2), c30 = v_load(t + 3 * NR), c31 = v_load(t + 3 * NR + 2);
    for (int64_t k = 0; k < kc; k++, a += MR, b += NR) {
        const v2d b0 = v_load(b), b1 = v_load(b + 2);
        v2d ai;
        ai = (v2d){a[0], a[0]}; c00 += ai * b0; c01 += ai * b1;
        ai = (v2d){a[1], a[1]}; c10 += ai * b0; c11 += ai * b1;
        ai = (v2d){a[2], a[2]}; c20 += ai * b0; c21 += ai * b1;
        ai = (v2d){a[3], a[3]}; c30 += ai * b0; c31 += ai * b1;
    }
    v_store(t + 0 * NR, c00); v_store(t + 0 * NR + 2, c01);
    v_store(t + 1 * NR, c10); v_store(t + 1 * NR + 2, c11);
    v_store(t + 2 * NR, c20); v_store(t + 2 * NR + 2, c21);
    v_store(t + 3 * NR, c30); v_store(t + 3 * NR + 2, c31);
#else
    double c[MR][NR];
    memcpy(c, t, sizeof c);
    for (int64_t k = 0; k < kc; k++, a += MR, b += NR)
        for (int i = 0; i < MR; i++)
            for (int j = 0; j < NR; j++) c[i][j] += a[i] * b[j];
    memcpy(t, c, sizeof c);
#endif
}

/* The running sums of a tile: zero for the first K block, else C so far (t's padding is zero). */
static void tile_in(double *restrict t, const double *restrict c, int64_t ldc, int mr, int nr, bool first) {
    memset(t, 0, MR * NR * sizeof *t);
    if (first) return;
    for (int i = 0; i < mr; i++) memcpy(t + i * NR, c + i * ldc, (size_t)nr * sizeof *t);
}

static void tile_out(const double *restrict t, double *restrict c, int64_t ldc, int mr, int nr) {
    for (int i = 0; i < mr; i++) memcpy(c + i * ldc, t + i * NR, (size_t)nr * sizeof *t);
}

/* ---------------------------------------------------------------- packing */
/* A[0:mc, 0:kc] → MR-tall strips, k-major inside a strip; rows past mc are zero. */
static void pack_a(int64_t mc, int64_t kc, const double *A, int64_t lda, double *restrict ap) {
    for (int64_t i0 = 0; i0 < mc; i0 += MR) {
        int64_t mr = mc - i0 < MR ? mc - i0 : MR;
        for (int64_t k = 0; k < kc; k++) {
            for (int64_t i = 0; i < mr; i++) ap[i] = A[(i0 + i) * lda + k];
            for (int64_t i = mr; i < MR; i++) ap[i] = 0.0;
            ap += MR;
        }
    }
}

/* op(B)[0:kc, 0:nc] → NR-wide strips, k-major inside a strip; columns past nc are zero. */
static void pack_b(int64_t kc, int64_t nc, const double *B, int64_t ldb, bool trans, double *restrict bp) {
    for (int64_t j0 = 0; j0 < nc; j0 += NR) {
        int64_t nr = nc - j0 < NR ? nc - j0 : NR;
        if (!trans && nr == NR) {
            for (int64_t k = 0; k < kc; k++, bp += NR) memcpy(bp, B + k * ldb + j0, NR * sizeof *bp);
            continue;
        }
        for (int64_t k = 0; k < kc; k++, bp += NR) {
            for (int64_t j = 0; j < nr; j++) bp[j] = trans ? B[(j0 + j) * ldb + k] : B[k * ldb + j0 + j];
            for (int64_t j = nr; j < NR; j++) bp[j] = 0.0;
        }
    }
}

/* ---------------------------------------------------------------- small M: no packing */
/* c[0:n] = (((c + s0·b0) + s1·b1) + s2·b2) + s3·b3, element by element: four rows of B per pass
 * over c, with each element's sum still taken in k order. */
static void axpy4(int64_t n, const double *s, const double *restrict b0, const double *restrict b1,
                  const double *restrict b2, const double *restrict b3, double *restrict c) {
    int64_t j = 0;
#if GL_VEC
    const v2d s0 = {s[0], s[0]}, s1 = {s[1], s[1]}, s2 = {s[2], s[2]}, s3 = {s[3], s[3]};
    for (; j + 4 <= n; j += 4) {
        v2d x = v_load(c + j), y = v_load(c + j + 2);
        x += s0 * v_load(b0 + j); y += s0 * v_load(b0 + j + 2);
        x += s1 * v_load(b1 + j); y += s1 * v_load(b1 + j + 2);
        x += s2 * v_load(b2 + j); y += s2 * v_load(b2 + j + 2);
        x += s3 * v_load(b3 + j); y += s3 * v_load(b3 + j + 2);
        v_store(c + j, x);
        v_store(c + j + 2, y);
    }
#endif
    for (; j < n; j++) {
        double x = c[j];
        x += s[0] * b0[j];
        x += s[1] * b1[j];
        x += s[2] * b2[j];
        x += s[3] * b3[j];
        c[j] = x;
    }
}

static void gemm_small(int64_t M, int64_t N, int64_t K, const double *A, int64_t lda, const double *B,
                       int64_t ldb, bool trans, double *C, int64_t ldc) {
    for (int64_t i = 0; i < M; i++) {
        const double *ai = A + i * lda;
        double *ci = C + i * ldc;
        if (!trans) {
            /* c_i = Σ_k a_ik · B_k, streaming the rows of B in k order */
            memset(ci, 0, (size_t)N * sizeof *ci);
            int64_t k = 0;
            for (; k + 4 <= K; k += 4) {
                const double *bk = B + k * ldb;
                axpy4(N, ai + k, bk, bk + ldb, bk + 2 * ldb, bk + 3 * ldb, ci);
            }
            for (; k < K; k++)
                for (int64_t j = 0; j < N; j++) ci[j] += ai[k] * B[k * ldb + j];
        } else {
            /* c_ij = a_i · b_j (the rows of B are the columns of op(B)): four columns at a time, each
             * dot product a running sum in k order */
            int64_t j = 0;
            for (; j + 4 <= N; j += 4) {
                const double *b0 = B + j * ldb, *b1 = b0 + ldb, *b2 = b1 + ldb, *b3 = b2 + ldb;
                double s0 = 0.0, s1 = 0.0, s2 = 0.0, s3 = 0.0;
                for (int64_t k = 0; k < K; k++) {
                    const double x = ai[k];
                    s0 += x * b0[k];
                    s1 += x * b1[k];
                    s2 += x * b2[k];
                    s3 += x * b3[k];
                }
                ci[j] = s0;
                ci[j + 1] = s1;
                ci[j + 2] = s2;
                ci[j + 3] = s3;
            }
            for (; j < N; j++) {
                const double *bj = B + j * ldb;
                double s0 = 0.0;
                for (int64_t k = 0; k < K; k++) s0 += ai[k] * bj[k];
                ci[j] = s0;
            }
        }
    }
}

/* ---------------------------------------------------------------- driver */
gl_status gl_gemm(gl_gemm_work *w, int64_t M, int64_t N, int64_t K, const double *A, int64_t lda,
                  const double *B, int64_t ldb, bool b_trans, double *C, int64_t ldc, gl_err *e) {
    if (M <= 0 || N <= 0) return GL_OK;
    if (K <= 0) {
        for (int64_t i = 0; i < M; i++) memset(C + i * ldc, 0, (size_t)N * sizeof *C);
        return GL_OK;
    }
    if (M < SMALL_M) {
        gemm_small(M, N, K, A, lda, B, ldb, b_trans, C, ldc);
        return GL_OK;
    }
    /* buffers: packed A block, then packed B panel, each rounded up to whole strips */
    int64_t kc_max = K < KC ? K : KC;
    int64_t mc_max = M < MC ? M : MC, nc_max = N < NC ? N : NC;
    size_t a_len = (size_t)((mc_max + MR - 1) / MR * MR * kc_max);
    size_t b_len = (size_t)((nc_max + NR - 1) / NR * NR * kc_max);
    if (w->cap < a_len + b_len) {
        double *nb = gl_grow(w->buf, a_len + b_len, sizeof *nb, e);
        if (!nb) return GL_E_NOMEM;
        w->buf = nb;
        w->cap = a_len + b_len;
    }
    double *ap = w->buf, *bp = w->buf + a_len;
    double tile[MR * NR];

    for (int64_t jc = 0; jc < N; jc += NC) {
        int64_t nc = N - jc < NC ? N - jc : NC;
        for (int64_t pc = 0; pc < K; pc += KC) {
            int64_t kc = K - pc < KC ? K - pc : KC;
            const double *bsrc = b_trans ? B + jc * ldb + pc : B + pc * ldb + jc;
            pack_b(kc, nc, bsrc, ldb, b_trans, bp);
            for (int64_t ic = 0; ic < M; ic += MC) {
                int64_t mc = M - ic < MC ? M - ic : MC;
                pack_a(mc, kc, A + ic * lda + pc, lda, ap);
                for (int64_t jr = 0; jr < nc; jr += NR) {
                    int nr = (int)(nc - jr < NR ? nc - jr : NR);
                    for (int64_t ir = 0; ir < mc; ir += MR) {
                        int mr = (int)(mc - ir < MR ? mc - ir : MR);
                        double *c = C + (ic + ir) * ldc + jc + jr;
                        tile_in(tile, c, ldc, mr, nr, pc == 0);
                        micro_kernel(kc, ap + ir * kc, bp + jr * kc, tile);
                        tile_out(tile, c, ldc, mr, nr);
                    }
                }
            }
        }
    }
    return GL_OK;
}
