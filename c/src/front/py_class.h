/* py_class.h — classes, instances, decorators and exceptions (py_class.c, py_exc.c, py_dataclass.c).
 * Included at the end of py.h: the hooks below are what py_eval.c, py_value.c and py_builtins.c call where
 * a value may be an object of a user class.
 *
 * Values of this lane (appended to py_vkind):
 *   V_CLASS   a class: user classes, the built-in exception classes, `object`, and "pseudo" classes that
 *             stand for the type of a built-in value without a builtin of its own (NoneType, function, Tensor)
 *   V_INST    an instance: its class, its attributes (a py_env without `up`), and for exceptions args /
 *             __cause__ / __context__ and where it was first raised
 *   V_METHOD  a bound method (self, function)
 *   V_WRAP    staticmethod / classmethod / property / super() / dataclasses.field(...) / NotImplemented / ...
 * Builtins of this lane are V_BUILTIN values with ids from BC_FIRST up (dispatched by py_class_builtin), so
 * the B_* enum and NAMES table of py_builtins.c stay other lanes' to extend.
 *
 * For the dict / set tables (the "cont" lane): an object (V_INST, V_CLASS, V_METHOD, V_WRAP) hashes by
 * identity — py_class_hash(v) — except a dataclass with eq=True and frozen=False, which is unhashable
 * (py_class_hashable(v) false: "TypeError: unhashable type: 'C'"); equality is py_eq (identity for objects,
 * field by field for dataclasses). */
#ifndef GL_PY_CLASS_H
#define GL_PY_CLASS_H

enum {
    CF_BUILTIN = 1,      /* object, the exception classes, pseudo classes: module "builtins" */
    CF_EXC = 2,          /* derives from BaseException */
    CF_PSEUDO = 4,       /* the type of a built-in value (NoneType, function, Tensor, ...): not callable */
    CF_DATACLASS = 8,
    CF_FROZEN = 16,
    CF_UNHASHABLE = 32,  /* __eq__ without __hash__ (a dataclass with eq=True, frozen=False) */
};

typedef struct py_dcfield {
    const char *name;
    py_val *dflt, *factory;        /* NULL: none */
    bool init, repr, compare;
} py_dcfield;

struct py_class {
    const char *name, *module;
    py_val *base;                  /* V_CLASS; NULL only for object */
    py_env *ns;                    /* the class namespace (the env its body ran in) */
    int flags;
    py_val *self;                  /* the V_CLASS value */
    py_dcfield *dc;                /* dataclass fields */
    int ndc;
    int bkind;                     /* V_DICT / V_LIST / V_TUPLE / V_INT: derived from that type (py_subclass.c), inherited; 0: not */
    py_val *btype;                 /* ... and that type value (B_DICT / B_LIST / B_TUPLE / B_INT builtin) */
};

struct py_inst {
    py_val *cls;
    py_env *attrs;                 /* instance attributes (no up) */
    py_val *args;                  /* exceptions: the args tuple */
    py_val *cause, *context;
    bool suppress;                 /* raise ... from ...: __suppress_context__ */
    const char *where;             /* the located message of its first raise ("FILE:L:C: Name: text") */
    int code;                      /* and its status */
    const char *text;              /* raised by the interpreter: str(e) as it wrote it (KeyError's repr) */
    struct py_mt *mt;              /* a random.Random: its generator's state (py_lib_random.c); NULL: none yet */
};

enum { W_STATIC, W_CLASSM, W_PROP, W_FIELD, W_SUPER, W_NOTIMPL, W_DCOPTS, W_TYPING, W_MISSING };

struct py_wrap {
    int what, flags;
    py_val *a, *b, *c;             /* W_PROP: fget, fset, fdel; W_FIELD: default, factory; W_SUPER: class, obj */
};

/* Builtin ids of this lane (V_BUILTIN, above every py_builtins.c id). */
enum {
    BC_FIRST = 1000,
    BC_ISINSTANCE = BC_FIRST, BC_ISSUBCLASS, BC_TYPE, BC_ID, BC_HASATTR, BC_GETATTR, BC_SETATTR, BC_DELATTR,
    BC_CALLABLE, BC_SUPER, BC_STATICMETHOD, BC_CLASSMETHOD, BC_PROPERTY, BC_DATACLASS, BC_FIELD, BC_REPR,
    BC_VARS, BC_ASDICT, BC_ASTUPLE, BC_REPLACE, BC_FIELDS, BC_WRAPS, BC_IDENTITY, BC_DC_DEC, BC_PROP_SETTER,
    BC_PROP_GETTER, BC_PROP_DELETER, BC_WRAPS_DEC, BC_ISDATACLASS, BC_OBJ_NEW, BC_DIR,
    /* methods: found on a class through an instance they bind like functions */
    BC_M_FIRST,
    BC_OBJ_INIT = BC_M_FIRST, BC_OBJ_REPR, BC_OBJ_STR, BC_OBJ_EQ, BC_OBJ_NE, BC_OBJ_HASH, BC_OBJ_SETATTR,
    BC_OBJ_GETATTRIBUTE, BC_EXC_INIT, BC_EXC_STR, BC_EXC_REPR, BC_EXC_WITHTB, BC_DC_INIT, BC_DC_REPR, BC_DC_EQ,
    BC_DC_LT, BC_DC_LE, BC_DC_GT, BC_DC_GE,
    BC_M_LAST = BC_DC_GE,
    BC_END
};

