/*
 * graphlab.h — the one public header of GraphLab's C core.
 *
 * GraphLab is a mini ML-compiler front end: a builder ("tracer") records a Llama-style layer into an SSA
 * graph, passes rewrite it, fusion groups it into kernels, a roofline model costs them, a planner lays out
 * their buffers, and a float64 interpreter runs it with numpy semantics. The specification is the course
 * module graph_lab.py; every result here must equal what it computes.
 *
 * Conventions (Lua/SQLite style):
 *  - Every fallible call takes a gl_err* (last) and returns a gl_status; the message lives in the caller's
 *    gl_err. Constructors write the new object through an out-pointer, the parameter before the gl_err*
 *    (gl_status gl_graph_new(gl_graph **out, gl_err *e)); *out is NULL on failure, so callers test the
 *    status, never the pointer. The exceptions return an index, -1 on failure: gl_graph_add(_copy) the new
 *    node's id (status in *e), and the builder calls of a tracer or lazy runner a tensor id (the error is
 *    sticky in the object: gl_tracer_status / gl_lazy_status).
 *    The library never aborts or exits; every allocation failure becomes GL_E_NOMEM.
 *  - No mutable globals: all state lives in objects the caller owns and frees.
 *  - Plain data (ggml style): gl_graph, gl_node, gl_shape are structs the caller may read directly. A node's
 *    shape, attrs and name live in its graph's pool (gl_pool, below), shared by the graphs of one pipeline.
 */
#ifndef GRAPHLAB_H
#define GRAPHLAB_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define GL_VERSION "0.1.0"
#define GL_MAX_RANK 6     /* most dims a tensor may have (the layers use 3) */
#define GL_MAX_INPUTS 4   /* flash_attn(q, k, v, mask) has the most inputs */
#define GL_SYM_MAX 8      /* symbol names ("S", "P") are at most 7 chars */
#define GL_NAME_MAX 48    /* node names ("wq·diag(attn_norm)") are at most 47 bytes */
#define GL_MSG_MAX 256

/* ---------------------------------------------------------------- status */
typedef enum {
    GL_OK = 0,
    GL_E_INVALID = 1,   /* a bad argument or config value (names the field and value) */
    GL_E_SHAPE = 2,     /* shapes that do not broadcast / multiply / reshape */
    GL_E_TRACE = 3,     /* a data-dependent branch under mode "error" */
    GL_E_NOMEM = 4,     /* an allocation failed */
    GL_E_PARSE = 5,     /* malformed JSON or case file */
    GL_E_UNBOUND = 6,   /* a symbolic dim without a value at run time */
    GL_E_LIMIT = 7,     /* a size, node-count or memory budget limit */
    GL_E_INTERNAL = 8   /* a broken invariant (a bug in GraphLab) */
} gl_status;

typedef struct {
    gl_status code;
    char msg[GL_MSG_MAX];
} gl_err;

/* Sets *e (if e is non-NULL and no error is set yet) and returns code. printf-style message. */
gl_status gl_fail(gl_err *e, gl_status code, const char *fmt, ...)
#if defined(__GNUC__) || defined(__clang__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
void gl_err_clear(gl_err *e);
const char *gl_status_name(gl_status s);

/* ---------------------------------------------------------------- ops */
/* The op enum, from the op table (graphlab_ops.h: one row per op with everything the core knows of it). */
typedef enum {
#define GL_OP(E, ...) GL_OP_##E,
#include "graphlab_ops.h"
#undef GL_OP
    GL_OP_COUNT
} gl_op;

typedef enum {
    GL_CLASS_LEAF, GL_CLASS_POINTWISE, GL_CLASS_REDUCE, GL_CLASS_VIEW, GL_CLASS_GENERATOR,
    GL_CLASS_COMPOSITE, GL_CLASS_SPECIAL
} gl_opclass;

const char *gl_op_name(gl_op op);               /* "add", "flash_attn", ... */
int gl_op_from_name(const char *name);          /* gl_op, or -1 if unknown */
gl_opclass gl_op_class(gl_op op);
const char *gl_opclass_name(gl_opclass c);      /* "POINTWISE", ... */
int gl_op_arity(gl_op op);                      /* inputs it takes at least (flash_attn: 3) */
int gl_op_max_arity(gl_op op);                  /* inputs it takes at most (flash_attn: 4, with a mask) */
bool gl_op_arity_ok(gl_op op, int nin);         /* min <= nin <= max */
unsigned gl_op_attrs_required(gl_op op);        /* GL_A_* bits the op must carry */
unsigned gl_op_attrs_allowed(gl_op op);         /* ... and may carry (required | optional) */

/* ---------------------------------------------------------------- dims and shapes */
/* A dim is an integer (sym[0] == 0) or a symbol such as "S" (n unused, 0). */
typedef struct {
    int64_t n;
    char sym[GL_SYM_MAX];
} gl_dim;

typedef struct {
    int rank;
    gl_dim d[GL_MAX_RANK];
} gl_shape;

gl_dim gl_dim_int(int64_t n);
gl_dim gl_dim_sym(const char *sym);             /* truncation-safe; caller validates length */
bool gl_dim_is_sym(gl_dim d);
bool gl_dim_eq(gl_dim a, gl_dim b);
bool gl_shape_eq(const gl_shape *a, const gl_shape *b);
gl_shape gl_shape_of(int rank, const int64_t *dims);
/* Writes "(12, 64)" / "(2, 'S', 8)" like Python's tuple repr; returns buf. */
char *gl_shape_str(const gl_shape *s, char *buf, size_t cap);

