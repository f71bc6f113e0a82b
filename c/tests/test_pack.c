/* test_pack.c — the lab's packed case result (c/src/io/case_pack.c), natively under ASan+UBSan: the header,
 * the JSON without graphs and provenance, and columns that describe the same graphs the plain result holds
 * (node counts, ops, shapes with a symbol, provenance pairs), with no leak on any path; and its long tables
 * (case_tables.c) read column by column against every value of the same tables in the plain JSON. The
 * byte-exact comparison with runCase over every golden case is tests/wasm-packed.test.js. */
#include <stdio.h>

#include "test_util.h"
#include "io/case.h"
#include "io/json.h"

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

/* ------------------------------------------------------------------ the tables against the plain JSON */
typedef struct {
    const gl_json *sj;   /* the tables' schema */
    const gl_json *pj;   /* the plain result */
    const char *data;
    size_t dlen;
    int checked;         /* values compared */
} tcheck;

static int64_t sint(const gl_json *j, int obj, const char *key) {
    int64_t v = -1;
    gl_err e = {0};
    int t = gl_json_get(j, obj, key);
    assert_true(t >= 0);
    assert_int_equal(gl_json_int(j, t, key, &v, &e), GL_OK);
    return v;
}

/* The typed array of `key` in column col: n elements of size sz, inside the data and aligned. */
static const void *arr(const tcheck *k, int col, const char *key, int64_t n, size_t sz) {
    int64_t at = sint(k->sj, col, key);
    assert_true(at >= 0 && at % 8 == 0 && (size_t)at + (size_t)n * sz <= k->dlen);
    return k->data + at;
}

static bool str_is(const gl_json *j, int tok, const char *s, size_t len) {
    return j->t[tok].end - j->t[tok].start == (int)len && memcmp(j->src + j->t[tok].start, s, len) == 0;
}

/* Column col of the schema holds the n plain JSON values vals[] (tokens of k->pj; for "istr", object keys). */
static void check_col(tcheck *k, int col, const int *vals, int n) {
    const gl_json *sj = k->sj, *pj = k->pj;
    assert_int_equal(sint(sj, col, "n"), n);
    int tt = gl_json_get(sj, col, "t");
    gl_err e = {0};
    if (gl_json_str_eq(sj, tt, "f64")) {
        const char *d = arr(k, col, "data", n, 8);
        for (int i = 0; i < n; i++, k->checked++) {
            double v, want;
            memcpy(&v, d + (size_t)i * 8, 8);
            if (pj->t[vals[i]].type == GL_J_NULL) {
                assert_true(isnan(v));
                continue;
            }
            assert_int_equal(gl_json_num(pj, vals[i], "value", &want, &e), GL_OK);
            assert_true(v == want);     /* the same double: the JSON's shortest text reads back as it */
        }
    } else if (gl_json_str_eq(sj, tt, "i32") || gl_json_str_eq(sj, tt, "istr")) {
        bool keys = gl_json_str_eq(sj, tt, "istr");
        const char *d = arr(k, col, "data", n, 4);
        for (int i = 0; i < n; i++, k->checked++) {
            int32_t v;
            memcpy(&v, d + (size_t)i * 4, 4);
            if (keys) {
                char buf[16];
                int len = snprintf(buf, sizeof buf, "%d", v);
                assert_true(str_is(pj, vals[i], buf, (size_t)len));
            } else {
                int64_t want;
                assert_int_equal(gl_json_int(pj, vals[i], "value", &want, &e), GL_OK);
                assert_int_equal(v, want);
            }
        }
    } else if (gl_json_str_eq(sj, tt, "str")) {
        const char *d = arr(k, col, "idx", n, 4);
        int dict = gl_json_get(sj, col, "dict");
        for (int i = 0; i < n; i++, k->checked++) {
            int32_t v;
            memcpy(&v, d + (size_t)i * 4, 4);
            int ds = gl_json_at(sj, dict, v);
            assert_true(ds >= 0);
            assert_true(str_is(pj, vals[i], sj->src + sj->t[ds].start, (size_t)(sj->t[ds].end - sj->t[ds].start)));
        }
    } else if (gl_json_str_eq(sj, tt, "list")) {
        const char *d = arr(k, col, "off", (int64_t)n + 1, 4);
        int total = 0;
        for (int i = 0; i < n; i++) total += pj->t[vals[i]].size;
        int *items = malloc(sizeof *items * (size_t)(total ? total : 1));
        int p = 0;
        for (int i = 0; i < n; i++) {
            int32_t o;
            memcpy(&o, d + (size_t)i * 4, 4);
            assert_int_equal(o, p);
            for (int el = gl_json_elem_first(pj, vals[i]); el >= 0; el = gl_json_elem_next(pj, vals[i], el)) items[p++] = el;
        }
        check_col(k, gl_json_get(sj, col, "items"), items, total);
        free(items);
    } else {
        bool rec = gl_json_str_eq(sj, tt, "rec");
        assert_true(rec || gl_json_str_eq(sj, tt, "tup"));
        int cols = gl_json_get(sj, col, "cols"), keys = rec ? gl_json_get(sj, col, "keys") : -1;
        int *sub = malloc(sizeof *sub * (size_t)(n ? n : 1));
        for (int c = 0; c < sj->t[cols].size; c++) {
            for (int i = 0; i < n; i++) {
                if (rec) {
                    int kt = gl_json_at(sj, keys, c);
                    char key[32] = {0};
                    memcpy(key, sj->src + sj->t[kt].start, (size_t)(sj->t[kt].end - sj->t[kt].start));
                    assert_int_equal(pj->t[vals[i]].size, sj->t[keys].size);   /* no key left out */
                    sub[i] = gl_json_get(pj, vals[i], key);
                } else {
                    assert_int_equal(pj->t[vals[i]].size, sj->t[cols].size);
                    sub[i] = gl_json_at(pj, vals[i], c);
                }
                assert_true(sub[i] >= 0);
            }
            check_col(k, gl_json_at(sj, cols, c), sub, n);
        }
        free(sub);
    }
}

