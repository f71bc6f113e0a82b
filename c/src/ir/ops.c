/* ops.c — the op set: names and classes, exactly the reference's sets (§1). */
#include <string.h>

#include "graphlab.h"

static const struct {
    const char *name;
    gl_opclass cls;
    int arity;
} OPS[GL_OP_COUNT] = {
    [GL_OP_INPUT] = {"input", GL_CLASS_LEAF, 0},
    [GL_OP_PARAM] = {"param", GL_CLASS_LEAF, 0},
    [GL_OP_CONST] = {"const", GL_CLASS_LEAF, 0},
    [GL_OP_ADD] = {"add", GL_CLASS_POINTWISE, 2},
    [GL_OP_SUB] = {"sub", GL_CLASS_POINTWISE, 2},
    [GL_OP_MUL] = {"mul", GL_CLASS_POINTWISE, 2},
    [GL_OP_DIV] = {"div", GL_CLASS_POINTWISE, 2},
    [GL_OP_MAXIMUM] = {"maximum", GL_CLASS_POINTWISE, 2},
    [GL_OP_NEG] = {"neg", GL_CLASS_POINTWISE, 1},
    [GL_OP_EXP] = {"exp", GL_CLASS_POINTWISE, 1},
    [GL_OP_LOG] = {"log", GL_CLASS_POINTWISE, 1},
    [GL_OP_TANH] = {"tanh", GL_CLASS_POINTWISE, 1},
    [GL_OP_SQRT] = {"sqrt", GL_CLASS_POINTWISE, 1},
    [GL_OP_RSQRT] = {"rsqrt", GL_CLASS_POINTWISE, 1},
    [GL_OP_RECIP] = {"recip", GL_CLASS_POINTWISE, 1},
    [GL_OP_ROT_PAIRS] = {"rot_pairs", GL_CLASS_POINTWISE, 1},
    [GL_OP_GT] = {"gt", GL_CLASS_POINTWISE, 2},
    [GL_OP_LT] = {"lt", GL_CLASS_POINTWISE, 2},
    [GL_OP_SUM] = {"sum", GL_CLASS_REDUCE, 1},
    [GL_OP_MAX] = {"max", GL_CLASS_REDUCE, 1},
    [GL_OP_RESHAPE] = {"reshape", GL_CLASS_VIEW, 1},
    [GL_OP_TRANSPOSE] = {"transpose", GL_CLASS_VIEW, 1},
    [GL_OP_CAUSAL_MASK] = {"causal_mask", GL_CLASS_GENERATOR, 0},
    [GL_OP_SOFTMAX] = {"softmax", GL_CLASS_COMPOSITE, 1},
    [GL_OP_RMS_NORM] = {"rms_norm", GL_CLASS_COMPOSITE, 2},
    [GL_OP_SILU] = {"silu", GL_CLASS_COMPOSITE, 1},
    [GL_OP_MATMUL] = {"matmul", GL_CLASS_SPECIAL, 2},
    [GL_OP_KV_WRITE] = {"kv_write", GL_CLASS_SPECIAL, 2},
    [GL_OP_FLASH_ATTN] = {"flash_attn", GL_CLASS_SPECIAL, 3},
};

const char *gl_op_name(gl_op op) { return (unsigned)op < GL_OP_COUNT ? OPS[op].name : "?"; }

int gl_op_from_name(const char *name) {
    for (int i = 0; i < GL_OP_COUNT; i++)
        if (name && strcmp(OPS[i].name, name) == 0) return i;
    return -1;
}

gl_opclass gl_op_class(gl_op op) { return (unsigned)op < GL_OP_COUNT ? OPS[op].cls : GL_CLASS_SPECIAL; }

int gl_op_arity(gl_op op) { return (unsigned)op < GL_OP_COUNT ? OPS[op].arity : 0; }

const char *gl_opclass_name(gl_opclass c) {
    static const char *const names[] = {"LEAF", "POINTWISE", "REDUCE", "VIEW", "GENERATOR", "COMPOSITE", "SPECIAL"};
    return (unsigned)c < sizeof names / sizeof names[0] ? names[c] : "?";
}

const char *gl_branch_mode_name(gl_branch_mode m) {
    switch (m) {
    case GL_BRANCH_ERROR: return "error";
    case GL_BRANCH_SPECIALIZE: return "specialize";
    case GL_BRANCH_GUARD: return "guard";
    }
    return "?";
}

int gl_branch_mode_from_name(const char *name) {
    if (!name) return -1;
    if (strcmp(name, "error") == 0) return GL_BRANCH_ERROR;
    if (strcmp(name, "specialize") == 0) return GL_BRANCH_SPECIALIZE;
    if (strcmp(name, "guard") == 0) return GL_BRANCH_GUARD;
    return -1;
}
