// analysis-core.js — one configuration's analysis as the page receives it, in the analysis worker (or on
// the page when there is no worker): the result (as JSON text, without the graphs and provenance that
// buildStages turned into stages, and without its long tables: those go as typed-array columns, result-pack.js)
// and the stages, summarised per layer when the result is big.
import { buildStages } from './model.js';
import { liteStage, LITE_NODES } from './views/graph/collapse.js';
import { runFootprint } from './run-budget.js';
import { describeKernels, describeValues } from './kernel-names.js';
import { packResult } from './result-pack.js';
import { rooflinePlaces } from './views/kernels/facts.js';

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
  // the roofline's points of each kernel set (the page draws these and the first bars, never every kernel)
  const dev = result.device || {};
  result.lab_places = {
    fused: Array.isArray(fk) ? rooflinePlaces(fk, dev, result.lab_kernels) : [],
    eager: result.eager && Array.isArray(result.eager.kernels) ? rooflinePlaces(result.eager.kernels, dev) : [],
  };
  delete result.graphs;
  delete result.provenance;
  const { packed, transfer } = packResult(result);
  const resultText = JSON.stringify(result);
  return { resultText, packed, transfer, stages, fullStages, lite, ms: performance.now() - t0 };
}
