/* fuzz_pipeline.c — libFuzzer harness: bytes → a model config → gl_build_model (shape-only) → passes in a
 * fuzzed order → eager and fused kernels → cost → lifetimes → naive / greedy plans and the lower bound.
 *
 * Byte 0 picks the mode, masking, element size and the size class:
 *   small (3 in 4): dims of a few units, 1..3 layers. Everything must succeed: any error is a bug.
 *   huge  (1 in 8): model-scale and beyond (powers of two up to 2^24 = the dim limit, T / S included):
 *                   the only acceptable error is GL_E_LIMIT (overflow of an element, byte or FLOP count),
 *                   never a wrapped number (UBSan traps signed overflow) or a bogus result.
 *   wild  (1 in 8): arbitrary 32-bit values, zeros and impossible combinations: GL_E_INVALID or GL_E_LIMIT.
 * Results are checked: graphs validate, provenance covers every input node, kernel bytes / FLOPs are finite
 * and non-negative, lower bound <= greedy <= naive, and (small) greedy offsets never overlap live buffers. */
#include <math.h>

#include "fuzz_common.h"
#include "passes/passes.h"   /* gl_pass_result_init */

enum { SMALL, HUGE, WILD };

static int64_t pow2_dim(fz_reader *r, int max_log) {
    unsigned b = fz_u8(r);
    int64_t v = (int64_t)1 << (b % (unsigned)(max_log + 1));
    switch ((b >> 5) & 3) {        /* a few values just off the powers of two */
    case 1: return v > 1 ? v - 1 : v;
    case 2: return v + 1 <= ((int64_t)1 << 24) ? v + 1 : v;
    default: return v;
    }
}

static int64_t wild_dim(fz_reader *r) {
    switch (fz_u8(r) % 6) {
    case 0: return 0;
    case 1: return -(int64_t)fz_u8(r);
    case 2: return ((int64_t)1 << 24) + (int64_t)fz_u8(r);
    case 3: return INT64_MAX - (int64_t)fz_u8(r);
    default: return (int64_t)fz_u32(r);
    }
}

static void read_cfg(fz_reader *r, int cls, unsigned flags, gl_model_cfg *m) {
    memset(m, 0, sizeof *m);
    m->layer.eps = 1e-5;
    m->layer.theta = 10000.0;
    m->mode = flags & 1 ? GL_MODE_DECODE : GL_MODE_PREFILL;
    m->masked = m->mode == GL_MODE_DECODE && (flags & 2);
    gl_layer_cfg *c = &m->layer;
    if (cls == SMALL) {
        c->G = 1 + fz_below(r, 3);
        c->H = c->G * (1 + fz_below(r, 3));
        c->dh = 2 * (1 + fz_below(r, 4));
        c->d = 1 + fz_below(r, 24);
        c->f = 1 + fz_below(r, 24);
        m->T = 1 + fz_below(r, 8);
        m->pos0 = fz_below(r, 4);
        m->S = 1 + fz_below(r, 9);
        m->layers = 1 + (int)fz_below(r, 3);
    } else if (cls == HUGE) {
        c->G = pow2_dim(r, 6);
        c->H = c->G * ((int64_t)1 << fz_below(r, 18));
        if (c->H > ((int64_t)1 << 24)) c->H = c->G;
        c->dh = (int64_t)2 << fz_below(r, 24);
        c->d = pow2_dim(r, 24);
        c->f = pow2_dim(r, 24);
        m->T = pow2_dim(r, 24);
        m->pos0 = fz_u8(r) & 1 ? 0 : pow2_dim(r, 24);
        m->S = pow2_dim(r, 24);
        m->layers = 1 + (int)fz_below(r, 2);
    } else {
        c->G = wild_dim(r);
        c->H = wild_dim(r);
        c->dh = wild_dim(r);
        c->d = wild_dim(r);
        c->f = wild_dim(r);
        m->T = wild_dim(r);
        m->pos0 = wild_dim(r);
        m->S = wild_dim(r);
        m->layers = (int)(fz_u32(r) % 2048) - 8;
        if (fz_u8(r) & 1) c->eps = fz_u8(r) & 1 ? -1.0 : NAN;
        if (fz_u8(r) & 1) c->theta = fz_u8(r) & 1 ? 0.0 : INFINITY;
    }
    if (m->mode == GL_MODE_DECODE) {
        m->T = 0;
        m->pos0 = 0;
    } else {
        m->S = 0;
    }
}

