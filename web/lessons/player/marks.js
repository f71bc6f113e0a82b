// lessons/player/marks.js — what a lesson step marks on the graph: its highlights (highlight.js) and the
// student's picks, set through the lab's one selection (ctx.setMarks, ctx.select: every view that shows nodes
// marks them; the player never reaches into a view's DOM), and the nodes the card must not cover. Split out of
// lessons/player.js: the player's only way to the drawing.
import { resolveHighlight } from '../highlight.js';

/** ctx: the lab's; s: player/step-state.js's; pick(key): the question's (a click on a node while picking). */
export function createMarks({ ctx, s, pick }) {
  // set only when they change, since it re-marks every view
  let marked = '';
  function markGraph() {
    const q = s.q;
    const picked = q && q.picked ? q.picked : null;
    const marks = { focus: new Set(s.hlKeys), picked: new Set(picked || []), picking: !!(q && q.kind === 'remove' && !q.verdict), pick };
    const id = JSON.stringify([[...marks.focus], [...marks.picked], marks.picking]);
    if (id === marked) return;
    marked = id;
    ctx.setMarks(marks);
  }

  /** The step's highlights on the shown stage; a kernel or a buffer is selected through the lab's selection. */
  function stepHighlights(cur) {
    s.hlKeys = new Set();
    if (!cur.step.highlight) return;
    let r;
    try {
      r = resolveHighlight(cur.step.highlight, s.envOf(cur));
    } catch {
      return;   // the student stepped to a stage without those nodes (the headless suite checks the step's own)
    }
    s.hlKeys = new Set(r.keys);
    // a kernel or a buffer: the lab's selection of its node on the last stage (its bar or block, and hull);
    // the kernels panel selects fused kernels only
    const lastStage = cur.m.stages[cur.m.stages.length - 1];
    let id = null;
    if (r.kernel !== null && cur.st.kset !== 'eager') {
      const k = cur.m.result.fused.kernels[r.kernel];
      id = k.nodes[k.nodes.length - 1];
    } else if (r.buffer !== null) id = r.buffer;
    const n = id !== null && !lastStage.lite ? lastStage.nodes[id] : null;
    if (n && ctx.getState().sel !== n.key) ctx.select(n.key);
  }

  /** The nodes the card must not cover: focus (the highlights, the picks) above all, then changed (what the
   *  shown stage's pass made). */
  function importantKeys() {
    const focus = new Set(s.hlKeys);
    if (s.q && s.q.picked) for (const k of s.q.picked) focus.add(k);
    const changed = new Set();
    const { st, m } = s.last;
    const stage = m && m.stages && st ? m.stages[Math.min(st.stage, m.stages.length - 1)] : null;
    if (stage && stage.index > 0 && !stage.lite) for (const n of stage.nodes) if (n.how && n.how !== 'kept') changed.add(n.key);
    return { focus, changed };
  }

  return { markGraph, stepHighlights, importantKeys };
}
