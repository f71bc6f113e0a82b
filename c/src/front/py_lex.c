/* py_lex.c — the tokenizer: bytes → tokens, each with line:col and end (1-based; columns count code
 * points, so a comment in Chinese does not shift the carets). Python's rules, a subset: NEWLINE ends a
 * logical line, INDENT / DEDENT come from a stack of indentation widths, brackets join lines, comments and
 * blank lines vanish, strings have r / f prefixes and triple quotes. An f-string keeps its raw body: the
 * parser splits it and parses each {expression} with this lexer in fragment mode. */
#include <stdlib.h>
#include <string.h>

#include "front/py.h"

typedef struct {
    py_arena *a;
    const char *s, *end, *p;
    const char *file;
    int line, col;
    gl_err *e;
    py_tok *t;
    int n, cap;
} lexer;

static gl_status lfail(lexer *L, int line, int col, gl_status code, const char *msg) {
    return gl_fail(L->e, code, "%s:%d:%d: %s", L->file, line, col, msg);
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

size_t py_unescape(char *d, const char *s, size_t n) {
    size_t o = 0;
    for (size_t i = 0; i < n; i++) {
        if (s[i] != '\\' || i + 1 >= n) {
            d[o++] = s[i];
            continue;
        }
        char c = s[++i];
        switch (c) {
        case 'n': d[o++] = '\n'; break;
        case 't': d[o++] = '\t'; break;
        case 'r': d[o++] = '\r'; break;
        case '0': d[o++] = '\0'; break;
        case '\\': d[o++] = '\\'; break;
        case '\'': d[o++] = '\''; break;
        case '"': d[o++] = '"'; break;
        case '\n': break;                               /* a backslash-newline joins the lines */
        default: d[o++] = '\\'; d[o++] = c; break;      /* Python keeps unknown escapes as they are */
        }
    }
    return o;
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
        if (L->p >= L->end || (!triple && *L->p == '\n'))
            return lfail(L, sl, sc, GL_E_PARSE, "unterminated string literal");
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
        char *d = py_alloc(L->a, n + 1);
        if (!d) return GL_E_LIMIT;
        t->slen = py_unescape(d, body, n);
        t->s = d;
    }
    if (!t->s) return GL_E_LIMIT;
    t->i = raw;                   /* f-strings: whether the literal parts keep their backslashes */
    finish(L, t);
    return GL_OK;
}

static bool digit(char c) { return c >= '0' && c <= '9'; }
static bool ident0(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || (unsigned char)c >= 0x80; }

