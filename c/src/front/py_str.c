/* py_str.c — str as a sequence of code points: len, indexing, slicing, iteration, `in`, repr() and the
 * str methods, with CPython 3.11's results and messages.
 *
 * Storage is UTF-8 (py_unicode.c says why it is always valid). An ASCII string (bytes == code points, the
 * common case, known once its length is counted: the count is cached in the value) is indexed directly;
 * otherwise an index walks the bytes. Searches work on the bytes too (a valid UTF-8 needle only matches at
 * code point boundaries), and positions are converted at the edges. Every scan counts its bytes against
 * the step budget (one step per 64), so a search over a megabyte string cannot run away; every result is
 * bounded by GL_PROGRAM_MAX_SEQ bytes before it is built.
 *
 * Methods are one builtin id (B_S_METHOD) and the method's index in METHODS (bi.sub); the argument errors
 * come in the five styles CPython's str has (its argument clinic and older parsers), chosen per method. */
#include <string.h>

#include "front/py_str.h"

bool py_str_work(py_interp *I, const py_node *at, size_t n) {
    return py_work(I, at, (uint64_t)n > (uint64_t)INT64_MAX ? INT64_MAX : (int64_t)n);   /* the hard lane's work counter */
}

size_t py_str_len(const py_val *s) {
    if (!s->u.str.ncp1) ((py_val *)s)->u.str.ncp1 = py_utf8_count(s->u.str.s, s->u.str.n) + 1;   /* a cache */
    return s->u.str.ncp1 - 1;
}

static bool is_ascii(const py_val *s) { return py_str_len(s) == s->u.str.n; }

static py_val *mkstr(py_interp *I, const char *s, size_t n, size_t ncp) {
    py_val *v = py_str(I, s, n);
    if (v) v->u.str.ncp1 = ncp + 1;
    return v;
}

py_val *py_str_of_sb(py_interp *I, const py_node *at, gl_sb *sb) {
    py_val *r;
    if (sb->failed) r = py_fail(I, at, GL_E_NOMEM, "out of memory");
    else if (sb->len > GL_PROGRAM_MAX_SEQ)
        r = py_fail(I, at, GL_E_LIMIT, "a string of %zu bytes is over the limit (%d)", sb->len, GL_PROGRAM_MAX_SEQ);
    else r = py_str(I, sb->buf ? sb->buf : "", sb->len);
    gl_sb_free(sb);
    return r;
}

static py_val *too_long(py_interp *I, const py_node *at, int64_t n) {
    return py_fail(I, at, GL_E_LIMIT, "a string of %lld bytes is over the limit (%d)", (long long)n, GL_PROGRAM_MAX_SEQ);
}

/* The byte offset of code point k of s (k <= len). A non-ASCII string is walked from the interpreter's
 * last lookup in the same string when that is nearer (s[i] in a loop is then linear, not quadratic), and
 * the bytes walked are counted. */
static size_t boff_at(py_interp *I, const py_node *at, const py_val *s, int64_t k, bool *ok) {
    *ok = true;
    if (is_ascii(s)) return (size_t)k;
    const char *p = s->u.str.s;
    size_t n = s->u.str.n, from = 0, b = 0, want = (size_t)k;
    if (I->sx_s == p && I->sx_cp <= want) from = I->sx_cp, b = I->sx_b;
    size_t b0 = b;
    b += py_utf8_offset(p + b, n - b, want - from);
    if (!py_str_work(I, at, b - b0)) return *ok = false, 0;
    I->sx_s = p;
    I->sx_cp = want;
    I->sx_b = b;
    return b;
}

static size_t boff(const py_val *s, int64_t k) {
    if (is_ascii(s)) return (size_t)k;
    return py_utf8_offset(s->u.str.s, s->u.str.n, (size_t)k);
}

py_val *py_str_item(py_interp *I, const py_node *at, py_val *s, int64_t i) {
    if (is_ascii(s)) return mkstr(I, s->u.str.s + i, 1, 1);
    bool ok;
    size_t o = boff_at(I, at, s, i, &ok), e = o;
    if (!ok) return NULL;
    py_utf8_get(s->u.str.s, &e);
    return mkstr(I, s->u.str.s + o, e - o, 1);
}

py_val *py_str_slice(py_interp *I, const py_node *at, py_val *s, int64_t lo, int64_t st, int64_t cnt) {
    if (!py_str_work(I, at, (size_t)cnt)) return NULL;
    if (is_ascii(s)) {
        if (st == 1) return mkstr(I, s->u.str.s + lo, (size_t)cnt, (size_t)cnt);
        char *d = py_alloc(&I->ar, (size_t)cnt + 1);
        if (!d) return py_oom(I);
        for (int64_t i = 0; i < cnt; i++) d[i] = s->u.str.s[lo + i * st];
        py_val *v = py_new(I, V_STR);
        if (!v) return NULL;
        v->u.str.s = d;
        v->u.str.n = (size_t)cnt;
        v->u.str.ncp1 = (size_t)cnt + 1;
        return v;
    }
    if (st == 1) {
        bool ok;
        size_t a = boff_at(I, at, s, lo, &ok);
        if (!ok || !py_str_work(I, at, (size_t)cnt * 4)) return NULL;
        size_t b = a + py_utf8_offset(s->u.str.s + a, s->u.str.n - a, (size_t)cnt);
        return mkstr(I, s->u.str.s + a, b - a, (size_t)cnt);
    }
    if (!py_str_work(I, at, s->u.str.n)) return NULL;
    size_t len = py_str_len(s);
    size_t *off = py_alloc(&I->ar, sizeof *off * (len + 1));   /* where each code point starts */
    if (!off) return py_oom(I);
    for (size_t i = 0, k = 0; k <= len; k++) {
        off[k] = i;
        if (k < len) py_utf8_get(s->u.str.s, &i);
    }
    gl_sb sb;
    gl_sb_init(&sb);
    for (int64_t i = 0; i < cnt; i++) {
        int64_t k = lo + i * st;
        gl_sb_putn(&sb, s->u.str.s + off[k], off[k + 1] - off[k]);
    }
    return py_str_of_sb(I, at, &sb);
}

gl_status py_str_chars(py_interp *I, const py_node *at, py_val *s, py_val ***items, int *n) {
    size_t len = py_str_len(s);
    if (!py_str_work(I, at, s->u.str.n)) return I->err.code;
    py_val *l = py_seq(I, V_LIST, (int)len);
    if (!l) return I->err.code;
    for (size_t i = 0, k = 0; k < len; k++) {
        size_t j = i;
        py_utf8_get(s->u.str.s, &j);
        if (!(l->u.seq.v[k] = mkstr(I, s->u.str.s + i, j - i, 1))) return I->err.code;
        i = j;
    }
    *items = l->u.seq.v;
    *n = l->u.seq.n;
    return GL_OK;
}

