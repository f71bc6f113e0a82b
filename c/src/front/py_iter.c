/* py_iter.c — Python's iterator protocol, and the builtins that make or consume iterators.
 *
 * Every `for`, comprehension, unpacking, constructor (list(), tuple(), dict(), ...) and consuming builtin
 * asks an iterator for one item at a time: py_iter_open(v) is iter(v), py_iter_next(it) is next(it) with
 * "done" as a flag instead of an exception. This is what makes generators, generator expressions and map /
 * filter / zip / enumerate lazy exactly as in CPython: `sum(f(x) for x in xs)` calls f on one item, adds it,
 * then asks for the next, so a program whose items emit graph nodes interleaves its nodes as the reference
 * does. An iterator (V_ITER, py_iter.h) is a small record: the sequence and an index for lists, tuples,
 * strings (by code point), dicts and their views (by entry; a dict whose size changes while iterated is
 * CPython's RuntimeError), ranges (start + i·step, nothing allocated), and the argument iterators for map /
 * filter / zip / enumerate, or a generator's state (py_gen.c). An exhausted iterator stays exhausted.
 *
 * Recursion: map(f, map(g, ...)) nests next() calls; each py_iter_next counts one evaluation level against
 * the one depth counter (py_guard.c; and the lazy kinds one step against the budget), so no chain of
 * iterators can overflow the C stack and none runs unbounded.
 * Comparisons go through the evaluator's `<` (py_compare), so sorted / min / max compare as the rest of the
 * interpreter does; sorted is a stable merge sort (CPython's list.sort is stable too, and so is this with
 * reverse=True: equal items keep their order). */
#include <string.h>

#include "front/py_iter.h"

py_val *py_iter_make(py_interp *I, py_itkind kind) {
    py_val *v = py_new(I, V_ITER);
    if (!v) return NULL;
    if (!(v->u.it = py_alloc(&I->ar, sizeof *v->u.it))) return py_oom(I);
    v->u.it->kind = kind;
    return v;
}

static int64_t range_len(int64_t a, int64_t b, int64_t s) {
    if (s > 0) return a < b ? (int64_t)(((uint64_t)b - (uint64_t)a - 1) / (uint64_t)s + 1) : 0;
    return a > b ? (int64_t)(((uint64_t)a - (uint64_t)b - 1) / (uint64_t)(-(s + 1) + 1ULL) + 1) : 0;
}

/* The dict's next live entry from position *pos (insertion order; deleted entries are holes, py_dict.c),
 * forward or (rev) from the end; false past the end. The one place here that knows the dict's layout. */
static bool dict_entry(const py_dict *D, int64_t *pos, bool rev, py_val **k, py_val **v) {
    for (; *pos < D->nent; (*pos)++) {
        int64_t e = rev ? D->nent - 1 - *pos : *pos;
        if (D->ek[e]) {
            *k = D->ek[e];
            *v = D->ev[e];
            (*pos)++;
            return true;
        }
    }
    return false;
}

static py_val *tuple2(py_interp *I, py_val *a, py_val *b) {
    py_val *t = py_seq(I, V_TUPLE, 2);
    if (!t) return NULL;
    t->u.seq.v[0] = a;
    t->u.seq.v[1] = b;
    return t;
}

static size_t utf8_len(unsigned char c) { return c < 0x80 ? 1 : c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : c >= 0xC0 ? 2 : 1; }

