// Unit tests of the pass-step animation plan (web/views/graph/animation-plan.js) on real results of the WASM
// module: the roles it gives follow the core's provenance (cse merges, dce removes, expansions make nodes).
import { describe, it, expect, beforeAll } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { animationPlan, stillPlan, centroid } from '../../web/views/graph/animation-plan.js';
import { buildStages } from '../../web/model.js';
import { caseFromState, defaultState } from '../../web/state.js';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const HAVE_MODULE = fs.existsSync(path.join(REPO, 'public', 'graphlab-core.wasm'));

// a stage drawn node by node, each node at its own place (x = id, y = stage index)
const visOf = (st) => ({
  nodes: new Map(st.nodes.map((n) => [n.key, { key: n.key, node: n, x: n.id * 10, y: st.index, group: false }])),
  edges: [], visKey: (n) => n.key,
});

describe('centroid', () => {
  it('the mean of the points, nulls skipped; null for none', () => {
    expect(centroid([{ x: 0, y: 0 }, null, { x: 4, y: 2 }])).toEqual({ x: 2, y: 1 });
    expect(centroid([null])).toBe(null);
  });
});

describe('animationPlan on the default (small) case', () => {
  let stages;
  beforeAll(async () => {
    if (!HAVE_MODULE) throw new Error('public/graphlab-core.wasm is missing: run make wasm (these suites never skip)');
    const { createGraphLab } = await import('../../wasm/graphlab.mjs');
    const gl = await createGraphLab();
    stages = buildStages(gl.runCase(caseFromState(defaultState())));
  });

  const step = (name) => {
    const i = stages.findIndex((s) => s.name === name);
    expect(i, name).toBeGreaterThan(0);
    return [stages[i - 1], stages[i]];
  };

  it('cse: the ghosts flown into another node are exactly the nodes the provenance merges away', () => {
    const [a, b] = step('cse');
    const p = animationPlan(visOf(a), a, visOf(b), b, true);
    const kept = new Set(b.nodes.map((n) => n.key));
    // merged away: an earlier node named in a later node's `from` whose key the later stage no longer has
    const merged = new Set();
    for (const n of b.nodes) for (const f of n.from) if (!kept.has(a.nodes[f].key)) merged.add(a.nodes[f].key);
    expect(merged.size).toBeGreaterThan(0);
    const roles = (r) => new Set(p.elements.filter((d) => d.role === r).map((d) => d.key));
    expect(roles('merge')).toEqual(merged);
    // every ghost is a node of the earlier stage the later one lacks; all others are targets
    expect(p.elements.filter((d) => d.ghost).length).toBe(a.nodes.filter((n) => !kept.has(n.key)).length);
    expect(p.elements.filter((d) => !d.ghost).length).toBe(b.nodes.length);
    // a merged node flies to where its absorber is drawn
    for (const d of p.elements.filter((e) => e.role === 'merge')) {
      const into = b.nodes.filter((n) => n.from.includes(d.v.node.id)).map((n) => visOf(b).nodes.get(n.key));
      expect(d.to).toMatchObject({ ...centroid(into), o: 0 });
    }
  });

  it('each step forward and back: ghosts + targets cover both stages, roles agree with the provenance', () => {
    for (let i = 1; i < stages.length; i++) {
      const a = stages[i - 1], b = stages[i];
      const fwd = animationPlan(visOf(a), a, visOf(b), b, true);
      const back = animationPlan(visOf(b), b, visOf(a), a, true);
      const keysA = new Set(a.nodes.map((n) => n.key)), keysB = new Set(b.nodes.map((n) => n.key));
      const union = new Set([...keysA, ...keysB]);
      expect(new Set(fwd.elements.map((d) => d.key))).toEqual(union);
      expect(new Set(back.elements.map((d) => d.key))).toEqual(union);
      // forward, a node with no consumer in the later stage leaves; one with consumers merges
      const consumed = new Set(b.nodes.flatMap((n) => n.from));
      for (const d of fwd.elements.filter((e) => e.ghost)) {
        expect(d.role, `${b.name} ${d.key}`).toBe(consumed.has(d.v.node.id) ? 'merge' : 'leave');
      }
      // kept nodes stay or move; nodes the pass made enter
      for (const d of fwd.elements.filter((e) => !e.ghost)) expect(d.role).toBe(keysA.has(d.key) ? (d.from.x === d.to.x && d.from.y === d.to.y ? 'stay' : 'move') : 'enter');
    }
  });

  it('not adjacent: nothing merges, ghosts just fade; stillPlan holds every node still', () => {
    const a = stages[0], b = stages[stages.length - 1];
    const p = animationPlan(visOf(a), a, visOf(b), b, false);
    expect(p.elements.some((d) => d.role === 'merge')).toBe(false);
    const s = stillPlan(visOf(b));
    expect(s.elements.length).toBe(b.nodes.length);
    for (const d of s.elements) expect(d.from).toEqual(d.to);
  });
});
