/* py_bigint.c — the arbitrary-precision core behind Python's `int` (the `V_BIG` values of py_num.c).
 *
 * Why our own: the front end builds natively, for WASI and with Emscripten from the same C11 sources, and
 * what students compute with big ints is small (FLOP counts of a 405B model, 10**400, factorials): a few
 * hundred lines of schoolbook arithmetic are enough, and no library has to be ported to three targets.
 *
 * Representation: sign (-1, 0, +1) and a magnitude of base-2^32 limbs, least significant first, with no
 * leading zero limb (zero is sign 0, n 0). Every number lives in the run's arena (py_alloc): nothing is
 * freed one by one, everything dies with the run, and an arena over its budget makes the operation return
 * NULL (the caller reports the arena's error). The core is pure arithmetic: it knows neither Python's
 * messages nor the step budget; py_num.c checks sizes (PY_BIG_MAX_LIMBS) and charges the work before it
 * calls in, so no operation here can run long or allocate without bound.
 *
 * Semantics are Python's: divmod floors (the remainder takes the divisor's sign), >> floors, & | ^ ~ act
 * on the infinite two's complement of negative numbers, the conversion to double rounds half to even. */
#include <math.h>
#include <string.h>

#include "front/py.h"

static py_big *mk(py_arena *ar, int n) {
    py_big *b = py_alloc(ar, sizeof *b + sizeof(uint32_t) * (size_t)(n > 0 ? n : 1));
    if (b) b->n = n;
    return b;
}

/* Drops leading zero limbs; zero gets sign 0. */
static py_big *norm(py_big *b) {
    while (b->n > 0 && b->d[b->n - 1] == 0) b->n--;
    if (b->n == 0) b->sign = 0;
    return b;
}

py_big *pb_from_u64(py_arena *ar, uint64_t m, int sign) {
    py_big *b = mk(ar, 2);
    if (!b) return NULL;
    b->d[0] = (uint32_t)m;
    b->d[1] = (uint32_t)(m >> 32);
    b->sign = m ? sign : 0;
    return norm(b);
}

py_big *pb_from_i64(py_arena *ar, int64_t v) {
    return v < 0 ? pb_from_u64(ar, (uint64_t)0 - (uint64_t)v, -1) : pb_from_u64(ar, (uint64_t)v, 1);
}

bool pb_to_i64(const py_big *b, int64_t *out) {
    if (b->n > 2) return false;
    uint64_t m = b->n ? b->d[0] : 0;
    if (b->n == 2) m |= (uint64_t)b->d[1] << 32;
    if (b->sign >= 0) {
        if (m > (uint64_t)INT64_MAX) return false;
        *out = (int64_t)m;
    } else {
        if (m > (uint64_t)INT64_MAX + 1) return false;
        *out = m == (uint64_t)INT64_MAX + 1 ? INT64_MIN : -(int64_t)m;
    }
    return true;
}

int64_t pb_bitlen(const py_big *b) {
    if (!b->n) return 0;
    uint32_t top = b->d[b->n - 1];
    int k = 0;
    while (top) {
        k++;
        top >>= 1;
    }
    return (int64_t)(b->n - 1) * 32 + k;
}

static int mag_cmp(const uint32_t *a, int na, const uint32_t *b, int nb) {
    if (na != nb) return na < nb ? -1 : 1;
    for (int i = na - 1; i >= 0; i--)
        if (a[i] != b[i]) return a[i] < b[i] ? -1 : 1;
    return 0;
}

int pb_cmp(const py_big *a, const py_big *b) {
    if (a->sign != b->sign) return a->sign < b->sign ? -1 : 1;
    int c = mag_cmp(a->d, a->n, b->d, b->n);
    return a->sign < 0 ? -c : c;
}

py_big *pb_copy(py_arena *ar, const py_big *a, int sign) {
    py_big *r = mk(ar, a->n);
    if (!r) return NULL;
    memcpy(r->d, a->d, sizeof(uint32_t) * (size_t)a->n);
    r->sign = a->n ? sign : 0;
    return r;
}

/* |a| + |b| with the given sign */
static py_big *mag_add(py_arena *ar, const py_big *a, const py_big *b, int sign) {
    if (a->n < b->n) {
        const py_big *t = a;
        a = b;
        b = t;
    }
    py_big *r = mk(ar, a->n + 1);
    if (!r) return NULL;
    uint64_t c = 0;
    for (int i = 0; i < a->n; i++) {
        c += (uint64_t)a->d[i] + (i < b->n ? b->d[i] : 0);
        r->d[i] = (uint32_t)c;
        c >>= 32;
    }
    r->d[a->n] = (uint32_t)c;
    r->sign = sign;
    return norm(r);
}

