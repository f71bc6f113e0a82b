// memory/ticks.js — byte-axis ticks in one binary unit with round steps (0, 2, 4, 8 KiB; 0, 256, 512 KiB),
// never the 1.95 / 3.91 KiB that decimal "nice" ticks make of binary sizes.

const UNITS = ['B', 'KiB', 'MiB', 'GiB', 'TiB'];

/**
 * Ticks for [0, max] bytes, about `count` of them: {unit, scale (bytes per unit), step (bytes), top (bytes,
 * the last tick, ≥ max), ticks: [bytes]}. The unit is the largest in which max is at least 2; the step a
 * power of two of it (or of bytes).
 */
export function binaryTicks(max, count = 5) {
  const m = Number.isFinite(max) && max > 0 ? max : 1;
  let k = 0;
  while (k < UNITS.length - 1 && m / 1024 ** (k + 1) >= 2) k++;
  const scale = 1024 ** k;
  const raw = m / scale / Math.max(1, count);
  // a power of two of the unit, at least one byte
  let step = 2 ** Math.ceil(Math.log2(raw)) * scale;
  if (step < 1) step = 1;
  const top = Math.ceil(m / step - 1e-9) * step;
  const ticks = [];
  for (let v = 0; v <= top + step / 2; v += step) ticks.push(v);
  return { unit: UNITS[k], scale, step, top, ticks };
}

/** A tick's text in the axis unit: 6144 B with scale 1024 → "6"; 0.25 when the step is below one unit. */
export function tickText(bytes, scale) {
  return String(+(bytes / scale).toPrecision(6));
}
