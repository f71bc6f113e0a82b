// lab-cli.test.js — what the lab shows is what the CLI prints (issue 32). The lab's analysis
// (web/analysis-core.js analyzeCase, as the analysis worker runs it, over the native CLI's packed answer:
// tests/helpers/native-module.js) and what the page reads of it (web/result-pack.js unpackResult) against
// `graphlab case FILE` (plain JSON): every stage's nodes and their stable keys, the fused and eager kernels the
// kernels panel lists (its names are one per kernel, the CLI's op label their detail), and the roofline's
// places (each place a kernel's intensity and attained rate as the CLI's flops, bytes and time give them;
// every kernel with work in exactly one place).
import { describe, it, expect } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { nativeModule } from './helpers/native-module.js';
import { ROOT } from './helpers/compare.js';
import { analyzeCase } from '../web/analysis-core.js';
import { unpackResult, tableLength, tableRow } from '../web/result-pack.js';
import { stageTable, columnsOf } from '../web/model.js';

const CASES = ['small_prefill.json', 'small_decode_masked.json', 'llama8b_prefill_128_x4.json', 'llama8b_decode_4096.json'];
const caseOf = (f) => {
  const j = JSON.parse(readFileSync(join(ROOT, 'tests', 'fixtures', f), 'utf8'));
  return j.case && typeof j.case === 'object' ? j.case : j;
};
const rows = (holder) => Array.from({ length: tableLength(holder, 'kernels') }, (_, i) => tableRow(holder, 'kernels', i));
const KERNEL_KEYS = ['kind', 'label', 'nodes', 'flops', 'reads', 'writes', 'time_s'];
const pick = (k) => Object.fromEntries(KERNEL_KEYS.map((key) => [key, k[key]]));

describe('the lab shows what the CLI prints', () => {
  const gl = nativeModule();
  for (const f of CASES) {
    it(f, () => {
      const c = caseOf(f);
      const cli = gl.runCase(c);                          // graphlab case - --compact: the CLI's own JSON
      const out = analyzeCase(gl, c);
      const lab = unpackResult(JSON.parse(out.resultText), out.packed);

      // node keys: the lab's table (the core's stage_keys.c, read off the packed columns) is the rule applied to
      // the CLI's graphs and provenance
      const fromCli = stageTable(cli, columnsOf(cli));
      expect(out.table.stages.length).toBe(cli.passes.length);
      out.table.stages.forEach((st, i) => {
        const want = fromCli.stages[i];
        expect(st.n).toBe(want.n);
        expect(Array.from(st.keyStage)).toEqual(Array.from(want.keyStage));
        expect(Array.from(st.keyId)).toEqual(Array.from(want.keyId));
        expect(Array.from(st.layer)).toEqual(Array.from(want.layer));
      });

      for (const set of ['fused', 'eager']) {
        // the kernels the panel lists: the CLI's, in its order
        const ks = rows(lab[set]);
        expect(ks.map(pick)).toEqual(cli[set].kernels.map(pick));
        // the roofline's places: each a kernel's (intensity, rate) from the CLI's numbers; all kernels placed once
        const places = lab.lab_places[set];
        let placed = 0;
        for (const [i, n] of places) {
          const k = cli[set].kernels[i];
          const bytes = k.reads + k.writes;
          expect(k.flops / bytes).toBeGreaterThan(0);
          expect(k.flops / k.time_s).toBeGreaterThan(0);
          placed += n;
        }
        expect(placed).toBe(cli[set].kernels.filter((k) => k.flops > 0 && k.reads + k.writes > 0 && k.time_s > 0).length);
      }
      // kernel names: one per fused kernel, the CLI's label its detail
      expect(tableLength(lab, 'lab_kernels')).toBe(cli.fused.kernels.length);
      cli.fused.kernels.forEach((k, i) => expect(tableRow(lab, 'lab_kernels', i).detail).toContain(k.label));
    });
  }
});
