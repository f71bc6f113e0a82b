/* py_iter.h — the iterator objects shared by py_iter.c (the protocol, lazy builtins) and py_gen.c
 * (generator functions and generator expressions). Everything else sees a V_ITER value and the three
 * calls in py.h (py_iter_open, py_iter_next, py_iter_list). */
#ifndef GL_PY_ITER_H
#define GL_PY_ITER_H

#include "front/py.h"

typedef enum {
    IT_SEQ,        /* list / tuple: index into the live sequence (a list that grows is seen growing) */
    IT_STR,        /* str: byte offset, one code point (UTF-8) per item */
    IT_DICT,       /* dict / view: entry index; which = keys, values or items */
    IT_RANGE,      /* range: start + i * step for i < n, no allocation */
    IT_REVSEQ,     /* reversed(list / tuple / str): index counting down */
    IT_MAP,        /* map(fn, *its) */
    IT_FILTER,     /* filter(fn or None, it) */
    IT_ZIP,        /* zip(*its, strict=) */
    IT_ENUM,       /* enumerate(it, start) */
    IT_GEN,        /* a generator function's call (py_gen.c) */
    IT_GENEXP,     /* a generator expression (py_gen.c) */
    IT_CALLABLE,   /* iter(fn, sentinel) */
    IT_OBJ,        /* an object of a class: src's __next__ (which 0), or src[i] for i = 0, 1, ... (which 1) (py_class.c) */
    IT_SET         /* set / frozenset: slot index, in table order (cont lane) */
} py_itkind;

typedef struct py_gen py_gen;
typedef struct py_iter py_iter;

struct py_iter {
    py_itkind kind;
    bool done;                    /* exhausted: every later next() is done too (CPython's iterators) */
    py_val *src;                  /* the sequence / str / dict iterated; map / filter: the function;
                                   * enumerate: its counter once past int64 (else start) */
    int64_t i, n;                 /* position, and a bound (range length, dict size at the start) */
    int64_t start, step;          /* range; enumerate's counter in start; IT_DICT: items given so far */
    int which;                    /* IT_DICT: VIEW_*; IT_ZIP: strict */
    bool rev;                     /* IT_DICT: reversed(dict) */
    py_val **subs;                /* map / zip: the argument iterators; filter / enumerate: subs[0] */
    int nsub;
    py_gen *gen;                  /* IT_GEN, IT_GENEXP */
};

py_val *py_iter_make(py_interp *I, py_itkind kind);

/* py_gen.c */
gl_status py_gen_next(py_interp *I, const py_node *at, py_iter *it, py_val *sent, py_val **item, bool *done);
const char *py_gen_name(const py_iter *it);
py_val *py_gen_retval(const py_iter *it);            /* what the generator's return gave (None) */

#endif
