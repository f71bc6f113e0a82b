/* host_tuning.h — process-level tuning for native hosts (the CLI, the benchmarks), not the library.
 *
 * Each pass builds a fresh graph and frees the previous one. With glibc's defaults, blocks above the
 * mmap threshold go back to the OS on free and come back as zeroed pages on the next allocation, so page
 * faults were the largest single cost of the analysis. Keeping freed memory in the heap removes them.
 * Other libcs (WASI's, Emscripten's) keep one linear heap anyway. */
#ifndef GL_HOST_TUNING_H
#define GL_HOST_TUNING_H
#if defined(__GLIBC__)
#include <malloc.h>
static inline void gl_host_tune_allocator(void) {
    mallopt(M_MMAP_THRESHOLD, 32 << 20);    /* glibc's maximum on 64-bit hosts */
    mallopt(M_TRIM_THRESHOLD, 256 << 20);
}
#else
static inline void gl_host_tune_allocator(void) {}
#endif
#endif
