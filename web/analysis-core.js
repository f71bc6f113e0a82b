// analysis-core.js — one configuration's analysis as the page receives it, in the analysis worker (or on
// the page when there is no worker): the result (as JSON text, without the graphs and provenance that
// buildStages turned into stages) and the stages, summarised per layer when the result is big.
import { buildStages } from './model.js';
import { liteStage, LITE_NODES } from './views/graph/collapse.js';
import { runFootprint } from './run-budget.js';
import { describeKernels, describeValues } from './kernel-names.js';

export function analyzeCase(lab, caseObj) {
  const t0 = performance.now();
  const result = lab.runCase(caseObj);
  const fullStages = buildStages(result);
  const lite = fullStages.some((s) => s.nodes.length > LITE_NODES);
  const stages = lite ? fullStages.map(liteStage) : fullStages;
  // the numeric run's size as the core's budget counts it, while the graphs are here (run-budget.js)
  result.lab_run_footprint = runFootprint(result);
  // the fused kernels' names and on-chip values, and the op and shape of every value they make (kernels and
  // memory panels), while the graphs are here
  const last = fullStages[fullStages.length - 1];
  const fk = result.fused && result.fused.kernels;
  result.lab_kernels = last ? describeKernels(fk, last.nodes, last.outputs) : [];
  result.lab_values = last ? describeValues(fk, last.nodes, result.elem_bytes, result.bind) : {};
  delete result.graphs;
  delete result.provenance;
  const resultText = JSON.stringify(result);
  return { resultText, stages, fullStages, lite, ms: performance.now() - t0 };
}
