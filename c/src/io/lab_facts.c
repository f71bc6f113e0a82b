/* lab_facts.c — the lab's facts of a computed case (lab_facts.h), the one implementation of each:
 *
 *   kernel names  A fused kernel is named by what it holds, the way a reader of the lecture would: the weight
 *                 its matmul reads ("wq" → "Q projection"), its epilogues (rot_pairs → RoPE, neg·exp·add·div →
 *                 SiLU, an add of a computed value → residual, x·x → the next RMSNorm's square), a matched
 *                 attention, the cache a kv_write fills, and for a row-wise kernel which projections read its
 *                 rows (an RMSNorm before Q/K/V is the "attention RMSNorm"). The op label stays the detail. In
 *                 a stack each name carries its layer ("L3 O projection + residual"); two kernels of one layer
 *                 alike in every fact are numbered rather than repeated.
 *   written / on chip  A kernel's value leaves the chip when a graph output or another kernel reads it
 *                 (through views, which cost nothing): what fusion saved is the rest.
 *   places        The roofline's points: one per distinct (intensity, attained rate, short name) to 6 digits,
 *                 the first kernel there and how many sit there (a stack's layers are alike: 6,559 eager
 *                 kernels at 126 layers are a few dozen points).
 *   footprint     The float64 bytes a numeric run holds as the run budget counts them (case_run.c
 *                 check_budget: every node's elements × 8, the largest stage deciding) and that stage's
 *                 largest node, so the lab can say why a configuration will not run before asking.
 *
 * Every walk here is linear in the last stage's nodes and edges but the through-views ones, which follow a
 * view's users with an explicit stack (no recursion). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "io/case.h"
#include "io/stage_keys.h"
#include "ir/util.h"

/* ------------------------------------------------------------------ the graph, as the names read it */
typedef struct {
    const gl_graph *g;
    const int32_t *layer;         /* the last stage's layers (stage_keys.c) */
    int n;
    int32_t *ustart, *users;      /* each node's readers (CSR, node order) */
    int32_t *kernel_of;           /* node → fused kernel, -1 */
    int32_t *inside;              /* scratch: node → the kernel that last marked it */
    int32_t *stack;               /* scratch for the through-views walks */
    int nstack;
} lgraph;

static bool is_view(gl_op op) { return op == GL_OP_RESHAPE || op == GL_OP_TRANSPOSE; }

/* The value behind a chain of views (or -1). */
static int source(const lgraph *L, int s) {
    while (s >= 0 && is_view(L->g->nodes[s].op) && L->g->nodes[s].nin > 0) s = L->g->nodes[s].in[0];
    return s;
}

/* Calls fn on every consumer of s through views (a view's users are its value's users), in order. When fn
 * returns true the walk stops and this returns true. */
static bool each_consumer(const lgraph *L, int s, bool (*fn)(const lgraph *, int, void *), void *arg) {
    int top = 0;
    /* the users of s are pushed in reverse so that they pop in node order */
    for (int j = L->ustart[s + 1] - 1; j >= L->ustart[s] && top < L->nstack; j--) L->stack[top++] = L->users[j];
    while (top > 0) {
        int u = L->stack[--top];
        if (is_view(L->g->nodes[u].op)) {
            for (int j = L->ustart[u + 1] - 1; j >= L->ustart[u] && top < L->nstack; j--) L->stack[top++] = L->users[j];
        } else if (fn(L, u, arg)) {
            return true;
        }
    }
    return false;
}

static const char *name_of(const lgraph *L, int s) { return L->g->nodes[s].name; }

/* The layer of a name "12.wq" (1 to 4 digits and a dot), or -1. */
static int32_t name_layer(const char *s) {
    int32_t v = 0;
    int k = 0;
    while (k < 4 && s[k] >= '0' && s[k] <= '9') v = v * 10 + (s[k++] - '0');
    return k > 0 && s[k] == '.' ? v : -1;
}

/* "3.wq·diag(3.attn_norm)" → "wq": the layer prefix and a folded norm weight dropped. */
static void weight_base(const char *name, char *out, size_t cap) {
    const char *s = name;
    if (name_layer(s) >= 0) s = strchr(s, '.') + 1;
    const char *dot = strstr(s, "\xC2\xB7");
    size_t len = dot ? (size_t)(dot - s) : strlen(s);
    if (len >= cap) len = cap - 1;
    memcpy(out, s, len);
    out[len] = 0;
}

