/* scratch.h — one heap block carved into a call's working arrays (fuse, lifetimes, plans), so a call makes
 * one allocation instead of one per array. Lay the arrays out twice with the same calls: first with
 * base == NULL to measure (gl_scratch_take returns NULL, only the size grows), then over the block.
 * Arrays are 16-byte aligned; a size that overflows size_t makes the layout fail (size SIZE_MAX). */
#ifndef GL_BACKEND_SCRATCH_H
#define GL_BACKEND_SCRATCH_H
#include <stdint.h>
#include <stddef.h>

typedef struct {
    char *base;                   /* NULL while measuring */
    size_t size;
} gl_scratch;

static inline void *gl_scratch_take(gl_scratch *s, size_t n, size_t elem) {
    if (s->size == SIZE_MAX) return NULL;
    size_t at = (s->size + 15) & ~(size_t)15;
    if (at < s->size || (elem && n > (SIZE_MAX - at) / elem) || at + n * elem == SIZE_MAX) {
        s->size = SIZE_MAX;
        return NULL;
    }
    s->size = at + n * elem;
    return s->base ? s->base + at : NULL;
}
#endif
