/* dynamic_demo.c — dynamic shapes through a compile cache (the dynamic-shapes part of §8/§12).
 *
 * N decode steps with cache length S = S0, S0+1, ..., S0+N-1 (the new token is written at row P = S-1).
 * Each step looks the step's input shapes up in a compile cache: every cached graph carries a guard on the
 * shapes of its inputs (integer dims must be equal, a symbolic dim binds to whatever the input has, the
 * same symbol consistently). The first graph whose guard holds runs (a cache hit); when the cache has
 * graphs but none fits, that is a guard failure, and the step compiles (traces) a new graph.
 *
 *   specialize  one graph per distinct S: k_cache/v_cache [G, S, dh] and the write row P = S-1 are
 *               integers in the graph (the decode layer traced with concrete S).
 *   bucket      S is padded up to the next power of two B: the caches are [G, B, dh] (rows S..B-1 are
 *               padding, filled with garbage on purpose), the masked decode layer adds kmask [1, 1, B]
 *               (0 on the S real slots, -inf on the padding), and the write row is the symbol P, bound per
 *               step. One graph per distinct B; padded_slots adds up B - S.
 *   symbolic    one graph with S symbolic ([G, "S", dh], row "P"), S and P bound per step.
 *
 * wasted_attention_flops: the attention FLOPs spent on padded slots, by the formula
 *     4 · rows · (B - S) · dh   per layer and step, rows = H (one query token per head),
 * i.e. the q·Kᵀ and p·V matmuls (2·H·B·dh FLOPs each, as gl_node_flops counts them) over the B - S extra
 * columns; the same as flash_attn's 4·rows·cols·d. The demo is one layer.
 *
 * Config "small" also runs every step numerically (params from gl_params_random(seed), inputs from a stream
 * of front/rng.h seeded apart from the params) and compares each step's outputs (x_out and the first S rows of
 * K and V) with the specialize graph's on the same inputs: max_abs_diff (bucket and symbolic agree to ~1e-15: only
 * the pairwise grouping of the softmax sum changes with the padding). The numeric run is bounded: cache
 * lengths up to 65536 and, over all steps, at most 2^20 cache rows. "llama8b" is shape-only.
 *
 * Steps are limited to 1024, cache lengths to 2^24.
 *
 * Options: {"strategy": "specialize"|"bucket"|"symbolic" (default specialize), "from": S0 (default 5),
 * "steps": N (default 6), "config": "small"|"llama8b" (default small), "seed": n (default 0)}. Result:
 *   strategy, config, from, steps, seed, numeric     echo (numeric: config small)
 *   compiles, cache_hits, guard_failures             per step, exactly one of compile / hit; a guard failure is
 *                                                    a compile while the cache already held graphs
 *   padded_slots                                     sum over steps of bucket - S
 *   wasted_attention_flops, attention_flops          the formula above (padding only / all slots)
 *   flops_formula                                    that formula, as text
 *   max_abs_diff                                     max over steps (null for llama8b)
 *   per_step   [{S, P, bucket, compiled, guard_failure, graph (cache index), max_abs_diff}]
 *   graphs     the compile cache: [{length (integer, or "S"), nodes, ops}]
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "front/rng.h"
#include "io/json.h"

#define DYN_MAX_STEPS 1024
#define DYN_MAX_S (1LL << 24)
#define DYN_MAX_NUMERIC_S (1LL << 16)   /* config small, numerics: bucket up to 65536 rows */
#define DYN_NUMERIC_BUDGET (1LL << 20)  /* config small: the steps' cache lengths (buckets) add up to at most this */

typedef enum { ST_SPECIALIZE, ST_BUCKET, ST_SYMBOLIC } strategy;
static const char *const ST_NAMES[] = {"specialize", "bucket", "symbolic"};

typedef struct {
    strategy st;
    int64_t from;
    int steps;
    bool llama8b;
    uint64_t seed;
} dyn_opts;

/* ------------------------------------------------------------------ random inputs (front/rng.h, the one generator) */
/* *out = a new array of normal draws. */
static gl_status random_array(gl_rng *r, int rank, const int64_t *dims, gl_array **out, gl_err *e) {
    gl_status st = gl_array_new(rank, dims, out, e);
    if (st) return st;
    gl_array *a = *out;
    for (int64_t i = 0; i < a->size; i++) a->data[i] = gl_rng_normal(r);
    return GL_OK;
}

