/* util.h — internal helpers shared by the core: checked allocation and a growable string builder. */
#ifndef GL_UTIL_H
#define GL_UTIL_H

#include <stdarg.h>
#include "graphlab.h"

/* Config limits (layers.c validates them; the case reader names them before narrowing to int).
 * GL_MAX_DIM: the largest accepted value of one dim: model-scale (405B has f = 53248) with ample room,
 * small enough that products of a few dims stay far from int64 overflow. GL_MAX_LAYERS: stack depth. */
#define GL_MAX_DIM (1LL << 24)
#define GL_MAX_LAYERS 1024
/* Node-count limit: far beyond a 126-layer stack, small enough that ids fit comfortably in int. */
#define GL_MAX_NODES (1 << 22)

/* gl_op_class and gl_op_arity_ok inlined, for the loops that ask them of every node (the op table's class
 * and arity columns; the public functions are the same lookups out of line). */
static inline gl_opclass gl_op_class_of(gl_op op) {
    static const unsigned char CLS[] = {
#define GL_OP(E, name, cls, ...) [GL_OP_##E] = GL_CLASS_##cls,
#include "graphlab_ops.h"
#undef GL_OP
    };
    return (unsigned)op < GL_OP_COUNT ? (gl_opclass)CLS[op] : GL_CLASS_SPECIAL;
}
static inline bool gl_op_arity_fits(gl_op op, int nin) {
    static const signed char LO[] = {
#define GL_OP(E, name, cls, lo, ...) [GL_OP_##E] = lo,
#include "graphlab_ops.h"
#undef GL_OP
    };
    static const signed char HI[] = {
#define GL_OP(E, name, cls, lo, hi, ...) [GL_OP_##E] = hi,
#include "graphlab_ops.h"
#undef GL_OP
    };
    return (unsigned)op < GL_OP_COUNT && nin >= LO[op] && nin <= HI[op];
}

/* gl_graph_validate that also copies each node it checks into copy[0 .. g->n) (NULL: none): the pass kit's
 * private node array, made in the same read of the nodes. */
gl_status gl_graph_validate_copy(const gl_graph *g, gl_node *copy, gl_err *e);

/* Checked allocation: NULL + GL_E_NOMEM in *e on failure (also when n * size overflows). These two keep
 * malloc's shape (a pointer, NULL on failure) rather than graphlab.h's status + out-pointer convention:
 * they are malloc wrappers, not constructors, and their one failure is always GL_E_NOMEM. */
void *gl_alloc(size_t n, size_t size, gl_err *e);          /* zero-filled */
void *gl_grow(void *p, size_t n, size_t size, gl_err *e);  /* realloc; on failure p is untouched */

/* gl_array_new without the zero fill, for outputs whose every element the caller writes (eval.c). */
gl_status gl_array_new_unset(int rank, const int64_t *dims, gl_array **out, gl_err *e);

/* A growable string (for JSON and text output). On allocation failure `failed` is set and further
 * appends do nothing; check it once at the end (gl_sb_finish). */
typedef struct {
    char *buf;
    size_t len, cap;
    bool failed;
    bool nonfinite;   /* gl_sb_double was given NaN or ±Infinity: gl_sb_finish refuses the text */
} gl_sb;

void gl_sb_init(gl_sb *sb);
void gl_sb_free(gl_sb *sb);
void gl_sb_putc(gl_sb *sb, char c);
void gl_sb_puts(gl_sb *sb, const char *s);
void gl_sb_putn(gl_sb *sb, const char *s, size_t n);
void gl_sb_printf(gl_sb *sb, const char *fmt, ...)
#if defined(__GNUC__) || defined(__clang__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
/* An integer in decimal (the hot writers' replacement for gl_sb_printf("%lld")). */
void gl_sb_int(gl_sb *sb, long long v);
/* A double the way Python's json/repr writes it: shortest text that round-trips ("1e-05", "0.5",
 * "1.0"). A non-finite value is written as Python would ("Infinity", "NaN") but marks the builder, and
 * gl_sb_finish then fails with GL_E_INTERNAL: no output of the core may hold what JSON cannot. */
void gl_sb_double(gl_sb *sb, double v);
/* A JSON string literal with escapes (UTF-8 passes through). */
void gl_sb_json_str(gl_sb *sb, const char *s);
/* The prologue of every entry point that returns text: clears (*out, *outlen) so a failure never leaves
 * stale pointers, and fails with GL_E_INVALID naming `fn` when out is NULL. */
gl_status gl_out_begin(char **out, size_t *outlen, const char *fn, gl_err *e);
/* Hands the buffer to the caller (NUL-terminated), or fails with GL_E_NOMEM, or GL_E_INTERNAL when a
 * non-finite number was written. */
gl_status gl_sb_finish(gl_sb *sb, char **out, size_t *len, gl_err *e);

/* The shape rule, one per op (shape.c): the shape op gives inputs of shapes in[0..nin) with attrs a; own is
 * the shape a leaf or causal_mask keeps (the tracer gives causal_mask its `like` tensor's). GL_E_SHAPE naming
 * the shapes when they do not fit. The tracer's builders infer every node's shape with it. */
gl_status gl_op_shape(gl_op op, const gl_shape *const *in, int nin, const gl_attrs *a, const gl_shape *own,
                      gl_shape *out, gl_err *e);
/* gl_op_shape for node n of g (its inputs' shapes in g): graph_read checks every node it reads with it, the
 * pass verifier every node a pass writes. */
gl_status gl_node_shape(const gl_graph *g, const gl_node *n, gl_shape *out, gl_err *e);

/* Shortest round-trip repr of a double into buf (at least 32 bytes), Python style. */
char *gl_fmt_double(double v, char *buf);

#endif
