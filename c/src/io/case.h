/* case.h — the case-file layer (internal): read a case (the fixture format), compute it, write the
 * result JSON. gl_case_run (graphlab.h) is read + compute + write; the CLI uses the parts directly.
 *
 *   case_read.c   JSON → gl_case (validates every field; decodes params / inputs)
 *   case_run.c    gl_case → gl_case_result (build, passes, fusion, cost, memory, interpreter, timings)
 *   case_write.c  gl_case + gl_case_result → JSON (one small writer per top-level key)
 */
#ifndef GL_CASE_H
#define GL_CASE_H

#include "front/front.h"
#include "exec/precision.h"
#include "io/json.h"
#include "io/lab_facts.h"

/* The memory budget of a case with values (params given or random, inputs): float64 bytes it may hold,
 * checked before anything is allocated: the params alone, then every value-carrying node of the traced
 * graph (all nodes when inputs are given), then each stage's graph before the interpreter runs it.
 * The case key "limits": {"run_bytes": N} sets it (1 ..GL_CASE_MAX_RUN_BYTES); the default is sized for a
 * browser tab. Builds may override both (the fuzzers use a few MiB). Shape-only cases allocate no values
 * and are limited only by 64-bit overflow (GL_E_LIMIT) and the dim / layer / node-count limits. */
#ifndef GL_CASE_DEFAULT_RUN_BYTES
#define GL_CASE_DEFAULT_RUN_BYTES (256LL << 20)
#endif
#ifndef GL_CASE_MAX_RUN_BYTES
#define GL_CASE_MAX_RUN_BYTES (1LL << 40)
#endif
#define GL_CASE_MAX_PIPELINE 64
#ifndef GL_CASE_MAX_RUN_REPEAT      /* run_repeat's maximum (the fuzz build lowers it: each repeat is a forward) */
#define GL_CASE_MAX_RUN_REPEAT 1000
#endif
#define GL_CASE_MAX_NAME 128

/* Which large parts of the output to write ("emit" in the case; all true by default but plans: the memory
 * plans' per-buffer and per-step arrays the lab's memory view draws, which the reference does not print). */
typedef struct {
    bool graphs, outputs, provenance, kernels, plans;
    bool shapes;                  /* "graphs": "shapes": each stage's shapes and attrs and its structure's
                                   * fingerprint (gl_case_fingerprint) only, in place of its nodes; no provenance */
    bool lab;                     /* the lab's facts (lab_facts.h): kernel names, values, places, run footprint */
} gl_case_emit;

typedef struct {
    char name[GL_CASE_MAX_NAME];
    gl_model_cfg model;
    int elem_bytes;
    gl_device device;             /* name/title/source point into dev_name or a preset */
    char dev_name[GL_CASE_MAX_NAME];
    gl_bind bind;
    gl_params params;
    bool has_values;              /* params carry arrays (given or random) */
    bool concrete;                /* inputs given: the interpreter runs every stage */
    int ninputs;
    char (*input_names)[GL_NAME_MAX];
    gl_array **input_values;      /* owned */
    int npipe;
    char pipeline[GL_CASE_MAX_PIPELINE][32];
    gl_case_emit emit;
    int64_t run_bytes;            /* limits.run_bytes (GL_CASE_DEFAULT_RUN_BYTES when absent) */
    int run_repeat;               /* forwards of the final graph timed (best kept); 1 when absent */
    char *program;                /* "program": Python source traced in place of "config" (owned), or NULL */
    size_t program_len;
    char *pypass;                 /* "pypass": {"source", "name", "file"?}: a pass written in Python (owned), or NULL */
    char pypass_name[32];         /* the function: the pipeline's entries of this name run it (in place of a built-in) */
    char pypass_file[64];         /* its file name in error messages ("pass.py") */
    bool has_precision;           /* "precision": the final graph also runs under this plan (concrete cases) */
    gl_precision precision;
} gl_case;

gl_status gl_case_parse(const char *json, size_t len, gl_case *c, gl_err *e);
void gl_case_free(gl_case *c);                                       /* NULL-safe */