/* ---------------------------------------------------------------- search (bytes) */
/* The first match of nd in h[from..to) at or after from, or -1; the work is counted. */
static int64_t bfind(py_interp *I, const py_node *at, const char *h, size_t from, size_t to, const char *nd, size_t nn,
                     bool *ok) {
    *ok = true;
    if (to < from || to - from < nn) return -1;
    if (!nn) return (int64_t)from;
    size_t work = 0;
    const char *p = h + from, *end = h + to - nn + 1;
    while (p < end) {
        const char *q = memchr(p, nd[0], (size_t)(end - p));
        work += (size_t)((q ? q : end) - p) + 1;
        if (!q) break;
        work += nn;
        if (work > 1 << 16) {              /* count as we go: the budget ends a quadratic search */
            if (!py_str_work(I, at, work)) return *ok = false, -1;
            work = 0;
        }
        if (memcmp(q, nd, nn) == 0) {
            if (!py_str_work(I, at, work)) return *ok = false, -1;
            return q - h;
        }
        p = q + 1;
    }
    if (!py_str_work(I, at, work)) return *ok = false, -1;
    return -1;
}

static int64_t brfind(py_interp *I, const py_node *at, const char *h, size_t from, size_t to, const char *nd, size_t nn,
                      bool *ok) {
    *ok = true;
    if (to < from || to - from < nn) return -1;
    if (!nn) return (int64_t)to;
    size_t work = 0;
    for (size_t i = to - nn + 1; i-- > from;) {
        work++;
        if (h[i] == nd[0]) {
            work += nn;
            if (memcmp(h + i, nd, nn) == 0) {
                if (!py_str_work(I, at, work)) return *ok = false, -1;
                return (int64_t)i;
            }
        }
        if (work > 1 << 16) {
            if (!py_str_work(I, at, work)) return *ok = false, -1;
            work = 0;
        }
    }
    if (!py_str_work(I, at, work)) return *ok = false, -1;
    return -1;
}

bool py_str_contains(py_interp *I, const py_node *at, py_val *hay, py_val *needle, bool *found) {
    bool ok;
    *found = bfind(I, at, hay->u.str.s, 0, hay->u.str.n, needle->u.str.s, needle->u.str.n, &ok) >= 0;
    return ok;
}

/* ---------------------------------------------------------------- repr */
void py_str_repr(gl_sb *sb, const char *s, size_t n, bool ascii) {
    bool sq = memchr(s, '\'', n) != NULL && memchr(s, '"', n) == NULL;
    char q = sq ? '"' : '\'';
    gl_sb_putc(sb, q);
    for (size_t i = 0; i < n;) {
        size_t i0 = i;
        uint32_t c = py_utf8_get(s, &i);
        if (c == '\\') gl_sb_puts(sb, "\\\\");
        else if (c == (uint32_t)q) { gl_sb_putc(sb, '\\'); gl_sb_putc(sb, (char)c); }
        else if (c == '\n') gl_sb_puts(sb, "\\n");
        else if (c == '\t') gl_sb_puts(sb, "\\t");
        else if (c == '\r') gl_sb_puts(sb, "\\r");
        else if (c < 32 || c == 127) gl_sb_printf(sb, "\\x%02x", (unsigned)c);
        else if (c < 128) gl_sb_putc(sb, (char)c);
        else if (!ascii && (py_uni_flags(c) & PY_U_PRINT)) gl_sb_putn(sb, s + i0, i - i0);
        else if (c <= 0xff) gl_sb_printf(sb, "\\x%02x", (unsigned)c);
        else if (c <= 0xffff) gl_sb_printf(sb, "\\u%04x", (unsigned)c);
        else gl_sb_printf(sb, "\\U%08x", (unsigned)c);
    }
    gl_sb_putc(sb, q);
}

/* ---------------------------------------------------------------- methods */
enum { ST_K, ST_E, ST_P, ST_Z, ST_O };   /* the argument-error styles (see the file's comment) */
enum {
    M_SPLIT, M_RSPLIT, M_SPLITLINES, M_STRIP, M_LSTRIP, M_RSTRIP, M_REPLACE, M_STARTSWITH, M_ENDSWITH, M_FIND,
    M_RFIND, M_INDEX, M_RINDEX, M_COUNT, M_UPPER, M_LOWER, M_TITLE, M_CAPITALIZE, M_SWAPCASE, M_CASEFOLD,
    M_CENTER, M_LJUST, M_RJUST, M_ZFILL, M_ISDIGIT, M_ISDECIMAL, M_ISNUMERIC, M_ISALPHA, M_ISALNUM, M_ISSPACE,
    M_ISUPPER, M_ISLOWER, M_ISIDENTIFIER, M_ISTITLE, M_ISPRINTABLE, M_ISASCII, M_JOIN, M_PARTITION, M_RPARTITION,
    M_REMOVEPREFIX, M_REMOVESUFFIX, M_EXPANDTABS, M_FORMAT, M_FORMAT_MAP, M_ENCODE, M_TRANSLATE, M_MAKETRANS, M_NMETHODS
};
static const struct {
    const char *name;
    int style, min, max;
    const char *kw[2];            /* ST_K: the keyword names */
} METHODS[M_NMETHODS] = {
    {"split", ST_K, 0, 2, {"sep", "maxsplit"}}, {"rsplit", ST_K, 0, 2, {"sep", "maxsplit"}},
    {"splitlines", ST_K, 0, 1, {"keepends", NULL}}, {"strip", ST_E, 0, 1, {0}}, {"lstrip", ST_E, 0, 1, {0}},
    {"rstrip", ST_E, 0, 1, {0}}, {"replace", ST_E, 2, 3, {0}}, {"startswith", ST_P, 1, 3, {0}},
    {"endswith", ST_P, 1, 3, {0}}, {"find", ST_P, 1, 3, {0}}, {"rfind", ST_P, 1, 3, {0}}, {"index", ST_P, 1, 3, {0}},
    {"rindex", ST_P, 1, 3, {0}}, {"count", ST_P, 1, 3, {0}}, {"upper", ST_Z, 0, 0, {0}}, {"lower", ST_Z, 0, 0, {0}},
    {"title", ST_Z, 0, 0, {0}}, {"capitalize", ST_Z, 0, 0, {0}}, {"swapcase", ST_Z, 0, 0, {0}},
    {"casefold", ST_Z, 0, 0, {0}}, {"center", ST_E, 1, 2, {0}}, {"ljust", ST_E, 1, 2, {0}}, {"rjust", ST_E, 1, 2, {0}},
    {"zfill", ST_O, 1, 1, {0}}, {"isdigit", ST_Z, 0, 0, {0}}, {"isdecimal", ST_Z, 0, 0, {0}},
    {"isnumeric", ST_Z, 0, 0, {0}}, {"isalpha", ST_Z, 0, 0, {0}}, {"isalnum", ST_Z, 0, 0, {0}},
    {"isspace", ST_Z, 0, 0, {0}}, {"isupper", ST_Z, 0, 0, {0}}, {"islower", ST_Z, 0, 0, {0}},
    {"isidentifier", ST_Z, 0, 0, {0}}, {"istitle", ST_Z, 0, 0, {0}}, {"isprintable", ST_Z, 0, 0, {0}},
    {"isascii", ST_Z, 0, 0, {0}}, {"join", ST_O, 1, 1, {0}}, {"partition", ST_O, 1, 1, {0}},
    {"rpartition", ST_O, 1, 1, {0}}, {"removeprefix", ST_O, 1, 1, {0}}, {"removesuffix", ST_O, 1, 1, {0}},
    {"expandtabs", ST_K, 0, 1, {"tabsize", NULL}}, {"format", -1, 0, 0, {0}}, {"format_map", ST_O, 1, 1, {0}},
    {"encode", ST_K, 0, 2, {"encoding", "errors"}}, {"translate", ST_O, 1, 1, {0}},
    {"maketrans", -1, 0, 0, {0}},   /* a static method: py_str_call takes it before self is looked at */
};

