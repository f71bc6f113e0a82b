/* py_parse.c — tokens → AST, by recursive descent (chibicc's shape: one function per grammar rule, the
 * rule written above it).
 *
 * The language is the subset of Python that programs against graph_lab use: modules of statements
 * (assignment with tuple targets, augmented assignment, if / elif / else, for and while loops, def with
 * defaults, return, import / from-import, assert, pass / break / continue) and expressions with Python's
 * precedence, lowest first: lambda, `a if c else b`, or, and, not, comparisons (chained, `is`, `in`),
 * + -, * / // % @, unary - +, **, then calls, attributes and subscripts (with slices) on atoms (names,
 * numbers, strings and f-strings, tuples, lists, dicts and their comprehensions). Every node keeps the
 * span of the source it came from: the evaluator reports errors there and stamps it on the graph nodes
 * an expression emits. Recursion is bounded by GL_PROGRAM_MAX_NEST, so hostile nesting ends in a clear
 * error rather than a stack overflow. Anything outside the subset (class, try, with, ...) is refused by
 * name. */
#include <string.h>

#include "front/py.h"
#include "front/py_str.h"

typedef struct {
    py_arena *a;
    const py_toks *tk;
    int i;
    const char *file;
    gl_err *e;
    int far;                      /* the furthest token looked at (CPython's "last token" of an error) */
    int fdepth;                   /* inside a def / lambda body: yield is allowed */
} parser;

static py_tok *peek(parser *P) {
    if (P->i > P->far) P->far = P->i;
    return &P->tk->t[P->i];
}
static py_tok *peek2(parser *P) {
    int k = P->i + 1 < P->tk->n ? P->i + 1 : P->i;
    if (k > P->far) P->far = k;
    return &P->tk->t[k];
}
static py_tok *next(parser *P) {
    py_tok *t = &P->tk->t[P->i];
    if (t->kind != T_EOF) P->i++;
    return t;
}

static const char *KEYWORDS[] = {"False", "None", "True", "and", "as", "assert", "async", "await", "break",
                                 "class", "continue", "def", "del", "elif", "else", "except", "finally", "for",
                                 "from", "global", "if", "import", "in", "is", "lambda", "nonlocal", "not", "or",
                                 "pass", "raise", "return", "try", "while", "with", "yield", NULL};

static bool is_keyword(const char *s) {
    for (int i = 0; KEYWORDS[i]; i++)
        if (strcmp(s, KEYWORDS[i]) == 0) return true;
    return false;
}

static bool is_kw(py_tok *t, const char *k) { return t->kind == T_NAME && strcmp(t->name, k) == 0; }
static bool is_op(py_tok *t, const char *o) { return t->kind == T_OP && strcmp(t->name, o) == 0; }

/* Every error of the parser: "file:line:col: Exc: message". A SyntaxError found after the line of a bracket
 * the source leaves open is reported, as CPython does (its full-source tokenizer pass after a parser
 * error), as that bracket's "'(' was never closed". */
static void *pfail(parser *P, int line, int col, gl_status code, const char *exc, const char *msg) {
    if (P->e->code) return NULL;
    const py_toks *T = P->tk;
    if (code == GL_E_PARSE && T->unclosed) {
        const py_tok *f = &T->t[P->far < T->n ? P->far : T->n - 1];
        bool after = f->line > T->unclosed_line ||
                     ((f->kind == T_NEWLINE || f->kind == T_EOF || f->kind == T_DEDENT) &&
                      (f->line > T->unclosed_line || (f->line == T->unclosed_line && f->col > T->unclosed_col)));
        if (after) {
            gl_fail(P->e, GL_E_PARSE, "%s:%d:%d: SyntaxError: '%c' was never closed", P->file, T->unclosed_line,
                    T->unclosed_col, T->unclosed);
            return NULL;
        }
    }
    if (code == GL_E_PARSE) gl_fail(P->e, code, "%s:%d:%d: %s: %s", P->file, line, col, exc ? exc : "SyntaxError", msg);
    else gl_fail(P->e, code, "%s:%d:%d: %s", P->file, line, col, msg);
    return NULL;
}

static void *perr(parser *P, py_tok *t, gl_status code, const char *fmt, const char *arg) {
    char msg[200];
    snprintf(msg, sizeof msg, fmt, arg);
    return pfail(P, t->line, t->col, code, NULL, msg);
}

/* A SyntaxError at a node (targets, starred expressions). */
static void *nerr(parser *P, const py_node *n, const char *fmt, const char *arg) {
    char msg[200];
    snprintf(msg, sizeof msg, fmt, arg);
    return pfail(P, n->line, n->col, GL_E_PARSE, NULL, msg);
}

/* Where CPython puts an error found at the end of the source: the end of its last line. */
static py_tok *eof_pos(parser *P, py_tok *t) {
    if (t->kind != T_EOF && t->kind != T_DEDENT) return t;
    for (int k = (int)(t - P->tk->t); k < P->tk->n; k++)   /* only DEDENTs and the EOF left? */
        if (P->tk->t[k].kind != T_DEDENT && P->tk->t[k].kind != T_EOF) return t;
    for (int k = (int)(t - P->tk->t) - 1; k >= 0; k--)
        if (P->tk->t[k].kind != T_DEDENT && P->tk->t[k].kind != T_EOF) return &P->tk->t[k];
    return t;
}

static void *syntax(parser *P, py_tok *t) {
    if (t->kind == T_INDENT) return pfail(P, t->line, t->col - 1, GL_E_PARSE, "IndentationError", "unexpected indent");
    t = eof_pos(P, t);
    return pfail(P, t->line, t->col, GL_E_PARSE, NULL, "invalid syntax");
}

static void *oom(parser *P) {
    py_tok *t = peek(P);
    return perr(P, t, P->a->nomem ? GL_E_NOMEM : GL_E_LIMIT, "the program needs more memory than its budget%s", "");
}

static py_node *mk(parser *P, py_kind k, py_tok *t) {
    py_node *n = py_alloc(P->a, sizeof *n);
    if (!n) return oom(P);
    n->kind = k;
    n->line = t->line;
    n->col = t->col;
    n->end_line = t->end_line;
    n->end_col = t->end_col;
    n->sp = t->p;
    n->ep = t->p + t->len;
    return n;
}

static void span_to(py_node *n, const py_node *last) {
    n->end_line = last->end_line;
    n->end_col = last->end_col;
    n->ep = last->ep;
}

static void span_tok(py_node *n, const py_tok *t) {
    n->end_line = t->end_line;
    n->end_col = t->end_col;
    n->ep = t->p + t->len;
}

static bool expect(parser *P, const char *op) {
    if (!is_op(peek(P), op)) {
        syntax(P, peek(P));
        return false;
    }
    next(P);
    return true;
}

/* CPython's forced token (&&'x' in its grammar): "expected 'x'" wherever it is missing. */
static bool expect_forced(parser *P, const char *op) {
    if (!is_op(peek(P), op)) {
        perr(P, eof_pos(P, peek(P)), GL_E_PARSE, "expected '%s'", op);
        return false;
    }
    next(P);
    return true;
}

/* A growable node list in the arena. */
typedef struct {
    py_node **v;
    int n, cap;
} vec;

static bool vpush(parser *P, vec *v, py_node *x) {
    if (v->n == v->cap) {
        int cap = v->cap ? v->cap * 2 : 4;
        py_node **t = py_alloc(P->a, sizeof *t * (size_t)cap);
        if (!t) return oom(P), false;
        if (v->n) memcpy(t, v->v, sizeof *t * (size_t)v->n);
        v->v = t;
        v->cap = cap;
    }
    v->v[v->n++] = x;
    return true;
}

/* Every recursive rule enters the arena's one depth counter (py_guard.c), shared with f-strings parsed
 * inside f-strings and with the evaluator; cost is the rule's C frames per level, roughly. */
static bool enter(parser *P, int cost) {
    if (!py_depth_enter(P->a, cost)) {
        perr(P, peek(P), GL_E_LIMIT, "RecursionError: maximum recursion depth exceeded during compilation "
             "(the expression nests too deeply%s)", "");
        return false;
    }
    return true;
}

static void leave(parser *P, int cost) { py_depth_leave(P->a, cost); }

static py_node *expr(parser *P);
static py_node *or_test(parser *P);
static py_node *factor(parser *P);
static py_node **block(parser *P, int *n);

static bool at_expr_end(py_tok *t) {
    return t->kind == T_NEWLINE || t->kind == T_EOF || t->kind == T_DEDENT ||
           (t->kind == T_OP && (strchr(")]}=:;", t->name[0]) || strcmp(t->name, "+=") == 0 || t->name[1] == '='));
}

static py_node *arith(parser *P);

/* Can t start an expression? (two expressions side by side: CPython's "Perhaps you forgot a comma?") */
static bool starts_atom(py_tok *t) {
    if (t->kind == T_INT || t->kind == T_FLOAT || t->kind == T_STR) return true;
    if (t->kind != T_NAME) return false;
    return !is_keyword(t->name) || is_kw(t, "None") || is_kw(t, "True") || is_kw(t, "False") || is_kw(t, "lambda");
}

/* Inside brackets, an item followed by the start of another: CPython's message at the first item. */
static void *forgot_comma(parser *P, const py_node *x) {
    if (x->kind == E_NAME && (strcmp(x->name, "print") == 0 || strcmp(x->name, "exec") == 0)) {
        char msg[120];
        snprintf(msg, sizeof msg, "Missing parentheses in call to '%s'. Did you mean %s(...)?", x->name, x->name);
        return pfail(P, x->line, x->col, GL_E_PARSE, NULL, msg);
    }
    return nerr(P, x, "invalid syntax. Perhaps you forgot a comma?%s", "");
}

/* star_expr: '*' arith | expr      (an item of a tuple / list display or of an assignment's sides) */
static py_node *star_expr(parser *P) {
    py_tok *t = peek(P);
    if (!is_op(t, "*")) return expr(P);
    if (!enter(P, PY_DEPTH_LEVEL)) return NULL;
    next(P);
    py_node *n = mk(P, E_STAR, t);
    if (!n || !(n->a = arith(P))) return NULL;
    span_to(n, n->a);
    leave(P, PY_DEPTH_LEVEL);
    return n;
}

/* named_expr: NAME ':=' expr | expr */
static py_node *named_expr(parser *P) {
    py_tok *t = peek(P);
    if (t->kind == T_NAME && is_op(peek2(P), ":=") && !is_keyword(t->name)) {
        if (!enter(P, PY_DEPTH_LEVEL)) return NULL;
        next(P);
        next(P);
        py_node *n = mk(P, E_WALRUS, t);
        if (!n) return NULL;
        n->name = t->name;
        if (!(n->a = expr(P))) return NULL;
        span_to(n, n->a);
        leave(P, PY_DEPTH_LEVEL);
        return n;
    }
    return expr(P);
}

/* star_named_expr: '*' arith | named_expr */
static py_node *star_named_expr(parser *P) {
    return is_op(peek(P), "*") ? star_expr(P) : named_expr(P);
}

