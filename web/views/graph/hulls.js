// views/graph/hulls.js — the fused kernels on the last stage's graph: one convex hull per kernel around the
// boxes of its nodes (padded), a keyed join on the kernel index, coloured with the kernels' palette.
import { d3 } from '../../lib.js';
import { kernelColor } from '../kernels/palette.js';

/** [{ki, hull}] for the visual nodes that carry a kernel index (v.kernel), each box padded by `pad`. */
export function kernelHulls(nodes, pad = 4) {
  const pts = new Map();
  for (const v of nodes) {
    if (v.kernel === undefined) continue;
    if (!pts.has(v.kernel)) pts.set(v.kernel, []);
    const hw = v.w / 2 + pad, hh = v.h / 2 + pad;
    pts.get(v.kernel).push([v.x - hw, v.y - hh], [v.x + hw, v.y - hh], [v.x + hw, v.y + hh], [v.x - hw, v.y + hh]);
  }
  return [...pts].map(([ki, p]) => ({ ki, hull: d3.polygonHull(p) })).filter((d) => d.hull);
}

/** Joins the hulls into the group g (a d3 selection); hl: the hovered kernel, sel: the selected one's. Writes
 *  only what changed: a slider's new result has the same hulls, and a path's d written again is parsed, laid
 *  out and repainted again (the hulls cover most of the drawing). */
export function drawHulls(g, data, { hl = null, sel = null } = {}) {
  g.selectAll('path.hull').data(data, (d) => d.ki).join((enter) => enter.append('path').attr('class', 'hull'))
    .each(function (d) {
      const set = (k, v) => { if (this.getAttribute(k) !== v) this.setAttribute(k, v); };
      set('d', `M${d.hull.join('L')}Z`);
      set('fill', kernelColor(d.ki));
      set('stroke', kernelColor(d.ki));
      set('data-kernel', String(d.ki));
      const cl = this.classList;
      if (!cl.contains('hull')) cl.add('hull');
      if (cl.contains('hl') !== (hl === d.ki)) cl.toggle('hl', hl === d.ki);
      if (cl.contains('sel') !== (sel === d.ki)) cl.toggle('sel', sel === d.ki);
    });
}

/** The fused kernels whose hulls a draw shows, or null: only on the last stage, with kernels on (st.kern); a
 *  big result's stages are summaries (no node to colour, and its kernel table stays packed). */
export function drawnKernels(st, m, { stages, idx, stage }) {
  return st.kern && idx === stages.length - 1 && !stage.lite && m.result.fused && Array.isArray(m.result.fused.kernels) ? m.result.fused.kernels : null;
}

/** Which fused kernel each visual node belongs to (v.kernel: the hulls, the kernels panel's highlight). */
export function markKernels(vis, kernels) {
  const kof = new Map();
  if (kernels) kernels.forEach((k, ki) => k.nodes.forEach((id) => kof.set(id, ki)));
  for (const v of vis.nodes.values()) {
    // a folded block (blocks.js) is in every kernel one of its members is in: the panel's highlight finds it
    if (v.blockGroup) v.kernels = new Set(v.memberIds.map((id) => kof.get(id)).filter((ki) => ki !== undefined));
    if (v.group) continue;
    const ki = kof.get(v.node.id);
    if (ki !== undefined) v.kernel = ki;
    else delete v.kernel;
  }
}