gl_status py_iter_open(py_interp *I, const py_node *at, py_val *v, py_val **out) {
    py_val *r;
    py_iter *it;
    if (py_sub_of(v)) {           /* a dict / list subclass's __iter__ */
        bool handled;
        if (py_sub_iter(I, at, v, out, &handled)) return I->err.code;
        if (handled) return GL_OK;
    }
    switch (v->kind) {
    case V_ITER: *out = v; return GL_OK;
    case V_LIST: case V_TUPLE: case V_STR:
        if (!(r = py_iter_make(I, v->kind == V_STR ? IT_STR : IT_SEQ))) return I->err.code;
        r->u.it->src = v;
        break;
    case V_DICT: case V_VIEW: {
        py_val *d = v->kind == V_DICT ? v : v->u.view.d;
        if (!(r = py_iter_make(I, IT_DICT))) return I->err.code;
        it = r->u.it;
        it->src = d;
        it->which = v->kind == V_DICT ? VIEW_KEYS : v->u.view.which;
        it->n = d->u.d->len;
        break;
    }
    case V_INST: return py_inst_iter_open(I, at, v, out);
    case V_SET: case V_FROZENSET:     /* table order, as CPython's set_iterator (cont lane) */
        if (!(r = py_iter_make(I, IT_SET))) return I->err.code;
        it = r->u.it;
        it->src = v;
        it->n = v->u.set->used;
        break;
    case V_RANGE:
        if (!(r = py_iter_make(I, IT_RANGE))) return I->err.code;
        it = r->u.it;
        it->start = v->u.r.start;
        it->step = v->u.r.step;
        it->n = range_len(v->u.r.start, v->u.r.stop, v->u.r.step);
        break;
    default:      /* a Tensor too: the reference's Tensor has no __iter__ (there is no slice op in the IR) */
        return py_fail(I, at, GL_E_INVALID, "TypeError: '%s' object is not iterable", py_type_name(v)), GL_E_INVALID;
    }
    *out = r;
    return GL_OK;
}

static gl_status call1(py_interp *I, const py_node *at, py_val *fn, py_val **args, int n, py_val **out) {
    py_args a = {0};
    a.pos = args;
    a.npos = n;
    *out = py_call(I, at, fn, &a);
    return *out ? GL_OK : I->err.code;
}

