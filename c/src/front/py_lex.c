/* py_lex.c — the tokenizer: bytes → tokens, each with line:col and end (1-based; columns count code
 * points, so a comment in Chinese does not shift the carets). Python's rules: NEWLINE ends a logical
 * line, INDENT / DEDENT come from a stack of indentation widths (tabs to multiples of 8, and CPython's
 * TabError when tabs and spaces order two lines differently than tabs of width 1 would), brackets join
 * lines (a stack of them: an unmatched or mismatched closer is an error here, an opener left at the end
 * is recorded for the parser), a backslash joins lines, comments and blank lines vanish, strings have
 * r / f prefixes and triple quotes, numbers follow CPython's tokenizer (0x / 0o / 0b, underscores
 * between digits, no leading zeros in decimals, the same error at the same column), identifiers are
 * Unicode (XID_Start XID_Continue*, py_xid.c). Errors carry CPython's message and position (its
 * SyntaxError.offset, 1-based in code points). An f-string keeps its raw body: the parser splits it and
 * parses each {expression} with this lexer in fragment mode. */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "front/py.h"
#include "front/py_str.h"

typedef struct {
    py_arena *a;
    const char *s, *end, *p;
    const char *file;
    int line, col;
    gl_err *e;
    py_tok *t;
    int n, cap;
    char pend[200];               /* a literal's escape error, raised at the token after the literals (CPython's place) */
    bool pending;
} lexer;

static gl_status lfail(lexer *L, int line, int col, gl_status code, const char *msg) {
    return gl_fail(L->e, code, "%s:%d:%d: %s", L->file, line, col, msg);
}

/* A SyntaxError (or IndentationError / TabError: exc) at line:col. */
static gl_status lsyn(lexer *L, int line, int col, const char *exc, const char *fmt, ...)
#if defined(__GNUC__) || defined(__clang__)
    __attribute__((format(printf, 5, 6)))
#endif
    ;
static gl_status lsyn(lexer *L, int line, int col, const char *exc, const char *fmt, ...) {
    char msg[200];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    return gl_fail(L->e, GL_E_PARSE, "%s:%d:%d: %s: %s", L->file, line, col, exc, msg);
}

/* One UTF-8 code point at p (n bytes left): its value and length; -1 when the bytes are not UTF-8. */
static int32_t utf8_at(const char *p, size_t n, int *len) {
    const unsigned char *u = (const unsigned char *)p;
    *len = 1;
    if (u[0] < 0x80) return u[0];
    int k = u[0] >= 0xF0 && u[0] < 0xF5 ? 4 : u[0] >= 0xE0 ? 3 : u[0] >= 0xC2 && u[0] < 0xE0 ? 2 : 0;
    if (!k || (size_t)k > n) return -1;
    int32_t c = u[0] & (0x7F >> k);
    for (int i = 1; i < k; i++) {
        if ((u[i] & 0xC0) != 0x80) return -1;
        c = c << 6 | (u[i] & 0x3F);
    }
    if ((k == 3 && (c < 0x800 || (c >= 0xD800 && c < 0xE000))) || (k == 4 && (c < 0x10000 || c > 0x10FFFF))) return -1;
    *len = k;
    return c;
}

/* The error CPython gives for code point c where an identifier (or any token) cannot have it. */
static gl_status bad_char(lexer *L, int line, int col, int32_t c, const char *p, int len) {
    if (c < 0) return lsyn(L, line, col, "SyntaxError", "(unicode error) 'utf-8' codec can't decode byte 0x%02x",
                           (unsigned char)*p);
    if (!py_printable((uint32_t)c)) return lsyn(L, line, col, "SyntaxError", "invalid non-printable character U+%04X", (unsigned)c);
    return lsyn(L, line, col, "SyntaxError", "invalid character '%.*s' (U+%04X)", len, p, (unsigned)c);
}

