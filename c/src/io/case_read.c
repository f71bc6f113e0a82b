/* case_read.c — reads and validates a case file (JSON) into a gl_case.
 *
 * Every message is one line naming the field and the offending value, e.g.
 *   config.d must be a positive integer, got 12.5
 *   config.mode must be "prefill" or "decode", got "foo"
 *   config has an unknown key "dd"
 */
#include "io/case.h"
#include "io/field_limits.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Top-level keys: inputs of a case, then the keys of a result (a fixture is a valid case file: its
 * results are ignored and recomputed). */
static const char *const TOP_KEYS[] = {"case", "config", "program", "elem_bytes", "device", "bind", "params", "inputs",
                                       "pipeline", "emit", "limits", "run_repeat", "precision", "pypass", "description",
                                       "comment", NULL};
static const char *const RESULT_KEYS[] = {"passes", "graphs", "eager", "fused", "memory", "outputs",
                                          "provenance", "timing_ms", NULL};
static const char *const CONFIG_KEYS[] = {"preset", "d", "H", "G", "dh", "f", "eps", "theta", "mode", "T",
                                          "pos0", "S", "masked", "layers", NULL};
static const char *const DEVICE_KEYS[] = {"name", "title", "source", "mm_flops", "vec_flops", "bw", "launch",
                                          NULL};
static const char *const EMIT_KEYS[] = {"graphs", "outputs", "provenance", "kernels", "plans", "lab", NULL};
static const char *const LIMIT_KEYS[] = {"run_bytes", NULL};
static const char *const PYPASS_KEYS[] = {"source", "name", "file", NULL};
static const char *const PRECISION_KEYS[] = {"weights", "activations", "kv", "accumulate", "smooth", NULL};

static bool in_list(const gl_json *j, int key, const char *const *list) {
    for (int i = 0; list[i]; i++)
        if (gl_json_str_eq(j, key, list[i])) return true;
    return false;
}

static void list_str(const char *const *list, char *buf, size_t cap) {
    size_t n = 0;
    buf[0] = 0;
    for (int i = 0; list[i] && n + 1 < cap; i++) {
        int w = snprintf(buf + n, cap - n, "%s%s", i ? ", " : "", list[i]);
        if (w < 0) break;
        n += (size_t)w;
    }
}

/* Fails on the first key of object obj that is in neither list (b may be NULL). */
static gl_status check_keys(const gl_json *j, int obj, const char *field, const char *const *a,
                            const char *const *b, gl_err *e) {
    for (int k = gl_json_key_first(j, obj); k >= 0; k = gl_json_key_next(j, obj, k)) {
        if (in_list(j, k, a) || (b && in_list(j, k, b))) continue;
        char sn[64], known[200];
        list_str(a, known, sizeof known);
        return gl_fail(e, GL_E_INVALID, "%s has an unknown key %s (known keys: %s)", field,
                       gl_json_snippet(j, k, sn, sizeof sn), known);
    }
    return GL_OK;
}

/* A key that is absent or null. */
static bool absent(const gl_json *j, int tok) { return tok < 0 || gl_json_is_null(j, tok); }

static gl_status pos_int(const gl_json *j, int tok, const char *field, int64_t *out, gl_err *e) {
    char sn[48];
    if (tok < 0) return gl_fail(e, GL_E_INVALID, "%s is missing", field);
    gl_err tmp = {GL_OK, ""};
    int64_t v = 0;
    if (j->t[tok].type != GL_J_NUM || gl_json_int(j, tok, field, &v, &tmp) || v < 1)
        return gl_fail(e, GL_E_INVALID, "%s must be a positive integer, got %s", field,
                       gl_json_snippet(j, tok, sn, sizeof sn));
    *out = v;
    return GL_OK;
}

static gl_status nonneg_int(const gl_json *j, int tok, const char *field, int64_t *out, gl_err *e) {
    char sn[48];
    gl_err tmp = {GL_OK, ""};
    int64_t v = 0;
    if (j->t[tok].type != GL_J_NUM || gl_json_int(j, tok, field, &v, &tmp) || v < 0)
        return gl_fail(e, GL_E_INVALID, "%s must be a non-negative integer, got %s", field,
                       gl_json_snippet(j, tok, sn, sizeof sn));
    *out = v;
    return GL_OK;
}

