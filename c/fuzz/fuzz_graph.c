/* fuzz_graph.c — libFuzzer harness: bytes → a graph in the JSON form of `graphlab passes` (graph_read.c) →
 * every pass of the registry on it (the reader's validation and the passes on graphs no trace makes: odd
 * attrs, symbolic shapes, shared values, guards, dead code).
 *
 * Invariants checked (abort() here, never in the library): the reader either returns a graph that validates
 * or an error with a status in range and a message; every pass on a read graph returns GL_OK with a graph
 * that validates and provenance for each of its nodes, or fails with a status other than GL_E_INTERNAL.
 * Sanitizers catch the rest. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_common.h"
#include "io/graph_read.h"

#define FUZZ_MAX_INPUT (64 * 1024)

static void fail(const char *what, const gl_err *e) {
    fprintf(stderr, "fuzz_graph: invariant broken: %s (status %d, message \"%s\")\n", what, (int)e->code, e->msg);
    abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size > FUZZ_MAX_INPUT) return 0;
    gl_err e = {GL_OK, ""};
    gl_json j = {0};
    if (gl_json_parse(&j, (const char *)data, size, &e)) {
        gl_json_free(&j);
        return 0;
    }
    int ntok = j.n;
    gl_graph *g = NULL;
    gl_status rs = ntok ? gl_graph_read_json(&j, 0, "graph", &g, &e) : GL_E_PARSE;
    gl_json_free(&j);
    if (rs) {
        if (g) fail("a reader error with a graph", &e);
        if (ntok && (rs < GL_E_INVALID || rs > GL_E_INTERNAL || !e.msg[0])) fail("reader error without a status", &e);
        return 0;
    }
    if (!g) fail("GL_OK without a graph", &e);
    if (gl_graph_validate(g, &e)) fail("the reader returned a graph that does not validate", &e);
    static const char *const passes[] = {"dce", "cse", "constant_fold", "simplify", "decompose", "fold_norm_weight",
                                         "match_attention"};
    for (size_t i = 0; i < sizeof passes / sizeof passes[0]; i++) {
        gl_err pe = {GL_OK, ""};
        gl_pass_result r;
        gl_status st = gl_pass_run(passes[i], g, &r, &pe);
        if (st == GL_OK) {
            if (!r.graph || gl_graph_validate(r.graph, &pe)) fail("a pass returned a graph that does not validate", &pe);
            if (r.prov.n != r.graph->n) fail("provenance does not cover the output graph", &pe);
        } else if (st == GL_E_INTERNAL || pe.code != st || !pe.msg[0]) {
            fail(passes[i], &pe);
        }
        gl_pass_result_free(&r);
    }
    gl_graph_free(g);
    return 0;
}
