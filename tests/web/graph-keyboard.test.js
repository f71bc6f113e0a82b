// graph-keyboard.test.js — web/views/graph/keyboard.js without the DOM: the order the arrows try a node's users
// or inputs in (nearest by position, then the drawing's order), and the walk's memory (the opposite arrow goes
// back the way it came; the same arrow again tries the next nearest, round to the first).
import { describe, expect, it } from 'vitest';
import { byDistance, step } from '../../web/views/graph/keyboard.js';

const walk = () => ({ path: [], back: null });

describe('graph keyboard: the walk along the edges', () => {
  it('orders candidates nearest first, ties in the drawing\'s order', () => {
    const from = { x: 100, y: 100 };
    const cands = [
      { key: 'far', x: 100, y: 300, i: 0 },
      { key: 'right', x: 130, y: 140, i: 3 },   // distance 50
      { key: 'left', x: 70, y: 140, i: 2 },     // distance 50, earlier in the drawing
      { key: 'near', x: 100, y: 120, i: 5 },
    ];
    expect(byDistance(from, cands).map((c) => c.key)).toEqual(['near', 'left', 'right', 'far']);
    expect(cands.map((c) => c.key)).toEqual(['far', 'right', 'left', 'near']);   // (the input is left as it was)
  });

  it('goes to the nearest, returns the way it came, then tries the next nearest, round to the first', () => {
    const w = walk();
    // a has three users b, c, d (nearest first); each of them has a as its only input
    expect(step('a', 'down', ['b', 'c', 'd'], w)).toBe('b');
    expect(step('b', 'up', ['a'], w)).toBe('a');
    expect(step('a', 'down', ['b', 'c', 'd'], w)).toBe('c');
    expect(step('c', 'up', ['a'], w)).toBe('a');
    expect(step('a', 'down', ['b', 'c', 'd'], w)).toBe('d');
    expect(step('d', 'up', ['a'], w)).toBe('a');
    expect(step('a', 'down', ['b', 'c', 'd'], w)).toBe('b');
    expect(w.path).toEqual([{ from: 'a', to: 'b', dir: 'down' }]);
  });

  it('retraces several moves in order (down, down, up, up comes home)', () => {
    const w = walk();
    expect(step('x', 'down', ['y'], w)).toBe('y');
    expect(step('y', 'down', ['z'], w)).toBe('z');
    // z's nearest input is not y, but the way back is
    expect(step('z', 'up', ['q', 'y'], w)).toBe('y');
    expect(step('y', 'up', ['p', 'x'], w)).toBe('x');
    expect(w.path).toEqual([]);
    // at x again with nothing to retrace: up goes to x's nearest input
    expect(step('x', 'up', ['r', 's'], w)).toBe('r');
  });

  it('the same arrow twice keeps going: only the opposite one retraces', () => {
    const w = walk();
    expect(step('a', 'up', ['p1', 'p2'], w)).toBe('p1');
    expect(step('p1', 'up', ['pp'], w)).toBe('pp');
    expect(w.path.map((m) => m.to)).toEqual(['p1', 'pp']);
    expect(step('pp', 'down', ['z', 'p1'], w)).toBe('p1');   // back, though z is nearer
    expect(step('p1', 'up', ['pp', 'pq'], w)).toBe('pq');   // the next input after the one just left
  });

  it('a node without users (or inputs) goes nowhere and keeps the walk', () => {
    const w = walk();
    expect(step('a', 'down', ['b'], w)).toBe('b');
    expect(step('b', 'down', [], w)).toBe(null);
    expect(w.path).toEqual([{ from: 'a', to: 'b', dir: 'down' }]);
    expect(step('b', 'up', ['c', 'a'], w)).toBe('a');
  });

  it('a move the walk did not make (focus moved by Tab or a click) is not retraced', () => {
    const w = walk();
    expect(step('a', 'down', ['b'], w)).toBe('b');
    // the focus is now on m (a click): up from m goes to its nearest input, not to a
    expect(step('m', 'up', ['n', 'a'], w)).toBe('n');
  });
});
