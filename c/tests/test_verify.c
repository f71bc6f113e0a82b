/* test_verify.c — the pass verifier (c/src/passes/verify.c): a pass's real output passes it; each invariant,
 * broken by hand in a copy of that output, is caught with GL_E_INTERNAL and a message naming the pass, the
 * invariant and the node; gl_pass_run runs it after every pass in this (ASan) build. */
#include <stdio.h>

#include "test_util.h"
#include "ir/pool.h"
#include "passes/passes.h"

#define SHAPE(...) gl_shape_of((int)(sizeof((int64_t[]){__VA_ARGS__}) / sizeof(int64_t)), (int64_t[]){__VA_ARGS__})

/* x (2, 3) -> exp -> matmul with w (3, 4) -> output; plus a dead neg(x). ids: x 0, w 1, exp 2, neg 3, mm 4 */
static gl_graph *small_graph(void) {
    gl_err e = {0};
    gl_tracer *tr = NULL;
    assert_int_equal(gl_tracer_new(GL_BRANCH_ERROR, false, &tr, &e), GL_OK);
    gl_shape xs = SHAPE(2, 3), ws = SHAPE(3, 4);
    int x = gl_t_input(tr, "x", &xs, NULL);
    int w = gl_t_param(tr, "w", &ws);
    int ex = gl_t_exp(tr, x);
    gl_t_neg(tr, x);
    int mm = gl_t_matmul(tr, ex, w);
    gl_graph *g = NULL;
    assert_int_equal(gl_tracer_finish(tr, &mm, 1, &g, &e), GL_OK);
    return g;
}

/* dce on the small graph: 4 nodes (x, w, exp, matmul), neg removed */
static gl_pass_result dce_of(const gl_graph *g) {
    gl_err e = {0};
    gl_pass_result r;
    assert_int_equal(gl_pass_run("dce", g, &r, &e), GL_OK);
    assert_int_equal(r.graph->n, 4);
    assert_int_equal(r.prov.nremoved, 1);
    return r;
}

/* The verifier fails on (in, r) with GL_E_INTERNAL and a message holding `want`. */
static void assert_broken(const gl_graph *in, const gl_pass_result *r, const char *want) {
    gl_err e = {0};
    assert_int_equal(gl_verify_pass(in, r, "dce", &e), GL_E_INTERNAL);
    assert_int_equal(e.code, GL_E_INTERNAL);
    if (!strstr(e.msg, want)) fprintf(stderr, "message: %s\nwanted:  %s\n", e.msg, want);
    assert_non_null(strstr(e.msg, want));
    assert_non_null(strstr(e.msg, "verify after dce: "));
}

static void test_real_output_passes(void **state) {
    (void)state;
    gl_graph *g = small_graph();
    gl_pass_result r = dce_of(g);
    gl_err e = {0};
    assert_int_equal(gl_verify_graph(g, "trace", &e), GL_OK);
    assert_int_equal(gl_verify_pass(g, &r, "dce", &e), GL_OK);
    assert_int_equal(e.code, GL_OK);
    gl_pass_result_free(&r);
    gl_graph_free(g);
}

static void test_ids(void **state) {
    (void)state;
    gl_graph *g = small_graph();
    gl_pass_result r = dce_of(g);
    r.graph->nodes[2].id = 7;
    assert_broken(g, &r, "ids: node at position 2 has id 7");
    r.graph->nodes[2].id = 2;
    r.graph->nodes[2].op = GL_OP_COUNT;
    assert_broken(g, &r, "ids: node 2 has unknown op");
    gl_pass_result_free(&r);
    gl_graph_free(g);
}

static void test_topological_order(void **state) {
    (void)state;
    gl_graph *g = small_graph();
    gl_pass_result r = dce_of(g);
    r.graph->nodes[2].in[0] = 3;          /* exp reads the matmul after it */
    assert_broken(g, &r, "topological order: node 2 (exp) input 0 is node 3, which does not come before it");
    r.graph->nodes[2].in[0] = 2;          /* ... or itself */
    assert_broken(g, &r, "topological order: node 2 (exp) input 0 is node 2");
    gl_pass_result_free(&r);
    gl_graph_free(g);
}

