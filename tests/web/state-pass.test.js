// state-pass.test.js — passPlan (state.js): where the Passes panel's Python pass runs, and the case it makes
// (caseFromState's "pypass" and pipeline). Expectations written by hand from the rule: the function's name in
// place of the built-in pass of that name; else inserted at passat (0: right after the trace); else appended.
import { describe, expect, it } from 'vitest';

import { caseFromState, defaultState, parseHash, passPlan, serializeHash } from '../../web/state.js';

const SRC = 'def cse(g):\n    return g\n';
const st = (patch) => ({ ...defaultState(), ...patch });

describe('passPlan', () => {
  it('no pass, or a pass without its function: null', () => {
    expect(passPlan(defaultState())).toBeNull();
    expect(passPlan(st({ pass: SRC }))).toBeNull();
    expect(passPlan(st({ passfn: 'cse' }))).toBeNull();
  });

  it('in place of the built-in pass of its name: the pipeline unchanged, `at` the stage before it', () => {
    const p = passPlan(st({ pass: SRC, passfn: 'cse' }));
    expect(p.pipeline).toEqual(['match_attention', 'decompose', 'cse', 'constant_fold', 'simplify', 'fold_norm_weight']);
    expect(p.at).toBe('decompose');
    expect(p.index).toBe(3);
  });

  it('at a place: inserted there, even when the pipeline has a pass of its name', () => {
    expect(passPlan(st({ pass: SRC, passfn: 'mine', passat: 0 }))).toEqual({
      pipeline: ['mine', 'match_attention', 'decompose', 'cse', 'constant_fold', 'simplify', 'fold_norm_weight'], at: 'trace', index: 1,
    });
    const twice = passPlan(st({ pass: SRC, passfn: 'cse', passat: 6 }));
    expect(twice.pipeline).toEqual(['match_attention', 'decompose', 'cse', 'constant_fold', 'simplify', 'fold_norm_weight', 'cse']);
    expect(twice.at).toBe('fold_norm_weight');
    expect(twice.index).toBe(7);
    // a place past the end is the end
    expect(passPlan(st({ pass: SRC, passfn: 'x', passat: 16 })).pipeline.at(-1)).toBe('x');
  });

  it('a name the pipeline lacks, no place: appended; a repeated pass\'s key is name#n', () => {
    const p = passPlan(st({ pass: SRC, passfn: 'mine', pipeline: ['cse', 'cse'] }));
    expect(p.pipeline).toEqual(['cse', 'cse', 'mine']);
    expect(p.at).toBe('cse#2');
    const q = passPlan(st({ pass: SRC, passfn: 'dce', pipeline: [] }));
    expect(q).toEqual({ pipeline: ['dce'], at: 'trace', index: 1 });
  });

  it('the case carries the pass and that pipeline; the numeric case too', () => {
    const s = st({ pass: SRC, passfn: 'mine', passat: 1 });
    for (const numeric of [false, true]) {
      const c = caseFromState(s, { numeric });
      expect(c.pypass).toEqual({ source: SRC, name: 'mine', file: 'pass.py' });
      expect(c.pipeline).toEqual(['match_attention', 'mine', 'decompose', 'cse', 'constant_fold', 'simplify', 'fold_norm_weight']);
    }
    expect(caseFromState(defaultState()).pypass).toBeUndefined();
  });

  it('the link round-trips the pass, its function and its place', () => {
    const s = st({ pass: SRC, passfn: 'mine', passat: 2 });
    const h = serializeHash(s);
    expect(h).toMatch(/&pass=def%20cse\(g\)%3A%0A%20%20%20%20return%20g%0A&passfn=mine&passat=2(&|$)/);
    const back = parseHash(`#${h}`).state;
    expect([back.pass, back.passfn, back.passat]).toEqual([SRC, 'mine', 2]);
  });
});
