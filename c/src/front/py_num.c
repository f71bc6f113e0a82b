/* py_num.c — Python's numbers with CPython 3.11's semantics: int (arbitrary precision), float, bool.
 *
 * An int is a V_INT (int64) while it fits and a V_BIG (py_bigint.c) when it does not: every int result
 * goes through py_int_from_big / the int64 fast paths, so a V_BIG never holds a value that fits and
 * equality of representation is equality of value. The fast paths (add, sub, mul, floor division, ** on
 * int64 with overflow checks) keep the small-int arithmetic the traced programs do as cheap as before;
 * only an overflow promotes.
 *
 * What CPython gives exactly, and so do we:
 *   - int / float comparison is exact (2**53 + 1 > float(2**53)), never through a rounding conversion;
 *   - int / int true division is correctly rounded (10**400 / 10**399 == 10.0), int → float rounds half to
 *     even and raises OverflowError beyond the double range;
 *   - // and % floor (the remainder takes the divisor's sign) for ints and floats, incl. -0.0;
 *   - & | ^ ~ >> on negative ints act on the infinite two's complement;
 *   - hash() of ints and floats is CPython's (mod 2**61 - 1, hash(-1) == -2): py_hash_num is the one
 *     function the dict / set tables use for numbers, so 1, 1.0 and True are the same key;
 *   - str(int) refuses more than 4300 digits with CPython's ValueError, int(str) too.
 * Bounds: an int of more than PY_BIG_MAX_BITS bits is refused before it is computed (2**2**40 is an error
 * at once, not a hang), and the quadratic operations charge their limb products to the step budget, so
 * any program with big ints finishes or stops with a clear limit error within the budget. */
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "front/py.h"
#include "front/py_str.h"

static const char *OPSYM[] = {"+", "-", "*", "/", "//", "%", "**", "@"};

static const char *opsym(int op) {
    switch (op) {
    case OP_BITAND: return "&";
    case OP_BITOR: return "|";
    case OP_BITXOR: return "^";
    case OP_LSHIFT: return "<<";
    case OP_RSHIFT: return ">>";
    default: return op >= OP_ADD && op <= OP_MATMUL ? OPSYM[op] : "?";
    }
}

bool py_is_int(const py_val *v) { return v->kind == V_INT || v->kind == V_BIG || v->kind == V_BOOL; }

static py_val *oom_or(py_interp *I) { return I->err.code ? NULL : py_oom(I); }

py_val *py_int_from_big(py_interp *I, py_big *b) {
    if (!b) return oom_or(I);
    int64_t x;
    if (pb_to_i64(b, &x)) return py_int(I, x);
    py_val *v = py_new(I, V_BIG);
    if (v) v->u.big = b;
    return v;
}

/* An int-like value as a big (a fresh one for int64 / bool). */
static py_big *tobig(py_interp *I, const py_val *v) {
    if (v->kind == V_BIG) return v->u.big;
    py_big *b = pb_from_i64(&I->ar, v->kind == V_INT ? v->u.i : (int64_t)v->u.b);
    if (!b) py_oom(I);
    return b;
}

static int64_t bits_of(const py_val *v) {
    if (v->kind == V_BIG) return pb_bitlen(v->u.big);
    int64_t x = v->kind == V_INT ? v->u.i : v->u.b;
    uint64_t m = x < 0 ? (uint64_t)0 - (uint64_t)x : (uint64_t)x;
    int k = 0;
    while (m) {
        k++;
        m >>= 1;
    }
    return k;
}

static bool size_ok(py_interp *I, const py_node *at, int64_t bits) {
    if (bits <= PY_BIG_MAX_BITS) return true;
    py_fail(I, at, GL_E_LIMIT, "MemoryError: the int would have about %lld bits; GraphLab's limit is %d bits",
            (long long)bits, PY_BIG_MAX_BITS);
    return false;
}

/* Charges the limb products of a quadratic operation to the step budget (256 products a step). */
static bool charge(py_interp *I, const py_node *at, int64_t bits_a, int64_t bits_b) {
    double w = ((double)bits_a / 32 + 1) * ((double)bits_b / 32 + 1) / 256;
    I->steps += w > 1e15 ? (int64_t)1e15 : (int64_t)w;
    return py_steps(I, at);
}

static double int_to_double_raw(const py_val *v, bool *overflow) {
    *overflow = false;
    if (v->kind == V_BIG) return pb_to_double(v->u.big, overflow);
    return v->kind == V_INT ? (double)v->u.i : (double)v->u.b;
}

bool py_num_to_double(py_interp *I, const py_node *at, const py_val *v, double *out) {
    if (v->kind == V_FLOAT) {
        *out = v->u.f;
        return true;
    }
    bool ov;
    *out = int_to_double_raw(v, &ov);
    if (ov) {
        py_fail(I, at, GL_E_INVALID, "OverflowError: int too large to convert to float");
        return false;
    }
    return true;
}

bool py_num_index(py_interp *I, const py_node *at, const py_val *v, int what, int64_t *out) {
    if (!(v = py_index_of(I, at, (py_val *)v))) return false;
    if (v->kind == V_INT || v->kind == V_BOOL) {
        *out = v->kind == V_INT ? v->u.i : v->u.b;
        return true;
    }
    if (v->kind == V_BIG) {
        py_fail(I, at, GL_E_INVALID, "%s", what == 0 ? "OverflowError: Python int too large to convert to C ssize_t"
                                          : what == 1 ? "IndexError: cannot fit 'int' into an index-sized integer"
                                                      : "OverflowError: cannot fit 'int' into an index-sized integer");
        return false;
    }
    py_fail(I, at, GL_E_INVALID, "TypeError: '%s' object cannot be interpreted as an integer", py_type_name(v));
    return false;
}

/* ---------------------------------------------------------------- comparison */
static int sgn_d(double x) { return x < 0 ? -1 : x > 0; }

/* |m| (an int64 magnitude or a big) against a finite, nonnegative double y: -1, 0, 1, exactly. */
static int mag_vs_double(uint64_t m, const py_big *b, double y) {
    int e;
    (void)frexp(y, &e);                  /* y < 2^e: floor(y) has e bits when y >= 1 */
    int64_t xb;
    if (b) xb = pb_bitlen(b);
    else {
        xb = 0;
        for (uint64_t t = m; t; t >>= 1) xb++;
    }
    if (y < 1) return xb ? 1 : (y > 0 ? -1 : 0);
    if (xb != e) return xb < e ? -1 : 1;
    if (e <= 64) {                       /* both integral parts fit in 64 bits */
        uint64_t x = b ? (uint64_t)b->d[0] | (b->n > 1 ? (uint64_t)b->d[1] << 32 : 0) : m;
        double fl = floor(y);
        uint64_t yi = (uint64_t)fl;
        if (x != yi) return x < yi ? -1 : 1;
        return y > fl ? -1 : 0;
    }
    /* e > 64: y is an integer M * 2^(e-53); compare the top 53 bits, then whether any lower bit is set */
    uint64_t M = (uint64_t)ldexp(y, 53 - e), top = 0;
    int64_t lo = e - 53;
    for (int k = 52; k >= 0; k--) {
        int64_t bit = lo + k;
        top = top << 1 | (b->d[bit / 32] >> (bit % 32) & 1);
    }
    if (top != M) return top < M ? -1 : 1;
    for (int64_t bit = 0; bit < lo; bit++)
        if (b->d[bit / 32] >> (bit % 32) & 1) return 1;
    return 0;
}

static int int_vs_double(const py_val *a, double y) {
    if (isnan(y)) return 2;
    if (isinf(y)) return y > 0 ? -1 : 1;
    int sa;
    uint64_t m = 0;
    const py_big *b = NULL;
    if (a->kind == V_BIG) {
        b = a->u.big;
        sa = b->sign;
    } else {
        int64_t x = a->kind == V_INT ? a->u.i : a->u.b;
        sa = x < 0 ? -1 : x > 0;
        m = x < 0 ? (uint64_t)0 - (uint64_t)x : (uint64_t)x;
    }
    int sy = sgn_d(y);
    if (sa != sy) return sa < sy ? -1 : 1;
    if (!sa) return 0;
    int c = mag_vs_double(m, b, fabs(y));
    return sa < 0 ? -c : c;
}

