/* judge.c — the compiler judges a pass: is the graph it returned still a graph, and does it compute what
 * the graph it was given computes?
 *
 *  1. The verifier (verify.c's gl_verify_graph: ids, topological order, arity, shapes re-inferred by the
 *     tracer's rule, outputs, guards), plus what a pass must keep: as many outputs and guards as it was given.
 *  2. Numbers: both graphs run in float64 (exec/eval.c, node by node, every value kept) on seeded random
 *     inputs, and on params' own values or, where a shape-only graph has none, seeded random values by name
 *     (the same name gets the same numbers in both graphs). Each output pair is compared by the largest
 *     difference relative to the largest magnitude of the original's output:
 *       0              "same numbers, bit for bit"
 *       <= 1e-12       "equal up to the last bits": rounding, not a failure — what x / c → x · (1/c) teaches
 *       more           "your pass changed the result: output 0 differs by 3.1e-1 relative; the first
 *                      differing value is %17 = mul(%12, %30)"
 *     The first differing value: walking back from the worst output through inputs whose values have no
 *     counterpart in the original run (no node of the same shape holds the same numbers within 1e-12), the
 *     first such node all of whose inputs do have one: where the two runs part. New values a correct pass
 *     makes (decompose's primitives) have no counterpart either, but they never start a difference.
 *  Numbers are not compared (and the verdict says why) when a value has no numbers (a shape-only graph's
 *  rope tables, or a new param of a shape-only graph), a symbol is unbound, or the runs would hold more than
 *  GL_JUDGE_MAX_ELEMS numbers. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "front/rng.h"
#include "passes/passes.h"

#define GL_JUDGE_MAX_ELEMS (16LL << 20)       /* numbers both runs may hold: 256 MiB */
#define GL_JUDGE_TOL 1e-12

/* "%17 = mul(%12, %30)" */
static void node_text(const gl_graph *g, int i, char *buf, size_t cap) {
    const gl_node *n = &g->nodes[i];
    size_t o = (size_t)snprintf(buf, cap, "%%%d = %s(", i, gl_op_name(n->op));
    for (int k = 0; k < n->nin && o < cap; k++) o += (size_t)snprintf(buf + o, cap - o, "%s%%%d", k ? ", " : "", n->in[k]);
    if (o < cap) o += (size_t)snprintf(buf + o, cap - o, ")");
    if (n->name[0] && o < cap) snprintf(buf + o, cap - o, "  # %s", n->name);
}

static uint64_t name_seed(uint64_t seed, const char *s) {
    uint64_t h = 1469598103934665603ull ^ seed;
    for (; *s; s++) h = (h ^ (unsigned char)*s) * 1099511628211ull;
    return h;
}

static gl_status random_array(const gl_shape *s, const gl_bind *b, uint64_t seed, gl_array **out, gl_err *e) {
    int64_t dims[GL_MAX_RANK];
    for (int i = 0; i < s->rank; i++)
        if (gl_dim_value(s->d[i], b, &dims[i], e)) return e->code;
    if (gl_array_new(s->rank, dims, out, e)) return e->code;
    gl_rng r;
    gl_rng_seed(&r, seed);
    for (int64_t k = 0; k < (*out)->size; k++) (*out)->data[k] = gl_rng_normal(&r) * 0.5;
    return GL_OK;
}

typedef struct {
    gl_array **v;                 /* per node */
    int n;
} run_values;

static void values_free(run_values *r) {
    for (int i = 0; i < r->n; i++) gl_array_release(r->v[i]);
    free(r->v);
    r->v = NULL;
}

/* Every node's value; *why (NULL when run) says why numbers cannot be compared. `orig` (or NULL) lends its
 * random params by name. */
