// The dynamic-shapes panel's words (web/views/dynamic-words.js) on the reference's own traces
// (tests/golden/demos/demos.json: graph_lab.py's branch program under each front end): guards read as the
// issue asks ("(x·2).sum() > 0 was True at trace time"), the core's node numbers become the expression, and
// long lists end with "… N more".
import { describe, it, expect } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expr, guardInWords, nodesInWords, moreList, stepParts } from '../../web/views/dynamic-words.js';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const DEMOS = JSON.parse(fs.readFileSync(path.join(REPO, 'tests', 'golden', 'demos', 'demos.json'), 'utf8'));
const branch = DEMOS.branch[0];

describe('guards in words', () => {
  it('the guard front end\'s two graphs: the condition, True then False', () => {
    const [g1, g2] = branch.guard.graphs;
    expect(g1.guards).toEqual([{ kind: 'value', node: 5, value: true }]);
    expect(guardInWords(g1.guards[0], g1.nodes)).toBe('(x·2).sum() > 0 was True at trace time');
    expect(guardInWords(g2.guards[0], g2.nodes)).toBe('(x·2).sum() > 0 was False at trace time');
  });
  it('every node of the specialized trace as an expression', () => {
    const { nodes } = branch.specialize.graphs[0];
    expect(nodes.map((n) => expr(nodes, n[0]))).toEqual(['x', '2', 'x·2', '(x·2).sum()', '0', '(x·2).sum() > 0', 'x·2', '1', '(x·2) + 1']);
  });
  it('the core\'s messages: "(node %5)" and "bool(%5)" become the expression', () => {
    const { nodes } = branch.guard.graphs[0];
    expect(nodesInWords('the graph cannot express "look at the data to choose a path" (node %5)', nodes))
      .toBe('the graph cannot express "look at the data to choose a path" (at (x·2).sum() > 0)');
    expect(nodesInWords('graph 1\'s guard fails (bool(%5) == True)', nodes)).toBe('graph 1\'s guard fails (bool((x·2).sum() > 0) == True)');
    expect(nodesInWords('no nodes: %5 stays', null)).toBe('no nodes: %5 stays');
  });
  it('an unknown node stays a number; nesting is bounded', () => {
    expect(expr([], 7)).toBe('%7');
    const chain = Array.from({ length: 40 }, (_, i) => (i === 0 ? [0, 'input', [], {}, [3], 'x'] : [i, 'neg', [i - 1], {}, [3], '']));
    expect(expr(chain, 39)).toMatch(/^−+…$/);
  });
});

describe('lists end with "… N more"', () => {
  it('cuts after max items and counts the rest', () => {
    expect(moreList([1, 2, 3], 8)).toBe('1, 2, 3');
    expect(moreList(Array.from({ length: 40 }, (_, i) => 100 + i), 6)).toBe('100, 101, 102, 103, 104, 105, … 34 more');
    expect(moreList([], 3)).toBe('');
  });
});

describe('stepParts: the core\'s step log in the page\'s words', () => {
  it('each sentence of branch_demo.c read into its message, fields and code; an unknown one is null', () => {
    expect(stepParts('call 1 [1, 2, 3]: cache empty → trace (guard) → graph 1, 5 ops, bool((x·2).sum() > 0) == True'))
      .toEqual({ key: 'dynamic.step.traced', vars: { call: '1', x: '[1, 2, 3]', why: 'cache empty', g: '1', ops: '5' }, mode: 'guard', guards: 'bool((x·2).sum() > 0) == True' });
    expect(stepParts("call 2 [-1, -2, -3]: graph 1's guard fails (bool((x·2).sum() > 0) == True)"))
      .toEqual({ key: 'dynamic.step.fails', vars: { call: '2', x: '[-1, -2, -3]', g: '1' }, mode: null, guards: 'bool((x·2).sum() > 0) == True' });
    expect(stepParts('call 2 [1, 2, 3]: graph 1 reused (no guards)'))
      .toEqual({ key: 'dynamic.step.reused', vars: { call: '2', x: '[1, 2, 3]', g: '1' }, mode: null, guards: null });
    expect(stepParts('call 1 [1, 2, 3]: trace (error) fails: TraceError'))
      .toEqual({ key: 'dynamic.step.traceerror', vars: { call: '1', x: '[1, 2, 3]' }, mode: 'error', guards: null });
    expect(stepParts('call 1 [1, 2, 3]: lazy: ran 2 graphs (ops 3, 2): graph break at bool()'))
      .toEqual({ key: 'dynamic.step.lazy', vars: { call: '1', x: '[1, 2, 3]', n: '2', ops: '3, 2' }, mode: null, guards: null });
    expect(stepParts('something new')).toBe(null);
  });
});
