/* py_nummeth.c — the methods of numbers: float.is_integer(), float.as_integer_ratio(), float.hex(),
 * int.as_integer_ratio(), int.bit_count() and conjugate() of both (bool is an int). `real` / `imag` /
 * `numerator` / `denominator` are attributes, read in py_getattr; int.bit_length lives with the other int
 * builtins in py_num.c.
 *
 * Each follows CPython 3.11's Objects/floatobject.c / longobject.c: the same results (as_integer_ratio's
 * frexp loop, hex's 13 hex digits with subnormals shifted as float_hex shifts them) and the same messages
 * ("float.hex() takes no arguments (1 given)", "cannot convert NaN to integer ratio"). int.is_integer is
 * 3.12's: 3.11 has none, so (5).is_integer() stays an AttributeError as CPython 3.11 says. */
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "front/py.h"


py_val *py_nummeth_attr(py_interp *I, py_val *v, const char *name) {
    bool fl = v->kind == V_FLOAT;
    if (!fl && !py_is_int(v)) return NULL;
    for (int id = B_NM_FIRST; id <= B_NM_LAST; id++) {
        if (strcmp(name, py_builtin_name(id)) != 0) continue;
        bool ok = id == B_NM_RATIO || id == B_NM_CONJ ||
                  (fl ? id == B_NM_ISINT || id == B_NM_HEX || id == B_NM_FROMHEX : id == B_NM_BITCOUNT);
        return ok ? py_builtin(I, id, v) : NULL;
    }
    return NULL;
}

static py_val *pair(py_interp *I, py_val *a, py_val *b) {
    py_val *t = a && b ? py_seq(I, V_TUPLE, 2) : NULL;
    if (!t) return NULL;
    t->u.seq.v[0] = a;
    t->u.seq.v[1] = b;
    return t;
}

/* CPython's float_as_integer_ratio: frexp, then double the mantissa until it is integral (at most 300 times),
 * the exponent's power of two going to the numerator or the denominator. */
static py_val *float_ratio(py_interp *I, const py_node *at, double x) {
    if (isinf(x)) return py_fail(I, at, GL_E_INVALID, "OverflowError: cannot convert Infinity to integer ratio");
    if (isnan(x)) return py_fail(I, at, GL_E_INVALID, "ValueError: cannot convert NaN to integer ratio");
    int e;
    double m = frexp(x, &e);
    for (int i = 0; i < 300 && m != floor(m); i++) {
        m *= 2.0;
        e--;
    }
    py_val *num = py_num_int(I, at, py_float(I, m), NULL), *den = py_int(I, 1), *sh = py_int(I, e < 0 ? -e : e);
    if (!num || !den || !sh) return NULL;
    if (e > 0) num = py_arith(I, at, OP_LSHIFT, num, sh);
    else den = py_arith(I, at, OP_LSHIFT, den, sh);
    return pair(I, num, den);
}

/* CPython's float_hex: 1 + 13 hex digits of mantissa; a subnormal keeps the exponent at -1022 and shows a
 * leading 0. */
static py_val *float_hex(py_interp *I, double x) {
    char buf[64];
    if (isnan(x)) return py_str(I, "nan", 3);
    if (isinf(x)) return x < 0 ? py_str(I, "-inf", 4) : py_str(I, "inf", 3);
    if (x == 0.0) return signbit(x) ? py_str(I, "-0x0.0p+0", 9) : py_str(I, "0x0.0p+0", 8);
    int e;
    double m = frexp(fabs(x), &e);
    int shift = 1 - (DBL_MIN_EXP - e > 0 ? DBL_MIN_EXP - e : 0);
    m = ldexp(m, shift);
    e -= shift;
    static const char hex[] = "0123456789abcdef";
    char s[20];
    int si = 0;
    s[si++] = hex[(int)m];
    m -= (int)m;
    s[si++] = '.';
    for (int i = 0; i < (DBL_MANT_DIG + 3 - (DBL_MANT_DIG + 2) % 4 - 1) / 4; i++) {
        m *= 16.0;
        s[si++] = hex[(int)m];
        m -= (int)m;
    }
    s[si] = '\0';
    int n = snprintf(buf, sizeof buf, "%s0x%sp%c%d", x < 0 ? "-" : "", s, e < 0 ? '-' : '+', e < 0 ? -e : e);
    return py_str(I, buf, (size_t)n);
}

static int popcount64(uint64_t m) {
    int k = 0;
    for (; m; m &= m - 1) k++;
    return k;
}

/* float.fromhex(s) as float_fromhex: [ws][sign](inf|infinity|nan|[0x]hex[.hex][p[sign]dec])[ws]; the hex
 * text itself is read by strtod, which rounds a hex significand correctly (half to even). */
