/* pass_cse.c — common-subexpression elimination by value numbering (§9 cse).
 *
 * Keys, exactly as the reference builds them:
 *  - input and param nodes are never merged;
 *  - a const of shape () is keyed by its attrs "value" (compared with ==, so 0.0 and -0.0 merge and NaN
 *    never does) or, when it has no "value" attr (a folded scalar), by None: every such const merges
 *    with the first of them, whatever its value;
 *  - any other const is keyed by the identity of its value (the gl_array pointer): consts that share one
 *    array (the RoPE tables of a layer stack) merge, equal copies do not;
 *  - every other node by (op, resolved inputs, attrs), where the reference compares attrs as
 *    sorted (key, str(value)) pairs: present keys must match and values must print the same (axis -1 and
 *    axis 2 differ; floats compare by repr, so 0.0 and -0.0 differ and NaN equals NaN). Shapes are not part
 *    of the key (two causal_masks with equal attrs merge even if their shapes differ, as in the reference).
 * A hash table of representatives makes this linear in the node count. Provenance: a survivor something
 * merged into is "merged" from all of them; every other node is "kept". There is no dce (hits -1).
 */
#include <string.h>

#include "ir/attrs.h"
#include "passes/kit.h"

/* ---- doubles as the reference compares them */
static uint64_t dbits(double v) {
    uint64_t u;
    memcpy(&u, &v, sizeof u);
    return u;
}

/* attrs compare and hash by str() in ir/attrs.c (gl_attrs_key_eq, gl_attrs_hash: the attribute table) */
static uint64_t mix(uint64_t h, uint64_t v) { return gl_hash_mix(h, v); }

/* ---- keys */
enum { K_NODE, K_SCALAR, K_NONE, K_ARRAY, K_UNIQUE };

typedef struct {
    const gl_graph *g;
    const int *res;      /* resolved ids of the nodes processed so far */
} cse_ctx;

static int key_kind(const gl_graph *g, int id) {
    const gl_node *n = &g->nodes[id];
    if (n->op != GL_OP_CONST) return K_NODE;
    if (n->shape->rank == 0) return (n->attrs->has & GL_A_VALUE) ? K_SCALAR : K_NONE;
    return g->values[id] ? K_ARRAY : K_UNIQUE;   /* a const without a value: the reference has none */
}

static uint64_t key_hash(const cse_ctx *c, int id) {
    const gl_node *n = &c->g->nodes[id];
    int kind = key_kind(c->g, id);
    uint64_t h = mix(0x1234, (uint64_t)kind);
    switch (kind) {
    case K_SCALAR: {
        double v = n->attrs->value;
        if (v == 0.0) v = 0.0;                                 /* -0.0 == 0.0 */
        return mix(h, dbits(v));
    }
    case K_NONE: return h;
    case K_ARRAY: return mix(h, (uint64_t)(uintptr_t)c->g->values[id]);
    case K_UNIQUE: return mix(h, (uint64_t)id);
    default: break;
    }
    h = mix(h, (uint64_t)n->op);
    h = mix(h, (uint64_t)n->nin);
    for (int t = 0; t < n->nin; t++) h = mix(h, (uint64_t)c->res[n->in[t]]);
    return mix(h, gl_attrs_hash(n->attrs));
}

static bool key_eq(const cse_ctx *c, int a, int b) {
    const gl_node *x = &c->g->nodes[a], *y = &c->g->nodes[b];
    int ka = key_kind(c->g, a), kb = key_kind(c->g, b);
    if (ka != kb) return false;
    switch (ka) {
    case K_SCALAR: return x->attrs->value == y->attrs->value;
    case K_NONE: return true;
    case K_ARRAY: return c->g->values[a] == c->g->values[b];
    case K_UNIQUE: return a == b;
    default: break;
    }
    if (x->op != y->op || x->nin != y->nin) return false;
    for (int t = 0; t < x->nin; t++)
        if (c->res[x->in[t]] != c->res[y->in[t]]) return false;
    return gl_attrs_key_eq(x->attrs, y->attrs);
}

gl_status gl_cse(const gl_graph *g, gl_pass_result *out, gl_err *e) {
    gl_kit k;
    if (gl_kit_begin(&k, g, GL_KIT_REMAP)) goto done;
    int n = g->n;
    size_t cap = 16;
    while (cap < (size_t)n * 2) cap *= 2;
    int *table = gl_kit_alloc(&k, cap, sizeof *table);       /* representative id + 1; 0 = empty */
    int *res = gl_kit_alloc(&k, (size_t)n + 1, sizeof *res);
    if (!table || !res) goto done;
    cse_ctx c = {g, res};
    for (int i = 0; i < n; i++) {
        res[i] = i;
        if (g->nodes[i].op == GL_OP_INPUT || g->nodes[i].op == GL_OP_PARAM) continue;
        size_t slot = (size_t)key_hash(&c, i) & (cap - 1);
        while (table[slot] && !key_eq(&c, table[slot] - 1, i)) slot = (slot + 1) & (cap - 1);
        if (table[slot]) {
            res[i] = table[slot] - 1;          /* representatives are never merged: one step resolves */
            gl_kit_merge(&k, i, res[i]);
        } else {
            table[slot] = i + 1;
        }
    }
    gl_kit_commit(&k, 0);
done:
    return gl_kit_end(&k, "cse", out, e);
}
