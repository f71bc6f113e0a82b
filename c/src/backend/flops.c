/* flops.c — FLOPs of one node (§10 node_flops), by the op table's flops column: OUT one FLOP per output
 * element (pointwise, composite), IN one per element of input 0 (reduce), MATMUL 2·batch·m·n·k, ATTN
 * 4·batch·rows·cols·d, NONE free (leaves, views, generators, kv_write). */
#include "ir/util.h"

typedef enum { FL_NONE, FL_OUT, FL_IN, FL_MATMUL, FL_ATTN } flop_rule;

static const flop_rule RULE[] = {
#define GL_OP(E, name, cls, lo, hi, req, opt, kernel, flops, ...) [GL_OP_##E] = FL_##flops,
#include "graphlab_ops.h"
#undef GL_OP
};
_Static_assert(sizeof RULE / sizeof RULE[0] == GL_OP_COUNT, "a FLOP rule per op");

/* a · b for non-negative int64 values; false on overflow. */
static bool mul_ok(int64_t a, int64_t b, int64_t *out) {
    if (a != 0 && b > INT64_MAX / a) return false;
    *out = a * b;
    return true;
}

static gl_status overflow(gl_err *e, const gl_node *n) {
    return gl_fail(e, GL_E_LIMIT, "FLOP count of node %%%d (%s) overflows 64 bits", n->id, gl_op_name(n->op));
}

gl_status gl_node_flops(const gl_graph *g, int node, const gl_bind *bind, double *out, gl_err *e) {
    if (!g || !out || node < 0 || node >= g->n)
        return gl_fail(e, GL_E_INVALID, "node_flops: node %d is not in the graph", node);
    const gl_node *n = &g->nodes[node];
    for (int k = 0; k < n->nin; k++)
        if (n->in[k] < 0 || n->in[k] >= g->n)
            return gl_fail(e, GL_E_INVALID, "node_flops: node %d has input %d, which does not exist", node, n->in[k]);
    if ((unsigned)n->op >= GL_OP_COUNT) return gl_fail(e, GL_E_INVALID, "node_flops: node %d has an unknown op", node);
    const flop_rule rule = RULE[n->op];
    int64_t r = 0;
    gl_status st;
    if (rule == FL_OUT || rule == FL_IN) {
        if (rule == FL_IN && n->nin < 1)
            return gl_fail(e, GL_E_INVALID, "node_flops: reduce node %%%d has no input", node);
        const gl_shape *src = rule == FL_IN ? g->nodes[n->in[0]].shape : n->shape;
        if ((st = gl_numel(src, bind, &r, e))) return st;
    } else if (rule == FL_MATMUL) {
        if (n->nin < 2) return gl_fail(e, GL_E_INVALID, "node_flops: matmul node %%%d needs 2 inputs", node);
        const gl_shape *a = g->nodes[n->in[0]].shape;
        if (a->rank < 1) return gl_fail(e, GL_E_SHAPE, "node_flops: matmul node %%%d has a scalar input", node);
        int64_t ne, kdim;
        if ((st = gl_numel(n->shape, bind, &ne, e))) return st;
        if ((st = gl_dim_value(a->d[a->rank - 1], bind, &kdim, e))) return st;
        if (!mul_ok(2, ne, &r) || !mul_ok(r, kdim, &r)) return overflow(e, n);
    } else if (rule == FL_ATTN) {
        if (n->nin < 3) return gl_fail(e, GL_E_INVALID, "node_flops: flash_attn node %%%d needs 3 inputs", node);
        const gl_shape *q = g->nodes[n->in[0]].shape, *k = g->nodes[n->in[1]].shape;
        if (q->rank < 1 || k->rank < 2)
            return gl_fail(e, GL_E_SHAPE, "node_flops: flash_attn node %%%d has inputs of too low rank", node);
        int64_t nq, dq, kl, rows;
        if ((st = gl_numel(q, bind, &nq, e))) return st;
        if ((st = gl_dim_value(q->d[q->rank - 1], bind, &dq, e))) return st;
        if ((st = gl_dim_value(k->d[k->rank - 2], bind, &kl, e))) return st;
        rows = dq ? nq / dq : 0;                       /* numel(q) // q[-1] */
        if (dq == 0) {
            r = 0;
        } else if (!mul_ok(4, rows, &r) || !mul_ok(r, kl, &r) || !mul_ok(r, dq, &r)) {
            return overflow(e, n);
        }
    }
    *out = (double)r;
    return GL_OK;
}
