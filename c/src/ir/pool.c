/* pool.c — the node pool (graphlab.h): each distinct shape, attrs and name of a pipeline's nodes stored once,
 * so a gl_node is a small record and copying a graph copies no shape, attrs or name.
 *
 * Items are bump-allocated in chunks that never move or shrink (pointers stay valid while the pool lives),
 * each chunk twice the last up to CHUNK_MAX; an open-addressing table keyed by the item's hash finds an equal
 * item first. Items are stored canonical (dims past the rank, perm entries past nperm and symbol bytes past
 * the NUL zeroed) and compared field by field, doubles by their bits, so interning never changes a value. */
#include <stdlib.h>
#include <string.h>

#include "ir/pool.h"
#include "ir/util.h"

const gl_shape gl_scalar_shape = {0};
const gl_attrs gl_no_attrs = {0};
static const char NO_NAME[1] = "";

#define CHUNK_MIN ((size_t)8 << 10)
#define CHUNK_MAX ((size_t)256 << 10)

typedef struct chunk {
    struct chunk *next;
    size_t size, used;
    max_align_t data[];           /* size bytes */
} chunk;

enum { K_SHAPE = 1, K_ATTRS, K_NAME };

typedef struct {
    const void *p;                /* NULL: empty slot */
    uint32_t hash, kind;
} slot;

struct gl_pool {
    int refs;
    chunk *chunks;                /* newest first */
    slot *tab;
    uint32_t cap, count;          /* cap a power of two, count <= cap / 2 */
    const gl_shape *last_shape;   /* the last shape interned */
    uintptr_t lo, hi;             /* the span of every chunk: a pointer outside (a caller's local) is no item */
};

gl_pool *gl_pool_new(gl_err *e) {
    gl_pool *p = gl_alloc(1, sizeof *p, e);
    if (p) p->refs = 1;
    return p;
}

gl_pool *gl_pool_retain(gl_pool *p) {
    if (p) p->refs++;
    return p;
}

void gl_pool_release(gl_pool *p) {
    if (!p || --p->refs > 0) return;
    for (chunk *c = p->chunks, *next; c; c = next) {
        next = c->next;
        free(c);
    }
    free(p->tab);
    free(p);
}

bool gl_pool_holds(const gl_pool *p, const void *ptr) {
    if (ptr == &gl_scalar_shape || ptr == &gl_no_attrs || ptr == NO_NAME) return true;
    uintptr_t a = (uintptr_t)ptr;
    if (!p || a < p->lo || a >= p->hi) return false;
    for (const chunk *c = p->chunks; c; c = c->next) {
        uintptr_t lo = (uintptr_t)c->data;
        if (a >= lo && a < lo + c->used) return true;
    }
    return false;
}

void gl_graph_share_pool(gl_graph *dst, gl_pool *p) {
    if (dst->pool == p) return;
    gl_pool_release(dst->pool);
    dst->pool = gl_pool_retain(p);
}

gl_pool *gl_graph_pool(gl_graph *g, gl_err *e) {
    if (!g->pool) g->pool = gl_pool_new(e);
    return g->pool;
}

/* size bytes (aligned for any item) that live as long as the pool. */
static void *bump(gl_pool *p, size_t size, gl_err *e) {
    size = (size + sizeof(max_align_t) - 1) / sizeof(max_align_t) * sizeof(max_align_t);
    chunk *c = p->chunks;
    if (!c || c->size - c->used < size) {
        size_t cs = c ? c->size * 2 : CHUNK_MIN;
        if (cs > CHUNK_MAX) cs = CHUNK_MAX;
        if (cs < size) cs = size;
        if (!(c = malloc(sizeof *c + cs))) return gl_fail(e, GL_E_NOMEM, "out of memory (node pool, %zu bytes)", cs), NULL;
        c->next = p->chunks;
        c->size = cs;
        c->used = 0;
        p->chunks = c;
        uintptr_t lo = (uintptr_t)c->data, hi = lo + cs;
        if (!p->hi || lo < p->lo) p->lo = lo;
        if (hi > p->hi) p->hi = hi;
    }
    void *r = (char *)c->data + c->used;
    c->used += size;
    return r;
}

