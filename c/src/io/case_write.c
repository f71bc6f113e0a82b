/* case_write.c — the result JSON of a case: one small writer per top-level key, listed in KEYS below
 * (add a row to add a key). Floats are written with gl_sb_double (shortest round-trip text). */
#include "io/case.h"
#include "io/stage_keys.h"
#include "io/graph_json.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    gl_sb *sb;
    const gl_case *c;
    const gl_case_result *r;
    bool pretty;
    bool apart;   /* GL_CASE_TABLES_APART: the tables are written by gl_case_write_tables */
} wctx;

static void put_i64(gl_sb *sb, int64_t v) { gl_sb_int(sb, (long long)v); }

/* The comma-separated items of ints (or, when it is NULL, of i64s), without the brackets. */
static void put_list(gl_sb *sb, const int *ints, const int64_t *i64s, int n) {
    for (int i = 0; i < n; i++) {
        if (i) gl_sb_puts(sb, ", ");
        gl_sb_int(sb, ints ? ints[i] : (long long)i64s[i]);
    }
}

static void put_key(gl_sb *sb, const char *k) {
    gl_sb_json_str(sb, k);
    gl_sb_puts(sb, ": ");
}


/* ------------------------------------------------------------------ one writer per key */
static void w_case(wctx *w) { gl_sb_json_str(w->sb, w->c->name); }

static void w_config(wctx *w) {
    gl_sb *sb = w->sb;
    if (w->c->program) {          /* a program case has no config: its source is the model */
        gl_sb_puts(sb, "null");
        return;
    }
    const gl_model_cfg *m = &w->c->model;
    bool prefill = m->mode == GL_MODE_PREFILL;
    gl_sb_printf(sb, "{\"d\": %lld, \"H\": %lld, \"G\": %lld, \"dh\": %lld, \"f\": %lld, \"eps\": ",
                 (long long)m->layer.d, (long long)m->layer.H, (long long)m->layer.G, (long long)m->layer.dh,
                 (long long)m->layer.f);
    gl_sb_double(sb, m->layer.eps);
    gl_sb_puts(sb, ", \"theta\": ");
    gl_sb_double(sb, m->layer.theta);
    gl_sb_printf(sb, ", \"mode\": \"%s\", \"T\": ", prefill ? "prefill" : "decode");
    if (prefill) put_i64(sb, m->T);
    else gl_sb_puts(sb, "null");
    gl_sb_puts(sb, ", \"pos0\": ");
    put_i64(sb, prefill ? m->pos0 : 0);
    gl_sb_puts(sb, ", \"S\": ");
    if (prefill) gl_sb_puts(sb, "null");
    else put_i64(sb, m->S);
    gl_sb_printf(sb, ", \"masked\": %s, \"layers\": %d}", m->masked ? "true" : "false", m->layers);
}

static void w_elem_bytes(wctx *w) { gl_sb_printf(w->sb, "%d", w->c->elem_bytes); }

static void w_device(wctx *w) {
    gl_sb *sb = w->sb;
    const gl_device *d = &w->c->device;
    gl_sb_puts(sb, "{\"name\": ");
    gl_sb_json_str(sb, d->name ? d->name : "");
    gl_sb_puts(sb, ", \"mm_flops\": ");
    gl_sb_double(sb, d->mm_flops);
    gl_sb_puts(sb, ", \"vec_flops\": ");
    gl_sb_double(sb, d->vec_flops);
    gl_sb_puts(sb, ", \"bw\": ");
    gl_sb_double(sb, d->bw);
    gl_sb_puts(sb, ", \"launch\": ");
    gl_sb_double(sb, d->launch);
    gl_sb_putc(sb, '}');
}

static void w_bind(wctx *w) {
    gl_sb *sb = w->sb;
    const gl_bind *b = &w->c->bind;
    gl_sb_putc(sb, '{');
    for (int i = 0; i < b->n; i++) {
        if (i) gl_sb_puts(sb, ", ");
        put_key(sb, b->s[i].sym);
        put_i64(sb, b->s[i].value);
    }
    gl_sb_putc(sb, '}');
}

