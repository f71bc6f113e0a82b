/* runtime.c — the runtime of the C programs gl_codegen_c writes (codegen.c): float64 tensors in C order with
 * the interpreter's numpy semantics and operation order (broadcasting, numpy's pairwise summation, k-order
 * matmul, softmax, rms_norm, kv_write, flash_attn), one helper t_<op> per op of the op table (its `chelper`
 * column). A real C file so that it is compiled with warnings on its own (make test-c); the Makefile embeds
 * it as a string (build/gen/codegen_runtime.h) that every generated program starts with. */
#if defined(__GNUC__) || defined(__clang__)
#pragma GCC diagnostic ignored "-Wunused-function"
#endif
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- runtime: float64 tensors in C order, numpy semantics (as GraphLab's interpreter) */
#define MAXR 8
typedef struct { int r; int64_t d[MAXR]; int64_t n; double *p; int own; } T;

static void die(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    fputs("compiled: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    exit(1);
}

static const char *shape_str(int r, const int64_t *d, char *buf, size_t cap) {
    size_t k = 0;
    k += (size_t)snprintf(buf + k, cap - k, "(");
    for (int i = 0; i < r && k < cap; i++) k += (size_t)snprintf(buf + k, cap - k, "%s%lld", i ? ", " : "", (long long)d[i]);
    if (k < cap) snprintf(buf + k, cap - k, r == 1 ? ",)" : ")");
    return buf;
}

static T t_new(int r, const int64_t *d) {
    T t;
    memset(&t, 0, sizeof t);
    t.r = r;
    t.n = 1;
    for (int i = 0; i < r; i++) {
        if (d[i] < 0) die("negative dimension %lld", (long long)d[i]);
        if (d[i] && t.n > INT64_MAX / d[i]) die("tensor too large");
        t.d[i] = d[i];
        t.n *= d[i];
    }
    if ((uint64_t)t.n > SIZE_MAX / sizeof(double)) die("tensor too large");
    t.p = calloc(t.n ? (size_t)t.n : 1, sizeof(double));
    if (!t.p) die("out of memory (%lld float64 values)", (long long)t.n);
    t.own = 1;
    return t;
}

static T t_static(const double *p, int r, const int64_t *d) {
    T t;
    memset(&t, 0, sizeof t);
    t.r = r;
    t.n = 1;
    for (int i = 0; i < r; i++) {
        t.d[i] = d[i];
        t.n *= d[i];
    }
    t.p = (double *)p;
    return t;
}

static void t_free(T *t) {
    if (t->own) free(t->p);
    t->p = NULL;
    t->own = 0;
}

static void t_check(const T *t, int r, const int64_t *d, int id) {
    int ok = t->r == r;
    for (int i = 0; ok && i < r; i++) ok = t->d[i] == d[i];
    if (!ok) {
        char a[200], b[200];
        die("node %d: computed shape %s, the graph says %s", id, shape_str(t->r, t->d, a, sizeof a),
            shape_str(r, d, b, sizeof b));
    }
}

static T t_copy(const T *x) {
    T o = t_new(x->r, x->d);
    if (x->n) memcpy(o.p, x->p, (size_t)x->n * sizeof(double));
    return o;
}

/* ---- inputs and outputs: little-endian float64 */
static unsigned char *read_all(const char *path, size_t *len) {
    FILE *f = path ? fopen(path, "rb") : stdin;
    if (!f) die("cannot open %s", path);
    size_t cap = 1 << 16, n = 0;
    unsigned char *buf = malloc(cap);
    if (!buf) die("out of memory");
    for (;;) {
        if (n == cap) {
            unsigned char *nb = cap <= SIZE_MAX / 2 ? realloc(buf, cap * 2) : NULL;
            if (!nb) die("out of memory reading the inputs");
            buf = nb;
            cap *= 2;
        }
        size_t got = fread(buf + n, 1, cap - n, f);
        n += got;
        if (got == 0) break;
    }
    if (ferror(f)) die("cannot read the inputs");
    if (path) fclose(f);
    *len = n;
    return buf;
}

static double get_f64(const unsigned char *b) {
    uint64_t u = 0;
    for (int i = 7; i >= 0; i--) u = (u << 8) | b[i];
    double v;
    memcpy(&v, &u, sizeof v);
    return v;
}

static T t_input(const unsigned char *buf, size_t len, size_t *off, int r, const int64_t *d, const char *name) {
    T t = t_new(r, d);
    if ((uint64_t)t.n > (len - *off) / 8) {
        char s[200];
        die("input '%s' %s needs %lld float64 values, only %zu bytes are left", name, shape_str(r, d, s, sizeof s),
            (long long)t.n, len - *off);
    }
    for (int64_t i = 0; i < t.n; i++) t.p[i] = get_f64(buf + *off + 8 * i);
    *off += (size_t)t.n * 8;
    return t;
}

static void t_write(const T *t, int text, int k, int id) {
    if (text) {
        char s[200];
        printf("# output %d (node %d) %s\n", k, id, shape_str(t->r, t->d, s, sizeof s));
        for (int64_t i = 0; i < t->n; i++) printf("%a\n", t->p[i]);
        return;
    }
    unsigned char b[8];
    for (int64_t i = 0; i < t->n; i++) {
        uint64_t u;
        memcpy(&u, &t->p[i], sizeof u);
        for (int j = 0; j < 8; j++) b[j] = (unsigned char)(u >> (8 * j));
        if (fwrite(b, 1, 8, stdout) != 8) die("cannot write the outputs");
    }
}

/* ---- pointwise */
/* odometer over the first r dims: advances idx and both offsets by their strides; 0 when done */
static int next_index(int r, int64_t *idx, const int64_t *d, const int64_t *sa, const int64_t *sb,
                      int64_t *oa, int64_t *ob) {
    for (int i = r - 1; i >= 0; i--) {
        *oa += sa[i];
        *ob += sb[i];
        if (++idx[i] < d[i]) return 1;
        *oa -= sa[i] * d[i];
        *ob -= sb[i] * d[i];
        idx[i] = 0;
    }
    return 0;
}

enum { B_ADD, B_SUB, B_MUL, B_DIV, B_MAXIMUM, B_GT, B_LT };
#define NP_MAX(x, y) (((x) > (y) || (x) != (x)) ? (x) : (y))
#define BIN_LOOP(EXPR) for (int64_t k = 0; k < n; k++) { double x = pa[k * ia], y = pb[k * ib]; out[k] = (EXPR); }

/* a (op) b with numpy broadcasting */
static T t_bin(int op, const T *a, const T *b, int id) {
    int r = a->r > b->r ? a->r : b->r;
    int64_t d[MAXR], sa[MAXR], sb[MAXR], ta = 1, tb = 1;
    for (int i = r - 1; i >= 0; i--) {
        int ja = i - (r - a->r), jb = i - (r - b->r);
        int64_t xa = ja >= 0 ? a->d[ja] : 1, xb = jb >= 0 ? b->d[jb] : 1;
        if (xa != xb && xa != 1 && xb != 1) {
            char s1[200], s2[200];
            die("node %d: shapes %s and %s do not broadcast", id, shape_str(a->r, a->d, s1, sizeof s1),
                shape_str(b->r, b->d, s2, sizeof s2));
        }
        d[i] = xa == 1 ? xb : xa;
        sa[i] = xa == 1 ? 0 : ta;
        sb[i] = xb == 1 ? 0 : tb;
        ta *= xa;
        tb *= xb;
    }
    T o = t_new(r, d);
    if (o.n == 0) return o;
    int64_t idx[MAXR] = {0}, oa = 0, ob = 0;
    const int64_t n = r ? d[r - 1] : 1, ia = r ? sa[r - 1] : 0, ib = r ? sb[r - 1] : 0;
    double *out = o.p;
    for (;;) {
        const double *pa = a->p + oa, *pb = b->p + ob;
        switch (op) {
        case B_ADD: BIN_LOOP(x + y) break;
        case B_SUB: BIN_LOOP(x - y) break;
        case B_MUL: BIN_LOOP(x * y) break;
        case B_DIV: BIN_LOOP(x / y) break;
        case B_MAXIMUM: BIN_LOOP(NP_MAX(x, y)) break;
        case B_GT: BIN_LOOP(x > y ? 1.0 : 0.0) break;
        default: BIN_LOOP(x < y ? 1.0 : 0.0) break;
        }
        out += n;
        if (!next_index(r - 1, idx, d, sa, sb, &oa, &ob)) break;
    }
    return o;
}

enum { U_NEG, U_EXP, U_LOG, U_TANH, U_SQRT, U_RSQRT, U_RECIP, U_SILU, U_GELU };
static T t_un(int op, const T *x) {
    T o = t_new(x->r, x->d);
    const double *s = x->p;
    double *q = o.p;
    const int64_t n = x->n;
    switch (op) {
    case U_NEG: for (int64_t i = 0; i < n; i++) q[i] = -s[i]; break;
    case U_EXP: for (int64_t i = 0; i < n; i++) q[i] = exp(s[i]); break;
    case U_LOG: for (int64_t i = 0; i < n; i++) q[i] = log(s[i]); break;
    case U_TANH: for (int64_t i = 0; i < n; i++) q[i] = tanh(s[i]); break;
    case U_SQRT: for (int64_t i = 0; i < n; i++) q[i] = sqrt(s[i]); break;
    case U_RSQRT: for (int64_t i = 0; i < n; i++) q[i] = 1.0 / sqrt(s[i]); break;
    case U_RECIP: for (int64_t i = 0; i < n; i++) q[i] = 1.0 / s[i]; break;
    case U_GELU:
        for (int64_t i = 0; i < n; i++) q[i] = (s[i] * 0.5) * (1.0 + tanh((s[i] + s[i] * s[i] * s[i] * 0.044715) * 0.7978845608028654));
        break;
    default: for (int64_t i = 0; i < n; i++) q[i] = s[i] / (1.0 + exp(-s[i])); break;
    }
    return o;
}

/* adjacent pairs rotated: (a, b) -> (-b, a) */
static T t_rot_pairs(const T *x, int id) {
    if (x->r == 0 || x->d[x->r - 1] % 2) die("node %d: rot_pairs needs an even last axis", id);
    T o = t_new(x->r, x->d);
    for (int64_t i = 0; i + 1 < x->n; i += 2) {
        o.p[i] = -x->p[i + 1];
        o.p[i + 1] = x->p[i];
    }
    return o;
}

/* ---- reductions: numpy's pairwise sum along the contiguous axis (8192-element blocks), a running sum
 * along any other axis */
#include "../exec/np_sum.h"

static int split_axis(const T *x, int axis, int64_t *outer, int64_t *n, int64_t *inner, int id) {
    if (x->r == 0 || axis < -x->r || axis >= x->r) die("node %d: axis %d is out of range", id, axis);
    int ax = axis < 0 ? axis + x->r : axis;
    int64_t o = 1, in = 1;
    for (int i = 0; i < ax; i++) o *= x->d[i];
    for (int i = ax + 1; i < x->r; i++) in *= x->d[i];
    *outer = o;
    *n = x->d[ax];
    *inner = in;
    return ax;
}

static T t_reduce(int is_max, const T *x, int axis, int keepdims, int id) {
    int64_t outer, n, inner;
    int ax = split_axis(x, axis, &outer, &n, &inner, id);
    if (is_max && n == 0) die("node %d: max of a zero-size axis", id);
    int64_t d[MAXR];
    int r = 0;
    for (int i = 0; i < x->r; i++) {
        if (i != ax) d[r++] = x->d[i];
        else if (keepdims) d[r++] = 1;
    }
    T o = t_new(r, d);
    for (int64_t q = 0; q < outer; q++) {
        const double *src = x->p + q * n * inner;
        double *dst = o.p + q * inner;
        if (inner == 1) {
            if (!is_max) {
                dst[0] = np_sum(src, n);
            } else {
                double v = src[0];
                for (int64_t i = 1; i < n; i++) v = NP_MAX(v, src[i]);
                dst[0] = v;
            }
        } else if (!is_max) {
            for (int64_t j = 0; j < inner; j++) dst[j] = 0.0;
            for (int64_t i = 0; i < n; i++)
                for (int64_t j = 0; j < inner; j++) dst[j] += src[i * inner + j];
        } else {
            memcpy(dst, src, (size_t)inner * sizeof *dst);
            for (int64_t i = 1; i < n; i++)
                for (int64_t j = 0; j < inner; j++) dst[j] = NP_MAX(dst[j], src[i * inner + j]);
        }
    }
    return o;
}

/* softmax along axis, in place: e = exp(x - max), e / sum(e) */
static void softmax_inplace(T *x, int axis, int id) {
    int64_t outer, n, inner;
    split_axis(x, axis, &outer, &n, &inner, id);
    if (n == 0) die("node %d: softmax of a zero-size axis", id);
    if (inner == 1) {
        for (int64_t q = 0; q < outer; q++) {
            double *row = x->p + q * n;
            double m = row[0];
            for (int64_t i = 1; i < n; i++) m = NP_MAX(m, row[i]);
            for (int64_t i = 0; i < n; i++) row[i] = exp(row[i] - m);
            const double s = np_sum(row, n);
            for (int64_t i = 0; i < n; i++) row[i] = row[i] / s;
        }
        return;
    }
    double *m = malloc((size_t)inner * 2 * sizeof *m);
    if (!m) die("out of memory");
    double *s = m + inner;
    for (int64_t q = 0; q < outer; q++) {
        double *p = x->p + q * n * inner;
        memcpy(m, p, (size_t)inner * sizeof *m);
        for (int64_t i = 1; i < n; i++)
            for (int64_t j = 0; j < inner; j++) m[j] = NP_MAX(m[j], p[i * inner + j]);
        for (int64_t j = 0; j < inner; j++) s[j] = 0.0;
        for (int64_t i = 0; i < n; i++)
            for (int64_t j = 0; j < inner; j++) {
                p[i * inner + j] = exp(p[i * inner + j] - m[j]);
                s[j] += p[i * inner + j];
            }
        for (int64_t i = 0; i < n; i++)
            for (int64_t j = 0; j < inner; j++) p[i * inner + j] = p[i * inner + j] / s[j];
    }
    free(m);
}

static T t_softmax(const T *x, int axis, int id) {
    T o = t_copy(x);
    softmax_inplace(&o, axis, id);
    return o;
}

/* x / sqrt(mean(x*x, -1) + eps) * w */
static T t_rms_norm(const T *x, const T *w, double eps, int id) {
    if (x->r == 0) die("node %d: rms_norm of a scalar", id);
    T y = t_new(x->r, x->d);
    const int64_t n = x->d[x->r - 1], rows = n ? x->n / n : 0;
    double *sq = malloc((n ? (size_t)n : 1) * sizeof *sq);
    if (!sq) die("out of memory");
    for (int64_t r = 0; r < rows; r++) {
        const double *xr = x->p + r * n;
        double *yr = y.p + r * n;
        for (int64_t j = 0; j < n; j++) sq[j] = xr[j] * xr[j];
        const double den = sqrt(np_sum(sq, n) / (double)n + eps);
        for (int64_t j = 0; j < n; j++) yr[j] = xr[j] / den;
    }
    free(sq);
    T o = t_bin(B_MUL, &y, w, id);
    t_free(&y);
    return o;
}

/* ---- matmul: a @ b (bt: a @ swapaxes(b, -1, -2)) with batch broadcasting; every element is the running
 * sum 0 + a0*b0 + a1*b1 + ... in k order */
static T mm(const T *a, const T *b, int bt, int id) {
    if (a->r < 2 || b->r < 2) die("node %d: matmul needs operands of rank >= 2", id);
    const int64_t M = a->d[a->r - 2], K = a->d[a->r - 1];
    const int64_t Kb = bt ? b->d[b->r - 1] : b->d[b->r - 2], N = bt ? b->d[b->r - 2] : b->d[b->r - 1];
    if (K != Kb) {
        char s1[200], s2[200];
        die("node %d: matmul inner dims differ: %s @ %s%s", id, shape_str(a->r, a->d, s1, sizeof s1),
            shape_str(b->r, b->d, s2, sizeof s2), bt ? "^T" : "");
    }
    int nb = (a->r > b->r ? a->r : b->r) - 2;
    int64_t d[MAXR], sa[MAXR], sb[MAXR], ta = 1, tb = 1;
    for (int i = nb - 1; i >= 0; i--) {
        int ja = i - (nb - (a->r - 2)), jb = i - (nb - (b->r - 2));
        int64_t xa = ja >= 0 ? a->d[ja] : 1, xb = jb >= 0 ? b->d[jb] : 1;
        if (xa != xb && xa != 1 && xb != 1) die("node %d: matmul batch dims do not broadcast", id);
        d[i] = xa == 1 ? xb : xa;
        sa[i] = xa == 1 ? 0 : ta;
        sb[i] = xb == 1 ? 0 : tb;
        ta *= xa;
        tb *= xb;
    }
    d[nb] = M;
    d[nb + 1] = N;
    T o = t_new(nb + 2, d);
    if (o.n == 0) return o;
    int64_t idx[MAXR] = {0}, oa = 0, ob = 0;
    double *c = o.p;
    for (;;) {
        const double *A = a->p + oa * M * K, *B = b->p + ob * K * N;
        for (int64_t i = 0; i < M; i++)
            for (int64_t j = 0; j < N; j++) {
                double acc = 0.0;
                if (bt)
                    for (int64_t k = 0; k < K; k++) acc += A[i * K + k] * B[j * K + k];
                else
                    for (int64_t k = 0; k < K; k++) acc += A[i * K + k] * B[k * N + j];
                c[i * N + j] = acc;
            }
        c += M * N;
        if (!next_index(nb, idx, d, sa, sb, &oa, &ob)) break;
    }
    return o;
}

/* ---- views (materialised: a reshape copies, a transpose permutes) */
static T t_reshape(const T *x, int r, const int64_t *target, int id) {
    int64_t d[MAXR], known = 1;
    int infer = -1;
    for (int i = 0; i < r; i++) {
        d[i] = target[i];
        if (d[i] == -1 && infer < 0) infer = i;
        else if (d[i] < 0) die("node %d: bad reshape dim %lld", id, (long long)d[i]);
        else known *= d[i];
    }
    if (infer >= 0) {
        if (known == 0 || x->n % known) die("node %d: cannot infer the reshape dim", id);
        d[infer] = x->n / known;
        known = x->n;
    }
    if (known != x->n) die("node %d: cannot reshape %lld elements into %lld", id, (long long)x->n, (long long)known);
    T o = t_new(r, d);
    if (x->n) memcpy(o.p, x->p, (size_t)x->n * sizeof(double));
    return o;
}

static T t_transpose(const T *x, int np, const int *perm_in, int id) {
    if (np != x->r) die("node %d: transpose perm has %d axes for rank %d", id, np, x->r);
    int perm[MAXR], seen[MAXR] = {0};
    int64_t d[MAXR], xs[MAXR], st = 1;
    for (int i = x->r - 1; i >= 0; i--) {
        xs[i] = st;
        st *= x->d[i];
    }
    for (int i = 0; i < np; i++) {
        int p = perm_in[i] < 0 ? perm_in[i] + x->r : perm_in[i];
        if (p < 0 || p >= x->r || seen[p]) die("node %d: bad transpose perm", id);
        seen[p] = 1;
        perm[i] = p;
        d[i] = x->d[p];
    }
    T o = t_new(np, d);
    if (o.n == 0) return o;
    int64_t idx[MAXR] = {0}, off = 0;
    for (int64_t q = 0; q < o.n; q++) {
        o.p[q] = x->p[off];
        for (int i = np - 1; i >= 0; i--) {
            off += xs[perm[i]];
            if (++idx[i] < d[i]) break;
            off -= xs[perm[i]] * d[i];
            idx[i] = 0;
        }
    }
    return o;
}

/* ---- generators and special ops */
static T t_causal_mask(int r, const int64_t *d, int64_t Tn, int64_t pos0, int id) {
    if (r < 2) die("node %d: causal_mask needs 2 dims", id);
    T o = t_new(r, d);
    const int64_t rows = d[r - 2], cols = d[r - 1], plane = rows * cols;
    if (plane == 0) return o;
    for (int64_t i = 0; i < rows; i++) {
        int64_t q = Tn == 0 || Tn == -1 ? 0 : i % Tn;
        if (q != 0 && ((q < 0) != (Tn < 0))) q += Tn;
        for (int64_t c = 0; c < cols; c++) o.p[i * cols + c] = c <= pos0 + q ? 0.0 : -INFINITY;
    }
    for (int64_t p = 1; p < o.n / plane; p++) memcpy(o.p + p * plane, o.p, (size_t)plane * sizeof(double));
    return o;
}

/* a copy of cache with rows [pos, pos + m) of axis -2 replaced by nw (broadcast into the slot) */
static T t_kv_write(const T *cache, const T *nw, int64_t pos, int id) {
    if (cache->r < 2 || nw->r < 2) die("node %d: kv_write needs rank >= 2", id);
    const int R = cache->r;
    const int64_t rows = cache->d[R - 2], nm = nw->d[nw->r - 2], D = cache->d[R - 1];
    if (pos < 0) die("node %d: kv_write row %lld is outside the cache (%lld rows)", id, (long long)pos, (long long)rows);
    /* numpy clips the slice pos:pos+nm to the cache: past the end the slot has fewer rows (none from the last
     * row on), and nw must broadcast into what is left */
    const int64_t m = pos >= rows ? 0 : (nm > rows - pos ? rows - pos : nm);
    int64_t ns[MAXR], str = 1;
    int ok = 1;
    for (int i = 0; i < nw->r - R; i++)
        if (nw->d[i] != 1) ok = 0;
    for (int i = R - 1; i >= 0; i--) {
        int k = i - (R - nw->r);
        int64_t x = k >= 0 ? nw->d[k] : 1, want = i == R - 2 ? m : cache->d[i];
        if (x != want && x != 1) ok = 0;
        ns[i] = x == 1 ? 0 : str;
        str *= x;
    }
    if (!ok) die("node %d: kv_write rows do not fit the cache slot", id);
    T o = t_copy(cache);
    if (m == 0 || D == 0 || o.n == 0) return o;
    int64_t lead = 1;
    for (int i = 0; i < R - 2; i++) lead *= cache->d[i];
    for (int64_t l = 0; l < lead; l++) {
        int64_t offn = 0, rem = l;
        for (int i = R - 3; i >= 0; i--) {
            offn += (rem % cache->d[i]) * ns[i];
            rem /= cache->d[i];
        }
        for (int64_t q = 0; q < m; q++) {
            double *dst = o.p + (l * rows + pos + q) * D;
            const double *src = nw->p + offn + q * ns[R - 2];
            if (ns[R - 1]) memcpy(dst, src, (size_t)D * sizeof *dst);
            else
                for (int64_t c = 0; c < D; c++) dst[c] = src[0];
        }
    }
    return o;
}

/* softmax((q @ swapaxes(k, -1, -2)) * scale [+ mask], -1) @ v */
static T t_flash_attn(const T *q, const T *k, const T *v, const T *mask, double scale, int id) {
    T s = mm(q, k, 1, id);
    for (int64_t i = 0; i < s.n; i++) s.p[i] = s.p[i] * scale;
    if (mask) {
        T s2 = t_bin(B_ADD, &s, mask, id);
        t_free(&s);
        s = s2;
    }
    softmax_inplace(&s, -1, id);
    T o = mm(&s, v, 0, id);
    t_free(&s);
    return o;
}

/* ---- one helper per op: what the generated program calls (the op table's chelper column) */
static T t_add(const T *a, const T *b, int id) { return t_bin(B_ADD, a, b, id); }
static T t_sub(const T *a, const T *b, int id) { return t_bin(B_SUB, a, b, id); }
static T t_mul(const T *a, const T *b, int id) { return t_bin(B_MUL, a, b, id); }
static T t_div(const T *a, const T *b, int id) { return t_bin(B_DIV, a, b, id); }
static T t_maximum(const T *a, const T *b, int id) { return t_bin(B_MAXIMUM, a, b, id); }
static T t_gt(const T *a, const T *b, int id) { return t_bin(B_GT, a, b, id); }
static T t_lt(const T *a, const T *b, int id) { return t_bin(B_LT, a, b, id); }
static T t_neg(const T *x, int id) { (void)id; return t_un(U_NEG, x); }
static T t_exp(const T *x, int id) { (void)id; return t_un(U_EXP, x); }
static T t_log(const T *x, int id) { (void)id; return t_un(U_LOG, x); }
static T t_tanh(const T *x, int id) { (void)id; return t_un(U_TANH, x); }
static T t_sqrt(const T *x, int id) { (void)id; return t_un(U_SQRT, x); }
static T t_rsqrt(const T *x, int id) { (void)id; return t_un(U_RSQRT, x); }
static T t_recip(const T *x, int id) { (void)id; return t_un(U_RECIP, x); }
static T t_silu(const T *x, int id) { (void)id; return t_un(U_SILU, x); }
static T t_gelu(const T *x, int id) { (void)id; return t_un(U_GELU, x); }
/* quantize / dequantize (docs/PRECISION.md): the rounding of c/src/exec/numfmt.c, its table's rows in order
 * (the format attr is the row's index): round to nearest even at the format's precision with its subnormals,
 * IEEE overflow to inf or fp8 saturation; int8 symmetric with one scale per tensor (amax / 127) or per
 * column of a 2-D tensor (int8_channel) */
static const struct { int p, emin; double max; int sat, is_int8; } FMTS[] = {
    {53, -1022, 1.7976931348623157e308, 0, 0}, {24, -126, 3.4028234663852886e38, 0, 0},
    {8, -126, 3.3895313892515355e38, 0, 0},    {11, -14, 65504.0, 0, 0},
    {4, -6, 448.0, 1, 0},                      {3, -14, 57344.0, 1, 0},
    {0, 0, 0.0, 0, 1},                         {0, 0, 0.0, 0, 2},
};
static double fmt_round(int f, double x) {
    if (f == 0 || isnan(x) || x == 0) return x;
    double a = fabs(x);
    if (isinf(a)) return FMTS[f].sat ? copysign(FMTS[f].max, x) : x;
    int e;
    (void)frexp(a, &e);
    int lead = e - 1, q = (lead > FMTS[f].emin ? lead : FMTS[f].emin) - (FMTS[f].p - 1);
    double v = ldexp(rint(ldexp(a, -q)), q);
    if (v > FMTS[f].max) v = FMTS[f].sat ? FMTS[f].max : INFINITY;
    return copysign(v, x);
}
static void int8_strided(double *x, int64_t n, int64_t stride) {
    double amax = 0;
    for (int64_t i = 0; i < n; i++)
        if (isfinite(x[i * stride]) && fabs(x[i * stride]) > amax) amax = fabs(x[i * stride]);
    double s = amax > 0 ? amax / 127 : 1.0;
    for (int64_t i = 0; i < n; i++) {
        double *p = &x[i * stride];
        if (isnan(*p)) continue;
        double q = isinf(*p) ? copysign(127.0, *p) : rint(*p / s);
        if (q > 127) q = 127;
        if (q < -127) q = -127;
        if (q == 0) q = 0;
        *p = q * s;
    }
}
static T t_quantize(const T *x, int format, int id) {
    if (format < 0 || format >= (int)(sizeof FMTS / sizeof FMTS[0])) die("node %d: quantize: bad format %d", id, format);
    T o = t_copy(x);
    if (FMTS[format].is_int8 == 2 && o.r == 2) {
        for (int64_t c = 0; c < o.d[1]; c++) int8_strided(o.p + c, o.d[0], o.d[1]);
    } else if (FMTS[format].is_int8) {
        int8_strided(o.p, o.n, 1);
    } else {
        for (int64_t i = 0; i < o.n; i++) o.p[i] = fmt_round(format, o.p[i]);
    }
    return o;
}
static T t_dequantize(const T *x, int format, int id) { (void)format; (void)id; return t_copy(x); }
static T t_sum(const T *x, int axis, int keepdims, int id) { return t_reduce(0, x, axis, keepdims, id); }
static T t_max(const T *x, int axis, int keepdims, int id) { return t_reduce(1, x, axis, keepdims, id); }
static T t_matmul(const T *a, const T *b, int id) { return mm(a, b, 0, id); }