const char *py_str_method_name(int sub) { return sub >= 0 && sub < M_NMETHODS ? METHODS[sub].name : "?"; }

py_val *py_str_getattr(py_interp *I, const py_node *at, py_val *s, const char *name) {
    for (int i = 0; i < M_NMETHODS; i++)
        if (strcmp(name, METHODS[i].name) == 0) {
            py_val *f = py_builtin(I, B_S_METHOD, s);   /* s NULL: str.upper, unbound */
            if (f) f->u.bi.sub = i;
            return f;
        }
    if (!s) return py_fail(I, at, GL_E_INVALID, "AttributeError: type object 'str' has no attribute '%s'", name);
    return py_fail(I, at, GL_E_INVALID, "AttributeError: 'str' object has no attribute '%s'", name);
}

/* Binds a call to method m's parameters (v[0..max)), with CPython's messages. */
static bool margs(py_interp *I, const py_node *at, int m, py_args *a, py_val **v) {
    const char *nm = METHODS[m].name;
    int st = METHODS[m].style, mn = METHODS[m].min, mx = METHODS[m].max;
    for (int i = 0; i < 3; i++) v[i] = NULL;
    if (a->nkw && st != ST_K)
        return py_fail(I, at, GL_E_INVALID, st == ST_P ? "TypeError: %s() takes no keyword arguments"
                                                       : "TypeError: str.%s() takes no keyword arguments", nm), false;
    int g = a->npos;
    if (g < mn || g > mx) {
        switch (st) {
        case ST_K:
            return py_fail(I, at, GL_E_INVALID, "TypeError: %s() takes at most %d argument%s (%d given)", nm, mx,
                           mx == 1 ? "" : "s", g), false;
        case ST_E:
            return py_fail(I, at, GL_E_INVALID, "TypeError: %s expected at %s %d argument%s, got %d", nm,
                           g < mn ? "least" : "most", g < mn ? mn : mx, (g < mn ? mn : mx) == 1 ? "" : "s", g), false;
        case ST_P:
            return py_fail(I, at, GL_E_INVALID, "TypeError: %s() takes at %s %d argument%s (%d given)", nm,
                           g < mn ? "least" : "most", g < mn ? mn : mx, (g < mn ? mn : mx) == 1 ? "" : "s", g), false;
        case ST_Z: return py_fail(I, at, GL_E_INVALID, "TypeError: str.%s() takes no arguments (%d given)", nm, g), false;
        default: return py_fail(I, at, GL_E_INVALID, "TypeError: str.%s() takes exactly one argument (%d given)", nm, g), false;
        }
    }
    for (int i = 0; i < g; i++) v[i] = a->pos[i];
    for (int k = 0; k < a->nkw; k++) {
        int j = -1;
        for (int i = 0; i < 2; i++)
            if (METHODS[m].kw[i] && strcmp(METHODS[m].kw[i], a->kwn[k]) == 0) j = i;
        if (j < 0) return py_fail(I, at, GL_E_INVALID, "TypeError: '%s' is an invalid keyword argument for %s()", a->kwn[k], nm), false;
        if (v[j])
            return py_fail(I, at, GL_E_INVALID, "TypeError: argument for %s() given by name ('%s') and position (%d)", nm,
                           a->kwn[k], j + 1), false;
        v[j] = a->kwv[k];
    }
    return true;
}

/* An integer argument (__index__): ints and bools; clamped to +-2^62 (bigger cannot matter to a str). */
static bool want_index(py_interp *I, const py_node *at, py_val *v, int64_t *out) {
    if (!(v = py_index_of(I, at, v))) return false;
    if (v->kind == V_INT) *out = v->u.i;
    else if (v->kind == V_BOOL) *out = v->u.b;
    else if (v->kind == V_BIG) return py_num_index(I, at, v, 0, out);
    else return py_fail(I, at, GL_E_INVALID, "TypeError: '%s' object cannot be interpreted as an integer", py_type_name(v)), false;
    return true;
}

static bool want_str(py_interp *I, const py_node *at, py_val *v, const char *msg) {
    if (v->kind == V_STR) return true;
    return py_fail(I, at, GL_E_INVALID, msg, py_type_name(v)), false;
}

