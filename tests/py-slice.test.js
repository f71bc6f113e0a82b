// py-slice.test.js — slice objects against CPython 3.11: the `slice` builtin and its errors, start / stop / step,
// indices() (negative steps, huge and big-int values, __index__), repr / equality / order / unhashable; x[s],
// x[s] = v and del x[s] on list / tuple / str / range exactly as x[a:b:c]; obj[a:b:c] passing slice(a, b, c) to
// a class's __getitem__ / __setitem__ / __delitem__ (and to list / dict subclasses that override them), x[1:2, 3]
// a tuple holding a slice; a dict with a slice key (TypeError). Each tests/golden/python/slice/*.py was run by
// CPython 3.11 with the reference importable as graph_lab (`/usr/bin/python3 tests/ref/class_programs.py slice`
// → expected.json): `graphlab trace FILE.py` must print the same text, the same graph, or end in the same
// exception at the same line. Build first: `make native build/graphlab_asan wasi`.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

import { GOLDEN } from './helpers/compare.js';
import { itOnEveryBuild } from './helpers/cpython-suite.js';

const DIR = join(GOLDEN, 'python', 'slice');
const EXPECTED = JSON.parse(readFileSync(join(DIR, 'expected.json'), 'utf8'));

describe('the slice suite', () => {
  it('covers the builtin, indices(), sequences, assignment / deletion, classes, dict keys, a trace, uncaught errors', () => {
    const src = EXPECTED.map((p) => readFileSync(join(DIR, p.name), 'utf8')).join('\n');
    for (const s of ['.indices(', 'def __getitem__', 'def __setitem__', 'def __delitem__', '(list)', '(dict)', '__index__',
      '10 ** 30', 'del ', 'trace('])
      expect(src, s).toContain(s);
    expect(EXPECTED.filter((p) => p.error).map((p) => p.error.type).sort())
      .toEqual(['TypeError', 'TypeError', 'TypeError', 'ValueError', 'ValueError']);
    // the sliced Sequential's stages, traced: matmul → silu → matmul → tanh → matmul
    const g = EXPECTED.find((p) => p.name === '16_traced_sequential.py').graph;
    expect(g.match(/= (matmul|silu|tanh)\(/g)).toEqual(['= matmul(', '= silu(', '= matmul(', '= tanh(', '= matmul(']);
  });
  itOnEveryBuild('slice suite', DIR, EXPECTED);
});