/* ------------------------------------------------------------------ one kernel's facts */
typedef struct {
    gl_op main_op;                /* GL_OP_COUNT: none */
    char weight[GL_NAME_MAX];     /* "" : none */
    bool has_weight;
    char cache[GL_NAME_MAX];
    bool rope, silu, rms, softmax, residual, square, scale, mask, gated;
    int32_t layer, weight_layer;  /* GL_LAB_NO_LAYER: none */
    int32_t *from;                /* the kernels it reads from, in first-read order */
    int nfrom;
    int32_t *readers;             /* rms only: the kernels that read its values (through views) */
    int nreaders;
} kfacts;

#define BIT(op) (1ull << (op))
static bool has(uint64_t ops, gl_op op) { return (ops & BIT(op)) != 0; }

static bool is_mask(const lgraph *L, int v) {
    return L->g->nodes[v].op == GL_OP_CAUSAL_MASK || strstr(name_of(L, v), "mask") != NULL;
}

/* The first input of s (views looked through) that passes test, or -1. */
static int first_input(const lgraph *L, int s, bool (*test)(const lgraph *, int)) {
    const gl_node *nd = &L->g->nodes[s];
    for (int k = 0; k < nd->nin; k++) {
        int v = source(L, nd->in[k]);
        if (v >= 0 && test(L, v)) return v;
    }
    return -1;
}
static bool is_param(const lgraph *L, int v) { return L->g->nodes[v].op == GL_OP_PARAM; }
static bool is_cache(const lgraph *L, int v) { return strstr(name_of(L, v), "cache") != NULL; }

/* What node s reads from outside kernel ki (views looked through): whether any is a mask / any is not
 * one of the ops in `not_ops` / any is a const. */
typedef struct { bool mask, other, cnst; } outside;
static outside outside_of(const lgraph *L, int s, int ki, uint64_t not_ops) {
    outside o = {false, false, false};
    const gl_node *nd = &L->g->nodes[s];
    for (int k = 0; k < nd->nin; k++) {
        int v = source(L, nd->in[k]);
        if (v < 0 || L->inside[v] == ki) continue;
        gl_op op = L->g->nodes[v].op;
        if (is_mask(L, v)) o.mask = true;
        if (!(BIT(op) & not_ops)) o.other = true;
        if (op == GL_OP_CONST) o.cnst = true;
    }
    return o;
}

static void add_unique(int32_t *list, int *n, int32_t v) {
    for (int i = 0; i < *n; i++)
        if (list[i] == v) return;
    list[(*n)++] = v;
}

