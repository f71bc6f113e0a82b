// ir-diff.test.js — the IR panel's line diff (web/ir-diff.js) on hand-written stages: renumbering and lines a
// pass only moved are no change; a merged-away node is removed and its users unchanged; a node a pass
// replaced is removed and its replacement added; a kept node whose text changed is changed; maps compose
// over several passes. Real stages: tests/e2e/ir.test.js.
import { describe, expect, it } from 'vitest';
import { diffArrays } from 'diff';

import { diffRows, idMaps, lineNode, lineOpName } from '../../web/ir-diff.js';

/** A stage as model.js makes it: nodes {id, inputs, how, from}. */
const stage = (nodes) => ({ nodes: nodes.map(([id, inputs, how = 'kept', from = [id]]) => ({ id, inputs, how, from })) });
const marks = (rows) => rows.filter((r) => r.kind !== 'same').map((r) => `${r.kind} ${r.side} ${r.id}`);

describe('lineNode / lineOpName', () => {
  it('read the node, op and name of a printed line', () => {
    expect(lineNode('%13  = mul(%0, %0)  : [12×64]')).toBe(13);
    expect(lineNode('返回 %62')).toBe(null);
    expect(lineOpName('%2   = param()  : [64×64]  # wq')).toEqual({ op: 'param', name: 'wq' });
    expect(lineOpName('%11  = sum(%10, axis=-1, keepdims=True)  : [12×1]')).toEqual({ op: 'sum', name: '' });
  });
});

describe('diffRows', () => {
  it('a pass that renumbers (a node inserted before the rest) marks only the new node', () => {
    const a = ['%0   = input()  : [4]  # x', '%1   = exp(%0)  : [4]', '%2   = neg(%1)  : [4]', '返回 %2'];
    const b = ['%0   = input()  : [4]  # x', '%1   = const()  : [4]', '%2   = exp(%0)  : [4]', '%3   = neg(%2)  : [4]', '返回 %3'];
    const s0 = stage([[0, []], [1, [0]], [2, [1]]]);
    const s1 = stage([[0, []], [1, [], 'created', []], [2, [0], 'kept', [1]], [3, [2], 'kept', [2]]]);
    expect(marks(diffRows(a, b, idMaps([s0, s1], 0, 1), diffArrays))).toEqual(['added new 1']);
  });

  it('cse: the merged-away copy is removed, its user reads the survivor and is unchanged', () => {
    const a = ['%0 = input() : [4]', '%1 = exp(%0) : [4]', '%2 = exp(%0) : [4]', '%3 = add(%1, %2) : [4]', '返回 %3'];
    const b = ['%0 = input() : [4]', '%1 = exp(%0) : [4]', '%2 = add(%1, %1) : [4]', '返回 %2'];
    const s0 = stage([[0, []], [1, [0]], [2, [0]], [3, [1, 2]]]);
    const s1 = stage([[0, []], [1, [0], 'merged', [1, 2]], [2, [1, 1], 'kept', [3]]]);
    expect(marks(diffRows(a, b, idMaps([s0, s1], 0, 1), diffArrays))).toEqual(['removed old 2']);
  });

  it('a replaced node: the old one removed, the new one added, its kept user unchanged', () => {
    const a = ['%0 = input() : [4]', '%1 = softmax(%0, axis=-1) : [4]', '%2 = neg(%1) : [4]', '返回 %2'];
    const b = ['%0 = input() : [4]', '%1 = exp(%0) : [4]', '%2 = neg(%1) : [4]', '返回 %2'];
    const s0 = stage([[0, []], [1, [0]], [2, [1]]]);
    const s1 = stage([[0, []], [1, [0], 'expanded', [1]], [2, [1], 'kept', [2]]]);
    expect(marks(diffRows(a, b, idMaps([s0, s1], 0, 1), diffArrays))).toEqual(['removed old 1', 'added new 1']);
  });

  it('a line a pass only moved (nodes reordered) is no change', () => {
    const a = ['%0 = input() : [4]', '%1 = exp(%0) : [4]', '%2 = neg(%0) : [4]', '%3 = const() : [4]', '%4 = mul(%1, %3) : [4]', '返回 %4'];
    const b = ['%0 = input() : [4]', '%1 = const() : [4]', '%2 = exp(%0) : [4]', '%3 = neg(%0) : [4]', '%4 = mul(%2, %1) : [4]', '返回 %4'];
    const s0 = stage([[0, []], [1, [0]], [2, [0]], [3, []], [4, [1, 3]]]);
    const s1 = stage([[0, []], [1, [], 'kept', [3]], [2, [0], 'kept', [1]], [3, [0], 'kept', [2]], [4, [2, 1], 'kept', [4]]]);
    const rows = diffRows(a, b, idMaps([s0, s1], 0, 1), diffArrays);
    expect(marks(rows)).toEqual([]);
    expect(rows.filter((r) => r.moved).map((r) => r.id)).toEqual([1]);
    expect(rows.map((r) => r.text)).toEqual(b);
  });

  it('a kept node whose text changed is changed, on both sides', () => {
    const a = ['%0 = input() : [4]', '%1 = exp(%0) : [4]', '返回 %1'];
    const b = ['%0 = input() : [4]', '%1 = exp(%0) : [2, 2]', '返回 %1'];
    const s = stage([[0, []], [1, [0]]]);
    expect(marks(diffRows(a, b, idMaps([s, s], 0, 1), diffArrays))).toEqual(['changed old 1', 'changed new 1']);
  });

  it('maps compose over passes that changed nothing', () => {
    const s0 = stage([[0, []], [1, [0]], [2, [1]]]);
    const same = stage([[0, []], [1, [0]], [2, [1]]]);
    const s3 = stage([[0, []], [1, [0], 'kept', [2]]]);   // node 1 removed, 2 renumbered to 1
    const m = idMaps([s0, same, same, s3], 0, 3);
    expect([...m.def].sort()).toEqual([[0, 0], [2, 1]]);
  });
});
