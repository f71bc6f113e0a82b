// views/graph/warm.js — asks the layout worker for the other stages of a result (those drawn node by node)
// when the page is idle, so that stepping to a pass usually finds its layout ready. Split out of
// views/graph.js: it runs after a draw, never inside one.
import { AUTO_COLLAPSE_NODES, nodeCount, isCollapsed } from './collapse.js';

/** visualGraph: graph/visual.js's; getModel(), getState(), drawnStage(): the drawn stage's index (0 before any).
 *  Returns scheduleWarm(). */
export function createWarm({ visualGraph, getModel, getState, drawnStage }) {
  let warmHandle = null;
  const idle = typeof requestIdleCallback === 'function'
    ? (fn) => requestIdleCallback(fn, { timeout: 4000 })
    : (fn) => setTimeout(fn, 200);
  function warm() {
    warmHandle = null;
    const model = getModel();
    const state = getState();
    if (!model || !model.stages || !model.stages.length || !state) return;
    const cur = drawnStage();
    const todo = model.stages.filter((s) => nodeCount(s) && nodeCount(s) <= AUTO_COLLAPSE_NODES && !isCollapsed(state, s));
    // the next stages first (where → goes)
    todo.sort((a, b) => ((a.index - cur + 1000) % 1000) - ((b.index - cur + 1000) % 1000));
    for (const s of todo) visualGraph(s, false, false);
  }
  return function scheduleWarm() {
    if (warmHandle === null) warmHandle = idle(warm);
  };
}