static gl_status facts_of(lgraph *L, const gl_kernel *k, int ki, int nk, kfacts *f, gl_err *e) {
    const gl_graph *g = L->g;
    uint64_t ops = 0;
    int main = -1;
    memset(f, 0, sizeof *f);
    f->main_op = GL_OP_COUNT;
    for (int j = 0; j < k->nnodes; j++) {
        int s = k->nodes[j];
        L->inside[s] = ki;
        ops |= BIT(g->nodes[s].op);
        gl_op op = g->nodes[s].op;
        if (main < 0 && (op == GL_OP_MATMUL || op == GL_OP_FLASH_ATTN || op == GL_OP_KV_WRITE)) main = s;
    }
    if (main >= 0) f->main_op = g->nodes[main].op;
    int wl = main >= 0 && f->main_op == GL_OP_MATMUL ? first_input(L, main, is_param) : -1;
    if (wl >= 0) {
        weight_base(name_of(L, wl), f->weight, sizeof f->weight);
        f->has_weight = f->weight[0] != 0;
    }
    f->rope = has(ops, GL_OP_ROT_PAIRS);
    f->silu = has(ops, GL_OP_SILU) || (has(ops, GL_OP_NEG) && has(ops, GL_OP_EXP) && has(ops, GL_OP_DIV) &&
                                       !has(ops, GL_OP_SUM));
    f->rms = has(ops, GL_OP_RMS_NORM) || (has(ops, GL_OP_RSQRT) && has(ops, GL_OP_SUM));
    f->softmax = has(ops, GL_OP_SOFTMAX) || (has(ops, GL_OP_EXP) && has(ops, GL_OP_SUM) && has(ops, GL_OP_DIV) &&
                                             !has(ops, GL_OP_RSQRT));
    for (int j = 0; j < k->nnodes; j++) {
        int s = k->nodes[j];
        if (s == main) continue;
        const gl_node *nd = &g->nodes[s];
        if (nd->op == GL_OP_ADD) {
            outside o = outside_of(L, s, ki, BIT(GL_OP_CONST) | BIT(GL_OP_PARAM));
            if (o.mask) f->mask = true;
            else if (o.other) f->residual = true;
        } else if (nd->op == GL_OP_MUL) {
            if (nd->nin == 2 && nd->in[0] == nd->in[1]) {
                f->square = true;
            } else {
                outside o = outside_of(L, s, ki, BIT(GL_OP_INPUT) | BIT(GL_OP_PARAM) | BIT(GL_OP_CONST));
                if (o.cnst && !f->rope) f->scale = true;
                else if (o.other) f->gated = true;
            }
        }
    }
    if (main >= 0 && f->main_op == GL_OP_KV_WRITE) {
        int c = first_input(L, main, is_cache);
        if (c >= 0) weight_base(name_of(L, c), f->cache, sizeof f->cache);
    }
    /* the layer: the weight's ("3.wq"), else the latest of its nodes': a kernel that ends one layer and starts
     * the next one's RMSNorm (x² after the down projection) is named by its weight */
    int32_t wlayer = wl >= 0 ? name_layer(name_of(L, wl)) : -1;
    f->weight_layer = wlayer >= 0 ? wlayer : GL_LAB_NO_LAYER;
    f->layer = f->weight_layer;
    if (wlayer < 0) {
        for (int j = 0; j < k->nnodes; j++) {
            int32_t l = L->layer[k->nodes[j]];
            if (l >= 0 && (f->layer == GL_LAB_NO_LAYER || l > f->layer)) f->layer = l;
        }
    }
    /* the kernels this one reads from */
    size_t nin = 1;   /* each input adds at most one kernel: a bound that stays linear in the graph */
    for (int j = 0; j < k->nnodes; j++) nin += (size_t)g->nodes[k->nodes[j]].nin;
    (void)nk;
    f->from = gl_alloc(nin, sizeof *f->from, e);
    if (!f->from) return GL_E_NOMEM;
    for (int j = 0; j < k->nnodes; j++) {
        const gl_node *nd = &g->nodes[k->nodes[j]];
        for (int q = 0; q < nd->nin; q++) {
            int v = source(L, nd->in[q]);
            if (v < 0 || L->inside[v] == ki) continue;
            int32_t kj = L->kernel_of[v];
            if (kj >= 0 && kj != ki) add_unique(f->from, &f->nfrom, kj);
        }
    }
    return GL_OK;
}

typedef struct { int ki; kfacts *f; int cap; bool failed; } reader_ctx;
static bool add_reader(const lgraph *L, int u, void *arg) {
    reader_ctx *c = arg;
    int32_t j = L->kernel_of[u];
    if (j < 0 || j == c->ki) return false;
    for (int i = 0; i < c->f->nreaders; i++)
        if (c->f->readers[i] == j) return false;
    if (c->f->nreaders == c->cap) {   /* a few readers each: grown on demand, not sized by the kernel count */
        int cap = c->cap ? c->cap * 2 : 8;
        int32_t *r = realloc(c->f->readers, (size_t)cap * sizeof *r);
        if (!r) {
            c->failed = true;
            return true;
        }
        c->f->readers = r;
        c->cap = cap;
    }
    c->f->readers[c->f->nreaders++] = j;
    return false;
}

typedef struct { int ki; } elsewhere_ctx;
static bool read_elsewhere(const lgraph *L, int u, void *arg) { return L->kernel_of[u] != ((elsewhere_ctx *)arg)->ki; }

/* ------------------------------------------------------------------ names */
static const struct { const char *w, *name; } WEIGHTS[] = {
    {"wq", "Q projection"}, {"wk", "K projection"}, {"wv", "V projection"}, {"wo", "O projection"},
    {"w_gate", "gate projection"}, {"w_up", "up projection"}, {"w_down", "down projection"}, {"lm_head", "LM head"},
};

static bool any_from(const kfacts *fs, const kfacts *f, bool softmax) {
    for (int i = 0; i < f->nfrom; i++)
        if (softmax ? fs[f->from[i]].softmax : fs[f->from[i]].silu) return true;
    return false;
}

static bool any_reader_weight(const kfacts *fs, const kfacts *f, const char *a, const char *b, const char *c) {
    for (int i = 0; i < f->nreaders; i++) {
        const kfacts *r = &fs[f->readers[i]];
        if (!r->has_weight && !r->weight[0]) continue;
        if (strcmp(r->weight, a) == 0 || (b && strcmp(r->weight, b) == 0) || (c && strcmp(r->weight, c) == 0))
            return true;
    }
    return false;
}