/* ------------------------------------------------------------------ graphs */
static gl_shape shp(int rank, gl_dim a, gl_dim b, gl_dim c) {
    gl_shape s;
    memset(&s, 0, sizeof s);
    s.rank = rank;
    s.d[0] = a;
    s.d[1] = b;
    s.d[2] = c;
    return s;
}

/* The decode layer with cache length L (integer or symbol) and write row pos, inputs and params in
 * gl_build_model's order. p holds values (numerics) or shapes only. */
static gl_status build_decode(const gl_layer_cfg *c, const gl_params *p, gl_dim L, gl_dim pos, bool masked,
                              gl_graph **out, gl_err *e) {
    *out = NULL;
    gl_tracer *tr = NULL;
    gl_status st = gl_tracer_new(GL_BRANCH_ERROR, false, &tr, e);
    if (st) return st;
    gl_dim one = gl_dim_int(1), G = gl_dim_int(c->G), dh = gl_dim_int(c->dh);
    gl_shape xs = shp(2, one, gl_dim_int(c->d), one), kv = shp(3, G, L, dh), cs = shp(3, one, one, dh),
             ms = shp(3, one, one, L);
    int x = gl_t_input(tr, "x", &xs, NULL);
    int kc = gl_t_input(tr, "k_cache", &kv, NULL);
    int vc = gl_t_input(tr, "v_cache", &kv, NULL);
    int co = gl_t_input(tr, "cos", &cs, NULL);
    int si = gl_t_input(tr, "sin", &cs, NULL);
    int km = masked ? gl_t_input(tr, "kmask", &ms, NULL) : -1;
    int ids[GL_LAYER_NPARAMS];
    for (int i = 0; i < GL_LAYER_NPARAMS; i++) {
        const char *name = gl_layer_param_name(i);
        int k = gl_params_find(p, name);
        if (k < 0) {
            gl_tracer_free(tr);
            return gl_fail(e, GL_E_INTERNAL, "dynamic: param %s is missing", name);
        }
        ids[i] = p->values[k] ? gl_t_param_value(tr, name, p->values[k]) : gl_t_param(tr, name, &p->shapes[k]);
    }
    int outs[3] = {-1, -1, -1};
    gl_decode_layer(tr, c, pos, masked, x, kc, vc, co, si, km, ids, outs);
    return gl_tracer_finish(tr, outs, 3, out, e);
}

/* The shape guard: every input node's shape matches the step's input of the same name (integer dims
 * equal, symbols bound consistently into *b). */
typedef struct {
    const char *name;
    gl_shape s;                   /* concrete */
} named_shape;

static bool guard_holds(const gl_graph *g, const named_shape *in, int nin, gl_bind *b) {
    memset(b, 0, sizeof *b);
    for (int i = 0; i < g->n; i++) {
        const gl_node *n = &g->nodes[i];
        if (n->op != GL_OP_INPUT) continue;
        const named_shape *m = NULL;
        for (int k = 0; k < nin && !m; k++)
            if (strcmp(in[k].name, n->name) == 0) m = &in[k];
        if (!m || m->s.rank != n->shape->rank) return false;
        for (int d = 0; d < n->shape->rank; d++) {
            gl_dim want = n->shape->d[d];
            int64_t have = m->s.d[d].n;
            if (!gl_dim_is_sym(want)) {
                if (want.n != have) return false;
                continue;
            }
            int64_t v;
            gl_err quiet = {GL_OK, ""};
            if (gl_dim_value(want, b, &v, &quiet) == GL_OK) {
                if (v != have) return false;
            } else if (gl_bind_set(b, want.sym, have, &quiet)) {
                return false;
            }
        }
    }
    return true;
}

/* ------------------------------------------------------------------ the demo */
typedef struct {
    gl_graph **g;
    int64_t *len;                 /* cache length the graph was compiled for (-1: symbolic) */
    int n, cap;
} dyn_cache;

static void cache_free(dyn_cache *c) {
    for (int i = 0; i < c->n; i++) gl_graph_free(c->g[i]);
    free(c->g);
    free(c->len);
    memset(c, 0, sizeof *c);
}

static gl_status cache_add(dyn_cache *c, gl_graph *g, int64_t len, gl_err *e) {
    if (c->n == c->cap) {
        int cap = c->cap ? c->cap * 2 : 8;
        gl_graph **gg = gl_grow(c->g, (size_t)cap, sizeof *gg, e);
        if (!gg) return GL_E_NOMEM;
        c->g = gg;
        int64_t *ll = gl_grow(c->len, (size_t)cap, sizeof *ll, e);
        if (!ll) return GL_E_NOMEM;
        c->len = ll;
        c->cap = cap;
    }
    c->g[c->n] = g;
    c->len[c->n++] = len;
    return GL_OK;
}