/* Values of symbolic dims at cost / run time, e.g. {S: 4096, P: 4095}. */
typedef struct {
    int n;
    struct { char sym[GL_SYM_MAX]; int64_t value; } s[8];
} gl_bind;

gl_status gl_bind_set(gl_bind *b, const char *sym, int64_t value, gl_err *e);
/* Resolves a dim: integers as is, symbols from the bind; GL_E_UNBOUND names the symbol (and *out = 0). */
gl_status gl_dim_value(gl_dim d, const gl_bind *b, int64_t *out, gl_err *e);
/* Element count with overflow detection (GL_E_LIMIT); *out = 0 on failure. */
gl_status gl_numel(const gl_shape *s, const gl_bind *b, int64_t *out, gl_err *e);

/* Shape rules (errors name both shapes, like the reference's ValueError). */
gl_status gl_broadcast_shape(const gl_shape *a, const gl_shape *b, gl_shape *out, gl_err *e);
gl_status gl_matmul_shape(const gl_shape *a, const gl_shape *b, gl_shape *out, gl_err *e);
gl_status gl_reduce_shape(const gl_shape *a, int axis, bool keepdims, gl_shape *out, gl_err *e);
gl_status gl_transpose_shape(const gl_shape *a, const int *perm, int nperm, gl_shape *out, gl_err *e);

/* ---------------------------------------------------------------- arrays (float64, C order) */
typedef struct gl_array {
    int refs;                     /* reference count; gl_array_release frees at 0 */
    int rank;
    int64_t dim[GL_MAX_RANK];
    int64_t size;                 /* product of dims (1 for a scalar) */
    double *data;                 /* size numbers, in the same allocation as the header (NULL: a shell) */
} gl_array;

gl_status gl_array_new(int rank, const int64_t *dims, gl_array **out, gl_err *e);   /* zero-filled, refs = 1 */
gl_status gl_array_scalar(double v, gl_array **out, gl_err *e);
gl_status gl_array_copy(const gl_array *a, gl_array **out, gl_err *e);
/* A shape without data (data == NULL): the RoPE tables of a shape-only model. It has an identity (CSE
 * merges consts by it) but no numbers; evaluating it is an error, constant folding skips it. */
gl_status gl_array_shell(int rank, const int64_t *dims, gl_array **out, gl_err *e);
gl_array *gl_array_retain(gl_array *a);                             /* NULL-safe */
void gl_array_release(gl_array *a);                                 /* NULL-safe */
gl_shape gl_array_shape(const gl_array *a);
bool gl_array_matches(const gl_array *a, const gl_shape *s, const gl_bind *b);

/* ---------------------------------------------------------------- attrs and nodes */
/* Attribute bits, from the attribute table (graphlab_attrs.h): GL_A_AXIS = 1 << 0, GL_A_KEEPDIMS, ... */
enum {
#define GL_ATTR(E, ...) GL_A_BIT_##E,
#include "graphlab_attrs.h"
#undef GL_ATTR
    GL_A_COUNT
};
enum {
#define GL_ATTR(E, ...) GL_A_##E = 1u << GL_A_BIT_##E,
#include "graphlab_attrs.h"
#undef GL_ATTR
};

/* The reference's attrs dict; `has` says which keys are present. Key order when printed is the
 * order of the enum above, which is also the order the reference inserts them for every op. */
typedef struct {
    unsigned has;
    int axis;
    bool keepdims;
    int nperm;
    int perm[GL_MAX_RANK];
    gl_shape shape;               /* reshape target (may hold symbols) */
    double eps;
    int64_t T, pos0;              /* causal_mask */
    gl_dim pos;                   /* kv_write row: integer or symbol */
    double scale;                 /* flash_attn */
    double value;                 /* scalar const */
    int format;                   /* quantize / dequantize: a number format (exec/numfmt.h's gl_numfmt) */
} gl_attrs;

bool gl_attrs_eq(const gl_attrs *a, const gl_attrs *b);   /* the same keys with == values (NaN != NaN) */

/* The node pool: the shapes, attrs and names of nodes, each distinct one stored once (found by hash) and
 * shared by every graph made from one another: a pass's output, a clone, decompose's trace. Refcounted, one
 * reference per graph holding it; items never move (chunked storage), so an interned pointer stays valid
 * while any graph of the pool lives. One pool per pipeline, never a global: two pipelines have two. */
typedef struct gl_pool gl_pool;

/* A compact record (56 bytes natively, 40 in WASM): shape, attrs and name are pointers into the pool of the
 * graph that holds the node (or to gl_scalar_shape, gl_no_attrs, ""), never NULL in a graph. Copying a node
 * within a pool's graphs copies the record; a writer interns (gl_pool_*: the graph's pool) and never writes
 * through the pointers. A prototype node handed to gl_graph_add_copy may hold NULLs ((), {}, "") and
 * pointers anywhere: they are interned. */
typedef struct {
    int id;
    gl_op op;
    int nin;
    int in[GL_MAX_INPUTS];
    const gl_shape *shape;
    const gl_attrs *attrs;
    const char *name;             /* at most GL_NAME_MAX - 1 bytes */
} gl_node;

