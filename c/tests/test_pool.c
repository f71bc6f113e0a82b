/* test_pool.c — the node pool (c/src/ir/pool.c): the compact node, dedup by value (exact: doubles by their
 * bits), pointers that stay valid while the pool grows, and the sharing rules (a clone and every pass output
 * share their input's pool; two pipelines have two pools; a node copied from another pool is interned). */
#include <stdio.h>

#include "test_util.h"
#include "ir/pool.h"

static void test_node_is_compact(void **state) {
    (void)state;
    assert_true(sizeof(gl_node) <= 64);
}

static void test_shapes_dedup(void **state) {
    (void)state;
    gl_err e = {0};
    gl_pool *p = gl_pool_new(&e);
    assert_non_null(p);
    gl_shape a, b;
    memset(&a, 0x5a, sizeof a);                  /* garbage past the rank and past a symbol's NUL */
    a.rank = 2;
    a.d[0] = gl_dim_int(2);
    a.d[1].n = 0;
    memcpy(a.d[1].sym, "S\0junk", 7);
    b = a;
    b.d[4].n = 77;
    b.d[1].sym[5] = 'x';
    const gl_shape *pa = gl_pool_shape(p, &a, &e), *pb = gl_pool_shape(p, &b, &e);
    assert_non_null(pa);
    assert_ptr_equal(pa, pb);
    assert_int_equal(pa->rank, 2);
    assert_int_equal(pa->d[0].n, 2);
    assert_string_equal(pa->d[1].sym, "S");
    assert_int_equal(pa->d[4].n, 0);             /* stored canonical */
    assert_ptr_equal(gl_pool_shape(p, pa, &e), pa);   /* already an item: itself */
    gl_shape c = gl_shape_of(2, (int64_t[]){2, 3});
    const gl_shape *pc = gl_pool_shape(p, &c, &e);
    assert_true(pc != pa);
    c.d[1] = gl_dim_int(4);
    assert_true(gl_pool_shape(p, &c, &e) != pc);
    gl_shape s0 = gl_shape_of(0, NULL);
    assert_ptr_equal(gl_pool_shape(p, &s0, &e), &gl_scalar_shape);
    assert_ptr_equal(gl_pool_shape(p, NULL, &e), &gl_scalar_shape);
    assert_int_equal(e.code, GL_OK);
    gl_pool_release(p);
}

static void test_attrs_and_names_dedup(void **state) {
    (void)state;
    gl_err e = {0};
    gl_pool *p = gl_pool_new(&e);
    assert_non_null(p);
    gl_attrs a;
    memset(&a, 0, sizeof a);
    assert_ptr_equal(gl_pool_attrs(p, &a, &e), &gl_no_attrs);
    a.has = GL_A_EPS;
    a.eps = 1e-5;
    const gl_attrs *x = gl_pool_attrs(p, &a, &e);
    assert_ptr_equal(gl_pool_attrs(p, &a, &e), x);
    assert_true(x->eps == 1e-5 && x->has == GL_A_EPS);
    /* 0.0 and -0.0 are == but not the same value: two items, each keeping its sign */
    a.has = GL_A_VALUE;
    a.eps = 0;
    a.value = 0.0;
    const gl_attrs *pz = gl_pool_attrs(p, &a, &e);
    a.value = -0.0;
    const gl_attrs *nz = gl_pool_attrs(p, &a, &e);
    assert_true(pz != nz);
    assert_false(signbit(pz->value));
    assert_true(signbit(nz->value));
    a.value = NAN;
    const gl_attrs *pn = gl_pool_attrs(p, &a, &e);
    assert_true(isnan(pn->value));
    assert_ptr_equal(gl_pool_attrs(p, &a, &e), pn);   /* the same bits: the same item */
    a.has = GL_A_PERM;
    a.nperm = 2;
    a.perm[0] = 1;
    a.perm[2] = 9;                               /* past nperm: not part of the value */
    const gl_attrs *pp = gl_pool_attrs(p, &a, &e);
    a.perm[2] = 0;
    assert_ptr_equal(gl_pool_attrs(p, &a, &e), pp);

    const char *wq = gl_pool_name(p, "wq", &e);
    char buf[8] = "wq";
    assert_ptr_equal(gl_pool_name(p, buf, &e), wq);
    assert_string_equal(wq, "wq");
    assert_ptr_equal(gl_pool_name(p, wq, &e), wq);
    assert_string_equal(gl_pool_name(p, "", &e), "");
    assert_string_equal(gl_pool_name(p, NULL, &e), "");
    char longest[GL_NAME_MAX + 1];
    memset(longest, 'n', sizeof longest);
    longest[GL_NAME_MAX - 1] = 0;
    assert_non_null(gl_pool_name(p, longest, &e));
    assert_int_equal(e.code, GL_OK);
    longest[GL_NAME_MAX - 1] = 'n';
    longest[GL_NAME_MAX] = 0;
    assert_null(gl_pool_name(p, longest, &e));
    assert_int_equal(e.code, GL_E_LIMIT);
    gl_pool_release(p);
}

/* Thousands of distinct items: the table rehashes and chunks are added many times over, and every pointer
 * handed out earlier still holds its value and is what interning it again gives. */
