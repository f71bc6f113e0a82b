/* test_pack.c — the lab's packed case result (c/src/io/case_pack.c), natively under ASan+UBSan: the header,
 * the JSON without graphs and provenance, and columns that describe the same graphs the plain result holds
 * (node counts, ops, shapes with a symbol, provenance pairs), with no leak on any path; and its long tables
 * (case_tables.c) read column by column against every value of the same tables in the plain JSON. The
 * byte-exact comparison with runCase over every golden case is tests/wasm-packed.test.js. */
#include <stdio.h>

#include "test_util.h"
#include "io/case.h"
#include "io/json.h"
#include "io/stage_keys.h"

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
    assert_int_equal(W[0], 1 | 2 | 8 | 16);           /* graphs, provenance, the fingerprints and the keys */
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

/* ------------------------------------------------------------------ emit.graphs "shapes" */
typedef struct {
    char *out;
    const int32_t *W;
    int nst, tab, nstr;
    const int32_t *offs;
    const char *bytes;
    /* per stage (at most 16): key, n, nsym (shapes only), rank, dims (2 words each), attrs; the fingerprints */
    int key[16], n[16], nsym[16];
    const int32_t *rank[16], *dims[16], *attrs[16];
    uint64_t fp[16];
} packed_view;

/* Reads case_json's packed answer, either form, checking every count stays inside the columns. */
static void read_packed(const char *case_json, packed_view *v) {
    gl_err e = {0};
    size_t n = 0;
    memset(v, 0, sizeof *v);
    assert_int_equal(gl_case_run_ex(case_json, strlen(case_json), GL_CASE_PACKED, &v->out, &n, &e), GL_OK);
    uint32_t jlen;
    memcpy(&jlen, v->out + 4, 4);
    const int32_t *W = v->W = (const int32_t *)(v->out + 8 + ((jlen + 3) & ~3u));
    int parts = W[0];
    v->nst = W[1];
    v->tab = W[2];
    assert_true(v->nst > 0 && v->nst <= 16 && (parts & 1) && (parts & 8));
    bool shapes = (parts & 4) != 0;
    int p = 3;
    for (int s = 0; s < v->nst; s++) {
        v->key[s] = W[p];
        int nn = v->n[s] = W[p + 1];
        int nout = shapes ? 0 : W[p + 2];
        if (shapes) v->nsym[s] = W[p + 2];
        p += 3 + nout;
        if (!shapes) {
            p += nn;                                   /* op */
            int nin = W[p + nn];
            assert_int_equal(W[p], 0);
            for (int i = 0; i < nn; i++) assert_true(W[p + i + 1] >= W[p + i]);   /* from 0, never down */
            p += nn + 1 + nin;                         /* offsets, inputs */
        }
        v->rank[s] = W + p;
        int nd = 0;
        for (int i = 0; i < nn; i++) nd += W[p + i];
        p += nn;
        /* the dims' offsets: from 0 by the ranks */
        assert_int_equal(W[p], 0);
        for (int i = 0; i < nn; i++) assert_int_equal(W[p + i + 1] - W[p + i], v->rank[s][i]);
        p += nn + 1;
        v->dims[s] = W + p;
        p += 2 * nd;
        v->attrs[s] = W + p;
        p += nn;
        if (!shapes) p += nn;                          /* names */
        assert_true(p <= v->tab);
    }
    for (int s = 1; (parts & 2) && s < v->nst; s++) {
        int nn = W[p + 1];
        p += 2 + nn;
        int nfrom = W[p + nn];
        p += nn + 1 + nfrom;
        p += 1 + W[p];
        assert_true(p <= v->tab);
    }
    for (int s = 0; s < v->nst; s++, p += 2) v->fp[s] = (uint64_t)(uint32_t)W[p] | (uint64_t)(uint32_t)W[p + 1] << 32;
    /* the keys (stage_keys.c; model.js's rule is checked against them by tests/web/stage-columns.test.js): the
     * trace's node i is (0, i); every stage's keys are distinct, its layers the shared group or a layer */
    assert_int_equal((parts & 16) != 0, !shapes);
    for (int s = 0; (parts & 16) && s < v->nst; s++) {
        int nn = v->n[s];
        const int32_t *flags = W + p, *ks = W + p + 1, *ki = ks + nn, *lay = ki + nn, *blk = lay + nn;
        p += 1 + 4 * nn;
        assert_true(p <= v->tab);
        for (int i = 0; i < nn; i++) assert_true(blk[i] >= -1);   /* a string of the table, or none */
        assert_int_equal(*flags & ~7, 0);   /* 1 usable, 2 changed, 4 blocks */
        if (s == 0) assert_int_equal(*flags & 1, 0);
        /* the summary by layer: every node counted once, its layer inside the span */
        int lo = W[p], span = W[p + 1];
        assert_true(lo <= 0 && span >= 1 && lo + span - 1 >= 0);
        const int32_t *cnt = W + p + 2, *ops = cnt + span;
        int ne = W[p + 2 + 2 * span], total = 0;
        for (int l = 0; l < span; l++) {
            assert_true(ops[l] >= 0 && ops[l] <= cnt[l]);
            total += cnt[l];
        }
        assert_int_equal(total, nn);
        for (int k = 0; k < 2 * ne; k++) assert_true(W[p + 3 + 2 * span + k] >= lo && W[p + 3 + 2 * span + k] < lo + span);
        p += 3 + 2 * span + 2 * ne;
        assert_true(p <= v->tab);
        for (int i = 0; i < nn; i++) {
            assert_true(lay[i] >= lo && lay[i] < lo + span);
            if (s == 0) assert_true(ks[i] == 0 && ki[i] == i);
            assert_true(ks[i] >= 0 && ks[i] <= s && ki[i] >= 0 && lay[i] >= -1);
            for (int j = 0; j < i && nn <= 400; j++) assert_false(ks[j] == ks[i] && ki[j] == ki[i]);
        }
    }
    assert_int_equal(p, v->tab);
    v->nstr = W[v->tab];
    v->offs = W + v->tab + 1;
    v->bytes = (const char *)(W + v->tab + 2 + v->nstr);
}

