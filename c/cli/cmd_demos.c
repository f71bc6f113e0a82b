/* cmd_demos.c — the branch, dynamic and codegen subcommands of the graphlab CLI.
 *
 *   graphlab branch [--frontend error|specialize|guard|lazy] [--first 1,2,3] [--second -1,-2,-3]
 *   graphlab dynamic [--strategy specialize|bucket|symbolic] [--from S0] [--steps N]
 *                    [--config small|llama8b] [--seed N]
 *   graphlab codegen FILE.json [--lang python|c] [--stage NAME]
 *
 * branch / dynamic print the result JSON of gl_branch_demo_json / gl_dynamic_demo_json (one line);
 * codegen prints the source for one stage of a case (default: the last) to stdout. Errors: one line on
 * stderr ("graphlab: <status>: <message>"), exit 1; usage errors exit 2.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "io/case.h"
#include "cli_io.h"
#include "cmd_demos.h"
#include "graphlab.h"
#include "ir/util.h"

/* Runs a JSON-in/JSON-out demo and prints its answer plus a newline. */
static int run_json(gl_status (*fn)(const char *, size_t, char **, size_t *, gl_err *), const gl_sb *opts) {
    gl_err e = {GL_OK, ""};
    char *out = NULL;
    size_t n = 0;
    if (opts->failed) {
        gl_fail(&e, GL_E_NOMEM, "out of memory building the options");
        return gl_cli_fail(&e);
    }
    if (fn(opts->buf, opts->len, &out, &n, &e)) return gl_cli_fail(&e);
    int rc = gl_cli_write(out, n);
    if (!rc) rc = gl_cli_write("\n", 1);
    free(out);
    return rc;
}

/* "1,2,-3" → JSON "[1,2,-3]" after checking every item is a number */
static bool list_to_json(const char *s, gl_sb *sb) {
    gl_sb_putc(sb, '[');
    const char *p = s;
    int k = 0;
    while (*p) {
        char *end = NULL;
        errno = 0;
        double v = strtod(p, &end);
        if (end == p || errno == ERANGE || v != v || v - v != 0) return false;
        if (k++) gl_sb_putc(sb, ',');
        gl_sb_double(sb, v);
        p = end;
        while (*p == ' ') p++;
        if (*p == ',') p++;
        else if (*p) return false;
    }
    gl_sb_putc(sb, ']');
    return k > 0;
}

static bool is_name(const char *s) {
    if (!*s) return false;
    for (; *s; s++)
        if (!((*s >= 'a' && *s <= 'z') || (*s >= '0' && *s <= '9') || *s == '-' || *s == '.' || *s == '_')) return false;
    return true;
}

static bool is_int(const char *s) {
    if (*s == '-') s++;
    if (!*s) return false;
    for (; *s; s++)
        if (*s < '0' || *s > '9') return false;
    return true;
}

/* ------------------------------------------------------------------ branch */
int gl_cli_branch(int argc, char **argv) {
    gl_sb sb;
    gl_sb_init(&sb);
    gl_sb_putc(&sb, '{');
    int n = 0, rc = 0;
    for (int i = 0; i < argc && !rc; i++) {
        const char *a = argv[i];
        if (i + 1 >= argc && (!strcmp(a, "--frontend") || !strcmp(a, "--first") || !strcmp(a, "--second"))) {
            rc = gl_cli_usage("branch: %s needs a value", a);
        } else if (!strcmp(a, "--frontend")) {
            const char *v = argv[++i];
            if (!is_name(v)) rc = gl_cli_usage("branch: --frontend must be error, specialize, guard or lazy, got %s", v);
            else gl_sb_printf(&sb, "%s\"frontend\": \"%s\"", n++ ? ", " : "", v);
        } else if (!strcmp(a, "--first") || !strcmp(a, "--second")) {
            const char *v = argv[++i];
            gl_sb_printf(&sb, "%s\"%s\": ", n++ ? ", " : "", a + 2);
            if (!list_to_json(v, &sb)) rc = gl_cli_usage("branch: expected a comma-separated list of numbers, got %s", v);
        } else {
            rc = gl_cli_usage("branch: unknown argument %s", a);
        }
    }
    gl_sb_putc(&sb, '}');
    if (!rc) rc = run_json(gl_branch_demo_json, &sb);
    gl_sb_free(&sb);
    return rc;
}