/* ------------------------------------------------------------------ config */
static gl_status read_config(const gl_json *j, int cfg, gl_case *c, gl_err *e) {
    char sn[64];
    if (cfg < 0) return gl_fail(e, GL_E_INVALID, "config is missing");
    if (j->t[cfg].type != GL_J_OBJ)
        return gl_fail(e, GL_E_INVALID, "config must be an object, got %s", gl_json_snippet(j, cfg, sn, sizeof sn));
    gl_status st = check_keys(j, cfg, "config", CONFIG_KEYS, NULL, e);
    if (st) return st;

    gl_model_cfg *m = &c->model;
    memset(m, 0, sizeof *m);
    m->layer.eps = 1e-5;
    m->layer.theta = 10000.0;
    m->layers = 1;
    const gl_preset *pre = NULL;
    int pt = gl_json_get(j, cfg, "preset");
    if (!absent(j, pt)) {
        char name[GL_CASE_MAX_NAME];
        if ((st = gl_json_str(j, pt, "config.preset", name, sizeof name, e))) return st;
        pre = gl_preset_find(name);
        if (!pre) {
            char known[256];
            size_t n = 0;
            known[0] = 0;
            for (int i = 0; i < gl_preset_count() && n + 1 < sizeof known; i++) {
                int w = snprintf(known + n, sizeof known - n, "%s%s", i ? ", " : "", gl_preset_at(i)->name);
                if (w < 0) break;
                n += (size_t)w;
            }
            return gl_fail(e, GL_E_INVALID, "config.preset %s is unknown (known: %s)",
                           gl_json_snippet(j, pt, sn, sizeof sn), known);
        }
        m->layer = pre->cfg;
    }
    static const char *const DIMS[] = {"d", "H", "G", "dh", "f"};
    int64_t *dst[] = {&m->layer.d, &m->layer.H, &m->layer.G, &m->layer.dh, &m->layer.f};
    for (int i = 0; i < 5; i++) {
        char f[32];
        snprintf(f, sizeof f, "config.%s", DIMS[i]);
        int t = gl_json_get(j, cfg, DIMS[i]);
        if (absent(j, t)) {
            if (pre) continue;
            return gl_fail(e, GL_E_INVALID, "%s is missing (give it, or config.preset)", f);
        }
        if ((st = pos_int(j, t, f, dst[i], e)) || (st = gl_limit_check_int(f, *dst[i], e))) return st;
    }
    int t = gl_json_get(j, cfg, "eps");
    if (!absent(j, t) && ((st = gl_json_num(j, t, "config.eps", &m->layer.eps, e)) ||
                          (st = gl_limit_check_max("config.eps", m->layer.eps, e))))
        return st;
    t = gl_json_get(j, cfg, "theta");
    if (!absent(j, t) && ((st = gl_json_num(j, t, "config.theta", &m->layer.theta, e)) ||
                          (st = gl_limit_check_max("config.theta", m->layer.theta, e))))
        return st;

    t = gl_json_get(j, cfg, "mode");
    if (absent(j, t)) return gl_fail(e, GL_E_INVALID, "config.mode is missing (\"prefill\" or \"decode\")");
    if (gl_json_str_eq(j, t, "prefill")) m->mode = GL_MODE_PREFILL;
    else if (gl_json_str_eq(j, t, "decode")) m->mode = GL_MODE_DECODE;
    else
        return gl_fail(e, GL_E_INVALID, "config.mode must be \"prefill\" or \"decode\", got %s",
                       gl_json_snippet(j, t, sn, sizeof sn));
    bool prefill = m->mode == GL_MODE_PREFILL;

    int tT = gl_json_get(j, cfg, "T"), tp = gl_json_get(j, cfg, "pos0"), tS = gl_json_get(j, cfg, "S");
    if (prefill) {
        if (absent(j, tT)) return gl_fail(e, GL_E_INVALID, "config.T is missing (tokens of a prefill)");
        if ((st = pos_int(j, tT, "config.T", &m->T, e)) || (st = gl_limit_check_int("config.T", m->T, e))) return st;
        if (!absent(j, tp) && ((st = nonneg_int(j, tp, "config.pos0", &m->pos0, e)) ||
                               (st = gl_limit_check_int("config.pos0", m->pos0, e))))
            return st;
        if (!absent(j, tS))
            return gl_fail(e, GL_E_INVALID, "config.S must be null in mode \"prefill\" (it is the decode cache "
                           "length), got %s", gl_json_snippet(j, tS, sn, sizeof sn));
    } else {
        if (absent(j, tS)) return gl_fail(e, GL_E_INVALID, "config.S is missing (cache length of a decode)");
        if ((st = pos_int(j, tS, "config.S", &m->S, e)) || (st = gl_limit_check_int("config.S", m->S, e))) return st;
        if (!absent(j, tT))
            return gl_fail(e, GL_E_INVALID, "config.T must be null in mode \"decode\" (one new token), got %s",
                           gl_json_snippet(j, tT, sn, sizeof sn));
        int64_t p0 = 0;
        if (!absent(j, tp) && (st = nonneg_int(j, tp, "config.pos0", &p0, e))) return st;
        if (p0 != 0)
            return gl_fail(e, GL_E_INVALID, "config.pos0 must be 0 in mode \"decode\" (the row is P = S - 1), "
                           "got %lld", (long long)p0);
    }
    t = gl_json_get(j, cfg, "masked");
    if (!absent(j, t) && (st = gl_json_bool(j, t, "config.masked", &m->masked, e))) return st;
    if (m->masked && prefill)
        return gl_fail(e, GL_E_INVALID, "config.masked must be false in mode \"prefill\" (the kmask input is "
                       "for decode)");
    t = gl_json_get(j, cfg, "layers");
    if (!absent(j, t)) {
        int64_t L = 1;
        if ((st = pos_int(j, t, "config.layers", &L, e))) return st;
        double max = gl_limit_get("config.layers")->max;
        if ((double)L > max)
            return gl_fail(e, GL_E_LIMIT, "config.layers must be 1..%.0f (the layer-count limit), got %lld", max,
                           (long long)L);
        m->layers = (int)L;
    }
    return gl_model_cfg_validate(m, e);
}