extern const gl_shape gl_scalar_shape;   /* () : rank 0 */
extern const gl_attrs gl_no_attrs;       /* {} : has == 0 */

typedef struct {
    int node;                     /* kind is always "value": bool(node's value) was `value` at trace time */
    bool value;
} gl_guard;

/* ---------------------------------------------------------------- graph (plain data) */
/* Where a trace's builder was when it emitted each node: "attention/rope" in the built-in layers, the call
 * path of a program's functions ("block/attn"). Not part of the IR (no pass reads it, nothing prints it): the
 * lab folds a graph by it (stage_keys.c carries it through the passes by provenance). */
typedef struct {
    int32_t *of;                  /* per node: its block's index in names, or -1 (emitted outside any) */
    char **names;                 /* owned strings, "/"-separated paths */
    int n, nnames;
} gl_blocks;

typedef struct gl_graph {
    gl_node *nodes;               /* topological order; nodes[i].id == i */
    gl_array **values;            /* per node: param/const value, or NULL (shape-only graphs) */
    int n, cap;
    int *outputs;
    int nout;
    gl_guard *guards;
    int nguards;
    gl_pool *pool;                /* one reference: where its nodes' shapes, attrs and names live (NULL: none yet) */
    gl_blocks *blocks;            /* a trace's blocks (owned; NULL for every graph but a tracer's, and not cloned) */
} gl_graph;

gl_status gl_graph_new(gl_graph **out, gl_err *e);
void gl_graph_free(gl_graph *g);                                    /* releases its values; NULL-safe */
void gl_blocks_free(gl_blocks *b);                                  /* NULL-safe */
gl_status gl_graph_clone(const gl_graph *g, gl_graph **out, gl_err *e);
/* Appends a node; returns its id, or -1 with *e set. attrs may be NULL ({}), name may be NULL (""). */
int gl_graph_add(gl_graph *g, gl_op op, const int *in, int nin, const gl_attrs *attrs,
                 const gl_shape *shape, const char *name, gl_err *e);
/* Appends a copy of `proto` (op, attrs, shape, name) reading `in` instead of proto->in: the fast path for
 * passes that copy nodes between graphs (pointers already in g's pool are copied, others interned).
 * Returns the new id, or -1 with *e set. */
int gl_graph_add_copy(gl_graph *g, const gl_node *proto, const int *in, gl_err *e);
/* g's pool, made on first use (NULL + GL_E_NOMEM). Every graph made from g shares it. */
gl_pool *gl_graph_pool(gl_graph *g, gl_err *e);
/* The pool's copy of a shape / attrs / name (an equal one if stored, else a new one), valid while the pool
 * lives: what a writer stores in a node of a graph of this pool. NULL + GL_E_NOMEM (a name of GL_NAME_MAX
 * bytes or more: GL_E_LIMIT). Rank 0, has == 0 and "" give gl_scalar_shape, gl_no_attrs and a literal "". */
const gl_shape *gl_pool_shape(gl_pool *p, const gl_shape *s, gl_err *e);
const gl_attrs *gl_pool_attrs(gl_pool *p, const gl_attrs *a, gl_err *e);
const char *gl_pool_name(gl_pool *p, const char *name, gl_err *e);
/* Makes room for n nodes in total, so a pass that knows its size allocates once. */
gl_status gl_graph_reserve(gl_graph *g, int n, gl_err *e);
void gl_graph_set_value(gl_graph *g, int id, gl_array *v);          /* retains v, releases the old one */
gl_status gl_graph_set_outputs(gl_graph *g, const int *outs, int nout, gl_err *e);
gl_status gl_graph_add_guard(gl_graph *g, int node, bool value, gl_err *e);
int gl_graph_count(const gl_graph *g);                              /* non-leaf nodes (Graph.count()) */
int gl_graph_find_input(const gl_graph *g, const char *name);       /* node id or -1 */
/* Checks ids, topological order, arity and output ids: catches corrupt graphs at boundaries. */
gl_status gl_graph_validate(const gl_graph *g, gl_err *e);

/* users: CSR adjacency. users of node i are list[start[i] .. start[i+1]), in the reference's order
 * (by user id, one entry per input slot). */
typedef struct {
    int *start;                   /* n + 1 */
    int *list;
} gl_users;
gl_status gl_users_build(const gl_graph *g, gl_users *u, gl_err *e);
void gl_users_free(gl_users *u);

/* The reference's text form (Graph.__str__): "%12 = matmul(%10, %2)  : [12×64]". *out is malloc'd; free(). */
gl_status gl_graph_print(const gl_graph *g, char **out, gl_err *e);

/* ---------------------------------------------------------------- tracer (builder API) */
typedef enum { GL_BRANCH_ERROR, GL_BRANCH_SPECIALIZE, GL_BRANCH_GUARD } gl_branch_mode;
const char *gl_branch_mode_name(gl_branch_mode m);
int gl_branch_mode_from_name(const char *name);                     /* -1 if unknown */

/* The tracer records builder calls as nodes. Tensors are node ids. Errors are sticky: after the first
 * failure every call returns -1 and leaves the first message in place, so builder code can be written
 * straight through and checked once (gl_tracer_status). When every input of an op has a value (concrete
 * tracing, or params/consts), the op is also evaluated, as the reference's Tracer.emit does. */