static void w_passes(wctx *w) {
    gl_sb *sb = w->sb;
    gl_sb_putc(sb, '[');
    for (int i = 0; i < w->r->nst; i++) {
        const gl_case_stage *s = &w->r->st[i];
        const gl_graph *g = s->r.graph;
        gl_sb_puts(sb, i ? ", {\"name\": " : "{\"name\": ");
        gl_sb_json_str(sb, i ? w->c->pipeline[i - 1] : "trace");
        gl_sb_printf(sb, ", \"nodes\": %d, \"ops\": %d, \"hits\": ", g->n, gl_graph_count(g));
        if (s->r.hits < 0) gl_sb_puts(sb, "null");
        else gl_sb_printf(sb, "%d", s->r.hits);
        gl_sb_putc(sb, '}');
    }
    gl_sb_putc(sb, ']');
}

static void put_graph(wctx *w, const gl_graph *g) {
    gl_sb_putc(w->sb, '{');
    gl_json_put_graph_fields(w->sb, g, w->pretty ? ",\n    " : ", ", w->pretty ? "\n    " : "");
    gl_sb_putc(w->sb, '}');
}

/* emit.graphs "shapes": a stage as what a change of sizes changes (its nodes' shapes and attrs, in node order)
 * and its structure's fingerprint (gl_case_fingerprint, 16 hex digits): {"fingerprint", "shapes", "attrs"}. */
static void put_shapes(wctx *w, int i) {
    gl_sb *sb = w->sb;
    const gl_graph *g = w->r->st[i].r.graph;
    gl_sb_printf(sb, "{\"fingerprint\": \"%016llx\", \"shapes\": [",
                 (unsigned long long)gl_case_fingerprint(w->c, w->r, i));
    for (int k = 0; g && k < g->n; k++) {
        if (k) gl_sb_puts(sb, ", ");
        gl_json_put_shape(sb, g->nodes[k].shape);
    }
    gl_sb_puts(sb, "], \"attrs\": [");
    for (int k = 0; g && k < g->n; k++) {
        if (k) gl_sb_puts(sb, ", ");
        gl_json_put_attrs(sb, g->nodes[k].attrs);
    }
    gl_sb_puts(sb, "]}");
}

static void w_graphs(wctx *w) {
    gl_sb *sb = w->sb;
    gl_sb_putc(sb, '{');
    for (int i = 0; i < w->r->nst; i++) {
        if (i) gl_sb_puts(sb, ", ");
        if (w->pretty) gl_sb_puts(sb, "\n  ");
        put_key(sb, w->r->st[i].key);
        if (w->c->emit.shapes) put_shapes(w, i);
        else put_graph(w, w->r->st[i].r.graph);
    }
    gl_sb_putc(sb, '}');
}

static void put_cost(gl_sb *sb, const gl_cost *c) {
    gl_sb_printf(sb, "{\"kernels\": %d, \"bytes\": ", c->kernels);
    gl_sb_double(sb, c->bytes);
    gl_sb_puts(sb, ", \"flops\": ");
    gl_sb_double(sb, c->flops);
    gl_sb_puts(sb, ", \"t\": ");
    gl_sb_double(sb, c->t);
    gl_sb_puts(sb, ", \"t_total\": ");
    gl_sb_double(sb, c->t_total);
    gl_sb_putc(sb, '}');
}

