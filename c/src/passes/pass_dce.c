/* pass_dce.c — dead-code elimination (§9 dce): keeps what the outputs and guards reach, plus inputs.
 * Provenance: every surviving node is "kept" from its old id; the rest are removed. */
#include <stdlib.h>

#include "passes/passes.h"

gl_status gl_dce(const gl_graph *g, gl_pass_result *out, gl_err *e) {
    gl_pass_result_init(out);
    gl_err le = {0};
    gl_prov_builder b;
    int *idmap = gl_alloc((size_t)g->n, sizeof *idmap, &le);
    gl_graph *ng = idmap ? gl_dce_graph(g, idmap, &le) : NULL;
    if (!ng || gl_prov_begin(&b, ng->n, g->n, &le)) goto fail;
    gl_prov_add_idmap(&b, idmap);
    if (gl_prov_finish(&b, "dce", &out->prov, &le)) goto fail;
    free(idmap);
    out->graph = ng;
    return GL_OK;
fail:
    free(idmap);
    gl_graph_free(ng);
    return gl_err_forward(e, &le);
}