static gl_status grow_table(gl_pool *p, gl_err *e) {
    uint32_t cap = p->cap ? p->cap * 2 : 64;
    slot *t = gl_alloc(cap, sizeof *t, e);
    if (!t) return GL_E_NOMEM;
    for (uint32_t i = 0; i < p->cap; i++) {
        if (!p->tab[i].p) continue;
        uint32_t j = p->tab[i].hash & (cap - 1);
        while (t[j].p) j = (j + 1) & (cap - 1);
        t[j] = p->tab[i];
    }
    free(p->tab);
    p->tab = t;
    p->cap = cap;
    return GL_OK;
}

/* ---- canonical forms, equality and hashes. A key is hashed and compared as it is (dims past the rank and
 * symbol bytes past the NUL ignored), and copied canonical only when it is stored. */
static int clamp_rank(int r) { return r < 0 ? 0 : r > GL_MAX_RANK ? GL_MAX_RANK : r; }

static gl_dim canon_dim(gl_dim d) {
    gl_dim c;
    memset(&c, 0, sizeof c);
    c.n = d.n;
    for (int i = 0; i < GL_SYM_MAX - 1 && d.sym[i]; i++) c.sym[i] = d.sym[i];
    return c;
}

static void canon_shape(const gl_shape *s, gl_shape *c) {
    memset(c, 0, sizeof *c);
    c->rank = s->rank;
    for (int i = 0; i < clamp_rank(s->rank); i++) c->d[i] = canon_dim(s->d[i]);
}

/* key (as given) == item (canonical) */
static bool dim_same(const gl_dim *key, const gl_dim *item) {
    if (key->n != item->n) return false;
    for (int i = 0; i < GL_SYM_MAX - 1; i++) {
        if (key->sym[i] != item->sym[i]) return false;
        if (!key->sym[i]) return true;
    }
    return item->sym[GL_SYM_MAX - 1] == 0;
}

static bool shape_same(const gl_shape *key, const gl_shape *item) {
    if (key->rank != item->rank) return false;
    for (int i = 0; i < clamp_rank(key->rank); i++)
        if (!dim_same(&key->d[i], &item->d[i])) return false;
    return true;
}

static uint64_t mix(uint64_t h, uint64_t v) { return (h ^ v) * 0x9e3779b97f4a7c15ull; }

static uint64_t dim_hash(uint64_t h, const gl_dim *d) {
    h = mix(h, (uint64_t)d->n);
    for (int i = 0; i < GL_SYM_MAX - 1 && d->sym[i]; i++) h = mix(h, (unsigned char)d->sym[i]);
    return h;
}

static uint64_t shape_hash(const gl_shape *s) {
    uint64_t h = mix(K_SHAPE, (uint64_t)(int64_t)s->rank);
    for (int i = 0; i < clamp_rank(s->rank); i++) h = dim_hash(h, &s->d[i]);
    return h;
}

static void canon_attrs(const gl_attrs *a, gl_attrs *c) {
    memset(c, 0, sizeof *c);
    c->has = a->has;
    c->axis = a->axis;
    c->keepdims = a->keepdims;
    c->nperm = a->nperm;
    for (int i = 0; i < clamp_rank(a->nperm); i++) c->perm[i] = a->perm[i];
    canon_shape(&a->shape, &c->shape);
    c->eps = a->eps;
    c->T = a->T;
    c->pos0 = a->pos0;
    c->pos = canon_dim(a->pos);
    c->scale = a->scale;
    c->value = a->value;
    c->format = a->format;
}

static uint64_t bits(double v) {
    uint64_t u;
    memcpy(&u, &v, sizeof u);
    return u;
}

static bool attrs_same(const gl_attrs *a, const gl_attrs *b) {
    if (a->has != b->has || a->axis != b->axis || a->keepdims != b->keepdims || a->nperm != b->nperm) return false;
    for (int i = 0; i < clamp_rank(a->nperm); i++)
        if (a->perm[i] != b->perm[i]) return false;
    return shape_same(&a->shape, &b->shape) && bits(a->eps) == bits(b->eps) && a->T == b->T && a->pos0 == b->pos0 &&
           dim_same(&a->pos, &b->pos) && bits(a->scale) == bits(b->scale) && bits(a->value) == bits(b->value) &&
           a->format == b->format;
}