int py_num_cmp(const py_val *a, const py_val *b) {
    if (a->kind == V_FLOAT && b->kind == V_FLOAT) {
        double x = a->u.f, y = b->u.f;
        if (x != x || y != y) return 2;
        return x < y ? -1 : x > y;
    }
    if (a->kind == V_FLOAT) {
        int c = int_vs_double(b, a->u.f);
        return c == 2 ? 2 : -c;
    }
    if (b->kind == V_FLOAT) return int_vs_double(a, b->u.f);
    if (a->kind != V_BIG && b->kind != V_BIG) {
        int64_t x = a->kind == V_INT ? a->u.i : a->u.b, y = b->kind == V_INT ? b->u.i : b->u.b;
        return x < y ? -1 : x > y;
    }
    /* a big never fits in int64: against a small int its sign decides */
    if (a->kind != V_BIG) return -b->u.big->sign;
    if (b->kind != V_BIG) return a->u.big->sign;
    return pb_cmp(a->u.big, b->u.big);
}

/* ---------------------------------------------------------------- hash (CPython's Python/pyhash.c) */
#define HASH_MOD (((uint64_t)1 << 61) - 1)

static int64_t hash_double(double v) {
    if (isinf(v)) return v > 0 ? 314159 : -314159;
    if (isnan(v)) return 0;                    /* CPython: the object's identity; no program can rely on it */
    int e, sign = 1;
    double m = frexp(v, &e);
    if (m < 0) {
        sign = -1;
        m = -m;
    }
    uint64_t x = 0;
    while (m) {
        x = ((x << 28) & HASH_MOD) | x >> (61 - 28);
        m *= 268435456.0;
        e -= 28;
        uint64_t y = (uint64_t)m;
        m -= (double)y;
        x += y;
        if (x >= HASH_MOD) x -= HASH_MOD;
    }
    e = e >= 0 ? e % 61 : 61 - 1 - ((-1 - e) % 61);
    x = ((x << e) & HASH_MOD) | x >> (61 - e);
    int64_t h = (int64_t)x * sign;
    return h == -1 ? -2 : h;
}

int64_t py_hash_num(const py_val *v) {
    switch (v->kind) {
    case V_BOOL: return v->u.b;
    case V_FLOAT: return hash_double(v->u.f);
    case V_BIG: return pb_hash(v->u.big);
    case V_INT: {
        int64_t x = v->u.i;
        uint64_t m = x < 0 ? (uint64_t)0 - (uint64_t)x : (uint64_t)x;
        int64_t h = (int64_t)(m % HASH_MOD);
        if (x < 0) h = -h;
        return h == -1 ? -2 : h;
    }
    default: return 0;
    }
}

/* ---------------------------------------------------------------- printing */
bool py_num_repr(py_interp *I, gl_sb *sb, const py_val *v) {
    if (v->kind != V_BIG) {
        gl_sb_printf(sb, "%lld", (long long)(v->kind == V_INT ? v->u.i : v->u.b));
        return true;
    }
    /* 4300 digits are about 14284 bits: anything far beyond is refused before the quadratic conversion */
    if (pb_bitlen(v->u.big) > 14300) goto over;
    size_t n;
    char *s = pb_to_str(&I->ar, v->u.big, 10, &n);
    if (!s) {
        py_oom(I);
        sb->failed = true;
        return false;
    }
    if (n - (s[0] == '-') > PY_INT_MAX_STR_DIGITS) goto over;
    gl_sb_putn(sb, s, n);
    return true;
over:
    py_fail(I, NULL, GL_E_INVALID, "ValueError: Exceeds the limit (%d digits) for integer string conversion; use "
            "sys.set_int_max_str_digits() to increase the limit", PY_INT_MAX_STR_DIGITS);
    sb->failed = true;
    return false;
}

/* ---------------------------------------------------------------- arithmetic */
static py_val *zerodiv(py_interp *I, const py_node *at, const char *what) {
    return py_fail(I, at, GL_E_INVALID, "ZeroDivisionError: %s", what);
}

/* a / b for ints, correctly rounded (CPython's long_true_divide). */
static py_val *int_truediv(py_interp *I, const py_node *at, const py_val *a, const py_val *b) {
    int64_t ba = bits_of(a), bb = bits_of(b);
    if (!bb) return zerodiv(I, at, "division by zero");
    if (ba <= 53 && bb <= 53) {
        bool o1, o2;
        return py_float(I, int_to_double_raw(a, &o1) / int_to_double_raw(b, &o2));
    }
    py_big *x = tobig(I, a), *y = tobig(I, b);
    if (!x || !y) return NULL;
    int sign = x->sign * y->sign;
    if (!ba) return py_float(I, sign < 0 ? -0.0 : 0.0);
    int64_t diff = ba - bb;
    if (diff > 1025) return py_fail(I, at, GL_E_INVALID, "OverflowError: integer division result too large for a float");
    if (diff < -1100) return py_float(I, sign < 0 ? -0.0 : 0.0);
    int64_t k = 63 - diff;        /* |x| * 2^k / |y| has 63 or 64 bits */
    if (!charge(I, at, ba + (k > 0 ? k : 0), bb)) return NULL;
    py_big *num = pb_copy(&I->ar, x, 1), *den = pb_copy(&I->ar, y, 1), *q, *r;
    if (!num || !den) return oom_or(I);
    if (k > 0 && !(num = pb_shl(&I->ar, num, k))) return oom_or(I);
    if (k < 0 && !(den = pb_shl(&I->ar, den, -k))) return oom_or(I);
    if (!pb_divmod(&I->ar, num, den, &q, &r)) return oom_or(I);
    uint64_t qq = (uint64_t)q->d[0] | (q->n > 1 ? (uint64_t)q->d[1] << 32 : 0);
    double d = pb_round_bits(qq, r->sign != 0, -k);
    if (isinf(d)) return py_fail(I, at, GL_E_INVALID, "OverflowError: integer division result too large for a float");
    return py_float(I, sign < 0 ? -d : d);
}

static py_val *big_pow(py_interp *I, const py_node *at, const py_val *a, const py_val *b) {
    /* b >= 0 */
    if (b->kind == V_BIG) {
        if (a->kind != V_BIG) {
            int64_t x = a->kind == V_INT ? a->u.i : a->u.b;
            if (x == 0 || x == 1) return py_int(I, x);
            if (x == -1) return py_int(I, (b->u.big->d[0] & 1) ? -1 : 1);
        }
        size_ok(I, at, (int64_t)PY_BIG_MAX_BITS + 1);
        return NULL;
    }
    int64_t e = b->kind == V_INT ? b->u.i : b->u.b, ab = bits_of(a);
    if (e == 0) return py_int(I, 1);
    if (ab <= 1) {                            /* 0, 1, -1 */
        int64_t x = a->kind == V_INT ? a->u.i : a->u.b;
        return py_int(I, x == -1 && (e & 1) ? -1 : x == 0 ? 0 : 1);
    }
    /* the result has more than (ab - 1) * e bits */
    if ((double)(ab - 1) * (double)e + 1 > PY_BIG_MAX_BITS) return size_ok(I, at, (int64_t)((double)(ab - 1) * (double)e + 1)), NULL;
    if (!charge(I, at, ab * e, ab * e)) return NULL;
    py_big *base = tobig(I, a), *r = pb_from_u64(&I->ar, 1, 1);
    if (!base || !r) return oom_or(I);
    for (;;) {
        if (e & 1 && !(r = pb_mul(&I->ar, r, base))) return oom_or(I);
        e >>= 1;
        if (!e) break;
        if (!(base = pb_mul(&I->ar, base, base))) return oom_or(I);
    }
    return py_int_from_big(I, r);
}

