/* gemm_probe.c — the interpreter's matrix products alone (c/src/exec/matmul.c, gl_gemm), at the shapes one
 * prefill layer of bench/numeric_bench.c calls them with, so their rate can be set against the engine's
 * float64 SIMD ceiling (bench/simd_ceiling.c) without the rest of the forward around them.
 *
 * The shapes of one layer (H = 8, G = 2, R = H / G = 4, dh = d / 8, f = 2d; the calls the interpreter makes,
 * read off a traced run): h·wq and a·wo [T, d]·[d, d]; h·wk and h·wv [T, d]·[d, d/4]; h·w_gate and h·w_up
 * [T, d]·[d, f]; the MLP's down projection [T, f]·[f, d]; per KV group (G of each) the scores
 * [R·T, dh]·[dh, T] and the weighted values [R·T, T]·[T, dh] (kᵀ is materialised before the product).
 *
 * Built twice from the same source (make bench-numeric): build/gemm_probe.wasm with the browser module's
 * flags (a standalone module, no imports; bench/numeric_bench.mjs times probe_layer from JS), and
 * build/gemm_probe natively with -O3 -march=native (`gemm_probe D T MS` prints one JSON row: one layer's
 * products timed part by part, see main). Operands are a deterministic pseudo-random stream. A is one [T, d]
 * activation for every call (it stays in cache, as a forward's activations do); each call's right operand
 * is read from its own place in a 40 MB buffer, as a forward reads its weights (4.25 MB at d = 256: from L3,
 * not L1 or L2). probe_shape times one shape, its right operand moving on through the buffer each call.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "exec/kernels.h"

#define CAP (1 << 20)        /* doubles per A or C buffer: enough for d = 512, T = 128 */
#define BCAP (5 * (1 << 20))  /* doubles of right operands: each of a layer's calls reads its own, like weights */

static double A_[CAP], B_[BCAP], C_[CAP];
static int filled;     /* the operands are filled on first use */

typedef struct {
    int M, N, K, count;
} shape;

/* The layer's products; returns how many shapes (at most 8) and its FLOPs (2·M·N·K per call). */
static int layer_shapes(int d, int T, shape *s, double *flops) {
    const int dh = d / 8, R = 4, G = 2, f = 2 * d;
    const shape all[] = {{T, d, d, 2},      {T, d / 4, d, 2}, {T, f, d, 2},        {T, d, f, 1},
                         {R * T, T, dh, G}, {R * T, dh, T, G}};
    int n = 0;
    *flops = 0;
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++) {
        s[n++] = all[i];
        *flops += 2.0 * all[i].M * all[i].N * all[i].K * all[i].count;
    }
    return n;
}

static void fill(void) {
    uint64_t x = 12345;
    for (int i = 0; i < BCAP; i++) {
        x = x * 6364136223846793005ull + 1442695040888963407ull;
        const double v = (double)(x >> 11) / 9007199254740992.0 - 0.5;
        if (i < CAP) A_[i] = v;
        B_[i] = -v * 0.5;
    }
}

/* reps forwards' worth of the layer's products; returns a checksum (keeps the work observable). */
#ifdef __wasm__
__attribute__((export_name("probe_layer")))
#endif
double probe_layer(int d, int T, int reps) {
    if (!filled) fill(), filled = 1;
    shape s[8] = {{0, 0, 0, 0}};
    double flops;
    const int n = layer_shapes(d, T, s, &flops);
    double sum = 0;
    for (int r = 0; r < reps; r++) {
        int64_t off = 0;                               /* the calls' right operands one after another */
        for (int i = 0; i < n; i++)
            for (int c = 0; c < s[i].count; c++) {
                const int64_t kn = (int64_t)s[i].K * s[i].N;
                if ((int64_t)s[i].M * s[i].K > CAP || off + kn > BCAP || (int64_t)s[i].M * s[i].N > CAP) return -1;
                gl_gemm(s[i].M, s[i].N, s[i].K, A_, s[i].K, B_ + off, s[i].N, false, C_, s[i].N);
                off += kn;
                sum += C_[0];
            }
    }
    return sum;
}

/* The layer's part i of probe_layer_parts(): its shape's count calls, reps times; -1 if i is out of range or
 * it does not fit. Timing the parts one by one (each call 0.01-2 ms) lets a timer on a shared machine find
 * interruption-free runs that a whole layer's worth of calls rarely gets. */
