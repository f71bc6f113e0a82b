/* test_passes.c — the §9 passes: small hand-built graphs per pass (expectations derived by hand from the
 * reference's code), purity (the input graph is untouched), idempotence, provenance (every input id
 * accounted for exactly once), the reference's per-pass node counts on the fixture configs
 * (the "passes" key of tests/fixtures/ *.json), and numbers preserved through the whole pipeline (gl_run). */
#include <stdio.h>

#include "test_util.h"

#define SHAPE(...) gl_shape_of((int)(sizeof((int64_t[]){__VA_ARGS__}) / sizeof(int64_t)), (int64_t[]){__VA_ARGS__})

static gl_shape scalar_shape(void) { return gl_shape_of(0, NULL); }

/* ---------------------------------------------------------------- helpers */
static void assert_graph_eq(const gl_graph *a, const gl_graph *b) {
    assert_int_equal(a->n, b->n);
    for (int i = 0; i < a->n; i++) {
        const gl_node *x = &a->nodes[i], *y = &b->nodes[i];
        assert_int_equal(x->id, y->id);
        assert_int_equal(x->op, y->op);
        assert_int_equal(x->nin, y->nin);
        for (int k = 0; k < x->nin; k++) assert_int_equal(x->in[k], y->in[k]);
        assert_true(gl_attrs_eq(x->attrs, y->attrs));
        assert_true(gl_shape_eq(x->shape, y->shape));
        assert_string_equal(x->name, y->name);
        assert_ptr_equal(a->values[i], b->values[i]);
    }
    assert_int_equal(a->nout, b->nout);
    for (int k = 0; k < a->nout; k++) assert_int_equal(a->outputs[k], b->outputs[k]);
    assert_int_equal(a->nguards, b->nguards);
    for (int k = 0; k < a->nguards; k++) {
        assert_int_equal(a->guards[k].node, b->guards[k].node);
        assert_int_equal(a->guards[k].value, b->guards[k].value);
    }
}

/* Every input id appears exactly once across the `from` lists and `removed` — except a composite that
 * decompose expanded, which appears in each primitive it produced (and only there). */
static void check_prov(const gl_graph *in, const gl_pass_result *r, const char *pass) {
    const gl_provenance *p = &r->prov;
    assert_string_equal(p->pass, pass);
    assert_int_equal(p->n, r->graph->n);
    int *cnt = calloc((size_t)in->n + 1, sizeof(int)), *nexp = calloc((size_t)in->n + 1, sizeof(int));
    assert_non_null(cnt);
    assert_non_null(nexp);
    assert_int_equal(p->from_start[0], 0);
    for (int j = 0; j < p->n; j++) {
        assert_true(p->how[j] >= GL_HOW_KEPT && p->how[j] <= GL_HOW_CREATED);
        int s = p->from_start[j], t = p->from_start[j + 1];
        assert_true(t >= s);
        for (int k = s; k < t; k++) {
            int id = p->from[k];
            assert_true(id >= 0 && id < in->n);
            if (k > s) assert_true(id > p->from[k - 1]);
            cnt[id]++;
            if (p->how[j] == GL_HOW_EXPANDED) nexp[id]++;
        }
        const gl_node *o = &r->graph->nodes[j];
        switch (p->how[j]) {
        case GL_HOW_KEPT:            /* the same node: one source, same op and name */
            assert_int_equal(t - s, 1);
            assert_int_equal(in->nodes[p->from[s]].op, o->op);
            assert_string_equal(in->nodes[p->from[s]].name, o->name);
            break;
        case GL_HOW_MERGED: assert_true(t - s >= 2); break;
        case GL_HOW_REPLACED: assert_int_equal(o->op, GL_OP_FLASH_ATTN); assert_true(t - s >= 1); break;
        case GL_HOW_EXPANDED:
            assert_int_equal(t - s, 1);
            assert_int_equal(gl_op_class(in->nodes[p->from[s]].op), GL_CLASS_COMPOSITE);
            break;
        case GL_HOW_FOLDED: assert_int_equal(o->op, GL_OP_CONST); assert_true(t - s >= 1); break;
        case GL_HOW_CREATED: assert_int_equal(o->op, GL_OP_PARAM); break;
        }
    }
    for (int k = 0; k < p->nremoved; k++) {
        int id = p->removed[k];
        assert_true(id >= 0 && id < in->n);
        if (k) assert_true(id > p->removed[k - 1]);
        cnt[id]++;
    }
    for (int i = 0; i < in->n; i++) {
        assert_true(cnt[i] >= 1);
        if (cnt[i] > 1) assert_int_equal(nexp[i], cnt[i]);
    }
    free(cnt);
    free(nexp);
}

/* Runs a pass by name, checking purity (the input is unchanged, values shared not copied) and provenance. */
static gl_pass_result run_pass(const char *name, const gl_graph *g) {
    gl_err e = {0};
    gl_graph *before = NULL;
    assert_int_equal(gl_graph_clone(g, &before, &e), GL_OK);
    gl_pass_result r;
    gl_status st = gl_pass_run(name, g, &r, &e);
    if (st) fprintf(stderr, "%s: %s\n", name, e.msg);
    assert_int_equal(st, GL_OK);
    assert_non_null(r.graph);
    assert_int_equal(gl_graph_validate(r.graph, &e), GL_OK);
    assert_graph_eq(g, before);
    gl_graph_free(before);
    check_prov(g, &r, name);
    return r;
}

/* A second run changes nothing (and finds nothing to count). */
static void check_idempotent(const char *name, const gl_graph *g) {
    gl_pass_result r = run_pass(name, g);
    assert_graph_eq(r.graph, g);
    assert_true(r.hits <= 0);
    gl_pass_result_free(&r);
}

static int add_node(gl_graph *g, gl_op op, const int *in, int nin, const gl_attrs *a, gl_shape s, const char *name) {
    gl_err e = {0};
    int id = gl_graph_add(g, op, in, nin, a, &s, name, &e);
    assert_true(id >= 0);
    return id;
}

static int add_scalar_const(gl_graph *g, double v, bool with_attr) {
    gl_err e = {0};
    gl_attrs a;
    memset(&a, 0, sizeof a);
    if (with_attr) {
        a.has = GL_A_VALUE;
        a.value = v;
    }
    int id = add_node(g, GL_OP_CONST, NULL, 0, &a, scalar_shape(), NULL);
    gl_array *arr = NULL;
    assert_int_equal(gl_array_scalar(v, &arr, &e), GL_OK);
    gl_graph_set_value(g, id, arr);
    gl_array_release(arr);
    return id;
}

static gl_array *array_of(gl_shape s, double start, double step) {
    gl_err e = {0};
    int64_t dims[GL_MAX_RANK];
    for (int i = 0; i < s.rank; i++) dims[i] = s.d[i].n;
    gl_array *a = NULL;
    assert_int_equal(gl_array_new(s.rank, dims, &a, &e), GL_OK);
    for (int64_t k = 0; k < a->size; k++) a->data[k] = start + step * (double)k;
    return a;
}

static gl_graph *finish(gl_tracer *tr, int out) {
    gl_err e = {0};
    gl_graph *g = NULL;
    gl_status st = gl_tracer_finish(tr, &out, 1, &g, &e);
    if (st) fprintf(stderr, "trace: %s\n", e.msg);
    assert_int_equal(st, GL_OK);
    return g;
}

