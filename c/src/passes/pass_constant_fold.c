/* pass_constant_fold.c — constant folding (§9 constant_fold).
 *
 * As the reference: a non-leaf, non-generator node with at least one input, all of whose inputs are
 * params/consts that have a value (or nodes folded before it), is evaluated at compile time (gl_eval_node
 * with an empty bind) and becomes a const with attrs {} (even a scalar: no "value" attr) named
 * `name or "folded {op}"`; then dce. hits = the number of nodes folded (including ones dce then drops).
 * The new values are owned by the output graph; every other value is shared with the input graph.
 *
 * Provenance: a folded node is "folded" from its own id plus the input nodes the fold consumed: inputs
 * that did not survive (transitively through other folded nodes that did not survive), each listed
 * with the first surviving folded node (in output order) that consumed it. Others are "kept"; dead nodes
 * not consumed by a fold are removed.
 */
#include <stdio.h>
#include <string.h>

#include "passes/kit.h"

/* Node i's inputs are all params/consts with values (or nodes folded before it): it becomes a const whose
 * value the kit takes. Returns its status. */
static gl_status fold(gl_kit *k, int i, const bool *isc, const gl_bind *nobind, bool *folded) {
    const gl_node *nd = &k->in->nodes[i];
    gl_opclass cls = gl_op_class_of(nd->op);
    *folded = false;
    if (cls == GL_CLASS_LEAF || cls == GL_CLASS_GENERATOR || nd->nin == 0) return GL_OK;
    bool all = true;
    gl_array *args[GL_MAX_INPUTS];
    for (int t = 0; t < nd->nin; t++) {
        all = all && isc[nd->in[t]];
        args[t] = k->w.values[nd->in[t]];
    }
    if (!all) return GL_OK;
    gl_array *v = NULL;
    if (gl_eval_node(nd, args, nobind, &v, &k->err)) return k->err.code;
    if (!v) return gl_fail(&k->err, GL_E_INTERNAL, "constant_fold: evaluating node %d (%s) gave no value", i, gl_op_name(nd->op));
    gl_kit_set_value(k, i, v);
    gl_node *c = gl_kit_node(k, i);
    c->op = GL_OP_CONST;
    c->nin = 0;
    memset(c->in, 0, sizeof c->in);
    c->attrs = &gl_no_attrs;
    *folded = true;
    if (nd->name[0]) return GL_OK;
    char name[GL_NAME_MAX];
    snprintf(name, sizeof name, "folded %s", gl_op_name(nd->op));
    return gl_kit_set_name(k, i, name);
}

gl_status gl_constant_fold(const gl_graph *g, gl_pass_result *out, gl_err *e) {
    gl_kit k;
    if (gl_kit_begin(&k, g, GL_KIT_NODES | GL_KIT_VALUES)) goto done;
    int n = g->n;
    bool *isc = gl_kit_alloc(&k, (size_t)n + 1, sizeof *isc);     /* a param/const with a value, or folded */
    int *stack = gl_kit_alloc(&k, (size_t)n + 1, sizeof *stack);
    if (!isc || !stack) goto done;
    gl_bind nobind;
    memset(&nobind, 0, sizeof nobind);
    k.hits = 0;
    for (int i = 0; i < n; i++) {
        const gl_node *nd = &g->nodes[i];
        isc[i] = (nd->op == GL_OP_PARAM || nd->op == GL_OP_CONST) && g->values[i] && g->values[i]->data;
        bool folded;
        if (fold(&k, i, isc, &nobind, &folded)) goto done;
        if (folded) {
            isc[i] = true;
            k.hits++;
        }
    }
    if (gl_kit_commit(&k, GL_KIT_DCE)) goto done;
    for (int i = 0; i < n; i++) {
        int j = gl_kit_new_id(&k, i);
        if (j < 0 || !k.owned[i]) continue;
        gl_kit_how(&k, j, GL_HOW_FOLDED);
        int sp = 0;
        stack[sp++] = i;
        while (sp) {       /* the inputs it consumed that died, through the folded ones among them */
            const gl_node *src = &g->nodes[stack[--sp]];
            for (int t = 0; t < src->nin; t++)
                if (gl_kit_claim(&k, j, src->in[t]) && k.owned[src->in[t]]) stack[sp++] = src->in[t];
        }
    }
done:
    return gl_kit_end(&k, "constant_fold", out, e);
}
