/* codegen.c — code generation (§8): the reference's numpy-style Python text, and a standalone C program.
 *
 * gl_codegen_python prints exactly what the reference's codegen(g) returns as source: one line per node,
 * `_NP_EXPR` forms for the simple ops, np.sum / np.max with axis and keepdims, .reshape / .transpose with
 * tuple attrs, `_eval(N[id], [...])` for everything else.
 *
 * gl_codegen_c writes a self-contained C11 program: a small runtime (runtime.c, embedded: tensors,
 * numpy broadcasting, numpy's pairwise summation, k-order matmul, softmax, rms_norm, kv_write, flash_attn,
 * ... with the interpreter's operation order, so the outputs agree to the last bits or within rounding),
 * the graph's params and consts as static arrays of hex-float literals (exact), and a straight-line main
 * with one helper call per node (each result's shape checked against the graph's), freeing each value
 * after its last reader. I/O: inputs as little-endian float64 (C order, concatenated in input-node order)
 * from stdin or --in FILE; outputs the same way on stdout, or one "%a" per line with --text; symbols on
 * the command line (S=16 P=15), with the bind given to gl_codegen_c as defaults.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ir/attrs.h"
#include "ir/util.h"

#define GL_CODEGEN_MAX_VALUES (1LL << 22)   /* embedded float64 values (about 100 MB of source) */

/* ------------------------------------------------------------------ Python */
/* Python's repr() of a str: single quotes unless the text has ' and no ", with escapes. */
static void put_pyrepr(gl_sb *sb, const char *s) {
    char q = (strchr(s, '\'') && !strchr(s, '"')) ? '"' : '\'';
    gl_sb_putc(sb, q);
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        if (*p == '\\' || *p == (unsigned char)q) {
            gl_sb_putc(sb, '\\');
            gl_sb_putc(sb, (char)*p);
        } else if (*p == '\n') gl_sb_puts(sb, "\\n");
        else if (*p == '\r') gl_sb_puts(sb, "\\r");
        else if (*p == '\t') gl_sb_puts(sb, "\\t");
        else if (*p < 0x20 || *p == 0x7f) gl_sb_printf(sb, "\\x%02x", *p);
        else gl_sb_putc(sb, (char)*p);
    }
    gl_sb_putc(sb, q);
}

/* The op table's np and chelper columns. */
static const struct {
    const char *np, *chelper;
} FORM[] = {
#define GL_OP(E, name, cls, lo, hi, req, opt, kernel, flops, np, chelper, ...) [GL_OP_##E] = {np, chelper},
#include "graphlab_ops.h"
#undef GL_OP
};
_Static_assert(sizeof FORM / sizeof FORM[0] == GL_OP_COUNT, "a code form per op");

/* An np template: {0} {1} are inputs, {key} an attr in Python syntax (attrs.h). */
static void put_np(gl_sb *sb, const char *fmt, const gl_node *n) {
    for (const char *p = fmt; *p; p++) {
        if (p[0] == '{' && (p[1] == '0' || p[1] == '1') && p[2] == '}') {
            int k = p[1] - '0';
            gl_sb_printf(sb, "v%d", k < n->nin ? n->in[k] : -1);
            p += 2;
            continue;
        }
        const char *close = p[0] == '{' ? strchr(p, '}') : NULL;
        int t = -1;
        for (int i = 0; close && i < GL_A_COUNT && t < 0; i++)
            if ((size_t)(close - p - 1) == strlen(gl_attr_table[i].key) &&
                strncmp(p + 1, gl_attr_table[i].key, (size_t)(close - p - 1)) == 0)
                t = i;
        if (t >= 0) {
            gl_attr_put_py(sb, n->attrs, gl_attr_table[t].bit);
            p = close;
        } else {
            gl_sb_putc(sb, *p);
        }
    }
}

