/* py_slice.c — slice objects, as CPython 3.11's Objects/sliceobject.c has them: slice(stop) and
 * slice(start, stop[, step]) of any values, the attributes start / stop / step, indices(length) on arbitrary
 * precision ints, repr "slice(1, 5, None)", equality and order as the tuple (start, stop, step) (py_eval.c's
 * compare), unhashable (py_dict.c). And the reading of a slice's parts as C indices (PySlice_Unpack) and a
 * str / tuple / list / range sliced by them, which c[a:b:c] and c[slice(a, b, c)] share. */
#include <string.h>

#include "front/py.h"
#include "front/py_str.h"

py_val *py_slice_value(py_interp *I, py_val *start, py_val *stop, py_val *step) {
    py_val *v = py_new(I, V_SLICE);
    if (!v) return NULL;
    v->u.sl.start = start ? start : &py_None;
    v->u.sl.stop = stop ? stop : &py_None;
    v->u.sl.step = step ? step : &py_None;
    return v;
}

/* operator.index(v): an int (V_INT / V_BIG; a bool as its int), an object's __index__; NULL without an error
 * when v has none. */
static py_val *as_index(py_interp *I, const py_node *at, py_val *v) {
    if (v->kind == V_INST) v = py_inst_index(I, at, v);
    if (!v) return NULL;
    if (v->kind == V_BOOL) return py_int(I, v->u.b);
    return v->kind == V_INT || v->kind == V_BIG ? v : NULL;
}

static const char BAD_INDEX[] = "TypeError: slice indices must be integers or None or have an __index__ method";

/* _PyEval_SliceIndex: v (not None) as a C index; a big int clamped as PyNumber_AsSsize_t(v, NULL) does */
static bool c_index(py_interp *I, const py_node *at, py_val *v, int64_t *out) {
    py_val *x = as_index(I, at, v);
    if (!x) {
        if (!I->err.code) py_fail(I, at, GL_E_INVALID, "%s", BAD_INDEX);
        return false;
    }
    *out = x->kind == V_INT ? x->u.i : x->u.big->sign < 0 ? INT64_MIN : INT64_MAX;
    return true;
}

bool py_slice_unpack(py_interp *I, const py_node *at, py_val *start, py_val *stop, py_val *step, py_slice *out) {
    *out = (py_slice){0, 0, 1, false, false, false};
    if (step && step->kind != V_NONE) {
        if (!c_index(I, at, step, &out->st)) return false;
        if (out->st == 0) return py_fail(I, at, GL_E_INVALID, "ValueError: slice step cannot be zero"), false;
        if (out->st == INT64_MIN) out->st = -INT64_MAX;   /* -step must not overflow */
        out->gst = true;
    }
    if (start && start->kind != V_NONE) {
        if (!c_index(I, at, start, &out->lo)) return false;
        out->glo = true;
    }
    if (stop && stop->kind != V_NONE) {
        if (!c_index(I, at, stop, &out->hi)) return false;
        out->ghi = true;
    }
    return true;
}

bool py_slice_unpack_val(py_interp *I, const py_node *at, const py_val *sl, py_slice *out) {
    return py_slice_unpack(I, at, sl->u.sl.start, sl->u.sl.stop, sl->u.sl.step, out);
}

void py_slice_span(const py_slice *s, int64_t len, int64_t *plo, int64_t *phi, int64_t *pst, int64_t *pcnt) {
    int64_t lo = s->lo, hi = s->hi, st = s->gst ? s->st : 1;
    if (st == INT64_MIN) st = -INT64_MAX;
    if (!s->glo) lo = st < 0 ? len - 1 : 0;
    else if (lo < 0) { lo += len; if (lo < 0) lo = st < 0 ? -1 : 0; }
    else if (lo >= len) lo = st < 0 ? len - 1 : len;
    if (!s->ghi) hi = st < 0 ? -1 : len;
    else if (hi < 0) { hi += len; if (hi < 0) hi = st < 0 ? -1 : 0; }
    else if (hi >= len) hi = st < 0 ? len - 1 : len;
    *plo = lo;
    *phi = hi;
    *pst = st;
    *pcnt = st < 0 ? (hi < lo ? (lo - hi - 1) / (-st) + 1 : 0) : (lo < hi ? (hi - lo - 1) / st + 1 : 0);
}