/* ---------------------------------------------------------------- simplify */
static void test_simplify_rules(void **state) {
    (void)state;
    gl_err e = {0};
    gl_tracer *tr = NULL;
    assert_int_equal(gl_tracer_new(GL_BRANCH_ERROR, false, &tr, &e), GL_OK);
    gl_shape xs = SHAPE(4, 3);
    int x = gl_t_input(tr, "x", &xs, NULL);
    int one = gl_t_scalar(tr, 1.0), zero = gl_t_scalar(tr, 0.0);
    int a = gl_t_mul(tr, x, one);        /* x·1 -> x */
    int b = gl_t_mul(tr, one, a);        /* 1·x -> x */
    int c = gl_t_add(tr, b, zero);       /* x+0 -> x */
    int d = gl_t_sub(tr, c, zero);       /* x-0 -> x */
    int q = gl_t_div(tr, d, one);        /* x/1 -> x */
    int n1 = gl_t_neg(tr, q);
    int n2 = gl_t_neg(tr, n1);           /* -(-x) -> x */
    int p10[2] = {1, 0};
    int t1 = gl_t_transpose(tr, n2, p10, 2);
    int t2 = gl_t_transpose(tr, t1, p10, 2);   /* identity -> x */
    gl_shape s12 = SHAPE(12), s26 = SHAPE(2, 6);
    int r1 = gl_t_reshape(tr, t2, &s12);
    int r2 = gl_t_reshape(tr, r1, &s26);     /* reshape(reshape(x)) -> reshape(x) */
    int out = gl_t_exp(tr, r2);
    gl_graph *g = finish(tr, out);

    gl_pass_result r = run_pass("simplify", g);
    assert_int_equal(r.hits, 8);
    const gl_graph *o = r.graph;
    assert_int_equal(o->n, 3);
    assert_int_equal(o->nodes[0].op, GL_OP_INPUT);
    assert_int_equal(o->nodes[1].op, GL_OP_RESHAPE);
    assert_int_equal(o->nodes[1].in[0], 0);
    assert_true(gl_shape_eq(&o->nodes[1].attrs->shape, &s26));
    assert_int_equal(o->nodes[2].op, GL_OP_EXP);
    assert_int_equal(o->outputs[0], 2);
    /* provenance: x, the outer reshape and exp kept; the rest removed */
    assert_int_equal(r.prov.nremoved, g->n - 3);
    assert_int_equal(r.prov.from[r.prov.from_start[1]], r2);
    check_idempotent("simplify", o);
    gl_pass_result_free(&r);
    gl_graph_free(g);
}

static void test_simplify_non_rules(void **state) {
    (void)state;
    gl_err e = {0};
    /* transposes that do not compose to the identity, x·2, x+1, 0-x, a const 1 of shape (1,): nothing */
    gl_tracer *tr = NULL;
    assert_int_equal(gl_tracer_new(GL_BRANCH_ERROR, false, &tr, &e), GL_OK);
    gl_shape xs = SHAPE(2, 3, 4);
    int x = gl_t_input(tr, "x", &xs, NULL);
    int pa[3] = {1, 0, 2}, pb[3] = {0, 2, 1};
    int t1 = gl_t_transpose(tr, x, pa, 3);
    int t2 = gl_t_transpose(tr, t1, pb, 3);
    int two = gl_t_scalar(tr, 2.0), one = gl_t_scalar(tr, 1.0), zero = gl_t_scalar(tr, 0.0);
    int m = gl_t_mul(tr, t2, two);
    int a = gl_t_add(tr, m, one);
    int s = gl_t_sub(tr, zero, a);
    gl_array *ones = array_of(SHAPE(1), 1.0, 0.0);
    int c1 = gl_t_const(tr, ones);
    gl_array_release(ones);
    int m2 = gl_t_mul(tr, s, c1);
    gl_graph *g = finish(tr, m2);
    gl_pass_result r = run_pass("simplify", g);
    assert_int_equal(r.hits, 0);
    assert_graph_eq(r.graph, g);
    gl_pass_result_free(&r);
    gl_graph_free(g);

    /* a folded scalar const (attrs {}) equal to 1 counts: is_const reads the value, not attrs */
    assert_int_equal(gl_graph_new(&g, &e), GL_OK);
    int xi = add_node(g, GL_OP_INPUT, NULL, 0, NULL, SHAPE(3), "x");
    int f1 = add_scalar_const(g, 1.0, false);
    int in[2] = {f1, xi};
    int mm = add_node(g, GL_OP_MUL, in, 2, NULL, SHAPE(3), NULL);
    int ex = add_node(g, GL_OP_EXP, &mm, 1, NULL, SHAPE(3), NULL);
    assert_int_equal(gl_graph_set_outputs(g, &ex, 1, &e), GL_OK);
    r = run_pass("simplify", g);
    assert_int_equal(r.hits, 1);
    assert_int_equal(r.graph->n, 2);
    assert_int_equal(r.graph->nodes[1].op, GL_OP_EXP);
    assert_int_equal(r.graph->nodes[1].in[0], 0);
    gl_pass_result_free(&r);
    gl_graph_free(g);
}

/* ---------------------------------------------------------------- cse */
static void test_cse(void **state) {
    (void)state;
    gl_err e = {0};
    gl_graph *g = NULL;
    assert_int_equal(gl_graph_new(&g, &e), GL_OK);
    gl_shape s = SHAPE(4, 4);
    int x = add_node(g, GL_OP_INPUT, NULL, 0, NULL, s, "x");
    int y = add_node(g, GL_OP_INPUT, NULL, 0, NULL, s, "y");
    gl_array *wv = array_of(s, 0.5, 0.25);
    int p1 = add_node(g, GL_OP_PARAM, NULL, 0, NULL, s, "w");
    int p2 = add_node(g, GL_OP_PARAM, NULL, 0, NULL, s, "w");       /* same name, same value: never merged */
    gl_graph_set_value(g, p1, wv);
    gl_graph_set_value(g, p2, wv);
    int ca = add_node(g, GL_OP_CONST, NULL, 0, NULL, s, NULL);      /* two consts sharing one array: merged */
    int cb = add_node(g, GL_OP_CONST, NULL, 0, NULL, s, NULL);
    gl_graph_set_value(g, ca, wv);
    gl_graph_set_value(g, cb, wv);
    gl_array *copy = NULL;
    assert_int_equal(gl_array_copy(wv, &copy, &e), GL_OK);
    int cc = add_node(g, GL_OP_CONST, NULL, 0, NULL, s, NULL);      /* equal copy: not merged */
    gl_graph_set_value(g, cc, copy);
    gl_array_release(copy);
    gl_array_release(wv);
    int s2a = add_scalar_const(g, 2.0, true);
    int s2b = add_scalar_const(g, 2.0, true);                      /* same "value": merged */
    int s3 = add_scalar_const(g, 3.0, true);
    int f3 = add_scalar_const(g, 3.0, false);                      /* folded scalars: key None... */
    int f5 = add_scalar_const(g, 5.0, false);                      /* ...so these two merge (the quirk) */
    int in[2] = {x, y};
    int a = add_node(g, GL_OP_MUL, in, 2, NULL, s, NULL);
    int b = add_node(g, GL_OP_MUL, in, 2, NULL, s, NULL);           /* = a */
    int e1 = add_node(g, GL_OP_EXP, &a, 1, NULL, s, NULL);
    int e2 = add_node(g, GL_OP_EXP, &b, 1, NULL, s, NULL);          /* = e1 once b resolves to a */
    gl_attrs ax;
    memset(&ax, 0, sizeof ax);
    ax.has = GL_A_AXIS | GL_A_KEEPDIMS;
    ax.axis = -1;
    int r1 = add_node(g, GL_OP_SUM, &e1, 1, &ax, SHAPE(4), NULL);
    ax.axis = 1;
    int r2 = add_node(g, GL_OP_SUM, &e2, 1, &ax, SHAPE(4), NULL);   /* axis 1 != axis -1: kept */
    int in2[2] = {r1, r2};
    int o = add_node(g, GL_OP_ADD, in2, 2, NULL, SHAPE(4), NULL);
    int outs[] = {o, p1, p2, ca, cb, cc, s2a, s2b, s3, f3, f5};
    assert_int_equal(gl_graph_set_outputs(g, outs, 11, &e), GL_OK);

    gl_pass_result r = run_pass("cse", g);
    assert_int_equal(r.hits, -1);
    const gl_graph *n = r.graph;
    assert_int_equal(n->n, g->n - 5);                              /* cb, s2b, f5, b, e2 merged */
    const gl_provenance *pv = &r.prov;
    int merged = 0;
    for (int j = 0; j < pv->n; j++)
        if (pv->how[j] == GL_HOW_MERGED) {
            merged++;
            int f = pv->from[pv->from_start[j]], t = pv->from[pv->from_start[j] + 1];
            assert_int_equal(pv->from_start[j + 1] - pv->from_start[j], 2);
            assert_true((f == ca && t == cb) || (f == s2a && t == s2b) || (f == f3 && t == f5) || (f == a && t == b) ||
                        (f == e1 && t == e2));
        }
    assert_int_equal(merged, 5);
    assert_int_equal(pv->nremoved, 0);
    /* outputs resolve to the survivors */
    assert_int_equal(n->outputs[4], n->outputs[3]);
    assert_int_equal(n->outputs[7], n->outputs[6]);
    assert_int_equal(n->outputs[10], n->outputs[9]);
    assert_int_not_equal(n->outputs[1], n->outputs[2]);
    assert_int_not_equal(n->outputs[5], n->outputs[3]);
    assert_int_not_equal(n->outputs[8], n->outputs[6]);
    /* the sums read the one exp */
    const gl_node *sum1 = &n->nodes[n->nodes[n->outputs[0]].in[0]], *sum2 = &n->nodes[n->nodes[n->outputs[0]].in[1]];
    assert_int_equal(sum1->in[0], sum2->in[0]);
    assert_int_equal(sum1->attrs->axis, -1);
    assert_int_equal(sum2->attrs->axis, 1);
    /* values shared, not copied */
    assert_ptr_equal(n->values[n->outputs[1]], g->values[p1]);
    (void)s3;
    check_idempotent("cse", n);
    gl_pass_result_free(&r);
    gl_graph_free(g);
}

