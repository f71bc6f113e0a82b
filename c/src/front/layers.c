/* layers.c — Llama-style layers written against the builder API (§7): configs and presets, RoPE
 * tables, prefill and decode (plain and masked) layers, stacks of L layers, and the model tracer. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "front/rng.h"
#include "front/tracer.h"
#include "ir/util.h"

/* Published configs (d, H, G, dh, f, eps, theta, layers) from each model's config.json. */
static const gl_preset PRESETS[] = {
    {"small", "Small demo (64-d)", {64, 8, 2, 8, 128, 1e-5, 10000.0}, 2},
    {"llama3-8b", "Llama-3-8B", {4096, 32, 8, 128, 14336, 1e-5, 500000.0}, 32},
    {"llama3-70b", "Llama-3-70B", {8192, 64, 8, 128, 28672, 1e-5, 500000.0}, 80},
    {"llama3.1-405b", "Llama-3.1-405B", {16384, 128, 8, 128, 53248, 1e-5, 500000.0}, 126},
    {"llama3.2-1b", "Llama-3.2-1B", {2048, 32, 8, 64, 8192, 1e-5, 500000.0}, 16},
    {"llama3.2-3b", "Llama-3.2-3B", {3072, 24, 8, 128, 8192, 1e-5, 500000.0}, 28},
    {"llama2-7b", "Llama-2-7B", {4096, 32, 32, 128, 11008, 1e-5, 10000.0}, 32},
    {"mistral-7b", "Mistral-7B-v0.1", {4096, 32, 8, 128, 14336, 1e-5, 10000.0}, 32},
    {"qwen2.5-7b", "Qwen2.5-7B", {3584, 28, 4, 128, 18944, 1e-6, 1000000.0}, 28},
};
#define NPRESETS ((int)(sizeof PRESETS / sizeof PRESETS[0]))

int gl_preset_count(void) { return NPRESETS; }
const gl_preset *gl_preset_at(int i) { return i >= 0 && i < NPRESETS ? &PRESETS[i] : NULL; }

const gl_preset *gl_preset_find(const char *name) {
    for (int i = 0; name && i < NPRESETS; i++)
        if (strcmp(PRESETS[i].name, name) == 0) return &PRESETS[i];
    return NULL;
}

/* GL_MAX_DIM and GL_MAX_LAYERS (util.h) bound every config. */

static gl_status check_dim(const char *field, int64_t v, gl_err *e) {
    if (v < 1) return gl_fail(e, GL_E_INVALID, "config.%s must be a positive integer, got %lld", field, (long long)v);
    if (v > GL_MAX_DIM)
        return gl_fail(e, GL_E_LIMIT, "config.%s is %lld, above the limit %lld", field, (long long)v, (long long)GL_MAX_DIM);
    return GL_OK;
}

gl_status gl_layer_cfg_validate(const gl_layer_cfg *c, gl_err *e) {
    gl_status st;
    if ((st = check_dim("d", c->d, e)) || (st = check_dim("H", c->H, e)) || (st = check_dim("G", c->G, e)) ||
        (st = check_dim("dh", c->dh, e)) || (st = check_dim("f", c->f, e)))
        return st;
    if (c->H % c->G != 0)
        return gl_fail(e, GL_E_INVALID, "config.H (%lld) must be divisible by config.G (%lld)", (long long)c->H,
                       (long long)c->G);
    char num[40];
    if (!(c->eps > 0) || !isfinite(c->eps))
        return gl_fail(e, GL_E_INVALID, "config.eps must be a positive number, got %s", gl_fmt_double(c->eps, num));
    if (!(c->theta > 0) || !isfinite(c->theta))
        return gl_fail(e, GL_E_INVALID, "config.theta must be a positive number, got %s", gl_fmt_double(c->theta, num));
    return GL_OK;
}

