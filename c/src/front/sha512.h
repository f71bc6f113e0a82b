/* sha512.h — SHA-512 (FIPS 180-4), portable C: random.seed(str) hashes its seed with it, as CPython does. */
#ifndef GL_SHA512_H
#define GL_SHA512_H
#include <stddef.h>
#include <stdint.h>

typedef struct {
    uint64_t h[8];
    uint64_t len_lo, len_hi;      /* message length in bytes (128-bit) */
    unsigned char buf[128];
    size_t nbuf;
} gl_sha512_ctx;

void gl_sha512_init(gl_sha512_ctx *c);
void gl_sha512_update(gl_sha512_ctx *c, const void *data, size_t n);
void gl_sha512_final(gl_sha512_ctx *c, unsigned char out[64]);
/* The digest of n bytes at data, in one call. */
void gl_sha512(const void *data, size_t n, unsigned char out[64]);
#endif
