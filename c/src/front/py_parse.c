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

typedef struct {
    py_arena *a;
    const py_toks *tk;
    int i;
    const char *file;
    gl_err *e;
    int depth;
    int fdepth;                   /* inside a def / lambda body: yield is allowed */
} parser;

static py_tok *peek(parser *P) { return &P->tk->t[P->i]; }
static py_tok *peek2(parser *P) { return &P->tk->t[P->i + 1 < P->tk->n ? P->i + 1 : P->i]; }
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

static void *perr(parser *P, py_tok *t, gl_status code, const char *fmt, const char *arg) {
    char msg[160];
    snprintf(msg, sizeof msg, fmt, arg);
    gl_fail(P->e, code, "%s:%d:%d: %s", P->file, t->line, t->col, msg);
    return NULL;
}

static void *syntax(parser *P, py_tok *t) {
    if (t->kind == T_EOF) return perr(P, t, GL_E_PARSE, "invalid syntax: unexpected end of the program%s", "");
    if (t->kind == T_INDENT) return perr(P, t, GL_E_PARSE, "unexpected indent%s", "");
    if (t->kind == T_DEDENT || t->kind == T_NEWLINE)
        return perr(P, t, GL_E_PARSE, "invalid syntax: the line ends too early%s", "");
    char tx[40];
    int n = t->len < 30 ? t->len : 30;
    memcpy(tx, t->p, (size_t)n);
    tx[n] = 0;
    return perr(P, t, GL_E_PARSE, "invalid syntax at '%s'", tx);
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
        py_tok *t = peek(P);
        if (t->kind == T_NEWLINE || t->kind == T_EOF || t->kind == T_DEDENT)
            perr(P, t, GL_E_PARSE, "invalid syntax: expected '%s'", op);
        else
            syntax(P, t);
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

static bool enter(parser *P) {
    if (++P->depth > GL_PROGRAM_MAX_NEST) {
        perr(P, peek(P), GL_E_LIMIT, "expressions are nested too deeply (limit %s)", "64");
        return false;
    }
    return true;
}

static py_node *expr(parser *P);
static py_node *or_test(parser *P);
static py_node *factor(parser *P);
static py_node **block(parser *P, int *n);

static bool at_expr_end(py_tok *t) {
    return t->kind == T_NEWLINE || t->kind == T_EOF || t->kind == T_DEDENT ||
           (t->kind == T_OP && (strchr(")]}=:;", t->name[0]) || strcmp(t->name, "+=") == 0 || t->name[1] == '='));
}

/* exprlist: expr (',' expr)* [',']     — a bare tuple when there is a comma */
static py_node *exprlist(parser *P) {
    py_tok *t0 = peek(P);
    py_node *x = expr(P);
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
        py_node *y = expr(P);
        if (!y || !vpush(P, &v, y)) return NULL;
    }
    py_node *tu = mk(P, E_TUPLE, t0);
    if (!tu) return NULL;
    tu->list = v.v;
    tu->n = v.n;
    span_to(tu, v.v[v.n - 1]);
    return tu;
}

static py_node *arith(parser *P);

/* yield_expr: 'yield' ['from' expr | exprlist]     (an expression statement, an assignment's right-hand
 * side or parenthesized; py_gen.c runs it) */
