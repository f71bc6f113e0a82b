/* test_front.c — the program front end (c/src/front/): the lexer's tokens and positions, the parser's
 * errors, the evaluator's Python semantics (// % ** on negatives, closures, defaults, keyword args,
 * slices, dicts, comprehensions, f-strings; expected output from CPython 3 running the same source),
 * tracing (nodes and spans), errors with line:col and every limit. */
#include "test_util.h"

#include "front/py.h"

/* Runs src; returns the status, the console in *console (caller frees) and the error in *e. */
static gl_status run(const char *src, int64_t max_steps, char **console, gl_err *e) {
    gl_program p;
    gl_program_opts o = {false, NULL, max_steps, false};
    gl_err_clear(e);
    gl_status st = gl_program_run(src, strlen(src), "t.py", &o, &p, e);
    if (console) *console = st ? NULL : strdup(p.console);
    gl_program_free(&p);
    return st;
}

static void expect_error(const char *src, gl_status code, const char *prefix, const char *part) {
    gl_err e;
    gl_status st = run(src, 0, NULL, &e);
    if (st != code || strncmp(e.msg, prefix, strlen(prefix)) != 0 || !strstr(e.msg, part))
        fail_msg("%s\n  got %s: %s", src, gl_status_name(st), e.msg);
}

static void test_lexer(void **state) {
    (void)state;
    py_arena a = {0};
    a.limit = 1 << 20;
    gl_err e = {0};
    py_toks t;
    const char *src = "def f(x):\n    # 注释\n    return x ** 2  # c\ny = f'{1}' + \"\"\"a\nb\"\"\"\n";
    assert_int_equal(py_lex(&a, src, strlen(src), 1, 1, false, "t.py", &t, &e), GL_OK);
    int indents = 0, dedents = 0, newlines = 0;
    for (int i = 0; i < t.n; i++) {
        indents += t.t[i].kind == T_INDENT;
        dedents += t.t[i].kind == T_DEDENT;
        newlines += t.t[i].kind == T_NEWLINE;
    }
    assert_int_equal(indents, 1);
    assert_int_equal(dedents, 1);
    assert_int_equal(newlines, 3);
    /* "return" sits at 3:5, "**" at 3:14, the f-string at 4:5 */
    int k = 0;
    while (!(t.t[k].kind == T_NAME && strcmp(t.t[k].name, "return") == 0)) k++;
    assert_int_equal(t.t[k].line, 3);
    assert_int_equal(t.t[k].col, 5);
    assert_string_equal(t.t[k + 2].name, "**");
    assert_int_equal(t.t[k + 2].col, 14);
    assert_int_equal(t.t[k + 3].kind, T_INT);
    assert_int_equal(t.t[k + 3].i, 2);
    while (t.t[k].kind != T_STR) k++;
    assert_true(t.t[k].fstr);
    assert_int_equal(t.t[k].line, 4);
    assert_int_equal(t.t[k].col, 5);
    while (!(t.t[k].kind == T_STR && !t.t[k].fstr)) k++;
    assert_int_equal((int)t.t[k].slen, 3);
    assert_memory_equal(t.t[k].s, "a\nb", 3);
    assert_int_equal(py_lex(&a, "x = 'abc\n", 9, 1, 1, false, "t.py", &t, &e), GL_E_PARSE);
    assert_string_equal(e.msg, "t.py:1:5: SyntaxError: unterminated string literal (detected at line 1)");
    gl_err_clear(&e);
    assert_int_equal(py_lex(&a, "x = 1.5e-3 + 0x1F\n", 18, 1, 1, false, "t.py", &t, &e), GL_OK);
    assert_int_equal(t.t[2].kind, T_FLOAT);
    assert_true(t.t[2].f == 1.5e-3);
    assert_int_equal(t.t[4].i, 31);
    py_arena_free(&a);
}