static bool same_str(const packed_view *a, int ia, const packed_view *b, int ib) {
    int la = a->offs[ia + 1] - a->offs[ia], lb = b->offs[ib + 1] - b->offs[ib];
    return la == lb && memcmp(a->bytes + a->offs[ia], b->bytes + b->offs[ib], (size_t)la) == 0;
}

static char *with_emit(const char *config, const char *emit) {
    char *c = malloc(512);
    snprintf(c, 512, "{\"config\": {%s}, \"emit\": %s}", config, emit);
    return c;
}

static void test_packed_shapes(void **state) {
    (void)state;
    const char *cfg = "\"d\": 64, \"H\": 8, \"G\": 2, \"dh\": 8, \"f\": 128, \"S\": 16, \"mode\": \"decode\", \"layers\": 2";
    char *full_c = with_emit(cfg, "{\"graphs\": true}"), *shp_c = with_emit(cfg, "{\"graphs\": \"shapes\", \"provenance\": false}");
    packed_view full, shp;
    read_packed(full_c, &full);
    read_packed(shp_c, &shp);
    assert_int_equal(shp.W[0], 1 | 4 | 8);
    assert_int_equal(shp.nst, full.nst);
    int syms = 0;
    for (int s = 0; s < full.nst; s++) {
        assert_true(same_str(&shp, shp.key[s], &full, full.key[s]));
        assert_int_equal(shp.n[s], full.n[s]);
        assert_true(shp.fp[s] == full.fp[s]);
        int nd = 0, nsym = 0;
        for (int i = 0; i < full.n[s]; i++) {
            assert_int_equal(shp.rank[s][i], full.rank[s][i]);
            assert_true(same_str(&shp, shp.attrs[s][i], &full, full.attrs[s][i]));
            nd += full.rank[s][i];
        }
        for (int d = 0; d < nd; d++) {
            const int32_t *a = shp.dims[s] + 2 * d, *b = full.dims[s] + 2 * d;
            assert_int_equal(a[1], b[1]);
            if (b[1] == INT32_MIN) {
                assert_true(same_str(&shp, a[0], &full, b[0]));
                nsym++;
            } else assert_int_equal(a[0], b[0]);
        }
        assert_int_equal(shp.nsym[s], nsym);
        syms += nsym;
    }
    assert_true(syms > 0);                            /* S is symbolic: the symbols' strings were checked */
    /* other sizes: the same fingerprints; another layer count or pipeline: others */
    const char *cases[] = {
        "{\"config\": {\"d\": 128, \"H\": 8, \"G\": 2, \"dh\": 16, \"f\": 384, \"S\": 40, \"mode\": \"decode\", \"layers\": 2}}",
        "{\"config\": {\"d\": 64, \"H\": 8, \"G\": 2, \"dh\": 8, \"f\": 128, \"S\": 16, \"mode\": \"decode\", \"layers\": 3}}",
        "{\"config\": {\"d\": 64, \"H\": 8, \"G\": 2, \"dh\": 8, \"f\": 128, \"S\": 16, \"mode\": \"decode\", \"layers\": 2}, "
        "\"pipeline\": [\"match_attention\", \"cse\", \"decompose\", \"constant_fold\", \"simplify\", \"fold_norm_weight\"]}",
    };
    for (int k = 0; k < 3; k++) {
        packed_view o;
        read_packed(cases[k], &o);
        bool same = o.nst == full.nst;
        for (int s = 0; same && s < o.nst; s++) same = o.fp[s] == full.fp[s];
        if (k == 0) assert_true(same);
        else assert_false(same);
        if (k == 2) assert_true(o.fp[0] == full.fp[0] && o.fp[1] == full.fp[1]);   /* the same trace and first pass */
        free(o.out);
    }
    /* the CLI's JSON: per stage its fingerprint (hex), shapes and attrs */
    gl_err e = {0};
    char *json = NULL;
    size_t jn = 0;
    assert_int_equal(gl_case_run_ex(shp_c, strlen(shp_c), GL_CASE_COMPACT, &json, &jn, &e), GL_OK);
    char want[64];
    snprintf(want, sizeof want, "\"trace\": {\"fingerprint\": \"%016llx\", \"shapes\": [", (unsigned long long)full.fp[0]);
    assert_non_null(strstr(json, want));
    assert_non_null(strstr(json, "\"attrs\": [{}"));
    assert_null(strstr(json, "\"trace\": {\"nodes\""));        /* no graph nodes */
    assert_null(strstr(json, "\"provenance\""));
    free(json);
    /* any other string is refused, naming the field */
    char *bad = with_emit(cfg, "{\"graphs\": \"nodes\"}");
    json = NULL;
    gl_err_clear(&e);
    assert_int_equal(gl_case_run_ex(bad, strlen(bad), GL_CASE_PACKED, &json, &jn, &e), GL_E_INVALID);
    assert_null(json);
    assert_non_null(strstr(e.msg, "emit.graphs"));
    free(bad);
    free(full.out);
    free(shp.out);
    free(full_c);
    free(shp_c);
}

