// result-pack.test.js — web/result-pack.js: the result's long tables cross from the analysis worker as
// typed-array columns and come back as exactly what JSON would have carried. On the reference's own results
// (tests/fixtures, tests/golden) with the lab's additions (kernel names, value facts), through a structured
// clone as postMessage makes it; and on the values JSON treats specially (null, NaN, ±Infinity, -0, numeric
// keys, records whose keys differ).
import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { packResult, unpackResult, encodeColumn, decodeColumn, encodeTable, decodeTable, buffersOf, PACKED_TABLES } from '../../web/result-pack.js';
import { nativeModule } from '../helpers/native-module.js';

// the core's lab facts of a reference result (emit.lab, c/src/io/lab_facts.c): its kernels' names and values
const gl = nativeModule();
function addFacts(r) {
  const { params: _p, inputs: _i, ...c } = r;
  const lab = gl.runCase({ ...c, emit: { lab: true, graphs: false, provenance: false } });
  r.lab_kernels = lab.lab_kernels;
  r.lab_values = lab.lab_values;
}

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const load = (rel) => JSON.parse(fs.readFileSync(path.join(REPO, rel), 'utf8'));
const CASES = [
  ...fs.readdirSync(path.join(REPO, 'tests', 'fixtures')).map((f) => `tests/fixtures/${f}`),
  ...fs.readdirSync(path.join(REPO, 'tests', 'golden')).filter((f) => f.endsWith('.json')).map((f) => `tests/golden/${f}`),
].filter((rel) => load(rel).fused);

/** JSON text with every object's keys sorted (the packed tables come back as properties added last). */
const canon = (v) => JSON.stringify(v, (k, x) => (x && typeof x === 'object' && !Array.isArray(x)
  ? Object.fromEntries(Object.keys(x).sort().map((kk) => [kk, x[kk]])) : x));

/** What the worker does to a result, then what the page does with the message. */
function roundTrip(result) {
  const sent = JSON.parse(JSON.stringify(result));
  const { packed, transfer } = packResult(sent);
  const text = JSON.stringify(sent);
  const msg = structuredClone({ text, packed }, { transfer });
  return { page: unpackResult(JSON.parse(msg.text), msg.packed), text, packed };
}

