/* test_format.c — floats are written the way Python's repr/json writes them (expected strings are
 * Python's own output for these values). */
#include "test_util.h"
#include "util.h"

static void test_python_repr(void **state) {
    (void)state;
    static const struct { double v; const char *want; } cases[] = {
        {500000.0, "500000.0"}, {10000.0, "10000.0"}, {989e12, "989000000000000.0"}, {8396800.0, "8396800.0"},
        {1e-5, "1e-05"}, {0.0001, "0.0001"}, {1e16, "1e+16"}, {1.5e-7, "1.5e-07"}, {0.1, "0.1"}, {1.0, "1.0"},
        {-0.0, "-0.0"}, {2.5, "2.5"}, {0.08838834764831843, "0.08838834764831843"}, {1e22, "1e+22"},
        {4e-06, "4e-06"}, {123456789012345680.0, "1.2345678901234568e+17"},
    };
    char buf[40];
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) assert_string_equal(gl_fmt_double(cases[i].v, buf), cases[i].want);
    assert_string_equal(gl_fmt_double(-INFINITY, buf), "-Infinity");
    assert_string_equal(gl_fmt_double(NAN, buf), "NaN");
}

int main(void) {
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_python_repr)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
