/* pipeline_bench.c — times the whole GraphLab pipeline on model-scale shape-only graphs:
 * build (trace) → the six passes → fuse (eager: fuse(decompose(trace), enable=false), as the fixtures define
 * it — "decomp" times that extra decompose, "eager" the fuse; "fuse": the optimised graph) → cost (eager and
 * fused) → lifetimes → naive / greedy plans and the lower bound. "total" is the wall time of one whole run.
 *
 * Cases: Llama-3-8B prefill T=2048 with L = 1, 4, 16, 32, 126 layers, and a 126-layer Llama-3.1-405B
 * (d=16384, H=128, G=8, dh=128, f=53248, theta 500000). Each case runs `reps` times (more for small
 * graphs) and the fastest run of each stage is reported, in milliseconds, plus µs per layer (growth).
 *
 * Build (from the repo root, after `make` has built the library):
 *   cc -std=c11 -O2 -Ic/include -Ic/src bench/pipeline_bench.c build/libgraphlab.a -lm -o build/pipeline_bench
 *   ./build/pipeline_bench            # or: ./build/pipeline_bench 126   (only cases with that many layers)
 * Portable C11 (timespec_get), so it also builds for WASI (the library's case_run.c needs the emulated clocks):
 *   clang --target=wasm32-wasi -std=c11 -D_POSIX_C_SOURCE=200809L -O2 -D_WASI_EMULATED_PROCESS_CLOCKS \
 *         -Ic/include -Ic/src bench/pipeline_bench.c $(find c/src -name '*.c') -lm -Wl,-lwasi-emulated-process-clocks \
 *         -o build/pipeline_bench.wasm
 */
#define _DEFAULT_SOURCE 1   /* sbrk and madvise for host_tuning.h (Linux hosts only) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "graphlab.h"
#include "host_tuning.h"
#include "passes/passes.h"