gl_status gl_codegen_python(const gl_graph *g, const char *fn_name, char **out, size_t *outlen, gl_err *e) {
    if (gl_out_begin(out, outlen, "gl_codegen_python", e)) return GL_E_INVALID;
    if (!g) return gl_fail(e, GL_E_INVALID, "gl_codegen_python: graph is NULL");
    gl_status st = gl_graph_validate(g, e);
    if (st) return st;
    gl_sb sb;
    gl_sb_init(&sb);
    gl_sb_printf(&sb, "def %s(inputs, V):", fn_name && fn_name[0] ? fn_name : "compiled");
    for (int i = 0; i < g->n; i++) {
        const gl_node *n = &g->nodes[i];
        const char *fmt = FORM[n->op].np;
        gl_sb_printf(&sb, "\n    v%d = ", n->id);
        if (n->op == GL_OP_INPUT) {
            gl_sb_puts(&sb, "inputs[");
            put_pyrepr(&sb, n->name);
            gl_sb_putc(&sb, ']');
        } else if (n->op == GL_OP_PARAM || n->op == GL_OP_CONST) {
            gl_sb_printf(&sb, "V[%d]", n->id);
        } else if (fmt) {
            put_np(&sb, fmt, n);
        } else {
            gl_sb_printf(&sb, "_eval(N[%d], [", n->id);
            for (int k = 0; k < n->nin; k++) gl_sb_printf(&sb, "%sv%d", k ? ", " : "", n->in[k]);
            gl_sb_puts(&sb, "])");
        }
    }
    gl_sb_puts(&sb, "\n    return [");
    for (int k = 0; k < g->nout; k++) gl_sb_printf(&sb, "%sv%d", k ? ", " : "", g->outputs[k]);
    gl_sb_putc(&sb, ']');
    return gl_sb_finish(&sb, out, outlen, e);
}

/* ------------------------------------------------------------------ the generated program's runtime
 * (runtime.c, embedded at build time as one string literal: see the Makefile's codegen_runtime.h rule). */
static const char RUNTIME[] =
#include "codegen_runtime.h"
    ;

/* ------------------------------------------------------------------ C */
/* An exact C hex-float literal (own formatting: the same text from every libc). */
static void put_hex(gl_sb *sb, double v) {
    if (isnan(v)) {
        gl_sb_puts(sb, "NAN");
        return;
    }
    if (isinf(v)) {
        gl_sb_puts(sb, v > 0 ? "INFINITY" : "-INFINITY");
        return;
    }
    uint64_t u;
    memcpy(&u, &v, sizeof u);
    const char *sign = (u >> 63) ? "-" : "";
    int ex = (int)((u >> 52) & 0x7ff);
    uint64_t mant = u & ((1ull << 52) - 1);
    if (ex == 0 && mant == 0) {
        gl_sb_printf(sb, "%s0.0", sign);
        return;
    }
    char digits[16];
    int nd = 13;
    for (int i = 0; i < 13; i++) digits[i] = "0123456789abcdef"[(mant >> (48 - 4 * i)) & 0xf];
    while (nd > 0 && digits[nd - 1] == '0') nd--;
    digits[nd] = 0;
    int lead = ex == 0 ? 0 : 1, e2 = ex == 0 ? -1022 : ex - 1023;
    gl_sb_printf(sb, "%s0x%d%s%sp%+d", sign, lead, nd ? "." : "", digits, e2);
}

typedef struct {
    char name[GL_SYM_MAX];
    bool has_default;
    int64_t def;
} cg_sym;

typedef struct {
    gl_sb *sb;
    cg_sym sym[32];
    int nsym;
    gl_err *e;
} cg;

static int sym_index(cg *c, const char *name) {
    for (int i = 0; i < c->nsym; i++)
        if (strcmp(c->sym[i].name, name) == 0) return i;
    if (c->nsym == (int)(sizeof c->sym / sizeof c->sym[0])) return -1;
    memset(&c->sym[c->nsym], 0, sizeof c->sym[0]);
    for (int k = 0; k < GL_SYM_MAX - 1 && name[k]; k++) c->sym[c->nsym].name[k] = name[k];
    return c->nsym++;
}

static gl_status note_dim(cg *c, gl_dim d) {
    if (gl_dim_is_sym(d) && sym_index(c, d.sym) < 0)
        return gl_fail(c->e, GL_E_LIMIT, "codegen c: more than %d symbols", (int)(sizeof c->sym / sizeof c->sym[0]));
    return GL_OK;
}

static void put_dim(cg *c, gl_dim d) {
    if (gl_dim_is_sym(d)) gl_sb_printf(c->sb, "sym[%d]", sym_index(c, d.sym));
    else gl_sb_printf(c->sb, "%lld", (long long)d.n);
}

