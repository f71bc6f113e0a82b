// Unit tests of the layer index (web/views/graph/layer-index.js) on real results of the WASM module: the
// per-layer counts the collapsed grid shows add up to the core's node count of every stage.
import { describe, it, expect, beforeAll } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { summarize } from '../../web/views/graph/layer-index.js';
import { buildStages } from '../../web/model.js';
import { caseFromState, defaultState, withPatch } from '../../web/state.js';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const HAVE_MODULE = fs.existsSync(path.join(REPO, 'public', 'graphlab-core.wasm'));

describe('summarize (the layer index)', () => {
  let gl;
  beforeAll(async () => {
    if (!HAVE_MODULE) throw new Error('public/graphlab-core.wasm is missing: run make wasm (these suites never skip)');
    const { createGraphLab } = await import('../../wasm/graphlab.mjs');
    gl = await createGraphLab();
  });

  it('decode, 126 layers: a box per layer plus the shared inputs, counts that add up to the core\'s', () => {
    const r = gl.runCase(caseFromState(withPatch(defaultState(), { cfg: { mode: 'decode', layers: 126 } })));
    const stages = buildStages(r);
    for (const st of stages) {
      const { groups, groupEdges } = summarize(st);
      expect(groups.map((g) => g.layer)).toEqual([-1, ...Array.from({ length: 126 }, (_, i) => i)]);
      expect(groups.reduce((a, g) => a + g.count, 0), st.name).toBe(r.passes[st.index].nodes);
      // ops are the non-leaf nodes of the layer
      for (const g of groups) expect(g.ops).toBe(st.nodes.filter((n) => n.layer === g.layer && n.cls !== 'LEAF').length);
      // the chain: layer i feeds i + 1, and no edge points up the stack
      for (let l = 1; l < 126; l++) expect(groupEdges).toContainEqual([l - 1, l]);
      for (const [a, b] of groupEdges) expect(a).toBeLessThan(b);
    }
  });
});