/* ------------------------------------------------------------------ device, bind, pipeline, emit */
static gl_status read_device(const gl_json *j, int t, gl_case *c, gl_err *e) {
    char sn[64];
    gl_status st;
    if (absent(j, t)) {
        const gl_device *d = gl_device_find("h100");
        if (!d) d = gl_device_at(0);
        if (!d) return gl_fail(e, GL_E_INTERNAL, "no device presets");
        c->device = *d;
        return GL_OK;
    }
    if (j->t[t].type == GL_J_STR) {
        char name[GL_CASE_MAX_NAME];
        if ((st = gl_json_str(j, t, "device", name, sizeof name, e))) return st;
        const gl_device *d = gl_device_find(name);
        if (!d) {
            char known[256];
            size_t n = 0;
            known[0] = 0;
            for (int i = 0; i < gl_device_count() && n + 1 < sizeof known; i++) {
                int w = snprintf(known + n, sizeof known - n, "%s%s", i ? ", " : "", gl_device_at(i)->name);
                if (w < 0) break;
                n += (size_t)w;
            }
            return gl_fail(e, GL_E_INVALID, "device %s is unknown (known: %s)", gl_json_snippet(j, t, sn, sizeof sn),
                           known);
        }
        c->device = *d;
        return GL_OK;
    }
    if (j->t[t].type != GL_J_OBJ)
        return gl_fail(e, GL_E_INVALID, "device must be a preset name or an object {mm_flops, vec_flops, bw, "
                       "launch}, got %s", gl_json_snippet(j, t, sn, sizeof sn));
    if ((st = check_keys(j, t, "device", DEVICE_KEYS, NULL, e))) return st;
    gl_device d = {"custom", "custom", 0, 0, 0, 0, ""};
    int nt = gl_json_get(j, t, "name");
    if (!absent(j, nt)) {
        if ((st = gl_json_str(j, nt, "device.name", c->dev_name, sizeof c->dev_name, e))) return st;
        d.name = d.title = c->dev_name;
    }
    static const char *const NUMS[] = {"mm_flops", "vec_flops", "bw", "launch"};
    double *dst[] = {&d.mm_flops, &d.vec_flops, &d.bw, &d.launch};
    for (int i = 0; i < 4; i++) {
        char f[32];
        snprintf(f, sizeof f, "device.%s", NUMS[i]);
        int v = gl_json_get(j, t, NUMS[i]);
        if (absent(j, v)) return gl_fail(e, GL_E_INVALID, "%s is missing", f);
        if ((st = gl_json_num(j, v, f, dst[i], e))) return st;
    }
    if ((st = gl_device_validate(&d, e))) return st;
    for (int i = 0; i < 4; i++) {
        char f[32];
        snprintf(f, sizeof f, "device.%s", NUMS[i]);
        if ((st = gl_limit_check_max(f, *dst[i], e))) return st;
    }
    c->device = d;
    return GL_OK;
}

static gl_status read_bind(const gl_json *j, int t, gl_case *c, gl_err *e) {
    char sn[64];
    gl_status st;
    memset(&c->bind, 0, sizeof c->bind);
    if (absent(j, t)) {
        if (c->model.mode == GL_MODE_DECODE) {
            if ((st = gl_bind_set(&c->bind, "S", c->model.S, e))) return st;
            if ((st = gl_bind_set(&c->bind, "P", c->model.S - 1, e))) return st;
        }
        return GL_OK;
    }
    if (j->t[t].type != GL_J_OBJ)
        return gl_fail(e, GL_E_INVALID, "bind must be an object {symbol: integer}, got %s",
                       gl_json_snippet(j, t, sn, sizeof sn));
    for (int k = gl_json_key_first(j, t); k >= 0; k = gl_json_key_next(j, t, k)) {
        char sym[GL_SYM_MAX], f[64];
        gl_err tmp = {GL_OK, ""};
        if (gl_json_str(j, k, "bind key", sym, sizeof sym, &tmp) || !sym[0])
            return gl_fail(e, GL_E_INVALID, "bind key %s must be a symbol name of 1..%d characters",
                           gl_json_snippet(j, k, sn, sizeof sn), GL_SYM_MAX - 1);
        snprintf(f, sizeof f, "bind.%s", sym);
        int64_t v = 0;
        if ((st = nonneg_int(j, k + 1, f, &v, e))) return st;
        if ((st = gl_bind_set(&c->bind, sym, v, e))) return st;
    }
    return GL_OK;
}

static gl_status read_pipeline(const gl_json *j, int t, gl_case *c, gl_err *e) {
    char sn[64];
    gl_status st;
    c->npipe = 0;
    if (absent(j, t)) {
        int n = gl_pipeline_length();
        if (n > GL_CASE_MAX_PIPELINE) n = GL_CASE_MAX_PIPELINE;
        for (int i = 0; i < n; i++) {
            const char *p = gl_pass_name_at(i);
            snprintf(c->pipeline[c->npipe++], sizeof c->pipeline[0], "%s", p ? p : "");
        }
        return GL_OK;
    }
    if (j->t[t].type != GL_J_ARR)
        return gl_fail(e, GL_E_INVALID, "pipeline must be an array of pass names, got %s",
                       gl_json_snippet(j, t, sn, sizeof sn));
    if (j->t[t].size > GL_CASE_MAX_PIPELINE)
        return gl_fail(e, GL_E_LIMIT, "pipeline has %d passes, at most %d are allowed", j->t[t].size,
                       GL_CASE_MAX_PIPELINE);
    int i = 0;
    for (int k = gl_json_elem_first(j, t); k >= 0; k = gl_json_elem_next(j, t, k), i++) {
        char f[32];
        snprintf(f, sizeof f, "pipeline[%d]", i);
        if ((st = gl_json_str(j, k, f, c->pipeline[i], sizeof c->pipeline[0], e))) return st;
    }
    c->npipe = i;
    return GL_OK;
}

