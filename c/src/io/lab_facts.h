/* lab_facts.h — what the lab shows of a result beyond the reference's keys, computed once, by the core:
 * each fused kernel's name (read off what it contains), its layer, the values it writes back and the ones it
 * keeps on chip, the op / shape / bytes of every value the fused kernels make, the roofline's places of both
 * kernel sets, and the numeric run's footprint as the run budget counts it. The case key "emit": {"lab": true}
 * writes them (case_write.c: lab_kernels, lab_values, lab_places, lab_run_footprint; case_tables.c: the first
 * two as typed columns in the packed form), so the page shows what `graphlab case` prints (tests/lab-cli.test.js). */
#ifndef GL_LAB_FACTS_H
#define GL_LAB_FACTS_H

#include <stdint.h>

#include "graphlab.h"

#define GL_LAB_NO_LAYER INT32_MIN

typedef struct {
    int n;                        /* fused kernels */
    char **name, **short_name, **detail;   /* per kernel, owned */
    int32_t *layer;               /* GL_LAB_NO_LAYER: none */
    int32_t *w_off, *w_ids;       /* written back: kernel i's ids w_ids[w_off[i] .. w_off[i + 1]) */
    int32_t *c_off, *c_ids;       /* kept on chip, the same way */
    int nvalues;
    int32_t *value_ids;           /* every node id of a fused kernel, ascending, once */
    int nplaces[2];               /* [0] fused, [1] eager */
    int32_t *places[2];           /* (first kernel, count) pairs, in kernel order */
    bool has_footprint;
    double fp_bytes;              /* float64 bytes of the largest stage: every node's elements × 8 */
    int fp_stage, fp_node;        /* that stage and its largest node (-1: none) */
} gl_lab_facts;

/* gl_lab_facts_make (case.h) fills one from a computed case; this frees what it holds. */
void gl_lab_facts_free(gl_lab_facts *f);   /* NULL-safe */

#endif