/* exprlist: star_expr (',' star_expr)* [',']     — a bare tuple when there is a comma */
static py_node *exprlist(parser *P) {
    py_tok *t0 = peek(P);
    py_node *x = star_expr(P);
    if (!x) return NULL;
    if (!is_op(peek(P), ",")) return x;
    vec v = {0};
    if (!vpush(P, &v, x)) return NULL;
    while (is_op(peek(P), ",")) {
        py_tok *c = next(P);
        if (at_expr_end(peek(P)) || is_kw(peek(P), "in")) {
            (void)c;
            break;
        }
        py_node *y = star_expr(P);
        if (!y || !vpush(P, &v, y)) return NULL;
    }
    py_node *tu = mk(P, E_TUPLE, t0);
    if (!tu) return NULL;
    tu->list = v.v;
    tu->n = v.n;
    span_to(tu, v.v[v.n - 1]);
    return tu;
}

/* target: '*' arith | arith */
static py_node *target(parser *P) {
    py_tok *t = peek(P);
    if (!is_op(t, "*")) return arith(P);
    next(P);
    py_node *n = mk(P, E_STAR, t);
    if (!n || !(n->a = arith(P))) return NULL;
    span_to(n, n->a);
    return n;
}

/* yield_expr: 'yield' ['from' expr | exprlist]     (an expression statement, an assignment's right-hand
 * side or parenthesized; py_gen.c runs it) */
static py_node *yield_expr(parser *P) {
    py_tok *t = next(P);
    py_node *n;
    if (!P->fdepth) return perr(P, t, GL_E_PARSE, "'yield' outside function%s", "");
    if (is_kw(peek(P), "from")) {
        next(P);
        if (!(n = mk(P, E_YIELDFROM, t)) || !(n->a = expr(P))) return NULL;
        span_to(n, n->a);
        return n;
    }
    if (!(n = mk(P, E_YIELD, t))) return NULL;
    if (!at_expr_end(peek(P))) {
        if (!(n->a = exprlist(P))) return NULL;
        span_to(n, n->a);
    }
    return n;
}

static py_node *exprlist_or_yield(parser *P) { return is_kw(peek(P), "yield") ? yield_expr(P) : exprlist(P); }

/* target_list: target (',' target)* [',']   (below comparisons, so a for-loop target stops at 'in') */
static py_node *target_list(parser *P) {
    py_tok *t0 = peek(P);
    py_node *x = target(P);
    if (!x) return NULL;
    if (!is_op(peek(P), ",")) return x;
    vec v = {0};
    if (!vpush(P, &v, x)) return NULL;
    while (is_op(peek(P), ",")) {
        next(P);
        if (is_kw(peek(P), "in")) break;
        py_node *y = target(P);
        if (!y || !vpush(P, &v, y)) return NULL;
    }
    py_node *tu = mk(P, E_TUPLE, t0);
    if (!tu) return NULL;
    tu->list = v.v;
    tu->n = v.n;
    span_to(tu, v.v[v.n - 1]);
    return tu;
}

/* comp_clauses: ('for' target_list 'in' or_test ('if' or_test)*)+ */
static bool comp_clauses(parser *P, vec *cl) {
    while (is_kw(peek(P), "for")) {
        py_tok *t = next(P);
        py_node *c = mk(P, E_COMPFOR, t);
        if (!c || !(c->a = target_list(P))) return false;
        if (!is_kw(peek(P), "in")) return syntax(P, peek(P)), false;
        next(P);
        if (!(c->b = or_test(P)) || !vpush(P, cl, c)) return false;
        while (is_kw(peek(P), "if")) {
            py_tok *ti = next(P);
            py_node *f = mk(P, E_COMPIF, ti);
            if (!f || !(f->a = or_test(P)) || !vpush(P, cl, f)) return false;
        }
    }
    return true;
}

/* A yield in a comprehension's element, conditions or inner iterables (not in its nested scopes): CPython's
 * SyntaxError names the comprehension. */
static py_node *find_yield(py_node *n, int depth) {
    if (!n || depth > 4 * GL_PROGRAM_MAX_NEST) return NULL;
    if (n->kind == E_YIELD || n->kind == E_YIELDFROM) return n;
    if (n->kind == E_LAMBDA || n->kind == E_LISTCOMP || n->kind == E_DICTCOMP || n->kind == E_GENEXP) return NULL;
    py_node *y;
    if ((y = find_yield(n->a, depth + 1)) || (y = find_yield(n->b, depth + 1)) || (y = find_yield(n->c, depth + 1))) return y;
    for (int i = 0; n->list && i < n->n; i++)
        if ((y = find_yield(n->list[i], depth + 1))) return y;
    for (int i = 0; n->list2 && i < n->n2; i++)
        if ((y = find_yield(n->list2[i], depth + 1))) return y;
    return NULL;
}

static bool comp_no_yield(parser *P, py_node *n, const char *what) {
    py_node *y = find_yield(n->a, 0);
    if (!y) y = find_yield(n->b, 0);
    for (int i = 0; !y && i < n->n; i++) {
        py_node *c = n->list[i];
        y = find_yield(c->kind == E_COMPFOR ? (i ? c->b : NULL) : c->a, 0);
        if (!y && c->kind == E_COMPFOR) y = find_yield(c->a, 0);
    }
    if (!y) return true;
    gl_fail(P->e, GL_E_PARSE, "%s:%d:%d: SyntaxError: 'yield' inside %s", P->file, y->line, y->col, what);
    return false;
}

/* fstring: literal text with {expr[=][!conv][:spec]} holes; {{ and }} are braces, \N{...} an escape. A hole
 * is an E_STAR node: a the expression, op the conversion (0, 's', 'r', 'a'), b the format spec (an E_FSTR of
 * its own literal text and nested holes, or NULL). {x=} puts the expression's text before its value, as
 * CPython 3.11 does (f-strings are one token there, split by the compiler as here). */
static bool flit(parser *P, py_tok *t, vec *parts, const char *lit, size_t ln, bool raw) {
    if (!ln) return true;
    py_node *ls = mk(P, E_STR, t);
    if (!ls) return false;
    char *d = py_alloc(P->a, ln + 1), msg[200];
    if (!d) return oom(P), false;
    if (raw) {
        memcpy(d, lit, ln);
        ls->slen = ln;
    } else if (!py_str_unescape(d, lit, ln, &ls->slen, msg, sizeof msg)) {
        int k = P->i;                          /* CPython: at the token after the literals */
        while (P->tk->t[k].kind == T_STR) k++;
        gl_fail(P->e, GL_E_PARSE, "%s:%d:%d: SyntaxError: %s", P->file, P->tk->t[k].line, P->tk->t[k].col, msg);
        return false;
    }
    ls->s = d;
    return vpush(P, parts, ls);
}

/* The line and column of byte off of t's body. */
static void fpos(py_tok *t, size_t off, int *line, int *col) {
    int l = t->sline, c = t->scol;
    for (size_t k = 0; k < off; k++) {
        if (t->s[k] == '\n') l++, c = 1;
        else if (((unsigned char)t->s[k] & 0xC0) != 0x80) c++;
    }
    *line = l;
    *col = c;
}

/* CPython 3.11 raises an f-string's errors when the parser holds the literals and the token after them. */
static void *ferr(parser *P, py_tok *t, const char *msg) {
    int k = P->i;
    while (P->tk->t[k].kind == T_STR) k++;
    (void)t;
    gl_fail(P->e, GL_E_PARSE, "%s:%d:%d: SyntaxError: f-string%s%s", P->file, P->tk->t[k].line, P->tk->t[k].col,
            strncmp(msg, "expression part", 15) == 0 ? " " : ": ", msg);
    return NULL;
}

/* Parses t->s[*pi..n) into parts until a '}' closing a spec (depth > 0) or the end. */
static bool fparse(parser *P, py_tok *t, size_t *pi, int depth, vec *parts) {
    const char *s = t->s;
    size_t n = t->slen, i = *pi;
    bool raw = t->i != 0;
    char *lit = py_alloc(P->a, n + 1);
    if (!lit) return oom(P), false;
    size_t ln = 0;
    while (i < n) {
        char c = s[i];
        if (depth > 0 && c == '}') break;                     /* the end of a format spec */
        if ((c == '{' || c == '}') && depth == 0 && i + 1 < n && s[i + 1] == c) {
            lit[ln++] = c;
            i += 2;
            continue;
        }
        if (c == '}') return ferr(P, t, "single '}' is not allowed"), false;
        if (c != '{') {
            if (c == '\\' && !raw && i + 2 < n && s[i + 1] == 'N' && s[i + 2] == '{') {   /* \N{NAME} */
                size_t j = i + 3;
                while (j < n && s[j] != '}') j++;
                if (j < n) j++;
                memcpy(lit + ln, s + i, j - i);
                ln += j - i;
                i = j;
                continue;
            }
            if (c == '\\' && !raw && i + 1 < n) lit[ln++] = s[i++];
            lit[ln++] = s[i++];
            continue;
        }
        if (!flit(P, t, parts, lit, ln, raw)) return false;
        ln = 0;
        if (depth >= 2) return ferr(P, t, "expressions nested too deeply"), false;
        size_t e0 = ++i, j = i;
        int nest = 0;
        char q = 0;
        for (; j < n; j++) {                                   /* CPython's fstring_find_expr */
            char d = s[j];
            if (d == '\\') return ferr(P, t, "expression part cannot include a backslash"), false;
            if (q) {
                if (d == q) q = 0;
                continue;
            }
            if (d == '\'' || d == '"') { q = d; continue; }
            if (d == '(' || d == '[' || d == '{') { nest++; continue; }
            if ((d == ')' || d == ']' || d == '}') && nest > 0) { nest--; continue; }
            if (d == '#') return ferr(P, t, "expression part cannot include '#'"), false;
            if (nest == 0 && (d == '!' || d == ':' || d == '}' || d == '=' || d == '<' || d == '>')) {
                if (j + 1 < n && s[j + 1] == '=' && d != ':' && d != '}') { j++; continue; }   /* != == <= >= */
                if (d == '<' || d == '>') continue;
                break;
            }
        }
        if (q) return ferr(P, t, "unterminated string"), false;
        if (j >= n) return ferr(P, t, "expecting '}'"), false;
        size_t e1 = j;
        bool blank = true;
        for (size_t k = e0; k < e1; k++) blank &= s[k] == ' ' || s[k] == '\t' || s[k] == '\n' || s[k] == '\r';
        if (blank) return ferr(P, t, "empty expression not allowed"), false;
        int line, col;
        fpos(t, e0, &line, &col);
        py_toks ft;
        py_node *x;
        if (py_lex(P->a, s + e0, e1 - e0, line, col, true, P->file, &ft, P->e) ||
            py_parse_expr(P->a, &ft, P->file, &x, P->e))
            return false;
        int conv = 0;
        bool debug = false, given = false;
        if (s[j] == '=') {                                     /* {x=}: the text, then the value */
            j++;
            while (j < n && (s[j] == ' ' || s[j] == '\t' || s[j] == '\n' || s[j] == '\r' || s[j] == '\f')) j++;
            py_node *ls = mk(P, E_STR, t);
            if (!ls) return false;
            ls->s = s + e0;
            ls->slen = j - e0;
            if (!vpush(P, parts, ls)) return false;
            debug = true;
            if (j >= n) return ferr(P, t, "expecting '}'"), false;
        }
        if (s[j] == '!') {
            if (j + 1 >= n) return ferr(P, t, "expecting '}'"), false;
            char cv = s[j + 1];
            if (cv != 's' && cv != 'r' && cv != 'a')
                return ferr(P, t, "invalid conversion character: expected 's', 'r', or 'a'"), false;
            conv = cv;
            given = true;
            j += 2;
            if (j >= n || (s[j] != ':' && s[j] != '}')) return ferr(P, t, "expecting '}'"), false;
        }
        py_node *wrap = mk(P, E_STAR, t);
        if (!wrap) return false;
        wrap->a = x;
        if (s[j] == ':') {
            vec sp = {0};
            size_t k = j + 1;
            if (!fparse(P, t, &k, depth + 1, &sp)) return false;
            if (k >= n || s[k] != '}') return ferr(P, t, "expecting '}'"), false;
            py_node *spec = mk(P, E_FSTR, t);
            if (!spec) return false;
            spec->list = sp.v;
            spec->n = sp.n;
            wrap->b = spec;
            j = k;
        }
        if (s[j] != '}') return ferr(P, t, "expecting '}'"), false;
        if (debug && !given && !wrap->b) conv = 'r';             /* {x=} is repr; {x=:spec} formats */
        wrap->op = conv;
        if (!vpush(P, parts, wrap)) return false;
        i = j + 1;
    }
    if (!flit(P, t, parts, lit, ln, raw)) return false;
    *pi = i;
    return true;
}