static void test_parser_errors(void **state) {
    (void)state;
    /* CPython 3.11's messages and offsets (tests/golden/python/stmt/syntax_errors.json has the full table) */
    expect_error("x = (1 +\ny = 2\n", GL_E_PARSE, "t.py:1:5: ", "SyntaxError: '(' was never closed");
    expect_error("if x\n    y = 1\n", GL_E_PARSE, "t.py:1:5: ", "SyntaxError: expected ':'");
    expect_error("def f(a=1, b):\n    pass\n", GL_E_PARSE, "t.py:1:12: ", "non-default argument follows default argument");
    expect_error("f(a=1, 2)\n", GL_E_PARSE, "t.py:1:9: ", "positional argument follows keyword argument");
    expect_error("1 = x\n", GL_E_PARSE, "t.py:1:1: ", "cannot assign");
    expect_error("try:\n    pass\n", GL_E_PARSE, "t.py:3:1: ", "expected 'except' or 'finally' block");
    expect_error("x = f'a}'\n", GL_E_PARSE, "t.py:1:10: ", "single '}' is not allowed");   /* CPython's place: the token after */
    expect_error("  x = 1\n", GL_E_PARSE, "t.py:1:2: ", "IndentationError: unexpected indent");
}

static const char SEMANTICS[] =
    "from graph_lab import trace\n"
    "print(-7 // 2, -7 % 2, 7 // -2, 7 % -2, 2 ** -1, -7.5 // 2, -7.5 % 2, 2 ** 10, 7 / 2, -0.0 % 5, (-3) ** 3)\n"
    "def counter(start=10, step=1):\n"
    "    n = [start]\n"
    "    def inc(by=None):\n"
    "        n[0] = n[0] + (step if by is None else by)\n"
    "        return n[0]\n"
    "    return inc\n"
    "c = counter(step=5)\n"
    "print(c(), c(), c(by=-20), counter()())\n"
    "a, (b, d) = 1, [2, 3]\n"
    "xs = list(range(10))\n"
    "print(a, b, d, xs[-1], xs[2:8:3], xs[::-3], xs[-3:], \"hello\"[1:-1], (1, 2) + (3,), [0] * 3)\n"
    "dd = {\"a\": 1, \"b\": 2}\n"
    "dd.update({\"c\": 3})\n"
    "print(list(dd.keys()), list(dd.values()), dd.get(\"z\", 9), dd.get(\"a\"), len(dd), \"b\" in dd)\n"
    "print({k: v * 2 for k, v in dd.items() if v > 1}, [i * i for i in range(5) if i % 2 == 0])\n"
    "name = \"wq\"\n"
    "print(f\"{3}.{name}\", f\"{{x}} {1 + 2!r} {'s'!r}\", f\"{1.5e-5} {1e16} {0.1 + 0.2} {10.0}\")\n"
    "print(None is None, 0 or \"x\", 1 and 2, not [], 1 < 2 < 3, 3 > 2 > 5, min(3, 1, 2), max([4, 9, 2]), abs(-2.5), sum([1, 2, 3]))\n"
    "f = lambda x, y=2: x * y\n"
    "print(f(3), f(3, y=4), int(\"12\") + int(3.9), float(2), str(12) + \"!\", tuple([1, 2]), len(\"abc\"))\n"
    "total = 0\n"
    "for i in range(10):\n"
    "    if i == 2:\n"
    "        continue\n"
    "    if i > 5:\n"
    "        break\n"
    "    total += i\n"
    "k = 0\n"
    "while k < 3:\n"
    "    k += 1\n"
    "print(total, k, \", \".join([\"a\", \"b\"]), list(enumerate(\"ab\")), list(zip([1, 2], \"xy\")))\n"
    "g = trace(lambda x: x, {\"x\": (1,)})\n";
static const char SEMANTICS_OUT[] =
    "-4 1 -4 -1 0.5 -4.0 0.5 1024 3.5 0.0 -27\n"
    "15 20 0 11\n"
    "1 2 3 9 [2, 5] [9, 6, 3, 0] [7, 8, 9] ell (1, 2, 3) [0, 0, 0]\n"
    "['a', 'b', 'c'] [1, 2, 3] 9 1 3 True\n"
    "{'b': 4, 'c': 6} [0, 4, 16]\n"
    "3.wq {x} 3 's' 1.5e-05 1e+16 0.30000000000000004 10.0\n"
    "True x 2 True True False 1 9 2.5 6\n"
    "6 12 15 2.0 12! (1, 2) 3\n"
    "13 3 a, b [(0, 'a'), (1, 'b')] [(1, 'x'), (2, 'y')]\n";