/* Every table of the packed answer of case_json equals the same table in its plain JSON, value by value;
 * returns how many tables there were. */
static int check_tables(const char *case_json) {
    gl_err e = {0};
    char *out = NULL, *plain = NULL;
    size_t n = 0, pn = 0;
    assert_int_equal(gl_case_run_ex(case_json, strlen(case_json), GL_CASE_PACKED, &out, &n, &e), GL_OK);
    assert_int_equal(gl_case_run_ex(case_json, strlen(case_json), GL_CASE_COMPACT, &plain, &pn, &e), GL_OK);
    uint32_t toff, slen, jlen;
    memcpy(&toff, out + n - 4, 4);
    memcpy(&jlen, out + 4, 4);
    assert_true(toff % 8 == 0 && toff + 8 <= n - 4);
    assert_memory_equal(out + toff, "GLT1", 4);
    memcpy(&slen, out + toff + 4, 4);
    size_t head = (8 + slen + 7) & ~(size_t)7;
    assert_true(toff + head <= n - 4);
    gl_json sj, pj, lj;
    assert_int_equal(gl_json_parse(&sj, out + toff + 8, slen, &e), GL_OK);
    assert_int_equal(gl_json_parse(&pj, plain, pn, &e), GL_OK);
    assert_int_equal(gl_json_parse(&lj, out + 8, jlen, &e), GL_OK);
    tcheck k = {&sj, &pj, out + toff + head, n - 4 - toff - head, 0};
    int ntab = sj.t[0].size;
    for (int ti = 0; ti < ntab; ti++) {
        int entry = gl_json_at(&sj, 0, ti), path = gl_json_get(&sj, entry, "path"), table = gl_json_get(&sj, entry, "table");
        char holder[16] = {0}, key[32] = {0};
        int h = gl_json_at(&sj, path, 0), kt = gl_json_at(&sj, path, 1);
        memcpy(holder, sj.src + sj.t[h].start, (size_t)(sj.t[h].end - sj.t[h].start));
        memcpy(key, sj.src + sj.t[kt].start, (size_t)(sj.t[kt].end - sj.t[kt].start));
        int ph = gl_json_get(&pj, 0, holder), pv = gl_json_get(&pj, ph, key);
        assert_true(pv >= 0);
        /* the packed JSON leaves the table out, and keeps the rest of its holder */
        assert_int_equal(gl_json_get(&lj, gl_json_get(&lj, 0, holder), key), -1);
        assert_true(gl_json_get(&lj, gl_json_get(&lj, 0, holder), strcmp(holder, "memory") ? "cost" : "greedy") >= 0);
        int m = pj.t[pv].size;
        int *vals = malloc(sizeof *vals * (size_t)(m ? m : 1)), *ks = malloc(sizeof *ks * (size_t)(m ? m : 1));
        int i = 0;
        if (gl_json_str_eq(&sj, gl_json_get(&sj, table, "t"), "rows")) {
            for (int el = gl_json_elem_first(&pj, pv); el >= 0; el = gl_json_elem_next(&pj, pv, el)) vals[i++] = el;
            check_col(&k, gl_json_get(&sj, table, "rows"), vals, m);
        } else {
            for (int kk = gl_json_key_first(&pj, pv); kk >= 0; kk = gl_json_key_next(&pj, pv, kk), i++) {
                ks[i] = kk;
                vals[i] = kk + 1;
            }
            check_col(&k, gl_json_get(&sj, table, "keys"), ks, m);
            check_col(&k, gl_json_get(&sj, table, "vals"), vals, m);
        }
        free(vals);
        free(ks);
    }
    assert_true(k.checked > 0);
    gl_json_free(&sj);
    gl_json_free(&pj);
    gl_json_free(&lj);
    free(out);
    free(plain);
    return ntab;
}

static void test_packed_tables(void **state) {
    (void)state;
    /* decode with a symbolic S, the plans' arrays too: every table */
    assert_int_equal(check_tables("{\"config\": {\"d\": 64, \"H\": 8, \"G\": 2, \"dh\": 8, \"f\": 128, \"S\": 16, "
                                  "\"mode\": \"decode\", \"layers\": 2}, \"emit\": {\"plans\": true}}"), 7);
    /* prefill through a short pipeline, without the plans' arrays */
    assert_int_equal(check_tables("{\"config\": {\"d\": 64, \"H\": 8, \"G\": 2, \"dh\": 8, \"f\": 128, \"T\": 6, "
                                  "\"mode\": \"prefill\", \"layers\": 1}, \"pipeline\": [\"cse\"]}"), 4);
    /* no kernels asked for: they stay null in the JSON; the memory tables come as columns */
    assert_int_equal(check_tables("{\"config\": {\"d\": 64, \"H\": 8, \"G\": 2, \"dh\": 8, \"f\": 128, \"T\": 6, "
                                  "\"mode\": \"prefill\"}, \"emit\": {\"kernels\": false}}"), 2);
}

int main(void) {
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_packed_layout), cmocka_unit_test(test_packed_errors),
                                       cmocka_unit_test(test_packed_tables)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
