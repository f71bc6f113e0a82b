/* api.c — the browser module's exported C functions (Emscripten only; not part of the native/WASI builds).
 *
 * The boundary is small and JSON-based, in the sql.js style: the JS wrapper (wasm/graphlab.mjs) copies the
 * request into the heap, makes ONE call, copies the answer out and frees everything before returning.
 *
 *   gl_wasm_result *gl_wasm_call(const char *method, const char *in, size_t len)
 *       Runs one method ("case", "presets", "version", ...) on a JSON request of len bytes. Returns a heap
 *       result the caller reads with the accessors below and frees with gl_wasm_result_free, or NULL when
 *       not even the result could be allocated (treat as GL_E_NOMEM). Every call owns its own result: there
 *       is no mutable global state, so calls are independent (and re-entrant).
 *   int         gl_wasm_result_status(r)    gl_status (0 = ok)
 *   const char *gl_wasm_result_out(r)       the answer JSON (NUL-terminated; NULL on error)
 *   size_t      gl_wasm_result_len(r)       its length in bytes
 *   const char *gl_wasm_result_msg(r)       the error message ("" when ok)
 *   void        gl_wasm_result_free(r)      frees the result and its answer; NULL-safe
 *   const char *gl_wasm_status_name(int s)  "invalid", "nomem", ... (static strings)
 *   const char *gl_wasm_version(void)       GL_VERSION (static string)
 *   double      gl_wasm_heap_in_use(void)   malloc'd bytes in use (dlmalloc's mallinfo().uordblks)
 *   double      gl_wasm_heap_arena(void)    bytes dlmalloc has obtained from the system (mallinfo().arena)
 *
 * "print" and "codegen" take {"case": CASE, "stage": NAME, "lang": "python"|"c"} and answer with the text
 * `graphlab print --stage NAME` / `graphlab codegen --stage NAME --lang L` prints (the lab's IR and code panels).
 *
 * Methods live in one table of {name, fn}: a new method is one function and one row. A method gets the request bytes and writes a malloc'd answer through *out / *outlen, or fails through
 * its gl_err; it must free everything else it allocated before returning.
 */
#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <emscripten.h>

#include "io/case.h"
#include "io/field_limits.h"
#include "ir/util.h"

typedef struct {
    int status;
    char *out;
    size_t len;
    char msg[GL_MSG_MAX];
} gl_wasm_result;

typedef gl_status (*gl_wasm_method_fn)(const char *in, size_t len, char **out, size_t *outlen, gl_err *e);

typedef struct {
    const char *name;
    gl_wasm_method_fn fn;
} gl_wasm_method;

/* ------------------------------------------------------------------ methods */

/* "case": a case file in, the result JSON out (exactly what `graphlab case FILE --compact` prints). */
static gl_status m_case(const char *in, size_t len, char **out, size_t *outlen, gl_err *e) {
    return gl_case_run(in, len, out, outlen, e);
}

/* "case_packed": the same case, answered in gl_case_write_packed's form (the lab's analysis: graphs and
 * provenance as int32 columns after the JSON; wasm/graphlab.mjs runCasePacked reads it). */
static gl_status m_case_packed(const char *in, size_t len, char **out, size_t *outlen, gl_err *e) {
    return gl_case_run_ex(in, len, GL_CASE_PACKED, out, outlen, e);
}

/* "presets": {"models": [...], "devices": [...], "passes": [...]}: what `graphlab presets` prints (every
 * field of gl_preset / gl_device, the default pipeline), plus each model's dims again as a "cfg" object
 * (the shape of gl_preset.cfg, which the lab's config panel reads). */
