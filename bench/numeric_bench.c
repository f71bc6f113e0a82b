/* numeric_bench.c — native side of the numeric benchmark (bench/numeric_bench.mjs runs the WASM side).
 *
 * For d = 64, 128, 256, 512 and T = 12, 32, 64, 128: the numeric (float64) forward of one prefill layer,
 * H = 8, G = 2, dh = d / 8, f = 2·d (the "small" preset's proportions), random params (seed 0) and a
 * deterministic normal input x of shape [T, d]. The case runs the trace only (pipeline []) with
 * "run_repeat": RUN_REPEAT, so timing_ms.run is one interpreter forward, without JSON I/O: the fastest of
 * RUN_REPEAT on the built graph (the reference's interpreter is timed by its best of repeated calls too; the
 * first forward after building pays for cold caches and fresh heap blocks). FLOPs are the result's
 * fused.cost.flops (2·m·n·k per matmul plus the pointwise/row-wise work, the reference's count).
 * Also: the whole analysis pipeline of a 32-layer Llama-3-8B prefill stack (shape-only, T = 2048).
 *
 *   numeric_bench                 print a table
 *   numeric_bench --json          the same numbers as one JSON object (for numeric_bench.mjs)
 *   numeric_bench --case D T      print the case JSON for (D, T) (the WASM side runs the same text)
 *   numeric_bench --llama-case    print the Llama-3-8B stack case JSON
 *   numeric_bench --json-one D T MS   one configuration for MS ms of repeats, as one JSON row
 *   numeric_bench --json-llama MS     the Llama-3-8B stack for MS ms of repeats, as JSON
 *
 * Each configuration repeats until ~0.4 s (or MS ms) have passed (at least 3, at most 1000 runs) and
 * reports the fastest run. `make bench-numeric` builds this against build/native-o3/libgraphlab.a (the library with
 * -O3 -march=native), with the CLI's allocator tuning (c/cli/host_tuning.h: freed blocks stay in the heap,
 * so a run's arrays do not page-fault afresh each time).
 */
#define _DEFAULT_SOURCE 1   /* sbrk and madvise for host_tuning.h (Linux hosts only) */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "io/case.h"
#include "host_tuning.h"
#include "ir/util.h"

static const int DS[] = {64, 128, 256, 512};
#define RUN_REPEAT 3                /* forwards per case (the first one cold) */
static const int TS[] = {12, 32, 64, 128};
#define ND ((int)(sizeof DS / sizeof DS[0]))
#define NT ((int)(sizeof TS / sizeof TS[0]))

static const char LLAMA_CASE[] =
    "{\"case\": \"llama3-8b_x32_prefill_2048\", \"config\": {\"preset\": \"llama3-8b\", \"mode\": \"prefill\", "
    "\"T\": 2048, \"layers\": 32}}";

static double now_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

