// kernels/facts.js — what the kernels panel shows of one kernel (kernelFacts: the core's numbers and what
// follows from them: intensity, the ceiling that applies, its ridge, the bound) and its chart label (the core's
// short name, c/src/io/lab_facts.c, which also finds the roofline's places: the page draws only those).
import { kernelColor } from './palette.js';
import { t as tr } from '../../i18n/i18n.js';
import { kernelNameText } from './names.js';

export function kernelFacts(k, i, dev, info) {
  const mm = k.kind === 'matmul' || k.kind === 'attention';
  const peak = mm ? dev.mm_flops : dev.vec_flops;
  const bytes = (k.reads || 0) + (k.writes || 0);
  const flops = k.flops || 0;
  const ai = bytes ? flops / bytes : 0;
  const ridge = peak / dev.bw;
  const t = k.time_s;   // the core's roofline time (it never writes a non-finite one)
  const name = kernelNameText((info && info.name) || k.label);
  return {
    k, i, info, name, short: `#${i} ${kernelNameText((info && info.short) || k.label)}`, color: kernelColor(i),
    peak, ceiling: tr(mm ? 'kernels.ceiling.mm' : 'kernels.ceiling.vec'), ridge, bytes, flops, ai,
    bound: ai >= ridge ? 'compute' : 'memory', t, tc: flops / peak, tm: bytes / dev.bw, launch: dev.launch,
    perf: t ? flops / t : 0,
  };
}