static py_node *fstring(parser *P, py_tok *t, vec *parts) {
    size_t i = 0;
    if (!fparse(P, t, &i, 0, parts)) return NULL;
    return (py_node *)t;           /* non-NULL: success */
}

/* strings: STRING+   (adjacent literals concatenate; any f-string makes the whole an E_FSTR) */
static py_node *strings(parser *P) {
    py_tok *t0 = peek(P), *last = t0;
    bool anyf = false;
    for (int k = P->i; P->tk->t[k].kind == T_STR; k++) anyf |= P->tk->t[k].fstr;
    if (!anyf) {
        size_t total = 0;
        int k = P->i;
        for (; P->tk->t[k].kind == T_STR; k++) total += P->tk->t[k].slen;
        char *d = py_alloc(P->a, total + 1);
        if (!d) return oom(P);
        size_t o = 0;
        while (peek(P)->kind == T_STR) {
            last = next(P);
            memcpy(d + o, last->s, last->slen);
            o += last->slen;
        }
        py_node *n = mk(P, E_STR, t0);
        if (!n) return NULL;
        n->s = d;
        n->slen = total;
        span_tok(n, last);
        return n;
    }
    vec parts = {0};
    while (peek(P)->kind == T_STR) {
        last = next(P);
        if (last->fstr) {
            if (!fstring(P, last, &parts)) return NULL;
        } else {
            py_node *ls = mk(P, E_STR, last);
            if (!ls) return NULL;
            ls->s = last->s;
            ls->slen = last->slen;
            if (!vpush(P, &parts, ls)) return NULL;
        }
    }
    py_node *n = mk(P, E_FSTR, t0);
    if (!n) return NULL;
    n->list = parts.v;
    n->n = parts.n;
    span_tok(n, last);
    return n;
}

/* dict_item: '**' arith | expr ':' expr     (key E_DSTAR: merge the mapping; *val stays NULL) */
static py_node *dict_item(parser *P, py_node **val) {
    py_tok *t = peek(P);
    if (is_op(t, "**")) {
        next(P);
        py_node *n = mk(P, E_DSTAR, t);
        if (!n || !(n->a = arith(P))) return NULL;
        span_to(n, n->a);
        *val = NULL;
        return n;
    }
    py_node *x = expr(P);
    if (!x || !expect(P, ":") || !(*val = expr(P))) return NULL;
    return x;
}

/* atom: NAME | NUMBER | strings | None | True | False
 *     | '(' [exprlist | expr comp_clauses] ')'
 *     | '[' [expr (',' expr)* [','] | expr comp_clauses] ']'
 *     | '{' [expr ':' expr (',' expr ':' expr)* [','] | expr ':' expr comp_clauses] '}' */
static py_node *bit_expr(parser *P, int level);
static py_node *set_display(parser *P, py_node *n, py_node *x);

/* set_item: '*' or_expr | expr */
static py_node *set_item(parser *P) {
    py_tok *t = peek(P);
    if (!is_op(t, "*")) return expr(P);
    next(P);
    py_node *n = mk(P, E_STAR, t);
    if (!n || !(n->a = bit_expr(P, 0))) return NULL;
    span_to(n, n->a);
    return n;
}

static py_node *atom(parser *P) {
    py_tok *t = peek(P);
    py_node *n;
    switch (t->kind) {
    case T_INT:
        next(P);
        if (!(n = mk(P, E_INT, t))) return NULL;
        n->i = t->i;
        n->s = t->s;              /* beyond 64 bits: the literal's text (py_num_literal) */
        n->slen = t->slen;
        return n;
    case T_FLOAT:
        next(P);
        if (!(n = mk(P, E_FLOAT, t))) return NULL;
        n->f = t->f;
        return n;
    case T_STR:
        return strings(P);
    case T_NAME:
        if (is_kw(t, "None") || is_kw(t, "True") || is_kw(t, "False")) {
            next(P);
            return mk(P, is_kw(t, "None") ? E_NONE : is_kw(t, "True") ? E_TRUE : E_FALSE, t);
        }
        if (is_keyword(t->name)) return syntax(P, t);
        next(P);
        if (!(n = mk(P, E_NAME, t))) return NULL;
        n->name = t->name;
        return n;
    case T_OP:
        break;
    default:
        return syntax(P, t);
    }
    if (is_op(t, "...")) {
        next(P);
        return mk(P, E_ELLIPSIS, t);
    }
    if (is_op(t, "(")) {
        next(P);
        if (is_op(peek(P), ")")) {
            py_tok *c = next(P);
            if (!(n = mk(P, E_TUPLE, t))) return NULL;
            span_tok(n, c);
            return n;
        }
        if (is_kw(peek(P), "yield")) {         /* (yield x) */
            py_node *y = yield_expr(P);
            return y && expect(P, ")") ? y : NULL;
        }
        py_node *x = star_named_expr(P);
        if (!x) return NULL;
        if (is_kw(peek(P), "for")) {          /* a generator expression: lazy (py_gen.c) */
            if (!(n = mk(P, E_GENEXP, t))) return NULL;
            n->a = x;
            vec cl = {0};
            if (!comp_clauses(P, &cl)) return NULL;
            n->list = cl.v;
            n->n = cl.n;
            if (!comp_no_yield(P, n, "generator expression")) return NULL;
            span_tok(n, peek(P));
            return expect(P, ")") ? n : NULL;
        }
        if (starts_atom(peek(P))) return forgot_comma(P, x);
        if (is_op(peek(P), ",")) {
            vec v = {0};
            if (!vpush(P, &v, x)) return NULL;
            while (is_op(peek(P), ",")) {
                next(P);
                if (is_op(peek(P), ")")) break;
                py_node *y = star_named_expr(P);
                if (!y || !vpush(P, &v, y)) return NULL;
                if (starts_atom(peek(P))) return forgot_comma(P, y);
            }
            if (!(n = mk(P, E_TUPLE, t))) return NULL;
            n->list = v.v;
            n->n = v.n;
            x = n;
        }
        py_tok *c = peek(P);
        if (x->kind == E_STAR) return nerr(P, x, "cannot use starred expression here%s", "");
        if (!expect(P, ")")) return NULL;
        if (x->kind == E_TUPLE) span_tok(x, c);
        return x;
    }
    if (is_op(t, "[")) {
        next(P);
        if (!(n = mk(P, E_LIST, t))) return NULL;
        vec v = {0};
        if (!is_op(peek(P), "]")) {
            py_node *x = star_named_expr(P);
            if (!x) return NULL;
            if (is_kw(peek(P), "for")) {
                n->kind = E_LISTCOMP;
                n->a = x;
                vec cl = {0};
                if (!comp_clauses(P, &cl)) return NULL;
                n->list = cl.v;
                n->n = cl.n;
                if (!comp_no_yield(P, n, "list comprehension")) return NULL;
                span_tok(n, peek(P));
                return expect(P, "]") ? n : NULL;
            }
            if (!vpush(P, &v, x)) return NULL;
            if (starts_atom(peek(P))) return forgot_comma(P, x);
            while (is_op(peek(P), ",")) {
                next(P);
                if (is_op(peek(P), "]")) break;
                py_node *y = star_named_expr(P);
                if (!y || !vpush(P, &v, y)) return NULL;
                if (starts_atom(peek(P))) return forgot_comma(P, y);
            }
        }
        n->list = v.v;
        n->n = v.n;
        span_tok(n, peek(P));
        return expect(P, "]") ? n : NULL;
    }
    if (is_op(t, "{")) {
        next(P);
        if (!(n = mk(P, E_DICT, t))) return NULL;
        vec k = {0}, v = {0};
        if (!is_op(peek(P), "}")) {
            py_node *x, *y = NULL;
            if (is_op(peek(P), "**")) {
                if (!(x = dict_item(P, &y))) return NULL;
            } else {                   /* a set display unless the first item is followed by ':' */
                if (!(x = set_item(P))) return NULL;
                if (x->kind == E_STAR || !is_op(peek(P), ":")) return set_display(P, n, x);
                if (!expect(P, ":") || !(y = expr(P))) return NULL;
            }
            if (x->kind != E_DSTAR && is_kw(peek(P), "for")) {
                n->kind = E_DICTCOMP;
                n->a = x;
                n->b = y;
                vec cl = {0};
                if (!comp_clauses(P, &cl)) return NULL;
                n->list = cl.v;
                n->n = cl.n;
                if (!comp_no_yield(P, n, "dict comprehension")) return NULL;
                span_tok(n, peek(P));
                return expect(P, "}") ? n : NULL;
            }
            if (!vpush(P, &k, x) || !vpush(P, &v, y)) return NULL;
            while (is_op(peek(P), ",")) {
                next(P);
                if (is_op(peek(P), "}")) break;
                if (!(x = dict_item(P, &y))) return NULL;
                if (!vpush(P, &k, x) || !vpush(P, &v, y)) return NULL;
            }
        }
        n->list = k.v;
        n->n = k.n;
        n->list2 = v.v;
        n->n2 = v.n;
        span_tok(n, peek(P));
        return expect(P, "}") ? n : NULL;
    }
    return syntax(P, t);
}

