/* main.c — the graphlab command-line tool (native and WASI).
 *
 *   graphlab case FILE.json [--compact] [--repeat N] [--timings]   run a case, print the result JSON
 *                                           (--timings: each computation's timing_ms, one line on stderr)
 *                                           (--packed: the lab's binary form, case_pack.c, for the native
 *                                           twin of the browser module's packed-result suite)
 *   graphlab print FILE.json [--stage NAME] print the graphs of a case in the reference's text form
 *   graphlab presets                        model presets, devices and passes as JSON
 *   graphlab meta                           the core's input limits as JSON (field_limits.c)
 *   graphlab --help | --version
 *
 * FILE "-" reads stdin. Exit codes: 0 ok, 1 a failing case (one line on stderr:
 * "graphlab: <status>: <message>"), 2 usage. Subcommands live in COMMANDS below. GRAPHLAB_VERIFY=1 in the
 * environment runs the pass verifier after every pass (on anyway in the ASan build); the test suites set it.
 */
#define _DEFAULT_SOURCE 1   /* sbrk and madvise for host_tuning.h (Linux hosts only) */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#if defined(__wasi__)
#include <unistd.h>
#endif

#include "io/case.h"
#include "cli_io.h"
#include "cmd_demos.h"
#include "cmd_passes.h"
#include "cmd_pypass.h"
#include "cmd_round.h"
#include "cmd_trace.h"
#include "host_tuning.h"
#include "graphlab.h"
#include "io/field_limits.h"
#include "ir/util.h"


/* ------------------------------------------------------------------ case */
/* Parses once, computes `repeat` times and writes the last result. For benchmarks: the first computation
 * in a fresh process also pays for faulting in the heap; timing_ms always reports the computation whose
 * results are printed, and `timings` writes every computation's to stderr (bench/pipeline.mjs: cold = the
 * first, warm = the best of the others). */
static gl_status run_case(const char *json, size_t len, int flags, int repeat, bool timings, char **out, size_t *outlen,
                          gl_err *e) {
    gl_case c;
    gl_status st = gl_case_parse(json, len, &c, e);
    if (st) return st;
    gl_case_result r;
    for (int i = 0; i < repeat && !st; i++) {
        st = gl_case_compute(&c, GL_CASE_ALL, &r, e);
        if (!st && timings)
            fprintf(stderr, "{\"build\": %.6f, \"passes\": %.6f, \"fuse\": %.6f, \"memory\": %.6f, \"total\": %.6f}\n",
                    r.t_build, r.t_passes, r.t_fuse, r.t_memory, r.t_total);
        if (!st && i + 1 == repeat)
            st = (flags & GL_CASE_PACKED) ? gl_case_write_packed(&c, &r, out, outlen, e) : gl_case_write(&c, &r, flags, out, outlen, e);
        gl_case_result_free(&r);
    }
    gl_case_free(&c);
    return st;
}

static int cmd_case(int argc, char **argv) {
    const char *file = NULL;
    bool compact = false, timings = false, packed = false;
    int repeat = 1;
    for (int i = 0; i < argc; i++) {
        if (strcmp(argv[i], "--compact") == 0) compact = true;
        else if (strcmp(argv[i], "--packed") == 0) packed = true;   /* the lab's binary form (case_pack.c), for tests */
        else if (strcmp(argv[i], "--timings") == 0) timings = true;
        else if (strcmp(argv[i], "--repeat") == 0) {
            char *end = NULL;
            long v = i + 1 < argc ? strtol(argv[++i], &end, 10) : 0;
            if (!end || *end || v < 1 || v > 1000) return gl_cli_usage("case: --repeat needs an integer 1..1000");
            repeat = (int)v;
        } else if (argv[i][0] == '-' && argv[i][1]) return gl_cli_usage("case: unknown option %s", argv[i]);
        else if (file) return gl_cli_usage("case: more than one file (%s)", argv[i]);
        else file = argv[i];
    }
    if (!file) return gl_cli_usage("case FILE.json [--compact] [--repeat N] [--timings]");
    gl_err e = {GL_OK, ""};
    size_t len = 0;
    char *json = gl_cli_read_all(file, &len, &e);
    if (!json) return gl_cli_fail(&e);
    char *out = NULL;
    size_t outlen = 0;
    gl_status st = run_case(json, len, packed ? GL_CASE_PACKED : compact ? GL_CASE_COMPACT : GL_CASE_PRETTY, repeat, timings, &out, &outlen, &e);
    free(json);
    if (st) return gl_cli_fail(&e);
    int rc = gl_cli_write(out, outlen);
    if (!rc && compact && !packed) rc = gl_cli_write("\n", 1);
    free(out);
    return rc;
}