static gl_status m_presets(const char *in, size_t len, char **out, size_t *outlen, gl_err *e) {
    gl_sb sb;
    gl_sb_init(&sb);
    gl_sb_puts(&sb, "{\"models\":[");
    for (int i = 0; i < gl_preset_count(); i++) {
        const gl_preset *p = gl_preset_at(i);
        if (!p) continue;
        const gl_layer_cfg *c = &p->cfg;
        if (i) gl_sb_putc(&sb, ',');
        gl_sb_puts(&sb, "{\"name\":");
        gl_sb_json_str(&sb, p->name);
        gl_sb_puts(&sb, ",\"title\":");
        gl_sb_json_str(&sb, p->title);
        gl_sb_printf(&sb, ",\"d\":%lld,\"H\":%lld,\"G\":%lld,\"dh\":%lld,\"f\":%lld,\"eps\":", (long long)c->d,
                     (long long)c->H, (long long)c->G, (long long)c->dh, (long long)c->f);
        gl_sb_double(&sb, c->eps);
        gl_sb_puts(&sb, ",\"theta\":");
        gl_sb_double(&sb, c->theta);
        gl_sb_printf(&sb, ",\"layers\":%d,\"cfg\":{\"d\":%lld,\"H\":%lld,\"G\":%lld,\"dh\":%lld,\"f\":%lld,\"eps\":",
                     p->layers, (long long)c->d, (long long)c->H, (long long)c->G, (long long)c->dh, (long long)c->f);
        gl_sb_double(&sb, c->eps);
        gl_sb_puts(&sb, ",\"theta\":");
        gl_sb_double(&sb, c->theta);
        gl_sb_puts(&sb, "}}");
    }
    gl_sb_puts(&sb, "],\"devices\":[");
    for (int i = 0; i < gl_device_count(); i++) {
        const gl_device *d = gl_device_at(i);
        if (!d) continue;
        if (i) gl_sb_putc(&sb, ',');
        gl_sb_puts(&sb, "{\"name\":");
        gl_sb_json_str(&sb, d->name);
        gl_sb_puts(&sb, ",\"title\":");
        gl_sb_json_str(&sb, d->title);
        gl_sb_puts(&sb, ",\"mm_flops\":");
        gl_sb_double(&sb, d->mm_flops);
        gl_sb_puts(&sb, ",\"vec_flops\":");
        gl_sb_double(&sb, d->vec_flops);
        gl_sb_puts(&sb, ",\"bw\":");
        gl_sb_double(&sb, d->bw);
        gl_sb_puts(&sb, ",\"launch\":");
        gl_sb_double(&sb, d->launch);
        gl_sb_puts(&sb, ",\"source\":");
        gl_sb_json_str(&sb, d->source ? d->source : "");
        gl_sb_putc(&sb, '}');
    }
    gl_sb_puts(&sb, "],\"passes\":[");
    for (int i = 0; i < gl_pipeline_length(); i++) {
        if (i) gl_sb_putc(&sb, ',');
        gl_sb_json_str(&sb, gl_pass_name_at(i));
    }
    gl_sb_puts(&sb, "]}");
    return gl_sb_finish(&sb, out, outlen, e);
}

/* "version": {"version": "0.1.0", "passes": [default pipeline]}. */
static gl_status m_version(const char *in, size_t len, char **out, size_t *outlen, gl_err *e) {
    gl_sb sb;
    gl_sb_init(&sb);
    gl_sb_puts(&sb, "{\"version\":");
    gl_sb_json_str(&sb, GL_VERSION);
    gl_sb_puts(&sb, ",\"passes\":[");
    for (int i = 0; i < gl_pipeline_length(); i++) {
        if (i) gl_sb_putc(&sb, ',');
        gl_sb_json_str(&sb, gl_pass_name_at(i));
    }
    gl_sb_puts(&sb, "]}");
    return gl_sb_finish(&sb, out, outlen, e);
}

/* "meta": the core's accepted ranges, what `graphlab meta` prints (compact). */
static gl_status m_meta(const char *in, size_t len, char **out, size_t *outlen, gl_err *e) {
    (void)in;
    (void)len;
    return gl_meta_json(false, out, outlen, e);
}

/* A {"case": {...}, "stage": "...", "lang": "..."} request: the case run up to its passes (no fusion, no
 * interpreter), and the optional strings. */
typedef struct {
    gl_case c;
    gl_case_result r;
    char stage[40], lang[16];
    bool has_stage;
} text_req;