/* |a| - |b| for |a| >= |b|, with the given sign */
static py_big *mag_sub(py_arena *ar, const py_big *a, const py_big *b, int sign) {
    py_big *r = mk(ar, a->n);
    if (!r) return NULL;
    int64_t br = 0;
    for (int i = 0; i < a->n; i++) {
        int64_t x = (int64_t)a->d[i] - (i < b->n ? b->d[i] : 0) - br;
        br = x < 0;
        r->d[i] = (uint32_t)(x + (br ? (int64_t)1 << 32 : 0));
    }
    r->sign = sign;
    return norm(r);
}

static py_big *addsub(py_arena *ar, const py_big *a, const py_big *b, int bsign) {
    if (!a->sign) return pb_copy(ar, b, bsign);
    if (!bsign) return pb_copy(ar, a, a->sign);
    if (a->sign == bsign) return mag_add(ar, a, b, a->sign);
    int c = mag_cmp(a->d, a->n, b->d, b->n);
    if (c == 0) return pb_from_u64(ar, 0, 0);
    return c > 0 ? mag_sub(ar, a, b, a->sign) : mag_sub(ar, b, a, bsign);
}

py_big *pb_add(py_arena *ar, const py_big *a, const py_big *b) { return addsub(ar, a, b, b->sign); }
py_big *pb_sub(py_arena *ar, const py_big *a, const py_big *b) { return addsub(ar, a, b, -b->sign); }

py_big *pb_mul(py_arena *ar, const py_big *a, const py_big *b) {
    if (!a->sign || !b->sign) return pb_from_u64(ar, 0, 0);
    py_big *r = mk(ar, a->n + b->n);
    if (!r) return NULL;
    memset(r->d, 0, sizeof(uint32_t) * (size_t)(a->n + b->n));
    for (int i = 0; i < a->n; i++) {
        uint64_t c = 0, x = a->d[i];
        if (!x) continue;
        for (int j = 0; j < b->n; j++) {
            c += x * b->d[j] + r->d[i + j];
            r->d[i + j] = (uint32_t)c;
            c >>= 32;
        }
        r->d[i + b->n] = (uint32_t)c;
    }
    r->sign = a->sign * b->sign;
    return norm(r);
}

/* |a| divided by a one-limb v: quotient magnitude into q (a->n limbs), returns the remainder */
static uint32_t mag_divsmall(const py_big *a, uint32_t v, uint32_t *q) {
    uint64_t r = 0;
    for (int i = a->n - 1; i >= 0; i--) {
        uint64_t cur = (r << 32) | a->d[i];
        q[i] = (uint32_t)(cur / v);
        r = cur % v;
    }
    return (uint32_t)r;
}

static int clz32(uint32_t x) {
    int k = 0;
    while (!(x & 0x80000000u)) {
        x <<= 1;
        k++;
    }
    return k;
}

