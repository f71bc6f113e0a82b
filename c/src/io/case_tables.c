/* case_tables.c — the result's long tables (eager and fused kernels; memory lifetimes, greedy offsets and, with
 * emit.plans, greedy_order, naive_offsets and live) as typed columns for the lab's packed result (case_pack.c,
 * docs/CASES.md "The packed result"). At 126 layers they are 1.5 MB of JSON whose writing (shortest-double
 * text) and parsing was most of an analysis; as columns their numbers are copied as they are.
 *
 *   "GLT1", u32 schema_len, the schema (JSON, schema_len bytes), zero bytes to a multiple of 8, the data
 *
 * The schema is [{"path": [...], "table": T}], each T in web/result-pack.js's form ({"t": "rows", "rows": C}
 * or {"t": "dict", "keys": C, "vals": C}) with every typed array as a byte offset into the data (each one
 * 8-aligned): {"t": "f64"|"i32"|"istr", "n", "data"}, {"t": "str", "n", "dict": [...], "idx"} (int32),
 * {"t": "list", "n", "off" (n + 1 int32), "items": C}, {"t": "tup", "n", "len", "cols"}, {"t": "rec", "n",
 * "keys", "cols"}. A float64 column holds what JSON would: integers as their value, null as NaN; a NaN or
 * infinity among the values is refused with the message the JSON writer gives. Every table is written when the
 * JSON would hold it (case_write.c GL_CASE_TABLES_APART leaves exactly these out). */
#include "io/case.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    gl_sb schema;
    char *data;
    size_t len, cap;
    bool failed;
    int ntables;
} tabw;

/* Room for `bytes` more bytes of data, 8-aligned; its offset in *at. NULL when out of memory. */
static void *reserve(tabw *t, size_t bytes, size_t *at) {
    *at = t->len;
    if (t->failed) return NULL;
    size_t want = t->len + ((bytes + 7) & ~(size_t)7);
    if (want < t->len) { t->failed = true; return NULL; }
    if (want > t->cap) {
        size_t cap = t->cap ? t->cap : 65536;
        while (cap < want) cap *= 2;
        char *d = realloc(t->data, cap);
        if (!d) { t->failed = true; return NULL; }
        t->data = d;
        t->cap = cap;
    }
    memset(t->data + t->len, 0, want - t->len);
    t->len = want;
    return t->data + *at;
}

static void col_head(tabw *t, const char *type, int n) {
    gl_sb_puts(&t->schema, "{\"t\": \"");
    gl_sb_puts(&t->schema, type);
    gl_sb_puts(&t->schema, "\", \"n\": ");
    gl_sb_int(&t->schema, n);
}

static void put_at(tabw *t, const char *key, size_t at) {
    gl_sb_puts(&t->schema, ", \"");
    gl_sb_puts(&t->schema, key);
    gl_sb_puts(&t->schema, "\": ");
    gl_sb_int(&t->schema, (long long)at);
}

/* A float64 column of n values: its schema entry; returns where they go (NULL when out of memory). */
static double *f64_col(tabw *t, int n) {
    size_t at;
    double *d = reserve(t, (size_t)n * sizeof *d, &at);
    col_head(t, "f64", n);
    put_at(t, "data", at);
    gl_sb_putc(&t->schema, '}');
    return d;
}

/* The same for int32 values: type "i32", or "istr" for node ids that are an object's keys. */
static int32_t *i32_col(tabw *t, const char *type, int n) {
    size_t at;
    int32_t *d = reserve(t, (size_t)n * sizeof *d, &at);
    col_head(t, type, n);
    put_at(t, "data", at);
    gl_sb_putc(&t->schema, '}');
    return d;
}

/* An int64 column (sizes, offsets): int32 when every value fits (the page's JS reads small integers fastest
 * so), else float64, which holds what JSON.parse would (the nearest double). v[ord[i]] when ord is given. */
