/* pass_registry.c — the §9 passes by name, the default pipeline order, the verifier switch, and provenance.
 *
 * Every pass is a pure function written on the pass kit (kit.h): the input graph is not touched; the output
 * graph is new and holds its own references to the gl_array values (params/consts are shared, never copied;
 * only values a pass computes — folded consts, norm-folded weights — are new). When verification is on,
 * gl_pass_run checks every pass's output with the verifier (verify.c) and fails with its message.
 *
 * Provenance rules (gl_provenance; the case output's "provenance" key). For every output node: how it
 * came from the input graph and `from`, the input ids it accounts for (ascending). `removed` lists, in
 * ascending order, the input ids that appear in no `from`. Every input id is accounted for exactly once —
 * in one node's `from` or in `removed` — with one exception: a composite expanded by decompose is listed in
 * the `from` of each primitive it produced.
 *   kept      the same node (perhaps renumbered, or with rewired inputs: simplify's reshape(reshape(x)),
 *             the matmuls fold_norm_weight redirects). from = [its own id].
 *   merged    cse: from = every input id whose key matched (the survivor, the lowest id, first). A node
 *             nothing merged into is "kept".
 *   replaced  match_attention: the flash_attn node. from = the pv matmul it replaced plus every node of the
 *             matched pattern that did not survive: matmul(q, kᵀ), the transpose of K, the scale const, the
 *             mul, the add and the causal_mask (when masked), the softmax. A node shared by several matches
 *             (the scale const of a layer stack) is listed with the first match in output order only.
 *   expanded  decompose: each primitive (and any new scalar const) made by expanding a composite; from =
 *             [the composite's id].
 *   folded    constant_fold: a node computed into a const. from = its own id plus the inputs the fold
 *             consumed that did not survive (params, and other folded nodes and their consumed inputs,
 *             transitively), each listed with the first surviving folded node that consumed it.
 *   created   fold_norm_weight: a new weight W·diag(w). from = the nodes its fold consumed that did not
 *             survive (the mul x̂·w, the norm weight w, the original W), each listed with the first new
 *             weight (in output order) that consumed it; empty when they all survive elsewhere.
 *   removed   everything else that did not survive: dead code (dce, and the dce every pass but cse and
 *             decompose ends with) and the nodes simplify replaced by an existing value (x·1 -> x: the mul).
 * The counts (gl_pass_result.hits) are the reference's: match_attention, constant_fold, simplify and
 * fold_norm_weight return one; dce, cse and decompose do not (-1).
 */
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

#include "passes/passes.h"

/* Test and debug builds verify every pass (the Makefile's ASan and fuzz flags); others when asked. */
#ifndef GL_VERIFY_PASSES
#define GL_VERIFY_PASSES 0
#endif
static bool verify_passes = GL_VERIFY_PASSES;

bool gl_pass_verify(bool on) {
    bool was = verify_passes;
    verify_passes = on;
    return was;
}

typedef gl_status (*pass_fn)(const gl_graph *, gl_pass_result *, gl_err *);
typedef gl_status (*pass_ctx_fn)(const gl_graph *, const gl_pass_ctx *, gl_pass_result *, gl_err *);

/* code: the pass's two letters in a lab link ("p=ma.de.cs"), published by meta so the lab has no copy */
static const struct {
    const char *name;
    const char *code;
    pass_fn fn;
    pass_ctx_fn ctx_fn;           /* a pass that reads the context (gl_pass_ctx) in place of fn */
} PASSES[] = {
    /* the default pipeline, in the reference's order */
    {"match_attention", "ma", gl_match_attention, NULL},
    {"decompose", "de", gl_decompose, NULL},
    {"cse", "cs", gl_cse, NULL},
    {"constant_fold", "cf", gl_constant_fold, NULL},
    {"simplify", "si", gl_simplify, NULL},
    {"fold_norm_weight", "fn", gl_fold_norm_weight, NULL},
    /* runnable by name, not in the pipeline */
    {"dce", "dc", gl_dce, NULL},
    {"quantize", "qz", NULL, gl_quantize},
};
#define NPIPELINE 6
#define NPASSES ((int)(sizeof PASSES / sizeof PASSES[0]))

int gl_pipeline_length(void) { return NPIPELINE; }

const char *gl_pass_name_at(int i) { return i >= 0 && i < NPIPELINE ? PASSES[i].name : NULL; }

bool gl_pass_info_at(int i, const char **name, const char **code, bool *in_pipeline) {
    if (i < 0 || i >= NPASSES) return false;
    *name = PASSES[i].name;
    *code = PASSES[i].code;
    *in_pipeline = i < NPIPELINE;
    return true;
}

gl_status gl_pass_run(const char *name, const gl_graph *g, gl_pass_result *out, gl_err *e) {
    return gl_pass_run_ctx(name, g, NULL, out, e);
}

gl_status gl_pass_run_ctx(const char *name, const gl_graph *g, const gl_pass_ctx *ctx, gl_pass_result *out, gl_err *e) {
    if (out) gl_pass_result_init(out);
    if (!name || !g || !out)
        return gl_fail(e, GL_E_INVALID, "gl_pass_run: %s is NULL", !name ? "pass name" : !g ? "graph" : "result");
    for (int i = 0; i < NPASSES; i++) {
        if (strcmp(PASSES[i].name, name) != 0) continue;
        gl_status st = PASSES[i].ctx_fn ? PASSES[i].ctx_fn(g, ctx, out, e) : PASSES[i].fn(g, out, e);
        if (!st && verify_passes && (st = gl_verify_pass(g, out, name, e))) gl_pass_result_free(out);
        return st;
    }
    char known[160];
    gl_pass_names(known, sizeof known);
    return gl_fail(e, GL_E_INVALID, "unknown pass '%.60s' (known: %s)", name, known);
}

void gl_pass_names(char *buf, size_t n) {
    size_t at = 0;
    if (n) buf[0] = '\0';
    for (int i = 0; i < NPASSES && at < n; i++) {
        int w = snprintf(buf + at, n - at, "%s%s", i ? ", " : "", PASSES[i].name);
        if (w < 0) break;
        at += (size_t)w;
    }
}

bool gl_pass_known(const char *name) {
    for (int i = 0; i < NPASSES; i++)
        if (strcmp(PASSES[i].name, name) == 0) return true;
    return false;
}

const char *gl_how_name(gl_how h) {
    switch (h) {
    case GL_HOW_KEPT: return "kept";
    case GL_HOW_MERGED: return "merged";
    case GL_HOW_REPLACED: return "replaced";
    case GL_HOW_EXPANDED: return "expanded";
    case GL_HOW_FOLDED: return "folded";
    case GL_HOW_CREATED: return "created";
    }
    return "?";
}

void gl_provenance_free(gl_provenance *p) {
    if (!p) return;
    free(p->how);
    free(p->from_start);
    free(p->from);
    free(p->removed);
    memset(p, 0, sizeof *p);
}

void gl_pass_result_init(gl_pass_result *r) {
    memset(r, 0, sizeof *r);
    r->hits = -1;
}

void gl_pass_result_free(gl_pass_result *r) {
    if (!r) return;
    gl_graph_free(r->graph);
    gl_provenance_free(&r->prov);
    r->graph = NULL;
    r->hits = -1;
}