/* ------------------------------------------------------------------ print */
static int cmd_print(int argc, char **argv) {
    const char *file = NULL, *stage = NULL;
    for (int i = 0; i < argc; i++) {
        if (strcmp(argv[i], "--stage") == 0) {
            if (i + 1 >= argc) return gl_cli_usage("print: --stage needs a stage name");
            stage = argv[++i];
        } else if (argv[i][0] == '-' && argv[i][1]) {
            return gl_cli_usage("print: unknown option %s", argv[i]);
        } else if (file) {
            return gl_cli_usage("print: more than one file (%s)", argv[i]);
        } else {
            file = argv[i];
        }
    }
    if (!file) return gl_cli_usage("print FILE.json [--stage NAME]");
    gl_case c;
    gl_case_result r;
    int rc = gl_cli_case_stages(file, &c, &r);
    if (rc) return rc;
    gl_err e = {GL_OK, ""};
    int only = stage ? gl_cli_find_stage(&r, stage, &e) : -1;
    if (stage && only < 0) {
        rc = gl_cli_fail(&e);
        goto done;
    }
    for (int i = 0; i < r.nst && !rc; i++) {
        if (stage && i != only) continue;
        char *txt = NULL;
        if (gl_graph_print(r.st[i].r.graph, &txt, &e)) {
            rc = gl_cli_fail(&e);
            break;
        }
        if (!stage) {
            char head[64];
            int n = snprintf(head, sizeof head, "%s== %s ==\n", i ? "\n" : "", r.st[i].key);
            rc = gl_cli_write(head, (size_t)n);
        }
        if (!rc) rc = gl_cli_write(txt, strlen(txt));
        if (!rc) rc = gl_cli_write("\n", 1);
        free(txt);
    }
done:
    gl_case_result_free(&r);
    gl_case_free(&c);
    return rc;
}

/* ------------------------------------------------------------------ presets */
static int cmd_presets(int argc, char **argv) {
    if (argc > 0) return gl_cli_usage("presets takes no arguments, got %s", argv[0]);
    gl_sb sb;
    gl_sb_init(&sb);
    gl_sb_puts(&sb, "{\n\"models\": [");
    for (int i = 0; i < gl_preset_count(); i++) {
        const gl_preset *p = gl_preset_at(i);
        gl_sb_puts(&sb, i ? ",\n  {\"name\": " : "\n  {\"name\": ");
        gl_sb_json_str(&sb, p->name);
        gl_sb_puts(&sb, ", \"title\": ");
        gl_sb_json_str(&sb, p->title);
        gl_sb_printf(&sb, ", \"d\": %lld, \"H\": %lld, \"G\": %lld, \"dh\": %lld, \"f\": %lld, \"eps\": ",
                     (long long)p->cfg.d, (long long)p->cfg.H, (long long)p->cfg.G, (long long)p->cfg.dh,
                     (long long)p->cfg.f);
        gl_sb_double(&sb, p->cfg.eps);
        gl_sb_puts(&sb, ", \"theta\": ");
        gl_sb_double(&sb, p->cfg.theta);
        gl_sb_printf(&sb, ", \"layers\": %d}", p->layers);
    }
    gl_sb_puts(&sb, "\n],\n\"devices\": [");
    for (int i = 0; i < gl_device_count(); i++) {
        const gl_device *d = gl_device_at(i);
        gl_sb_puts(&sb, i ? ",\n  {\"name\": " : "\n  {\"name\": ");
        gl_sb_json_str(&sb, d->name);
        gl_sb_puts(&sb, ", \"title\": ");
        gl_sb_json_str(&sb, d->title ? d->title : d->name);
        gl_sb_puts(&sb, ", \"mm_flops\": ");
        gl_sb_double(&sb, d->mm_flops);
        gl_sb_puts(&sb, ", \"vec_flops\": ");
        gl_sb_double(&sb, d->vec_flops);
        gl_sb_puts(&sb, ", \"bw\": ");
        gl_sb_double(&sb, d->bw);
        gl_sb_puts(&sb, ", \"launch\": ");
        gl_sb_double(&sb, d->launch);
        gl_sb_puts(&sb, ", \"source\": ");
        gl_sb_json_str(&sb, d->source ? d->source : "");
        gl_sb_putc(&sb, '}');
    }
    gl_sb_puts(&sb, "\n],\n\"passes\": [");
    for (int i = 0; i < gl_pipeline_length(); i++) {
        if (i) gl_sb_puts(&sb, ", ");
        gl_sb_json_str(&sb, gl_pass_name_at(i));
    }
    gl_sb_puts(&sb, "]\n}\n");
    gl_err e = {GL_OK, ""};
    char *out = NULL;
    size_t n = 0;
    if (gl_sb_finish(&sb, &out, &n, &e)) return gl_cli_fail(&e);
    int rc = gl_cli_write(out, n);
    free(out);
    return rc;
}