static void test_semantics(void **state) {
    (void)state;
    char *out = NULL;
    gl_err e;
    assert_int_equal(run(SEMANTICS, 0, &out, &e), GL_OK);
    assert_string_equal(out, SEMANTICS_OUT);
    free(out);
}

static void test_trace(void **state) {
    (void)state;
    const char *src =
        "from graph_lab import F, trace\n"
        "def f(x, p, scale=0.5):\n"
        "    h = F.silu(x @ p[\"w\"])\n"
        "    return h * scale + 1.0, h.sum(axis=-1, keepdims=True)\n"
        "g = trace(f, {\"x\": (\"S\", 4)}, {\"w\": (4, 8)})\n";
    gl_program p;
    gl_err e = {0};
    assert_int_equal(gl_program_run(src, strlen(src), "t.py", NULL, &p, &e), GL_OK);
    char *txt = NULL;
    assert_int_equal(gl_graph_print(p.graph, &txt, &e), GL_OK);
    assert_string_equal(txt,
                        "%0   = input()  : [S×4]  # x\n"
                        "%1   = param()  : [4×8]  # w\n"
                        "%2   = matmul(%0, %1)  : [S×8]\n"
                        "%3   = silu(%2)  : [S×8]\n"
                        "%4   = const()  : [标量]\n"
                        "%5   = mul(%3, %4)  : [S×8]\n"
                        "%6   = const()  : [标量]\n"
                        "%7   = add(%5, %6)  : [S×8]\n"
                        "%8   = sum(%3, axis=-1, keepdims=True)  : [S×1]\n"
                        "返回 %7, %8");
    free(txt);
    /* spans (1-based, end exclusive): the matmul is x @ p["w"] (3:16-3:26); the silu the whole F.silu(...) (3:9-3:27) */
    assert_int_equal(p.spans[2].line, 3);
    assert_int_equal(p.spans[2].col, 16);
    assert_int_equal(p.spans[2].end_col, 26);
    assert_int_equal(p.spans[3].col, 9);
    assert_int_equal(p.spans[3].end_col, 27);
    assert_int_equal(p.spans[0].line, 5);      /* inputs: the trace(...) call */
    gl_program_free(&p);
}

static void test_errors(void **state) {
    (void)state;
    expect_error("from graph_lab import trace\ndef f(x):\n    return x + y\ng = trace(f, {\"x\": (2,)})\n",
                 GL_E_INVALID, "t.py:3:16: ", "NameError: name 'y' is not defined");
    expect_error("from graph_lab import trace\ng = trace(lambda x, y: x * y, {\"x\": (2, 3), \"y\": (4, 3)})\n",
                 GL_E_SHAPE, "t.py:2:24: ", "shape error in `x * y`");
    expect_error("from graph_lab import trace\ng = trace(lambda x: x if x.sum() > 0 else -x, {\"x\": (2,)})\n",
                 GL_E_TRACE, "t.py:2:26: ", "data-dependent branch");
    expect_error("import numpy\n", GL_E_INVALID, "t.py:1:8: ", "No module named 'numpy'");
    expect_error("from graph_lab import nothing\n", GL_E_INVALID, "t.py:1:23: ", "cannot import name 'nothing'");
    expect_error("x = 1 // 0\n", GL_E_INVALID, "t.py:1:5: ", "ZeroDivisionError");
    expect_error("x = (1, 2)[5]\n", GL_E_INVALID, "t.py:1:5: ", "IndexError");
    expect_error("def f(a):\n    pass\nf(1, 2)\n", GL_E_INVALID, "t.py:3:1: ", "takes 1 positional argument but 2 were given");
    expect_error("def f(a):\n    pass\nf(b=1)\n", GL_E_INVALID, "t.py:3:1: ", "unexpected keyword argument 'b'");
    expect_error("x = {}['k']\n", GL_E_INVALID, "t.py:1:5: ", "KeyError: 'k'");
    expect_error("x = 1\n", GL_E_INVALID, "t.py: ", "never calls trace");
    expect_error("a, b = 1, 2, 3\n", GL_E_INVALID, "t.py:1:1: ", "too many values to unpack");
    /* the graph is the last trace's, even when an earlier one is bigger */
    const char *two = "from graph_lab import F, trace\ng1 = trace(lambda x: F.exp(-x), {\"x\": (2,)})\n"
                      "g2 = trace(lambda y: y, {\"y\": (3,)})\n";
    gl_program p;
    gl_err e = {0};
    assert_int_equal(gl_program_run(two, strlen(two), "t.py", NULL, &p, &e), GL_OK);
    assert_int_equal(p.graph->n, 1);
    assert_string_equal(p.graph->nodes[0].name, "y");
    gl_program_free(&p);
}

