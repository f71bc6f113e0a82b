/* case_pack.c — a case result for the lab: the result JSON without its two largest parts, "graphs" and
 * "provenance", which follow it as int32 columns (docs/CASES.md, "The packed result"). At 126 layers those
 * two are 4.4 MB of JSON text whose writing, copying, decoding and parsing was most of an analysis; as
 * columns they are written once and read by index (wasm/graphlab.mjs runCasePacked turns them back into
 * exactly the objects JSON.parse would give).
 *
 *   bytes  "GLB1", u32 json_len, the JSON (json_len bytes), zero bytes up to a multiple of 4
 *   then int32 words W (little-endian, as WebAssembly and x86 are):
 *     W[0] parts (1: graphs, 2: provenance, 4: the graphs are shapes only, 8: fingerprints, 16: keys),
 *     W[1] stages,
 *     W[2] the word where the string table starts
 *     graphs, per stage: key, n, nout, outputs[nout], op[n], in_start[n + 1] (node i's inputs are
 *       inputs[in_start[i] .. in_start[i + 1])), inputs[in_start[n]], rank[n], dim_start[n + 1],
 *       dims[dim_start[n]][2] (an integer as low and high words; a symbol as its string and INT32_MIN),
 *       attrs[n] (the attrs' JSON text), name[n]
 *     or, emit.graphs "shapes" (parts & 4), per stage: key, n, nsym (symbolic dims), rank[n],
 *       dim_start[n + 1], dims[dim_start[n]][2], attrs[n]
 *     provenance, per stage after the trace: pass, n, how[n], from_start[n + 1], from[from_start[n]],
 *       nremoved, removed[nremoved]
 *     fingerprints (with graphs, either form), per stage: gl_case_fingerprint's low and high words
 *     keys (parts & 16: with full graphs), per stage: flags (1: usable, 2: changed, 4: the trace has blocks:
 *       the JSON's "blocks" key), key_stage[n], key_id[n],
 *       layer[n] (stage_keys.c: what the lab joins its drawing on), block[n] (the block's name, -1: none;
 *       what the lab folds a layer by), then the stage by layer: lo, span,
 *       count[span], ops[span], nedges, edges[nedges][2]
 *     strings: count, count + 1 byte offsets into the bytes that follow (UTF-8)
 *   zero bytes up to a multiple of 8, the long tables (kernels, memory: gl_case_write_tables, case_tables.c;
 *   left out of the JSON), and last a u32: the byte where those tables start
 *   Every key, op, attrs, name, pass and how above is a string's index in the table (interned). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "io/case.h"
#include "io/graph_json.h"
#include "io/stage_keys.h"
#include "ir/util.h"

typedef struct {
    int32_t *w;
    size_t n, cap;
    /* the string table: bytes, offsets, and an open-addressing index of (hash, id + 1) */
    gl_sb bytes;
    int32_t *offs;
    int nstr, offcap;
    uint32_t *slot_hash;
    int32_t *slot_id;
    size_t nslots;
    bool failed;
} packer;

/* Room for `more` words past n (false, and failed, when out of memory). */
static bool reserve(packer *p, size_t more) {
    if (p->failed) return false;
    if (p->n + more <= p->cap) return true;
    size_t cap = p->cap ? p->cap : 4096;
    while (cap < p->n + more) cap *= 2;
    int32_t *w = realloc(p->w, cap * sizeof *w);
    if (!w) {
        p->failed = true;
        return false;
    }
    p->w = w;
    p->cap = cap;
    return true;
}

/* (inline: some 750,000 words at 126 layers, a call each in V8's first-call code) */
static inline void put(packer *p, int32_t v) {
    if (p->n < p->cap) p->w[p->n++] = v;
    else if (reserve(p, 1)) p->w[p->n++] = v;
}

/* The words the graphs, provenance, fingerprints and keys of r take, give or take the keys' summaries: reserved
 * at once, so the columns are not copied as they grow. */