#ifdef __wasm__
__attribute__((export_name("probe_layer_parts")))
#endif
int probe_layer_parts(void) { return 6; }

#ifdef __wasm__
__attribute__((export_name("probe_layer_part")))
#endif
double probe_layer_part(int d, int T, int i, int reps) {
    if (!filled) fill(), filled = 1;
    shape s[8] = {{0, 0, 0, 0}};
    double flops;
    const int n = layer_shapes(d, T, s, &flops);
    if (i < 0 || i >= n) return -1;
    int64_t span = 0;                                /* the layer's right operands, as probe_layer lays them */
    for (int j = 0; j < n; j++) span += (int64_t)s[j].K * s[j].N * s[j].count;
    const int64_t kn = (int64_t)s[i].K * s[i].N;
    if ((int64_t)s[i].M * s[i].K > CAP || span > BCAP || (int64_t)s[i].M * s[i].N > CAP) return -1;
    double sum = 0;
    int64_t off = 0;
    for (int r = 0; r < reps; r++)                  /* through that span, so B comes from where a forward's */
        for (int c = 0; c < s[i].count; c++) {      /* weights do (L3 at d = 256), not from L1 or L2 */
            if (off + kn > span) off = 0;
            gl_gemm(s[i].M, s[i].N, s[i].K, A_, s[i].K, B_ + off, s[i].N, false, C_, s[i].N);
            off += kn;
            sum += C_[0];
        }
    return sum;
}

#ifdef __wasm__
__attribute__((export_name("probe_layer_part_flops")))
#endif
double probe_layer_part_flops(int d, int T, int i) {
    shape s[8] = {{0, 0, 0, 0}};
    double flops;
    const int n = layer_shapes(d, T, s, &flops);
    return i < 0 || i >= n ? -1 : 2.0 * s[i].M * s[i].N * s[i].K * s[i].count;
}

/* reps products of one shape [M, K]·[K, N] (for a breakdown by shape); -1 if it does not fit. */
#ifdef __wasm__
__attribute__((export_name("probe_shape")))
#endif
double probe_shape(int M, int N, int K, int reps) {
    if (!filled) fill(), filled = 1;
    if ((int64_t)M * K > CAP || (int64_t)K * N > CAP || (int64_t)M * N > CAP) return -1;
    double sum = 0;
    int64_t off = 0;
    for (int r = 0; r < reps; r++) {             /* B from a new place each time (L3, as the weights are) */
        if (off + (int64_t)K * N > BCAP) off = 0;
        gl_gemm(M, N, K, A_, K, B_ + off, N, false, C_, N);
        off += (int64_t)K * N;
        sum += C_[0];
    }
    return sum;
}

#ifdef __wasm__
__attribute__((export_name("probe_layer_flops")))
#endif
double probe_layer_flops(int d, int T) {
    shape s[8] = {{0, 0, 0, 0}};
    double flops;
    layer_shapes(d, T, s, &flops);
    return flops;
}

#ifndef __wasm__
#include <time.h>

static double now_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

/* gemm_probe D T MS: one layer's products over MS ms of repeats, as one JSON row: ms is the sum over the
 * layer's parts (probe_layer_part) of each part's fastest run. */
int main(int argc, char **argv) {
    if (argc != 4) {
        fprintf(stderr, "usage: gemm_probe D T MS\n");
        return 2;
    }
    const int d = atoi(argv[1]), T = atoi(argv[2]);
    const double budget = atof(argv[3]);
    double sum = probe_layer(d, T, 1);                      /* fills the operands, warms the caches */
    double part[8];
    const int np = probe_layer_parts();
    for (int i = 0; i < np; i++) part[i] = 1e300;
    int reps = 0;
    const double start = now_ms();
    while (reps < 5 || now_ms() - start < budget) {          /* each part's fastest run, parts in turn */
        for (int i = 0; i < np; i++) {
            const double t0 = now_ms();
            sum += probe_layer_part(d, T, i, 1);
            const double t = now_ms() - t0;
            if (t < part[i]) part[i] = t;
        }
        reps++;
    }
    double best = 0;
    for (int i = 0; i < np; i++) best += part[i];
    printf("{\"d\": %d, \"T\": %d, \"ms\": %.6f, \"flops\": %.0f, \"reps\": %d, \"check\": %.6g}\n", d, T, best,
           probe_layer_flops(d, T), reps, sum);
    return 0;
}
#endif
