/* vec2.h — two-lane float64 vectors for the compute kernels (matmul.c, vexp.c), internal.
 *
 * The GCC/Clang generic vector extension rather than intrinsics: the same source compiles to SSE2/AVX
 * natively and to WASM SIMD128 under Emscripten (-msimd128). GL_VEC is 1 where the extension exists;
 * elsewhere (or with -DGL_NO_VECTOR_EXT) it is 0 and the kernels use their plain-C loops. Loads and stores
 * go through memcpy: no alignment or aliasing assumptions, and compilers turn them into one vector move.
 */
#ifndef GL_VEC2_H
#define GL_VEC2_H

#include <stdint.h>
#include <string.h>

#if (defined(__GNUC__) || defined(__clang__)) && !defined(GL_NO_VECTOR_EXT)
#define GL_VEC 1
typedef double v2d __attribute__((vector_size(16)));
typedef uint64_t v2u __attribute__((vector_size(16)));
typedef int64_t v2i __attribute__((vector_size(16)));

static inline v2d v_load(const double *p) {
    v2d v;
    memcpy(&v, p, sizeof v);
    return v;
}
static inline void v_store(double *p, v2d v) { memcpy(p, &v, sizeof v); }
#define SPLAT(x) ((v2d){(x), (x)})
#else
#define GL_VEC 0
#endif

#endif