/* ---------------------------------------------------------------- stage_keys.c's rules on hand-made graphs
 * Cases no pipeline of the golden results makes (so tests/native-packed.test.js cannot see them): a node a
 * pass makes from nodes of two layers, a pass that keeps every node but rewires one, two nodes merged into
 * one old node; and the trace's layers and summary on a graph small enough to write out by hand. */
static int add_n(gl_graph *g, gl_op op, const int *in, int nin, const char *name) {
    gl_err e = {0};
    gl_shape s = gl_shape_of(1, (int64_t[]){4});
    int id = gl_graph_add(g, op, in, nin, NULL, &s, name, &e);
    assert_true(id >= 0);
    return id;
}

/* The trace: x, y, "0.w", "1.w"; sub(x, y) (4), mul(0.w, 1.w) (5), an unnamed const (6) read by add(6, 0.w) (7)
 * and add(6, 1.w) (8), and sub(1.w, 0.w) (9); with swap, node 4 is sub(y, x). */
static gl_graph *keys_trace(bool swap) {
    gl_graph *g = NULL;
    gl_err e = {0};
    assert_int_equal(gl_graph_new(&g, &e), GL_OK);
    add_n(g, GL_OP_INPUT, NULL, 0, "x");
    add_n(g, GL_OP_INPUT, NULL, 0, "y");
    add_n(g, GL_OP_PARAM, NULL, 0, "0.w");
    add_n(g, GL_OP_PARAM, NULL, 0, "1.w");
    add_n(g, GL_OP_SUB, swap ? (int[]){1, 0} : (int[]){0, 1}, 2, NULL);
    add_n(g, GL_OP_MUL, (int[]){2, 3}, 2, NULL);
    add_n(g, GL_OP_CONST, NULL, 0, NULL);
    add_n(g, GL_OP_ADD, (int[]){6, 2}, 2, NULL);
    add_n(g, GL_OP_ADD, (int[]){6, 3}, 2, NULL);
    add_n(g, GL_OP_SUB, (int[]){3, 2}, 2, NULL);
    return g;
}

