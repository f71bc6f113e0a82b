/* fuzz_program.c — libFuzzer harness: bytes → the program front end (c/src/front/: lexer, parser,
 * evaluator, tracer), then the graph's printer and validator.
 *
 * Inputs above 64 KiB are skipped; the step budget is lowered so a loop ends in milliseconds (the limits
 * themselves are what is under test). Invariants (abort() here, never in the library): GL_OK ⇔ a graph
 * that validates, with one span per node inside the source and a console string; an error has a status in
 * range (never GL_E_INTERNAL), a message that starts with the file name and is shorter than GL_MSG_MAX, and
 * no graph. Sanitizers catch the rest (leaks on every error path, overflows, UB, stack exhaustion). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "front/front.h"

#define FUZZ_MAX_INPUT (64 * 1024)

static void fail(const char *what, const gl_err *e) {
    fprintf(stderr, "fuzz_program: invariant broken: %s (status %d, message \"%s\")\n", what, (int)e->code, e->msg);
    abort();
}

/* The output must be valid UTF-8 (a result's JSON carries it): checked here independently of the front end. */
static int utf8_ok(const char *s, size_t n) {
    const unsigned char *p = (const unsigned char *)s;
    for (size_t i = 0; i < n;) {
        unsigned c = p[i], k = c < 0x80 ? 0 : c >= 0xC2 && c <= 0xDF ? 1 : c >= 0xE0 && c <= 0xEF ? 2 : c >= 0xF0 && c <= 0xF4 ? 3 : 9;
        if (k == 9 || n - i <= k) return k == 0;
        unsigned cp = k ? c & (0x3F >> k) : c;
        for (unsigned j = 1; j <= k; j++) {
            if ((p[i + j] & 0xC0) != 0x80) return 0;
            cp = cp << 6 | (p[i + j] & 0x3F);
        }
        if ((k == 2 && cp < 0x800) || (k == 3 && cp < 0x10000) || (cp >= 0xD800 && cp <= 0xDFFF) || cp > 0x10FFFF) return 0;
        i += k + 1;
    }
    return 1;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size > FUZZ_MAX_INPUT) return 0;
    gl_program p;
    gl_program_opts o = {size % 2 == 0, NULL, 200000, false};
    gl_err e = {GL_OK, ""};
    gl_status st = gl_program_run((const char *)data, size, "fuzz.py", &o, &p, &e);
    if (st == GL_OK) {
        if (!p.graph || !p.spans || !p.console) fail("GL_OK without a graph, spans or console", &e);
        /* print("a\0b") writes a NUL: the console is console_len bytes, NUL-terminated, and valid UTF-8 */
        if (p.console[p.console_len] != 0) fail("console not NUL-terminated at console_len", &e);
        if (!utf8_ok(p.console, p.console_len)) fail("the console is not valid UTF-8", &e);
        gl_err v = {GL_OK, ""};
        if (gl_graph_validate(p.graph, &v)) fail("the traced graph does not validate", &v);
        int lines = 1;
        for (size_t i = 0; i < size; i++) lines += data[i] == '\n';
        for (int i = 0; i < p.graph->n; i++)
            if (p.spans[i].line < 0 || p.spans[i].line > lines || p.spans[i].end_line < p.spans[i].line)
                fail("a span outside the source", &e);
        char *txt = NULL;
        gl_status ps = gl_graph_print(p.graph, &txt, &v);
        if (ps && ps != GL_E_NOMEM) fail("the traced graph does not print", &v);
        free(txt);
        gl_program_free(&p);
    } else {
        if (p.graph) fail("an error with a graph", &e);
        if (st < GL_E_INVALID || st > GL_E_INTERNAL) fail("status out of range", &e);
        if (st == GL_E_INTERNAL) fail("GL_E_INTERNAL (a broken invariant in the front end)", &e);
        if (e.code != st) fail("returned status differs from the error's", &e);
        if (strncmp(e.msg, "fuzz.py", 7) != 0) fail("the message does not start with the file name", &e);
        if (strnlen(e.msg, GL_MSG_MAX) >= GL_MSG_MAX) fail("message not terminated", &e);
    }
    return 0;
}
