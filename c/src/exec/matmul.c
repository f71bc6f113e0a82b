/* matmul.c — the float64 GEMM behind matmul and flash_attn.
 *
 * Shapes here are small to medium (a layer's projections [T, d]·[d, n], attention's batched
 * [R·T, dh]·[dh, T] and [R·T, T]·[T, dh]), so the layout favours low overhead over deep blocking:
 *
 *   for pc in K by KC:                       (running sums carry from one K block to the next in C)
 *     for ic in M by MC:                     A rows are read in place (row stride lda)
 *       for each 4-wide column strip of op(B):
 *         pack the strip [KC × 4] (8 KiB on the stack), unless op(B) is read in place (below)
 *         for each 4-row strip of A:
 *           micro-kernel: a 4 × 4 tile of C in registers over the KC steps, loaded from / stored to C
 *
 * The micro-kernel keeps 4 × 2 two-lane accumulators (8 vectors, plus 2 for a row of B, 1 broadcast
 * A value and 1 product): inside the 16 registers of x86-64 SSE and of V8's WASM backend, which keeps
 * one for itself (a 6 × 4 tile spills there and runs ~40% slower; a 5 × 4 one, with five row pointers,
 * ran ~20% slower in this driver). It is written with the GCC/Clang generic vector extension (no
 * intrinsics, so the same source compiles to SSE2, AVX or WASM SIMD128); other compilers get the plain-C
 * version of the same loop. The tile lives in C itself (no copy in and out), A is never packed (four row
 * pointers feed the broadcasts), and B's strip is packed only when that pays: for op(B) = Bᵀ (a gather),
 * when at least PACK_M rows reuse it, or when B's rows are far apart (a strided walk over many pages).
 * With few rows (a short prompt) the strip is read in place: packing would cost as much as the product.
 *
 * Wide products (16+ rows, 128+ columns: a layer's projections and MLP at d >= 128) take gemm_packed
 * instead: A packed too, in 4-row panels (PMC rows per K block of PKC), and op(B) packed a panel of PNC
 * columns at a time, its rows read in order, so that each 4 × 4 tile runs from two sequential streams
 * with one pointer each (kernel_4x4p). In V8 that kernel is 6 loads, 16 vector ops and ~3 integer ops
 * per k step, against the in-place kernel's 5 pointer updates; and no A rows a power-of-two apart
 * competing for L1 sets. Measured in V8 on the d = 256, T = 64 layer's products (bench/gemm_probe.c,
 * weights read from L3 as in a forward): ~5% faster; narrower products measured no gain (packing A costs
 * more than N / 4 tiles reuse it). Stack: PMC·PKC + PKC·PNC doubles (192 KiB).
 *
 * Numerics: every C element is the running sum 0 + a0·b0 + a1·b1 + ... in k order (a K block starts
 * from what the previous block left in C; no FMA contraction under -std=c11): bit for bit what the
 * naive triple loop, reference BLAS and numpy's own non-BLAS loop compute.
 * Fewer than 4 rows (matrix-vector products in decode) take a path that streams B row by row.
 */
#include <string.h>

#include "exec/kernels.h"
#include "exec/vec2.h"

#define MR 4                      /* micro-tile rows */
#define NR 4                      /* micro-tile columns (two 2-lane vectors) */
#define KC 256                    /* depth of a K block (a packed strip is KC × NR doubles: 8 KiB) */
#define MC 128                    /* rows of A swept per packed strip (an MC × KC block of A: 256 KiB, L2) */
#define PACK_M 16                 /* from this many rows, op(B)'s strips are packed */
#define FAR_LDB 1024              /* ... and whenever B's rows are more than this many doubles apart */
#define SMALL_M 4                 /* below this many rows: gemm_small */
/* gemm_packed (each overridable with -D for tuning; these measured best in V8 on Zen 3 among KC 64-256,
 * MC 32-128, NC 32-512, and the thresholds 16-128 columns) */