typedef struct {
    int64_t S, bucket;
    bool compiled, guard_failure;
    int graph;                    /* index of the graph that ran (0-based) */
    double diff;                  /* max |out - specialize|, or -1 (shape-only) */
} dyn_step;

static int64_t next_pow2(int64_t s) {
    int64_t b = 1;
    while (b < s) b <<= 1;
    return b;
}

static double max_diff_rows(const gl_array *a, const gl_array *ref, int64_t rows) {
    /* a, ref: [G, La, dh] and [G, S, dh]; compares the first rows rows of every group */
    if (a->rank != 3 || ref->rank != 3) return INFINITY;
    int64_t G = ref->dim[0], dh = ref->dim[2];
    double m = 0;
    for (int64_t g = 0; g < G; g++)
        for (int64_t r = 0; r < rows; r++)
            for (int64_t k = 0; k < dh; k++) {
                double d = fabs(a->data[(g * a->dim[1] + r) * dh + k] - ref->data[(g * ref->dim[1] + r) * dh + k]);
                if (!(d <= m)) m = d;   /* NaN propagates as a mismatch */
            }
    return m;
}

/* *out = the first rows rows of every group of a [G, Lp, dh] pool, as a new [G, rows, dh] array. */
static gl_status pool_rows(const gl_array *pool, int64_t rows, gl_array **out, gl_err *e) {
    int64_t G = pool->dim[0], Lp = pool->dim[1], dh = pool->dim[2], d[3] = {G, rows, dh};
    gl_status st = gl_array_new(3, d, out, e);
    if (st) return st;
    gl_array *a = *out;
    for (int64_t g = 0; g < G; g++)
        memcpy(a->data + g * rows * dh, pool->data + g * Lp * dh, (size_t)(rows * dh) * sizeof(double));
    return GL_OK;
}

/* Runs one step numerically: the strategy's graph g (cache length L) and the specialize reference gs.
 * The caches are the first S rows of two seeded pools (the cache grows by one row per step, as in
 * decoding; row S-1 is overwritten by kv_write); a bucket's padding rows S..L-1 are the pools' next
 * rows: stale but finite data that only the mask keeps out. x is fresh per step. */
static gl_status run_numeric(const gl_layer_cfg *c, const gl_graph *g, const gl_graph *gs, int64_t S, int64_t L,
                             const gl_bind *gb, bool masked, const gl_array *const pool[2], gl_rng *r, double *diff,
                             gl_err *e) {
    gl_status st = GL_OK;
    int64_t xd[2] = {1, c->d}, md[3] = {1, 1, L};
    gl_array *x = NULL, *k = NULL, *v = NULL, *kp = NULL, *vp = NULL, *mask = NULL, *cosv = NULL, *sinv = NULL;
    gl_array *ref[3] = {NULL}, *got[3] = {NULL};
    if ((st = random_array(r, 2, xd, &x, e)) || (st = pool_rows(pool[0], S, &k, e)) ||
        (st = pool_rows(pool[1], S, &v, e)))
        goto done;
    if ((st = gl_rope_tables(1, c->dh, S - 1, c->theta, &cosv, &sinv, e))) goto done;
    if (L != S) {
        if ((st = pool_rows(pool[0], L, &kp, e)) || (st = pool_rows(pool[1], L, &vp, e))) goto done;
    } else {
        kp = gl_array_retain(k);
        vp = gl_array_retain(v);
    }
    if (masked) {
        if ((st = gl_array_new(3, md, &mask, e))) goto done;
        for (int64_t j = S; j < L; j++) mask->data[j] = -INFINITY;
    }
    gl_named_array in_ref[5] = {{"x", x}, {"k_cache", k}, {"v_cache", v}, {"cos", cosv}, {"sin", sinv}};
    gl_named_array in[6] = {{"x", x}, {"k_cache", kp}, {"v_cache", vp}, {"cos", cosv}, {"sin", sinv}, {"kmask", mask}};
    if ((st = gl_run(gs, in_ref, 5, NULL, ref, NULL, e))) goto done;
    if (g == gs) {                               /* specialize: the reference itself */
        *diff = 0;
        goto done;
    }
    if ((st = gl_run(g, in, masked ? 6 : 5, gb, got, NULL, e))) goto done;
    double m = 0;
    for (int64_t i = 0; i < ref[0]->size; i++) {
        double d = fabs(got[0]->data[i] - ref[0]->data[i]);
        if (!(d <= m)) m = d;
    }
    double mk = max_diff_rows(got[1], ref[1], S), mv = max_diff_rows(got[2], ref[2], S);
    if (!(mk <= m)) m = mk;
    if (!(mv <= m)) m = mv;
    *diff = m;
done:
    for (int i = 0; i < 3; i++) {
        gl_array_release(ref[i]);
        gl_array_release(got[i]);
    }
    gl_array_release(x);
    gl_array_release(k);
    gl_array_release(v);
    gl_array_release(kp);
    gl_array_release(vp);
    gl_array_release(mask);
    gl_array_release(cosv);
    gl_array_release(sinv);
    return st;
}

