// analysis-core.js — one configuration's analysis as the page receives it, in the analysis worker (or on
// the page when there is no worker): the result (as JSON text, without the graphs and provenance, which the
// stages are read from as int32 columns (model.js stageTable), and without its long tables: those go as
// typed-array columns, result-pack.js) and the stages, summarised per layer when the result is big.
import { stageTable, columnsOf, nodeShapes } from './model.js';
import { pageStages } from './views/graph/collapse.js';
import { columnsFootprint } from './run-budget.js';
import { describeKernels, describeValues, columnsGraph } from './kernel-names.js';
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
 * Returns {resultText, packed, transfer, stages, table, lite, ms, reused, keep}; keep is the next prev; table is
 * the stages on columns (model.js stageTable), which layer requests read (collapse.js tableSlices).
 */
export function analyzeCase(lab, caseObj, prev = null) {
  const t0 = performance.now();
  const key = graphKey(caseObj);
  const reused = !!(prev && prev.key === key && caseObj.emit && caseObj.emit.graphs);
  // the graphs and provenance cross the boundary as int32 columns (runCaseColumns) and are read as such: no node
  // object is made but for the stages the page draws whole (a small result) and the layers it opens
  const req = reused ? { ...caseObj, emit: { ...caseObj.emit, graphs: false, provenance: false } } : caseObj;
  const answer = typeof lab.runCaseColumns === 'function' ? lab.runCaseColumns(req) : null;
  const result = answer ? answer.result : (typeof lab.runCasePacked === 'function' ? lab.runCasePacked : lab.runCase).call(lab, req);
  const cols = reused ? null : answer || columnsOf(result);
  // a change of sizes only (the same ops, inputs, names and provenance) keeps the last table's keys and layers
  const table = reused ? prev.table : stageTable(result, cols, prev && prev.table);
  const { stages, lite } = reused ? prev : pageStages(table);
  // the numeric run's size as the core's budget counts it, while the graphs are here (run-budget.js); it
  // counts float64 values on shapes, so element bytes and the device do not change it
  result.lab_run_footprint = reused ? prev.footprint : columnsFootprint(cols, result.bind || {});
  // the fused kernels' names and on-chip values, and the op and shape of every value they make (kernels and
  // memory panels), while the graphs are here
  const last = table.stages[table.stages.length - 1];
  const fk = result.fused && result.fused.kernels;
  // the names read only the graph's structure and which nodes each kernel holds: the same kernels of the same
  // structure keep theirs
  const kernelNodes = Array.isArray(fk) ? fk.map((k) => k.nodes.join(',')).join(';') : '';
  const sameGraph = reused || (!!prev && !!last && prev.table.stages[last.index] && prev.table.stages[last.index].layer === last.layer);
  const sameKernels = sameGraph && prev.kernelNodes === kernelNodes;
  const labKernels = sameKernels ? prev.labKernels : last ? describeKernels(fk, columnsGraph(table, last), last.outputs) : [];
  const lastNodes = reused ? prev.lastNodes : last ? nodeShapes(table, last) : null;
  result.lab_kernels = labKernels;   // packResult moves it into a column: keep holds the rows
  result.lab_values = last ? describeValues(fk, lastNodes, result.elem_bytes, result.bind) : {};
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
  const keep = { key, table, stages, lite, footprint: result.lab_run_footprint, kernelNodes, labKernels, lastNodes };
  return { resultText, packed, transfer, stages, table, lite, ms: performance.now() - t0, reused, keep };
}
