/* cmd_passes.c — `graphlab passes FILE.json [--provenance]`: each listed pass applied alone to a graph.
 *
 * Input: {"graph": G, "passes": ["cse", ...], "bind": {...}, "name": "..."} or a list of them; G is the
 * case result's graph form plus values and guards (c/src/io/graph_read.h). Output (one line per request; a
 * list for a list): {"name": ..., "bind": {...}, "results": [{"pass": P, "hits": n|null, "graph": G'}, ...]}
 * where G' carries its values and guards in the same form, so it can be fed back in. With --provenance
 * each result also has "provenance" (the case result's form). Every pass sees the input graph, not the
 * previous pass's output. See docs/CASES.md, "Passes on a graph".
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli_io.h"
#include "cmd_passes.h"
#include "io/graph_json.h"
#include "io/graph_read.h"
#include "io/json.h"
#include "ir/util.h"
#include "passes/passes.h"

void gl_cli_put_graph(gl_sb *sb, const gl_graph *g) {
    gl_sb_putc(sb, '{');
    gl_json_put_graph_fields(sb, g, ", ", "");
    gl_sb_puts(sb, ", \"guards\": [");
    for (int i = 0; i < g->nguards; i++)
        gl_sb_printf(sb, "%s[\"value\", %d, %s]", i ? ", " : "", g->guards[i].node, g->guards[i].value ? "true" : "false");
    gl_sb_puts(sb, "], \"values\": {");
    bool first = true;
    for (int i = 0; i < g->n; i++) {
        const gl_array *a = g->values[i];
        if (!a) continue;
        gl_sb_printf(sb, "%s\"%d\": ", first ? "" : ", ", i);
        first = false;
        int same = -1;
        for (int k = 0; k < i && same < 0; k++)
            if (g->values[k] == a) same = k;     /* the first holder; later ones say so (identity is CSE's key) */
        if (same >= 0) gl_sb_printf(sb, "{\"same\": %d}", same);
        else if (a->data) gl_json_put_array_f64(sb, a);
        else gl_sb_puts(sb, "null");
    }
    gl_sb_puts(sb, "}}");
}

static void put_provenance(gl_sb *sb, const gl_provenance *p) {
    gl_sb_puts(sb, "{\"pass\": ");
    gl_sb_json_str(sb, p->pass);
    gl_sb_puts(sb, ", \"nodes\": {");
    for (int k = 0; k < p->n; k++) {
        gl_sb_printf(sb, "%s\"%d\": {\"how\": ", k ? ", " : "", k);
        gl_sb_json_str(sb, gl_how_name(p->how[k]));
        gl_sb_puts(sb, ", \"from\": ");
        gl_json_put_ints(sb, p->from + p->from_start[k], p->from_start[k + 1] - p->from_start[k]);
        gl_sb_putc(sb, '}');
    }
    gl_sb_puts(sb, "}, \"removed\": ");
    gl_json_put_ints(sb, p->removed, p->nremoved);
    gl_sb_putc(sb, '}');
}

/* "expected": what the reference returned, in golden files (tests/golden/random/); ignored, as a case file's
 * result keys are */
/* Prefixes e's message with the request it happened in ("[3] (cse-perm): graph.nodes[2] ..."). */
static gl_status in_request(gl_err *e, const char *field, const char *name) {
    char msg[GL_MSG_MAX];
    snprintf(msg, sizeof msg, "%s", e->msg);
    gl_status code = e->code ? e->code : GL_E_INTERNAL;
    e->code = GL_OK;
    if (name[0]) gl_fail(e, code, "%s (%s): %s", field, name, msg);
    else gl_fail(e, code, "%s: %s", field, msg);
    return code;
}

static const char *const REQUEST_KEYS[] = {"graph", "passes", "bind", "name", "expected", NULL};

