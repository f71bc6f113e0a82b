/* py_str.h — str as CPython has it: a sequence of Unicode code points, stored as UTF-8 (valid by
 * construction: the source is checked, escapes and chr() encode, every cut is at a code point).
 *
 *   py_unidata.c  GENERATED tables (tools/gen-unidata.py, from CPython 3.11's unicodedata)
 *   py_unicode.c  UTF-8, the tables' lookups (flags, case maps, names), literal escapes, the source check
 *   py_str.c      repr, indexing / slicing / iteration / search by code point, the str methods
 *   py_strtrans.c str.translate / str.maketrans
 *   py_format.c   format specs (format(), f-strings, str.format) and %-formatting */
#ifndef GL_PY_STR_H
#define GL_PY_STR_H

#include "front/py.h"

/* ---------------------------------------------------------------- tables (py_unidata.c) */
enum {
    PY_U_ALPHA = 1, PY_U_DECIMAL = 2, PY_U_DIGIT = 4, PY_U_NUMERIC = 8, PY_U_SPACE = 16, PY_U_UPPER = 32,
    PY_U_LOWER = 64, PY_U_TITLE = 128, PY_U_XIDS = 256, PY_U_XIDC = 512, PY_U_PRINT = 1024, PY_U_CASED = 2048,
    PY_U_CASEIGN = 4096
};
typedef struct { uint32_t start; int32_t count, stride, delta; } py_uni_map;   /* start + k*stride → + delta */
typedef struct { uint32_t cp; int n; uint32_t m[3]; } py_uni_multi;           /* one to many */
typedef struct { const char *prefix; uint32_t first, last; } py_uni_hexrange; /* "PREFIX-XXXX" names */

extern const uint32_t py_uni_run_start[];
extern const uint16_t py_uni_run_flags[];
extern const int py_uni_nruns;
extern const py_uni_map py_uni_upper_runs[], py_uni_lower_runs[], py_uni_title_runs[], py_uni_fold_runs[];
extern const int py_uni_upper_nruns, py_uni_lower_nruns, py_uni_title_nruns, py_uni_fold_nruns;
extern const py_uni_multi py_uni_upper_multi[], py_uni_lower_multi[], py_uni_title_multi[], py_uni_fold_multi[];
extern const int py_uni_upper_nmulti, py_uni_lower_nmulti, py_uni_title_nmulti, py_uni_fold_nmulti;
extern const uint32_t py_uni_zeros[];
extern const int py_uni_nzeros;
extern const uint32_t py_uni_cjk[][2];
extern const int py_uni_ncjk;
extern const py_uni_hexrange py_uni_hexranges[];
extern const int py_uni_nhexranges;
extern const char *const py_uni_names[];
extern const int py_uni_nnames;
extern const char *const py_uni_aliases[];
extern const int py_uni_naliases;

/* ---------------------------------------------------------------- py_unicode.c */
unsigned py_uni_flags(uint32_t c);
enum { PY_MAP_UPPER, PY_MAP_LOWER, PY_MAP_TITLE, PY_MAP_FOLD };
int py_uni_case(int which, uint32_t c, uint32_t out[3]);   /* the full mapping: 1..3 code points */
int py_uni_decimal(uint32_t c);                           /* 0..9, or -1 */
int64_t py_uni_lookup(const char *name, size_t n);        /* \N{name}: the code point, or -1 */

/* UTF-8 (the text is valid: decoding never fails). */
uint32_t py_utf8_get(const char *s, size_t *i);           /* the code point at s[*i]; advances *i */
size_t py_utf8_put(uint32_t c, char *out);                /* 1..4 bytes */
size_t py_utf8_count(const char *s, size_t n);            /* code points in s[0..n) */
/* The byte offset of code point k (k <= count). */
size_t py_utf8_offset(const char *s, size_t n, size_t k);
/* The first byte of the first invalid sequence, or n when s is valid UTF-8 (no surrogates, <= U+10FFFF). */
size_t py_utf8_invalid(const char *s, size_t n);

/* A string literal's body with Python's escapes (non-raw): d holds at least n bytes. On an error, returns
 * false and writes CPython's message ("(unicode error) 'unicodeescape' codec can't decode bytes in position
 * 0-6: unknown Unicode character name") into msg. */
bool py_str_unescape(char *d, const char *s, size_t n, size_t *outn, char *msg, size_t cap);

/* ---------------------------------------------------------------- py_str.c (the interpreter's side) */
size_t py_str_len(const py_val *s);                       /* code points (cached in the value) */
py_val *py_str_item(py_interp *I, const py_node *at, py_val *s, int64_t i);                 /* 0 <= i < len */
py_val *py_str_slice(py_interp *I, const py_node *at, py_val *s, int64_t lo, int64_t st, int64_t cnt);
gl_status py_str_chars(py_interp *I, const py_node *at, py_val *s, py_val ***items, int *n);
/* needle in hay (both str), the search counted against the step budget; false + error when over it. */
bool py_str_contains(py_interp *I, const py_node *at, py_val *hay, py_val *needle, bool *found);
void py_str_repr(gl_sb *sb, const char *s, size_t n, bool ascii);   /* repr() (ascii(): all non-ASCII escaped) */
py_val *py_str_getattr(py_interp *I, const py_node *at, py_val *s, const char *name);
const char *py_str_method_name(int sub);                  /* B_S_METHOD's __name__ */
/* B_S_METHOD (sub: the method) and the builtins above. */
py_val *py_str_call(py_interp *I, const py_node *at, int id, int sub, py_val *self, py_args *a);
/* py_strtrans.c: s.translate(table); str.maketrans(...) (a static method: every argument is in a). */
py_val *py_str_translate(py_interp *I, const py_node *at, py_val *s, py_val *table);
py_val *py_str_maketrans(py_interp *I, const py_node *at, py_args *a);
/* The string of sb (freed) as a str value, or the limit / memory error. */
py_val *py_str_of_sb(py_interp *I, const py_node *at, gl_sb *sb);
/* Counts the work of scanning n bytes against the step budget (one step per 64). */
bool py_str_work(py_interp *I, const py_node *at, size_t n);

/* ---------------------------------------------------------------- py_format.c */
/* format(v, spec) appended to sb; false + error (CPython's message) on a bad spec. */
bool py_format_value(py_interp *I, const py_node *at, gl_sb *sb, py_val *v, const char *spec, size_t n);
/* An f-string's hole: the conversion (0, 's', 'r', 'a') then the spec (NULL: none). */
bool py_fstr_hole(py_interp *I, const py_node *at, gl_sb *sb, py_val *v, int conv, const char *spec, size_t n);
py_val *py_str_mod(py_interp *I, const py_node *at, py_val *fmt, py_val *args);     /* fmt % args */
py_val *py_str_format(py_interp *I, const py_node *at, py_val *fmt, py_args *a, py_val *map);  /* str.format(_map) */

#endif
