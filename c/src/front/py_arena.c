/* py_arena.c — one bump arena per program run. The AST, every value and every string live in it and
 * die together with it, so no error path has anything to free but the arena (and the few gl_arrays
 * the interpreter tracks). A byte budget turns a runaway program into GL_E_LIMIT, not an OOM. */
#include <stdlib.h>
#include <string.h>

#include "front/py.h"

struct py_chunk {
    py_chunk *next;
    size_t cap, off;
    max_align_t data[];
};

void *py_alloc(py_arena *a, size_t n) {
    n = (n + 15) & ~(size_t)15;
    if (a->over || n > a->limit || a->used > a->limit - n) {
        a->over = true;
        return NULL;
    }
    py_chunk *c = a->head;
    if (!c || c->cap - c->off < n) {
        size_t cap = n > (64u << 10) ? n : (64u << 10);
        c = malloc(sizeof *c + cap);
        if (!c) {
            a->over = a->nomem = true;
            return NULL;
        }
        c->cap = cap;
        c->off = 0;
        c->next = a->head;
        a->head = c;
    }
    void *p = (char *)c->data + c->off;
    c->off += n;
    a->used += n;
    memset(p, 0, n);
    return p;
}

void py_release(py_arena *a, void *p, size_t n) {
    n = (n + 15) & ~(size_t)15;
    if (!p || n <= (64u << 10)) return;
    /* a block over 64 KiB got a chunk of its own (py_alloc): give that chunk back */
    for (py_chunk **pc = &a->head; *pc; pc = &(*pc)->next) {
        py_chunk *c = *pc;
        if ((void *)c->data == p && c->cap == n && c->off == n) {
            *pc = c->next;
            free(c);
            a->used -= n;
            return;
        }
    }
}

char *py_strndup(py_arena *a, const char *s, size_t n) {
    char *p = py_alloc(a, n + 1);
    if (!p) return NULL;
    if (n) memcpy(p, s, n);
    p[n] = 0;
    return p;
}

static size_t hash(const char *s, size_t n) {
    size_t h = 2166136261u;
    for (size_t i = 0; i < n; i++) h = (h ^ (unsigned char)s[i]) * 16777619u;
    return h;
}

const char *py_intern(py_arena *a, const char *s, size_t n) {
    if (a->in * 2 >= a->icap) {
        size_t cap = a->icap ? a->icap * 2 : 256;
        const char **t = py_alloc(a, cap * sizeof *t);
        if (!t) return NULL;
        for (size_t i = 0; i < a->icap; i++)
            if (a->itab[i]) {
                size_t j = hash(a->itab[i], strlen(a->itab[i])) & (cap - 1);
                while (t[j]) j = (j + 1) & (cap - 1);
                t[j] = a->itab[i];
            }
        a->itab = t;
        a->icap = cap;
    }
    size_t j = hash(s, n) & (a->icap - 1);
    while (a->itab[j]) {
        if (strncmp(a->itab[j], s, n) == 0 && a->itab[j][n] == 0) return a->itab[j];
        j = (j + 1) & (a->icap - 1);
    }
    char *p = py_strndup(a, s, n);
    if (!p) return NULL;
    a->itab[j] = p;
    a->in++;
    return p;
}

void py_arena_free(py_arena *a) {
    py_chunk *c = a->head;
    while (c) {
        py_chunk *nx = c->next;
        free(c);
        c = nx;
    }
    a->head = NULL;
    a->itab = NULL;
    a->icap = a->in = 0;
}