/* start / end of find, count, startswith: code points, adjusted as CPython's ADJUST_INDICES. */
static bool span_args(py_interp *I, const py_node *at, py_val *s, py_val *vs, py_val *ve, int64_t *start, int64_t *end) {
    int64_t len = (int64_t)py_str_len(s);
    *start = 0;
    *end = len;
    py_val *v[2] = {vs, ve};
    int64_t *o[2] = {start, end};
    for (int i = 0; i < 2; i++) {
        if (!v[i] || v[i]->kind == V_NONE) continue;
        if (!(v[i] = py_index_of(I, at, v[i]))) return false;
        if (v[i]->kind == V_BIG) {            /* CPython clamps a slice index */
            *o[i] = v[i]->u.big->sign < 0 ? -(INT64_MAX / 2) : INT64_MAX / 2;
            continue;
        }
        if (v[i]->kind != V_INT && v[i]->kind != V_BOOL)
            return py_fail(I, at, GL_E_INVALID, "TypeError: slice indices must be integers or None or have an __index__ method"), false;
        *o[i] = v[i]->kind == V_INT ? v[i]->u.i : v[i]->u.b;
    }
    if (*end > len) *end = len;
    else if (*end < 0) { *end += len; if (*end < 0) *end = 0; }
    if (*start < 0) { *start += len; if (*start < 0) *start = 0; }
    return true;
}

/* find / rfind / index / rindex / count over s[start:end]. */
static py_val *m_find(py_interp *I, const py_node *at, int m, py_val *s, py_val **v) {
    if (!want_str(I, at, v[0], "TypeError: must be str, not %s")) return NULL;
    int64_t start, end;
    if (!span_args(I, at, s, v[1], v[2], &start, &end)) return NULL;
    py_val *sub = v[0];
    int64_t sl = (int64_t)py_str_len(sub);
    bool ok = true;
    if (m == M_COUNT) {
        if (end - start < sl) return py_int(I, 0);
        if (!sl) return py_int(I, end - start + 1);
        size_t a = boff(s, start), b = boff(s, end);
        int64_t k = 0, at0 = (int64_t)a;
        for (;;) {
            int64_t f = bfind(I, at, s->u.str.s, (size_t)at0, b, sub->u.str.s, sub->u.str.n, &ok);
            if (!ok) return NULL;
            if (f < 0) break;
            k++;
            at0 = f + (int64_t)sub->u.str.n;
        }
        return py_int(I, k);
    }
    bool rev = m == M_RFIND || m == M_RINDEX;
    int64_t r = -1;
    if (end - start >= sl) {
        if (!sl) {
            r = rev ? end : start;
        } else {
            size_t a = boff(s, start), b = boff(s, end);
            int64_t f = rev ? brfind(I, at, s->u.str.s, a, b, sub->u.str.s, sub->u.str.n, &ok)
                            : bfind(I, at, s->u.str.s, a, b, sub->u.str.s, sub->u.str.n, &ok);
            if (!ok) return NULL;
            r = f < 0 ? -1 : is_ascii(s) ? f : (int64_t)py_utf8_count(s->u.str.s, (size_t)f);
        }
    }
    if (r < 0 && (m == M_INDEX || m == M_RINDEX)) return py_fail(I, at, GL_E_INVALID, "ValueError: substring not found");
    return py_int(I, r);
}

static bool tailmatch(py_interp *I, const py_node *at, py_val *s, py_val *sub, int64_t start, int64_t end, bool tail) {
    int64_t sl = (int64_t)py_str_len(sub);
    end -= sl;
    if (end < start) return false;
    if (!sl) return true;
    size_t o = boff(s, tail ? end : start);
    (void)I, (void)at;
    return o + sub->u.str.n <= s->u.str.n && memcmp(s->u.str.s + o, sub->u.str.s, sub->u.str.n) == 0;
}

static py_val *m_startswith(py_interp *I, const py_node *at, int m, py_val *s, py_val **v) {
    int64_t start, end;
    bool tail = m == M_ENDSWITH;
    if (v[0]->kind != V_STR && v[0]->kind != V_TUPLE)
        return py_fail(I, at, GL_E_INVALID, "TypeError: %s first arg must be str or a tuple of str, not %s",
                       METHODS[m].name, py_type_name(v[0]));
    if (!span_args(I, at, s, v[1], v[2], &start, &end) || !py_str_work(I, at, s->u.str.n)) return NULL;
    if (v[0]->kind == V_STR) return py_bool(tailmatch(I, at, s, v[0], start, end, tail));
    for (int i = 0; i < v[0]->u.seq.n; i++) {
        py_val *x = v[0]->u.seq.v[i];
        if (x->kind != V_STR)
            return py_fail(I, at, GL_E_INVALID, "TypeError: tuple for %s must only contain str, not %s", METHODS[m].name,
                           py_type_name(x));
        if (tailmatch(I, at, s, x, start, end, tail)) return &py_True;
    }
    return &py_False;
}

/* The code points of s in an arena array. */
static uint32_t *cps(py_interp *I, const py_node *at, py_val *s, size_t *n) {
    size_t len = py_str_len(s);
    if (!py_str_work(I, at, s->u.str.n)) return NULL;
    uint32_t *c = py_alloc(&I->ar, sizeof *c * (len + 1));
    if (!c) return py_oom(I), NULL;
    for (size_t i = 0, k = 0; k < len; k++) c[k] = py_utf8_get(s->u.str.s, &i);
    *n = len;
    return c;
}

static void put_cp(gl_sb *sb, uint32_t c) {
    char b[4];
    gl_sb_putn(sb, b, py_utf8_put(c, b));
}

static bool isspace_cp(uint32_t c) { return c < 128 ? (c == ' ' || (c >= 9 && c <= 13) || (c >= 28 && c <= 31)) : (py_uni_flags(c) & PY_U_SPACE) != 0; }

/* CPython's lower_ucs4: Σ is final sigma (ς) after a cased letter and not before one. */
static int lower_at(const uint32_t *c, size_t n, size_t i, uint32_t out[3]) {
    if (c[i] != 0x3A3) return py_uni_case(PY_MAP_LOWER, c[i], out);
    size_t j = i;
    while (j > 0 && (py_uni_flags(c[j - 1]) & PY_U_CASEIGN)) j--;
    bool fin = j > 0 && (py_uni_flags(c[j - 1]) & PY_U_CASED);
    if (fin) {
        j = i + 1;
        while (j < n && (py_uni_flags(c[j]) & PY_U_CASEIGN)) j++;
        fin = j == n || !(py_uni_flags(c[j]) & PY_U_CASED);
    }
    out[0] = fin ? 0x3C2 : 0x3C3;
    return 1;
}