static gl_status parse_opts(const char *json, size_t len, dyn_opts *o, gl_err *e) {
    memset(o, 0, sizeof *o);
    o->st = ST_SPECIALIZE;
    o->from = 5;
    o->steps = 6;
    size_t k = 0;
    while (json && k < len && (json[k] == ' ' || json[k] == '\n' || json[k] == '\t' || json[k] == '\r')) k++;
    if (!json || k == len) return GL_OK;
    gl_json j;
    gl_status st = gl_json_parse(&j, json, len, e);
    if (st) return st;
    if ((st = gl_json_expect(&j, 0, GL_J_OBJ, "options", e))) goto done;
    for (int key = gl_json_key_first(&j, 0); key >= 0 && !st; key = gl_json_key_next(&j, 0, key)) {
        int v = key + 1;
        char name[32];
        int64_t n;
        if (gl_json_str_eq(&j, key, "strategy")) {
            if ((st = gl_json_str(&j, v, "strategy", name, sizeof name, e))) break;
            int f = -1;
            for (int i = 0; i < 3; i++)
                if (strcmp(name, ST_NAMES[i]) == 0) f = i;
            if (f < 0)
                st = gl_fail(e, GL_E_INVALID, "strategy must be \"specialize\", \"bucket\" or \"symbolic\", got \"%s\"",
                             name);
            else o->st = (strategy)f;
        } else if (gl_json_str_eq(&j, key, "config")) {
            if ((st = gl_json_str(&j, v, "config", name, sizeof name, e))) break;
            if (strcmp(name, "small") == 0) o->llama8b = false;
            else if (strcmp(name, "llama8b") == 0 || strcmp(name, "llama3-8b") == 0) o->llama8b = true;
            else st = gl_fail(e, GL_E_INVALID, "config must be \"small\" or \"llama8b\", got \"%s\"", name);
        } else if (gl_json_str_eq(&j, key, "from")) {
            if ((st = gl_json_int(&j, v, "from", &n, e))) break;
            if (n < 1 || n > DYN_MAX_S)
                st = gl_fail(e, GL_E_INVALID, "from must be 1..%lld, got %lld", (long long)DYN_MAX_S, (long long)n);
            o->from = n;
        } else if (gl_json_str_eq(&j, key, "steps")) {
            if ((st = gl_json_int(&j, v, "steps", &n, e))) break;
            if (n < 1 || n > DYN_MAX_STEPS)
                st = gl_fail(e, GL_E_INVALID, "steps must be 1..%d, got %lld", DYN_MAX_STEPS, (long long)n);
            o->steps = (int)n;
        } else if (gl_json_str_eq(&j, key, "seed")) {
            if ((st = gl_json_int(&j, v, "seed", &n, e))) break;
            if (n < 0) st = gl_fail(e, GL_E_INVALID, "seed must be >= 0, got %lld", (long long)n);
            o->seed = (uint64_t)n;
        } else {
            char sn[48];
            st = gl_fail(e, GL_E_INVALID, "unknown option %s (known: strategy, from, steps, config, seed)",
                         gl_json_snippet(&j, key, sn, sizeof sn));
        }
    }
    if (!st && o->from + o->steps - 1 > DYN_MAX_S)
        st = gl_fail(e, GL_E_LIMIT, "from + steps - 1 = %lld exceeds the largest cache length %lld",
                     (long long)(o->from + o->steps - 1), (long long)DYN_MAX_S);
done:
    gl_json_free(&j);
    return st;
}