static gl_status text_req_read(const char *method, const char *in, size_t len, text_req *q, gl_err *e) {
    memset(q, 0, sizeof *q);
    gl_json j;
    gl_status st = gl_json_parse(&j, in, len, e);
    if (st) return st;
    int root = 0, ct = -1, stt = -1, lt = -1;
    if ((st = gl_json_expect(&j, root, GL_J_OBJ, "request", e))) goto out;
    ct = gl_json_get(&j, root, "case");
    stt = gl_json_get(&j, root, "stage");
    lt = gl_json_get(&j, root, "lang");
    if (ct < 0) {
        st = gl_fail(e, GL_E_INVALID, "%s: the request has no \"case\"", method);
        goto out;
    }
    if ((st = gl_json_expect(&j, ct, GL_J_OBJ, "case", e))) goto out;
    if (stt >= 0 && !gl_json_is_null(&j, stt)) {
        if ((st = gl_json_str(&j, stt, "stage", q->stage, sizeof q->stage, e))) goto out;
        q->has_stage = true;
    }
    if (lt >= 0 && (st = gl_json_str(&j, lt, "lang", q->lang, sizeof q->lang, e))) goto out;
    if ((st = gl_case_parse(in + j.t[ct].start, (size_t)(j.t[ct].end - j.t[ct].start), &q->c, e))) goto out;
    if ((st = gl_case_compute(&q->c, GL_CASE_PASSES_ONLY, &q->r, e))) goto out;
out:
    gl_json_free(&j);
    return st;
}

static void text_req_free(text_req *q) {
    gl_case_result_free(&q->r);
    gl_case_free(&q->c);
}

/* The CLI writes a newline after the text: *s (length n) gets one too. */
static gl_status add_newline(char **s, size_t n, gl_err *e) {
    char *t = realloc(*s, n + 2);
    if (!t) return gl_fail(e, GL_E_NOMEM, "out of memory adding a newline to %zu bytes", n);
    t[n] = '\n';
    t[n + 1] = 0;
    *s = t;
    return GL_OK;
}

static int find_stage(const gl_case_result *r, const char *name, gl_err *e) {
    for (int i = 0; i < r->nst; i++)
        if (strcmp(name, r->st[i].key) == 0) return i;
    gl_fail(e, GL_E_INVALID, "stage \"%s\" is not a stage of this case", name);
    return -1;
}

/* "print": {"stages": [{"key": "trace", "text": "..."}, ...]}: every stage (or only "stage"), each text
 * what `graphlab print --stage KEY` prints (the graph's text and a newline). */
static gl_status m_print(const char *in, size_t len, char **out, size_t *outlen, gl_err *e) {
    text_req q;
    gl_status st = text_req_read("print", in, len, &q, e);
    int only = -1, nput = 0;
    gl_sb sb;
    gl_sb_init(&sb);
    if (!st && q.has_stage && (only = find_stage(&q.r, q.stage, e)) < 0) st = GL_E_INVALID;
    gl_sb_puts(&sb, "{\"stages\":[");
    for (int i = 0; !st && i < q.r.nst; i++) {
        if (only >= 0 && i != only) continue;
        char *txt = NULL;
        if ((st = gl_graph_print(q.r.st[i].r.graph, &txt, e))) break;
        if (nput++) gl_sb_putc(&sb, ',');
        gl_sb_puts(&sb, "{\"key\":");
        gl_sb_json_str(&sb, q.r.st[i].key);
        gl_sb_puts(&sb, ",\"text\":");
        if ((st = add_newline(&txt, strlen(txt), e))) {
            free(txt);
            break;
        }
        gl_sb_json_str(&sb, txt);
        free(txt);
        gl_sb_putc(&sb, '}');
    }
    gl_sb_puts(&sb, "]}");
    text_req_free(&q);
    if (st) {
        gl_sb_free(&sb);
        return st;
    }
    return gl_sb_finish(&sb, out, outlen, e);
}