static void put_kernels(wctx *w, const gl_kernels *ks) {
    gl_sb *sb = w->sb;
    if (!w->c->emit.kernels) {
        gl_sb_puts(sb, "null");
        return;
    }
    gl_sb_putc(sb, '[');
    for (int i = 0; i < ks->n; i++) {
        const gl_kernel *k = &ks->k[i];
        if (i) gl_sb_puts(sb, ", ");
        if (w->pretty) gl_sb_puts(sb, "\n    ");
        gl_sb_puts(sb, "{\"kind\": ");
        gl_sb_json_str(sb, gl_kernel_kind_name(k->kind));
        gl_sb_puts(sb, ", \"label\": ");
        gl_sb_json_str(sb, k->label ? k->label : "");
        gl_sb_puts(sb, ", \"nodes\": ");
        gl_json_put_ints(sb, k->nodes, k->nnodes);
        gl_sb_puts(sb, ", \"reads\": ");
        gl_sb_double(sb, k->reads);
        gl_sb_puts(sb, ", \"writes\": ");
        gl_sb_double(sb, k->writes);
        gl_sb_puts(sb, ", \"flops\": ");
        gl_sb_double(sb, k->flops);
        gl_sb_puts(sb, ", \"time_s\": ");
        gl_sb_double(sb, gl_kernel_time(k, &w->c->device));
        gl_sb_puts(sb, ", \"why\": {\"reason\": ");      /* docs/CASES.md: why kernels split */
        gl_sb_json_str(sb, gl_why_reason_name(k->why.reason));
        if (k->why.candidate >= 0) {
            gl_sb_puts(sb, ", \"candidate\": ");
            gl_sb_int(sb, k->why.candidate);
            gl_sb_puts(sb, ", \"saved_bytes\": ");
        } else gl_sb_puts(sb, ", \"candidate\": null, \"saved_bytes\": ");
        gl_sb_double(sb, k->why.saved_bytes);
        gl_sb_puts(sb, "}}");
    }
    gl_sb_putc(sb, ']');
}

static void put_kernel_set(wctx *w, const gl_cost *cost, const gl_kernels *ks) {
    gl_sb_puts(w->sb, "{\"cost\": ");
    put_cost(w->sb, cost);
    if (!w->apart || !w->c->emit.kernels) {
        gl_sb_puts(w->sb, ", \"kernels\": ");
        put_kernels(w, ks);
    }
    gl_sb_putc(w->sb, '}');
}

static void w_eager(wctx *w) { put_kernel_set(w, &w->r->eager_cost, &w->r->eager); }

static void w_fused(wctx *w) { put_kernel_set(w, &w->r->fused_cost, &w->r->fused); }

static void w_memory(wctx *w) {
    gl_sb *sb = w->sb;
    const gl_lifetimes *l = &w->r->lts;
    if (w->apart) {
        gl_sb_printf(sb, "{\"naive\": %lld, \"greedy\": %lld, \"lower_bound\": %lld}", (long long)w->r->naive,
                     (long long)w->r->greedy, (long long)w->r->lower_bound);
        return;
    }
    gl_sb_puts(sb, "{\"lifetimes\": [");
    for (int i = 0; i < l->n; i++) {
        gl_sb_puts(sb, i ? ", [" : "[");
        put_i64(sb, l->lt[i].bytes);
        gl_sb_puts(sb, ", ");
        gl_sb_int(sb, l->lt[i].start);
        gl_sb_puts(sb, ", ");
        gl_sb_int(sb, l->lt[i].end);
        gl_sb_puts(sb, ", ");
        gl_sb_int(sb, l->lt[i].node);
        gl_sb_putc(sb, ']');
    }
    gl_sb_printf(sb, "], \"naive\": %lld, \"greedy\": %lld, \"lower_bound\": %lld, \"greedy_offsets\": {",
                 (long long)w->r->naive, (long long)w->r->greedy, (long long)w->r->lower_bound);
    /* the reference's dict order: lifetimes by size, largest first, ties in lifetime order */
    int *ord = malloc((size_t)(l->n > 0 ? l->n : 1) * sizeof *ord);
    if (!ord) {
        w->sb->failed = true;
        return;
    }
    for (int i = 0; i < l->n; i++) {
        int k = i;
        while (k > 0 && l->lt[ord[k - 1]].bytes < l->lt[i].bytes) {
            ord[k] = ord[k - 1];
            k--;
        }
        ord[k] = i;
    }
    for (int i = 0; i < l->n; i++) {
        gl_sb_puts(sb, i ? ", \"" : "\"");
        gl_sb_int(sb, l->lt[ord[i]].node);
        gl_sb_puts(sb, "\": ");
        put_i64(sb, w->r->offsets[ord[i]]);
    }
    gl_sb_putc(sb, '}');
    if (w->r->naive_offsets && w->r->live) {
        /* emit.plans: what the lab draws, so it recomputes nothing (JSON objects lose the order above) */
        gl_sb_puts(sb, ", \"greedy_order\": [");
        put_list(sb, ord, NULL, l->n);
        gl_sb_puts(sb, "], \"naive_offsets\": [");
        put_list(sb, NULL, w->r->naive_offsets, l->n);
        gl_sb_puts(sb, "], \"live\": [");
        put_list(sb, NULL, w->r->live, w->r->nlive);
        gl_sb_putc(sb, ']');
    }
    free(ord);
    gl_sb_putc(sb, '}');
}