gl_status gl_model_cfg_validate(const gl_model_cfg *m, gl_err *e) {
    gl_status st = gl_layer_cfg_validate(&m->layer, e);
    if (st) return st;
    if (m->layers < 1 || m->layers > GL_MAX_LAYERS)
        return gl_fail(e, m->layers < 1 ? GL_E_INVALID : GL_E_LIMIT,
                       "config.layers must be 1..%d (the layer-count limit), got %d", GL_MAX_LAYERS, m->layers);
    if (m->mode == GL_MODE_PREFILL) {
        /* prefill builds its RoPE tables (rotating pairs of the dh axis); decode takes cos/sin as inputs, so
         * an odd dh traces there, as in the reference (its numbers then fail at rot_pairs, as numpy's do) */
        if (m->layer.dh % 2 != 0)
            return gl_fail(e, GL_E_INVALID, "config.dh (%lld) must be even for prefill: its RoPE tables rotate pairs",
                           (long long)m->layer.dh);
        if ((st = check_dim("T", m->T, e))) return st;
        if (m->pos0 < 0 || m->pos0 > GL_MAX_DIM)
            return gl_fail(e, GL_E_INVALID, "config.pos0 must be 0..%lld, got %lld", (long long)GL_MAX_DIM,
                           (long long)m->pos0);
    } else if (m->mode == GL_MODE_DECODE) {
        if ((st = check_dim("S", m->S, e))) return st;
    } else {
        return gl_fail(e, GL_E_INVALID, "config.mode must be \"prefill\" or \"decode\"");
    }
    return GL_OK;
}

/* Shape-only models never read the tables' numbers, so they get shells (same shape and identity). */
static gl_status rope_shells(int64_t T, int64_t dh, gl_array **cos_out, gl_array **sin_out, gl_err *e) {
    int64_t dims[3] = {1, T, dh};
    *sin_out = NULL;
    gl_status st = gl_array_shell(3, dims, cos_out, e);
    if (!st && (st = gl_array_shell(3, dims, sin_out, e))) {
        gl_array_release(*cos_out);
        *cos_out = NULL;
    }
    return st;
}

static bool has_values(const gl_params *p) {
    for (int i = 0; p && i < p->n; i++)
        if (p->values[i]) return true;
    return false;
}

gl_status gl_rope_tables(int64_t T, int64_t dh, int64_t pos0, double theta, gl_array **cos_out, gl_array **sin_out,
                         gl_err *e) {
    *cos_out = *sin_out = NULL;
    if (T < 1 || dh < 2 || dh % 2)
        return gl_fail(e, GL_E_INVALID, "rope tables need T >= 1 and an even dh >= 2, got T=%lld dh=%lld", (long long)T,
                       (long long)dh);
    int64_t dims[3] = {1, T, dh};
    gl_array *c = NULL, *s = NULL;
    gl_status st = gl_array_new(3, dims, &c, e);
    if (st || (st = gl_array_new(3, dims, &s, e))) {
        gl_array_release(c);
        return st;
    }
    /* inv = theta ** (-arange(0, dh, 2) / dh); ang = arange(pos0, pos0 + T)[:, None] * inv */
    double *inv = gl_alloc((size_t)(dh / 2), sizeof *inv, e);
    if (!inv) {
        gl_array_release(c);
        gl_array_release(s);
        return GL_E_NOMEM;
    }
    for (int64_t i = 0; i < dh / 2; i++) inv[i] = pow(theta, (double)(-2 * i) / (double)dh);
    for (int64_t t = 0; t < T; t++)
        for (int64_t i = 0; i < dh / 2; i++) {
            double ang = (double)(pos0 + t) * inv[i];
            double cv = cos(ang), sv = sin(ang);
            c->data[t * dh + 2 * i] = c->data[t * dh + 2 * i + 1] = cv;
            s->data[t * dh + 2 * i] = s->data[t * dh + 2 * i + 1] = sv;
        }
    free(inv);
    *cos_out = c;
    *sin_out = s;
    return GL_OK;
}

static const char *const PARAM_NAMES[GL_LAYER_NPARAMS] = {"attn_norm", "wq", "wk", "wv", "wo",
                                                          "mlp_norm", "w_gate", "w_up", "w_down"};

const char *gl_layer_param_name(int i) { return i >= 0 && i < GL_LAYER_NPARAMS ? PARAM_NAMES[i] : NULL; }

