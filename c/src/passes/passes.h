/* passes.h — the pass machinery's internal entry points (not the public API): the verifier that checks a
 * pass's output (verify.c) and the empty gl_pass_result. The passes themselves are written on the kit
 * (kit.h). */
#ifndef GL_PASSES_H
#define GL_PASSES_H

#include "ir/util.h"

/* Every registered pass, the default pipeline first: its name, its code in a lab link, whether the
 * default pipeline runs it. False past the last. */
bool gl_pass_info_at(int i, const char **name, const char **code, bool *in_pipeline);

/* The registered passes' names as "a, b, c" (an error message's list of known passes), cut to fit n bytes. */
void gl_pass_names(char *buf, size_t n);

/* Whether name is a registered pass. */
bool gl_pass_known(const char *name);

/* Empties a gl_pass_result (hits -1: the passes that return no count leave it so). */
void gl_pass_result_init(gl_pass_result *r);

/* decompose's graph without its provenance (the eager kernels' input, freed right after): the same graph
 * as gl_decompose's; *out NULL on failure. */
gl_status gl_decompose_graph(const gl_graph *g, gl_graph **out, gl_err *e);

/* The graph invariants (ids, topological order, arity, shape, outputs, guards); GL_E_INTERNAL with a
 * message naming `pass`, the invariant and the node. */
gl_status gl_verify_graph(const gl_graph *g, const char *pass, gl_err *e);
/* gl_verify_graph on r->graph, plus what a pass must keep of its input (output and guard counts) and the
 * provenance invariants (every old id accounted for exactly once). */
gl_status gl_verify_pass(const gl_graph *in, const gl_pass_result *r, const char *pass, gl_err *e);

/* The provenance of out as a rewrite of in, recovered by matching the two graphs (prov_match.c: equal nodes
 * kept or merged, rewired ones kept, the rest replaced, expanded or folded from the old nodes they took the
 * place of): for passes that do not record their own (a pass written in Python). */
gl_status gl_prov_match(const gl_graph *in, const gl_graph *out, const char *pass, gl_provenance *p, gl_err *e);

#endif
