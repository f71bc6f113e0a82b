// views/graph/plan-step.js — the second step of the graph view's draw: how the drawn picture becomes the new
// one (graph/animation-plan.js) and whether the pass camera flies to the changed part. Split out of
// views/graph.js: it decides, it draws nothing.
import { changeRegion } from './camera.js';
import { animationPlan, stillPlan } from './animation-plan.js';

// The pass's provenance when stepping one result's stages, a still picture otherwise; and the camera's region
// when stepping one pass of the same layout (the union's: kept nodes stay put) changes a part of the drawing (off
// with reduced motion, cam=0, or once the user zoomed). prev: the drawn {version, stageIndex, vis} or null.
export function planStep(prev, st, m, idx, vis, animate, userZoomed) {
  const stages = m.stages;
  const stage = stages[idx];
  const sameStage = !!prev && prev.version === m.version && prev.stageIndex === idx && prev.vis === vis;
  const reduce = typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
  let p;
  if (prev && animate && !sameStage && !reduce) {
    // (a big result's stages carry no nodes, so no provenance: boxes move, the rest fades)
    const adjacent = prev.version === m.version && !stage.lite;
    p = animationPlan(prev.vis, adjacent ? stages[prev.stageIndex] : null, vis, stage, adjacent);
  } else p = stillPlan(vis);
  let cam = null;
  const stepped = prev && prev.version === m.version && Math.abs(prev.stageIndex - idx) === 1 && prev.vis.shape === vis.shape;
  if (st.cam && !reduce && animate && !userZoomed && stepped && !sameStage) {
    const r = changeRegion(p.elements);
    if (r && (r.x1 - r.x0) * (r.y1 - r.y0) < 0.5 * vis.width * vis.height) cam = r;
  }
  return { ...p, cam, sameStage, reduce };
}