static void i64_col(tabw *t, const int64_t *v, const int *ord, int n) {
    bool small = true;
    for (int i = 0; i < n && small; i++) small = v[ord ? ord[i] : i] >= INT32_MIN && v[ord ? ord[i] : i] <= INT32_MAX;
    if (small) {
        int32_t *d = i32_col(t, "i32", n);
        for (int i = 0; d && i < n; i++) d[i] = (int32_t)v[ord ? ord[i] : i];
    } else {
        double *d = f64_col(t, n);
        for (int i = 0; d && i < n; i++) d[i] = (double)v[ord ? ord[i] : i];
    }
}

/* A finite core number, as JSON would carry it (a non-finite one fails the write, as gl_sb_double does); -0
 * as 0, what the lab's page had of it when its JS encoded the JSON's tables (web/result-pack.js). */
static double num(tabw *t, double v) {
    if (!isfinite(v)) t->schema.nonfinite = true;
    return v + 0.0;
}

static uint32_t fnv1a(const char *s) {
    uint32_t h = 2166136261u;
    for (; *s; s++) h = (h ^ (unsigned char)*s) * 16777619u;
    return h;
}

/* A string column's schema: its head, its dictionary and where its indices are. */
static void str_col_schema(tabw *t, int n, const char *const *dict, int nd, size_t at) {
    col_head(t, "str", n);
    gl_sb_puts(&t->schema, ", \"dict\": [");
    for (int i = 0; i < nd; i++) {
        if (i) gl_sb_puts(&t->schema, ", ");
        gl_sb_json_str(&t->schema, dict[i]);
    }
    gl_sb_putc(&t->schema, ']');
    put_at(t, "idx", at);
    gl_sb_putc(&t->schema, '}');
}

/* A string column: each distinct string once in the dict (in first-seen order), the rows as its indices. */
static void str_col(tabw *t, int n, const char *const *vals) {
    size_t nslots = 16;
    while (nslots < (size_t)n * 2) nslots *= 2;
    int32_t *slot = calloc(nslots, sizeof *slot);   /* dict index + 1, 0: empty */
    const char **dict = malloc((size_t)(n > 0 ? n : 1) * sizeof *dict);
    size_t at;
    int32_t *idx = reserve(t, (size_t)n * sizeof *idx, &at);
    int nd = 0;
    if (!slot || !dict) t->failed = true;
    /* the names of kinds and reasons are a few static strings: the last index of each pointer, looked up first */
    const char *seen_ptr[64] = {0};
    int32_t seen_idx[64];
    for (int i = 0; idx && slot && dict && i < n; i++) {
        size_t h = ((uintptr_t)vals[i] >> 3) & 63;
        if (seen_ptr[h] == vals[i]) {
            idx[i] = seen_idx[h];
            continue;
        }
        size_t j = fnv1a(vals[i]) & (nslots - 1);
        while (slot[j] && strcmp(dict[slot[j] - 1], vals[i]) != 0) j = (j + 1) & (nslots - 1);
        if (!slot[j]) {
            dict[nd] = vals[i];
            slot[j] = ++nd;
        }
        idx[i] = slot[j] - 1;
        seen_ptr[h] = vals[i];
        seen_idx[h] = idx[i];
    }
    str_col_schema(t, n, dict, nd, at);
    free(slot);
    free(dict);
}

/* A string column whose NULL entries are -1 (a shape's numeric dimensions in a "mix" column). */
static void sym_col(tabw *t, int n, const char *const *vals) {
    const char *dict[64];
    int nd = 0;
    size_t at;
    int32_t *idx = reserve(t, (size_t)n * sizeof *idx, &at);
    for (int i = 0; idx && i < n; i++) {
        idx[i] = -1;
        if (!vals[i]) continue;
        int j = 0;
        while (j < nd && strcmp(dict[j], vals[i]) != 0) j++;
        if (j == nd && nd < 64) dict[nd++] = vals[i];
        idx[i] = j < nd ? j : -1;
    }
    str_col_schema(t, n, dict, nd, at);
}