static void w_outputs(wctx *w) {
    gl_sb *sb = w->sb;
    gl_sb_putc(sb, '{');
    for (int i = 0; i < w->r->nst; i++) {
        const gl_case_stage *s = &w->r->st[i];
        if (i) gl_sb_puts(sb, ", ");
        if (w->pretty) gl_sb_puts(sb, "\n  ");
        put_key(sb, s->key);
        gl_sb_putc(sb, '[');
        for (int k = 0; k < s->nout; k++) {
            if (k) gl_sb_puts(sb, ", ");
            gl_json_put_array_f64(sb, s->outs[k]);
        }
        gl_sb_putc(sb, ']');
    }
    gl_sb_putc(sb, '}');
}

static void w_provenance(wctx *w) {
    gl_sb *sb = w->sb;
    gl_sb_putc(sb, '[');
    for (int i = 1; i < w->r->nst; i++) {
        const gl_provenance *p = &w->r->st[i].r.prov;
        if (i > 1) gl_sb_puts(sb, ", ");
        if (w->pretty) gl_sb_puts(sb, "\n  ");
        gl_sb_puts(sb, "{\"pass\": ");
        gl_sb_json_str(sb, w->c->pipeline[i - 1]);
        gl_sb_puts(sb, ", \"nodes\": {");
        for (int k = 0; k < p->n; k++) {
            gl_sb_puts(sb, k ? ", \"" : "\"");
            gl_sb_int(sb, k);
            gl_sb_puts(sb, "\": {\"how\": ");
            gl_sb_json_str(sb, gl_how_name(p->how[k]));
            gl_sb_puts(sb, ", \"from\": ");
            gl_json_put_ints(sb, p->from + p->from_start[k], p->from_start[k + 1] - p->from_start[k]);
            gl_sb_putc(sb, '}');
        }
        gl_sb_puts(sb, "}, \"removed\": ");
        gl_json_put_ints(sb, p->removed, p->nremoved);
        gl_sb_putc(sb, '}');
    }
    gl_sb_putc(sb, ']');
}

static void w_timing(wctx *w) {
    gl_sb *sb = w->sb;
    const gl_case_result *r = w->r;
    const char *names[] = {"build", "passes", "fuse", "memory", "total", "run", "run_stages", "precision"};
    double v[] = {r->t_build, r->t_passes, r->t_fuse, r->t_memory, r->t_total, r->t_run, r->t_run_stages,
                  r->t_precision};
    int n = r->ran ? (r->errors ? 8 : 7) : 5;
    gl_sb_putc(sb, '{');
    for (int i = 0; i < n; i++) {
        if (i) gl_sb_puts(sb, ", ");
        put_key(sb, names[i]);
        gl_sb_double(sb, v[i]);
    }
    gl_sb_putc(sb, '}');
}

