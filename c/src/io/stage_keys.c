/* stage_keys.c — the lab's stable node keys and layers, computed by the core for the packed result.
 *
 * The rule is web/model.js's (its header says why keys exist): the trace's node i is key (0, i); a node a
 * pass kept or merged others into inherits the key of the first node it came from, unless another node of
 * the stage took that key first; any other node gets (stage, i). A node's layer comes from the "{i}." prefix
 * of param and input names on the trace, propagated forward (the latest layer among a node's inputs), then
 * carried through the passes by provenance (the lowest non-shared layer of the nodes it came from); leaves
 * without a prefix sit with their users' layer, or in the shared group when several layers use them.
 *
 * model.js keeps the same rule for results without these columns (a JSON result); the web suites hold the
 * two to each other and to the oracle (tests/web/oracle/stages-v1.js). Every loop here is one the JavaScript
 * ran cold on a link's first analysis: 126 layers are 48,000 nodes over seven stages. */
#include <stdlib.h>
#include <string.h>

#include "io/stage_keys.h"

#define NO_LAYER (-2)   /* a name without a layer prefix */

/* The layer of a name "12.wq" (1 to 4 digits, then a dot), or NO_LAYER: ops.js layerOfName. */
static int32_t layer_of_name(const char *s) {
    int32_t v = 0;
    int k = 0;
    while (k < 4 && s[k] >= '0' && s[k] <= '9') v = v * 10 + (s[k++] - '0');
    return k > 0 && s[k] == '.' ? v : NO_LAYER;
}

static bool is_io(gl_op op) { return op == GL_OP_PARAM || op == GL_OP_INPUT; }

/* The trace's rule: a param or input named "i." is in layer i, any other node in the latest layer among its
 * inputs (0 without inputs; inputs not yet visited count as 0). */
static void trace_layers(const gl_graph *g, int32_t *layer) {
    int n = g->n;
    memset(layer, 0, (size_t)n * sizeof *layer);
    for (int i = 0; i < n; i++) {
        const gl_node *nd = &g->nodes[i];
        int32_t l = layer_of_name(nd->name);
        if (is_io(nd->op) && l != NO_LAYER) {
            layer[i] = l;
            continue;
        }
        int32_t m = 0;
        for (int k = 0; k < nd->nin; k++) {
            int x = nd->in[k];
            if (x >= 0 && x < n && layer[x] > m) m = layer[x];
        }
        layer[i] = m;
    }
}

/* Leaves without a layer prefix (consts, inputs, RoPE tables) take their users' layer, or the shared group.
 * place: n ints of scratch. */
static void place_leaves(const gl_graph *g, int32_t *layer, int32_t *place) {
    enum { UNSET = -3, MANY = -4 };
    int n = g->n;
    bool any = false;
    for (int x = 0; x < n; x++) place[x] = UNSET;
    for (int u = 0; u < n; u++) {
        const gl_node *nd = &g->nodes[u];
        for (int k = 0; k < nd->nin; k++) {
            int x = nd->in[k];
            if (!(x >= 0 && x < n) || g->nodes[x].nin > 0 || layer_of_name(g->nodes[x].name) != NO_LAYER) continue;
            if (place[x] == UNSET) place[x] = layer[u];
            else if (place[x] != layer[u]) place[x] = MANY;
            any = true;
        }
    }
    if (!any) return;
    for (int x = 0; x < n; x++)
        if (place[x] != UNSET) layer[x] = place[x] == MANY ? GL_SHARED_LAYER : place[x];
}

/* Did the pass change anything? Anything removed, made or moved: every node kept from exactly one node of
 * the same op whose inputs have the same keys is no change. from / from_start: the provenance's lists, only
 * ids of the stage before. */
