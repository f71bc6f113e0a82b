// roofline-places.test.js — web/views/kernels/facts.js rooflinePlaces: the same places from a kernel table's
// rows and from its columns (result-pack.js, the form the core's tables come in), kernels at one place to six
// digits counted together, kernels without FLOPs or bytes left out.
import { describe, expect, it } from 'vitest';

import { rooflinePlaces } from '../../web/views/kernels/facts.js';
import { encodeTable } from '../../web/result-pack.js';

const k = (label, reads, writes, flops, time_s) => ({ kind: 'pointwise', label, nodes: [1], reads, writes, flops, time_s, why: { reason: 'eager', candidate: null, saved_bytes: 0 } });

describe('rooflinePlaces', () => {
  const kernels = [
    k('matmul', 100, 50, 3000, 1e-6),
    k('add', 10, 10, 20, 2e-9),
    k('matmul', 100, 50, 3000, 1e-6),                 // the first one's place
    k('matmul', 100, 50, 3000.0000001, 1e-6),         // the same to six digits
    k('matmul', 100, 50, 3100, 1e-6),                 // elsewhere
    k('add', 10, 10, 20, 2e-9),
    k('exp', 0, 0, 0, 1e-9),                           // no bytes, no FLOPs: no place
    k('exp', 10, 10, 20, 2e-9),                        // the adds' place, another name
  ];
  const dev = { mm_flops: 1e15, vec_flops: 5e13, bw: 3e12, launch: 4e-6 };

  it('from rows', () => {
    expect(rooflinePlaces(kernels, dev)).toEqual([[0, 3], [1, 2], [4, 1], [7, 1]]);
  });

  it('from columns, the same; names from infos when given', () => {
    const table = encodeTable(kernels);
    expect(table.rows.t).toBe('rec');
    expect(rooflinePlaces(table, dev)).toEqual(rooflinePlaces(kernels, dev));
    const infos = kernels.map((_, i) => ({ name: i === 2 ? 'L1 Q projection' : 'L0 Q projection' }));
    expect(rooflinePlaces(table, dev, infos)).toEqual(rooflinePlaces(kernels, dev, infos));
    // "Q proj." in every layer: the adds and the exp at one place now
    expect(rooflinePlaces(table, dev, infos)).toEqual([[0, 3], [1, 3], [4, 1]]);
  });
});
