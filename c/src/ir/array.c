/* array.c — float64 arrays in C order with a reference count (the interpreter's values). */
#include <stdlib.h>
#include <string.h>

#include "ir/util.h"

/* Largest array GraphLab will allocate: 2^31 elements (16 GiB of float64). Anything bigger is a
 * config or shape mistake, not a model that fits this machine. */
#define GL_ARRAY_MAX_ELEMS ((int64_t)1 << 31)

/* The shape of dims as text, for error messages. */
static const char *dims_str(int rank, const int64_t *dims, char *buf, size_t cap) {
    gl_shape s = {0};
    s.rank = rank;
    for (int k = 0; k < rank; k++) s.d[k].n = dims[k];
    return gl_shape_str(&s, buf, cap);
}

/* Checks a shape and computes its element count. max_elems < 0: no size limit beyond int64 (shells hold
 * no numbers, so a shape-only model-scale table costs nothing). */
static gl_status checked_size(int rank, const int64_t *dims, int64_t max_elems, int64_t *out, gl_err *e) {
    if (rank < 0 || rank > GL_MAX_RANK)
        return gl_fail(e, GL_E_LIMIT, "array rank %d is outside 0..%d", rank, GL_MAX_RANK);
    if (rank > 0 && !dims) return gl_fail(e, GL_E_INVALID, "gl_array_new: dims is NULL for rank %d", rank);
    char buf[160];
    int64_t size = 1;
    bool overflow = false;
    for (int i = 0; i < rank; i++) {
        if (dims[i] < 0)
            return gl_fail(e, GL_E_SHAPE, "negative dimension in array shape %s", dims_str(rank, dims, buf, sizeof buf));
        if (!overflow && dims[i] != 0 && size > INT64_MAX / dims[i]) overflow = true;
        else if (!overflow) size *= dims[i];
    }
    /* a zero dim makes the array empty even when the other dims overflow */
    for (int i = 0; i < rank; i++)
        if (dims[i] == 0) overflow = false, size = 0;
    if (overflow)
        return gl_fail(e, GL_E_LIMIT, "array of shape %s has more than 2^63 elements%s",
                       dims_str(rank, dims, buf, sizeof buf), max_elems < 0 ? "" : " (the limit is 2^31)");
    if (max_elems >= 0 && size > max_elems)
        return gl_fail(e, GL_E_LIMIT, "array of shape %s has %lld elements, more than the limit of 2^31",
                       dims_str(rank, dims, buf, sizeof buf), (long long)size);
    *out = size;
    return GL_OK;
}

/* Where an array's numbers start in its block: after the header, 64-byte aligned (a cache line, and
 * more than any SIMD load needs). */
#define DATA_OFFSET ((sizeof(gl_array) + 63) / 64 * 64)

enum { NO_NUMBERS, ZEROED, UNSET };

/* Every constructor writes *out (NULL on failure) and returns the status. */
static gl_status make(int rank, const int64_t *dims, int numbers_kind, gl_array **out, gl_err *e) {
    if (!out) return gl_fail(e, GL_E_INVALID, "gl_array_new: out is NULL");
    *out = NULL;
    const bool with_data = numbers_kind != NO_NUMBERS;
    int64_t size = 0;
    gl_status st = checked_size(rank, dims, with_data ? GL_ARRAY_MAX_ELEMS : -1, &size, e);
    if (st) return st;
    /* The numbers live in the same block as the header, after it (one allocation per array: the
     * interpreter makes one array per node, and in WASM a malloc/free pair costs about as much as
     * an elementwise op on a few hundred numbers). On 32-bit hosts (WASM) 2^31 numbers overflow
     * size_t: the check below turns that into GL_E_NOMEM. */
    const bool numbers = with_data || rank == 0;
    const size_t n = numbers ? (size_t)(size > 0 ? size : 1) : 0;
    if (numbers && n > (SIZE_MAX - DATA_OFFSET) / sizeof(double))
        return gl_fail(e, GL_E_NOMEM, "array of %lld elements does not fit in memory", (long long)size);
    const size_t bytes = DATA_OFFSET + n * sizeof(double);
    gl_array *a = numbers_kind == UNSET ? malloc(bytes) : gl_alloc(1, bytes, e);
    if (!a) return gl_fail(e, GL_E_NOMEM, "out of memory allocating %zu bytes", bytes);
    if (numbers_kind == UNSET) memset(a, 0, sizeof *a);
    if (numbers) a->data = (double *)(void *)((char *)a + DATA_OFFSET);
    a->refs = 1;
    a->rank = rank;
    for (int i = 0; i < rank; i++) a->dim[i] = dims[i];
    a->size = size;
    *out = a;
    return GL_OK;
}

