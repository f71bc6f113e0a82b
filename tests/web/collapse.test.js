// Unit tests of the collapsed (one box per layer) view's pieces: the grid layout (web/views/graph/grid.js),
// the per-layer summaries and slices (web/views/graph/collapse.js) and the analysis as the page receives it
// (web/analysis-core.js), on real results of the WASM module under Node.
import { describe, it, expect, beforeAll } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gridLayout, gridColumns } from '../../web/views/graph/grid.js';
import { summarize, layerSlice, liteStage, isCollapsed, nodeCount, LITE_NODES } from '../../web/views/graph/collapse.js';
import { analyzeCase } from '../../web/analysis-core.js';
import { buildStages } from '../../web/model.js';
import { caseFromState, defaultState, withPatch } from '../../web/state.js';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const HAVE_MODULE = fs.existsSync(path.join(REPO, 'public', 'graphlab-core.wasm'));

describe('gridLayout', () => {
  const boxes = (n, w = 120) => Array.from({ length: n }, (_, i) => ({ key: `L${i}`, w, h: 44 }));

  it('256 layer boxes: a grid about as wide as asked, in reading order (next to the right, or the next row\'s first)', () => {
    const g = gridLayout({ top: { key: 'L-1', w: 200, h: 44 }, items: boxes(256), aspect: 1.6 });
    const xs = new Set(), ys = new Set();
    for (let i = 0; i < 256; i++) {
      const [x, y] = g.pos.get(`L${i}`);
      xs.add(x);
      ys.add(y);
    }
    expect(xs.size).toBe(g.cols);
    expect(ys.size).toBe(Math.ceil(256 / g.cols));
    expect(g.width / g.height).toBeGreaterThan(1.6 / 2);
    expect(g.width / g.height).toBeLessThan(1.6 * 2);
    const cellW = 120 + 14, cellH = 44 + 22;
    for (let i = 1; i < 256; i++) {
      const [x0, y0] = g.pos.get(`L${i - 1}`);
      const [x1, y1] = g.pos.get(`L${i}`);
      const side = x1 - x0 === cellW && y1 === y0;
      const nextRow = x1 === g.pos.get('L0')[0] && y1 - y0 === cellH && i % g.cols === 0;
      expect(side || nextRow, `L${i - 1} → L${i}`).toBe(true);
    }
    // the shared inputs above every layer
    const topY = g.pos.get('L-1')[1];
    for (let i = 0; i < 256; i++) expect(g.pos.get(`L${i}`)[1]).toBeGreaterThan(topY);
  });

  it('a few layers stand in one column', () => {
    expect(gridColumns(3, 134, 66, 1.6)).toBe(1);
    const g = gridLayout({ items: boxes(3), aspect: 1.6 });
    expect(new Set([0, 1, 2].map((i) => g.pos.get(`L${i}`)[0])).size).toBe(1);
  });

  it('an opened layer is a block on rows of its own, between the layers before and after it', () => {
    const pos = new Map([['a', [20, 12]], ['b', [20, 60]]]);
    const items = [...boxes(40).slice(0, 20), { block: true, keys: ['a', 'b'], pos, width: 40, height: 72 }, ...boxes(40).slice(21)];
    const g = gridLayout({ items, aspect: 1.6 });
    const blockTop = g.pos.get('a')[1] - 12;
    for (let i = 0; i < 20; i++) expect(g.pos.get(`L${i}`)[1]).toBeLessThan(blockTop);
    for (let i = 21; i < 40; i++) expect(g.pos.get(`L${i}`)[1]).toBeGreaterThan(g.pos.get('b')[1]);
    expect(g.pos.get('b')[1] - g.pos.get('a')[1]).toBe(48);   // the block's own layout, moved as a whole
  });
});

describe('layer summaries and the analysis payload (module results)', () => {
  beforeAll(() => {
    if (!HAVE_MODULE) throw new Error('public/graphlab-core.wasm is missing: run make wasm (these suites never skip)');
  });
  let gl;
  beforeAll(async () => {
    const { createGraphLab } = await import('../../wasm/graphlab.mjs');
    gl = await createGraphLab();
  });

  it('decode, 5 layers: a group per layer plus the shared inputs, the chain of layers, slices that add up', () => {
    const r = gl.runCase(caseFromState(withPatch(defaultState(), { cfg: { mode: 'decode', layers: 5 } })));
    const stages = buildStages(r);
    for (const st of stages) {
      const { groups, groupEdges } = summarize(st);
      expect(groups.map((g) => g.layer)).toEqual([-1, 0, 1, 2, 3, 4]);
      expect(groups.reduce((a, g) => a + g.count, 0)).toBe(r.passes[st.index].nodes);
      for (let l = 1; l < 5; l++) expect(groupEdges).toContainEqual([l - 1, l]);
      // each layer's own KV cache is in that layer, so no layer feeds one further down the stack
      for (const [a, b] of groupEdges) expect(a === -1 || b === a + 1, `${a} → ${b}`).toBe(true);
      for (const g of groups) {
        const sl = layerSlice(st, g.layer);
        expect(sl.nodes.length).toBe(g.count);
        const ids = new Set(sl.nodes.map((n) => n.id));
        for (const n of sl.nodes) for (const i of n.inputs) expect(ids.has(i) || String(i) in sl.ext).toBe(true);
        for (const [id, ls] of Object.entries(sl.out)) {
          expect(ids.has(Number(id))).toBe(true);
          expect(ls).not.toContain(g.layer);
        }
      }
      const lite = liteStage(st);
      expect(nodeCount(lite)).toBe(st.nodes.length);
      expect(lite.nodes).toEqual([]);
      expect(isCollapsed({ collapse: 'off' }, lite)).toBe(true);
    }
  });

  it('the page gets the result without graphs and provenance; a big result\'s stages as summaries', () => {
    const small = analyzeCase(gl, caseFromState(defaultState()));
    expect(small.lite).toBe(false);
    const rs = JSON.parse(small.resultText);
    expect(rs.graphs).toBeUndefined();
    expect(rs.provenance).toBeUndefined();
    expect(rs.passes.length).toBe(small.stages.length);
    expect(small.stages[0].nodes.length).toBe(rs.passes[0].nodes);

    const big = analyzeCase(gl, caseFromState(withPatch(defaultState(), { cfg: { mode: 'decode', layers: 40 } })));
    const rb = JSON.parse(big.resultText);
    expect(Math.max(...rb.passes.map((p) => p.nodes))).toBeGreaterThan(LITE_NODES);
    expect(big.lite).toBe(true);
    big.stages.forEach((s, i) => {
      expect(s.lite).toBe(true);
      expect(s.nodeCount).toBe(rb.passes[i].nodes);
      expect(s.layers).toBe(40);
      expect(s.groups.length).toBe(41);
    });
    expect(big.table.stages[0].n).toBe(rb.passes[0].nodes);
  });
});