static uint64_t attrs_hash(const gl_attrs *a) {
    uint64_t h = mix(K_ATTRS, a->has);
    h = mix(h, (uint64_t)(int64_t)a->axis ^ ((uint64_t)a->keepdims << 40) ^ ((uint64_t)(int64_t)a->nperm << 48));
    for (int i = 0; i < clamp_rank(a->nperm); i++) h = mix(h, (uint64_t)(int64_t)a->perm[i]);
    h = mix(h, shape_hash(&a->shape));
    h = mix(h, bits(a->eps));
    h = mix(h, (uint64_t)a->T);
    h = mix(h, (uint64_t)a->pos0);
    h = dim_hash(h, &a->pos);
    h = mix(h, bits(a->scale));
    h = mix(h, (uint64_t)(int64_t)a->format);
    return mix(h, bits(a->value));
}

static bool same(uint32_t kind, const void *key, const void *item) {
    switch (kind) {
    case K_SHAPE: return shape_same(key, item);
    case K_ATTRS: return attrs_same(key, item);
    default: return strcmp(key, item) == 0;
    }
}

/* The stored item equal to `key`, else a new one: size bytes, canonical (canon: NULL copies key as is). */
static const void *intern(gl_pool *p, uint32_t kind, uint64_t h64, const void *key, size_t size,
                          void (*canon)(const void *, void *), gl_err *e) {
    uint32_t h = (uint32_t)(h64 ^ (h64 >> 29) ^ (h64 >> 47));
    if (p->cap) {
        for (uint32_t j = h & (p->cap - 1); p->tab[j].p; j = (j + 1) & (p->cap - 1))
            if (p->tab[j].hash == h && p->tab[j].kind == kind && same(kind, key, p->tab[j].p)) return p->tab[j].p;
    }
    if ((p->count + 1) * 2 > p->cap && grow_table(p, e)) return NULL;
    void *item = bump(p, size, e);
    if (!item) return NULL;
    if (canon) canon(key, item);
    else memcpy(item, key, size);
    uint32_t j = h & (p->cap - 1);
    while (p->tab[j].p) j = (j + 1) & (p->cap - 1);
    p->tab[j] = (slot){item, h, kind};
    p->count++;
    return item;
}

static void canon_shape_v(const void *key, void *item) { canon_shape(key, item); }
static void canon_attrs_v(const void *key, void *item) { canon_attrs(key, item); }

const gl_shape *gl_pool_shape(gl_pool *p, const gl_shape *s, gl_err *e) {
    if (!s || s->rank == 0) return &gl_scalar_shape;
    if (gl_pool_holds(p, s)) return s;
    if (!p) return gl_fail(e, GL_E_INTERNAL, "gl_pool_shape: no pool"), NULL;
    if (p->last_shape && shape_same(s, p->last_shape)) return p->last_shape;   /* runs of one shape */
    const gl_shape *r = intern(p, K_SHAPE, shape_hash(s), s, sizeof *s, canon_shape_v, e);
    if (r) p->last_shape = r;
    return r;
}

const gl_attrs *gl_pool_attrs(gl_pool *p, const gl_attrs *a, gl_err *e) {
    if (!a || a->has == 0) return &gl_no_attrs;
    if (gl_pool_holds(p, a)) return a;
    if (!p) return gl_fail(e, GL_E_INTERNAL, "gl_pool_attrs: no pool"), NULL;
    return intern(p, K_ATTRS, attrs_hash(a), a, sizeof *a, canon_attrs_v, e);
}

const char *gl_pool_name(gl_pool *p, const char *name, gl_err *e) {
    if (!name || !name[0]) return NO_NAME;
    if (gl_pool_holds(p, name)) return name;
    if (!p) return gl_fail(e, GL_E_INTERNAL, "gl_pool_name: no pool"), NULL;
    size_t len = strlen(name);
    if (len >= GL_NAME_MAX)
        return gl_fail(e, GL_E_LIMIT, "node name '%.40s...' is longer than %d bytes", name, GL_NAME_MAX - 1), NULL;
    uint64_t h = 0xcbf29ce484222325ull;
    for (size_t i = 0; i < len; i++) h = (h ^ (unsigned char)name[i]) * 0x100000001b3ull;
    return intern(p, K_NAME, mix(K_NAME, h), name, len + 1, NULL, e);
}
