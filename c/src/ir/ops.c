/* ops.c — the op set from the op table (graphlab_ops.h): names, classes, arities, attrs and kernel kinds,
 * exactly the reference's sets (§1). */
#include <string.h>

#include "graphlab.h"

static const struct {
    const char *name;
    gl_opclass cls;
    int min_in, max_in;
    unsigned req, opt;
    gl_kernel_kind kernel;
} OPS[] = {
#define GL_OP(E, name, cls, lo, hi, req, opt, kernel, ...) \
    [GL_OP_##E] = {name, GL_CLASS_##cls, lo, hi, req, opt, GL_K_##kernel},
#include "graphlab_ops.h"
#undef GL_OP
};
/* every op has its row (a row per enum value, in the enum's order) */
_Static_assert(sizeof OPS / sizeof OPS[0] == GL_OP_COUNT, "the op table has one row per gl_op");

const char *gl_op_name(gl_op op) { return (unsigned)op < GL_OP_COUNT ? OPS[op].name : "?"; }

int gl_op_from_name(const char *name) {
    for (int i = 0; i < GL_OP_COUNT; i++)
        if (name && strcmp(OPS[i].name, name) == 0) return i;
    return -1;
}

gl_opclass gl_op_class(gl_op op) { return (unsigned)op < GL_OP_COUNT ? OPS[op].cls : GL_CLASS_SPECIAL; }

int gl_op_arity(gl_op op) { return (unsigned)op < GL_OP_COUNT ? OPS[op].min_in : 0; }

int gl_op_max_arity(gl_op op) { return (unsigned)op < GL_OP_COUNT ? OPS[op].max_in : 0; }

bool gl_op_arity_ok(gl_op op, int nin) {
    return (unsigned)op < GL_OP_COUNT && nin >= OPS[op].min_in && nin <= OPS[op].max_in;
}

unsigned gl_op_attrs_required(gl_op op) { return (unsigned)op < GL_OP_COUNT ? OPS[op].req : 0; }

unsigned gl_op_attrs_allowed(gl_op op) { return (unsigned)op < GL_OP_COUNT ? OPS[op].req | OPS[op].opt : 0; }

gl_kernel_kind gl_op_kernel(gl_op op) { return (unsigned)op < GL_OP_COUNT ? OPS[op].kernel : GL_K_NONE; }

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