static double now_ms(void) {
    struct timespec ts;
    timespec_get(&ts, TIME_UTC);
    return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

enum { S_BUILD, S_PASSES, S_DECOMP, S_EAGER, S_FUSE, S_COST, S_LIFE, S_PLAN, S_TOTAL, NSTAGE };
static const char *const STAGE[NSTAGE] = {"build", "passes", "decomp", "eager", "fuse", "cost", "lifetimes", "plans",
                                          "total"};

typedef struct {
    const char *name;
    gl_layer_cfg cfg;
    int layers;
} bench_case;

typedef struct {
    int trace_nodes, final_nodes, eager_kernels, fused_kernels, lifetimes;
    double t_eager, t_fused;
    int64_t naive, greedy, lower;
} bench_out;

static int fail(const char *what, const gl_err *e) {
    fprintf(stderr, "%s: %s (%s)\n", what, e->msg, gl_status_name(e->code));
    return 1;
}

/* One full run; ms[stage] receives the times. Returns nonzero on error. */
static int run_once(const bench_case *bc, double *ms, bench_out *o) {
    gl_err e = {0};
    gl_model_cfg m;
    memset(&m, 0, sizeof m);
    m.layer = bc->cfg;
    m.mode = GL_MODE_PREFILL;
    m.T = 2048;
    m.pos0 = 0;
    m.layers = bc->layers;
    gl_params p;
    gl_params_init(&p);
    int rc = 1;
    gl_graph *tr = NULL, *g = NULL, *dec = NULL;
    gl_kernels eager = {0}, fused = {0};
    gl_lifetimes lt = {0};
    const gl_device *dev = gl_device_find("h100");

    double t0 = now_ms();
    if (gl_params_shapes(&p, &m, &e)) { rc = fail("params", &e); goto out; }
    if (gl_build_model(&m, &p, &tr, &e)) { rc = fail("build", &e); goto out; }
    double t1 = now_ms();
    if (gl_graph_clone(tr, &g, &e)) { rc = fail("clone", &e); goto out; }
    for (int i = 0; i < gl_pipeline_length(); i++) {
        gl_pass_result r;
        if (gl_pass_run(gl_pass_name_at(i), g, &r, &e)) { rc = fail(gl_pass_name_at(i), &e); goto out; }
        gl_graph_free(g);
        g = r.graph;
        r.graph = NULL;
        gl_pass_result_free(&r);
    }
    double t2 = now_ms();
    /* as case_run.c: the graph only (no provenance), freed after the eager fuse */
    if (gl_decompose_graph(tr, &dec, &e)) { rc = fail("decompose", &e); goto out; }
    double t2b = now_ms();
    if (gl_fuse(dec, false, 2, NULL, &eager, &e)) { rc = fail("fuse eager", &e); goto out; }
    double t3 = now_ms();
    if (gl_fuse(g, true, 2, NULL, &fused, &e)) { rc = fail("fuse", &e); goto out; }
    double t4 = now_ms();
    gl_cost ce = gl_graph_cost(&eager, dev), cf = gl_graph_cost(&fused, dev);
    double t5 = now_ms();
    if (gl_lifetimes_compute(g, &fused, NULL, 2, &lt, &e)) { rc = fail("lifetimes", &e); goto out; }
    double t6 = now_ms();
    int64_t naive = 0, greedy = 0;
    int64_t *off = malloc(sizeof(int64_t) * ((size_t)lt.n + 1));
    if (!off) { fprintf(stderr, "out of memory\n"); goto out; }
    if (gl_plan_naive(&lt, &naive, off, &e) || gl_plan_greedy(&lt, &greedy, off, &e)) {
        free(off);
        rc = fail("plan", &e);
        goto out;
    }
    int64_t lower = gl_lower_bound(&lt);
    free(off);
    double t7 = now_ms();

    ms[S_BUILD] = t1 - t0;
    ms[S_PASSES] = t2 - t1;
    ms[S_DECOMP] = t2b - t2;
    ms[S_EAGER] = t3 - t2b;
    ms[S_FUSE] = t4 - t3;
    ms[S_COST] = t5 - t4;
    ms[S_LIFE] = t6 - t5;
    ms[S_PLAN] = t7 - t6;
    ms[S_TOTAL] = t7 - t0;
    o->trace_nodes = tr->n;
    o->final_nodes = g->n;
    o->eager_kernels = eager.n;
    o->fused_kernels = fused.n;
    o->lifetimes = lt.n;
    o->t_eager = ce.t_total;
    o->t_fused = cf.t_total;
    o->naive = naive;
    o->greedy = greedy;
    o->lower = lower;
    rc = 0;
out:
    gl_lifetimes_free(&lt);
    gl_kernels_free(&eager);
    gl_kernels_free(&fused);
    gl_graph_free(dec);
    gl_graph_free(g);
    gl_graph_free(tr);
    gl_params_free(&p);
    return rc;
}

int main(int argc, char **argv) {
    gl_host_tune_allocator();
    int only = argc > 1 ? atoi(argv[1]) : 0;
    const gl_preset *l8 = gl_preset_find("llama3-8b");
    gl_layer_cfg c8 = l8 ? l8->cfg : (gl_layer_cfg){4096, 32, 8, 128, 14336, 1e-5, 500000.0};
    gl_layer_cfg c405 = {16384, 128, 8, 128, 53248, 1e-5, 500000.0};
    const bench_case cases[] = {
        {"Llama-3-8B", c8, 1},  {"Llama-3-8B", c8, 4},   {"Llama-3-8B", c8, 16},
        {"Llama-3-8B", c8, 32}, {"Llama-3-8B", c8, 126}, {"Llama-3.1-405B", c405, 126},
    };
    printf("GraphLab pipeline benchmark: prefill T=2048, bf16, H100; fastest of N runs, times in ms\n\n");
    printf("%-15s %4s %6s %6s %5s %5s %4s |", "model", "L", "trace", "final", "eagK", "fusK", "lts");
    for (int s = 0; s < NSTAGE; s++) printf(" %9s", STAGE[s]);
    printf(" | %8s  %s\n", "us/layer", "t_eager -> t_fused (ms), greedy / naive / lower (MiB)");
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const bench_case *bc = &cases[i];
        if (only && bc->layers != only) continue;
        int reps = bc->layers <= 4 ? 50 : bc->layers <= 32 ? 10 : 5;
        double best[NSTAGE];
        for (int s = 0; s < NSTAGE; s++) best[s] = 1e300;
        bench_out o;
        memset(&o, 0, sizeof o);
        for (int r = 0; r < reps; r++) {
            double ms[NSTAGE];
            if (run_once(bc, ms, &o)) return 1;
            for (int s = 0; s < NSTAGE; s++)
                if (ms[s] < best[s]) best[s] = ms[s];
        }
        printf("%-15s %4d %6d %6d %5d %5d %4d |", bc->name, bc->layers, o.trace_nodes, o.final_nodes, o.eager_kernels,
               o.fused_kernels, o.lifetimes);
        for (int s = 0; s < NSTAGE; s++) printf(" %9.3f", best[s]);
        printf(" | %8.1f  %.3f -> %.3f, %.0f / %.0f / %.0f\n", best[S_TOTAL] * 1e3 / bc->layers, o.t_eager * 1e3,
               o.t_fused * 1e3, (double)o.greedy / 1048576.0, (double)o.naive / 1048576.0, (double)o.lower / 1048576.0);
        fflush(stdout);
    }
    return 0;
}