/* "2, (const int64_t[]){12, sym[0]}" */
static void put_shape_args(cg *c, const gl_shape *s) {
    gl_sb_printf(c->sb, "%d, (const int64_t[]){", s->rank);
    if (s->rank == 0) gl_sb_putc(c->sb, '0');
    for (int i = 0; i < s->rank; i++) {
        if (i) gl_sb_puts(c->sb, ", ");
        put_dim(c, s->d[i]);
    }
    gl_sb_putc(c->sb, '}');
}

/* a C comment-safe rendering of a name (no "*" "/" pairs or newlines) */
static void put_comment_text(gl_sb *sb, const char *s) {
    for (const char *p = s; *p; p++) gl_sb_putc(sb, (*p == '*' || *p == '\n' || *p == '\r') ? '_' : *p);
}

/* a C string literal */
static void put_cstr(gl_sb *sb, const char *s) {
    gl_sb_putc(sb, '"');
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        if (*p == '"' || *p == '\\') {
            gl_sb_putc(sb, '\\');
            gl_sb_putc(sb, (char)*p);
        } else if (*p < 0x20 || *p >= 0x7f) {
            gl_sb_printf(sb, "\\%03o", *p);
        } else {
            gl_sb_putc(sb, (char)*p);
        }
    }
    gl_sb_putc(sb, '"');
}

/* One attr as the runtime helper takes it (runtime.c): ints and bools as numbers, floats as exact hex,
 * a shape or perm as (rank, array), a dim as a number or its symbol's slot. */
static void put_attr_c(cg *c, const gl_attrs *a, const gl_attr_info *t) {
    gl_sb *sb = c->sb;
    const bool has = (a->has & t->bit) != 0;
    switch (t->kind) {
    case GL_AK_INT: gl_sb_printf(sb, "%d", has ? *GL_ATTR_CPTR(a, t, int) : 0); break;
    case GL_AK_BOOL: gl_sb_printf(sb, "%d", has && *GL_ATTR_CPTR(a, t, bool)); break;
    case GL_AK_PERM:
        gl_sb_printf(sb, "%d, (const int[]){", a->nperm);
        if (a->nperm == 0) gl_sb_putc(sb, '0');
        for (int k = 0; k < a->nperm; k++) gl_sb_printf(sb, "%s%d", k ? ", " : "", a->perm[k]);
        gl_sb_putc(sb, '}');
        break;
    case GL_AK_SHAPE: put_shape_args(c, GL_ATTR_CPTR(a, t, gl_shape)); break;
    case GL_AK_F64: put_hex(sb, has ? *GL_ATTR_CPTR(a, t, double) : 0.0); break;
    case GL_AK_I64: gl_sb_printf(sb, "%lld", has ? (long long)*GL_ATTR_CPTR(a, t, int64_t) : 0LL); break;
    case GL_AK_DIM: put_dim(c, *GL_ATTR_CPTR(a, t, gl_dim)); break;
    case GL_AK_FMT: gl_sb_printf(sb, "%d", has ? *GL_ATTR_CPTR(a, t, int) : 0); break;   /* runtime.c's FMTS row */
    }
}

/* The statement computing node n into v{id}: its op's helper with (a generator's shape,) its inputs (a
 * missing optional one NULL), its attrs in table order and the node id. */
static gl_status put_node(cg *c, const gl_graph *g, const gl_node *n) {
    gl_sb *sb = c->sb;
    const gl_attrs *a = n->attrs;
    const char *helper = FORM[n->op].chelper;
    if (!helper) return gl_fail(c->e, GL_E_INTERNAL, "codegen c: op %s has no C form", gl_op_name(n->op));
    const unsigned missing = gl_op_attrs_required(n->op) & ~a->has;
    for (int i = 0; i < GL_A_COUNT; i++)
        if (missing & gl_attr_table[i].bit)
            return gl_fail(c->e, GL_E_INVALID, "codegen c: %s %%%d has no %s", gl_op_name(n->op), n->id,
                           gl_attr_table[i].key);
    gl_sb_printf(sb, "    T v%d = %s(", n->id, helper);
    if (gl_op_class(n->op) == GL_CLASS_GENERATOR) {
        put_shape_args(c, n->shape);
        gl_sb_puts(sb, ", ");
    }
    for (int k = 0; k < gl_op_max_arity(n->op); k++) {
        if (k < n->nin) gl_sb_printf(sb, "&v%d, ", n->in[k]);
        else gl_sb_puts(sb, "NULL, ");
    }
    const unsigned takes = gl_op_attrs_allowed(n->op);
    for (int i = 0; i < GL_A_COUNT; i++)
        if (takes & gl_attr_table[i].bit) {
            put_attr_c(c, a, &gl_attr_table[i]);
            gl_sb_puts(sb, ", ");
        }
    gl_sb_printf(sb, "%d);", n->id);
    gl_sb_printf(sb, "  /* %s", gl_op_name(n->op));
    if (n->name[0]) {
        gl_sb_putc(sb, ' ');
        put_comment_text(sb, n->name);
    }
    gl_sb_puts(sb, " */\n    t_check(&v");
    gl_sb_printf(sb, "%d, ", n->id);
    put_shape_args(c, n->shape);
    gl_sb_printf(sb, ", %d);\n", n->id);
    (void)g;
    return GL_OK;
}

