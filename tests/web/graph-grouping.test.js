// Unit tests of the graph grouping (web/views/graph/grouping.js) on real results of the WASM module: the
// boxes and edges a stage is drawn as, node by node and collapsed by layer with a layer opened.
import { describe, it, expect, beforeAll } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { stageGraph, groupBox, collapsedEdges, sliceEdges } from '../../web/views/graph/grouping.js';
import { summarize } from '../../web/views/graph/layer-index.js';
import { layerSlice } from '../../web/views/graph/collapse.js';
import { buildStages } from '../../web/model.js';
import { caseFromState, defaultState, withPatch } from '../../web/state.js';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const HAVE_MODULE = fs.existsSync(path.join(REPO, 'public', 'graphlab-core.wasm'));
const box = (n) => ({ key: n.key, node: n });

describe('grouping on module results', () => {
  let gl;
  beforeAll(async () => {
    if (!HAVE_MODULE) throw new Error('public/graphlab-core.wasm is missing: run make wasm (these suites never skip)');
    const { createGraphLab } = await import('../../wasm/graphlab.mjs');
    gl = await createGraphLab();
  });

  it('node by node: every node a box and every input an edge; leaves as chips drop only leaves', () => {
    const r = gl.runCase(caseFromState(defaultState()));
    for (const st of buildStages(r)) {
      const all = stageGraph(st, true, box);
      expect(all.nodes.size, st.name).toBe(r.passes[st.index].nodes);
      const pairs = new Set(st.nodes.flatMap((n) => n.inputs.map((i) => `${st.nodes[i].key}>${n.key}`)));
      expect(new Set(all.edges.map((e) => e.key))).toEqual(pairs);
      const chipped = stageGraph(st, false, box);
      for (const n of st.nodes) if (!chipped.nodes.has(n.key)) expect(n.cls).toBe('LEAF');
      for (const e of chipped.edges) expect(chipped.nodes.has(e.s) && chipped.nodes.has(e.t)).toBe(true);
    }
  });

  it('collapsed, 5 decode layers: the chain of layer boxes; layer 2 opened is joined to L1 and L3 by its nodes', () => {
    const r = gl.runCase(caseFromState(withPatch(defaultState(), { cfg: { mode: 'decode', layers: 5 } })));
    const st = buildStages(r)[0];
    const sum = summarize(st);
    expect(groupBox(sum.groups[1], false, false)).toMatchObject({ key: 'L0', label: `layer 0 · ${sum.groups[1].count} nodes`, group: true });
    expect(groupBox(sum.groups[1], true, false).label).toBe(`L0 · ${sum.groups[1].count}`);
    const closed = collapsedEdges(sum.groupEdges, new Map(), 1);
    for (let l = 1; l < 5; l++) expect(closed.map((e) => e.key)).toContain(`L${l - 1}>L${l}`);
    // on a grid the shared inputs' edges go (they would cover it)
    expect(collapsedEdges(sum.groupEdges, new Map(), 3).some((e) => e.s === 'L-1')).toBe(false);
    expect(closed.some((e) => e.s === 'L-1')).toBe(true);
    const sl = layerSlice(st, 2);
    const open = collapsedEdges(sum.groupEdges, new Map([[2, sl]]), 1);
    const keys2 = new Set(sl.nodes.map((n) => n.key));
    expect(open.some((e) => e.s === 'L2' || e.t === 'L2')).toBe(false);
    expect(open.some((e) => e.s === 'L1' && keys2.has(e.t))).toBe(true);
    expect(open.some((e) => keys2.has(e.s) && e.t === 'L3')).toBe(true);
    // the layer's own edges are among them
    for (const [k] of sliceEdges(sl)) expect(open.map((e) => e.key)).toContain(k);
  });
});
