/* cmd_trace.c — `graphlab trace FILE.py`: runs a Python program written against graph_lab (the front end,
 * c/src/front/) and prints the graph of its last trace(...) in the reference's text form, as `graphlab
 * print` does. What the program print()s goes to stderr, so stdout is exactly str(graph). --spans adds one
 * line per node: "%id LINE:COL-END_LINE:END_COL" (the expression that emitted it). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli_io.h"
#include "cmd_trace.h"
#include "front/front.h"

int gl_cli_trace(int argc, char **argv) {
    const char *file = NULL;
    bool spans = false;
    for (int i = 0; i < argc; i++) {
        if (strcmp(argv[i], "--spans") == 0) spans = true;
        else if (argv[i][0] == '-' && argv[i][1]) return gl_cli_usage("trace: unknown option %s", argv[i]);
        else if (file) return gl_cli_usage("trace: more than one file (%s)", argv[i]);
        else file = argv[i];
    }
    if (!file) return gl_cli_usage("trace FILE.py [--spans]");
    gl_err e = {GL_OK, ""};
    size_t len = 0;
    char *src = gl_cli_read_all(file, &len, &e);
    if (!src) return gl_cli_fail(&e);
    const char *base = strrchr(file, '/');
    base = strcmp(file, "-") == 0 ? "<stdin>" : base ? base + 1 : file;
    gl_program p;
    gl_program_opts opts = {false, NULL, 0, true};
    gl_status st = gl_program_run(src, len, base, &opts, &p, &e);
    free(src);
    if (st) {                     /* the output printed before the error first, as CPython does */
        if (p.console_len) {
            fwrite(p.console, 1, p.console_len, stderr);
            fflush(stderr);
        }
        gl_program_free(&p);
        return gl_cli_fail(&e);
    }
    if (p.console_len) {
        fwrite(p.console, 1, p.console_len, stderr);
        fflush(stderr);
    }
    char *txt = NULL;
    int rc = gl_graph_print(p.graph, &txt, &e) ? gl_cli_fail(&e) : 0;
    if (!rc) rc = gl_cli_write(txt, strlen(txt));
    if (!rc) rc = gl_cli_write("\n", 1);
    free(txt);
    for (int i = 0; spans && !rc && i < p.graph->n; i++) {
        char line[96];
        const gl_span *s = &p.spans[i];
        int n = snprintf(line, sizeof line, "%%%d %d:%d-%d:%d\n", i, s->line, s->col, s->end_line, s->end_col);
        rc = gl_cli_write(line, (size_t)n);
    }
    gl_program_free(&p);
    return rc;
}