/* Truncating division of magnitudes (Knuth, TAOCP 4.3.1, algorithm D). q: na - nb + 1 limbs, r: nb limbs. */
static bool mag_divmod(py_arena *ar, const py_big *a, const py_big *b, py_big *q, py_big *r) {
    int n = b->n, m = a->n - b->n;
    if (n == 1) {
        r->d[0] = mag_divsmall(a, b->d[0], q->d);
        q->n = a->n;
        r->n = 1;
        return true;
    }
    int s = clz32(b->d[n - 1]);
    uint32_t *un = py_alloc(ar, sizeof(uint32_t) * (size_t)(a->n + 1)), *vn = py_alloc(ar, sizeof(uint32_t) * (size_t)n);
    if (!un || !vn) return false;
    for (int i = n - 1; i > 0; i--) vn[i] = s ? (b->d[i] << s) | (b->d[i - 1] >> (32 - s)) : b->d[i];
    vn[0] = b->d[0] << s;
    un[a->n] = s ? a->d[a->n - 1] >> (32 - s) : 0;
    for (int i = a->n - 1; i > 0; i--) un[i] = s ? (a->d[i] << s) | (a->d[i - 1] >> (32 - s)) : a->d[i];
    un[0] = a->d[0] << s;
    const uint64_t B = (uint64_t)1 << 32;
    for (int j = m; j >= 0; j--) {
        uint64_t num = ((uint64_t)un[j + n] << 32) | un[j + n - 1];
        uint64_t qhat = num / vn[n - 1], rhat = num % vn[n - 1];
        while (qhat >= B || qhat * vn[n - 2] > ((rhat << 32) | un[j + n - 2])) {
            qhat--;
            rhat += vn[n - 1];
            if (rhat >= B) break;
        }
        int64_t borrow = 0;
        uint64_t carry = 0;
        for (int i = 0; i < n; i++) {
            uint64_t p = qhat * vn[i] + carry;
            carry = p >> 32;
            int64_t t = (int64_t)un[i + j] - (int64_t)(uint32_t)p - borrow;
            un[i + j] = (uint32_t)t;
            borrow = t < 0;
        }
        int64_t t = (int64_t)un[j + n] - (int64_t)carry - borrow;
        un[j + n] = (uint32_t)t;
        if (t < 0) {         /* qhat was one too large: add back */
            qhat--;
            uint64_t c = 0;
            for (int i = 0; i < n; i++) {
                c += (uint64_t)un[i + j] + vn[i];
                un[i + j] = (uint32_t)c;
                c >>= 32;
            }
            un[j + n] += (uint32_t)c;
        }
        q->d[j] = (uint32_t)qhat;
    }
    q->n = m + 1;
    for (int i = 0; i < n; i++) r->d[i] = s ? (un[i] >> s) | (un[i + 1] << (32 - s)) : un[i];
    r->n = n;
    return true;
}

/* Floor division: *q = a // b, *r = a % b (either may be NULL); b != 0. */
bool pb_divmod(py_arena *ar, const py_big *a, const py_big *b, py_big **q, py_big **r) {
    py_big *qq, *rr;
    if (mag_cmp(a->d, a->n, b->d, b->n) < 0) {
        if (!(qq = pb_from_u64(ar, 0, 0)) || !(rr = pb_copy(ar, a, a->sign))) return false;
    } else {
        if (!(qq = mk(ar, a->n - b->n + 1)) || !(rr = mk(ar, b->n))) return false;
        if (!mag_divmod(ar, a, b, qq, rr)) return false;
        qq->sign = a->sign * b->sign;
        rr->sign = a->sign;
        norm(qq);
        norm(rr);
    }
    if (rr->sign && rr->sign != b->sign) {   /* floor: q -= 1, r += b */
        py_big *one = pb_from_u64(ar, 1, 1);
        if (!one || !(qq = pb_sub(ar, qq, one)) || !(rr = pb_add(ar, rr, b))) return false;
    }
    if (q) *q = qq;
    if (r) *r = rr;
    return true;
}

py_big *pb_shl(py_arena *ar, const py_big *a, int64_t k) {
    if (!a->sign) return pb_from_u64(ar, 0, 0);
    int w = (int)(k / 32), s = (int)(k % 32);
    py_big *r = mk(ar, a->n + w + 1);
    if (!r) return NULL;
    memset(r->d, 0, sizeof(uint32_t) * (size_t)(a->n + w + 1));
    for (int i = 0; i < a->n; i++) {
        r->d[i + w] |= a->d[i] << s;
        if (s) r->d[i + w + 1] |= a->d[i] >> (32 - s);
    }
    r->sign = a->sign;
    return norm(r);
}

/* Floor shift right: negative numbers round toward minus infinity (-1 >> 100 == -1). */
py_big *pb_shr(py_arena *ar, const py_big *a, int64_t k) {
    if (!a->sign) return pb_from_u64(ar, 0, 0);
    if (k >= (int64_t)a->n * 32) return pb_from_u64(ar, a->sign < 0 ? 1 : 0, -1);
    int w = (int)(k / 32), s = (int)(k % 32);
    bool lost = false;
    for (int i = 0; i < w; i++) lost |= a->d[i] != 0;
    if (s) lost |= (a->d[w] & ((1u << s) - 1)) != 0;
    py_big *r = mk(ar, a->n - w);
    if (!r) return NULL;
    for (int i = 0; i < a->n - w; i++) {
        uint64_t x = a->d[i + w];
        if (s && i + w + 1 < a->n) x |= (uint64_t)a->d[i + w + 1] << 32;
        r->d[i] = (uint32_t)(x >> s);
    }
    r->sign = a->sign;
    norm(r);
    if (a->sign < 0 && lost) {
        py_big *one = pb_from_u64(ar, 1, 1);
        return one ? pb_sub(ar, r, one) : NULL;
    }
    return r;
}