/* set display: '{' set_item (',' set_item)* [','] '}' | '{' expr comp_clauses '}'  (n: the '{' node, x: the first item) */
static py_node *set_display(parser *P, py_node *n, py_node *x) {
    if (x->kind != E_STAR && is_kw(peek(P), "for")) {
        n->kind = E_SETCOMP;
        n->a = x;
        vec cl = {0};
        if (!comp_clauses(P, &cl)) return NULL;
        n->list = cl.v;
        n->n = cl.n;
        span_tok(n, peek(P));
        if (!comp_no_yield(P, n, "set comprehension")) return NULL;
        return expect(P, "}") ? n : NULL;
    }
    n->kind = E_SET;
    vec v = {0};
    if (!vpush(P, &v, x)) return NULL;
    while (is_op(peek(P), ",")) {
        next(P);
        if (is_op(peek(P), "}")) break;
        py_node *y = set_item(P);
        if (!y || !vpush(P, &v, y)) return NULL;
    }
    n->list = v.v;
    n->n = v.n;
    span_tok(n, peek(P));
    return expect(P, "}") ? n : NULL;
}

/* arguments: [arg (',' arg)* [',']]    arg: expr | NAME '=' expr | '*' expr | '**' expr
 * A bare generator expression f(x for x in xs) must be the only argument. */
static bool arguments(parser *P, vec *args) {
    bool kw = false, late = false;      /* late: a positional argument after a keyword one */
    bool comma = false;
    py_node *bare = NULL;
    while (!is_op(peek(P), ")")) {
        py_tok *t = peek(P);
        py_node *a;
        if (is_op(t, "*") || is_op(t, "**")) {
            next(P);
            if (!(a = mk(P, is_op(t, "*") ? E_STAR : E_DSTAR, t)) || !(a->a = expr(P))) return false;
            span_to(a, a->a);
        } else if (t->kind == T_NAME && is_op(peek2(P), "=") && !is_keyword(t->name)) {
            next(P);
            next(P);
            for (int i = 0; i < args->n; i++)
                if (args->v[i]->kind == E_KW && args->v[i]->name == t->name)
                    return perr(P, t, GL_E_PARSE, "keyword argument repeated: %s", t->name), false;
            if (!(a = mk(P, E_KW, t)) || !(a->a = expr(P))) return false;
            a->name = t->name;
            span_to(a, a->a);
            kw = true;
        } else {
            if (kw) late = true;        /* CPython reports it where the arguments end */
            if (!(a = named_expr(P))) return false;
            if (is_kw(peek(P), "for")) {          /* f(x for x in xs): a lazy generator expression */
                py_node *lc = mk(P, E_GENEXP, t);
                if (!lc) return false;
                lc->a = a;
                vec cl = {0};
                if (!comp_clauses(P, &cl)) return false;
                lc->list = cl.v;
                lc->n = cl.n;
                span_to(lc, cl.v[cl.n - 1]);
                if (!comp_no_yield(P, lc, "generator expression")) return false;
                a = lc;
                if (!bare) bare = lc;
            }
        }
        if (!vpush(P, args, a)) return false;
        if (starts_atom(peek(P))) return forgot_comma(P, a->kind == E_KW || a->kind == E_STAR || a->kind == E_DSTAR ? a->a : a), false;
        if (!is_op(peek(P), ",")) break;
        next(P);
        comma = true;
    }
    if (bare && (args->n > 1 || comma)) return nerr(P, bare, "Generator expression must be parenthesized%s", ""), false;
    if (late) return perr(P, peek(P), GL_E_PARSE, "positional argument follows keyword argument%s", ""), false;
    return true;
}

/* slice: [expr] ':' [expr] [':' [expr]] | star_expr */
static py_node *slice_item(parser *P) {
    py_tok *t = peek(P);
    py_node *lo = NULL;
    if (!is_op(t, ":")) {
        lo = star_expr(P);
        if (!lo || !is_op(peek(P), ":")) return lo;
    }
    py_node *s = mk(P, E_SLICE, t);
    if (!s) return NULL;
    s->a = lo;
    next(P);
    if (!is_op(peek(P), "]") && !is_op(peek(P), ":") && !is_op(peek(P), ",") && !(s->b = expr(P))) return NULL;
    if (is_op(peek(P), ":")) {
        next(P);
        if (!is_op(peek(P), "]") && !is_op(peek(P), ",") && !(s->c = expr(P))) return NULL;
    }
    span_tok(s, peek(P));
    return s;
}

/* subscript (CPython's `slices`): slice | slice (',' slice)* [','] — a tuple whose items may be slices
 * (x[:, None], numpy's indexing; only the pass runtime's ndarray takes one, py_ndarray.c) */
static py_node *subscript(parser *P) {
    py_tok *t0 = peek(P);
    py_node *x = slice_item(P);
    if (!x || !is_op(peek(P), ",")) return x;
    vec v = {0};
    if (!vpush(P, &v, x)) return NULL;
    while (is_op(peek(P), ",")) {
        next(P);
        if (is_op(peek(P), "]")) break;
        py_node *y = slice_item(P);
        if (!y || !vpush(P, &v, y)) return NULL;
    }
    py_node *tu = mk(P, E_TUPLE, t0);
    if (!tu) return NULL;
    tu->list = v.v;
    tu->n = v.n;
    span_to(tu, v.v[v.n - 1]);
    return tu;
}

/* primary: atom trailer*     trailer: '(' arguments ')' | '[' subscript ']' | '.' NAME */
static py_node *primary(parser *P) {
    py_tok *t0 = peek(P);
    py_node *x = atom(P);
    int steps = 0;
    while (x) {
        py_tok *t = peek(P);
        py_node *n;
        if (++steps > 10000) return perr(P, t, GL_E_LIMIT, "too many calls / subscripts chained on one value%s", "");
        if (is_op(t, "(")) {
            next(P);
            vec args = {0};
            if (!(n = mk(P, E_CALL, t0)) || !arguments(P, &args)) return NULL;
            n->a = x;
            n->list = args.v;
            n->n = args.n;
            span_tok(n, peek(P));
            if (!expect(P, ")")) return NULL;
        } else if (is_op(t, "[")) {
            next(P);
            if (!(n = mk(P, E_INDEX, t0))) return NULL;
            n->a = x;
            if (!(n->b = subscript(P))) return NULL;
            span_tok(n, peek(P));
            if (!expect(P, "]")) return NULL;
        } else if (is_op(t, ".")) {
            next(P);
            py_tok *nm = peek(P);
            if (nm->kind != T_NAME || is_keyword(nm->name)) return syntax(P, nm);
            next(P);
            if (!(n = mk(P, E_ATTR, t0))) return NULL;
            n->a = x;
            n->name = nm->name;
            span_tok(n, nm);
        } else {
            break;
        }
        x = n;
    }
    return x;
}

/* power: primary ['**' factor] */
static py_node *power(parser *P) {
    py_tok *t0 = peek(P);
    py_node *x = primary(P);
    if (!x || !is_op(peek(P), "**")) return x;
    next(P);
    py_node *n = mk(P, E_BINOP, t0);
    if (!n) return NULL;
    n->op = OP_POW;
    n->a = x;
    if (!enter(P, 2 * PY_DEPTH_LEVEL)) return NULL;           /* 1 ** 1 ** ...: right-associative, so it recurses */
    if (!(n->b = factor(P))) return NULL;
    leave(P, 2 * PY_DEPTH_LEVEL);
    span_to(n, n->b);
    return n;
}

/* factor: ('-' | '+' | '~') factor | power */
static py_node *factor(parser *P) {
    py_tok *t = peek(P);
    if (!is_op(t, "-") && !is_op(t, "+") && !is_op(t, "~")) return power(P);
    if (!enter(P, PY_DEPTH_LEVEL)) return NULL;
    next(P);
    py_node *n = mk(P, E_UNARY, t);
    if (!n) return NULL;
    n->op = is_op(t, "-") ? OP_NEG : is_op(t, "+") ? OP_POS : OP_INVERT;
    if (!(n->a = factor(P))) return NULL;
    span_to(n, n->a);
    leave(P, PY_DEPTH_LEVEL);
    return n;
}

static py_node *binary(parser *P, py_tok *t0, int op, py_node *a, py_node *b) {
    py_node *n = mk(P, E_BINOP, t0);
    if (!n) return NULL;
    n->op = op;
    n->a = a;
    n->b = b;
    span_to(n, b);
    return n;
}

/* term: factor (('*' | '/' | '//' | '%' | '@') factor)* */
static py_node *term(parser *P) {
    py_tok *t0 = peek(P);
    py_node *x = factor(P);
    while (x) {
        py_tok *t = peek(P);
        int op = is_op(t, "*") ? OP_MUL : is_op(t, "/") ? OP_DIV : is_op(t, "//") ? OP_FLOORDIV
               : is_op(t, "%") ? OP_MOD : is_op(t, "@") ? OP_MATMUL : -1;
        if (op < 0) break;
        next(P);
        py_node *y = factor(P);
        if (!y) return NULL;
        x = binary(P, t0, op, x, y);
    }
    return x;
}

/* arith: term (('+' | '-') term)* */
static py_node *arith(parser *P) {
    py_tok *t0 = peek(P);
    py_node *x = term(P);
    while (x) {
        py_tok *t = peek(P);
        int op = is_op(t, "+") ? OP_ADD : is_op(t, "-") ? OP_SUB : -1;
        if (op < 0) break;
        next(P);
        py_node *y = term(P);
        if (!y) return NULL;
        x = binary(P, t0, op, x, y);
    }
    return x;
}

/* shift_expr: arith (('<<' | '>>') arith)*; and_expr: shift ('&' shift)*; xor_expr: and ('^' and)*;
 * or_expr: xor ('|' xor)* — Python's precedence, between the comparisons and + - */
static py_node *shift_expr(parser *P) {
    py_tok *t0 = peek(P);
    py_node *x = arith(P);
    while (x) {
        py_tok *t = peek(P);
        int op = is_op(t, "<<") ? OP_LSHIFT : is_op(t, ">>") ? OP_RSHIFT : -1;
        if (op < 0) break;
        next(P);
        py_node *y = arith(P);
        if (!y) return NULL;
        x = binary(P, t0, op, x, y);
    }
    return x;
}

static py_node *bit_expr(parser *P, int level) {
    static const char *sym[] = {"|", "^", "&"};
    static const int ops[] = {OP_BITOR, OP_BITXOR, OP_BITAND};
    py_tok *t0 = peek(P);
    py_node *x = level == 2 ? shift_expr(P) : bit_expr(P, level + 1);
    while (x && is_op(peek(P), sym[level])) {
        next(P);
        py_node *y = level == 2 ? shift_expr(P) : bit_expr(P, level + 1);
        if (!y) return NULL;
        x = binary(P, t0, ops[level], x, y);
    }
    return x;
}

static int cmp_op(parser *P) {
    py_tok *t = peek(P);
    if (t->kind == T_OP) {
        static const char *ops[] = {"<", ">", "<=", ">=", "==", "!="};
        for (int i = 0; i < 6; i++)
            if (strcmp(t->name, ops[i]) == 0) return next(P), OP_LT + i;
        return -1;
    }
    if (is_kw(t, "in")) return next(P), OP_IN;
    if (is_kw(t, "is")) {
        next(P);
        if (is_kw(peek(P), "not")) return next(P), OP_ISNOT;
        return OP_IS;
    }
    if (is_kw(t, "not") && is_kw(peek2(P), "in")) return next(P), next(P), OP_NOTIN;
    return -1;
}

