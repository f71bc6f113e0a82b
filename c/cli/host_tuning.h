/* host_tuning.h — process-level tuning for native hosts (the CLI, the benchmarks), not the library.
 *
 * Each pass builds a fresh graph and frees the previous one, and a case keeps every stage's graph for
 * its output. With glibc's defaults, large blocks go back to the OS on free and every new page costs a
 * fault that the kernel must zero: page faults were the largest single cost of the analysis (a 32-layer
 * case: ~2,200 faults, about two thirds of its compute time). So:
 *  - freed memory stays in the heap (no mmap for big blocks, no trimming), and
 *  - on Linux the heap grows once by 64 MiB, marked for transparent huge pages, so first touches fault
 *    2 MiB at a time instead of 4 KiB (~590 faults; measured 19–25 ms → 7–11 ms cold), and
 *  - its first 8 MiB (a 32-layer case's working memory, a 126-layer case's most used) are touched here,
 *    at start-up, so the first computation faults no fresh pages (~400 faults, about half of a first
 *    32-layer computation's time) and runs about as fast as the warm ones. That moves a few hundred µs
 *    into process start (the benchmarks' "start"); the pages are reused by every computation after.
 * Other libcs (WASI's, Emscripten's) keep one linear heap anyway; there this does nothing.
 * Includers define _DEFAULT_SOURCE before any system header (sbrk, madvise). */
#ifndef GL_HOST_TUNING_H
#define GL_HOST_TUNING_H
#if defined(__GLIBC__)
#include <malloc.h>
#include <stdint.h>
#include <stdlib.h>
#if defined(__linux__)
#include <sys/mman.h>
#include <unistd.h>
#endif
static inline void gl_host_tune_allocator(void) {
    mallopt(M_MMAP_THRESHOLD, 32 << 20);    /* glibc's maximum on 64-bit hosts */
    mallopt(M_TRIM_THRESHOLD, 512 << 20);
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    const size_t pad = (size_t)64 << 20, huge = (size_t)2 << 20;
    mallopt(M_TOP_PAD, (int)pad);           /* the next heap growth reserves 64 MiB at once ... */
    void *p = malloc((size_t)1 << 20);      /* ... and this forces it now */
    if (p) {
        uintptr_t lo = ((uintptr_t)p + huge - 1) & ~(uintptr_t)(huge - 1);
        uintptr_t hi = (uintptr_t)sbrk(0) & ~(uintptr_t)(huge - 1);
        if (hi > lo) madvise((void *)lo, hi - lo, MADV_HUGEPAGE);   /* advice only: failure is harmless */
        free(p);
    }
    const size_t reserve = (size_t)8 << 20;
    volatile char *q = malloc(reserve);      /* from the top of the heap: where the computations allocate */
    if (q) {
        for (size_t i = 0; i < reserve; i += 4096) q[i] = 0;
        free((void *)q);
    }
#endif
}
#else
static inline void gl_host_tune_allocator(void) {}
#endif
#endif
