/* cmd_pypass.c — `graphlab pypass FILE.json --pass PASS.py [--name NAME] [--at STAGE] [--judge] [--seed N]
 * [--max-steps N]`: a pass written in Python (the lecture's section 9 pasted as is, or a student's own) run on
 * a graph by the front end's pass runtime (c/src/front/py_passapi.c).
 *
 * FILE.json is either
 *   - a case file (the fixture format): its passes run in C up to the stage the Python pass replaces — the
 *     stage before the first stage called NAME, or --at STAGE (any stage key: trace, match_attention, ...;
 *     the last stage when NAME is not in the case's pipeline) — and the Python pass runs on that stage's graph.
 *     Output: the result in the reference's text form (str(graph)), then "hits: N" (the count a (Graph, count)
 *     result carries; "hits: None" for a Graph alone). With --judge, a last line "judge: ..." (passes/judge.c);
 *     a failing verdict exits 1 with that line on stderr as "graphlab: invalid: judge: ...";
 *   - a passes request ({graph, passes, bind, name} or a list of them, docs/CASES.md): each listed pass name
 *     is the Python function called (--name: that one instead), on the request's graph; the output is
 *     `graphlab passes`'s JSON, so the two commands' outputs compare directly.
 * With --pipeline (a case file): every stage of the case's pipeline made by the Python function of its name
 * on the C pipeline's previous stage, printed as `graphlab print` prints the stages, each followed by its
 * "hits: N" line (the lecture-equivalence test's form). The pass's print() output goes to stderr. Errors in the pass: "PASS.py:LINE:COL: ExcName: message". NAME
 * defaults to PASS.py's file name without ".py". */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli_io.h"
#include "cmd_passes.h"
#include "cmd_pypass.h"
#include "front/front.h"
#include "io/graph_read.h"
#include "io/json.h"
#include "ir/util.h"

typedef struct {
    const char *src;
    size_t len;
    const char *file;
    gl_pypass_opts o;
} pass_src;

static gl_status run_one(const pass_src *p, const char *fn, const gl_graph *g, gl_pypass_result *r, gl_err *e) {
    gl_pypass_opts o = p->o;
    o.fn = fn;
    gl_status st = gl_pypass_run(p->src, p->len, p->file, g, &o, r, e);
    if (!st && r->console_len) fwrite(r->console, 1, r->console_len, stderr);
    return st;
}

/* ---- a passes request file: the passes command's output form */
static gl_status run_request(const gl_json *j, int tok, const char *field, const pass_src *p, const char *only, gl_sb *sb,
                             gl_err *e) {
    char f[96];
    if (gl_json_expect(j, tok, GL_J_OBJ, field, e)) return e->code;
    gl_bind bind;
    snprintf(f, sizeof f, "%s.bind", field);
    if (gl_bind_read_json(j, gl_json_get(j, tok, "bind"), f, &bind, e)) return e->code;
    char name[GL_NAME_MAX] = "";
    int nt = gl_json_get(j, tok, "name");
    snprintf(f, sizeof f, "%s.name", field);
    if (nt >= 0 && gl_json_str(j, nt, f, name, sizeof name, e)) return e->code;
    int pt = gl_json_get(j, tok, "passes");
    snprintf(f, sizeof f, "%s.passes", field);
    if (!only && gl_json_expect(j, pt, GL_J_ARR, f, e)) return e->code;
    gl_graph *g = NULL;
    if (gl_graph_read_json(j, gl_json_get(j, tok, "graph"), "graph", &g, e)) return e->code;
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
    int i = 0;
    for (int k = only ? 0 : gl_json_elem_first(j, pt); k >= 0 && !st; k = only ? -1 : gl_json_elem_next(j, pt, k), i++) {
        char pn[64];
        if (only) snprintf(pn, sizeof pn, "%s", only);
        else if (gl_json_str(j, k, f, pn, sizeof pn, e)) {
            st = e->code;
            break;
        }
        gl_pypass_result r;
        if ((st = run_one(p, pn, g, &r, e))) break;
        gl_sb_puts(sb, i ? ", {\"pass\": " : "{\"pass\": ");
        gl_sb_json_str(sb, pn);
        if (r.hits < 0) gl_sb_puts(sb, ", \"hits\": null");
        else gl_sb_printf(sb, ", \"hits\": %d", r.hits);
        gl_sb_puts(sb, ", \"graph\": ");
        gl_cli_put_graph(sb, r.graph);
        gl_sb_putc(sb, '}');
        gl_pypass_free(&r);
    }
    gl_sb_puts(sb, "]}");
    gl_graph_free(g);
    return st;
}

