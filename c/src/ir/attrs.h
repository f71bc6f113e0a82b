/* attrs.h — what the attribute table (graphlab_attrs.h) gives the core: each key's name, kind and place in
 * gl_attrs, and the loops over it that print, compare and hash attrs (JSON: io/graph_json.c). */
#ifndef GL_ATTRS_H
#define GL_ATTRS_H

#include <stddef.h>
#include <stdint.h>

#include "ir/util.h"

typedef enum { GL_AK_INT, GL_AK_BOOL, GL_AK_PERM, GL_AK_SHAPE, GL_AK_F64, GL_AK_I64, GL_AK_DIM, GL_AK_FMT } gl_attr_kind;

typedef struct {
    const char *key;
    unsigned bit;
    gl_attr_kind kind;
    size_t off;                   /* offsetof(gl_attrs, field); a PERM's count is gl_attrs.nperm */
    int64_t lo, hi;               /* accepted range when read (INT, I64, each PERM entry) */
} gl_attr_info;

extern const gl_attr_info gl_attr_table[GL_A_COUNT];

/* The value of one attr by its table row (the pointer's type follows the row's kind). */
#define GL_ATTR_PTR(a, info, type) ((type *)(void *)((char *)(a) + (info)->off))
#define GL_ATTR_CPTR(a, info, type) ((const type *)(const void *)((const char *)(a) + (info)->off))

/* One attr's value the way Python prints it (the reference's text printer and codegen): 3, True, (0, 2, 1),
 * (2, 'S', 8), 1e-05; a symbolic pos as its name. The value is written whether or not `has` holds it. */
void gl_attr_put_py(gl_sb *sb, const gl_attrs *a, unsigned bit);
/* "axis=-1, keepdims=True" for the keys of a in `mask`, table order (the printer: mask without value). */
void gl_attrs_put_py(gl_sb *sb, const gl_attrs *a, unsigned mask);

/* CSE keys (the reference keys nodes by str(attrs)): floats equal when their repr is (0.0 and -0.0 apart,
 * NaN equal to NaN), dims when their text is. gl_attrs_hash agrees with gl_attrs_key_eq. */
bool gl_attrs_key_eq(const gl_attrs *a, const gl_attrs *b);
uint64_t gl_attrs_hash(const gl_attrs *a);
static inline uint64_t gl_hash_mix(uint64_t h, uint64_t v) {   /* inline: CSE mixes a few words per node */
    h ^= v + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2);
    h *= 0xff51afd7ed558ccdull;
    return h ^ (h >> 33);
}

#endif