static void test_arity(void **state) {
    (void)state;
    gl_graph *g = small_graph();
    gl_pass_result r = dce_of(g);
    r.graph->nodes[3].nin = 1;            /* a matmul with one input */
    assert_broken(g, &r, "arity: node 3 (matmul) has 1 inputs");
    r.graph->nodes[3].nin = 2;
    r.graph->nodes[3].op = GL_OP_FLASH_ATTN;   /* flash_attn takes 3 or 4 */
    assert_broken(g, &r, "arity: node 3 (flash_attn) has 2 inputs");
    gl_pass_result_free(&r);
    gl_graph_free(g);
}

/* s interned in g's pool: what a node of g may hold */
static const gl_shape *interned(gl_graph *g, gl_shape s) {
    gl_err e = {0};
    const gl_shape *p = gl_pool_shape(gl_graph_pool(g, &e), &s, &e);
    assert_non_null(p);
    return p;
}

static void test_shape(void **state) {
    (void)state;
    gl_graph *g = small_graph();
    gl_pass_result r = dce_of(g);
    r.graph->nodes[3].shape = interned(r.graph, SHAPE(2, 5));
    assert_broken(g, &r, "shape: node 3 (matmul) has (2, 5), but its inputs give (2, 4)");
    r.graph->nodes[3].shape = interned(r.graph, SHAPE(2, 4));
    r.graph->nodes[1].shape = interned(r.graph, SHAPE(5, 4));     /* the weight no longer fits the matmul */
    assert_broken(g, &r, "shape: node 3 (matmul): its inputs give no shape: ");
    gl_shape bad = SHAPE(5, 4);
    bad.rank = GL_MAX_RANK + 1;
    r.graph->nodes[1].shape = interned(r.graph, bad);
    assert_broken(g, &r, "shape: node 1 (param) has rank");
    gl_pass_result_free(&r);
    gl_graph_free(g);
}

/* A node pointing outside its graph's pool (it would dangle once that memory goes), and a pass whose output
 * does not share its input's pool. */
static void test_pool(void **state) {
    (void)state;
    gl_err e = {0};
    gl_graph *g = small_graph();
    gl_pass_result r = dce_of(g);
    assert_ptr_equal(r.graph->pool, g->pool);
    gl_shape local = *r.graph->nodes[3].shape;
    r.graph->nodes[3].shape = &local;
    assert_broken(g, &r, "pool: node 3 (matmul): its shape is not in the graph's pool");
    r.graph->nodes[3].shape = interned(r.graph, local);
    gl_attrs at = *r.graph->nodes[2].attrs;
    at.has = GL_A_AXIS;
    r.graph->nodes[2].attrs = &at;
    assert_broken(g, &r, "pool: node 2 (exp): its attrs is not in the graph's pool");
    r.graph->nodes[2].attrs = &gl_no_attrs;
    char name[8] = "x";
    r.graph->nodes[0].name = name;
    assert_broken(g, &r, "pool: node 0 (input): its name is not in the graph's pool");
    r.graph->nodes[0].name = g->nodes[0].name;
    assert_int_equal(gl_verify_pass(g, &r, "dce", &e), GL_OK);
    gl_pool *own = gl_pool_new(&e), *shared = r.graph->pool;
    assert_non_null(own);
    r.graph->pool = own;
    assert_broken(g, &r, "pool: the graph does not share its input's pool");
    r.graph->pool = shared;
    gl_pool_release(own);
    gl_pass_result_free(&r);
    gl_graph_free(g);
}

static void test_outputs_and_guards(void **state) {
    (void)state;
    gl_err e = {0};
    gl_graph *g = small_graph();
    gl_pass_result r = dce_of(g);
    r.graph->outputs[0] = 9;
    assert_broken(g, &r, "outputs: output 0 is node 9, which does not exist");
    r.graph->outputs[0] = 3;
    r.graph->nout = 0;
    assert_broken(g, &r, "outputs: the graph has 0 outputs, its input 1");
    r.graph->nout = 1;
    assert_int_equal(gl_graph_add_guard(r.graph, 2, true, &e), GL_OK);
    assert_broken(g, &r, "guards: the graph has 1 guards, its input 0");
    r.graph->guards[0].node = -1;
    assert_broken(g, &r, "guards: guard 0 is on node -1, which does not exist");
    gl_pass_result_free(&r);
    gl_graph_free(g);
}

