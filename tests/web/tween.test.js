// tween.test.js — web/views/graph/tween.js: a pass animation's frames (d3's cubic easing, the edge paths), and
// that a frame after the first writes only the elements that move or fade (bench/lab_perf.mjs part b: writing
// every node and edge each frame made the browser relayout and repaint the whole drawing).
import { describe, expect, it } from 'vitest';
import * as d3 from 'd3';
import { arrowFor, createTween, easeCubicInOut, edgePath, frameAt, moves } from '../../web/views/graph/tween.js';

/** A stand-in for a d3 selection: each element (one per datum, kept across selections) records its writes. */
function fakeSel(data, log, els = new Map()) {
  const elOf = (d) => {
    if (!els.has(d)) {
      els.set(d, {
        setAttribute: (name, v) => log.push([d.key, name, v]),
        removeAttribute: (name) => log.push([d.key, name, null]),
        style: { setProperty: (name, v) => log.push([d.key, name, v]) },
      });
    }
    return els.get(d);
  };
  return {
    data,
    each(fn) { data.forEach((d, i) => fn.call(elOf(d), d, i)); return this; },
    filter(fn) { return fakeSel(data.filter(fn), log, els); },
    empty() { return data.length === 0; },
  };
}
const at = (x, y, s = 1, o = 1) => ({ x, y, s, o });
const box = { w: 40, h: 20 };

function scene() {
  const kept = at(0, 0);
  const els = [
    { key: 'a', v: box, from: kept, to: kept },                          // kept, still
    { key: 'b', v: box, from: at(0, 100), to: at(0, 100) },              // kept, equal states
    { key: 'c', v: box, from: at(50, 50, 0.3, 0), to: at(100, 100) },    // grows in
    { key: 'g', v: box, from: at(0, 200), to: at(0, 200, 0.6, 0) },      // a ghost fading out
  ];
  const edges = [
    { key: 'a>b', s: 'a', t: 'b', phase: 'both' },
    { key: 'b>c', s: 'b', t: 'c', phase: 'in' },
    { key: 'a>g', s: 'a', t: 'g', phase: 'out' },
  ];
  return { els, edges, byKey: new Map(els.map((d) => [d.key, d])) };
}

