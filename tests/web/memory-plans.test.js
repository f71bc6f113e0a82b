// memory-plans.test.js — the memory view draws the core's plans (case emit.plans: memory.naive_offsets, live,
// greedy_order) and computes none. The expected arrays are the reference's (tests/golden/plans/plans.json,
// made by tests/ref/plans.py: its plan_memory(lts, "naive") offsets, the live vector its lower_bound sums,
// the order its greedy places buffers in) for every case with a memory result.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

import { corePlans } from '../../web/views/memory/plans.js';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const MODULE = path.join(REPO, 'public', 'graphlab-core.mjs');
const expected = JSON.parse(fs.readFileSync(path.join(REPO, 'tests', 'golden', 'plans', 'plans.json'), 'utf8'));
const FILES = [
  ...fs.readdirSync(path.join(REPO, 'tests', 'fixtures')).map((f) => `fixtures/${f}`),
  ...fs.readdirSync(path.join(REPO, 'tests', 'golden')).filter((f) => f.endsWith('.json')).map((f) => `golden/${f}`),
].filter((f) => JSON.parse(fs.readFileSync(path.join(REPO, 'tests', f), 'utf8')).memory);

let gl;
beforeAll(async () => {
  if (!fs.existsSync(MODULE)) throw new Error(`${MODULE} is missing: build it with \`make wasm\``);
  const { createGraphLab } = await import('../../wasm/graphlab.mjs');
  gl = await createGraphLab();
}, 60_000);

const shapeOnly = (c) => {
  const { inputs, ...rest } = c;   // the plans do not depend on values: no interpreter runs
  return rest;
};

describe('the core\'s plan arrays are the reference\'s', () => {
  it(`${FILES.length} golden cases: naive offsets, bytes alive per step, greedy's order`, () => {
    expect(FILES.length).toBeGreaterThan(20);
    expect(Object.keys(expected).sort(), 'tests/golden/plans/plans.json is stale: run /usr/bin/python3 tests/ref/plans.py').toEqual([...FILES].sort());
    for (const f of FILES) {
      const c = shapeOnly(JSON.parse(fs.readFileSync(path.join(REPO, 'tests', f), 'utf8')));
      const mem = gl.runCase({ ...c, emit: { graphs: false, outputs: false, provenance: false, plans: true } }).memory;
      const want = expected[f];
      const name = f;
      expect(mem.naive_offsets, name).toEqual(want.naive_offsets);
      expect(mem.live, name).toEqual(want.live);
      expect(mem.greedy_order, name).toEqual(want.greedy_order);
      expect(Math.max(0, ...mem.live), name).toBe(want.lower_bound);
      expect(corePlans(mem, mem.lifetimes.length), name).toEqual({ naive: want.naive_offsets, live: want.live, order: want.greedy_order });
    }
  });

  it('without emit.plans the memory result is the reference\'s five keys, as the goldens hold them', () => {
    const c = shapeOnly(JSON.parse(fs.readFileSync(path.join(REPO, 'tests', 'fixtures', 'small_prefill.json'), 'utf8')));
    expect(Object.keys(gl.runCase(c).memory)).toEqual(['lifetimes', 'naive', 'greedy', 'lower_bound', 'greedy_offsets']);
    expect(() => gl.runCase({ ...c, emit: { plans: 1 } })).toThrow(/emit\.plans/);
  });
});

describe('corePlans: the view draws only what the core sent', () => {
  const mem = { naive_offsets: [0, 4], live: [4, 6], greedy_order: [1, 0] };
  it('takes the three arrays when they match the lifetimes', () => {
    expect(corePlans(mem, 2)).toEqual({ naive: [0, 4], live: [4, 6], order: [1, 0] });
    expect(corePlans({ ...mem, live: Int32Array.from([4, 6]) }, 2).live).toEqual([4, 6]);
  });
  it('is null when one is missing or of another length (nothing is recomputed)', () => {
    expect(corePlans({ ...mem, live: undefined }, 2)).toBeNull();
    expect(corePlans({ ...mem, naive_offsets: [0] }, 2)).toBeNull();
    expect(corePlans({ ...mem, greedy_order: null }, 2)).toBeNull();
    expect(corePlans({}, 0)).toBeNull();
  });
});