/* CSE keys, one attr kind at a time: two nodes reading the same input that differ in exactly one attr must
 * stay apart, identical ones must merge; float attrs compare as the reference's str() does, scalar consts by
 * ==. Every expectation was found by running the reference's cse on the same graph
 * (tests/golden/random/cse_keys.json holds those graphs and the reference's answers). */
typedef struct {
    gl_op op;
    int nin;                 /* 0 (causal_mask), 1 (reads x) or 3 (flash_attn(x, x, x)) */
    gl_attrs a1, a2;
    gl_shape s1, s2;
} key_pair;

static gl_attrs A_perm(int p0, int p1, int p2) {
    gl_attrs a;
    memset(&a, 0, sizeof a);
    a.has = GL_A_PERM;
    a.nperm = 3;
    a.perm[0] = p0, a.perm[1] = p1, a.perm[2] = p2;
    return a;
}

static gl_attrs A_reduce(int axis, bool keepdims) {
    gl_attrs a;
    memset(&a, 0, sizeof a);
    a.has = GL_A_AXIS | GL_A_KEEPDIMS;
    a.axis = axis;
    a.keepdims = keepdims;
    return a;
}

static gl_attrs A_one(unsigned bit, double v) {
    gl_attrs a;
    memset(&a, 0, sizeof a);
    a.has = bit;
    if (bit == GL_A_AXIS) a.axis = (int)v;
    if (bit == GL_A_EPS) a.eps = v;
    if (bit == GL_A_SCALE) a.scale = v;
    return a;
}

static gl_attrs A_shape(gl_shape s) {
    gl_attrs a;
    memset(&a, 0, sizeof a);
    a.has = GL_A_SHAPE;
    a.shape = s;
    return a;
}

static gl_attrs A_mask(int64_t T, int64_t pos0) {
    gl_attrs a;
    memset(&a, 0, sizeof a);
    a.has = GL_A_T | GL_A_POS0;
    a.T = T;
    a.pos0 = pos0;
    return a;
}

static gl_attrs A_pos(gl_dim d) {
    gl_attrs a;
    memset(&a, 0, sizeof a);
    a.has = GL_A_POS;
    a.pos = d;
    return a;
}

/* gl_cse without run_pass's purity check, whose gl_attrs_eq compares floats with == (a NaN eps never equals
 * its own copy). */
static gl_pass_result cse_only(const gl_graph *g) {
    gl_err e = {0};
    gl_pass_result r;
    gl_status st = gl_cse(g, &r, &e);
    if (st) fprintf(stderr, "cse: %s\n", e.msg);
    assert_int_equal(st, GL_OK);
    assert_int_equal(gl_graph_validate(r.graph, &e), GL_OK);
    return r;
}

/* Builds x [2,3,4] (and whatever the op reads), the two nodes of kp, outputs both; true when cse merged them. */
static bool cse_merges(const key_pair *kp) {
    gl_err e = {0};
    gl_graph *g = NULL;
    assert_int_equal(gl_graph_new(&g, &e), GL_OK);
    int x = add_node(g, GL_OP_INPUT, NULL, 0, NULL, SHAPE(2, 3, 4), "x");
    int in[3] = {x, x, x};
    if (kp->op == GL_OP_RMS_NORM) {
        in[1] = add_node(g, GL_OP_PARAM, NULL, 0, NULL, SHAPE(4), "w");
    } else if (kp->op == GL_OP_KV_WRITE) {
        gl_shape cs = SHAPE(2, 0, 4);
        cs.d[1] = gl_dim_sym("S");
        in[0] = add_node(g, GL_OP_INPUT, NULL, 0, NULL, cs, "cache");
        in[1] = add_node(g, GL_OP_PARAM, NULL, 0, NULL, SHAPE(2, 1, 4), "new");
    }
    int nin = kp->op == GL_OP_RMS_NORM || kp->op == GL_OP_KV_WRITE ? 2 : kp->nin;
    int p = add_node(g, kp->op, in, nin, &kp->a1, kp->s1, NULL);
    int q = add_node(g, kp->op, in, nin, &kp->a2, kp->s2, NULL);
    int outs[2] = {p, q};
    assert_int_equal(gl_graph_set_outputs(g, outs, 2, &e), GL_OK);
    gl_pass_result r = cse_only(g);
    bool merged = r.graph->outputs[0] == r.graph->outputs[1];
    assert_int_equal(r.graph->n, g->n - (merged ? 1 : 0));
    gl_pass_result_free(&r);
    gl_graph_free(g);
    return merged;
}

/* Two scalar consts (with or without the "value" attr) multiplied into x: merged when cse merges the consts.
 * pad other consts come first, so the two land in different parts of hash tables of several sizes. */
static bool cse_merges_scalars(double v1, bool attr1, double v2, bool attr2, int pad) {
    gl_err e = {0};
    gl_graph *g = NULL;
    assert_int_equal(gl_graph_new(&g, &e), GL_OK);
    int x = add_node(g, GL_OP_INPUT, NULL, 0, NULL, SHAPE(2, 3, 4), "x");
    for (int i = 0; i < pad; i++) add_scalar_const(g, 10.0 + i, true);
    int c1 = add_scalar_const(g, v1, attr1), c2 = add_scalar_const(g, v2, attr2);
    int i1[2] = {x, c1}, i2[2] = {x, c2};
    int outs[2] = {add_node(g, GL_OP_MUL, i1, 2, NULL, SHAPE(2, 3, 4), NULL),
                   add_node(g, GL_OP_MUL, i2, 2, NULL, SHAPE(2, 3, 4), NULL)};
    assert_int_equal(gl_graph_set_outputs(g, outs, 2, &e), GL_OK);
    gl_pass_result r = cse_only(g);
    bool merged = r.graph->outputs[0] == r.graph->outputs[1];
    assert_int_equal(r.graph->n, g->n - (merged ? 2 : 0));
    gl_pass_result_free(&r);
    gl_graph_free(g);
    return merged;
}