static gl_status read_emit(const gl_json *j, int t, gl_case *c, gl_err *e) {
    char sn[64];
    gl_status st;
    c->emit = (gl_case_emit){true, true, true, true, false, false, false};
    if (absent(j, t)) return GL_OK;
    if (j->t[t].type != GL_J_OBJ)
        return gl_fail(e, GL_E_INVALID, "emit must be an object such as {\"graphs\": false}, got %s",
                       gl_json_snippet(j, t, sn, sizeof sn));
    if ((st = check_keys(j, t, "emit", EMIT_KEYS, NULL, e))) return st;
    bool *dst[] = {&c->emit.graphs, &c->emit.outputs, &c->emit.provenance, &c->emit.kernels, &c->emit.plans, &c->emit.lab};
    for (int i = 0; EMIT_KEYS[i]; i++) {
        char f[32];
        snprintf(f, sizeof f, "emit.%s", EMIT_KEYS[i]);
        int v = gl_json_get(j, t, EMIT_KEYS[i]);
        if (v < 0) continue;
        /* "graphs": "shapes": the graphs' shapes, attrs and fingerprints only (a change of sizes, the lab) */
        if (i == 0 && j->t[v].type == GL_J_STR) {
            char s[16];
            if ((st = gl_json_str(j, v, f, s, sizeof s, e))) return st;
            if (strcmp(s, "shapes"))
                return gl_fail(e, GL_E_INVALID, "emit.graphs must be true, false or \"shapes\", got %s",
                               gl_json_snippet(j, v, sn, sizeof sn));
            c->emit.graphs = c->emit.shapes = true;
            continue;
        }
        if ((st = gl_json_bool(j, v, f, dst[i], e))) return st;
    }
    return GL_OK;
}

static gl_status read_limits(const gl_json *j, int t, gl_case *c, gl_err *e) {
    char sn[64];
    gl_status st;
    c->run_bytes = GL_CASE_DEFAULT_RUN_BYTES;
    if (absent(j, t)) return GL_OK;
    if (j->t[t].type != GL_J_OBJ)
        return gl_fail(e, GL_E_INVALID, "limits must be an object such as {\"run_bytes\": %lld}, got %s",
                       (long long)GL_CASE_DEFAULT_RUN_BYTES, gl_json_snippet(j, t, sn, sizeof sn));
    if ((st = check_keys(j, t, "limits", LIMIT_KEYS, NULL, e))) return st;
    int v = gl_json_get(j, t, "run_bytes");
    if (absent(j, v)) return GL_OK;
    int64_t n = 0;
    if ((st = pos_int(j, v, "limits.run_bytes", &n, e))) return st;
    double max = gl_limit_get("limits.run_bytes")->max;
    if ((double)n > max)
        return gl_fail(e, GL_E_LIMIT, "limits.run_bytes is %lld, above the maximum %.0f", (long long)n, max);
    c->run_bytes = n;
    return GL_OK;
}

/* pypass: {"source": PYTHON, "name": FN, "file"?: NAME}: the pipeline's entries called FN run FN of the source
 * (c/src/front/py_passapi.c) in place of the built-in pass of that name, or as a new pass where they stand. */
static bool identifier(const char *s) {
    if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') || *s == '_')) return false;
    for (s++; *s; s++)
        if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') || (*s >= '0' && *s <= '9') || *s == '_')) return false;
    return true;
}

static gl_status read_pypass(const gl_json *j, int t, gl_case *c, gl_err *e) {
    char sn[64];
    gl_status st;
    if (absent(j, t)) return GL_OK;
    if (j->t[t].type != GL_J_OBJ)
        return gl_fail(e, GL_E_INVALID, "pypass must be an object {\"source\": PYTHON, \"name\": FUNCTION}, got %s",
                       gl_json_snippet(j, t, sn, sizeof sn));
    if ((st = check_keys(j, t, "pypass", PYPASS_KEYS, NULL, e))) return st;
    int k = gl_json_get(j, t, "source");
    if (absent(j, k) || j->t[k].type != GL_J_STR)
        return gl_fail(e, GL_E_INVALID, "pypass.source must be a string (the pass's Python source), got %s",
                       k < 0 ? "nothing" : gl_json_snippet(j, k, sn, sizeof sn));
    if ((st = gl_json_strdup(j, k, "pypass.source", &c->pypass, e))) return st;
    if (strlen(c->pypass) > GL_PROGRAM_MAX_SOURCE)
        return gl_fail(e, GL_E_LIMIT, "pypass.source is %zu bytes; the limit is %d", strlen(c->pypass), GL_PROGRAM_MAX_SOURCE);
    k = gl_json_get(j, t, "name");
    if (absent(j, k)) return gl_fail(e, GL_E_INVALID, "pypass.name is missing (the pass's function)");
    if ((st = gl_json_str(j, k, "pypass.name", c->pypass_name, sizeof c->pypass_name, e))) return st;
    if (!identifier(c->pypass_name))
        return gl_fail(e, GL_E_INVALID, "pypass.name must be a Python identifier, got \"%s\"", c->pypass_name);
    snprintf(c->pypass_file, sizeof c->pypass_file, "pass.py");
    k = gl_json_get(j, t, "file");
    if (!absent(j, k) && (st = gl_json_str(j, k, "pypass.file", c->pypass_file, sizeof c->pypass_file, e))) return st;
    for (int i = 0; i < c->npipe; i++)
        if (strcmp(c->pipeline[i], c->pypass_name) == 0) return GL_OK;
    return gl_fail(e, GL_E_INVALID, "pypass.name \"%s\" is not in the pipeline (list it where the pass should run)",
                   c->pypass_name);
}