typedef struct {
    char key[40];                 /* "trace", "cse", or "cse#2" for a repeated pass */
    gl_pass_result r;             /* the trace stage has hits -1 and an empty provenance */
    int nout;
    gl_array **outs;              /* concrete cases: the interpreter's outputs */
} gl_case_stage;

typedef struct {
    int nst;
    gl_case_stage *st;            /* [0] is the trace */
    bool fused_done;
    gl_kernels eager, fused;
    gl_cost eager_cost, fused_cost;
    gl_lifetimes lts;
    int64_t naive, greedy, lower_bound;
    int64_t *offsets;             /* greedy offsets, in lifetime order */
    int64_t *naive_offsets;       /* emit.plans: naive offsets, in lifetime order, else NULL */
    int64_t *live;                /* emit.plans: bytes alive at each kernel step (nlive), else NULL */
    int nlive;
    bool ran;
    double t_build, t_passes, t_fuse, t_memory, t_total;          /* ms */
    double t_run;                 /* one forward of the final graph: the fastest of run_repeat */
    double t_run_stages;          /* every stage's forward (the first time each) */
    double t_precision;           /* precision cases: the final graph's float64 and planned runs side by side */
    gl_span *spans;               /* program cases: the traced graph's spans (st[0]'s nodes), else NULL */
    char *console;                /* program cases: what the program print()ed (owned), else NULL */
    gl_lab_facts *lab;            /* emit.lab (and fused kernels made): the lab's facts, else NULL */
    gl_node_error *errors;        /* precision cases: the final graph's error per node (its n entries), else NULL */
    int err_worst;                /* precision cases: the node adding the most error (gl_precision_worst), or -1 */
    gl_layer_error *err_layers;   /* precision cases: per layer of the final graph (stage_keys.c's layers), owned */
    int nerr_layers;
} gl_case_result;

/* Stage i's structure: a 64-bit hash of its key, node count, every node's op, inputs and name, its outputs and
 * (i > 0) the provenance of the pass that made it — everything of the stage but its shapes and attrs, which a
 * change of sizes changes. Two results whose fingerprints are equal stage for stage have (but for a 2^-64
 * collision) the same ops, inputs, names, outputs and provenance. */
uint64_t gl_case_fingerprint(const gl_case *c, const gl_case_result *r, int i);

enum { GL_CASE_ALL = 0, GL_CASE_PASSES_ONLY = 1 };

gl_status gl_case_compute(const gl_case *c, int flags, gl_case_result *r, gl_err *e);
void gl_case_result_free(gl_case_result *r);                         /* NULL-safe */

/* The lab's facts of a computed case whose fused kernels are made (lab_facts.c); out is freed with
 * gl_lab_facts_free, also on failure. */
gl_status gl_lab_facts_make(const gl_case *c, const gl_case_result *r, gl_lab_facts *out, gl_err *e);

/* GL_CASE_TABLES_APART: gl_case_write leaves out the tables gl_case_write_tables writes (the packed form). */
enum { GL_CASE_COMPACT = 0, GL_CASE_PRETTY = 1, GL_CASE_PACKED = 2, GL_CASE_TABLES_APART = 4 };
gl_status gl_case_write(const gl_case *c, const gl_case_result *r, int flags, char **out, size_t *outlen,
                        gl_err *e);
/* The lab's form (case_pack.c): "GLB1", the compact JSON without graphs and provenance, then those as int32
 * columns. *outlen is the whole buffer's length. */
gl_status gl_case_write_packed(const gl_case *c, const gl_case_result *r, char **out, size_t *outlen, gl_err *e);

/* The long tables (eager and fused kernels, memory lifetimes, offsets, order, live) as typed columns:
 * "GLT1", the schema's length (u32), its JSON, the data (case_tables.c). */
gl_status gl_case_write_tables(const gl_case *c, const gl_case_result *r, char **out, size_t *outlen, gl_err *e);

/* Read + compute + write with output flags (gl_case_run is this with GL_CASE_COMPACT; GL_CASE_PACKED writes
 * gl_case_write_packed's form). */
gl_status gl_case_run_ex(const char *json, size_t len, int flags, char **out, size_t *outlen, gl_err *e);

#endif