typedef struct gl_tracer gl_tracer;

gl_status gl_tracer_new(gl_branch_mode mode, bool concrete, gl_tracer **out, gl_err *e);
void gl_tracer_free(gl_tracer *tr);                                 /* NULL-safe */
gl_status gl_tracer_status(const gl_tracer *tr);
const gl_err *gl_tracer_error(const gl_tracer *tr);
gl_graph *gl_tracer_graph(gl_tracer *tr);                           /* borrowed, while tracing */
/* Sets outputs and hands the graph to the caller through *out (the tracer is freed, also on error; *out is
 * then NULL). */
gl_status gl_tracer_finish(gl_tracer *tr, const int *outs, int nout, gl_graph **out, gl_err *e);
/* The trace-time value of a tensor (borrowed), or NULL. */
gl_array *gl_t_value(gl_tracer *tr, int t);
/* Blocks (gl_blocks): nodes emitted after gl_tracer_enter(tr, "rope") and before the matching leave are in the
 * current block's path + "/rope". Returns the block to restore (pass it to gl_tracer_leave). A path longer than
 * GL_NAME_MAX - 1 bytes (deep recursion) stays where it is. Out of memory is the tracer's sticky error. */
int gl_tracer_enter(gl_tracer *tr, const char *name);
void gl_tracer_leave(gl_tracer *tr, int block);
const gl_shape *gl_t_shape(gl_tracer *tr, int t);

int gl_t_input(gl_tracer *tr, const char *name, const gl_shape *shape, gl_array *example);
int gl_t_param(gl_tracer *tr, const char *name, const gl_shape *shape);   /* shape only */
int gl_t_param_value(gl_tracer *tr, const char *name, gl_array *value);
int gl_t_scalar(gl_tracer *tr, double v);                           /* deduplicated per trace */
int gl_t_const(gl_tracer *tr, gl_array *value);                     /* array const: a new node each call */
/* Low-level: record any node with given attrs/shape (used by decompose). */
int gl_t_emit(gl_tracer *tr, gl_op op, const int *in, int nin, const gl_attrs *attrs,
              const gl_shape *shape, const char *name);
/* Any op of the builder API by its gl_op (the op table's build column): inputs are tensor ids, attrs as
 * the builder takes them (the op's required keys must be there). Not for leaves or causal_mask. */
int gl_t_op(gl_tracer *tr, gl_op op, const int *in, int nin, const gl_attrs *attrs);
/* Low-level: a leaf copied from another graph (used by decompose). Registers scalar consts for dedup. */
int gl_t_leaf(gl_tracer *tr, const gl_node *n, gl_array *value);

int gl_t_add(gl_tracer *tr, int a, int b);
int gl_t_sub(gl_tracer *tr, int a, int b);
int gl_t_mul(gl_tracer *tr, int a, int b);
int gl_t_div(gl_tracer *tr, int a, int b);
int gl_t_maximum(gl_tracer *tr, int a, int b);
int gl_t_gt(gl_tracer *tr, int a, int b);
int gl_t_lt(gl_tracer *tr, int a, int b);
int gl_t_neg(gl_tracer *tr, int a);
int gl_t_exp(gl_tracer *tr, int a);
int gl_t_log(gl_tracer *tr, int a);
int gl_t_tanh(gl_tracer *tr, int a);
int gl_t_sqrt(gl_tracer *tr, int a);
int gl_t_rsqrt(gl_tracer *tr, int a);
int gl_t_recip(gl_tracer *tr, int a);
int gl_t_rot_pairs(gl_tracer *tr, int a);
int gl_t_silu(gl_tracer *tr, int a);
/* x rounded to number format `format` (a gl_numfmt of exec/numfmt.h; int8: the scale from x's absmax), and x
 * unchanged where it goes back to the compute format (docs/PRECISION.md) */
int gl_t_quantize(gl_tracer *tr, int a, int format);
int gl_t_dequantize(gl_tracer *tr, int a, int format);
int gl_t_gelu(gl_tracer *tr, int a);             /* x * 0.5 * (1 + tanh((x + 0.044715 x³) sqrt(2/π))) */
int gl_t_sum(gl_tracer *tr, int a, int axis, bool keepdims);
int gl_t_max(gl_tracer *tr, int a, int axis, bool keepdims);
int gl_t_reshape(gl_tracer *tr, int a, const gl_shape *shape);
int gl_t_transpose(gl_tracer *tr, int a, const int *perm, int nperm);
int gl_t_matmul(gl_tracer *tr, int a, int b);
int gl_t_softmax(gl_tracer *tr, int a, int axis);
int gl_t_rms_norm(gl_tracer *tr, int x, int w, double eps);
int gl_t_causal_mask(gl_tracer *tr, int like, int64_t T, int64_t pos0);
int gl_t_kv_write(gl_tracer *tr, int cache, int new_rows, gl_dim pos);
int gl_t_flash_attn(gl_tracer *tr, int q, int k, int v, int mask /* -1: none */, double scale);
/* bool(t): error mode → GL_E_TRACE; specialize → the value; guard → the value and a recorded guard. */
gl_status gl_t_bool(gl_tracer *tr, int t, bool *out);