static gl_status next_inner(py_interp *I, const py_node *at, py_iter *it, py_val **item, bool *done) {
    *done = false;
    switch (it->kind) {
    case IT_OBJ: {
        gl_status st = py_inst_next(I, at, it->src, it->which, &it->i, item, done);
        if (*done) it->done = true;
        return st;
    }
    case IT_SEQ: {
        py_val *s = it->src;
        if (it->i >= s->u.seq.n) break;
        *item = s->u.seq.v[it->i++];
        return GL_OK;
    }
    case IT_STR: {
        py_val *s = it->src;
        if ((size_t)it->i >= s->u.str.n) break;
        size_t k = utf8_len((unsigned char)s->u.str.s[it->i]);
        if ((size_t)it->i + k > s->u.str.n) k = s->u.str.n - (size_t)it->i;
        if (!(*item = py_str(I, s->u.str.s + it->i, k))) return I->err.code;
        it->i += (int64_t)k;
        return GL_OK;
    }
    case IT_REVSEQ: {
        py_val *s = it->src;
        if (s->kind == V_STR) {      /* back over one code point */
            if (it->i <= 0) break;
            int64_t j = it->i - 1;
            while (j > 0 && ((unsigned char)s->u.str.s[j] & 0xC0) == 0x80) j--;
            if (!(*item = py_str(I, s->u.str.s + j, (size_t)(it->i - j)))) return I->err.code;
            it->i = j;
            return GL_OK;
        }
        if (it->i <= 0 || it->i > s->u.seq.n) break;   /* a list shrunk under reversed(): stop, as CPython */
        *item = s->u.seq.v[--it->i];
        return GL_OK;
    }
    case IT_DICT: {
        py_dict *D = it->src->u.d;
        if (D->len != it->n) {
            it->done = true;
            return py_fail(I, at, GL_E_INVALID, "RuntimeError: dictionary changed size during iteration"), GL_E_INVALID;
        }
        py_val *k, *v;
        if (!dict_entry(D, &it->i, it->rev, &k, &v)) break;
        if (++it->start > it->n) {   /* more items than it had: a key was deleted and another added */
            it->done = true;
            return py_fail(I, at, GL_E_INVALID, "RuntimeError: dictionary keys changed during iteration"), GL_E_INVALID;
        }
        *item = it->which == VIEW_KEYS ? k : it->which == VIEW_VALUES ? v : tuple2(I, k, v);
        return *item ? GL_OK : I->err.code;
    }
    case IT_SET: {
        if (it->src->u.set->used != it->n) {
            it->done = true;
            return py_fail(I, at, GL_E_INVALID, "RuntimeError: Set changed size during iteration"), GL_E_INVALID;
        }
        if (!py_set_next(it->src, &it->i, item, NULL)) break;
        return GL_OK;
    }
    case IT_RANGE:
        if (it->i >= it->n) break;
        /* start + i*step stays within [start, stop): no overflow (computed unsigned, it wraps back in range) */
        *item = py_int(I, (int64_t)((uint64_t)it->start + (uint64_t)it->i * (uint64_t)it->step));
        it->i++;
        return *item ? GL_OK : I->err.code;
    case IT_MAP: {
        py_val **args = py_alloc(&I->ar, sizeof(py_val *) * (size_t)it->nsub);
        if (!args) return py_oom(I), I->err.code;
        for (int j = 0; j < it->nsub; j++) {
            bool d;
            if (py_iter_next(I, at, it->subs[j], &args[j], &d)) return I->err.code;
            if (d) goto end;
        }
        return call1(I, at, it->src, args, it->nsub, item);
    }
    case IT_FILTER:
        for (;;) {
            py_val *x, *r = NULL;
            bool d, t;
            if (py_iter_next(I, at, it->subs[0], &x, &d)) return I->err.code;
            if (d) goto end;
            if (it->src->kind == V_NONE) r = x;
            else if (call1(I, at, it->src, &x, 1, &r)) return I->err.code;
            if (py_truth(I, at, r, &t)) return I->err.code;
            if (t) {
                *item = x;
                return GL_OK;
            }
        }
    case IT_ZIP: {
        if (!it->nsub) break;
        py_val *t = py_seq(I, V_TUPLE, it->nsub);
        if (!t) return I->err.code;
        for (int j = 0; j < it->nsub; j++) {
            bool d;
            if (py_iter_next(I, at, it->subs[j], &t->u.seq.v[j], &d)) return I->err.code;
            if (!d) continue;
            if (it->which) {          /* strict: every argument must end together */
                if (j > 0) {
                    it->done = true;
                    return py_fail(I, at, GL_E_INVALID, "ValueError: zip() argument %d is shorter than argument%s%d",
                                   j + 1, j == 1 ? " " : "s 1-", j), GL_E_INVALID;
                }
                for (int k = 1; k < it->nsub; k++) {
                    py_val *x;
                    if (py_iter_next(I, at, it->subs[k], &x, &d)) return I->err.code;
                    if (!d) {
                        it->done = true;
                        return py_fail(I, at, GL_E_INVALID, "ValueError: zip() argument %d is longer than argument%s%d",
                                       k + 1, k == 1 ? " " : "s 1-", k), GL_E_INVALID;
                    }
                }
            }
            goto end;
        }
        *item = t;
        return GL_OK;
    }
    case IT_ENUM: {
        py_val *x;
        bool d;
        if (py_iter_next(I, at, it->subs[0], &x, &d)) return I->err.code;
        if (d) goto end;
        py_val *ix;
        if (it->src) {            /* past int64: the counter is an int value (the int lane's big ints) */
            ix = it->src;
            py_val *one = py_int(I, 1);
            if (!one || !(it->src = py_binop(I, at, OP_ADD, ix, one))) return I->err.code;
        } else {
            if (!(ix = py_int(I, it->start))) return I->err.code;
            if (it->start == INT64_MAX) {
                py_val *one = py_int(I, 1);
                if (!one || !(it->src = py_binop(I, at, OP_ADD, ix, one))) return I->err.code;
            } else {
                it->start++;
            }
        }
        *item = tuple2(I, ix, x);
        return *item ? GL_OK : I->err.code;
    }
    case IT_CALLABLE: {
        py_val *x;
        if (call1(I, at, it->src, NULL, 0, &x)) return I->err.code;
        if (py_eq(x, it->subs[0])) break;
        *item = x;
        return GL_OK;
    }
    case IT_GEN: case IT_GENEXP:
        return py_gen_next(I, at, it, NULL, item, done);
    }
end:
    it->done = true;
    *done = true;
    *item = NULL;
    return GL_OK;
}

