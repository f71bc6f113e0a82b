/* fuzz_run.c — libFuzzer harness: bytes → a tiny config, seeded random params (gl_params_random) and
 * random inputs → gl_build_model → passes in a fuzzed order → gl_run on every stage. Every stage must
 * compute what the trace computes: same outputs, same shapes, values within a relative tolerance
 * (|a - b| <= 1e-9 · (1 + max |trace output|), NaN only where the trace has NaN). A mismatch or any error
 * is a bug and aborts (here, in the harness; the library never aborts). */
#include <math.h>

#include "fuzz_common.h"

#define TOL 1e-9

static uint64_t splitmix(uint64_t *x) {
    uint64_t z = (*x += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/* roughly N(0, 1): the sum of 12 uniforms minus 6 */
static double normal(uint64_t *s) {
    double t = 0;
    for (int i = 0; i < 12; i++) t += (double)(splitmix(s) >> 11) * 0x1.0p-53;
    return t - 6.0;
}

static void release_all(gl_array **a, int n) {
    for (int i = 0; a && i < n; i++) gl_array_release(a[i]);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    fz_reader r = {data, size, 0};
    unsigned flags = fz_u8(&r);
    gl_model_cfg m;
    memset(&m, 0, sizeof m);
    gl_layer_cfg *c = &m.layer;
    c->eps = (flags & 4) ? 1e-6 : 1e-5;
    c->theta = (flags & 8) ? 500000.0 : 10000.0;
    c->G = 1 + fz_below(&r, 2);
    c->H = c->G * (1 + fz_below(&r, 2));
    c->dh = 2 * (1 + fz_below(&r, 2));
    c->d = 1 + fz_below(&r, 12);
    c->f = 1 + fz_below(&r, 12);
    m.layers = 1 + (int)fz_below(&r, 2);
    if (flags & 1) {
        m.mode = GL_MODE_DECODE;
        m.S = 1 + fz_below(&r, 6);
        m.masked = (flags & 2) != 0;
    } else {
        m.mode = GL_MODE_PREFILL;
        m.T = 1 + fz_below(&r, 5);
        m.pos0 = fz_below(&r, 4);
    }
    uint64_t seed = fz_u32(&r);
    static const double SCALES[] = {1.0, 1e-3, 10.0, 100.0};
    double scale = SCALES[fz_u8(&r) % 4];
    const char *pipe[10];
    int npipe = fz_pipeline(&r, pipe, 10);
    char cfg[256];
    fz_describe(&m, cfg, sizeof cfg);

    gl_err e = {GL_OK, ""};
    gl_params p;
    gl_params_init(&p);
    gl_graph *trace = NULL, *cur = NULL;
    gl_named_array *in = NULL;
    gl_array **vals = NULL, **ref = NULL, **got = NULL;
    int nin = 0;
    gl_bind bind = {0};
    if (gl_params_random(&p, &m, seed, &e)) FZ_FAIL("gl_params_random: %s (%s)", e.msg, cfg);
    if (gl_build_model(&m, &p, &trace, &e)) FZ_FAIL("gl_build_model: %s (%s)", e.msg, cfg);
    if (m.mode == GL_MODE_DECODE) {
        gl_bind_set(&bind, "S", m.S, &e);
        gl_bind_set(&bind, "P", m.S - 1, &e);
    }
    /* random inputs, one per input node, of its shape under bind */
    in = calloc((size_t)trace->n, sizeof *in);
    vals = calloc((size_t)trace->n, sizeof *vals);
    ref = calloc((size_t)trace->nout + 1, sizeof *ref);
    got = calloc((size_t)trace->nout + 1, sizeof *got);
    if (!in || !vals || !ref || !got) goto done;
    uint64_t s2 = seed ^ 0x5DEECE66Dull;
    for (int i = 0; i < trace->n; i++) {
        const gl_node *n = &trace->nodes[i];
        if (n->op != GL_OP_INPUT) continue;
        int64_t dims[GL_MAX_RANK];
        for (int k = 0; k < n->shape->rank; k++)
            if (gl_dim_value(n->shape->d[k], &bind, &dims[k], &e)) FZ_FAIL("input %s: %s", n->name, e.msg);
        gl_array *a = NULL;
        if (gl_array_new(n->shape->rank, dims, &a, &e)) FZ_FAIL("input %s: %s", n->name, e.msg);
        bool mask = strcmp(n->name, "kmask") == 0;
        for (int64_t k = 0; k < a->size; k++)
            a->data[k] = mask ? ((splitmix(&s2) & 3) ? 0.0 : -INFINITY) : scale * normal(&s2);
        if (mask) a->data[a->size - 1] = 0.0;   /* the new token always sees itself */
        vals[nin] = a;
        in[nin].name = n->name;
        in[nin].value = a;
        nin++;
    }
    if (gl_run(trace, in, nin, &bind, ref, NULL, &e)) FZ_FAIL("running the trace: %s (%s)", e.msg, cfg);
    double mag = 0;
    for (int o = 0; o < trace->nout; o++)
        for (int64_t k = 0; k < ref[o]->size; k++)
            if (isfinite(ref[o]->data[k]) && fabs(ref[o]->data[k]) > mag) mag = fabs(ref[o]->data[k]);
    cur = trace;
    for (int i = 0; i < npipe; i++) {
        gl_pass_result pr;
        e = (gl_err){GL_OK, ""};
        if (gl_pass_run(pipe[i], cur, &pr, &e)) FZ_FAIL("pass %d (%s): %s (%s)", i, pipe[i], e.msg, cfg);
        gl_graph *next = pr.graph;
        pr.graph = NULL;
        gl_pass_result_free(&pr);
        if (cur != trace) gl_graph_free(cur);
        cur = next;
        if (cur->nout != trace->nout)
            FZ_FAIL("after %s: %d outputs, the trace has %d", pipe[i], cur->nout, trace->nout);
        if (gl_run(cur, in, nin, &bind, got, NULL, &e)) FZ_FAIL("running after %s: %s (%s)", pipe[i], e.msg, cfg);
        for (int o = 0; o < trace->nout; o++) {
            const gl_array *a = ref[o], *b = got[o];
            gl_shape sa = gl_array_shape(a), sb = gl_array_shape(b);
            if (!gl_shape_eq(&sa, &sb)) FZ_FAIL("after %s: output %d has another shape (%s)", pipe[i], o, cfg);
            for (int64_t k = 0; k < a->size; k++) {
                double x = a->data[k], y = b->data[k];
                bool same = (isnan(x) && isnan(y)) || x == y || fabs(x - y) <= TOL * (1.0 + mag);
                if (!same)
                    FZ_FAIL("after pass %d (%s): output %d [%lld] is %.17g, the trace computes %.17g (%s, seed %llu, "
                            "scale %g)", i, pipe[i], o, (long long)k, y, x, cfg, (unsigned long long)seed, scale);
            }
        }
        release_all(got, trace->nout);
        memset(got, 0, sizeof *got * (size_t)trace->nout);
    }
done:
    if (trace) {
        release_all(ref, trace->nout);
        release_all(got, trace->nout);
    }
    release_all(vals, nin);
    free(in);
    free(vals);
    free(ref);
    free(got);
    if (cur && cur != trace) gl_graph_free(cur);
    gl_graph_free(trace);
    gl_params_free(&p);
    return 0;
}