/* run_repeat: how many times a concrete case runs its final graph's forward (timing_ms.run is the fastest,
 * as the reference's interpreter is timed by its best of repeated calls); 1 .. GL_CASE_MAX_RUN_REPEAT. */
static gl_status read_run_repeat(const gl_json *j, int t, gl_case *c, gl_err *e) {
    c->run_repeat = 1;
    if (absent(j, t)) return GL_OK;
    int64_t n = 0;
    gl_status st = pos_int(j, t, "run_repeat", &n, e);
    if (st) return st;
    double max = gl_limit_get("run_repeat")->max;
    if ((double)n > max)
        return gl_fail(e, GL_E_LIMIT, "run_repeat is %lld, above the maximum %.0f", (long long)n, max);
    c->run_repeat = (int)n;
    return GL_OK;
}

/* precision: a format per tensor class (exec/numfmt.h names), accumulate "f64" or "fp32"; a missing key is f64;
 * smooth: SmoothQuant's migration strength alpha, a number in [0, 1] (absent: off). */
static gl_status read_precision(const gl_json *j, int t, gl_case *c, gl_err *e) {
    char sn[64];
    gl_status st;
    c->has_precision = false;
    c->precision = (gl_precision){GL_NUMFMT_F64, GL_NUMFMT_F64, GL_NUMFMT_F64, false, false, 0};
    if (absent(j, t)) return GL_OK;
    if (j->t[t].type != GL_J_OBJ)
        return gl_fail(e, GL_E_INVALID, "precision must be an object such as {\"weights\": \"int8\", \"activations\": "
                       "\"bf16\"}, got %s", gl_json_snippet(j, t, sn, sizeof sn));
    if ((st = check_keys(j, t, "precision", PRECISION_KEYS, NULL, e))) return st;
    gl_numfmt *dst[] = {&c->precision.weights, &c->precision.activations, &c->precision.kv};
    for (int i = 0; PRECISION_KEYS[i]; i++) {
        int v = gl_json_get(j, t, PRECISION_KEYS[i]);
        if (absent(j, v)) continue;
        char f[32], name[24];
        snprintf(f, sizeof f, "precision.%s", PRECISION_KEYS[i]);
        if (i == 4) {
            double a = -1;
            if (j->t[v].type != GL_J_NUM || gl_json_num(j, v, f, &a, e) != GL_OK || !(a >= 0 && a <= 1)) {
                e->code = GL_OK;
                return gl_fail(e, GL_E_INVALID, "%s must be a number in [0, 1] (SmoothQuant's alpha), got %s", f,
                               gl_json_snippet(j, v, sn, sizeof sn));
            }
            c->precision.smooth_on = true;
            c->precision.smooth = a;
            continue;
        }
        if (j->t[v].type != GL_J_STR || gl_json_str(j, v, f, name, sizeof name, e) != GL_OK) {
            e->code = GL_OK;
            goto bad;
        }
        if (i == 3) {
            if (strcmp(name, "f64") && strcmp(name, "fp32")) goto bad;
            c->precision.acc_fp32 = strcmp(name, "fp32") == 0;
            continue;
        }
        int fmt = gl_numfmt_parse(name);
        if (fmt < 0) goto bad;
        *dst[i] = (gl_numfmt)fmt;
        continue;
    bad:
        return gl_fail(e, GL_E_INVALID, "%s must be %s, got %s", f,
                       i == 3 ? "\"f64\" or \"fp32\""
                              : "one of \"f64\", \"fp32\", \"bf16\", \"fp16\", \"fp8_e4m3\", \"fp8_e5m2\", \"int8\", "
                                "\"int8_channel\"",
                       gl_json_snippet(j, v, sn, sizeof sn));
    }
    c->has_precision = true;
    return GL_OK;
}

/* ------------------------------------------------------------------ params and inputs */
static int64_t shape_numel(const gl_shape *s) {
    int64_t n = 1;
    for (int i = 0; i < s->rank; i++) {
        int64_t d = s->d[i].n;
        if (d != 0 && n > INT64_MAX / d) return INT64_MAX;
        n *= d;
    }
    return n;
}

/* Before any param value is allocated: the params alone must fit limits.run_bytes. */
static gl_status check_param_budget(const gl_params *p, int64_t run_bytes, gl_err *e) {
    int64_t total = 0;
    for (int i = 0; i < p->n; i++) {
        int64_t n = shape_numel(&p->shapes[i]);
        total = n > INT64_MAX - total ? INT64_MAX : total + n;
    }
    if (total > run_bytes / 8)
        return gl_fail(e, GL_E_LIMIT, "params need %lld float64 values, above the limit limits.run_bytes = %lld "
                       "bytes (drop params and inputs for a shape-only case, or raise limits.run_bytes)",
                       (long long)total, (long long)run_bytes);
    return GL_OK;
}