gl_shape gl_layer_param_shape(const gl_layer_cfg *c, int i) {
    int64_t d = c->d, q = c->H * c->dh, kv = c->G * c->dh, f = c->f;
    int64_t dims[9][2] = {{d, 0}, {d, q}, {d, kv}, {d, kv}, {q, d}, {d, 0}, {d, f}, {d, f}, {f, d}};
    bool vec = (i == 0 || i == 5);
    return gl_shape_of(vec ? 1 : 2, dims[i < 0 || i > 8 ? 0 : i]);
}

/* ---- params */
void gl_params_init(gl_params *p) { memset(p, 0, sizeof *p); }

void gl_params_free(gl_params *p) {
    if (!p) return;
    for (int i = 0; i < p->n; i++) gl_array_release(p->values[i]);
    free(p->names);
    free(p->shapes);
    free(p->values);
    gl_params_init(p);
}

int gl_params_find(const gl_params *p, const char *name) {
    for (int i = 0; p && i < p->n; i++)
        if (strcmp(p->names[i], name) == 0) return i;
    return -1;
}

/* Adds param `name` (shorter than GL_NAME_MAX), which p does not hold yet: the caller knows. */
static gl_status params_append(gl_params *p, const char *name, gl_shape s, gl_array *value, gl_err *e) {
    if (p->n == p->cap) {
        int cap = p->cap ? p->cap * 2 : 16;
        char(*names)[GL_NAME_MAX] = gl_grow(p->names, (size_t)cap, sizeof *names, e);
        if (!names) return GL_E_NOMEM;
        p->names = names;
        gl_shape *shapes = gl_grow(p->shapes, (size_t)cap, sizeof *shapes, e);
        if (!shapes) return GL_E_NOMEM;
        p->shapes = shapes;
        gl_array **values = gl_grow(p->values, (size_t)cap, sizeof *values, e);
        if (!values) return GL_E_NOMEM;
        p->values = values;
        p->cap = cap;
    }
    int i = p->n++;
    memset(p->names[i], 0, GL_NAME_MAX);
    memcpy(p->names[i], name, strlen(name));
    p->shapes[i] = s;
    gl_array_retain(value);
    p->values[i] = value;
    return GL_OK;
}

gl_status gl_params_put(gl_params *p, const char *name, const gl_shape *shape, gl_array *value, gl_err *e) {
    if (!name || strlen(name) >= GL_NAME_MAX)
        return gl_fail(e, GL_E_INVALID, "param name '%.40s' is empty or longer than %d bytes", name ? name : "",
                       GL_NAME_MAX - 1);
    gl_shape s = value ? gl_array_shape(value) : *shape;
    int i = gl_params_find(p, name);
    if (i < 0) return params_append(p, name, s, value, e);
    p->shapes[i] = s;
    gl_array_retain(value);
    gl_array_release(p->values[i]);
    p->values[i] = value;
    return GL_OK;
}

/* "{layer}.{name}" (just the name for one layer) into buf[GL_NAME_MAX], by hand: snprintf was a tenth of a
 * 32-layer build. layer < GL_MAX_LAYERS and the names are short, so it always fits. */
static void param_name(char *buf, int layer, int layers, int i) {
    size_t n = 0;
    if (layers > 1) {
        char d[12];
        int k = 0;
        unsigned v = (unsigned)layer;
        do d[k++] = (char)('0' + v % 10); while ((v /= 10) && k < 10);
        while (k) buf[n++] = d[--k];
        buf[n++] = '.';
    }
    size_t len = strlen(PARAM_NAMES[i]);
    memcpy(buf + n, PARAM_NAMES[i], len + 1);
}

gl_status gl_params_shapes(gl_params *p, const gl_model_cfg *m, gl_err *e) {
    gl_status st = gl_model_cfg_validate(m, e);
    if (st) return st;
    /* into an empty set the names are new (distinct by construction): no search per name, which made 126
     * layers' 1,134 params a quarter of a 405B analysis */
    bool fresh = p->n == 0;
    for (int l = 0; l < m->layers; l++)
        for (int i = 0; i < GL_LAYER_NPARAMS; i++) {
            char name[GL_NAME_MAX];
            param_name(name, l, m->layers, i);
            gl_shape s = gl_layer_param_shape(&m->layer, i);
            if ((st = fresh ? params_append(p, name, s, NULL, e) : gl_params_put(p, name, &s, NULL, e))) return st;
        }
    return GL_OK;
}

