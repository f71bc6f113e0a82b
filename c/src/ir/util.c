/* util.c — checked allocation, status/error messages, string builder. */
#include "ir/util.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

gl_status gl_fail(gl_err *e, gl_status code, const char *fmt, ...) {
    if (e && e->code == GL_OK) {
        e->code = code;
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(e->msg, sizeof e->msg, fmt, ap);
        va_end(ap);
    }
    return code;
}

void gl_err_clear(gl_err *e) {
    if (e) {
        e->code = GL_OK;
        e->msg[0] = 0;
    }
}

const char *gl_status_name(gl_status s) {
    switch (s) {
    case GL_OK: return "ok";
    case GL_E_INVALID: return "invalid";
    case GL_E_SHAPE: return "shape";
    case GL_E_TRACE: return "trace";
    case GL_E_NOMEM: return "nomem";
    case GL_E_PARSE: return "parse";
    case GL_E_UNBOUND: return "unbound";
    case GL_E_LIMIT: return "limit";
    case GL_E_INTERNAL: return "internal";
    }
    return "unknown";
}

void *gl_alloc(size_t n, size_t size, gl_err *e) {
    if (n == 0) n = 1;
    if (size != 0 && n > SIZE_MAX / size) {
        gl_fail(e, GL_E_NOMEM, "allocation of %zu x %zu bytes overflows", n, size);
        return NULL;
    }
    void *p = calloc(n, size);
    if (!p) gl_fail(e, GL_E_NOMEM, "out of memory allocating %zu bytes", n * size);
    return p;
}

void *gl_grow(void *p, size_t n, size_t size, gl_err *e) {
    if (n == 0) n = 1;
    if (size != 0 && n > SIZE_MAX / size) {
        gl_fail(e, GL_E_NOMEM, "allocation of %zu x %zu bytes overflows", n, size);
        return NULL;
    }
    void *q = realloc(p, n * size);
    if (!q) gl_fail(e, GL_E_NOMEM, "out of memory allocating %zu bytes", n * size);
    return q;
}

void gl_sb_init(gl_sb *sb) { memset(sb, 0, sizeof *sb); }

void gl_sb_free(gl_sb *sb) {
    free(sb->buf);
    gl_sb_init(sb);
}

static bool sb_reserve(gl_sb *sb, size_t extra) {
    if (sb->failed) return false;
    if (sb->len + extra + 1 <= sb->cap) return true;
    size_t cap = sb->cap ? sb->cap : 256;
    while (cap < sb->len + extra + 1) {
        if (cap > SIZE_MAX / 2) { sb->failed = true; return false; }
        cap *= 2;
    }
    char *b = realloc(sb->buf, cap);
    if (!b) { sb->failed = true; return false; }
    sb->buf = b;
    sb->cap = cap;
    return true;
}

void gl_sb_putn(gl_sb *sb, const char *s, size_t n) {
    if (!sb_reserve(sb, n)) return;
    memcpy(sb->buf + sb->len, s, n);
    sb->len += n;
    sb->buf[sb->len] = 0;
}

void gl_sb_putc(gl_sb *sb, char c) { gl_sb_putn(sb, &c, 1); }
void gl_sb_puts(gl_sb *sb, const char *s) { gl_sb_putn(sb, s, strlen(s)); }

void gl_sb_printf(gl_sb *sb, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    char tmp[256];
    int n = vsnprintf(tmp, sizeof tmp, fmt, ap);
    va_end(ap);
    if (n < 0) { sb->failed = true; return; }
    if ((size_t)n < sizeof tmp) { gl_sb_putn(sb, tmp, (size_t)n); return; }
    if (!sb_reserve(sb, (size_t)n)) return;
    va_start(ap, fmt);
    vsnprintf(sb->buf + sb->len, (size_t)n + 1, fmt, ap);
    va_end(ap);
    sb->len += (size_t)n;
}

/* Writes |v| < 2^63 in decimal into buf (at least 21 bytes) backwards from its end; returns the first digit. */
static char *fmt_u64_end(uint64_t u, char *end) {
    char *p = end;
    do {
        *--p = (char)('0' + u % 10);
        u /= 10;
    } while (u);
    return p;
}

void gl_sb_int(gl_sb *sb, long long v) {
    char tmp[24], *end = tmp + sizeof tmp;
    uint64_t u = v < 0 ? (uint64_t)0 - (uint64_t)v : (uint64_t)v;
    char *p = fmt_u64_end(u, end);
    if (v < 0) *--p = '-';
    gl_sb_putn(sb, p, (size_t)(end - p));
}

/* Writes the p-digit decimal m · 10^(x - p + 1) (10^(p-1) <= m < 10^p) with v's sign as "%.*e" would. */
static void put_sci(double v, long long m, int p, int x, char *sci, size_t cap) {
    char d[24];
    snprintf(d, sizeof d, "%lld", m);
    snprintf(sci, cap, "%s%c%s%s%se%c%02d", signbit(v) ? "-" : "", d[0], p > 1 ? "." : "", p > 1 ? d + 1 : "", "",
             x < 0 ? '-' : '+', x < 0 ? -x : x);
}