gl_status py_iter_next(py_interp *I, const py_node *at, py_val *itv, py_val **item, bool *done) {
    *item = NULL;
    *done = false;
    if (itv->kind == V_INST) return py_inst_next(I, at, itv, 0, NULL, item, done);   /* next(obj): its __next__ */
    if (itv->kind != V_ITER)
        return py_fail(I, at, GL_E_INVALID, "TypeError: '%s' object is not an iterator", py_type_name(itv)), GL_E_INVALID;
    py_iter *it = itv->u.it;
    if (it->done) {
        *done = true;
        return GL_OK;
    }
    /* the lazy kinds count a step (iter(int, 1) computes nothing the budget sees); a sequence's items are
     * counted by whatever consumes them */
    if (it->kind >= IT_MAP && !py_steps(I, at)) return I->err.code;
    if (!py_enter(I, at, PY_DEPTH_LEVEL)) return I->err.code;   /* the one depth counter (py_guard.c) */
    gl_status st = next_inner(I, at, it, item, done);
    py_leave(I, PY_DEPTH_LEVEL);
    if (st) return I->err.code ? I->err.code : st;
    return GL_OK;
}

gl_status py_iter_list(py_interp *I, const py_node *at, py_val *v, py_val ***items, int *n) {
    if ((v->kind == V_TUPLE || v->kind == V_LIST) && !(py_sub_of(v) && py_sub_method(I, v, py_intern(&I->ar, "__iter__", 8)))) {
        *items = v->u.seq.v;
        *n = v->u.seq.n;
        return GL_OK;
    }
    py_val *it, *l = py_seq(I, V_LIST, 0);
    if (!l || py_iter_open(I, at, v, &it)) return I->err.code;
    for (;;) {
        py_val *x;
        bool d;
        if (py_iter_next(I, at, it, &x, &d)) return I->err.code;
        if (d) break;
        if (py_list_push(I, l, x)) return I->err.code;
    }
    *items = l->u.seq.v;
    *n = l->u.seq.n;
    return GL_OK;
}

/* ---- names and printing */
const char *py_iter_type_name(const py_val *v) {
    if (v->kind == V_VIEW) return v->u.view.which == VIEW_KEYS ? "dict_keys" : v->u.view.which == VIEW_VALUES ? "dict_values" : "dict_items";
    const py_iter *it = v->u.it;
    switch (it->kind) {
    case IT_SEQ: return it->src->kind == V_LIST ? "list_iterator" : "tuple_iterator";
    case IT_STR: {
        const py_val *s = it->src;
        for (size_t i = 0; i < s->u.str.n; i++)
            if ((unsigned char)s->u.str.s[i] >= 0x80) return "str_iterator";
        return "str_ascii_iterator";
    }
    case IT_REVSEQ: return it->src->kind == V_LIST ? "list_reverseiterator" : "reversed";
    case IT_SET: return "set_iterator";
    case IT_DICT:
        if (it->rev) return it->which == VIEW_KEYS ? "dict_reversekeyiterator" : it->which == VIEW_VALUES ? "dict_reversevalueiterator" : "dict_reverseitemiterator";
        return it->which == VIEW_KEYS ? "dict_keyiterator" : it->which == VIEW_VALUES ? "dict_valueiterator" : "dict_itemiterator";
    case IT_RANGE: return "range_iterator";
    case IT_MAP: return "map";
    case IT_FILTER: return "filter";
    case IT_ZIP: return "zip";
    case IT_ENUM: return "enumerate";
    case IT_CALLABLE: return "callable_iterator";
    case IT_OBJ: return it->which ? "iterator" : py_type_name(it->src);
    case IT_GEN: case IT_GENEXP: return "generator";
    }
    return "iterator";
}

int64_t py_view_len(const py_val *v) { return v->u.view.d->u.d->len; }

void py_iter_repr(py_interp *I, gl_sb *sb, const py_val *v, bool repr, int depth) {
    if (v->kind == V_VIEW) {     /* dict_keys(['a', 'b']) */
        py_dict *D = v->u.view.d->u.d;
        gl_sb_printf(sb, "%s([", py_iter_type_name(v));
        py_val *k, *x;
        for (int64_t i = 0, n = 0; dict_entry(D, &i, false, &k, &x); n++) {
            if (n) gl_sb_puts(sb, ", ");
            if (v->u.view.which == VIEW_ITEMS) {
                gl_sb_putc(sb, '(');
                py_repr(I, sb, k, true);
                gl_sb_puts(sb, ", ");
                py_repr(I, sb, x, true);
                gl_sb_putc(sb, ')');
            } else {
                py_repr(I, sb, v->u.view.which == VIEW_KEYS ? k : x, true);
            }
            if (sb->failed) return;
        }
        gl_sb_puts(sb, "])");
        return;
    }
    (void)repr;
    (void)depth;
    /* CPython prints the object's address; a stable fake one keeps outputs reproducible */
    uintptr_t addr = 0x7f0000000000u + (((uintptr_t)v >> 4) & 0xffffffu) * 16u;
    if (v->u.it->kind == IT_GEN || v->u.it->kind == IT_GENEXP)
        gl_sb_printf(sb, "<generator object %s at 0x%llx>", py_gen_name(v->u.it), (unsigned long long)addr);
    else
        gl_sb_printf(sb, "<%s object at 0x%llx>", py_iter_type_name(v), (unsigned long long)addr);
}