static gl_status lex_number(lexer *L, py_tok *t) {
    char buf[128];
    int k = 0;
    bool isf = false, hex = false;
    if (L->p[0] == '0' && L->end - L->p > 1 && (L->p[1] == 'x' || L->p[1] == 'X')) {
        hex = true;
        adv(L);
        adv(L);
    }
    while (L->p < L->end) {
        char c = *L->p;
        if (c == '_') { adv(L); continue; }
        bool ok = digit(c) || (hex && ((c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F')));
        if (!hex && (c == '.' || c == 'e' || c == 'E')) {
            isf = true;
            ok = true;
            if ((c == 'e' || c == 'E') && L->end - L->p > 1 && (L->p[1] == '-' || L->p[1] == '+')) {
                if (k < 126) buf[k++] = c;
                adv(L);
                c = *L->p;
            }
        }
        if (!ok) break;
        if (k < 126) buf[k++] = c;
        else k = 127;
        adv(L);
    }
    if (L->p < L->end && ident0(*L->p)) return lfail(L, t->line, t->col, GL_E_PARSE, "invalid number literal");
    if (k >= 127 && isf) return lfail(L, t->line, t->col, GL_E_LIMIT, "number literal is too long");
    buf[k] = 0;
    finish(L, t);
    if (isf) {
        char *endp;
        t->kind = T_FLOAT;
        t->f = strtod(buf, &endp);
        if (*endp) return lfail(L, t->line, t->col, GL_E_PARSE, "invalid float literal");
        return GL_OK;
    }
    t->kind = T_INT;
    uint64_t v = 0;
    int base = hex ? 16 : 10;
    if (!k) return lfail(L, t->line, t->col, GL_E_PARSE, "invalid number literal");
    for (int i = 0; i < k; i++) {
        int d = digit(buf[i]) ? buf[i] - '0' : (buf[i] | 32) - 'a' + 10;
        if (k >= 127 || v > (UINT64_MAX - (uint64_t)d) / (uint64_t)base ||
            v * (uint64_t)base + (uint64_t)d > (uint64_t)INT64_MAX) {
            /* an int beyond 64 bits: the literal's text, made a big int by the evaluator (py_num_literal) */
            if (!(t->s = py_strndup(L->a, t->p, (size_t)(L->p - t->p)))) return GL_E_LIMIT;
            t->slen = (size_t)(L->p - t->p);
            t->i = 0;
            return GL_OK;
        }
        v = v * (uint64_t)base + (uint64_t)d;
    }
    t->i = (int64_t)v;
    return GL_OK;
}

gl_status py_lex(py_arena *a, const char *src, size_t len, int line0, int col0, bool fragment, const char *file,
                 py_toks *out, gl_err *e) {
    lexer L = {a, src, src + len, src, file, line0, col0, e, NULL, 0, 0};
    int indents[GL_PROGRAM_MAX_NEST + 1] = {0};
    int ni = 1, depth = 0;
    bool bol = !fragment;          /* at the beginning of a logical line */
    gl_status st;
    if (!fragment && len >= 3 && memcmp(src, "\xEF\xBB\xBF", 3) == 0) L.p += 3;   /* a UTF-8 byte order mark */
#define NEED(x) do { if (!(x)) return lfail(&L, L.line, L.col, a->nomem ? GL_E_NOMEM : GL_E_LIMIT, \
                                            "the program needs more memory than its budget"); } while (0)
    while (L.p < L.end) {
        if (bol) {
            int w = 0;
            while (L.p < L.end && (*L.p == ' ' || *L.p == '\t' || *L.p == '\f')) {
                w = *L.p == '\t' ? (w / 8 + 1) * 8 : w + 1;
                adv(&L);
            }
            if (L.p >= L.end) break;
            if (*L.p == '#' || *L.p == '\n' || *L.p == '\r') {    /* blank or comment-only line */
                while (L.p < L.end && *L.p != '\n') adv(&L);
                if (L.p < L.end) adv(&L);
                continue;
            }
            bol = false;
            if (w > indents[ni - 1]) {
                if (ni > GL_PROGRAM_MAX_NEST)
                    return lfail(&L, L.line, L.col, GL_E_LIMIT, "blocks are nested too deeply (limit 64)");
                indents[ni++] = w;
                py_tok *t;
                NEED(t = push(&L, T_INDENT));
            } else {
                while (w < indents[ni - 1]) {
                    ni--;
                    py_tok *t;
                    NEED(t = push(&L, T_DEDENT));
                }
                if (w != indents[ni - 1])
                    return lfail(&L, L.line, L.col, GL_E_PARSE, "unindent does not match any outer indentation level");
            }
        }
        char c = *L.p;
        if (c == ' ' || c == '\t' || c == '\f' || c == '\r') { adv(&L); continue; }
        if (c == '#') { while (L.p < L.end && *L.p != '\n') adv(&L); continue; }
        if (c == '\\' && L.p + 1 < L.end && (L.p[1] == '\n' || L.p[1] == '\r')) {
            adv(&L);
            while (L.p < L.end && *L.p != '\n') adv(&L);
            if (L.p < L.end) adv(&L);
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
                bool raw = false, f = false, ok = true;
                for (size_t i = 0; i < n; i++) {
                    char pc = (char)(L.p[i] | 32);
                    if (pc == 'r') raw = true;
                    else if (pc == 'f') f = true;
                    else if (pc != 'u') ok = false;
                }
                if (ok) {
                    while (L.p < q) adv(&L);
                    if ((st = lex_string(&L, t, raw, f))) return st == GL_E_LIMIT && !e->code ?
                        lfail(&L, t->line, t->col, GL_E_LIMIT, "the program needs more memory than its budget") : st;
                    continue;
                }
            }
            while (L.p < q) adv(&L);
            t->kind = T_NAME;
            NEED(t->name = py_intern(a, t->p, n));
            finish(&L, t);
            continue;
        }
        if (digit(c) || (c == '.' && L.p + 1 < L.end && digit(L.p[1]))) {
            if ((st = lex_number(&L, t))) return st;
            continue;
        }
        if (c == '\'' || c == '"') {
            if ((st = lex_string(&L, t, false, false))) return st == GL_E_LIMIT && !e->code ?
                lfail(&L, t->line, t->col, GL_E_LIMIT, "the program needs more memory than its budget") : st;
            continue;
        }
        int n = 0;
        for (int i = 0; OPS3[i] && !n; i++)
            if (L.end - L.p >= 3 && memcmp(L.p, OPS3[i], 3) == 0) n = 3;
        for (int i = 0; OPS2[i] && !n; i++)
            if (L.end - L.p >= 2 && memcmp(L.p, OPS2[i], 2) == 0) n = 2;
        if (!n && strchr(OPS1, c) && c) n = 1;
        if (!n) {
            char msg[64];
            snprintf(msg, sizeof msg, (unsigned char)c < 32 ? "invalid character (byte 0x%02x)" : "invalid character '%c'",
                     (unsigned char)c);
            return lfail(&L, L.line, L.col, GL_E_PARSE, msg);
        }
        if (c == '(' || c == '[' || c == '{') {
            if (++depth > GL_PROGRAM_MAX_NEST)
                return lfail(&L, L.line, L.col, GL_E_LIMIT, "brackets are nested too deeply (limit 64)");
        } else if ((c == ')' || c == ']' || c == '}') && depth > 0) {
            depth--;
        }
        NEED(t->name = py_intern(a, L.p, (size_t)n));
        for (int i = 0; i < n; i++) adv(&L);
        finish(&L, t);
    }
    py_tok *t;
    if (!fragment) {
        if (L.n && L.t[L.n - 1].kind != T_NEWLINE && L.t[L.n - 1].kind != T_DEDENT && L.t[L.n - 1].kind != T_INDENT)
            NEED(t = push(&L, T_NEWLINE));
        while (ni > 1) {
            ni--;
            NEED(t = push(&L, T_DEDENT));
        }
    }
    NEED(t = push(&L, T_EOF));
    out->t = L.t;
    out->n = L.n;
    return GL_OK;
#undef NEED
}