/* Modules of this lane (py_val.u.mod values, after MOD_GL). */
enum { MOD_DATACLASSES = 100, MOD_TYPING, MOD_ABC, MOD_FUNCTOOLS };

struct py_crt {
    py_val *object, *type, *notimpl, *abc;
    py_val *ellipsis;             /* the Ellipsis singleton (made on first use) */
    py_env *pseudo;               /* pseudo classes by name */
    py_env *excs;                 /* built-in exception classes by name (py_exc.c) */
    py_val *exc;                  /* the exception of the pending error, when a raise made it */
    const char *exc_msg;          /* ... and the error message it made (the error is still that one) */
    py_val *handling;             /* the exception an except block is handling (bare raise) */
    const py_val *reprs[64];      /* dataclass reprs in progress: a cycle prints "..." (reprlib.recursive_repr) */
    int nreprs;
};

/* ---- py_class.c */
void py_class_install(py_interp *I);                      /* object, type, isinstance, ..., the exceptions */
py_val *py_class_builtin(py_interp *I, const py_node *at, py_val *f, py_args *a);
const char *py_class_builtin_name(int id);
bool py_builtin_is_type(const py_val *f);                /* int, str, list, ...: prints as <class 'int'> */
/* Statements of this lane: S_CLASS, S_TRY, S_RAISE, S_DECORATED, S_ANNASSIGN. */
gl_status py_class_exec(py_interp *I, py_node *s, py_env *env);
/* Calls of classes, bound methods, callable instances and wrappers. */
py_val *py_class_call(py_interp *I, const py_node *at, py_val *f, py_args *a);
/* Attribute access: *done says whether v's kind is this lane's (else py_getattr goes on). */
py_val *py_class_getattr(py_interp *I, const py_node *at, py_val *v, const char *name, bool *done);
gl_status py_setattr(py_interp *I, const py_node *at, py_val *o, const char *name, py_val *v);
py_val *py_class_module_attr(py_interp *I, const py_node *at, int mod, const char *name);
int py_class_import(const char *module);                 /* MOD_* of this lane, or -1 */
/* zero-argument super() at call node n, in env */
py_val *py_super_zero(py_interp *I, const py_node *n, py_env *env);
/* The dunder protocols (a or b an instance). */
const char *py_op_dunder(int op, int which);   /* which: 0 __add__, 1 __radd__, 2 __iadd__, 3 "+" */
py_val *py_inst_binop(py_interp *I, const py_node *at, int op, py_val *a, py_val *b);
py_val *py_inst_augop(py_interp *I, const py_node *at, int op, py_val *a, py_val *b);   /* NULL, no error: no __iop__ */
py_val *py_inst_compare(py_interp *I, const py_node *at, int op, py_val *a, py_val *b);
py_val *py_inst_contains(py_interp *I, const py_node *at, py_val *container, py_val *x);
enum { UN_NEG, UN_POS, UN_ABS, UN_INVERT };
py_val *py_inst_unary(py_interp *I, const py_node *at, int un, py_val *a);
py_val *py_inst_len(py_interp *I, const py_node *at, py_val *a);
/* dir(obj) (py_dir.c) */
py_val *py_dir(py_interp *I, const py_node *at, py_args *a);
/* del o.name (and delattr): an instance's or class's attribute, a function's own; AttributeError else. */
gl_status py_delattr(py_interp *I, const py_node *at, py_val *o, const char *name);
py_val *py_inst_getitem(py_interp *I, const py_node *at, py_val *a, py_val *k);
gl_status py_inst_setitem(py_interp *I, const py_node *at, py_val *a, py_val *k, py_val *v);
gl_status py_inst_delitem(py_interp *I, const py_node *at, py_val *a, py_val *k);
/* a.__index__() (operator.index of an instance): an int; NULL without an error when a's class has none,
 * NULL + "TypeError: __index__ returned non-int (type T)" when it returns something else. */
py_val *py_inst_index(py_interp *I, const py_node *at, py_val *a);
/* Where CPython takes an integer through nb_index (indexing, range(), repetition, hex(), int arguments):
 * an instance with __index__ as the int it returns; any other value as it is (the caller checks its kind).
 * NULL only on an error (__index__ raised or returned a non-int). */
py_val *py_index_of(py_interp *I, const py_node *at, py_val *v);
gl_status py_inst_truth(py_interp *I, const py_node *at, py_val *a, bool *out);
/* iter(a) for an instance: __iter__ (an instance with __next__ is wrapped as an IT_OBJ iterator), or the
 * __getitem__ sequence protocol; next() of an IT_OBJ iterator or of an instance with __next__. */