/* The int / big / bool path of every binary operator. */
static py_val *int_op(py_interp *I, const py_node *at, int op, const py_val *a, const py_val *b) {
    if (a->kind == V_BOOL && b->kind == V_BOOL && (op == OP_BITAND || op == OP_BITOR || op == OP_BITXOR))
        return py_bool(op == OP_BITAND ? a->u.b && b->u.b : op == OP_BITOR ? a->u.b || b->u.b : a->u.b != b->u.b);
    if (a->kind != V_BIG && b->kind != V_BIG) {
        int64_t x = a->kind == V_INT ? a->u.i : a->u.b, y = b->kind == V_INT ? b->u.i : b->u.b, r;
        switch (op) {
        case OP_ADD: if (!__builtin_add_overflow(x, y, &r)) return py_int(I, r); break;
        case OP_SUB: if (!__builtin_sub_overflow(x, y, &r)) return py_int(I, r); break;
        case OP_MUL: if (!__builtin_mul_overflow(x, y, &r)) return py_int(I, r); break;
        case OP_FLOORDIV: case OP_MOD: {
            if (y == 0) return zerodiv(I, at, op == OP_MOD ? "integer modulo by zero" : "integer division or modulo by zero");
            if (x == INT64_MIN && y == -1) {
                if (op == OP_MOD) return py_int(I, 0);
                break;
            }
            int64_t q = x / y, m = x % y;
            if (m != 0 && ((m < 0) != (y < 0))) {   /* floor, and the remainder takes the divisor's sign */
                q -= 1;
                m += y;
            }
            return py_int(I, op == OP_MOD ? m : q);
        }
        case OP_POW:
            if (y < 0) break;
            {
                int64_t acc = 1, base = x, e = y;
                bool ov = false;
                while (e && !ov) {
                    if (e & 1) ov |= __builtin_mul_overflow(acc, base, &acc);
                    e >>= 1;
                    if (e) ov |= __builtin_mul_overflow(base, base, &base);
                }
                if (!ov) return py_int(I, acc);
            }
            break;
        case OP_BITAND: return py_int(I, x & y);
        case OP_BITOR: return py_int(I, x | y);
        case OP_BITXOR: return py_int(I, x ^ y);
        case OP_RSHIFT:
            if (y < 0) return py_fail(I, at, GL_E_INVALID, "ValueError: negative shift count");
            return py_int(I, y >= 63 ? (x < 0 ? -1 : 0) : (x < 0 ? ~(~x >> y) : x >> y));
        case OP_LSHIFT:
            if (y < 0) return py_fail(I, at, GL_E_INVALID, "ValueError: negative shift count");
            if (x == 0) return py_int(I, 0);
            if (y < 62) {
                int64_t lim = INT64_MAX >> y;
                if (x <= lim && x >= -lim) return py_int(I, (int64_t)((uint64_t)x << y));
            }
            break;
        default: break;
        }
    }
    /* the general path */
    int64_t ba = bits_of(a), bb = bits_of(b);
    int sb = b->kind == V_BIG ? b->u.big->sign : (b->kind == V_INT ? (b->u.i > 0) - (b->u.i < 0) : b->u.b);
    switch (op) {
    case OP_DIV: return int_truediv(I, at, a, b);
    case OP_POW:
        if (sb < 0) {
            double x, y;
            if (!py_num_to_double(I, at, a, &x) || !py_num_to_double(I, at, b, &y)) return NULL;
            if (x == 0) return zerodiv(I, at, "0.0 cannot be raised to a negative power");
            return py_float(I, pow(x, y));
        }
        return big_pow(I, at, a, b);
    case OP_LSHIFT: case OP_RSHIFT: {
        if (sb < 0) return py_fail(I, at, GL_E_INVALID, "ValueError: negative shift count");
        int sa = a->kind == V_BIG ? a->u.big->sign : bits_of(a) ? 1 : 0;
        if (!sa) return py_int(I, 0);
        if (op == OP_RSHIFT && (b->kind == V_BIG || bb > 40)) {
            int neg = a->kind == V_BIG ? a->u.big->sign < 0 : (a->kind == V_INT && a->u.i < 0);
            return py_int(I, neg ? -1 : 0);
        }
        if (op == OP_LSHIFT && (b->kind == V_BIG || !size_ok(I, at, ba + (b->kind == V_INT ? b->u.i : b->u.b))))
            return size_ok(I, at, (int64_t)PY_BIG_MAX_BITS + 1), NULL;
        py_big *x = tobig(I, a);
        int64_t k = b->kind == V_INT ? b->u.i : b->u.b;
        if (!x) return NULL;
        return py_int_from_big(I, op == OP_LSHIFT ? pb_shl(&I->ar, x, k) : pb_shr(&I->ar, x, k));
    }
    default: break;
    }
    py_big *x = tobig(I, a), *y = tobig(I, b);
    if (!x || !y) return NULL;
    switch (op) {
    case OP_ADD: case OP_SUB:
        if (!size_ok(I, at, (ba > bb ? ba : bb) + 1)) return NULL;
        return py_int_from_big(I, op == OP_ADD ? pb_add(&I->ar, x, y) : pb_sub(&I->ar, x, y));
    case OP_MUL:
        if (!size_ok(I, at, ba + bb) || !charge(I, at, ba, bb)) return NULL;
        return py_int_from_big(I, pb_mul(&I->ar, x, y));
    case OP_FLOORDIV: case OP_MOD: {
        if (!y->sign) return zerodiv(I, at, op == OP_MOD ? "integer modulo by zero" : "integer division or modulo by zero");
        if (!charge(I, at, ba, bb)) return NULL;
        py_big *q, *r;
        if (!pb_divmod(&I->ar, x, y, &q, &r)) return oom_or(I);
        return py_int_from_big(I, op == OP_MOD ? r : q);
    }
    case OP_BITAND: case OP_BITOR: case OP_BITXOR:
        return py_int_from_big(I, pb_bitop(&I->ar, x, y, op == OP_BITAND ? '&' : op == OP_BITOR ? '|' : '^'));
    default: break;
    }
    return py_fail(I, at, GL_E_INVALID, "TypeError: unsupported operand type(s) for %s: '%s' and '%s'", opsym(op),
                   py_type_name(a), py_type_name(b));
}

/* CPython's float_divmod; which: OP_FLOORDIV, OP_MOD, or -1 for divmod() (both in out[0], out[1]). */
static bool float_divmod(py_interp *I, const py_node *at, double x, double y, int which, double *q, double *m) {
    if (y == 0) {
        zerodiv(I, at, which == OP_MOD ? "float modulo" : which == OP_FLOORDIV ? "float floor division by zero" : "float divmod()");
        return false;
    }
    double mod = fmod(x, y), div = (x - mod) / y, fd;
    if (mod != 0) {
        if ((y < 0) != (mod < 0)) {
            mod += y;
            div -= 1.0;
        }
    } else {
        mod = copysign(0.0, y);
    }
    if (div != 0) {
        fd = floor(div);
        if (div - fd > 0.5) fd += 1.0;
    } else {
        fd = copysign(0.0, x / y);
    }
    *q = fd;
    *m = mod;
    return true;
}

static py_val *float_pow(py_interp *I, const py_node *at, double x, double y) {
    if (y == 0) return py_float(I, 1.0);
    if (isnan(x)) return py_float(I, x);
    if (isnan(y)) return py_float(I, x == 1.0 ? 1.0 : y);
    if (x == 0 && y < 0 && !isinf(y)) return zerodiv(I, at, "0.0 cannot be raised to a negative power");
    if (x < 0 && !isinf(x) && !isinf(y) && y != floor(y)) {
        char b1[40], b2[40];
        return py_fail(I, at, GL_E_INVALID, "ValueError: complex numbers are not supported: %s ** %s is complex in Python",
                       gl_fmt_double(x, b1), gl_fmt_double(y, b2));
    }
    double r = pow(x, y);
    if (isinf(r) && !isinf(x) && !isinf(y)) return py_fail(I, at, GL_E_INVALID, "OverflowError: (34, 'Numerical result out of range')");
    return py_float(I, r);
}

py_val *py_arith(py_interp *I, const py_node *at, int op, py_val *a, py_val *b) {
    bool na = py_is_num(a), nb = py_is_num(b);
    if (!na || !nb || op == OP_MATMUL)
        return py_fail(I, at, GL_E_INVALID, "TypeError: unsupported operand type(s) for %s: '%s' and '%s'", opsym(op),
                       py_type_name(a), py_type_name(b));
    if (a->kind != V_FLOAT && b->kind != V_FLOAT) return int_op(I, at, op, a, b);
    if (op >= OP_BITAND)
        return py_fail(I, at, GL_E_INVALID, "TypeError: unsupported operand type(s) for %s: '%s' and '%s'", opsym(op),
                       py_type_name(a), py_type_name(b));
    double x, y;
    if (!py_num_to_double(I, at, a, &x) || !py_num_to_double(I, at, b, &y)) return NULL;
    switch (op) {
    case OP_ADD: return py_float(I, x + y);
    case OP_SUB: return py_float(I, x - y);
    case OP_MUL: return py_float(I, x * y);
    case OP_DIV:
        if (y == 0) return zerodiv(I, at, "float division by zero");
        return py_float(I, x / y);
    case OP_FLOORDIV: case OP_MOD: {
        double q, m;
        if (!float_divmod(I, at, x, y, op, &q, &m)) return NULL;
        return py_float(I, op == OP_MOD ? m : q);
    }
    case OP_POW: return float_pow(I, at, x, y);
    }
    return py_fail(I, at, GL_E_INTERNAL, "bad operator");
}

