// meta.test.js — the small tables the lab reads from the core (web/core-tables.js): the checked-in snapshot
// is what the native CLI (`graphlab meta`) and the WASM module (lab.meta()) publish, so the lab has no copy of
// its own to drift; useCoreTables installs a live meta's tables (the page does it on load) and refuses a
// malformed one. The pass codes and names are literals here (the links the lab has always written).
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';

import * as tables from '../../web/core-tables.js';
import { DEFAULT_PIPELINE, PASS_NAMES, defaultState, parseHash, serializeHash } from '../../web/state.js';
import { opClass } from '../../web/ops.js';
import { replaceSnapshot } from '../../tools/core-meta.mjs';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const NATIVE = path.join(REPO, 'build', 'graphlab');
const MODULE = path.join(REPO, 'public', 'graphlab-core.mjs');
const FILE = path.join(REPO, 'web', 'core-tables.js');

let native, wasm, gl, GraphLabError;
beforeAll(async () => {
  if (!fs.existsSync(NATIVE)) throw new Error(`${NATIVE} is missing: build it with \`make native\``);
  if (!fs.existsSync(MODULE)) throw new Error(`${MODULE} is missing: build it with \`make wasm\``);
  native = JSON.parse(execFileSync(NATIVE, ['meta'], { encoding: 'utf8' }));
  const mod = await import('../../wasm/graphlab.mjs');
  GraphLabError = mod.GraphLabError;
  gl = await mod.createGraphLab();
  wasm = gl.meta();
}, 60_000);

// the snapshot as loaded, before any test installs other tables
const SNAP = { PASS_NAMES: tables.PASS_NAMES, OP_CLASS: tables.OP_CLASS, CLASSES: tables.CLASSES, STATUS_NAMES: tables.STATUS_NAMES, WHY_REASONS: tables.WHY_REASONS };
afterEach(() => {
  expect(tables.useCoreTables(native)).toBe(true);
});

describe('app/core-meta.json (tools/build-web.mjs) is the served module\'s meta and presets', () => {
  it('equal to lab.meta() and lab.presets(), for its version', () => {
    const file = path.join(REPO, 'public', 'app', 'core-meta.json');
    if (!fs.existsSync(file)) throw new Error(`${file} is missing: build the lab with \`make web\``);
    const j = JSON.parse(fs.readFileSync(file, 'utf8'));
    expect(j.version).toBe(gl.version);
    expect(j.meta).toEqual(gl.meta());
    expect(j.presets).toEqual(gl.presets());
  });
});

describe('the snapshot is the core\'s meta', () => {
  it.each([['native CLI', () => native], ['WASM module', () => wasm]])('%s', (_, meta) => {
    const src = fs.readFileSync(FILE, 'utf8');
    const want = replaceSnapshot(src, tables.tablesOf(meta()));
    expect(src === want, 'web/core-tables.js is stale: run `node tools/core-meta.mjs` (after `make native`) and commit it').toBe(true);
    expect(tables.tablesOf(meta())).toEqual(tables.tablesOf({
      passes: tables.PASS_NAMES.map((name) => ({ name, code: tables.PASS_CODE[name], pipeline: tables.DEFAULT_PIPELINE.includes(name) })),
      classes: SNAP.CLASSES, op_classes: SNAP.OP_CLASS, status: SNAP.STATUS_NAMES, why_reasons: SNAP.WHY_REASONS,
    }));
  });

  it('the core publishes the pass codes links have always used, the pipeline in the reference\'s order', () => {
    expect(native.passes).toEqual([
      { name: 'match_attention', code: 'ma', pipeline: true }, { name: 'decompose', code: 'de', pipeline: true },
      { name: 'cse', code: 'cs', pipeline: true }, { name: 'constant_fold', code: 'cf', pipeline: true },
      { name: 'simplify', code: 'si', pipeline: true }, { name: 'fold_norm_weight', code: 'fn', pipeline: true },
      { name: 'dce', code: 'dc', pipeline: false }, { name: 'quantize', code: 'qz', pipeline: false },
    ]);
    expect(serializeHash(defaultState())).toContain('&p=ma.de.cs.cf.si.fn&');
  });

  it('every pass the core lists runs by its name (the pipeline a link may hold)', () => {
    const small = JSON.parse(fs.readFileSync(path.join(REPO, 'tests', 'fixtures', 'small_prefill.json'), 'utf8'));
    const base = { ...small, emit: { graphs: false, outputs: false, provenance: false } };
    for (const { name } of native.passes) {
      const r = gl.runCase({ ...base, pipeline: [name] });
      expect(r.passes.map((p) => p.name), name).toEqual(['trace', name]);
    }
    expect(() => gl.runCase({ ...base, pipeline: ['nope'] })).toThrow(/unknown pass 'nope'/);
  });

  it('the binding\'s error codes name the core\'s status names', () => {
    expect(native.status[0]).toBe('ok');
    for (let s = 1; s < native.status.length; s++) expect(new GraphLabError('x', s).code).toBe(`GL_E_${native.status[s].toUpperCase()}`);
  });
});

describe('useCoreTables: the live meta\'s tables are the lab\'s', () => {
  const other = () => ({
    ...native,
    passes: [{ name: 'cse', code: 'cx', pipeline: true }, { name: 'dce', code: 'dc', pipeline: false }],
    op_classes: { ...native.op_classes, gelu: 'COMPOSITE' },
  });

  it('installs them into every importer (live bindings)', () => {
    expect(tables.useCoreTables(other())).toBe(true);
    expect(PASS_NAMES).toEqual(['cse', 'dce']);
    expect(DEFAULT_PIPELINE).toEqual(['cse']);
    expect(defaultState().pipeline).toEqual(['cse']);
    expect(parseHash('#p=cx.dc').state.pipeline).toEqual(['cse', 'dce']);
    expect(parseHash('#p=cs').dropped[0].why).toBe('p=cs: unknown pass code');
    expect(serializeHash(defaultState())).toContain('&p=cx&');
    expect(opClass('gelu')).toBe('COMPOSITE');
  });

  it('refuses a meta without the tables, or with a malformed one, and keeps what it had', () => {
    const bad = [null, {}, { ...native, passes: [] }, { ...native, passes: [{ name: 'cse', code: 'c', pipeline: true }] },
      { ...native, passes: [{ name: 'cse', code: 'cs', pipeline: true }, { name: 'dce', code: 'cs', pipeline: false }] },
      { ...native, op_classes: { add: 'NOPE' } }, { ...native, status: 'ok' }, { ...native, classes: [] }, { ...native, why_reasons: [] },
      { ...native, passes: [{ name: 'a b', code: 'ab', pipeline: true }] }];
    for (const m of bad) expect(tables.useCoreTables(m), JSON.stringify(m)?.slice(0, 80)).toBe(false);
    expect(PASS_NAMES).toEqual(SNAP.PASS_NAMES);
    expect(opClass('add')).toBe('POINTWISE');
  });
});
