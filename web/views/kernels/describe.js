// views/kernels/describe.js — what the kernels panel says of one kernel: the tooltip's lines (also spoken when
// the bar list steps through the kernels) and the details under the charts — its name and op label, its
// intensity against the ridge of the ceiling that applies, its bytes and time, what it writes back and keeps on
// chip (the lab's values: what fusion saved), why fusion started it (why.js), and where the sweep moves it.
// f: kernels/facts.js kernelFacts; onChip(f): {ids, bytes, val(id)} of its on-chip values; kernelName(i): "#i
// (name)"; crossing(i): the sweep's sentence for kernel i, or null.
import { el } from '../../dom.js';
import { fmtShape } from '../../ops.js';
import { formatBytes, formatFlops, formatIntensity, formatTime } from '../../format.js';
import { explain } from '../../glossary.js';
import { whySentence } from '../../why.js';
import { t } from '../../i18n/i18n.js';

export function describeLines(f, { onChip, kernelName, crossing }) {
  const k = f.k;
  const lines = [
    f.name,
    `#${f.i} ${k.kind}: ${k.label}`,
    t(f.ai >= f.ridge ? 'kernels.tip.above' : 'kernels.tip.below', { ai: formatIntensity(f.ai), bound: t(`kernels.bound.${f.bound}`), ceiling: f.ceiling, ridge: formatIntensity(f.ridge) }),
    t('kernels.tip.bytes', { flops: formatFlops(f.flops), reads: formatBytes(k.reads), writes: formatBytes(k.writes) }),
    t('kernels.tip.time', { t: formatTime(f.t), tc: formatTime(f.tc), tm: formatTime(f.tm), launch: formatTime(f.launch) }),
  ];
  if (f.info) {
    const oc = onChip(f);
    lines.push(oc.ids.length
      ? t('kernels.tip.onchip', { n: oc.ids.length, bytes: formatBytes(oc.bytes) })
      : t('kernels.tip.onchip.none'));
  }
  if (k.why) lines.push(whySentence(k.why, kernelName));   // the core's reason this kernel starts (why.js)
  const c = crossing(f.i);
  if (c) lines.push(c);
  return lines;
}

export function describeDetails(f, { onChip, kernelName, crossing }) {
  const k = f.k;
  const out = [el('h4', {}, `#${f.i} ${f.name}`),
    el('p', {}, explain(el('span', { class: 'term' }, k.kind), k.kind), t('kernels.details.ops', { label: k.label, n: k.nodes.length })),
    el('p', {}, t('kernels.details.intensity', { ai: formatIntensity(f.ai), flops: formatFlops(f.flops), bytes: formatBytes(f.bytes),
      ceiling: f.ceiling, ridge: formatIntensity(f.ridge), bound: t(`kernels.bound.${f.bound}`), t: formatTime(f.t) }))];
  if (f.info) {
    const { ids, bytes, val } = onChip(f);
    const describe = (id) => { const v = val(id); return v ? `${v[0]} ${fmtShape(v[1])} (${formatBytes(v[2])})` : `%${id}`; };
    const w = f.info.written || [];
    out.push(el('p', {}, w.length ? t('kernels.details.writes', { values: w.map(describe).join(', ') }) : t('kernels.details.writes.none')),
      el('p', {}, ids.length
        ? t('kernels.details.onchip', { values: ids.slice(0, 12).map(describe).join(', ') + (ids.length > 12 ? t('kernels.details.more', { n: ids.length - 12 }) : ''), bytes: formatBytes(bytes) })
        : t('kernels.details.onchip.none')));
  }
  if (k.why) out.push(el('p', { 'data-testid': 'kernel-why' }, t('kernels.details.why', { why: whySentence(k.why, kernelName) })));
  const c = crossing(f.i);
  if (c) out.push(el('p', {}, t('kernels.details.sweep', { c })));
  return out;
}