/* comparison: or_expr (('<' | '>' | '==' | '>=' | '<=' | '!=' | 'in' | 'not' 'in' | 'is' ['not']) or_expr)* */
static py_node *comparison(parser *P) {
    py_tok *t0 = peek(P);
    py_node *x = bit_expr(P, 0);
    if (!x) return NULL;
    int op = cmp_op(P);
    if (op < 0) return x;
    vec v = {0};
    int ops[64], nops = 0;
    if (!vpush(P, &v, x)) return NULL;
    while (op >= 0) {
        if (nops == 64) return perr(P, peek(P), GL_E_LIMIT, "too many chained comparisons%s", "");
        ops[nops++] = op;
        py_node *y = bit_expr(P, 0);
        if (!y || !vpush(P, &v, y)) return NULL;
        op = cmp_op(P);
    }
    py_node *n = mk(P, E_CMP, t0);
    if (!n) return NULL;
    n->list = v.v;
    n->n = v.n;
    if (!(n->ops = py_alloc(P->a, sizeof(int) * (size_t)nops))) return oom(P);
    memcpy(n->ops, ops, sizeof(int) * (size_t)nops);
    span_to(n, v.v[v.n - 1]);
    return n;
}

/* not_test: 'not' not_test | comparison */
static py_node *not_test(parser *P) {
    py_tok *t = peek(P);
    if (!is_kw(t, "not")) return comparison(P);
    if (!enter(P, PY_DEPTH_LEVEL)) return NULL;
    next(P);
    py_node *n = mk(P, E_NOT, t);
    if (!n || !(n->a = not_test(P))) return NULL;
    span_to(n, n->a);
    leave(P, PY_DEPTH_LEVEL);
    return n;
}

/* and_test: not_test ('and' not_test)* */
static py_node *and_test(parser *P) {
    py_tok *t0 = peek(P);
    py_node *x = not_test(P);
    while (x && is_kw(peek(P), "and")) {
        next(P);
        py_node *y = not_test(P), *n;
        if (!y || !(n = mk(P, E_AND, t0))) return NULL;
        n->a = x;
        n->b = y;
        span_to(n, y);
        x = n;
    }
    return x;
}

/* or_test: and_test ('or' and_test)* */
static py_node *or_test(parser *P) {
    py_tok *t0 = peek(P);
    py_node *x = and_test(P);
    while (x && is_kw(peek(P), "or")) {
        next(P);
        py_node *y = and_test(P), *n;
        if (!y || !(n = mk(P, E_OR, t0))) return NULL;
        n->a = x;
        n->b = y;
        span_to(n, y);
        x = n;
    }
    return x;
}

/* params: [param (',' param)* [',']]       (until ':' or ')')
 * param: NAME [':' expr] ['=' expr] | '/' | '*' [NAME [':' expr]] | '**' NAME [':' expr]
 * E_PARAM nodes in CPython's order: positional (i = 1: positional-only, before '/'), P_VARARGS, P_KWONLY,
 * P_VARKW; annotations (def only) are parsed and dropped. The SyntaxErrors are CPython 3.11's. */
static bool params(parser *P, vec *ps, const char *close, bool annot) {
    bool dflt = false, star = false, slash = false, kw = false;
    while (!is_op(peek(P), close)) {
        py_tok *t = peek(P);
        if (kw) return perr(P, t, GL_E_PARSE, "arguments cannot follow var-keyword argument%s", ""), false;
        if (is_op(t, "/")) {
            if (slash) return perr(P, t, GL_E_PARSE, "/ may appear only once%s", ""), false;
            if (star) return perr(P, t, GL_E_PARSE, "/ must be ahead of *%s", ""), false;
            if (!ps->n) return perr(P, t, GL_E_PARSE, "at least one argument must precede /%s", ""), false;
            next(P);
            slash = true;
            for (int i = 0; i < ps->n; i++) ps->v[i]->i = 1;
            if (!is_op(peek(P), ",")) break;
            next(P);
            continue;
        }
        int kind = star ? P_KWONLY : P_POS;
        if (is_op(t, "*") || is_op(t, "**")) {
            bool two = is_op(t, "**");
            if (!two && star) return perr(P, t, GL_E_PARSE, "* argument may appear only once%s", ""), false;
            next(P);
            py_tok *nm = peek(P);
            if (!two && (is_op(nm, ",") || is_op(nm, close))) {      /* a bare '*': keyword-only parameters follow */
                if (is_op(nm, close) || is_op(peek2(P), close) || is_op(peek2(P), "**"))
                    return perr(P, t, GL_E_PARSE, "named arguments must follow bare *%s", ""), false;
                star = true;
                next(P);
                continue;
            }
            if (nm->kind != T_NAME || is_keyword(nm->name)) return syntax(P, nm), false;
            kind = two ? P_VARKW : P_VARARGS;
            if (two) kw = true;
            else star = true;
            t = nm;
        } else if (t->kind != T_NAME || is_keyword(t->name)) {
            return syntax(P, t), false;
        }
        next(P);
        py_node *p = mk(P, E_PARAM, t);
        if (!p) return false;
        p->name = t->name;
        p->op = kind;
        for (int i = 0; i < ps->n; i++)
            if (ps->v[i]->name == p->name)
                return perr(P, t, GL_E_PARSE, "duplicate argument '%s' in function definition", t->name), false;
        if (annot && is_op(peek(P), ":")) {
            next(P);
            if (!expr(P)) return false;
        }
        if (is_op(peek(P), "=")) {
            if (kind == P_VARARGS || kind == P_VARKW) {
                return perr(P, peek(P), GL_E_PARSE, kind == P_VARARGS ? "var-positional argument cannot have default value%s"
                            : "var-keyword argument cannot have default value%s", ""), false;
            }
            next(P);
            if (!(p->a = expr(P))) return false;
            if (kind == P_POS) dflt = true;
        } else if (dflt && kind == P_POS) {
            return perr(P, t, GL_E_PARSE, "non-default argument follows default argument%s", ""), false;
        }
        if (!vpush(P, ps, p)) return false;
        if (!is_op(peek(P), ",")) break;
        next(P);
    }
    return true;
}

/* expr: 'lambda' params ':' expr | or_test ['if' or_test 'else' expr] */
static py_node *expr(parser *P) {
    if (!enter(P, PY_DEPTH_PAREN)) return NULL;
    py_tok *t = peek(P);
    py_node *x;
    if (is_kw(t, "lambda")) {
        next(P);
        vec ps = {0};
        if (!(x = mk(P, E_LAMBDA, t)) || !params(P, &ps, ":", false) || !expect(P, ":")) return NULL;
        x->list = ps.v;
        x->n = ps.n;
        P->fdepth++;
        if (!(x->a = expr(P))) return NULL;
        P->fdepth--;
        x->name = py_intern(P->a, "<lambda>", 8);
        span_to(x, x->a);
    } else {
        x = or_test(P);
        if (x && is_kw(peek(P), "if")) {
            next(P);
            py_node *n = mk(P, E_IFEXP, t);
            if (!n) return NULL;
            n->b = x;
            if (!(n->a = or_test(P))) return NULL;
            if (!is_kw(peek(P), "else")) return perr(P, peek(P), GL_E_PARSE, "invalid syntax: expected 'else'%s", "");
            next(P);
            if (!(n->c = expr(P))) return NULL;
            span_to(n, n->c);
            x = n;
        }
    }
    leave(P, PY_DEPTH_PAREN);
    return x;
}

/* What CPython calls the expression it cannot assign to / delete ("cannot assign to function call"). */
static const char *expr_name(const py_node *n) {
    switch (n->kind) {
    case E_CALL: return "function call";
    case E_INT: case E_FLOAT: case E_STR: return "literal";
    case E_FSTR: return "f-string expression";
    case E_NONE: return "None";
    case E_ELLIPSIS: return "ellipsis";
    case E_TRUE: return "True";
    case E_FALSE: return "False";
    case E_BINOP: case E_UNARY: return "expression";
    case E_NOT: return "expression";
    case E_AND: case E_OR: return "expression";
    case E_CMP: return "comparison";
    case E_IFEXP: return "conditional expression";
    case E_LAMBDA: return "lambda";
    case E_DICT: return "dict literal";
    case E_LISTCOMP: return "list comprehension";
    case E_DICTCOMP: return "dict comprehension";
    case E_WALRUS: return "named expression";
    default: return "expression";
    }
}

/* The first sub-expression of a target that cannot be assigned to, or NULL. del: no starred items. */
static const py_node *bad_target_of(const py_node *n, bool del) {
    if (n->kind == E_NAME || n->kind == E_INDEX || n->kind == E_ATTR) return NULL;
    if (n->kind == E_TUPLE || n->kind == E_LIST) {
        for (int i = 0; i < n->n; i++) {
            const py_node *x = n->list[i];
            if (x->kind == E_STAR && !del) x = x->a;
            const py_node *b = bad_target_of(x, del);
            if (b) return b;
        }
        return NULL;
    }
    return n;
}

static bool is_target(const py_node *n) { return !bad_target_of(n, false); }

static void *bad_target(parser *P, const py_node *n) {
    const py_node *b = bad_target_of(n, false);
    if (!b) b = n;
    if (b->kind == E_STAR) return nerr(P, b, "starred assignment target must be in a list or tuple%s", "");
    /* CPython's invalid_named_expression: a lone target below comparisons, and one '=' in the statement */
    bool low = b->kind == E_CALL || b->kind == E_INT || b->kind == E_FLOAT || b->kind == E_STR || b->kind == E_FSTR ||
               b->kind == E_BINOP || b->kind == E_UNARY || b->kind == E_DICT || b->kind == E_LISTCOMP ||
               b->kind == E_DICTCOMP || b->kind == E_WALRUS;
    if (b == n && low) {
        int eqs = 0, depth = 0;
        for (int k = P->i; k < P->tk->n; k++) {
            py_tok *t = &P->tk->t[k];
            if (t->kind == T_NEWLINE || t->kind == T_EOF) break;
            if (t->kind != T_OP) continue;
            if (strchr("([{", t->name[0])) depth++;
            else if (strchr(")]}", t->name[0])) depth--;
            else if (!depth && strcmp(t->name, "=") == 0) eqs++;
            else if (!depth && strcmp(t->name, ";") == 0) break;
        }
        if (eqs == 1) return nerr(P, b, "cannot assign to %s here. Maybe you meant '==' instead of '='?", expr_name(b));
    }
    return nerr(P, b, "cannot assign to %s", expr_name(b));
}

/* At most one starred item per tuple / list target (nested ones count apart), as CPython's compiler. */
static bool check_stars(parser *P, const py_node *n) {
    if (n->kind != E_TUPLE && n->kind != E_LIST) return true;
    int k = 0;
    for (int i = 0; i < n->n; i++) {
        const py_node *x = n->list[i];
        if (x->kind == E_STAR) {
            if (++k > 1) return nerr(P, n, "multiple starred expressions in assignment%s", ""), false;
            x = x->a;
        }
        if (!check_stars(P, x)) return false;
    }
    return true;
}