gl_status gl_params_random(gl_params *p, const gl_model_cfg *m, uint64_t seed, gl_err *e) {
    gl_status st = gl_model_cfg_validate(m, e);
    if (st) return st;
    gl_rng r;
    gl_rng_seed(&r, seed);
    for (int l = 0; l < m->layers; l++)
        for (int i = 0; i < GL_LAYER_NPARAMS; i++) {
            char name[GL_NAME_MAX];
            param_name(name, l, m->layers, i);
            gl_shape s = gl_layer_param_shape(&m->layer, i);
            int64_t dims[2] = {s.d[0].n, s.rank > 1 ? s.d[1].n : 0};
            gl_array *a = NULL;
            if ((st = gl_array_new(s.rank, dims, &a, e))) return st;
            if (s.rank == 1) {
                for (int64_t k = 0; k < a->size; k++) a->data[k] = 1.0 + 0.1 * gl_rng_normal(&r);
            } else {
                double sc = 1.0 / sqrt((double)dims[0]);
                for (int64_t k = 0; k < a->size; k++) a->data[k] = gl_rng_normal(&r) * sc;
            }
            st = gl_params_put(p, name, NULL, a, e);
            gl_array_release(a);
            if (st) return st;
        }
    return GL_OK;
}

static gl_shape shape2(int64_t a, int64_t b);
static gl_shape shape3(int64_t a, int64_t b, int64_t c);

static gl_status put_input(gl_params *out, const char *name, gl_shape s, gl_rng *r, int kind, const gl_model_cfg *m,
                           gl_err *e) {
    int64_t dims[GL_MAX_RANK];
    for (int i = 0; i < s.rank; i++) dims[i] = s.d[i].n;
    gl_array *a = NULL;
    gl_status st = gl_array_new(s.rank, dims, &a, e);
    if (st) return st;
    int64_t dh = m->layer.dh, S = m->S;
    for (int64_t k = 0; k < a->size; k++) {
        switch (kind) {
        case 0: a->data[k] = gl_rng_normal(r); break;                                      /* x, caches */
        case 1:                                                                           /* cos, sin */
        case 2: {
            double ang = (double)(S - 1) * pow(m->layer.theta, (double)(-2 * (k / 2)) / (double)dh);
            a->data[k] = kind == 1 ? cos(ang) : sin(ang);
            break;
        }
        default: a->data[k] = (S > 3 && k >= S - 3) ? -INFINITY : 0.0; break;           /* kmask */
        }
    }
    st = gl_params_put(out, name, NULL, a, e);
    gl_array_release(a);
    return st;
}

/* The cache inputs of layer l: "k_cache" / "v_cache" for one layer, "{l}.k_cache" ... in a stack. */
static void cache_names(char *kn, char *vn, int l, int L) {
    if (L == 1) {
        snprintf(kn, GL_NAME_MAX, "k_cache");
        snprintf(vn, GL_NAME_MAX, "v_cache");
    } else {
        snprintf(kn, GL_NAME_MAX, "%d.k_cache", l);
        snprintf(vn, GL_NAME_MAX, "%d.v_cache", l);
    }
}

