/* field_limits.c — the table of accepted ranges (see field_limits.h) and the "meta" JSON that publishes it. */
#include "io/field_limits.h"

#include <stdio.h>
#include <string.h>

#include "io/case.h"
#include "passes/passes.h"

#define DIM(f) {f, 1, (double)GL_MAX_DIM, false, true}
#define POS(f, max) {f, 0, max, true, false}

static const gl_limit LIMITS[] = {
    DIM("config.d"), DIM("config.H"), DIM("config.G"), DIM("config.dh"), DIM("config.f"),
    DIM("config.T"), DIM("config.S"),
    {"config.pos0", 0, (double)GL_MAX_DIM, false, true},
    {"config.layers", 1, GL_MAX_LAYERS, false, true},
    POS("config.eps", GL_MAX_EPS),
    POS("config.theta", GL_MAX_THETA),
    POS("device.mm_flops", GL_MAX_FLOPS),
    POS("device.vec_flops", GL_MAX_FLOPS),
    POS("device.bw", GL_MAX_BW),
    POS("device.launch", GL_MAX_LAUNCH),
    {"elem_bytes", 2, 4, false, true},                  /* 2 or 4 exactly: "values" in meta */
    {"limits.run_bytes", 1, (double)GL_CASE_MAX_RUN_BYTES, false, true},
    {"run_repeat", 1, GL_CASE_MAX_RUN_REPEAT, false, true},
    {"params.random", 0, GL_MAX_SEED, false, true},
    {"inputs.random", 0, GL_MAX_SEED, false, true},
};
#define NLIMITS ((int)(sizeof LIMITS / sizeof LIMITS[0]))

int gl_limit_count(void) { return NLIMITS; }
const gl_limit *gl_limit_at(int i) { return i >= 0 && i < NLIMITS ? &LIMITS[i] : NULL; }

const gl_limit *gl_limit_get(const char *field) {
    for (int i = 0; field && i < NLIMITS; i++)
        if (strcmp(LIMITS[i].field, field) == 0) return &LIMITS[i];
    return NULL;
}

static void put_num(gl_sb *sb, const gl_limit *l, double v) {
    if (l->integer) gl_sb_printf(sb, "%lld", (long long)v);
    else gl_sb_double(sb, v);
}

gl_status gl_limit_check_max(const char *field, double v, gl_err *e) {
    const gl_limit *l = gl_limit_get(field);
    if (!l) return gl_fail(e, GL_E_INTERNAL, "%s has no row in the limits table", field ? field : "(null)");
    if (!(v > l->max)) return GL_OK;
    char a[40], b[40];
    return gl_fail(e, GL_E_LIMIT, "%s is %s, above the limit %s", field, gl_fmt_double(v, a), gl_fmt_double(l->max, b));
}

gl_status gl_limit_check_int(const char *field, int64_t v, gl_err *e) {
    const gl_limit *l = gl_limit_get(field);
    if (!l) return gl_fail(e, GL_E_INTERNAL, "%s has no row in the limits table", field ? field : "(null)");
    if ((double)v <= l->max) return GL_OK;
    return gl_fail(e, GL_E_LIMIT, "%s is %lld, above the limit %lld", field, (long long)v, (long long)l->max);
}

/* The small tables the lab would otherwise copy: "passes" [{name, code, pipeline}] (registry order),
 * "classes" (gl_opclass order), "op_classes" {op: class} (gl_op order), "status" (names by gl_status),
 * "why_reasons" (gl_why_reason order: a kernel's why.reason). */