static gl_status collect_symbols(cg *c, const gl_graph *g, const gl_bind *bind) {
    gl_status st;
    for (int i = 0; i < g->n; i++) {
        const gl_node *n = &g->nodes[i];
        for (int k = 0; k < n->shape->rank; k++)
            if ((st = note_dim(c, n->shape->d[k]))) return st;
        if (n->attrs->has & GL_A_SHAPE)
            for (int k = 0; k < n->attrs->shape.rank; k++)
                if ((st = note_dim(c, n->attrs->shape.d[k]))) return st;
        if ((n->attrs->has & GL_A_POS) && (st = note_dim(c, n->attrs->pos))) return st;
    }
    for (int i = 0; bind && i < bind->n; i++)
        for (int k = 0; k < c->nsym; k++)
            if (strcmp(c->sym[k].name, bind->s[i].sym) == 0) {
                c->sym[k].has_default = true;
                c->sym[k].def = bind->s[i].value;
            }
    return GL_OK;
}

/* params and consts as static arrays */
static gl_status put_values(cg *c, const gl_graph *g) {
    gl_sb *sb = c->sb;
    int64_t total = 0;
    char lb[48];
    for (int i = 0; i < g->n; i++) {
        const gl_node *n = &g->nodes[i];
        if (n->op != GL_OP_PARAM && n->op != GL_OP_CONST) continue;
        snprintf(lb, sizeof lb, "%%%d", n->id);
        const char *label = n->name[0] ? n->name : lb;
        const gl_array *v = g->values ? g->values[i] : NULL;
        if (!v || !v->data)
            return gl_fail(c->e, GL_E_INVALID, "codegen c: %s '%s' has no value (a shape-only graph cannot be compiled "
                           "to C: give params)", gl_op_name(n->op), label);
        for (int k = 0; k < n->shape->rank; k++)
            if (gl_dim_is_sym(n->shape->d[k]))
                return gl_fail(c->e, GL_E_INVALID, "codegen c: %s '%s' has a symbolic shape", gl_op_name(n->op), label);
        gl_shape vs = gl_array_shape(v);
        if (!gl_shape_eq(&vs, n->shape)) {
            char b1[160], b2[160];
            return gl_fail(c->e, GL_E_SHAPE, "codegen c: %s '%s' value has shape %s, the node says %s",
                           gl_op_name(n->op), label, gl_shape_str(&vs, b1, sizeof b1),
                           gl_shape_str(n->shape, b2, sizeof b2));
        }
        if (v->size > GL_CODEGEN_MAX_VALUES - total)
            return gl_fail(c->e, GL_E_LIMIT, "codegen c: more than %lld param/const values to embed",
                           (long long)GL_CODEGEN_MAX_VALUES);
        total += v->size;
        gl_sb_printf(sb, "/* %%%d %s", n->id, gl_op_name(n->op));
        if (n->name[0]) {
            gl_sb_putc(sb, ' ');
            put_comment_text(sb, n->name);
        }
        char sh[160];
        gl_sb_printf(sb, " %s */\nstatic const double W%d[%lld] = {", gl_shape_str(n->shape, sh, sizeof sh), n->id,
                     (long long)(v->size ? v->size : 1));
        if (v->size == 0) gl_sb_puts(sb, "0.0");
        for (int64_t k = 0; k < v->size; k++) {
            if (k) gl_sb_puts(sb, k % 4 ? ", " : ",\n    ");
            put_hex(sb, v->data[k]);
        }
        gl_sb_puts(sb, "};\n");
        if (sb->failed) return gl_fail(c->e, GL_E_NOMEM, "out of memory generating C");
    }
    return GL_OK;
}