/* params of a program case: the program declares names and shapes; the case may give every value. */
static gl_status read_program_params(const gl_json *j, int t, gl_case *c, gl_err *e) {
    char sn[64];
    gl_status st = GL_OK;
    if (absent(j, t)) return GL_OK;
    if (j->t[t].type != GL_J_OBJ)
        return gl_fail(e, GL_E_INVALID, "params of a program case must be an object {name: {shape, f64}} or "
                       "{\"random\": seed}, got %s", gl_json_snippet(j, t, sn, sizeof sn));
    int rt = gl_json_get(j, t, "random");
    if (rt >= 0) {                /* seeded values for every param the program declares by shape */
        int64_t seed = 0;
        if (j->t[t].size != 1) return gl_fail(e, GL_E_INVALID, "params with \"random\" must have no other keys");
        if ((st = nonneg_int(j, rt, "params.random", &seed, e)) || (st = gl_limit_check_int("params.random", seed, e)))
            return st;
        if ((st = gl_program_random(c->program, c->program_len, &c->bind, GL_RANDOM_PARAMS, (uint64_t)seed,
                                    c->run_bytes / 8, &c->params, e)))
            return st;
        c->has_values = true;     /* every declared param now has a value (a program may declare none) */
        return GL_OK;
    }
    int nvalues = 0, n = 0;
    for (int k = gl_json_key_first(j, t); k >= 0; k = gl_json_key_next(j, t, k), n++) {
        char name[GL_NAME_MAX], f[GL_NAME_MAX + 16];
        gl_err tmp = {GL_OK, ""};
        if (gl_json_str(j, k, "params key", name, sizeof name, &tmp) || !name[0])
            return gl_fail(e, GL_E_INVALID, "params key %s must be a name of 1..%d bytes",
                           gl_json_snippet(j, k, sn, sizeof sn), GL_NAME_MAX - 1);
        snprintf(f, sizeof f, "params.%s", name);
        if (gl_params_find(&c->params, name) >= 0) return gl_fail(e, GL_E_INVALID, "%s is given twice", f);
        gl_array *a = NULL;
        if ((st = gl_json_array_f64(j, k + 1, f, &a, e))) return st;
        gl_shape s = gl_array_shape(a);
        st = gl_params_put(&c->params, name, &s, a, e);
        gl_array_release(a);
        if (st) return st;
        nvalues++;
    }
    c->has_values = n > 0 && nvalues == n;
    return GL_OK;
}

static gl_status read_params(const gl_json *j, int t, gl_case *c, gl_err *e) {
    char sn[64];
    gl_status st;
    gl_params_init(&c->params);
    if (c->program) return read_program_params(j, t, c, e);
    if (absent(j, t)) return gl_params_shapes(&c->params, &c->model, e);
    if (j->t[t].type != GL_J_OBJ)
        return gl_fail(e, GL_E_INVALID, "params must be an object {name: {shape, f64}} or {\"random\": seed}, got %s",
                       gl_json_snippet(j, t, sn, sizeof sn));
    int rt = gl_json_get(j, t, "random");
    if (rt >= 0) {
        if (j->t[t].size != 1)
            return gl_fail(e, GL_E_INVALID, "params with \"random\" must have no other keys");
        int64_t seed = 0;
        if ((st = nonneg_int(j, rt, "params.random", &seed, e)) || (st = gl_limit_check_int("params.random", seed, e)))
            return st;
        gl_params shapes;
        gl_params_init(&shapes);
        st = gl_params_shapes(&shapes, &c->model, e);
        if (!st) st = check_param_budget(&shapes, c->run_bytes, e);
        gl_params_free(&shapes);
        if (st) return st;
        if ((st = gl_params_random(&c->params, &c->model, (uint64_t)seed, e))) return st;
        c->has_values = true;
        return GL_OK;
    }
    gl_params want;
    gl_params_init(&want);
    if ((st = gl_params_shapes(&want, &c->model, e))) goto done;
    for (int k = gl_json_key_first(j, t); k >= 0; k = gl_json_key_next(j, t, k)) {
        char name[GL_NAME_MAX];
        gl_err tmp = {GL_OK, ""};
        if (gl_json_str(j, k, "params key", name, sizeof name, &tmp) || gl_params_find(&want, name) < 0) {
            st = gl_fail(e, GL_E_INVALID, "params has an unknown parameter %s (this model's are %s, %s, ...%s)",
                         gl_json_snippet(j, k, sn, sizeof sn), want.n > 0 ? want.names[0] : "",
                         want.n > 1 ? want.names[1] : "", want.n > 0 ? want.names[want.n - 1] : "");
            goto done;
        }
    }
    int nvalues = 0;
    for (int i = 0; i < want.n; i++) {
        char f[GL_NAME_MAX + 16];
        snprintf(f, sizeof f, "params.%s", want.names[i]);
        int v = gl_json_get(j, t, want.names[i]);
        if (v < 0) {
            st = gl_fail(e, GL_E_INVALID, "%s is missing", f);
            goto done;
        }
        gl_array *a = NULL;
        gl_shape s;
        if (j->t[v].type == GL_J_OBJ && j->t[v].size == 1 && gl_json_get(j, v, "shape") >= 0) {
            /* shape only: {"shape": [...]} */
            int rank;
            int64_t dims[GL_MAX_RANK];
            char sf[GL_NAME_MAX + 24];
            snprintf(sf, sizeof sf, "%s.shape", f);
            if ((st = gl_json_shape(j, gl_json_get(j, v, "shape"), sf, &rank, dims, e))) goto done;
            s = gl_shape_of(rank, dims);
        } else {
            if ((st = gl_json_array_f64(j, v, f, &a, e))) goto done;
            s = gl_array_shape(a);
        }
        if (!gl_shape_eq(&s, &want.shapes[i])) {
            char b1[96], b2[96];
            st = gl_fail(e, GL_E_SHAPE, "%s has shape %s, expected %s", f, gl_shape_str(&s, b1, sizeof b1),
                         gl_shape_str(&want.shapes[i], b2, sizeof b2));
            gl_array_release(a);
            goto done;
        }
        st = gl_params_put(&c->params, want.names[i], &s, a, e);
        if (a) nvalues++;
        gl_array_release(a);
        if (st) goto done;
    }
    c->has_values = nvalues == want.n;
    if (nvalues > 0 && nvalues < want.n)
        st = gl_fail(e, GL_E_INVALID, "params mixes arrays and shapes: give every parameter as {shape, f64}, "
                     "or none");
done:
    gl_params_free(&want);
    return st;
}