gl_status gl_inputs_random(gl_params *out, const gl_model_cfg *m, uint64_t seed, int64_t max_elems, gl_err *e) {
    gl_status st = gl_model_cfg_validate(m, e);
    if (st) return st;
    const gl_layer_cfg *c = &m->layer;
    int L = m->layers;
    int64_t total = m->mode == GL_MODE_PREFILL ? m->T * c->d
                                                : c->d + 2 * c->dh + (m->masked ? m->S : 0) + 2 * (int64_t)L * c->G * m->S * c->dh;
    if (total > max_elems)
        return gl_fail(e, GL_E_LIMIT, "inputs.random: the inputs need %lld values, above the run budget's %lld",
                       (long long)total, (long long)max_elems);
    gl_rng r;
    gl_rng_seed(&r, seed ^ 0x5DEECE66Dull);   /* a different stream from the params of the same seed */
    if (m->mode == GL_MODE_PREFILL) return put_input(out, "x", shape2(m->T, c->d), &r, 0, m, e);
    if (c->dh % 2 != 0)
        return gl_fail(e, GL_E_INVALID, "inputs.random: the cos/sin rows rotate pairs, so config.dh (%lld) must be even",
                       (long long)c->dh);
    if ((st = put_input(out, "x", shape2(1, c->d), &r, 0, m, e))) return st;
    for (int l = 0; l < L && !st; l++) {
        char kn[GL_NAME_MAX], vn[GL_NAME_MAX];
        cache_names(kn, vn, l, L);
        st = put_input(out, kn, shape3(c->G, m->S, c->dh), &r, 0, m, e);
        if (!st) st = put_input(out, vn, shape3(c->G, m->S, c->dh), &r, 0, m, e);
    }
    if (!st) st = put_input(out, "cos", shape3(1, 1, c->dh), &r, 1, m, e);
    if (!st) st = put_input(out, "sin", shape3(1, 1, c->dh), &r, 2, m, e);
    if (!st && m->masked) st = put_input(out, "kmask", shape3(1, 1, m->S), &r, 3, m, e);
    return st;
}

/* ---- the layers (statement by statement in the reference's evaluation order: node order is part of
 * the result, and C leaves the order of argument evaluation unspecified) */
static int rope(gl_tracer *tr, int t, int cos_id, int sin_id) {
    int a = gl_t_mul(tr, t, cos_id);
    int r = gl_t_rot_pairs(tr, t);
    int b = gl_t_mul(tr, r, sin_id);
    return gl_t_add(tr, a, b);
}

static int rope_const(gl_tracer *tr, int t, gl_array *cos_v, gl_array *sin_v) {
    int c = gl_t_const(tr, cos_v);
    int a = gl_t_mul(tr, t, c);
    int r = gl_t_rot_pairs(tr, t);
    int s = gl_t_const(tr, sin_v);
    int b = gl_t_mul(tr, r, s);
    return gl_t_add(tr, a, b);
}

static gl_shape shape3(int64_t a, int64_t b, int64_t c) {
    int64_t d[3] = {a, b, c};
    return gl_shape_of(3, d);
}

static gl_shape shape2(int64_t a, int64_t b) {
    int64_t d[2] = {a, b};
    return gl_shape_of(2, d);
}

/* h @ W reshaped to [.., n, dh] and (prefill) transposed to heads first */
static int project(gl_tracer *tr, int h, int w, gl_shape to, bool transpose) {
    int m = gl_t_matmul(tr, h, w);
    int r = gl_t_reshape(tr, m, &to);
    if (!transpose) return r;
    static const int perm[3] = {1, 0, 2};
    return gl_t_transpose(tr, r, perm, 3);
}

/* x + (silu(h @ w_gate) * (h @ w_up)) @ w_down with h = rms_norm(x, mlp_norm) */
static int mlp_block(gl_tracer *tr, const gl_layer_cfg *c, int x, const int *p) {
    int top = gl_tracer_enter(tr, "mlp");
    int b = gl_tracer_enter(tr, "norm");
    int h = gl_t_rms_norm(tr, x, p[5], c->eps);
    gl_tracer_leave(tr, b);
    b = gl_tracer_enter(tr, "swiglu");
    int g = gl_t_matmul(tr, h, p[6]);
    int sg = gl_t_silu(tr, g);
    int u = gl_t_matmul(tr, h, p[7]);
    int m = gl_t_mul(tr, sg, u);
    gl_tracer_leave(tr, b);
    b = gl_tracer_enter(tr, "down");
    int dn = gl_t_matmul(tr, m, p[8]);
    x = gl_t_add(tr, x, dn);
    gl_tracer_leave(tr, b);
    gl_tracer_leave(tr, top);
    return x;
}