static size_t packed_words(const gl_case *c, const gl_case_result *r) {
    size_t w = 3;
    for (int i = 0; i < r->nst; i++) {
        const gl_graph *g = r->st[i].r.graph;
        size_t n = (size_t)g->n, nin = 0, nd = 0;
        for (int k = 0; k < g->n; k++) {
            nin += (size_t)g->nodes[k].nin;
            nd += (size_t)g->nodes[k].shape->rank;
        }
        if (c->emit.graphs) w += 8 + (size_t)g->nout + 6 * n + nin + 2 * nd;
        if (c->emit.graphs && !c->emit.shapes) w += 8 + 4 * n + 2 * 256;   /* keys and blocks, a summary of ~256 layers */
        if (c->emit.provenance && i > 0) {
            const gl_provenance *pv = &r->st[i].r.prov;
            w += 4 + 2 * (size_t)pv->n + (size_t)pv->from_start[pv->n] + (size_t)pv->nremoved;
        }
    }
    return w;
}

static uint32_t fnv1a(const char *s, size_t len) {
    uint32_t h = 2166136261u;
    for (size_t i = 0; i < len; i++) h = (h ^ (unsigned char)s[i]) * 16777619u;
    return h;
}

static bool grow_index(packer *p) {
    size_t ns = p->nslots ? p->nslots * 2 : 1024;
    uint32_t *hs = calloc(ns, sizeof *hs);
    int32_t *ids = calloc(ns, sizeof *ids);
    if (!hs || !ids) {
        free(hs);
        free(ids);
        return false;
    }
    for (size_t i = 0; i < p->nslots; i++) {
        if (!p->slot_id[i]) continue;
        size_t j = p->slot_hash[i] & (ns - 1);
        while (ids[j]) j = (j + 1) & (ns - 1);
        hs[j] = p->slot_hash[i];
        ids[j] = p->slot_id[i];
    }
    free(p->slot_hash);
    free(p->slot_id);
    p->slot_hash = hs;
    p->slot_id = ids;
    p->nslots = ns;
    return true;
}

/* The string's index in the table, adding it the first time. */
static int32_t intern(packer *p, const char *s, size_t len) {
    if (p->failed) return 0;
    if (((size_t)p->nstr + 1) * 2 > p->nslots && !grow_index(p)) {
        p->failed = true;
        return 0;
    }
    uint32_t h = fnv1a(s, len);
    size_t j = h & (p->nslots - 1);
    for (; p->slot_id[j]; j = (j + 1) & (p->nslots - 1)) {
        int32_t id = p->slot_id[j] - 1;
        if (p->slot_hash[j] == h && (size_t)(p->offs[id + 1] - p->offs[id]) == len &&
            memcmp(p->bytes.buf + p->offs[id], s, len) == 0)
            return id;
    }
    if (p->nstr + 2 > p->offcap) {
        int cap = p->offcap ? p->offcap * 2 : 1024;
        int32_t *o = realloc(p->offs, (size_t)cap * sizeof *o);
        if (!o) { p->failed = true; return 0; }
        p->offs = o;
        p->offcap = cap;
    }
    if (p->bytes.len + len > INT32_MAX) { p->failed = true; return 0; }
    if (!p->nstr) p->offs[0] = 0;
    gl_sb_putn(&p->bytes, s, len);
    if (p->bytes.failed) { p->failed = true; return 0; }
    int32_t id = p->nstr++;
    p->offs[p->nstr] = (int32_t)p->bytes.len;
    p->slot_hash[j] = h;
    p->slot_id[j] = id + 1;
    return id;
}

static int32_t intern_c(packer *p, const char *s) { return intern(p, s, strlen(s)); }

static void put_dim(packer *p, gl_dim d) {
    if (gl_dim_is_sym(d)) {
        put(p, intern_c(p, d.sym));
        put(p, INT32_MIN);
    } else {
        uint64_t u = (uint64_t)d.n;
        put(p, (int32_t)(uint32_t)(u & 0xffffffffu));
        put(p, (int32_t)(uint32_t)(u >> 32));
    }
}

/* Strings already in the table, by the address their text came from. The node pool (ir/pool.c) stores each
 * distinct attrs and name once and the graphs of one result share it, so 126 layers' 50,000 nodes repeat a
 * few thousand addresses: each attrs is written as JSON and each name hashed once per result, not per node. */