#ifndef PKC
#define PKC 256                   /* depth of its K blocks */
#endif
#ifndef PMC
#define PMC 64                    /* rows of A packed per K block (64 × 256 doubles: 128 KiB) */
#endif
#ifndef PNC
#define PNC 32                    /* columns of op(B) packed at a time (256 × 32 doubles: 64 KiB) */
#endif
#ifndef PACKED_M
#define PACKED_M 16               /* taken from this many rows ... */
#endif
#ifndef PACKED_N
#define PACKED_N 128              /* ... and this many columns */
#endif


/* ---------------------------------------------------------------- micro-kernels */
/* C[0:4, 0:4] = (first ? 0 : C) + Σ_k A[0:4, k] ⊗ B[k, 0:4], the products added one k at a time.
 * A's rows are lda apart; B's k-th row of 4 is at b + k·bs (bs = NR for a packed strip, ldb in place). */
static void kernel_4x4(int64_t kc, const double *restrict a, int64_t lda, const double *restrict b, int64_t bs,
                       double *restrict c, int64_t ldc, bool first) {
    const double *a0 = a, *a1 = a + lda, *a2 = a1 + lda, *a3 = a2 + lda;
    double *c0 = c, *c1 = c + ldc, *c2 = c1 + ldc, *c3 = c2 + ldc;
#if GL_VEC
    v2d c00, c01, c10, c11, c20, c21, c30, c31;
    if (first) {
        c00 = c01 = c10 = c11 = c20 = c21 = c30 = c31 = (v2d){0.0, 0.0};
    } else {
        c00 = v_load(c0); c01 = v_load(c0 + 2); c10 = v_load(c1); c11 = v_load(c1 + 2);
        c20 = v_load(c2); c21 = v_load(c2 + 2); c30 = v_load(c3); c31 = v_load(c3 + 2);
    }
    for (int64_t k = 0; k < kc; k++, b += bs) {
        const v2d b0 = v_load(b), b1 = v_load(b + 2);
        v2d ai;
        ai = SPLAT(a0[k]); c00 += ai * b0; c01 += ai * b1;
        ai = SPLAT(a1[k]); c10 += ai * b0; c11 += ai * b1;
        ai = SPLAT(a2[k]); c20 += ai * b0; c21 += ai * b1;
        ai = SPLAT(a3[k]); c30 += ai * b0; c31 += ai * b1;
    }
    v_store(c0, c00); v_store(c0 + 2, c01); v_store(c1, c10); v_store(c1 + 2, c11);
    v_store(c2, c20); v_store(c2 + 2, c21); v_store(c3, c30); v_store(c3 + 2, c31);
#else
    double t[MR][NR];
    const double *ar[MR] = {a0, a1, a2, a3};
    double *cr[MR] = {c0, c1, c2, c3};
    for (int i = 0; i < MR; i++)
        for (int j = 0; j < NR; j++) t[i][j] = first ? 0.0 : cr[i][j];
    for (int64_t k = 0; k < kc; k++, b += bs)
        for (int i = 0; i < MR; i++)
            for (int j = 0; j < NR; j++) t[i][j] += ar[i][k] * b[j];
    for (int i = 0; i < MR; i++)
        for (int j = 0; j < NR; j++) cr[i][j] = t[i][j];
#endif
}

/* The same tile from packed operands: pa holds A's 4 rows k-major (pa[4k + i] = A[i, k]), pb op(B)'s 4
 * columns k-major (pb[4k + j]). One pointer each, stepping 32 bytes per k: in WASM that leaves one i32 add
 * per operand per k step beside the 6 loads and 16 vector ops, where the in-place kernel above adds to five
 * pointers (and its four A rows, a power-of-two stride apart, compete for the same L1 sets). */
