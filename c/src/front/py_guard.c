/* py_guard.c — the front end's one depth counter, and the work counter's helpers.
 *
 * Every recursion of the front end (the parser's rules, the scope walk, the evaluator's eval / statements /
 * calls / comprehension clauses / comparisons, f-strings parsed inside f-strings) draws on one counter,
 * py_arena.depth, in units of 64 bytes of C stack: each recursive function enters with the size of its own
 * frame (py.h lists them). The budget, PY_DEPTH_MAX units, is sized for the smallest stack the code runs on:
 * the browser module, whose WASM frames live on V8's native stack (~984 KiB in Node and Chromium), measured
 * in bench/depth_probe.mjs; native (8 MiB) and WASI (8 MiB) have room to spare. Within it a program's own
 * recursion reaches CPython's 1000 calls (GL_PROGRAM_MAX_DEPTH). A program past it gets a clear
 * RecursionError-style limit instead of a trap, on every surface alike (the counter, not the stack pointer,
 * decides, so the four surfaces agree on what a program may do).
 *
 * Why a counter and not the stack pointer: the browser module's real frames are V8's, which C cannot see
 * (the address of a local is on Emscripten's shadow stack in linear memory), and the same program must
 * succeed or fail identically natively and in the lab.
 *
 * The step budget (py_steps) counts work: a statement or expression is one step; operations that loop in C
 * (substring search, ==, repetition, dict growth, copying) charge py_work(I, at, n) for the n elements they
 * touch, so a program either finishes or gets a limit error within ~1 s on every surface. */
#include <string.h>

#include "front/py.h"

bool py_depth_enter(py_arena *a, int cost) {
    if (a->depth > PY_DEPTH_MAX - cost) return false;
    a->depth += cost;
    return true;
}

void py_depth_leave(py_arena *a, int cost) { a->depth -= cost; }

bool py_enter(py_interp *I, const py_node *at, int cost) {
    if (py_depth_enter(&I->ar, cost)) return true;
    py_fail(I, at, GL_E_LIMIT, "RecursionError: maximum recursion depth exceeded (the program nests expressions, "
            "containers or calls deeper than GraphLab's limit)");
    return false;
}

void py_leave(py_interp *I, int cost) { py_depth_leave(&I->ar, cost); }

bool py_work(py_interp *I, const py_node *at, int64_t n) {
    if (n < 0) n = 0;
    /* one step per PY_WORK_PER_STEP elements: a statement costs ~ as much as touching that many in C */
    int64_t s = n / PY_WORK_PER_STEP;
    if (s > I->max_steps) s = I->max_steps;
    I->steps += s;
    return py_steps(I, at);
}

/* ---- UTF-8: the source, names and the console are valid UTF-8 (a result's JSON must be) */
size_t py_utf8_bad(const char *s, size_t n) {
    const unsigned char *p = (const unsigned char *)s;
    size_t i = 0;
    while (i < n) {
        unsigned c = p[i];
        if (c < 0x80) { i++; continue; }
        size_t k;
        unsigned cp;
        if (c >= 0xC2 && c <= 0xDF) k = 1, cp = c & 0x1F;
        else if (c >= 0xE0 && c <= 0xEF) k = 2, cp = c & 0x0F;
        else if (c >= 0xF0 && c <= 0xF4) k = 3, cp = c & 0x07;
        else return i;
        if (n - i <= k) return i;
        for (size_t j = 1; j <= k; j++) {
            if ((p[i + j] & 0xC0) != 0x80) return i;
            cp = cp << 6 | (p[i + j] & 0x3F);
        }
        /* overlong forms, UTF-16 surrogates and code points past U+10FFFF are not UTF-8 */
        if ((k == 2 && cp < 0x800) || (k == 3 && cp < 0x10000) || (cp >= 0xD800 && cp <= 0xDFFF) || cp > 0x10FFFF)
            return i;
        i += k + 1;
    }
    return n;
}

void py_utf8_repair(gl_sb *sb) {
    if (!sb->buf || py_utf8_bad(sb->buf, sb->len) == sb->len) return;
    gl_sb o;
    gl_sb_init(&o);
    size_t i = 0;
    while (i < sb->len) {
        size_t k = py_utf8_bad(sb->buf + i, sb->len - i);
        gl_sb_putn(&o, sb->buf + i, k);
        i += k;
        if (i < sb->len) {
            gl_sb_puts(&o, "\xEF\xBF\xBD");   /* U+FFFD for each byte that starts no valid sequence */
            i++;
        }
    }
    if (o.failed) {
        gl_sb_free(&o);
        sb->failed = true;
        return;
    }
    gl_sb_free(sb);
    *sb = o;
}

const char *py_name_problem(const char *s, size_t n) {
    if (!n) return "is empty";
    if (n >= GL_NAME_MAX) return "is too long";
    if (memchr(s, 0, n)) return "contains a NUL character";
    if (py_utf8_bad(s, n) != n) return "is not valid UTF-8";
    return NULL;
}
