/* py_format.c — Python's string formatting, CPython 3.11's results and messages:
 *
 *   - the format spec mini-language ([[fill]align][sign][z][#][0][width][,|_][.precision][type]) for str,
 *     int (and bool), float, and object.__format__ for the rest: format(x, spec), f"{x:spec}" (nested
 *     specs are expanded by the evaluator first) and str.format;
 *   - f-string holes ({x!r}, {x!a}, {x=}): py_fstr_hole;
 *   - str.format / format_map: auto and manual numbering, keywords, {0[1]} and {p.x} in fields, {{ }};
 *   - printf-style `fmt % args` (%d %i %u %s %r %a %c %o %x %X %e %E %f %F %g %G %%, flags -+ #0, width,
 *     precision, `*`, %(key)s with a dict).
 *
 * Floats: the digits come from the C library's printf with an explicit precision (%.*f, %.*e, %.*g),
 * which glibc and musl (WASI, Emscripten) round correctly from the exact binary value, as CPython's dtoa
 * does; repr-style output (no type, no precision) is gl_fmt_double, the shortest round-trip digits. The
 * rest (sign, z, grouping, padding, CPython's own 'g'-with-.0 rule for a spec without a type) is here.
 * Grouping with zero padding follows _PyUnicode_InsertThousandsGrouping ('0,001,234' for '08,').
 * Widths count code points (a Chinese character is one). Every result is bounded by GL_PROGRAM_MAX_SEQ. */
#include <math.h>
#include <string.h>

#include "front/py_str.h"

typedef struct {
    char fill[4];
    size_t fill_n;
    bool fill_given;
    char align;                   /* 0 (the type's default), '<', '>', '^', '=' */
    char sign;                    /* 0, '+', '-', ' ' */
    bool z, alt;
    int64_t width, prec;          /* -1: not given */
    char group;                   /* 0, ',', '_' */
    int gsize;                    /* digits per group (3, or 4 for '_' with b o x X) */
    uint32_t type;                /* 0: none */
} fspec;

static bool verr(py_interp *I, const py_node *at, const char *msg) {
    py_fail(I, at, GL_E_INVALID, "ValueError: %s", msg);
    return false;
}

/* CPython's get_integer: decimal digits (any script's); false on overflow. */
static bool spec_int(py_interp *I, const py_node *at, const char *s, size_t n, size_t *i, int64_t *out, int *cnt) {
    *out = 0;
    *cnt = 0;
    while (*i < n) {
        size_t j = *i;
        int d = py_uni_decimal(py_utf8_get(s, &j));
        if (d < 0) break;
        if (*out > (INT64_MAX / 2 - d) / 10 || *out * 10 + d > 0x7FFFFFFF)
            return verr(I, at, "Too many decimal digits in format string");
        *out = *out * 10 + d;
        (*cnt)++;
        *i = j;
    }
    return true;
}

static bool is_align(char c) { return c == '<' || c == '>' || c == '=' || c == '^'; }

static bool parse_spec(py_interp *I, const py_node *at, const char *s, size_t n, char default_align, const char *tname,
                       fspec *f) {
    memset(f, 0, sizeof *f);
    f->fill[0] = ' ';
    f->fill_n = 1;
    f->width = f->prec = -1;
    size_t i = 0;
    if (n) {                                         /* [[fill]align] */
        size_t j = 0;
        py_utf8_get(s, &j);
        if (j < n && is_align(s[j])) {
            memcpy(f->fill, s, j);
            f->fill_n = j;
            f->fill_given = true;
            f->align = s[j];
            i = j + 1;
        } else if (is_align(s[0])) {
            f->align = s[0];
            i = 1;
        }
    }
    bool align_given = f->align != 0;
    if (i < n && (s[i] == '+' || s[i] == '-' || s[i] == ' ')) f->sign = s[i++];
    if (i < n && s[i] == 'z') f->z = true, i++;
    if (i < n && s[i] == '#') f->alt = true, i++;
    if (!f->fill_given && i < n && s[i] == '0') {
        f->fill[0] = '0';
        f->fill_n = 1;
        f->fill_given = true;
        if (!align_given && default_align == '>') f->align = '=';
        i++;
    }
    int cnt;
    if (!spec_int(I, at, s, n, &i, &f->width, &cnt)) return false;
    if (!cnt) f->width = -1;
    if (i < n && s[i] == ',') f->group = ',', i++;
    if (i < n && s[i] == '_') {
        if (f->group) return verr(I, at, "Cannot specify both ',' and '_'.");
        f->group = '_';
        i++;
    }
    if (i < n && s[i] == ',' && f->group == '_') return verr(I, at, "Cannot specify both ',' and '_'.");
    if (i < n && s[i] == '.') {
        i++;
        if (!spec_int(I, at, s, n, &i, &f->prec, &cnt)) return false;
        if (!cnt) return verr(I, at, "Format specifier missing precision");
    }
    if (i < n) {
        size_t j = i;
        uint32_t t = py_utf8_get(s, &j);
        if (j < n) {
            py_fail(I, at, GL_E_INVALID, "ValueError: Invalid format specifier '%.*s' for object of type '%s'", (int)n, s, tname);
            return false;
        }
        f->type = t;
    }
    f->gsize = 3;
    if (f->group) {
        switch (f->type) {
        case 'd': case 'e': case 'f': case 'g': case 'E': case 'G': case '%': case 'F': case 0: break;
        case 'b': case 'o': case 'x': case 'X':
            if (f->group == '_') {
                f->gsize = 4;
                break;
            }
            /* fall through */
        default:
            if (f->type > 32 && f->type < 128)
                py_fail(I, at, GL_E_INVALID, "ValueError: Cannot specify '%c' with '%c'.", f->group, (char)f->type);
            else
                py_fail(I, at, GL_E_INVALID, "ValueError: Cannot specify '%c' with '\\x%x'.", f->group, (unsigned)f->type);
            return false;
        }
    }
    return true;
}