static void kernel_4x4p(int64_t kc, const double *restrict pa, const double *restrict pb, double *restrict c,
                        int64_t ldc, bool first) {
    double *c0 = c, *c1 = c + ldc, *c2 = c1 + ldc, *c3 = c2 + ldc;
#if GL_VEC
    v2d c00, c01, c10, c11, c20, c21, c30, c31;
    if (first) {
        c00 = c01 = c10 = c11 = c20 = c21 = c30 = c31 = (v2d){0.0, 0.0};
    } else {
        c00 = v_load(c0); c01 = v_load(c0 + 2); c10 = v_load(c1); c11 = v_load(c1 + 2);
        c20 = v_load(c2); c21 = v_load(c2 + 2); c30 = v_load(c3); c31 = v_load(c3 + 2);
    }
    for (const double *end = pa + kc * MR; pa != end; pa += MR, pb += NR) {
        const v2d b0 = v_load(pb), b1 = v_load(pb + 2);
        v2d ai;
        ai = SPLAT(pa[0]); c00 += ai * b0; c01 += ai * b1;
        ai = SPLAT(pa[1]); c10 += ai * b0; c11 += ai * b1;
        ai = SPLAT(pa[2]); c20 += ai * b0; c21 += ai * b1;
        ai = SPLAT(pa[3]); c30 += ai * b0; c31 += ai * b1;
    }
    v_store(c0, c00); v_store(c0 + 2, c01); v_store(c1, c10); v_store(c1 + 2, c11);
    v_store(c2, c20); v_store(c2 + 2, c21); v_store(c3, c30); v_store(c3 + 2, c31);
#else
    double t[MR][NR];
    double *cr[MR] = {c0, c1, c2, c3};
    for (int i = 0; i < MR; i++)
        for (int j = 0; j < NR; j++) t[i][j] = first ? 0.0 : cr[i][j];
    for (int64_t k = 0; k < kc; k++, pa += MR, pb += NR)
        for (int i = 0; i < MR; i++)
            for (int j = 0; j < NR; j++) t[i][j] += pa[i] * pb[j];
    for (int i = 0; i < MR; i++)
        for (int j = 0; j < NR; j++) cr[i][j] = t[i][j];
#endif
}

/* The same for the last 1-3 rows of a 4-wide strip, one row at a time. */
static void kernel_rx4(int64_t mr, int64_t kc, const double *restrict a, int64_t lda, const double *restrict b,
                       int64_t bs, double *restrict c, int64_t ldc, bool first) {
    for (int64_t i = 0; i < mr; i++) {
        const double *ai = a + i * lda, *bk = b;
        double *ci = c + i * ldc;
#if GL_VEC
        v2d x0 = first ? (v2d){0.0, 0.0} : v_load(ci), x1 = first ? (v2d){0.0, 0.0} : v_load(ci + 2);
        for (int64_t k = 0; k < kc; k++, bk += bs) {
            const v2d s = SPLAT(ai[k]);
            x0 += s * v_load(bk);
            x1 += s * v_load(bk + 2);
        }
        v_store(ci, x0);
        v_store(ci + 2, x1);
#else
        double t[NR];
        for (int j = 0; j < NR; j++) t[j] = first ? 0.0 : ci[j];
        for (int64_t k = 0; k < kc; k++, bk += bs)
            for (int j = 0; j < NR; j++) t[j] += ai[k] * bk[j];
        for (int j = 0; j < NR; j++) ci[j] = t[j];
#endif
    }
}

/* mr rows × the last 1-3 columns, element by element. */
static void kernel_rxn(int64_t mr, int64_t nr, int64_t kc, const double *restrict a, int64_t lda,
                       const double *restrict b, int64_t bs, double *restrict c, int64_t ldc, bool first) {
    for (int64_t i = 0; i < mr; i++)
        for (int64_t j = 0; j < nr; j++) {
            const double *ai = a + i * lda, *bk = b + j;
            double s = first ? 0.0 : c[i * ldc + j];
            for (int64_t k = 0; k < kc; k++, bk += bs) s += ai[k] * *bk;
            c[i * ldc + j] = s;
        }
}