/* Program cases: each stage's node spans, carried through provenance (c/src/front/py_spans.c). */
static void w_spans(wctx *w) {
    const gl_case_result *r = w->r;
    const char **keys = malloc(sizeof *keys * (size_t)r->nst);
    const gl_provenance **provs = malloc(sizeof *provs * (size_t)r->nst);
    int *nn = malloc(sizeof *nn * (size_t)r->nst);
    gl_err e = {GL_OK, ""};
    if (keys && provs && nn) {
        for (int i = 0; i < r->nst; i++) {
            keys[i] = r->st[i].key;
            provs[i] = &r->st[i].r.prov;
            nn[i] = r->st[i].r.graph->n;
        }
        if (gl_spans_json(w->sb, r->spans, r->st[0].r.graph->n, r->nst, keys, provs, nn, &e)) w->sb->failed = true;
    } else {
        w->sb->failed = true;
    }
    free(keys);
    free(provs);
    free(nn);
}

/* Each stage's node blocks (the trace's builder parts, carried by provenance: stage_keys.c), by stage key: a
 * block's name per node, null outside any. The lab folds its drawing by them (web/views/graph/blocks.js). */
static void w_blocks(wctx *w) {
    const gl_case_result *r = w->r;
    const gl_blocks *bk = r->st[0].r.graph->blocks;
    gl_stage_keys keys[2] = {{0}, {0}};
    gl_err e = {GL_OK, ""};
    gl_sb_putc(w->sb, '{');
    for (int i = 0; i < r->nst; i++) {
        gl_stage_keys *cur = &keys[i & 1], *prev = i > 0 ? &keys[(i - 1) & 1] : NULL;
        const gl_graph *g = r->st[i].r.graph, *pg = i > 0 ? r->st[i - 1].r.graph : NULL;
        gl_stage_keys made;
        if (gl_stage_keys_make(g, i, i > 0 ? &r->st[i].r.prov : NULL, pg, prev, &made, &e)) {
            w->sb->failed = true;
            break;
        }
        gl_stage_keys_free(cur);
        *cur = made;
        if (i) gl_sb_puts(w->sb, ", ");
        put_key(w->sb, r->st[i].key);
        gl_sb_putc(w->sb, '[');
        for (int k = 0; k < cur->n; k++) {
            if (k) gl_sb_puts(w->sb, ", ");
            int32_t b = cur->block[k];
            if (b >= 0 && b < bk->nnames) gl_sb_json_str(w->sb, bk->names[b]);
            else gl_sb_puts(w->sb, "null");
        }
        gl_sb_putc(w->sb, ']');
    }
    gl_sb_putc(w->sb, '}');
    gl_stage_keys_free(&keys[0]);
    gl_stage_keys_free(&keys[1]);
}

/* Precision cases: the plan, each node's error in the final graph and each output's (null where a number
 * would be infinite: snr_db of an exact node; every number of a node whose planned value overflowed). */
static void put_num_or_null(gl_sb *sb, double v) {
    if (isfinite(v)) gl_sb_double(sb, v);
    else gl_sb_puts(sb, "null");
}