static bool changed_by_provenance(const gl_graph *g, const gl_provenance *pv, const int *from_start, const int *from,
                                  const gl_stage_keys *st, const gl_graph *pg, const gl_stage_keys *prev) {
    if (pv->nremoved > 0 || g->n != pg->n) return true;
    for (int i = 0; i < g->n; i++)
        if (pv->how[i] != GL_HOW_KEPT) return true;
    for (int i = 0; i < g->n; i++) {
        if (from_start[i + 1] - from_start[i] != 1) return true;
        int o = from[from_start[i]];
        const gl_node *a = &g->nodes[i], *b = &pg->nodes[o];
        if (a->op != b->op || a->nin != b->nin) return true;
        for (int k = 0; k < a->nin; k++) {
            int x = a->in[k], y = b->in[k];
            if (!(x >= 0 && x < g->n) || !(y >= 0 && y < pg->n)) return true;
            if (st->key_stage[x] != prev->key_stage[y] || st->key_id[x] != prev->key_id[y]) return true;
        }
    }
    return false;
}

void gl_stage_keys_free(gl_stage_keys *k) {
    if (!k) return;
    free(k->key_stage);
    free(k->key_id);
    free(k->layer);
    free(k->block);
    *k = (gl_stage_keys){0};
}

gl_status gl_stage_keys_make(const gl_graph *g, int index, const gl_provenance *pv, const gl_graph *pg,
                             const gl_stage_keys *prev, gl_stage_keys *out, gl_err *e) {
    int n = g->n;
    size_t words = (size_t)(n > 0 ? n : 1);
    *out = (gl_stage_keys){.n = n, .changed = true};
    out->key_stage = calloc(words, sizeof(int32_t));
    out->key_id = calloc(words, sizeof(int32_t));
    out->layer = calloc(words, sizeof(int32_t));
    out->block = malloc(words * sizeof(int32_t));
    int32_t *place = malloc(words * sizeof(int32_t));
    if (!out->key_stage || !out->key_id || !out->layer || !out->block || !place) {
        free(place);
        gl_stage_keys_free(out);
        return gl_fail(e, GL_E_NOMEM, "out of memory making the stage keys");
    }
    if (!prev || !pg) {   /* the trace */
        const gl_blocks *bk = g->blocks && g->blocks->n == n ? g->blocks : NULL;
        for (int i = 0; i < n; i++) out->block[i] = bk ? bk->of[i] : -1;
        for (int i = 0; i < n; i++) out->key_id[i] = i;
        trace_layers(g, out->layer);
        place_leaves(g, out->layer, place);
        free(place);
        return GL_OK;
    }
    bool usable = pv && pv->n == n;
    out->usable = usable;
    int pn = pg->n;
    size_t nfrom = usable ? (size_t)pv->from_start[n] : 0;
    int *from_start = calloc(words + 1, sizeof(int));
    int *from = malloc((nfrom ? nfrom : 1) * sizeof(int));
    unsigned char *claimed = calloc((size_t)(pn > 0 ? pn : 1), 1);   /* a key is unique within a stage */
    int32_t *traced = NULL;                                          /* this stage's trace rule, made once if needed */
    if (!from_start || !from || !claimed) goto nomem;
    int f = 0;
    for (int i = 0; i < n; i++) {
        int f0 = f;
        if (usable)
            for (int k = pv->from_start[i]; k < pv->from_start[i + 1]; k++) {
                int x = pv->from[k];
                if (x >= 0 && x < pn) from[f++] = x;   /* only nodes of the stage before */
            }
        from_start[i + 1] = f;
        bool keeps = usable && (pv->how[i] == GL_HOW_KEPT || pv->how[i] == GL_HOW_MERGED);
        if (f > f0 && keeps && !claimed[from[f0]]) {
            claimed[from[f0]] = 1;
            out->key_stage[i] = prev->key_stage[from[f0]];
            out->key_id[i] = prev->key_id[from[f0]];
        } else {
            out->key_stage[i] = index;
            out->key_id[i] = i;
        }
        out->block[i] = f > f0 ? prev->block[from[f0]] : -1;
        if (f > f0) {
            int32_t m = GL_SHARED_LAYER;
            for (int k = f0; k < f; k++) {
                int32_t l = prev->layer[from[k]];
                if (l != GL_SHARED_LAYER && (m == GL_SHARED_LAYER || l < m)) m = l;
            }
            out->layer[i] = m;
        } else {
            int32_t l = layer_of_name(g->nodes[i].name);
            if (l == NO_LAYER) {
                if (!traced) {
                    if (!(traced = malloc(words * sizeof(int32_t)))) goto nomem;
                    trace_layers(g, traced);
                }
                l = traced[i];
            }
            out->layer[i] = l;
        }
    }
    place_leaves(g, out->layer, place);
    if (usable) out->changed = changed_by_provenance(g, pv, from_start, from, out, pg, prev);
    free(place);
    free(from_start);
    free(from);
    free(claimed);
    free(traced);
    return GL_OK;
nomem:
    free(place);
    free(from_start);
    free(from);
    free(claimed);
    free(traced);
    gl_stage_keys_free(out);
    return gl_fail(e, GL_E_NOMEM, "out of memory making the stage keys");
}