py_val *py_num_unary(py_interp *I, const py_node *at, int op, py_val *a) {
    static const char *sym[] = {"-", "+", "~"};
    int k = op == OP_NEG ? 0 : op == OP_POS ? 1 : 2;
    if (!py_is_num(a) || (op == OP_INVERT && a->kind == V_FLOAT))
        return py_fail(I, at, GL_E_INVALID, "TypeError: bad operand type for unary %s: '%s'", sym[k], py_type_name(a));
    if (a->kind == V_FLOAT) return op == OP_NEG ? py_float(I, -a->u.f) : a;
    if (a->kind == V_BIG) {
        if (op == OP_POS) return a;
        return py_int_from_big(I, op == OP_NEG ? pb_copy(&I->ar, a->u.big, -a->u.big->sign) : pb_invert(&I->ar, a->u.big));
    }
    int64_t x = a->kind == V_INT ? a->u.i : a->u.b;
    if (op == OP_POS) return a->kind == V_INT && !py_sub_of(a) ? a : py_int(I, x);   /* +MyInt(2): a plain int */
    if (op == OP_INVERT) return py_int(I, ~x);
    if (x == INT64_MIN) return py_int_from_big(I, pb_from_u64(&I->ar, (uint64_t)1 << 63, 1));
    return py_int(I, -x);
}

/* ---------------------------------------------------------------- conversions */
static bool ieq(const char *s, const char *lit, size_t n) {
    for (size_t i = 0; i < n; i++)
        if ((s[i] | 32) != lit[i]) return false;
    return true;
}

static bool pyspace(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'; }

/* int() / float() of a str read it as CPython's _PyUnicode_TransformDecimalAndSpaceToASCII does: a Unicode
 * decimal digit ('٣') is its ASCII digit, Unicode whitespace a space, any other non-ASCII character '?' (which
 * no grammar accepts). An ASCII string is returned as it is. */
static const char *ascii_digits(py_interp *I, const char *s, size_t *n) {
    size_t i = 0, k = 0;
    for (i = 0; i < *n && !((unsigned char)s[i] & 0x80); i++) {}
    if (i == *n) return s;
    char *d = py_alloc(&I->ar, *n + 1);
    if (!d) return NULL;
    for (i = 0; i < *n;) {
        uint32_t c = py_utf8_get(s, &i);
        int dv = c < 128 ? -1 : py_uni_decimal(c);
        d[k++] = c < 128 ? (char)c : dv >= 0 ? (char)('0' + dv) : (py_uni_flags(c) & PY_U_SPACE) ? ' ' : '?';
    }
    d[k] = 0;
    *n = k;
    return d;
}

static int digval(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'z') return c - 'a' + 10;
    if (c >= 'A' && c <= 'Z') return c - 'A' + 10;
    return 99;
}

/* Parses s (Python's int() grammar for the base; base 0: a literal's prefixes and no leading zeros) into
 * *out. Returns 0 ok, 1 invalid, 2 over the digit limit (*ndig set), 3 over the size limit. */
static int parse_int(py_interp *I, const char *s, size_t n, int base, bool literal, py_val **out, size_t *ndig) {
    size_t i = 0;
    while (!literal && n && pyspace(s[n - 1])) n--;
    while (!literal && i < n && pyspace(s[i])) i++;
    int sign = 1;
    if (!literal && i < n && (s[i] == '+' || s[i] == '-')) sign = s[i++] == '-' ? -1 : 1;
    bool prefixed = false;
    if (i + 1 < n && s[i] == '0') {
        char p = (char)(s[i + 1] | 32);
        int pb = p == 'x' ? 16 : p == 'o' ? 8 : p == 'b' ? 2 : 0;
        if (pb && (base == 0 || base == pb)) {
            base = pb;
            i += 2;
            prefixed = true;
        }
    }
    bool base0 = base == 0;
    if (base0) base = 10;
    /* digits with single underscores between them (and after a prefix) */
    char *d = py_alloc(&I->ar, n - i + 1);
    if (!d) return py_oom(I), 4;
    size_t k = 0;
    bool prev_us = prefixed;     /* "0x_1f" is allowed: an underscore may follow the prefix */
    bool any = false;
    if (prefixed && i < n && s[i] == '_') {
        i++;
        prev_us = false;
    }
    for (; i < n; i++) {
        char c = s[i];
        if (c == '_') {
            if (!any || prev_us) return 1;
            prev_us = true;
            continue;
        }
        int v = digval(c);
        if (v >= base) return 1;
        d[k++] = c;
        any = true;
        prev_us = false;
    }
    if (!any || prev_us) return 1;
    if (base0 && base == 10 && d[0] == '0') {    /* "00" is fine, "08" is not */
        for (size_t j = 0; j < k; j++)
            if (d[j] != '0') return 1;
    }
    size_t j = 0;
    while (j + 1 < k && d[j] == '0') j++;       /* leading zeros do not count */
    bool pow2 = (base & (base - 1)) == 0;
    if (!pow2 && k > PY_INT_MAX_STR_DIGITS) {
        *ndig = k;
        return 2;
    }
    double bits = (double)(k - j) * log2((double)base);
    if (bits > PY_BIG_MAX_BITS + 8) return 3;
    if (k - j <= 18 && base == 10) {
        int64_t v = 0;
        for (size_t t = j; t < k; t++) v = v * 10 + (d[t] - '0');
        *out = py_int(I, sign * v);
        return *out ? 0 : 4;
    }
    py_big *b = pb_from_digits(&I->ar, d + j, k - j, base, sign);
    *out = py_int_from_big(I, b);
    return *out ? 0 : 4;
}

static void repr_into(py_interp *I, char *buf, size_t cap, py_val *x) {
    gl_sb sb;
    gl_sb_init(&sb);
    py_repr(I, &sb, x, true);
    snprintf(buf, cap, "%s", sb.buf ? sb.buf : "''");
    gl_sb_free(&sb);
}

py_val *py_num_literal(py_interp *I, const py_node *at, const char *s, size_t n) {
    py_val *v = NULL;
    size_t nd = 0;
    int r = parse_int(I, s, n, 0, true, &v, &nd);
    if (r == 0) return v;
    if (r == 2)
        return py_fail(I, at, GL_E_PARSE, "SyntaxError: Exceeds the limit (%d digits) for integer string conversion: value "
                       "has %zu digits; use sys.set_int_max_str_digits() to increase the limit - Consider hexadecimal "
                       "for huge integer literals to avoid decimal conversion limits.", PY_INT_MAX_STR_DIGITS, nd);
    if (r == 3) return size_ok(I, at, (int64_t)PY_BIG_MAX_BITS + 1), NULL;
    if (r == 4) return NULL;
    return py_fail(I, at, GL_E_PARSE, "SyntaxError: invalid decimal literal");
}

py_val *py_num_int(py_interp *I, const py_node *at, py_val *x, py_val *base) {
    int64_t bs = 10;
    if (base) {
        if (base->kind == V_BIG) bs = 99;
        else if (!py_num_index(I, at, base, 0, &bs)) return NULL;
        if (x->kind != V_STR) return py_fail(I, at, GL_E_INVALID, "TypeError: int() can't convert non-string with explicit base");
        if (bs != 0 && (bs < 2 || bs > 36)) return py_fail(I, at, GL_E_INVALID, "ValueError: int() base must be >= 2 and <= 36, or 0");
    }
    switch (x->kind) {
    case V_INT: return x;
    case V_BIG: return x;
    case V_BOOL: return py_int(I, x->u.b);
    case V_FLOAT: {
        double f = x->u.f;
        if (isnan(f)) return py_fail(I, at, GL_E_INVALID, "ValueError: cannot convert float NaN to integer");
        if (isinf(f)) return py_fail(I, at, GL_E_INVALID, "OverflowError: cannot convert float infinity to integer");
        double t = trunc(f);
        if (t > -9.2233720368547758e18 && t < 9.2233720368547758e18) return py_int(I, (int64_t)t);
        return py_int_from_big(I, pb_from_double(&I->ar, t));
    }
    case V_STR: {
        py_val *v = NULL;
        size_t nd = 0;
        size_t sn = x->u.str.n;
        const char *sd = ascii_digits(I, x->u.str.s, &sn);
        if (!sd) return py_oom(I);
        int r = parse_int(I, sd, sn, (int)bs, false, &v, &nd);
        if (r == 0) return v;
        if (r == 2)
            return py_fail(I, at, GL_E_INVALID, "ValueError: Exceeds the limit (%d digits) for integer string conversion: "
                           "value has %zu digits; use sys.set_int_max_str_digits() to increase the limit", PY_INT_MAX_STR_DIGITS, nd);
        if (r == 3) return size_ok(I, at, (int64_t)PY_BIG_MAX_BITS + 1), NULL;
        if (r == 4) return NULL;
        char buf[240];
        repr_into(I, buf, sizeof buf, x);
        return py_fail(I, at, GL_E_INVALID, "ValueError: invalid literal for int() with base %d: %s", (int)bs, buf);
    }
    default:
        return py_fail(I, at, GL_E_INVALID, "TypeError: int() argument must be a string, a bytes-like object or a real "
                       "number, not '%s'", py_type_name(x));
    }
}