static gl_status run_all(const gl_graph *g, const gl_graph *orig, const run_values *ov, const gl_bind *b, uint64_t seed,
                         int64_t *budget, run_values *out, char *why, size_t cap, gl_err *e) {
    out->n = g->n;
    out->v = calloc((size_t)(g->n ? g->n : 1), sizeof *out->v);
    if (!out->v) return gl_fail(e, GL_E_NOMEM, "out of memory");
    for (int i = 0; i < g->n; i++) {
        const gl_node *n = &g->nodes[i];
        gl_err le = {GL_OK, ""};
        int64_t numel;
        if (gl_numel(n->shape, b, &numel, &le)) {
            snprintf(why, cap, "%s", le.msg);
            return GL_OK;
        }
        if ((*budget -= numel) < 0) {
            snprintf(why, cap, "the runs would hold more than %lld numbers", (long long)GL_JUDGE_MAX_ELEMS);
            return GL_OK;
        }
        gl_array *v = NULL;
        if (n->op == GL_OP_INPUT) {
            if (random_array(n->shape, b, name_seed(seed, n->name), &v, &le)) goto failed;
        } else if (n->op == GL_OP_PARAM || n->op == GL_OP_CONST) {
            const gl_array *have = g->values[i];
            if (have && have->data) {
                v = gl_array_retain((gl_array *)have);
            } else if (n->op == GL_OP_PARAM && !have) {
                int same = -1;
                for (int k = 0; orig && k < orig->n && same < 0; k++)
                    if (orig->nodes[k].op == GL_OP_PARAM && strcmp(orig->nodes[k].name, n->name) == 0) same = k;
                if (orig && same < 0) {
                    snprintf(why, cap, "the pass's new param %%%d '%s' has no values (a shape-only graph)", i, n->name);
                    return GL_OK;
                }
                if (same >= 0) v = gl_array_retain(ov->v[same]);
                else if (random_array(n->shape, b, name_seed(seed ^ 0x5bd1e995u, n->name), &v, &le)) goto failed;
            } else {
                snprintf(why, cap, "%%%d (%s) has no numbers (a shape-only graph)", i, gl_op_name(n->op));
                return GL_OK;
            }
        } else {
            gl_array *args[GL_MAX_INPUTS];
            for (int k = 0; k < n->nin; k++) args[k] = out->v[n->in[k]];
            if (gl_eval_node(n, args, b, &v, &le)) goto failed;
        }
        out->v[i] = v;
        continue;
    failed:
        if (le.code == GL_E_NOMEM) return gl_fail(e, GL_E_NOMEM, "%s", le.msg);
        snprintf(why, cap, "%%%d (%s) could not be run: %s", i, gl_op_name(n->op), le.msg);
        return GL_OK;
    }
    return GL_OK;
}

/* max |a - b| / max |b| (0 when bit-identical; inf for a NaN on one side only, or other shapes) */
static double rel_diff(const gl_array *a, const gl_array *b) {
    if (!a || !b || a->size != b->size || a->rank != b->rank) return INFINITY;
    for (int i = 0; i < a->rank; i++)
        if (a->dim[i] != b->dim[i]) return INFINITY;
    double big = 0, d = 0;
    bool differ = false;
    for (int64_t k = 0; k < a->size; k++) {
        double x = a->data[k], y = b->data[k];
        if (memcmp(&x, &y, sizeof x) != 0) differ = true;
        if (isnan(x) || isnan(y)) {
            if (isnan(x) != isnan(y)) return INFINITY;
            continue;
        }
        if (isinf(x) || isinf(y)) {
            if (x != y) return INFINITY;
            continue;
        }
        if (fabs(y) > big) big = fabs(y);
        if (fabs(x - y) > d) d = fabs(x - y);
    }
    if (!differ) return 0;
    if (d == 0) return 0x1p-60;                    /* only -0 vs 0, or NaN payloads: a last-bit difference */
    return big > 0 ? d / big : INFINITY;
}

/* Does some node of the original run hold these numbers (same shape, within the tolerance)? */
static bool has_counterpart(const run_values *ov, const gl_array *v) {
    for (int k = 0; k < ov->n; k++)
        if (ov->v[k] && ov->v[k]->size == v->size && rel_diff(v, ov->v[k]) <= GL_JUDGE_TOL) return true;
    return false;
}