/* ---------------------------------------------------------------- numpy semantics */
/* Evaluates one node on its input values (numpy float64 semantics); *out is a new reference. */
gl_status gl_eval_node(const gl_node *n, gl_array *const *args, const gl_bind *bind, gl_array **out,
                       gl_err *e);
/* The causal mask of a concrete shape (0 where col <= pos0 + row % T, else -inf). */
gl_status gl_causal_mask_array(const gl_shape *shape, const gl_bind *b, int64_t T, int64_t pos0, gl_array **out,
                               gl_err *e);

/* ---------------------------------------------------------------- interpreter */
typedef struct {
    const char *name;
    gl_array *value;              /* borrowed */
} gl_named_array;

typedef struct {
    long counts[GL_OP_COUNT];     /* ops executed, by op (the reference's profile dict) */
} gl_profile;

/* Runs g on inputs (by name). outs receives g->nout new references. profile may be NULL. Inputs must
 * match the input nodes' shapes under bind; every symbol must be bound. */
gl_status gl_run(const gl_graph *g, const gl_named_array *inputs, int ninputs, const gl_bind *bind,
                 gl_array **outs, gl_profile *profile, gl_err *e);
/* Evaluates the guards on new inputs: *ok is true when every recorded guard still holds. */
gl_status gl_check_guards(const gl_graph *g, const gl_named_array *inputs, int ninputs,
                          const gl_bind *bind, bool *ok, gl_err *e);

/* ---------------------------------------------------------------- layers */
typedef struct {
    int64_t d, H, G, dh, f;       /* hidden, query heads, kv heads, head dim, FFN dim */
    double eps, theta;
} gl_layer_cfg;

typedef struct {
    const char *name;             /* "small", "llama3-8b", ... */
    const char *title;            /* "Llama-3-8B" */
    gl_layer_cfg cfg;
    int layers;                   /* published layer count */
} gl_preset;

int gl_preset_count(void);
const gl_preset *gl_preset_at(int i);
const gl_preset *gl_preset_find(const char *name);                 /* NULL if unknown */
/* Checks dims are positive and fit, H % G == 0, eps and theta positive; message names field and value. (An
 * even dh is prefill's requirement: gl_model_cfg_validate.) */
gl_status gl_layer_cfg_validate(const gl_layer_cfg *c, gl_err *e);

typedef enum { GL_MODE_PREFILL, GL_MODE_DECODE } gl_mode;

typedef struct {
    gl_layer_cfg layer;
    gl_mode mode;
    int64_t T, pos0;              /* prefill */
    int64_t S;                    /* decode cache length (bound to symbol "S"; P = S - 1) */
    bool masked;                  /* decode with a kmask input */
    int layers;                   /* stack depth; 1 = plain param names */
} gl_model_cfg;

gl_status gl_model_cfg_validate(const gl_model_cfg *m, gl_err *e);

/* RoPE tables cos, sin of shape [1, T, dh] (adjacent pairs share an angle). New references. */
gl_status gl_rope_tables(int64_t T, int64_t dh, int64_t pos0, double theta, gl_array **cos,
                         gl_array **sin, gl_err *e);

/* Names and shapes of one layer's params, in the reference's order (attn_norm, wq, ..., w_down). */
#define GL_LAYER_NPARAMS 9
const char *gl_layer_param_name(int i);
gl_shape gl_layer_param_shape(const gl_layer_cfg *c, int i);

/* A set of named params (values may be NULL for shape-only tracing). Owns names and values. */
typedef struct {
    int n, cap;
    char (*names)[GL_NAME_MAX];
    gl_shape *shapes;
    gl_array **values;
} gl_params;

void gl_params_init(gl_params *p);
void gl_params_free(gl_params *p);
gl_status gl_params_put(gl_params *p, const char *name, const gl_shape *shape, gl_array *value, gl_err *e);
int gl_params_find(const gl_params *p, const char *name);          /* index or -1 */
/* Deterministic pseudo-random params for a model (own generator, not numpy's): 1 + 0.1·N(0,1) for
 * norms, N(0,1)/sqrt(fan_in) for matrices. Names carry "{i}." for stacks. */
gl_status gl_params_random(gl_params *p, const gl_model_cfg *m, uint64_t seed, gl_err *e);
/* Shapes only (no values), for analysing model-scale configs. */
gl_status gl_params_shapes(gl_params *p, const gl_model_cfg *m, gl_err *e);
/* Seeded random inputs for the model, named and ordered as gl_build_model's inputs (in a gl_params used as
 * a list of named arrays): N(0,1) for x and the caches; cos / sin the RoPE row of position S-1; kmask 0 with
 * its last 3 slots -inf (bucket padding) when S > 3. The same generator as gl_params_random, so every
 * build (native, WASI, browser) gets identical numbers. At most max_elems values in all, checked first. */
gl_status gl_inputs_random(gl_params *out, const gl_model_cfg *m, uint64_t seed, int64_t max_elems, gl_err *e);

/* Traces a whole model with the tracer: inputs (prefill: x; decode: x, k_cache, v_cache, cos, sin
 * [, kmask]) then params in order, then the layers. params missing from p are recorded shape-only. */
gl_status gl_build_model(const gl_model_cfg *m, const gl_params *p, gl_graph **out, gl_err *e);
/* The layers on an existing tracer, for custom programs (prefill: returns x_out; decode: fills outs
 * with x_out, K, V). param_ids: GL_LAYER_NPARAMS node ids. */
