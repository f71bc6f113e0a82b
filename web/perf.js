// perf.js — always-on, cheap timeline marks for bench/lab_perf.mjs (and the browser's performance panel).
// Each name keeps only its latest entry in the performance buffer (clearMarks first), so a long session
// (tests/e2e/long-use.test.js: 10,000 changes) does not grow the buffer; a PerformanceObserver still sees
// every mark as it is made.
//
//   gl-analyze-start / gl-analyze-end   a new configuration's analysis (the worker's runCaseColumns + stageTable, its transfer and decode; main.js)
//   gl-layout-end                       the graph view has its dagre layout (or a cached one)
//   gl-draw-end                         the graph view finished drawing (DOM joined, first frame applied)
//   gl-view-end                         every open panel in view has redrawn (main.js render): the frame after it shows the change
//   gl-render-end                       every open panel has redrawn, those out of view too (they draw after that frame)

const perf = typeof performance !== 'undefined' && typeof performance.mark === 'function' ? performance : null;

export function mark(name) {
  if (!perf) return;
  perf.clearMarks(name);
  perf.mark(name);
}
