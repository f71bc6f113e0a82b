// state-program-case.test.js — web/state.js's caseFromState for a program (issue 36: survivors of make
// mutate-web): a state holding a program asks for the program, not the config, and binds the decode layer's
// symbolic S and P from the config (P = S - 1); a state without one asks for the config and binds nothing.
import { describe, expect, it } from 'vitest';

import { caseFromState, defaultState } from '../../web/state.js';

describe('caseFromState with a program', () => {
  it('sends the program and binds S, P = S - 1', () => {
    const st = { ...defaultState(), prog: 'x = 1' };
    st.cfg = { ...st.cfg, S: 32 };
    const c = caseFromState(st);
    expect(c.program).toBe('x = 1');
    expect('config' in c).toBe(false);
    expect(c.bind).toEqual({ S: 32, P: 31 });
  });
  it('sends the config and no bind without one', () => {
    const c = caseFromState({ ...defaultState(), prog: null });
    expect('program' in c).toBe(false);
    expect(typeof c.config).toBe('object');
    expect('bind' in c).toBe(false);
  });
});