int gl_prefill_layer(gl_tracer *tr, const gl_layer_cfg *c, int64_t T, int64_t pos0, gl_array *cos,
                     gl_array *sin, int x, const int *param_ids);
gl_status gl_decode_layer(gl_tracer *tr, const gl_layer_cfg *c, gl_dim pos, bool masked, int x,
                          int k_cache, int v_cache, int cos, int sin, int kmask, const int *param_ids,
                          int outs[3]);

/* ---------------------------------------------------------------- passes (§9) */
/* How a node of a pass's output came from the pass's input (for animating rewrites). */
typedef enum {
    GL_HOW_KEPT,        /* the same node, perhaps renumbered or with rewired inputs */
    GL_HOW_MERGED,      /* CSE: several equal input nodes became this one */
    GL_HOW_REPLACED,    /* match_attention: a matched subgraph collapsed into this node */
    GL_HOW_EXPANDED,    /* decompose: this primitive came from expanding a composite */
    GL_HOW_FOLDED,      /* constant_fold: computed at compile time into a const */
    GL_HOW_CREATED      /* fold_norm_weight: a new weight made from existing params; quantize: a conversion */
} gl_how;
const char *gl_how_name(gl_how h);

/* Provenance of one pass: for every output node, how and from which input nodes; plus the input
 * nodes that left no trace (removed). Every input id appears in some `from` or in `removed`. */
typedef struct {
    char pass[32];
    int n;                        /* output nodes */
    gl_how *how;                  /* n */
    int *from_start;              /* n + 1: from[from_start[i] .. from_start[i+1]) */
    int *from;
    int nremoved;
    int *removed;
} gl_provenance;
void gl_provenance_free(gl_provenance *p);

typedef struct {
    gl_graph *graph;              /* owned by the result */
    int hits;                     /* the count the reference's pass returns; -1 where it returns none */
    gl_provenance prov;
} gl_pass_result;
void gl_pass_result_free(gl_pass_result *r);                        /* frees graph and provenance */

/* Each pass is a pure function from graph to new graph (+ count + provenance). */
gl_status gl_dce(const gl_graph *g, gl_pass_result *out, gl_err *e);
gl_status gl_cse(const gl_graph *g, gl_pass_result *out, gl_err *e);
gl_status gl_constant_fold(const gl_graph *g, gl_pass_result *out, gl_err *e);
gl_status gl_simplify(const gl_graph *g, gl_pass_result *out, gl_err *e);
gl_status gl_decompose(const gl_graph *g, gl_pass_result *out, gl_err *e);
gl_status gl_fold_norm_weight(const gl_graph *g, gl_pass_result *out, gl_err *e);
gl_status gl_match_attention(const gl_graph *g, gl_pass_result *out, gl_err *e);
/* What a pass may need beyond its graph: the case's precision plan (exec/precision.h; NULL: the case has none).
 * Only quantize reads it. */
struct gl_precision;
typedef struct {
    const struct gl_precision *precision;
} gl_pass_ctx;
/* quantize (docs/PRECISION.md): explicit quantize -> dequantize pairs where a tensor enters a format of the
 * plan below f64 (each param, each KV-cache input and kv_write, each activation a matmul reads); not in the
 * default pipeline; without a plan (ctx or ctx->precision NULL) it inserts nothing. */
gl_status gl_quantize(const gl_graph *g, const gl_pass_ctx *ctx, gl_pass_result *out, gl_err *e);
/* By name ("cse", ...); GL_E_INVALID names an unknown pass. gl_pass_run is gl_pass_run_ctx with no context. */
gl_status gl_pass_run(const char *name, const gl_graph *g, gl_pass_result *out, gl_err *e);
gl_status gl_pass_run_ctx(const char *name, const gl_graph *g, const gl_pass_ctx *ctx, gl_pass_result *out, gl_err *e);
int gl_pipeline_length(void);          /* the default pipeline's length (gl_pass_name_at 0..length-1) */
const char *gl_pass_name_at(int i);                                 /* reference order */
/* Verify every pass gl_pass_run runs (passes/verify.c: GL_E_INTERNAL naming the broken invariant); on in
 * the ASan and fuzz builds. Returns the previous setting. */
bool gl_pass_verify(bool on);

/* ---------------------------------------------------------------- the judge (passes/judge.c) */
/* A pass's output against its input: the verifier (ids, topological order, arity, shapes re-inferred, outputs,
 * guards, and the input's output and guard counts), then both graphs run in float64 on seeded random inputs
 * (params: their values, or seeded random ones by name) and compared output by output. `line` is one line
 * a student understands. GL_JUDGE_SAME / LAST_BITS (<= 1e-12 relative) / NOT_RUN (well formed; the numbers
 * could not be compared, line says why) pass; BROKEN and DIFFERS fail. The status is an error only for
 * out of memory. */
enum { GL_JUDGE_SAME, GL_JUDGE_LAST_BITS, GL_JUDGE_NOT_RUN, GL_JUDGE_BROKEN, GL_JUDGE_DIFFERS };
typedef struct {
    int verdict;                  /* GL_JUDGE_* */
    double rel;                   /* the largest difference, relative to the original output's largest magnitude */
    int output;                   /* the output with it (-1: none) */
    int node;                     /* DIFFERS: the output graph's first differing value (-1: none) */
    char line[GL_MSG_MAX + 64];
} gl_judge_result;
gl_status gl_judge(const gl_graph *before, const gl_graph *after, const gl_bind *bind, uint64_t seed,
                   gl_judge_result *out, gl_err *e);