int gl_prefill_layer(gl_tracer *tr, const gl_layer_cfg *c, int64_t T, int64_t pos0, gl_array *cos_v, gl_array *sin_v,
                     int x, const int *p) {
    int64_t H = c->H, G = c->G, dh = c->dh, R = c->H / c->G;
    int top = gl_tracer_enter(tr, "attention");
    int b = gl_tracer_enter(tr, "norm");
    int h = gl_t_rms_norm(tr, x, p[0], c->eps);
    gl_tracer_leave(tr, b);
    b = gl_tracer_enter(tr, "qkv");
    int q = project(tr, h, p[1], shape3(T, H, dh), true);
    int k = project(tr, h, p[2], shape3(T, G, dh), true);
    int v = project(tr, h, p[3], shape3(T, G, dh), true);
    gl_tracer_leave(tr, b);
    b = gl_tracer_enter(tr, "rope");
    q = rope_const(tr, q, cos_v, sin_v);
    k = rope_const(tr, k, cos_v, sin_v);
    gl_tracer_leave(tr, b);
    b = gl_tracer_enter(tr, "scores");
    gl_shape qs = shape3(G, R * T, dh);
    int qg = gl_t_reshape(tr, q, &qs);
    static const int swap[3] = {0, 2, 1};
    int kt = gl_t_transpose(tr, k, swap, 3);
    int s = gl_t_matmul(tr, qg, kt);
    int sc = gl_t_scalar(tr, 1.0 / sqrt((double)dh));
    s = gl_t_mul(tr, s, sc);
    int mask = gl_t_causal_mask(tr, s, T, pos0);
    s = gl_t_add(tr, s, mask);
    int pr = gl_t_softmax(tr, s, -1);
    int a = gl_t_matmul(tr, pr, v);
    gl_tracer_leave(tr, b);
    b = gl_tracer_enter(tr, "out");
    gl_shape hs = shape3(H, T, dh), flat = shape2(T, H * dh);
    static const int perm[3] = {1, 0, 2};
    a = gl_t_reshape(tr, a, &hs);
    a = gl_t_transpose(tr, a, perm, 3);
    a = gl_t_reshape(tr, a, &flat);
    int o = gl_t_matmul(tr, a, p[4]);
    x = gl_t_add(tr, x, o);
    gl_tracer_leave(tr, b);
    gl_tracer_leave(tr, top);
    return mlp_block(tr, c, x, p);
}

gl_status gl_decode_layer(gl_tracer *tr, const gl_layer_cfg *c, gl_dim pos, bool masked, int x, int k_cache,
                          int v_cache, int cos_id, int sin_id, int kmask, const int *p, int outs[3]) {
    int64_t H = c->H, G = c->G, dh = c->dh, R = c->H / c->G;
    int top = gl_tracer_enter(tr, "attention");
    int b = gl_tracer_enter(tr, "norm");
    int h = gl_t_rms_norm(tr, x, p[0], c->eps);
    gl_tracer_leave(tr, b);
    b = gl_tracer_enter(tr, "qkv");
    int q = project(tr, h, p[1], shape3(H, 1, dh), false);
    int k = project(tr, h, p[2], shape3(G, 1, dh), false);
    int v = project(tr, h, p[3], shape3(G, 1, dh), false);
    gl_tracer_leave(tr, b);
    b = gl_tracer_enter(tr, "rope");
    q = rope(tr, q, cos_id, sin_id);
    k = rope(tr, k, cos_id, sin_id);
    gl_tracer_leave(tr, b);
    b = gl_tracer_enter(tr, "kv cache");
    int K = gl_t_kv_write(tr, k_cache, k, pos);
    int V = gl_t_kv_write(tr, v_cache, v, pos);
    gl_tracer_leave(tr, b);
    b = gl_tracer_enter(tr, "scores");
    gl_shape qs = shape3(G, R, dh);
    int qg = gl_t_reshape(tr, q, &qs);
    static const int swap[3] = {0, 2, 1};
    int kt = gl_t_transpose(tr, K, swap, 3);
    int s = gl_t_matmul(tr, qg, kt);
    int sc = gl_t_scalar(tr, 1.0 / sqrt((double)dh));
    s = gl_t_mul(tr, s, sc);
    if (masked) s = gl_t_add(tr, s, kmask);
    int pr = gl_t_softmax(tr, s, -1);
    int a = gl_t_matmul(tr, pr, V);
    gl_tracer_leave(tr, b);
    b = gl_tracer_enter(tr, "out");
    gl_shape flat = shape2(1, H * dh);
    a = gl_t_reshape(tr, a, &flat);
    int o = gl_t_matmul(tr, a, p[4]);
    x = gl_t_add(tr, x, o);
    gl_tracer_leave(tr, b);
    gl_tracer_leave(tr, top);
    outs[0] = mlp_block(tr, c, x, p);
    outs[1] = K;
    outs[2] = V;
    return gl_tracer_status(tr);
}

