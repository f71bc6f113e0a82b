/* py_ndarray.c — the numpy subset the lecture's passes use, on the pass runtime's arrays (py_passapi.c).
 *
 * Section 9 of graph_lab.py touches array values in four ways: identity (cse keys a non-scalar const by
 * id(g.values[n.id])), float() of a 0-d array (simplify, decompose, match_attention read scalar consts),
 * np.asarray / .ndim / .shape (Tracer.lift, which decompose's F calls make), and one expression of
 * fold_norm_weight: `vals[w][:, None] * vals[W]` (a basic index with a new axis, then a broadcast multiply).
 * So an array here is the interpreter's V_ARRAY over a refcounted float64 gl_array (the graph's own values,
 * shared, never copied: identity is the py_val, one per gl_array, py_passapi.c), with:
 *
 *   - attributes shape, ndim, size;
 *   - float(a) of a one-element array; numpy's TypeError otherwise;
 *   - a[key]: basic indexing, numpy's rules for ints, slices (any step), None (np.newaxis) and an implicit
 *     trailing ':' — the result is a new array (numpy gives a view; nothing here writes into an array, so a
 *     copy cannot be told apart but by identity, which a fresh result has in numpy too); a full integer
 *     index gives a Python float (numpy's float64 scalar is a float);
 *   - a op b for + - * / with numpy's broadcasting, between arrays and Python numbers (float64: IEEE, x / 0
 *     is inf or nan as numpy's, no exception).
 *
 * Everything else is an error that names what is missing. A shape-only graph's values are shells (no
 * numbers): reading their numbers is an error saying so. Each op charges its elements to the step budget
 * (py_work), and every result array is tracked by the run (released when it ends). */
#include <math.h>
#include <string.h>

#include "front/py.h"

static gl_array *arr_of(const py_val *v) { return v->u.arr->real ? v->u.arr->real : v->u.arr->shell; }

py_val *py_nd_wrap(py_interp *I, gl_array *a) {
    if (py_track_array(I, a)) return py_oom(I);          /* released at the end of the run (also on failure) */
    py_val *v = py_new(I, V_ARRAY);
    py_arr *p = v ? py_alloc(&I->ar, sizeof *p) : NULL;
    if (!p) return py_oom(I);
    if (a->data) p->real = a;
    else p->shell = a;
    p->which = -1;
    v->u.arr = p;
    return v;
}

static bool numbers(py_interp *I, const py_node *at, const gl_array *a, const char *what) {
    if (a->data || a->size == 0) return true;
    py_fail(I, at, GL_E_INVALID, "ValueError: %s: this array has a shape but no numbers (a shape-only graph's value)", what);
    return false;
}

static py_val *shape_tuple(py_interp *I, const gl_array *a) {
    py_val *t = py_seq(I, V_TUPLE, a->rank);
    if (!t) return NULL;
    for (int i = 0; i < a->rank; i++)
        if (!(t->u.seq.v[i] = py_int(I, a->dim[i]))) return NULL;
    return t;
}

py_val *py_nd_attr(py_interp *I, const py_node *at, py_val *v, const char *name) {
    const gl_array *a = arr_of(v);
    if (strcmp(name, "shape") == 0) return shape_tuple(I, a);
    if (strcmp(name, "ndim") == 0) return py_int(I, a->rank);
    if (strcmp(name, "size") == 0) return py_int(I, a->size);
    return NULL;
}

py_val *py_nd_float(py_interp *I, const py_node *at, py_val *v) {
    const gl_array *a = arr_of(v);
    if (a->size != 1)
        return py_fail(I, at, GL_E_INVALID, "TypeError: only length-1 arrays can be converted to Python scalars");
    if (!numbers(I, at, a, "float()")) return NULL;
    return py_float(I, a->data[0]);
}

/* ---------------------------------------------------------------- indexing */
typedef struct {
    int rank;
    int64_t dim[GL_MAX_RANK], stride[GL_MAX_RANK];   /* output dims, source strides (0: a new axis) */
    int64_t offset;
} view;

static bool index_int(py_interp *I, const py_node *at, const py_val *k, int64_t *out) {
    if (k->kind == V_INT) *out = k->u.i;
    else if (k->kind == V_BOOL) *out = k->u.b;
    else if (k->kind == V_BIG) {
        py_fail(I, at, GL_E_INVALID, "IndexError: cannot fit 'int' into an index-sized integer");
        return false;
    } else {
        py_fail(I, at, GL_E_INVALID, "IndexError: only integers, slices (`:`), ellipsis (`...`), numpy.newaxis (`None`) "
                "and integer or boolean arrays are valid indices");
        return false;
    }
    return true;
}