static py_tok *push(lexer *L, py_tokkind k) {
    if (L->n == L->cap) {
        int cap = L->cap ? L->cap * 2 : 256;
        py_tok *t = py_alloc(L->a, sizeof *t * (size_t)cap);
        if (!t) return NULL;
        if (L->n) memcpy(t, L->t, sizeof *t * (size_t)L->n);
        L->t = t;
        L->cap = cap;
    }
    py_tok *t = &L->t[L->n++];
    memset(t, 0, sizeof *t);
    t->kind = k;
    t->line = t->end_line = L->line;
    t->col = t->end_col = L->col;
    t->p = L->p;
    return t;
}

/* Advances one byte, keeping line and column (code points). */
static void adv(lexer *L) {
    if (*L->p == '\n') {
        L->line++;
        L->col = 1;
    } else if (((unsigned char)*L->p & 0xC0) != 0x80) {
        L->col++;
    }
    L->p++;
}

static void finish(lexer *L, py_tok *t) {
    t->end_line = L->line;
    t->end_col = L->col;
    t->len = (int)(L->p - t->p);
}


static const char *OPS3[] = {"**=", "//=", "...", "<<=", ">>=", NULL};
static const char *OPS2[] = {"**", "//", "==", "!=", "<=", ">=", "+=", "-=", "*=", "/=", "%=", "@=", "->",
                             "<<", ">>", "&=", "|=", "^=", ":=", NULL};
static const char OPS1[] = "()[]{},:.;@=+-*/%<>~&|^!";

static gl_status lex_string(lexer *L, py_tok *t, bool raw, bool f) {
    char q = *L->p;
    bool triple = L->end - L->p >= 3 && L->p[1] == q && L->p[2] == q;
    int sl = t->line, sc = t->col;
    for (int i = 0; i < (triple ? 3 : 1); i++) adv(L);
    const char *body = L->p;
    t->sline = L->line;
    t->scol = L->col;
    for (;;) {
        if (L->p >= L->end || (!triple && *L->p == '\n')) {
            int at = L->line;          /* CPython: the line it was detected at (the last one at the end) */
            if (L->p >= L->end && L->p > L->s && L->p[-1] == '\n') at--;
            return lsyn(L, sl, sc, "SyntaxError", "unterminated %sstring literal (detected at line %d)",
                        triple ? "triple-quoted " : "", at);
        }
        if (*L->p == '\\' && L->p + 1 < L->end) {
            adv(L);
            adv(L);
            continue;
        }
        if (*L->p == q && (!triple || (L->end - L->p >= 3 && L->p[1] == q && L->p[2] == q))) break;
        adv(L);
    }
    size_t n = (size_t)(L->p - body);
    for (int i = 0; i < (triple ? 3 : 1); i++) adv(L);
    t->kind = T_STR;
    t->fstr = f;
    if (f || raw) {
        t->s = py_strndup(L->a, body, n);
        t->slen = n;
    } else {
        char *d = py_alloc(L->a, n + 1), msg[200];
        if (!d) return GL_E_LIMIT;
        if (!py_str_unescape(d, body, n, &t->slen, msg, sizeof msg) && !L->pending) {
            /* CPython decodes when the parser has the literals and the token after them: the error goes there */
            snprintf(L->pend, sizeof L->pend, "%s", msg);
            L->pending = true;
            t->slen = 0;
        }
        t->s = d;
    }
    if (!t->s) return GL_E_LIMIT;
    t->i = raw;                   /* f-strings: whether the literal parts keep their backslashes */
    finish(L, t);
    return GL_OK;
}

static bool digit(char c) { return c >= '0' && c <= '9'; }
static bool ident0(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || (unsigned char)c >= 0x80; }

/* Numbers as CPython's tokenizer reads them (tok_get's number part, step for step, so its errors fall on
 * the same column: the offset of a tokenizer error is the column of the last character read). */
typedef struct {
    const char *p, *end;
    int k;                        /* bytes read */
} numcur;