/* inputs: {"random": seed} — seeded inputs of the model's shapes (gl_inputs_random), within the run budget. */
static gl_status read_random_inputs(const gl_json *j, int t, int rt, gl_case *c, gl_err *e) {
    if (j->t[t].size != 1) return gl_fail(e, GL_E_INVALID, "inputs with \"random\" must have no other keys");
    int64_t seed = 0;
    gl_status st = nonneg_int(j, rt, "inputs.random", &seed, e);
    if (!st) st = gl_limit_check_int("inputs.random", seed, e);
    if (st) return st;
    gl_params in;
    gl_params_init(&in);
    st = gl_inputs_random(&in, &c->model, (uint64_t)seed, c->run_bytes / 8, e);
    if (!st) {
        c->input_names = gl_alloc((size_t)in.n, sizeof *c->input_names, e);
        c->input_values = gl_alloc((size_t)in.n, sizeof *c->input_values, e);
        if (!c->input_names || !c->input_values) st = GL_E_NOMEM;
    }
    for (int i = 0; !st && i < in.n; i++) {
        memcpy(c->input_names[i], in.names[i], GL_NAME_MAX);
        c->input_values[i] = gl_array_retain(in.values[i]);
        c->ninputs++;
    }
    gl_params_free(&in);
    return st;
}

/* inputs: {"random": seed} of a program case: N(0,1) for every input its last trace declares. */
static gl_status read_program_random_inputs(const gl_json *j, int t, int rt, gl_case *c, gl_err *e) {
    if (j->t[t].size != 1) return gl_fail(e, GL_E_INVALID, "inputs with \"random\" must have no other keys");
    int64_t seed = 0;
    gl_status st = nonneg_int(j, rt, "inputs.random", &seed, e);
    if (!st) st = gl_limit_check_int("inputs.random", seed, e);
    if (st) return st;
    gl_params in;
    gl_params_init(&in);
    st = gl_program_random(c->program, c->program_len, &c->bind, GL_RANDOM_INPUTS, (uint64_t)seed, c->run_bytes / 8,
                           &in, e);
    if (!st && in.n) {
        c->input_names = gl_alloc((size_t)in.n, sizeof *c->input_names, e);
        c->input_values = gl_alloc((size_t)in.n, sizeof *c->input_values, e);
        if (!c->input_names || !c->input_values) st = GL_E_NOMEM;
    }
    for (int i = 0; !st && i < in.n; i++) {
        memcpy(c->input_names[i], in.names[i], GL_NAME_MAX);
        c->input_values[i] = gl_array_retain(in.values[i]);
        c->ninputs++;
    }
    gl_params_free(&in);
    return st;
}

static gl_status read_inputs(const gl_json *j, int t, gl_case *c, gl_err *e) {
    char sn[64];
    if (absent(j, t)) return GL_OK;
    if (j->t[t].type != GL_J_OBJ)
        return gl_fail(e, GL_E_INVALID, "inputs must be an object {name: {shape, f64}}, got %s",
                       gl_json_snippet(j, t, sn, sizeof sn));
    c->concrete = true;
    if (!c->has_values)
        return gl_fail(e, GL_E_INVALID, "inputs are given but params has no values: give params as arrays "
                       "{name: {shape, f64}} or {\"random\": seed}");
    int rt = gl_json_get(j, t, "random");
    if (rt >= 0 && c->program) return read_program_random_inputs(j, t, rt, c, e);
    if (rt >= 0) return read_random_inputs(j, t, rt, c, e);
    int n = j->t[t].size;
    c->input_names = gl_alloc((size_t)n, sizeof *c->input_names, e);
    c->input_values = gl_alloc((size_t)n, sizeof *c->input_values, e);
    if (!c->input_names || !c->input_values) return GL_E_NOMEM;
    for (int k = gl_json_key_first(j, t); k >= 0; k = gl_json_key_next(j, t, k)) {
        char *name = c->input_names[c->ninputs];
        gl_err tmp = {GL_OK, ""};
        if (gl_json_str(j, k, "inputs key", name, GL_NAME_MAX, &tmp) || !name[0])
            return gl_fail(e, GL_E_INVALID, "inputs key %s must be an input name of 1..%d bytes",
                           gl_json_snippet(j, k, sn, sizeof sn), GL_NAME_MAX - 1);
        for (int i = 0; i < c->ninputs; i++)
            if (strcmp(c->input_names[i], name) == 0)
                return gl_fail(e, GL_E_INVALID, "inputs.%s is given twice", name);
        char f[GL_NAME_MAX + 16];
        snprintf(f, sizeof f, "inputs.%s", name);
        gl_array *a = NULL;
        gl_status st = gl_json_array_f64(j, k + 1, f, &a, e);
        if (st) return st;
        c->input_values[c->ninputs++] = a;
    }
    return GL_OK;
}

