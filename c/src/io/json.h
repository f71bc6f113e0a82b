/* json.h — a small JSON reader and base64 float64 arrays, for case files.
 *
 * gl_json_parse reads the text in one strict pass (JSON, plus the Infinity / -Infinity / NaN that
 * Python's json writes) into a flat pre-order token array; malformed input fails with GL_E_PARSE and a
 * line/column. Every string must be valid UTF-8 and its escapes valid Unicode: raw invalid bytes and lone
 * surrogate escapes (\ud800 without its low half, which Python's json accepts but no UTF-8 encoder can
 * write) fail with "invalid UTF-8 at byte offset N". Tokens are addressed by index; -1 means "absent".
 *
 * Getters take a field path ("config.d") used in error messages, which always name the field and echo
 * the offending value, e.g. `config.d must be an integer, got 12.5`.
 */
#ifndef GL_JSON_H
#define GL_JSON_H

#include "io/field_limits.h"
#include "ir/util.h"

typedef enum { GL_J_OBJ, GL_J_ARR, GL_J_STR, GL_J_NUM, GL_J_TRUE, GL_J_FALSE, GL_J_NULL } gl_jtype;

typedef struct {
    gl_jtype type;
    int start, end;   /* byte range in the source (strings: inside the quotes) */
    int size;         /* objects: keys; arrays: elements */
    int next;         /* index of the first token after this token's subtree */
} gl_jtok;

typedef struct {
    const char *src;
    size_t len;
    gl_jtok *t;
    int n;
} gl_json;

#define GL_JSON_MAX_DEPTH 256
#define GL_JSON_MAX_BYTES GL_MAX_INPUT_BYTES

typedef struct {
    /* Top-level keys whose values are read. The value of any other top-level key is validated but not
     * tokenized: it becomes one null token, so ignored keys cost no memory. NULL: every key is read. */
    const char *const *keep;
    int max_values;   /* at most this many tokens (GL_E_LIMIT beyond); 0: no limit */
} gl_json_opts;

gl_status gl_json_parse(gl_json *j, const char *src, size_t len, gl_err *e);   /* opts NULL */
gl_status gl_json_parse_ex(gl_json *j, const char *src, size_t len, const gl_json_opts *opts, gl_err *e);
void gl_json_free(gl_json *j);                                  /* NULL-safe; zeroes j */

const char *gl_json_type_name(gl_jtype t);                      /* "object", "number", ... */
/* The value token of key in object obj (the last one if repeated, as Python does), or -1. */
int gl_json_get(const gl_json *j, int obj, const char *key);
/* Element i of array arr, or -1. */
int gl_json_at(const gl_json *j, int arr, int i);
/* Object iteration: key tokens (the value is key + 1). -1 at the end. */
int gl_json_key_first(const gl_json *j, int obj);
int gl_json_key_next(const gl_json *j, int obj, int key);
/* Array iteration: element tokens. */
int gl_json_elem_first(const gl_json *j, int arr);
int gl_json_elem_next(const gl_json *j, int arr, int elem);
/* Does string token tok equal s (after unescaping)? */
bool gl_json_str_eq(const gl_json *j, int tok, const char *s);
/* Writes up to cap-1 bytes of the token's source text (strings quoted) into buf, with "..." when cut. */
char *gl_json_snippet(const gl_json *j, int tok, char *buf, size_t cap);

/* Typed getters. field names the value in messages. tok must be a valid index. */
bool gl_json_is_null(const gl_json *j, int tok);
gl_status gl_json_num(const gl_json *j, int tok, const char *field, double *out, gl_err *e);
/* An integer-valued number (12 or 12.0 or 1e3) that fits in int64; rejects 12.5, true, "12". */
gl_status gl_json_int(const gl_json *j, int tok, const char *field, int64_t *out, gl_err *e);
gl_status gl_json_bool(const gl_json *j, int tok, const char *field, bool *out, gl_err *e);
/* Unescaped string into buf (cap bytes incl. NUL); too long → GL_E_INVALID naming the field. */
gl_status gl_json_str(const gl_json *j, int tok, const char *field, char *buf, size_t cap, gl_err *e);
/* Unescaped string into *out, malloc'd (free()). */
gl_status gl_json_strdup(const gl_json *j, int tok, const char *field, char **out, gl_err *e);
/* Fails with "<field> must be <what>, got <snippet>" unless tok has type t. */
gl_status gl_json_expect(const gl_json *j, int tok, gl_jtype t, const char *field, gl_err *e);

/* ---- base64 of little-endian float64 (C order), the fixtures' {shape, f64} arrays */
/* Decodes base64 text s[0..n) (standard alphabet, '=' padding) into exactly count doubles. Messages
 * name the field and say what is wrong (bad character, bad length, wrong element count). */
gl_status gl_b64_decode_f64(const char *s, size_t n, double *out, int64_t count, const char *field,
                            gl_err *e);
/* Appends the base64 of count doubles (little-endian) to sb, without quotes. */
void gl_b64_put_f64(gl_sb *sb, const double *v, int64_t count);

/* Reads {"shape": [...], "f64": "base64"} into a new array *out (refs = 1). */
gl_status gl_json_array_f64(const gl_json *j, int tok, const char *field, gl_array **out, gl_err *e);
/* Reads a shape array of non-negative integers (rank <= GL_MAX_RANK). */
gl_status gl_json_shape(const gl_json *j, int tok, const char *field, int *rank, int64_t *dims, gl_err *e);
/* Appends {"shape": [...], "f64": "..."} for a. */
void gl_json_put_array_f64(gl_sb *sb, const gl_array *a);

#endif