/* Finds a param by name, trying the expected position first (params usually come in model order), so
 * a 126-layer stack does not pay a quadratic search. */
static int find_param(const gl_params *p, const char *name, int expected) {
    if (expected < p->n && strcmp(p->names[expected], name) == 0) return expected;
    return gl_params_find(p, name);
}

/* Records every param of the model (layer-major, the reference's dict order). */
static gl_status add_params(gl_tracer *tr, const gl_model_cfg *m, const gl_params *p, int *ids, gl_err *e) {
    for (int l = 0; l < m->layers; l++)
        for (int i = 0; i < GL_LAYER_NPARAMS; i++) {
            char name[GL_NAME_MAX];
            param_name(name, l, m->layers, i);
            gl_shape want = gl_layer_param_shape(&m->layer, i);
            int id;
            if (!p) {
                id = gl_t_param(tr, name, &want);
            } else {
                int k = find_param(p, name, l * GL_LAYER_NPARAMS + i);
                if (k < 0) return gl_fail(e, GL_E_INVALID, "params: missing '%s'", name);
                if (!gl_shape_eq(&p->shapes[k], &want)) {
                    char a[160], b[160];
                    return gl_fail(e, GL_E_SHAPE, "params.%s has shape %s, expected %s", name,
                                   gl_shape_str(&p->shapes[k], a, sizeof a), gl_shape_str(&want, b, sizeof b));
                }
                id = p->values[k] ? gl_t_param_value(tr, name, p->values[k]) : gl_t_param(tr, name, &want);
            }
            ids[l * GL_LAYER_NPARAMS + i] = id;
        }
    /* every expected name was found and names are unique, so a surplus means an unknown name */
    if (p && p->n != m->layers * GL_LAYER_NPARAMS)
        for (int k = 0; k < p->n; k++) {
            bool known = false;
            for (int l = 0; l < m->layers && !known; l++)
                for (int i = 0; i < GL_LAYER_NPARAMS && !known; i++) {
                    char name[GL_NAME_MAX];
                    param_name(name, l, m->layers, i);
                    known = strcmp(name, p->names[k]) == 0;
                }
            if (!known) return gl_fail(e, GL_E_INVALID, "params: unknown param '%s' for this config", p->names[k]);
        }
    return GL_OK;   /* tracer errors are sticky and surface at gl_tracer_finish */
}