static bool unknown_type(py_interp *I, const py_node *at, uint32_t t, const char *tname) {
    if (t > 32 && t < 128)
        py_fail(I, at, GL_E_INVALID, "ValueError: Unknown format code '%c' for object of type '%s'", (char)t, tname);
    else
        py_fail(I, at, GL_E_INVALID, "ValueError: Unknown format code '\\x%x' for object of type '%s'", (unsigned)t, tname);
    return false;
}

static bool pad_ok(py_interp *I, const py_node *at, gl_sb *sb, int64_t k, size_t unit) {
    if (k > 0 && ((uint64_t)k > GL_PROGRAM_MAX_SEQ / unit || sb->len + (size_t)k * unit > GL_PROGRAM_MAX_SEQ)) {
        py_fail(I, at, GL_E_LIMIT, "a formatted string of over %d bytes is over the limit", GL_PROGRAM_MAX_SEQ);
        return false;
    }
    return true;
}

static void put_fill(gl_sb *sb, const fspec *f, int64_t k) {
    for (int64_t i = 0; i < k; i++) gl_sb_putn(sb, f->fill, f->fill_n);
}

/* s (ncp code points) aligned in f->width with f's fill. */
static bool put_aligned(py_interp *I, const py_node *at, gl_sb *sb, const fspec *f, char align, const char *s, size_t n,
                        size_t ncp) {
    int64_t pad = f->width > (int64_t)ncp ? f->width - (int64_t)ncp : 0, left = 0;
    if (!pad_ok(I, at, sb, pad, f->fill_n)) return false;
    if (align == '>') left = pad;
    else if (align == '^') left = pad / 2;
    put_fill(sb, f, left);
    gl_sb_putn(sb, s, n);
    put_fill(sb, f, pad - left);
    return true;
}

static bool format_str(py_interp *I, const py_node *at, gl_sb *sb, const char *s, size_t n, const fspec *f) {
    if (f->type && f->type != 's') return unknown_type(I, at, f->type, "str");
    if (f->sign) return verr(I, at, f->sign == ' ' ? "Space not allowed in string format specifier"
                                                   : "Sign not allowed in string format specifier");
    if (f->z) return verr(I, at, "Negative zero coercion (z) not allowed in format specifier");
    if (f->alt) return verr(I, at, "Alternate form (#) not allowed in string format specifier");
    if (f->align == '=') return verr(I, at, "'=' alignment not allowed in string format specifier");
    if (f->group) {
        py_fail(I, at, GL_E_INVALID, "ValueError: Cannot specify '%c' with 's'.", f->group);
        return false;
    }
    size_t ncp = py_utf8_count(s, n);
    if (f->prec >= 0 && (int64_t)ncp > f->prec) {
        n = py_utf8_offset(s, n, (size_t)f->prec);
        ncp = (size_t)f->prec;
    }
    return put_aligned(I, at, sb, f, f->align ? f->align : '<', s, n, ncp);
}

/* CPython's _PyUnicode_InsertThousandsGrouping: the digits d[0..nd) in groups of g from the right, left-padded
 * with zeros to at least minw characters (separators counted), into out (reversed, then flipped). */
static void group_digits(gl_sb *out, const char *d, int64_t nd, int64_t minw, int g, char sep) {
    gl_sb rev;
    gl_sb_init(&rev);
    int64_t remaining = nd, pos = nd;
    bool use_sep = false, broken = false;
    if (minw < 0) minw = 0;
    for (;;) {
        int64_t mx = remaining > minw ? remaining : minw;
        int64_t l = g < (mx > 1 ? mx : 1) ? g : (mx > 1 ? mx : 1);
        int64_t nz = l - remaining > 0 ? l - remaining : 0, nc = remaining < l ? remaining : l;
        if (nc < 0) nc = 0;
        if (use_sep) gl_sb_putc(&rev, sep);
        for (int64_t k = 0; k < nc; k++) gl_sb_putc(&rev, d[--pos]);
        for (int64_t k = 0; k < nz; k++) gl_sb_putc(&rev, '0');
        use_sep = true;
        remaining -= nc;
        minw -= l;
        if (remaining <= 0 && minw <= 0) {
            broken = true;
            break;
        }
        minw -= 1;
        if (rev.len > GL_PROGRAM_MAX_SEQ) break;
    }
    (void)broken;
    for (size_t k = rev.len; k-- > 0;) gl_sb_putc(out, rev.buf[k]);
    gl_sb_free(&rev);
}

