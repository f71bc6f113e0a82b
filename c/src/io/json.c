/* json.c — a strict JSON reader (validation, UTF-8, tokens in one pass) and typed getters (see json.h). */
#include "io/json.h"

#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>


/* ------------------------------------------------------------------ reader */
/* One strict recursive-descent pass validates the text (knowing positions for messages), checks that
 * every string is valid UTF-8 and emits the pre-order token array as it goes. The value of a top-level
 * key not in opts->keep is validated but gets one placeholder token (null), so a key the case ignores (a
 * 200 MB "comment") costs no tokens, and the reader still sees the key itself. */
enum { V_SYNTAX, V_UTF8, V_SURROGATE, V_LIMIT, V_NOMEM };

typedef struct {
    const char *s;
    size_t n, i;
    const char *what;   /* what was expected at the failure */
    size_t at;          /* failure position */
    int kind;           /* V_* */
    unsigned cp;        /* V_SURROGATE: the escape's code unit */
    const gl_json_opts *o;
    gl_jtok *t;
    int nt, cap, max;
    int emit;           /* 0 while a skipped value is validated */
} vstate;

static bool v_fail_kind(vstate *v, int kind, const char *what) {
    if (!v->what) {
        v->what = what;
        v->at = v->i;
        v->kind = kind;
    }
    return false;
}

static bool v_fail(vstate *v, const char *what) { return v_fail_kind(v, V_SYNTAX, what); }

/* A new token at v->i (or -2 while skipping); -1 after a failure. */
static int v_push(vstate *v, gl_jtype type, size_t start) {
    if (!v->emit) return -2;
    if (v->nt >= v->max) return v_fail_kind(v, V_LIMIT, "fewer JSON values"), -1;
    if (v->nt == v->cap) {
        int cap = v->cap ? (v->cap > v->max / 2 ? v->max : v->cap * 2) : 64;
        gl_jtok *t = realloc(v->t, (size_t)cap * sizeof *t);
        if (!t) return v_fail_kind(v, V_NOMEM, "memory for the tokens"), -1;
        v->t = t;
        v->cap = cap;
    }
    gl_jtok *k = &v->t[v->nt];
    k->type = type;
    k->start = (int)start;
    k->end = (int)start;
    k->size = 0;
    k->next = v->nt + 1;
    return v->nt++;
}

/* Closes token k: its text ends at v->i and its subtree at the current token count. */
static void v_close(vstate *v, int k, size_t end) {
    if (k < 0) return;
    v->t[k].end = (int)end;
    v->t[k].next = v->nt;
}

static void v_ws(vstate *v) {
    while (v->i < v->n) {
        char c = v->s[v->i];
        if (c == ' ' || c == '\t' || c == '\n' || c == '\r') v->i++;
        else break;
    }
}

static bool v_lit(vstate *v, const char *lit, gl_jtype type) {
    size_t k = strlen(lit), start = v->i;
    if (v->n - v->i < k || memcmp(v->s + v->i, lit, k) != 0) return v_fail(v, "a JSON value");
    int t = v_push(v, type, start);
    if (t == -1) return false;
    v->i += k;
    v_close(v, t, v->i);
    return true;
}