gl_status gl_build_model(const gl_model_cfg *m, const gl_params *p, gl_graph **out, gl_err *e) {
    if (!out) return gl_fail(e, GL_E_INVALID, "gl_build_model: out is NULL");
    *out = NULL;
    gl_status st = gl_model_cfg_validate(m, e);
    if (st) return st;
    const gl_layer_cfg *c = &m->layer;
    int L = m->layers, nout = 0;
    int *ids = gl_alloc((size_t)L * GL_LAYER_NPARAMS, sizeof(int), e);
    int *outs = gl_alloc((size_t)(1 + 2 * L), sizeof(int), e);
    gl_tracer *tr = NULL;
    gl_array *cos_v = NULL, *sin_v = NULL;
    st = !ids || !outs ? gl_fail(e, GL_E_NOMEM, "gl_build_model: out of memory (%d layers)", L)
                       : gl_tracer_new(GL_BRANCH_ERROR, false, &tr, e);
    if (st) goto done;
    /* room for the whole trace at once (a layer is 51 nodes prefill, 45 decode), not a doubling per size */
    if ((st = gl_graph_reserve(gl_tracer_graph(tr), 56 * L + 16, e))) goto done;
    if (m->mode == GL_MODE_PREFILL) {
        gl_shape xs = shape2(m->T, c->d);
        int x = gl_t_input(tr, "x", &xs, NULL);
        if ((st = add_params(tr, m, p, ids, e))) goto done;
        /* one pair of tables for the whole stack: every layer's const nodes share it, so CSE merges them */
        st = has_values(p) ? gl_rope_tables(m->T, c->dh, m->pos0, c->theta, &cos_v, &sin_v, e)
                           : rope_shells(m->T, c->dh, &cos_v, &sin_v, e);
        if (st) goto done;
        /* Layer 1 (the first to find the stack's scalar const made, as every later one does) is traced; layers
         * 2.. repeat its nodes on their own input and params (gl_t_repeat: the same nodes the builder calls
         * make, without their shape rules and pool look-ups), or are traced when it declines. */
        int first = -1, last = -1, x_in = -1, x_out = -1;
        for (int l = 0; l < L; l++) {
            const int *pl = ids + l * GL_LAYER_NPARAMS;
            if (first >= 0) {
                int from[1 + GL_LAYER_NPARAMS], to[1 + GL_LAYER_NPARAMS], shift;
                from[0] = x_in;
                to[0] = x;
                for (int i = 0; i < GL_LAYER_NPARAMS; i++) {
                    from[1 + i] = ids[GL_LAYER_NPARAMS + i];
                    to[1 + i] = pl[i];
                }
                if (gl_t_repeat(tr, first, last, from, to, 1 + GL_LAYER_NPARAMS, &shift)) {
                    x = x_out + shift;
                    continue;
                }
            }
            int before = gl_tracer_graph(tr)->n, in = x;
            x = gl_prefill_layer(tr, c, m->T, m->pos0, cos_v, sin_v, x, pl);
            if (l == 1 && x >= before && !gl_tracer_status(tr)) {
                first = before;
                last = gl_tracer_graph(tr)->n;
                x_in = in;
                x_out = x;
            }
        }
        outs[nout++] = x;
    } else {
        gl_dim S = gl_dim_sym("S");
        gl_shape xs = shape2(1, c->d), cs = shape3(1, 1, c->dh), ms = shape3(1, 1, 1);
        gl_shape kv = shape3(c->G, 1, c->dh);
        kv.d[1] = S;
        ms.d[2] = S;
        int x = gl_t_input(tr, "x", &xs, NULL);
        int *kc = outs + 1;   /* reuse outs as scratch for cache ids: kc[2l], kc[2l+1] */
        for (int l = 0; l < L; l++) {
            char kn[GL_NAME_MAX], vn[GL_NAME_MAX];
            cache_names(kn, vn, l, L);
            kc[2 * l] = gl_t_input(tr, kn, &kv, NULL);
            kc[2 * l + 1] = gl_t_input(tr, vn, &kv, NULL);
        }
        int cos_id = gl_t_input(tr, "cos", &cs, NULL);
        int sin_id = gl_t_input(tr, "sin", &cs, NULL);
        int kmask = m->masked ? gl_t_input(tr, "kmask", &ms, NULL) : -1;
        if ((st = add_params(tr, m, p, ids, e))) goto done;
        for (int l = 0; l < L; l++) {
            int o[3];
            gl_decode_layer(tr, c, gl_dim_sym("P"), m->masked, x, kc[2 * l], kc[2 * l + 1], cos_id, sin_id, kmask,
                            ids + l * GL_LAYER_NPARAMS, o);
            x = o[0];
            kc[2 * l] = o[1];
            kc[2 * l + 1] = o[2];
        }
        outs[0] = x;
        nout = 1 + 2 * L;
    }
    st = gl_tracer_finish(tr, outs, nout, out, e);
    tr = NULL;
done:
    gl_tracer_free(tr);
    gl_array_release(cos_v);
    gl_array_release(sin_v);
    free(ids);
    free(outs);
    return st;
}