/* ---------------------------------------------------------------- packing */
/* op(B)[0:kc, 0:nr] → bp[kc][NR], k-major; columns past nr are zero. B points at op(B)[0, 0]. */
static void pack_strip(int64_t kc, int64_t nr, const double *B, int64_t ldb, bool trans, double *restrict bp) {
    if (nr == NR && !trans) {
        for (int64_t k = 0; k < kc; k++, bp += NR) memcpy(bp, B + k * ldb, NR * sizeof *bp);
        return;
    }
    if (nr == NR) {
        const double *b0 = B, *b1 = b0 + ldb, *b2 = b1 + ldb, *b3 = b2 + ldb;
        for (int64_t k = 0; k < kc; k++, bp += NR) {
            bp[0] = b0[k];
            bp[1] = b1[k];
            bp[2] = b2[k];
            bp[3] = b3[k];
        }
        return;
    }
    for (int64_t k = 0; k < kc; k++, bp += NR) {
        for (int64_t j = 0; j < nr; j++) bp[j] = trans ? B[j * ldb + k] : B[k * ldb + j];
        for (int64_t j = nr; j < NR; j++) bp[j] = 0.0;
    }
}

/* A[0:mc4, 0:kc] (mc4 a multiple of MR) → pa, one MR-row panel after another, each k-major: pa[p·MR·kc + MR·k + i]
 * = A[p·MR + i, k]. Each row is read in order. */
static void pack_a(int64_t mc4, int64_t kc, const double *A, int64_t lda, double *restrict pa) {
    for (int64_t p = 0; p < mc4; p += MR, pa += MR * kc)
        for (int64_t i = 0; i < MR; i++) {
            const double *a = A + (p + i) * lda;
            for (int64_t k = 0; k < kc; k++) pa[MR * k + i] = a[k];
        }
}

/* op(B)[0:kc, 0:nc] → bp, one NR-column strip after another (the last one zero-padded), each k-major:
 * bp[s·NR·kc + NR·k + j] = op(B)[k, s·NR + j]. B's rows are read in order (whole cache lines, one page at a
 * time) rather than NR columns down all kc rows, which for a wide B touches kc pages per strip. */
static void pack_b_panel(int64_t kc, int64_t nc, const double *B, int64_t ldb, bool trans, double *restrict bp) {
    const int64_t ns = (nc + NR - 1) / NR;
    if (!trans) {
        for (int64_t k = 0; k < kc; k++) {
            const double *b = B + k * ldb;
            double *q = bp + NR * k;
            int64_t j = 0;
            for (; j + NR <= nc; j += NR, q += NR * kc) memcpy(q, b + j, NR * sizeof *q);
            if (j < nc) {
                for (int64_t t = 0; t < NR; t++) q[t] = j + t < nc ? b[j + t] : 0.0;
            }
        }
        return;
    }
    for (int64_t j = 0; j < ns * NR; j++) {        /* op(B)'s column j is B's row j */
        double *q = bp + (j / NR) * NR * kc + j % NR;
        if (j >= nc) {
            for (int64_t k = 0; k < kc; k++) q[NR * k] = 0.0;
            continue;
        }
        const double *b = B + j * ldb;
        for (int64_t k = 0; k < kc; k++) q[NR * k] = b[k];
    }
}

/* ---------------------------------------------------------------- fewer than 4 rows */
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

/* ---------------------------------------------------------------- packed driver */
/* Both operands packed, for products wide enough to reuse them: per K block of PKC, A's rows in MR-row
 * panels (PMC rows at a time), op(B) in panels of PNC columns cut into NR-wide strips; every 4 × 4 tile
 * then runs kernel_4x4p. Rows and columns left over take the in-place kernels (A read in place, B from its
 * packed strip). */