static gl_status write_result(const dyn_opts *o, const gl_layer_cfg *c, const dyn_cache *cache, const dyn_step *s,
                              char **out, size_t *outlen, gl_err *e) {
    int compiles = 0, hits = 0, fails = 0;
    int64_t padded = 0;
    double wasted = 0, attn = 0, maxd = 0;
    bool numeric = !o->llama8b;
    for (int i = 0; i < o->steps; i++) {
        compiles += s[i].compiled;
        hits += !s[i].compiled;
        fails += s[i].guard_failure;
        padded += s[i].bucket - s[i].S;
        wasted += 4.0 * (double)c->H * (double)(s[i].bucket - s[i].S) * (double)c->dh;
        attn += 4.0 * (double)c->H * (double)s[i].bucket * (double)c->dh;
        if (numeric && !(s[i].diff <= maxd)) maxd = s[i].diff;
    }
    gl_sb sb;
    gl_sb_init(&sb);
    gl_sb_puts(&sb, "{\"strategy\": ");
    gl_sb_json_str(&sb, ST_NAMES[o->st]);
    gl_sb_printf(&sb, ", \"config\": \"%s\", \"from\": %lld, \"steps\": %d, \"seed\": %llu, \"numeric\": %s",
                 o->llama8b ? "llama8b" : "small", (long long)o->from, o->steps, (unsigned long long)o->seed,
                 numeric ? "true" : "false");
    gl_sb_printf(&sb, ", \"compiles\": %d, \"cache_hits\": %d, \"guard_failures\": %d, \"padded_slots\": %lld",
                 compiles, hits, fails, (long long)padded);
    gl_sb_puts(&sb, ", \"wasted_attention_flops\": ");
    gl_sb_double(&sb, wasted);
    gl_sb_puts(&sb, ", \"attention_flops\": ");
    gl_sb_double(&sb, attn);
    gl_sb_puts(&sb, ", \"flops_formula\": \"4*H*(bucket-S)*dh per layer per step (q.K^T and p.V over the padded "
                    "slots: flash_attn's 4*rows*cols*d with rows = H)\", \"max_abs_diff\": ");
    if (numeric) gl_sb_double(&sb, maxd);
    else gl_sb_puts(&sb, "null");
    gl_sb_puts(&sb, ", \"per_step\": [");
    for (int i = 0; i < o->steps; i++) {
        gl_sb_printf(&sb, "%s{\"S\": %lld, \"P\": %lld, \"bucket\": %lld, \"compiled\": %s, \"guard_failure\": %s, "
                          "\"graph\": %d, \"max_abs_diff\": ",
                     i ? ", " : "", (long long)s[i].S, (long long)(s[i].S - 1), (long long)s[i].bucket,
                     s[i].compiled ? "true" : "false", s[i].guard_failure ? "true" : "false", s[i].graph);
        if (numeric) gl_sb_double(&sb, s[i].diff);
        else gl_sb_puts(&sb, "null");
        gl_sb_putc(&sb, '}');
    }
    gl_sb_puts(&sb, "], \"graphs\": [");
    for (int i = 0; i < cache->n; i++) {
        gl_sb_puts(&sb, i ? ", {\"length\": " : "{\"length\": ");
        if (cache->len[i] < 0) gl_sb_puts(&sb, "\"S\"");
        else gl_sb_printf(&sb, "%lld", (long long)cache->len[i]);
        gl_sb_printf(&sb, ", \"nodes\": %d, \"ops\": %d}", cache->g[i]->n, gl_graph_count(cache->g[i]));
    }
    gl_sb_puts(&sb, "]}");
    return gl_sb_finish(&sb, out, outlen, e);
}

