/* test_class.c — the class lane's subtle parts (c/src/front/py_class.c, py_exc.c, py_dataclass.c): an
 * exception that unwinds through trace(...) leaves the tracer stack and the call counters as they were (a
 * later trace works, no false RecursionError); budget and tracer errors pass every handler and skip finally;
 * a raise keeps its line:col, a bare re-raise the original one; recursive dataclass reprs print "...". The
 * language itself is checked against CPython by tests/py-class.test.js. */
#include "test_util.h"

#include "front/py.h"

static gl_status run(const char *src, int64_t max_steps, char **console, gl_program *keep, gl_err *e) {
    gl_program p;
    gl_program_opts o = {false, NULL, max_steps, false};
    gl_err_clear(e);
    gl_status st = gl_program_run(src, strlen(src), "t.py", &o, &p, e);
    if (console) *console = st ? NULL : strdup(p.console);
    if (keep && !st) *keep = p;
    else gl_program_free(&p);
    return st;
}

static void expect_console(const char *src, const char *want) {
    gl_err e;
    char *c = NULL;
    gl_status st = run(src, 0, &c, NULL, &e);
    if (st) fail_msg("%s\n  failed: %s", src, e.msg);
    if (strcmp(c, want) != 0) fail_msg("%s\n  printed:\n%s\n  want:\n%s", src, c, want);
    free(c);
}

static void expect_error(const char *src, gl_status code, const char *prefix, const char *part) {
    gl_err e;
    gl_status st = run(src, 0, NULL, NULL, &e);
    if (st != code || strncmp(e.msg, prefix, strlen(prefix)) != 0 || !strstr(e.msg, part))
        fail_msg("%s\n  got %s: %s", src, gl_status_name(st), e.msg);
}

/* An exception out of trace(...): the trace is abandoned (its tracer freed), the handler outside runs, and the
 * next trace is a fresh one whose graph is the program's. Nested: the inner trace's exception is caught inside
 * the outer trace's function, which goes on emitting nodes into its own graph. */
static void test_trace_unwinding(void **state) {
    (void)state;
    const char *src =
        "from graph_lab import F, trace\n"
        "def bad(x):\n"
        "    y = F.exp(x)\n"
        "    raise ValueError('no')\n"
        "for i in range(3):\n"
        "    try:\n"
        "        trace(bad, {'x': (2,)})\n"
        "    except ValueError as e:\n"
        "        print('caught', e)\n"
        "def outer(x):\n"
        "    try:\n"
        "        trace(bad, {'x': (5,)})\n"
        "    except ValueError:\n"
        "        print('inner trace failed')\n"
        "    return F.tanh(x) + 1.0\n"
        "g = trace(outer, {'x': (3,)})\n";
    gl_err e;
    char *c = NULL;
    gl_program p;
    assert_int_equal(run(src, 0, &c, &p, &e), GL_OK);
    assert_string_equal(c, "caught no\ncaught no\ncaught no\ninner trace failed\n");
    free(c);
    assert_int_equal(p.graph->n, 4);           /* x, tanh, const, add: nothing of the abandoned traces */
    assert_string_equal(p.graph->nodes[0].name, "x");
    gl_program_free(&p);
}

/* Exceptions caught far above where they were raised restore the depth counters: 50 rounds of an exception
 * raised 90 calls deep never add up to the 100-call limit. */
static void test_counters_restored(void **state) {
    (void)state;
    expect_console("def down(n):\n"
                   "    if n == 0:\n"
                   "        raise KeyError(n)\n"
                   "    return down(n - 1)\n"
                   "k = 0\n"
                   "for i in range(50):\n"
                   "    try:\n"
                   "        down(90)\n"
                   "    except LookupError:\n"
                   "        k += 1\n"
                   "print(k)\n"
                   "from graph_lab import F, trace\n"
                   "g = trace(lambda x: F.exp(x), {'x': (2,)})\n",
                   "50\n");
}

/* What no handler catches: the step budget, a tracer's shape error, GraphLab's own refusals; `finally` does not
 * run for them (the run is over). The call depth's RecursionError is catchable, as in CPython. */
