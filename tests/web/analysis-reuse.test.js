// A change of only element bytes or the device keeps the stages the lab has (web/analysis-core.js graphKey):
// checked against the WASM module under Node — the core's graphs and provenance do not depend on them, and an
// analysis that reuses its previous stages gives what a fresh one gives.
import { describe, it, expect, beforeAll } from 'vitest';
import { analyzeCase, graphKey } from '../../web/analysis-core.js';
import { caseFromState, defaultState, withPatch } from '../../web/state.js';
import { loadBrowserModule } from '../helpers/browser-module.js';

const withoutTiming = (text) => {
  const r = JSON.parse(text);
  delete r.timing_ms;
  return r;
};

describe('analysis reuse on element bytes / device changes', () => {
  let gl;
  beforeAll(async () => {
    gl = await loadBrowserModule();
  });

  const states = [
    withPatch(defaultState(), {}),
    withPatch(defaultState(), { cfg: { mode: 'decode', layers: 3 } }),
    withPatch(defaultState(), { cfg: { layers: 40 } }),    // a lite (per-layer summary) result
  ];
  const variants = [{ eb: 4 }, { dev: 'a100' }, { eb: 4, dev: 'mi300x' }, { dev: 'custom', custom: { mm: 1e15, vec: 5e13, bw: 2e12, launch: 3e-6 } }];

  it('the core: graphs, provenance and pass counts are the same for every element size and device', () => {
    for (const st of states) {
      const base = gl.runCase(caseFromState(st));
      for (const v of variants) {
        const c = caseFromState(withPatch(st, v));
        expect(graphKey(c)).toBe(graphKey(caseFromState(st)));
        const r = gl.runCase(c);
        expect(r.graphs).toEqual(base.graphs);
        expect(r.provenance).toEqual(base.provenance);
        expect(r.passes).toEqual(base.passes);
      }
    }
  });

  it('a reused analysis gives the fresh analysis\'s result and stages, and says it reused', () => {
    for (const st of states) {
      const first = analyzeCase(gl, caseFromState(st));
      expect(first.reused).toBe(false);
      for (const v of variants) {
        const c = caseFromState(withPatch(st, v));
        const fresh = analyzeCase(gl, c);
        const again = analyzeCase(gl, c, first.keep);
        expect(again.reused).toBe(true);
        expect(again.stages).toBe(first.stages);                    // the very objects: nothing re-sent
        expect(withoutTiming(again.resultText)).toEqual(withoutTiming(fresh.resultText));
        expect(again.packed).toEqual(fresh.packed);
        expect(fresh.stages).toEqual(first.stages);
      }
    }
  });

  it('anything else re-traces: T, d, layers, the pipeline, the mode', () => {
    const st = states[0];
    const first = analyzeCase(gl, caseFromState(st));
    for (const p of [{ cfg: { T: 13 } }, { cfg: { d: 128 } }, { cfg: { layers: 2 } }, { pipeline: ['cse'] }, { cfg: { mode: 'decode' } }]) {
      const c = caseFromState(withPatch(st, p));
      expect(graphKey(c), JSON.stringify(p)).not.toBe(graphKey(caseFromState(st)));
      expect(analyzeCase(gl, c, first.keep).reused).toBe(false);
    }
  });
});