/* ------------------------------------------------------------------ the tables */
/* {"path": [holder, key], "table": {"t": kind, "rows"|"keys": ... */
static void table_start(tabw *t, const char *holder, const char *key, const char *kind) {
    gl_sb *s = &t->schema;
    gl_sb_puts(s, t->ntables++ ? ", {\"path\": [\"" : "{\"path\": [\"");
    gl_sb_puts(s, holder);
    gl_sb_puts(s, "\", \"");
    gl_sb_puts(s, key);
    gl_sb_puts(s, "\"], \"table\": {\"t\": \"");
    gl_sb_puts(s, kind);
    gl_sb_puts(s, kind[0] == 'r' ? "\", \"rows\": " : "\", \"keys\": ");
}

/* {"path": [key], "table": ... : a top-level key of the result (the lab's facts) */
static void table_start_top(tabw *t, const char *key, const char *kind) {
    gl_sb *s = &t->schema;
    gl_sb_puts(s, t->ntables++ ? ", {\"path\": [\"" : "{\"path\": [\"");
    gl_sb_puts(s, key);
    gl_sb_puts(s, "\"], \"table\": {\"t\": \"");
    gl_sb_puts(s, kind);
    gl_sb_puts(s, kind[0] == 'r' ? "\", \"rows\": " : "\", \"keys\": ");
}

static const char *kind_of(const gl_kernel *k) { return gl_kernel_kind_name(k->kind); }
static const char *label_of(const gl_kernel *k) { return k->label ? k->label : ""; }
static const char *reason_of(const gl_kernel *k) { return gl_why_reason_name(k->why.reason); }

static void kernel_strs(tabw *t, const gl_kernels *ks, const char *(*get)(const gl_kernel *)) {
    const char **v = malloc((size_t)(ks->n > 0 ? ks->n : 1) * sizeof *v);
    if (!v) {
        t->failed = true;
        return;
    }
    for (int i = 0; i < ks->n; i++) v[i] = get(&ks->k[i]);
    str_col(t, ks->n, v);
    free(v);
}

/* {kind, label, nodes, reads, writes, flops, time_s, why: {reason, candidate, saved_bytes}}, as case_write.c
 * writes each kernel. */
static void kernels_table(tabw *t, const char *set, const gl_kernels *ks, const gl_device *dev) {
    gl_sb *s = &t->schema;
    int n = ks->n;
    table_start(t, set, "kernels", "rows");
    col_head(t, "rec", n);
    gl_sb_puts(s, ", \"keys\": [\"kind\", \"label\", \"nodes\", \"reads\", \"writes\", \"flops\", \"time_s\", \"why\"], "
                  "\"cols\": [");
    kernel_strs(t, ks, kind_of);
    gl_sb_puts(s, ", ");
    kernel_strs(t, ks, label_of);
    gl_sb_puts(s, ", ");
    size_t at;
    int32_t *off = reserve(t, ((size_t)n + 1) * sizeof *off, &at);
    int64_t total = 0;
    for (int i = 0; i < n; i++) {
        if (off) off[i] = (int32_t)total;
        total += ks->k[i].nnodes;
        if (total > INT32_MAX) t->failed = true;
    }
    if (off && !t->failed) off[n] = (int32_t)total;
    col_head(t, "list", n);
    put_at(t, "off", at);
    gl_sb_puts(s, ", \"items\": ");
    int32_t *items = i32_col(t, "i32", t->failed ? 0 : (int)total);
    for (int i = 0, p = 0; items && !t->failed && i < n; i++)
        for (int j = 0; j < ks->k[i].nnodes; j++) items[p++] = ks->k[i].nodes[j];
    gl_sb_puts(s, "}");
    for (int c = 0; c < 4; c++) {
        gl_sb_puts(s, ", ");
        double *d = f64_col(t, n);
        for (int i = 0; d && i < n; i++) {
            const gl_kernel *k = &ks->k[i];
            d[i] = num(t, c == 0 ? k->reads : c == 1 ? k->writes : c == 2 ? k->flops : gl_kernel_time(k, dev));
        }
    }
    gl_sb_puts(s, ", ");
    col_head(t, "rec", n);
    gl_sb_puts(s, ", \"keys\": [\"reason\", \"candidate\", \"saved_bytes\"], \"cols\": [");
    kernel_strs(t, ks, reason_of);
    gl_sb_puts(s, ", ");
    double *cand = f64_col(t, n);   /* no candidate: null (NaN) */
    for (int i = 0; cand && i < n; i++) cand[i] = ks->k[i].why.candidate >= 0 ? ks->k[i].why.candidate : NAN;
    gl_sb_puts(s, ", ");
    double *saved = f64_col(t, n);
    for (int i = 0; saved && i < n; i++) saved[i] = num(t, ks->k[i].why.saved_bytes);
    gl_sb_puts(s, "]}]}}}");
}