gl_status gl_array_new(int rank, const int64_t *dims, gl_array **out, gl_err *e) {
    return make(rank, dims, ZEROED, out, e);
}

/* For the interpreter's outputs, which write every element: zero-filling them first cost about as much as
 * an elementwise op on them. */
gl_status gl_array_new_unset(int rank, const int64_t *dims, gl_array **out, gl_err *e) {
    return make(rank, dims, UNSET, out, e);
}

/* A shell never allocates its numbers: validating the shape is all it needs. (It used to allocate and free
 * them, which cost a 1 GiB calloc, and in WASM a 1 GiB heap that never shrinks, for a shape-only prefill
 * with T = 2^20, dh = 128, and GL_E_NOMEM for T = 2^22.) A rank-0 shell keeps its one element. */
gl_status gl_array_shell(int rank, const int64_t *dims, gl_array **out, gl_err *e) {
    return make(rank > 0 ? rank : 0, rank > 0 ? dims : NULL, NO_NUMBERS, out, e);
}

gl_status gl_array_scalar(double v, gl_array **out, gl_err *e) {
    gl_status st = gl_array_new(0, NULL, out, e);
    if (!st) (*out)->data[0] = v;
    return st;
}

gl_status gl_array_copy(const gl_array *a, gl_array **out, gl_err *e) {
    if (!out) return gl_fail(e, GL_E_INVALID, "gl_array_copy: out is NULL");
    *out = NULL;
    if (!a) return gl_fail(e, GL_E_INVALID, "gl_array_copy: array is NULL");
    if (!a->data) return gl_array_shell(a->rank, a->dim, out, e);
    gl_status st = gl_array_new(a->rank, a->dim, out, e);
    if (!st && a->size > 0) memcpy((*out)->data, a->data, (size_t)a->size * sizeof *a->data);
    return st;
}

gl_array *gl_array_retain(gl_array *a) {
    if (a) a->refs++;
    return a;
}

void gl_array_release(gl_array *a) {
    if (!a) return;
    if (--a->refs > 0) return;
    free(a);                      /* the numbers are in the same block */
}

gl_shape gl_array_shape(const gl_array *a) {
    gl_shape s;
    memset(&s, 0, sizeof s);
    if (!a) return s;
    s.rank = a->rank;
    for (int i = 0; i < a->rank; i++) s.d[i].n = a->dim[i];
    return s;
}

/* Integer dims must be equal; a symbol bound in b must equal its value. A symbol that b does not bind
 * matches any size, but the same unbound symbol must have the same size everywhere in the shape
 * (so ("S", "S") matches (3, 3), not (3, 4)). Callers that need every symbol bound check that first. */
bool gl_array_matches(const gl_array *a, const gl_shape *s, const gl_bind *b) {
    if (!a || !s || a->rank != s->rank) return false;
    for (int i = 0; i < s->rank; i++) {
        gl_dim d = s->d[i];
        if (!gl_dim_is_sym(d)) {
            if (d.n != a->dim[i]) return false;
            continue;
        }
        int64_t v;
        gl_err tmp = {GL_OK, ""};
        if (gl_dim_value(d, b, &v, &tmp) == GL_OK) {
            if (v != a->dim[i]) return false;
            continue;
        }
        for (int k = 0; k < i; k++)
            if (gl_dim_is_sym(s->d[k]) && strcmp(s->d[k].sym, d.sym) == 0 && a->dim[k] != a->dim[i]) return false;
    }
    return true;
}