gl_status py_inst_iter_open(py_interp *I, const py_node *at, py_val *a, py_val **it);
gl_status py_inst_next(py_interp *I, const py_node *at, py_val *obj, int mode, int64_t *index, py_val **item, bool *done);
/* str() / repr() of this lane's values into sb (a failing user __repr__ leaves the error set). */
void py_class_repr(py_interp *I, gl_sb *sb, const py_val *v, bool repr);
const char *py_class_type_name(const py_val *v);
bool py_class_eq_plain(const py_val *a, const py_val *b, int depth);   /* identity; dataclass fields */
bool py_class_hashable(const py_val *v);
/* a == b where either may hold objects (lists, tuples, dicts compared item by item with __eq__): 1, 0, -1 error */
int py_class_eq_deep(py_interp *I, const py_node *at, py_val *a, py_val *b);
uint64_t py_class_hash(const py_val *v);
/* The type object of any value (type(x)); a pseudo class for values without a builtin type. */
py_val *py_type_of(py_interp *I, py_val *x);
bool py_is_instance(py_interp *I, py_val *x, py_val *cls);        /* cls a class or builtin type */
py_val *py_lookup(py_val *cls, const char *name);                /* through the bases; raw (unbound) */
py_val *py_call_method(py_interp *I, const py_node *at, py_val *self, py_val *fn, int n, py_val **args);
/* internals shared with py_exc.c and py_dataclass.c */
py_val *py_class_new_exc_class(py_interp *I, const char *name, const char *module, py_val *base);
py_val *py_class_instantiate(py_interp *I, const py_node *at, py_val *cls, py_args *a);
py_val *py_class_new_inst(py_interp *I, py_val *cls);
py_val *py_class_eq_proto(py_interp *I, const py_node *at, py_val *a, py_val *b);   /* a == b by __eq__ */
py_val *py_class_ns_get(py_env *e, const char *name);          /* interned name, this env only */
/* d found on cls, called on self (functions and native methods get self first) / bound to obj (py_subclass.c) */
py_val *py_class_call_raw(py_interp *I, const py_node *at, py_val *d, py_val *self, py_val *cls, py_args *a);
py_val *py_class_bind(py_interp *I, py_val *d, py_val *obj, py_val *cls);
py_val *py_class_env_dict(py_interp *I, py_env *e);
bool py_class_ns_del(py_env *e, const char *name);

/* ---- py_exc.c: exceptions. The interpreter's errors are py_fail messages "ExcName: text"; a pending one is
 * catchable when its status is GL_E_INVALID (OverflowError: also GL_E_LIMIT), no trace is broken, and ExcName
 * names a built-in exception class. Budget errors (steps, depth, memory) and tracer errors are not. */
py_val *py_exc_class(py_interp *I, const char *name);           /* a built-in exception class by name */
py_val *py_exc_new(py_interp *I, const char *cls, py_val *arg); /* an instance, args (arg,) or () */
/* The pending error as an exception instance, cleared; NULL (the error stays) when it is not catchable. */
py_val *py_exc_take(py_interp *I);
/* Is the pending error a catchable exception of class `name` (or a subclass)? */
bool py_exc_matches(py_interp *I, const char *name);
/* A try statement's parts (py_exec_try, and py_frames.c's try frames). */
int py_try_match(py_interp *I, py_node *s, py_env *env, py_val *e);
gl_status py_try_enter(py_interp *I, py_node *h, py_env *env, py_val *e, py_val **saved);
void py_try_leave(py_interp *I, py_node *h, py_env *env, py_val *e, py_val *saved, bool raised);
void py_exc_clear(py_interp *I);
/* Raises exception instance e at `at` (its first raise records where); returns NULL. */
py_val *py_raise(py_interp *I, const py_node *at, py_val *e);
/* raise cls(arg): e.g. py_raise_new(I, at, "KeyError", key) so that e.args holds the key itself. */
py_val *py_raise_new(py_interp *I, const py_node *at, const char *cls, py_val *arg);
gl_status py_exec_try(py_interp *I, py_node *s, py_env *env);
gl_status py_exec_with(py_interp *I, py_node *s, py_env *env);
py_val *py_with_methods(py_interp *I, const py_node *at, py_val *mgr, py_val **exit);   /* (py_frames.c's with too) */
gl_status py_exec_raise(py_interp *I, py_node *s, py_env *env);
void py_exc_install(py_interp *I);
void py_exc_str(py_interp *I, gl_sb *sb, py_val *e);          /* str(e) of an exception instance */

/* ---- py_dataclass.c */
py_val *py_dataclass_apply(py_interp *I, const py_node *at, py_val *cls, py_val *opts);
py_val *py_dataclass_builtin(py_interp *I, const py_node *at, int id, py_val *self, py_args *a);
void py_dataclass_repr(py_interp *I, gl_sb *sb, py_val *inst);

/* ---- services of py_eval.c this lane uses */
py_val *py_eval(py_interp *I, py_node *n, py_env *env);
gl_status py_exec_block(py_interp *I, py_node **body, int n, py_env *env);

#endif
