// memory-plans.test.js — the memory view draws the core's plans (case emit.plans: memory.naive_offsets, live,
// greedy_order) and computes none. The expected arrays come from the reference: its plan_memory(lts, "naive")
// offsets, the live vector its lower_bound sums, and the order its greedy places buffers in (sorted by -size),
// run by /usr/bin/python3 on every golden case's lifetimes (the reference imported read-only).
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

import { corePlans } from '../../web/views/memory/plans.js';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const REFERENCE = path.resolve(REPO, '..', 'shared', 'reference');
const FILES = [
  ...fs.readdirSync(path.join(REPO, 'tests', 'fixtures')).map((f) => path.join(REPO, 'tests', 'fixtures', f)),
  ...fs.readdirSync(path.join(REPO, 'tests', 'golden')).filter((f) => f.endsWith('.json')).map((f) => path.join(REPO, 'tests', 'golden', f)),
].filter((f) => JSON.parse(fs.readFileSync(f, 'utf8')).memory);

// the reference's three orders of business on the golden's lifetimes ([bytes, start, end, node])
const PY = `
import json, sys
import numpy as np
sys.path.insert(0, sys.argv[1])
import graph_lab as gl
out = {}
for f in sys.argv[2:]:
    lts = [(int(n), int(b), int(s), int(e)) for b, s, e, n in json.load(open(f))["memory"]["lifetimes"]]
    naive = gl.plan_memory(lts, "naive")[1]
    T = max([e for _, _, _, e in lts], default=-1) + 1
    live = np.zeros(T, dtype=np.int64)
    for _, size, s, e in lts:
        live[s:e + 1] += size          # as lower_bound sums them
    order = sorted(range(len(lts)), key=lambda j: -lts[j][1])
    out[f] = {"naive_offsets": [naive[n] for n, _, _, _ in lts], "live": live.tolist(), "greedy_order": order,
              "lower_bound": gl.lower_bound(lts)}
print(json.dumps(out))
`;

let gl, expected;
beforeAll(async () => {
  expected = JSON.parse(execFileSync('/usr/bin/python3', ['-c', PY, REFERENCE, ...FILES], { encoding: 'utf8', maxBuffer: 64 << 20 }));
  const { createGraphLab } = await import('../../wasm/graphlab.mjs');
  gl = await createGraphLab();
}, 120_000);

const shapeOnly = (c) => {
  const { inputs, ...rest } = c;   // the plans do not depend on values: no interpreter runs
  return rest;
};

describe('the core\'s plan arrays are the reference\'s', () => {
  it(`${FILES.length} golden cases: naive offsets, bytes alive per step, greedy's order`, () => {
    expect(FILES.length).toBeGreaterThan(20);
    for (const f of FILES) {
      const c = shapeOnly(JSON.parse(fs.readFileSync(f, 'utf8')));
      const mem = gl.runCase({ ...c, emit: { graphs: false, outputs: false, provenance: false, plans: true } }).memory;
      const want = expected[f];
      const name = path.basename(f);
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