static void test_uncatchable(void **state) {
    (void)state;
    gl_err e;
    const char *loop = "try:\n    while True:\n        pass\nexcept BaseException:\n    print('caught')\nfinally:\n    print('fin')\n";
    assert_int_equal(run(loop, 5000, NULL, NULL, &e), GL_E_LIMIT);
    assert_non_null(strstr(e.msg, "steps"));
    /* the call depth's RecursionError is CPython's: caught by its handler (str(e) without GraphLab's hint), and
     * finally runs (CPython 3.11 prints "caught maximum recursion depth exceeded" then "fin") */
    expect_console("from graph_lab import trace, F\ndef f(n):\n    return f(n + 1)\ntry:\n    f(0)\n"
                   "except RecursionError as e:\n    print('caught', e)\nfinally:\n    print('fin')\n"
                   "trace(lambda x: F.exp(x), {'x': (2,)})\n",
                   "caught maximum recursion depth exceeded\nfin\n");
    expect_error("from graph_lab import trace\n"
                 "def f(x, y):\n"
                 "    try:\n"
                 "        return x @ y\n"
                 "    except Exception:\n"
                 "        return x\n"
                 "g = trace(f, {'x': (2, 3), 'y': (4, 5)})\n",
                 GL_E_SHAPE, "t.py:4:16: ", "shape error");
    /* indexing a Tensor is the reference's TypeError ('Tensor' object is not subscriptable): catchable inside
     * the trace, as there (/usr/bin/python3 with the reference prints "caught TypeError") */
    expect_console("from graph_lab import trace\n"
                   "def f(x):\n"
                   "    try:\n"
                   "        y = x[0]\n"
                   "    except Exception as e:\n"
                   "        print('caught', type(e).__name__)\n"
                   "    return x\n"
                   "g = trace(f, {'x': (2,)})\n",
                   "caught TypeError\n");
}

/* Where an uncaught exception is reported: the raise statement (in the innermost function); a bare `raise`
 * or `raise e` of a caught exception keeps the place of its first raise, as CPython's traceback ends there. */
static void test_locations(void **state) {
    (void)state;
    expect_error("def f():\n    raise ValueError('deep')\ntry:\n    f()\nexcept ValueError:\n    raise\n",
                 GL_E_INVALID, "t.py:2:5: ", "ValueError: deep");
    expect_error("try:\n    x = {}['k']\nexcept KeyError as e:\n    err = e\nraise err\n",
                 GL_E_INVALID, "t.py:2:9: ", "KeyError: 'k'");
    expect_error("class E(Exception):\n    pass\nif True:\n    raise E\n", GL_E_INVALID, "t.py:4:5: ", "E");
    expect_error("raise ValueError('a') from KeyError('b')\n", GL_E_INVALID, "t.py:1:1: ", "ValueError: a");
    expect_error("raise 3\n", GL_E_INVALID, "t.py:1:7: ", "TypeError: exceptions must derive from BaseException");
    expect_error("try:\n    pass\nexcept:\n    pass\nexcept ValueError:\n    pass\n", GL_E_PARSE, "t.py:3:1: ",
                 "default 'except:' must be last");
}

/* Recursive structures print without end: a dataclass holding itself prints "...", as CPython's
 * reprlib.recursive_repr; a class whose __repr__ recurses hits the call limit (a RecursionError) cleanly. */
static void test_recursive_repr(void **state) {
    (void)state;
    expect_console("from dataclasses import dataclass\n"
                   "@dataclass\n"
                   "class Node:\n"
                   "    v: int\n"
                   "    nxt: object = None\n"
                   "a = Node(1)\n"
                   "a.nxt = a\n"
                   "b = Node(2, Node(3, a))\n"
                   "print(a)\n"
                   "print(b)\n"
                   "print(a == a)\n"
                   "from graph_lab import F, trace\n"
                   "g = trace(lambda x: F.exp(x), {'x': (2,)})\n",
                   "Node(v=1, nxt=...)\nNode(v=2, nxt=Node(v=3, nxt=Node(v=1, nxt=...)))\nTrue\n");
    expect_error("class R:\n    def __repr__(self):\n        return repr(self)\nprint(R())\n", GL_E_LIMIT, "t.py:", "RecursionError");
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_trace_unwinding), cmocka_unit_test(test_counters_restored),
        cmocka_unit_test(test_uncatchable), cmocka_unit_test(test_locations), cmocka_unit_test(test_recursive_repr),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