/* The reference's dict order of the greedy offsets: lifetimes by size, largest first, ties in lifetime order
 * (a stable merge sort: case_write.c's insertion sort gives the same order). */
static void by_size(const gl_lifetimes *l, int *ord, int *tmp, int lo, int hi) {
    if (hi - lo < 2) return;
    int mid = lo + (hi - lo) / 2;
    by_size(l, ord, tmp, lo, mid);
    by_size(l, ord, tmp, mid, hi);
    int i = lo, j = mid, k = lo;
    while (i < mid && j < hi) tmp[k++] = l->lt[ord[j]].bytes > l->lt[ord[i]].bytes ? ord[j++] : ord[i++];
    while (i < mid) tmp[k++] = ord[i++];
    while (j < hi) tmp[k++] = ord[j++];
    memcpy(ord + lo, tmp + lo, (size_t)(hi - lo) * sizeof *ord);
}

static void i64_rows(tabw *t, const char *key, const int64_t *v, int n) {
    table_start(t, "memory", key, "rows");
    i64_col(t, v, NULL, n);
    gl_sb_puts(&t->schema, "}}");
}

static void memory_tables(tabw *t, const gl_case_result *r) {
    gl_sb *s = &t->schema;
    const gl_lifetimes *l = &r->lts;
    int n = l->n;
    /* lifetimes: [bytes, start, end, node] tuples */
    table_start(t, "memory", "lifetimes", "rows");
    col_head(t, "tup", n);
    gl_sb_puts(s, ", \"len\": 4, \"cols\": [");
    int64_t *bytes = malloc(sizeof *bytes * (size_t)(n > 0 ? n : 1));
    if (!bytes) {
        t->failed = true;
        n = 0;
    }
    for (int i = 0; i < n; i++) bytes[i] = l->lt[i].bytes;
    i64_col(t, bytes, NULL, n);
    free(bytes);
    for (int c = 0; c < 3; c++) {
        gl_sb_puts(s, ", ");
        int32_t *d = i32_col(t, "i32", n);
        for (int i = 0; d && i < n; i++) d[i] = c == 0 ? l->lt[i].start : c == 1 ? l->lt[i].end : l->lt[i].node;
    }
    gl_sb_puts(s, "]}}}");
    int *ord = malloc((size_t)(n > 0 ? n : 1) * sizeof *ord), *tmp = malloc((size_t)(n > 0 ? n : 1) * sizeof *tmp);
    if (!ord || !tmp) {
        t->failed = true;
        n = 0;
    }
    for (int i = 0; i < n; i++) ord[i] = i;
    if (ord && tmp) by_size(l, ord, tmp, 0, n);
    /* greedy_offsets: {node id: offset} in that order */
    table_start(t, "memory", "greedy_offsets", "dict");
    int32_t *keys = i32_col(t, "istr", n);
    for (int i = 0; keys && i < n; i++) keys[i] = l->lt[ord[i]].node;
    gl_sb_puts(s, ", \"vals\": ");
    i64_col(t, r->offsets, ord, n);
    gl_sb_puts(s, "}}");
    if (r->naive_offsets && r->live) {
        table_start(t, "memory", "greedy_order", "rows");
        int32_t *go = i32_col(t, "i32", n);
        for (int i = 0; go && i < n; i++) go[i] = ord[i];
        gl_sb_puts(s, "}}");
        i64_rows(t, "naive_offsets", r->naive_offsets, n);
        i64_rows(t, "live", r->live, r->nlive);
    }
    free(ord);
    free(tmp);
}

