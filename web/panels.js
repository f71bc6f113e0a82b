// panels.js — the lab's panels, one row each, like PROPS for the URL (state.js). The hash's `panels` values,
// the page's <section>s and their headings, the panel chips, the (?) help pages, the presentation menu and
// the layout are all made from this table; the shell (shell/panel-manager.js) draws each open panel from what
// its row says it needs. Pure data (no DOM): state.js and the analysis worker read it too. A row's view
// factory is `views[id]` in shell/views.js (the views touch the DOM, so they cannot live in a pure module).
//
// Columns:
//   id       the hash name (`panels=config.graph`), the section's id (panel-<id>), the help page
//            (docs/panels/<id>.md), the view's key; rows are in the order the hash writes them
//   title    the chip's and the help dialog's name; heading: the <h2> text when it says more; keys: the key
//            hints after it
//   column   1: the narrow side column (spanning the rows beside it), 2: the main column
//   needs    what of a result the view reads: 'stages' (graphs, drawn in the task that shows a change),
//            'facts' (the lab's facts of a result: kernel names, values, roofline places, run footprint —
//            the view waits for them when they follow the stages), 'module' (the page's own WASM module:
//            traces, text, demos, numeric runs), 'selection' (it marks the selected node: highlight()),
//            'stale' (it marks its result stale while a slow analysis is on its way), 'sweep' (the page's module
//            for a one-layer case: its sweeps run there)
//   always   drawn on every render, open or not (the config panel: its fields are the state's)
export const PANEL_TABLE = [
  { id: 'program', title: 'Program', column: 2, needs: ['stages', 'module', 'selection'] },
  { id: 'passes', title: 'Passes (Python)', heading: 'Passes as code: edit one, run it, the compiler judges it', column: 2, needs: ['stages', 'module'] },
  { id: 'config', title: 'Config', column: 1, needs: [], always: true },
  { id: 'graph', title: 'Graph & passes', keys: '← → step · space play · p present', column: 2, needs: ['stages', 'selection'] },
  { id: 'kernels', title: 'Kernels & roofline', column: 2, needs: ['facts', 'selection', 'stale', 'sweep'] },
  { id: 'memory', title: 'Memory plan', column: 2, needs: ['facts', 'selection', 'stale'] },
  { id: 'numerics', title: 'Numerics (WASM worker)', heading: 'Numerics (float64, in a Web Worker)', column: 2, needs: ['facts', 'module'] },
  { id: 'dynamic', title: 'Dynamic shapes & graph breaks', column: 2, needs: ['module'] },
  { id: 'ir', title: 'IR text & diff', keys: '/ search', column: 2, needs: ['module', 'selection'] },
  { id: 'code', title: 'Code', heading: 'Generated code', column: 2, needs: ['module', 'selection'] },
];

export const PANELS = PANEL_TABLE.map((p) => p.id);
export const PANEL_TITLES = Object.fromEntries(PANEL_TABLE.map((p) => [p.id, p.title]));
/** The ids of the panels whose row needs `what`. */
export const panelsNeeding = (what) => PANEL_TABLE.filter((p) => p.needs.includes(what)).map((p) => p.id);
/** Whether the open panels of st need the page's own WASM module (else it loads after the first graph). */
export const panelsNeedModule = (st) => PANEL_TABLE.some((p) => st.panels.includes(p.id) &&
  (p.needs.includes('module') || (p.needs.includes('sweep') && st.cfg.layers === 1)));
