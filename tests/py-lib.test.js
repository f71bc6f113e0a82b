// py-lib.test.js — the standard-library modules a program can import (collections, itertools, functools,
// operator, string, copy, sys, random, heapq, bisect: Python source in c/src/front/lib/, run by the front end; py_lib.c) against CPython 3.11.
// Each tests/golden/python/lib/*.py was run by CPython with the reference importable as graph_lab
// (`/usr/bin/python3 tests/ref/class_programs.py lib` → expected.json): `graphlab trace FILE.py` must print the
// same text, the same graph, or end in the same exception at the program's line (an error raised inside a
// library function names the program's statement that called it, the last frame of the program in CPython's
// traceback). Also: nodes a library function makes carry the program's span; the program's names never leak
// into a module. Build first: `make native build/graphlab_asan wasi`.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

import { GOLDEN, runCli } from './helpers/compare.js';
import { itOnEveryBuild } from './helpers/cpython-suite.js';

const DIR = join(GOLDEN, 'python', 'lib');
const EXPECTED = JSON.parse(readFileSync(join(DIR, 'expected.json'), 'utf8'));

describe('the library suite', () => {
  it('covers every module and both kinds of uncaught error', () => {
    const src = EXPECTED.map((p) => readFileSync(join(DIR, p.name), 'utf8')).join('\n');
    for (const m of ['collections', 'itertools', 'functools', 'operator', 'string', 'copy', 'sys', 'random', 'heapq', 'bisect'])
      expect(src, m).toMatch(new RegExp(`(import|from) ${m}\\b`));
    expect(EXPECTED.filter((p) => p.error).map((p) => p.error.type)).toEqual(['TypeError', 'TypeError']);
  });
  itOnEveryBuild('library suite', DIR, EXPECTED);
});

describe('library code inside a program', () => {
  let n = 0;
  const run = (src) => {
    const f = join('build', 'tests', `py-lib-inline-${n++}.py`);
    mkdirSync(join('build', 'tests'), { recursive: true });
    writeFileSync(f, src);
    return runCli('native', ['trace', f, '--spans']);
  };
  it('native: a node operator.add or functools.reduce makes links to the program\'s expression, never a library line', () => {
    const r = run([
      'import operator, functools',                                 // 1
      'from graph_lab import trace, F',                             // 2
      'def f(x, w):',                                               // 3
      '    y = operator.add(x, x)',                                 // 4
      '    return functools.reduce(operator.mul, [y, y, w])',      // 5
      'trace(f, {"x": (2,), "w": (2,)})',                          // 6
    ].join('\n'));
    expect(r.status, r.stderr).toBe(0);
    const spans = r.stdout.split('\n').filter((l) => /^%\d+ \d/.test(l));
    expect(spans).toEqual(['%0 6:1-6:33', '%1 6:1-6:33', '%2 4:9-4:27', '%3 5:12-5:53', '%4 5:12-5:53']);
  });
  it('native: a module keeps its own globals: a program\'s chain, repeat or _initial_missing changes nothing inside', () => {
    const r = run([
      'import itertools, functools',
      'from graph_lab import trace, F',
      'def repeat(*a): return "mine"',
      '_initial_missing = 0',
      'def _product(p): return "mine"',
      'print(list(itertools.zip_longest([1, 2], [3])), list(itertools.product("ab", repeat=1)), functools.reduce(max, [3, 1]))',
      'trace(lambda x: F.exp(x), {"x": (1,)})',
    ].join('\n'));
    expect(r.status, r.stderr).toBe(0);
    expect(r.stderr).toBe("[(1, 3), (2, None)] [('a',), ('b',)] 3\n");
  });
});