/* Python's float() grammar: [sign] (digits [. digits] | . digits) [e [sign] digits] with single
 * underscores between digits, or inf / infinity / nan; surrounding whitespace. */
py_val *py_num_float(py_interp *I, const py_node *at, py_val *x) {
    if (x->kind == V_FLOAT) return x;
    if (x->kind == V_ARRAY && I->ndarray) return py_nd_float(I, at, x);   /* float(ndarray) of one element */
    if (py_is_num(x)) {
        double d;
        return py_num_to_double(I, at, x, &d) ? py_float(I, d) : NULL;
    }
    if (x->kind != V_STR)
        return py_fail(I, at, GL_E_INVALID, "TypeError: float() argument must be a string or a real number, not '%s'",
                       py_type_name(x));
    size_t n = x->u.str.n, i = 0;
    const char *s = ascii_digits(I, x->u.str.s, &n);
    if (!s) return py_oom(I);
    while (n && pyspace(s[n - 1])) n--;
    while (i < n && pyspace(s[i])) i++;
    char *d = py_alloc(&I->ar, n - i + 2);
    if (!d) return py_oom(I);
    size_t k = 0;
    bool neg = false;
    if (i < n && (s[i] == '+' || s[i] == '-')) neg = s[i++] == '-';
    size_t rest = n - i;
    const char *w = s + i;
    if ((rest == 3 && ieq(w, "inf", 3)) || (rest == 8 && ieq(w, "infinity", 8)))
        return py_float(I, neg ? -INFINITY : INFINITY);
    if (rest == 3 && ieq(w, "nan", 3)) return py_float(I, neg ? -NAN : NAN);
    if (neg) d[k++] = '-';
    int state = 0;               /* 0 int digits, 1 fraction digits, 2 exponent digits */
    bool digits = false, edigits = false, prev_digit = false;
    for (; i < n; i++) {
        char c = s[i];
        if (c >= '0' && c <= '9') {
            d[k++] = c;
            prev_digit = true;
            if (state < 2) digits = true;
            else edigits = true;
        } else if (c == '_' && prev_digit && i + 1 < n && s[i + 1] >= '0' && s[i + 1] <= '9') {
            prev_digit = false;
        } else if (c == '.' && state == 0) {
            d[k++] = c;
            state = 1;
            prev_digit = false;
        } else if ((c == 'e' || c == 'E') && state < 2 && digits) {
            d[k++] = 'e';
            state = 2;
            prev_digit = false;
            if (i + 1 < n && (s[i + 1] == '+' || s[i + 1] == '-')) d[k++] = s[++i];
        } else {
            goto bad;
        }
    }
    if (!digits || (state == 2 && !edigits)) goto bad;
    d[k] = 0;
    return py_float(I, strtod(d, NULL));
bad: {
        char buf[240];
        repr_into(I, buf, sizeof buf, x);
        return py_fail(I, at, GL_E_INVALID, "ValueError: could not convert string to float: %s", buf);
    }
}

/* ---------------------------------------------------------------- round */
/* round(x, nd) for a finite float, correctly rounded as CPython's (dtoa mode 3): the exact decimal
 * expansion of x (every double has one, at most ~1100 digits), rounded half to even at 10^-nd, read back. */
static py_val *round_float(py_interp *I, const py_node *at, double x, int64_t nd) {
    if (nd > 330) return py_float(I, x);
    if (nd < -330) return py_float(I, copysign(0.0, x));
    char *e = (char *)py_alloc(&I->ar, 1500);
    if (!e) return py_oom(I);
    int len = snprintf(e, 1500, "%.1100f", fabs(x));
    if (len <= 0 || len >= 1500) return py_fail(I, at, GL_E_INTERNAL, "round: formatting failed");
    char *dot = strchr(e, '.');
    int ip = (int)(dot - e);                  /* digits before the point */
    /* the digits without the point: d[0..ip) integer part, d[ip..) fraction */
    char *d = (char *)py_alloc(&I->ar, (size_t)len + 2);
    if (!d) return py_oom(I);
    memcpy(d, e, (size_t)ip);
    memcpy(d + ip, dot + 1, (size_t)(len - ip - 1));
    int nd_all = len - 1;
    int keep = ip + (int)nd;                  /* digits kept: d[0..keep) */
    if (keep < 0) return py_float(I, copysign(0.0, x));
    /* compare the dropped tail with half a unit */
    int cmp = 0;
    if (keep < nd_all) {
        if (d[keep] > '5') cmp = 1;
        else if (d[keep] < '5') cmp = -1;
        else {
            cmp = 0;
            for (int i = keep + 1; i < nd_all; i++)
                if (d[i] != '0') {
                    cmp = 1;
                    break;
                }
        }
    } else {
        cmp = -1;
    }
    bool up = cmp > 0 || (cmp == 0 && keep > 0 && ((d[keep - 1] - '0') & 1));
    /* the kept digits, incremented when rounding up, as an integer string scaled by 10^-nd */
    char *o = (char *)py_alloc(&I->ar, (size_t)keep + 40);
    if (!o) return py_oom(I);
    o[0] = '0';
    memcpy(o + 1, d, (size_t)keep);
    int on = keep + 1;
    if (up) {
        int i = on - 1;
        while (i >= 0 && o[i] == '9') o[i--] = '0';
        if (i >= 0) o[i]++;
    }
    on += snprintf(o + on, 40, "e%lld", (long long)-nd);
    o[on] = 0;
    double r = strtod(o, NULL);
    if (isinf(r)) return py_fail(I, at, GL_E_INVALID, "OverflowError: rounded value too large to represent");
    return py_float(I, copysign(r, x));
}

static py_val *do_round(py_interp *I, const py_node *at, py_val *x, py_val *nd) {
    if (!py_is_num(x)) return py_fail(I, at, GL_E_INVALID, "TypeError: type %s doesn't define __round__ method", py_type_name(x));
    if (nd && nd->kind == V_NONE) nd = NULL;
    if (x->kind == V_FLOAT) {
        double f = x->u.f;
        if (!nd) {
            if (isnan(f)) return py_fail(I, at, GL_E_INVALID, "ValueError: cannot convert float NaN to integer");
            if (isinf(f)) return py_fail(I, at, GL_E_INVALID, "OverflowError: cannot convert float infinity to integer");
            double r = nearbyint(f);             /* the default rounding mode: half to even */
            py_val *rv = py_float(I, r);
            return rv ? py_num_int(I, at, rv, NULL) : NULL;
        }
        int64_t n;
        if (nd->kind == V_BIG) n = nd->u.big->sign > 0 ? 1000 : -1000;
        else if (!py_num_index(I, at, nd, 0, &n)) return NULL;
        if (!isfinite(f) || f == 0) return py_float(I, f);
        return round_float(I, at, f, n);
    }
    if (!nd) return x->kind == V_BOOL ? py_int(I, x->u.b) : x;
    int64_t n;
    if (nd->kind == V_BIG) n = nd->u.big->sign > 0 ? 0 : INT64_MIN;
    else if (!py_num_index(I, at, nd, 0, &n)) return NULL;
    if (n >= 0) return x->kind == V_BOOL ? py_int(I, x->u.b) : x;
    /* round half to even at 10^-n */
    if (-(double)n > bits_of(x) * 0.302 + 2) return py_int(I, 0);
    py_val *m = py_int(I, 1), *ten = py_int(I, 10);
    if (!m || !ten) return NULL;
    for (int64_t i = 0; i < -n && m; i++) m = py_arith(I, at, OP_MUL, m, ten);
    if (!m) return NULL;
    py_val *q = py_arith(I, at, OP_FLOORDIV, x, m), *r = q ? py_arith(I, at, OP_MOD, x, m) : NULL;
    py_val *two = py_int(I, 2), *r2 = r && two ? py_arith(I, at, OP_MUL, r, two) : NULL;
    if (!r2) return NULL;
    int c = py_num_cmp(r2, m);
    bool odd = q->kind == V_BIG ? (q->u.big->d[0] & 1) : (q->u.i & 1);
    if (c > 0 || (c == 0 && odd)) {
        py_val *one = py_int(I, 1);
        if (!one || !(q = py_arith(I, at, OP_ADD, q, one))) return NULL;
    }
    return py_arith(I, at, OP_MUL, q, m);
}

