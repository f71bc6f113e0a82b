// analysis-core.js — one configuration's analysis as the page receives it, in the analysis worker (or on
// the page when there is no worker): the result (as JSON text, without the graphs and provenance that
// buildStages turned into stages, and without its long tables: those go as typed-array columns, result-pack.js)
// and the stages, summarised per layer when the result is big.
import { buildStages } from './model.js';
import { liteStage, LITE_NODES } from './views/graph/collapse.js';
import { runFootprint } from './run-budget.js';
import { describeKernels, valueFacts, valuesTable } from './kernel-names.js';
import { packResult, encodeTable, decodeColumn, buffersOf, copyBuffers } from './result-pack.js';
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
  const asked = reused ? { ...caseObj, emit: { ...caseObj.emit, graphs: false, provenance: false } } : caseObj;
  // the graphs and provenance cross the boundary as int32 columns and the long tables (kernels, memory) as
  // typed columns (runCaseColumns, c/src/io/case_tables.c), which go on to the page as they are: no JSON
  let result, tables;
  if (typeof lab.runCaseColumns === 'function') ({ result, tables } = lab.runCaseColumns(asked));
  else {
    result = (typeof lab.runCasePacked === 'function' ? lab.runCasePacked : lab.runCase).call(lab, asked);
    tables = packResult(result).packed;   // a module without runCaseColumns: the same columns, made here
  }
  const fullStages = reused ? prev.fullStages : buildStages(result);
  const lite = reused ? prev.lite : fullStages.some((s) => s.nodes.length > LITE_NODES);
  const stages = reused ? prev.stages : lite ? fullStages.map(liteStage) : fullStages;
  // the numeric run's size as the core's budget counts it, while the graphs are here (run-budget.js); it
  // counts float64 values on shapes, so element bytes and the device do not change it
  result.lab_run_footprint = reused ? prev.footprint : runFootprint(result);
  // the fused kernels' names and on-chip values, and the op and shape of every value they make (kernels and
  // memory panels), while the graphs are here
  const last = fullStages[fullStages.length - 1];
  const tableAt = (a, b) => (tables.find((x) => x.path.length === 2 && x.path[0] === a && x.path[1] === b) || {}).table;
  const fk = kernelColumns(tableAt('fused', 'kernels'));
  const ek = kernelColumns(tableAt('eager', 'kernels'));
  // the names read only the graph and which nodes each kernel holds: the same kernels keep theirs
  const kernelNodes = fk ? { off: fk.nodes.off.slice(), ids: fk.nodes.ids.slice() } : null;
  const sameKernels = reused && sameNodes(prev.kernelNodes, kernelNodes);
  const labKernels = sameKernels ? prev.labKernels : last ? describeKernels(fk ? fk.rows() : undefined, last.nodes, last.outputs) : [];
  // a kernel set's names as columns: the same kernels send a copy of the last ones (a transfer detaches them)
  const labKernelsTable = sameKernels ? prev.labKernelsTable : encodeTable(labKernels);
  // the values' ops and shapes: the same kernels of the same graph keep theirs (only their bytes change)
  const values = sameKernels ? prev.values : valueFacts(fk && last ? fk.nodes.ids : new Int32Array(0), last ? last.nodes : [], result.bind);
  const labTables = [{ path: ['lab_kernels'], table: copyBuffers(labKernelsTable) },
    { path: ['lab_values'], table: valuesTable(values, result.elem_bytes) }];
  // the roofline's points of each kernel set (the page draws these and the first bars, never every kernel)
  const dev = result.device || {};
  result.lab_places = {
    fused: fk ? rooflinePlaces(fk.table, dev, labKernels) : [],
    eager: ek ? rooflinePlaces(ek.table, dev) : [],
  };
  delete result.graphs;
  delete result.provenance;
  const rest = packResult(result);   // what is left of the tables: none from runCaseColumns
  const packed = [...tables, ...rest.packed, ...labTables];
  const resultText = JSON.stringify(result);
  const keep = { key, fullStages, stages, lite, footprint: result.lab_run_footprint, kernelNodes, labKernels, labKernelsTable, values };
  return { resultText, packed, transfer: buffersOf(packed), stages, fullStages, lite, ms: performance.now() - t0, reused, keep };
}

// A kernel table: {table (what rooflinePlaces reads), nodes: {off, ids} (Int32Arrays: kernel i holds
// ids[off[i]..off[i + 1]]), rows(): {kind, label, nodes} per kernel (what describeKernels reads)}; null when
// there is none. The core's tables are records of columns; rows of unlike records are read as rows.
function kernelColumns(table) {
  if (!table || table.t !== 'rows') return null;
  const rec = table.rows;
  const col = (k) => (rec.t === 'rec' ? rec.cols[rec.keys.indexOf(k)] : undefined);
  const nc = col('nodes');
  if (rec.t !== 'rec' || !nc || nc.t !== 'list' || nc.items.t !== 'i32') {
    const all = decodeColumn(rec);
    const off = new Int32Array(all.length + 1);
    all.forEach((k, i) => { off[i + 1] = off[i] + k.nodes.length; });
    return { table: all, nodes: { off, ids: Int32Array.from(all.flatMap((k) => k.nodes)) }, rows: () => all };
  }
  const nodes = { off: nc.off, ids: nc.items.data };
  const rows = () => {
    const kinds = decodeColumn(col('kind')), labels = decodeColumn(col('label'));
    return kinds.map((kind, i) => ({ kind, label: labels[i], nodes: Array.from(nodes.ids.subarray(nodes.off[i], nodes.off[i + 1])) }));
  };
  return { table, nodes, rows };
}

const sameNodes = (a, b) => {
  if (!a || !b || a.off.length !== b.off.length || a.ids.length !== b.ids.length) return !a && !b;
  for (let i = 0; i < a.off.length; i++) if (a.off[i] !== b.off[i]) return false;
  for (let i = 0; i < a.ids.length; i++) if (a.ids[i] !== b.ids[i]) return false;
  return true;
};