/* ---- comparisons and sorting */
gl_status py_less(py_interp *I, const py_node *at, py_val *a, py_val *b, bool *lt) {
    py_val *r = py_compare(I, at, OP_LT, a, b);
    if (!r) return I->err.code;
    return py_truth(I, at, r, lt);
}

/* ---- the builtins */
static bool no_kw(py_interp *I, const py_node *at, const char *fn, py_args *a) {
    if (!a->nkw) return true;
    py_fail(I, at, GL_E_INVALID, "TypeError: %s() takes no keyword arguments", fn);
    return false;
}

/* Keyword arguments by name (only these); false + TypeError on any other. */
static bool kwargs(py_interp *I, const py_node *at, const char *fn, py_args *a, const char *const *names, int nn,
                   py_val **out) {
    for (int i = 0; i < nn; i++) out[i] = NULL;
    for (int k = 0; k < a->nkw; k++) {
        int j = -1;
        for (int i = 0; i < nn; i++)
            if (strcmp(names[i], a->kwn[k]) == 0) j = i;
        if (j < 0) return py_fail(I, at, GL_E_INVALID, "TypeError: '%s' is an invalid keyword argument for %s()", a->kwn[k], fn), false;
        out[j] = a->kwv[k];
    }
    return true;
}

static bool want_index(py_interp *I, const py_node *at, py_val *v, int64_t *out) {
    if (!(v = py_index_of(I, at, v))) return false;
    if (v->kind == V_INT || v->kind == V_BOOL) {
        *out = v->kind == V_INT ? v->u.i : v->u.b;
        return true;
    }
    py_fail(I, at, GL_E_INVALID, "TypeError: '%s' object cannot be interpreted as an integer", py_type_name(v));
    return false;
}

static py_val *minmax(py_interp *I, const py_node *at, bool isMax, py_args *a) {
    const char *fn = isMax ? "max" : "min";
    static const char *nm[] = {"key", "default"};
    py_val *kw[2];
    if (!kwargs(I, at, fn, a, nm, 2, kw)) return NULL;
    py_val *key = kw[0] && kw[0]->kind != V_NONE ? kw[0] : NULL;
    if (a->npos == 0) return py_fail(I, at, GL_E_INVALID, "TypeError: %s expected at least 1 argument, got 0", fn);
    if (a->npos > 1 && kw[1])
        return py_fail(I, at, GL_E_INVALID, "TypeError: Cannot specify a default for %s() with multiple positional arguments", fn);
    py_val *src = a->npos == 1 ? a->pos[0] : NULL, *it = NULL;
    if (src && py_iter_open(I, at, src, &it)) return NULL;
    py_val *best = NULL, *bestk = NULL;
    for (int i = 0;; i++) {
        py_val *x, *k;
        if (it) {
            bool d;
            if (py_iter_next(I, at, it, &x, &d)) return NULL;
            if (d) break;
        } else {
            if (i >= a->npos) break;
            x = a->pos[i];
        }
        if (key) {
            if (call1(I, at, key, &x, 1, &k)) return NULL;
        } else {
            k = x;
        }
        if (!best) {
            best = x;
            bestk = k;
            continue;
        }
        bool better;   /* CPython: max keeps the first of equals (k > best), min too (k < best) */
        py_val *r = py_compare(I, at, isMax ? OP_GT : OP_LT, k, bestk);
        if (!r || py_truth(I, at, r, &better)) return NULL;
        if (better) {
            best = x;
            bestk = k;
        }
    }
    if (best) return best;
    if (kw[1]) return kw[1];
    return py_fail(I, at, GL_E_INVALID, "ValueError: %s() arg is an empty sequence", fn);
}