/* ------------------------------------------------------------------ the case */
gl_status gl_case_parse(const char *json, size_t len, gl_case *c, gl_err *e) {
    memset(c, 0, sizeof *c);
    gl_params_init(&c->params);
    /* Only the keys read are tokenized; "description", "comment", the result keys of a fixture and unknown
     * keys are validated and skipped (unknown ones are then refused by name). */
    const char *keep[sizeof TOP_KEYS / sizeof TOP_KEYS[0]];
    size_t nk = 0;
    for (int i = 0; TOP_KEYS[i]; i++)
        if (strcmp(TOP_KEYS[i], "description") != 0 && strcmp(TOP_KEYS[i], "comment") != 0) keep[nk++] = TOP_KEYS[i];
    keep[nk] = NULL;
    gl_json_opts opts = {keep, GL_CASE_MAX_JSON_VALUES};
    gl_json j;
    gl_status st = gl_json_parse_ex(&j, json, len, &opts, e);
    if (st) return st;
    char sn[64];
    if (j.t[0].type != GL_J_OBJ) {
        st = gl_fail(e, GL_E_PARSE, "a case must be a JSON object, got %s", gl_json_snippet(&j, 0, sn, sizeof sn));
        goto done;
    }
    if ((st = check_keys(&j, 0, "the case", TOP_KEYS, RESULT_KEYS, e))) goto done;
    int t = gl_json_get(&j, 0, "case");
    if (absent(&j, t)) snprintf(c->name, sizeof c->name, "case");
    else if ((st = gl_json_str(&j, t, "case", c->name, sizeof c->name, e))) goto done;
    t = gl_json_get(&j, 0, "program");
    if (!absent(&j, t)) {         /* Python source in place of "config" (c/src/front/) */
        if (!absent(&j, gl_json_get(&j, 0, "config"))) {
            st = gl_fail(e, GL_E_INVALID, "a case has \"config\" or \"program\", not both");
            goto done;
        }
        if (j.t[t].type != GL_J_STR) {
            st = gl_fail(e, GL_E_INVALID, "program must be a string (Python source), got %s",
                         gl_json_snippet(&j, t, sn, sizeof sn));
            goto done;
        }
        if ((st = gl_json_strdup(&j, t, "program", &c->program, e))) goto done;
        c->program_len = strlen(c->program);
    } else if ((st = read_config(&j, gl_json_get(&j, 0, "config"), c, e))) {
        goto done;
    }
    t = gl_json_get(&j, 0, "elem_bytes");
    c->elem_bytes = 2;
    if (!absent(&j, t)) {
        int64_t eb = 0;
        gl_err tmp = {GL_OK, ""};
        if (j.t[t].type != GL_J_NUM || gl_json_int(&j, t, "elem_bytes", &eb, &tmp) || (eb != 2 && eb != 4)) {
            st = gl_fail(e, GL_E_INVALID, "elem_bytes must be 2 (bf16) or 4 (fp32), got %s",
                         gl_json_snippet(&j, t, sn, sizeof sn));
            goto done;
        }
        c->elem_bytes = (int)eb;
    }
    if ((st = read_device(&j, gl_json_get(&j, 0, "device"), c, e))) goto done;
    if ((st = read_bind(&j, gl_json_get(&j, 0, "bind"), c, e))) goto done;
    if ((st = read_pipeline(&j, gl_json_get(&j, 0, "pipeline"), c, e))) goto done;
    if ((st = read_emit(&j, gl_json_get(&j, 0, "emit"), c, e))) goto done;
    if ((st = read_limits(&j, gl_json_get(&j, 0, "limits"), c, e))) goto done;
    if ((st = read_run_repeat(&j, gl_json_get(&j, 0, "run_repeat"), c, e))) goto done;
    if ((st = read_precision(&j, gl_json_get(&j, 0, "precision"), c, e))) goto done;
    if ((st = read_pypass(&j, gl_json_get(&j, 0, "pypass"), c, e))) goto done;
    if ((st = read_params(&j, gl_json_get(&j, 0, "params"), c, e))) goto done;
    if ((st = read_inputs(&j, gl_json_get(&j, 0, "inputs"), c, e))) goto done;
done:
    gl_json_free(&j);
    if (st) gl_case_free(c);
    return st;
}

void gl_case_free(gl_case *c) {
    if (!c) return;
    gl_params_free(&c->params);
    for (int i = 0; i < c->ninputs; i++) gl_array_release(c->input_values[i]);
    free(c->input_values);
    free(c->input_names);
    free(c->program);
    free(c->pypass);
    memset(c, 0, sizeof *c);
    gl_params_init(&c->params);
}
