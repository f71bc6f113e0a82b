/* pass_simplify.c — algebraic simplification (§9 simplify), the reference's rules exactly, in one forward
 * walk over the nodes (input ids resolved through the rewrites made so far):
 *   mul(x, 1) / mul(1, x) -> x          when x already has the mul's shape
 *   add(x, 0) / sub(x, 0) -> x          when x already has the node's shape
 *   div(x, 1)             -> x          (no shape check, as written)
 *   neg(neg(x))           -> x
 *   transpose(transpose(x)) -> x        when the composed permutation is the identity
 *   reshape(reshape(x))   -> reshape(x) the outer reshape is rewired to read x (and counted)
 * "1" and "0" are consts of shape () whose value (g->values, not attrs: folded scalars count too) equals
 * it. Then rebuild with the replacements and dce. hits = the number of rewrites.
 * Provenance: surviving nodes are "kept" (perhaps rewired); replaced and dead nodes are removed.
 */
#include "passes/kit.h"

static bool is_const(gl_kit *k, int i, double v) {
    const gl_node *n = gl_kit_node(k, i);
    if (n->op != GL_OP_CONST || n->shape->rank != 0) return false;
    const gl_array *a = k->w.values[i];
    return a && a->data && a->size == 1 && a->data[0] == v;
}

/* transpose(transpose(x)) with perms p1 then p2 is the identity */
static bool perms_cancel(const gl_attrs *a1, const gl_attrs *a2) {
    if (!(a1->has & GL_A_PERM) || !(a2->has & GL_A_PERM)) return false;
    for (int k = 0; k < a2->nperm; k++) {
        int p = a2->perm[k];
        if (p < 0) p += a1->nperm;                      /* Python indexing: p1[-1] is the last */
        if (p < 0 || p >= a1->nperm || a1->perm[p] != k) return false;
    }
    return true;
}

/* The node idx stands for (itself when no rule applies), given its resolved inputs. */
static int rewrite(gl_kit *k, int idx, const int *in) {
    gl_node *nd = gl_kit_node(k, idx);
    const gl_node *a = nd->nin > 0 ? gl_kit_node(k, in[0]) : NULL;
    switch (nd->op) {
    case GL_OP_MUL: {
        int other = is_const(k, in[1], 1.0) ? in[0] : is_const(k, in[0], 1.0) ? in[1] : idx;
        return gl_shape_eq(gl_kit_node(k, other)->shape, nd->shape) ? other : idx;
    }
    case GL_OP_ADD:
    case GL_OP_SUB: return is_const(k, in[1], 0.0) && gl_shape_eq(a->shape, nd->shape) ? in[0] : idx;
    case GL_OP_DIV: return is_const(k, in[1], 1.0) ? in[0] : idx;
    case GL_OP_NEG: return a->op == GL_OP_NEG ? gl_kit_res(k, a->in[0]) : idx;
    case GL_OP_TRANSPOSE:
        return a->op == GL_OP_TRANSPOSE && perms_cancel(a->attrs, nd->attrs) ? gl_kit_res(k, a->in[0]) : idx;
    case GL_OP_RESHAPE:
        if (a->op == GL_OP_RESHAPE) {
            nd->in[0] = gl_kit_res(k, a->in[0]);
            k->hits++;
        }
        return idx;
    default: return idx;
    }
}

gl_status gl_simplify(const gl_graph *g, gl_pass_result *out, gl_err *e) {
    gl_kit k;
    if (gl_kit_begin(&k, g, GL_KIT_NODES | GL_KIT_REMAP)) goto done;
    k.hits = 0;
    for (int idx = 0; idx < g->n; idx++) {
        const gl_node *nd = gl_kit_node(&k, idx);
        int in[GL_MAX_INPUTS];
        for (int t = 0; t < nd->nin; t++) in[t] = gl_kit_res(&k, nd->in[t]);
        int by = rewrite(&k, idx, in);
        if (by != idx) {
            gl_kit_replace(&k, idx, by);
            k.hits++;
        }
    }
    gl_kit_commit(&k, GL_KIT_DCE);
done:
    return gl_kit_end(&k, "simplify", out, e);
}