static void base_name(const gl_kernel *k, const kfacts *f, const kfacts *fs, gl_sb *sb) {
    if (f->main_op == GL_OP_FLASH_ATTN) {
        gl_sb_puts(sb, "attention (flash_attn)");
    } else if (f->main_op == GL_OP_KV_WRITE) {
        gl_sb_puts(sb, strcmp(f->cache, "k_cache") == 0 ? "K cache write"
                       : strcmp(f->cache, "v_cache") == 0 ? "V cache write" : "cache write");
    } else if (f->main_op == GL_OP_MATMUL) {
        if (f->has_weight) {
            const char *known = NULL;
            for (size_t i = 0; i < sizeof WEIGHTS / sizeof WEIGHTS[0]; i++)
                if (strcmp(WEIGHTS[i].w, f->weight) == 0) known = WEIGHTS[i].name;
            if (known) gl_sb_puts(sb, known);
            else gl_sb_printf(sb, "%s projection", f->weight);
        } else if (f->scale || f->mask) {
            gl_sb_puts(sb, "attention scores Q\xC2\xB7K\xE1\xB5\x80");
        } else if (any_from(fs, f, true)) {
            gl_sb_puts(sb, "attention output P\xC2\xB7V");
        } else {
            gl_sb_puts(sb, "matmul");
        }
        if (f->rope) gl_sb_puts(sb, " + RoPE");
        if (f->silu) gl_sb_puts(sb, " + SiLU");
        if (f->gated) gl_sb_puts(sb, any_from(fs, f, false) ? " \xC3\x97 SiLU(gate)" : " \xC3\x97 gate");
        if (f->scale && !f->has_weight) gl_sb_puts(sb, " \xC3\x97 scale");
        if (f->mask) gl_sb_puts(sb, " + mask");
        if (f->residual) gl_sb_puts(sb, " + residual");
        if (f->square) gl_sb_puts(sb, " + x\xC2\xB2 (next RMSNorm)");
    } else if (f->rms) {
        /* which projections read the normalised rows */
        const char *where = any_reader_weight(fs, f, "wq", "wk", "wv") ? "attention "
                            : any_reader_weight(fs, f, "w_gate", "w_up", NULL) ? "MLP "
                            : any_reader_weight(fs, f, "lm_head", NULL, NULL) ? "final " : "";
        gl_sb_printf(sb, "%sRMSNorm", where);
    } else if (f->softmax) {
        gl_sb_puts(sb, "attention softmax");
    } else if (f->silu) {
        gl_sb_puts(sb, "SiLU");
    } else {
        gl_sb_puts(sb, k->label ? k->label : "");
    }
}

/* The first occurrence of `from` in s (in place, cap bytes) replaced by `to`. */
static void replace_first(char *s, size_t cap, const char *from, const char *to) {
    char *p = strstr(s, from);
    if (!p) return;
    size_t lf = strlen(from), lt = strlen(to), rest = strlen(p + lf);
    if ((size_t)(p - s) + lt + rest + 1 > cap) return;
    memmove(p + lt, p + lf, rest + 1);
    memcpy(p, to, lt);
}

/* The chart's label of a name: "L3 O projection + residual" → "O proj.". */
static char *short_name(const char *name, gl_err *e) {
    const char *s = name;
    if (s[0] == 'L' && s[1] >= '0' && s[1] <= '9') {
        const char *p = s + 1;
        while (*p >= '0' && *p <= '9') p++;
        if (*p == ' ') s = p + 1;
    }
    size_t len = strlen(s);
    const char *plus = strstr(s, " + "), *times = strstr(s, " \xC3\x97 ");
    if (plus && (size_t)(plus - s) < len) len = (size_t)(plus - s);
    if (times && (size_t)(times - s) < len) len = (size_t)(times - s);
    size_t cap = len + 16;
    char *out = gl_alloc(cap, 1, e);
    if (!out) return NULL;
    memcpy(out, s, len);
    replace_first(out, cap, " projection", " proj.");
    replace_first(out, cap, "attention (flash_attn)", "flash_attn");
    replace_first(out, cap, "attention scores ", "scores ");
    replace_first(out, cap, "attention output ", "");
    replace_first(out, cap, "attention softmax", "softmax");
    return out;
}

static char *finish_str(gl_sb *sb, gl_err *e) {
    char *s = NULL;
    size_t len = 0;
    return gl_sb_finish(sb, &s, &len, e) ? NULL : s;
}