static int nc(numcur *c) { return c->p + c->k < c->end ? (unsigned char)c->p[c->k++] : (c->k++, 0); }
static void nback(numcur *c) { c->k--; }
static bool isdig(int c) { return c >= '0' && c <= '9'; }
static bool isxdig(int c) { return isdig(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'); }
static bool ident_char(int c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || isdig(c); }

static bool look(numcur *c, const char *s) {
    int k = c->k;
    for (; *s; s++)
        if (nc(c) != *s) {
            c->k = k;
            return false;
        }
    c->k = k;
    return true;
}

/* verify_end_of_number: a number may not run into an identifier, except the keywords valid after it. */
static bool end_ok(numcur *c, int ch) {
    bool r = false;
    if (ch == 'a') r = look(c, "nd");
    else if (ch == 'e') r = look(c, "lse");
    else if (ch == 'f') r = look(c, "or");
    else if (ch == 'i') {
        int c2 = nc(c);
        r = c2 == 'f' || c2 == 'n' || c2 == 's';
        nback(c);
    } else if (ch == 'o') r = look(c, "r");
    else if (ch == 'n') r = look(c, "ot");
    if (r) return true;
    if (ch && ident_char(ch)) {
        nback(c);
        return false;
    }
    return true;
}

/* digits ('_'? digits)*: returns the character after, or -1 after an error (cursor at it) */
static int dec_tail(numcur *c) {
    int ch;
    for (;;) {
        do ch = nc(c); while (isdig(ch));
        if (ch != '_') return ch;
        ch = nc(c);
        if (!isdig(ch)) {
            nback(c);
            return -1;
        }
    }
}

static gl_status lex_number(lexer *L, py_tok *t) {
    numcur c = {L->p, L->end, 0};
    int col0 = L->col, base = 10;
    bool isf = false, imag = false;
    const char *err = NULL, *kind = "decimal";
    char digit_err = 0;
    int ch = nc(&c);
    if (ch == '.') {                   /* .5 */
        ch = nc(&c);
        isf = true;
        goto fraction;
    }
    if (ch == '0') {
        ch = nc(&c);
        if (ch == 'x' || ch == 'X' || ch == 'o' || ch == 'O' || ch == 'b' || ch == 'B') {
            int lo = ch | 32;
            base = lo == 'x' ? 16 : lo == 'o' ? 8 : 2;
            kind = lo == 'x' ? "hexadecimal" : lo == 'o' ? "octal" : "binary";
            ch = nc(&c);
            do {
                if (ch == '_') ch = nc(&c);
                bool ok = base == 16 ? isxdig(ch) : ch >= '0' && ch < '0' + base;
                if (!ok) {
                    if (base != 16 && isdig(ch)) { digit_err = (char)ch; goto fail; }
                    nback(&c);
                    err = "invalid";
                    goto fail;
                }
                do ch = nc(&c); while (base == 16 ? isxdig(ch) : ch >= '0' && ch < '0' + base);
            } while (ch == '_');
            if (base != 16 && isdig(ch)) { digit_err = (char)ch; goto fail; }
            if (!end_ok(&c, ch)) { err = "invalid"; goto fail; }
            goto done;
        }
        bool nonzero = false;
        for (;;) {                      /* zeros, maybe with underscores */
            if (ch == '_') {
                ch = nc(&c);
                if (!isdig(ch)) { nback(&c); err = "invalid"; goto fail; }
            }
            if (ch != '0') break;
            ch = nc(&c);
        }
        int zeros_end = c.k - 1;
        if (isdig(ch)) {
            nonzero = true;
            nback(&c);
            if ((ch = dec_tail(&c)) < 0) { err = "invalid"; goto fail; }
        }
        if (ch == '.') { ch = nc(&c); isf = true; goto fraction; }
        if (ch == 'e' || ch == 'E') { isf = true; goto exponent; }
        if (ch == 'j' || ch == 'J') goto imaginary;
        if (nonzero) {
            (void)zeros_end;
            return lsyn(L, t->line, col0, "SyntaxError", "leading zeros in decimal integer literals are not permitted; "
                        "use an 0o prefix for octal integers");
        }
        if (!end_ok(&c, ch)) { err = "invalid"; goto fail; }
        goto done;
    }
    nback(&c);
    if ((ch = dec_tail(&c)) < 0) { err = "invalid"; goto fail; }
    if (ch == '.') {
        ch = nc(&c);
        isf = true;
    fraction:
        if (isdig(ch)) {
            nback(&c);
            if ((ch = dec_tail(&c)) < 0) { err = "invalid"; goto fail; }
        }
    }
    if (ch == 'e' || ch == 'E') {
    exponent:;
        int e = ch;
        ch = nc(&c);
        if (ch == '+' || ch == '-') {
            ch = nc(&c);
            if (!isdig(ch)) { nback(&c); err = "invalid"; goto fail; }
        } else if (!isdig(ch)) {
            nback(&c);
            if (!end_ok(&c, e)) { err = "invalid"; goto fail; }
            nback(&c);                  /* 1else: the number is "1" */
            ch = nc(&c);
            goto done;
        }
        isf = true;
        nback(&c);
        if ((ch = dec_tail(&c)) < 0) { err = "invalid"; goto fail; }
    }
    if (ch == 'j' || ch == 'J') {
    imaginary:
        imag = true;
        ch = nc(&c);
        if (!end_ok(&c, ch)) { kind = "imaginary"; err = "invalid"; goto fail; }
    } else if (!end_ok(&c, ch)) {
        err = "invalid";
        goto fail;
    }
done:
    nback(&c);                          /* the character after the number is not part of it */
    {
        int n = c.k;
        for (int i = 0; i < n; i++) adv(L);
        finish(L, t);
        if (imag) return lsyn(L, t->line, col0, "SyntaxError", "complex numbers (%.*s) are not supported in GraphLab programs",
                              n > 40 ? 40 : n, t->p);
        char buf[128];
        int k = 0;
        for (int i = 0; i < n && k < 127; i++)
            if (t->p[i] != '_') buf[k++] = t->p[i];
        if (k >= 127 && isf) return lfail(L, t->line, t->col, GL_E_LIMIT, "number literal is too long");
        buf[k] = 0;
        if (isf) {
            t->kind = T_FLOAT;
            t->f = strtod(buf, NULL);
            return GL_OK;
        }
        t->kind = T_INT;
        uint64_t v = 0;
        int i0 = base == 10 ? 0 : 2;
        for (int i = i0; i < k; i++) {
            int d = isdig(buf[i]) ? buf[i] - '0' : (buf[i] | 32) - 'a' + 10;
            if (k >= 127 || v > (UINT64_MAX - (uint64_t)d) / (uint64_t)base ||
                v * (uint64_t)base + (uint64_t)d > (uint64_t)INT64_MAX) {
                /* an int beyond 64 bits: the literal's text, made a big int by the evaluator (py_num_literal) */
                if (!(t->s = py_strndup(L->a, t->p, (size_t)n))) return GL_E_LIMIT;
                t->slen = (size_t)n;
                t->i = 0;
                return GL_OK;
            }
            v = v * (uint64_t)base + (uint64_t)d;
        }
        t->i = (int64_t)v;
        return GL_OK;
    }
fail:
    /* the column of the last character read (the number is ASCII up to there) */
    if (digit_err) return lsyn(L, t->line, col0 - 1 + c.k, "SyntaxError", "invalid digit '%c' in %s literal", digit_err, kind);
    return lsyn(L, t->line, col0 - 1 + c.k, "SyntaxError", "%s %s literal", err, kind);
}

/* Ends the token list after an error (the tokens before it stay usable: see py_lex's comment). */
static gl_status stop(lexer *L, py_toks *out, gl_status st) {
    py_tok *t = push(L, T_EOF);
    if (!t) return st;
    out->t = L->t;
    out->n = L->n;
    return st;
}

gl_status py_lex(py_arena *a, const char *src, size_t len, int line0, int col0, bool fragment, const char *file,
                 py_toks *out, gl_err *e) {
    lexer L = {a, src, src + len, src, file, line0, col0, e, NULL, 0, 0, {0}, false};
    int indents[GL_PROGRAM_MAX_NEST + 1] = {0}, altind[GL_PROGRAM_MAX_NEST + 1] = {0};
    char bstk[GL_PROGRAM_MAX_NEST + 1];
    int bline[GL_PROGRAM_MAX_NEST + 1], bcol[GL_PROGRAM_MAX_NEST + 1];
    int ni = 1, depth = 0;
    bool bol = !fragment;          /* at the beginning of a logical line */
    gl_status st;
    out->t = NULL;
    out->n = 0;
    out->unclosed = 0;
    out->unclosed_line = out->unclosed_col = 0;
    if (!fragment && len >= 3 && memcmp(src, "\xEF\xBB\xBF", 3) == 0) L.p += 3;   /* a UTF-8 byte order mark */
    if (!fragment) {              /* CPython reads a file as UTF-8 (no coding declarations here) */
        size_t bad = py_utf8_invalid(src, len);
        if (bad < len) {
            int line = line0, col = col0;
            for (size_t i = 0; i < bad; i++) {
                if (src[i] == '\n') line++, col = 1;
                else if (((unsigned char)src[i] & 0xC0) != 0x80) col++;
            }
            return gl_fail(e, GL_E_PARSE, "%s:%d:%d: SyntaxError: Non-UTF-8 code starting with '\\x%02x' in file %s on line "
                           "%d, but no encoding declared; see https://peps.python.org/pep-0263/ for details", file, line, col,
                           (unsigned char)src[bad], file, line);
        }
    }
#define NEED(x) do { if (!(x)) return lfail(&L, L.line, L.col, a->nomem ? GL_E_NOMEM : GL_E_LIMIT, \
                                            "the program needs more memory than its budget"); } while (0)
#define SYN(...) return stop(&L, out, lsyn(&L, __VA_ARGS__))
#define PENDING() do { if (L.pending && L.n && L.t[L.n - 1].kind != T_STR) \
            return gl_fail(e, GL_E_PARSE, "%s:%d:%d: SyntaxError: %s", file, L.t[L.n - 1].line, L.t[L.n - 1].col, L.pend); \
        } while (0)
    while (L.p < L.end) {
        PENDING();
        if (bol) {
            int w = 0, alt = 0;        /* the indentation with tabs to multiples of 8, and with tabs of width 1 */
            while (L.p < L.end && (*L.p == ' ' || *L.p == '\t' || *L.p == '\f')) {
                if (*L.p == ' ') w++, alt++;
                else if (*L.p == '\t') w = (w / 8 + 1) * 8, alt++;
                else w = alt = 0;      /* a form feed resets the count, as CPython's tokenizer does */
                adv(&L);
            }
            if (L.p >= L.end) break;
            if (*L.p == '#' || *L.p == '\n' || *L.p == '\r') {    /* blank or comment-only line */
                while (L.p < L.end && *L.p != '\n') adv(&L);
                if (L.p < L.end) adv(&L);
                continue;
            }
            bol = false;
            if (w == indents[ni - 1]) {
                if (alt != altind[ni - 1]) SYN(L.line, 1, "TabError", "inconsistent use of tabs and spaces in indentation");
            } else if (w > indents[ni - 1]) {
                if (alt <= altind[ni - 1]) SYN(L.line, 1, "TabError", "inconsistent use of tabs and spaces in indentation");
                if (ni > GL_PROGRAM_MAX_NEST)
                    return lfail(&L, L.line, L.col, GL_E_LIMIT, "blocks are nested too deeply (limit 64)");
                altind[ni] = alt;
                indents[ni++] = w;
                py_tok *t;
                NEED(t = push(&L, T_INDENT));
            } else {
                while (ni > 1 && w < indents[ni - 1]) {
                    ni--;
                    py_tok *t;
                    NEED(t = push(&L, T_DEDENT));
                }
                if (w != indents[ni - 1]) {   /* CPython puts it at the end of the line */
                    int n = 0;
                    for (const char *q = L.p; q < L.end && *q != '\n'; q++) n += ((unsigned char)*q & 0xC0) != 0x80;
                    SYN(L.line, L.col + n, "IndentationError", "unindent does not match any outer indentation level");
                }
                if (alt != altind[ni - 1]) SYN(L.line, 1, "TabError", "inconsistent use of tabs and spaces in indentation");
            }
        }
        char c = *L.p;
        if (c == ' ' || c == '\t' || c == '\f' || c == '\r') { adv(&L); continue; }
        if (c == '#') { while (L.p < L.end && *L.p != '\n') adv(&L); continue; }
        if (c == '\\') {               /* a line continuation: backslash, newline */
            int bl = L.line, bc = L.col;
            adv(&L);
            if (L.p < L.end && *L.p == '\r') adv(&L);
            if (L.p >= L.end || *L.p != '\n') {
                if (L.p >= L.end) SYN(bl, bc + 1, "SyntaxError", "unexpected EOF while parsing");
                SYN(L.line, L.col, "SyntaxError", "unexpected character after line continuation character");
            }
            adv(&L);
            if (L.p >= L.end && !fragment) SYN(bl, bc + 1, "SyntaxError", "unexpected EOF while parsing");
            continue;
        }
        if (c == '\n') {
            if (depth == 0 && !fragment) {
                if (L.n && L.t[L.n - 1].kind != T_NEWLINE) {
                    py_tok *t;
                    NEED(t = push(&L, T_NEWLINE));
                    t->end_col = t->col + 1;
                }
                bol = true;
            }
            adv(&L);
            continue;
        }
        py_tok *t;
        NEED(t = push(&L, T_OP));
        if (ident0(c)) {
            const char *q = L.p;
            while (q < L.end && (ident0(*q) || digit(*q))) q++;
            size_t n = (size_t)(q - L.p);
            bool pre = n <= 2 && q < L.end && (*q == '\'' || *q == '"');
            if (pre) {
                bool raw = false, f = false, ok = true, bytes = false;
                for (size_t i = 0; i < n; i++) {
                    char pc = (char)(L.p[i] | 32);
                    if (pc == 'r') raw = true;
                    else if (pc == 'f') f = true;
                    else if (pc == 'b') bytes = true;
                    else if (pc != 'u') ok = false;
                }
                if (bytes && ok) {            /* b'..', rb'..': a clear refusal, not "forgot a comma?" */
                    gl_status bs = lsyn(&L, t->line, t->col, "SyntaxError", "bytes literals (%.*s...) are not supported "
                                        "in GraphLab programs: use a str", (int)n + 1, L.p);
                    L.n--;
                    return stop(&L, out, bs);
                }
                if (ok) {
                    while (L.p < q) adv(&L);
                    if ((st = lex_string(&L, t, raw, f))) {
                        if (st == GL_E_LIMIT && !e->code)
                            return lfail(&L, t->line, t->col, GL_E_LIMIT, "the program needs more memory than its budget");
                        L.n--;          /* the string's token is not one */
                        return st == GL_E_PARSE ? stop(&L, out, st) : st;
                    }
                    continue;
                }
            }
            /* every code point must be XID_Start then XID_Continue (CPython's verify_identifier) */
            int line = L.line, col = L.col;
            for (const char *r = L.p; r < q;) {
                int cl;
                int32_t cp = utf8_at(r, (size_t)(L.end - r), &cl);
                if (cp < 0 || !(r == L.p ? py_xid_start((uint32_t)cp) : py_xid_continue((uint32_t)cp))) {
                    if (cp >= 0 && cp < 0x80) break;     /* cannot happen: ASCII was checked above */
                    L.n--;
                    return stop(&L, out, bad_char(&L, line, col, cp, r, cl));
                }
                r += cl;
                col++;
            }
            while (L.p < q) adv(&L);
            t->kind = T_NAME;
            NEED(t->name = py_intern(a, t->p, n));
            finish(&L, t);
            continue;
        }
        if (digit(c) || (c == '.' && L.p + 1 < L.end && digit(L.p[1]))) {
            if ((st = lex_number(&L, t))) {
                if (st != GL_E_PARSE) return st;
                L.n--;
                return stop(&L, out, st);
            }
            continue;
        }
        if (c == '\'' || c == '"') {
            if ((st = lex_string(&L, t, false, false))) {
                if (st == GL_E_LIMIT && !e->code)
                    return lfail(&L, t->line, t->col, GL_E_LIMIT, "the program needs more memory than its budget");
                L.n--;
                return st == GL_E_PARSE ? stop(&L, out, st) : st;
            }
            continue;
        }
        int n = 0;
        for (int i = 0; OPS3[i] && !n; i++)
            if (L.end - L.p >= 3 && memcmp(L.p, OPS3[i], 3) == 0) n = 3;
        for (int i = 0; OPS2[i] && !n; i++)
            if (L.end - L.p >= 2 && memcmp(L.p, OPS2[i], 2) == 0) n = 2;
        if (!n && strchr(OPS1, c) && c) n = 1;
        if (!n || (n == 1 && c == '!')) {
            if ((unsigned char)c >= 0x80 || ((unsigned char)c < 32 && c != '\t')) {   /* not a token's start */
                int cl;
                int32_t cp = utf8_at(L.p, (size_t)(L.end - L.p), &cl);
                L.n--;
                return stop(&L, out, bad_char(&L, L.line, L.col, cp, L.p, cl));
            }
            t->kind = T_ERROR;          /* '$', '?', '`', a lone '!': the parser says "invalid syntax" here */
            NEED(t->name = py_intern(a, L.p, 1));
            adv(&L);
            finish(&L, t);
            continue;
        }
        if (c == '(' || c == '[' || c == '{') {
            if (depth >= GL_PROGRAM_MAX_NEST)
                return lfail(&L, L.line, L.col, GL_E_LIMIT, "brackets are nested too deeply (limit 64)");
            bstk[depth] = c;
            bline[depth] = L.line;
            bcol[depth] = L.col;
            depth++;
        } else if (c == ')' || c == ']' || c == '}') {
            if (depth == 0) {
                if (fragment) return lsyn(&L, L.line, L.col, "SyntaxError", "f-string: unmatched '%c'", c);
                L.n--;
                SYN(L.line, L.col, "SyntaxError", "unmatched '%c'", c);
            }
            char o = bstk[depth - 1];
            if ((o == '(' && c != ')') || (o == '[' && c != ']') || (o == '{' && c != '}')) {
                L.n--;
                if (bline[depth - 1] != L.line)
                    SYN(L.line, L.col, "SyntaxError", "closing parenthesis '%c' does not match opening parenthesis '%c' on line %d",
                        c, o, bline[depth - 1]);
                SYN(L.line, L.col, "SyntaxError", "closing parenthesis '%c' does not match opening parenthesis '%c'", c, o);
            }
            depth--;
        }
        NEED(t->name = py_intern(a, L.p, (size_t)n));
        for (int i = 0; i < n; i++) adv(&L);
        finish(&L, t);
    }
    PENDING();                         /* a literal's escape error before the last line's NEWLINE: there */
    py_tok *t;
    if (depth > 0) {                   /* brackets left open: the parser decides what to report */
        out->unclosed = bstk[depth - 1];
        out->unclosed_line = bline[depth - 1];
        out->unclosed_col = bcol[depth - 1];
    }
    if (!fragment) {
        if (L.n && L.t[L.n - 1].kind != T_NEWLINE && L.t[L.n - 1].kind != T_DEDENT && L.t[L.n - 1].kind != T_INDENT) {
            NEED(t = push(&L, T_NEWLINE));
            t->end_col = t->col + 1;
            PENDING();
        }
        while (ni > 1) {
            ni--;
            NEED(t = push(&L, T_DEDENT));
        }
    }
    NEED(t = push(&L, T_EOF));
    PENDING();
#undef PENDING
    out->t = L.t;
    out->n = L.n;
    return GL_OK;
#undef NEED
#undef SYN
}