static void w_error(wctx *w) {
    gl_sb *sb = w->sb;
    const gl_precision *p = &w->c->precision;
    const gl_graph *g = w->r->st[w->r->nst - 1].r.graph;
    gl_sb_printf(sb, "{\"plan\": {\"weights\": \"%s\", \"activations\": \"%s\", \"kv\": \"%s\", \"accumulate\": \"%s\"",
                 gl_numfmt_name(p->weights), gl_numfmt_name(p->activations), gl_numfmt_name(p->kv), p->acc_fp32 ? "fp32" : "f64");
    if (p->smooth_on) {                          /* only when the case sets it */
        gl_sb_puts(sb, ", \"smooth\": ");
        gl_sb_double(sb, p->smooth);
    }
    gl_sb_puts(sb, "}, \"nodes\": [");
    for (int i = 0; i < g->n; i++) {
        const gl_node_error *x = &w->r->errors[i];
        gl_sb_printf(sb, "%s{\"node\": %d, \"max_abs\": ", i ? ", " : "", x->node);
        put_num_or_null(sb, x->finite ? x->max_abs : NAN);
        gl_sb_puts(sb, ", \"max_rel\": ");
        put_num_or_null(sb, x->finite ? x->max_rel : NAN);
        gl_sb_puts(sb, ", \"snr_db\": ");
        put_num_or_null(sb, x->finite ? x->snr_db : NAN);
        gl_sb_puts(sb, ", \"added_db\": ");
        put_num_or_null(sb, x->added_db);
        gl_sb_putc(sb, '}');
    }
    gl_sb_puts(sb, "], \"outputs\": [");
    for (int k = 0; k < g->nout; k++) {
        const gl_node_error *x = &w->r->errors[g->outputs[k]];
        gl_sb_puts(sb, k ? ", {\"max_abs\": " : "{\"max_abs\": ");
        put_num_or_null(sb, x->finite ? x->max_abs : NAN);
        gl_sb_puts(sb, ", \"max_rel\": ");
        put_num_or_null(sb, x->finite ? x->max_rel : NAN);
        gl_sb_putc(sb, '}');
    }
    gl_sb_puts(sb, "], \"worst\": ");
    if (w->r->err_worst < 0) {
        gl_sb_puts(sb, "null");
    } else {
        gl_sb_printf(sb, "{\"node\": %d, \"added_db\": ", w->r->err_worst);
        put_num_or_null(sb, w->r->errors[w->r->err_worst].added_db);
        gl_sb_putc(sb, '}');
    }
    gl_sb_puts(sb, ", \"layers\": [");
    for (int k = 0; k < w->r->nerr_layers; k++) {
        const gl_layer_error *l = &w->r->err_layers[k];
        const gl_node_error *x = &w->r->errors[l->out];
        gl_sb_printf(sb, "%s{\"layer\": %d, \"max_abs\": ", k ? ", " : "", l->layer);
        put_num_or_null(sb, x->finite ? x->max_abs : NAN);
        gl_sb_puts(sb, ", \"max_rel\": ");
        put_num_or_null(sb, x->finite ? x->max_rel : NAN);
        gl_sb_puts(sb, ", \"snr_db\": ");
        put_num_or_null(sb, x->finite ? x->snr_db : NAN);
        gl_sb_printf(sb, ", \"out\": %d, \"worst\": ", l->out);
        if (l->worst < 0) gl_sb_puts(sb, "null");
        else gl_sb_int(sb, l->worst);
        gl_sb_putc(sb, '}');
    }
    gl_sb_puts(sb, "]}");
}

static void w_console(wctx *w) { gl_sb_json_str(w->sb, w->r->console ? w->r->console : ""); }

/* ------------------------------------------------------------------ the lab's facts (lab_facts.c) */
static void put_ids(gl_sb *sb, const int32_t *ids, int lo, int hi) {
    gl_sb_putc(sb, '[');
    for (int i = lo; i < hi; i++) {
        if (i > lo) gl_sb_puts(sb, ", ");
        gl_sb_int(sb, ids[i]);
    }
    gl_sb_putc(sb, ']');
}

/* [{name, short, layer, detail, written, onChip}] per fused kernel */
static void w_lab_kernels(wctx *w) {
    gl_sb *sb = w->sb;
    const gl_lab_facts *f = w->r->lab;
    gl_sb_putc(sb, '[');
    for (int i = 0; i < f->n; i++) {
        if (i) gl_sb_puts(sb, ", ");
        if (w->pretty) gl_sb_puts(sb, "\n    ");
        gl_sb_puts(sb, "{\"name\": ");
        gl_sb_json_str(sb, f->name[i]);
        gl_sb_puts(sb, ", \"short\": ");
        gl_sb_json_str(sb, f->short_name[i]);
        gl_sb_puts(sb, ", \"layer\": ");
        if (f->layer[i] == GL_LAB_NO_LAYER) gl_sb_puts(sb, "null");
        else gl_sb_int(sb, f->layer[i]);
        gl_sb_puts(sb, ", \"detail\": ");
        gl_sb_json_str(sb, f->detail[i]);
        gl_sb_puts(sb, ", \"written\": ");
        put_ids(sb, f->w_ids, f->w_off[i], f->w_off[i + 1]);
        gl_sb_puts(sb, ", \"onChip\": ");
        put_ids(sb, f->c_ids, f->c_off[i], f->c_off[i + 1]);
        gl_sb_putc(sb, '}');
    }
    gl_sb_putc(sb, ']');
}

