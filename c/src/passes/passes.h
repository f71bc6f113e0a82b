/* passes.h — internal helpers shared by the §9 passes: the reference's rebuild() and dce() on C graphs,
 * and a builder for gl_provenance. Not part of the public API. */
#ifndef GL_PASSES_H
#define GL_PASSES_H

#include "ir/util.h"

/* The reference's rebuild(g, keep, remap): renumbers the nodes listed in keep (old ids, topological order)
 * into a new graph. remap (NULL: none) holds, per old id, the old id that replaces it or -1; chains are
 * followed (res()). Values are shared: the new graph retains the gl_array of every kept node that has one.
 * Outputs are resolved; guards are resolved too and keep their old id when the resolved node was not
 * kept, as the reference's idmap.get(res(nid), nid) does. idmap (NULL: not wanted) receives g->n
 * entries: old id -> new id, -1 when not kept. */
gl_graph *gl_rebuild(const gl_graph *g, const int *keep, int nkeep, const int *remap, int *idmap, gl_err *e);

/* The reference's dce(g): keeps the nodes reachable from outputs and guards, plus every input node.
 * idmap as for gl_rebuild. */
gl_graph *gl_dce_graph(const gl_graph *g, int *idmap, gl_err *e);
/* The same for a graph the caller owns and gives up: when nothing is dead (the common case) it is
 * returned as it is instead of copied; otherwise the rebuilt graph is returned and *g freed. On failure
 * *g is freed too. */
gl_graph *gl_dce_graph_take(gl_graph *g, int *idmap, gl_err *e);

/* Resolves remap chains for every id: res[i] = the end of i -> remap[i] -> ... (i itself when
 * remap[i] < 0). GL_E_INTERNAL on a cycle or an id out of range. res must hold n ints. */
gl_status gl_resolve_all(const int *remap, int n, int *res, gl_err *e);

/* Composes two id maps: out[i] = b[a[i]] (or -1), for i < na. */
void gl_idmap_compose(const int *a, int na, const int *b, int *out);

/* Provenance builder: collects (new id, old id) pairs and the per-new-node how, then lays them out as
 * gl_provenance (from lists ascending by old id; removed = old ids in no pair, ascending). */
typedef struct {
    int nnew, nold;
    gl_how *how;                  /* nnew, default GL_HOW_KEPT */
    int *pnew, *pold;
    int npairs, cap;
    bool failed;
} gl_prov_builder;

gl_status gl_prov_begin(gl_prov_builder *b, int nnew, int nold, gl_err *e);
void gl_prov_add(gl_prov_builder *b, int new_id, int old_id);   /* sets failed on NOMEM */
/* The usual case: every new node j that maps from an old id (inverse of idmap) gets that id. */
void gl_prov_add_idmap(gl_prov_builder *b, const int *idmap);
gl_status gl_prov_finish(gl_prov_builder *b, const char *pass, gl_provenance *out, gl_err *e);
void gl_prov_abort(gl_prov_builder *b);

/* Empties a gl_pass_result (hits -1: the passes that return no count leave it so). */
void gl_pass_result_init(gl_pass_result *r);

/* The passes work with a local gl_err (so a NULL caller err still yields exact statuses) and hand the
 * first error on: copies src into dst (if dst has none yet) and returns src->code (GL_E_INTERNAL when
 * a failure left no message). */
gl_status gl_err_forward(gl_err *dst, const gl_err *src);

#endif
