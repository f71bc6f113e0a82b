/* py_dir.c — dir(obj) for the program's own objects: an instance's attributes, its class's and its bases'
 * namespaces, and what CPython 3.11's object (and BaseException, @dataclass) add, sorted, as CPython lists
 * them. dir() of a built-in value or a module (CPython's lists hold their private names), and dir() with no
 * argument (its names depend on how CPython was started), are refused with a message that says so. */
#include <string.h>

#include "front/py.h"
#include "front/py_class.h"

static const char *const OBJECT_NAMES[] = {
    "__class__", "__delattr__", "__dir__", "__doc__", "__eq__", "__format__", "__ge__", "__getattribute__",
    "__getstate__", "__gt__", "__hash__", "__init__", "__init_subclass__", "__le__", "__lt__", "__ne__", "__new__",
    "__reduce__", "__reduce_ex__", "__repr__", "__setattr__", "__sizeof__", "__str__", "__subclasshook__", NULL};
static const char *const USER_CLASS_NAMES[] = {"__dict__", "__module__", "__weakref__", NULL};
static const char *const EXC_NAMES[] = {"__cause__", "__context__", "__setstate__", "__suppress_context__",
                                        "__traceback__", "add_note", "args", "with_traceback", NULL};
static const char *const DATACLASS_NAMES[] = {"__annotations__", "__dataclass_fields__", "__dataclass_params__",
                                              "__match_args__", NULL};

static bool add(py_interp *I, py_val *set, const char *n) {
    py_val *k = py_str(I, n, strlen(n));
    return k && !py_dict_set(I, set, k, &py_None);
}

static bool add_all(py_interp *I, py_val *set, const char *const *names) {
    for (int i = 0; names[i]; i++)
        if (!add(I, set, names[i])) return false;
    return true;
}

static bool add_env(py_interp *I, py_val *set, py_env *e) {
    for (int i = 0; e && i < e->n; i++)
        if (e->vals[i] && strcmp(e->names[i], "__qualname__") != 0 && !add(I, set, e->names[i])) return false;
    return true;
}

py_val *py_dir(py_interp *I, const py_node *at, py_args *a) {
    if (a->nkw) return py_fail(I, at, GL_E_INVALID, "TypeError: dir() takes no keyword arguments");
    if (a->npos > 1) return py_fail(I, at, GL_E_INVALID, "TypeError: dir expected at most 1 argument, got %d", a->npos);
    if (!a->npos)
        return py_fail(I, at, GL_E_INVALID, "dir() without an argument is not supported (its names depend on how CPython "
                       "was started): write dir(obj), or sorted(globals-you-made)");
    py_val *o = a->pos[0], *set = py_dict_new(I), *cls = NULL;
    if (!set) return NULL;
    if (o->kind == V_INST) {
        cls = o->u.inst->cls;
        if (!add_env(I, set, o->u.inst->attrs)) return NULL;
    } else if (o->kind == V_CLASS && !(o->u.cls->flags & (CF_BUILTIN | CF_PSEUDO))) {
        cls = o;
    } else {
        return py_fail(I, at, GL_E_INVALID, "dir() of a %s is not supported in GraphLab: dir() lists the attributes of "
                       "your own classes and their instances", py_type_name(o));
    }
    if (cls) {
        if (cls->u.cls->bkind)
            return py_fail(I, at, GL_E_INVALID, "dir() of a class derived from a built-in type is not supported in GraphLab");
        bool exc = false;
        for (py_val *c = cls; c; c = c->u.cls->base) {
            if (c->u.cls->flags & CF_BUILTIN) {   /* object, the exception classes: CPython's names below */
                exc |= (c->u.cls->flags & CF_EXC) != 0;
                continue;
            }
            if (!add_env(I, set, c->u.cls->ns) || !add_all(I, set, USER_CLASS_NAMES)) return NULL;
            if ((c->u.cls->flags & CF_DATACLASS) && !add_all(I, set, DATACLASS_NAMES)) return NULL;
        }
        if (!add_all(I, set, OBJECT_NAMES) || (exc && !add_all(I, set, EXC_NAMES))) return NULL;
    }
    int n = py_dict_len(set), pos = 0;
    py_val *l = py_seq(I, V_LIST, n), *k, *v;
    if (!l) return NULL;
    for (int i = 0; py_dict_next(set, &pos, &k, &v); i++) l->u.seq.v[i] = k;
    if (!py_work(I, at, n) || py_sort(I, at, l->u.seq.v, n, NULL, false)) return NULL;
    return l;
}
