/* fuzz_common.h — shared by the libFuzzer harnesses: a byte reader that turns fuzz input into small
 * decisions (running out of bytes reads zeros), and a reporter that aborts (in the harness only: the
 * library never aborts). */
#ifndef GL_FUZZ_COMMON_H
#define GL_FUZZ_COMMON_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "graphlab.h"

typedef struct {
    const uint8_t *p;
    size_t n, i;
} fz_reader;

static inline unsigned fz_u8(fz_reader *r) { return r->i < r->n ? r->p[r->i++] : 0u; }
static inline uint32_t fz_u32(fz_reader *r) {
    uint32_t v = 0;
    for (int k = 0; k < 4; k++) v = v << 8 | fz_u8(r);
    return v;
}
/* 0 .. n-1 */
static inline int64_t fz_below(fz_reader *r, int64_t n) { return n > 0 ? (int64_t)(fz_u32(r) % (uint32_t)n) : 0; }

#define FZ_FAIL(...)                                                                                         \
    do {                                                                                                     \
        fprintf(stderr, "fuzz: invariant broken: ");                                                         \
        fprintf(stderr, __VA_ARGS__);                                                                        \
        fprintf(stderr, "\n");                                                                               \
        abort();                                                                                             \
    } while (0)

static inline void fz_describe(const gl_model_cfg *m, char *buf, size_t cap) {
    snprintf(buf, cap, "d=%lld H=%lld G=%lld dh=%lld f=%lld %s T=%lld pos0=%lld S=%lld masked=%d layers=%d",
             (long long)m->layer.d, (long long)m->layer.H, (long long)m->layer.G, (long long)m->layer.dh,
             (long long)m->layer.f, m->mode == GL_MODE_DECODE ? "decode" : "prefill", (long long)m->T,
             (long long)m->pos0, (long long)m->S, (int)m->masked, m->layers);
}

/* The pipeline: n passes from the registry (plus dce), by index bytes. Returns n. */
static inline int fz_pipeline(fz_reader *r, const char **names, int max) {
    int npass = gl_pipeline_length();
    int n = (int)(fz_u8(r) % (unsigned)(max + 1));
    for (int i = 0; i < n; i++) {
        int k = (int)(fz_u8(r) % (unsigned)(npass + 1));
        names[i] = k < npass ? gl_pass_name_at(k) : "dce";
    }
    return n;
}

#endif