static void test_cse_key_every_attr(void **state) {
    (void)state;
    gl_shape x = SHAPE(2, 3, 4), sym1 = SHAPE(0, 2, 2), sym2 = SHAPE(2, 0, 2);
    sym1.d[0] = gl_dim_sym("S");
    sym2.d[1] = gl_dim_sym("S");
    gl_shape kv = SHAPE(2, 0, 4);
    kv.d[1] = gl_dim_sym("S");
    const double nan = NAN, inf = INFINITY;
    const struct {
        const char *what;
        key_pair kp;
        bool merged;         /* what the reference's cse does */
    } cases[] = {
        {"perm differs", {GL_OP_TRANSPOSE, 1, A_perm(1, 0, 2), A_perm(0, 2, 1), SHAPE(3, 2, 4), SHAPE(2, 4, 3)}, false},
        {"perm same", {GL_OP_TRANSPOSE, 1, A_perm(1, 0, 2), A_perm(1, 0, 2), SHAPE(3, 2, 4), SHAPE(3, 2, 4)}, true},
        {"axis differs", {GL_OP_SUM, 1, A_reduce(0, false), A_reduce(1, false), SHAPE(3, 4), SHAPE(2, 4)}, false},
        {"axis -1 vs 2 (the same axis)", {GL_OP_SUM, 1, A_reduce(-1, true), A_reduce(2, true), SHAPE(2, 3, 1),
                                          SHAPE(2, 3, 1)}, false},
        {"axis same", {GL_OP_MAX, 1, A_reduce(-1, true), A_reduce(-1, true), SHAPE(2, 3, 1), SHAPE(2, 3, 1)}, true},
        {"keepdims differs", {GL_OP_SUM, 1, A_reduce(1, true), A_reduce(1, false), SHAPE(2, 1, 4), SHAPE(2, 4)}, false},
        {"softmax axis differs", {GL_OP_SOFTMAX, 1, A_one(GL_A_AXIS, -1), A_one(GL_A_AXIS, 1), x, x}, false},
        {"shape differs", {GL_OP_RESHAPE, 1, A_shape(SHAPE(6, 4)), A_shape(SHAPE(4, 6)), SHAPE(6, 4), SHAPE(4, 6)}, false},
        {"shape same", {GL_OP_RESHAPE, 1, A_shape(SHAPE(6, 4)), A_shape(SHAPE(6, 4)), SHAPE(6, 4), SHAPE(6, 4)}, true},
        {"symbolic shape differs", {GL_OP_RESHAPE, 1, A_shape(sym1), A_shape(sym2), sym1, sym2}, false},
        {"eps differs", {GL_OP_RMS_NORM, 2, A_one(GL_A_EPS, 1e-5), A_one(GL_A_EPS, 1e-6), x, x}, false},
        {"eps same", {GL_OP_RMS_NORM, 2, A_one(GL_A_EPS, 1e-5), A_one(GL_A_EPS, 1e-5), x, x}, true},
        {"eps 0.0 vs -0.0 (str differs)", {GL_OP_RMS_NORM, 2, A_one(GL_A_EPS, 0.0), A_one(GL_A_EPS, -0.0), x, x}, false},
        {"eps NaN vs NaN (str equal)", {GL_OP_RMS_NORM, 2, A_one(GL_A_EPS, nan), A_one(GL_A_EPS, nan), x, x}, true},
        {"eps inf vs inf", {GL_OP_RMS_NORM, 2, A_one(GL_A_EPS, inf), A_one(GL_A_EPS, inf), x, x}, true},
        {"T differs", {GL_OP_CAUSAL_MASK, 0, A_mask(3, 0), A_mask(2, 0), x, x}, false},
        {"pos0 differs", {GL_OP_CAUSAL_MASK, 0, A_mask(3, 0), A_mask(3, 1), x, x}, false},
        {"mask same", {GL_OP_CAUSAL_MASK, 0, A_mask(3, 1), A_mask(3, 1), x, x}, true},
        {"mask shapes differ, attrs same (shape is no key)", {GL_OP_CAUSAL_MASK, 0, A_mask(3, 0), A_mask(3, 0), x,
                                                             SHAPE(1, 3, 4)}, true},
        {"pos differs", {GL_OP_KV_WRITE, 2, A_pos(gl_dim_int(1)), A_pos(gl_dim_int(2)), kv, kv}, false},
        {"pos 1 vs P", {GL_OP_KV_WRITE, 2, A_pos(gl_dim_int(1)), A_pos(gl_dim_sym("P")), kv, kv}, false},
        {"pos P vs Q", {GL_OP_KV_WRITE, 2, A_pos(gl_dim_sym("P")), A_pos(gl_dim_sym("Q")), kv, kv}, false},
        {"pos P vs P", {GL_OP_KV_WRITE, 2, A_pos(gl_dim_sym("P")), A_pos(gl_dim_sym("P")), kv, kv}, true},
        {"scale differs", {GL_OP_FLASH_ATTN, 3, A_one(GL_A_SCALE, 0.5), A_one(GL_A_SCALE, 0.25), x, x}, false},
        {"scale same", {GL_OP_FLASH_ATTN, 3, A_one(GL_A_SCALE, 0.5), A_one(GL_A_SCALE, 0.5), x, x}, true},
        {"scale 0.0 vs -0.0", {GL_OP_FLASH_ATTN, 3, A_one(GL_A_SCALE, 0.0), A_one(GL_A_SCALE, -0.0), x, x}, false},
        {"scale NaN vs NaN", {GL_OP_FLASH_ATTN, 3, A_one(GL_A_SCALE, nan), A_one(GL_A_SCALE, nan), x, x}, true},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        bool m = cse_merges(&cases[i].kp);
        if (m != cases[i].merged) fail_msg("cse key, %s: merged %d, the reference %d", cases[i].what, m, cases[i].merged);
    }
    /* scalar consts: keyed by their "value" attr with == (0.0 == -0.0; NaN != NaN), or by None without one */
    const struct {
        double v1;
        bool a1;
        double v2;
        bool a2;
        bool merged;
    } sc[] = {
        {0.0, true, -0.0, true, true},  {nan, true, nan, true, false}, {1.0, true, 1.0, true, true},
        {inf, true, inf, true, true},   {inf, true, -inf, true, false}, {1.0, true, 2.0, true, false},
        {1.0, false, 2.0, false, true}, {1.0, true, 1.0, false, false},
    };
    for (size_t i = 0; i < sizeof sc / sizeof sc[0]; i++)
        for (int pad = 0; pad < 80; pad += 7) {
            bool m = cse_merges_scalars(sc[i].v1, sc[i].a1, sc[i].v2, sc[i].a2, pad);
            if (m != sc[i].merged)
                fail_msg("cse key, scalar consts %g%s vs %g%s after %d others: merged %d, the reference %d", sc[i].v1,
                         sc[i].a1 ? "" : " (no attr)", sc[i].v2, sc[i].a2 ? "" : " (no attr)", pad, m, sc[i].merged);
        }
}