/* A number: sign, prefix ("0x"), digits (grouped), rest (".5e+07", "%", "inf"), padded per f. */
static bool put_number(py_interp *I, const py_node *at, gl_sb *sb, const fspec *f, bool neg, const char *prefix,
                       const char *digits, size_t nd, const char *rest, size_t nrest) {
    char sign = neg ? '-' : f->sign == '+' ? '+' : f->sign == ' ' ? ' ' : 0;
    size_t npre = strlen(prefix);
    char align = f->align ? f->align : '>';
    gl_sb body;
    gl_sb_init(&body);
    if (f->group && nd) {
        int64_t minw = 0;
        if (f->fill_n == 1 && f->fill[0] == '0' && align == '=' && f->width >= 0)
            minw = f->width - (sign ? 1 : 0) - (int64_t)npre - (int64_t)nrest;
        if (minw > GL_PROGRAM_MAX_SEQ) {
            gl_sb_free(&body);
            return pad_ok(I, at, sb, minw, 1);
        }
        group_digits(&body, digits, (int64_t)nd, minw, f->gsize, f->group);
    } else {
        gl_sb_putn(&body, digits, nd);
    }
    gl_sb_putn(&body, rest, nrest);
    if (body.failed) {
        gl_sb_free(&body);
        py_fail(I, at, GL_E_NOMEM, "out of memory");
        return false;
    }
    size_t ncp = (sign ? 1 : 0) + npre + py_utf8_count(body.buf ? body.buf : "", body.len);
    int64_t pad = f->width > (int64_t)ncp ? f->width - (int64_t)ncp : 0, left = 0;
    if (!pad_ok(I, at, sb, pad + (int64_t)body.len, f->fill_n)) {
        gl_sb_free(&body);
        return false;
    }
    if (align == '>') left = pad;
    else if (align == '^') left = pad / 2;
    if (align != '=') put_fill(sb, f, left);
    if (sign) gl_sb_putc(sb, sign);
    gl_sb_puts(sb, prefix);
    if (align == '=') put_fill(sb, f, pad);
    gl_sb_putn(sb, body.buf ? body.buf : "", body.len);
    if (align != '=') put_fill(sb, f, pad - left);
    gl_sb_free(&body);
    return true;
}

/* The digits of |v| (int, bool or big int) in base, in the arena; NULL + error (CPython's 4300-digit limit
 * on decimal conversion, or the memory budget). */
static char *int_digits(py_interp *I, const py_node *at, const py_val *v, int base, bool upper, size_t *nd, bool *neg) {
    char *d;
    if (v->kind == V_BIG) {
        if (!(d = pb_to_str(&I->ar, v->u.big, base, nd))) return py_oom(I), NULL;
        *neg = d[0] == '-';
        if (*neg) d++, (*nd)--;
        if (base == 10 && *nd > PY_INT_MAX_STR_DIGITS) {
            py_fail(I, at, GL_E_INVALID, "ValueError: Exceeds the limit (%d digits) for integer string conversion; use "
                    "sys.set_int_max_str_digits() to increase the limit", PY_INT_MAX_STR_DIGITS);
            return NULL;
        }
        if (upper)
            for (size_t k = 0; k < *nd; k++)
                if (d[k] >= 'a' && d[k] <= 'f') d[k] = (char)(d[k] - 32);
        return d;
    }
    int64_t x = v->kind == V_BOOL ? v->u.b : v->u.i;
    uint64_t u = x < 0 ? (uint64_t)0 - (uint64_t)x : (uint64_t)x;
    *neg = x < 0;
    const char *dig = upper ? "0123456789ABCDEF" : "0123456789abcdef";
    size_t cap = 66, k = cap;
    if (!(d = py_alloc(&I->ar, cap))) return py_oom(I), NULL;
    do {
        d[--k] = dig[u % (uint64_t)base];
        u /= (uint64_t)base;
    } while (u);
    *nd = cap - k;
    return d + k;
}

static bool format_float_f(py_interp *I, const py_node *at, gl_sb *sb, double x, const fspec *f, uint32_t type);

static bool format_int(py_interp *I, const py_node *at, gl_sb *sb, const py_val *v, fspec *f) {
    uint32_t t = f->type ? f->type : 'd';
    switch (t) {
    case 'e': case 'E': case 'f': case 'F': case 'g': case 'G': case '%': {
        double x;
        return py_num_to_double(I, at, v, &x) && format_float_f(I, at, sb, x, f, t);
    }
    case 'b': case 'c': case 'd': case 'o': case 'x': case 'X': case 'n': break;
    default: return unknown_type(I, at, t, py_type_name(v));
    }
    if (f->prec >= 0) return verr(I, at, "Precision not allowed in integer format specifier");
    if (f->z) return verr(I, at, "Negative zero coercion (z) not allowed in integer format specifier");
    if (t == 'c') {
        if (f->sign) return verr(I, at, "Sign not allowed with integer format specifier 'c'");
        if (f->alt) return verr(I, at, "Alternate form (#) not allowed with integer format specifier 'c'");
        int64_t c = v->kind == V_BOOL ? v->u.b : v->kind == V_INT ? v->u.i : -1;
        if (c < 0 || c > 0x10FFFF) {
            py_fail(I, at, GL_E_INVALID, "OverflowError: %%c arg not in range(0x110000)");
            return false;
        }
        if (c >= 0xD800 && c <= 0xDFFF) {
            py_fail(I, at, GL_E_INVALID, "ValueError: %%c of a surrogate (GraphLab's strings are UTF-8)");
            return false;
        }
        char b[4];
        size_t n = py_utf8_put((uint32_t)c, b);
        fspec g = *f;
        g.sign = 0;
        return put_number(I, at, sb, &g, false, "", "", 0, b, n);
    }
    int base = t == 'b' ? 2 : t == 'o' ? 8 : (t == 'x' || t == 'X') ? 16 : 10;
    size_t nd;
    bool neg;
    char *buf = int_digits(I, at, v, base, t == 'X', &nd, &neg);
    if (!buf) return false;
    const char *pre = !f->alt ? "" : t == 'b' ? "0b" : t == 'o' ? "0o" : t == 'x' ? "0x" : t == 'X' ? "0X" : "";
    return put_number(I, at, sb, f, neg, pre, buf, nd, "", 0);
}

