// kernels/facts.js — what the kernels panel shows of one kernel (kernelFacts: the core's numbers and what
// follows from them: intensity, the ceiling that applies, its ridge, the bound), its short chart label, and
// the roofline's places: one point per distinct (intensity, attained rate, short name), since the layers of a
// stack are alike. Pure, so the analysis worker finds the places (47,104 eager kernels at 1024 layers) and the
// page draws only those and the first bars.
import { kernelColor } from './palette.js';

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
 * infos: per kernel {name} (kernel-names.js) or nothing (the op label names it).
 */
export function rooflinePlaces(kernels, dev, infos = []) {
  const at = new Map();
  const out = [];
  const shorts = new Map();   // a stack's layers repeat the same few names
  kernels.forEach((k, i) => {
    // kernelFacts' intensity and attained rate, without the rest of its record (47,104 kernels at 1024 layers)
    const bytes = (k.reads || 0) + (k.writes || 0);
    const flops = k.flops || 0;
    const ai = bytes ? flops / bytes : 0;
    const perf = k.time_s ? flops / k.time_s : 0;
    if (!(ai > 0 && perf > 0)) return;
    const name = (infos[i] && infos[i].name) || k.label;
    let sn = shorts.get(name);
    if (sn === undefined) shorts.set(name, (sn = shortName(name)));
    const key = `${ai.toPrecision(6)},${perf.toPrecision(6)},${sn}`;
    const p = at.get(key);
    if (p) p[1]++;
    else {
      const q = [i, 1];
      at.set(key, q);
      out.push(q);
    }
  });
  return out;
}