/* ---------------------------------------------------------------- constant_fold */
static void test_constant_fold(void **state) {
    (void)state;
    gl_err e = {0};
    gl_graph *g = NULL;
    assert_int_equal(gl_graph_new(&g, &e), GL_OK);
    int x = add_node(g, GL_OP_INPUT, NULL, 0, NULL, SHAPE(2, 3), "x");
    int W = add_node(g, GL_OP_PARAM, NULL, 0, NULL, SHAPE(3, 2), "W");
    gl_array *wv = array_of(SHAPE(3, 2), 1.0, 1.0);               /* [[1,2],[3,4],[5,6]] */
    gl_graph_set_value(g, W, wv);
    gl_array_release(wv);
    int P = add_node(g, GL_OP_PARAM, NULL, 0, NULL, SHAPE(3, 2), "P");   /* shape only: never folded */
    int two = add_scalar_const(g, 2.0, true);
    gl_attrs tp;
    memset(&tp, 0, sizeof tp);
    tp.has = GL_A_PERM;
    tp.nperm = 2;
    tp.perm[0] = 1;
    tp.perm[1] = 0;
    int wt = add_node(g, GL_OP_TRANSPOSE, &W, 1, &tp, SHAPE(2, 3), NULL);
    int in[2] = {wt, two};
    int m = add_node(g, GL_OP_MUL, in, 2, NULL, SHAPE(2, 3), NULL);
    int mt = add_node(g, GL_OP_TRANSPOSE, &m, 1, &tp, SHAPE(3, 2), NULL);
    int in2[2] = {x, mt};
    int y = add_node(g, GL_OP_MATMUL, in2, 2, NULL, SHAPE(2, 2), NULL);
    int pt = add_node(g, GL_OP_TRANSPOSE, &P, 1, &tp, SHAPE(2, 3), "pt");
    int in3[2] = {two, two};
    int sq = add_node(g, GL_OP_MUL, in3, 2, NULL, scalar_shape(), "four");  /* named: keeps its name */
    int outs[3] = {y, pt, sq};
    assert_int_equal(gl_graph_set_outputs(g, outs, 3, &e), GL_OK);

    gl_pass_result r = run_pass("constant_fold", g);
    assert_int_equal(r.hits, 4);                                   /* wt, m, mt, sq */
    const gl_graph *n = r.graph;
    /* x, P, folded mt, matmul, pt, four: W, two, wt, m dead */
    assert_int_equal(n->n, 6);
    int c = n->nodes[n->outputs[0]].in[1];
    assert_int_equal(n->nodes[c].op, GL_OP_CONST);
    assert_string_equal(n->nodes[c].name, "folded transpose");
    assert_int_equal(n->nodes[c].attrs->has, 0);
    assert_non_null(n->values[c]);
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 2; j++) assert_close(n->values[c]->data[i * 2 + j], 2.0 * (1 + i * 2 + j), 0);
    int f = n->outputs[2];
    assert_int_equal(n->nodes[f].op, GL_OP_CONST);
    assert_string_equal(n->nodes[f].name, "four");
    assert_int_equal(n->nodes[f].attrs->has, 0);                    /* a folded scalar has no "value" attr */
    assert_int_equal(n->nodes[f].shape->rank, 0);
    assert_close(n->values[f]->data[0], 4.0, 0);
    assert_int_equal(n->nodes[n->outputs[1]].op, GL_OP_TRANSPOSE);
    /* provenance: the folded matmul operand accounts for W, two, wt, m and mt */
    const gl_provenance *pv = &r.prov;
    assert_int_equal(pv->how[c], GL_HOW_FOLDED);
    assert_int_equal(pv->from_start[c + 1] - pv->from_start[c], 5);
    assert_int_equal(pv->from[pv->from_start[c]], W);
    assert_int_equal(pv->from[pv->from_start[c] + 1], two);
    assert_int_equal(pv->from[pv->from_start[c] + 4], mt);
    assert_int_equal(pv->how[f], GL_HOW_FOLDED);
    assert_int_equal(pv->from_start[f + 1] - pv->from_start[f], 1);
    assert_int_equal(pv->nremoved, 0);
    check_idempotent("constant_fold", n);

    /* then the folded scalar 1.0 feeds simplify (is_const reads values) and cse (key None) */
    gl_pass_result_free(&r);
    gl_graph_free(g);
}

/* ---------------------------------------------------------------- dce */
static void test_dce(void **state) {
    (void)state;
    gl_err e = {0};
    gl_graph *g = NULL;
    assert_int_equal(gl_graph_new(&g, &e), GL_OK);
    int x = add_node(g, GL_OP_INPUT, NULL, 0, NULL, SHAPE(3), "x");
    add_node(g, GL_OP_INPUT, NULL, 0, NULL, SHAPE(3), "unused");  /* inputs always survive */
    int w = add_node(g, GL_OP_PARAM, NULL, 0, NULL, SHAPE(3), "w");
    int a = add_node(g, GL_OP_EXP, &x, 1, NULL, SHAPE(3), NULL);
    int in[2] = {x, w};
    int b = add_node(g, GL_OP_MUL, in, 2, NULL, SHAPE(3), NULL);    /* dead */
    int c = add_node(g, GL_OP_NEG, &b, 1, NULL, SHAPE(3), NULL);    /* dead */
    int d = add_node(g, GL_OP_LOG, &x, 1, NULL, SHAPE(3), NULL);    /* guarded: live */
    assert_int_equal(gl_graph_set_outputs(g, &a, 1, &e), GL_OK);
    assert_int_equal(gl_graph_add_guard(g, d, true, &e), GL_OK);
    gl_pass_result r = run_pass("dce", g);
    assert_int_equal(r.hits, -1);
    assert_int_equal(r.graph->n, 4);
    assert_int_equal(r.graph->nodes[1].op, GL_OP_INPUT);
    assert_int_equal(r.graph->nodes[2].op, GL_OP_EXP);
    assert_int_equal(r.graph->nodes[3].op, GL_OP_LOG);
    assert_int_equal(r.graph->guards[0].node, 3);
    assert_int_equal(r.graph->outputs[0], 2);
    assert_int_equal(r.prov.nremoved, 3);
    assert_int_equal(r.prov.removed[0], w);
    assert_int_equal(r.prov.removed[1], b);
    assert_int_equal(r.prov.removed[2], c);
    check_idempotent("dce", r.graph);
    gl_pass_result_free(&r);
    gl_graph_free(g);
}

/* ---------------------------------------------------------------- fold_norm_weight */
/* variant 0: mul(rsqrt(x), w) used by two "@ param" matmuls; 1: plus an exp user; 2: the second matmul
 * multiplies by an input, not a param; 3: the mul is the matmul's second operand. */
static gl_graph *norm_graph(bool values, int variant) {
    gl_err e = {0};
    gl_graph *g = NULL;
    assert_int_equal(gl_graph_new(&g, &e), GL_OK);
    int x = add_node(g, GL_OP_INPUT, NULL, 0, NULL, SHAPE(4, 8), "x");
    int z = add_node(g, GL_OP_INPUT, NULL, 0, NULL, SHAPE(8, 5), "z");
    int w = add_node(g, GL_OP_PARAM, NULL, 0, NULL, SHAPE(8), "attn_norm");
    int W1 = add_node(g, GL_OP_PARAM, NULL, 0, NULL, SHAPE(8, 3), "wq");
    int W2 = add_node(g, GL_OP_PARAM, NULL, 0, NULL, SHAPE(8, 5), "wk");
    if (values) {
        gl_array *a = array_of(SHAPE(8), 1.0, 0.5), *b = array_of(SHAPE(8, 3), -1.0, 0.125),
                 *c = array_of(SHAPE(8, 5), 2.0, -0.0625);
        gl_graph_set_value(g, w, a);
        gl_graph_set_value(g, W1, b);
        gl_graph_set_value(g, W2, c);
        gl_array_release(a);
        gl_array_release(b);
        gl_array_release(c);
    }
    int r = add_node(g, GL_OP_RSQRT, &x, 1, NULL, SHAPE(4, 8), NULL);
    int in[2] = {r, w};
    int h = add_node(g, GL_OP_MUL, in, 2, NULL, SHAPE(4, 8), NULL);
    int i1[2] = {h, W1}, i2[2] = {h, variant == 2 ? z : W2};
    int y1 = add_node(g, GL_OP_MATMUL, i1, 2, NULL, SHAPE(4, 3), NULL);
    int y2;
    if (variant == 3) {
        int hh[2] = {x, x}, tp[2];
        gl_attrs a;
        memset(&a, 0, sizeof a);
        a.has = GL_A_PERM;
        a.nperm = 2;
        a.perm[0] = 1;
        tp[0] = add_node(g, GL_OP_TRANSPOSE, &hh[0], 1, &a, SHAPE(8, 4), NULL);
        tp[1] = h;
        y2 = add_node(g, GL_OP_MATMUL, tp, 2, NULL, SHAPE(8, 8), NULL);   /* xᵀ @ h */
    } else {
        y2 = add_node(g, GL_OP_MATMUL, i2, 2, NULL, SHAPE(4, 5), NULL);
    }
    int outs[3] = {y1, y2, h};
    if (variant == 1) outs[2] = add_node(g, GL_OP_EXP, &h, 1, NULL, SHAPE(4, 8), NULL);
    assert_int_equal(gl_graph_set_outputs(g, outs, variant == 1 ? 3 : 2, &e), GL_OK);
    return g;
}

