// views/kernels/describe.js — what the kernels panel says of one kernel: the tooltip's lines (also spoken when
// the bar list steps through the kernels) and the details under the charts — its name and op label, its
// intensity against the ridge of the ceiling that applies, its bytes and time, what it writes back and keeps on
// chip (the lab's values: what fusion saved), why fusion started it (why.js), and where the sweep moves it.
// f: kernels/facts.js kernelFacts; onChip(f): {ids, bytes, val(id)} of its on-chip values; kernelName(i): "#i
// (name)"; crossing(i): the sweep's sentence for kernel i, or null.
import { el } from '../../dom.js';
import { fmtShape } from '../../ops.js';
import { formatBytes, formatCount, formatFlops, formatIntensity, formatTime } from '../../format.js';
import { explain } from '../../glossary.js';
import { whySentence } from '../../why.js';

export function describeLines(f, { onChip, kernelName, crossing }) {
  const k = f.k;
  const lines = [
    f.name,
    `#${f.i} ${k.kind}: ${k.label}`,
    `intensity ${formatIntensity(f.ai)} — ${f.bound}-bound: ${f.ai >= f.ridge ? 'at or above' : 'below'} the ${f.ceiling}'s ridge, ${formatIntensity(f.ridge)}`,
    `${formatFlops(f.flops)}; reads ${formatBytes(k.reads)}, writes ${formatBytes(k.writes)}`,
    `time ${formatTime(f.t)} (compute ${formatTime(f.tc)}, memory ${formatTime(f.tm)}) + launch ${formatTime(f.launch)}`,
  ];
  if (f.info) {
    const oc = onChip(f);
    lines.push(oc.ids.length
      ? `kept on chip: ${oc.ids.length} value${oc.ids.length === 1 ? '' : 's'}, ${formatBytes(oc.bytes)} that eager writes and reads back`
      : 'kept on chip: nothing (a single op)');
  }
  if (k.why) lines.push(whySentence(k.why, kernelName));   // the core's reason this kernel starts (why.js)
  const c = crossing(f.i);
  if (c) lines.push(c);
  return lines;
}

export function describeDetails(f, { onChip, kernelName, crossing }) {
  const k = f.k;
  const out = [el('h4', {}, `#${f.i} ${f.name}`),
    el('p', {}, explain(el('span', { class: 'term' }, k.kind), k.kind), `: ${k.label} — ${formatCount(k.nodes.length)} op${k.nodes.length === 1 ? '' : 's'}`),
    el('p', {}, `Arithmetic intensity ${formatIntensity(f.ai)} (${formatFlops(f.flops)} over ${formatBytes(f.bytes)}); ` +
      `the ${f.ceiling} (${formatIntensity(f.ridge)} ridge) binds it: ${f.bound}-bound, ${formatTime(f.t)}.`)];
  if (f.info) {
    const { ids, bytes, val } = onChip(f);
    const describe = (id) => { const v = val(id); return v ? `${v[0]} ${fmtShape(v[1])} (${formatBytes(v[2])})` : `%${id}`; };
    const w = f.info.written || [];
    out.push(el('p', {}, `Writes back: ${w.length ? w.map(describe).join(', ') : 'nothing'}.`),
      el('p', {}, ids.length
        ? `Kept on chip: ${ids.slice(0, 12).map(describe).join(', ')}${ids.length > 12 ? ` … ${ids.length - 12} more` : ''} — ${formatBytes(bytes)} eager would write and read back (why fusion moves fewer bytes).`
        : 'Kept on chip: nothing — one op, nothing to fuse away.'));
  }
  if (k.why) out.push(el('p', { 'data-testid': 'kernel-why' }, `Why it starts here: ${whySentence(k.why, kernelName)}`));
  const c = crossing(f.i);
  if (c) out.push(el('p', {}, `Sweep: ${c}.`));
  return out;
}