typedef struct {
    const void **key;
    int32_t *id;
    size_t cap, n;
} addr_ids;

static size_t addr_hash(const void *k, size_t cap) {
    uint32_t h = (uint32_t)(uintptr_t)k ^ (uint32_t)((uint64_t)(uintptr_t)k >> 32);
    h ^= h >> 16;
    h *= 0x45d9f3bu;
    h ^= h >> 16;
    return h & (cap - 1);
}

/* The slot holding k's string index (-1: not interned yet), or NULL when the cache cannot grow. */
static int32_t *addr_slot(addr_ids *c, const void *k) {
    if ((c->n + 1) * 2 > c->cap) {
        size_t cap = c->cap ? c->cap * 2 : 1024;
        const void **keys = calloc(cap, sizeof *keys);
        int32_t *ids = malloc(cap * sizeof *ids);
        if (!keys || !ids) {
            free(keys);
            free(ids);
            return NULL;
        }
        for (size_t i = 0; i < cap; i++) ids[i] = -1;
        for (size_t i = 0; i < c->cap; i++) {
            if (!c->key[i]) continue;
            size_t j = addr_hash(c->key[i], cap);
            while (keys[j]) j = (j + 1) & (cap - 1);
            keys[j] = c->key[i];
            ids[j] = c->id[i];
        }
        free(c->key);
        free(c->id);
        c->key = keys;
        c->id = ids;
        c->cap = cap;
    }
    size_t j = addr_hash(k, c->cap);
    while (c->key[j] && c->key[j] != k) j = (j + 1) & (c->cap - 1);
    if (!c->key[j]) {
        c->key[j] = k;
        c->n++;
    }
    return &c->id[j];
}

static void addr_ids_free(addr_ids *c) {
    free(c->key);
    free(c->id);
}

/* What pack_graph looks up once per result: op names by op, attrs and names by address. */
typedef struct {
    int32_t op[GL_OP_COUNT];
    addr_ids attrs, names;
} pack_cache;

static int32_t cached_name(packer *p, addr_ids *c, const char *name) {
    int32_t *slot = addr_slot(c, name);
    if (!slot) {
        p->failed = true;
        return 0;
    }
    if (*slot < 0) *slot = intern_c(p, name);
    return *slot;
}

/* Every node's attrs as the index of their JSON text (each distinct attrs written once per result). */
static void put_attrs(packer *p, const gl_graph *g, gl_sb *tmp, pack_cache *pc) {
    int32_t empty = intern_c(p, "{}");
    for (int i = 0; i < g->n; i++) {
        if (!g->nodes[i].attrs->has) {
            put(p, empty);
            continue;
        }
        int32_t *slot = addr_slot(&pc->attrs, g->nodes[i].attrs);
        if (!slot) {
            p->failed = true;
            return;
        }
        if (*slot < 0) {
            tmp->len = 0;
            gl_json_put_attrs(tmp, g->nodes[i].attrs);
            if (tmp->failed) p->failed = true;
            *slot = tmp->failed ? 0 : intern(p, tmp->buf, tmp->len);
        }
        put(p, *slot);
    }
}

/* The offsets of the nodes' rows (n + 1 words, from 0): of their inputs, or of their dims. The reader takes them
 * as they are (a prefix sum in JavaScript ran cold on a link's first analysis). */
static void put_starts(packer *p, const gl_graph *g, bool dims) {
    int32_t at = 0;
    put(p, 0);
    for (int i = 0; i < g->n; i++) put(p, at += dims ? g->nodes[i].shape->rank : g->nodes[i].nin);
}