static py_val *m_case(py_interp *I, const py_node *at, int m, py_val *s) {
    size_t n;
    uint32_t *c = cps(I, at, s, &n);
    if (!c) return NULL;
    gl_sb sb;
    gl_sb_init(&sb);
    bool prev = false;
    for (size_t i = 0; i < n; i++) {
        uint32_t o[3];
        int k = 1;
        unsigned f = py_uni_flags(c[i]);
        switch (m) {
        case M_UPPER: k = py_uni_case(PY_MAP_UPPER, c[i], o); break;
        case M_LOWER: k = lower_at(c, n, i, o); break;
        case M_CASEFOLD: k = py_uni_case(PY_MAP_FOLD, c[i], o); break;
        case M_SWAPCASE:
            if (f & PY_U_UPPER) k = lower_at(c, n, i, o);
            else if (f & PY_U_LOWER) k = py_uni_case(PY_MAP_UPPER, c[i], o);
            else o[0] = c[i];
            break;
        case M_CAPITALIZE: k = i == 0 ? py_uni_case(PY_MAP_TITLE, c[i], o) : lower_at(c, n, i, o); break;
        default:               /* title */
            k = prev ? lower_at(c, n, i, o) : py_uni_case(PY_MAP_TITLE, c[i], o);
            prev = (f & PY_U_CASED) != 0;
            break;
        }
        for (int j = 0; j < k; j++) put_cp(&sb, o[j]);
        if (sb.len > GL_PROGRAM_MAX_SEQ) break;
    }
    return py_str_of_sb(I, at, &sb);
}

static py_val *m_is(py_interp *I, const py_node *at, int m, py_val *s) {
    size_t n;
    if (m == M_ISASCII) return py_bool(is_ascii(s));
    uint32_t *c = cps(I, at, s, &n);
    if (!c) return NULL;
    if (m == M_ISPRINTABLE) {
        for (size_t i = 0; i < n; i++)
            if (!(py_uni_flags(c[i]) & PY_U_PRINT)) return &py_False;
        return &py_True;
    }
    if (!n) return &py_False;
    if (m == M_ISUPPER || m == M_ISLOWER) {
        bool cased = false;
        unsigned bad = m == M_ISUPPER ? PY_U_LOWER | PY_U_TITLE : PY_U_UPPER | PY_U_TITLE;
        unsigned good = m == M_ISUPPER ? PY_U_UPPER : PY_U_LOWER;
        for (size_t i = 0; i < n; i++) {
            unsigned f = py_uni_flags(c[i]);
            if (f & bad) return &py_False;
            if (f & good) cased = true;
        }
        return py_bool(cased);
    }
    if (m == M_ISTITLE) {
        bool cased = false, prev = false;
        for (size_t i = 0; i < n; i++) {
            unsigned f = py_uni_flags(c[i]);
            if (f & (PY_U_UPPER | PY_U_TITLE)) {
                if (prev) return &py_False;
                prev = cased = true;
            } else if (f & PY_U_LOWER) {
                if (!prev) return &py_False;
                prev = cased = true;
            } else {
                prev = false;
            }
        }
        return py_bool(cased);
    }
    if (m == M_ISIDENTIFIER) {
        if (!(py_uni_flags(c[0]) & PY_U_XIDS)) return &py_False;
        for (size_t i = 1; i < n; i++)
            if (!(py_uni_flags(c[i]) & PY_U_XIDC)) return &py_False;
        return &py_True;
    }
    unsigned want = m == M_ISDIGIT ? PY_U_DIGIT : m == M_ISDECIMAL ? PY_U_DECIMAL : m == M_ISNUMERIC ? PY_U_NUMERIC
                  : m == M_ISALPHA ? PY_U_ALPHA : m == M_ISSPACE ? PY_U_SPACE
                  : PY_U_ALPHA | PY_U_DECIMAL | PY_U_DIGIT | PY_U_NUMERIC;
    for (size_t i = 0; i < n; i++)
        if (!(py_uni_flags(c[i]) & want)) return &py_False;
    return &py_True;
}

static bool memchr_u32(const uint32_t *c, size_t n, uint32_t x) {
    for (size_t i = 0; i < n; i++)
        if (c[i] == x) return true;
    return false;
}

/* strip / lstrip / rstrip */
static py_val *m_strip(py_interp *I, const py_node *at, int m, py_val *s, py_val *chars) {
    if (chars && chars->kind == V_NONE) chars = NULL;
    if (chars && chars->kind != V_STR)
        return py_fail(I, at, GL_E_INVALID, "TypeError: %s arg must be None or str", METHODS[m].name);
    size_t n, nc = 0;
    uint32_t *c = cps(I, at, s, &n), *cc = NULL;
    if (!c || (chars && !(cc = cps(I, at, chars, &nc)))) return NULL;
    if (!py_str_work(I, at, n * (nc + 1))) return NULL;
    size_t a = 0, b = n;
#define IN_SET(x) (chars ? memchr_u32(cc, nc, (x)) : isspace_cp(x))
    if (m != M_RSTRIP)
        while (a < b && IN_SET(c[a])) a++;
    if (m != M_LSTRIP)
        while (b > a && IN_SET(c[b - 1])) b--;
#undef IN_SET
    if (a == 0 && b == n) return s;
    size_t oa = boff(s, (int64_t)a), ob = boff(s, (int64_t)b);
    return mkstr(I, s->u.str.s + oa, ob - oa, b - a);
}

static py_val *push_part(py_interp *I, py_val *list, const char *s, size_t n) {
    py_val *x = py_str(I, s, n);
    if (!x || py_list_push(I, list, x)) return NULL;
    return list;
}

