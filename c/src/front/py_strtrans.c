/* py_strtrans.c — str.translate and str.maketrans, with CPython 3.11's results and messages.
 *
 * maketrans builds the dict {code point: code point / str / None} that translate reads; translate looks
 * each code point up in its table (a dict, a class with __getitem__, or a list / tuple / str indexed by the
 * code point): a LookupError (a missing key, an index out of range) keeps the character, None deletes it,
 * an int is a code point, a str is inserted. */
#include <string.h>

#include "front/py.h"
#include "front/py_class.h"
#include "front/py_str.h"

/* table[c]: *out NULL when the table has no entry (LookupError), false on any other error. */
static bool table_get(py_interp *I, const py_node *at, py_val *table, uint32_t c, py_val **out) {
    *out = NULL;
    py_val *k = py_int(I, (int64_t)c);
    if (!k) return false;
    if (table->kind == V_DICT) return py_dict_lookup(I, at, table, k, out) == GL_OK;
    if (table->kind == V_INST) {
        if ((*out = py_inst_getitem(I, at, table, k))) return true;
        if (!py_exc_matches(I, "LookupError")) return false;
        py_exc_clear(I);
        return true;
    }
    if (table->kind == V_LIST || table->kind == V_TUPLE) {
        if ((int64_t)c < table->u.seq.n) *out = table->u.seq.v[c];
        return true;
    }
    if (table->kind == V_STR) {
        if ((size_t)c < py_str_len(table) && !(*out = py_str_item(I, at, table, (int64_t)c))) return false;
        return true;
    }
    return py_fail(I, at, GL_E_INVALID, "TypeError: '%s' object is not subscriptable", py_type_name(table)), false;
}

py_val *py_str_translate(py_interp *I, const py_node *at, py_val *s, py_val *table) {
    gl_sb sb;
    gl_sb_init(&sb);
    const char *p = s->u.str.s;
    size_t n = s->u.str.n, i = 0;
    while (i < n) {
        size_t i0 = i;
        uint32_t c = py_utf8_get(p, &i);
        py_val *m;
        if (!py_str_work(I, at, 64) || !table_get(I, at, table, c, &m)) goto fail;
        if (!m) {
            gl_sb_putn(&sb, p + i0, i - i0);
        } else if (m->kind == V_STR) {
            gl_sb_putn(&sb, m->u.str.s, m->u.str.n);
        } else if (m->kind == V_INT || m->kind == V_BOOL || m->kind == V_BIG) {
            int64_t cp = m->kind == V_INT ? m->u.i : m->kind == V_BOOL ? m->u.b : -1;
            if (cp < 0 || cp > 0x10FFFF) {
                py_fail(I, at, GL_E_INVALID, "ValueError: character mapping must be in range(0x110000)");
                goto fail;
            }
            if (cp >= 0xD800 && cp <= 0xDFFF) {
                py_fail(I, at, GL_E_INVALID, "ValueError: a surrogate (%lld), which GraphLab's UTF-8 strings cannot hold",
                        (long long)cp);
                goto fail;
            }
            char b[4];
            gl_sb_putn(&sb, b, py_utf8_put((uint32_t)cp, b));
        } else if (m->kind != V_NONE) {
            py_fail(I, at, GL_E_INVALID, "TypeError: character mapping must return integer, None or str");
            goto fail;
        }
        if (sb.len > GL_PROGRAM_MAX_SEQ) break;   /* py_str_of_sb says the limit */
    }
    return py_str_of_sb(I, at, &sb);
fail:
    gl_sb_free(&sb);
    return NULL;
}

static uint32_t cp_at(const char *s, size_t *i) { return py_utf8_get(s, i); }

py_val *py_str_maketrans(py_interp *I, const py_node *at, py_args *a) {
    if (a->nkw) return py_fail(I, at, GL_E_INVALID, "TypeError: str.maketrans() takes no keyword arguments");
    if (a->npos < 1) return py_fail(I, at, GL_E_INVALID, "TypeError: maketrans expected at least 1 argument, got 0");
    if (a->npos > 3)
        return py_fail(I, at, GL_E_INVALID, "TypeError: maketrans expected at most 3 arguments, got %d", a->npos);
    py_val *x = a->pos[0], *d = py_dict_new(I);
    if (!d) return NULL;
    if (a->npos == 1) {
        if (x->kind != V_DICT)
            return py_fail(I, at, GL_E_INVALID, "TypeError: if you give only one argument to maketrans it must be a dict");
        int pos = 0;
        py_val *k, *v;
        while (py_dict_next(x, &pos, &k, &v)) {
            if (k->kind == V_STR) {
                if (py_str_len(k) != 1)
                    return py_fail(I, at, GL_E_INVALID, "ValueError: string keys in translate table must be of length 1");
                size_t i = 0;
                if (!(k = py_int(I, cp_at(k->u.str.s, &i)))) return NULL;
            } else if (k->kind != V_INT && k->kind != V_BIG && k->kind != V_BOOL) {
                return py_fail(I, at, GL_E_INVALID, "TypeError: keys in translate table must be strings or integers");
            }
            if (py_dict_set(I, d, k, v)) return NULL;
        }
        return d;
    }
    py_val *y = a->pos[1], *z = a->npos > 2 ? a->pos[2] : NULL;
    if (x->kind != V_STR)
        return py_fail(I, at, GL_E_INVALID, "TypeError: first maketrans argument must be a string if there is a second argument");
    if (y->kind != V_STR)
        return py_fail(I, at, GL_E_INVALID, "TypeError: maketrans() argument 2 must be str, not %s", py_type_name(y));
    if (z && z->kind != V_STR)
        return py_fail(I, at, GL_E_INVALID, "TypeError: maketrans() argument 3 must be str, not %s", py_type_name(z));
    if (py_str_len(x) != py_str_len(y))
        return py_fail(I, at, GL_E_INVALID, "ValueError: the first two maketrans arguments must have equal length");
    size_t i = 0, j = 0;
    while (i < x->u.str.n) {
        py_val *k = py_int(I, cp_at(x->u.str.s, &i)), *v = py_int(I, cp_at(y->u.str.s, &j));
        if (!k || !v || !py_str_work(I, at, 64) || py_dict_set(I, d, k, v)) return NULL;
    }
    for (i = 0; z && i < z->u.str.n;) {
        py_val *k = py_int(I, cp_at(z->u.str.s, &i));
        if (!k || !py_str_work(I, at, 64) || py_dict_set(I, d, k, &py_None)) return NULL;
    }
    return d;
}