/* One request object at tok (field names it) → its output object appended to sb. */
static gl_status run_request(const gl_json *j, int tok, const char *field, bool prov, gl_sb *sb, gl_err *e) {
    char sn[64], f[96];
    if (gl_json_expect(j, tok, GL_J_OBJ, field, e)) return e->code;
    for (int k = gl_json_key_first(j, tok); k >= 0; k = gl_json_key_next(j, tok, k)) {
        bool known = false;
        for (int i = 0; REQUEST_KEYS[i]; i++) known = known || gl_json_str_eq(j, k, REQUEST_KEYS[i]);
        if (!known)
            return gl_fail(e, GL_E_INVALID, "%s has an unknown key %s (known: graph, passes, bind, name, expected)", field,
                           gl_json_snippet(j, k, sn, sizeof sn));
    }
    gl_bind bind;
    snprintf(f, sizeof f, "%s.bind", field);
    if (gl_bind_read_json(j, gl_json_get(j, tok, "bind"), f, &bind, e)) return e->code;
    int pt = gl_json_get(j, tok, "passes");
    snprintf(f, sizeof f, "%s.passes", field);
    if (gl_json_expect(j, pt, GL_J_ARR, f, e)) return e->code;
    char name[GL_NAME_MAX] = "";
    int nt = gl_json_get(j, tok, "name");
    snprintf(f, sizeof f, "%s.name", field);
    if (nt >= 0 && gl_json_str(j, nt, f, name, sizeof name, e)) return e->code;
    /* pass names first, so a typo fails before any work */
    int i = 0;
    for (int k = gl_json_elem_first(j, pt); k >= 0; k = gl_json_elem_next(j, pt, k), i++) {
        char pn[32], fp[112];
        snprintf(fp, sizeof fp, "%s.passes[%d]", field, i);
        if (gl_json_str(j, k, fp, pn, sizeof pn, e)) return e->code;
        if (!gl_pass_known(pn)) {
            char known[160];
            gl_pass_names(known, sizeof known);
            return gl_fail(e, GL_E_INVALID, "%s is an unknown pass \"%s\" (known: %s)", fp, pn, known);
        }
    }
    gl_graph *g = NULL;
    if (gl_graph_read_json(j, gl_json_get(j, tok, "graph"), "graph", &g, e)) return in_request(e, field, name);
    gl_sb_puts(sb, "{\"name\": ");
    gl_sb_json_str(sb, name);
    gl_sb_puts(sb, ", \"bind\": {");
    for (int b = 0; b < bind.n; b++) {
        gl_sb_printf(sb, "%s", b ? ", " : "");
        gl_sb_json_str(sb, bind.s[b].sym);
        gl_sb_printf(sb, ": %lld", (long long)bind.s[b].value);
    }
    gl_sb_puts(sb, "}, \"results\": [");
    gl_status st = GL_OK;
    i = 0;
    for (int k = gl_json_elem_first(j, pt); k >= 0 && !st; k = gl_json_elem_next(j, pt, k), i++) {
        char pn[32];
        gl_json_str(j, k, "pass", pn, sizeof pn, NULL);
        gl_pass_result r;
        st = gl_pass_run(pn, g, &r, e);
        if (st) {
            in_request(e, field, name);
            break;
        }
        gl_sb_puts(sb, i ? ", {\"pass\": " : "{\"pass\": ");
        gl_sb_json_str(sb, pn);
        if (r.hits < 0) gl_sb_puts(sb, ", \"hits\": null");
        else gl_sb_printf(sb, ", \"hits\": %d", r.hits);
        gl_sb_puts(sb, ", \"graph\": ");
        gl_cli_put_graph(sb, r.graph);
        if (prov) {
            gl_sb_puts(sb, ", \"provenance\": ");
            put_provenance(sb, &r.prov);
        }
        gl_sb_putc(sb, '}');
        gl_pass_result_free(&r);
    }
    gl_sb_puts(sb, "]}");
    gl_graph_free(g);
    return st;
}

int gl_cli_passes(int argc, char **argv) {
    const char *file = NULL;
    bool prov = false;
    for (int i = 0; i < argc; i++) {
        if (strcmp(argv[i], "--provenance") == 0) prov = true;
        else if (argv[i][0] == '-' && argv[i][1]) return gl_cli_usage("passes: unknown option %s", argv[i]);
        else if (file) return gl_cli_usage("passes: more than one file (%s)", argv[i]);
        else file = argv[i];
    }
    if (!file) return gl_cli_usage("passes FILE.json [--provenance]");
    gl_err e = {GL_OK, ""};
    size_t len = 0;
    char *src = gl_cli_read_all(file, &len, &e);
    if (!src) return gl_cli_fail(&e);
    gl_json j = {0};
    gl_status st = gl_json_parse(&j, src, len, &e);
    if (!st && j.n == 0) st = gl_fail(&e, GL_E_PARSE, "%s is empty", file);
    gl_sb sb;
    gl_sb_init(&sb);
    if (!st && j.t[0].type == GL_J_ARR) {
        gl_sb_puts(&sb, "[");
        int i = 0;
        for (int k = gl_json_elem_first(&j, 0); k >= 0 && !st; k = gl_json_elem_next(&j, 0, k), i++) {
            char f[32];
            snprintf(f, sizeof f, "[%d]", i);
            gl_sb_puts(&sb, i ? ",\n" : "\n");
            st = run_request(&j, k, f, prov, &sb, &e);
        }
        gl_sb_puts(&sb, "\n]\n");
    } else if (!st) {
        st = run_request(&j, 0, "request", prov, &sb, &e);
        gl_sb_putc(&sb, '\n');
    }
    gl_json_free(&j);
    free(src);
    /* Not gl_sb_finish, which refuses non-finite numbers: this format is Python's json, whose NaN and
     * Infinity a graph's attrs may hold (a NaN eps, an inf const; graph_read.c reads them back). */
    if (!st && sb.failed) st = gl_fail(&e, GL_E_NOMEM, "out of memory building the output");
    int rc = st ? gl_cli_fail(&e) : gl_cli_write(sb.buf, sb.len);
    gl_sb_free(&sb);
    return rc;
}