static double value_bytes(const wctx *w, const gl_node *nd) {
    double n = w->c->elem_bytes;
    for (int k = 0; k < nd->shape->rank; k++) {
        int64_t v = 0;
        if (gl_dim_value(nd->shape->d[k], &w->c->bind, &v, NULL)) return NAN;
        n *= (double)v;
    }
    return n;
}

/* {id: [op, shape, bytes]} for every value of a fused kernel (bytes null when a dimension is unbound) */
static void w_lab_values(wctx *w) {
    gl_sb *sb = w->sb;
    const gl_lab_facts *f = w->r->lab;
    const gl_graph *g = w->r->st[w->r->nst - 1].r.graph;
    gl_sb_putc(sb, '{');
    for (int i = 0; i < f->nvalues; i++) {
        const gl_node *nd = &g->nodes[f->value_ids[i]];
        if (i) gl_sb_puts(sb, ", ");
        gl_sb_printf(sb, "\"%d\": [", (int)f->value_ids[i]);
        gl_sb_json_str(sb, gl_op_name(nd->op));
        gl_sb_puts(sb, ", ");
        gl_json_put_shape(sb, nd->shape);
        gl_sb_puts(sb, ", ");
        double b = value_bytes(w, nd);
        if (isfinite(b)) gl_sb_double(sb, b);
        else gl_sb_puts(sb, "null");
        gl_sb_putc(sb, ']');
    }
    gl_sb_putc(sb, '}');
}

/* {fused: [[first kernel, count]], eager: [...]} */
static void w_lab_places(wctx *w) {
    gl_sb *sb = w->sb;
    const gl_lab_facts *f = w->r->lab;
    for (int s = 0; s < 2; s++) {
        gl_sb_puts(sb, s ? ", \"eager\": [" : "{\"fused\": [");
        for (int i = 0; i < f->nplaces[s]; i++) {
            if (i) gl_sb_puts(sb, ", ");
            gl_sb_printf(sb, "[%d, %d]", (int)f->places[s][2 * i], (int)f->places[s][2 * i + 1]);
        }
        gl_sb_putc(sb, ']');
    }
    gl_sb_putc(sb, '}');
}

/* {bytes, stage, node: [id, op, shape]} or null */
static void w_lab_run_footprint(wctx *w) {
    gl_sb *sb = w->sb;
    const gl_lab_facts *f = w->r->lab;
    if (!f->has_footprint || !isfinite(f->fp_bytes)) {
        gl_sb_puts(sb, "null");
        return;
    }
    const gl_case_stage *st = &w->r->st[f->fp_stage];
    gl_sb_puts(sb, "{\"bytes\": ");
    gl_sb_double(sb, f->fp_bytes);
    gl_sb_puts(sb, ", \"stage\": ");
    gl_sb_json_str(sb, st->key);
    gl_sb_puts(sb, ", \"node\": ");
    if (f->fp_node < 0) {
        gl_sb_puts(sb, "null}");
        return;
    }
    const gl_node *nd = &st->r.graph->nodes[f->fp_node];
    gl_sb_printf(sb, "[%d, ", f->fp_node);
    gl_sb_json_str(sb, gl_op_name(nd->op));
    gl_sb_puts(sb, ", ");
    gl_json_put_shape(sb, nd->shape);
    gl_sb_puts(sb, "]}");
}

