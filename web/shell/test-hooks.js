// shell/test-hooks.js — read-only handles for debugging and tests. window.__graphlab: the state and the last
// result. window.__graphlabTest, only with ?test=1 in the URL (tests/e2e/long-use.test.js, bench/lab_perf.mjs):
// drives the same setState / step the controls and keys use (a setState that changes the configuration is
// analysed at the next frame, like a slider; analyzeNow runs it at once and resolves once it is drawn), and
// reads the analysis worker's module heap.
export function installTestHooks({ getState, model, setState, analyze, step, heap }) {
  Object.defineProperty(window, '__graphlab', {
    value: Object.freeze({
      state: () => JSON.parse(JSON.stringify(getState())),
      result: () => model.result,
      error: () => model.error,
      stageCounts: () => model.stages.map((s) => ({ name: s.name, nodes: s.counts.nodes, ops: s.counts.ops, changed: s.changed })),
      // whether the result shown is the one the analysis worker made from the link while the page booted
      analysedEarly: () => !!model.early,
    }),
  });
  if (new URLSearchParams(location.search).get('test') !== '1') return;
  Object.defineProperty(window, '__graphlabTest', {
    value: Object.freeze({
      setState: (patch) => setState(patch),
      analyzeNow: () => analyze(),
      step: (dir) => step(dir),
      stages: () => model.stages.length,
      heap,
    }),
  });
}
