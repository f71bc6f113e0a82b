/* cost.c — the roofline cost of kernels (§10 kernel_time, graph_cost). */
#include "util.h"

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
