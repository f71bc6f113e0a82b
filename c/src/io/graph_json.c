/* graph_json.c — graphs as JSON in the fixture format (see graph_json.h). */
#include "io/graph_json.h"

static void put_key(gl_sb *sb, const char *k) {
    gl_sb_json_str(sb, k);
    gl_sb_puts(sb, ": ");
}

void gl_json_put_dim(gl_sb *sb, gl_dim d) {
    if (gl_dim_is_sym(d)) gl_sb_json_str(sb, d.sym);
    else gl_sb_printf(sb, "%lld", (long long)d.n);
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
    for (int i = 0; i < n; i++) gl_sb_printf(sb, i ? ", %d" : "%d", v[i]);
    gl_sb_putc(sb, ']');
}

void gl_json_put_attrs(gl_sb *sb, const gl_attrs *a) {
    bool first = true;
#define SEP() do { if (!first) gl_sb_puts(sb, ", "); first = false; } while (0)
    gl_sb_putc(sb, '{');
    if (a->has & GL_A_AXIS) { SEP(); put_key(sb, "axis"); gl_sb_printf(sb, "%d", a->axis); }
    if (a->has & GL_A_KEEPDIMS) { SEP(); put_key(sb, "keepdims"); gl_sb_puts(sb, a->keepdims ? "true" : "false"); }
    if (a->has & GL_A_PERM) { SEP(); put_key(sb, "perm"); gl_json_put_ints(sb, a->perm, a->nperm); }
    if (a->has & GL_A_SHAPE) { SEP(); put_key(sb, "shape"); gl_json_put_shape(sb, &a->shape); }
    if (a->has & GL_A_EPS) { SEP(); put_key(sb, "eps"); gl_sb_double(sb, a->eps); }
    if (a->has & GL_A_T) { SEP(); put_key(sb, "T"); gl_sb_printf(sb, "%lld", (long long)a->T); }
    if (a->has & GL_A_POS0) { SEP(); put_key(sb, "pos0"); gl_sb_printf(sb, "%lld", (long long)a->pos0); }
    if (a->has & GL_A_POS) { SEP(); put_key(sb, "pos"); gl_json_put_dim(sb, a->pos); }
    if (a->has & GL_A_SCALE) { SEP(); put_key(sb, "scale"); gl_sb_double(sb, a->scale); }
    if (a->has & GL_A_VALUE) { SEP(); put_key(sb, "value"); gl_sb_double(sb, a->value); }
#undef SEP
    gl_sb_putc(sb, '}');
}

void gl_json_put_graph_fields(gl_sb *sb, const gl_graph *g, const char *sep, const char *first_sep) {
    gl_sb_printf(sb, "\"nodes\": [%s", first_sep);
    for (int i = 0; i < g->n; i++) {
        const gl_node *n = &g->nodes[i];
        if (i) gl_sb_puts(sb, sep);
        gl_sb_printf(sb, "[%d, ", n->id);
        gl_sb_json_str(sb, gl_op_name(n->op));
        gl_sb_puts(sb, ", ");
        gl_json_put_ints(sb, n->in, n->nin);
        gl_sb_puts(sb, ", ");
        gl_json_put_attrs(sb, &n->attrs);
        gl_sb_puts(sb, ", ");
        gl_json_put_shape(sb, &n->shape);
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
        gl_sb_printf(sb, "%d", g->nodes[i].id);
    }
    gl_sb_putc(sb, '}');
}