/* printf of |x| with a precision into a buffer sized for it (the arena; NULL + error when too big). */
static char *cfmt(py_interp *I, const py_node *at, double x, char conv, int64_t prec, bool alt, size_t *n) {
    if (prec > GL_PROGRAM_MAX_SEQ) {
        py_fail(I, at, GL_E_LIMIT, "a precision of %lld is over the limit", (long long)prec);
        return NULL;
    }
    size_t cap = (size_t)prec + 330;    /* 1e308 has 309 integer digits */
    char *b = py_alloc(&I->ar, cap);
    if (!b) return py_oom(I), NULL;
    char fm[8] = "%", *p = fm + 1;
    if (alt) *p++ = '#';
    *p++ = '.';
    *p++ = '*';
    *p++ = conv;
    *p = 0;
    int k = snprintf(b, cap, fm, (int)prec, x);
    *n = k < 0 ? 0 : (size_t)k < cap ? (size_t)k : cap - 1;
    return b;
}

/* CPython's 'g' for a spec without a type but with a precision: like %g, the switch to an exponent one
 * digit earlier, and ".0" on an integral fixed result. */
static char *g_dot0(py_interp *I, const py_node *at, double x, int64_t p, bool alt, size_t *n) {
    if (p == 0) p = 1;
    size_t en;
    char *e = cfmt(I, at, x, 'e', p - 1, false, &en);
    if (!e) return NULL;
    char *ep = strchr(e, 'e');
    long X = ep ? strtol(ep + 1, NULL, 10) : 0;
    char *r;
    if (X < -4 || X >= p - 1) {
        r = cfmt(I, at, x, 'e', p - 1, alt, n);
        if (!r || alt) return r;
        char *q = strchr(r, 'e'), *m = q;          /* strip the mantissa's trailing zeros */
        if (q && memchr(r, '.', (size_t)(q - r))) {
            while (m[-1] == '0') m--;
            if (m[-1] == '.') m--;
            memmove(m, q, strlen(q) + 1);
            *n = strlen(r);
        }
        return r;
    }
    r = cfmt(I, at, x, 'f', p - 1 - X, alt, n);
    if (!r) return NULL;
    if (!alt && strchr(r, '.')) {
        while (r[*n - 1] == '0') r[--*n] = 0;
        if (r[*n - 1] == '.') r[--*n] = 0;
    }
    if (!strchr(r, '.')) {
        memcpy(r + *n, ".0", 3);
        *n += 2;
    }
    return r;
}

static bool format_float_f(py_interp *I, const py_node *at, gl_sb *sb, double x, const fspec *f, uint32_t type) {
    bool dot0 = false;
    switch (type) {
    case 0: dot0 = true; break;
    case 'e': case 'E': case 'f': case 'F': case 'g': case 'G': case '%': break;
    case 'n': type = 'g'; break;
    default: return unknown_type(I, at, type, "float");
    }
    if (type == '%') x *= 100;
    bool neg = signbit(x) && !isnan(x);
    double ax = fabs(x);
    char *d;
    size_t n;
    char tmp[48];
    if (!isfinite(ax)) {
        bool up = type == 'E' || type == 'F' || type == 'G';
        strcpy(tmp, isnan(ax) ? (up ? "NAN" : "nan") : (up ? "INF" : "inf"));
        if (type == '%') strcat(tmp, "%");
        d = tmp;
        n = strlen(tmp);
    } else if (dot0 && f->prec < 0) {
        d = gl_fmt_double(ax, tmp);
        n = strlen(d);
    } else if (dot0) {
        if (!(d = g_dot0(I, at, ax, f->prec, f->alt, &n))) return false;
    } else {
        char conv = type == '%' ? 'f' : (char)type;
        if (!(d = cfmt(I, at, ax, conv, f->prec < 0 ? 6 : f->prec, f->alt, &n))) return false;
        if (type == '%') {
            d[n++] = '%';
            d[n] = 0;
        }
    }
    if (neg && f->z) {                        /* z: a result that rounds to zero drops its sign */
        bool zero = true;
        for (size_t k = 0; k < n && zero; k++) {
            if (d[k] == 'e' || d[k] == 'E') break;
            if (d[k] >= '1' && d[k] <= '9') zero = false;
        }
        if (zero) neg = false;
    }
    size_t nd = 0;
    while (nd < n && d[nd] >= '0' && d[nd] <= '9') nd++;
    return put_number(I, at, sb, f, neg, "", d, nd, d + nd, n - nd);
}

bool py_format_value(py_interp *I, const py_node *at, gl_sb *sb, py_val *v, const char *spec, size_t n) {
    fspec f;
    switch (v->kind) {
    case V_STR:
        if (!n) {
            gl_sb_putn(sb, v->u.str.s, v->u.str.n);
            return true;
        }
        return parse_spec(I, at, spec, n, '<', "str", &f) && format_str(I, at, sb, v->u.str.s, v->u.str.n, &f);
    case V_BOOL: case V_INT: case V_BIG:
        if (!n) {
            py_repr(I, sb, v, false);
            return true;
        }
        return parse_spec(I, at, spec, n, '>', py_type_name(v), &f) && format_int(I, at, sb, v, &f);
    case V_FLOAT:
        if (!parse_spec(I, at, spec, n, '>', "float", &f)) return false;
        return format_float_f(I, at, sb, v->u.f, &f, f.type);
    default:
        if (v->kind == V_INST || py_sub_of(v)) {   /* a user __format__(spec) */
            py_val *fm = v->kind == V_INST ? py_lookup(v->u.inst->cls, py_intern(&I->ar, "__format__", 10))
                                           : py_sub_method(I, v, py_intern(&I->ar, "__format__", 10));
            if (fm && fm->kind == V_FUNC) {
                py_val *sp = py_str(I, spec ? spec : "", n);
                py_val *r = sp ? py_call_method(I, at, v, fm, 1, &sp) : NULL;
                if (!r) return false;
                if (r->kind != V_STR) {
                    py_fail(I, at, GL_E_INVALID, "TypeError: __format__ must return a str, not %s", py_type_name(r));
                    return false;
                }
                gl_sb_putn(sb, r->u.str.s, r->u.str.n);
                return true;
            }
        }
        if (n) {
            py_fail(I, at, GL_E_INVALID, "TypeError: unsupported format string passed to %s.__format__", py_type_name(v));
            return false;
        }
        py_repr(I, sb, v, false);
        return true;
    }
}