/* ---------------------------------------------------------------- pow(a, b, m) */
static py_val *mod3(py_interp *I, const py_node *at, py_val *a, py_val *b, py_val *m) {
    if (!py_is_int(a) || !py_is_int(b) || !py_is_int(m)) {
        if (py_is_num(a) && py_is_num(b) && py_is_num(m))
            return py_fail(I, at, GL_E_INVALID, "TypeError: pow() 3rd argument not allowed unless all arguments are integers");
        return py_fail(I, at, GL_E_INVALID, "TypeError: unsupported operand type(s) for pow(): '%s', '%s', '%s'",
                       py_type_name(a), py_type_name(b), py_type_name(m));
    }
    if (py_num_cmp(m, &py_False) == 0) return py_fail(I, at, GL_E_INVALID, "ValueError: pow() 3rd argument cannot be 0");
    bool mneg = py_num_cmp(m, &py_False) < 0;
    py_val *mm = mneg ? py_num_unary(I, at, OP_NEG, m) : m;
    if (!mm) return NULL;
    py_val *base = py_arith(I, at, OP_MOD, a, mm);
    if (!base) return NULL;
    py_val *e = b;
    if (py_num_cmp(b, &py_False) < 0) {
        /* the inverse of base mod mm (extended Euclid), then the positive exponent */
        py_val *r0 = mm, *r1 = base, *t0 = py_int(I, 0), *t1 = py_int(I, 1);
        while (t0 && t1 && py_num_cmp(r1, &py_False) != 0) {
            if (!py_steps(I, at)) return NULL;
            py_val *q = py_arith(I, at, OP_FLOORDIV, r0, r1);
            py_val *qr = q ? py_arith(I, at, OP_MUL, q, r1) : NULL, *r2 = qr ? py_arith(I, at, OP_SUB, r0, qr) : NULL;
            py_val *qt = r2 ? py_arith(I, at, OP_MUL, q, t1) : NULL, *t2 = qt ? py_arith(I, at, OP_SUB, t0, qt) : NULL;
            if (!t2) return NULL;
            r0 = r1, r1 = r2, t0 = t1, t1 = t2;
        }
        if (!t0 || !t1) return NULL;
        if (py_num_cmp(r0, &py_True) != 0) return py_fail(I, at, GL_E_INVALID, "ValueError: base is not invertible for the given modulus");
        if (!(base = py_arith(I, at, OP_MOD, t0, mm)) || !(e = py_num_unary(I, at, OP_NEG, b))) return NULL;
    }
    py_val *r = py_int(I, 1), *two = py_int(I, 2);
    if (!r || !two || !(r = py_arith(I, at, OP_MOD, r, mm))) return NULL;
    /* square and multiply over the exponent's bits, high to low */
    int64_t eb = bits_of(e);
    py_big *E = tobig(I, e);
    if (!E) return NULL;
    for (int64_t k = eb - 1; k >= 0; k--) {
        if (!py_steps(I, at)) return NULL;
        if (!(r = py_arith(I, at, OP_MUL, r, r)) || !(r = py_arith(I, at, OP_MOD, r, mm))) return NULL;
        if (E->d[k / 32] >> (k % 32) & 1) {
            if (!(r = py_arith(I, at, OP_MUL, r, base)) || !(r = py_arith(I, at, OP_MOD, r, mm))) return NULL;
        }
    }
    if (mneg && py_num_cmp(r, &py_False) != 0) r = py_arith(I, at, OP_SUB, r, mm);   /* the sign of m */
    return r;
}

/* ---------------------------------------------------------------- builtins */

static bool nargs(py_interp *I, const py_node *at, const char *fn, py_args *a, int lo, int hi) {
    if (a->nkw && !(a->nkw == 1 && strcmp(fn, "round") == 0 && strcmp(a->kwn[0], "ndigits") == 0)) {
        py_fail(I, at, GL_E_INVALID, "TypeError: %s() takes no keyword arguments", fn);
        return false;
    }
    int n = a->npos + a->nkw;
    if (n < lo || n > hi) {
        if (lo == hi) py_fail(I, at, GL_E_INVALID, "TypeError: %s() takes exactly %s (%d given)", fn,
                              lo == 1 ? "one argument" : lo == 2 ? "2 arguments" : "0 arguments", n);
        else if (n > hi) py_fail(I, at, GL_E_INVALID, "TypeError: %s expected at most %d arguments, got %d", fn, hi, n);
        else py_fail(I, at, GL_E_INVALID, "TypeError: %s expected at least %d argument%s, got %d", fn, lo, lo == 1 ? "" : "s", n);
        return false;
    }
    return true;
}

static double num_or_fail(py_interp *I, const py_node *at, py_val *v, bool *ok) {
    double d = 0;
    if (!py_is_num(v)) {
        py_fail(I, at, GL_E_INVALID, "TypeError: must be real number, not %s", py_type_name(v));
        *ok = false;
        return 0;
    }
    *ok = py_num_to_double(I, at, v, &d);
    return d;
}

/* log of a positive int of any size, as CPython's loghelper: log(float(x)) when x converts, else
 * x = m * 2^e with m in [0.5, 1) rounded to 53 bits (_PyLong_Frexp), log(m) + log(2) * e. */
static double int_log(py_val *v, double (*lg)(double)) {
    bool ov;
    double d = int_to_double_raw(v, &ov);
    if (!ov) return lg(d);
    const py_big *b = v->u.big;
    int64_t bl = pb_bitlen(b), sh = bl - 64;
    uint64_t q = 0;
    bool sticky = false;
    for (int64_t k = bl - 1; k >= sh; k--) q = q << 1 | (b->d[k / 32] >> (k % 32) & 1);
    for (int64_t k = 0; k < sh && !sticky; k++) sticky = b->d[k / 32] >> (k % 32) & 1;
    double m = pb_round_bits(q, sticky, -64);
    int64_t e = bl;
    if (m == 1.0) {
        m = 0.5;
        e++;
    }
    return lg(m) + lg(2.0) * (double)e;
}

/* CPython 3.11's vector_norm (Modules/mathmodule.c) for math.hypot: lossless scaling by a power of two, exact
 * squares (an fma gives the low part, as Dekker's mul12 does) and a compensated sum, then one differential
 * correction of the square root. vec holds absolute values; max is the largest finite one. */
static double vector_norm(int n, double *vec, double max, bool found_nan) {
    if (isinf(max)) return max;
    if (found_nan) return NAN;
    if (max == 0.0 || n <= 1) return max;
    int max_e;
    frexp(max, &max_e);
    if (max_e < -1023) {          /* subnormals: ldexp(1.0, -max_e) would overflow (at most once: max is normal after) */
        for (int i = 0; i < n; i++) vec[i] /= DBL_MIN;
        return DBL_MIN * vector_norm(n, vec, max / DBL_MIN, found_nan);
    }
    double scale = ldexp(1.0, -max_e), csum = 1.0, frac1 = 0.0, frac2 = 0.0, x, h, hi, lo, shi, slo;
    for (int i = 0; i < n; i++) {
        x = vec[i] * scale;
        hi = x * x;
        lo = fma(x, x, -hi);
        shi = csum + hi;
        slo = (csum - shi) + hi;
        csum = shi;
        frac1 += lo;
        frac2 += slo;
    }
    h = sqrt(csum - 1.0 + (frac1 + frac2));
    hi = -h * h;
    lo = fma(-h, h, -hi);
    shi = csum + hi;
    slo = (csum - shi) + hi;
    csum = shi;
    frac1 += lo;
    frac2 += slo;
    x = csum - 1.0 + (frac1 + frac2);
    h += x / (2.0 * h);
    return h / scale;
}