/* A list column of int32 items: n lists, list i is ids[off[i] .. off[i + 1]). */
static void ids_list(tabw *t, int n, const int32_t *off, const int32_t *ids) {
    size_t at;
    int32_t *o = reserve(t, ((size_t)n + 1) * sizeof *o, &at);
    if (o) memcpy(o, off, ((size_t)n + 1) * sizeof *o);
    col_head(t, "list", n);
    put_at(t, "off", at);
    gl_sb_puts(&t->schema, ", \"items\": ");
    int32_t *items = i32_col(t, "i32", off[n]);
    if (items && off[n]) memcpy(items, ids, (size_t)off[n] * sizeof *items);
    gl_sb_putc(&t->schema, '}');
}

/* lab_kernels: {name, short, layer, detail, written, onChip} per fused kernel, as case_write.c writes them */
static void lab_kernels_table(tabw *t, const gl_lab_facts *f) {
    gl_sb *s = &t->schema;
    int n = f->n;
    table_start_top(t, "lab_kernels", "rows");
    col_head(t, "rec", n);
    gl_sb_puts(s, ", \"keys\": [\"name\", \"short\", \"layer\", \"detail\", \"written\", \"onChip\"], \"cols\": [");
    str_col(t, n, (const char *const *)f->name);
    gl_sb_puts(s, ", ");
    str_col(t, n, (const char *const *)f->short_name);
    gl_sb_puts(s, ", ");
    double *lay = f64_col(t, n);   /* no layer: null (NaN) */
    for (int i = 0; lay && i < n; i++) lay[i] = f->layer[i] == GL_LAB_NO_LAYER ? NAN : f->layer[i];
    gl_sb_puts(s, ", ");
    str_col(t, n, (const char *const *)f->detail);
    gl_sb_puts(s, ", ");
    ids_list(t, n, f->w_off, f->w_ids);
    gl_sb_puts(s, ", ");
    ids_list(t, n, f->c_off, f->c_ids);
    gl_sb_puts(s, "]}}}");
}

