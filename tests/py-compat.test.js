// py-compat.test.js — three points of CPython 3.11's semantics (issue 30), against CPython itself:
//  * collections.namedtuple and typing.NamedTuple as real tuple subclasses (isinstance(p, tuple), indexing,
//    slicing to plain tuples, unpacking, == / < with tuples, hash, + and *, _fields / _replace / _asdict /
//    _make / defaults= / rename=, CPython's __new__ argument errors), classes derived from a namedtuple or
//    from tuple itself (tuple.__new__, a user __new__ calling super().__new__, __slots__), copies of them; classes
//    derived from int (as indices, arithmetic giving plain ints, __repr__ / __str__, int.__new__);
//  * objects with __index__ (and bools) as indices of list / tuple / str / range, in item assignment and
//    deletion, range(), repetition, hex / bin / oct, operator.index, int arguments; CPython's TypeErrors
//    for a float / str / None index;
//  * random.seed(str) (SHA-512 of the UTF-8 bytes, version 2; version 1), float seeds by their hash (a
//    negative hash as an unsigned size_t), and the same random / randint / randrange (any step) / choice /
//    shuffle / sample / getrandbits(1..200) / uniform / gauss sequences as CPython under int, negative, big, str
//    and float seeds, gauss with gauss_next set by hand; Random() instances, getstate / setstate round trips
//    (version 2 states too) and copies; the draws' errors; subclasses overriding random / getrandbits /
//    _randbelow / randrange (CPython's __init_subclass__ choice of _randbelow); a loop of 200,000 random()
//    calls within the step budget (the hot draws are C: py_lib_random.c);
//  * recursion as deep as CPython allows (the module's frame one of the 1000; sys.setrecursionlimit both ways);
//  * the match statement (PEP 634): every kind of pattern, guards, soft keywords, CPython's TypeErrors.
// Each tests/golden/python/compat/*.py was run by CPython 3.11 with the reference importable as graph_lab
// (`/usr/bin/python3 tests/ref/class_programs.py compat` → expected.json): `graphlab trace FILE.py` must print
// the same text, the same graph, or end in the same exception at the same line.
// Build first: `make native build/graphlab_asan wasi wasm`.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

import { mkdirSync, writeFileSync } from 'node:fs';

import { GOLDEN, runCli } from './helpers/compare.js';
import { loadBrowserModule } from './helpers/browser-module.js';
import { itOnEveryBuild, moduleMismatch } from './helpers/cpython-suite.js';

const DIR = join(GOLDEN, 'python', 'compat');
const EXPECTED = JSON.parse(readFileSync(join(DIR, 'expected.json'), 'utf8'));

describe('the compat suite', () => {
  it('covers namedtuple / NamedTuple / tuple subclasses, __index__, random seeds, a trace, uncaught errors', () => {
    const src = EXPECTED.map((p) => readFileSync(join(DIR, p.name), 'utf8')).join('\n');
    for (const s of ['namedtuple(', 'NamedTuple', '(tuple)', '(int)', 'super().__new__', '__slots__', 'def __index__',
      'operator.index', 'random.seed("', 'version=1', '-1.5', 'trace(', 'setstate((3,', 'v2 = (2,', 'copy.deepcopy(p)',
      'class Bits(random.Random)', 'def _randbelow(self, n)', 'getrandbits(k) for k in', 'range(200000)',
      'setrecursionlimit(', 'match ', 'case ['])
      expect(src, s).toContain(s);
    expect(EXPECTED.filter((p) => p.error).map((p) => p.error.type).sort())
      .toEqual(['AttributeError', 'TypeError', 'TypeError', 'TypeError', 'TypeError', 'TypeError']);
    // CPython's own numbers for random.seed('hello') (SHA-512 seeding), and the namedtuple checks
    const rnd = EXPECTED.find((p) => p.name === '14_random_str_seed.py').console;
    expect(rnd.split('\n')[0]).toBe("'hello' 0.3537754404730722 85 e 0.7191160296584268");
    // ... the mean of 200,000 random() calls after random.seed(2024), and a subclass whose random() is its own
    expect(EXPECTED.find((p) => p.name === '25_random_monte_carlo.py').console.split('\n')[0])
      .toBe('0.50047 0.8240834262327297');
    expect(EXPECTED.find((p) => p.name === '24_random_subclass.py').console.split('\n')[0])
      .toBe('[7, 2, 0, 4, 8, 8, 2, 8] e [1, 2, 3, 2, 3] 2.705098312484253');
    const nt = EXPECTED.find((p) => p.name === '01_namedtuple_is_tuple.py').console;
    expect(nt.split('\n')[0]).toBe("True <class '__main__.Point'> Point (<class 'tuple'>,) "
      + "(<class '__main__.Point'>, <class 'tuple'>, <class 'object'>)");
    // a namedtuple of shapes drives the traced MLP: matmul → silu → matmul → tanh
    const g = EXPECTED.find((p) => p.name === '06_namedtuple_traced.py').graph;
    expect(g.match(/= (matmul|silu|tanh)\(/g)).toEqual(['= matmul(', '= silu(', '= matmul(', '= tanh(']);
  });
  itOnEveryBuild('compat suite', DIR, EXPECTED);
  it('module: the same through the browser module\'s trace()', async () => {
    const gl = await loadBrowserModule();
    const bad = EXPECTED.map((p) => [p.name, moduleMismatch(gl, DIR, p)]).filter(([, m]) => m);
    expect(bad).toEqual([]);
  }, 300_000);
});

describe('random within the budgets', () => {
  let n = 0;
  const run = (src) => {
    const f = join('build', 'tests', `py-compat-random-${n++}.py`);
    mkdirSync(join('build', 'tests'), { recursive: true });
    writeFileSync(f, src);
    return runCli('native', ['trace', f]);
  };
  const traced = 'from graph_lab import trace, F\ntrace(lambda x: F.exp(x), {"x": (2,)})\n';
  it('native: 300,000 random() calls in a loop finish (CPython-sized loops: ~17,600 fit while random was Python)', () => {
    const r = run(`import random\nrandom.seed(5)\nfor i in range(300000):\n    x = random.random()\nprint(x)\n${traced}`);
    expect(r.status, r.stderr).toBe(0);
  });
  it('native: a draw still costs its work: a loop without end, a shuffle of a long list, an endless _randbelow(0)', () => {
    for (const body of ['while True:\n    random.random()', 'while True:\n    random.shuffle(xs)',
      'random.Random()._randbelow(0)']) {
      const r = run(`import random\nxs = list(range(100000))\n${body}\n${traced}`);
      expect(r.status, body).toBe(1);
      expect(r.stderr, body).toMatch(/^graphlab: limit: .*(more than 2000000 steps|more memory than its budget)/);
    }
    const shuffles = run(`import random\nxs = list(range(100000))\nfor i in range(120):\n    random.shuffle(xs)\n${traced}`);
    expect(shuffles.stderr).toMatch(/more than 2000000 steps/);   // 120 × 100,000 swaps: charged, not free
  });
});