/* ------------------------------------------------------------------ dynamic */
int gl_cli_dynamic(int argc, char **argv) {
    static const char *const STR_OPTS[] = {"--strategy", "--config"};
    static const char *const INT_OPTS[] = {"--from", "--steps", "--seed"};
    gl_sb sb;
    gl_sb_init(&sb);
    gl_sb_putc(&sb, '{');
    int n = 0, rc = 0;
    for (int i = 0; i < argc && !rc; i++) {
        const char *a = argv[i];
        bool known = false;
        for (int k = 0; k < 2 && !rc; k++)
            if (!strcmp(a, STR_OPTS[k])) {
                known = true;
                if (i + 1 >= argc) rc = gl_cli_usage("dynamic: %s needs a value", a);
                else if (!is_name(argv[i + 1])) rc = gl_cli_usage("dynamic: bad value %s", argv[i + 1]);
                else gl_sb_printf(&sb, "%s\"%s\": \"%s\"", n++ ? ", " : "", a + 2, argv[++i]);
            }
        for (int k = 0; k < 3 && !rc; k++)
            if (!strcmp(a, INT_OPTS[k])) {
                known = true;
                if (i + 1 >= argc) rc = gl_cli_usage("dynamic: %s needs a value", a);
                else if (!is_int(argv[i + 1]) || strlen(argv[i + 1]) > 18)
                    rc = gl_cli_usage("dynamic: expected an integer, got %s", argv[i + 1]);
                else gl_sb_printf(&sb, "%s\"%s\": %s", n++ ? ", " : "", a + 2, argv[++i]);
            }
        if (!known && !rc) rc = gl_cli_usage("dynamic: unknown argument %s", a);
    }
    gl_sb_putc(&sb, '}');
    if (!rc) rc = run_json(gl_dynamic_demo_json, &sb);
    gl_sb_free(&sb);
    return rc;
}

/* ------------------------------------------------------------------ codegen */
int gl_cli_codegen(int argc, char **argv) {
    const char *file = NULL, *stage = NULL, *lang = "python";
    for (int i = 0; i < argc; i++) {
        if (!strcmp(argv[i], "--stage") || !strcmp(argv[i], "--lang")) {
            if (i + 1 >= argc) return gl_cli_usage("codegen: %s needs a value", argv[i]);
            if (!strcmp(argv[i], "--stage")) stage = argv[++i];
            else lang = argv[++i];
        } else if (argv[i][0] == '-' && argv[i][1]) {
            return gl_cli_usage("codegen: unknown option %s", argv[i]);
        } else if (file) {
            return gl_cli_usage("codegen: more than one file (%s)", argv[i]);
        } else {
            file = argv[i];
        }
    }
    if (!file) return gl_cli_usage("codegen FILE.json [--lang python|c] [--stage NAME]");
    bool c_lang = !strcmp(lang, "c");
    if (!c_lang && strcmp(lang, "python") != 0) return gl_cli_usage("codegen: --lang must be python or c, got %s", lang);
    gl_case cs;
    gl_case_result r;
    int rc = gl_cli_case_stages(file, &cs, &r);
    if (rc) return rc;
    gl_err e = {GL_OK, ""};
    gl_status st;
    int at = stage ? gl_cli_find_stage(&r, stage, &e) : r.nst - 1;
    if (at < 0) {
        rc = gl_cli_fail(&e);
        goto done;
    }
    char *src = NULL;
    size_t n = 0;
    st = c_lang ? gl_codegen_c(r.st[at].r.graph, &cs.bind, &src, &n, &e)
                : gl_codegen_python(r.st[at].r.graph, NULL, &src, &n, &e);
    if (st) {
        rc = gl_cli_fail(&e);
        goto done;
    }
    rc = gl_cli_write(src, n);
    if (!rc && !c_lang) rc = gl_cli_write("\n", 1);
    free(src);
done:
    gl_case_result_free(&r);
    gl_case_free(&cs);
    return rc;
}