describe('result-pack', () => {
  it.each(CASES)('%s: every table comes back as JSON would carry it', (rel) => {
    const r = load(rel);
    delete r.params;
    delete r.inputs;
    if (r.graphs) addFacts(r);
    const { page, text, packed } = roundTrip(r);
    expect(canon(page)).toBe(canon(JSON.parse(JSON.stringify(r))));
    // the long tables left the text, and went as columns of typed arrays (no JSON text inside)
    expect(text).not.toContain('"kernels":[');
    expect(text).not.toContain('"lifetimes"');
    const has = (p) => (p.length > 1 ? r[p[0]] && r[p[0]][p[1]] : r[p[0]]);
    expect(packed.map((p) => p.path.join('.'))).toEqual(PACKED_TABLES.filter(has).map((p) => p.join('.')));
    expect(packed.length).toBeGreaterThanOrEqual(3);
    expect(JSON.stringify(packed.map((p) => p.table), (k, x) => (ArrayBuffer.isView(x) ? undefined : x))).not.toContain('"t":"json"');
  });

  it('decodes a table on its first read only, and a write replaces it', () => {
    const r = load('tests/fixtures/small_prefill.json');
    const { page } = roundTrip({ fused: r.fused, eager: r.eager, memory: r.memory });
    const desc = Object.getOwnPropertyDescriptor(page.fused, 'kernels');
    expect(typeof desc.get).toBe('function');            // not decoded yet
    const a = page.fused.kernels;
    expect(page.fused.kernels).toBe(a);                   // decoded once, then a plain property
    expect(Object.getOwnPropertyDescriptor(page.fused, 'kernels').value).toBe(a);
    expect(a.length).toBe(r.fused.kernels.length);
    page.eager.kernels = [];
    expect(page.eager.kernels).toEqual([]);
    expect(Object.keys(page.memory).sort()).toEqual(Object.keys(r.memory).sort());
  });

  it('columns: numbers, nulls and what JSON makes of non-finite numbers', () => {
    const xs = [0, -0, 1.5, null, NaN, Infinity, -Infinity, 2 ** 40, -7];
    const c = encodeColumn(xs);
    expect(c.t).toBe('f64');
    expect(decodeColumn(c)).toEqual(JSON.parse(JSON.stringify(xs)));
    const ints = [0, 1, -1, 2 ** 31 - 1, -(2 ** 31)];
    expect(encodeColumn(ints).t).toBe('i32');
    expect(decodeColumn(encodeColumn(ints))).toEqual(ints);
    expect(encodeColumn([2 ** 31]).t).toBe('f64');        // outside int32: kept exact as a double
    expect(decodeColumn(encodeColumn([2 ** 31]))).toEqual([2 ** 31]);
  });

  it('columns: strings, numeric keys, lists, records and the JSON fallback', () => {
    const cases = [
      ['str', ['a', 'b', 'a', null, '']],
      ['istr', ['0', '17', '999999999']],
      ['str', ['01', '7']],                                // not canonical integers: kept as strings
      ['list', [[1, 2], [], [3, 'S', null]]],
      ['tup', [[1, 'a', [2, 'S']], [3.5, null, []]]],
      ['mix', [1, 'S', null, 2.5]],
      ['rec', [{ a: 1, b: { c: 'x', d: null } }, { a: 2.5, b: { c: 'y', d: 4 } }]],
      ['json', [{ a: 1 }, { b: 2 }]],                      // different keys
      ['json', [{ a: 1, b: 2 }, { b: 2, a: 1 }]],          // same keys, another order
      ['json', [1, 'a', true]],
      ['i32', []],
    ];
    for (const [t, xs] of cases) {
      const c = encodeColumn(xs);
      expect([t, c.t]).toEqual([t, t]);
      expect(JSON.stringify(decodeColumn(c))).toBe(JSON.stringify(xs));
    }
    const dict = { 3: [1, 2], 10: [3], 2: [] };
    expect(JSON.stringify(decodeTable(encodeTable(dict)))).toBe(JSON.stringify(dict));
    expect(buffersOf(encodeTable(dict)).every((b) => b instanceof ArrayBuffer)).toBe(true);
  });

  it('buffersOf names a buffer once, however many views share it (a transfer list may not repeat one)', () => {
    const buf = new ArrayBuffer(64);
    const packed = [{ path: ['memory', 'live'], table: { t: 'rows', rows: { t: 'f64', n: 2, data: new Float64Array(buf, 0, 2) } } },
      { path: ['memory', 'greedy_order'], table: { t: 'rows', rows: { t: 'i32', n: 4, data: new Int32Array(buf, 16, 4) } } },
      { path: ['lab_values'], table: { t: 'dict', keys: { t: 'istr', n: 1, data: new Int32Array(1) }, vals: { t: 'i32', n: 1, data: new Int32Array(1) } } }];
    const list = buffersOf(packed);
    expect(list.length).toBe(3);
    expect(list[0]).toBe(buf);
    const moved = structuredClone(packed, { transfer: list });
    expect(buf.byteLength).toBe(0);   // transferred, not copied
    expect(Array.from(moved[1].table.rows.data)).toEqual([0, 0, 0, 0]);
  });

  it('a result without the tables, or with null ones, is left as it is', () => {
    const r = { config: { d: 8 }, fused: { cost: { t: 1 } }, memory: null, lab_values: null };
    const { page } = roundTrip(r);
    expect(page).toEqual(r);
  });
});

describe('result-pack: rows without decoding the table', () => {
  it('tableLength / tableRow / tableGet agree with the decoded tables, before and after a whole decode', async () => {
    const { tableLength, tableRow, tableGet } = await import('../../web/result-pack.js');
    const r = load('tests/fixtures/llama8b_decode_4096.json');
    addFacts(r);
    const want = JSON.parse(JSON.stringify(r));
    const { page } = roundTrip(r);
    for (const pass of ['packed', 'decoded']) {
      expect(tableLength(page.fused, 'kernels')).toBe(want.fused.kernels.length);
      expect(tableLength(page.memory, 'lifetimes')).toBe(want.memory.lifetimes.length);
      want.fused.kernels.forEach((k, i) => expect(tableRow(page.fused, 'kernels', i)).toEqual(k));
      want.lab_kernels.forEach((k, i) => expect(tableRow(page, 'lab_kernels', i)).toEqual(k));
      expect(tableRow(page.fused, 'kernels', want.fused.kernels.length)).toBeUndefined();
      for (const [id, v] of Object.entries(want.lab_values)) {
        expect(tableGet(page, 'lab_values', id)).toEqual(v);
        expect(tableGet(page, 'lab_values', Number(id))).toEqual(v);
      }
      expect(tableGet(page, 'lab_values', 'nope')).toBeUndefined();
      expect(tableGet(page, 'lab_values', 999999)).toBeUndefined();
      if (pass === 'packed') {
        expect(typeof Object.getOwnPropertyDescriptor(page.fused, 'kernels').get).toBe('function');   // still packed
        expect(page.fused.kernels.length + Object.keys(page.lab_values).length + page.lab_kernels.length).toBeGreaterThan(0);
      }
    }
    expect(tableLength(null, 'kernels')).toBe(0);
    expect(tableRow({}, 'kernels', 0)).toBeUndefined();
  });
});