/* ------------------------------------------------------------------ places */
/* "%.6g" of v, remembered by its bits: a stack's layers repeat the same few intensities and rates, and the
 * formatting was most of the places' time (7,800 kernels at 126 layers). memo: cap slots (a power of two). */
typedef struct { uint64_t bits; bool used; char txt[24]; } p6_slot;
static const char *p6(p6_slot *memo, size_t cap, double v, char *own) {
    uint64_t b;
    memcpy(&b, &v, sizeof b);
    size_t i = (size_t)((b * 0x9e3779b97f4a7c15ULL) >> 20) & (cap - 1);
    for (size_t probe = 0; probe < cap; probe++, i = (i + 1) & (cap - 1)) {
        if (memo[i].used && memo[i].bits == b) return memo[i].txt;
        if (!memo[i].used) {
            memo[i].used = true;
            memo[i].bits = b;
            snprintf(memo[i].txt, sizeof memo[i].txt, "%.6g", v);
            return memo[i].txt;
        }
    }
    snprintf(own, 24, "%.6g", v);   /* full (it is sized to hold every value twice): unreachable */
    return own;
}

/* One kernel set's places: (first kernel, count) per distinct (intensity, rate, short name) to 6 digits. */
static gl_status places_of(const gl_kernels *ks, const gl_device *dev, char *const *shorts, int32_t **out,
                           int *nout, gl_err *e) {
    int n = ks->n;
    size_t nslots = 16;
    while (nslots < (size_t)n * 2) nslots *= 2;
    char **keys = gl_alloc(nslots, sizeof *keys, e);
    int32_t *slot = gl_alloc(nslots, sizeof *slot, e);   /* index into the places, + 1; 0: empty */
    int32_t *pl = gl_alloc((size_t)(n > 0 ? n : 1) * 2, sizeof *pl, e);
    size_t mcap = nslots * 2;
    p6_slot *memo = gl_alloc(mcap, sizeof *memo, e);
    gl_status st = keys && slot && pl && memo ? GL_OK : GL_E_NOMEM;
    int np = 0;
    for (int i = 0; !st && i < n; i++) {
        const gl_kernel *k = &ks->k[i];
        double bytes = k->reads + k->writes, fl = k->flops;
        double ai = bytes ? fl / bytes : 0, t = gl_kernel_time(k, dev), perf = t ? fl / t : 0;
        if (!(ai > 0 && perf > 0)) continue;
        char *own = shorts ? NULL : short_name(k->label ? k->label : "", e);
        if (!shorts && !own) {
            st = GL_E_NOMEM;
            break;
        }
        const char *sn = shorts ? shorts[i] : own;
        char head[64];
        char own_a[24], own_p[24];
        int hl = snprintf(head, sizeof head, "%s|%s|", p6(memo, mcap, ai, own_a), p6(memo, mcap, perf, own_p));
        size_t kl = (size_t)hl + strlen(sn) + 1;
        char *key = malloc(kl);
        if (!key) {
            free(own);
            st = gl_fail(e, GL_E_NOMEM, "out of memory placing kernels on the roofline");
            break;
        }
        memcpy(key, head, (size_t)hl);
        memcpy(key + hl, sn, kl - (size_t)hl);
        free(own);
        uint32_t h = 2166136261u;
        for (const char *p = key; *p; p++) h = (h ^ (unsigned char)*p) * 16777619u;
        size_t j = h & (nslots - 1);
        while (slot[j] && strcmp(keys[j], key) != 0) j = (j + 1) & (nslots - 1);
        if (slot[j]) {
            pl[2 * (slot[j] - 1) + 1]++;
            free(key);
        } else {
            keys[j] = key;
            pl[2 * np] = i;
            pl[2 * np + 1] = 1;
            slot[j] = ++np;
        }
    }
    for (size_t j = 0; keys && j < nslots; j++) free(keys[j]);
    free(keys);
    free(slot);
    free(memo);
    if (st) {
        free(pl);
        return st;
    }
    *out = pl;
    *nout = np;
    return GL_OK;
}

/* ------------------------------------------------------------------ footprint */
static double numel_f(const gl_shape *s, const gl_bind *b) {
    double n = 1;
    for (int k = 0; k < s->rank; k++) {
        int64_t v = 0;
        if (gl_dim_value(s->d[k], b, &v, NULL)) return NAN;
        n *= (double)v;
    }
    return n;
}

