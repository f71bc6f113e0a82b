/* py_random.c — seeded values for what a program declares: its params and inputs, found by tracing it
 * shape-only. The generator and the draws are those of gl_params_random / gl_inputs_random (layers.c):
 * xoshiro256** seeded by splitmix64, normals as the Irwin–Hall sum of 12 uniforms (only + and *, so every
 * build gets bit-identical numbers); params in declaration order, 1 + 0.1·N(0,1) for rank 1 and
 * N(0,1)/sqrt(rows) otherwise — so the lecture's layer source gets exactly the config case's params —
 * and inputs N(0,1) from the stream seed ^ 0x5DEECE66D, symbolic dims from bind. */
#include <math.h>
#include <string.h>

#include "front/front.h"
#include "front/rng.h"


gl_status gl_program_random(const char *src, size_t len, const gl_bind *bind, int which, uint64_t seed,
                            int64_t max_elems, gl_params *out, gl_err *e) {
    gl_program p;
    gl_status st = gl_program_run(src, len, "program.py", NULL, &p, e);
    if (st) return st;
    const char *what = which == GL_RANDOM_PARAMS ? "params.random" : "inputs.random";
    gl_op op = which == GL_RANDOM_PARAMS ? GL_OP_PARAM : GL_OP_INPUT;
    gl_rng r;
    gl_rng_seed(&r, which == GL_RANDOM_PARAMS ? seed : seed ^ 0x5DEECE66Dull);
    int64_t total = 0;
    for (int i = 0; !st && i < p.graph->n; i++) {
        const gl_node *n = &p.graph->nodes[i];
        if (n->op != op) continue;
        int64_t dims[GL_MAX_RANK];
        for (int d = 0; !st && d < n->shape->rank; d++) {
            gl_err tmp = {GL_OK, ""};
            if (gl_dim_is_sym(n->shape->d[d]) && (which == GL_RANDOM_PARAMS || !bind ||
                                                 gl_dim_value(n->shape->d[d], bind, &dims[d], &tmp)))
                st = gl_fail(e, GL_E_UNBOUND, "%s: %s '%s' has the symbolic dim \"%s\"%s", what,
                             which == GL_RANDOM_PARAMS ? "param" : "input", n->name, n->shape->d[d].sym,
                             which == GL_RANDOM_PARAMS ? "" : " and bind has no value for it");
            else if (!gl_dim_is_sym(n->shape->d[d]))
                dims[d] = n->shape->d[d].n;
        }
        if (st) break;
        gl_shape s = gl_shape_of(n->shape->rank, dims);
        int64_t ne = 0;
        if ((st = gl_numel(&s, NULL, &ne, e))) break;
        if (ne > max_elems - total) {
            st = gl_fail(e, GL_E_LIMIT, "%s: the program's %s need more than %lld values (the run budget)", what,
                         which == GL_RANDOM_PARAMS ? "params" : "inputs", (long long)max_elems);
            break;
        }
        total += ne;
        gl_array *a = NULL;
        if ((st = gl_array_new(s.rank, dims, &a, e))) break;
        double sc = s.rank > 1 ? 1.0 / sqrt((double)dims[0]) : 1.0;
        for (int64_t k = 0; k < a->size; k++) {
            double z = gl_rng_normal(&r);
            a->data[k] = which == GL_RANDOM_INPUTS ? z : s.rank == 1 ? 1.0 + 0.1 * z : z * sc;
        }
        st = gl_params_put(out, n->name, &s, a, e);
        gl_array_release(a);
    }
    gl_program_free(&p);
    return st;
}