/* dotted_name: NAME ('.' NAME)* */
static const char *dotted(parser *P) {
    py_tok *t = peek(P);
    if (t->kind != T_NAME) return syntax(P, t);
    const char *s = t->p;
    next(P);
    const char *e = t->p + t->len;
    while (is_op(peek(P), ".")) {
        next(P);
        py_tok *u = peek(P);
        if (u->kind != T_NAME) return syntax(P, u);
        next(P);
        e = u->p + u->len;
    }
    const char *r = py_intern(P->a, s, (size_t)(e - s));
    return r ? r : oom(P);
}

/* ---- classes, decorators, exceptions (the class lane; evaluated in py_class.c / py_exc.c) */
static bool stmt(parser *P, vec *out);

/* raise_stmt: 'raise' [expr ['from' expr]] */
static py_node *raise_stmt(parser *P) {
    py_tok *t = next(P);
    py_node *n = mk(P, S_RAISE, t);
    if (!n) return NULL;
    if (at_expr_end(peek(P))) return n;
    if (!(n->a = expr(P))) return NULL;
    span_to(n, n->a);
    if (is_kw(peek(P), "from")) {
        next(P);
        if (!(n->b = expr(P))) return NULL;
        span_to(n, n->b);
    }
    return n;
}

/* ann_assign: target ':' expr ['=' exprlist]   (the annotation is kept as text, never evaluated) */
static py_node *ann_assign(parser *P, py_tok *t, py_node *x) {
    if (x->kind == E_TUPLE) return nerr(P, x, "only single target (not tuple) can be annotated%s", "");
    if (x->kind != E_NAME && x->kind != E_ATTR && x->kind != E_INDEX) return bad_target(P, x);
    next(P);
    py_node *n = mk(P, S_ANNASSIGN, t);
    if (!n) return NULL;
    n->a = x;
    if (!(n->c = expr(P))) return NULL;
    n->s = n->c->sp;
    n->slen = (size_t)(n->c->ep - n->c->sp);
    span_to(n, n->c);
    if (is_op(peek(P), "=")) {
        next(P);
        if (!(n->b = exprlist(P))) return NULL;
        span_to(n, n->b);
    }
    return n;
}

/* class_def: 'class' NAME ['(' [arguments] ')'] block */
static py_node *class_def(parser *P) {
    py_tok *t = next(P), *nm = peek(P);
    if (nm->kind != T_NAME || is_keyword(nm->name)) return syntax(P, nm);
    next(P);
    py_node *n = mk(P, S_CLASS, t);
    if (!n) return NULL;
    n->name = nm->name;
    if (is_op(peek(P), "(")) {
        next(P);
        vec args = {0};
        if (!arguments(P, &args) || !expect(P, ")")) return NULL;
        n->list2 = args.v;
        n->n2 = args.n;
    }
    if (!(n->list = block(P, &n->n))) return NULL;
    return n;
}

/* a block kept in a node of its own (try's else and finally) */
static py_node *sub_block(parser *P, py_tok *t) {
    py_node *b = mk(P, S_BLOCK, t);
    if (!b || !(b->list = block(P, &b->n))) return NULL;
    return b;
}

/* try_stmt: 'try' block (('except' [expr ['as' NAME]] block)+ ['else' block] ['finally' block] | 'finally' block) */
static py_node *try_stmt(parser *P) {
    py_tok *t = next(P);
    py_node *n = mk(P, S_TRY, t);
    if (!n || !(n->list = block(P, &n->n))) return NULL;
    vec hs = {0};
    py_tok *bare = NULL;
    while (is_kw(peek(P), "except")) {
        py_tok *e = next(P);
        if (bare) return perr(P, bare, GL_E_PARSE, "default 'except:' must be last%s", "");
        if (is_op(peek(P), "*")) return perr(P, peek(P), GL_E_PARSE, "'except*' is not supported%s", "");
        py_node *h = mk(P, S_EXCEPT, e);
        if (!h) return NULL;
        if (is_op(peek(P), ":")) {
            bare = e;
        } else {
            if (!(h->a = expr(P))) return NULL;
            if (is_op(peek(P), ","))
                return perr(P, peek(P), GL_E_PARSE, "multiple exception types must be parenthesized%s", "");
            if (is_kw(peek(P), "as")) {
                next(P);
                py_tok *a = peek(P);
                if (a->kind != T_NAME || is_keyword(a->name)) return syntax(P, a);
                h->name = next(P)->name;
            }
        }
        if (!(h->list = block(P, &h->n)) || !vpush(P, &hs, h)) return NULL;
    }
    n->list2 = hs.v;
    n->n2 = hs.n;
    if (is_kw(peek(P), "else")) {
        if (!hs.n) return syntax(P, peek(P));
        if (!(n->b = sub_block(P, next(P)))) return NULL;
    }
    if (is_kw(peek(P), "finally")) {
        if (!(n->c = sub_block(P, next(P)))) return NULL;
    }
    if (!hs.n && !n->c) return perr(P, peek(P), GL_E_PARSE, "expected 'except' or 'finally' block%s", "");
    return n;
}

/* decorated: ('@' expr NEWLINE)+ (def | class)   — b is the name the definition binds */
static py_node *decorated(parser *P) {
    py_tok *t = peek(P);
    vec decs = {0};
    while (is_op(peek(P), "@")) {
        next(P);
        py_node *d = expr(P);
        if (!d) return NULL;
        if (peek(P)->kind != T_NEWLINE) return syntax(P, peek(P));
        next(P);
        if (!vpush(P, &decs, d)) return NULL;
    }
    py_tok *k = peek(P);
    if (!is_kw(k, "def") && !is_kw(k, "class")) return syntax(P, k);
    vec one = {0};
    if (!stmt(P, &one)) return NULL;
    py_node *n = mk(P, S_DECORATED, t), *nm = mk(P, E_NAME, k);
    if (!n || !nm) return NULL;
    n->list = decs.v;
    n->n = decs.n;
    n->a = one.v[0];
    nm->name = n->a->name;
    n->b = nm;
    return n;
}

/* small_stmt: 'pass' | 'break' | 'continue' | 'return' [exprlist] | 'assert' expr [',' expr]
 *           | 'import' dotted_name ['as' NAME] (',' ...)* | 'from' dotted_name 'import' (NAME ['as' NAME])+
 *           | exprlist ('=' exprlist)* | exprlist augop exprlist */
static py_node *small_stmt(parser *P) {
    py_tok *t = peek(P);
    py_node *n;
    if (t->kind == T_NAME) {
        static const char *refused[] = {"async", "await", NULL};
        if (is_kw(t, "class") || is_kw(t, "try") || is_kw(t, "except") || is_kw(t, "finally")) return syntax(P, t);
        for (int i = 0; refused[i]; i++)
            if (is_kw(t, refused[i]))
                return perr(P, t, GL_E_PARSE, "'%s' is not part of GraphLab's Python subset", refused[i]);
        if (is_kw(t, "pass") || is_kw(t, "break") || is_kw(t, "continue")) {
            next(P);
            return mk(P, is_kw(t, "pass") ? S_PASS : is_kw(t, "break") ? S_BREAK : S_CONTINUE, t);
        }
        if (is_kw(t, "return")) {
            next(P);
            if (!(n = mk(P, S_RETURN, t))) return NULL;
            if (!at_expr_end(peek(P)) && !(n->a = exprlist(P))) return NULL;
            if (n->a) span_to(n, n->a);
            return n;
        }
        if (is_kw(t, "raise")) return raise_stmt(P);
        if (is_kw(t, "global") || is_kw(t, "nonlocal")) {      /* NAME (',' NAME)* */
            next(P);
            if (!(n = mk(P, is_kw(t, "global") ? S_GLOBAL : S_NONLOCAL, t))) return NULL;
            vec v = {0};
            do {
                py_tok *a = peek(P);
                if (a->kind != T_NAME || is_keyword(a->name)) return syntax(P, a);
                next(P);
                py_node *al = mk(P, E_NAME, a);
                if (!al) return NULL;
                al->name = a->name;
                if (!vpush(P, &v, al)) return NULL;
            } while (is_op(peek(P), ",") && next(P));
            n->list = v.v;
            n->n = v.n;
            return n;
        }
        if (is_kw(t, "del")) {                 /* 'del' target (',' target)* [','] */
            next(P);
            if (!(n = mk(P, S_DEL, t))) return NULL;
            py_node *x = exprlist(P);
            if (!x) return NULL;
            const py_node *b = bad_target_of(x, true);
            if (b) return nerr(P, b, "cannot delete %s", b->kind == E_STAR ? "starred" : expr_name(b));
            if (x->kind == E_TUPLE && x->list == NULL) return syntax(P, t);
            n->a = x;
            span_to(n, x);
            return n;
        }
        if (is_kw(t, "assert")) {
            next(P);
            if (!(n = mk(P, S_ASSERT, t)) || !(n->a = expr(P))) return NULL;
            if (is_op(peek(P), ",")) {
                next(P);
                if (!(n->b = expr(P))) return NULL;
            }
            return n;
        }
        if (is_kw(t, "import")) {
            next(P);
            vec v = {0};
            if (!(n = mk(P, S_IMPORT, t))) return NULL;
            do {
                py_tok *mt = peek(P);
                py_node *al = mk(P, S_ALIAS, mt);
                if (!al || !(al->name = dotted(P))) return NULL;
                if (is_kw(peek(P), "as")) {
                    next(P);
                    py_tok *a = peek(P);
                    if (a->kind != T_NAME || is_keyword(a->name)) return syntax(P, a);
                    al->alias = next(P)->name;
                }
                if (!vpush(P, &v, al)) return NULL;
            } while (is_op(peek(P), ",") && next(P));
            n->list = v.v;
            n->n = v.n;
            return n;
        }
        if (is_kw(t, "from")) {
            next(P);
            if (!(n = mk(P, S_FROM, t)) || !(n->name = dotted(P))) return NULL;
            if (!is_kw(peek(P), "import")) return syntax(P, peek(P));
            next(P);
            if (is_op(peek(P), "*")) {   /* from M import *: every public name (n->i = 1) */
                next(P);
                n->i = 1;
                return n;
            }
            bool paren = is_op(peek(P), "(");
            if (paren) next(P);
            vec v = {0};
            for (;;) {
                py_tok *a = peek(P);
                if (is_op(a, "*")) return syntax(P, a);
                if (a->kind != T_NAME || is_keyword(a->name)) return syntax(P, a);
                next(P);
                py_node *al = mk(P, S_ALIAS, a);
                if (!al) return NULL;
                al->name = a->name;
                if (is_kw(peek(P), "as")) {
                    next(P);
                    py_tok *b = peek(P);
                    if (b->kind != T_NAME || is_keyword(b->name)) return syntax(P, b);
                    al->alias = next(P)->name;
                }
                if (!vpush(P, &v, al)) return NULL;
                if (!is_op(peek(P), ",")) break;
                next(P);
                if (paren && is_op(peek(P), ")")) break;
            }
            if (paren && !expect(P, ")")) return NULL;
            n->list = v.v;
            n->n = v.n;
            return n;
        }
    }
    py_node *x = exprlist_or_yield(P);
    if (!x) return NULL;
    py_tok *o = peek(P);
    if (is_op(o, ":")) return ann_assign(P, t, x);
    static const char *aug[] = {"+=", "-=", "*=", "/=", "//=", "%=", "**=", "@=", "&=", "|=", "^=", "<<=", ">>=", NULL};
    static const int augop[] = {OP_ADD, OP_SUB, OP_MUL, OP_DIV, OP_FLOORDIV, OP_MOD, OP_POW, OP_MATMUL,
                                OP_BITAND, OP_BITOR, OP_BITXOR, OP_LSHIFT, OP_RSHIFT};
    for (int i = 0; aug[i]; i++)
        if (is_op(o, aug[i])) {
            if (x->kind != E_NAME && x->kind != E_INDEX && x->kind != E_ATTR) {
                const char *w = x->kind == E_TUPLE ? "tuple" : x->kind == E_LIST ? "list" : x->kind == E_STAR ? "starred"
                              : expr_name(x);
                return nerr(P, x, "'%s' is an illegal expression for augmented assignment", w);
            }
            next(P);
            if (!(n = mk(P, S_AUG, t))) return NULL;
            n->op = augop[i];
            n->a = x;
            if (!(n->b = exprlist_or_yield(P))) return NULL;
            span_to(n, n->b);
            return n;
        }
    if (!is_op(o, "=")) {
        if (x->kind == E_STAR) return nerr(P, x, "can't use starred expression here%s", "");
        if (!(n = mk(P, S_EXPR, t))) return NULL;
        n->a = x;
        span_to(n, x);
        return n;
    }
    vec targets = {0};
    while (is_op(peek(P), "=")) {
        if (!is_target(x) || x->kind == E_STAR) return bad_target(P, x);
        if (!check_stars(P, x)) return NULL;
        if (!vpush(P, &targets, x)) return NULL;
        next(P);
        if (!(x = exprlist_or_yield(P))) return NULL;
    }
    if (!(n = mk(P, S_ASSIGN, t))) return NULL;
    n->list = targets.v;
    n->n = targets.n;
    n->a = x;
    span_to(n, x);
    return n;
}