static bool is_hex(char c) {
    return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

static unsigned hexval(char c) {
    if (c >= '0' && c <= '9') return (unsigned)(c - '0');
    if (c >= 'a' && c <= 'f') return (unsigned)(c - 'a' + 10);
    return (unsigned)(c - 'A' + 10);
}

static unsigned hex4(const char *p) {
    return (hexval(p[0]) << 12) | (hexval(p[1]) << 8) | (hexval(p[2]) << 4) | hexval(p[3]);
}

/* The length of the well-formed UTF-8 sequence at s[0..n) (RFC 3629: no overlongs, no surrogates, at most
 * U+10FFFF), or 0. */
static size_t utf8_len(const unsigned char *s, size_t n) {
    unsigned c = s[0];
    size_t k;
    unsigned lo = 0x80, hi = 0xBF;
    if (c >= 0xC2 && c <= 0xDF) k = 2;
    else if (c >= 0xE0 && c <= 0xEF) {
        k = 3;
        if (c == 0xE0) lo = 0xA0;
        if (c == 0xED) hi = 0x9F;
    } else if (c >= 0xF0 && c <= 0xF4) {
        k = 4;
        if (c == 0xF0) lo = 0x90;
        if (c == 0xF4) hi = 0x8F;
    } else {
        return 0;
    }
    if (n < k || s[1] < lo || s[1] > hi) return 0;
    for (size_t q = 2; q < k; q++)
        if (s[q] < 0x80 || s[q] > 0xBF) return 0;
    return k;
}

static bool v_string(vstate *v) {
    int t = v_push(v, GL_J_STR, v->i + 1);
    if (t == -1) return false;
    v->i++; /* opening quote */
    while (v->i < v->n) {
        unsigned char c = (unsigned char)v->s[v->i];
        if (c == '"') {
            v_close(v, t, v->i);
            v->i++;
            return true;
        }
        if (c < 0x20) return v_fail(v, "a closing '\"' (control characters must be escaped in strings)");
        if (c >= 0x80) {
            size_t k = utf8_len((const unsigned char *)v->s + v->i, v->n - v->i);
            if (!k) return v_fail_kind(v, V_UTF8, "UTF-8");
            v->i += k;
            continue;
        }
        if (c == '\\') {
            v->i++;
            if (v->i >= v->n) break;
            char x = v->s[v->i];
            if (x == 'u') {
                for (int k = 1; k <= 4; k++)
                    if (v->i + k >= v->n || !is_hex(v->s[v->i + k])) {
                        v->i += (size_t)k;
                        return v_fail(v, "4 hex digits after \\u");
                    }
                unsigned cp = hex4(v->s + v->i + 1);
                /* a surrogate escape must be a high one followed by a low one: a lone one has no UTF-8 */
                if (cp >= 0xD800 && cp < 0xE000) {
                    const char *p = v->s + v->i + 5;
                    bool pair = cp < 0xDC00 && v->i + 11 <= v->n && p[0] == '\\' && p[1] == 'u' && is_hex(p[2]) &&
                                is_hex(p[3]) && is_hex(p[4]) && is_hex(p[5]) && hex4(p + 2) >= 0xDC00 &&
                                hex4(p + 2) < 0xE000;
                    if (!pair) {
                        v->i--;   /* at the backslash */
                        v->cp = cp;
                        return v_fail_kind(v, V_SURROGATE, "a surrogate pair");
                    }
                    v->i += 6;
                }
                v->i += 5;
                continue;
            }
            if (!strchr("\"\\/bfnrt", x) || x == 0) return v_fail(v, "a valid escape (\\\" \\\\ \\/ \\b \\f \\n \\r \\t \\u)");
        }
        v->i++;
    }
    return v_fail(v, "a closing '\"' before the end of input");
}

static bool v_digits(vstate *v) {
    size_t s = v->i;
    while (v->i < v->n && v->s[v->i] >= '0' && v->s[v->i] <= '9') v->i++;
    return v->i > s;
}

static bool v_number(vstate *v) {
    size_t start = v->i;
    if (v->s[v->i] == '-') {
        v->i++;
        if (v->i < v->n && v->s[v->i] == 'I') {
            v->i = start;
            return v_lit(v, "-Infinity", GL_J_NUM);
        }
    }
    if (v->i >= v->n) return v_fail(v, "a digit");
    if (v->s[v->i] == '0') v->i++;
    else if (!v_digits(v)) return v_fail(v, "a digit");
    if (v->i < v->n && v->s[v->i] == '.') {
        v->i++;
        if (!v_digits(v)) return v_fail(v, "a digit after '.'");
    }
    if (v->i < v->n && (v->s[v->i] == 'e' || v->s[v->i] == 'E')) {
        v->i++;
        if (v->i < v->n && (v->s[v->i] == '+' || v->s[v->i] == '-')) v->i++;
        if (!v_digits(v)) return v_fail(v, "a digit in the exponent");
    }
    int t = v_push(v, GL_J_NUM, start);
    if (t == -1) return false;
    v_close(v, t, v->i);
    return true;
}

static bool v_value(vstate *v, int depth);

static size_t unescape(const char *s, size_t n, char *out, size_t cap);

static bool in_keep(const vstate *v, size_t start, size_t end) {
    const char *const *keep = v->o ? v->o->keep : NULL;
    if (!keep) return true;
    const char *k = v->s + start;
    size_t n = end - start;
    char buf[64];
    if (memchr(k, '\\', n)) {   /* "con\u0066ig" is "config", as for Python */
        n = unescape(k, n, buf, sizeof buf);
        if (n >= sizeof buf) return false;   /* longer than any kept key */
        k = buf;
    }
    for (int i = 0; keep[i]; i++)
        if (strlen(keep[i]) == n && memcmp(keep[i], k, n) == 0) return true;
    return false;
}

static bool v_object(vstate *v, int depth) {
    int t = v_push(v, GL_J_OBJ, v->i);
    if (t == -1) return false;
    v->i++;
    v_ws(v);
    if (v->i < v->n && v->s[v->i] == '}') {
        v->i++;
        v_close(v, t, v->i);
        return true;
    }
    for (;;) {
        v_ws(v);
        if (v->i >= v->n || v->s[v->i] != '"') return v_fail(v, "a '\"'-quoted object key");
        size_t kstart = v->i + 1;
        int kt = v->nt;
        if (!v_string(v)) return false;
        if (t >= 0) {
            v->t[t].size++;
            v->t[kt].size = 1;
        }
        v_ws(v);
        if (v->i >= v->n || v->s[v->i] != ':') return v_fail(v, "':' after an object key");
        v->i++;
        bool skip = depth == 0 && t >= 0 && !in_keep(v, kstart, (size_t)v->t[kt].end);
        if (skip) {
            v_ws(v);
            int ph = v_push(v, GL_J_NULL, v->i);
            if (ph == -1) return false;
            v->emit = 0;
            bool ok = v_value(v, depth + 1);
            v->emit = 1;
            if (!ok) return false;
            v_close(v, ph, v->i);
        } else if (!v_value(v, depth + 1)) {
            return false;
        }
        v_ws(v);
        if (v->i < v->n && v->s[v->i] == ',') {
            v->i++;
            continue;
        }
        if (v->i < v->n && v->s[v->i] == '}') {
            v->i++;
            v_close(v, t, v->i);
            return true;
        }
        return v_fail(v, "',' or '}' after an object member");
    }
}

static bool v_array(vstate *v, int depth) {
    int t = v_push(v, GL_J_ARR, v->i);
    if (t == -1) return false;
    v->i++;
    v_ws(v);
    if (v->i < v->n && v->s[v->i] == ']') {
        v->i++;
        v_close(v, t, v->i);
        return true;
    }
    for (;;) {
        if (!v_value(v, depth + 1)) return false;
        if (t >= 0) v->t[t].size++;
        v_ws(v);
        if (v->i < v->n && v->s[v->i] == ',') {
            v->i++;
            continue;
        }
        if (v->i < v->n && v->s[v->i] == ']') {
            v->i++;
            v_close(v, t, v->i);
            return true;
        }
        return v_fail(v, "',' or ']' after an array element");
    }
}

static bool v_value(vstate *v, int depth) {
    if (depth > GL_JSON_MAX_DEPTH) return v_fail(v, "less nesting (more than 256 levels)");
    v_ws(v);
    if (v->i >= v->n) return v_fail(v, "a JSON value");
    char c = v->s[v->i];
    switch (c) {
    case '{': return v_object(v, depth);
    case '[': return v_array(v, depth);
    case '"': return v_string(v);
    case 't': return v_lit(v, "true", GL_J_TRUE);
    case 'f': return v_lit(v, "false", GL_J_FALSE);
    case 'n': return v_lit(v, "null", GL_J_NULL);
    case 'N': return v_lit(v, "NaN", GL_J_NUM);
    case 'I': return v_lit(v, "Infinity", GL_J_NUM);
    default:
        if (c == '-' || (c >= '0' && c <= '9')) return v_number(v);
        return v_fail(v, "a JSON value");
    }
}

static gl_status v_report(const vstate *v, gl_err *e) {
    if (v->kind == V_NOMEM) return gl_fail(e, GL_E_NOMEM, "out of memory reading JSON (%d values)", v->nt);
    if (v->kind == V_LIMIT)
        return gl_fail(e, GL_E_LIMIT, "JSON text has more than %d values outside the keys it ignores (at byte %zu)",
                       v->max, v->at);
    size_t line = 1, col = 1;
    for (size_t k = 0; k < v->at && k < v->n; k++) {
        if (v->s[k] == '\n') {
            line++;
            col = 1;
        } else {
            col++;
        }
    }
    if (v->kind == V_UTF8)
        return gl_fail(e, GL_E_PARSE, "invalid UTF-8 at byte offset %zu (line %zu, column %zu: byte 0x%02x)", v->at,
                       line, col, (unsigned char)v->s[v->at]);
    if (v->kind == V_SURROGATE)
        return gl_fail(e, GL_E_PARSE, "invalid UTF-8 at byte offset %zu (line %zu, column %zu): the escape \\u%04x "
                       "is a lone surrogate, which has no UTF-8 encoding", v->at, line, col, v->cp);
    char found[32];
    if (v->at >= v->n) {
        snprintf(found, sizeof found, "end of input");
    } else {
        unsigned char c = (unsigned char)v->s[v->at];
        if (c >= 0x20 && c < 0x7f) snprintf(found, sizeof found, "'%c'", c);
        else snprintf(found, sizeof found, "byte 0x%02x", c);
    }
    return gl_fail(e, GL_E_PARSE, "malformed JSON at line %zu, column %zu (byte %zu): expected %s, found %s",
                   line, col, v->at, v->what, found);
}

gl_status gl_json_parse_ex(gl_json *j, const char *src, size_t len, const gl_json_opts *o, gl_err *e) {
    memset(j, 0, sizeof *j);
    if (!src) return gl_fail(e, GL_E_INVALID, "no JSON text given");
    if (len > GL_JSON_MAX_BYTES)
        return gl_fail(e, GL_E_LIMIT, "JSON text of %zu bytes is too large (limit %zu)", len, (size_t)GL_JSON_MAX_BYTES);
    vstate v = {0};
    v.s = src;
    v.n = len;
    v.o = o;
    v.max = o && o->max_values > 0 ? o->max_values : INT_MAX / 2;
    v.emit = 1;
    if (v_value(&v, 0)) {
        v_ws(&v);
        if (v.i < v.n) v_fail(&v, "the end of input after the top-level value");
    }
    if (v.what) {
        free(v.t);
        return v_report(&v, e);
    }
    j->src = src;
    j->len = len;
    j->t = v.t;
    j->n = v.nt;
    return GL_OK;
}

gl_status gl_json_parse(gl_json *j, const char *src, size_t len, gl_err *e) {
    return gl_json_parse_ex(j, src, len, NULL, e);
}

void gl_json_free(gl_json *j) {
    if (!j) return;
    free(j->t);
    memset(j, 0, sizeof *j);
}

const char *gl_json_type_name(gl_jtype t) {
    switch (t) {
    case GL_J_OBJ: return "an object";
    case GL_J_ARR: return "an array";
    case GL_J_STR: return "a string";
    case GL_J_NUM: return "a number";
    case GL_J_TRUE: case GL_J_FALSE: return "a boolean";
    case GL_J_NULL: return "null";
    }
    return "?";
}

static bool valid(const gl_json *j, int tok) { return j && tok >= 0 && tok < j->n; }

int gl_json_key_first(const gl_json *j, int obj) {
    if (!valid(j, obj) || j->t[obj].type != GL_J_OBJ || j->t[obj].size == 0) return -1;
    return obj + 1;
}

int gl_json_key_next(const gl_json *j, int obj, int key) {
    if (!valid(j, obj) || !valid(j, key) || key + 1 >= j->n) return -1;
    int nx = j->t[key + 1].next;
    return nx < j->t[obj].next ? nx : -1;
}

int gl_json_elem_first(const gl_json *j, int arr) {
    if (!valid(j, arr) || j->t[arr].type != GL_J_ARR || j->t[arr].size == 0) return -1;
    return arr + 1;
}

int gl_json_elem_next(const gl_json *j, int arr, int elem) {
    if (!valid(j, arr) || !valid(j, elem)) return -1;
    int nx = j->t[elem].next;
    return nx < j->t[arr].next ? nx : -1;
}

int gl_json_at(const gl_json *j, int arr, int i) {
    if (i < 0) return -1;
    int k = gl_json_elem_first(j, arr);
    for (int c = 0; k >= 0 && c < i; c++) k = gl_json_elem_next(j, arr, k);
    return k;
}

static size_t put_utf8(unsigned cp, char *o) {
    if (cp < 0x80) { o[0] = (char)cp; return 1; }
    if (cp < 0x800) { o[0] = (char)(0xC0 | (cp >> 6)); o[1] = (char)(0x80 | (cp & 0x3F)); return 2; }
    if (cp < 0x10000) {
        o[0] = (char)(0xE0 | (cp >> 12)); o[1] = (char)(0x80 | ((cp >> 6) & 0x3F));
        o[2] = (char)(0x80 | (cp & 0x3F));
        return 3;
    }
    o[0] = (char)(0xF0 | (cp >> 18)); o[1] = (char)(0x80 | ((cp >> 12) & 0x3F));
    o[2] = (char)(0x80 | ((cp >> 6) & 0x3F)); o[3] = (char)(0x80 | (cp & 0x3F));
    return 4;
}

/* Unescapes a validated string body; writes at most cap-1 bytes + NUL (if cap > 0); returns the full
 * decoded length. Embedded \u0000 is kept as a NUL byte (callers treat that as a short string). */
static size_t unescape(const char *s, size_t n, char *out, size_t cap) {
    size_t len = 0;
    for (size_t i = 0; i < n;) {
        char tmp[4];
        size_t k;
        if (s[i] != '\\') {
            tmp[0] = s[i];
            k = 1;
            i++;
        } else {
            char x = s[i + 1];
            i += 2;
            switch (x) {
            case 'b': tmp[0] = '\b'; k = 1; break;
            case 'f': tmp[0] = '\f'; k = 1; break;
            case 'n': tmp[0] = '\n'; k = 1; break;
            case 'r': tmp[0] = '\r'; k = 1; break;
            case 't': tmp[0] = '\t'; k = 1; break;
            case 'u': {
                unsigned cp = (hexval(s[i]) << 12) | (hexval(s[i + 1]) << 8) | (hexval(s[i + 2]) << 4) |
                              hexval(s[i + 3]);
                i += 4;
                if (cp >= 0xD800 && cp < 0xDC00 && i + 6 <= n && s[i] == '\\' && s[i + 1] == 'u') {
                    unsigned lo = (hexval(s[i + 2]) << 12) | (hexval(s[i + 3]) << 8) |
                                  (hexval(s[i + 4]) << 4) | hexval(s[i + 5]);
                    if (lo >= 0xDC00 && lo < 0xE000) {
                        cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
                        i += 6;
                    }
                }
                if (cp >= 0xD800 && cp < 0xE000) cp = 0xFFFD; /* lone surrogate */
                k = put_utf8(cp, tmp);
                break;
            }
            default: tmp[0] = x; k = 1; break; /* \" \\ \/ */
            }
        }
        for (size_t q = 0; q < k; q++) {
            if (cap && len + 1 < cap) out[len] = tmp[q];
            len++;
        }
    }
    if (cap) out[len < cap ? len : cap - 1] = 0;
    return len;
}

bool gl_json_str_eq(const gl_json *j, int tok, const char *s) {
    if (!valid(j, tok) || j->t[tok].type != GL_J_STR) return false;
    const gl_jtok *t = &j->t[tok];
    size_t n = (size_t)(t->end - t->start), sl = strlen(s);
    const char *p = j->src + t->start;
    if (!memchr(p, '\\', n)) return n == sl && memcmp(p, s, n) == 0;
    char buf[256];
    if (sl >= sizeof buf) return false; /* escaped long keys: not something we look up */
    size_t len = unescape(p, n, buf, sizeof buf);
    return len == sl && memcmp(buf, s, sl) == 0;
}

int gl_json_get(const gl_json *j, int obj, const char *key) {
    int found = -1;
    for (int k = gl_json_key_first(j, obj); k >= 0; k = gl_json_key_next(j, obj, k))
        if (gl_json_str_eq(j, k, key)) found = k + 1;
    return found;
}

char *gl_json_snippet(const gl_json *j, int tok, char *buf, size_t cap) {
    if (!cap) return buf;
    buf[0] = 0;
    if (!valid(j, tok)) return buf;
    const gl_jtok *t = &j->t[tok];
    int s = t->start, en = t->end;
    bool q = t->type == GL_J_STR;
    if (q) { s--; en++; }
    size_t n = (size_t)(en - s);
    if (n + 1 <= cap) {
        memcpy(buf, j->src + s, n);
        buf[n] = 0;
    } else if (cap > 4) {
        size_t cut = cap - 4;   /* never inside a UTF-8 sequence: messages stay valid UTF-8 */
        while (cut > 0 && ((unsigned char)j->src[s + (int)cut] & 0xC0) == 0x80) cut--;
        memcpy(buf, j->src + s, cut);
        memcpy(buf + cut, "...", 4);
    } else {
        buf[0] = 0;
    }
    for (char *p = buf; *p; p++)
        if ((unsigned char)*p < 0x20) *p = ' ';
    return buf;
}

bool gl_json_is_null(const gl_json *j, int tok) { return valid(j, tok) && j->t[tok].type == GL_J_NULL; }

gl_status gl_json_expect(const gl_json *j, int tok, gl_jtype type, const char *field, gl_err *e) {
    if (!valid(j, tok)) return gl_fail(e, GL_E_INVALID, "%s is missing", field);
    gl_jtype have = j->t[tok].type;
    if (have == type || (type == GL_J_TRUE && have == GL_J_FALSE)) return GL_OK;
    char sn[48];
    return gl_fail(e, GL_E_INVALID, "%s must be %s, got %s", field, gl_json_type_name(type),
                   gl_json_snippet(j, tok, sn, sizeof sn));
}

gl_status gl_json_num(const gl_json *j, int tok, const char *field, double *out, gl_err *e) {
    if (gl_json_expect(j, tok, GL_J_NUM, field, e)) return e ? e->code : GL_E_INVALID;
    const gl_jtok *t = &j->t[tok];
    const char *p = j->src + t->start;
    size_t n = (size_t)(t->end - t->start);
    if (n == 3 && memcmp(p, "NaN", 3) == 0) { *out = NAN; return GL_OK; }
    if (n == 8 && memcmp(p, "Infinity", 8) == 0) { *out = INFINITY; return GL_OK; }
    if (n == 9 && memcmp(p, "-Infinity", 9) == 0) { *out = -INFINITY; return GL_OK; }
    char small[64], *buf = small;
    if (n + 1 > sizeof small) {
        buf = gl_alloc(n + 1, 1, e);
        if (!buf) return GL_E_NOMEM;
    }
    memcpy(buf, p, n);
    buf[n] = 0;
    *out = strtod(buf, NULL);
    if (buf != small) free(buf);
    return GL_OK;
}

gl_status gl_json_int(const gl_json *j, int tok, const char *field, int64_t *out, gl_err *e) {
    char sn[48];
    if (!valid(j, tok)) return gl_fail(e, GL_E_INVALID, "%s is missing", field);
    if (j->t[tok].type != GL_J_NUM)
        return gl_fail(e, GL_E_INVALID, "%s must be an integer, got %s", field, gl_json_snippet(j, tok, sn, sizeof sn));
    const gl_jtok *t = &j->t[tok];
    const char *p = j->src + t->start;
    size_t n = (size_t)(t->end - t->start);
    bool plain = n > 0 && n < 32;
    for (size_t k = 0; k < n && plain; k++)
        if (!((p[k] >= '0' && p[k] <= '9') || (k == 0 && p[k] == '-'))) plain = false;
    if (plain) {
        char buf[32];
        memcpy(buf, p, n);
        buf[n] = 0;
        errno = 0;
        long long v = strtoll(buf, NULL, 10);
        if (errno == ERANGE)
            return gl_fail(e, GL_E_INVALID, "%s is out of range, got %s", field, gl_json_snippet(j, tok, sn, sizeof sn));
        *out = (int64_t)v;
        return GL_OK;
    }
    double d;
    gl_status st = gl_json_num(j, tok, field, &d, e);
    if (st) return st;
    if (!isfinite(d) || d != floor(d))
        return gl_fail(e, GL_E_INVALID, "%s must be an integer, got %s", field, gl_json_snippet(j, tok, sn, sizeof sn));
    if (d >= 9223372036854775807.0 || d < -9223372036854775807.0)
        return gl_fail(e, GL_E_INVALID, "%s is out of range, got %s", field, gl_json_snippet(j, tok, sn, sizeof sn));
    *out = (int64_t)d;
    return GL_OK;
}

gl_status gl_json_bool(const gl_json *j, int tok, const char *field, bool *out, gl_err *e) {
    char sn[48];
    if (!valid(j, tok)) return gl_fail(e, GL_E_INVALID, "%s is missing", field);
    gl_jtype ty = j->t[tok].type;
    if (ty != GL_J_TRUE && ty != GL_J_FALSE)
        return gl_fail(e, GL_E_INVALID, "%s must be true or false, got %s", field, gl_json_snippet(j, tok, sn, sizeof sn));
    *out = ty == GL_J_TRUE;
    return GL_OK;
}

gl_status gl_json_str(const gl_json *j, int tok, const char *field, char *buf, size_t cap, gl_err *e) {
    if (gl_json_expect(j, tok, GL_J_STR, field, e)) return e ? e->code : GL_E_INVALID;
    const gl_jtok *t = &j->t[tok];
    size_t len = unescape(j->src + t->start, (size_t)(t->end - t->start), buf, cap);
    if (len + 1 > cap) {
        char sn[48];
        return gl_fail(e, GL_E_INVALID, "%s is too long (%zu bytes, at most %zu): %s", field, len, cap - 1,
                       gl_json_snippet(j, tok, sn, sizeof sn));
    }
    if (strlen(buf) != len) return gl_fail(e, GL_E_INVALID, "%s must not contain \\u0000", field);
    return GL_OK;
}

gl_status gl_json_strdup(const gl_json *j, int tok, const char *field, char **out, gl_err *e) {
    *out = NULL;
    gl_status st = gl_json_expect(j, tok, GL_J_STR, field, e);
    if (st) return st;
    const gl_jtok *t = &j->t[tok];
    size_t len = unescape(j->src + t->start, (size_t)(t->end - t->start), NULL, 0);
    char *s = gl_alloc(len + 1, 1, e);
    if (!s) return gl_fail(e, GL_E_NOMEM, "%s: out of memory (%zu bytes)", field, len + 1);
    unescape(j->src + t->start, (size_t)(t->end - t->start), s, len + 1);
    *out = s;
    return GL_OK;
}

/* ------------------------------------------------------------------ {shape, f64} arrays */
gl_status gl_json_shape(const gl_json *j, int tok, const char *field, int *rank, int64_t *dims, gl_err *e) {
    char sn[48];
    if (!valid(j, tok)) return gl_fail(e, GL_E_INVALID, "%s is missing", field);
    if (j->t[tok].type != GL_J_ARR)
        return gl_fail(e, GL_E_INVALID, "%s must be an array of dims, got %s", field,
                       gl_json_snippet(j, tok, sn, sizeof sn));
    if (j->t[tok].size > GL_MAX_RANK)
        return gl_fail(e, GL_E_INVALID, "%s has %d dims, at most %d are supported", field, j->t[tok].size,
                       GL_MAX_RANK);
    int r = 0;
    for (int k = gl_json_elem_first(j, tok); k >= 0; k = gl_json_elem_next(j, tok, k), r++) {
        char f[96];
        snprintf(f, sizeof f, "%s[%d]", field, r);
        int64_t v;
        if (gl_json_int(j, k, f, &v, e)) return e ? e->code : GL_E_INVALID;
        if (v < 0) return gl_fail(e, GL_E_INVALID, "%s must be a non-negative integer, got %lld", f, (long long)v);
        dims[r] = v;
    }
    *rank = r;
    return GL_OK;
}

gl_status gl_json_array_f64(const gl_json *j, int tok, const char *field, gl_array **out, gl_err *e) {
    char f[96], sn[48];
    *out = NULL;
    if (!valid(j, tok)) return gl_fail(e, GL_E_INVALID, "%s is missing", field);
    if (j->t[tok].type != GL_J_OBJ)
        return gl_fail(e, GL_E_INVALID, "%s must be an object {\"shape\": [...], \"f64\": \"<base64>\"}, got %s",
                       field, gl_json_snippet(j, tok, sn, sizeof sn));
    for (int k = gl_json_key_first(j, tok); k >= 0; k = gl_json_key_next(j, tok, k)) {
        if (!gl_json_str_eq(j, k, "shape") && !gl_json_str_eq(j, k, "f64"))
            return gl_fail(e, GL_E_INVALID, "%s has an unknown key %s (expected \"shape\" and \"f64\")", field,
                           gl_json_snippet(j, k, sn, sizeof sn));
    }
    int rank = 0;
    int64_t dims[GL_MAX_RANK];
    snprintf(f, sizeof f, "%s.shape", field);
    gl_status st = gl_json_shape(j, gl_json_get(j, tok, "shape"), f, &rank, dims, e);
    if (st) return st;
    int64_t numel = 1;
    for (int i = 0; i < rank; i++) {
        if (dims[i] != 0 && numel > INT64_MAX / 8 / dims[i]) return gl_fail(e, GL_E_LIMIT, "%s is too large", f);
        numel *= dims[i];
    }
    snprintf(f, sizeof f, "%s.f64", field);
    int ft = gl_json_get(j, tok, "f64");
    if ((st = gl_json_expect(j, ft, GL_J_STR, f, e))) return st;
    /* Python never escapes base64 text; unescape only if needed. */
    const gl_jtok *t = &j->t[ft];
    const char *s = j->src + t->start;
    size_t n = (size_t)(t->end - t->start);
    char *tmp = NULL;
    if (memchr(s, '\\', n)) {
        if ((st = gl_json_strdup(j, ft, f, &tmp, e))) return st;
        s = tmp;
        n = strlen(tmp);
    }
    /* Check the length before allocating anything, so a bogus shape cannot ask for huge memory. */
    gl_array *a = NULL;
    size_t pad = (n >= 1 && s[n - 1] == '=') ? ((n >= 2 && s[n - 2] == '=') ? 2 : 1) : 0;
    uint64_t bytes = n % 4 == 0 ? (uint64_t)n / 4 * 3 - pad : 0;
    if (n % 4 == 0 && bytes != (uint64_t)numel * 8) {
        char shp[160];
        gl_shape sh = gl_shape_of(rank, dims);
        st = gl_fail(e, GL_E_INVALID, "%s has %llu bytes, expected %llu (8 x %lld elements of shape %s)", f,
                     (unsigned long long)bytes, (unsigned long long)numel * 8, (long long)numel,
                     gl_shape_str(&sh, shp, sizeof shp));
        goto done;
    }
    if ((st = gl_array_new(rank, dims, &a, e))) goto done;
    if ((st = gl_b64_decode_f64(s, n, a->data, numel, f, e))) {
        gl_array_release(a);
        a = NULL;
    }
    *out = a;
done:
    free(tmp);
    return st;
}

void gl_json_put_array_f64(gl_sb *sb, const gl_array *a) {
    gl_sb_puts(sb, "{\"shape\": [");
    for (int i = 0; i < a->rank; i++) gl_sb_printf(sb, i ? ", %lld" : "%lld", (long long)a->dim[i]);
    gl_sb_puts(sb, "], \"f64\": \"");
    gl_b64_put_f64(sb, a->data, a->size);
    gl_sb_puts(sb, "\"}");
}