/* ---------------------------------------------------------------- the summary by layer */
void gl_stage_summary_free(gl_stage_summary *s) {
    if (!s) return;
    free(s->count);
    free(s->ops);
    free(s->edges);
    *s = (gl_stage_summary){0};
}

/* The layer pairs seen, an open-addressing set of (from - lo) * span + (to - lo) + 1 (0: empty). */
typedef struct {
    uint64_t *slot;
    size_t cap, n;
} pair_set;

static size_t pair_hash(uint64_t k, size_t cap) { return (size_t)((k * 0x9E3779B97F4A7C15ull) >> 32) & (cap - 1); }

/* Adds k; 1 when it was new, 0 when seen, -1 out of memory. */
static int pair_add(pair_set *s, uint64_t k) {
    if (2 * (s->n + 1) > s->cap) {
        size_t cap = s->cap ? 2 * s->cap : 256;
        uint64_t *slot = calloc(cap, sizeof *slot);
        if (!slot) return -1;
        for (size_t i = 0; i < s->cap; i++) {
            if (!s->slot[i]) continue;
            size_t h = pair_hash(s->slot[i], cap);
            while (slot[h]) h = (h + 1) & (cap - 1);
            slot[h] = s->slot[i];
        }
        free(s->slot);
        s->slot = slot;
        s->cap = cap;
    }
    size_t h = pair_hash(k, s->cap);
    while (s->slot[h]) {
        if (s->slot[h] == k) return 0;
        h = (h + 1) & (s->cap - 1);
    }
    s->slot[h] = k;
    s->n++;
    return 1;
}

gl_status gl_stage_summary_make(const gl_graph *g, const int32_t *layer, gl_stage_summary *out, gl_err *e) {
    int n = g->n;
    int32_t lo = 0, hi = 0;
    for (int i = 0; i < n; i++) {
        if (layer[i] < lo) lo = layer[i];
        if (layer[i] > hi) hi = layer[i];
    }
    *out = (gl_stage_summary){.lo = lo, .span = hi - lo + 1};
    out->count = calloc((size_t)out->span, sizeof(int32_t));
    out->ops = calloc((size_t)out->span, sizeof(int32_t));
    size_t ecap = 64;
    out->edges = malloc(ecap * 2 * sizeof(int32_t));
    pair_set seen = {0};
    if (!out->count || !out->ops || !out->edges) goto nomem;
    for (int i = 0; i < n; i++) {
        out->count[layer[i] - lo]++;
        if (gl_op_class(g->nodes[i].op) != GL_CLASS_LEAF) out->ops[layer[i] - lo]++;
    }
    for (int u = 0; u < n; u++) {
        const gl_node *nd = &g->nodes[u];
        for (int k = 0; k < nd->nin; k++) {
            int x = nd->in[k];
            if (!(x >= 0 && x < n) || layer[x] == layer[u]) continue;
            int fresh = pair_add(&seen, (uint64_t)(layer[x] - lo) * (uint64_t)out->span + (uint64_t)(layer[u] - lo) + 1);
            if (fresh < 0) goto nomem;
            if (!fresh) continue;
            if ((size_t)out->nedges == ecap) {
                int32_t *more = realloc(out->edges, ecap * 4 * sizeof(int32_t));
                if (!more) goto nomem;
                out->edges = more;
                ecap *= 2;
            }
            out->edges[2 * out->nedges] = layer[x];
            out->edges[2 * out->nedges + 1] = layer[u];
            out->nedges++;
        }
    }
    free(seen.slot);
    return GL_OK;
nomem:
    free(seen.slot);
    gl_stage_summary_free(out);
    return gl_fail(e, GL_E_NOMEM, "out of memory summarising a stage by layer");
}