/* ------------------------------------------------------------------ the table of keys */
static bool always(const wctx *w) { (void)w; return true; }
static bool fused(const wctx *w) { return w->r->fused_done; }
static bool graphs(const wctx *w) { return w->c->emit.graphs; }
static bool outputs(const wctx *w) { return w->r->ran && w->c->emit.outputs; }
static bool provenance(const wctx *w) { return w->c->emit.provenance; }
static bool program(const wctx *w) { return w->c->program && w->r->spans; }
static bool blocks(const wctx *w) {
    return w->c->emit.graphs && !w->c->emit.shapes && w->c->emit.provenance && w->r->nst > 0 && w->r->st[0].r.graph->blocks;
}
static bool lab(const wctx *w) { return w->r->lab != NULL; }
static bool lab_table(const wctx *w) { return w->r->lab != NULL && !w->apart; }   /* else case_tables.c */
static bool precision(const wctx *w) { return w->r->ran && w->r->errors; }

static const struct {
    const char *key;
    void (*write)(wctx *);
    bool (*when)(const wctx *);
} KEYS[] = {
    {"case", w_case, always},
    {"config", w_config, always},
    {"elem_bytes", w_elem_bytes, always},
    {"device", w_device, always},
    {"bind", w_bind, always},
    {"passes", w_passes, always},
    {"graphs", w_graphs, graphs},
    {"eager", w_eager, fused},
    {"fused", w_fused, fused},
    {"memory", w_memory, fused},
    {"outputs", w_outputs, outputs},
    {"error", w_error, precision},
    {"provenance", w_provenance, provenance},
    {"timing_ms", w_timing, always},
    {"spans", w_spans, program},
    {"blocks", w_blocks, blocks},
    {"console", w_console, program},
    {"lab_kernels", w_lab_kernels, lab_table},
    {"lab_values", w_lab_values, lab_table},
    {"lab_places", w_lab_places, lab},
    {"lab_run_footprint", w_lab_run_footprint, lab},
};

gl_status gl_case_write(const gl_case *c, const gl_case_result *r, int flags, char **out, size_t *outlen,
                        gl_err *e) {
    gl_status st;
    /* finite device values can still overflow the roofline (mm_flops 1e-320): say which, not "Infinity" */
    if (r->fused_done && ((st = gl_cost_check(&r->eager, &c->device, &r->eager_cost, e)) ||
                          (st = gl_cost_check(&r->fused, &c->device, &r->fused_cost, e))))
        return st;
    gl_sb sb;
    gl_sb_init(&sb);
    wctx w = {&sb, c, r, (flags & GL_CASE_PRETTY) != 0, (flags & GL_CASE_TABLES_APART) != 0};
    gl_sb_putc(&sb, '{');
    bool first = true;
    for (size_t i = 0; i < sizeof KEYS / sizeof KEYS[0]; i++) {
        if (!KEYS[i].when(&w)) continue;
        if (!first) gl_sb_putc(&sb, ',');
        gl_sb_puts(&sb, w.pretty ? "\n" : first ? "" : " ");
        first = false;
        put_key(&sb, KEYS[i].key);
        KEYS[i].write(&w);
    }
    gl_sb_puts(&sb, w.pretty ? "\n}\n" : "}");
    return gl_sb_finish(&sb, out, outlen, e);
}

gl_status gl_case_run_ex(const char *json, size_t len, int flags, char **out, size_t *outlen, gl_err *e) {
    if (gl_out_begin(out, outlen, "gl_case_run", e)) return GL_E_INVALID;
    gl_case c;
    gl_status st = gl_case_parse(json, len, &c, e);
    if (st) return st;
    gl_case_result r;
    st = gl_case_compute(&c, GL_CASE_ALL, &r, e);
    if (!st) st = (flags & GL_CASE_PACKED) ? gl_case_write_packed(&c, &r, out, outlen, e)
                                            : gl_case_write(&c, &r, flags, out, outlen, e);
    gl_case_result_free(&r);
    gl_case_free(&c);
    return st;
}

gl_status gl_case_run(const char *json, size_t len, char **out, size_t *outlen, gl_err *e) {
    return gl_case_run_ex(json, len, GL_CASE_COMPACT, out, outlen, e);
}