static void test_provenance(void **state) {
    (void)state;
    gl_graph *g = small_graph();
    gl_pass_result r = dce_of(g);
    gl_provenance *p = &r.prov;
    /* new node j's from is p->from[j] (one each); removed = [3] */
    assert_int_equal(p->from[2], 2);
    assert_int_equal(p->removed[0], 3);
    p->removed[0] = 2;                    /* old exp counted twice, old neg nowhere */
    assert_broken(g, &r, "provenance: old node 2 (exp) is accounted for 2 times");
    p->nremoved = 0;
    assert_broken(g, &r, "provenance: old node 3 (neg) is accounted for nowhere");
    p->nremoved = 1;
    p->removed[0] = 3;
    p->from[2] = 3;                       /* the kept exp says it came from the neg */
    assert_broken(g, &r, "provenance: new node 2 (exp) is kept but has another op than its source");
    p->from[2] = 2;
    p->how[3] = GL_HOW_MERGED;            /* merged from one node */
    assert_broken(g, &r, "provenance: new node 3 (matmul) is merged but needs two or more sources");
    p->how[3] = GL_HOW_FOLDED;
    assert_broken(g, &r, "provenance: new node 3 (matmul) is folded but needs to be a const");
    p->how[3] = GL_HOW_EXPANDED;
    assert_broken(g, &r, "provenance: new node 3 (matmul) is expanded but needs one composite source");
    p->how[3] = GL_HOW_KEPT;
    p->from[3] = 7;
    assert_broken(g, &r, "provenance: new node 3 is from old node 7, which does not exist");
    p->from[3] = 4;
    p->n = 3;
    assert_broken(g, &r, "provenance: it describes 3 new nodes, the graph has 4");
    p->n = 4;
    memcpy(p->pass, "cse", 4);
    assert_broken(g, &r, "provenance: it is named 'cse'");
    memcpy(p->pass, "dce", 4);
    gl_err e = {0};
    assert_int_equal(gl_verify_pass(g, &r, "dce", &e), GL_OK);   /* every edit undone */
    gl_pass_result_free(&r);
    gl_graph_free(g);
}

/* decompose lists a composite in the from of every primitive it produced: allowed there, and only there */
static void test_provenance_expanded(void **state) {
    (void)state;
    gl_err e = {0};
    gl_tracer *tr = NULL;
    assert_int_equal(gl_tracer_new(GL_BRANCH_ERROR, false, &tr, &e), GL_OK);
    gl_shape xs = SHAPE(2, 3);
    int x = gl_t_input(tr, "x", &xs, NULL);
    int s = gl_t_silu(tr, x);
    gl_graph *g = NULL;
    assert_int_equal(gl_tracer_finish(tr, &s, 1, &g, &e), GL_OK);
    gl_pass_result r;
    assert_int_equal(gl_pass_run("decompose", g, &r, &e), GL_OK);
    assert_int_equal(gl_verify_pass(g, &r, "decompose", &e), GL_OK);
    gl_provenance *p = &r.prov;
    int last = r.graph->n - 1;            /* the div: expanded from the silu, like the others */
    assert_int_equal(p->how[last], GL_HOW_EXPANDED);
    p->how[last] = GL_HOW_KEPT;
    assert_int_equal(gl_verify_pass(g, &r, "decompose", &e), GL_E_INTERNAL);
    assert_non_null(strstr(e.msg, "verify after decompose: provenance: new node"));
    gl_pass_result_free(&r);
    gl_graph_free(g);
}

/* gl_pass_run verifies every pass in this build (-DGL_VERIFY_PASSES, the ASan flags): a graph whose exp claims a
 * shape its input does not give passes through dce unchanged, and the verifier stops it there — unless
 * switched off at run time. */
