/* simd_ceiling.c — the float64 multiply-add ceiling of WASM SIMD128 in the engine that runs the bench.
 *
 * bench/numeric_bench.mjs compares the numeric forward with the reference's interpreter. For a small layer
 * most of the work is matrix products, so the speedup any interpreter can reach is bounded by how fast the
 * engine multiplies and adds float64: WASM has 2-lane f64 vectors only and (without relaxed SIMD) no fused
 * multiply-add, so each pair of flops costs one f64x2.mul and one f64x2.add. This probe runs CHAINS
 * independent chains acc = acc·m + c in registers (no memory traffic, enough chains to cover the
 * latency of mul then add), so its rate is an upper bound for any float64 kernel, ours included.
 *
 * Built as a standalone module with no imports (make bench-numeric → build/simd_ceiling.wasm); the bench
 * times ceiling_run(iters, m, c) from JS. m and c come from JS so the compiler cannot fold the loop.
 */
#include <wasm_simd128.h>

#define CHAINS 10   /* 10 and 12 measured alike; 8 is latency-bound (3 + 3 cycles per step) */

/* Runs iters steps of CHAINS chains: 4 · CHAINS flops per step (2 lanes × mul + add). */
__attribute__((export_name("ceiling_run"))) double ceiling_run(int iters, double m, double c) {
    v128_t a[CHAINS];
    const v128_t vm = wasm_f64x2_splat(m), vc = wasm_f64x2_splat(c);
    for (int j = 0; j < CHAINS; j++) a[j] = wasm_f64x2_splat(1.0 + j);
    for (int i = 0; i < iters; i++)
        for (int j = 0; j < CHAINS; j++) a[j] = wasm_f64x2_add(wasm_f64x2_mul(a[j], vm), vc);
    v128_t s = a[0];
    for (int j = 1; j < CHAINS; j++) s = wasm_f64x2_add(s, a[j]);
    return wasm_f64x2_extract_lane(s, 0) + wasm_f64x2_extract_lane(s, 1);
}

__attribute__((export_name("ceiling_flops_per_iter"))) int ceiling_flops_per_iter(void) { return 4 * CHAINS; }