gl_status gl_codegen_c(const gl_graph *g, const gl_bind *bind, char **out, size_t *outlen, gl_err *e) {
    if (gl_out_begin(out, outlen, "gl_codegen_c", e)) return GL_E_INVALID;
    if (!g) return gl_fail(e, GL_E_INVALID, "gl_codegen_c: graph is NULL");
    gl_status st = gl_graph_validate(g, e);
    if (st) return st;
    gl_sb sb;
    gl_sb_init(&sb);
    cg c;
    memset(&c, 0, sizeof c);
    c.sb = &sb;
    c.e = e;
    int *last = gl_alloc((size_t)g->n, sizeof *last, e);
    bool *is_out = gl_alloc((size_t)g->n, sizeof *is_out, e);
    if (!last || !is_out) {
        st = GL_E_NOMEM;
        goto done;
    }
    if ((st = collect_symbols(&c, g, bind))) goto done;
    for (int i = 0; i < g->n; i++) last[i] = -1;
    for (int i = 0; i < g->n; i++)
        for (int k = 0; k < g->nodes[i].nin; k++) last[g->nodes[i].in[k]] = i;
    for (int k = 0; k < g->nout; k++) is_out[g->outputs[k]] = true;

    /* header */
    gl_sb_printf(&sb, "/* Generated by GraphLab %s (codegen --lang c): %d nodes, %d ops.\n", GL_VERSION, g->n,
                 gl_graph_count(g));
    gl_sb_puts(&sb, " *\n *   cc -std=c11 -O2 prog.c -lm -o prog\n *   ./prog");
    for (int k = 0; k < c.nsym; k++) gl_sb_printf(&sb, " %s=<int>", c.sym[k].name);
    gl_sb_puts(&sb, " [--in FILE] [--text] < inputs.f64 > outputs.f64\n *\n"
                    " * Inputs: little-endian float64, C order, concatenated in this order:\n");
    int nin = 0;
    for (int i = 0; i < g->n; i++) {
        const gl_node *n = &g->nodes[i];
        if (n->op != GL_OP_INPUT) continue;
        char sh[160];
        gl_sb_puts(&sb, " *   ");
        put_comment_text(&sb, n->name);
        gl_sb_printf(&sb, " %s\n", gl_shape_str(n->shape, sh, sizeof sh));
        nin++;
    }
    if (!nin) gl_sb_puts(&sb, " *   (none)\n");
    gl_sb_puts(&sb, " * Outputs: the same encoding on stdout, in this order (--text: one %a per line):\n");
    for (int k = 0; k < g->nout; k++) {
        char sh[160];
        gl_sb_printf(&sb, " *   %%%d %s\n", g->outputs[k], gl_shape_str(g->nodes[g->outputs[k]].shape, sh, sizeof sh));
    }
    gl_sb_puts(&sb, " */\n");
    gl_sb_puts(&sb, RUNTIME);

    /* symbols */
    gl_sb_printf(&sb, "\n/* ---- symbols (bound on the command line: NAME=value) */\n#define NSYM %d\n", c.nsym);
    gl_sb_puts(&sb, "static const char *const SYM_NAME[NSYM + 1] = {");
    for (int k = 0; k < c.nsym; k++) {
        put_cstr(&sb, c.sym[k].name);
        gl_sb_puts(&sb, ", ");
    }
    gl_sb_puts(&sb, "NULL};\nstatic int64_t sym[NSYM + 1] = {");
    for (int k = 0; k < c.nsym; k++) gl_sb_printf(&sb, "%lld, ", (long long)(c.sym[k].has_default ? c.sym[k].def : 0));
    gl_sb_puts(&sb, "0};\nstatic int sym_set[NSYM + 1] = {");
    for (int k = 0; k < c.nsym; k++) gl_sb_printf(&sb, "%d, ", c.sym[k].has_default ? 1 : 0);
    gl_sb_puts(&sb, "0};\n\n/* ---- params and consts */\n");
    if ((st = put_values(&c, g))) goto done;

    /* main */
    gl_sb_puts(&sb,
               "\nint main(int argc, char **argv) {\n"
               "    const char *in_path = NULL;\n"
               "    int text = 0;\n"
               "    for (int i = 1; i < argc; i++) {\n"
               "        const char *eq = strchr(argv[i], '=');\n"
               "        if (strcmp(argv[i], \"--in\") == 0 && i + 1 < argc) in_path = argv[++i];\n"
               "        else if (strcmp(argv[i], \"--text\") == 0) text = 1;\n"
               "        else if (eq && argv[i][0] != '-') {\n"
               "            int k = 0;\n"
               "            while (k < NSYM && (strncmp(SYM_NAME[k], argv[i], (size_t)(eq - argv[i])) != 0 ||\n"
               "                                SYM_NAME[k][eq - argv[i]] != 0)) k++;\n"
               "            if (k == NSYM) die(\"%s: this graph has no such symbol\", argv[i]);\n"
               "            char *end = NULL;\n"
               "            long long v = strtoll(eq + 1, &end, 10);\n"
               "            if (end == eq + 1 || *end || v < 0) die(\"%s: the value must be a non-negative integer\", argv[i]);\n"
               "            sym[k] = v;\n"
               "            sym_set[k] = 1;\n"
               "        } else die(\"unknown argument %s (usage: prog [SYM=int ...] [--in FILE] [--text])\", argv[i]);\n"
               "    }\n"
               "    for (int k = 0; k < NSYM; k++)\n"
               "        if (!sym_set[k]) die(\"symbol %s is not bound: pass %s=<int>\", SYM_NAME[k], SYM_NAME[k]);\n"
               "    size_t len = 0, off = 0;\n"
               "    unsigned char *buf = read_all(in_path, &len);\n");
    for (int i = 0; i < g->n; i++) {
        const gl_node *n = &g->nodes[i];
        if (n->op != GL_OP_INPUT) continue;
        gl_sb_printf(&sb, "    T v%d = t_input(buf, len, &off, ", n->id);
        put_shape_args(&c, n->shape);
        gl_sb_puts(&sb, ", ");
        put_cstr(&sb, n->name);
        gl_sb_puts(&sb, ");\n");
    }
    gl_sb_puts(&sb, "    if (off != len) die(\"the input has %zu bytes, the inputs take %zu\", len, off);\n"
                    "    free(buf);\n");
    for (int i = 0; i < g->n && !sb.failed; i++) {
        const gl_node *n = &g->nodes[i];
        if (n->op == GL_OP_INPUT) continue;
        if (n->op == GL_OP_PARAM || n->op == GL_OP_CONST) {
            gl_sb_printf(&sb, "    T v%d = t_static(W%d, ", n->id, n->id);
            put_shape_args(&c, n->shape);
            gl_sb_puts(&sb, ");\n");
        } else if ((st = put_node(&c, g, n))) {
            goto done;
        }
        /* free the values whose last reader this was (and unread non-outputs) */
        for (int k = 0; k < n->nin; k++) {
            int j = n->in[k];
            bool dup = false;
            for (int q = 0; q < k; q++) dup |= n->in[q] == j;
            if (!dup && last[j] == i && !is_out[j]) gl_sb_printf(&sb, "    t_free(&v%d);\n", j);
        }
    }
    for (int i = 0; i < g->n; i++)
        if (last[i] < 0 && !is_out[i] && g->nodes[i].op == GL_OP_INPUT) gl_sb_printf(&sb, "    t_free(&v%d);\n", i);
    for (int i = 0; i < g->n; i++)
        if (last[i] < 0 && !is_out[i] && g->nodes[i].op != GL_OP_INPUT) gl_sb_printf(&sb, "    t_free(&v%d);\n", i);
    for (int k = 0; k < g->nout; k++)
        gl_sb_printf(&sb, "    t_write(&v%d, text, %d, %d);\n", g->outputs[k], k, g->outputs[k]);
    gl_sb_puts(&sb, "    if (fflush(stdout) != 0) die(\"cannot write the outputs\");\n");
    for (int i = 0; i < g->n; i++)
        if (is_out[i]) gl_sb_printf(&sb, "    t_free(&v%d);\n", i);
    gl_sb_puts(&sb, "    return 0;\n}\n");
    st = gl_sb_finish(&sb, out, outlen, e);
done:
    if (st) gl_sb_free(&sb);
    free(last);
    free(is_out);
    return st;
}
