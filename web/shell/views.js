// shell/views.js — each panel's view factory, by the panel's id in the table (panels.js): createXView(body,
// ctx) → {draw(state, model, {animate}), highlight?(selection, model)}. Apart from the table because views
// touch the DOM and the table is read by pure modules (state.js, the analysis worker).
import { createConfigView } from '../views/config.js';
import { createGraphView } from '../views/graph.js';
import { createKernelsView } from '../views/kernels.js';
import { createMemoryView } from '../views/memory.js';
import { createNumericsView } from '../views/numerics.js';
import { createDynamicView } from '../views/dynamic.js';
import { createIrView } from '../views/ir.js';
import { createCodeView } from '../views/code.js';
import { createProgramView } from '../views/program.js';
import { createPassesView } from '../views/passes.js';

export const VIEWS = {
  program: createProgramView, config: createConfigView, graph: createGraphView, kernels: createKernelsView,
  memory: createMemoryView, numerics: createNumericsView, dynamic: createDynamicView, ir: createIrView,
  code: createCodeView, passes: createPassesView,
};