/* ascii(): repr with every non-ASCII character escaped. */
static void ascii_of(gl_sb *sb, const char *s, size_t n) {
    for (size_t i = 0; i < n;) {
        size_t i0 = i;
        uint32_t c = py_utf8_get(s, &i);
        if (c < 128) gl_sb_putc(sb, s[i0]);
        else if (c <= 0xff) gl_sb_printf(sb, "\\x%02x", (unsigned)c);
        else if (c <= 0xffff) gl_sb_printf(sb, "\\u%04x", (unsigned)c);
        else gl_sb_printf(sb, "\\U%08x", (unsigned)c);
    }
}

bool py_fstr_hole(py_interp *I, const py_node *at, gl_sb *sb, py_val *v, int conv, const char *spec, size_t n) {
    if (!conv) {
        if (!spec) {
            if (v->kind == V_INST) return py_format_value(I, at, sb, v, "", 0);   /* f"{x}" is format(x, ""): its __format__ */
            py_repr(I, sb, v, false);
            return true;
        }
        return py_format_value(I, at, sb, v, spec, n);
    }
    gl_sb t;
    gl_sb_init(&t);
    py_repr(I, &t, v, conv != 's');
    if (I->err.code) {
        gl_sb_free(&t);
        return false;
    }
    if (conv == 'a') {
        gl_sb u;
        gl_sb_init(&u);
        ascii_of(&u, t.buf ? t.buf : "", t.len);
        gl_sb_free(&t);
        t = u;
    }
    if (t.failed || t.len > GL_PROGRAM_MAX_SEQ) {
        gl_sb_free(&t);
        py_fail(I, at, GL_E_LIMIT, "a string of over %d bytes is over the limit", GL_PROGRAM_MAX_SEQ);
        return false;
    }
    bool ok = true;
    if (!spec || !n) {
        gl_sb_putn(sb, t.buf ? t.buf : "", t.len);
    } else {
        fspec f;
        ok = parse_spec(I, at, spec, n, '<', "str", &f) && format_str(I, at, sb, t.buf ? t.buf : "", t.len, &f);
    }
    gl_sb_free(&t);
    return ok;
}

/* ---------------------------------------------------------------- str.format */
static py_val *subscript(py_interp *I, const py_node *at, py_val *c, const char *k, size_t kn) {
    bool num = kn > 0;
    int64_t idx = 0;
    for (size_t i = 0; i < kn; i++) {
        if (k[i] < '0' || k[i] > '9' || idx > (INT64_MAX - 9) / 10) {
            num = false;
            break;
        }
        idx = idx * 10 + (k[i] - '0');
    }
    if (c->kind == V_DICT) {
        py_val *key = num ? py_int(I, idx) : py_str(I, k, kn);
        if (!key) return NULL;
        py_val *r = py_dict_get(c, key);
        if (!r) {
            gl_sb sb;
            gl_sb_init(&sb);
            py_repr(I, &sb, key, true);
            py_fail(I, at, GL_E_INVALID, "KeyError: %.*s", 120, sb.buf ? sb.buf : "?");
            gl_sb_free(&sb);
        }
        return r;
    }
    if (c->kind == V_LIST || c->kind == V_TUPLE || c->kind == V_STR) {
        if (!num)
            return py_fail(I, at, GL_E_INVALID, "TypeError: %s indices must be integers or slices, not str", py_type_name(c));
        int64_t len = c->kind == V_STR ? (int64_t)py_str_len(c) : c->u.seq.n;
        if (idx >= len) return py_fail(I, at, GL_E_INVALID, "IndexError: %s index out of range", py_type_name(c));
        return c->kind == V_STR ? py_str_item(I, at, c, idx) : c->u.seq.v[idx];
    }
    return py_fail(I, at, GL_E_INVALID, "TypeError: '%s' object is not subscriptable", py_type_name(c));
}

typedef struct {
    py_args *a;
    py_val *map;
    int auto_n;                   /* -1 manual, else the next automatic index */
    bool manual;
} fmtctx;