describe('graph tween', () => {
  it('eases as d3 does, and interpolates every part of the state', () => {
    for (const t of [0, 0.1, 0.25, 0.5, 0.7, 0.99, 1]) expect(easeCubicInOut(t)).toBeCloseTo(d3.easeCubicInOut(t), 12);
    const d = { from: at(0, 10, 0.5, 0), to: at(100, 30, 1, 1) };
    expect(frameAt(d, 0)).toEqual(d.from);
    expect(frameAt(d, 1)).toEqual(d.to);
    expect(frameAt(d, 0.5)).toEqual({ x: 50, y: 20, s: 0.75, o: 0.5 });
    expect(moves(d)).toBe(true);
    expect(moves({ from: at(1, 2), to: at(1, 2) })).toBe(false);
  });

  it('edge paths: top to bottom between ranks, side by side within a row', () => {
    const a = { ...at(0, 0), ...box }, b = { ...at(0, 100), ...box }, c = { ...at(100, 0), ...box };
    expect(edgePath(a, b)).toBe('M0,10 C0,50 0,50 0,90');
    expect(edgePath(a, c)).toBe('M20,0 C50,0 50,0 80,0');
  });

  it('the first frame writes everything, later frames only what moves or fades, t = 1 once', () => {
    const { els, edges, byKey } = scene();
    const log = [];
    const sel = { nodes: fakeSel(els, log), edges: fakeSel(edges, log), shapes: fakeSel([], log) };
    const tw = createTween(sel, byKey);
    expect(tw.still).toBe(false);
    tw.apply(0);
    expect(new Set(log.map((x) => x[0]))).toEqual(new Set(['a', 'b', 'c', 'g', 'a>b', 'b>c', 'a>g']));
    log.length = 0;
    tw.apply(0.5);
    // not a, b, a>b (still); not b>c (invisible at 0 and at 0.5); a>g's fade only (it has just gone)
    expect(new Set(log.map((x) => x[0]))).toEqual(new Set(['c', 'g', 'a>g']));
    const op = Object.fromEntries(log.filter((x) => x[1] === 'opacity' || x[1] === '--fade').map((x) => [x[0], x[2]]));
    expect(op).toEqual({ c: 0.5, g: 0.5, 'a>g': 0 });
    expect(log.filter((x) => x[1] === 'd')).toEqual([]);
    expect(log.filter((x) => x[1] === 'marker-end')).toEqual([['a>g', 'marker-end', 'none']]);
    log.length = 0;
    tw.apply(1.7);                                   // clamped to 1
    tw.apply(1);                                     // the same frame again: nothing written
    expect(log.filter((x) => x[1] === 'transform').map((x) => x[0])).toEqual(['c', 'g']);
    expect(log.find((x) => x[0] === 'c' && x[1] === 'transform')[2]).toBe('translate(100,100) scale(1)');
    // b>c shows: its opacity, and its path to where c is now (beside b: from b's right side to c's left)
    expect(log.filter((x) => x[0] === 'b>c')).toEqual([['b>c', '--fade', 1], ['b>c', 'marker-end', 'url(#arrow)'], ['b>c', 'd', 'M20,100 C50,100 50,100 80,100']]);
    expect(log.filter((x) => x[0] === 'a' || x[0] === 'b' || x[0] === 'a>b' || x[0] === 'a>g')).toEqual([]);
    expect(els.every((d) => d.cur)).toBe(true);      // every element's current state is known to its edges
  });

  it('a fading edge: no opacity over the path (its stroke and its arrowhead fade), the arrowhead in 20 % steps', () => {
    expect([1, 0.95, 0.85, 0.6, 0.5, 0.31, 0.2, 0.12, 0.05, 0].map(arrowFor)).toEqual([
      'url(#arrow)', 'url(#arrow)', 'url(#arrow-8)', 'url(#arrow-6)', 'url(#arrow-6)', 'url(#arrow-4)', 'url(#arrow-2)',
      'url(#arrow-2)', 'none', 'none']);
    const { els, edges, byKey } = scene();
    edges.push({ key: 'a>c', s: 'a', t: 'c', phase: 'both', wrap: true });
    const log = [];
    const tw = createTween({ nodes: fakeSel(els, log), edges: fakeSel(edges, log), shapes: fakeSel([], log) }, byKey);
    tw.apply(0.25);
    expect(log.filter((x) => x[1] === 'opacity' && x[0].includes('>'))).toEqual([]);
    const of = (k, name) => log.filter((x) => x[0] === k && x[1] === name).map((x) => x[2]);
    expect(of('a>g', '--fade')).toEqual([0.5]);
    expect(of('a>g', 'marker-end')).toEqual(['url(#arrow-6)']);   // 0.5 → the 60 % marker (0.5 × 5 rounds to 3)
    expect(of('a>c', 'marker-end')).toEqual(['url(#arrow-6)']);   // a wrapped edge's arrowhead: 60 %
  });

  it('an element is not written again with what it has (the still picture after a step)', () => {
    const { els, edges, byKey } = scene();
    const log = [];
    const elsMap = new Map();
    const sel = () => ({ nodes: fakeSel(els, log, elsMap), edges: fakeSel(edges, log, elsMap), shapes: fakeSel([], log, elsMap) });
    const tw = createTween(sel(), byKey);
    tw.apply(0);
    tw.apply(1);
    log.length = 0;
    // the step's end: the same elements, still at their `to` states, drawn by a tween of their own
    for (const d of els) d.from = d.to;
    const still = createTween(sel(), byKey);
    still.apply(1);
    expect(log).toEqual([]);
  });

  it('nothing moving or fading is a still picture; shapes show only once it is still', () => {
    const kept = at(0, 0), other = at(0, 100);
    const els = [{ key: 'a', v: box, from: kept, to: kept }, { key: 'b', v: box, from: other, to: other }];
    const edges = [{ key: 'a>b', s: 'a', t: 'b', phase: 'both' }];
    const log = [];
    const shapes = fakeSel([{ key: 's:a>b', s: 'a', t: 'b' }], log);
    const tw = createTween({ nodes: fakeSel(els, log), edges: fakeSel(edges, log), shapes }, new Map(els.map((d) => [d.key, d])));
    expect(tw.still).toBe(true);
    tw.apply(0);
    expect(log.filter((x) => x[0] === 's:a>b' && x[1] === 'opacity').map((x) => x[2])).toEqual([0]);
    tw.apply(0.5);
    expect(log.filter((x) => x[0] === 's:a>b').length).toBe(3);   // x, y, opacity once
    tw.apply(1);
    expect(log.filter((x) => x[0] === 's:a>b' && x[1] === 'opacity').map((x) => x[2])).toEqual([0, 1]);
    expect(log.find((x) => x[0] === 's:a>b' && x[1] === 'y' && log.indexOf(x) > 3)[2]).toBe(50);
  });
});
