// Unit tests of the config panel's pure helpers (web/views/config.js), the clock resolution (web/clock.js) and
// the copy-link URL (web/share.js): where a core error is shown, what a preset opens, the link round-trips.
// The core's messages here are the native CLI's (build/graphlab case), the presets its `graphlab presets`.
import { describe, it, expect } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { placeCoreError, presetShape } from '../../web/views/config.js';
import { clockResolutionMs } from '../../web/clock.js';
import { linkFor } from '../../web/share.js';
import { parseHash, defaultState, withPatch } from '../../web/state.js';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const NATIVE = path.join(REPO, 'build', 'graphlab');

/** The native core's message for a small-layer case with cfg patched in. */
function coreMessage(patch) {
  if (!fs.existsSync(NATIVE)) throw new Error(`${NATIVE} is missing: run make`);
  const config = { d: 64, H: 8, G: 2, dh: 8, f: 128, mode: 'prefill', T: 12, S: null, layers: 1, ...patch };
  try {
    execFileSync(NATIVE, ['case', '-', '--compact'], { input: JSON.stringify({ case: 'u', config, device: 'h100' }), stdio: ['pipe', 'pipe', 'pipe'] });
  } catch (err) {
    return String(err.stderr).replace(/^graphlab: invalid: /, '').trim();
  }
  throw new Error('the core accepted it');
}

describe('the core\'s error goes next to the field it names, in words', () => {
  it('H not a multiple of G: at G (the last named), or at H when H was just changed', () => {
    const msg = coreMessage({ G: 3 });
    expect(msg).toBe('config.H (8) must be divisible by config.G (3)');
    expect(placeCoreError(msg)).toEqual({ text: 'H (8) must be divisible by G (3)', field: 'G' });
    expect(placeCoreError(msg, 'H').field).toBe('H');
    expect(placeCoreError(msg, 'd').field).toBe('G');
  });
  it('odd dh in prefill: at dh', () => {
    const r = placeCoreError(coreMessage({ dh: 7 }));
    expect(r.field).toBe('dh');
    expect(r.text).toMatch(/^dh \(7\) must be even/);
    expect(r.text).not.toMatch(/config\./);
  });
  it('device fields get their words; a message naming no field has no field', () => {
    expect(placeCoreError('device.launch must be a positive finite number, got 0')).toEqual({ text: 'The launch overhead must be a positive finite number, got 0', field: 'launch' });
    expect(placeCoreError('out of memory').field).toBeNull();
  });
});

describe('a preset opens one layer at a typical length', () => {
  const presets = JSON.parse(execFileSync(NATIVE, ['presets']).toString()).models;
  it('Llama-3-8B: one layer, T = 2048, S = 4096 (the docs\' examples); the small layer at the defaults', () => {
    const l8 = presets.find((m) => m.name === 'llama3-8b');
    const c = presetShape({ ...l8, cfg: { d: l8.d, H: l8.H, G: l8.G, dh: l8.dh, f: l8.f, eps: l8.eps, theta: l8.theta } });
    expect(c).toEqual({ d: 4096, H: 32, G: 8, dh: 128, f: 14336, eps: 1e-5, theta: 500000, layers: 1, T: 2048, S: 4096, pos0: 0 });
    const sm = presets.find((m) => m.name === 'small');
    expect(presetShape({ ...sm, cfg: { d: sm.d } }, defaultState().cfg)).toMatchObject({ d: 64, layers: 1, T: 12, S: 16 });
  });
});

describe('clock resolution', () => {
  it('a clock that ticks in whole ms (Firefox) measures 1 ms', () => {
    let t = 0;
    // (the first call is cached for the page's life: this file measures only this coarse clock)
    expect(clockResolutionMs(() => { t += 0.25; return Math.floor(t); })).toBe(1);
  });
  it('a 0.1 ms clock read through float timestamps is 0.1, so times show one decimal', async () => {
    const { clockResolutionMs: fresh } = await import('../../web/clock.js?fresh');
    let n = 0;
    const steps = [0.10000000055879354, 0.09999999962747097];
    let t = 1000;
    expect(fresh(() => { if (n++ % 3 === 2) t += steps[n % 2]; return t; })).toBe(0.1);
    const { formatMs } = await import('../../web/format.js');
    expect(formatMs(6.1, fresh())).toBe('6.1 ms');
  });
});

describe('copy link', () => {
  it('the link carries the whole state, in or out of presentation, and parses back to it', () => {
    const st = withPatch(defaultState(), { cfg: { d: 128, T: 99 }, stage: 3, panels: ['graph', 'memory'] });
    for (const present of [false, true]) {
      const url = linkFor(st, present, 'http://127.0.0.1:8080/index.html#old=1');
      expect(url.startsWith('http://127.0.0.1:8080/index.html#d=128&')).toBe(true);
      const back = parseHash(url.slice(url.indexOf('#')));
      expect(back.notice).toBeNull();
      expect(back.state).toEqual({ ...st, present });
    }
  });
});
