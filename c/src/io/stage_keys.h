/* stage_keys.h — every node's stable key and layer, stage by stage: what the lab joins its drawing on
 * (web/model.js tells the rule; stage_keys.c is the same rule in C, so a 126-layer link's first analysis does
 * not spend its first half second in cold JavaScript). */
#ifndef GL_STAGE_KEYS_H
#define GL_STAGE_KEYS_H

#include <stdbool.h>
#include <stdint.h>

#include "graphlab.h"

#define GL_SHARED_LAYER (-1)   /* a leaf several layers use (web/model.js SHARED_LAYER) */

/* One stage's keys: node i's key is the trace's "n<key_id[i]>" when key_stage[i] is 0, else
 * "s<key_stage[i]>n<key_id[i]>"; layer[i] its layer (GL_SHARED_LAYER: shared); block[i] its block (an index
 * into the trace's gl_blocks names, -1: none): the trace's own, then the first node it came from's. usable: the pass's provenance
 * lists every node (the keys came from it); changed (only when usable): the pass removed, made or moved some
 * node. */
typedef struct {
    int n;
    int32_t *key_stage, *key_id, *layer, *block;
    bool usable, changed;
} gl_stage_keys;

/* Stage `index`'s keys: the trace's (prev NULL) or a pass's, from the stage before it (graph pg, keys prev)
 * and the pass's provenance pv (NULL when the result has none). out is freed with gl_stage_keys_free, also on
 * failure. */
gl_status gl_stage_keys_make(const gl_graph *g, int index, const gl_provenance *pv, const gl_graph *pg,
                             const gl_stage_keys *prev, gl_stage_keys *out, gl_err *e);
void gl_stage_keys_free(gl_stage_keys *k);   /* NULL-safe */

/* A stage summarised by layer (web/views/graph/layer-index.js summarizeColumns: what a big result's page
 * draws, one box per layer): layers lo .. lo + span - 1 (lo ≤ 0 ≤ lo + span - 1), count[l - lo] nodes and
 * ops[l - lo] of them not leaves in layer l, and the layer-to-layer edges (from, to) in the order the
 * stage's inputs first show them. */
typedef struct {
    int32_t lo, span;
    int32_t *count, *ops;
    int32_t *edges;               /* 2 * nedges */
    int nedges;
} gl_stage_summary;

gl_status gl_stage_summary_make(const gl_graph *g, const int32_t *layer, gl_stage_summary *out, gl_err *e);
void gl_stage_summary_free(gl_stage_summary *s);   /* NULL-safe */

#endif