/* Two's complement of a in n limbs (n > a's limbs, so the top limb holds the sign). */
static void twos(const py_big *a, uint32_t *t, int n) {
    for (int i = 0; i < n; i++) t[i] = i < a->n ? a->d[i] : 0;
    if (a->sign < 0) {
        uint64_t c = 1;
        for (int i = 0; i < n; i++) {
            c += (uint32_t)~t[i];
            t[i] = (uint32_t)c;
            c >>= 32;
        }
    }
}

/* op: '&', '|', '^' */
py_big *pb_bitop(py_arena *ar, const py_big *a, const py_big *b, int op) {
    int n = (a->n > b->n ? a->n : b->n) + 1;
    uint32_t *x = py_alloc(ar, sizeof(uint32_t) * (size_t)n), *y = py_alloc(ar, sizeof(uint32_t) * (size_t)n);
    py_big *r = mk(ar, n);
    if (!x || !y || !r) return NULL;
    twos(a, x, n);
    twos(b, y, n);
    for (int i = 0; i < n; i++) r->d[i] = op == '&' ? x[i] & y[i] : op == '|' ? x[i] | y[i] : x[i] ^ y[i];
    if (r->d[n - 1] & 0x80000000u) {         /* negative: back to sign and magnitude */
        uint64_t c = 1;
        for (int i = 0; i < n; i++) {
            c += (uint32_t)~r->d[i];
            r->d[i] = (uint32_t)c;
            c >>= 32;
        }
        r->sign = -1;
    } else {
        r->sign = 1;
    }
    return norm(r);
}

/* ~a == -(a + 1) */
py_big *pb_invert(py_arena *ar, const py_big *a) {
    py_big *one = pb_from_u64(ar, 1, 1), *s = one ? pb_add(ar, a, one) : NULL;
    if (!s) return NULL;
    s->sign = -s->sign;
    return s;
}

/* (q + a fraction that is nonzero when sticky) * 2^e as the nearest double, ties to even, subnormals
 * rounded at their own precision. inf when out of range (the caller raises OverflowError). */
double pb_round_bits(uint64_t q, bool sticky, int64_t e) {
    if (!q) return 0.0;
    int nb = 64;
    while (!(q >> (nb - 1))) nb--;
    int64_t ex = nb - 1 + e;                  /* the value is in [2^ex, 2^(ex+1)) */
    if (ex > 1023) return INFINITY;
    int64_t p = 53;
    if (ex < -1022) p = 53 - (-1022 - ex);
    if (p <= 0) {
        /* below half the smallest subnormal → 0; exactly half → ties to even (0); above → 2^-1074 */
        if (p < 0) return 0.0;
        bool above = sticky || (q & (q - 1)) != 0;
        return above ? ldexp(1.0, -1074) : 0.0;
    }
    int64_t drop = nb - p;
    if (drop <= 0) return ldexp((double)q, (int)e);      /* exact (sticky is never set with bits to spare) */
    uint64_t m = q >> drop, rem = q & ((drop >= 64 ? 0 : ((uint64_t)1 << drop)) - 1), half = (uint64_t)1 << (drop - 1);
    if (rem > half || (rem == half && (sticky || (m & 1)))) m++;
    return ldexp((double)m, (int)(e + drop));
}

/* Correctly rounded; inf (and *overflow) when too large. */
double pb_to_double(const py_big *a, bool *overflow) {
    *overflow = false;
    if (!a->sign) return 0.0;
    int64_t bl = pb_bitlen(a);
    if (bl > 1024) {
        *overflow = true;
        return a->sign * INFINITY;
    }
    uint64_t q = 0;
    bool sticky = false;
    int64_t sh = bl > 64 ? bl - 64 : 0;
    /* the top 64 bits of the magnitude, and whether any bit below them is set */
    for (int64_t bit = 0; bit < 64 && sh + bit < bl; bit++) {
        int64_t k = sh + bit;
        if (a->d[k / 32] >> (k % 32) & 1) q |= (uint64_t)1 << bit;
    }
    for (int64_t k = 0; k < sh && !sticky; k++)
        if (a->d[k / 32] >> (k % 32) & 1) sticky = true;
    double d = pb_round_bits(q, sticky, sh);
    if (isinf(d)) *overflow = true;
    return a->sign < 0 ? -d : d;
}

