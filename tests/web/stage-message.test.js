// The stages as the page receives them from the analysis worker (stage-message.js: posted without byKey,
// made whole on the page) equal what the worker made, byKey Map included, for a whole (small) result and a
// summarised (lite) one; the clone is the structured clone a postMessage makes.
import { describe, it, expect, beforeAll } from 'vitest';
import { analyzeCase } from '../../web/analysis-core.js';
import { caseFromState, defaultState, withPatch } from '../../web/state.js';
import { stagesForMessage, stagesFromMessage } from '../../web/stage-message.js';
import { loadBrowserModule } from '../helpers/browser-module.js';

describe('stages across the worker boundary', () => {
  let gl;
  beforeAll(async () => {
    gl = await loadBrowserModule();
  });

  const cases = [
    ['the default layer', {}],
    ['one Llama-3-8B layer, prefill', { cfg: { d: 4096, H: 32, G: 8, dh: 128, f: 14336, T: 2048, layers: 1, mode: 'prefill' } }],
    ['three decode layers', { cfg: { mode: 'decode', layers: 3 } }],
    ['40 layers (summarised)', { cfg: { layers: 40 } }],
  ];
  for (const [label, patch] of cases) {
    it(label, () => {
      const out = analyzeCase(gl, caseFromState(withPatch(defaultState(), patch)));
      const sent = structuredClone(stagesForMessage(out.stages));
      for (const s of sent) expect(s.byKey).toBeUndefined();
      const got = stagesFromMessage(sent);
      expect(got).toEqual(out.stages);
      for (const [i, s] of got.entries()) {
        expect(s.lite).toBe(out.lite ? true : undefined);
        if (out.lite) continue;
        expect(s.byKey).toBeInstanceOf(Map);
        expect([...s.byKey.keys()]).toEqual([...out.stages[i].byKey.keys()]);
        for (const n of s.nodes) expect(s.byKey.get(n.key)).toBe(n);   // onto the page's own node objects
      }
      // the worker's own stages keep their index
      for (const s of out.stages) if (!out.lite) expect(s.byKey).toBeInstanceOf(Map);
    });
  }
});