/* range(10)[2:8:2] is range(2, 8, 2): compute_slice maps the adjusted bounds through the range */
static py_val *range_slice(py_interp *I, const py_node *at, py_val *c, const py_slice *s) {
    int64_t a = c->u.r.start, b = c->u.r.stop, rs = c->u.r.step;
    uint64_t ulen = rs > 0 ? (a < b ? ((uint64_t)b - (uint64_t)a - 1) / (uint64_t)rs + 1 : 0)
                           : (a > b ? ((uint64_t)a - (uint64_t)b - 1) / ((uint64_t)(-(rs + 1)) + 1ULL) + 1 : 0);
    if (ulen > (uint64_t)INT64_MAX) return py_fail(I, at, GL_E_LIMIT, "OverflowError: range too long to slice");
    int64_t lo, hi, st, cnt, a0, a1, b0, st2;
    py_slice_span(s, (int64_t)ulen, &lo, &hi, &st, &cnt);
    if (__builtin_mul_overflow(lo, rs, &a0) || __builtin_add_overflow(a0, a, &a0) || __builtin_mul_overflow(hi, rs, &a1) ||
        __builtin_add_overflow(a1, a, &b0) || __builtin_mul_overflow(st, rs, &st2) || st2 == INT64_MIN)
        return py_fail(I, at, GL_E_LIMIT, "OverflowError: the sliced range's bounds do not fit in 64 bits");
    py_val *r = py_new(I, V_RANGE);
    if (!r) return NULL;
    r->u.r.start = a0;
    r->u.r.stop = b0;
    r->u.r.step = st2;
    return r;
}

py_val *py_slice_get(py_interp *I, const py_node *at, py_val *c, const py_slice *s) {
    if (c->kind == V_RANGE) return range_slice(I, at, c, s);
    if (c->kind != V_STR && c->kind != V_TUPLE && c->kind != V_LIST)
        return py_fail(I, at, GL_E_INTERNAL, "a slice of a %s", py_type_name(c));
    int64_t len = c->kind == V_STR ? (int64_t)py_str_len(c) : c->u.seq.n, lo, hi, st, cnt;
    py_slice_span(s, len, &lo, &hi, &st, &cnt);
    if (c->kind == V_STR) return py_str_slice(I, at, c, lo, st, cnt);
    if (!py_work(I, at, cnt)) return NULL;
    py_val *r = py_seq(I, c->kind, (int)cnt);
    if (!r) return NULL;
    for (int64_t i = 0; i < cnt; i++) r->u.seq.v[i] = c->u.seq.v[lo + i * st];
    return r;
}

/* ---------------------------------------------------------------- slice(...) and slice.indices(length) */
static int sign_of(const py_val *v) {   /* an int's sign */
    return v->kind == V_BIG ? v->u.big->sign : v->u.i < 0 ? -1 : v->u.i > 0;
}

/* one bound of _PySlice_GetLongIndices: None → dflt; negative → + length, then clamped to [lower, upper] */
static py_val *long_bound(py_interp *I, const py_node *at, py_val *v, py_val *dflt, py_val *len, py_val *lower,
                          py_val *upper) {
    if (v->kind == V_NONE) return dflt;
    py_val *x = as_index(I, at, v);
    if (!x) return I->err.code ? NULL : py_fail(I, at, GL_E_INVALID, "%s", BAD_INDEX);
    if (sign_of(x) < 0) {
        if (!(x = py_arith(I, at, OP_ADD, x, len))) return NULL;
        return py_num_cmp(x, lower) < 0 ? lower : x;
    }
    return py_num_cmp(x, upper) > 0 ? upper : x;
}