static void footprint(const gl_case *c, const gl_case_result *r, gl_lab_facts *f) {
    for (int i = 0; i < r->nst; i++) {
        const gl_graph *g = r->st[i].r.graph;
        double total = 0, big_n = -1;
        int big = -1;
        for (int k = 0; k < g->n; k++) {
            double m = numel_f(g->nodes[k].shape, &c->bind);
            total += m;
            if (m > big_n) {
                big_n = m;
                big = k;
            }
        }
        if (!f->has_footprint || total * 8 > f->fp_bytes) {
            f->has_footprint = true;
            f->fp_bytes = total * 8;
            f->fp_stage = i;
            f->fp_node = big;
        }
    }
}

/* ------------------------------------------------------------------ the whole */
static gl_status last_layers(const gl_case_result *r, int32_t **out, gl_err *e) {
    gl_stage_keys keys[2] = {{0}, {0}};
    gl_status st = GL_OK;
    int cur = 0;
    for (int i = 0; i < r->nst && !st; i++) {
        cur = i & 1;
        const gl_graph *g = r->st[i].r.graph, *pg = i > 0 ? r->st[i - 1].r.graph : NULL;
        gl_stage_keys made;
        st = gl_stage_keys_make(g, i, i > 0 ? &r->st[i].r.prov : NULL, pg, i > 0 ? &keys[(i - 1) & 1] : NULL,
                                &made, e);
        if (st) break;
        gl_stage_keys_free(&keys[cur]);
        keys[cur] = made;
    }
    if (!st) {
        *out = keys[cur].layer;
        keys[cur].layer = NULL;
    }
    gl_stage_keys_free(&keys[0]);
    gl_stage_keys_free(&keys[1]);
    return st;
}

static gl_status index_graph(lgraph *L, const gl_kernels *ks, gl_err *e) {
    const gl_graph *g = L->g;
    int n = g->n;
    L->n = n;
    L->ustart = gl_alloc((size_t)n + 1, sizeof *L->ustart, e);
    L->kernel_of = gl_alloc((size_t)(n > 0 ? n : 1), sizeof *L->kernel_of, e);
    L->inside = gl_alloc((size_t)(n > 0 ? n : 1), sizeof *L->inside, e);
    if (!L->ustart || !L->kernel_of || !L->inside) return GL_E_NOMEM;
    int64_t nu = 0;
    for (int u = 0; u < n; u++)
        for (int k = 0; k < g->nodes[u].nin; k++)
            if (g->nodes[u].in[k] >= 0) {
                L->ustart[g->nodes[u].in[k] + 1]++;
                nu++;
            }
    for (int i = 0; i < n; i++) L->ustart[i + 1] += L->ustart[i];
    L->users = gl_alloc((size_t)(nu > 0 ? nu : 1), sizeof *L->users, e);
    /* a walk through views pushes each edge at most once (a view has one input): nu bounds its stack */
    L->stack = gl_alloc((size_t)nu + 1, sizeof *L->stack, e);
    L->nstack = (int)nu + 1;
    if (!L->stack) return GL_E_NOMEM;
    int32_t *fill = gl_alloc((size_t)(n > 0 ? n : 1), sizeof *fill, e);
    if (!L->users || !fill) {
        free(fill);
        return GL_E_NOMEM;
    }
    memcpy(fill, L->ustart, (size_t)n * sizeof *fill);
    for (int u = 0; u < n; u++)
        for (int k = 0; k < g->nodes[u].nin; k++)
            if (g->nodes[u].in[k] >= 0) L->users[fill[g->nodes[u].in[k]]++] = u;
    free(fill);
    for (int i = 0; i < n; i++) L->kernel_of[i] = L->inside[i] = -1;
    for (int ki = 0; ki < ks->n; ki++)
        for (int j = 0; j < ks->k[ki].nnodes; j++) {
            int s = ks->k[ki].nodes[j];
            if (s < 0 || s >= n) return gl_fail(e, GL_E_INTERNAL, "kernel %d holds node %d of %d", ki, s, n);
            L->kernel_of[s] = ki;
        }
    return GL_OK;
}

typedef struct { const char *name; int i; } named;
static int by_name(const void *a, const void *b) {
    const named *x = a, *y = b;
    int c = strcmp(x->name, y->name);
    return c ? c : (x->i > y->i) - (x->i < y->i);
}