static void test_limits(void **state) {
    (void)state;
    gl_err e;
    assert_int_equal(run("while True:\n    pass\n", 5000, NULL, &e), GL_E_LIMIT);
    assert_non_null(strstr(e.msg, "more than 5000 steps"));
    expect_error("def f(n):\n    return f(n + 1)\nf(0)\n", GL_E_LIMIT, "t.py:2:12: ", "RecursionError: maximum recursion depth exceeded");
    char *deep = malloc(400);
    strcpy(deep, "x = ");
    for (int i = 0; i < 150; i++) strcat(deep, "(");
    strcat(deep, "1");
    for (int i = 0; i < 150; i++) strcat(deep, ")");
    strcat(deep, "\n");
    expect_error(deep, GL_E_LIMIT, "t.py:1:", "nested too deeply");
    free(deep);
    char *rec = malloc(600);
    strcpy(rec, "def f(n):\n    return ");
    for (int i = 0; i < 30; i++) strcat(rec, "-(");
    strcat(rec, "f(n + 1)");
    for (int i = 0; i < 30; i++) strcat(rec, ")");
    strcat(rec, "\nf(0)\n");
    expect_error(rec, GL_E_LIMIT, "t.py:2:", "RecursionError: maximum recursion depth exceeded");
    free(rec);
    /* ints are arbitrary precision (py_num.c): only sizes beyond PY_BIG_MAX_BITS are refused */
    expect_error("x = 99999999999999999999 ** 99999\n", GL_E_LIMIT, "t.py:1:5: ", "MemoryError: the int would have");
    expect_error("x = 2 ** 2 ** 40\n", GL_E_LIMIT, "t.py:1:5: ", "MemoryError: the int would have");
    expect_error("x = 1 << (1 << 62)\n", GL_E_LIMIT, "t.py:1:5: ", "MemoryError: the int would have");
    expect_error("x = 'ab' * 10 ** 8\n", GL_E_LIMIT, "t.py:1:5: ", "more than");
    expect_error("s = 'abcdefgh' * 200\nl = []\nfor i in range(10 ** 6):\n    l.append(s + str(i))\n", GL_E_LIMIT, "t.py:4:", "budget");
    size_t big = GL_PROGRAM_MAX_SOURCE + 1;
    char *src = malloc(big + 1);
    memset(src, '#', big);
    src[big] = 0;
    expect_error(src, GL_E_LIMIT, "t.py: ", "the limit is 1048576 bytes");
    free(src);
    gl_program p;
    gl_err e2 = {0};
    assert_int_equal(gl_program_run("x = 1\0y", 7, "t.py", NULL, &p, &e2), GL_E_PARSE);
    assert_string_equal(e2.msg, "t.py:1: the source contains a NUL byte");
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_lexer), cmocka_unit_test(test_parser_errors), cmocka_unit_test(test_semantics),
        cmocka_unit_test(test_trace), cmocka_unit_test(test_errors), cmocka_unit_test(test_limits),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