/* ------------------------------------------------------------------ meta */
static int cmd_meta(int argc, char **argv) {
    if (argc > 0) return gl_cli_usage("meta takes no arguments, got %s", argv[0]);
    gl_err e = {GL_OK, ""};
    char *out = NULL;
    size_t n = 0;
    if (gl_meta_json(true, &out, &n, &e)) return gl_cli_fail(&e);
    int rc = gl_cli_write(out, n);
    free(out);
    return rc;
}

/* ------------------------------------------------------------------ dispatch */
static int cmd_help(int argc, char **argv);

typedef struct {
    const char *name;
    int (*run)(int argc, char **argv);   /* argv: the arguments after the subcommand */
    const char *usage;
    const char *help;
} command;

/* One row per subcommand: its name, its function, its usage line and its help; --help prints them. */
static const command COMMANDS[] = {
    {"case", cmd_case, "case FILE.json [--compact] [--repeat N] [--timings]",
     "run a case file (the fixture format; \"-\" reads stdin) and print the result JSON"},
    {"print", cmd_print, "print FILE.json [--stage NAME]",
     "print a case's graphs in the reference's text form (every stage, or one)"},
    {"presets", cmd_presets, "presets", "list model presets, devices and the default passes as JSON"},
    {"meta", cmd_meta, "meta", "the ranges the core accepts for numeric case fields, and its size limits, as JSON"},
    {"branch", gl_cli_branch, "branch [--frontend F] [--first L]",
     "f(x) with a data-dependent branch under frontend error|specialize|guard|lazy (JSON; --second L)"},
    {"dynamic", gl_cli_dynamic, "dynamic [--strategy S] [--from S0]",
     "decode steps through a compile cache: specialize|bucket|symbolic (JSON; --steps N, --config "
     "small|llama8b, --seed N)"},
    {"codegen", gl_cli_codegen, "codegen FILE.json [--lang L]",
     "a case's final stage (or --stage NAME) as the reference's Python text (--lang python) or a standalone "
     "C program (--lang c)"},
    {"passes", gl_cli_passes, "passes FILE.json [--provenance]",
     "each listed pass applied alone to a graph ({graph, passes, bind} or a list; docs/CASES.md): graphs "
     "and hits as JSON"},
    {"pypass", gl_cli_pypass, "pypass FILE.json --pass PASS.py",
     "run a pass written in Python (the lecture's section 9, or your own; --name FN, --at STAGE) on a case's "
     "stage: str(graph) and its hits; --judge: verifier + numeric check; a passes request file: passes' JSON"},
    {"round", gl_cli_round, "round FORMAT",
     "float64 values on stdin (one per line) rounded to a number format: f64 fp32 bf16 fp16 fp8_e4m3 fp8_e5m2 "
     "int8 int8_channel (printed as Python's repr)"},
    {"trace", gl_cli_trace, "trace FILE.py [--spans]",
     "run a Python program written against graph_lab and print its last trace(...)'s graph (as print does)"},
    {"help", cmd_help, "help", "this help"},
};
#define NCOMMANDS ((int)(sizeof COMMANDS / sizeof COMMANDS[0]))

static int cmd_help(int argc, char **argv) {
    (void)argc;
    (void)argv;
    printf("graphlab %s — a mini ML-compiler front end\n\nusage:\n", GL_VERSION);
    for (int i = 0; i < NCOMMANDS; i++) printf("  graphlab %-34s %s\n", COMMANDS[i].usage, COMMANDS[i].help);
    printf("  graphlab %-34s %s\n", "--version", "print the version");
    printf("\nexit status: 0 ok, 1 the case failed (one line on stderr: \"graphlab: <status>: <message>\"),"
           " 2 usage\n");
    return 0;
}

int main(int argc, char **argv) {
    gl_host_tune_allocator();
#if defined(__wasi__)
    /* wasi-libc starts in "/"; the runner passes the host's working directory as PWD. */
    const char *pwd = getenv("PWD");
    if (pwd && pwd[0] == '/') (void)chdir(pwd);
#endif
    const char *verify = getenv("GRAPHLAB_VERIFY");
    if (verify && strcmp(verify, "1") == 0) gl_pass_verify(true);
    if (argc < 2) return gl_cli_usage("graphlab COMMAND ...");
    const char *cmd = argv[1];
    if (strcmp(cmd, "--help") == 0 || strcmp(cmd, "-h") == 0) return cmd_help(0, NULL);
    if (strcmp(cmd, "--version") == 0) {
        printf("graphlab %s\n", GL_VERSION);
        return 0;
    }
    for (int i = 0; i < NCOMMANDS; i++)
        if (strcmp(cmd, COMMANDS[i].name) == 0) {
            for (int k = 2; k < argc; k++)
                if (strcmp(argv[k], "--help") == 0 || strcmp(argv[k], "-h") == 0) {
                    printf("usage: graphlab %s\n  %s\n", COMMANDS[i].usage, COMMANDS[i].help);
                    return 0;
                }
            return COMMANDS[i].run(argc - 2, argv + 2);
        }
    return gl_cli_usage("unknown command \"%s\"", cmd);
}
