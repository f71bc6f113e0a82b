// share-exercise.test.js — the "share as exercise" link (web/views/share-exercise.js exerciseLink): the lab's
// state with lock, hideui (in HIDEABLE's order) and the start stage, without the selection, parsed back whole.
import { describe, expect, it } from 'vitest';

import { defaultState, parseHash, withPatch } from '../../web/state.js';
import { exerciseLink } from '../../web/views/share-exercise.js';

const BASE = 'http://127.0.0.1:8080/index.html';

describe('exerciseLink', () => {
  it('writes lock, hideui and stage, and drops the selection', () => {
    const st = withPatch(defaultState(), { cfg: { d: 128 }, stage: 1, sel: 'n12' });
    const url = exerciseLink(st, { lock: true, hideui: ['inst', 'config', 'pipeline'], stage: 3 }, `${BASE}#old=1`);
    expect(url.startsWith(`${BASE}#d=128&`)).toBe(true);
    expect(url).toContain('&stage=3&');
    expect(url).toContain('&hideui=config.pipeline.inst&');
    expect(url).toMatch(/&lock=1($|&)/);
    expect(url).not.toMatch(/[#&]sel=/);
    const back = parseHash(url.slice(url.indexOf('#')));
    expect(back.dropped).toEqual([]);
    expect(back.state).toEqual({ ...st, stage: 3, lock: true, hideui: ['config', 'pipeline', 'inst'], sel: null });
  });
  it('with nothing chosen it is the plain link at the stage', () => {
    const url = exerciseLink(defaultState(), { lock: false, hideui: [], stage: 0 }, BASE);
    expect(url).toContain('&stage=0&');
    expect(url).toContain('&hideui=&lock=0');
  });
});
