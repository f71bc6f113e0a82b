/* test_pack.c — the lab's packed case result (c/src/io/case_pack.c), natively under ASan+UBSan: the header,
 * the JSON without graphs and provenance, and columns that describe the same graphs the plain result holds
 * (node counts, ops, shapes with a symbol, provenance pairs), with no leak on any path. The byte-exact
 * comparison with runCase over every golden case is tests/wasm-packed.test.js. */
#include <stdio.h>

#include "test_util.h"
#include "io/case.h"

static const char *CASE = "{\"case\": \"p\", \"config\": {\"d\": 64, \"H\": 8, \"G\": 2, \"dh\": 8, \"f\": 128, "
                          "\"S\": 16, \"mode\": \"decode\", \"layers\": 2}}";

static void test_packed_layout(void **state) {
    (void)state;
    gl_err e = {0};
    char *out = NULL, *plain = NULL;
    size_t n = 0, pn = 0;
    assert_int_equal(gl_case_run_ex(CASE, strlen(CASE), GL_CASE_PACKED, &out, &n, &e), GL_OK);
    assert_int_equal(gl_case_run_ex(CASE, strlen(CASE), GL_CASE_COMPACT, &plain, &pn, &e), GL_OK);
    assert_memory_equal(out, "GLB1", 4);
    uint32_t jlen;
    memcpy(&jlen, out + 4, 4);
    assert_true(8 + jlen <= n);
    char *json = strndup(out + 8, jlen);
    assert_null(strstr(json, "\"graphs\""));
    assert_null(strstr(json, "\"provenance\""));
    assert_non_null(strstr(plain, "\"graphs\""));
    assert_non_null(strstr(json, "\"passes\""));
    size_t base = 8 + ((jlen + 3) & ~3u);
    assert_int_equal((n - base) % 4, 0);
    const int32_t *W = (const int32_t *)(out + base);
    assert_int_equal(W[0], 3);                        /* graphs and provenance */
    int nst = W[1], tab = W[2];
    assert_true(nst == 7 && tab > 3 && (size_t)(tab + 2) * 4 <= n - base);
    int nstr = W[tab];
    const int32_t *offs = W + tab + 1;
    const char *bytes = (const char *)(W + tab + 2 + nstr);
    assert_true((size_t)(bytes - out) + (size_t)offs[nstr] <= n);
    /* the trace stage: its key, node count as the plain JSON's passes[0] says, a symbolic dim "S" */
    char key[16] = {0};
    memcpy(key, bytes + offs[W[3]], (size_t)(offs[W[3] + 1] - offs[W[3]]));
    assert_string_equal(key, "trace");
    char want[64];
    snprintf(want, sizeof want, "{\"name\": \"trace\", \"nodes\": %d,", W[4]);
    assert_non_null(strstr(json, want));
    bool has_s = false;
    for (int i = 0; i < nstr; i++) has_s |= offs[i + 1] - offs[i] == 1 && bytes[offs[i]] == 'S';
    assert_true(has_s);
    free(json);
    free(out);
    free(plain);
}

static void test_packed_errors(void **state) {
    (void)state;
    gl_err e = {0};
    char *out = (char *)1;
    size_t n = 9;
    const char *bad = "{\"config\": {\"d\": 0}}";
    assert_int_not_equal(gl_case_run_ex(bad, strlen(bad), GL_CASE_PACKED, &out, &n, &e), GL_OK);
    assert_null(out);
    assert_true(e.msg[0] != 0);
    /* nothing asked for: the JSON alone and an empty column section */
    const char *lean = "{\"config\": {\"d\": 64, \"H\": 8, \"G\": 2, \"dh\": 8, \"f\": 128, \"T\": 4, \"mode\": \"prefill\"}, "
                       "\"emit\": {\"graphs\": false, \"provenance\": false}}";
    gl_err_clear(&e);
    assert_int_equal(gl_case_run_ex(lean, strlen(lean), GL_CASE_PACKED, &out, &n, &e), GL_OK);
    uint32_t jlen;
    memcpy(&jlen, out + 4, 4);
    const int32_t *W = (const int32_t *)(out + 8 + ((jlen + 3) & ~3u));
    assert_int_equal(W[0], 0);
    assert_int_equal(W[2], 3);                        /* the string table follows the header at once */
    assert_int_equal(W[3], 0);                        /* and is empty */
    free(out);
}

int main(void) {
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_packed_layout), cmocka_unit_test(test_packed_errors)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
