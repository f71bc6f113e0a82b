/* py_json.c — the front end behind a JSON boundary (the browser module's "trace" method, docs/CASES.md):
 *   request  {"program": "<source>", "file": "prog.py"}              (file optional)
 *   answer   {"text": str(graph) + "\n", "nodes": N, "spans": [[line, col, end_line, end_col], ...],
 *             "console": "<what print() wrote>"}
 * An error is the call's status and message, "prog.py:LINE:COL: ..." (the editor underlines that place). */
#include <stdlib.h>
#include <string.h>

#include "front/front.h"
#include "io/json.h"

gl_status gl_program_trace_json(const char *in, size_t len, char **out, size_t *outlen, gl_err *e) {
    if (gl_out_begin(out, outlen, "trace", e)) return GL_E_INVALID;
    gl_json j;
    gl_status st = gl_json_parse(&j, in, len, e);
    if (st) return st;
    char file[64] = "program.py";
    char *src = NULL;
    int root = 0, pt = -1, ft = -1;
    if ((st = gl_json_expect(&j, root, GL_J_OBJ, "the trace request", e))) goto done;
    for (int k = gl_json_key_first(&j, root); k >= 0; k = gl_json_key_next(&j, root, k)) {
        if (gl_json_str_eq(&j, k, "program")) pt = k + 1;
        else if (gl_json_str_eq(&j, k, "file")) ft = k + 1;
        else {
            char sn[64];
            st = gl_fail(e, GL_E_INVALID, "the trace request has an unknown key %s (known: program, file)",
                         gl_json_snippet(&j, k, sn, sizeof sn));
            goto done;
        }
    }
    if (pt < 0) {
        st = gl_fail(e, GL_E_INVALID, "the trace request needs \"program\" (Python source)");
        goto done;
    }
    if ((st = gl_json_expect(&j, pt, GL_J_STR, "program", e))) goto done;
    if (ft >= 0 && (st = gl_json_str(&j, ft, "file", file, sizeof file, e))) goto done;
    if ((st = gl_json_strdup(&j, pt, "program", &src, e))) goto done;
    /* a "\u0000" in the program decodes to a NUL, where the C string would end: refused as the CLI does */
    const gl_jtok *pj = &j.t[pt];
    int line = 1;
    for (int i = pj->start; i + 1 < pj->end; i++) {
        if (j.src[i] != '\\') continue;
        char c = j.src[i + 1];
        if (c == 'n') line++;
        if (c == 'u' && i + 5 < pj->end && memcmp(j.src + i + 2, "0000", 4) == 0) {
            st = gl_fail(e, GL_E_PARSE, "%s:%d: the source contains a NUL byte", file, line);
            goto done;
        }
        i++;
    }
    gl_program p;
    if ((st = gl_program_run(src, strlen(src), file, NULL, &p, e))) goto done;
    char *txt = NULL;
    if ((st = gl_graph_print(p.graph, &txt, e))) {
        gl_program_free(&p);
        goto done;
    }
    gl_sb sb;
    gl_sb_init(&sb);
    gl_sb_puts(&sb, "{\"text\":");
    size_t n = strlen(txt);
    char *t2 = realloc(txt, n + 2);
    if (!t2) {
        free(txt);
        gl_sb_free(&sb);
        gl_program_free(&p);
        st = gl_fail(e, GL_E_NOMEM, "out of memory");
        goto done;
    }
    t2[n] = '\n';
    t2[n + 1] = 0;
    gl_sb_json_str(&sb, t2);
    free(t2);
    gl_sb_printf(&sb, ",\"nodes\":%d,\"spans\":[", p.graph->n);
    for (int i = 0; i < p.graph->n; i++) {
        const gl_span *s = &p.spans[i];
        gl_sb_printf(&sb, "%s[%d,%d,%d,%d]", i ? "," : "", s->line, s->col, s->end_line, s->end_col);
    }
    gl_sb_puts(&sb, "],\"console\":\"");
    /* by length: print("a\0b") writes a NUL, which a C-string writer would cut the console at (the front end
     * has already made the console valid UTF-8) */
    for (size_t i = 0; i < p.console_len; i++) {
        unsigned char c = (unsigned char)p.console[i];
        if (c == '"' || c == '\\') gl_sb_putc(&sb, '\\'), gl_sb_putc(&sb, (char)c);
        else if (c == '\n') gl_sb_puts(&sb, "\\n");
        else if (c < 0x20 || c == 0x7f) gl_sb_printf(&sb, "\\u%04x", c);
        else gl_sb_putc(&sb, (char)c);
    }
    gl_sb_putc(&sb, '"');
    gl_sb_putc(&sb, '}');
    gl_program_free(&p);
    st = gl_sb_finish(&sb, out, outlen, e);
done:
    free(src);
    gl_json_free(&j);
    return st;
}