static void test_fold_norm_weight(void **state) {
    (void)state;
    for (int values = 0; values < 2; values++) {
        gl_graph *g = norm_graph(values, 0);
        gl_pass_result r = run_pass("fold_norm_weight", g);
        assert_int_equal(r.hits, 1);
        const gl_graph *n = r.graph;
        /* input ids: x 0, z 1, attn_norm 2, wq 3, wk 4, rsqrt 5, mul 6, matmuls 7, 8.
         * output: x, z, wq·diag(attn_norm), wk·diag(attn_norm), rsqrt, matmul, matmul */
        assert_int_equal(n->n, 7);
        assert_int_equal(n->nodes[1].op, GL_OP_INPUT);
        assert_int_equal(n->nodes[2].op, GL_OP_PARAM);
        assert_string_equal(n->nodes[2].name, "wq\xC2\xB7" "diag(attn_norm)");
        assert_string_equal(n->nodes[3].name, "wk\xC2\xB7" "diag(attn_norm)");
        assert_true(gl_shape_eq(n->nodes[3].shape, g->nodes[4].shape));
        assert_int_equal(n->nodes[4].op, GL_OP_RSQRT);
        assert_int_equal(n->nodes[5].op, GL_OP_MATMUL);
        assert_int_equal(n->nodes[5].in[0], 4);
        assert_int_equal(n->nodes[5].in[1], 2);
        assert_int_equal(n->nodes[6].in[1], 3);
        if (values) {
            const gl_array *wv = g->values[2], *W = g->values[3], *Wn = n->values[2];
            assert_non_null(Wn);
            for (int i = 0; i < 8; i++)
                for (int j = 0; j < 3; j++) assert_true(Wn->data[i * 3 + j] == wv->data[i] * W->data[i * 3 + j]);
        } else {
            assert_null(n->values[2]);
        }
        /* provenance: wq' created from attn_norm, wq and the mul; wk' from wk */
        const gl_provenance *pv = &r.prov;
        assert_int_equal(pv->how[2], GL_HOW_CREATED);
        assert_int_equal(pv->from_start[3] - pv->from_start[2], 3);
        assert_int_equal(pv->from[pv->from_start[2]], 2);
        assert_int_equal(pv->from[pv->from_start[2] + 1], 3);
        assert_int_equal(pv->from[pv->from_start[2] + 2], 6);
        assert_int_equal(pv->how[3], GL_HOW_CREATED);
        assert_int_equal(pv->from_start[4] - pv->from_start[3], 1);
        assert_int_equal(pv->from[pv->from_start[3]], 4);
        assert_int_equal(pv->nremoved, 0);
        check_idempotent("fold_norm_weight", n);
        gl_pass_result_free(&r);
        gl_graph_free(g);
    }
    /* one user is not "mul @ param": nothing folds */
    for (int variant = 1; variant <= 3; variant++) {
        gl_graph *g = norm_graph(true, variant);
        gl_pass_result r = run_pass("fold_norm_weight", g);
        assert_int_equal(r.hits, 0);
        if (variant == 1) {
            assert_graph_eq(r.graph, g);
        } else {                          /* only the unused wk param is dropped (dce) */
            assert_int_equal(r.graph->n, g->n - 1);
            assert_int_equal(r.prov.nremoved, 1);
            assert_int_equal(r.prov.removed[0], 4);
        }
        gl_pass_result_free(&r);
        gl_graph_free(g);
    }
}

/* ---------------------------------------------------------------- match_attention */
static gl_graph *attn_graph(int maskkind /* 0 none, 1 causal, 2 input kmask */) {
    gl_err e = {0};
    gl_tracer *tr = NULL;
    assert_int_equal(gl_tracer_new(GL_BRANCH_ERROR, false, &tr, &e), GL_OK);
    gl_shape s = SHAPE(2, 6, 4), ms = SHAPE(1, 1, 6);
    int q = gl_t_input(tr, "q", &s, NULL), k = gl_t_input(tr, "k", &s, NULL), v = gl_t_input(tr, "v", &s, NULL);
    int km = maskkind == 2 ? gl_t_input(tr, "kmask", &ms, NULL) : -1;
    int perm[3] = {0, 2, 1};
    int kt = gl_t_transpose(tr, k, perm, 3);
    int sc = gl_t_matmul(tr, q, kt);
    int c = gl_t_scalar(tr, 0.5);
    sc = gl_t_mul(tr, sc, c);
    if (maskkind == 1) {
        int m = gl_t_causal_mask(tr, sc, 6, 0);
        sc = gl_t_add(tr, sc, m);
    } else if (maskkind == 2) {
        sc = gl_t_add(tr, sc, km);
    }
    int p = gl_t_softmax(tr, sc, -1);
    int o = gl_t_matmul(tr, p, v);
    return finish(tr, o);
}

static void test_match_attention(void **state) {
    (void)state;
    gl_graph *g = attn_graph(1);
    gl_pass_result r = run_pass("match_attention", g);
    assert_int_equal(r.hits, 1);
    const gl_graph *n = r.graph;
    assert_int_equal(n->n, 5);                     /* q, k, v, causal_mask, flash_attn */
    assert_int_equal(n->nodes[3].op, GL_OP_CAUSAL_MASK);
    const gl_node *fa = &n->nodes[4];
    assert_int_equal(fa->op, GL_OP_FLASH_ATTN);
    assert_int_equal(fa->nin, 4);
    assert_int_equal(fa->in[0], 0);
    assert_int_equal(fa->in[1], 1);
    assert_int_equal(fa->in[2], 2);
    assert_int_equal(fa->in[3], 3);
    assert_int_equal(fa->attrs->has, GL_A_SCALE);
    assert_true(fa->attrs->scale == 0.5);
    assert_string_equal(fa->name, "flash_attn");
    assert_int_equal(r.prov.how[4], GL_HOW_REPLACED);
    /* transpose, matmul, const, mul, add, softmax and the pv matmul */
    assert_int_equal(r.prov.from_start[5] - r.prov.from_start[4], 7);
    assert_int_equal(r.prov.nremoved, 0);
    check_idempotent("match_attention", n);
    gl_pass_result_free(&r);
    gl_graph_free(g);

    g = attn_graph(0);
    r = run_pass("match_attention", g);
    assert_int_equal(r.hits, 1);
    assert_int_equal(r.graph->n, 4);
    assert_int_equal(r.graph->nodes[3].nin, 3);
    gl_pass_result_free(&r);
    gl_graph_free(g);

    /* an input mask is not a causal_mask: no match (the masked decode's 0 hits) */
    g = attn_graph(2);
    r = run_pass("match_attention", g);
    assert_int_equal(r.hits, 0);
    assert_graph_eq(r.graph, g);
    gl_pass_result_free(&r);
    gl_graph_free(g);
}