static py_val *reversed(py_interp *I, const py_node *at, py_val *s) {
    py_val *r;
    switch (s->kind) {
    case V_LIST: case V_TUPLE: case V_STR:
        if (!(r = py_iter_make(I, IT_REVSEQ))) return NULL;
        r->u.it->src = s;
        r->u.it->i = s->kind == V_STR ? (int64_t)s->u.str.n : s->u.seq.n;
        return r;
    case V_RANGE: {       /* range_iterator from the last element down */
        int64_t n = range_len(s->u.r.start, s->u.r.stop, s->u.r.step);
        if (!(r = py_iter_make(I, IT_RANGE))) return NULL;
        r->u.it->n = n;
        r->u.it->start = n ? (int64_t)((uint64_t)s->u.r.start + (uint64_t)(n - 1) * (uint64_t)s->u.r.step) : 0;
        r->u.it->step = -s->u.r.step;   /* step != INT64_MIN: range() refuses it */
        return r;
    }
    case V_DICT: case V_VIEW:
        if (py_iter_open(I, at, s, &r)) return NULL;
        r->u.it->rev = true;
        return r;
    default:
        return py_fail(I, at, GL_E_INVALID, "TypeError: '%s' object is not reversible", py_type_name(s));
    }
}

static py_val *sum(py_interp *I, const py_node *at, py_args *a) {
    static const char *nm[] = {"start"};
    py_val *kw[1], *acc;
    if (!kwargs(I, at, "sum", a, nm, 1, kw)) return NULL;
    if (a->npos < 1) return py_fail(I, at, GL_E_INVALID, "TypeError: sum() takes at least 1 positional argument (0 given)");
    if (a->npos > 2 || (a->npos == 2 && kw[0]))
        return py_fail(I, at, GL_E_INVALID, "TypeError: sum() takes at most 2 arguments (%d given)", a->npos + a->nkw);
    acc = a->npos == 2 ? a->pos[1] : kw[0];
    if (acc && acc->kind == V_STR)
        return py_fail(I, at, GL_E_INVALID, "TypeError: sum() can't sum strings [use ''.join(seq) instead]");
    if (!acc && !(acc = py_int(I, 0))) return NULL;
    py_val *it;
    if (py_iter_open(I, at, a->pos[0], &it)) return NULL;
    for (;;) {      /* item by item: a generator's nodes interleave with the additions, as in CPython */
        py_val *x;
        bool d;
        if (py_iter_next(I, at, it, &x, &d)) return NULL;
        if (d) return acc;
        if (!(acc = py_binop(I, at, OP_ADD, acc, x))) return NULL;
    }
}

/* StopIteration, with the value a generator returned when it has one ("StopIteration: 5"). */
static py_val *stop_iteration(py_interp *I, const py_node *at, py_val *value) {
    if (!value || value->kind == V_NONE) return py_fail(I, at, GL_E_INVALID, "StopIteration");
    gl_sb sb;
    gl_sb_init(&sb);
    py_repr(I, &sb, value, false);
    py_fail(I, at, GL_E_INVALID, "StopIteration: %.200s", sb.buf ? sb.buf : "");
    gl_sb_free(&sb);
    return NULL;
}