static int run_requests(const char *src, size_t len, const char *file, const pass_src *p, const char *only) {
    gl_err e = {GL_OK, ""};
    gl_json j = {0};
    gl_status st = gl_json_parse(&j, src, len, &e);
    gl_sb sb;
    gl_sb_init(&sb);
    if (!st && j.t[0].type == GL_J_ARR) {
        gl_sb_puts(&sb, "[");
        int i = 0;
        for (int k = gl_json_elem_first(&j, 0); k >= 0 && !st; k = gl_json_elem_next(&j, 0, k), i++) {
            char f[32];
            snprintf(f, sizeof f, "[%d]", i);
            gl_sb_puts(&sb, i ? ",\n" : "\n");
            st = run_request(&j, k, f, p, only, &sb, &e);
        }
        gl_sb_puts(&sb, "\n]\n");
    } else if (!st) {
        st = run_request(&j, 0, "request", p, only, &sb, &e);
        gl_sb_putc(&sb, '\n');
    }
    gl_json_free(&j);
    if (!st && sb.failed) st = gl_fail(&e, GL_E_NOMEM, "out of memory building the output");
    (void)file;
    int rc = st ? gl_cli_fail(&e) : gl_cli_write(sb.buf, sb.len);
    gl_sb_free(&sb);
    return rc;
}

/* ---- --pipeline: every pass of the case's pipeline in Python, each on the C pipeline's previous stage; the
 * output is `graphlab print`'s with a "hits: N" line after each stage (the stage's key names the function;
 * "cse#2" calls cse) */
static int run_pipeline(const char *file, const pass_src *p) {
    gl_case c;
    gl_case_result r;
    int rc = gl_cli_case_stages(file, &c, &r);
    if (rc) return rc;
    gl_err e = {GL_OK, ""};
    for (int i = 1; i < r.nst && !rc; i++) {
        char fn[40];
        snprintf(fn, sizeof fn, "%s", r.st[i].key);
        char *hash = strchr(fn, '#');
        if (hash) *hash = 0;
        gl_pypass_result pr;
        if (run_one(p, fn, r.st[i - 1].r.graph, &pr, &e)) {
            rc = gl_cli_fail(&e);
            break;
        }
        char *txt = NULL, head[96];
        if (gl_graph_print(pr.graph, &txt, &e)) rc = gl_cli_fail(&e);
        int n = snprintf(head, sizeof head, "%s== %s ==\n", i > 1 ? "\n" : "", r.st[i].key);
        if (!rc) rc = gl_cli_write(head, (size_t)n);
        if (!rc) rc = gl_cli_write(txt, strlen(txt));
        free(txt);
        n = pr.hits < 0 ? snprintf(head, sizeof head, "\nhits: None\n") : snprintf(head, sizeof head, "\nhits: %d\n", pr.hits);
        if (!rc) rc = gl_cli_write(head, (size_t)n);
        gl_pypass_free(&pr);
    }
    gl_case_result_free(&r);
    gl_case_free(&c);
    return rc;
}

/* ---- a case file: the stage's graph, the pass, text out */
static int run_case(const char *file, const pass_src *p, const char *fn, const char *at, bool judge, uint64_t seed) {
    gl_case c;
    gl_case_result r;
    int rc = gl_cli_case_stages(file, &c, &r);
    if (rc) return rc;
    gl_err e = {GL_OK, ""};
    int in = -1;
    if (at) {
        in = gl_cli_find_stage(&r, at, &e);
        if (in < 0) {
            rc = gl_cli_fail(&e);
            goto done;
        }
    } else {
        for (int i = 1; i < r.nst && in < 0; i++)
            if (strcmp(r.st[i].key, fn) == 0) in = i - 1;
        if (in < 0) in = r.nst - 1;
    }
    const gl_graph *g = r.st[in].r.graph;
    gl_pypass_result pr;
    if (run_one(p, fn, g, &pr, &e)) {
        rc = gl_cli_fail(&e);
        goto done;
    }
    char *txt = NULL;
    if (gl_graph_print(pr.graph, &txt, &e)) rc = gl_cli_fail(&e);
    if (!rc) rc = gl_cli_write(txt, strlen(txt));
    free(txt);
    char line[GL_MSG_MAX + 128];
    int n = pr.hits < 0 ? snprintf(line, sizeof line, "\nhits: None\n") : snprintf(line, sizeof line, "\nhits: %d\n", pr.hits);
    if (!rc) rc = gl_cli_write(line, (size_t)n);
    if (!rc && judge) {
        gl_judge_result jr;
        if (gl_judge(g, pr.graph, &c.bind, seed, &jr, &e)) rc = gl_cli_fail(&e);
        else if (jr.verdict >= GL_JUDGE_BROKEN) {
            gl_err je = {GL_E_INVALID, ""};
            snprintf(je.msg, sizeof je.msg, "judge: %.240s", jr.line);
            rc = gl_cli_fail(&je);
        } else {
            n = snprintf(line, sizeof line, "judge: %s\n", jr.line);
            rc = gl_cli_write(line, (size_t)n);
        }
    }
    gl_pypass_free(&pr);
done:
    gl_case_result_free(&r);
    gl_case_free(&c);
    return rc;
}