static void test_pointers_survive_growth(void **state) {
    (void)state;
    enum { N = 20000 };
    gl_err e = {0};
    gl_pool *p = gl_pool_new(&e);
    const gl_shape **s = malloc(sizeof *s * N);
    const char **names = malloc(sizeof *names * N);
    assert_non_null(p);
    assert_non_null(s);
    assert_non_null(names);
    for (int i = 0; i < N; i++) {
        gl_shape x = gl_shape_of(2, (int64_t[]){i, 7});
        char nm[16];
        snprintf(nm, sizeof nm, "n%d", i);
        s[i] = gl_pool_shape(p, &x, &e);
        names[i] = gl_pool_name(p, nm, &e);
        assert_non_null(s[i]);
        assert_non_null(names[i]);
    }
    for (int i = 0; i < N; i++) {
        gl_shape x = gl_shape_of(2, (int64_t[]){i, 7});
        char nm[16];
        snprintf(nm, sizeof nm, "n%d", i);
        assert_int_equal(s[i]->d[0].n, i);
        assert_string_equal(names[i], nm);
        assert_ptr_equal(gl_pool_shape(p, &x, &e), s[i]);
        assert_ptr_equal(gl_pool_name(p, nm, &e), names[i]);
    }
    free(s);
    free(names);
    gl_pool_release(p);
}

static gl_graph *small_model(int layers) {
    gl_err e = {0};
    gl_model_cfg m;
    memset(&m, 0, sizeof m);
    m.layer = gl_preset_find("small")->cfg;
    m.mode = GL_MODE_PREFILL;
    m.T = 12;
    m.layers = layers;
    gl_graph *g = NULL;
    assert_int_equal(gl_build_model(&m, NULL, &g, &e), GL_OK);
    return g;
}

/* A clone and every pass of the pipeline share their input's pool; freeing the input first leaves the output
 * whole (the pool lives while any graph holds it: ASan would catch a dangling pointer). */
static void test_passes_share_the_pool(void **state) {
    (void)state;
    gl_err e = {0};
    gl_graph *g = small_model(2);
    char *before = NULL, *after = NULL;
    assert_int_equal(gl_graph_print(g, &before, &e), GL_OK);
    gl_graph *c = NULL;
    assert_int_equal(gl_graph_clone(g, &c, &e), GL_OK);
    assert_ptr_equal(c->pool, g->pool);
    gl_graph_free(g);
    assert_int_equal(gl_graph_print(c, &after, &e), GL_OK);
    assert_non_null(before);
    assert_non_null(after);
    assert_string_equal(before, after);
    free(before);
    free(after);
    for (int i = 0; i < gl_pipeline_length(); i++) {
        gl_pass_result r;
        assert_int_equal(gl_pass_run(gl_pass_name_at(i), c, &r, &e), GL_OK);
        assert_ptr_equal(r.graph->pool, c->pool);
        gl_graph_free(c);
        c = r.graph;
        r.graph = NULL;
        gl_pass_result_free(&r);
        char *txt = NULL;
        assert_int_equal(gl_graph_print(c, &txt, &e), GL_OK);
        free(txt);
    }
    /* the last pass (fold_norm_weight) made names of its own: in the shared pool */
    int folded = 0;
    for (int i = 0; i < c->n; i++)
        if (strstr(c->nodes[i].name, "\xC2\xB7" "diag(")) {
            assert_true(gl_pool_holds(c->pool, c->nodes[i].name));
            folded++;
        }
    assert_true(folded > 0);
    gl_graph_free(c);
}

/* Two pipelines have two pools (no global state); a node copied into another graph is interned there, so it
 * outlives the graph it came from. */
static void test_two_pipelines_two_pools(void **state) {
    (void)state;
    gl_err e = {0};
    gl_graph *a = small_model(1), *b = small_model(1);
    assert_true(a->pool != b->pool);
    gl_graph *d = NULL;
    assert_int_equal(gl_graph_new(&d, &e), GL_OK);
    int id = gl_graph_add_copy(d, &a->nodes[1], NULL, &e);   /* a param: no inputs */
    assert_int_equal(id, 0);
    const gl_node *n = &d->nodes[0];
    assert_true(gl_pool_holds(d->pool, n->shape) && gl_pool_holds(d->pool, n->name));
    assert_false(gl_pool_holds(a->pool, n->name));
    char *want = NULL, *got = NULL;
    assert_int_equal(gl_graph_print(a, &want, &e), GL_OK);
    gl_graph_free(a);
    assert_int_equal(gl_graph_print(b, &got, &e), GL_OK);
    assert_non_null(want);
    assert_non_null(got);
    assert_string_equal(want, got);                          /* b untouched by a's end */
    assert_string_equal(d->nodes[0].name, b->nodes[1].name);
    assert_true(gl_shape_eq(d->nodes[0].shape, b->nodes[1].shape));
    free(want);
    free(got);
    gl_graph_free(b);
    gl_graph_free(d);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_node_is_compact),        cmocka_unit_test(test_shapes_dedup),
        cmocka_unit_test(test_attrs_and_names_dedup),  cmocka_unit_test(test_pointers_survive_growth),
        cmocka_unit_test(test_passes_share_the_pool),  cmocka_unit_test(test_two_pipelines_two_pools),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