/* split / rsplit */
static py_val *m_split(py_interp *I, const py_node *at, int m, py_val *s, py_val **v) {
    py_val *sep = v[0] && v[0]->kind != V_NONE ? v[0] : NULL;
    int64_t maxs = -1;
    if (sep && sep->kind != V_STR) return py_fail(I, at, GL_E_INVALID, "TypeError: must be str or None, not %s", py_type_name(sep));
    if (v[1] && !want_index(I, at, v[1], &maxs)) return NULL;
    if (sep && !sep->u.str.n) return py_fail(I, at, GL_E_INVALID, "ValueError: empty separator");
    if (maxs < 0) maxs = INT64_MAX;
    py_val *r = py_seq(I, V_LIST, 0);
    if (!r || !py_str_work(I, at, s->u.str.n)) return NULL;
    const char *p = s->u.str.s;
    size_t n = s->u.str.n;
    bool rev = m == M_RSPLIT;
    if (!sep) {                               /* runs of whitespace; the ends trimmed */
        size_t n2;
        uint32_t *c = cps(I, at, s, &n2);
        if (!c) return NULL;
        size_t *off = py_alloc(&I->ar, sizeof *off * (n2 + 1));
        if (!off) return py_oom(I);
        for (size_t i = 0, k = 0; k <= n2; k++) {
            off[k] = i;
            if (k < n2) py_utf8_get(p, &i);
        }
        if (!rev) {
            size_t i = 0;
            int64_t cnt = 0;
            while (i < n2) {
                while (i < n2 && isspace_cp(c[i])) i++;
                if (i == n2) break;
                if (cnt == maxs) {       /* the rest, its trailing whitespace kept */
                    if (!push_part(I, r, p + off[i], off[n2] - off[i])) return NULL;
                    break;
                }
                size_t j = i;
                while (j < n2 && !isspace_cp(c[j])) j++;
                if (!push_part(I, r, p + off[i], off[j] - off[i])) return NULL;
                cnt++;
                i = j;
            }
            return r;
        }
        size_t i = n2;
        int64_t cnt = 0;
        while (i > 0) {
            while (i > 0 && isspace_cp(c[i - 1])) i--;
            if (i == 0) break;
            if (cnt == maxs) {
                if (!push_part(I, r, p, off[i])) return NULL;
                break;
            }
            size_t j = i;
            while (j > 0 && !isspace_cp(c[j - 1])) j--;
            if (!push_part(I, r, p + off[j], off[i] - off[j])) return NULL;
            cnt++;
            i = j;
        }
    } else {
        const char *q = sep->u.str.s;
        size_t qn = sep->u.str.n;
        bool ok;
        int64_t cnt = 0;
        if (!rev) {
            size_t i = 0;
            for (;;) {
                int64_t f = cnt < maxs ? bfind(I, at, p, i, n, q, qn, &ok) : -1;
                if (cnt < maxs && !ok) return NULL;
                if (f < 0) {
                    if (!push_part(I, r, p + i, n - i)) return NULL;
                    break;
                }
                if (!push_part(I, r, p + i, (size_t)f - i)) return NULL;
                i = (size_t)f + qn;
                cnt++;
            }
            return r;
        }
        size_t e = n;
        for (;;) {
            int64_t f = cnt < maxs ? brfind(I, at, p, 0, e, q, qn, &ok) : -1;
            if (cnt < maxs && !ok) return NULL;
            if (f < 0) {
                if (!push_part(I, r, p, e)) return NULL;
                break;
            }
            if (!push_part(I, r, p + f + qn, e - (size_t)f - qn)) return NULL;
            e = (size_t)f;
            cnt++;
        }
    }
    for (int i = 0, j = r->u.seq.n - 1; i < j; i++, j--) {   /* rsplit collected from the right */
        py_val *t = r->u.seq.v[i];
        r->u.seq.v[i] = r->u.seq.v[j];
        r->u.seq.v[j] = t;
    }
    return r;
}

static py_val *m_splitlines(py_interp *I, const py_node *at, py_val *s, py_val *keep) {
    bool ke = false;
    if (keep) {
        int64_t k;
        if (keep->kind == V_FLOAT) return py_fail(I, at, GL_E_INVALID, "TypeError: 'float' object cannot be interpreted as an integer");
        if (!want_index(I, at, keep, &k)) return NULL;
        ke = k != 0;
    }
    size_t n;
    uint32_t *c = cps(I, at, s, &n);
    py_val *r = c ? py_seq(I, V_LIST, 0) : NULL;
    if (!r) return NULL;
    const char *p = s->u.str.s;
    size_t i = 0, bi = 0;                    /* code point, byte */
    while (i < n) {
        size_t j = i, bj = bi;
        while (j < n) {
            uint32_t x = c[j];
            if (x == '\n' || x == '\r' || x == 0x0B || x == 0x0C || x == 0x1C || x == 0x1D || x == 0x1E || x == 0x85 ||
                x == 0x2028 || x == 0x2029)
                break;
            py_utf8_get(p, &bj);
            j++;
        }
        size_t eol = j, beol = bj;
        if (j < n) {
            bool crlf = c[j] == '\r' && j + 1 < n && c[j + 1] == '\n';
            py_utf8_get(p, &bj);
            j++;
            if (crlf) bj++, j++;
            if (ke) eol = j, beol = bj;
        }
        if (!push_part(I, r, p + bi, beol - bi)) return NULL;
        (void)eol;
        i = j;
        bi = bj;
    }
    return r;
}

static py_val *m_replace(py_interp *I, const py_node *at, py_val *s, py_val **v) {
    if (v[0]->kind != V_STR) return py_fail(I, at, GL_E_INVALID, "TypeError: replace() argument 1 must be str, not %s", py_type_name(v[0]));
    if (v[1]->kind != V_STR) return py_fail(I, at, GL_E_INVALID, "TypeError: replace() argument 2 must be str, not %s", py_type_name(v[1]));
    int64_t count = -1;
    if (v[2] && !want_index(I, at, v[2], &count)) return NULL;
    if (count < 0) count = INT64_MAX;
    const char *p = s->u.str.s, *o = v[0]->u.str.s, *nw = v[1]->u.str.s;
    size_t n = s->u.str.n, on = v[0]->u.str.n, nn = v[1]->u.str.n;
    gl_sb sb;
    gl_sb_init(&sb);
    if (!on) {                               /* between every code point, and at both ends */
        size_t i = 0;
        int64_t k = 0;
        while (k < count) {
            gl_sb_putn(&sb, nw, nn);
            k++;
            if (i >= n) break;
            size_t j = i;
            py_utf8_get(p, &j);
            gl_sb_putn(&sb, p + i, j - i);
            i = j;
            if (sb.len > GL_PROGRAM_MAX_SEQ) break;
        }
        gl_sb_putn(&sb, p + i, n - i);
        return py_str_of_sb(I, at, &sb);
    }
    size_t i = 0;
    int64_t k = 0;
    bool ok;
    while (k < count) {
        int64_t f = bfind(I, at, p, i, n, o, on, &ok);
        if (!ok) {
            gl_sb_free(&sb);
            return NULL;
        }
        if (f < 0) break;
        gl_sb_putn(&sb, p + i, (size_t)f - i);
        gl_sb_putn(&sb, nw, nn);
        i = (size_t)f + on;
        k++;
        if (sb.len > GL_PROGRAM_MAX_SEQ) break;
    }
    if (!k) {
        gl_sb_free(&sb);
        return s;
    }
    gl_sb_putn(&sb, p + i, n - i);
    return py_str_of_sb(I, at, &sb);
}

