// lab-cli.test.js — what the lab shows is what the CLI prints (issue 32). The lab's analysis
// (web/analysis-core.js analyzeCase, as the analysis worker runs it, over the native CLI's packed answer:
// tests/helpers/native-module.js) and what the page reads of it (web/result-pack.js unpackResult) against
// `graphlab case FILE` (plain JSON, emit.lab): every stage's nodes and their stable keys, the fused and eager
// kernels the kernels panel lists, the lab's facts (c/src/io/lab_facts.c: kernel names, written / on-chip
// values, the values' ops / shapes / bytes, roofline places, run footprint) exactly as the CLI prints them, and
// the places checked against their rule on the CLI's numbers (each place a distinct (intensity, attained rate,
// short name) to six digits, every kernel with work at exactly the place its own numbers give).
import { describe, it, expect } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { nativeModule } from './helpers/native-module.js';
import { ROOT } from './helpers/compare.js';
import { analyzeCase } from '../web/analysis-core.js';
import { unpackResult, tableLength, tableRow, tableGet } from '../web/result-pack.js';
import { stageTable, columnsOf } from '../web/model.js';

const CASES = ['small_prefill.json', 'small_decode_masked.json', 'llama8b_prefill_128_x4.json', 'llama8b_decode_4096.json'];
const caseOf = (f) => {
  const j = JSON.parse(readFileSync(join(ROOT, 'tests', 'fixtures', f), 'utf8'));
  const c = j.case && typeof j.case === 'object' ? j.case : j;
  return { ...c, emit: { ...(c.emit || {}), lab: true } };
};
const p6 = (x) => x.toPrecision(6);
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
        // the roofline's places: the CLI's, and their rule on the CLI's numbers
        const places = lab.lab_places[set];
        expect(places).toEqual(cli.lab_places[set]);
        const shortOf = (i) => (set === 'fused' ? cli.lab_kernels[i].short : cli[set].kernels[i].label);
        const placeOf = (k, i) => {
          const bytes = k.reads + k.writes;
          const ai = bytes ? k.flops / bytes : 0, perf = k.time_s ? k.flops / k.time_s : 0;
          return ai > 0 && perf > 0 ? `${p6(ai)}|${p6(perf)}|${shortOf(i)}` : null;
        };
        const keys = cli[set].kernels.map(placeOf);
        const at = new Map(places.map(([i, n]) => [keys[i], [i, n]]));
        expect(at.size).toBe(places.length);
        keys.forEach((key, i) => {
          if (key === null) return;
          expect(at.get(key)[0]).toBeLessThanOrEqual(i);
        });
        for (const [key, [, n]] of at) expect(keys.filter((k) => k === key).length).toBe(n);
      }
      // the lab's facts: the CLI's, row for row
      expect(tableLength(lab, 'lab_kernels')).toBe(cli.fused.kernels.length);
      cli.fused.kernels.forEach((k, i) => {
        const row = tableRow(lab, 'lab_kernels', i);
        expect(row).toEqual(cli.lab_kernels[i]);
        expect(row.detail).toBe(`${k.kind}: ${k.label}`);
        expect([...row.written, ...row.onChip].sort((a, b) => a - b)).toEqual([...k.nodes].sort((a, b) => a - b));
      });
      expect(Object.keys(cli.lab_values).map(Number)).toEqual([...new Set(cli.fused.kernels.flatMap((k) => k.nodes))].sort((a, b) => a - b));
      for (const id of Object.keys(cli.lab_values)) expect(tableGet(lab, 'lab_values', id)).toEqual(cli.lab_values[id]);
      expect(lab.lab_run_footprint).toEqual(cli.lab_run_footprint);
      expect(cli.lab_run_footprint.bytes).toBe(8 * Math.max(...Object.values(cli.graphs).map((g) => g.nodes.reduce((a, n) => a + n[4].reduce((x, d) => x * (typeof d === 'number' ? d : cli.bind[d]), 1), 0))));
    });
  }
});
