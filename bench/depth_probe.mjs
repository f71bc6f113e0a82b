#!/usr/bin/env node
// depth_probe.mjs — how deep each recursive construct of a program can go in the browser module before
// V8's native stack (where the module's WASM frames live) overflows, and what the module says at the
// limits the front end sets. Prints one line per construct: the deepest N that ran (ok or a clear limit
// error) and the first N that trapped, found by doubling then bisection. Run it under V8's default stack:
//   node --stack-size=984 bench/depth_probe.mjs [moduleUrl]
// With the normal build every construct should report "never traps" up to its cap; with a probe build
// (front end compiled with -DPY_DEPTH_MAX=100000000 -DGL_PROGRAM_MAX_DEPTH=100000000) it measures the real
// stack limits that PY_DEPTH_MAX is sized from (c/src/front/py.h). The smallest stack is the lab's own, a
// Chromium dedicated worker's: bench/depth_probe_browser.mjs runs these constructs there.
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';
import { createGraphLab } from '../wasm/graphlab.mjs';

const T = '\nfrom graph_lab import trace, F\ntrace(lambda x: F.exp(x), {"x": (2,)})\n';
export const CONSTRUCTS = {
  'pow chain 1**1**...': (n) => 'x = ' + Array(n).fill('1').join('**') + T,
  'unary -(-(...))': (n) => 'x = ' + '-'.repeat(n) + '1' + T,
  'not not ...': (n) => 'x = ' + 'not '.repeat(n) + '1' + T,
  'lambda: lambda: ...': (n) => 'x = ' + 'lambda: '.repeat(n) + '1' + T,
  'conditional a if c else ...': (n) => 'x = ' + '1 if 1 else '.repeat(n) + '1' + T,
  'elif chain': (n) => 'x = 3\nif x == 0:\n    pass\n' + Array.from({ length: n }, (_, i) => `elif x == ${i + 1}:\n    pass\n`).join('') + T,
  'comprehension clauses': (n) => 'x = [1 ' + Array.from({ length: n }, (_, i) => `for a${i} in [1]`).join(' ') + ']' + T,
  'comprehension if-clauses': (n) => 'x = [1 for a in [1] ' + 'if 1 '.repeat(n) + ']' + T,
  '.attr chain': (n) => 'x = (1.5)' + '.real'.repeat(n) + T,
  'call chain f()()()': (n) => 'def f(): return f\nx = f' + '()'.repeat(n) + T,
  'a + a + ... (left-nested)': (n) => 'x = ' + Array(n).fill('1').join(' + ') + T,
  'recursion of own function': (n) => `def f(n):\n    if n == 0: return 0\n    return 1 + f(n - 1)\nprint(f(${n}))` + T,
  'recursion via lambda': (n) => `f = lambda n: 0 if n == 0 else 1 + f(n - 1)\nprint(f(${n}))` + T,
  'recursion in if / else blocks': (n) => `def f(n):\n    if n == 0:\n        return 0\n    else:\n        return 1 + f(n - 1)\nprint(f(${n}))` + T,
  'recursion of a method': (n) => `class C:\n    def f(self, n):\n        return 0 if n == 0 else 1 + self.f(n - 1)\nprint(C().f(${n}))` + T,
  'recursion of __getitem__': (n) => `class C:\n    def __getitem__(self, n):\n        return 0 if n == 0 else 1 + self[n - 1]\nprint(C()[${n}])` + T,
  'recursion of __add__': (n) => `class C:\n    def __add__(self, n):\n        return 0 if n == 0 else 1 + (self + (n - 1))\nprint(C() + ${n})` + T,
  'recursion in a for loop': (n) => `def f(n):\n    for i in range(1):\n        if n:\n            return 1 + f(n - 1)\n    return 0\nprint(f(${n}))` + T,
  'recursion in try / finally': (n) => `def f(n):\n    try:\n        return 0 if n == 0 else 1 + f(n - 1)\n    finally:\n        pass\nprint(f(${n}))` + T,
  'recursion in with blocks': (n) => `class M:\n    def __enter__(self): return self\n    def __exit__(self, *a): return False\ndef f(n):\n    with M():\n        return 0 if n == 0 else 1 + f(n - 1)\nprint(f(${n}))` + T,
  'recursion in match cases': (n) => `def f(n):\n    match n:\n        case 0:\n            return 0\n        case _:\n            return 1 + f(n - 1)\nprint(f(${n}))` + T,
  'recursion of generators': (n) => `def g(n):\n    if n == 0:\n        yield 0\n    else:\n        for x in g(n - 1):\n            yield x + 1\nprint(next(g(${n})))` + T,
  'nested list value ==': (n) => `a = []\nb = []\nfor i in range(${n}):\n    a = [a]\n    b = [b]\nprint(a == b)` + T,
  'nested list value repr': (n) => `a = []\nfor i in range(${n}):\n    a = [a]\nprint(len(repr(a)))` + T,
  'nested tuple <': (n) => `a = (1,)\nb = (2,)\nfor i in range(${n}):\n    a = (a,)\n    b = (b,)\nprint(a < b)` + T,
};

if (process.argv[1] && process.argv[1].endsWith("depth_probe.mjs")) await main();
async function main() {
const url = process.argv[2] ? pathToFileURL(resolve(process.argv[2])).href : undefined;
async function fresh() { return createGraphLab(url ? { moduleUrl: url } : {}); }

let gl = await fresh();
async function run(src) {
  try {
    gl.trace(src);
    return 'ok';
  } catch (e) {
    if (e && e.code && /^GL_E_/.test(e.code) && !/trapped/.test(e.message)) return /LIMIT|PARSE/.test(e.code) ? 'limit' : 'error:' + e.message.slice(0, 80);
    gl = await fresh();                      // a trapped module is not reused
    return 'TRAP ' + String(e && e.message).slice(0, 60);
  }
}

const CAP = Number(process.env.PROBE_CAP || 200000);
const only = process.env.PROBE_ONLY;
for (const [name, gen] of Object.entries(CONSTRUCTS)) {
  if (only && !name.includes(only)) continue;
  let lo = 0, hi = 0, n = 16, r, firstLimit = 0, last = '';
  while (n <= CAP) {
    r = await run(gen(n));
    if (r.startsWith('TRAP')) { hi = n; last = r; break; }
    if (r !== "ok" && !firstLimit) firstLimit = n, last = r;
    lo = n;
    n *= 2;
  }
  if (hi) {
    while (hi - lo > Math.max(1, lo >> 6)) {
      const m = (lo + hi) >> 1;
      r = await run(gen(m));
      if (r.startsWith('TRAP')) hi = m; else lo = m;
    }
  }
  const verdict = hi ? `traps at ~${hi} (${last})` : `never traps up to ${CAP}`;
  console.log(`${name.padEnd(30)} deepest without trap ${String(lo).padStart(7)}; ${verdict}${firstLimit ? `; first refusal at <= ${firstLimit}: ${last}` : ''}`);
}
}