static void test_pass_run_verifies(void **state) {
    (void)state;
    gl_err e = {0};
    gl_graph *g = NULL;
    assert_int_equal(gl_graph_new(&g, &e), GL_OK);
    gl_shape xs = SHAPE(2, 3), bad = SHAPE(5, 5);
    int x = gl_graph_add(g, GL_OP_INPUT, NULL, 0, NULL, &xs, "x", &e);
    int ex = gl_graph_add(g, GL_OP_EXP, &x, 1, NULL, &bad, NULL, &e);
    assert_int_equal(gl_graph_set_outputs(g, &ex, 1, &e), GL_OK);
    gl_pass_result r;
    assert_int_equal(gl_pass_run("dce", g, &r, &e), GL_E_INTERNAL);
    assert_string_equal(e.msg, "verify after dce: shape: node 1 (exp) has (5, 5), but its inputs give (2, 3)");
    assert_null(r.graph);
    assert_true(gl_pass_verify(false));   /* it was on */
    gl_err e2 = {0};
    assert_int_equal(gl_pass_run("dce", g, &r, &e2), GL_OK);
    assert_false(gl_pass_verify(true));
    gl_pass_result_free(&r);
    gl_graph_free(g);
}

/* cse merges two causal_masks of one T and pos0 whatever their shapes, as the reference does, so the exp
 * reading the (2, 1, 4, 4) one keeps its shape while its input is now (1, 1, 4, 4): accepted after cse (a node
 * carried over with its shape), refused after a pass whose rules always check shapes. */
static void test_stale_shape_of_the_reference(void **state) {
    (void)state;
    gl_err e = {0};
    gl_graph *g = NULL;
    assert_int_equal(gl_graph_new(&g, &e), GL_OK);
    gl_shape s1 = SHAPE(1, 1, 4, 4), s2 = SHAPE(2, 1, 4, 4);
    gl_attrs cm;
    memset(&cm, 0, sizeof cm);
    cm.has = GL_A_T | GL_A_POS0;
    cm.T = 4;
    int x = gl_graph_add(g, GL_OP_INPUT, NULL, 0, NULL, &s1, "s", &e);
    int m1 = gl_graph_add(g, GL_OP_CAUSAL_MASK, NULL, 0, &cm, &s1, NULL, &e);
    int m2 = gl_graph_add(g, GL_OP_CAUSAL_MASK, NULL, 0, &cm, &s2, NULL, &e);
    int a1 = gl_graph_add(g, GL_OP_ADD, (int[]){x, m1}, 2, NULL, &s1, NULL, &e);
    int a2 = gl_graph_add(g, GL_OP_ADD, (int[]){x, m2}, 2, NULL, &s2, NULL, &e);
    int ex = gl_graph_add(g, GL_OP_EXP, &a2, 1, NULL, &s2, NULL, &e);
    assert_int_equal(gl_graph_set_outputs(g, (int[]){a1, ex}, 2, &e), GL_OK);
    assert_int_equal(gl_verify_graph(g, "trace", &e), GL_OK);
    gl_pass_result r;
    assert_int_equal(gl_pass_run("cse", g, &r, &e), GL_OK);   /* verified in this build */
    assert_int_equal(r.graph->n, 4);                          /* s, one mask, one add, the exp */
    assert_true(gl_shape_eq(r.graph->nodes[3].shape, &s2));
    memcpy(r.prov.pass, "dce", 4);
    assert_broken(g, &r, "shape: node 3 (exp) has (2, 1, 4, 4), but its inputs give (1, 1, 4, 4)");
    gl_pass_result_free(&r);
    gl_graph_free(g);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_real_output_passes), cmocka_unit_test(test_ids),
        cmocka_unit_test(test_topological_order), cmocka_unit_test(test_arity),
        cmocka_unit_test(test_shape), cmocka_unit_test(test_pool), cmocka_unit_test(test_outputs_and_guards),
        cmocka_unit_test(test_provenance), cmocka_unit_test(test_provenance_expanded),
        cmocka_unit_test(test_pass_run_verifies), cmocka_unit_test(test_stale_shape_of_the_reference),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
