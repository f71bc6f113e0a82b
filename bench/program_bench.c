/* program_bench.c — times the program front end (c/src/front/) on the lecture's own layer source: the
 * prefill layer of Llama-3-8B (d=4096, H=32, G=8, dh=128, f=14336, theta 500000) at T=2048, shape-only
 * (what the lab's analysis traces), and the 32-layer stack written as a loop with f-string param names.
 * The source is tests/golden/programs/lecture_layers.py (extracted from the reference by
 * tests/ref/programs.py). Prints the fastest of `reps` runs (lex + parse + evaluate + trace) in ms, next
 * to the C builder (gl_build_model) for the same graph.
 *   make bench     (or: build/program_bench [reps])
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "front/front.h"

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

static const char TAIL[] =
    "\ncfg = LayerCfg(4096, 32, 8, 128, 14336, 1e-5, 500000.0)\nT = 2048\n"
    "NAMES = [\"attn_norm\", \"wq\", \"wk\", \"wv\", \"wo\", \"mlp_norm\", \"w_gate\", \"w_up\", \"w_down\"]\n"
    "shapes = {\"attn_norm\": (cfg.d,), \"wq\": (cfg.d, cfg.H * cfg.dh), \"wk\": (cfg.d, cfg.G * cfg.dh),\n"
    "          \"wv\": (cfg.d, cfg.G * cfg.dh), \"wo\": (cfg.H * cfg.dh, cfg.d), \"mlp_norm\": (cfg.d,),\n"
    "          \"w_gate\": (cfg.d, cfg.f), \"w_up\": (cfg.d, cfg.f), \"w_down\": (cfg.f, cfg.d)}\n";
static const char ONE[] = "g = trace(prefill_layer(cfg, T), {\"x\": (T, cfg.d)}, shapes)\n";
static const char STACK[] =
    "layer = prefill_layer(cfg, T)\n"
    "def model(x, p):\n"
    "    for i in range(L):\n"
    "        x = layer(x, {k: p[f\"{i}.{k}\"] for k in NAMES})\n"
    "    return x\n"
    "g = trace(model, {\"x\": (T, cfg.d)}, {f\"{i}.{k}\": shapes[k] for i in range(L) for k in NAMES})\n";

static double best_trace_opts(const char *src, int reps, int *nodes, const gl_program_opts *opts) {
    double best = 1e30;
    for (int r = 0; r < reps; r++) {
        gl_program p;
        gl_err e = {GL_OK, ""};
        double t0 = now_ms();
        if (gl_program_run(src, strlen(src), "bench.py", opts, &p, &e)) {
            fprintf(stderr, "program_bench: %s\n", e.msg);
            exit(1);
        }
        double t = now_ms() - t0;
        if (t < best) best = t;
        *nodes = p.graph->n;
        gl_program_free(&p);
    }
    return best;
}

/* The cont lane's scale program: a 200k-key dict built and read, a 200k-item set, and 200k tuple keys
 * (dict lookups were linear before: 31 s). */
static const char DICT200K[] =
    "from graph_lab import trace, F\n"
    "d = {i: i * 2 for i in range(200000)}\n"
    "t = sum([d[i] for i in range(200000)])\n"
    "s = {i * 3 for i in range(200000)}\n"
    "print(len(d), t, len(s), 599997 in s)\n"
    "g = trace(lambda x: F.exp(x), {\"x\": (2,)})\n";
static const char TUPLE200K[] =
    "from graph_lab import trace, F\n"
    "u = {(i, i % 7): i for i in range(200000)}\n"
    "print(len(u), u[12345, 12345 % 7])\n"
    "g = trace(lambda x: F.exp(x), {\"x\": (2,)})\n";

static double best_trace(const char *src, int reps, int *nodes) { return best_trace_opts(src, reps, nodes, NULL); }

static double best_build(int layers, int reps) {
    gl_model_cfg m = {{4096, 32, 8, 128, 14336, 1e-5, 500000.0}, GL_MODE_PREFILL, 2048, 0, 0, false, layers};
    double best = 1e30;
    for (int r = 0; r < reps; r++) {
        gl_params p;
        gl_params_init(&p);
        gl_err e = {GL_OK, ""};
        double t0 = now_ms();
        gl_graph *g = NULL;
        gl_status st = gl_params_shapes(&p, &m, &e);
        if (!st) st = gl_build_model(&m, &p, &g, &e);
        double t = now_ms() - t0;
        if (st) {
            fprintf(stderr, "program_bench: %s\n", e.msg);
            exit(1);
        }
        gl_graph_free(g);
        gl_params_free(&p);
        if (t < best) best = t;
    }
    return best;
}

int main(int argc, char **argv) {
    int reps = argc > 1 ? atoi(argv[1]) : 30;
    size_t n;
    char *layers = read_file("tests/golden/programs/lecture_layers.py", &n);
    if (!layers) {
        fprintf(stderr, "program_bench: run from the repo root (tests/golden/programs/lecture_layers.py)\n");
        return 1;
    }
    const char *head = "import math\nfrom graph_lab import F, LayerCfg, rope_tables, trace\n\n";
    size_t cap = strlen(head) + n + sizeof TAIL + sizeof STACK + 64;
    char *one = malloc(cap), *stack = malloc(cap);
    snprintf(one, cap, "%s%s%s%s", head, layers, TAIL, ONE);
    snprintf(stack, cap, "%s%s%sL = 32\n%s", head, layers, TAIL, STACK);
    int n1 = 0, n32 = 0;
    double t1 = best_trace(one, reps, &n1), t32 = best_trace(stack, reps > 10 ? reps / 3 : reps, &n32);
    double b1 = best_build(1, reps), b32 = best_build(32, reps > 10 ? reps / 3 : reps);
    printf("Program front end: the lecture's prefill_layer source, Llama-3-8B T=2048, shape-only (best of %d, ms)\n", reps);
    printf("  %-34s %8s %8s %12s\n", "", "nodes", "trace", "C builder");
    printf("  %-34s %8d %8.3f %12.3f   (target < 5 ms)\n", "one layer", n1, t1, b1);
    printf("  %-34s %8d %8.3f %12.3f\n", "32 layers (a loop, f-string names)", n32, t32, b32);
    int nd = 0;
    gl_program_opts big = {.max_steps = 100000000};   /* the whole program is ~3M steps: time it all */
    double td = best_trace_opts(DICT200K, reps > 10 ? 5 : reps, &nd, &big);
    double tt = best_trace_opts(TUPLE200K, reps > 10 ? 5 : reps, &nd, &big);
    printf("  %-34s %8s %8.3f   (a 200k-key dict built and read back, a 200k-item set)\n", "dict + set, 200k keys", "", td);
    printf("  %-34s %8s %8.3f   (a dict of 200k tuple keys)\n", "dict, 200k tuple keys", "", tt);
    free(one);
    free(stack);
    free(layers);
    return 0;
}
