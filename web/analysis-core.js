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

// The case without what only the cost model and the memory plans read (element bytes, the device): two
// cases with the same graph key trace to the same graphs and provenance (c/src/io/case_run.c hands
// elem_bytes and the device to fusion, cost and lifetimes only; tests/web/analysis-reuse.test.js checks it
// against the core), so a change of only those keeps the stages it has.
export function graphKey(caseObj) {
  const { elem_bytes: _eb, device: _dev, case: _name, ...rest } = caseObj || {};
  return JSON.stringify(rest);
}

/**
 * Analyses caseObj. prev (what the last analysis kept, or null):
 * when its graph key is caseObj's, the core is asked for no graphs or provenance and prev's stages are used.
 * Returns {resultText, packed, transfer, stages, fullStages, lite, ms, reused, keep}; keep is the next prev.
 */
export function analyzeCase(lab, caseObj, prev = null) {
  const t0 = performance.now();
  const key = graphKey(caseObj);
  const reused = !!(prev && prev.key === key && caseObj.emit && caseObj.emit.graphs);
  // the graphs and provenance cross the boundary as int32 columns (runCasePacked), not megabytes of JSON text
  const run = typeof lab.runCasePacked === 'function' ? lab.runCasePacked : lab.runCase;
  const result = run.call(lab, reused ? { ...caseObj, emit: { ...caseObj.emit, graphs: false, provenance: false } } : caseObj);
  const fullStages = reused ? prev.fullStages : buildStages(result);
  const lite = reused ? prev.lite : fullStages.some((s) => s.nodes.length > LITE_NODES);
  const stages = reused ? prev.stages : lite ? fullStages.map(liteStage) : fullStages;
  // the numeric run's size as the core's budget counts it, while the graphs are here (run-budget.js); it
  // counts float64 values on shapes, so element bytes and the device do not change it
  result.lab_run_footprint = reused ? prev.footprint : runFootprint(result);
  // the fused kernels' names and on-chip values, and the op and shape of every value they make (kernels and
  // memory panels), while the graphs are here
  const last = fullStages[fullStages.length - 1];
  const fk = result.fused && result.fused.kernels;
  // the names read only the graph and which nodes each kernel holds: the same kernels keep theirs
  const kernelNodes = Array.isArray(fk) ? fk.map((k) => k.nodes.join(',')).join(';') : '';
  const sameKernels = reused && prev.kernelNodes === kernelNodes;
  const labKernels = sameKernels ? prev.labKernels : last ? describeKernels(fk, last.nodes, last.outputs) : [];
  result.lab_kernels = labKernels;   // packResult moves it into a column: keep holds the rows
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
  const keep = { key, fullStages, stages, lite, footprint: result.lab_run_footprint, kernelNodes, labKernels };
  return { resultText, packed, transfer, stages, fullStages, lite, ms: performance.now() - t0, reused, keep };
}
