/* np_sum.h — numpy's summation of a contiguous run, the one copy of it: the interpreter (eval.c) and the
 * generated C programs' runtime (codegen/runtime.c, which the Makefile embeds with this file spliced in where it
 * is included) must add in exactly numpy's order, or their sums differ from the reference's in the last bits.
 * numpy's pairwise_sum: a plain loop under 8 elements, 8 accumulators up to 128, halves (a multiple of 8)
 * above; np.sum applies it to its 8192-element buffers in order. Self-contained (only <stdint.h>), static. */
#ifndef GL_NP_SUM_H
#define GL_NP_SUM_H
#include <stdint.h>

static double np_pairwise_sum(const double *a, int64_t n) {
    if (n < 8) {
        double res = 0.0;
        for (int64_t i = 0; i < n; i++) res += a[i];
        return res;
    }
    if (n <= 128) {
        double r[8];
        for (int j = 0; j < 8; j++) r[j] = a[j];
        int64_t i;
        for (i = 8; i < n - (n % 8); i += 8)
            for (int j = 0; j < 8; j++) r[j] += a[i + j];
        double res = ((r[0] + r[1]) + (r[2] + r[3])) + ((r[4] + r[5]) + (r[6] + r[7]));
        for (; i < n; i++) res += a[i];
        return res;
    }
    int64_t n2 = n / 2;
    n2 -= n2 % 8;
    return np_pairwise_sum(a, n2) + np_pairwise_sum(a + n2, n - n2);
}

/* np.sum of a contiguous run: pairwise within numpy's 8192-element buffers, buffers in order. */
static double np_sum(const double *a, int64_t n) {
    double res = 0.0;
    for (int64_t i = 0; i < n; i += 8192) res += np_pairwise_sum(a + i, n - i < 8192 ? n - i : 8192);
    return res;
}
#endif
