/* test_util.h — common includes for the cmocka unit tests (built with ASan+UBSan by `make test`). */
#ifndef GL_TEST_UTIL_H
#define GL_TEST_UTIL_H
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "graphlab.h"

/* |a - b| <= tol * max(1, |b|) */
#define assert_close(a, b, tol) \
    assert_true(fabs((double)(a) - (double)(b)) <= (tol) * fmax(1.0, fabs((double)(b))))
#endif