/* simple_stmts: small_stmt (';' small_stmt)* [';'] NEWLINE */
static bool simple_stmts(parser *P, vec *out) {
    for (;;) {
        py_node *s = small_stmt(P);
        if (!s || !vpush(P, out, s)) return false;
        if (!is_op(peek(P), ";")) break;
        next(P);
        if (peek(P)->kind == T_NEWLINE) break;
    }
    if (peek(P)->kind != T_NEWLINE) {
        py_node *last = out->n ? out->v[out->n - 1] : NULL;
        if (last && last->kind == S_EXPR && last->a->kind == E_NAME && starts_atom(peek(P)) &&
            (strcmp(last->a->name, "print") == 0 || strcmp(last->a->name, "exec") == 0))
            return forgot_comma(P, last->a), false;
        return syntax(P, peek(P)), false;
    }
    next(P);
    return true;
}

static bool stmt(parser *P, vec *out);

/* block: ':' (simple_stmts | NEWLINE INDENT stmt+ DEDENT)
 * what / line name the statement for CPython's IndentationError ("expected an indented block after 'if'
 * statement on line 3"); forced: a missing ':' is "expected ':'" at any token (CPython's &&':'), else
 * only at the end of the line. */
static py_node **block_of(parser *P, int *n, const char *what, int line, bool forced) {
    py_tok *c = peek(P);
    if (!is_op(c, ":")) {
        if (forced || c->kind == T_NEWLINE) return perr(P, eof_pos(P, c), GL_E_PARSE, "expected '%s'", ":");
        return syntax(P, c);
    }
    next(P);
    if (!enter(P, PY_DEPTH_PAREN)) return NULL;
    vec v = {0};
    if (peek(P)->kind != T_NEWLINE) {
        if (!simple_stmts(P, &v)) return NULL;
    } else {
        next(P);
        if (peek(P)->kind != T_INDENT) {
            py_tok *t = eof_pos(P, peek(P));
            char msg[160];
            if (what) snprintf(msg, sizeof msg, "expected an indented block after %s on line %d", what, line);
            else snprintf(msg, sizeof msg, "expected an indented block");
            return pfail(P, t->line, t->col, GL_E_PARSE, "IndentationError", msg);
        }
        next(P);
        while (peek(P)->kind != T_DEDENT && peek(P)->kind != T_EOF)
            if (!stmt(P, &v)) return NULL;
        next(P);
    }
    leave(P, PY_DEPTH_PAREN);
    *n = v.n;
    return v.v;
}

static py_node **block(parser *P, int *n) { return block_of(P, n, NULL, 0, false); }

/* 'else' block (of for / while): a block has at least one statement, so never NULL on success */
static py_node **block_after(parser *P, int *n) {
    py_tok *e = next(P);
    return block_of(P, n, "'else' statement", e->line, true);
}

/* if_stmt: 'if' named_expr block ('elif' named_expr block)* ['else' block]
 * An elif chain is parsed in a loop (each elif an S_IF in its predecessor's else-body), so a long chain
 * costs no parser depth; the evaluator walks it in a loop too. */
static py_node *if_stmt(parser *P) {
    py_tok *t = next(P);
    py_node *n = mk(P, S_IF, t), *top = n;
    if (!n || !(n->a = named_expr(P)) || !(n->list = block_of(P, &n->n, "'if' statement", t->line, false))) return NULL;
    while (is_kw(peek(P), "elif")) {
        py_tok *et = next(P);
        py_node *el = mk(P, S_IF, et);
        if (!el || !(el->a = named_expr(P)) || !(el->list = block_of(P, &el->n, "'elif' statement", et->line, false)))
            return NULL;
        if (!(n->list2 = py_alloc(P->a, sizeof(py_node *)))) return oom(P);
        n->list2[0] = el;
        n->n2 = 1;
        n = el;
    }
    if (is_kw(peek(P), "else")) {
        py_tok *e = next(P);
        if (!(n->list2 = block_of(P, &n->n2, "'else' statement", e->line, true))) return NULL;
    }
    return top;
}

/* ---- match (PEP 634). `match` and `case` are soft keywords: a line is a match statement when it is
 * `match <tokens> :` at bracket depth 0 followed by an indented `case` (CPython's grammar backtracks; this is
 * the same decision for every line either grammar accepts). */
static bool match_ahead(parser *P) {
    const py_toks *tk = P->tk;
    int k = P->i + 1, depth = 0;
    if (k >= tk->n || tk->t[k].kind == T_NEWLINE || is_op(&tk->t[k], ":") || is_op(&tk->t[k], "=") ||
        is_op(&tk->t[k], ".") || is_op(&tk->t[k], ","))
        return false;
    py_tok *last = NULL;
    for (; k < tk->n && tk->t[k].kind != T_EOF; k++) {
        py_tok *t = &tk->t[k];
        if (t->kind == T_OP && strchr("([{", t->name[0]) && !t->name[1]) depth++;
        else if (t->kind == T_OP && strchr(")]}", t->name[0]) && !t->name[1]) depth--;
        if (t->kind == T_NEWLINE && depth <= 0) break;
        last = t;
    }
    return last && is_op(last, ":") && k + 2 < tk->n && tk->t[k + 1].kind == T_INDENT && is_kw(&tk->t[k + 2], "case");
}

static py_node *pattern(parser *P);

static py_node *pat_name(parser *P, py_tok *t) {   /* the E_NAME a capture binds */
    if (t->kind != T_NAME || is_keyword(t->name)) return syntax(P, t);
    py_node *x = mk(P, E_NAME, t);
    if (x) x->name = t->name;
    return x;
}

/* star_pattern: '*' (NAME | '_') */
static py_node *star_pattern(parser *P) {
    py_tok *s = next(P);
    py_node *n = mk(P, PT_STAR, s);
    py_tok *t = next(P);
    if (!n) return NULL;
    if (!(t->kind == T_NAME && strcmp(t->name, "_") == 0) && !(n->a = pat_name(P, t))) return NULL;
    span_tok(n, t);
    return n;
}

static py_node *maybe_star(parser *P) { return is_op(peek(P), "*") ? star_pattern(P) : pattern(P); }

/* sequence items up to close (NULL: an open sequence, up to ':' or 'if'): at most one star */
static bool pat_items(parser *P, vec *v, const char *close) {
    int stars = 0;
    while (close ? !is_op(peek(P), close) : !(is_op(peek(P), ":") || is_kw(peek(P), "if"))) {
        py_node *x = maybe_star(P);
        if (!x || !vpush(P, v, x)) return false;
        if (x->kind == PT_STAR && ++stars > 1) return nerr(P, x, "multiple starred names in sequence pattern%s", ""), false;
        if (!is_op(peek(P), ",")) break;
        next(P);
    }
    return true;
}