/* "codegen": {"stage": KEY, "lang": L, "text": "..."}: the stage (default: the last) as `graphlab codegen
 * --stage KEY --lang L` prints it (Python: the reference's text and a newline; C: the standalone program). */
static gl_status m_codegen(const char *in, size_t len, char **out, size_t *outlen, gl_err *e) {
    text_req q;
    gl_status st = text_req_read("codegen", in, len, &q, e);
    char *src = NULL;
    size_t n = 0;
    int at = -1;
    bool c_lang = !strcmp(q.lang, "c");
    if (!st && !c_lang && q.lang[0] && strcmp(q.lang, "python") != 0)
        st = gl_fail(e, GL_E_INVALID, "codegen: lang must be python or c, got \"%s\"", q.lang);
    if (!st && (at = q.has_stage ? find_stage(&q.r, q.stage, e) : q.r.nst - 1) < 0) st = GL_E_INVALID;
    if (!st)
        st = c_lang ? gl_codegen_c(q.r.st[at].r.graph, &q.c.bind, &src, &n, e)
                    : gl_codegen_python(q.r.st[at].r.graph, NULL, &src, &n, e);
    if (!st && !c_lang) st = add_newline(&src, n, e);
    gl_sb sb;
    gl_sb_init(&sb);
    if (!st) {
        gl_sb_puts(&sb, "{\"stage\":");
        gl_sb_json_str(&sb, q.r.st[at].key);
        gl_sb_puts(&sb, ",\"lang\":");
        gl_sb_json_str(&sb, c_lang ? "c" : "python");
        gl_sb_puts(&sb, ",\"text\":");
        gl_sb_json_str(&sb, src);
        gl_sb_putc(&sb, '}');
    }
    free(src);
    text_req_free(&q);
    if (st) {
        gl_sb_free(&sb);
        return st;
    }
    return gl_sb_finish(&sb, out, outlen, e);
}