/* A slice's bound: None / omitted is "not given". */
static bool slice_part(py_interp *I, py_node *n, py_env *env, int64_t *v, bool *given) {
    *given = false;
    if (!n) return true;
    py_val *x = py_eval(I, n, env);
    if (!x) return false;
    if (x->kind == V_NONE) return true;
    if (x->kind != V_INT && x->kind != V_BOOL) {
        py_fail(I, n, GL_E_INVALID, "TypeError: slice indices must be integers or None or have an __index__ method");
        return false;
    }
    *v = x->kind == V_INT ? x->u.i : x->u.b;
    *given = true;
    return true;
}

py_val *py_nd_index(py_interp *I, py_node *n, py_val *c, py_env *env) {
    gl_array *a = arr_of(c);
    py_node *key = n->b;
    py_node *one[1] = {key};
    py_node **items = key->kind == E_TUPLE ? key->list : one;
    int nitems = key->kind == E_TUPLE ? key->n : 1;
    view w = {0};
    int64_t stride[GL_MAX_RANK];
    int64_t s = 1;
    for (int d = a->rank - 1; d >= 0; d--) stride[d] = s, s *= a->dim[d];
    int src = 0;                  /* the source dim the next item indexes */
    bool all_int = true;
    for (int i = 0; i < nitems; i++) {
        py_node *it = items[i];
        if (it->kind == E_SLICE) {
            all_int = false;
            if (src >= a->rank)
                return py_fail(I, it, GL_E_INVALID, "IndexError: too many indices for array: array is %d-dimensional, but "
                               "more were indexed", a->rank);
            py_slice sl = {0};
            if (!slice_part(I, it->a, env, &sl.lo, &sl.glo) || !slice_part(I, it->b, env, &sl.hi, &sl.ghi) ||
                !slice_part(I, it->c, env, &sl.st, &sl.gst))
                return NULL;
            int64_t start, step, count;
            if (!py_slice_adjust(I, it, &sl, a->dim[src], &start, &step, &count)) return NULL;
            if (w.rank >= GL_MAX_RANK) return py_fail(I, it, GL_E_INVALID, "IndexError: the result has more than %d dims", GL_MAX_RANK);
            w.offset += start * stride[src];
            w.dim[w.rank] = count;
            w.stride[w.rank++] = step * stride[src];
            src++;
            continue;
        }
        py_val *k = py_eval(I, it, env);
        if (!k) return NULL;
        if (k->kind == V_TUPLE)       /* a[t] with t a tuple value */
            return py_fail(I, it, GL_E_INVALID, "an ndarray index held in a variable is not supported: write the index "
                           "in the brackets (a[:, None])");
        if (k->kind == V_NONE) {
            all_int = false;
            if (w.rank >= GL_MAX_RANK) return py_fail(I, it, GL_E_INVALID, "IndexError: the result has more than %d dims", GL_MAX_RANK);
            w.dim[w.rank] = 1;
            w.stride[w.rank++] = 0;
            continue;
        }
        int64_t x;
        if (!index_int(I, it, k, &x)) return NULL;
        if (src >= a->rank)
            return py_fail(I, it, GL_E_INVALID, "IndexError: too many indices for array: array is %d-dimensional, but %d "
                           "were indexed", a->rank, src + 1);
        if (x < -a->dim[src] || x >= a->dim[src])
            return py_fail(I, it, GL_E_INVALID, "IndexError: index %lld is out of bounds for axis %d with size %lld",
                           (long long)x, src, (long long)a->dim[src]);
        if (x < 0) x += a->dim[src];
        w.offset += x * stride[src];
        src++;
    }
    for (; src < a->rank; src++) {                /* an implicit ':' for the dims left */
        all_int = false;
        if (w.rank >= GL_MAX_RANK) return py_fail(I, n, GL_E_INVALID, "IndexError: the result has more than %d dims", GL_MAX_RANK);
        w.dim[w.rank] = a->dim[src];
        w.stride[w.rank++] = stride[src];
    }
    if (!numbers(I, n, a, "indexing")) return NULL;
    if (all_int) return py_float(I, a->data[w.offset]);
    gl_array *out;
    if (gl_array_new(w.rank, w.dim, &out, &I->err)) return NULL;
    if (!py_work(I, n, out->size)) {
        gl_array_release(out);
        return NULL;
    }
    int64_t idx[GL_MAX_RANK] = {0}, off = w.offset;
    for (int64_t k = 0; k < out->size; k++) {
        out->data[k] = a->data[off];
        for (int d = w.rank - 1; d >= 0; d--) {   /* odometer over the output's dims */
            off += w.stride[d];
            if (++idx[d] < w.dim[d]) break;
            off -= w.stride[d] * w.dim[d];
            idx[d] = 0;
        }
    }
    return py_nd_wrap(I, out);
}