static void put_tables(gl_sb *sb, bool pretty) {
    const char *nl = pretty ? "\n  " : "", *sp = pretty ? " " : "";
    gl_sb_printf(sb, "%s\"passes\":%s[", pretty ? "\n" : "", sp);
    const char *name, *code;
    bool in_pipeline;
    for (int i = 0; gl_pass_info_at(i, &name, &code, &in_pipeline); i++) {
        gl_sb_printf(sb, "%s%s{\"name\":%s", i ? "," : "", nl, sp);
        gl_sb_json_str(sb, name);
        gl_sb_printf(sb, ",%s\"code\":%s", sp, sp);
        gl_sb_json_str(sb, code);
        gl_sb_printf(sb, ",%s\"pipeline\":%s%s}", sp, sp, in_pipeline ? "true" : "false");
    }
    gl_sb_printf(sb, "%s],%s\"classes\":%s[", pretty ? "\n" : "", pretty ? "\n" : "", sp);
    for (int c = 0; c <= GL_CLASS_SPECIAL; c++) {
        gl_sb_printf(sb, "%s%s", c ? "," : "", c ? sp : "");
        gl_sb_json_str(sb, gl_opclass_name((gl_opclass)c));
    }
    gl_sb_printf(sb, "],%s\"op_classes\":%s{", pretty ? "\n" : "", sp);
    for (int op = 0; op < GL_OP_COUNT; op++) {
        gl_sb_printf(sb, "%s%s", op ? "," : "", nl);
        gl_sb_json_str(sb, gl_op_name((gl_op)op));
        gl_sb_printf(sb, ":%s", sp);
        gl_sb_json_str(sb, gl_opclass_name(gl_op_class((gl_op)op)));
    }
    gl_sb_printf(sb, "%s},%s\"status\":%s[", pretty ? "\n" : "", pretty ? "\n" : "", sp);
    for (int st = GL_OK; st <= GL_E_INTERNAL; st++) {
        gl_sb_printf(sb, "%s%s", st ? "," : "", st ? sp : "");
        gl_sb_json_str(sb, gl_status_name((gl_status)st));
    }
    gl_sb_printf(sb, "],%s\"why_reasons\":%s[", pretty ? "\n" : "", sp);
    for (int r = GL_WHY_SPECIAL; r <= GL_WHY_EAGER; r++) {
        gl_sb_printf(sb, "%s%s", r ? "," : "", r ? sp : "");
        gl_sb_json_str(sb, gl_why_reason_name((gl_why_reason)r));
    }
    gl_sb_putc(sb, ']');
}

gl_status gl_meta_json(bool pretty, char **out, size_t *outlen, gl_err *e) {
    gl_status st = gl_out_begin(out, outlen, "gl_meta_json", e);
    if (st) return st;
    const char *nl = pretty ? "\n  " : "", *sp = pretty ? " " : "";
    gl_sb sb;
    gl_sb_init(&sb);
    gl_sb_printf(&sb, "{%s\"limits\":%s{", pretty ? "\n" : "", sp);
    for (int i = 0; i < NLIMITS; i++) {
        const gl_limit *l = &LIMITS[i];
        gl_sb_printf(&sb, "%s%s", i ? "," : "", nl);
        gl_sb_json_str(&sb, l->field);
        gl_sb_printf(&sb, ":%s{\"min\":%s", sp, sp);
        put_num(&sb, l, l->min);
        if (l->exclusive_min) gl_sb_printf(&sb, ",%s\"exclusive_min\":%strue", sp, sp);
        gl_sb_printf(&sb, ",%s\"max\":%s", sp, sp);
        put_num(&sb, l, l->max);
        if (l->integer) gl_sb_printf(&sb, ",%s\"integer\":%strue", sp, sp);
        if (strcmp(l->field, "elem_bytes") == 0) gl_sb_printf(&sb, ",%s\"values\":%s[2,%s4]", sp, sp, sp);
        gl_sb_putc(&sb, '}');
    }
    gl_sb_printf(&sb, "%s},%s\"run_bytes\":%s{\"default\":%s%lld,%s\"max\":%s%lld},", pretty ? "\n" : "",
                 pretty ? "\n" : "", sp, sp, (long long)GL_CASE_DEFAULT_RUN_BYTES, sp, sp,
                 (long long)GL_CASE_MAX_RUN_BYTES);
    gl_sb_printf(&sb, "%s\"input_bytes\":%s{\"max\":%s%zu},%s\"json_values\":%s{\"max\":%s%d},", pretty ? "\n" : "",
                 sp, sp, GL_MAX_INPUT_BYTES, pretty ? "\n" : "", sp, sp, GL_CASE_MAX_JSON_VALUES);
    put_tables(&sb, pretty);
    gl_sb_printf(&sb, "%s}%s", pretty ? "\n" : "", pretty ? "\n" : "");
    return gl_sb_finish(&sb, out, outlen, e);
}
