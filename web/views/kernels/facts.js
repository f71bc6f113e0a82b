// kernels/facts.js — what the kernels panel shows of one kernel (kernelFacts: the core's numbers and what
// follows from them: intensity, the ceiling that applies, its ridge, the bound), its short chart label, and
// the roofline's places: one point per distinct (intensity, attained rate, short name), since the layers of a
// stack are alike. Pure, so the analysis worker finds the places (47,104 eager kernels at 1024 layers) and the
// page draws only those and the first bars.
import { kernelColor } from './palette.js';
import { decodeAt, decodeColumn } from '../../result-pack.js';

export function kernelFacts(k, i, dev, info) {
  const mm = k.kind === 'matmul' || k.kind === 'attention';
  const peak = mm ? dev.mm_flops : dev.vec_flops;
  const bytes = (k.reads || 0) + (k.writes || 0);
  const flops = k.flops || 0;
  const ai = bytes ? flops / bytes : 0;
  const ridge = peak / dev.bw;
  const t = k.time_s;   // the core's roofline time (it never writes a non-finite one)
  const name = (info && info.name) || k.label;
  return {
    k, i, info, name, short: `#${i} ${shortName(name)}`, color: kernelColor(i),
    peak, ceiling: mm ? 'matmul / attention peak' : 'vector peak', ridge, bytes, flops, ai,
    bound: ai >= ridge ? 'compute' : 'memory', t, tc: flops / peak, tm: bytes / dev.bw, launch: dev.launch,
    perf: t ? flops / t : 0,
  };
}

/** "L3 O projection + residual" → "O proj." (the chart's label; the tooltip has the whole name). */
export function shortName(name) {
  let s = String(name).replace(/^L\d+ /, '').split(/ [+×] /)[0];
  s = s.replace(' projection', ' proj.').replace('attention (flash_attn)', 'flash_attn')
    .replace('attention scores ', 'scores ').replace('attention output ', '').replace('attention softmax', 'softmax');
  return s;
}

/**
 * The roofline's points of a kernel list: [[i, n]] — the first kernel i at each distinct place and name, and
 * how many kernels sit there — in kernel order; kernels with no FLOPs or no bytes are not places.
 * kernels: the rows, or the table still in columns (result-pack.js {t: 'rows', rows: {t: 'rec', …}}: the
 * analysis reads it so, 6,559 eager kernels at 126 layers).
 * infos: per kernel {name} (kernel-names.js) or nothing (the op label names it).
 */
export function rooflinePlaces(kernels, dev, infos = []) {
  if (!Array.isArray(kernels)) return placesOfColumns(kernels.rows, infos);
  const num = (k) => Float64Array.from(kernels, (x) => x[k] || 0);
  return placesOf(kernels.length, num('reads'), num('writes'), num('flops'), num('time_s'), (i) => kernels[i].label, infos);
}

function placesOfColumns(rec, infos) {
  const col = (k) => rec.cols[rec.keys.indexOf(k)];
  const num = (k) => {
    const c = col(k);
    return c.t === 'f64' || c.t === 'i32' ? c.data : Float64Array.from(decodeColumn(c), (x) => x || 0);
  };
  const lab = col('label');
  const label = lab.t === 'str' ? (i) => (lab.idx[i] < 0 ? null : lab.dict[lab.idx[i]]) : (i) => decodeAt(lab, i);
  return placesOf(rec.n, num('reads'), num('writes'), num('flops'), num('time_s'), label, infos);
}

// shortName of the names seen lately: the layers of a stack and the next analysis repeat them
const SHORTS = new Map();
function shortOf(name) {
  let s = SHORTS.get(name);
  if (s === undefined) {
    if (SHORTS.size > 50000) SHORTS.clear();
    SHORTS.set(name, (s = shortName(name)));
  }
  return s;
}

// reads … time: numbers per kernel (typed arrays; null or NaN counts as 0)
function placesOf(n, reads, writes, flops, time, label, infos) {
  const at = new Map();
  const out = [];
  const prec = new Map();   // a stack's layers repeat the same few intensities and rates
  const p6 = (x) => {
    let s = prec.get(x);
    if (s === undefined) prec.set(x, (s = x.toPrecision(6)));
    return s;
  };
  for (let i = 0; i < n; i++) {
    // kernelFacts' intensity and attained rate, without the rest of its record (47,104 kernels at 1024 layers)
    const bytes = (reads[i] || 0) + (writes[i] || 0);
    const fl = flops[i] || 0;
    const ai = bytes ? fl / bytes : 0;
    const t = time[i];
    const perf = t ? fl / t : 0;
    if (!(ai > 0 && perf > 0)) continue;
    const sn = shortOf((infos[i] && infos[i].name) || label(i));
    // keyed by (intensity, rate, short name) to 6 digits: one map per level, each key a string seen before
    const ka = p6(ai), kp = p6(perf);
    let byRate = at.get(ka);
    if (!byRate) at.set(ka, (byRate = new Map()));
    let byName = byRate.get(kp);
    if (!byName) byRate.set(kp, (byName = new Map()));
    const p = byName.get(sn);
    if (p) p[1]++;
    else {
      const q = [i, 1];
      byName.set(sn, q);
      out.push(q);
    }
  }
  return out;
}