/* ---------------------------------------------------------------- fusion and cost (§10) */
typedef enum { GL_K_MATMUL, GL_K_POINTWISE, GL_K_ROWWISE, GL_K_ATTENTION, GL_K_WRITE, GL_K_NONE } gl_kernel_kind;
gl_kernel_kind gl_op_kernel(gl_op op);          /* the kind of kernel the op starts; GL_K_NONE: none */
const char *gl_kernel_kind_name(gl_kernel_kind k);

/* Why a kernel's first node could not join an existing kernel (docs/CASES.md, "why"): the reason for the
 * first input kernel it tried (the most recent), that kernel (execution index, -1 for none) and the bytes
 * joining it would have saved (each intermediate read from it: its write plus its re-read). */
typedef enum {
    GL_WHY_SPECIAL, GL_WHY_NO_FUSIBLE_PRODUCER, GL_WHY_REDUCE_AXIS, GL_WHY_EPILOGUE, GL_WHY_ITERATION_SHAPE,
    GL_WHY_CYCLE, GL_WHY_EAGER
} gl_why_reason;
const char *gl_why_reason_name(gl_why_reason r);
typedef struct {
    gl_why_reason reason;
    int candidate;
    double saved_bytes;
} gl_why;

typedef struct {
    gl_kernel_kind kind;
    int nnodes;
    int *nodes;                   /* node ids, in the order they joined */
    double reads, writes, flops;  /* bytes, bytes, FLOPs */
    char *label;                  /* distinct ops joined by '+', e.g. "matmul+mul+rot_pairs+add" */
    gl_why why;                   /* why its first node started a kernel (fuse.c) */
} gl_kernel;

typedef struct {
    int n;
    gl_kernel *k;                 /* in execution (dependency) order */
} gl_kernels;
void gl_kernels_free(gl_kernels *ks);

gl_status gl_node_flops(const gl_graph *g, int node, const gl_bind *bind, double *out, gl_err *e);
/* enable=false: one kernel per op ("eager"). */
gl_status gl_fuse(const gl_graph *g, bool enable, int elem_bytes, const gl_bind *bind, gl_kernels *out,
                  gl_err *e);
/* node_bytes: each node's element size in bytes (a precision plan: int8 weights beside bf16 activations), or
 * NULL for elem_bytes everywhere (gl_fuse). */
gl_status gl_fuse_sized(const gl_graph *g, bool enable, int elem_bytes, const unsigned char *node_bytes,
                        const gl_bind *bind, gl_kernels *out, gl_err *e);

typedef struct {
    const char *name;             /* "h100" */
    const char *title;            /* "H100 (BF16)" */
    double mm_flops, vec_flops;   /* dense peaks, FLOP/s: tensor-core and vector */
    double bw;                    /* memory bandwidth, bytes/s */
    double launch;                /* fixed cost per kernel, s */
    const char *source;           /* where the numbers come from */
} gl_device;

int gl_device_count(void);
const gl_device *gl_device_at(int i);
const gl_device *gl_device_find(const char *name);                 /* NULL if unknown */
gl_status gl_device_validate(const gl_device *d, gl_err *e);

typedef struct {
    int kernels;
    double bytes, flops, t, t_total;
} gl_cost;

double gl_kernel_time(const gl_kernel *k, const gl_device *d);
gl_cost gl_graph_cost(const gl_kernels *ks, const gl_device *d);
/* GL_OK when every number of c (the cost of ks on d) is finite; else GL_E_LIMIT naming the device field
 * whose value made it overflow, e.g. "device.mm_flops (1e-320) makes the kernel time infinite". */
gl_status gl_cost_check(const gl_kernels *ks, const gl_device *d, const gl_cost *c, gl_err *e);

/* ---------------------------------------------------------------- memory planning (§11) */
typedef struct {
    int node;
    int64_t bytes;
    int start, end;               /* producing kernel, last using kernel (kernels.n for outputs) */
} gl_lifetime;

typedef struct {
    int n;
    gl_lifetime *lt;              /* in the reference's order (kernel order, then node order) */
} gl_lifetimes;
void gl_lifetimes_free(gl_lifetimes *l);

gl_status gl_lifetimes_compute(const gl_graph *g, const gl_kernels *ks, const gl_bind *bind, int elem_bytes,
                               gl_lifetimes *out, gl_err *e);
gl_status gl_lifetimes_sized(const gl_graph *g, const gl_kernels *ks, const gl_bind *bind, int elem_bytes,
                             const unsigned char *node_bytes, gl_lifetimes *out, gl_err *e);   /* as gl_fuse_sized */
/* Peaks in bytes; offsets (may be NULL) receive one offset per lifetime, in lifetime order. */
gl_status gl_plan_naive(const gl_lifetimes *l, int64_t *peak, int64_t *offsets, gl_err *e);
gl_status gl_plan_greedy(const gl_lifetimes *l, int64_t *peak, int64_t *offsets, gl_err *e);
int64_t gl_lower_bound(const gl_lifetimes *l);                   /* -1: out of memory, or sizes overflow */