static void test_stage_keys_rules(void **state) {
    (void)state;
    gl_err e = {0};
    gl_graph *t = keys_trace(false);
    gl_stage_keys k0;
    assert_int_equal(gl_stage_keys_make(t, 0, NULL, NULL, NULL, &k0, &e), GL_OK);
    /* the trace: params by name; an op in the latest layer among its inputs (sub(1.w, 0.w) too, though its last
     * input is layer 0's); x and y with their one user's layer; the const read by layers 0 and 1 shared */
    const int32_t trace_layers[] = {0, 0, 0, 1, 0, 1, GL_SHARED_LAYER, 0, 1, 1};
    for (int i = 0; i < 10; i++) {
        assert_int_equal(k0.key_stage[i], 0);
        assert_int_equal(k0.key_id[i], i);
        assert_int_equal(k0.layer[i], trace_layers[i]);
    }
    /* its summary by layer: layers -1 .. 1; nodes and ops (not leaves) per layer; the edges between layers in
     * the order the inputs first show them, none within a layer */
    gl_stage_summary sm;
    assert_int_equal(gl_stage_summary_make(t, k0.layer, &sm, &e), GL_OK);
    assert_int_equal(sm.lo, -1);
    assert_int_equal(sm.span, 3);
    const int32_t count[] = {1, 5, 4}, ops[] = {0, 2, 3}, edges[] = {0, 1, -1, 0, -1, 1};
    for (int l = 0; l < 3; l++) {
        assert_int_equal(sm.count[l], count[l]);
        assert_int_equal(sm.ops[l], ops[l]);
    }
    assert_int_equal(sm.nedges, 3);
    for (int k = 0; k < 6; k++) assert_int_equal(sm.edges[k], edges[k]);
    gl_stage_summary_free(&sm);

    /* a pass that keeps every node as it is: no change */
    gl_how how[10];
    int fs[11], fr[10];
    for (int i = 0; i < 10; i++) {
        how[i] = GL_HOW_KEPT;
        fs[i] = i;
        fr[i] = i;
    }
    fs[10] = 10;
    gl_provenance pv = {.pass = "p", .n = 10, .how = how, .from_start = fs, .from = fr};
    gl_graph *same = keys_trace(false);
    gl_stage_keys k1;
    assert_int_equal(gl_stage_keys_make(same, 1, &pv, t, &k0, &k1, &e), GL_OK);
    assert_true(k1.usable);
    assert_false(k1.changed);
    gl_stage_keys_free(&k1);

    /* the same nodes, every one kept, but the sub now reads (y, x): x - y became y - x, a change the lab
     * must show (it marks the pass as one that did something) */
    gl_graph *swapped = keys_trace(true);
    assert_int_equal(gl_stage_keys_make(swapped, 1, &pv, t, &k0, &k1, &e), GL_OK);
    assert_true(k1.usable);
    for (int i = 0; i < 10; i++) assert_int_equal(k1.key_stage[i], 0);   /* every key inherited */
    assert_true(k1.changed);
    gl_stage_keys_free(&k1);

    /* exp(x) replacing nodes of layers 1 and 0 (in that order) is in the lowest, 0; exp(y) replacing the
     * layer-1 param alone, in layer 1; both get fresh keys, and x and y sit with their one user. Two nodes merged
     * into node 5: the first keeps its key (and layer), the second gets a fresh one */
    gl_graph *fused = NULL;
    assert_int_equal(gl_graph_new(&fused, &e), GL_OK);
    add_n(fused, GL_OP_INPUT, NULL, 0, "x");
    add_n(fused, GL_OP_INPUT, NULL, 0, "y");
    add_n(fused, GL_OP_EXP, (int[]){0}, 1, NULL);
    add_n(fused, GL_OP_EXP, (int[]){1}, 1, NULL);
    add_n(fused, GL_OP_MUL, (int[]){2, 3}, 2, NULL);
    add_n(fused, GL_OP_MUL, (int[]){2, 3}, 2, NULL);
    gl_how how2[6] = {GL_HOW_KEPT, GL_HOW_KEPT, GL_HOW_REPLACED, GL_HOW_REPLACED, GL_HOW_MERGED, GL_HOW_MERGED};
    int fs2[7] = {0, 1, 2, 4, 5, 6, 7}, fr2[7] = {0, 1, 3, 2, 3, 5, 5};
    int removed2[5] = {4, 6, 7, 8, 9};
    gl_provenance pv2 = {.pass = "q", .n = 6, .how = how2, .from_start = fs2, .from = fr2, .nremoved = 5, .removed = removed2};
    assert_int_equal(gl_stage_keys_make(fused, 2, &pv2, t, &k0, &k1, &e), GL_OK);
    assert_true(k1.usable);
    assert_true(k1.changed);
    const int32_t ks[] = {0, 0, 2, 2, 0, 2}, ki[] = {0, 1, 2, 3, 5, 5}, lay[] = {0, 1, 0, 1, 1, 1};
    for (int i = 0; i < 6; i++) {
        assert_int_equal(k1.key_stage[i], ks[i]);
        assert_int_equal(k1.key_id[i], ki[i]);
        assert_int_equal(k1.layer[i], lay[i]);
    }
    gl_stage_keys_free(&k1);

    gl_stage_keys_free(&k0);
    gl_graph_free(t);
    gl_graph_free(same);
    gl_graph_free(swapped);
    gl_graph_free(fused);
}

