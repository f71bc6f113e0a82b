/* fuzz_case.c — libFuzzer harness: bytes → gl_case_run (the case-file reader, the model builder, every pass,
 * fusion, cost, memory planning, the interpreter and the result writer).
 *
 * Inputs above 64 KiB are skipped (the reader's own limits are what is under test, not the fuzzer's memory).
 * The fuzz build compiles the library with a small memory budget (-DGL_CASE_DEFAULT_RUN_BYTES / _MAX_), so a
 * case with values can never ask for more than a few MiB; shape-only cases allocate no values at all.
 *
 * Invariants checked (abort() here, never in the library): GL_OK ⇔ a NUL-terminated answer of the stated
 * length that starts with '{'; an error has a status in range, a non-empty, NUL-terminated message shorter
 * than GL_MSG_MAX, and no answer. Sanitizers catch the rest (leaks, overflows, UB). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "graphlab.h"

#define FUZZ_MAX_INPUT (64 * 1024)

static void fail(const char *what, const gl_err *e) {
    fprintf(stderr, "fuzz_case: invariant broken: %s (status %d, message \"%s\")\n", what, (int)e->code, e->msg);
    abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size > FUZZ_MAX_INPUT) return 0;
    char *out = NULL;
    size_t outlen = 0;
    gl_err e = {GL_OK, ""};
    gl_status st = gl_case_run((const char *)data, size, &out, &outlen, &e);
    if (st == GL_OK) {
        if (!out) fail("GL_OK without an answer", &e);
        if (strlen(out) != outlen) fail("answer length differs from strlen", &e);
        if (outlen < 2 || out[0] != '{' || out[outlen - 1] != '}') fail("answer is not a JSON object", &e);
        if (e.code != GL_OK) fail("GL_OK with an error set", &e);
    } else {
        if (out) fail("an error with an answer", &e);
        if (st < GL_E_INVALID || st > GL_E_INTERNAL) fail("status out of range", &e);
        if (st == GL_E_INTERNAL) fail("GL_E_INTERNAL (a broken invariant in the core)", &e);
        if (e.code != st) fail("returned status differs from the error's", &e);
        if (memchr(e.msg, 0, sizeof e.msg) == NULL) fail("message not NUL-terminated", &e);
        if (!e.msg[0]) fail("empty error message", &e);
    }
    free(out);
    return 0;
}