/* splitmix64 + Box-Muller: a deterministic N(0, 1) stream. */
static uint64_t mix(uint64_t *s) {
    uint64_t z = (*s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static double normal(uint64_t *s) {
    double u1 = ((mix(s) >> 11) + 0.5) * (1.0 / 9007199254740992.0);
    double u2 = (mix(s) >> 11) * (1.0 / 9007199254740992.0);
    return sqrt(-2.0 * log(u1)) * cos(6.283185307179586 * u2);
}

/* The case JSON of one (d, T) configuration; malloc'd. */
static char *make_case(int d, int T) {
    gl_sb sb;
    gl_sb_init(&sb);
    gl_sb_printf(&sb,
                 "{\"case\": \"bench_d%d_T%d\", \"config\": {\"d\": %d, \"H\": 8, \"G\": 2, \"dh\": %d, \"f\": %d, "
                 "\"mode\": \"prefill\", \"T\": %d}, \"pipeline\": [], \"run_repeat\": %d, "
                 "\"emit\": {\"graphs\": false, \"outputs\": false, \"provenance\": false, \"kernels\": false}, "
                 "\"params\": {\"random\": 0}, \"inputs\": {\"x\": {\"shape\": [%d, %d], \"f64\": \"",
                 d, T, d, d / 8, 2 * d, T, RUN_REPEAT, T, d);
    size_t n = (size_t)T * (size_t)d;
    double *x = malloc(n * sizeof *x);
    if (!x) {
        gl_sb_free(&sb);
        return NULL;
    }
    uint64_t seed = 1;
    for (size_t i = 0; i < n; i++) x[i] = normal(&seed);
    gl_b64_put_f64(&sb, x, (int64_t)n);
    free(x);
    gl_sb_puts(&sb, "\"}}}");
    char *out = NULL;
    size_t len = 0;
    gl_err e = {GL_OK, ""};
    if (gl_sb_finish(&sb, &out, &len, &e)) return NULL;
    return out;
}

/* A number at obj.a.b in a result JSON; NAN if absent. */
static double get_num(const char *json, size_t len, const char *a, const char *b) {
    gl_json j;
    gl_err e = {GL_OK, ""};
    if (gl_json_parse(&j, json, len, &e)) return NAN;
    double v = NAN;
    int t = gl_json_get(&j, 0, a);
    if (t >= 0 && b) t = gl_json_get(&j, t, b);
    if (t >= 0 && gl_json_num(&j, t, a, &v, &e)) v = NAN;
    gl_json_free(&j);
    return v;
}

static double get_flops(const char *json, size_t len) {
    gl_json j;
    gl_err e = {GL_OK, ""};
    if (gl_json_parse(&j, json, len, &e)) return NAN;
    double v = NAN;
    int t = gl_json_get(&j, 0, "fused");
    if (t >= 0) t = gl_json_get(&j, t, "cost");
    if (t >= 0) t = gl_json_get(&j, t, "flops");
    if (t >= 0 && gl_json_num(&j, t, "flops", &v, &e)) v = NAN;
    gl_json_free(&j);
    return v;
}

typedef struct {
    double best, wall_best, flops, total_best;
    int reps;
    size_t out_len;
} bench_result;

/* Runs a case repeatedly; best timing_ms.<key> (and best wall time of the whole gl_case_run). */
static int bench(const char *json, const char *key, double budget_ms, bench_result *r) {
    memset(r, 0, sizeof *r);
    r->best = r->wall_best = r->total_best = INFINITY;
    double start = now_ms();
    for (int i = 0; i < 1000; i++) {
        char *out = NULL;
        size_t len = 0;
        gl_err e = {GL_OK, ""};
        double t0 = now_ms();
        gl_status st = gl_case_run(json, strlen(json), &out, &len, &e);
        double wall = now_ms() - t0;
        if (st) {
            fprintf(stderr, "numeric_bench: %s: %s\n", gl_status_name(st), e.msg);
            return 1;
        }
        double t = get_num(out, len, "timing_ms", key);
        double tot = get_num(out, len, "timing_ms", "total");
        if (i == 0) r->flops = get_flops(out, len);
        r->out_len = len;
        free(out);
        if (t < r->best) r->best = t;
        if (tot < r->total_best) r->total_best = tot;
        if (wall < r->wall_best) r->wall_best = wall;
        r->reps = i + 1;
        if (i >= 2 && now_ms() - start > budget_ms) break;
    }
    return 0;
}

int main(int argc, char **argv) {
    bool json = argc > 1 && strcmp(argv[1], "--json") == 0;
    if (argc == 4 && strcmp(argv[1], "--case") == 0) {
        char *c = make_case(atoi(argv[2]), atoi(argv[3]));
        if (!c) return 1;
        fputs(c, stdout);
        free(c);
        return 0;
    }
    if (argc == 2 && strcmp(argv[1], "--llama-case") == 0) {
        fputs(LLAMA_CASE, stdout);
        return 0;
    }
    if (argc == 5 && strcmp(argv[1], "--json-one") == 0) {     /* one configuration, for interleaving */
        gl_host_tune_allocator();
        int d = atoi(argv[2]), T = atoi(argv[3]);
        char *c = make_case(d, T);
        bench_result r;
        if (!c || bench(c, "run", atof(argv[4]), &r)) return 1;
        free(c);
        printf("{\"d\": %d, \"T\": %d, \"run_ms\": %.6f, \"flops\": %.0f, \"reps\": %d}\n", d, T, r.best, r.flops,
               r.reps);
        return 0;
    }
    if (argc == 3 && strcmp(argv[1], "--json-llama") == 0) {
        gl_host_tune_allocator();
        bench_result r;
        if (bench(LLAMA_CASE, "total", atof(argv[2]), &r)) return 1;
        printf("{\"total_ms\": %.6f, \"wall_ms\": %.6f, \"out_bytes\": %zu, \"reps\": %d}\n", r.best, r.wall_best,
               r.out_len, r.reps);
        return 0;
    }
    if (argc > 1 && !json) {
        fprintf(stderr, "usage: numeric_bench [--json | --case D T | --llama-case | --json-one D T MS | --json-llama MS]\n");
        return 2;
    }
    gl_host_tune_allocator();
    if (json) printf("{\"numeric\": [");
    else printf("native numeric forward (one prefill layer, float64, best of N)\n%5s %5s %10s %12s %9s %6s\n", "d", "T",
                "run ms", "MFLOP", "GFLOP/s", "reps");
    int first = 1;
    for (int a = 0; a < ND; a++)
        for (int b = 0; b < NT; b++) {
            char *c = make_case(DS[a], TS[b]);
            bench_result r;
            if (!c || bench(c, "run", 400.0, &r)) return 1;
            free(c);
            double gfs = r.flops / (r.best * 1e6);
            if (json)
                printf("%s{\"d\": %d, \"T\": %d, \"run_ms\": %.6f, \"flops\": %.0f, \"reps\": %d}", first ? "" : ", ",
                       DS[a], TS[b], r.best, r.flops, r.reps);
            else printf("%5d %5d %10.4f %12.3f %9.3f %6d\n", DS[a], TS[b], r.best, r.flops / 1e6, gfs, r.reps);
            first = 0;
        }
    bench_result r;
    if (bench(LLAMA_CASE, "total", 400.0, &r)) return 1;
    if (json)
        printf("], \"llama\": {\"total_ms\": %.6f, \"wall_ms\": %.6f, \"out_bytes\": %zu, \"reps\": %d}}\n", r.best,
               r.wall_best, r.out_len, r.reps);
    else
        printf("\nLlama-3-8B x32 prefill T=2048, shape-only analysis: compute %.3f ms (timing_ms.total), "
               "with JSON I/O %.3f ms, %zu bytes out, best of %d\n",
               r.best, r.wall_best, r.out_len, r.reps);
    return 0;
}