static void pack_graph(packer *p, const char *key, const gl_graph *g, gl_sb *tmp, pack_cache *pc) {
    put(p, intern_c(p, key));
    put(p, g->n);
    put(p, g->nout);
    for (int i = 0; i < g->nout; i++) put(p, g->outputs[i]);
    for (int i = 0; i < g->n; i++) {
        gl_op op = g->nodes[i].op;
        if ((unsigned)op >= GL_OP_COUNT) {
            put(p, intern_c(p, gl_op_name(op)));
            continue;
        }
        if (pc->op[op] < 0) pc->op[op] = intern_c(p, gl_op_name(op));
        put(p, pc->op[op]);
    }
    put_starts(p, g, false);
    for (int i = 0; i < g->n; i++)
        for (int k = 0; k < g->nodes[i].nin; k++) put(p, g->nodes[i].in[k]);
    for (int i = 0; i < g->n; i++) put(p, g->nodes[i].shape->rank);
    put_starts(p, g, true);
    for (int i = 0; i < g->n; i++)
        for (int k = 0; k < g->nodes[i].shape->rank; k++) put_dim(p, g->nodes[i].shape->d[k]);
    put_attrs(p, g, tmp, pc);
    for (int i = 0; i < g->n; i++) put(p, cached_name(p, &pc->names, g->nodes[i].name));
}

static void pack_provenance(packer *p, const char *pass, const gl_provenance *pv) {
    put(p, intern_c(p, pass));
    put(p, pv->n);
    for (int k = 0; k < pv->n; k++) put(p, intern_c(p, gl_how_name(pv->how[k])));
    for (int k = 0; k <= pv->n; k++) put(p, pv->from_start[k]);
    for (int k = 0; k < pv->from_start[pv->n]; k++) put(p, pv->from[k]);
    put(p, pv->nremoved);
    for (int k = 0; k < pv->nremoved; k++) put(p, pv->removed[k]);
}


/* ---------------------------------------------------------------- a stage's structure, hashed */
static uint64_t fp_mix(uint64_t h, uint64_t v) {
    h = (h ^ v) * 0x9e3779b97f4a7c15ull;
    return h ^ (h >> 29);
}

static uint64_t fp_str(uint64_t h, const char *s) {
    uint64_t x = 14695981039346656037ull;   /* FNV-1a over the bytes, then mixed in with its length */
    size_t len = strlen(s);
    for (size_t i = 0; i < len; i++) x = (x ^ (unsigned char)s[i]) * 1099511628211ull;
    return fp_mix(fp_mix(h, x), len);
}

uint64_t gl_case_fingerprint(const gl_case *c, const gl_case_result *r, int i) {
    if (!r || i < 0 || i >= r->nst) return 0;
    const gl_graph *g = r->st[i].r.graph;
    uint64_t h = fp_str(0x6c61625f67726170ull, r->st[i].key);
    if (!g) return fp_mix(h, 0xffffffffull);
    h = fp_mix(h, (uint64_t)g->n);
    /* a name is hashed once per distinct address: the node pool stores each name once (ir/pool.c) */
    const char *last_name = NULL;
    uint64_t last_hash = 0;
    for (int k = 0; k < g->n; k++) {
        const gl_node *nd = &g->nodes[k];
        h = fp_mix(h, ((uint64_t)(uint32_t)nd->op << 32) | (uint32_t)nd->nin);
        for (int q = 0; q < nd->nin; q++) h = fp_mix(h, (uint64_t)(uint32_t)nd->in[q]);
        if (nd->name != last_name) {
            last_name = nd->name;
            last_hash = fp_str(0, nd->name);
        }
        h = fp_mix(h, last_hash);
    }
    h = fp_mix(h, (uint64_t)g->nout);
    for (int k = 0; k < g->nout; k++) h = fp_mix(h, (uint64_t)(uint32_t)g->outputs[k]);
    if (i > 0) {
        const gl_provenance *pv = &r->st[i].r.prov;
        h = fp_str(h, c && i - 1 < c->npipe ? c->pipeline[i - 1] : "");
        h = fp_mix(h, (uint64_t)(uint32_t)pv->n);
        for (int k = 0; k < pv->n; k++) h = fp_mix(h, (uint64_t)pv->how[k]);
        for (int k = 0; k <= pv->n && pv->from_start; k++) h = fp_mix(h, (uint64_t)(uint32_t)pv->from_start[k]);
        for (int k = 0; pv->from_start && k < pv->from_start[pv->n]; k++) h = fp_mix(h, (uint64_t)(uint32_t)pv->from[k]);
        h = fp_mix(h, (uint64_t)(uint32_t)pv->nremoved);
        for (int k = 0; k < pv->nremoved; k++) h = fp_mix(h, (uint64_t)(uint32_t)pv->removed[k]);
    }
    return h;
}