/* The count of nodes of stage keys k in the block named `name` (-1: none). */
static int in_block(const gl_stage_keys *k, const gl_blocks *bk, const char *name) {
    int c = 0;
    for (int i = 0; i < k->n; i++) {
        int32_t b = k->block[i];
        if (name ? b >= 0 && strcmp(bk->names[b], name) == 0 : b < 0) c++;
    }
    return c;
}

/* Blocks: the built-in layer's statements by part (counted off layers.c: qkv is three matmul, reshape and
 * transpose; rope two of const, mul, rot_pairs, const, mul, add; scores reshape, transpose, matmul, the
 * scale's scalar, mul, causal_mask, add, softmax, matmul — the second layer finds the scalar made); a layer
 * repeated by gl_t_repeat has its original's; nested enters make a path and leave restores the outer;
 * provenance carries a block to the nodes a pass made from it. */
static void test_blocks(void **state) {
    (void)state;
    gl_err e = {0};
    gl_model_cfg m = {.layer = {64, 8, 2, 8, 128, 1e-5, 10000.0}, .mode = GL_MODE_PREFILL, .T = 12, .layers = 3};
    gl_graph *g = NULL;
    assert_int_equal(gl_build_model(&m, NULL, &g, &e), GL_OK);
    assert_non_null(g->blocks);
    assert_int_equal(g->blocks->n, g->n);
    gl_stage_keys k;
    assert_int_equal(gl_stage_keys_make(g, 0, NULL, NULL, NULL, &k, &e), GL_OK);
    const char *names[] = {"attention/norm", "attention/qkv", "attention/rope", "attention/scores", "attention/out",
                           "mlp/norm", "mlp/swiglu", "mlp/down"};
    const int per_layer[] = {1, 9, 12, 9, 5, 1, 4, 2};
    for (int b = 0; b < 8; b++) assert_int_equal(in_block(&k, g->blocks, names[b]), 3 * per_layer[b] - (b == 3 ? 2 : 0));
    assert_int_equal(in_block(&k, g->blocks, NULL), 1 + 3 * 9);   /* x and the params */
    gl_stage_keys_free(&k);
    gl_graph_free(g);

    gl_tracer *tr = NULL;
    assert_int_equal(gl_tracer_new(GL_BRANCH_ERROR, false, &tr, &e), GL_OK);
    int64_t d2[2] = {2, 3};
    gl_shape s = gl_shape_of(2, d2);
    int x = gl_t_input(tr, "x", &s, NULL);
    int outer = gl_tracer_enter(tr, "f");
    assert_int_equal(outer, -1);
    int a = gl_t_exp(tr, x);
    int inner = gl_tracer_enter(tr, "g");
    int b2 = gl_t_neg(tr, a);
    gl_tracer_leave(tr, inner);
    int c = gl_t_add(tr, a, b2);
    gl_tracer_leave(tr, outer);
    int y = gl_t_tanh(tr, c);
    gl_graph *t = NULL;
    assert_int_equal(gl_tracer_finish(tr, &y, 1, &t, &e), GL_OK);
    assert_int_equal(t->blocks->nnames, 2);
    const char *want[] = {NULL, "f", "f/g", "f", NULL};
    for (int i = 0; i < 5; i++) {
        int32_t bi = t->blocks->of[i];
        if (!want[i]) assert_int_equal(bi, -1);
        else assert_string_equal(t->blocks->names[bi], want[i]);
    }
    /* a pass replacing add(exp, neg) by one node made from the neg: in f/g */
    gl_stage_keys k0, k1;
    assert_int_equal(gl_stage_keys_make(t, 0, NULL, NULL, NULL, &k0, &e), GL_OK);
    gl_graph *p = NULL;
    assert_int_equal(gl_graph_new(&p, &e), GL_OK);
    add_n(p, GL_OP_INPUT, NULL, 0, "x");
    add_n(p, GL_OP_NEG, (int[]){0}, 1, NULL);
    add_n(p, GL_OP_TANH, (int[]){1}, 1, NULL);
    gl_how how[3] = {GL_HOW_KEPT, GL_HOW_REPLACED, GL_HOW_KEPT};
    int fs[4] = {0, 1, 3, 4}, fr[4] = {0, 2, 1, 4};
    int removed[1] = {3};
    gl_provenance pv = {.pass = "p", .n = 3, .how = how, .from_start = fs, .from = fr, .nremoved = 1, .removed = removed};
    assert_int_equal(gl_stage_keys_make(p, 1, &pv, t, &k0, &k1, &e), GL_OK);
    assert_int_equal(k1.block[0], -1);
    assert_string_equal(t->blocks->names[k1.block[1]], "f/g");
    assert_int_equal(k1.block[2], -1);
    gl_stage_keys_free(&k0);
    gl_stage_keys_free(&k1);
    gl_graph_free(p);
    gl_graph_free(t);
}

int main(void) {
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_packed_layout), cmocka_unit_test(test_packed_errors),
                                       cmocka_unit_test(test_packed_tables), cmocka_unit_test(test_packed_shapes),
                                       cmocka_unit_test(test_stage_keys_rules), cmocka_unit_test(test_blocks)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