static void gemm_packed(int64_t M, int64_t N, int64_t K, const double *A, int64_t lda, const double *B,
                        int64_t ldb, bool b_trans, double *C, int64_t ldc) {
    double pa[PMC * PKC], pb[PKC * PNC];
    for (int64_t pc = 0; pc < K; pc += PKC) {
        const int64_t kc = K - pc < PKC ? K - pc : PKC;
        const bool first = pc == 0;
        for (int64_t ic = 0; ic < M; ic += PMC) {
            const int64_t mc = M - ic < PMC ? M - ic : PMC, mc4 = mc / MR * MR;
            const double *a = A + ic * lda + pc;
            pack_a(mc4, kc, a, lda, pa);
            for (int64_t jc = 0; jc < N; jc += PNC) {
                const int64_t nc = N - jc < PNC ? N - jc : PNC;
                pack_b_panel(kc, nc, b_trans ? B + jc * ldb + pc : B + pc * ldb + jc, ldb, b_trans, pb);
                for (int64_t jr = 0; jr < nc; jr += NR) {
                    const int64_t nr = nc - jr < NR ? nc - jr : NR;
                    const double *strip = pb + jr * kc;
                    double *c = C + ic * ldc + jc + jr;
                    if (nr < NR) {
                        kernel_rxn(mc, nr, kc, a, lda, strip, NR, c, ldc, first);
                        continue;
                    }
                    for (int64_t ir = 0; ir < mc4; ir += MR)
                        kernel_4x4p(kc, pa + ir * kc, strip, c + ir * ldc, ldc, first);
                    if (mc4 < mc) kernel_rx4(mc - mc4, kc, a + mc4 * lda, lda, strip, NR, c + mc4 * ldc, ldc, first);
                }
            }
        }
    }
}

/* ---------------------------------------------------------------- driver */
void gl_gemm(int64_t M, int64_t N, int64_t K, const double *A, int64_t lda, const double *B, int64_t ldb,
             bool b_trans, double *C, int64_t ldc) {
    if (M <= 0 || N <= 0) return;
    if (K <= 0) {
        for (int64_t i = 0; i < M; i++) memset(C + i * ldc, 0, (size_t)N * sizeof *C);
        return;
    }
    if (M < SMALL_M) {
        gemm_small(M, N, K, A, lda, B, ldb, b_trans, C, ldc);
        return;
    }
    if (M >= PACKED_M && N >= PACKED_N) {
        gemm_packed(M, N, K, A, lda, B, ldb, b_trans, C, ldc);
        return;
    }
    const bool pack = b_trans || M >= PACK_M || ldb > FAR_LDB;
    double strip[KC * NR];
    for (int64_t pc = 0; pc < K; pc += KC) {
        const int64_t kc = K - pc < KC ? K - pc : KC;
        const bool first = pc == 0;
        for (int64_t ic = 0; ic < M; ic += MC) {
            const int64_t mc = M - ic < MC ? M - ic : MC, mc4 = mc / MR * MR;
            const double *a = A + ic * lda + pc;
            for (int64_t jr = 0; jr < N; jr += NR) {
                const int64_t nr = N - jr < NR ? N - jr : NR;
                const double *b = b_trans ? B + jr * ldb + pc : B + pc * ldb + jr;
                int64_t bs = ldb;
                if (pack) {
                    pack_strip(kc, nr, b, ldb, b_trans, strip);
                    b = strip;
                    bs = NR;
                }
                double *c = C + ic * ldc + jr;
                if (nr < NR) {
                    kernel_rxn(mc, nr, kc, a, lda, b, bs, c, ldc, first);
                    continue;
                }
                int64_t ir = 0;
                for (; ir < mc4; ir += MR) kernel_4x4(kc, a + ir * lda, lda, b, bs, c + ir * ldc, ldc, first);
                if (ir < mc) kernel_rx4(mc - ir, kc, a + ir * lda, lda, b, bs, c + ir * ldc, ldc, first);
            }
        }
    }
}