static gl_status number_repeats(gl_lab_facts *f, int nk, gl_err *e) {
    named *byn = gl_alloc((size_t)(nk > 0 ? nk : 1), sizeof *byn, e);
    int *ord = gl_alloc((size_t)(nk > 0 ? nk : 1), sizeof *ord, e);
    if (!byn || !ord) {
        free(byn);
        free(ord);
        return GL_E_NOMEM;
    }
    for (int i = 0; i < nk; i++) byn[i] = (named){f->name[i], i};
    qsort(byn, (size_t)nk, sizeof *byn, by_name);
    for (int i = 0; i < nk; i++) ord[i] = byn[i].i;
    free(byn);
    gl_status st = GL_OK;
    /* from the last of each run of equals back, so that a rename never changes a comparison still to come */
    for (int i = nk - 1; i > 0 && !st; i--) {
        int first = i;
        while (first > 0 && strcmp(f->name[ord[first - 1]], f->name[ord[i]]) == 0) first--;
        for (int q = i; q > first; q--) {
            gl_sb sb;
            gl_sb_init(&sb);
            gl_sb_printf(&sb, "%s (%d)", f->name[ord[q]], q - first + 1);
            char *renamed = finish_str(&sb, e);
            if (!renamed) {
                st = GL_E_NOMEM;
                break;
            }
            free(f->name[ord[q]]);
            f->name[ord[q]] = renamed;
        }
        i = first;
    }
    free(ord);
    return st;
}

/* Names, layers, written / on-chip values of every fused kernel. */
static gl_status name_kernels(lgraph *L, const gl_kernels *ks, gl_lab_facts *f, kfacts *fs, gl_err *e) {
    int nk = ks->n;
    gl_status st = GL_OK;
    for (int ki = 0; ki < nk && !st; ki++) st = facts_of(L, &ks->k[ki], ki, nk, &fs[ki], e);
    if (st) return st;
    /* an RMSNorm belongs to the layer whose projections read it (its own weight was folded into them) */
    for (int ki = 0; ki < nk; ki++) {
        kfacts *k = &fs[ki];
        if (!k->rms) continue;
        reader_ctx rc = {ki, k, 0, false};
        for (int j = 0; j < ks->k[ki].nnodes && !rc.failed; j++) each_consumer(L, ks->k[ki].nodes[j], add_reader, &rc);
        if (rc.failed) return gl_fail(e, GL_E_NOMEM, "out of memory naming the kernels");
        int32_t lo = GL_LAB_NO_LAYER;
        for (int i = 0; i < k->nreaders; i++) {
            int32_t l = fs[k->readers[i]].weight_layer;
            if (l != GL_LAB_NO_LAYER && (lo == GL_LAB_NO_LAYER || l < lo)) lo = l;
        }
        if (lo != GL_LAB_NO_LAYER) k->layer = lo;
    }
    int32_t first = GL_LAB_NO_LAYER;
    bool multi = false;
    for (int ki = 0; ki < nk; ki++) {
        if (fs[ki].layer == GL_LAB_NO_LAYER) continue;
        if (first == GL_LAB_NO_LAYER) first = fs[ki].layer;
        else if (fs[ki].layer != first) multi = true;
    }
    /* the values that leave the chip: a graph output's (through views), or read by another kernel */
    const gl_graph *g = L->g;
    bool *is_out = gl_alloc((size_t)(g->n > 0 ? g->n : 1), sizeof *is_out, e);
    if (!is_out) return GL_E_NOMEM;
    for (int o = 0; o < g->nout; o++) {
        int s = source(L, g->outputs[o]);
        if (s >= 0) is_out[s] = true;
    }
    int total = 0;
    for (int ki = 0; ki < nk; ki++) total += ks->k[ki].nnodes;
    f->w_ids = gl_alloc((size_t)(total > 0 ? total : 1), sizeof *f->w_ids, e);
    f->c_ids = gl_alloc((size_t)(total > 0 ? total : 1), sizeof *f->c_ids, e);
    if (!f->w_ids || !f->c_ids) st = GL_E_NOMEM;
    int nw = 0, nc = 0;
    for (int ki = 0; ki < nk && !st; ki++) {
        const gl_kernel *k = &ks->k[ki];
        f->w_off[ki] = nw;
        f->c_off[ki] = nc;
        elsewhere_ctx ec = {ki};
        for (int j = 0; j < k->nnodes; j++) {
            int s = k->nodes[j];
            if (is_out[s] || each_consumer(L, s, read_elsewhere, &ec)) f->w_ids[nw++] = s;
            else f->c_ids[nc++] = s;
        }
        gl_sb sb;
        gl_sb_init(&sb);
        if (multi && fs[ki].layer != GL_LAB_NO_LAYER) gl_sb_printf(&sb, "L%d ", (int)fs[ki].layer);
        base_name(k, &fs[ki], fs, &sb);
        if (!(f->name[ki] = finish_str(&sb, e))) st = e && e->code ? e->code : GL_E_NOMEM;
        gl_sb_init(&sb);
        gl_sb_printf(&sb, "%s: %s", gl_kernel_kind_name(k->kind), k->label ? k->label : "");
        if (!st && !(f->detail[ki] = finish_str(&sb, e))) st = GL_E_NOMEM;
        f->layer[ki] = fs[ki].layer;
    }
    f->w_off[nk] = nw;
    f->c_off[nk] = nc;
    free(is_out);
    if (st) return st;
    /* two kernels of one layer alike in every fact (an unusual pipeline): numbered rather than repeated, the
     * second "(2)", the third "(3)": the names sorted (stable by index) tell each one's place among its equals */
    if ((st = number_repeats(f, nk, e))) return st;
    for (int ki = 0; ki < nk; ki++)
        if (!(f->short_name[ki] = short_name(f->name[ki], e))) return GL_E_NOMEM;
    return GL_OK;
}

