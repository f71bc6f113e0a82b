/* precision.h — a graph run under a precision plan beside its float64 run, and the error per node (issue 35).
 *
 * The plan gives a number format (numfmt.h) per tensor class: weights (param nodes; int8_channel scales each
 * output column of a 2-D weight), the KV cache (inputs whose name holds "cache", and kv_write's result),
 * activations (every other input and every computed node). Constants (eps, scales, masks) stay float64. Each
 * node computes in float64 from its inputs' planned values and its result is rounded to its class's format;
 * with accumulate "fp32", a matmul's running sums are rounded to fp32 at every step, as a tensor core with
 * fp32 accumulators adds (flash_attn's inner products stay float64 and its result is rounded).
 * Both runs go node by node in one pass, each value released after its last reader, so the error of every node
 * is measured without holding two copies of the whole graph.
 */
#ifndef GL_PRECISION_H
#define GL_PRECISION_H

#include "exec/numfmt.h"
#include "graphlab.h"

typedef struct gl_precision {
    gl_numfmt weights, activations, kv;
    bool acc_fp32;
    bool smooth_on;               /* SmoothQuant-style migration (see gl_run_precision); false: off */
    double smooth;                /* its alpha in [0, 1] */
} gl_precision;

/* A node's error under the plan against float64: max |q - r|; that over max |r| (0 when both are 0); the
 * signal-to-noise ratio 10 log10(sum r^2 / sum (q - r)^2) in dB. finite false: q holds inf or NaN where r does
 * not (a format's overflow), and the numbers are not meaningful. exact: q == r everywhere (snr infinite).
 * added_db: the error the node adds by its own rounding, 10 log10(sum (q - q~)^2 / sum r^2) in dB, where q~ is
 * its planned value before its own rounding (computed in float64 from its inputs' planned values; a leaf's q~
 * is its float64 value, so a rounded weight or input counts too; a matmul's fp32 accumulation is its own
 * rounding): -inf when its rounding changed nothing, +inf when its rounding overflowed a finite q~ to inf / NaN
 * or r is all zeros while the rounding moved something. */
typedef struct {
    int node;
    double max_abs, max_rel, snr_db;
    bool finite, exact;
    double added_db;
} gl_node_error;

/* One layer of a stack under the plan: the layer's output node's error (out: the last node of the layer in
 * graph order that is not a leaf — the residual sum the next layer reads) and the node of the layer with the
 * largest added_db (worst, -1 when every node of the layer is exact by its own rounding). */
typedef struct {
    int layer;
    int out, worst;
} gl_layer_error;

/* SmoothQuant-style migration (p->smooth_on, alpha = p->smooth): for each activation A that a matmul reads as its first
 * input against a 2-D param W as its second (its "smoothed matmuls"; every such W of one A shares one scale),
 * per input channel j: a_j = max |A_j| over the float64 run's A, w_j = max over those Ws of max |W[j, :]|,
 * s_j = a_j^alpha / w_j^(1 - alpha) (1 when a_j or w_j is 0 or s_j is not a positive finite number). In the
 * planned run each smoothed matmul computes (A~ / s) @ (diag(s) W) with A~ A's planned value before its own
 * rounding and W the float64 weight, each operand rounded to its class's format after scaling (int8 sees the
 * flattened channels); A's node itself is still rounded by its class for its other readers. Mathematically the
 * product is unchanged (and the float64 run is untouched); in a deployment 1/s folds into the preceding
 * rms_norm weight (or is a per-channel scale) and s into W's rows.
 * Runs g in float64 and under plan p on the same inputs. errs (g->n entries, node order) receives every
 * non-leaf node's error (leaves too: the rounding of weights and inputs); outs_ref / outs_q (g->nout each)
 * the outputs of both runs, retained for the caller. */
gl_status gl_run_precision(const gl_graph *g, const gl_named_array *inputs, int ninputs, const gl_bind *bind,
                           const gl_precision *p, gl_node_error *errs, gl_array **outs_ref, gl_array **outs_q,
                           gl_err *e);

/* The node of g adding the most error by its own rounding (largest added_db; +inf beats every finite value;
 * the lowest id on a tie), or -1 when no node's rounding changed anything. */
int gl_precision_worst(const gl_graph *g, const gl_node_error *errs);

/* Layers of g (layer[i]: node i's layer, < 0 for a leaf shared by several layers, which no layer counts):
 * one entry per layer 0 .. max that holds a node that is not a leaf, in order, into *out (malloc'd, *nout
 * entries; free() it). */
gl_status gl_precision_layers(const gl_graph *g, const gl_node_error *errs, const int32_t *layer,
                              gl_layer_error **out, int *nout, gl_err *e);

/* The format of node n's value under plan p (its tensor class's). */
gl_numfmt gl_precision_format(const gl_node *n, const gl_precision *p);

/* Each node's element size in bytes under plan p for cost and memory: its class's format's size, or
 * elem_bytes for a class the plan leaves at f64 (a plan changes the bytes only of what it names). NULL when
 * out of memory (*e set); free() it. */
unsigned char *gl_precision_node_bytes(const gl_graph *g, const gl_precision *p, int elem_bytes, gl_err *e);

/* The precision of a plan that changes nothing (every class f64, float64 accumulation). */
bool gl_precision_is_f64(const gl_precision *p);

/* s_j of SmoothQuant (above) from a_j and w_j. */
double gl_smooth_scale(double a, double w, double alpha);

#endif
