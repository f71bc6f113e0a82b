// lesson-format-edges.test.js — web/lessons/format.js at its boundaries (issue 36: the survivors of make
// mutate-web): the largest accepted sizes (120-character title, 32 steps, 32 assertions), the smallest
// accepted highlight values (line 1, kernel 0, "%0"), the exact messages of the name, panel, state and
// highlight errors, a step without assertions. Expectations written by hand from the module and docs/LESSONS.md.
import { describe, expect, it } from 'vitest';

import { validateLesson } from '../../web/lessons/format.js';

const lesson = (patch = () => {}) => {
  const l = { title: 'T', summary: 'S', zh: { title: '题', summary: '概要' }, panel: 'graph', steps: [{ state: 'stage=2', text: 'one', assert: ['true'], zh: { text: '一' } }] };
  patch(l);
  return l;
};
const message = (l, name = 'x') => {
  try { validateLesson(l, name); } catch (e) { return e.message; }
  return 'accepted';
};

describe('validateLesson at its limits', () => {
  it('accepts the largest sizes and the smallest highlight values', () => {
    expect(message(lesson((l) => { l.title = 'x'.repeat(120); }))).toBe('accepted');
    expect(message(lesson((l) => { l.steps = Array(32).fill(l.steps[0]); }))).toBe('accepted');
    expect(message(lesson((l) => { l.steps[0].assert = Array(32).fill('true'); }))).toBe('accepted');
    expect(message(lesson((l) => { l.steps[0].highlight = { line: 1 }; }))).toBe('accepted');
    expect(message(lesson((l) => { l.steps[0].highlight = { kernel: 0 }; }))).toBe('accepted');
    expect(message(lesson((l) => { l.steps[0].highlight = { buffer: '%0' }; }))).toBe('accepted');
    expect(message(lesson((l) => { l.steps[0].highlight = { buffer: '%1234567' }; }))).toBe('accepted');
    expect(message(lesson((l) => { l.steps[0].state = 'p=ma.de&stage=2'; }))).toBe('accepted');
  });
  it('refuses just past them, with the exact messages', () => {
    expect(message(lesson((l) => { l.steps[0].highlight = { buffer: '%12345678' }; })))
      .toBe('lesson x, step 1, highlight.buffer: not a value of the final graph ("%58")');
    for (const buffer of ['x%58', '%58x', '%a', ['%5']]) {
      expect(message(lesson((l) => { l.steps[0].highlight = { buffer }; })), String(buffer))
        .toBe('lesson x, step 1, highlight.buffer: not a value of the final graph ("%58")');
    }
    expect(message(lesson((l) => { l.steps[0].highlight = { line: 1.5 }; })))
      .toBe('lesson x, step 1, highlight.line: not a line number (1, 2, …)');
    expect(message(lesson((l) => { l.steps[0].highlight = { kernel: '0' }; })))
      .toBe('lesson x, step 1, highlight.kernel: not a kernel index (0, 1, …)');
    expect(message(lesson((l) => { l.steps[0].highlight = null; }))).toBe('lesson x, step 1, highlight: not an object');
    expect(message(lesson((l) => { l.steps[0].highlight = { node: 1 }; })))
      .toBe('lesson x, step 1, highlight.node: unknown key (one of op, name, line, kernel, buffer)');
    expect(message(lesson((l) => { l.panel = 'nope'; })))
      .toBe('lesson x, panel: not one of program, passes, config, graph, kernels, memory, numerics, dynamic, ir, code');
    expect(message(lesson((l) => { l.steps[0].state = 'stage=2&bogus=1&zz=2'; })))
      .toBe('lesson x, step 1, state: unknown key "bogus"; unknown key "zz"');
    expect(message(lesson((l) => { l.steps[0].assert = ['  ']; }))).toBe('lesson x, step 1, assert[0]: not a non-empty string');
    expect(message(lesson(), 'Bad Name')).toBe('lesson Bad Name: the name is not [a-z0-9-]{1,40}');
  });
  it('names a lesson given a number by its string; a step without assertions has none', () => {
    const l = validateLesson(lesson((x) => { delete x.steps[0].assert; }), 7);
    expect(l.name).toBe('7');
    expect(l.steps[0].assert).toEqual([]);
  });
});