/* Is there a p-digit decimal that reads back as v? The nearest one ("%.*e"), or, when v is a power of two
 * (its lower neighbour is half as far as its upper one, so the interval that reads back as v is lopsided),
 * the next p-digit decimal on the other side: 2^-24 is 5.960464477539063e-08, not ...0625's even rounding
 * ...062, which reads back as another double. The decimal that reads back, in sci. */
static bool digits_round_trip(double v, int p, char *sci, size_t cap) {
    snprintf(sci, cap, "%.*e", p - 1, v);
    if (strtod(sci, NULL) == v) return true;
    if (p > 17) return false;
    const char *q = sci + (sci[0] == '-');
    long long m = 0;
    for (; *q && *q != 'e'; q++)
        if (*q != '.') m = m * 10 + (*q - '0');
    int x = atoi(q + 1);
    long long lo = 1;
    for (int i = 1; i < p; i++) lo *= 10;
    char alt[40];
    for (int dir = -1; dir <= 1; dir += 2) {
        long long n = m + dir;
        int xe = x;
        if (n >= lo * 10) n /= 10, xe++;
        if (n < lo) continue;                         /* a (p-1)-digit decimal: tried already */
        put_sci(v, n, p, xe, alt, sizeof alt);
        if (strtod(alt, NULL) == v) {
            snprintf(sci, cap, "%s", alt);
            return true;
        }
    }
    return false;
}

/* The fewest significant digits (1..17) of a decimal that reads back as v (Python's repr: the nearest such
 * decimal of that length), that text in sci as "%.*e" writes it. Whether some p-digit decimal reads back is
 * monotonic in p (a longer one can end in zeros), so a binary search finds the fewest. Computed values
 * (times, ratios) need 16 or 17 digits, so 15 is probed first. 17 always do. */
static int shortest_digits(double v, char *sci, size_t cap) {
    if (!digits_round_trip(v, 15, sci, cap)) {
        if (digits_round_trip(v, 16, sci, cap)) return 16;
        snprintf(sci, cap, "%.16e", v);
        return 17;
    }
    int lo = 1, hi = 15;
    while (lo < hi) {
        int mid = (lo + hi) / 2;
        if (digits_round_trip(v, mid, sci, cap)) hi = mid;
        else lo = mid + 1;
    }
    digits_round_trip(v, lo, sci, cap);
    return lo;
}

/* Python's repr of v (non-integer, finite) when it is a decimal of at most 15 significant digits, without
 * printf or strtod: those are long-double code in the WASM build's libc, slow and big, and V8 recompiles them
 * (TurboFan) during a page's first analysis when a few dozen numbers pass through them. The fewest decimals
 * k for which m = round(v * 10^k) gives v back as m / 10^k: m (< 10^15 < 2^53) and 10^k (k <= 22) are exact
 * doubles, so that division is correctly rounded (the double nearest m * 10^-k, what strtod makes of those
 * digits), and any such m is within 0.25 of the computed product, so the rounding finds it. The fewest
 * decimals are the fewest significant digits, and m the nearest of them to v: repr's choice. */
static bool short_decimal_repr(double v, char *buf) {
    static const double P10[] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,  1e8,  1e9,  1e10, 1e11,
                                 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};
    const double a = fabs(v);
    if (!(a >= 1e-7 && a < 1e15)) return false;
    long long m = 0;
    int k = 1;
    for (;; k++) {
        if (k > 22) return false;
        const double x = a * P10[k];
        if (x >= 1e15) return false;
        m = (long long)(x + 0.5);
        if ((double)m / P10[k] == a) break;
    }
    char digits[24], *end = digits + sizeof digits;
    const char *d = fmt_u64_end((uint64_t)m, end);
    const int nd = (int)(end - d);
    const int exp10 = nd - 1 - k;
    char *o = buf;
    if (signbit(v)) *o++ = '-';
    if (exp10 >= -4) {   /* fixed: the integer digits (or "0"), the point, k decimals (exp10 < 16 here) */
        if (exp10 >= 0) {
            memcpy(o, d, (size_t)exp10 + 1);
            o += exp10 + 1;
            *o++ = '.';
            memcpy(o, d + exp10 + 1, (size_t)k);
            o += k;
        } else {
            *o++ = '0';
            *o++ = '.';
            for (int z = 0; z < -exp10 - 1; z++) *o++ = '0';
            memcpy(o, d, (size_t)nd);
            o += nd;
        }
    } else {             /* scientific: d[.ddd]e-XX, two exponent digits or more */
        *o++ = d[0];
        if (nd > 1) {
            *o++ = '.';
            memcpy(o, d + 1, (size_t)nd - 1);
            o += nd - 1;
        }
        *o++ = 'e';
        *o++ = '-';
        char ex[8], *xe = ex + sizeof ex;
        const char *x = fmt_u64_end((uint64_t)-exp10, xe);
        if (xe - x < 2) *o++ = '0';
        memcpy(o, x, (size_t)(xe - x));
        o += xe - x;
    }
    *o = '\0';
    return true;
}