static bool is_request_file(const char *src, size_t len) {
    gl_json j = {0};
    gl_err e = {GL_OK, ""};
    if (gl_json_parse(&j, src, len, &e) || j.n == 0) {
        gl_json_free(&j);
        return false;
    }
    bool req = j.t[0].type == GL_J_ARR || (j.t[0].type == GL_J_OBJ && gl_json_get(&j, 0, "graph") >= 0);
    gl_json_free(&j);
    return req;
}

int gl_cli_pypass(int argc, char **argv) {
    const char *file = NULL, *pass = NULL, *name = NULL, *at = NULL;
    bool judge = false, pipeline = false;
    uint64_t seed = 0;
    int64_t steps = 0;
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        bool val = strcmp(a, "--pass") == 0 || strcmp(a, "--name") == 0 || strcmp(a, "--at") == 0 ||
                   strcmp(a, "--seed") == 0 || strcmp(a, "--max-steps") == 0;
        if (val && i + 1 >= argc) return gl_cli_usage("pypass: %s needs a value", a);
        if (strcmp(a, "--pass") == 0) pass = argv[++i];
        else if (strcmp(a, "--name") == 0) name = argv[++i];
        else if (strcmp(a, "--at") == 0) at = argv[++i];
        else if (strcmp(a, "--seed") == 0) seed = strtoull(argv[++i], NULL, 10);
        else if (strcmp(a, "--max-steps") == 0) {
            char *end;
            steps = strtoll(argv[++i], &end, 10);
            if (*end || steps <= 0) return gl_cli_usage("pypass: --max-steps needs a positive integer, got %s", argv[i]);
        } else if (strcmp(a, "--judge") == 0) judge = true;
        else if (strcmp(a, "--pipeline") == 0) pipeline = true;
        else if (a[0] == '-' && a[1]) return gl_cli_usage("pypass: unknown option %s", a);
        else if (file) return gl_cli_usage("pypass: more than one file (%s)", a);
        else file = a;
    }
    if (!file || !pass) return gl_cli_usage("pypass FILE.json --pass PASS.py [--name NAME] [--at STAGE] [--judge]");
    char stem[64];
    if (!name) {                                  /* PASS.py's file name without .py */
        const char *b = strrchr(pass, '/');
        b = b ? b + 1 : pass;
        size_t n = strlen(b);
        if (n > 3 && strcmp(b + n - 3, ".py") == 0) n -= 3;
        if (n == 0 || n >= sizeof stem) return gl_cli_usage("pypass: name the pass function with --name");
        memcpy(stem, b, n);
        stem[n] = 0;
        name = stem;
    }
    gl_err e = {GL_OK, ""};
    size_t plen = 0, flen = 0;
    char *psrc = gl_cli_read_all(pass, &plen, &e);
    if (!psrc) return gl_cli_fail(&e);
    pass_src p = {psrc, plen, pass, {NULL, steps, 0}};
    int rc;
    char *fsrc = gl_cli_read_all(file, &flen, &e);
    if (!fsrc) rc = gl_cli_fail(&e);
    else if (pipeline) rc = run_pipeline(file, &p);
    else if (is_request_file(fsrc, flen)) rc = run_requests(fsrc, flen, file, &p, name == stem ? NULL : name);
    else rc = run_case(file, &p, name, at, judge, seed);
    free(fsrc);
    free(psrc);
    return rc;
}