/* The value of field name s[0..n) ("0", "", "name", "0[1].x"). */
static py_val *field_value(py_interp *I, const py_node *at, fmtctx *c, const char *s, size_t n) {
    size_t i = 0;
    while (i < n && s[i] != '.' && s[i] != '[') i++;
    py_val *v;
    bool num = true;
    int64_t idx = 0;
    for (size_t k = 0; k < i; k++) {
        if (s[k] < '0' || s[k] > '9') num = false;
        else if (idx < 100000000) idx = idx * 10 + (s[k] - '0');
    }
    if (i == 0) {
        if (c->manual)
            return py_fail(I, at, GL_E_INVALID, "ValueError: cannot switch from manual field specification to automatic field numbering");
        idx = c->auto_n++;
        num = true;
    } else if (num) {
        if (c->auto_n > 0)
            return py_fail(I, at, GL_E_INVALID, "ValueError: cannot switch from automatic field numbering to manual field specification");
        c->manual = true;
    }
    if (num) {
        if (!c->a || idx >= c->a->npos) {
            if (c->map) return py_fail(I, at, GL_E_INVALID, "ValueError: Format string contains positional fields");
            return py_fail(I, at, GL_E_INVALID, "IndexError: Replacement index %lld out of range for positional args tuple", (long long)idx);
        }
        v = c->a->pos[idx];
    } else {
        v = NULL;
        if (c->map) {
            py_val *key = py_str(I, s, i);
            if (!key) return NULL;
            v = py_dict_get(c->map, key);
        } else {
            for (int k = 0; k < c->a->nkw; k++)
                if (strlen(c->a->kwn[k]) == i && memcmp(c->a->kwn[k], s, i) == 0) v = c->a->kwv[k];
        }
        if (!v) return py_fail(I, at, GL_E_INVALID, "KeyError: '%.*s'", (int)(i < 100 ? i : 100), s);
    }
    while (i < n) {
        if (s[i] == '.') {
            size_t j = ++i;
            while (i < n && s[i] != '.' && s[i] != '[') i++;
            if (i == j) return py_fail(I, at, GL_E_INVALID, "ValueError: Empty attribute in format string");
            const char *nm = py_intern(&I->ar, s + j, i - j);
            if (!nm) return py_oom(I);
            if (!(v = py_getattr(I, at, v, nm))) return NULL;
        } else if (s[i] == '[') {
            size_t j = ++i;
            while (i < n && s[i] != ']') i++;
            if (i >= n) return py_fail(I, at, GL_E_INVALID, "ValueError: Missing ']' in format string");
            if (i == j) return py_fail(I, at, GL_E_INVALID, "ValueError: Empty attribute in format string");
            if (!(v = subscript(I, at, v, s + j, i - j))) return NULL;
            i++;
            if (i < n && s[i] != '.' && s[i] != '[')
                return py_fail(I, at, GL_E_INVALID, "ValueError: Only '.' or '[' may follow ']' in format field specifier");
        } else {
            return py_fail(I, at, GL_E_INVALID, "ValueError: Only '.' or '[' may follow ']' in format field specifier");
        }
    }
    return v;
}

/* Formats s[0..n) into sb; depth 1 inside a spec ({:{w}}), where fields may nest once more. */
static bool vformat(py_interp *I, const py_node *at, gl_sb *sb, fmtctx *c, const char *s, size_t n, int depth) {
    size_t i = 0;
    while (i < n) {
        char ch = s[i];
        if (ch == '}') {
            if (i + 1 < n && s[i + 1] == '}') {
                gl_sb_putc(sb, '}');
                i += 2;
                continue;
            }
            return verr(I, at, "Single '}' encountered in format string");
        }
        if (ch != '{') {
            gl_sb_putc(sb, ch);
            i++;
            continue;
        }
        if (i + 1 < n && s[i + 1] == '{') {
            gl_sb_putc(sb, '{');
            i += 2;
            continue;
        }
        if (depth > 1) return verr(I, at, "Max string recursion exceeded");
        size_t j = ++i;
        int nest = 1;
        size_t fend = n, cpos = n, spos = n;
        bool inbr = false;
        for (; j < n; j++) {                     /* the field's end, its '!' and ':' */
            char d = s[j];
            if (d == '[' && spos == n && cpos == n) inbr = true;
            else if (d == ']') inbr = false;
            else if (inbr) continue;
            if (d == '{') nest++;
            else if (d == '}' && --nest == 0) {
                fend = j;
                break;
            } else if (nest == 1 && d == '!' && cpos == n && spos == n) cpos = j;
            else if (nest == 1 && d == ':' && spos == n) spos = j;
        }
        if (fend == n) return verr(I, at, nest > 1 ? "unmatched '{' in format spec" : "expected '}' before end of string");
        size_t nend = cpos < spos ? cpos : spos < fend ? spos : fend;
        int conv = 0;
        if (cpos < fend && cpos < spos) {
            if (cpos + 1 >= fend || (cpos + 2 != spos && cpos + 2 != fend))
                return verr(I, at, cpos + 1 >= fend ? "end of string while looking for conversion specifier"
                                                    : "expected ':' after conversion specifier");
            conv = s[cpos + 1];
            if (conv != 'r' && conv != 's' && conv != 'a') {
                py_fail(I, at, GL_E_INVALID, "ValueError: Unknown conversion specifier %c", conv);
                return false;
            }
        }
        py_val *v = field_value(I, at, c, s + i, nend - i);
        if (!v) return false;
        gl_sb spec;
        gl_sb_init(&spec);
        if (spos < fend && !vformat(I, at, &spec, c, s + spos + 1, fend - spos - 1, depth + 1)) {
            gl_sb_free(&spec);
            return false;
        }
        bool ok = py_fstr_hole(I, at, sb, v, conv, spos < fend ? (spec.buf ? spec.buf : "") : NULL, spec.len);
        gl_sb_free(&spec);
        if (!ok) return false;
        if (sb->len > GL_PROGRAM_MAX_SEQ) {
            py_fail(I, at, GL_E_LIMIT, "a formatted string of over %d bytes is over the limit", GL_PROGRAM_MAX_SEQ);
            return false;
        }
        i = fend + 1;
    }
    return true;
}

py_val *py_str_format(py_interp *I, const py_node *at, py_val *fmt, py_args *a, py_val *map) {
    fmtctx c = {a, map, 0, false};
    py_args none = {0};
    if (!c.a) c.a = &none;
    gl_sb sb;
    gl_sb_init(&sb);
    if (!py_str_work(I, at, fmt->u.str.n) || !vformat(I, at, &sb, &c, fmt->u.str.s, fmt->u.str.n, 0)) {
        gl_sb_free(&sb);
        return NULL;
    }
    return py_str_of_sb(I, at, &sb);
}