/* lab_values: {id: [op, shape, bytes]}: shapes' dimensions as numbers, a symbol's as its string ("mix") */
static void lab_values_table(tabw *t, const gl_case *c, const gl_case_result *r) {
    gl_sb *s = &t->schema;
    const gl_lab_facts *f = r->lab;
    const gl_graph *g = r->st[r->nst - 1].r.graph;
    int m = f->nvalues;
    table_start_top(t, "lab_values", "dict");
    int32_t *keys = i32_col(t, "istr", m);
    for (int i = 0; keys && i < m; i++) keys[i] = f->value_ids[i];
    gl_sb_puts(s, ", \"vals\": ");
    col_head(t, "tup", m);
    gl_sb_puts(s, ", \"len\": 3, \"cols\": [");
    const char **ops = malloc((size_t)(m > 0 ? m : 1) * sizeof *ops);
    int32_t *off = malloc(((size_t)m + 1) * sizeof *off);
    if (!ops || !off) {
        t->failed = true;
        m = 0;
    }
    int nd = 0;
    bool sym = false;
    for (int i = 0; i < m; i++) {
        const gl_node *n = &g->nodes[f->value_ids[i]];
        ops[i] = gl_op_name(n->op);
        off[i] = nd;
        nd += n->shape->rank;
        for (int k = 0; k < n->shape->rank; k++) sym |= gl_dim_is_sym(n->shape->d[k]);
    }
    if (off) off[m] = nd;
    str_col(t, m, ops);
    gl_sb_puts(s, ", ");
    size_t at;
    int32_t *o = reserve(t, ((size_t)m + 1) * sizeof *o, &at);
    if (o && off) memcpy(o, off, ((size_t)m + 1) * sizeof *o);
    col_head(t, "list", m);
    put_at(t, "off", at);
    gl_sb_puts(s, ", \"items\": ");
    if (sym) {
        col_head(t, "mix", nd);
        gl_sb_puts(s, ", \"nums\": ");
    }
    double *nums = f64_col(t, nd);
    const char **syms = sym ? malloc((size_t)(nd > 0 ? nd : 1) * sizeof *syms) : NULL;
    if (sym && !syms) t->failed = true;
    for (int i = 0, p = 0; nums && i < m; i++) {
        const gl_shape *sh = g->nodes[f->value_ids[i]].shape;
        for (int k = 0; k < sh->rank; k++, p++) {
            bool is = gl_dim_is_sym(sh->d[k]);
            nums[p] = is ? NAN : (double)sh->d[k].n;
            if (syms) syms[p] = is ? sh->d[k].sym : NULL;
        }
    }
    if (sym) {
        gl_sb_puts(s, ", \"strs\": ");
        sym_col(t, nd, syms);
        gl_sb_putc(s, '}');
    }
    free(syms);
    gl_sb_puts(s, "}, ");
    double *bytes = f64_col(t, m);   /* unbound: null (NaN) */
    for (int i = 0; bytes && i < m; i++) {
        const gl_shape *sh = g->nodes[f->value_ids[i]].shape;
        double b = c->elem_bytes;
        for (int k = 0; k < sh->rank; k++) {
            int64_t v = 0;
            if (gl_dim_value(sh->d[k], &c->bind, &v, NULL)) b = NAN;
            b *= (double)v;
        }
        bytes[i] = isfinite(b) ? b + 0.0 : NAN;
    }
    free(ops);
    free(off);
    gl_sb_puts(s, "]}}}");
}

gl_status gl_case_write_tables(const gl_case *c, const gl_case_result *r, char **out, size_t *outlen, gl_err *e) {
    if (gl_out_begin(out, outlen, "gl_case_write_tables", e)) return e->code;
    tabw t = {0};
    gl_sb_init(&t.schema);
    gl_sb_putc(&t.schema, '[');
    if (r->fused_done) {
        if (c->emit.kernels) {   /* else "kernels": null stays in the JSON */
            kernels_table(&t, "eager", &r->eager, &c->device);
            kernels_table(&t, "fused", &r->fused, &c->device);
        }
        memory_tables(&t, r);
    }
    if (r->lab) {
        lab_kernels_table(&t, r->lab);
        lab_values_table(&t, c, r);
    }
    gl_sb_putc(&t.schema, ']');
    char *schema = NULL;
    size_t slen = 0;
    if (t.failed) t.schema.failed = true;
    gl_status st = gl_sb_finish(&t.schema, &schema, &slen, e);
    if (st) {
        free(t.data);
        return st;
    }
    if (slen > UINT32_MAX) {
        free(schema);
        free(t.data);
        return gl_fail(e, GL_E_LIMIT, "the packed tables' schema is %zu bytes (more than 4 GiB)", slen);
    }
    size_t head = (8 + slen + 7) & ~(size_t)7, total = head + t.len;
    char *buf = calloc(total ? total : 1, 1);
    if (buf) {
        uint32_t sl = (uint32_t)slen;
        memcpy(buf, "GLT1", 4);
        memcpy(buf + 4, &sl, 4);   /* little-endian on every target the core builds for */
        memcpy(buf + 8, schema, slen);
        if (t.len) memcpy(buf + head, t.data, t.len);
        *out = buf;
        if (outlen) *outlen = total;
    }
    free(schema);
    free(t.data);
    return buf ? GL_OK : gl_fail(e, GL_E_NOMEM, "out of memory packing the result's tables");
}