/* s.indices(length): (start, stop, step) on Python ints, never clamped to 64 bits */
static py_val *indices(py_interp *I, const py_node *at, py_val *s, py_args *a) {
    if (a->nkw) return py_fail(I, at, GL_E_INVALID, "TypeError: slice.indices() takes no keyword arguments");
    if (a->npos != 1)
        return py_fail(I, at, GL_E_INVALID, "TypeError: slice.indices() takes exactly one argument (%d given)", a->npos);
    py_val *len = as_index(I, at, a->pos[0]), *step, *lower, *upper, *start, *stop;
    if (!len)
        return I->err.code ? NULL : py_fail(I, at, GL_E_INVALID, "TypeError: '%s' object cannot be interpreted as an integer",
                                            py_type_name(a->pos[0]));
    if (sign_of(len) < 0) return py_fail(I, at, GL_E_INVALID, "ValueError: length should not be negative");
    if (s->u.sl.step->kind == V_NONE) {
        if (!(step = py_int(I, 1))) return NULL;
    } else {
        if (!(step = as_index(I, at, s->u.sl.step))) return I->err.code ? NULL : py_fail(I, at, GL_E_INVALID, "%s", BAD_INDEX);
        if (sign_of(step) == 0) return py_fail(I, at, GL_E_INVALID, "ValueError: slice step cannot be zero");
    }
    bool neg = sign_of(step) < 0;
    if (!(lower = py_int(I, neg ? -1 : 0)) || !(upper = neg ? py_arith(I, at, OP_ADD, len, lower) : len)) return NULL;
    if (!(start = long_bound(I, at, s->u.sl.start, neg ? upper : lower, len, lower, upper)) ||
        !(stop = long_bound(I, at, s->u.sl.stop, neg ? lower : upper, len, lower, upper)))
        return NULL;
    py_val *t = py_seq(I, V_TUPLE, 3);
    if (!t) return NULL;
    t->u.seq.v[0] = start;
    t->u.seq.v[1] = stop;
    t->u.seq.v[2] = step;
    return t;
}

py_val *py_slice_builtin(py_interp *I, const py_node *at, int id, py_val *self, py_args *a) {
    if (id == B_SL_INDICES && !self) {   /* slice.indices(s, n): the method through the type */
        if (!a->npos) return py_fail(I, at, GL_E_INVALID, "TypeError: unbound method slice.indices() needs an argument");
        if (a->pos[0]->kind != V_SLICE)
            return py_fail(I, at, GL_E_INVALID, "TypeError: descriptor 'indices' for 'slice' objects doesn't apply to a '%s' object",
                           py_type_name(a->pos[0]));
        py_args rest = {a->pos + 1, a->npos - 1, a->kwn, a->kwv, a->nkw};
        return indices(I, at, a->pos[0], &rest);
    }
    if (id == B_SL_INDICES) return indices(I, at, self, a);
    if (a->nkw) return py_fail(I, at, GL_E_INVALID, "TypeError: slice() takes no keyword arguments");
    if (a->npos < 1) return py_fail(I, at, GL_E_INVALID, "TypeError: slice expected at least 1 argument, got %d", a->npos);
    if (a->npos > 3) return py_fail(I, at, GL_E_INVALID, "TypeError: slice expected at most 3 arguments, got %d", a->npos);
    if (a->npos == 1) return py_slice_value(I, NULL, a->pos[0], NULL);
    return py_slice_value(I, a->pos[0], a->pos[1], a->npos == 3 ? a->pos[2] : NULL);
}

py_val *py_slice_attr(py_interp *I, py_val *v, const char *name) {
    if (strcmp(name, "start") == 0) return v->u.sl.start;
    if (strcmp(name, "stop") == 0) return v->u.sl.stop;
    if (strcmp(name, "step") == 0) return v->u.sl.step;
    if (strcmp(name, "indices") == 0) return py_builtin(I, B_SL_INDICES, v);
    return NULL;
}