/* ---------------------------------------------------------------- decompose */
static void test_decompose(void **state) {
    (void)state;
    gl_err e = {0};
    gl_tracer *tr = NULL;
    assert_int_equal(gl_tracer_new(GL_BRANCH_ERROR, false, &tr, &e), GL_OK);
    gl_shape xs = SHAPE(3, 4), ws = SHAPE(4);
    int x = gl_t_input(tr, "x", &xs, NULL);
    int w = gl_t_param(tr, "w", &ws);
    int sm = gl_t_softmax(tr, x, -1);
    int rn = gl_t_rms_norm(tr, sm, w, 1e-5);
    int si = gl_t_silu(tr, rn);
    gl_graph *g = finish(tr, si);
    gl_pass_result r = run_pass("decompose", g);
    assert_int_equal(r.hits, -1);
    const gl_graph *n = r.graph;
    static const gl_op want[] = {GL_OP_INPUT, GL_OP_PARAM,
                                 /* softmax */ GL_OP_MAX, GL_OP_SUB, GL_OP_EXP, GL_OP_SUM, GL_OP_DIV,
                                 /* rms_norm */ GL_OP_MUL, GL_OP_SUM, GL_OP_CONST, GL_OP_MUL, GL_OP_CONST, GL_OP_ADD,
                                 GL_OP_RSQRT, GL_OP_MUL, GL_OP_MUL,
                                 /* silu */ GL_OP_NEG, GL_OP_EXP, GL_OP_CONST, GL_OP_ADD, GL_OP_DIV};
    int nw = (int)(sizeof want / sizeof want[0]);
    assert_int_equal(n->n, nw);
    for (int i = 0; i < nw; i++) assert_int_equal(n->nodes[i].op, want[i]);
    /* softmax: max(x, -1, keepdims), sub(x, max), exp, sum(e, -1, keepdims), div(e, sum) */
    assert_int_equal(n->nodes[2].attrs->axis, -1);
    assert_true(n->nodes[2].attrs->keepdims);
    assert_int_equal(n->nodes[3].in[0], 0);
    assert_int_equal(n->nodes[3].in[1], 2);
    assert_int_equal(n->nodes[6].in[0], 4);
    assert_int_equal(n->nodes[6].in[1], 5);
    /* rms_norm: q = x*x; sum(-1, keepdims); * 0.25; + 1e-5; rsqrt; x * r; * w */
    assert_int_equal(n->nodes[7].in[0], 6);
    assert_int_equal(n->nodes[7].in[1], 6);
    assert_true(n->nodes[9].attrs->value == 0.25);
    assert_true(n->values[9]->data[0] == 0.25);
    assert_true(n->nodes[11].attrs->value == 1e-5);
    assert_int_equal(n->nodes[10].in[1], 9);
    assert_int_equal(n->nodes[12].in[1], 11);
    assert_int_equal(n->nodes[14].in[0], 6);
    assert_int_equal(n->nodes[14].in[1], 13);
    assert_int_equal(n->nodes[15].in[1], 1);
    /* silu: neg, exp, const 1.0 (lifted after exp), add(1.0, exp), div(x, add) */
    assert_true(n->nodes[18].attrs->value == 1.0);
    assert_int_equal(n->nodes[19].in[0], 18);
    assert_int_equal(n->nodes[19].in[1], 17);
    assert_int_equal(n->nodes[20].in[0], 15);
    assert_int_equal(n->nodes[20].in[1], 19);
    assert_int_equal(n->outputs[0], 20);
    /* provenance: all expanded from their composite */
    for (int j = 2; j < nw; j++) {
        assert_int_equal(r.prov.how[j], GL_HOW_EXPANDED);
        int src = r.prov.from[r.prov.from_start[j]];
        assert_int_equal(src, j <= 6 ? sm : j <= 15 ? rn : si);
    }
    check_idempotent("decompose", n);
    gl_pass_result_free(&r);
    gl_graph_free(g);

    /* the scalar dedup is seeded from the input graph's scalar consts, by value, folded ones too */
    assert_int_equal(gl_graph_new(&g, &e), GL_OK);
    int xi = add_node(g, GL_OP_INPUT, NULL, 0, NULL, SHAPE(3), "x");
    int c1 = add_scalar_const(g, 1.0, false);
    int c1b = add_scalar_const(g, 1.0, true);                    /* setdefault: the first one wins */
    int s1 = add_node(g, GL_OP_SILU, &xi, 1, NULL, SHAPE(3), NULL);
    int outs[2] = {s1, c1b};
    assert_int_equal(gl_graph_set_outputs(g, outs, 2, &e), GL_OK);
    r = run_pass("decompose", g);
    assert_int_equal(r.graph->n, 3 + 4);                          /* neg, exp, add, div: no new const */
    assert_int_equal(r.graph->nodes[5].op, GL_OP_ADD);
    assert_int_equal(r.graph->nodes[5].in[0], c1);
    gl_pass_result_free(&r);
    gl_graph_free(g);
}

/* ---------------------------------------------------------------- registry */
static void test_registry(void **state) {
    (void)state;
    static const char *const order[] = {"match_attention", "decompose", "cse", "constant_fold", "simplify",
                                        "fold_norm_weight"};
    assert_int_equal(gl_pipeline_length(), 6);
    for (int i = 0; i < 6; i++) assert_string_equal(gl_pass_name_at(i), order[i]);
    assert_null(gl_pass_name_at(6));
    assert_null(gl_pass_name_at(-1));
    assert_string_equal(gl_how_name(GL_HOW_KEPT), "kept");
    assert_string_equal(gl_how_name(GL_HOW_MERGED), "merged");
    assert_string_equal(gl_how_name(GL_HOW_REPLACED), "replaced");
    assert_string_equal(gl_how_name(GL_HOW_EXPANDED), "expanded");
    assert_string_equal(gl_how_name(GL_HOW_FOLDED), "folded");
    assert_string_equal(gl_how_name(GL_HOW_CREATED), "created");
    gl_err e = {0};
    gl_graph *g = NULL;
    assert_int_equal(gl_graph_new(&g, &e), GL_OK);
    gl_pass_result r;
    assert_int_equal(gl_pass_run("nope", g, &r, &e), GL_E_INVALID);
    assert_non_null(strstr(e.msg, "nope"));
    assert_null(r.graph);
    gl_pass_result_free(&r);
    /* every pass on the empty graph */
    for (int i = 0; i < 6; i++) {
        r = run_pass(order[i], g);
        assert_int_equal(r.graph->n, 0);
        gl_pass_result_free(&r);
    }
    gl_graph_free(g);
    /* a NULL err is fine */
    assert_int_equal(gl_pass_run("bogus", NULL, &r, NULL), GL_E_INVALID);
    gl_provenance_free(NULL);
    gl_pass_result_free(NULL);
}

/* ---------------------------------------------------------------- the reference's pipeline counts */
typedef struct {
    const char *preset;
    gl_mode mode;
    int64_t T, S;
    bool masked;
    int layers;
    int counts[7][3];          /* trace + 6 passes: nodes, ops, hits (-1 = null) */
} pipe_case;

static const pipe_case CASES[] = {
    {"small", GL_MODE_PREFILL, 12, 0, false, 1,
     {{53, 38, -1}, {47, 33, 1}, {65, 48, -1}, {63, 48, -1}, {63, 48, 0}, {63, 48, 0}, {59, 46, 2}}},
    {"small", GL_MODE_DECODE, 0, 9, false, 1,
     {{48, 33, -1}, {43, 29, 1}, {61, 44, -1}, {61, 44, -1}, {61, 44, 0}, {61, 44, 0}, {57, 42, 2}}},
    {"small", GL_MODE_DECODE, 0, 16, true, 1,
     {{50, 34, -1}, {50, 34, 0}, {72, 53, -1}, {72, 53, -1}, {72, 53, 0}, {72, 53, 0}, {68, 51, 2}}},
    {"llama3-8b", GL_MODE_PREFILL, 2048, 0, false, 1,
     {{53, 38, -1}, {47, 33, 1}, {65, 48, -1}, {63, 48, -1}, {63, 48, 0}, {63, 48, 0}, {59, 46, 2}}},
    {"llama3-8b", GL_MODE_PREFILL, 128, 0, false, 4,
     {{206, 152, -1}, {185, 132, 4}, {248, 192, -1}, {231, 189, -1}, {231, 189, 0}, {231, 189, 0}, {215, 181, 8}}},
    {"llama3-8b", GL_MODE_DECODE, 0, 4096, false, 1,
     {{48, 33, -1}, {43, 29, 1}, {61, 44, -1}, {61, 44, -1}, {61, 44, 0}, {61, 44, 0}, {57, 42, 2}}},
};

