/* front.h — the program front end: Python source written against the graph_lab API, traced in C.
 *
 *   py_arena.c  one bump arena per run: AST, values and strings die together (no leaks on error paths)
 *   py_lex.c    bytes → tokens with line:col, INDENT / DEDENT (Python's tokenizer rules, a subset)
 *   py_parse.c  tokens → AST by recursive descent (the grammar rule sits above each function)
 *   py_value.c  values: None, bool, int (64-bit, Python's // % **), float, str, tuple, list, dict,
 *               functions, tensors, the modules F / math and LayerCfg
 *   py_eval.c   the evaluator: walks the AST and drives the tracer (graphlab.h) like the reference's Tensor
 *   py_builtins.c  len, range, min, ..., F.*, math.*, LayerCfg, rope_tables, trace
 *
 * The graph a program compiles is the one its last trace(...) call returned. Errors are
 * "FILE.py:LINE:COL: message" in gl_err (status + message, the Lua/SQLite way). */
#ifndef GL_FRONT_H
#define GL_FRONT_H

#include "graphlab.h"
#include "ir/util.h"

#define GL_PROGRAM_MAX_SOURCE (1 << 20)     /* bytes of source */
#define GL_PROGRAM_MAX_STEPS 2000000LL      /* evaluation steps (statements + expressions) */
#ifndef GL_PROGRAM_MAX_DEPTH
#define GL_PROGRAM_MAX_DEPTH 1000           /* nested calls of the program's own functions (RecursionError) */
#endif
#define GL_PROGRAM_MAX_NEST 64              /* nesting of brackets / expressions / blocks in the source */
#define GL_PROGRAM_MAX_ARENA (64u << 20)    /* bytes of AST + values */
#define GL_PROGRAM_MAX_SEQ 1000000          /* elements of one list / tuple / str */
#define GL_PROGRAM_MAX_NODES 100000         /* nodes of one traced graph (a 126-layer stack has ~6,000) */

/* The source span of the expression that emitted a node (1-based lines and columns, end exclusive). */
typedef struct {
    int line, col, end_line, end_col;
} gl_span;

typedef struct {
    bool values;                  /* rope_tables carry numbers (a case that runs); else shape-only shells */
    const gl_params *params;      /* values for params declared by shape, by name (may be NULL) */
    int64_t max_steps;            /* 0: GL_PROGRAM_MAX_STEPS */
    bool console_on_error;        /* on failure too, out->console holds what print() wrote before the error
                                   * (the caller frees it with gl_program_free), as CPython prints the output
                                   * and then the traceback */
} gl_program_opts;

typedef struct {
    gl_graph *graph;              /* the last trace's graph (owned) */
    gl_span *spans;               /* graph->n spans (0s for none) */
    char *console;                /* what print() wrote (NUL-terminated, may be empty) */
    size_t console_len;
} gl_program;

/* Runs the program; on success out->graph is the graph of its last trace(...) call (a program that
 * never traces is an error). file names the program in messages ("prog.py"). opts may be NULL. On failure
 * *out is empty, but for out->console under opts->console_on_error. */
gl_status gl_program_run(const char *src, size_t len, const char *file, const gl_program_opts *opts,
                         gl_program *out, gl_err *e);
void gl_program_free(gl_program *p);                     /* NULL-safe */

/* Seeded values for the params (GL_RANDOM_PARAMS) or inputs (GL_RANDOM_INPUTS) the program's last trace
 * declares, appended to out by name, at most max_elems numbers (py_random.c). */
enum { GL_RANDOM_PARAMS, GL_RANDOM_INPUTS };
gl_status gl_program_random(const char *src, size_t len, const gl_bind *bind, int which, uint64_t seed,
                            int64_t max_elems, gl_params *out, gl_err *e);

/* The "trace" method of the browser module: {"program", "file"?} → {"text", "nodes", "spans", "console"}
 * (py_json.c; docs/CASES.md). *out is malloc'd. */
gl_status gl_program_trace_json(const char *in, size_t len, char **out, size_t *outlen, gl_err *e);

/* The spans of every stage as JSON {"trace": [[[line, col, end_line, end_col], ...] per node], ...}: stage 0
 * (n0 nodes) has the traced spans; stage s > 0 (nnodes[s] nodes) carries them through provs[s] (py_spans.c). */
gl_status gl_spans_json(gl_sb *sb, const gl_span *spans, int n0, int nstages, const char *const *keys,
                        const gl_provenance *const *provs, const int *nnodes, gl_err *e);

/* ---- passes written in Python (py_passapi.c): the lecture's pass code (section 9 of graph_lab.py) run on a
 * graph. The source is run after the runtime's prelude (the reference's Node, Graph, op classes, Tracer,
 * Tensor, F, eval_node, section 9), then fn(graph) is called; it returns a Graph or (Graph, count). */
#define GL_PYPASS_MAX_STEPS 20000000LL      /* a pass that loops is stopped here (each lecture pass on the 126-layer stack: < 3M) */
#ifndef GL_PYPASS_MAX_ARENA
#define GL_PYPASS_MAX_ARENA (256u << 20)    /* bytes of AST + values (a lecture pass on the 126-layer stack: ~60 MiB) */
#endif
typedef struct {
    const char *fn;               /* the pass: a function of the source taking a Graph */
    int64_t max_steps;            /* 0: GL_PYPASS_MAX_STEPS */
    size_t max_arena;             /* 0: GL_PYPASS_MAX_ARENA */
} gl_pypass_opts;

typedef struct {
    gl_graph *graph;              /* what the pass returned (owned) */
    int hits;                     /* its count, -1 when it returned a Graph alone (as gl_pass_result) */
    char *console;                /* what print() wrote (NUL-terminated) */
    size_t console_len;
    int64_t steps;                /* evaluation steps the run took */
} gl_pypass_result;

/* Errors: the front end's "PASS.py:LINE:COL: ExcName: message" (inside the prelude: graph_lab.py:LINE). */
gl_status gl_pypass_run(const char *src, size_t len, const char *file, const gl_graph *in, const gl_pypass_opts *o,
                        gl_pypass_result *out, gl_err *e);
void gl_pypass_free(gl_pypass_result *r);                  /* NULL-safe */

#endif