static int first_differing(const gl_graph *g, const run_values *nv, const run_values *ov, int start) {
    int i = start;
    for (int guard = 0; guard < g->n; guard++) {   /* each step moves to an earlier node: at most n steps */
        const gl_node *n = &g->nodes[i];
        int next = -1;
        for (int k = 0; k < n->nin && next < 0; k++) {
            int in = n->in[k];
            if (gl_op_class(g->nodes[in].op) == GL_CLASS_LEAF) continue;
            if (!has_counterpart(ov, nv->v[in])) next = in;
        }
        if (next < 0) return i;
        i = next;
    }
    return i;
}

gl_status gl_judge(const gl_graph *before, const gl_graph *after, const gl_bind *bind, uint64_t seed, gl_judge_result *out,
                   gl_err *e) {
    memset(out, 0, sizeof *out);
    out->output = out->node = -1;
    gl_bind nob = {0};
    if (!bind) bind = &nob;
    gl_err ve = {GL_OK, ""};
    if (gl_verify_graph(after, "your pass", &ve)) {
        const char *m = strstr(ve.msg, "your pass: ");
        out->verdict = GL_JUDGE_BROKEN;
        snprintf(out->line, sizeof out->line, "your pass broke the graph: %s", m ? m + 11 : ve.msg);
        return GL_OK;
    }
    if (after->nout != before->nout || after->nguards != before->nguards) {
        out->verdict = GL_JUDGE_BROKEN;
        snprintf(out->line, sizeof out->line, "your pass broke the graph: it has %d output%s and %d guard%s; the graph it "
                 "was given had %d and %d", after->nout, after->nout == 1 ? "" : "s", after->nguards,
                 after->nguards == 1 ? "" : "s", before->nout, before->nguards);
        return GL_OK;
    }
    run_values ov = {0}, nv = {0};
    char why[200] = "";
    int64_t budget = GL_JUDGE_MAX_ELEMS;
    gl_status st = run_all(before, NULL, NULL, bind, seed, &budget, &ov, why, sizeof why, e);
    if (!st && !why[0]) st = run_all(after, before, &ov, bind, seed, &budget, &nv, why, sizeof why, e);
    if (!st && why[0]) {
        out->verdict = GL_JUDGE_NOT_RUN;
        snprintf(out->line, sizeof out->line, "the graph is well formed; numbers not compared: %s", why);
    }
    if (!st && !why[0]) {
        double worst = 0;
        for (int k = 0; k < after->nout; k++) {
            double d = rel_diff(nv.v[after->outputs[k]], ov.v[before->outputs[k]]);
            if (d > worst || (d == worst && out->output < 0 && d > 0)) worst = d, out->output = k;
        }
        out->rel = worst;
        if (worst == 0) {
            out->verdict = GL_JUDGE_SAME;
            snprintf(out->line, sizeof out->line, "your pass keeps the result: the same numbers, bit for bit (%d output%s, "
                     "seeded random inputs)", after->nout, after->nout == 1 ? "" : "s");
        } else if (worst <= GL_JUDGE_TOL) {
            out->verdict = GL_JUDGE_LAST_BITS;
            snprintf(out->line, sizeof out->line, "your pass keeps the result up to the last bits: output %d differs by "
                     "%.1e relative (floating-point rounding, not a failure)", out->output, worst);
        } else {
            out->verdict = GL_JUDGE_DIFFERS;
            out->node = first_differing(after, &nv, &ov, after->outputs[out->output]);
            char txt[160];
            node_text(after, out->node, txt, sizeof txt);
            if (isinf(worst))
                snprintf(out->line, sizeof out->line, "your pass changed the result: output %d differs (a NaN, an "
                         "infinity or another shape); the first differing value is %s", out->output, txt);
            else
                snprintf(out->line, sizeof out->line, "your pass changed the result: output %d differs by %.1e relative; "
                         "the first differing value is %s", out->output, worst, txt);
        }
    }
    values_free(&ov);
    values_free(&nv);
    return st;
}
