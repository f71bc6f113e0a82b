/* test_format.c — floats are written the way Python's repr/json writes them (expected strings are
 * Python's own output for these values); no output holds NaN or Infinity; the JSON reader accepts only
 * UTF-8 and skips the keys it is told to ignore. */
#include <limits.h>
#include <stdio.h>

#include "test_util.h"
#include "io/json.h"
#include "ir/util.h"
#include "repr_cases.h"

static void test_python_repr(void **state) {
    (void)state;
    static const struct { double v; const char *want; } cases[] = {
        {500000.0, "500000.0"}, {10000.0, "10000.0"}, {989e12, "989000000000000.0"}, {8396800.0, "8396800.0"},
        {1e-5, "1e-05"}, {0.0001, "0.0001"}, {1e16, "1e+16"}, {1.5e-7, "1.5e-07"}, {0.1, "0.1"}, {1.0, "1.0"},
        {-0.0, "-0.0"}, {2.5, "2.5"}, {0.08838834764831843, "0.08838834764831843"}, {1e22, "1e+22"},
        {4e-06, "4e-06"}, {123456789012345680.0, "1.2345678901234568e+17"},
        /* the integer fast path's edges, and the digit search's (Python's repr of each) */
        {9999999999999998.0, "9999999999999998.0"}, {-123.0, "-123.0"}, {1e15, "1000000000000000.0"},
        {0.30000000000000004, "0.30000000000000004"}, {-2.5e-300, "-2.5e-300"}, {123456.789, "123456.789"},
        {5e-324, "5e-324"}, {1.7976931348623157e308, "1.7976931348623157e+308"},
    };
    char buf[40];
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) assert_string_equal(gl_fmt_double(cases[i].v, buf), cases[i].want);
    assert_string_equal(gl_fmt_double(-INFINITY, buf), "-Infinity");
    assert_string_equal(gl_fmt_double(NAN, buf), "NaN");
}

/* Seven thousand doubles against Python's own repr (repr_cases.h, tools/gen-repr-cases.py): short decimals of
 * 1 to 17 digits at every scale, the neighbours of powers of ten, quotients and roots, random bit patterns. */
static void test_python_repr_table(void **state) {
    (void)state;
    char buf[40];
    int bad = 0;
    for (size_t i = 0; i < sizeof REPR_CASES / sizeof REPR_CASES[0]; i++) {
        double v;
        memcpy(&v, &REPR_CASES[i].bits, sizeof v);
        const char *got = gl_fmt_double(v, buf);
        if (strcmp(got, REPR_CASES[i].repr) != 0 && bad++ < 5)
            fprintf(stderr, "repr of 0x%016llx: got %s, Python %s\n", REPR_CASES[i].bits, got, REPR_CASES[i].repr);
    }
    assert_int_equal(bad, 0);
}

static void test_sb_int(void **state) {
    (void)state;
    gl_sb sb;
    gl_sb_init(&sb);
    const long long v[] = {0, 7, -1, 1234567890123LL, LLONG_MAX, LLONG_MIN};
    for (int i = 0; i < 6; i++) {
        if (i) gl_sb_putc(&sb, ' ');
        gl_sb_int(&sb, v[i]);
    }
    assert_string_equal(sb.buf, "0 7 -1 1234567890123 9223372036854775807 -9223372036854775808");
    gl_sb_free(&sb);
}

/* Every text builder refuses a non-finite number at the end instead of handing out invalid JSON. */
static void test_no_nonfinite_output(void **state) {
    (void)state;
    const double bad[] = {INFINITY, -INFINITY, NAN};
    for (int i = 0; i < 3; i++) {
        gl_sb sb;
        gl_sb_init(&sb);
        gl_sb_puts(&sb, "{\"t\": ");
        gl_sb_double(&sb, bad[i]);
        gl_sb_putc(&sb, '}');
        gl_err e = {0};
        char *out = (char *)1;
        size_t n = 7;
        assert_int_equal(gl_sb_finish(&sb, &out, &n, &e), GL_E_INTERNAL);
        assert_non_null(strstr(e.msg, "non-finite number"));
        assert_null(sb.buf);                         /* freed: nothing leaks (ASan) */
    }
    gl_sb sb;
    gl_sb_init(&sb);
    gl_sb_double(&sb, 1e308);
    gl_err e = {0};
    char *out = NULL;
    assert_int_equal(gl_sb_finish(&sb, &out, NULL, &e), GL_OK);
    assert_string_equal(out, "1e+308");
    free(out);
}

static gl_status parse(const char *s, size_t n, gl_err *e) {
    gl_json j;
    gl_status st = gl_json_parse(&j, s, n, e);
    gl_json_free(&j);
    return st;
}

