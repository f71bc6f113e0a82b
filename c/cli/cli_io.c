/* cli_io.c — shared I/O and error conventions of the graphlab CLI (see cli_io.h). */
#include "cli_io.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>
#include <sys/stat.h>

#include "io/case.h"
#include "io/field_limits.h"
#include "ir/util.h"

int gl_cli_usage(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "graphlab: usage: ");
    vfprintf(stderr, fmt, ap);
    fprintf(stderr, " (see graphlab --help)\n");
    va_end(ap);
    return EXIT_USAGE;
}

int gl_cli_fail(const gl_err *e) {
    fprintf(stderr, "graphlab: %s: %s\n", gl_status_name(e->code ? e->code : GL_E_INTERNAL),
            e->msg[0] ? e->msg : "failed");
    return EXIT_FAIL;
}

char *gl_cli_read_all(const char *path, size_t *len, gl_err *e) {
    FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
    if (!f) {
        gl_fail(e, GL_E_INVALID, "cannot open %s: %s", path, strerror(errno));
        return NULL;
    }
    /* A regular file is read into one block of its size (+ NUL, + 1 byte to see the end), so a 200 MB case
     * costs 200 MB, not the 256 MB (and, under WASI, a 128 + 256 MB realloc) of doubling. Pipes double. */
    struct stat sb;
    size_t cap = 1 << 16, n = 0;
    if (fstat(fileno(f), &sb) == 0 && S_ISREG(sb.st_mode) && sb.st_size >= 0) {
        if ((uintmax_t)sb.st_size > GL_MAX_INPUT_BYTES) {
            gl_fail(e, GL_E_LIMIT, "%s is larger than %zu bytes (the input limit)", path, GL_MAX_INPUT_BYTES);
            if (f != stdin) fclose(f);
            return NULL;
        }
        cap = (size_t)sb.st_size + 2;
    }
    char *buf = malloc(cap);
    if (!buf) {
        gl_fail(e, GL_E_NOMEM, "out of memory reading %s", path);
        goto fail;
    }
    for (;;) {
        if (n + 1 >= cap) {
            size_t nc = cap > GL_MAX_INPUT_BYTES / 2 ? GL_MAX_INPUT_BYTES + 2 : cap * 2;
            char *nb = realloc(buf, nc);
            if (!nb) {
                gl_fail(e, GL_E_NOMEM, "out of memory reading %s", path);
                goto fail;
            }
            buf = nb;
            cap = nc;
        }
        size_t got = fread(buf + n, 1, cap - 1 - n, f);
        n += got;
        if (n > GL_MAX_INPUT_BYTES) {
            gl_fail(e, GL_E_LIMIT, "%s is larger than %zu bytes (the input limit)", path, GL_MAX_INPUT_BYTES);
            goto fail;
        }
        if (got == 0) break;
    }
    if (ferror(f)) {
        gl_fail(e, GL_E_INVALID, "cannot read %s: %s", path, strerror(errno));
        goto fail;
    }
    if (f != stdin) fclose(f);
    buf[n] = 0;
    *len = n;
    return buf;
fail:
    free(buf);
    if (f && f != stdin) fclose(f);
    return NULL;
}

int gl_cli_write(const char *s, size_t n) {
    if (fwrite(s, 1, n, stdout) != n || fflush(stdout) != 0) {
        if (errno == EPIPE) return EXIT_FAIL; /* the reader went away (| head): nothing to report */
        fprintf(stderr, "graphlab: invalid: cannot write the output: %s\n", strerror(errno));
        return EXIT_FAIL;
    }
    return 0;
}

int gl_cli_case_stages(const char *file, gl_case *c, gl_case_result *r) {
    gl_err e = {GL_OK, ""};
    size_t len = 0;
    char *json = gl_cli_read_all(file, &len, &e);
    if (!json) return gl_cli_fail(&e);
    gl_status st = gl_case_parse(json, len, c, &e);
    free(json);
    if (st) return gl_cli_fail(&e);
    if (gl_case_compute(c, GL_CASE_PASSES_ONLY, r, &e)) {
        gl_case_result_free(r);
        gl_case_free(c);
        return gl_cli_fail(&e);
    }
    return 0;
}

int gl_cli_find_stage(const gl_case_result *r, const char *name, gl_err *e) {
    for (int i = 0; i < r->nst; i++)
        if (strcmp(name, r->st[i].key) == 0) return i;
    char known[512];
    size_t n = 0;
    known[0] = 0;
    for (int i = 0; i < r->nst && n + 1 < sizeof known; i++) {
        int w = snprintf(known + n, sizeof known - n, "%s%s", i ? ", " : "", r->st[i].key);
        if (w < 0) break;
        n += (size_t)w;
    }
    gl_fail(e, GL_E_INVALID, "--stage \"%s\" is not a stage of this case (stages: %s)", name, known);
    return -1;
}