/* closed_pattern: literal | capture | '_' | value (a.b) | group | '[' ... ']' | '(' ... ')' | mapping | class */
static py_node *closed_pattern(parser *P) {
    py_tok *t = peek(P);
    py_node *n;
    if (!enter(P, PY_DEPTH_PAREN)) return NULL;
    if (t->kind == T_INT || t->kind == T_FLOAT || t->kind == T_STR || is_op(t, "-") || is_kw(t, "None") ||
        is_kw(t, "True") || is_kw(t, "False")) {
        if (!(n = mk(P, PT_VALUE, t)) || !(n->a = arith(P))) return NULL;
        span_to(n, n->a);
    } else if (t->kind == T_NAME && !is_keyword(t->name)) {
        py_node *x = pat_name(P, next(P));
        if (!x) return NULL;
        bool dotted = false;
        while (is_op(peek(P), ".")) {
            py_tok *d = next(P), *nm = next(P);
            if (nm->kind != T_NAME) return syntax(P, nm);
            py_node *at = mk(P, E_ATTR, d);
            if (!at) return NULL;
            at->a = x;
            at->name = nm->name;
            at->line = x->line;
            at->col = x->col;
            at->sp = x->sp;
            span_tok(at, nm);
            x = at;
            dotted = true;
        }
        if (is_op(peek(P), "(")) {
            next(P);
            if (!(n = mk(P, PT_CLASS, t))) return NULL;
            n->a = x;
            vec pos = {0}, kw = {0};
            while (!is_op(peek(P), ")")) {
                if (peek(P)->kind == T_NAME && is_op(peek2(P), "=")) {
                    py_tok *k = next(P);
                    next(P);
                    py_node *kp = mk(P, PT_KW, k);
                    if (!kp || !(kp->a = pattern(P)) || !vpush(P, &kw, kp)) return NULL;
                    kp->name = k->name;
                } else {
                    if (kw.n) return perr(P, peek(P), GL_E_PARSE, "positional patterns follow keyword patterns%s", "");
                    py_node *x2 = pattern(P);
                    if (!x2 || !vpush(P, &pos, x2)) return NULL;
                }
                if (!is_op(peek(P), ",")) break;
                next(P);
            }
            py_tok *c = peek(P);
            if (!expect(P, ")")) return NULL;
            span_tok(n, c);
            n->list = pos.v;
            n->n = pos.n;
            n->list2 = kw.v;
            n->n2 = kw.n;
        } else if (dotted) {
            if (!(n = mk(P, PT_VALUE, t))) return NULL;
            n->a = x;
            span_to(n, x);
        } else if (strcmp(x->name, "_") == 0) {
            if (!(n = mk(P, PT_WILD, t))) return NULL;
        } else {
            if (!(n = mk(P, PT_CAPTURE, t))) return NULL;
            n->a = x;
        }
    } else if (is_op(t, "(") || is_op(t, "[")) {
        bool paren = is_op(t, "(");
        next(P);
        vec v = {0};
        if (paren && !is_op(peek(P), ")")) {   /* a group, unless a comma (or a star) makes it a tuple */
            py_node *x = maybe_star(P);
            if (!x) return NULL;
            if (!is_op(peek(P), ",") && x->kind != PT_STAR) {
                if (!expect(P, ")")) return NULL;
                leave(P, PY_DEPTH_PAREN);
                return x;
            }
            if (!vpush(P, &v, x)) return NULL;
            if (is_op(peek(P), ",")) next(P);
        }
        if (!pat_items(P, &v, paren ? ")" : "]")) return NULL;
        py_tok *c = peek(P);
        if (!expect(P, paren ? ")" : "]")) return NULL;
        if (!(n = mk(P, PT_SEQ, t))) return NULL;
        span_tok(n, c);
        n->list = v.v;
        n->n = v.n;
    } else if (is_op(t, "{")) {
        next(P);
        if (!(n = mk(P, PT_MAP, t))) return NULL;
        vec keys = {0}, vals = {0};
        while (!is_op(peek(P), "}")) {
            if (is_op(peek(P), "**")) {
                next(P);
                if (!(n->a = pat_name(P, next(P)))) return NULL;
                if (is_op(peek(P), ",")) next(P);
                break;
            }
            py_node *k = closed_pattern(P);
            if (!k) return NULL;
            if (k->kind != PT_VALUE) return nerr(P, k, "mapping pattern keys may only match literals and attribute lookups%s", "");
            if (!expect(P, ":")) return NULL;
            py_node *v = pattern(P);
            if (!v || !vpush(P, &keys, k->a) || !vpush(P, &vals, v)) return NULL;
            if (!is_op(peek(P), ",")) break;
            next(P);
        }
        py_tok *c = peek(P);
        if (!expect(P, "}")) return NULL;
        span_tok(n, c);
        n->list = keys.v;
        n->n = keys.n;
        n->list2 = vals.v;
        n->n2 = vals.n;
    } else {
        return syntax(P, t);
    }
    leave(P, PY_DEPTH_PAREN);
    return n;
}

/* pattern: or_pattern ['as' NAME];  or_pattern: closed_pattern ('|' closed_pattern)* */
static py_node *pattern(parser *P) {
    py_tok *t = peek(P);
    py_node *n = closed_pattern(P);
    if (!n) return NULL;
    if (is_op(peek(P), "|")) {
        vec alts = {0};
        if (!vpush(P, &alts, n)) return NULL;
        while (is_op(peek(P), "|")) {
            next(P);
            py_node *x = closed_pattern(P);
            if (!x || !vpush(P, &alts, x)) return NULL;
        }
        py_node *o = mk(P, PT_OR, t);
        if (!o) return NULL;
        o->list = alts.v;
        o->n = alts.n;
        span_to(o, alts.v[alts.n - 1]);
        n = o;
    }
    if (is_kw(peek(P), "as")) {
        next(P);
        py_tok *nm = next(P);
        if (nm->kind == T_NAME && strcmp(nm->name, "_") == 0) return perr(P, nm, GL_E_PARSE, "cannot use '_' as a target%s", "");
        py_node *a = mk(P, PT_AS, t);
        if (!a || !(a->b = pat_name(P, nm))) return NULL;
        a->a = n;
        span_tok(a, nm);
        n = a;
    }
    return n;
}

/* match_stmt: 'match' subject ':' NEWLINE INDENT ('case' patterns ['if' named_expr] block)+ DEDENT
 * patterns: open_sequence_pattern | pattern */
static py_node *match_stmt(parser *P) {
    py_tok *t = next(P);
    py_node *n = mk(P, S_MATCH, t);
    if (!n || !(n->a = exprlist(P)) || !expect(P, ":")) return NULL;
    if (peek(P)->kind != T_NEWLINE) return syntax(P, peek(P));
    next(P);
    next(P);                      /* INDENT (match_ahead saw it) */
    vec cases = {0};
    while (is_kw(peek(P), "case")) {
        py_tok *ct = next(P);
        py_node *c = mk(P, S_CASE, ct), *p;
        if (!c || !(p = maybe_star(P))) return NULL;
        if (is_op(peek(P), ",") || p->kind == PT_STAR) {   /* case a, *b: an open sequence */
            vec v = {0};
            if (!vpush(P, &v, p)) return NULL;
            if (is_op(peek(P), ",")) next(P);
            if (!pat_items(P, &v, NULL)) return NULL;
            py_node *s = mk(P, PT_SEQ, peek(P));
            if (!s) return NULL;
            s->line = p->line;
            s->col = p->col;
            s->list = v.v;
            s->n = v.n;
            p = s;
        }
        c->a = p;
        if (is_kw(peek(P), "if")) {
            next(P);
            if (!(c->b = named_expr(P))) return NULL;
        }
        if (!(c->list = block_of(P, &c->n, "'case' statement", ct->line, false)) || !vpush(P, &cases, c)) return NULL;
    }
    if (!cases.n) return syntax(P, peek(P));
    if (peek(P)->kind != T_DEDENT) return syntax(P, peek(P));
    next(P);
    n->list = cases.v;
    n->n = cases.n;
    return n;
}

/* with_stmt: 'with' with_item (',' with_item)* block;  with_item: expr ['as' target] */
static py_node *with_stmt(parser *P) {
    py_tok *t = next(P);
    py_node *n = mk(P, S_WITH, t);
    vec items = {0};
    if (!n) return NULL;
    for (;;) {
        py_node *w = mk(P, S_WITHITEM, peek(P));
        if (!w || !(w->a = expr(P))) return NULL;
        span_to(w, w->a);
        if (is_kw(peek(P), "as")) {
            next(P);
            if (!(w->b = target(P))) return NULL;
            if (!is_target(w->b) || w->b->kind == E_STAR) return bad_target(P, w->b);
            span_to(w, w->b);
        }
        if (!vpush(P, &items, w)) return NULL;
        if (!is_op(peek(P), ",")) break;
        next(P);
    }
    n->list = items.v;
    n->n = items.n;
    if (!(n->list2 = block_of(P, &n->n2, "'with' statement", t->line, true))) return NULL;
    return n;
}

/* stmt: if_stmt | 'for' target_list 'in' exprlist block | 'while' expr block
 *     | 'def' NAME '(' params ')' ['->' expr] block | simple_stmts */
static bool stmt(parser *P, vec *out) {
    py_tok *t = peek(P);
    py_node *n;
    if (t->kind == T_INDENT) return syntax(P, t), false;
    if (is_kw(t, "if")) {
        return (n = if_stmt(P)) && vpush(P, out, n);
    }
    if (is_kw(t, "elif") || is_kw(t, "else")) return syntax(P, t), false;
    if (is_kw(t, "for")) {
        next(P);
        if (!(n = mk(P, S_FOR, t)) || !(n->a = target_list(P))) return false;
        if (!is_target(n->a) || n->a->kind == E_STAR) return bad_target(P, n->a), false;
        if (!check_stars(P, n->a)) return false;
        if (!is_kw(peek(P), "in")) return syntax(P, peek(P)), false;
        next(P);
        if (!(n->b = exprlist(P)) || !(n->list = block_of(P, &n->n, "'for' statement", t->line, true))) return false;
        if (is_kw(peek(P), "else") && !(n->list2 = block_after(P, &n->n2))) return false;
        return vpush(P, out, n);
    }
    if (is_kw(t, "while")) {
        next(P);
        if (!(n = mk(P, S_WHILE, t)) || !(n->a = named_expr(P)) ||
            !(n->list = block_of(P, &n->n, "'while' statement", t->line, false)))
            return false;
        if (is_kw(peek(P), "else") && !(n->list2 = block_after(P, &n->n2))) return false;
        return vpush(P, out, n);
    }
    if (is_kw(t, "def")) {
        next(P);
        py_tok *nm = peek(P);
        if (nm->kind != T_NAME || is_keyword(nm->name)) return syntax(P, nm), false;
        next(P);
        if (!(n = mk(P, S_DEF, t))) return false;
        n->name = nm->name;
        vec ps = {0};
        if (!expect_forced(P, "(") || !params(P, &ps, ")", true) || !expect(P, ")")) return false;
        n->list2 = ps.v;
        n->n2 = ps.n;
        if (is_op(peek(P), "->")) {
            next(P);
            if (!expr(P)) return false;
        }
        P->fdepth++;
        if (!(n->list = block_of(P, &n->n, "function definition", t->line, true))) return false;
        P->fdepth--;
        return vpush(P, out, n);
    }
    if (is_op(t, "@")) return (n = decorated(P)) && vpush(P, out, n);
    if (is_kw(t, "class")) return (n = class_def(P)) && vpush(P, out, n);
    if (is_kw(t, "try")) return (n = try_stmt(P)) && vpush(P, out, n);
    if (is_kw(t, "match") && match_ahead(P)) return (n = match_stmt(P)) && vpush(P, out, n);
    if (is_kw(t, "with")) return (n = with_stmt(P)) && vpush(P, out, n);
    return simple_stmts(P, out);
}

gl_status py_parse(py_arena *a, const py_toks *toks, const char *file, py_node ***body, int *n, gl_err *e) {
    parser P = {a, toks, 0, file, e, 0, 0};
    vec v = {0};
    (void)block;                  /* the generic block (statements with no message of their own) */
    while (peek(&P)->kind != T_EOF) {
        if (!stmt(&P, &v)) return e->code ? e->code : GL_E_PARSE;
    }
    *body = v.v;
    *n = v.n;
    return GL_OK;
}

gl_status py_parse_expr(py_arena *a, const py_toks *toks, const char *file, py_node **out, gl_err *e) {
    parser P = {a, toks, 0, file, e, 0, 0};
    if (peek(&P)->kind == T_EOF) return perr(&P, peek(&P), GL_E_PARSE, "f-string: empty expression not allowed%s", ""), GL_E_PARSE;
    py_node *x = exprlist(&P);
    if (!x) return e->code ? e->code : GL_E_PARSE;
    if (peek(&P)->kind != T_EOF) return syntax(&P, peek(&P)), GL_E_PARSE;
    *out = x;
    return GL_OK;
}
