// views/graph/camera.js — the pass camera: stepping a pass, the view first flies to the region the pass
// changes, the change plays there, then the view returns to the whole graph. These are its pure parts: which
// region changes, the transform that frames it, and the flight between two transforms.
import { d3 } from '../../lib.js';

/** Bounding box {x0, y0, x1, y1} of the animation's elements that appear, vanish or move; null if none. */
export function changeRegion(elements) {
  let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
  for (const d of elements) {
    const moves = d.ghost || d.from.o !== d.to.o || d.from.x !== d.to.x || d.from.y !== d.to.y;
    if (!moves) continue;
    for (const p of [d.from, d.to]) {
      x0 = Math.min(x0, p.x - d.v.w / 2); x1 = Math.max(x1, p.x + d.v.w / 2);
      y0 = Math.min(y0, p.y - d.v.h / 2); y1 = Math.max(y1, p.y + d.v.h / 2);
    }
  }
  return x0 === Infinity ? null : { x0, y0, x1, y1 };
}

/** The zoom transform that centres box in a W×H canvas, padded, at most maxK. */
export function regionTransform(box, W, H, maxK = 2.2, pad = 40) {
  const w = box.x1 - box.x0 + 2 * pad, h = box.y1 - box.y0 + 2 * pad;
  const k = Math.min(maxK, W / w, H / h);
  const cx = (box.x0 + box.x1) / 2, cy = (box.y0 + box.y1) / 2;
  return d3.zoomIdentity.translate(W / 2 - cx * k, H / 2 - cy * k).scale(k);
}

/** The transform a fraction e (0..1, eased here) of the way from a to b; the scale geometrically, the offset linearly. */
export function cameraTransform(a, b, e) {
  const t = d3.easeCubicInOut(Math.max(0, Math.min(1, e)));
  const k = a.k * Math.pow(b.k / a.k, t);
  return d3.zoomIdentity.translate(a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t).scale(k);
}