static gl_model_cfg model_of(const char *preset, gl_mode mode, int64_t T, int64_t S, bool masked, int layers) {
    gl_model_cfg m;
    memset(&m, 0, sizeof m);
    m.layer = gl_preset_find(preset)->cfg;
    m.mode = mode;
    m.T = T;
    m.S = S;
    m.masked = masked;
    m.layers = layers;
    return m;
}

static void test_pipeline_counts(void **state) {
    (void)state;
    for (size_t c = 0; c < sizeof CASES / sizeof CASES[0]; c++) {
        const pipe_case *pc = &CASES[c];
        gl_model_cfg m = model_of(pc->preset, pc->mode, pc->T, pc->S, pc->masked, pc->layers);
        gl_err e = {0};
        gl_graph *g = NULL;
        assert_int_equal(gl_build_model(&m, NULL, &g, &e), GL_OK);
        assert_int_equal(g->n, pc->counts[0][0]);
        assert_int_equal(gl_graph_count(g), pc->counts[0][1]);
        for (int i = 0; i < gl_pipeline_length(); i++) {
            gl_pass_result r = run_pass(gl_pass_name_at(i), g);
            assert_int_equal(r.graph->n, pc->counts[i + 1][0]);
            assert_int_equal(gl_graph_count(r.graph), pc->counts[i + 1][1]);
            assert_int_equal(r.hits, pc->counts[i + 1][2]);
            check_idempotent(gl_pass_name_at(i), r.graph);
            gl_graph_free(g);
            g = r.graph;
            r.graph = NULL;
            gl_pass_result_free(&r);
        }
        gl_graph_free(g);
    }
}

/* A 126-layer stack (about 8,000 nodes): the pipeline must stay linear-ish. */
static void test_deep_stack(void **state) {
    (void)state;
    gl_model_cfg m = model_of("llama3-8b", GL_MODE_PREFILL, 128, 0, false, 126);
    gl_err e = {0};
    gl_graph *g = NULL;
    assert_int_equal(gl_build_model(&m, NULL, &g, &e), GL_OK);
    static const int nodes[6] = {5797, 7690, 7063, 7063, 7063, 6559};
    for (int i = 0; i < gl_pipeline_length(); i++) {
        gl_pass_result r = run_pass(gl_pass_name_at(i), g);
        assert_int_equal(r.graph->n, nodes[i]);
        gl_graph_free(g);
        g = r.graph;
        r.graph = NULL;
        gl_pass_result_free(&r);
    }
    gl_graph_free(g);
}

/* ---------------------------------------------------------------- numbers preserved */
static uint64_t rng_next(uint64_t *s) {
    *s = *s * 6364136223846793005ull + 1442695040888963407ull;
    return *s >> 11;
}

static gl_array *random_array(gl_shape s, const gl_bind *b, uint64_t *seed) {
    gl_err e = {0};
    int64_t dims[GL_MAX_RANK];
    for (int i = 0; i < s.rank; i++) assert_int_equal(gl_dim_value(s.d[i], b, &dims[i], &e), GL_OK);
    gl_array *a = NULL;
    assert_int_equal(gl_array_new(s.rank, dims, &a, &e), GL_OK);
    for (int64_t k = 0; k < a->size; k++) a->data[k] = (double)rng_next(seed) / 9007199254740992.0 * 2.0 - 1.0;
    return a;
}

static void check_numbers(gl_model_cfg m) {
    gl_err e = {0};
    gl_params p;
    gl_params_init(&p);
    assert_int_equal(gl_params_random(&p, &m, 0, &e), GL_OK);
    gl_graph *g = NULL;
    assert_int_equal(gl_build_model(&m, &p, &g, &e), GL_OK);
    gl_bind bind;
    memset(&bind, 0, sizeof bind);
    if (m.mode == GL_MODE_DECODE) {
        assert_int_equal(gl_bind_set(&bind, "S", m.S, &e), GL_OK);
        assert_int_equal(gl_bind_set(&bind, "P", m.S - 1, &e), GL_OK);
    }
    /* inputs by name, from the graph's input nodes */
    gl_named_array ins[8];
    int nin = 0;
    uint64_t seed = 12345;
    for (int i = 0; i < g->n && nin < 8; i++)
        if (g->nodes[i].op == GL_OP_INPUT) {
            ins[nin].name = g->nodes[i].name;
            ins[nin].value = random_array(*g->nodes[i].shape, &bind, &seed);
            if (strcmp(g->nodes[i].name, "kmask") == 0) {
                gl_array *km = ins[nin].value;
                for (int64_t k = 0; k < km->size; k++) km->data[k] = k >= km->size - 3 ? -INFINITY : 0.0;
            }
            nin++;
        }
    gl_array *want[3] = {NULL}, *got[3] = {NULL};
    assert_int_equal(gl_run(g, ins, nin, &bind, want, NULL, &e), GL_OK);
    gl_graph *cur = g;
    for (int i = 0; i < gl_pipeline_length(); i++) {
        gl_pass_result r = run_pass(gl_pass_name_at(i), cur);
        gl_status st = gl_run(r.graph, ins, nin, &bind, got, NULL, &e);
        if (st) fprintf(stderr, "run after %s: %s\n", gl_pass_name_at(i), e.msg);
        assert_int_equal(st, GL_OK);
        assert_int_equal(r.graph->nout, g->nout);
        for (int k = 0; k < g->nout; k++) {
            assert_int_equal(got[k]->size, want[k]->size);
            for (int64_t t = 0; t < want[k]->size; t++) assert_close(got[k]->data[t], want[k]->data[t], 1e-12);
            gl_array_release(got[k]);
            got[k] = NULL;
        }
        /* params the pass did not rewrite are shared with the input graph, not copied */
        if (cur != g) gl_graph_free(cur);
        cur = r.graph;
        r.graph = NULL;
        gl_pass_result_free(&r);
    }
    /* the final graph holds the traced graph's shared tables and the new folded weights */
    int created = 0;
    for (int i = 0; i < cur->n; i++)
        if (cur->nodes[i].op == GL_OP_PARAM && strstr(cur->nodes[i].name, "\xC2\xB7" "diag(")) {
            created++;
            assert_non_null(cur->values[i]);
        }
    assert_int_equal(created, 5 * m.layers);
    gl_graph_free(cur);
    for (int k = 0; k < g->nout; k++) gl_array_release(want[k]);
    for (int i = 0; i < nin; i++) gl_array_release(ins[i].value);
    gl_graph_free(g);
    gl_params_free(&p);
}

static void test_numbers_preserved(void **state) {
    (void)state;
    check_numbers(model_of("small", GL_MODE_PREFILL, 12, 0, false, 1));
    check_numbers(model_of("small", GL_MODE_PREFILL, 5, 0, false, 3));
    check_numbers(model_of("small", GL_MODE_DECODE, 0, 9, false, 1));
    check_numbers(model_of("small", GL_MODE_DECODE, 0, 16, true, 1));
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_simplify_rules),  cmocka_unit_test(test_simplify_non_rules),
        cmocka_unit_test(test_cse),             cmocka_unit_test(test_cse_key_every_attr),
        cmocka_unit_test(test_constant_fold),
        cmocka_unit_test(test_dce),             cmocka_unit_test(test_fold_norm_weight),
        cmocka_unit_test(test_match_attention), cmocka_unit_test(test_decompose),
        cmocka_unit_test(test_registry),        cmocka_unit_test(test_pipeline_counts),
        cmocka_unit_test(test_deep_stack),      cmocka_unit_test(test_numbers_preserved),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