/* ---------------------------------------------------------------- case files (JSON in, JSON out) */
/* Runs one case (the case file format, docs/CASES.md) and writes the result JSON.
 * *out is malloc'd (free()). */
gl_status gl_case_run(const char *json, size_t len, char **out, size_t *outlen, gl_err *e);

/* ---------------------------------------------------------------- graph breaks, branches, dynamic shapes, codegen
 * (§8 codegen, §12 LazyRunner, and the demos of the dynamic-shapes lecture). */

/* Lazy execution (the reference's LazyRunner): ops are recorded into the current graph; materialize(t)
 * (or bool(t)) runs the current graph with every non-leaf node as an output, stores every value, records
 * the graph's op count and starts a new graph (a graph break). A tensor of an earlier graph used later is
 * imported into the current graph as an input "in{k}" carrying its stored value.
 * Tensors are handles (>= 0) of this runner; errors are sticky like the tracer's (every call returns -1
 * after the first failure; gl_lazy_status / gl_lazy_error tell what happened). */
typedef struct gl_lazy gl_lazy;

gl_status gl_lazy_new(gl_lazy **out, gl_err *e);
void gl_lazy_free(gl_lazy *lz);                                     /* NULL-safe */
gl_status gl_lazy_status(const gl_lazy *lz);
const gl_err *gl_lazy_error(const gl_lazy *lz);
int gl_lazy_tensor(gl_lazy *lz, gl_array *arr);                     /* a new input "in{k}" (retains arr) */
int gl_lazy_scalar(gl_lazy *lz, double v);                          /* a scalar const of the current graph */
/* Any op of the builder API by its gl_op: inputs are handles; attrs as the tracer sets them (axis,
 * keepdims, shape, perm, eps, T + pos0, pos, scale). causal_mask takes one handle: the tensor whose
 * shape it copies (not an input of the node). */
int gl_lazy_op(gl_lazy *lz, gl_op op, const int *in, int nin, const gl_attrs *attrs);
int gl_lazy_add(gl_lazy *lz, int a, int b);
int gl_lazy_sub(gl_lazy *lz, int a, int b);
int gl_lazy_mul(gl_lazy *lz, int a, int b);
int gl_lazy_gt(gl_lazy *lz, int a, int b);
int gl_lazy_sum(gl_lazy *lz, int a, int axis, bool keepdims);
/* Runs the current graph; *value = t's value (a new reference; NULL on error) and starts a new graph. */
gl_status gl_lazy_materialize(gl_lazy *lz, int t, gl_array **value, gl_err *e);
/* bool(t): materializes t (a graph break) and returns its truth value (one element, or empty = false). */
gl_status gl_lazy_bool(gl_lazy *lz, int t, bool *out);
int gl_lazy_graph_count(const gl_lazy *lz);                         /* graphs executed so far */
int gl_lazy_graph_ops(const gl_lazy *lz, int i);                    /* op count of executed graph i */
const gl_graph *gl_lazy_graph_at(const gl_lazy *lz, int i);         /* executed graph i (borrowed) */
int gl_lazy_imports(const gl_lazy *lz);                             /* tensors imported across breaks */

/* Code generation (§8). The reference's codegen text: "def compiled(inputs, V):", one numpy line per
 * node, "    return [...]"; lines joined by "\n", no trailing newline. fn_name NULL means "compiled". */
gl_status gl_codegen_python(const gl_graph *g, const char *fn_name, char **out, size_t *outlen, gl_err *e);
/* A standalone C11 program (cc -std=c11 -O2 prog.c -lm) computing g's outputs with the interpreter's
 * numerics: params/consts embedded as hex-float static arrays, one helper call per node. It reads the
 * inputs as little-endian float64 in C order, concatenated in input-node order, from stdin (or --in FILE),
 * and writes the outputs the same way to stdout (--text: one "%a" per line). Symbols are bound on its
 * command line (S=16 P=15); bind (may be NULL) supplies defaults. Needs every param/const value. */
gl_status gl_codegen_c(const gl_graph *g, const gl_bind *bind, char **out, size_t *outlen, gl_err *e);

/* The data-dependent branch demo: f(x) = (x*2 + 1) if (x*2).sum() > 0 else (x*2 - 1), called on a first
 * and a second input under one frontend. Options JSON {"frontend": "error"|"specialize"|"guard"|"lazy",
 * "first": [numbers], "second": [numbers]} (all optional; "" or {} = guard on [1,2,3] then [-1,-2,-3]).
 * Result JSON: frontend, first, second, graphs, guards, error, correct_on_second_input, outputs, lazy, steps,
 * graph_list (see branch_demo.c). *out is malloc'd. */
gl_status gl_branch_demo_json(const char *opts_json, size_t len, char **out, size_t *outlen, gl_err *e);
/* The dynamic-shapes demo: decode steps with cache length S0, S0+1, ... through a compile cache with
 * shape guards. Options JSON {"strategy": "specialize"|"bucket"|"symbolic", "from": S0, "steps": N,
 * "config": "small"|"llama8b", "seed": n} (all optional). Result JSON: see dynamic_demo.c. */
gl_status gl_dynamic_demo_json(const char *opts_json, size_t len, char **out, size_t *outlen, gl_err *e);

#ifdef __cplusplus
}
#endif
#endif