static void check_graph(const gl_graph *g, const char *what) {
    gl_err e = {GL_OK, ""};
    if (gl_graph_validate(g, &e)) FZ_FAIL("%s: graph does not validate: %s", what, e.msg);
}

static void check_prov(const gl_pass_result *r, int nin, const char *name) {
    const gl_provenance *p = &r->prov;
    if (p->n != r->graph->n) FZ_FAIL("%s: provenance has %d nodes, graph %d", name, p->n, r->graph->n);
    char *seen = calloc((size_t)nin + 1, 1);
    if (!seen) return;
    for (int i = 0; i < p->n; i++)
        for (int k = p->from_start[i]; k < p->from_start[i + 1]; k++) {
            int id = p->from[k];
            if (id < 0 || id >= nin) FZ_FAIL("%s: provenance from %d out of range 0..%d", name, id, nin - 1);
            seen[id] = 1;
        }
    for (int k = 0; k < p->nremoved; k++) {
        int id = p->removed[k];
        if (id < 0 || id >= nin) FZ_FAIL("%s: removed %d out of range", name, id);
        seen[id] = 1;
    }
    for (int i = 0; i < nin; i++)
        if (!seen[i]) FZ_FAIL("%s: input node %d is in no provenance entry", name, i);
    free(seen);
}

static void check_kernels(const gl_kernels *ks, const gl_graph *g, const char *what) {
    for (int i = 0; i < ks->n; i++) {
        const gl_kernel *k = &ks->k[i];
        if (!(k->reads >= 0 && k->writes >= 0 && k->flops >= 0) || !isfinite(k->reads) || !isfinite(k->writes) ||
            !isfinite(k->flops))
            FZ_FAIL("%s: kernel %d has reads %g writes %g flops %g", what, i, k->reads, k->writes, k->flops);
        if (k->nnodes < 1) FZ_FAIL("%s: kernel %d is empty", what, i);
        for (int j = 0; j < k->nnodes; j++)
            if (k->nodes[j] < 0 || k->nodes[j] >= g->n) FZ_FAIL("%s: kernel %d names node %d", what, i, k->nodes[j]);
    }
}

static void check_plans(const gl_lifetimes *l, bool pairwise) {
    gl_err e = {GL_OK, ""};
    int64_t naive = 0, greedy = 0;
    int64_t *off = calloc((size_t)l->n + 1, sizeof *off);
    if (!off) return;
    gl_status a = gl_plan_naive(l, &naive, NULL, &e);
    gl_status b = a ? a : gl_plan_greedy(l, &greedy, off, &e);
    if (a || b) {
        if ((a ? a : b) != GL_E_LIMIT) FZ_FAIL("plan: status %d: %s", (int)(a ? a : b), e.msg);
        free(off);
        return;
    }
    int64_t lb = gl_lower_bound(l);
    if (!(0 <= lb && lb <= greedy && greedy <= naive))
        FZ_FAIL("plan: lower bound %lld, greedy %lld, naive %lld", (long long)lb, (long long)greedy, (long long)naive);
    for (int i = 0; i < l->n; i++) {
        const gl_lifetime *x = &l->lt[i];
        if (x->bytes < 0 || x->start > x->end) FZ_FAIL("lifetime %d: bytes %lld, %d..%d", i, (long long)x->bytes,
                                                       x->start, x->end);
        if (off[i] < 0 || off[i] > greedy - x->bytes) FZ_FAIL("greedy offset %d out of the peak", i);
        for (int j = i + 1; pairwise && j < l->n; j++) {
            const gl_lifetime *y = &l->lt[j];
            bool together = !(x->end < y->start || y->end < x->start);
            bool apart = off[i] + x->bytes <= off[j] || off[j] + y->bytes <= off[i];
            if (together && !apart) FZ_FAIL("greedy: live buffers %d and %d overlap", i, j);
        }
    }
    free(off);
}