/* A finite double with no fractional part, exactly. */
py_big *pb_from_double(py_arena *ar, double x) {
    int sign = x < 0 ? -1 : 1;
    x = fabs(x);
    if (x < 1) return pb_from_u64(ar, 0, 0);
    int e;
    double m = frexp(x, &e);                   /* x = m * 2^e, m in [0.5, 1) */
    uint64_t mant = (uint64_t)ldexp(m, 53);    /* 53 bits, exact */
    py_big *b = pb_from_u64(ar, mant, sign);
    if (!b) return NULL;
    return e >= 53 ? pb_shl(ar, b, e - 53) : pb_shr(ar, b, 53 - e);
}

/* |a| in base 2, 8, 10 or 16 (lowercase), with '-' for negatives; NUL-terminated, in the arena. */
char *pb_to_str(py_arena *ar, const py_big *a, int base, size_t *len) {
    if (!a->sign) {
        char *s = py_alloc(ar, 2);
        if (s) s[0] = '0', *len = 1;
        return s;
    }
    static const char dig[] = "0123456789abcdef";
    size_t cap;
    char *buf, *p;
    if (base == 10) {
        cap = (size_t)a->n * 10 + 3;
        if (!(buf = py_alloc(ar, cap))) return NULL;
        p = buf + cap - 1;
        *p = 0;
        py_big *t = pb_copy(ar, a, 1);
        if (!t) return NULL;
        while (t->n) {                         /* 9 digits at a time */
            uint32_t r = mag_divsmall(t, 1000000000u, t->d);
            norm(t);
            for (int i = 0; i < 9; i++) {
                *--p = (char)('0' + r % 10);
                r /= 10;
                if (!t->n && !r) break;
            }
        }
    } else {
        int bits = base == 2 ? 1 : base == 8 ? 3 : 4;
        int64_t bl = pb_bitlen(a);
        cap = (size_t)(bl / bits) + 4;
        if (!(buf = py_alloc(ar, cap))) return NULL;
        p = buf + cap - 1;
        *p = 0;
        for (int64_t k = 0; k < bl; k += bits) {
            unsigned v = 0;
            for (int j = bits - 1; j >= 0; j--) {
                int64_t kk = k + j;
                v = v << 1 | (kk < bl ? (a->d[kk / 32] >> (kk % 32) & 1) : 0);
            }
            *--p = dig[v];
        }
    }
    if (a->sign < 0) *--p = '-';
    *len = (size_t)(buf + cap - 1 - p);
    return p;
}

/* Digits (already validated, no sign, no underscores) of the given base → magnitude with sign. */
py_big *pb_from_digits(py_arena *ar, const char *s, size_t n, int base, int sign) {
    /* base^k fits a limb step: k digits at a time */
    int k = 1;
    uint64_t pw = (uint64_t)base;
    while (pw * (uint64_t)base <= 0xFFFFFFFFu) {
        pw *= (uint64_t)base;
        k++;
    }
    int cap = (int)(n / (size_t)k) + 2;
    py_big *r = mk(ar, cap);
    if (!r) return NULL;
    memset(r->d, 0, sizeof(uint32_t) * (size_t)cap);
    int used = 0;
    size_t i = 0;
    while (i < n) {
        uint64_t mul = 1, chunk = 0;
        for (int j = 0; j < k && i < n; j++, i++) {
            char c = s[i];
            int d = c >= '0' && c <= '9' ? c - '0' : (c | 32) - 'a' + 10;
            chunk = chunk * (uint64_t)base + (uint64_t)d;
            mul *= (uint64_t)base;
        }
        uint64_t c = chunk;
        for (int j = 0; j < used; j++) {
            c += (uint64_t)r->d[j] * mul;
            r->d[j] = (uint32_t)c;
            c >>= 32;
        }
        if (c) r->d[used++] = (uint32_t)c;
    }
    r->n = used;
    r->sign = sign;
    return norm(r);
}

/* Python's hash of an int: |a| mod 2^61 - 1 with a's sign, -1 → -2 (2^61 ≡ 1, so a limb shift rotates). */
int64_t pb_hash(const py_big *a) {
    const uint64_t P = ((uint64_t)1 << 61) - 1;
    uint64_t x = 0;
    for (int i = a->n - 1; i >= 0; i--) {
        x = ((x << 32) & P) | (x >> (61 - 32));
        x += a->d[i];
        if (x >= P) x -= P;
    }
    int64_t h = a->sign < 0 ? -(int64_t)x : (int64_t)x;
    return h == -1 ? -2 : h;
}