static py_val *float_fromhex(py_interp *I, const py_node *at, py_args *a) {
    if (a->nkw) return py_fail(I, at, GL_E_INVALID, "TypeError: float.fromhex() takes no keyword arguments");
    if (a->npos != 1) return py_fail(I, at, GL_E_INVALID, "TypeError: float.fromhex() takes exactly one argument (%d given)", a->npos);
    py_val *v = a->pos[0];
    if (v->kind != V_STR) return py_fail(I, at, GL_E_INVALID, "TypeError: must be str, not %s", py_type_name(v));
    const char *s = v->u.str.s;
    size_t n = v->u.str.n, i = 0;
    while (n && strchr(" \t\n\r\v\f", s[n - 1])) n--;
    while (i < n && strchr(" \t\n\r\v\f", s[i])) i++;
    char *buf = py_alloc(&I->ar, n - i + 4);
    if (!buf) return py_oom(I);
    size_t k = 0;
    bool neg = false;
    if (i < n && (s[i] == '+' || s[i] == '-')) neg = s[i++] == '-';
    size_t rest = n - i;
    if ((rest == 3 && strncasecmp(s + i, "inf", 3) == 0) || (rest == 8 && strncasecmp(s + i, "infinity", 8) == 0))
        return py_float(I, neg ? -INFINITY : INFINITY);
    if (rest == 3 && strncasecmp(s + i, "nan", 3) == 0) return py_float(I, NAN);
    if (rest >= 2 && s[i] == '0' && (s[i + 1] == 'x' || s[i + 1] == 'X')) i += 2;
    buf[k++] = neg ? '-' : '+';
    buf[k++] = '0';
    buf[k++] = 'x';
    int digits = 0, edigits = 0, state = 0;   /* 0 integer part, 1 fraction, 2 exponent */
    for (; i < n; i++) {
        char c = s[i];
        bool hx = (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
        if (state < 2 && hx) digits++;
        else if (state == 2 && c >= '0' && c <= '9') edigits++;
        else if (c == '.' && state == 0) state = 1;
        else if ((c == 'p' || c == 'P') && state < 2 && digits) {
            state = 2;
            buf[k++] = 'p';
            if (i + 1 < n && (s[i + 1] == '+' || s[i + 1] == '-')) buf[k++] = s[++i];
            continue;
        } else {
            digits = 0;
            break;
        }
        buf[k++] = c;
    }
    if (!digits || (state == 2 && !edigits))
        return py_fail(I, at, GL_E_INVALID, "ValueError: invalid hexadecimal floating-point string");
    buf[k] = 0;
    double d = strtod(buf, NULL);
    if (isinf(d)) return py_fail(I, at, GL_E_LIMIT, "OverflowError: hexadecimal value too large to represent as a float");
    return py_float(I, d);
}

py_val *py_nummeth_call(py_interp *I, const py_node *at, int id, py_val *self, py_args *a) {
    if (id == B_NM_FROMHEX) return float_fromhex(I, at, a);
    const char *tn = self->kind == V_FLOAT ? "float" : "int";
    if (a->nkw) return py_fail(I, at, GL_E_INVALID, "TypeError: %s.%s() takes no keyword arguments", tn, py_builtin_name(id));
    if (a->npos)
        return py_fail(I, at, GL_E_INVALID, "TypeError: %s.%s() takes no arguments (%d given)", tn, py_builtin_name(id), a->npos);
    switch (id) {
    case B_NM_ISINT: return py_bool(isfinite(self->u.f) && floor(self->u.f) == self->u.f);
    case B_NM_HEX: return float_hex(I, self->u.f);
    case B_NM_CONJ:
        if (self->kind == V_BOOL) return py_int(I, self->u.b);
        return self;
    case B_NM_RATIO:
        if (self->kind == V_FLOAT) return float_ratio(I, at, self->u.f);
        return pair(I, self->kind == V_BOOL ? py_int(I, self->u.b) : self, py_int(I, 1));
    case B_NM_BITCOUNT: {
        int64_t k = 0;
        if (self->kind == V_BIG) {
            for (int i = 0; i < self->u.big->n; i++) k += popcount64(self->u.big->d[i]);
        } else {
            int64_t x = self->kind == V_INT ? self->u.i : self->u.b;
            k = popcount64(x < 0 ? (uint64_t)0 - (uint64_t)x : (uint64_t)x);
        }
        return py_int(I, k);
    }
    }
    return py_fail(I, at, GL_E_INTERNAL, "unknown number method");
}
