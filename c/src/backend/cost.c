/* cost.c — the roofline cost of kernels (§10 kernel_time, graph_cost), and its finiteness check. */
#include <math.h>

#include "ir/util.h"

double gl_kernel_time(const gl_kernel *k, const gl_device *d) {
    double peak = (k->kind == GL_K_MATMUL || k->kind == GL_K_ATTENTION) ? d->mm_flops : d->vec_flops;
    double a = k->flops / peak, b = (k->reads + k->writes) / d->bw;
    return b > a ? b : a;                          /* Python's max(a, b) keeps a unless b is larger */
}

gl_cost gl_graph_cost(const gl_kernels *ks, const gl_device *d) {
    gl_cost c = {0};
    if (!ks) return c;
    for (int i = 0; i < ks->n; i++) c.t += gl_kernel_time(&ks->k[i], d);
    for (int i = 0; i < ks->n; i++) c.bytes += ks->k[i].reads + ks->k[i].writes;
    for (int i = 0; i < ks->n; i++) c.flops += ks->k[i].flops;
    c.kernels = ks->n;
    c.t_total = c.t + (double)ks->n * d->launch;
    return c;
}

gl_status gl_cost_check(const gl_kernels *ks, const gl_device *d, const gl_cost *c, gl_err *e) {
    if (!ks || !d || !c) return gl_fail(e, GL_E_INVALID, "gl_cost_check: missing argument");
    if (isfinite(c->bytes) && isfinite(c->flops) && isfinite(c->t) && isfinite(c->t_total)) return GL_OK;
    if (!isfinite(c->bytes) || !isfinite(c->flops))
        return gl_fail(e, GL_E_LIMIT, "the graph's byte or FLOP count overflows float64");
    char num[40];
    if (isfinite(c->t))
        return gl_fail(e, GL_E_LIMIT, "device.launch (%s) makes the total time infinite", gl_fmt_double(d->launch, num));
    /* Blame the peak whose terms sum largest: each kernel's time is one of flops/peak or bytes/bw. */
    double sum[3] = {0, 0, 0};   /* mm_flops, vec_flops, bw */
    for (int i = 0; i < ks->n; i++) {
        const gl_kernel *k = &ks->k[i];
        bool mm = k->kind == GL_K_MATMUL || k->kind == GL_K_ATTENTION;
        double a = k->flops / (mm ? d->mm_flops : d->vec_flops), b = (k->reads + k->writes) / d->bw;
        if (b > a) sum[2] += b;
        else sum[mm ? 0 : 1] += a;
    }
    static const char *const FIELD[] = {"mm_flops", "vec_flops", "bw"};
    const double val[] = {d->mm_flops, d->vec_flops, d->bw};
    int w = 0;
    for (int i = 1; i < 3; i++)
        if (sum[i] > sum[w]) w = i;
    return gl_fail(e, GL_E_LIMIT, "device.%s (%s) makes the kernel time infinite", FIELD[w], gl_fmt_double(val[w], num));
}