gl_status gl_lab_facts_make(const gl_case *c, const gl_case_result *r, gl_lab_facts *f, gl_err *e) {
    memset(f, 0, sizeof *f);
    f->fp_stage = f->fp_node = -1;
    footprint(c, r, f);
    if (!r->fused_done) return GL_OK;
    const gl_kernels *ks = &r->fused;
    int nk = ks->n;
    lgraph L = {0};
    L.g = r->st[r->nst - 1].r.graph;
    int32_t *layer = NULL;
    kfacts *fs = NULL;
    gl_status st = last_layers(r, &layer, e);
    L.layer = layer;
    if (!st) st = index_graph(&L, ks, e);
    if (!st) {
        f->n = nk;
        size_t m = (size_t)(nk > 0 ? nk : 1);
        f->name = gl_alloc(m, sizeof *f->name, e);
        f->short_name = gl_alloc(m, sizeof *f->short_name, e);
        f->detail = gl_alloc(m, sizeof *f->detail, e);
        f->layer = gl_alloc(m, sizeof *f->layer, e);
        f->w_off = gl_alloc(m + 1, sizeof *f->w_off, e);
        f->c_off = gl_alloc(m + 1, sizeof *f->c_off, e);
        fs = gl_alloc(m, sizeof *fs, e);
        if (!f->name || !f->short_name || !f->detail || !f->layer || !f->w_off || !f->c_off || !fs) {
            st = GL_E_NOMEM;
            if (!f->name) f->n = 0;
        }
    }
    if (!st) st = name_kernels(&L, ks, f, fs, e);
    /* the values the fused kernels make, by id */
    if (!st) {
        bool *seen = gl_alloc((size_t)(L.n > 0 ? L.n : 1), sizeof *seen, e);
        f->value_ids = gl_alloc((size_t)(L.n > 0 ? L.n : 1), sizeof *f->value_ids, e);
        if (!seen || !f->value_ids) st = GL_E_NOMEM;
        for (int ki = 0; !st && ki < nk; ki++)
            for (int j = 0; j < ks->k[ki].nnodes; j++) seen[ks->k[ki].nodes[j]] = true;
        for (int i = 0; !st && i < L.n; i++)
            if (seen[i]) f->value_ids[f->nvalues++] = i;
        free(seen);
    }
    if (!st) st = places_of(ks, &c->device, f->short_name, &f->places[0], &f->nplaces[0], e);
    if (!st) st = places_of(&r->eager, &c->device, NULL, &f->places[1], &f->nplaces[1], e);
    for (int ki = 0; fs && ki < nk; ki++) {
        free(fs[ki].from);
        free(fs[ki].readers);
    }
    free(fs);
    free(layer);
    free(L.ustart);
    free(L.users);
    free(L.kernel_of);
    free(L.inside);
    free(L.stack);
    if (st && e && !e->code) gl_fail(e, st, "out of memory naming the kernels");
    return st;
}

void gl_lab_facts_free(gl_lab_facts *f) {
    if (!f) return;
    for (int i = 0; i < f->n; i++) {
        if (f->name) free(f->name[i]);
        if (f->short_name) free(f->short_name[i]);
        if (f->detail) free(f->detail[i]);
    }
    free(f->name);
    free(f->short_name);
    free(f->detail);
    free(f->layer);
    free(f->w_off);
    free(f->w_ids);
    free(f->c_off);
    free(f->c_ids);
    free(f->value_ids);
    free(f->places[0]);
    free(f->places[1]);
    memset(f, 0, sizeof *f);
}