static py_node *yield_expr(parser *P) {
    py_tok *t = next(P);
    py_node *n;
    if (!P->fdepth) return perr(P, t, GL_E_PARSE, "SyntaxError: 'yield' outside function%s", "");
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

/* target_list: arith (',' arith)* [',']   (below comparisons, so a for-loop target stops at 'in') */
static py_node *target_list(parser *P) {
    py_tok *t0 = peek(P);
    py_node *x = arith(P);
    if (!x) return NULL;
    if (!is_op(peek(P), ",")) return x;
    vec v = {0};
    if (!vpush(P, &v, x)) return NULL;
    while (is_op(peek(P), ",")) {
        next(P);
        if (is_kw(peek(P), "in")) break;
        py_node *y = arith(P);
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

/* fstring: literal text with {expr[!r|!s]} holes; {{ and }} are braces */
static py_node *fstring(parser *P, py_tok *t, vec *parts) {
    const char *s = t->s;
    size_t n = t->slen, i = 0;
    bool raw = t->i != 0;
    int line = t->sline, col = t->scol;
    char *lit = py_alloc(P->a, n + 1);
    if (!lit) return oom(P);
    size_t ln = 0;
    while (i < n) {
        char c = s[i];
        if ((c == '{' || c == '}') && i + 1 < n && s[i + 1] == c) {
            lit[ln++] = c;
            i += 2;
            col += 2;
            continue;
        }
        if (c == '}') return perr(P, t, GL_E_PARSE, "f-string: single '}' is not allowed%s", "");
        if (c != '{') {
            if (c == '\\' && !raw && i + 1 < n) {
                lit[ln++] = s[i++];
                col++;
            }
            if (s[i] == '\n') {
                line++;
                col = 1;
            } else if (((unsigned char)s[i] & 0xC0) != 0x80) {
                col++;
            }
            lit[ln++] = s[i++];
            continue;
        }
        if (ln) {
            py_node *ls = mk(P, E_STR, t);
            if (!ls) return NULL;
            char *d = py_alloc(P->a, ln + 1);
            if (!d) return oom(P);
            ls->slen = raw ? (memcpy(d, lit, ln), ln) : py_unescape(d, lit, ln);
            ls->s = d;
            if (!vpush(P, parts, ls)) return NULL;
            ln = 0;
        }
        size_t j = ++i;
        int depth = 0;
        char q = 0;
        while (j < n) {
            char d = s[j];
            if (q) {
                if (d == q) q = 0;
            } else if (d == '\'' || d == '"') {
                q = d;
            } else if (d == '(' || d == '[' || d == '{') {
                depth++;
            } else if (d == ')' || d == ']' || (d == '}' && depth > 0)) {
                depth--;
            } else if (depth == 0 && (d == '}' || d == '!' || d == ':')) {
                if (d != '!' || j + 1 >= n || s[j + 1] != '=') break;
            }
            j++;
        }
        if (j >= n) return perr(P, t, GL_E_PARSE, "f-string: expecting '}'%s", "");
        py_toks ft;
        if (py_lex(P->a, s + i, j - i, line, col + 1, true, P->file, &ft, P->e)) return NULL;
        py_node *x;
        if (py_parse_expr(P->a, &ft, P->file, &x, P->e)) return NULL;
        int conv = 's';
        if (s[j] == '!') {
            if (j + 2 < n && (s[j + 1] == 'r' || s[j + 1] == 's') && s[j + 2] == '}') {
                conv = s[j + 1];
                j += 2;
            } else {
                return perr(P, t, GL_E_PARSE, "f-string: expected '!r' or '!s' before '}'%s", "");
            }
        }
        if (s[j] == ':') return perr(P, t, GL_E_PARSE, "f-string format specs ({x:...}) are not supported%s", "");
        for (size_t k = i - 1; k <= j; k++)
            if (((unsigned char)s[k] & 0xC0) != 0x80) col++;
        i = j + 1;
        py_node *wrap = mk(P, E_STAR, t);   /* a hole: wrap->a is the expression, wrap->op the conversion */
        if (!wrap) return NULL;
        wrap->a = x;
        wrap->op = conv;
        if (!vpush(P, parts, wrap)) return NULL;
    }
    if (ln) {
        py_node *ls = mk(P, E_STR, t);
        if (!ls) return NULL;
        char *d = py_alloc(P->a, ln + 1);
        if (!d) return oom(P);
        ls->slen = raw ? (memcpy(d, lit, ln), ln) : py_unescape(d, lit, ln);
        ls->s = d;
        if (!vpush(P, parts, ls)) return NULL;
    }
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
        py_node *x = expr(P);
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
        if (is_op(peek(P), ",")) {
            vec v = {0};
            if (!vpush(P, &v, x)) return NULL;
            while (is_op(peek(P), ",")) {
                next(P);
                if (is_op(peek(P), ")")) break;
                py_node *y = expr(P);
                if (!y || !vpush(P, &v, y)) return NULL;
            }
            if (!(n = mk(P, E_TUPLE, t))) return NULL;
            n->list = v.v;
            n->n = v.n;
            x = n;
        }
        py_tok *c = peek(P);
        if (!expect(P, ")")) return NULL;
        if (x->kind == E_TUPLE) span_tok(x, c);
        return x;
    }
    if (is_op(t, "[")) {
        next(P);
        if (!(n = mk(P, E_LIST, t))) return NULL;
        vec v = {0};
        if (!is_op(peek(P), "]")) {
            py_node *x = expr(P);
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
            while (is_op(peek(P), ",")) {
                next(P);
                if (is_op(peek(P), "]")) break;
                py_node *y = expr(P);
                if (!y || !vpush(P, &v, y)) return NULL;
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
            py_node *x = set_item(P);
            if (!x) return NULL;
            if (x->kind == E_STAR || !is_op(peek(P), ":")) return set_display(P, n, x);
            if (!expect(P, ":")) return NULL;
            py_node *y = expr(P);
            if (!y) return NULL;
            if (is_kw(peek(P), "for")) {
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
                if (!(x = expr(P)) || !expect(P, ":") || !(y = expr(P))) return NULL;
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
    bool kw = false, comma = false;
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
            if (!(a = mk(P, E_KW, t)) || !(a->a = expr(P))) return false;
            a->name = t->name;
            span_to(a, a->a);
            kw = true;
        } else {
            if (kw) return perr(P, t, GL_E_PARSE, "positional argument follows keyword argument%s", ""), false;
            if (!(a = expr(P))) return false;
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
        if (!is_op(peek(P), ",")) break;
        next(P);
        comma = true;
    }
    if (bare && (args->n > 1 || comma))
        return gl_fail(P->e, GL_E_PARSE, "%s:%d:%d: SyntaxError: Generator expression must be parenthesized", P->file,
                       bare->line, bare->col), false;
    return true;
}

/* subscript: [expr] ':' [expr] [':' [expr]] | exprlist */
static py_node *subscript(parser *P) {
    py_tok *t = peek(P);
    py_node *lo = NULL;
    if (!is_op(t, ":")) {
        lo = exprlist(P);
        if (!lo || !is_op(peek(P), ":")) return lo;
    }
    py_node *s = mk(P, E_SLICE, t);
    if (!s) return NULL;
    s->a = lo;
    next(P);
    if (!is_op(peek(P), "]") && !is_op(peek(P), ":") && !(s->b = expr(P))) return NULL;
    if (is_op(peek(P), ":")) {
        next(P);
        if (!is_op(peek(P), "]") && !(s->c = expr(P))) return NULL;
    }
    span_tok(s, peek(P));
    return s;
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
    if (!(n->b = factor(P))) return NULL;
    span_to(n, n->b);
    return n;
}

/* factor: ('-' | '+' | '~') factor | power */
static py_node *factor(parser *P) {
    py_tok *t = peek(P);
    if (!is_op(t, "-") && !is_op(t, "+") && !is_op(t, "~")) return power(P);
    if (!enter(P)) return NULL;
    next(P);
    py_node *n = mk(P, E_UNARY, t);
    if (!n) return NULL;
    n->op = is_op(t, "-") ? OP_NEG : is_op(t, "+") ? OP_POS : OP_INVERT;
    if (!(n->a = factor(P))) return NULL;
    span_to(n, n->a);
    P->depth--;
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
    if (!enter(P)) return NULL;
    next(P);
    py_node *n = mk(P, E_NOT, t);
    if (!n || !(n->a = not_test(P))) return NULL;
    span_to(n, n->a);
    P->depth--;
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

/* params: [param (',' param)* [',']]    param: NAME ['=' expr]   (until ':' or ')') */
static bool params(parser *P, vec *ps, const char *close) {
    bool dflt = false;
    while (!is_op(peek(P), close)) {
        py_tok *t = peek(P);
        if (t->kind != T_NAME || is_keyword(t->name)) {
            if (is_op(t, "*") || is_op(t, "**"))
                return perr(P, t, GL_E_PARSE, "*args / **kwargs parameters are not supported%s", ""), false;
            return syntax(P, t), false;
        }
        next(P);
        py_node *p = mk(P, E_PARAM, t);
        if (!p) return false;
        p->name = t->name;
        for (int i = 0; i < ps->n; i++)
            if (ps->v[i]->name == p->name)
                return perr(P, t, GL_E_PARSE, "duplicate argument '%s' in function definition", t->name), false;
        if (is_op(peek(P), "=")) {
            next(P);
            if (!(p->a = expr(P))) return false;
            dflt = true;
        } else if (dflt) {
            return perr(P, t, GL_E_PARSE, "parameter without a default follows parameter with a default%s", ""), false;
        }
        if (!vpush(P, ps, p)) return false;
        if (!is_op(peek(P), ",")) break;
        next(P);
    }
    return true;
}

/* expr: 'lambda' params ':' expr | or_test ['if' or_test 'else' expr] */
static py_node *expr(parser *P) {
    if (!enter(P)) return NULL;
    py_tok *t = peek(P);
    py_node *x;
    if (is_kw(t, "lambda")) {
        next(P);
        vec ps = {0};
        if (!(x = mk(P, E_LAMBDA, t)) || !params(P, &ps, ":") || !expect(P, ":")) return NULL;
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
    P->depth--;
    return x;
}

static bool is_target(const py_node *n) {
    if (n->kind == E_NAME || n->kind == E_INDEX || n->kind == E_ATTR) return true;
    if (n->kind == E_TUPLE || n->kind == E_LIST) {
        for (int i = 0; i < n->n; i++)
            if (!is_target(n->list[i])) return false;
        return n->n > 0;
    }
    return false;
}

static void *bad_target(parser *P, const py_node *n) {
    return gl_fail(P->e, GL_E_PARSE, "%s:%d:%d: cannot assign to this expression", P->file, n->line, n->col), NULL;
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

/* small_stmt: 'pass' | 'break' | 'continue' | 'return' [exprlist] | 'assert' expr [',' expr]
 *           | 'import' dotted_name ['as' NAME] (',' ...)* | 'from' dotted_name 'import' (NAME ['as' NAME])+
 *           | exprlist ('=' exprlist)* | exprlist augop exprlist */
static py_node *small_stmt(parser *P) {
    py_tok *t = peek(P);
    py_node *n;
    if (t->kind == T_NAME) {
        static const char *refused[] = {"class", "try", "with", "raise", "global", "nonlocal", "del",
                                        "async", "await", "except", "finally", NULL};
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
            bool paren = is_op(peek(P), "(");
            if (paren) next(P);
            vec v = {0};
            for (;;) {
                py_tok *a = peek(P);
                if (is_op(a, "*")) return perr(P, a, GL_E_PARSE, "'from ... import *' is not supported: name what you use%s", "");
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
    static const char *aug[] = {"+=", "-=", "*=", "/=", "//=", "%=", "**=", "@=", "&=", "|=", "^=", "<<=", ">>=", NULL};
    static const int augop[] = {OP_ADD, OP_SUB, OP_MUL, OP_DIV, OP_FLOORDIV, OP_MOD, OP_POW, OP_MATMUL,
                                OP_BITAND, OP_BITOR, OP_BITXOR, OP_LSHIFT, OP_RSHIFT};
    for (int i = 0; aug[i]; i++)
        if (is_op(o, aug[i])) {
            if (x->kind != E_NAME && x->kind != E_INDEX && x->kind != E_ATTR) return bad_target(P, x);
            next(P);
            if (!(n = mk(P, S_AUG, t))) return NULL;
            n->op = augop[i];
            n->a = x;
            if (!(n->b = exprlist_or_yield(P))) return NULL;
            span_to(n, n->b);
            return n;
        }
    if (!is_op(o, "=")) {
        if (!(n = mk(P, S_EXPR, t))) return NULL;
        n->a = x;
        span_to(n, x);
        return n;
    }
    vec targets = {0};
    while (is_op(peek(P), "=")) {
        if (!is_target(x)) return bad_target(P, x);
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
    if (peek(P)->kind != T_NEWLINE) return syntax(P, peek(P)), false;
    next(P);
    return true;
}

static bool stmt(parser *P, vec *out);

/* block: ':' (simple_stmts | NEWLINE INDENT stmt+ DEDENT) */
static py_node **block(parser *P, int *n) {
    if (!expect(P, ":")) return NULL;
    if (!enter(P)) return NULL;
    vec v = {0};
    if (peek(P)->kind != T_NEWLINE) {
        if (!simple_stmts(P, &v)) return NULL;
    } else {
        next(P);
        if (peek(P)->kind != T_INDENT)
            return perr(P, peek(P), GL_E_PARSE, "expected an indented block%s", "");
        next(P);
        while (peek(P)->kind != T_DEDENT && peek(P)->kind != T_EOF)
            if (!stmt(P, &v)) return NULL;
        next(P);
    }
    P->depth--;
    *n = v.n;
    return v.v;
}

/* if_stmt: 'if' expr block ('elif' expr block)* ['else' block] */
static py_node *if_stmt(parser *P) {
    py_tok *t = next(P);
    py_node *n = mk(P, S_IF, t);
    if (!n || !(n->a = expr(P)) || !(n->list = block(P, &n->n))) return NULL;
    py_tok *e = peek(P);
    if (is_kw(e, "elif")) {
        py_node *el = if_stmt(P);
        if (!el) return NULL;
        if (!(n->list2 = py_alloc(P->a, sizeof(py_node *)))) return oom(P);
        n->list2[0] = el;
        n->n2 = 1;
    } else if (is_kw(e, "else")) {
        next(P);
        if (!(n->list2 = block(P, &n->n2))) return NULL;
    }
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
        if (!is_target(n->a)) return bad_target(P, n->a), false;
        if (!is_kw(peek(P), "in")) return perr(P, peek(P), GL_E_PARSE, "invalid syntax: expected 'in'%s", ""), false;
        next(P);
        if (!(n->b = exprlist(P)) || !(n->list = block(P, &n->n))) return false;
        if (is_kw(peek(P), "else")) return perr(P, peek(P), GL_E_PARSE, "for ... else is not supported%s", ""), false;
        return vpush(P, out, n);
    }
    if (is_kw(t, "while")) {
        next(P);
        if (!(n = mk(P, S_WHILE, t)) || !(n->a = expr(P)) || !(n->list = block(P, &n->n))) return false;
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
        if (!expect(P, "(") || !params(P, &ps, ")") || !expect(P, ")")) return false;
        n->list2 = ps.v;
        n->n2 = ps.n;
        if (is_op(peek(P), "->")) {
            next(P);
            if (!expr(P)) return false;
        }
        P->fdepth++;
        if (!(n->list = block(P, &n->n))) return false;
        P->fdepth--;
        return vpush(P, out, n);
    }
    if (is_op(t, "@")) return perr(P, t, GL_E_PARSE, "decorators are not part of GraphLab's Python subset%s", ""), false;
    return simple_stmts(P, out);
}

gl_status py_parse(py_arena *a, const py_toks *toks, const char *file, py_node ***body, int *n, gl_err *e) {
    parser P = {a, toks, 0, file, e, 0, 0};
    vec v = {0};
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