static py_val *m_pad(py_interp *I, const py_node *at, int m, py_val *s, py_val **v) {
    int64_t w;
    if (!want_index(I, at, v[0], &w)) return NULL;
    char fill[4] = {' '};
    size_t fl = 1;
    if (v[1]) {
        if (v[1]->kind != V_STR)
            return py_fail(I, at, GL_E_INVALID, "TypeError: The fill character must be a unicode character, not %s", py_type_name(v[1]));
        if (py_str_len(v[1]) != 1) return py_fail(I, at, GL_E_INVALID, "TypeError: The fill character must be exactly one character long");
        memcpy(fill, v[1]->u.str.s, v[1]->u.str.n);
        fl = v[1]->u.str.n;
    }
    int64_t len = (int64_t)py_str_len(s);
    if (w <= len) return s;
    if ((w - len) > GL_PROGRAM_MAX_SEQ / (int64_t)fl || (size_t)((w - len) * (int64_t)fl) + s->u.str.n > GL_PROGRAM_MAX_SEQ)
        return too_long(I, at, (w - len) * (int64_t)fl + (int64_t)s->u.str.n);
    if (!py_str_work(I, at, (size_t)w)) return NULL;
    int64_t marg = w - len, left;
    if (m == M_LJUST) left = 0;
    else if (m == M_RJUST || m == M_ZFILL) left = marg;
    else left = marg / 2 + (marg & w & 1);
    gl_sb sb;
    gl_sb_init(&sb);
    size_t skip = 0;
    if (m == M_ZFILL) {
        fill[0] = '0';
        if (s->u.str.n && (s->u.str.s[0] == '+' || s->u.str.s[0] == '-')) {
            gl_sb_putc(&sb, s->u.str.s[0]);
            skip = 1;
        }
    }
    for (int64_t i = 0; i < left; i++) gl_sb_putn(&sb, fill, fl);
    gl_sb_putn(&sb, s->u.str.s + skip, s->u.str.n - skip);
    for (int64_t i = left; i < marg; i++) gl_sb_putn(&sb, fill, fl);
    return py_str_of_sb(I, at, &sb);
}

static py_val *m_join(py_interp *I, const py_node *at, py_val *s, py_val *it) {
    py_val **items;
    int n;
    switch (it->kind) {           /* anything else iterates (generators, views, ...) */
    case V_NONE: case V_BOOL: case V_INT: case V_FLOAT: case V_FUNC: case V_BUILTIN: case V_TENSOR: case V_ARRAY:
    case V_MODULE: case V_CFG: case V_GRAPH:
        return py_fail(I, at, GL_E_INVALID, "TypeError: can only join an iterable");
    default: break;
    }
    if (py_iter_list(I, at, it, &items, &n)) return NULL;
    gl_sb sb;
    gl_sb_init(&sb);
    for (int i = 0; i < n; i++) {
        if (items[i]->kind != V_STR) {
            gl_sb_free(&sb);
            return py_fail(I, at, GL_E_INVALID, "TypeError: sequence item %d: expected str instance, %s found", i,
                           py_type_name(items[i]));
        }
        if (i) gl_sb_putn(&sb, s->u.str.s, s->u.str.n);
        gl_sb_putn(&sb, items[i]->u.str.s, items[i]->u.str.n);
        if (sb.len > GL_PROGRAM_MAX_SEQ) break;
    }
    if (!py_str_work(I, at, sb.len)) {
        gl_sb_free(&sb);
        return NULL;
    }
    return py_str_of_sb(I, at, &sb);
}

static py_val *m_partition(py_interp *I, const py_node *at, int m, py_val *s, py_val *sep) {
    if (!want_str(I, at, sep, "TypeError: must be str, not %s")) return NULL;
    if (!sep->u.str.n) return py_fail(I, at, GL_E_INVALID, "ValueError: empty separator");
    bool ok, rev = m == M_RPARTITION;
    int64_t f = rev ? brfind(I, at, s->u.str.s, 0, s->u.str.n, sep->u.str.s, sep->u.str.n, &ok)
                    : bfind(I, at, s->u.str.s, 0, s->u.str.n, sep->u.str.s, sep->u.str.n, &ok);
    if (!ok) return NULL;
    py_val *t = py_seq(I, V_TUPLE, 3), *e = py_str(I, "", 0);
    if (!t || !e) return NULL;
    if (f < 0) {
        t->u.seq.v[0] = rev ? e : s;
        t->u.seq.v[1] = e;
        t->u.seq.v[2] = rev ? s : e;
        return t;
    }
    size_t a = (size_t)f, b = a + sep->u.str.n;
    if (!(t->u.seq.v[0] = py_str(I, s->u.str.s, a)) || !(t->u.seq.v[2] = py_str(I, s->u.str.s + b, s->u.str.n - b)))
        return NULL;
    t->u.seq.v[1] = sep;
    return t;
}

static py_val *m_expandtabs(py_interp *I, const py_node *at, py_val *s, py_val *tv) {
    int64_t ts = 8;
    if (tv && !want_index(I, at, tv, &ts)) return NULL;
    size_t n;
    uint32_t *c = cps(I, at, s, &n);
    if (!c) return NULL;
    gl_sb sb;
    gl_sb_init(&sb);
    int64_t col = 0;
    for (size_t i = 0; i < n; i++) {
        if (c[i] == '\t') {
            if (ts > 0) {
                int64_t k = ts - col % ts;
                if (k > GL_PROGRAM_MAX_SEQ || sb.len + (size_t)k > GL_PROGRAM_MAX_SEQ) {
                    gl_sb_free(&sb);
                    return too_long(I, at, (int64_t)sb.len + k);
                }
                for (int64_t j = 0; j < k; j++) gl_sb_putc(&sb, ' ');
                col += k;
            }
            continue;
        }
        put_cp(&sb, c[i]);
        col = c[i] == '\n' || c[i] == '\r' ? 0 : col + 1;
    }
    return py_str_of_sb(I, at, &sb);
}