py_val *py_num_builtin(py_interp *I, const py_node *at, int id, py_val *self, py_args *a) {
    const char *fn = py_builtin_name(id);
    py_val **p = a->pos;
    bool ok = true;
    switch (id) {
    case B_ROUND: {
        if (!nargs(I, at, fn, a, 1, 2)) return NULL;
        py_val *nd = a->npos > 1 ? p[1] : a->nkw ? a->kwv[0] : NULL;
        py_val *r = do_round(I, at, p[0], nd);
        return r && r->kind == V_INT && py_sub_of(r) ? py_int(I, r->u.i) : r;   /* round(MyInt(2)): a plain int */
    }
    case B_DIVMOD: {
        if (!nargs(I, at, fn, a, 2, 2)) return NULL;
        py_val *x = p[0], *y = p[1];
        if (!py_is_num(x) || !py_is_num(y))
            return py_fail(I, at, GL_E_INVALID, "TypeError: unsupported operand type(s) for divmod(): '%s' and '%s'",
                           py_type_name(x), py_type_name(y));
        py_val *q, *r;
        if (x->kind == V_FLOAT || y->kind == V_FLOAT) {
            double fx, fy, fq, fm;
            if (!py_num_to_double(I, at, x, &fx) || !py_num_to_double(I, at, y, &fy) || !float_divmod(I, at, fx, fy, -1, &fq, &fm))
                return NULL;
            q = py_float(I, fq);
            r = py_float(I, fm);
        } else {
            if (py_num_cmp(y, &py_False) == 0) return zerodiv(I, at, "integer division or modulo by zero");
            q = py_arith(I, at, OP_FLOORDIV, x, y);
            r = q ? py_arith(I, at, OP_MOD, x, y) : NULL;
        }
        if (!q || !r) return NULL;
        py_val *t = py_seq(I, V_TUPLE, 2);
        if (!t) return NULL;
        t->u.seq.v[0] = q;
        t->u.seq.v[1] = r;
        return t;
    }
    case B_POW: {
        if (!nargs(I, at, fn, a, 2, 3)) return NULL;
        if (a->npos == 3 && p[2]->kind != V_NONE) return mod3(I, at, p[0], p[1], p[2]);
        return py_binop(I, at, OP_POW, p[0], p[1]);
    }
    case B_HASH: {
        if (!nargs(I, at, fn, a, 1, 1)) return NULL;
        int64_t h;          /* numbers here; everything else as the dict and set tables hash it (py_dict.c) */
        if (py_is_num(p[0]) && !py_sub_of(p[0])) return py_int(I, py_hash_num(p[0]));   /* an int subclass: its __hash__ */
        return py_hash(I, at, p[0], &h) ? py_int(I, h) : NULL;
    }
    case B_BIN: case B_HEX: case B_OCT: {
        if (!nargs(I, at, fn, a, 1, 1)) return NULL;
        py_val *x = py_index_of(I, at, p[0]);
        if (!x) return NULL;
        if (!py_is_int(x))
            return py_fail(I, at, GL_E_INVALID, "TypeError: '%s' object cannot be interpreted as an integer", py_type_name(x));
        py_big *b = tobig(I, x);
        if (!b) return NULL;
        size_t n;
        char *s = pb_to_str(&I->ar, b, id == B_BIN ? 2 : id == B_HEX ? 16 : 8, &n);
        if (!s) return oom_or(I);
        gl_sb sb;
        gl_sb_init(&sb);
        bool neg = s[0] == '-';
        if (neg) gl_sb_putc(&sb, '-');
        gl_sb_puts(&sb, id == B_BIN ? "0b" : id == B_HEX ? "0x" : "0o");
        gl_sb_putn(&sb, s + neg, n - neg);
        py_val *r = sb.failed ? py_oom(I) : py_str(I, sb.buf, sb.len);
        gl_sb_free(&sb);
        return r;
    }
    case B_I_BITLEN:
        if (a->nkw) return py_fail(I, at, GL_E_INVALID, "TypeError: int.bit_length() takes no keyword arguments");
        if (a->npos) return py_fail(I, at, GL_E_INVALID, "TypeError: int.bit_length() takes no arguments (%d given)", a->npos);
        return py_int(I, bits_of(self));
    case B_M_FMOD: {
        if (!nargs(I, at, fn, a, 2, 2)) return NULL;
        double x = num_or_fail(I, at, p[0], &ok), y = ok ? num_or_fail(I, at, p[1], &ok) : 0;
        if (!ok) return NULL;
        if (isinf(x) || y == 0 || isnan(x) || isnan(y)) {
            if (isnan(x) || isnan(y)) return py_float(I, NAN);
            return py_fail(I, at, GL_E_INVALID, "ValueError: math domain error");
        }
        return py_float(I, isinf(y) ? x : fmod(x, y));
    }
    case B_M_FLOOR: case B_M_CEIL: case B_M_TRUNC: {
        if (!nargs(I, at, fn, a, 1, 1)) return NULL;
        if (py_is_int(p[0])) return p[0]->kind == V_BOOL ? py_int(I, p[0]->u.b) : p[0];
        double x = num_or_fail(I, at, p[0], &ok);
        if (!ok) return NULL;
        py_val *f = py_float(I, id == B_M_FLOOR ? floor(x) : id == B_M_CEIL ? ceil(x) : trunc(x));
        return f ? py_num_int(I, at, f, NULL) : NULL;
    }
    case B_M_ISINF: case B_M_ISNAN: case B_M_ISFINITE: {
        if (!nargs(I, at, fn, a, 1, 1)) return NULL;
        double x = num_or_fail(I, at, p[0], &ok);   /* a big int beyond the double range: OverflowError */
        if (!ok) return NULL;
        return py_bool(id == B_M_ISINF ? isinf(x) : id == B_M_ISNAN ? isnan(x) : isfinite(x));
    }
    case B_M_GCD: {
        py_val *g = py_int(I, 0);
        if (a->nkw) return py_fail(I, at, GL_E_INVALID, "TypeError: gcd() takes no keyword arguments");
        for (int i = 0; g && i < a->npos; i++) {
            if (!py_is_int(p[i]))
                return py_fail(I, at, GL_E_INVALID, "TypeError: '%s' object cannot be interpreted as an integer", py_type_name(p[i]));
            py_val *x = p[i], *y = g;
            if (py_num_cmp(x, &py_False) < 0 && !(x = py_num_unary(I, at, OP_NEG, x))) return NULL;
            while (py_num_cmp(x, &py_False) != 0) {
                if (!py_steps(I, at)) return NULL;
                py_val *t = py_arith(I, at, OP_MOD, y, x);
                if (!t) return NULL;
                y = x;
                x = t;
            }
            g = y->kind == V_BOOL ? py_int(I, y->u.b) : y;
        }
        return g;
    }
    case B_M_LOG2: case B_M_LOG10: {
        if (!nargs(I, at, fn, a, 1, 1)) return NULL;
        if (!py_is_num(p[0])) return num_or_fail(I, at, p[0], &ok), NULL;
        if (py_num_cmp(p[0], &py_False) <= 0) return py_fail(I, at, GL_E_INVALID, "ValueError: math domain error");
        if (p[0]->kind == V_FLOAT) return py_float(I, id == B_M_LOG2 ? log2(p[0]->u.f) : log10(p[0]->u.f));
        return py_float(I, id == B_M_LOG2 ? int_log(p[0], log2) : int_log(p[0], log10));
    }
    case B_M_ISQRT: {
        if (!nargs(I, at, fn, a, 1, 1)) return NULL;
        py_val *n = py_index_of(I, at, p[0]);
        if (!n) return NULL;
        if (!py_is_int(n))
            return py_fail(I, at, GL_E_INVALID, "TypeError: '%s' object cannot be interpreted as an integer", py_type_name(n));
        if (py_num_cmp(n, &py_False) < 0) return py_fail(I, at, GL_E_INVALID, "ValueError: isqrt() argument must be nonnegative");
        if (py_num_cmp(n, &py_False) == 0) return py_int(I, 0);
        /* Newton from above: x = 2^ceil(bits/2) */
        py_val *one = py_int(I, 1), *k = py_int(I, (bits_of(n) + 1) / 2), *x = one && k ? py_arith(I, at, OP_LSHIFT, one, k) : NULL;
        while (x) {
            if (!py_steps(I, at)) return NULL;
            py_val *q = py_arith(I, at, OP_FLOORDIV, n, x), *s = q ? py_arith(I, at, OP_ADD, x, q) : NULL;
            py_val *y = s ? py_arith(I, at, OP_RSHIFT, s, one) : NULL;
            if (!y) return NULL;
            if (py_num_cmp(y, x) >= 0) return x;
            x = y;
        }
        return NULL;
    }
    case B_M_PROD: {              /* prod(iterable, *, start=1): the product with *, any numbers */
        if (a->npos != 1) return py_fail(I, at, GL_E_INVALID, "TypeError: prod() takes exactly 1 positional argument (%d given)", a->npos);
        py_val *r = py_int(I, 1);
        for (int i = 0; i < a->nkw; i++) {
            if (strcmp(a->kwn[i], "start") != 0)
                return py_fail(I, at, GL_E_INVALID, "TypeError: prod() got an unexpected keyword argument '%s'", a->kwn[i]);
            r = a->kwv[i];
        }
        py_val **it;
        int n;
        if (!r || py_iter_list(I, at, p[0], &it, &n)) return r ? NULL : oom_or(I);
        for (int i = 0; r && i < n; i++) {
            if (!py_steps(I, at)) return NULL;
            r = py_binop(I, at, OP_MUL, r, it[i]);
        }
        return r;
    }
    case B_M_ISCLOSE: {           /* isclose(a, b, *, rel_tol=1e-09, abs_tol=0.0): CPython's math_isclose_impl */
        double rel = 1e-9, abs_tol = 0.0, x, y;
        if (a->npos != 2) return py_fail(I, at, GL_E_INVALID, "TypeError: isclose() takes exactly 2 positional arguments (%d given)", a->npos);
        for (int i = 0; i < a->nkw; i++) {
            bool r = strcmp(a->kwn[i], "rel_tol") == 0;
            if (!r && strcmp(a->kwn[i], "abs_tol") != 0)
                return py_fail(I, at, GL_E_INVALID, "TypeError: isclose() got an unexpected keyword argument '%s'", a->kwn[i]);
            double t = num_or_fail(I, at, a->kwv[i], &ok);
            if (!ok) return NULL;
            *(r ? &rel : &abs_tol) = t;
        }
        x = num_or_fail(I, at, p[0], &ok);
        y = ok ? num_or_fail(I, at, p[1], &ok) : 0;
        if (!ok) return NULL;
        if (rel < 0.0 || abs_tol < 0.0) return py_fail(I, at, GL_E_INVALID, "ValueError: tolerances must be non-negative");
        if (x == y) return py_bool(true);
        if (isinf(x) || isinf(y)) return py_bool(false);
        double diff = fabs(y - x);
        return py_bool((diff <= fabs(rel * y)) || (diff <= fabs(rel * x)) || (diff <= abs_tol));
    }
    case B_M_SIN: case B_M_COS: case B_M_TAN: case B_M_ASIN: case B_M_ACOS: case B_M_ATAN: case B_M_SINH:
    case B_M_COSH: case B_M_TANH: case B_M_ASINH: case B_M_ACOSH: case B_M_ATANH: case B_M_LOG1P: case B_M_EXPM1:
    case B_M_ERF: case B_M_ERFC: case B_M_FABS: case B_M_DEGREES: case B_M_RADIANS: {
        /* CPython's math_1: nan from a non-nan is a domain error; inf from a finite x is a range error for the
         * functions that can overflow (sinh, cosh, expm1), else a domain error (log1p(-1), atanh(1)) */
        if (!nargs(I, at, fn, a, 1, 1)) return NULL;
        double x = num_or_fail(I, at, p[0], &ok), r = 0;
        if (!ok) return NULL;
        switch (id) {
        case B_M_SIN: r = sin(x); break;
        case B_M_COS: r = cos(x); break;
        case B_M_TAN: r = tan(x); break;
        case B_M_ASIN: r = asin(x); break;
        case B_M_ACOS: r = acos(x); break;
        case B_M_ATAN: r = atan(x); break;
        case B_M_SINH: r = sinh(x); break;
        case B_M_COSH: r = cosh(x); break;
        case B_M_TANH: r = tanh(x); break;
        case B_M_ASINH: r = asinh(x); break;
        case B_M_ACOSH: r = acosh(x); break;
        case B_M_ATANH: r = fabs(x) >= 1.0 ? NAN : atanh(x); break;
        case B_M_LOG1P: r = x <= -1.0 ? NAN : log1p(x); break;
        case B_M_EXPM1: r = expm1(x); break;
        case B_M_ERF: r = erf(x); break;
        case B_M_ERFC: r = erfc(x); break;
        case B_M_FABS: r = fabs(x); break;
        case B_M_DEGREES: r = x * (180.0 / 3.141592653589793); break;
        default: r = x * (3.141592653589793 / 180.0); break;
        }
        if (id == B_M_DEGREES || id == B_M_RADIANS || id == B_M_FABS) return py_float(I, r);   /* plain arithmetic */
        if (isnan(r) && !isnan(x)) return py_fail(I, at, GL_E_INVALID, "ValueError: math domain error");
        if (isinf(r) && isfinite(x)) {
            if (id == B_M_SINH || id == B_M_COSH || id == B_M_EXPM1)
                return py_fail(I, at, GL_E_LIMIT, "OverflowError: math range error");
            return py_fail(I, at, GL_E_INVALID, "ValueError: math domain error");
        }
        return py_float(I, r);
    }
    case B_M_ATAN2: case B_M_COPYSIGN: {
        if (!nargs(I, at, fn, a, 2, 2)) return NULL;
        double y = num_or_fail(I, at, p[0], &ok), x = ok ? num_or_fail(I, at, p[1], &ok) : 0;
        if (!ok) return NULL;
        return py_float(I, id == B_M_ATAN2 ? atan2(y, x) : copysign(y, x));
    }
    case B_M_HYPOT: {             /* hypot(*coordinates): CPython 3.11's vector_norm, bit for bit */
        if (a->nkw) return py_fail(I, at, GL_E_INVALID, "TypeError: hypot() takes no keyword arguments");
        double *vec = py_alloc(&I->ar, sizeof(double) * (size_t)(a->npos ? a->npos : 1)), max = 0;
        bool nan = false;
        if (!vec) return oom_or(I);
        for (int i = 0; i < a->npos; i++) {
            double x = num_or_fail(I, at, p[i], &ok);
            if (!ok) return NULL;
            vec[i] = x = fabs(x);
            nan |= isnan(x);
            if (x > max) max = x;
        }
        if (!py_work(I, at, a->npos)) return NULL;
        return py_float(I, vector_norm(a->npos, vec, max, nan));
    }
    case B_M_FACTORIAL: case B_M_COMB: case B_M_PERM: {
        int want = id == B_M_FACTORIAL ? 1 : 2;
        if (!nargs(I, at, fn, a, id == B_M_PERM ? 1 : want, want)) return NULL;
        for (int i = 0; i < a->npos; i++) {
            if (id == B_M_PERM && i == 1 && p[1]->kind == V_NONE) continue;
            if (!py_is_int(p[i]))
                return py_fail(I, at, GL_E_INVALID, "TypeError: '%s' object cannot be interpreted as an integer", py_type_name(p[i]));
            if (py_num_cmp(p[i], &py_False) < 0) {
                if (id == B_M_FACTORIAL) return py_fail(I, at, GL_E_INVALID, "ValueError: factorial() not defined for negative values");
                return py_fail(I, at, GL_E_INVALID, "ValueError: %s must be a non-negative integer", i ? "k" : "n");
            }
        }
        py_val *n = p[0], *k = id == B_M_FACTORIAL ? p[0] : a->npos > 1 && p[1]->kind != V_NONE ? p[1] : p[0];
        py_val *one = py_int(I, 1), *r = one;
        if (!one) return NULL;
        if (py_num_cmp(k, n) > 0) return py_int(I, 0);
        if (id == B_M_COMB) {     /* comb(n, k) = comb(n, n - k): the shorter product */
            py_val *nk = py_arith(I, at, OP_SUB, n, k);
            if (!nk) return NULL;
            if (py_num_cmp(nk, k) < 0) k = nk;
        }
        /* r = prod(n - k + i for i in 1..k) (// i! for comb), one multiply per step: a huge k meets the budget */
        py_val *base = py_arith(I, at, OP_SUB, n, k), *i = one;
        if (!base) return NULL;
        while (py_num_cmp(i, k) <= 0) {
            if (!py_steps(I, at)) return NULL;
            py_val *f = py_arith(I, at, OP_ADD, base, i);
            if (!f || !(r = py_arith(I, at, OP_MUL, r, f))) return NULL;
            if (id == B_M_COMB && !(r = py_arith(I, at, OP_FLOORDIV, r, i))) return NULL;
            if (!(i = py_arith(I, at, OP_ADD, i, one))) return NULL;
        }
        return r;
    }
    case B_M_LCM: {
        if (a->nkw) return py_fail(I, at, GL_E_INVALID, "TypeError: lcm() takes no keyword arguments");
        py_val *r = py_int(I, 1);
        for (int i = 0; r && i < a->npos; i++) {
            if (!py_is_int(p[i]))
                return py_fail(I, at, GL_E_INVALID, "TypeError: '%s' object cannot be interpreted as an integer", py_type_name(p[i]));
            py_val *x = p[i];
            if (py_num_cmp(x, &py_False) < 0 && !(x = py_num_unary(I, at, OP_NEG, x))) return NULL;
            if (py_num_cmp(x, &py_False) == 0 || py_num_cmp(r, &py_False) == 0) {
                r = py_int(I, 0);
                continue;
            }
            py_val *g2[2] = {r, x};
            py_args ga = {g2, 2, NULL, NULL, 0};
            py_val *g = py_num_builtin(I, at, B_M_GCD, NULL, &ga);
            py_val *q = g ? py_arith(I, at, OP_FLOORDIV, x, g) : NULL;
            r = q ? py_arith(I, at, OP_MUL, r, q) : NULL;
        }
        if (r && r->kind == V_BOOL) r = py_int(I, r->u.b);
        return r;
    }
    default:
        if (id >= B_M_FSUM && id <= B_N_LAST) return py_mathx_builtin(I, at, id, a);   /* py_mathx.c */
        break;
    }
    return py_fail(I, at, GL_E_INTERNAL, "unknown number builtin");
}

/* math.log / math.sqrt / ... of an int beyond the double range: log via the top bits (CPython does the same). */
double py_num_log(const py_val *v) { return int_log((py_val *)v, log); }