py_val *py_iter_builtin(py_interp *I, const py_node *at, int id, py_val *self, py_args *a) {
    py_val *r, *it;
    switch (id) {
    case B_ITER:
        if (!no_kw(I, at, "iter", a)) return NULL;
        if (a->npos < 1 || a->npos > 2)
            return py_fail(I, at, GL_E_INVALID, "TypeError: iter expected %s, got %d", a->npos ? "at most 2 arguments" : "at least 1 argument", a->npos);
        if (a->npos == 2) {
            py_val *f = a->pos[0];
            if (f->kind != V_FUNC && f->kind != V_BUILTIN)
                return py_fail(I, at, GL_E_INVALID, "TypeError: iter(v, w): v must be callable");
            if (!(r = py_iter_make(I, IT_CALLABLE))) return NULL;
            if (!(r->u.it->subs = py_alloc(&I->ar, sizeof(py_val *)))) return py_oom(I);
            r->u.it->src = f;
            r->u.it->subs[0] = a->pos[1];
            r->u.it->nsub = 1;
            return r;
        }
        return py_iter_open(I, at, a->pos[0], &r) ? NULL : r;
    case B_NEXT: {
        if (!no_kw(I, at, "next", a)) return NULL;
        if (a->npos < 1 || a->npos > 2)
            return py_fail(I, at, GL_E_INVALID, "TypeError: next expected %s, got %d", a->npos ? "at most 2 arguments" : "at least 1 argument", a->npos);
        py_val *x, *src = a->pos[0];
        bool d, fresh = src->kind == V_ITER && !src->u.it->done;
        if (py_iter_next(I, at, src, &x, &d)) return NULL;
        if (!d) return x;
        if (a->npos == 2) return a->pos[1];
        return stop_iteration(I, at, fresh && src->u.it->kind == IT_GEN ? py_gen_retval(src->u.it) : NULL);
    }
    case B_MAP: {
        if (!no_kw(I, at, "map", a)) return NULL;
        if (a->npos < 2) return py_fail(I, at, GL_E_INVALID, "TypeError: map() must have at least two arguments.");
        if (!(r = py_iter_make(I, IT_MAP))) return NULL;
        r->u.it->src = a->pos[0];
        r->u.it->nsub = a->npos - 1;
        if (!(r->u.it->subs = py_alloc(&I->ar, sizeof(py_val *) * (size_t)(a->npos - 1)))) return py_oom(I);
        for (int i = 1; i < a->npos; i++)
            if (py_iter_open(I, at, a->pos[i], &r->u.it->subs[i - 1])) return NULL;
        return r;
    }
    case B_FILTER:
        if (!no_kw(I, at, "filter", a)) return NULL;
        if (a->npos != 2) return py_fail(I, at, GL_E_INVALID, "TypeError: filter expected 2 arguments, got %d", a->npos);
        if (!(r = py_iter_make(I, IT_FILTER))) return NULL;
        r->u.it->src = a->pos[0];
        r->u.it->nsub = 1;
        if (!(r->u.it->subs = py_alloc(&I->ar, sizeof(py_val *)))) return py_oom(I);
        return py_iter_open(I, at, a->pos[1], &r->u.it->subs[0]) ? NULL : r;
    case B_ZIP: {
        static const char *nm[] = {"strict"};
        py_val *kw[1];
        bool strict = false;
        if (!kwargs(I, at, "zip", a, nm, 1, kw)) return NULL;
        if (kw[0] && py_truth(I, at, kw[0], &strict)) return NULL;
        if (!(r = py_iter_make(I, IT_ZIP))) return NULL;
        r->u.it->which = strict;
        r->u.it->nsub = a->npos;
        if (!(r->u.it->subs = py_alloc(&I->ar, sizeof(py_val *) * (size_t)(a->npos + 1)))) return py_oom(I);
        for (int i = 0; i < a->npos; i++)
            if (py_iter_open(I, at, a->pos[i], &r->u.it->subs[i])) return NULL;
        return r;
    }
    case B_ENUMERATE: {
        static const char *nm[] = {"iterable", "start"};
        py_val *v[2] = {a->npos > 0 ? a->pos[0] : NULL, a->npos > 1 ? a->pos[1] : NULL};
        if (a->npos > 2) return py_fail(I, at, GL_E_INVALID, "TypeError: enumerate() takes at most 2 arguments (%d given)", a->npos + a->nkw);
        for (int k = 0; k < a->nkw; k++) {
            int j = strcmp(a->kwn[k], nm[0]) == 0 ? 0 : strcmp(a->kwn[k], nm[1]) == 0 ? 1 : -1;
            if (j < 0) return py_fail(I, at, GL_E_INVALID, "TypeError: '%s' is an invalid keyword argument for enumerate()", a->kwn[k]);
            if (v[j]) return py_fail(I, at, GL_E_INVALID, "TypeError: argument for enumerate() given by name ('%s') and position (%d)", nm[j], j + 1);
            v[j] = a->kwv[k];
        }
        if (!v[0]) return py_fail(I, at, GL_E_INVALID, "TypeError: enumerate() missing required argument 'iterable'");
        if (!(r = py_iter_make(I, IT_ENUM))) return NULL;
        if (v[1] && v[1]->kind == V_BIG) r->u.it->src = v[1];
        else if (v[1] && !want_index(I, at, v[1], &r->u.it->start)) return NULL;
        r->u.it->nsub = 1;
        if (!(r->u.it->subs = py_alloc(&I->ar, sizeof(py_val *)))) return py_oom(I);
        return py_iter_open(I, at, v[0], &r->u.it->subs[0]) ? NULL : r;
    }
    case B_REVERSED:
        if (!no_kw(I, at, "reversed", a)) return NULL;
        if (a->npos != 1) return py_fail(I, at, GL_E_INVALID, "TypeError: reversed expected 1 argument, got %d", a->npos);
        return reversed(I, at, a->pos[0]);
    case B_SORTED: {
        static const char *nm[] = {"key", "reverse"};
        py_val *kw[2];
        bool rev = false;
        if (a->npos != 1) return py_fail(I, at, GL_E_INVALID, "TypeError: sorted expected 1 argument, got %d", a->npos);
        if (!kwargs(I, at, "sort", a, nm, 2, kw)) return NULL;
        if (kw[1] && !py_is_int(kw[1]))   /* list.sort's 'i' format: an int (or bool) */
            return py_fail(I, at, GL_E_INVALID, "TypeError: '%s' object cannot be interpreted as an integer", py_type_name(kw[1]));
        if (kw[1] && py_truth(I, at, kw[1], &rev)) return NULL;
        py_val **items;
        int n;
        if (py_iter_list(I, at, a->pos[0], &items, &n)) return NULL;
        if (!(r = py_seq(I, V_LIST, n))) return NULL;
        if (n) memcpy(r->u.seq.v, items, sizeof(py_val *) * (size_t)n);
        return py_sort(I, at, r->u.seq.v, n, kw[0], rev) ? NULL : r;
    }
    case B_ANY: case B_ALL: {
        const char *fn = id == B_ANY ? "any" : "all";
        if (!no_kw(I, at, fn, a)) return NULL;
        if (a->npos != 1) return py_fail(I, at, GL_E_INVALID, "TypeError: %s() takes exactly one argument (%d given)", fn, a->npos);
        if (py_iter_open(I, at, a->pos[0], &it)) return NULL;
        for (;;) {      /* stops consuming at the answer */
            py_val *x;
            bool d, t;
            if (py_iter_next(I, at, it, &x, &d)) return NULL;
            if (d) return py_bool(id == B_ALL);
            if (py_truth(I, at, x, &t)) return NULL;
            if (t == (id == B_ANY)) return py_bool(id == B_ANY);
        }
    }
    case B_SUM: return sum(I, at, a);
    case B_MIN: case B_MAX: return minmax(I, at, id == B_MAX, a);
    case B_G_SEND: {
        if (!no_kw(I, at, "send", a)) return NULL;
        if (a->npos != 1) return py_fail(I, at, GL_E_INVALID, "TypeError: generator.send() takes exactly one argument (%d given)", a->npos);
        py_val *x;
        bool d;
        py_iter *g = self->u.it;
        if (g->done) return stop_iteration(I, at, NULL);
        if (!py_steps(I, at)) return NULL;
        if (py_gen_next(I, at, g, a->pos[0], &x, &d)) return NULL;
        return d ? stop_iteration(I, at, g->kind == IT_GEN ? py_gen_retval(g) : NULL) : x;
    }
    case B_IT_NEXT: case B_IT_ITER: {
        if (a->npos || a->nkw)
            return py_fail(I, at, GL_E_INVALID, "TypeError: expected 0 arguments, got %d", a->npos + a->nkw);
        if (id == B_IT_ITER) return self;
        py_val *x;
        bool d, fresh = !self->u.it->done;
        if (py_iter_next(I, at, self, &x, &d)) return NULL;
        return d ? stop_iteration(I, at, fresh && self->u.it->kind == IT_GEN ? py_gen_retval(self->u.it) : NULL) : x;
    }
    case B_G_CLOSE:
        if (a->npos || a->nkw) return py_fail(I, at, GL_E_INVALID, "TypeError: generator.close() takes no arguments (%d given)", a->npos + a->nkw);
        self->u.it->done = true;
        return &py_None;
    }
    return py_fail(I, at, GL_E_INTERNAL, "unknown builtin");
}
