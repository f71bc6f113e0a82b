/* base64.c — base64 of little-endian float64 arrays (the fixtures' {shape, f64} values). */
#include "io/json.h"

#include <string.h>

static const char B64[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

static int b64val(unsigned char c) {
    if (c >= 'A' && c <= 'Z') return c - 'A';
    if (c >= 'a' && c <= 'z') return c - 'a' + 26;
    if (c >= '0' && c <= '9') return c - '0' + 52;
    if (c == '+') return 62;
    if (c == '/') return 63;
    return -1;
}

static double le_double(const unsigned char *b) {
    uint64_t u = 0;
    for (int k = 7; k >= 0; k--) u = (u << 8) | b[k];
    double d;
    memcpy(&d, &u, sizeof d);
    return d;
}

gl_status gl_b64_decode_f64(const char *s, size_t n, double *out, int64_t count, const char *field,
                            gl_err *e) {
    if (n % 4 != 0)
        return gl_fail(e, GL_E_INVALID, "%s is not valid base64: length %zu is not a multiple of 4 (truncated?)",
                       field, n);
    size_t pad = 0;
    if (n >= 1 && s[n - 1] == '=') pad = (n >= 2 && s[n - 2] == '=') ? 2 : 1;
    uint64_t bytes = (uint64_t)(n / 4) * 3 - pad;
    if (count < 0 || bytes != (uint64_t)count * 8)
        return gl_fail(e, GL_E_INVALID, "%s has %llu bytes, expected %llu (8 per element)", field,
                       (unsigned long long)bytes, (unsigned long long)(count < 0 ? 0 : count) * 8);
    unsigned char buf[8];
    int nb = 0;
    int64_t k = 0;
    for (size_t i = 0; i < n; i += 4) {
        int v[4];
        for (int q = 0; q < 4; q++) {
            unsigned char c = (unsigned char)s[i + q];
            if (c == '=' && i + 4 == n && q >= 4 - (int)pad) {
                v[q] = 0;
                continue;
            }
            v[q] = b64val(c);
            if (v[q] < 0) {
                if (c >= 0x20 && c < 0x7f)
                    return gl_fail(e, GL_E_INVALID, "%s is not valid base64: bad character '%c' at offset %zu",
                                   field, c, i + (size_t)q);
                return gl_fail(e, GL_E_INVALID, "%s is not valid base64: bad byte 0x%02x at offset %zu", field,
                               c, i + (size_t)q);
            }
        }
        uint32_t w = ((uint32_t)v[0] << 18) | ((uint32_t)v[1] << 12) | ((uint32_t)v[2] << 6) | (uint32_t)v[3];
        unsigned char trip[3] = {(unsigned char)(w >> 16), (unsigned char)(w >> 8), (unsigned char)w};
        int take = (i + 4 == n) ? 3 - (int)pad : 3;
        for (int q = 0; q < take; q++) {
            buf[nb++] = trip[q];
            if (nb == 8) {
                out[k++] = le_double(buf);
                nb = 0;
            }
        }
    }
    if (k != count || nb != 0)
        return gl_fail(e, GL_E_INTERNAL, "%s: base64 decoded %lld of %lld elements", field, (long long)k,
                       (long long)count);
    return GL_OK;
}

void gl_b64_put_f64(gl_sb *sb, const double *v, int64_t count) {
    unsigned char tri[3];
    int nt = 0;
    char quad[4];
    for (int64_t i = 0; i < count; i++) {
        uint64_t u;
        memcpy(&u, &v[i], sizeof u);
        for (int k = 0; k < 8; k++) {
            tri[nt++] = (unsigned char)(u >> (8 * k));
            if (nt == 3) {
                quad[0] = B64[tri[0] >> 2];
                quad[1] = B64[((tri[0] & 3) << 4) | (tri[1] >> 4)];
                quad[2] = B64[((tri[1] & 15) << 2) | (tri[2] >> 6)];
                quad[3] = B64[tri[2] & 63];
                gl_sb_putn(sb, quad, 4);
                nt = 0;
            }
        }
        if (sb->failed) return;
    }
    if (nt == 1) {
        quad[0] = B64[tri[0] >> 2];
        quad[1] = B64[(tri[0] & 3) << 4];
        quad[2] = quad[3] = '=';
        gl_sb_putn(sb, quad, 4);
    } else if (nt == 2) {
        quad[0] = B64[tri[0] >> 2];
        quad[1] = B64[((tri[0] & 3) << 4) | (tri[1] >> 4)];
        quad[2] = B64[(tri[1] & 15) << 2];
        quad[3] = '=';
        gl_sb_putn(sb, quad, 4);
    }
}
