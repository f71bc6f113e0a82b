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
//    negative hash as an unsigned size_t), and the same random / randint / choice / shuffle / gauss / sample
//    sequences as CPython;
//  * recursion as deep as CPython allows (the module's frame one of the 1000; sys.setrecursionlimit both ways);
//  * the match statement (PEP 634): every kind of pattern, guards, soft keywords, CPython's TypeErrors.
// Each tests/golden/python/compat/*.py was run by CPython 3.11 with the reference importable as graph_lab
// (`/usr/bin/python3 tests/ref/class_programs.py compat` → expected.json): `graphlab trace FILE.py` must print
// the same text, the same graph, or end in the same exception at the same line.
// Build first: `make native build/graphlab_asan wasi wasm`.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

import { GOLDEN } from './helpers/compare.js';
import { loadBrowserModule } from './helpers/browser-module.js';
import { itOnEveryBuild, moduleMismatch } from './helpers/cpython-suite.js';

const DIR = join(GOLDEN, 'python', 'compat');
const EXPECTED = JSON.parse(readFileSync(join(DIR, 'expected.json'), 'utf8'));

describe('the compat suite', () => {
  it('covers namedtuple / NamedTuple / tuple subclasses, __index__, random seeds, a trace, uncaught errors', () => {
    const src = EXPECTED.map((p) => readFileSync(join(DIR, p.name), 'utf8')).join('\n');
    for (const s of ['namedtuple(', 'NamedTuple', '(tuple)', '(int)', 'super().__new__', '__slots__', 'def __index__',
      'operator.index', 'random.seed("', 'version=1', '-1.5', 'trace(', 'setrecursionlimit(', 'match ', 'case ['])
      expect(src, s).toContain(s);
    expect(EXPECTED.filter((p) => p.error).map((p) => p.error.type).sort())
      .toEqual(['AttributeError', 'TypeError', 'TypeError', 'TypeError', 'TypeError', 'TypeError']);
    // CPython's own numbers for random.seed('hello') (SHA-512 seeding), and the namedtuple checks
    const rnd = EXPECTED.find((p) => p.name === '14_random_str_seed.py').console;
    expect(rnd.split('\n')[0]).toBe("'hello' 0.3537754404730722 85 e 0.7191160296584268");
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
