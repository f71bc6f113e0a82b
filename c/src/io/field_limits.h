/* field_limits.h — the one table of the ranges the core accepts for numeric case-file fields.
 *
 * The case reader validates every numeric field against this table, and `graphlab meta` / the WASM
 * method "meta" print it, so the lab's inputs and the core can never disagree about a bound. Dims and the
 * layer count come from GL_MAX_DIM / GL_MAX_LAYERS (util.h, which layers.c also checks), the run budget
 * and run_repeat from case.h. */
#ifndef GL_FIELD_LIMITS_H
#define GL_FIELD_LIMITS_H

#include "ir/util.h"

/* Upper bounds that exist only here: they are no lower than what the lab allows (web/state.js) and far
 * above every preset and golden case. Seeds stay within 2^53 - 1 so JS numbers hold them exactly. */
#define GL_MAX_EPS 1.0
#define GL_MAX_THETA 1e12
#define GL_MAX_FLOPS 1e18        /* device.mm_flops, device.vec_flops: an exaFLOP/s per device */
#define GL_MAX_BW 1e16           /* device.bw: 10 PB/s */
#define GL_MAX_LAUNCH 1.0        /* device.launch: one second per kernel */
#define GL_MAX_SEED 9007199254740991.0

/* Case text the readers accept (the CLI's file / stdin, the module's request): 1 GiB. */
#define GL_MAX_INPUT_BYTES ((size_t)1 << 30)
/* JSON values (tokens, 20 bytes each) of a case outside the keys it ignores: a case of 1024 layers with
 * every param named is ~75,000; this caps the reader's memory at 20 MiB whatever the input. */
#define GL_CASE_MAX_JSON_VALUES (1 << 20)

typedef struct {
    const char *field;           /* the case-file path: "config.d", "device.bw", "run_repeat" */
    double min, max;
    bool exclusive_min;          /* min itself is refused (eps > 0) */
    bool integer;
} gl_limit;

int gl_limit_count(void);
const gl_limit *gl_limit_at(int i);
/* The row of field, or NULL. */
const gl_limit *gl_limit_get(const char *field);
/* Fails with GL_E_LIMIT "<field> is <v>, above the limit <max>" when v > max (the minimum is checked by
 * the typed readers, whose messages say "positive" / "non-negative"). A field without a row is an internal
 * error, so a new field cannot skip the table. */
gl_status gl_limit_check_max(const char *field, double v, gl_err *e);
gl_status gl_limit_check_int(const char *field, int64_t v, gl_err *e);           /* the same, for integers */

/* {"limits": {field: {"min", ["exclusive_min",] "max", ["integer"]}}, "run_bytes": {"default", "max"},
 *  "input_bytes": {"max"}, "json_values": {"max"}, "passes": [{"name", "code", "pipeline"}], "classes",
 *  "op_classes": {op: class}, "status", "why_reasons"}; pretty puts one field per line. */
gl_status gl_meta_json(bool pretty, char **out, size_t *outlen, gl_err *e);

#endif