/* ok: the call's status. Small configs must succeed; the others may fail only with the listed statuses. */
static bool allowed(gl_status st, int cls, const gl_err *e, const char *what, const char *cfg) {
    if (st == GL_OK) return true;
    if (st == GL_E_LIMIT && cls != SMALL) return false;
    if (st == GL_E_INVALID && cls == WILD) return false;
    FZ_FAIL("%s failed with status %d (%s) on %s", what, (int)st, e->msg, cfg);
    return false;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    fz_reader r = {data, size, 0};
    unsigned flags = fz_u8(&r);
    int cls = (flags >> 2) % 8 < 6 ? SMALL : (flags >> 2) % 8 == 6 ? HUGE : WILD;
    int eb = flags & 0x20 ? 4 : 2;
    gl_model_cfg m;
    read_cfg(&r, cls, flags, &m);
    const char *pipe[12];
    int npipe = fz_pipeline(&r, pipe, 12);
    char cfg[256];
    fz_describe(&m, cfg, sizeof cfg);

    gl_err e = {GL_OK, ""};
    gl_params p;
    gl_params_init(&p);
    gl_graph *trace = NULL, *cur = NULL;
    gl_pass_result dec;
    gl_pass_result_init(&dec);
    gl_kernels eager = {0}, fused = {0};
    gl_lifetimes lt = {0};
    gl_bind bind = {0};
    gl_status st = gl_params_shapes(&p, &m, &e);
    if (!allowed(st, cls, &e, "gl_params_shapes", cfg)) goto done;
    st = gl_build_model(&m, &p, &trace, &e);
    if (st ? trace != NULL : trace == NULL) FZ_FAIL("gl_build_model: status %d with graph %p", st, (void *)trace);
    if (!allowed(st, cls, &e, "gl_build_model", cfg)) goto done;
    check_graph(trace, "trace");
    if (m.mode == GL_MODE_DECODE) {
        gl_bind_set(&bind, "S", m.S, &e);
        gl_bind_set(&bind, "P", m.S - 1, &e);
    }
    for (int i = 0; i < trace->n; i++) {   /* every node's element count: a value or GL_E_LIMIT */
        int64_t ne = -1;
        gl_err le = {GL_OK, ""};
        st = gl_numel(trace->nodes[i].shape, &bind, &ne, &le);
        if (st == GL_OK && ne < 0) FZ_FAIL("gl_numel of node %d is %lld", i, (long long)ne);
        if (st != GL_OK && (st != GL_E_LIMIT || cls == SMALL)) FZ_FAIL("gl_numel of node %d: %s", i, le.msg);
    }
    cur = trace;
    for (int i = 0; i < npipe; i++) {
        gl_pass_result pr;
        e = (gl_err){GL_OK, ""};
        st = gl_pass_run(pipe[i], cur, &pr, &e);
        if (st) {
            gl_pass_result_free(&pr);
            if (!allowed(st, cls, &e, pipe[i], cfg)) goto done;
        }
        check_graph(pr.graph, pipe[i]);
        check_prov(&pr, cur->n, pipe[i]);
        gl_graph *next = pr.graph;
        pr.graph = NULL;
        gl_pass_result_free(&pr);
        if (cur != trace) gl_graph_free(cur);
        cur = next;
    }
    e = (gl_err){GL_OK, ""};
    st = gl_decompose(trace, &dec, &e);
    if (!allowed(st, cls, &e, "decompose (eager)", cfg)) goto done;
    st = gl_fuse(dec.graph, false, eb, &bind, &eager, &e);
    if (!allowed(st, cls, &e, "fuse (eager)", cfg)) goto done;
    check_kernels(&eager, dec.graph, "eager");
    st = gl_fuse(cur, true, eb, &bind, &fused, &e);
    if (!allowed(st, cls, &e, "fuse", cfg)) goto done;
    check_kernels(&fused, cur, "fused");
    for (int i = 0; i < gl_device_count(); i++) {
        gl_cost ce = gl_graph_cost(&eager, gl_device_at(i)), cf = gl_graph_cost(&fused, gl_device_at(i));
        if (!(ce.t_total >= 0 && cf.t_total >= 0) || !isfinite(ce.t_total) || !isfinite(cf.t_total))
            FZ_FAIL("cost is %g / %g on %s", ce.t_total, cf.t_total, cfg);
        if (ce.kernels != eager.n || cf.kernels != fused.n) FZ_FAIL("cost counts the wrong number of kernels");
    }
    st = gl_lifetimes_compute(cur, &fused, &bind, eb, &lt, &e);
    if (!allowed(st, cls, &e, "lifetimes", cfg)) goto done;
    check_plans(&lt, cls == SMALL && lt.n <= 400);
done:
    gl_lifetimes_free(&lt);
    gl_kernels_free(&eager);
    gl_kernels_free(&fused);
    gl_pass_result_free(&dec);
    if (cur && cur != trace) gl_graph_free(cur);
    gl_graph_free(trace);
    gl_params_free(&p);
    return 0;
}
