/* attrs.c — the attribute table (graphlab_attrs.h) and the loops over it: printing, equality, CSE keys.
 * Every loop walks the table in order and switches on the key's kind, never on the key. */
#include <math.h>
#include <string.h>

#include "exec/numfmt.h"
#include "ir/attrs.h"

const gl_attr_info gl_attr_table[GL_A_COUNT] = {
#define GL_ATTR(E, key, kind, field, lo, hi) \
    [GL_A_BIT_##E] = {key, GL_A_##E, GL_AK_##kind, offsetof(gl_attrs, field), lo, hi},
#include "graphlab_attrs.h"
#undef GL_ATTR
};

static const gl_attr_info *info_of(unsigned bit) {
    for (int i = 0; i < GL_A_COUNT; i++)
        if (gl_attr_table[i].bit == bit) return &gl_attr_table[i];
    return NULL;
}

/* ---- Python text */
static void put_py(gl_sb *sb, const gl_attrs *a, const gl_attr_info *t) {
    char buf[GL_MAX_RANK * 24 + 8];
    switch (t->kind) {
    case GL_AK_INT: gl_sb_printf(sb, "%d", *GL_ATTR_CPTR(a, t, int)); break;
    case GL_AK_BOOL: gl_sb_puts(sb, *GL_ATTR_CPTR(a, t, bool) ? "True" : "False"); break;
    case GL_AK_PERM:
        gl_sb_putc(sb, '(');
        for (int i = 0; i < a->nperm && i < GL_MAX_RANK; i++) gl_sb_printf(sb, "%s%d", i ? ", " : "", a->perm[i]);
        gl_sb_puts(sb, a->nperm == 1 ? ",)" : ")");
        break;
    case GL_AK_SHAPE: gl_sb_puts(sb, gl_shape_str(GL_ATTR_CPTR(a, t, gl_shape), buf, sizeof buf)); break;
    case GL_AK_F64: gl_sb_double(sb, *GL_ATTR_CPTR(a, t, double)); break;
    case GL_AK_I64: gl_sb_printf(sb, "%lld", (long long)*GL_ATTR_CPTR(a, t, int64_t)); break;
    case GL_AK_DIM: {
        const gl_dim *d = GL_ATTR_CPTR(a, t, gl_dim);
        if (gl_dim_is_sym(*d)) gl_sb_puts(sb, d->sym);
        else gl_sb_printf(sb, "%lld", (long long)d->n);
        break;
    }
    case GL_AK_FMT: gl_sb_printf(sb, "'%s'", gl_numfmt_name((gl_numfmt)*GL_ATTR_CPTR(a, t, int))); break;
    }
}

void gl_attr_put_py(gl_sb *sb, const gl_attrs *a, unsigned bit) {
    const gl_attr_info *t = info_of(bit);
    if (t) put_py(sb, a, t);
}

void gl_attrs_put_py(gl_sb *sb, const gl_attrs *a, unsigned mask) {
    bool first = true;
    for (int i = 0; i < GL_A_COUNT; i++) {
        const gl_attr_info *t = &gl_attr_table[i];
        if (!(a->has & mask & t->bit)) continue;
        gl_sb_printf(sb, "%s%s=", first ? "" : ", ", t->key);
        first = false;
        put_py(sb, a, t);
    }
}

/* ---- equality: == on every value (NaN != NaN, 0.0 == -0.0) */
static bool value_eq(const gl_attrs *a, const gl_attrs *b, const gl_attr_info *t) {
    switch (t->kind) {
    case GL_AK_INT: return *GL_ATTR_CPTR(a, t, int) == *GL_ATTR_CPTR(b, t, int);
    case GL_AK_BOOL: return *GL_ATTR_CPTR(a, t, bool) == *GL_ATTR_CPTR(b, t, bool);
    case GL_AK_PERM:
        if (a->nperm != b->nperm) return false;
        for (int k = 0; k < a->nperm && k < GL_MAX_RANK; k++)
            if (a->perm[k] != b->perm[k]) return false;
        return true;
    case GL_AK_SHAPE: return gl_shape_eq(GL_ATTR_CPTR(a, t, gl_shape), GL_ATTR_CPTR(b, t, gl_shape));
    case GL_AK_F64: return *GL_ATTR_CPTR(a, t, double) == *GL_ATTR_CPTR(b, t, double);
    case GL_AK_I64: return *GL_ATTR_CPTR(a, t, int64_t) == *GL_ATTR_CPTR(b, t, int64_t);
    case GL_AK_DIM: return gl_dim_eq(*GL_ATTR_CPTR(a, t, gl_dim), *GL_ATTR_CPTR(b, t, gl_dim));
    case GL_AK_FMT: return *GL_ATTR_CPTR(a, t, int) == *GL_ATTR_CPTR(b, t, int);
    }
    return false;
}

bool gl_attrs_eq(const gl_attrs *a, const gl_attrs *b) {
    if (a->has != b->has) return false;
    for (int i = 0; i < GL_A_COUNT; i++)
        if ((a->has & gl_attr_table[i].bit) && !value_eq(a, b, &gl_attr_table[i])) return false;
    return true;
}

/* ---- CSE keys: str(attrs) equality */
static uint64_t dbits(double v) {
    uint64_t u;
    memcpy(&u, &v, sizeof u);
    return u;
}

/* str(a) == str(b): repr round-trips, so equal text means equal bits, except every NaN prints "nan". */
static bool repr_eq(double a, double b) {
    if (isnan(a) || isnan(b)) return isnan(a) && isnan(b);
    return dbits(a) == dbits(b);
}

static uint64_t repr_hash(double v) { return isnan(v) ? 0x7ff8000000000000ull : dbits(v); }

static uint64_t dim_hash(gl_dim d) {
    if (!gl_dim_is_sym(d)) return (uint64_t)d.n;
    uint64_t h = 0xcbf29ce484222325ull;
    for (int i = 0; i < GL_SYM_MAX && d.sym[i]; i++) h = (h ^ (unsigned char)d.sym[i]) * 0x100000001b3ull;
    return h ^ 0x5555;
}

/* str(d) equality for a dim (an int or a symbol) */
static bool dim_str_eq(gl_dim a, gl_dim b) { return gl_dim_is_sym(a) == gl_dim_is_sym(b) && gl_dim_eq(a, b); }

uint64_t gl_attrs_hash(const gl_attrs *a) {
    uint64_t x = gl_hash_mix(0, a->has);
    if (!a->has) return x;                       /* most nodes: {} */
    for (int i = 0; i < GL_A_COUNT; i++) {
        const gl_attr_info *t = &gl_attr_table[i];
        if (!(a->has & t->bit)) continue;
        switch (t->kind) {
        case GL_AK_INT: x = gl_hash_mix(x, (uint64_t)(int64_t)*GL_ATTR_CPTR(a, t, int)); break;
        case GL_AK_BOOL: x = gl_hash_mix(x, *GL_ATTR_CPTR(a, t, bool)); break;
        case GL_AK_PERM:
            x = gl_hash_mix(x, (uint64_t)a->nperm);
            for (int k = 0; k < a->nperm && k < GL_MAX_RANK; k++) x = gl_hash_mix(x, (uint64_t)(int64_t)a->perm[k]);
            break;
        case GL_AK_SHAPE: {
            const gl_shape *s = GL_ATTR_CPTR(a, t, gl_shape);
            x = gl_hash_mix(x, (uint64_t)s->rank);
            for (int k = 0; k < s->rank && k < GL_MAX_RANK; k++) x = gl_hash_mix(x, dim_hash(s->d[k]));
            break;
        }
        case GL_AK_F64: x = gl_hash_mix(x, repr_hash(*GL_ATTR_CPTR(a, t, double))); break;
        case GL_AK_I64: x = gl_hash_mix(x, (uint64_t)*GL_ATTR_CPTR(a, t, int64_t)); break;
        case GL_AK_DIM: x = gl_hash_mix(x, dim_hash(*GL_ATTR_CPTR(a, t, gl_dim))); break;
        case GL_AK_FMT: x = gl_hash_mix(x, (uint64_t)(int64_t)*GL_ATTR_CPTR(a, t, int)); break;
        }
    }
    return x;
}

bool gl_attrs_key_eq(const gl_attrs *a, const gl_attrs *b) {
    if (a == b) return true;                     /* one pool item (NaN's str() equals itself too) */
    if (a->has != b->has) return false;
    for (int i = 0; i < GL_A_COUNT; i++) {
        const gl_attr_info *t = &gl_attr_table[i];
        if (!(a->has & t->bit)) continue;
        bool eq;
        switch (t->kind) {
        case GL_AK_F64: eq = repr_eq(*GL_ATTR_CPTR(a, t, double), *GL_ATTR_CPTR(b, t, double)); break;
        case GL_AK_SHAPE: {
            const gl_shape *x = GL_ATTR_CPTR(a, t, gl_shape), *y = GL_ATTR_CPTR(b, t, gl_shape);
            eq = x->rank == y->rank;
            for (int k = 0; eq && k < x->rank && k < GL_MAX_RANK; k++) eq = dim_str_eq(x->d[k], y->d[k]);
            break;
        }
        case GL_AK_DIM: eq = dim_str_eq(*GL_ATTR_CPTR(a, t, gl_dim), *GL_ATTR_CPTR(b, t, gl_dim)); break;
        default: eq = value_eq(a, b, t); break;     /* ints, bools, perms: == is str() equality */
        }
        if (!eq) return false;
    }
    return true;
}