/* ---------------------------------------------------------------- arithmetic with broadcasting */
static double apply(int op, double x, double y) {
    switch (op) {
    case OP_ADD: return x + y;
    case OP_SUB: return x - y;
    case OP_MUL: return x * y;
    default: return x / y;        /* numpy: inf / nan, no ZeroDivisionError */
    }
}

py_val *py_nd_binop(py_interp *I, const py_node *at, int op, py_val *a, py_val *b) {
    static const char *sym[] = {[OP_ADD] = "+", [OP_SUB] = "-", [OP_MUL] = "*", [OP_DIV] = "/"};
    if (op != OP_ADD && op != OP_SUB && op != OP_MUL && op != OP_DIV)
        return py_fail(I, at, GL_E_INVALID, "TypeError: this operator on ndarrays is not in GraphLab's numpy subset (+ - * / only)");
    gl_array *x = NULL, *y = NULL, *tmp[2] = {NULL, NULL};
    py_val *v[2] = {a, b};
    gl_array **xy[2] = {&x, &y};
    for (int i = 0; i < 2; i++) {
        if (v[i]->kind == V_ARRAY) {
            *xy[i] = arr_of(v[i]);
            if (!numbers(I, at, *xy[i], sym[op])) return NULL;
        } else if (py_is_num(v[i]) && v[i]->kind != V_BIG) {
            if (gl_array_scalar(py_num(v[i]), &tmp[i], &I->err)) return NULL;
            *xy[i] = tmp[i];
        } else {
            return py_fail(I, at, GL_E_INVALID, "TypeError: unsupported operand type(s) for %s: '%s' and '%s'", sym[op],
                           py_type_name(a), py_type_name(b));
        }
    }
    int r = x->rank > y->rank ? x->rank : y->rank;
    int64_t dim[GL_MAX_RANK], sx[GL_MAX_RANK], sy[GL_MAX_RANK];
    int64_t px = 1, pyy = 1;
    for (int d = r - 1; d >= 0; d--) {            /* numpy's rule: align right; equal, or one of them 1 */
        int dx = d - (r - x->rank), dy = d - (r - y->rank);
        int64_t nx = dx >= 0 ? x->dim[dx] : 1, ny = dy >= 0 ? y->dim[dy] : 1;
        if (nx != ny && nx != 1 && ny != 1) {
            gl_array_release(tmp[0]);
            gl_array_release(tmp[1]);
            char bx[100], by[100];
            gl_shape shx = gl_array_shape(x), shy = gl_array_shape(y);
            return py_fail(I, at, GL_E_INVALID, "ValueError: operands could not be broadcast together with shapes %s %s",
                           gl_shape_str(&shx, bx, sizeof bx), gl_shape_str(&shy, by, sizeof by));
        }
        dim[d] = nx == 1 ? ny : nx;
        sx[d] = nx == 1 ? 0 : px;
        sy[d] = ny == 1 ? 0 : pyy;
        px *= nx;
        pyy *= ny;
    }
    gl_array *out = NULL;
    gl_status st = gl_array_new(r, dim, &out, &I->err);
    if (!st && !py_work(I, at, out->size)) st = I->err.code;
    if (!st) {
        int64_t idx[GL_MAX_RANK] = {0}, ox = 0, oy = 0;
        for (int64_t k = 0; k < out->size; k++) {
            out->data[k] = apply(op, x->data[ox], y->data[oy]);
            for (int d = r - 1; d >= 0; d--) {
                ox += sx[d];
                oy += sy[d];
                if (++idx[d] < dim[d]) break;
                ox -= sx[d] * dim[d];
                oy -= sy[d] * dim[d];
                idx[d] = 0;
            }
        }
    }
    gl_array_release(tmp[0]);
    gl_array_release(tmp[1]);
    if (st) {
        gl_array_release(out);
        return NULL;
    }
    return py_nd_wrap(I, out);
}
