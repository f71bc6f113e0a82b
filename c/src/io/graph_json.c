/* graph_json.c — graphs as JSON in the fixture format (see graph_json.h). */
#include "io/graph_json.h"
#include "exec/numfmt.h"
#include "ir/attrs.h"

static void put_key(gl_sb *sb, const char *k) {
    gl_sb_json_str(sb, k);
    gl_sb_puts(sb, ": ");
}

void gl_json_put_dim(gl_sb *sb, gl_dim d) {
    if (gl_dim_is_sym(d)) gl_sb_json_str(sb, d.sym);
    else gl_sb_int(sb, (long long)d.n);
}

void gl_json_put_shape(gl_sb *sb, const gl_shape *s) {
    gl_sb_putc(sb, '[');
    for (int i = 0; i < s->rank; i++) {
        if (i) gl_sb_puts(sb, ", ");
        gl_json_put_dim(sb, s->d[i]);
    }
    gl_sb_putc(sb, ']');
}

void gl_json_put_ints(gl_sb *sb, const int *v, int n) {
    gl_sb_putc(sb, '[');
    for (int i = 0; i < n; i++) {
        if (i) gl_sb_puts(sb, ", ");
        gl_sb_int(sb, v[i]);
    }
    gl_sb_putc(sb, ']');
}

/* {"axis": -1, "keepdims": true}: every key a holds, in the attribute table's order */
void gl_json_put_attrs(gl_sb *sb, const gl_attrs *a) {
    bool first = true;
    gl_sb_putc(sb, '{');
    for (int i = 0; i < GL_A_COUNT; i++) {
        const gl_attr_info *t = &gl_attr_table[i];
        if (!(a->has & t->bit)) continue;
        if (!first) gl_sb_puts(sb, ", ");
        first = false;
        put_key(sb, t->key);
        switch (t->kind) {
        case GL_AK_INT: gl_sb_int(sb, *GL_ATTR_CPTR(a, t, int)); break;
        case GL_AK_BOOL: gl_sb_puts(sb, *GL_ATTR_CPTR(a, t, bool) ? "true" : "false"); break;
        case GL_AK_PERM: gl_json_put_ints(sb, a->perm, a->nperm); break;
        case GL_AK_SHAPE: gl_json_put_shape(sb, GL_ATTR_CPTR(a, t, gl_shape)); break;
        case GL_AK_F64: gl_sb_double(sb, *GL_ATTR_CPTR(a, t, double)); break;
        case GL_AK_I64: gl_sb_int(sb, (long long)*GL_ATTR_CPTR(a, t, int64_t)); break;
        case GL_AK_DIM: gl_json_put_dim(sb, *GL_ATTR_CPTR(a, t, gl_dim)); break;
        case GL_AK_FMT: gl_sb_json_str(sb, gl_numfmt_name((gl_numfmt)*GL_ATTR_CPTR(a, t, int))); break;
        }
    }
    gl_sb_putc(sb, '}');
}

void gl_json_put_graph_fields(gl_sb *sb, const gl_graph *g, const char *sep, const char *first_sep) {
    gl_sb_printf(sb, "\"nodes\": [%s", first_sep);
    for (int i = 0; i < g->n; i++) {
        const gl_node *n = &g->nodes[i];
        if (i) gl_sb_puts(sb, sep);
        gl_sb_putc(sb, '[');
        gl_sb_int(sb, n->id);
        gl_sb_puts(sb, ", ");
        gl_sb_json_str(sb, gl_op_name(n->op));
        gl_sb_puts(sb, ", ");
        gl_json_put_ints(sb, n->in, n->nin);
        gl_sb_puts(sb, ", ");
        gl_json_put_attrs(sb, n->attrs);
        gl_sb_puts(sb, ", ");
        gl_json_put_shape(sb, n->shape);
        gl_sb_puts(sb, ", ");
        gl_sb_json_str(sb, n->name);
        gl_sb_putc(sb, ']');
    }
    gl_sb_puts(sb, "], \"outputs\": ");
    gl_json_put_ints(sb, g->outputs, g->nout);
    gl_sb_puts(sb, ", \"input_names\": {");
    bool first = true;
    for (int i = 0; i < g->n; i++) {
        if (g->nodes[i].op != GL_OP_INPUT) continue;
        if (!first) gl_sb_puts(sb, ", ");
        first = false;
        put_key(sb, g->nodes[i].name);
        gl_sb_int(sb, g->nodes[i].id);
    }
    gl_sb_putc(sb, '}');
}
