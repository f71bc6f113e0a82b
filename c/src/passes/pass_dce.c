/* pass_dce.c — dead-code elimination (§9 dce): keeps what the outputs and guards reach, plus inputs.
 * Provenance: every surviving node is "kept" from its old id; the rest are removed. */
#include "passes/kit.h"

gl_status gl_dce(const gl_graph *g, gl_pass_result *out, gl_err *e) {
    gl_kit k;
    if (!gl_kit_begin(&k, g, 0)) gl_kit_commit(&k, GL_KIT_DCE);
    return gl_kit_end(&k, "dce", out, e);
}