char *gl_fmt_double(double v, char *buf) {
    if (isnan(v)) { strcpy(buf, "NaN"); return buf; }
    if (isinf(v)) { strcpy(buf, v > 0 ? "Infinity" : "-Infinity"); return buf; }
    /* An integer below 1e16 (sizes, FLOPs, bytes: most numbers the core writes) is its digits and ".0",
     * which is what the general path below makes of it too. */
    if (v > -1e16 && v < 1e16 && v == (double)(long long)v) {
        char tmp[24], *end = tmp + sizeof tmp;
        long long iv = (long long)v;
        char *p = fmt_u64_end(iv < 0 ? (uint64_t)0 - (uint64_t)iv : (uint64_t)iv, end);
        if (signbit(v)) *--p = '-';   /* -0.0 too */
        size_t n = (size_t)(end - p);
        memcpy(buf, p, n);
        memcpy(buf + n, ".0", 3);
        return buf;
    }
    /* Python's repr: the shortest digits that round-trip, written in fixed notation when the decimal
     * exponent is in [-4, 16) ("500000.0", "0.0001") and in scientific otherwise ("1e-05", "1e+16"). */
    if (short_decimal_repr(v, buf)) return buf;
    char sci[40];
    (void)shortest_digits(v, sci, sizeof sci);
    char *ep = strchr(sci, 'e');
    int exp10 = atoi(ep + 1);
    if (exp10 >= -4 && exp10 < 16) {
        /* fixed notation from sci's digits (not "%.*f" of v, which rounds afresh and can pick the decimal
         * that does not read back) */
        char dig[24];
        int nd = 0;
        for (const char *q = sci + (sci[0] == '-'); q < ep; q++)
            if (*q != '.') dig[nd++] = *q;
        char *o = buf;
        if (sci[0] == '-') *o++ = '-';
        if (exp10 < 0) {
            *o++ = '0';
            *o++ = '.';
            for (int z = 0; z < -exp10 - 1; z++) *o++ = '0';
            memcpy(o, dig, (size_t)nd);
            o += nd;
        } else {
            for (int k = 0; k <= exp10; k++) *o++ = k < nd ? dig[k] : '0';
            *o++ = '.';
            if (nd > exp10 + 1) {
                memcpy(o, dig + exp10 + 1, (size_t)(nd - exp10 - 1));
                o += nd - exp10 - 1;
            } else {
                *o++ = '0';
            }
        }
        *o = '\0';
    } else {
        /* mantissa digits (at most 19 chars), then Python's exponent: sign and two digits or more */
        size_t ml = (size_t)(ep - sci);
        memcpy(buf, sci, ml);
        snprintf(buf + ml, 40 - ml, "e%c%02d", exp10 < 0 ? '-' : '+', exp10 < 0 ? -exp10 : exp10);
    }
    return buf;
}

void gl_sb_double(gl_sb *sb, double v) {
    char buf[40];
    if (!isfinite(v)) sb->nonfinite = true;
    gl_sb_puts(sb, gl_fmt_double(v, buf));
}

void gl_sb_json_str(gl_sb *sb, const char *s) {
    gl_sb_putc(sb, '"');
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        switch (*p) {
        case '"': gl_sb_puts(sb, "\\\""); break;
        case '\\': gl_sb_puts(sb, "\\\\"); break;
        case '\n': gl_sb_puts(sb, "\\n"); break;
        case '\r': gl_sb_puts(sb, "\\r"); break;
        case '\t': gl_sb_puts(sb, "\\t"); break;
        default:
            if (*p < 0x20) gl_sb_printf(sb, "\\u%04x", *p);
            else gl_sb_putc(sb, (char)*p);
        }
    }
    gl_sb_putc(sb, '"');
}

gl_status gl_out_begin(char **out, size_t *outlen, const char *fn, gl_err *e) {
    if (out) *out = NULL;
    if (outlen) *outlen = 0;
    return out ? GL_OK : gl_fail(e, GL_E_INVALID, "%s: out is NULL", fn);
}

gl_status gl_sb_finish(gl_sb *sb, char **out, size_t *len, gl_err *e) {
    if (!sb_reserve(sb, 0)) {
        gl_sb_free(sb);
        return gl_fail(e, GL_E_NOMEM, "out of memory building output text");
    }
    if (sb->nonfinite) {
        gl_sb_free(sb);
        return gl_fail(e, GL_E_INTERNAL, "the output would hold a non-finite number (NaN or Infinity), which JSON "
                       "cannot represent");
    }
    *out = sb->buf;
    if (len) *len = sb->len;
    sb->buf = NULL;
    sb->len = sb->cap = 0;
    return GL_OK;
}
