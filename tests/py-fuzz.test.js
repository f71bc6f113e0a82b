// py-fuzz.test.js — the differential fuzzer of the program front end against CPython (tools/pyfuzz.py):
// random programs over the language's families (ints and big ints, floats, str and formatting, lists, dicts
// and sets, calls with *args / **kwargs, classes, generators, exceptions, scoping, loops), each run by CPython
// (the system python3, with the reference importable as graph_lab) for the oracle and by `graphlab trace`:
// the same printed text, or the same exception class, message and line.
// PYFUZZ_COUNT (300 by default; `make fuzz` runs thousands) and PYFUZZ_SEED choose the programs.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

import { ROOT, runCli } from './helpers/compare.js';

const COUNT = Number(process.env.PYFUZZ_COUNT || 300);
const SEED = Number(process.env.PYFUZZ_SEED || 1);
const PYTHON = process.env.PYTHON || '/usr/bin/python3';

function oracle(seed, count) {
  const r = spawnSync(PYTHON, [join(ROOT, 'tools', 'pyfuzz.py'), String(seed), String(count)],
    { encoding: 'utf8', maxBuffer: 1 << 28 });
  if (r.status !== 0) throw new Error(`tools/pyfuzz.py failed: ${r.stderr}`);
  return JSON.parse(r.stdout);
}

/** Why GraphLab's run of case c differs from CPython's, or null. */
export function fuzzMismatch(kind, c) {
  const r = runCli(kind, ['trace', '-'], { input: c.program });
  if (/Sanitizer|runtime error/.test(r.stderr)) return `sanitizer: ${r.stderr.slice(0, 300)}`;
  if (c.error) {
    const msg = c.error.message ? `${c.error.type}: ${c.error.message}` : c.error.type;   // raise E(): no ': '
    if (r.status === 0) return `ran to the end; CPython raised ${msg} at line ${c.error.line}`;
    if (!r.stderr.includes(msg) || (c.error.line && !r.stderr.includes(`<stdin>:${c.error.line}:`))) {
      return `${r.stderr.trim().split('\n').pop().slice(0, 200)}; CPython: line ${c.error.line}: ${msg}`;
    }
    return null;
  }
  if (r.status !== 0) return `status ${r.status}: ${r.stderr.trim().split('\n').pop().slice(0, 200)}`;
  if (r.stderr !== c.console) {
    const a = r.stderr.split('\n');
    const b = c.console.split('\n');
    const i = a.findIndex((l, k) => l !== b[k]);
    return `printed line ${i + 1}: ${JSON.stringify(a[i])}, CPython ${JSON.stringify(b[i])}`;
  }
  return null;
}

describe(`differential fuzzer against CPython (${COUNT} programs, seed ${SEED})`, () => {
  it('native: every program prints what CPython prints, or raises what it raises', () => {
    const cases = oracle(SEED, COUNT);
    expect(cases.length).toBe(COUNT);
    const bad = [];
    for (const c of cases) {
      const why = fuzzMismatch('native', c);
      if (why) bad.push(`${c.name}: ${why}`);
    }
    const errors = cases.filter((c) => c.error).length;
    console.log(`pyfuzz (native): ${cases.length} programs (${errors} raise in CPython), ${bad.length} mismatches`);
    expect(bad).toEqual([]);
  }, 600_000);
});
