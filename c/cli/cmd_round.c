/* cmd_round.c — `graphlab round FORMAT`: float64 values rounded to a number format (c/src/exec/numfmt.h).
 *
 * Reads one float64 per line on stdin (decimal, hex "0x1.8p-3", "nan", "inf", "-inf") and prints each value
 * rounded to FORMAT, as a float64 in Python's repr (the shortest digits that round-trip; "nan", "inf", "-inf",
 * "-0.0"), one per line. int8 and int8_channel quantize all the lines as one tensor (stdin has no channels).
 * This is the core's rounding as a tool: the tests hold it against an oracle that shares no code with it.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli_io.h"
#include "cmd_round.h"
#include "exec/numfmt.h"
#include "ir/util.h"

static int bad_line(size_t line, const char *s, size_t n) {
    gl_err e = {GL_OK, ""};
    gl_fail(&e, GL_E_PARSE, "stdin:%zu: not a float64: '%.*s'", line, (int)(n > 60 ? 60 : n), s);
    return gl_cli_fail(&e);
}

int gl_cli_round(int argc, char **argv) {
    if (argc != 1) return gl_cli_usage("round FORMAT (one of f64 fp32 bf16 fp16 fp8_e4m3 fp8_e5m2 int8 int8_channel)");
    int f = gl_numfmt_parse(argv[0]);
    if (f < 0)
        return gl_cli_usage("round: unknown format \"%s\" (one of f64 fp32 bf16 fp16 fp8_e4m3 fp8_e5m2 int8 "
                            "int8_channel)", argv[0]);
    gl_err e = {GL_OK, ""};
    size_t len = 0;
    char *in = gl_cli_read_all("-", &len, &e);
    if (!in) return gl_cli_fail(&e);
    size_t cap = 1024, n = 0;
    double *v = malloc(cap * sizeof *v);
    int rc = 0;
    if (!v) {
        free(in);
        gl_fail(&e, GL_E_NOMEM, "round: out of memory");
        return gl_cli_fail(&e);
    }
    size_t line = 0;
    for (char *p = in; *p;) {
        char *end = strchr(p, '\n');
        size_t ln = end ? (size_t)(end - p) : strlen(p);
        line++;
        size_t t = ln;
        while (t && (p[t - 1] == '\r' || p[t - 1] == ' ' || p[t - 1] == '\t')) t--;
        char *s = p;
        while (s < p + t && (*s == ' ' || *s == '\t')) s++;
        char save = p[t];
        p[t] = '\0';
        char *stop = NULL;
        double x = *s ? strtod(s, &stop) : 0;
        bool ok = *s && stop == p + t;
        p[t] = save;
        if (!ok) {
            rc = bad_line(line, p, ln);
            break;
        }
        if (n == cap) {
            double *w = realloc(v, 2 * cap * sizeof *v);
            if (!w) {
                gl_fail(&e, GL_E_NOMEM, "round: out of memory (%zu values)", n);
                rc = gl_cli_fail(&e);
                break;
            }
            v = w;
            cap *= 2;
        }
        v[n++] = x;
        p = end ? end + 1 : p + ln;
    }
    free(in);
    if (rc) {
        free(v);
        return rc;
    }
    gl_round_array((gl_numfmt)f, v, n, 0);
    gl_sb sb;
    gl_sb_init(&sb);
    char buf[48];
    for (size_t i = 0; i < n; i++) {
        const char *s = isnan(v[i]) ? "nan" : isinf(v[i]) ? (v[i] > 0 ? "inf" : "-inf") : gl_fmt_double(v[i], buf);
        gl_sb_puts(&sb, s);
        gl_sb_putc(&sb, '\n');
    }
    free(v);
    char *out = NULL;
    size_t on = 0;
    if (gl_sb_finish(&sb, &out, &on, &e)) return gl_cli_fail(&e);
    rc = gl_cli_write(out, on);
    free(out);
    return rc;
}