static py_val *str_method(py_interp *I, const py_node *at, int m, py_val *s, py_args *a) {
    py_val *v[3];
    if (m == M_FORMAT) return py_str_format(I, at, s, a, NULL);
    if (!margs(I, at, m, a, v)) return NULL;
    switch (m) {
    case M_SPLIT: case M_RSPLIT: return m_split(I, at, m, s, v);
    case M_SPLITLINES: return m_splitlines(I, at, s, v[0]);
    case M_STRIP: case M_LSTRIP: case M_RSTRIP: return m_strip(I, at, m, s, v[0]);
    case M_REPLACE: return m_replace(I, at, s, v);
    case M_STARTSWITH: case M_ENDSWITH: return m_startswith(I, at, m, s, v);
    case M_FIND: case M_RFIND: case M_INDEX: case M_RINDEX: case M_COUNT: return m_find(I, at, m, s, v);
    case M_UPPER: case M_LOWER: case M_TITLE: case M_CAPITALIZE: case M_SWAPCASE: case M_CASEFOLD:
        return m_case(I, at, m, s);
    case M_CENTER: case M_LJUST: case M_RJUST: case M_ZFILL: return m_pad(I, at, m, s, v);
    case M_JOIN: return m_join(I, at, s, v[0]);
    case M_PARTITION: case M_RPARTITION: return m_partition(I, at, m, s, v[0]);
    case M_REMOVEPREFIX: case M_REMOVESUFFIX: {
        if (v[0]->kind != V_STR)
            return py_fail(I, at, GL_E_INVALID, "TypeError: %s() argument must be str, not %s", METHODS[m].name, py_type_name(v[0]));
        size_t k = v[0]->u.str.n, n = s->u.str.n;
        if (!k || k > n) return s;
        if (m == M_REMOVEPREFIX) return memcmp(s->u.str.s, v[0]->u.str.s, k) == 0 ? py_str(I, s->u.str.s + k, n - k) : s;
        return memcmp(s->u.str.s + n - k, v[0]->u.str.s, k) == 0 ? py_str(I, s->u.str.s, n - k) : s;
    }
    case M_EXPANDTABS: return m_expandtabs(I, at, s, v[0]);
    case M_FORMAT_MAP:
        if (v[0]->kind != V_DICT)
            return py_fail(I, at, GL_E_INVALID, "TypeError: format_map() needs a dict here (GraphLab), got %s", py_type_name(v[0]));
        return py_str_format(I, at, s, NULL, v[0]);
    case M_ENCODE:
        return py_fail(I, at, GL_E_INVALID, "str.encode() is not supported: GraphLab has no bytes type");
    case M_TRANSLATE: return py_str_translate(I, at, s, v[0]);   /* py_strtrans.c */
    default: return m_is(I, at, m, s);
    }
}

/* ---------------------------------------------------------------- ord, chr, format, repr, ascii */

py_val *py_str_call(py_interp *I, const py_node *at, int id, int sub, py_val *self, py_args *a) {
    if (id == B_S_METHOD && sub == M_MAKETRANS) return py_str_maketrans(I, at, a);   /* str.maketrans or s.maketrans */
    if (id == B_S_METHOD && !self) {     /* str.upper(x): x is self */
        const char *mn = METHODS[sub].name;
        if (a->npos < 1) return py_fail(I, at, GL_E_INVALID, "TypeError: unbound method str.%s() needs an argument", mn);
        if (a->pos[0]->kind != V_STR)
            return py_fail(I, at, GL_E_INVALID, "TypeError: descriptor '%s' for 'str' objects doesn't apply to a '%s' object",
                           mn, py_type_name(a->pos[0]));
        py_args b = *a;
        b.pos = a->pos + 1;
        b.npos = a->npos - 1;
        return str_method(I, at, sub, a->pos[0], &b);
    }
    if (id == B_S_METHOD) return str_method(I, at, sub, self, a);
    static const char *names[] = {"ord", "chr", "format", "repr", "ascii"};
    const char *nm = names[id - B_ORD];
    int mx = id == B_FORMAT ? 2 : 1;
    if (a->nkw) return py_fail(I, at, GL_E_INVALID, "TypeError: %s() takes no keyword arguments", nm);
    if (a->npos < 1 || a->npos > mx) {
        if (mx == 1) return py_fail(I, at, GL_E_INVALID, "TypeError: %s() takes exactly one argument (%d given)", nm, a->npos);
        return py_fail(I, at, GL_E_INVALID, "TypeError: format expected at %s %d argument%s, got %d", a->npos < 1 ? "least" : "most",
                       a->npos < 1 ? 1 : 2, a->npos < 1 ? "" : "s", a->npos);
    }
    py_val *x = a->pos[0];
    switch (id) {
    case B_ORD:
        if (x->kind != V_STR)
            return py_fail(I, at, GL_E_INVALID, "TypeError: ord() expected string of length 1, but %s found", py_type_name(x));
        if (py_str_len(x) != 1)
            return py_fail(I, at, GL_E_INVALID, "TypeError: ord() expected a character, but string of length %zu found", py_str_len(x));
        {
            size_t i = 0;
            return py_int(I, py_utf8_get(x->u.str.s, &i));
        }
    case B_CHR: {
        if (x->kind == V_FLOAT) return py_fail(I, at, GL_E_INVALID, "TypeError: 'float' object cannot be interpreted as an integer");
        if (x->kind == V_BIG) return py_fail(I, at, GL_E_INVALID, "OverflowError: Python int too large to convert to C int");
        int64_t c;
        if (!want_index(I, at, x, &c)) return NULL;
        if (c < 0 || c > 0x10FFFF) return py_fail(I, at, GL_E_INVALID, "ValueError: chr() arg not in range(0x110000)");
        if (c >= 0xD800 && c <= 0xDFFF)
            return py_fail(I, at, GL_E_INVALID, "ValueError: chr(%lld) is a surrogate, which GraphLab's UTF-8 strings cannot hold", (long long)c);
        char b[4];
        return mkstr(I, b, py_utf8_put((uint32_t)c, b), 1);
    }
    case B_FORMAT: {
        py_val *spec = a->npos > 1 ? a->pos[1] : NULL;
        if (spec && spec->kind != V_STR)
            return py_fail(I, at, GL_E_INVALID, "TypeError: format() argument 2 must be str, not %s", py_type_name(spec));
        gl_sb sb;
        gl_sb_init(&sb);
        if (!py_format_value(I, at, &sb, x, spec ? spec->u.str.s : "", spec ? spec->u.str.n : 0)) {
            gl_sb_free(&sb);
            return NULL;
        }
        return py_str_of_sb(I, at, &sb);
    }
    default: {                                  /* repr, ascii */
        gl_sb sb;
        gl_sb_init(&sb);
        if (!py_fstr_hole(I, at, &sb, x, id == B_REPR ? 'r' : 'a', NULL, 0)) {
            gl_sb_free(&sb);
            return NULL;
        }
        return py_str_of_sb(I, at, &sb);
    }
    }
}