/* A stage for a change of sizes: key, n, nsym (its symbolic dims), rank[n], dims, attrs[n] (what a change of
 * sizes changes). */
static void pack_shapes(packer *p, const char *key, const gl_graph *g, gl_sb *tmp, pack_cache *pc) {
    put(p, intern_c(p, key));
    put(p, g->n);
    int32_t nsym = 0;
    for (int i = 0; i < g->n; i++)
        for (int k = 0; k < g->nodes[i].shape->rank; k++) nsym += gl_dim_is_sym(g->nodes[i].shape->d[k]);
    put(p, nsym);
    for (int i = 0; i < g->n; i++) put(p, g->nodes[i].shape->rank);
    put_starts(p, g, true);
    for (int i = 0; i < g->n; i++)
        for (int k = 0; k < g->nodes[i].shape->rank; k++) put_dim(p, g->nodes[i].shape->d[k]);
    put_attrs(p, g, tmp, pc);
}

/* Every stage's keys and layers (stage_keys.c), each made from the stage before's. */
static gl_status pack_keys(packer *p, const gl_case *c, const gl_case_result *r, gl_err *e) {
    gl_stage_keys keys[2] = {{0}, {0}};
    gl_status st = GL_OK;
    const gl_blocks *bk = r->nst > 0 && r->st[0].r.graph ? r->st[0].r.graph->blocks : NULL;
    for (int i = 0; i < r->nst && !st; i++) {
        gl_stage_keys *cur = &keys[i & 1], *prev = i > 0 ? &keys[(i - 1) & 1] : NULL;
        const gl_graph *g = r->st[i].r.graph, *pg = i > 0 ? r->st[i - 1].r.graph : NULL;
        const gl_provenance *pv = i > 0 && c->emit.provenance ? &r->st[i].r.prov : NULL;
        gl_stage_keys made;
        if ((st = gl_stage_keys_make(g, i, pv, pg, prev, &made, e))) break;
        gl_stage_keys_free(cur);
        *cur = made;
        put(p, (cur->usable ? 1 : 0) | (cur->changed ? 2 : 0) | (bk ? 4 : 0));
        for (int k = 0; k < cur->n; k++) put(p, cur->key_stage[k]);
        for (int k = 0; k < cur->n; k++) put(p, cur->key_id[k]);
        for (int k = 0; k < cur->n; k++) put(p, cur->layer[k]);
        for (int k = 0; k < cur->n; k++) {
            int32_t b = cur->block[k];
            put(p, b >= 0 && bk && b < bk->nnames ? intern_c(p, bk->names[b]) : -1);
        }
        gl_stage_summary sum;
        if ((st = gl_stage_summary_make(g, cur->layer, &sum, e))) break;
        put(p, sum.lo);
        put(p, sum.span);
        for (int l = 0; l < sum.span; l++) put(p, sum.count[l]);
        for (int l = 0; l < sum.span; l++) put(p, sum.ops[l]);
        put(p, sum.nedges);
        for (int k = 0; k < 2 * sum.nedges; k++) put(p, sum.edges[k]);
        gl_stage_summary_free(&sum);
    }
    gl_stage_keys_free(&keys[0]);
    gl_stage_keys_free(&keys[1]);
    return st;
}

