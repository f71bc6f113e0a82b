/* rng.h — the one generator behind every seeded value (gl_params_random / gl_inputs_random in layers.c,
 * a program's params and inputs in py_random.c, the dynamic demo's inputs in demos/dynamic_demo.c): xoshiro256** seeded by splitmix64, normals by the
 * Irwin–Hall sum of 12 uniforms (only + and *, so the numbers are bit-identical in every build, native or
 * WASM, whatever the libm). Header-only: each user gets its own static copy, no shared state. */
#ifndef GL_FRONT_RNG_H
#define GL_FRONT_RNG_H

#include <stdint.h>

typedef struct { uint64_t s[4]; } gl_rng;

static inline uint64_t gl_rng_splitmix(uint64_t *x) {
    uint64_t z = (*x += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}
static inline uint64_t gl_rng_rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
static inline uint64_t gl_rng_u64(gl_rng *r) {
    uint64_t *s = r->s, res = gl_rng_rotl(s[1] * 5, 7) * 9, t = s[1] << 17;
    s[2] ^= s[0]; s[3] ^= s[1]; s[1] ^= s[2]; s[0] ^= s[3]; s[2] ^= t; s[3] = gl_rng_rotl(s[3], 45);
    return res;
}
static inline double gl_rng_normal(gl_rng *r) {
    double acc = 0;
    for (int i = 0; i < 12; i++) acc += (double)(gl_rng_u64(r) >> 11) * 0x1.0p-53;
    return acc - 6.0;
}
static inline void gl_rng_seed(gl_rng *r, uint64_t seed) {
    for (int i = 0; i < 4; i++) r->s[i] = gl_rng_splitmix(&seed);
}

#endif