static double pp_now_ms(void) {
    struct timespec ts;
    if (clock_gettime(CLOCK_MONOTONIC, &ts) != 0) return 0.0;
    return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

/* "pypass": {"case": CASE, "pass": SOURCE, "name": FN, "at"?: STAGE, "file"?: NAME, "judge"?: bool, "seed"?: N}
 * → {"at": KEY, "text": str(graph) + newline, "hits": n|null, "console": print output, "steps": n, "ms": the
 * pass's time, "judge"?: {"verdict": "same"|"last_bits"|"not_run"|"broken"|"differs", "ok": bool, "line": ...}}:
 * `graphlab pypass` for the lab (the stage before the first stage called FN, or "at"; the last stage when FN is
 * not one). An error in the pass is the call's error ("pass.py:LINE:COL: ExcName: ..."). */
static gl_status m_pypass(const char *in, size_t len, char **out, size_t *outlen, gl_err *e) {
    static const char *const VERDICT[] = {"same", "last_bits", "not_run", "broken", "differs"};
    gl_json j;
    gl_status st = gl_json_parse(&j, in, len, e);
    if (st) return st;
    char fn[64] = "", at[40] = "", file[64] = "pass.py";
    char *src = NULL;
    bool judge = false, have_case = false;
    double seed = 0;
    gl_case c;
    gl_case_result r;
    memset(&c, 0, sizeof c);
    memset(&r, 0, sizeof r);
    int ct = -1, pt = -1, t;
    if ((st = gl_json_expect(&j, 0, GL_J_OBJ, "request", e))) goto out;
    ct = gl_json_get(&j, 0, "case");
    pt = gl_json_get(&j, 0, "pass");
    if (ct < 0 || pt < 0) {
        st = gl_fail(e, GL_E_INVALID, "pypass: the request needs \"case\" and \"pass\" (the Python source)");
        goto out;
    }
    if ((st = gl_json_expect(&j, ct, GL_J_OBJ, "case", e)) || (st = gl_json_str(&j, gl_json_get(&j, 0, "name"), "name", fn, sizeof fn, e)))
        goto out;
    if ((t = gl_json_get(&j, 0, "at")) >= 0 && !gl_json_is_null(&j, t) && (st = gl_json_str(&j, t, "at", at, sizeof at, e))) goto out;
    if ((t = gl_json_get(&j, 0, "file")) >= 0 && (st = gl_json_str(&j, t, "file", file, sizeof file, e))) goto out;
    if ((t = gl_json_get(&j, 0, "judge")) >= 0 && (st = gl_json_bool(&j, t, "judge", &judge, e))) goto out;
    if ((t = gl_json_get(&j, 0, "seed")) >= 0 && (st = gl_json_num(&j, t, "seed", &seed, e))) goto out;
    size_t slen = (size_t)(j.t[pt].end - j.t[pt].start) + 1;
    if (!(src = malloc(slen))) {
        st = gl_fail(e, GL_E_NOMEM, "out of memory");
        goto out;
    }
    if ((st = gl_json_str(&j, pt, "pass", src, slen, e))) goto out;
    if ((st = gl_case_parse(in + j.t[ct].start, (size_t)(j.t[ct].end - j.t[ct].start), &c, e))) goto out;
    have_case = true;
    if ((st = gl_case_compute(&c, GL_CASE_PASSES_ONLY, &r, e))) goto out;
    int from = -1;
    if (at[0] && (from = find_stage(&r, at, e)) < 0) {
        st = GL_E_INVALID;
        goto out;
    }
    for (int i = 1; from < 0 && i < r.nst; i++)
        if (strcmp(r.st[i].key, fn) == 0) from = i - 1;
    if (from < 0) from = r.nst - 1;
    gl_pypass_opts o = {fn, 0, 0};
    gl_pypass_result pr;
    double t0 = pp_now_ms();
    if ((st = gl_pypass_run(src, strlen(src), file, r.st[from].r.graph, &o, &pr, e))) goto out;
    double ms = pp_now_ms() - t0;
    char *txt = NULL;
    gl_sb sb;
    gl_sb_init(&sb);
    if (!(st = gl_graph_print(pr.graph, &txt, e)) && !(st = add_newline(&txt, strlen(txt), e))) {
        gl_sb_puts(&sb, "{\"at\":");
        gl_sb_json_str(&sb, r.st[from].key);
        gl_sb_puts(&sb, ",\"text\":");
        gl_sb_json_str(&sb, txt);
        if (pr.hits < 0) gl_sb_puts(&sb, ",\"hits\":null");
        else gl_sb_printf(&sb, ",\"hits\":%d", pr.hits);
        gl_sb_puts(&sb, ",\"console\":");
        gl_sb_json_str(&sb, pr.console);
        gl_sb_printf(&sb, ",\"steps\":%lld,\"ms\":%.3f", (long long)pr.steps, ms);
        if (judge) {
            gl_judge_result jr;
            if (!(st = gl_judge(r.st[from].r.graph, pr.graph, &c.bind, (uint64_t)seed, &jr, e))) {
                gl_sb_puts(&sb, ",\"judge\":{\"verdict\":");
                gl_sb_json_str(&sb, VERDICT[jr.verdict]);
                gl_sb_printf(&sb, ",\"ok\":%s,\"line\":", jr.verdict < GL_JUDGE_BROKEN ? "true" : "false");
                gl_sb_json_str(&sb, jr.line);
                gl_sb_putc(&sb, '}');
            }
        }
        gl_sb_putc(&sb, '}');
    }
    free(txt);
    gl_pypass_free(&pr);
    if (st) gl_sb_free(&sb);
    else st = gl_sb_finish(&sb, out, outlen, e);
out:
    free(src);
    gl_case_result_free(&r);
    if (have_case) gl_case_free(&c);
    gl_json_free(&j);
    return st;
}

static const gl_wasm_method METHODS[] = {
    {"case", m_case},
    {"presets", m_presets},
    {"version", m_version},
    {"meta", m_meta},
    {"branch", gl_branch_demo_json},
    {"dynamic", gl_dynamic_demo_json},
    {"print", m_print},
    {"codegen", m_codegen},
    {"trace", gl_program_trace_json},          /* c/src/front/py_json.c */
    {"pypass", m_pypass},                      /* a pass written in Python on a case's stage (py_passapi.c) */
    {"case_packed", m_case_packed},            /* the lab's analysis; last, so the list errors show is unchanged */
};
#define NMETHODS ((int)(sizeof METHODS / sizeof METHODS[0]))

static gl_status unknown_method(const char *method, gl_err *e) {
    char known[256];
    size_t n = 0;
    known[0] = 0;
    for (int i = 0; i < NMETHODS && n + 1 < sizeof known; i++) {
        int w = snprintf(known + n, sizeof known - n, "%s%s", i ? ", " : "", METHODS[i].name);
        if (w < 0) break;
        n += (size_t)w;
    }
    /* at most 64 bytes of the name, cut before a UTF-8 continuation byte so the message stays UTF-8 */
    const char *m = method ? method : "";
    int cut = 0;
    while (cut < 64 && m[cut]) cut++;
    while (cut > 0 && m[cut] && ((unsigned char)m[cut] & 0xC0) == 0x80) cut--;
    return gl_fail(e, GL_E_INVALID, "unknown method \"%.*s\" (known: %s)", cut, m, known);
}

/* ------------------------------------------------------------------ exports */

EMSCRIPTEN_KEEPALIVE gl_wasm_result *gl_wasm_call(const char *method, const char *in, size_t len) {
    gl_wasm_result *r = calloc(1, sizeof *r);
    if (!r) return NULL;
    gl_err e = {GL_OK, ""};
    gl_status st = GL_OK;
    const gl_wasm_method *m = NULL;
    for (int i = 0; method && i < NMETHODS; i++)
        if (strcmp(METHODS[i].name, method) == 0) m = &METHODS[i];
    if (!m) st = unknown_method(method, &e);
    else if (!in && len) st = gl_fail(&e, GL_E_INVALID, "%s: request is NULL", m->name);
    else {
        st = m->fn(in ? in : "", len, &r->out, &r->len, &e);
        if (st == GL_OK && !r->out) st = gl_fail(&e, GL_E_INTERNAL, "%s: method returned no answer", m->name);
    }
    if (st != GL_OK) {
        free(r->out);
        r->out = NULL;
        r->len = 0;
        if (e.code == GL_OK) e.code = st;
        if (!e.msg[0]) strncpy(e.msg, gl_status_name(st), sizeof e.msg - 1);
    }
    r->status = (int)st;
    memcpy(r->msg, e.msg, sizeof r->msg);
    r->msg[sizeof r->msg - 1] = 0;
    return r;
}

EMSCRIPTEN_KEEPALIVE int gl_wasm_result_status(const gl_wasm_result *r) { return r ? r->status : GL_E_NOMEM; }
EMSCRIPTEN_KEEPALIVE const char *gl_wasm_result_out(const gl_wasm_result *r) { return r ? r->out : NULL; }
EMSCRIPTEN_KEEPALIVE size_t gl_wasm_result_len(const gl_wasm_result *r) { return r ? r->len : 0; }
EMSCRIPTEN_KEEPALIVE const char *gl_wasm_result_msg(const gl_wasm_result *r) {
    return r ? r->msg : "out of memory";
}

EMSCRIPTEN_KEEPALIVE void gl_wasm_result_free(gl_wasm_result *r) {
    if (!r) return;
    free(r->out);
    free(r);
}

EMSCRIPTEN_KEEPALIVE const char *gl_wasm_status_name(int s) { return gl_status_name((gl_status)s); }
EMSCRIPTEN_KEEPALIVE const char *gl_wasm_version(void) { return GL_VERSION; }

/* Returned as double: in a 2 GiB heap a size_t can exceed INT32_MAX, which JS would read as negative. */
EMSCRIPTEN_KEEPALIVE double gl_wasm_heap_in_use(void) { return (double)mallinfo().uordblks; }
EMSCRIPTEN_KEEPALIVE double gl_wasm_heap_arena(void) { return (double)mallinfo().arena; }