gl_status gl_case_write_packed(const gl_case *c, const gl_case_result *r, char **out, size_t *outlen, gl_err *e) {
    if (gl_out_begin(out, outlen, "gl_case_write_packed", e)) return e->code;
    gl_case lean = *c;   /* the same case, written without the two parts packed below (a shallow copy: read only) */
    lean.emit.graphs = lean.emit.provenance = false;
    char *json = NULL;
    size_t jlen = 0;
    gl_status st = gl_case_write(&lean, r, GL_CASE_COMPACT | GL_CASE_TABLES_APART, &json, &jlen, e);
    if (st) return st;
    if (jlen > INT32_MAX) {
        free(json);
        return gl_fail(e, GL_E_LIMIT, "the packed result's JSON is %zu bytes (more than 2 GiB)", jlen);
    }
    char *tables = NULL;
    size_t tlen = 0;
    if ((st = gl_case_write_tables(c, r, &tables, &tlen, e))) {
        free(json);
        return st;
    }
    packer p = {0};
    gl_sb_init(&p.bytes);
    gl_sb tmp;
    gl_sb_init(&tmp);
    bool shapes = c->emit.graphs && c->emit.shapes;
    int parts = (c->emit.graphs ? 1 | 8 : 0) | (c->emit.provenance ? 2 : 0) | (shapes ? 4 : 0) | (c->emit.graphs && !shapes ? 16 : 0);
    reserve(&p, packed_words(c, r));
    put(&p, parts);
    put(&p, r->nst);
    put(&p, 0);   /* the string table's start, known at the end */
    pack_cache pc = {.attrs = {0}, .names = {0}};
    for (int i = 0; i < GL_OP_COUNT; i++) pc.op[i] = -1;
    for (int i = 0; c->emit.graphs && i < r->nst; i++) {
        if (shapes) pack_shapes(&p, r->st[i].key, r->st[i].r.graph, &tmp, &pc);
        else pack_graph(&p, r->st[i].key, r->st[i].r.graph, &tmp, &pc);
    }
    addr_ids_free(&pc.attrs);
    addr_ids_free(&pc.names);
    for (int i = 1; c->emit.provenance && i < r->nst; i++) pack_provenance(&p, c->pipeline[i - 1], &r->st[i].r.prov);
    /* every stage's fingerprint with its graphs (either form): the lab asks for shapes only while they hold */
    for (int i = 0; c->emit.graphs && i < r->nst; i++) {
        uint64_t f = gl_case_fingerprint(c, r, i);
        put(&p, (int32_t)(uint32_t)(f & 0xffffffffu));
        put(&p, (int32_t)(uint32_t)(f >> 32));
    }
    if ((parts & 16) && pack_keys(&p, c, r, e)) p.failed = true;   /* out of memory, reported below */
    if (!p.failed) p.w[2] = (int32_t)p.n;
    put(&p, p.nstr);
    for (int i = 0; i <= p.nstr; i++) put(&p, p.nstr ? p.offs[i] : 0);
    gl_sb_free(&tmp);
    size_t jpad = (jlen + 3) & ~(size_t)3, spad = (p.bytes.len + 3) & ~(size_t)3;
    size_t toff = (8 + jpad + p.n * 4 + spad + 7) & ~(size_t)7, total = toff + tlen + 4;
    if (toff > UINT32_MAX) p.failed = true;
    /* (malloc and the padding zeroed, not calloc: the buffer is megabytes, all but the padding written below) */
    char *buf = p.failed ? NULL : malloc(total + 1);
    if (buf) {
        uint32_t jl = (uint32_t)jlen;
        memcpy(buf, "GLB1", 4);
        memcpy(buf + 4, &jl, 4);   /* little-endian on every target the core builds for */
        memcpy(buf + 8, json, jlen);
        memset(buf + 8 + jlen, 0, jpad - jlen);
        memcpy(buf + 8 + jpad, p.w, p.n * 4);
        size_t send = 8 + jpad + p.n * 4 + p.bytes.len;
        if (p.bytes.len) memcpy(buf + 8 + jpad + p.n * 4, p.bytes.buf, p.bytes.len);
        memset(buf + send, 0, toff - send);
        uint32_t to = (uint32_t)toff;
        memcpy(buf + toff, tables, tlen);
        memcpy(buf + toff + tlen, &to, 4);
        buf[total] = 0;
        *out = buf;
        if (outlen) *outlen = total;
    }
    free(json);
    free(tables);
    free(p.w);
    free(p.offs);
    free(p.slot_hash);
    free(p.slot_id);
    gl_sb_free(&p.bytes);
    return buf ? GL_OK : gl_fail(e, GL_E_NOMEM, "out of memory packing the case result");
}
