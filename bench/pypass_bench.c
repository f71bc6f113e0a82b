/* pypass_bench.c — the lecture's cse as Python source (tests/golden/pypass/lecture_passes.py, section 9 of
 * graph_lab.py verbatim) run by the pass runtime (gl_pypass_run: a fresh interpreter, the prelude, the source,
 * the graph into Python objects, cse, the result back into a gl_graph), beside the C pass (gl_cse) on the
 * same graph: the decompose stage of one Llama-3-8B prefill layer (T = 2048) and of the 126-layer
 * Llama-3.1-405B stack (shape-only). Prints the fastest of `reps` runs of each, in ms, and their ratio.
 *   make bench     (or: build/pypass_bench [reps])
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "front/front.h"
#include "io/case.h"

static double now_ms(void) {
    struct timespec ts;
    timespec_get(&ts, TIME_UTC);
    return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

static char *read_file(const char *path, size_t *len) {
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *s = malloc((size_t)n + 1);
    if (s && fread(s, 1, (size_t)n, f) != (size_t)n) {
        free(s);
        s = NULL;
    }
    fclose(f);
    if (s) s[n] = 0;
    *len = (size_t)n;
    return s;
}

static void die(const char *what, const gl_err *e) {
    fprintf(stderr, "pypass_bench: %s: %s\n", what, e->msg);
    exit(1);
}

static void one(const char *label, const char *json, const char *src, size_t len, int reps) {
    gl_case c;
    gl_case_result r;
    gl_err e = {GL_OK, ""};
    if (gl_case_parse(json, strlen(json), &c, &e)) die("case", &e);
    if (gl_case_compute(&c, GL_CASE_PASSES_ONLY, &r, &e)) die("passes", &e);
    const gl_graph *g = NULL;
    for (int i = 0; i < r.nst; i++)
        if (strcmp(r.st[i].key, "decompose") == 0) g = r.st[i].r.graph;
    if (!g) die("no decompose stage", &e);
    double best_py = 1e30, best_c = 1e30;
    int64_t steps = 0;
    int nodes = 0;
    for (int k = 0; k < reps; k++) {
        gl_pypass_opts o = {"cse", 0, 0};
        gl_pypass_result pr;
        double t0 = now_ms();
        if (gl_pypass_run(src, len, "lecture_passes.py", g, &o, &pr, &e)) die("pypass", &e);
        double t = now_ms() - t0;
        if (t < best_py) best_py = t;
        steps = pr.steps;
        nodes = pr.graph->n;
        gl_pypass_free(&pr);
        gl_pass_result cr;
        t0 = now_ms();
        if (gl_cse(g, &cr, &e)) die("cse", &e);
        t = now_ms() - t0;
        if (t < best_c) best_c = t;
        if (cr.graph->n != nodes) fprintf(stderr, "pypass_bench: %s: Python cse gives %d nodes, C %d\n", label, nodes, cr.graph->n);
        gl_pass_result_free(&cr);
    }
    printf("  %-34s %6d -> %6d nodes   Python cse %9.2f ms (%lld steps)   C cse %7.3f ms   ratio %6.0fx\n", label, g->n,
           nodes, best_py, (long long)steps, best_c, best_py / best_c);
    gl_case_result_free(&r);
    gl_case_free(&c);
}

int main(int argc, char **argv) {
    int reps = argc > 1 ? atoi(argv[1]) : 5;
    if (reps < 1) reps = 1;
    size_t len;
    char *src = read_file("tests/golden/pypass/lecture_passes.py", &len);
    if (!src) {
        fprintf(stderr, "pypass_bench: run from the repository root (tests/golden/pypass/lecture_passes.py)\n");
        return 1;
    }
    printf("pypass_bench: the lecture's cse as Python source (the pass runtime, native) vs the C pass; best of %d\n", reps);
    one("Llama-3-8B, 1 prefill layer T=2048",
        "{\"case\": \"x1\", \"config\": {\"preset\": \"llama3-8b\", \"mode\": \"prefill\", \"T\": 2048, \"layers\": 1}, "
        "\"elem_bytes\": 2, \"device\": \"h100\"}", src, len, reps);
    one("Llama-3.1-405B, 126 layers T=2048",
        "{\"case\": \"x126\", \"config\": {\"preset\": \"llama3.1-405b\", \"mode\": \"prefill\", \"T\": 2048, \"layers\": 126}, "
        "\"elem_bytes\": 2, \"device\": \"h100\"}", src, len, reps < 3 ? reps : 3);
    free(src);
    return 0;
}