gl_status gl_dynamic_demo_json(const char *opts_json, size_t len, char **out, size_t *outlen, gl_err *e) {
    if (gl_out_begin(out, outlen, "gl_dynamic_demo_json", e)) return GL_E_INVALID;
    dyn_opts o;
    gl_status st = parse_opts(opts_json, len, &o, e);
    if (st) return st;
    const gl_preset *pr = gl_preset_find(o.llama8b ? "llama3-8b" : "small");
    if (!pr) return gl_fail(e, GL_E_INTERNAL, "dynamic: preset missing");
    const gl_layer_cfg *c = &pr->cfg;
    bool numeric = !o.llama8b, masked = o.st == ST_BUCKET;
    int64_t last = o.from + o.steps - 1;
    int64_t maxlen = masked ? next_pow2(last) : last, rows = 0;
    for (int i = 0; i < o.steps; i++) rows += masked ? next_pow2(o.from + i) : o.from + i;
    if (numeric && maxlen > DYN_MAX_NUMERIC_S)
        return gl_fail(e, GL_E_LIMIT, "config small runs every step numerically: cache lengths are limited to %lld "
                       "(got %lld); use config llama8b for a shape-only run",
                       (long long)DYN_MAX_NUMERIC_S, (long long)maxlen);
    if (numeric && rows > DYN_NUMERIC_BUDGET)
        return gl_fail(e, GL_E_LIMIT, "config small runs every step numerically: the steps add up to %lld cache rows, "
                       "above the limit %lld; use fewer steps, a smaller from, or config llama8b (shape-only)",
                       (long long)rows, (long long)DYN_NUMERIC_BUDGET);

    gl_params p;
    gl_params_init(&p);
    gl_model_cfg m;
    memset(&m, 0, sizeof m);
    m.layer = *c;
    m.mode = GL_MODE_DECODE;
    m.S = o.from;
    m.layers = 1;
    m.masked = masked;
    dyn_cache cache;
    memset(&cache, 0, sizeof cache);
    dyn_step *s = gl_alloc((size_t)o.steps, sizeof *s, e);
    if (!s) return GL_E_NOMEM;
    st = numeric ? gl_params_random(&p, &m, o.seed, e) : gl_params_shapes(&p, &m, e);
    gl_rng r;
    gl_rng_seed(&r, o.seed ^ 0x5DEECE66Dull);   /* its own stream: the params use the seed as it is */
    gl_array *pool[2] = {NULL, NULL};
    for (int k = 0; numeric && k < 2 && !st; k++) {
        int64_t pd[3] = {c->G, maxlen, c->dh};
        st = random_array(&r, 3, pd, &pool[k], e);
    }
    for (int i = 0; i < o.steps && !st; i++) {
        dyn_step *t = &s[i];
        t->S = o.from + i;
        t->bucket = masked ? next_pow2(t->S) : t->S;
        t->diff = -1;
        /* the step's input shapes (padded to the bucket) */
        gl_dim one = gl_dim_int(1), L = gl_dim_int(t->bucket), dh = gl_dim_int(c->dh);
        named_shape in[6] = {{"x", shp(2, one, gl_dim_int(c->d), one)},
                             {"k_cache", shp(3, gl_dim_int(c->G), L, dh)},
                             {"v_cache", shp(3, gl_dim_int(c->G), L, dh)},
                             {"cos", shp(3, one, one, dh)},
                             {"sin", shp(3, one, one, dh)},
                             {"kmask", shp(3, one, one, L)}};
        gl_bind b;
        int hit = -1;
        for (int k = 0; k < cache.n && hit < 0; k++)
            if (guard_holds(cache.g[k], in, masked ? 6 : 5, &b)) hit = k;
        if (hit < 0) {
            t->guard_failure = cache.n > 0;
            t->compiled = true;
            gl_dim Ld = o.st == ST_SYMBOLIC ? gl_dim_sym("S") : L;
            gl_dim pos = o.st == ST_SPECIALIZE ? gl_dim_int(t->S - 1) : gl_dim_sym("P");
            gl_graph *g = NULL;
            if ((st = build_decode(c, &p, Ld, pos, masked, &g, e))) break;
            if ((st = cache_add(&cache, g, o.st == ST_SYMBOLIC ? -1 : t->bucket, e))) {
                gl_graph_free(g);
                break;
            }
            hit = cache.n - 1;
            if (!guard_holds(g, in, masked ? 6 : 5, &b)) {
                st = gl_fail(e, GL_E_INTERNAL, "dynamic: a fresh graph fails its own shape guard");
                break;
            }
        }
        t->graph = hit;
        if (o.st != ST_SPECIALIZE && (st = gl_bind_set(&b, "P", t->S - 1, e))) break;
        if (!numeric) continue;
        /* the reference: the specialize graph for this S (the strategy's own graph when it is specialize) */
        gl_graph *ref = cache.g[hit];
        if (o.st != ST_SPECIALIZE &&
            (st = build_decode(c, &p, gl_dim_int(t->S), gl_dim_int(t->S - 1), false, &ref, e)))
            break;
        st = run_numeric(c, cache.g[hit], ref, t->S, t->bucket, &b, masked, (const gl_array *const *)pool, &r,
                         &t->diff, e);
        if (ref != cache.g[hit]) gl_graph_free(ref);
    }
    if (!st) st = write_result(&o, c, &cache, s, out, outlen, e);
    cache_free(&cache);
    gl_array_release(pool[0]);
    gl_array_release(pool[1]);
    gl_params_free(&p);
    free(s);
    return st;
}