static void test_utf8(void **state) {
    (void)state;
    /* well-formed: 2-, 3- and 4-byte sequences at their edges, and a surrogate pair escape */
    static const char *const good[] = {
        "\"\xc2\x80\xdf\xbf\"", "\"\xe0\xa0\x80\xed\x9f\xbf\xee\x80\x80\xef\xbf\xbf\"",
        "\"\xf0\x90\x80\x80\xf4\x8f\xbf\xbf\"", "\"\\ud83d\\ude00\"", "\"\\uD800\\uDC00\\uffff\"",
    };
    for (size_t i = 0; i < sizeof good / sizeof good[0]; i++) {
        gl_err e = {0};
        assert_int_equal(parse(good[i], strlen(good[i]), &e), GL_OK);
    }
    /* ill-formed, with the byte offset of the first bad sequence (or escape) */
    static const struct { const char *s; size_t at; } bad[] = {
        {"\"a\x80\"", 2}, {"\"\xc1\xbf\"", 1}, {"\"\xe0\x9f\xbf\"", 1}, {"\"\xed\xa0\x80\"", 1},
        {"\"\xf0\x8f\xbf\xbf\"", 1}, {"\"\xf4\x90\x80\x80\"", 1}, {"\"\xf5\x80\x80\x80\"", 1},
        {"\"\xc3\"", 1}, {"\"ab\xe2\x82", 3}, {"[\"ok\", \"\xff\"]", 8}, {"{\"k\xfe\": 1}", 3},
        {"\"\\ud800\"", 1}, {"\"x\\udfff\"", 2}, {"\"\\ud800\\u0041\"", 1}, {"\"\\ud800\\ud800\"", 1},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        gl_err e = {0};
        assert_int_equal(parse(bad[i].s, strlen(bad[i].s), &e), GL_E_PARSE);
        char want[64];
        snprintf(want, sizeof want, "invalid UTF-8 at byte offset %zu ", bad[i].at);
        if (!strstr(e.msg, want)) fail_msg("%s: got \"%s\", want \"%s\"", bad[i].s, e.msg, want);
    }
    /* outside strings a high byte is a syntax error, as before */
    gl_err e = {0};
    assert_int_equal(parse("[\xff]", 3, &e), GL_E_PARSE);
    assert_non_null(strstr(e.msg, "found byte 0xff"));
}

static void test_skipped_keys(void **state) {
    (void)state;
    const char *keep[] = {"a", NULL};
    gl_json_opts o = {keep, 0};
    const char *s = "{\"big\": [1, [2, {\"x\": 3}], \"s\"], \"a\": [4, 5], \"b\": {\"c\": 6}}";
    gl_json j;
    gl_err e = {0};
    assert_int_equal(gl_json_parse_ex(&j, s, strlen(s), &o, &e), GL_OK);
    /* obj, then per key: the key and its value; skipped values are one null token each */
    assert_int_equal(j.n, 1 + 2 + 4 + 2);
    assert_int_equal(j.t[0].size, 3);
    int big = gl_json_get(&j, 0, "big"), a = gl_json_get(&j, 0, "a"), b = gl_json_get(&j, 0, "b");
    assert_true(gl_json_is_null(&j, big) && gl_json_is_null(&j, b));
    assert_int_equal(j.t[a].type, GL_J_ARR);
    assert_int_equal(j.t[a].size, 2);
    int64_t v = 0;
    assert_int_equal(gl_json_int(&j, gl_json_at(&j, a, 1), "a[1]", &v, &e), GL_OK);
    assert_true(v == 5);
    assert_int_equal(gl_json_key_next(&j, 0, gl_json_key_next(&j, 0, gl_json_key_first(&j, 0))), b - 1);
    gl_json_free(&j);
    /* an escaped spelling of a kept key is that key */
    const char *esc = "{\"\\u0061\": [7], \"b\": [8]}";
    assert_int_equal(gl_json_parse_ex(&j, esc, strlen(esc), &o, &e), GL_OK);
    assert_int_equal(j.t[gl_json_get(&j, 0, "a")].type, GL_J_ARR);
    assert_true(gl_json_is_null(&j, gl_json_get(&j, 0, "b")));
    gl_json_free(&j);
    /* a skipped value is still validated */
    const char *bad = "{\"big\": [1, 2,], \"a\": 1}";
    assert_int_equal(gl_json_parse_ex(&j, bad, strlen(bad), &o, &e), GL_E_PARSE);
    assert_non_null(strstr(e.msg, "(byte 14): expected a JSON value, found ']'"));
    /* the value cap counts only what is built */
    gl_err_clear(&e);
    gl_json_opts capped = {keep, 5};   /* many: the object, two keys, a placeholder and 1 */
    const char *many = "{\"big\": [1, 2, 3, 4, 5, 6], \"a\": 1}";
    assert_int_equal(gl_json_parse_ex(&j, many, strlen(many), &capped, &e), GL_OK);
    gl_json_free(&j);
    const char *over = "{\"a\": [1, 2, 3]}";
    assert_int_equal(gl_json_parse_ex(&j, over, strlen(over), &capped, &e), GL_E_LIMIT);
    assert_non_null(strstr(e.msg, "more than 5 values"));
}

int main(void) {
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_python_repr), cmocka_unit_test(test_python_repr_table),
                                       cmocka_unit_test(test_sb_int),
                                       cmocka_unit_test(test_no_nonfinite_output),
                                       cmocka_unit_test(test_utf8), cmocka_unit_test(test_skipped_keys)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