/* ---------------------------------------------------------------- fmt % args */
static py_val *mod_fail(py_interp *I, const py_node *at, gl_sb *sb, gl_status code, const char *msg) {
    gl_sb_free(sb);
    return py_fail(I, at, code, "%s", msg);
}

py_val *py_str_mod(py_interp *I, const py_node *at, py_val *fmtv, py_val *args) {
    const char *s = fmtv->u.str.s;
    size_t n = fmtv->u.str.n;
    py_val **items = &args;
    int nitems = 1, next = 0;
    py_val *map = NULL;
    if (args->kind == V_TUPLE) {
        items = args->u.seq.v;
        nitems = args->u.seq.n;
    } else if (args->kind == V_DICT) {
        map = args;
    }
    bool used_map = false;
    gl_sb sb;
    gl_sb_init(&sb);
    if (!py_str_work(I, at, n)) return mod_fail(I, at, &sb, I->err.code, "");
    char msg[160];
    for (size_t i = 0; i < n;) {
        if (s[i] != '%') {
            size_t j = i;
            while (j < n && s[j] != '%') j++;
            gl_sb_putn(&sb, s + i, j - i);
            i = j;
            continue;
        }
        size_t start = i++;
        if (i >= n) return mod_fail(I, at, &sb, GL_E_INVALID, "ValueError: incomplete format");
        py_val *arg = NULL;
        if (s[i] == '(') {
            if (!map) return mod_fail(I, at, &sb, GL_E_INVALID, "TypeError: format requires a mapping");
            size_t k = ++i;
            int depth = 1;
            while (i < n && depth) {
                if (s[i] == '(') depth++;
                else if (s[i] == ')') depth--;
                if (depth) i++;
            }
            if (i >= n) return mod_fail(I, at, &sb, GL_E_INVALID, "ValueError: incomplete format key");
            py_val *key = py_str(I, s + k, i - k);
            if (!key) return mod_fail(I, at, &sb, I->err.code, "");
            arg = py_dict_get(map, key);
            if (!arg) {
                gl_sb ks;
                gl_sb_init(&ks);
                py_str_repr(&ks, s + k, i - k, false);
                py_fail(I, at, GL_E_INVALID, "KeyError: %.*s", 120, ks.buf ? ks.buf : "");
                gl_sb_free(&ks);
                gl_sb_free(&sb);
                return NULL;
            }
            used_map = true;
            next = nitems;           /* CPython: after a %(key), a plain spec has no argument left */
            i++;
        }
        bool left = false, plus = false, space = false, alt = false, zero = false;
        for (; i < n; i++) {
            if (s[i] == '-') left = true;
            else if (s[i] == '+') plus = true;
            else if (s[i] == ' ') space = true;
            else if (s[i] == '#') alt = true;
            else if (s[i] == '0') zero = true;
            else break;
        }
        int64_t width = -1, prec = -1;
        for (int part = 0; part < 2; part++) {
            int64_t *dst = part ? &prec : &width;
            if (part) {
                if (i >= n || s[i] != '.') break;
                i++;
                prec = 0;
            }
            if (i < n && s[i] == '*') {
                i++;
                if (next >= nitems) return mod_fail(I, at, &sb, GL_E_INVALID, "TypeError: not enough arguments for format string");
                py_val *w = items[next++];
                if (w->kind != V_INT && w->kind != V_BOOL) return mod_fail(I, at, &sb, GL_E_INVALID, "TypeError: * wants int");
                *dst = w->kind == V_INT ? w->u.i : w->u.b;
                if (!part && *dst < 0) {
                    left = true;
                    *dst = -*dst;
                }
                if (part && *dst < 0) *dst = 0;
            } else {
                int64_t x = 0;
                bool any = false;
                while (i < n && s[i] >= '0' && s[i] <= '9') {
                    if (x > 100000000) return mod_fail(I, at, &sb, GL_E_INVALID,
                                                       part ? "ValueError: precision too big" : "ValueError: width too big");
                    x = x * 10 + (s[i++] - '0');
                    any = true;
                }
                if (any || part) *dst = x;
            }
        }
        while (i < n && (s[i] == 'h' || s[i] == 'l' || s[i] == 'L')) i++;
        if (i >= n) return mod_fail(I, at, &sb, GL_E_INVALID, "ValueError: incomplete format");
        size_t tj = i;
        uint32_t t = py_utf8_get(s, &tj);
        i = tj;
        if (t == '%') {
            gl_sb_putc(&sb, '%');
            continue;
        }
        if (!arg) {
            if (next >= nitems) return mod_fail(I, at, &sb, GL_E_INVALID, "TypeError: not enough arguments for format string");
            arg = items[next++];
        }
        fspec f;
        memset(&f, 0, sizeof f);
        f.fill[0] = zero && !left ? '0' : ' ';
        f.fill_n = 1;
        f.align = left ? '<' : '>';
        f.width = width;
        f.prec = prec;
        f.sign = plus ? '+' : space ? ' ' : 0;
        f.alt = alt;
        bool ok = true;
        switch (t) {
        case 's': case 'r': case 'a': {
            gl_sb tx;
            gl_sb_init(&tx);
            ok = py_fstr_hole(I, at, &tx, arg, t == 's' ? 's' : (int)t, NULL, 0);
            if (ok) {
                fspec g = f;
                g.fill[0] = ' ';
                g.sign = 0;
                g.alt = false;
                if (g.align == '>') g.align = '>';
                ok = format_str(I, at, &sb, tx.buf ? tx.buf : "", tx.len, &g);
            }
            gl_sb_free(&tx);
            break;
        }
        case 'c': {
            uint32_t c;
            if (arg->kind == V_STR) {
                if (py_str_len(arg) != 1) return mod_fail(I, at, &sb, GL_E_INVALID, "TypeError: %c requires int or char");
                size_t k = 0;
                c = py_utf8_get(arg->u.str.s, &k);
            } else if (arg->kind == V_INT || arg->kind == V_BOOL || arg->kind == V_BIG) {
                int64_t x = arg->kind == V_INT ? arg->u.i : arg->kind == V_BOOL ? arg->u.b : -1;
                if (x < 0 || x > 0x10FFFF) return mod_fail(I, at, &sb, GL_E_INVALID, "OverflowError: %c arg not in range(0x110000)");
                c = (uint32_t)x;
            } else {
                return mod_fail(I, at, &sb, GL_E_INVALID, "TypeError: %c requires int or char");
            }
            if (c >= 0xD800 && c <= 0xDFFF) return mod_fail(I, at, &sb, GL_E_INVALID, "ValueError: %c of a surrogate (GraphLab's strings are UTF-8)");
            char b[4];
            size_t bn = py_utf8_put(c, b);
            fspec g = f;
            g.fill[0] = ' ';
            ok = put_aligned(I, at, &sb, &g, g.align, b, bn, 1);
            break;
        }
        case 'd': case 'i': case 'u': case 'o': case 'x': case 'X': {
            py_val *iv = arg;
            py_val tmpv;
            memset(&tmpv, 0, sizeof tmpv);   /* no subclass (u.isub.sub) */
            if (arg->kind == V_FLOAT && (t == 'd' || t == 'i' || t == 'u')) {
                if (!isfinite(arg->u.f)) {
                    gl_sb_free(&sb);
                    return py_fail(I, at, GL_E_INVALID, isnan(arg->u.f) ? "ValueError: cannot convert float NaN to integer"
                                                                       : "OverflowError: cannot convert float infinity to integer");
                }
                if (fabs(arg->u.f) >= 9.2e18) {
                    py_big *b = pb_from_double(&I->ar, trunc(arg->u.f));
                    if (!b) return mod_fail(I, at, &sb, GL_E_NOMEM, "out of memory");
                    tmpv.kind = V_BIG;
                    tmpv.u.big = b;
                } else {
                    tmpv.kind = V_INT;
                    tmpv.u.i = (int64_t)arg->u.f;
                }
                iv = &tmpv;
            } else if (arg->kind != V_INT && arg->kind != V_BOOL && arg->kind != V_BIG) {
                snprintf(msg, sizeof msg, (t == 'd' || t == 'i' || t == 'u') ? "TypeError: %%%c format: a real number is required, not %s"
                                                                             : "TypeError: %%%c format: an integer is required, not %s",
                         (char)t, py_type_name(arg));
                return mod_fail(I, at, &sb, GL_E_INVALID, msg);
            }
            int base = t == 'o' ? 8 : (t == 'x' || t == 'X') ? 16 : 10;
            bool neg;
            size_t nd;
            const char *dg = int_digits(I, at, iv, base, t == 'X', &nd, &neg);
            if (!dg) {
                gl_sb_free(&sb);
                return NULL;
            }
            if (prec > (int64_t)nd) {             /* %.3d: at least that many digits */
                if (prec > GL_PROGRAM_MAX_SEQ) return mod_fail(I, at, &sb, GL_E_LIMIT, "ValueError: precision too big");
                char *zb = py_alloc(&I->ar, (size_t)prec);
                if (!zb) return mod_fail(I, at, &sb, GL_E_NOMEM, "out of memory");
                memset(zb, '0', (size_t)(prec - (int64_t)nd));
                memcpy(zb + prec - (int64_t)nd, dg, nd);
                dg = zb;
                nd = (size_t)prec;
            }
            const char *pre = !alt ? "" : t == 'o' ? "0o" : t == 'x' ? "0x" : t == 'X' ? "0X" : "";
            fspec g = f;
            g.prec = -1;
            if (zero && !left) g.align = '=';
            ok = put_number(I, at, &sb, &g, neg, pre, dg, nd, "", 0);
            break;
        }
        case 'e': case 'E': case 'f': case 'F': case 'g': case 'G': {
            if (!py_is_num(arg)) {
                snprintf(msg, sizeof msg, "TypeError: must be real number, not %s", py_type_name(arg));
                return mod_fail(I, at, &sb, GL_E_INVALID, msg);
            }
            fspec g = f;
            if (g.prec < 0) g.prec = 6;
            if (zero && !left) g.align = '=';
            double xv;
            ok = py_num_to_double(I, at, arg, &xv) && format_float_f(I, at, &sb, xv, &g, t);
            break;
        }
        default:
            if (t > 32 && t < 127) snprintf(msg, sizeof msg, "ValueError: unsupported format character '%c' (0x%x) at index %zu",
                                            (char)t, (unsigned)t, py_utf8_count(s, i) - 1);
            else snprintf(msg, sizeof msg, "ValueError: unsupported format character '?' (0x%x) at index %zu", (unsigned)t,
                          py_utf8_count(s, i) - 1);
            (void)start;
            return mod_fail(I, at, &sb, GL_E_INVALID, msg);
        }
        if (!ok) {
            gl_sb_free(&sb);
            return NULL;
        }
        if (sb.len > GL_PROGRAM_MAX_SEQ) break;
    }
    if (!map && next < nitems)
        return mod_fail(I, at, &sb, GL_E_INVALID, "TypeError: not all arguments converted during string formatting");
    (void)used_map;
    return py_str_of_sb(I, at, &sb);
}
