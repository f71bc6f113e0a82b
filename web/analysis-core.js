// analysis-core.js — one configuration's analysis as the page receives it, in the analysis worker (or on
// the page when there is no worker): the result (as JSON text, without the graphs and provenance, which the
// stages are read from as int32 columns (model.js stageTable), and without its long tables, which the core
// hands over as typed columns that go on to the page as they are: result-pack.js, c/src/io/case_tables.c) and
// the stages, summarised per layer when the result is big.
import { stageTable, reshapeTable, columnsOf, nodeShapes } from './model.js';
import { pageStages } from './views/graph/collapse.js';
import { columnsFootprint } from './run-budget.js';
import { describeKernels, valueFacts, valueFactsOfColumns, valuesTable, columnsGraph } from './kernel-names.js';
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

// The case without its sizes (config T, S, d, f, dh, pos0, eps, theta; element bytes, the device): two cases with
// the same shape key likely trace to graphs of one structure with other shapes (the core's fingerprints say for
// sure), so the core is asked for the shapes only (emit.graphs "shapes", c/src/io/case_pack.c).
const SIZES = ['T', 'S', 'd', 'f', 'dh', 'pos0', 'eps', 'theta'];
export function shapeKey(caseObj) {
  const { elem_bytes: _eb, device: _dev, case: _name, config, ...rest } = caseObj || {};
  const cfg = config && typeof config === 'object' ? { ...config } : config;
  if (cfg && typeof cfg === 'object') for (const k of SIZES) delete cfg[k];
  return JSON.stringify({ ...rest, config: cfg });
}

/**
 * Analyses caseObj. prev (what the last analysis kept, or null):
 * when its graph key is caseObj's, the core is asked for no graphs or provenance and prev's stages are used;
 * when only its shape key is, the core is asked for the shapes and fingerprints only, and when every stage's
 * fingerprint is prev's the table is prev's on the new shapes (model.js reshapeTable; else it asks again in full).
 * Returns {resultText, packed, transfer, stages, table, lite, ms, reused, sized, keptStages, keep} (sized: the
 * shapes-only path was taken; keptStages: stages are prev's, the page has them); keep is the next prev; table is
 * the stages on columns (model.js stageTable), which layer requests read (collapse.js tableSlices).
 * opts.deferFacts: the result without the lab's facts (lab_run_footprint, lab_places, lab_kernels, lab_values),
 * and finishFacts(), which makes them ({resultText: those in result as JSON, packed, transfer}) and completes
 * keep; keep is not a prev before that.
 */
export function analyzeCase(lab, caseObj, prev = null, opts = {}) {
  const t0 = performance.now();
  const key = graphKey(caseObj);
  const reused = !!(prev && prev.key === key && caseObj.emit && caseObj.emit.graphs);
  const asked = reused ? { ...caseObj, emit: { ...caseObj.emit, graphs: false, provenance: false } } : caseObj;
  // the graphs and provenance cross the boundary as int32 columns and are read as such (no node object is made
  // but for the stages the page draws whole, a small result's, and the layers it opens); the long tables
  // (kernels, memory) as typed columns (runCaseColumns), which go on to the page as they are: no JSON
  let result, tables, cols = null, table = null;
  const skey = shapeKey(caseObj);
  if (!reused && prev && prev.table && prev.table.fingerprints && prev.skey === skey && caseObj.emit && caseObj.emit.graphs === true &&
      typeof lab.runCaseColumns === 'function') {
    const answer = lab.runCaseColumns({ ...caseObj, emit: { ...caseObj.emit, graphs: 'shapes', provenance: false } });
    table = reshapeTable(answer.result, answer, prev.table);
    if (table) {
      ({ result, tables } = answer);
      cols = { str: table.str, graphs: table.stages.map((st) => st.g) };
    }
  }
  const sized = !!table;   // prev's structure on the new shapes: the answer is read
  if (!sized && typeof lab.runCaseColumns === 'function') {
    const answer = lab.runCaseColumns(asked);
    ({ result, tables } = answer);
    if (!reused) cols = answer;
  } else if (!sized) {
    result = (typeof lab.runCasePacked === 'function' ? lab.runCasePacked : lab.runCase).call(lab, asked);
    if (!reused) cols = columnsOf(result);
    tables = packResult(result).packed;   // a module without runCaseColumns: the same columns, made here
  }
  // a change of sizes only (the same ops, inputs, names and provenance) keeps the last table's keys and layers
  if (!table) table = reused ? prev.table : stageTable(result, cols, prev && prev.table);
  let { stages, lite } = reused ? prev : pageStages(table);
  // summaries of the same structure with the same counts are the stages the page has: none are sent
  // (analysis-worker.js), the page keeps its own
  const keptStages = !reused && sized && lite && prev.lite &&
    table.stages.every((st, i) => sameCounts(st.counts, prev.table.stages[i].counts) && st.changed === prev.table.stages[i].changed);
  if (keptStages) stages = prev.stages;
  const keep = { key, skey, table, stages, lite, footprint: null, kernelNodes: null, labKernels: null, labKernelsTable: null, values: null };
  const out = { stages, table, lite, ms: 0, reused, sized, keptStages, keep };
  // the lab's facts of the result (its run footprint, kernel names, values, roofline places), while the graphs
  // are here: put in result (footprint, places) and returned as tables (names, values); they fill keep
  const facts = (into) => labFacts({ result, tables, cols, table, prev, reused, keep }, into);
  delete result.graphs;
  delete result.provenance;
  // deferFacts: the stages and the core's tables now, the lab's facts when asked (finishFacts): a link's first
  // graph needs none of them (analysis-worker.js); they are made from the core's tables, so nothing is transferred
  const labTables = opts.deferFacts ? [] : facts(result);
  const rest = packResult(result);   // what is left of the tables: none from runCaseColumns
  out.packed = [...tables, ...rest.packed, ...labTables];
  out.resultText = JSON.stringify(result);
  out.transfer = opts.deferFacts ? [] : buffersOf(out.packed);
  out.ms = performance.now() - t0;
  if (opts.deferFacts) {
    out.finishFacts = () => {
      const f0 = performance.now();
      const extra = {};
      const made = facts(extra);
      out.ms += performance.now() - f0;
      return { resultText: JSON.stringify(extra), packed: made, transfer: buffersOf(made) };
    };
  }
  return out;
}

// The lab's facts of an analysis, put in `into` (lab_run_footprint, lab_places) and in keep; returns the tables
// lab_kernels and lab_values ([{path, table}]).
function labFacts({ result, tables, cols, table, prev, reused, keep }, into = result) {
  // the numeric run's size as the core's budget counts it, while the graphs are here (run-budget.js); it
  // counts float64 values on shapes, so element bytes and the device do not change it
  into.lab_run_footprint = keep.footprint = reused ? prev.footprint : columnsFootprint(cols, result.bind || {});
  // the fused kernels' names and on-chip values, and the op and shape of every value they make (kernels and
  // memory panels), while the graphs are here
  const last = table.stages[table.stages.length - 1];
  const tableAt = (a, b) => (tables.find((x) => x.path.length === 2 && x.path[0] === a && x.path[1] === b) || {}).table;
  const fk = kernelColumns(tableAt('fused', 'kernels'));
  const ek = kernelColumns(tableAt('eager', 'kernels'));
  // the names read only the graph's structure and which nodes each kernel holds: the same kernels of the same
  // structure keep theirs
  const kernelNodes = fk ? { off: fk.nodes.off.slice(), ids: fk.nodes.ids.slice() } : null;
  const sameGraph = reused || (!!prev && !!last && prev.table.stages[last.index] && prev.table.stages[last.index].layer === last.layer);
  const sameKernels = sameGraph && sameNodes(prev.kernelNodes, kernelNodes);
  const labKernels = sameKernels ? prev.labKernels : last ? describeKernels(fk ? fk.rows() : undefined, columnsGraph(table, last), last.outputs) : [];
  // a kernel set's names as columns: the same kernels send a copy of the last ones (a transfer detaches them)
  const labKernelsTable = sameKernels ? prev.labKernelsTable : encodeTable(labKernels);
  // the values' ops and shapes: the same kernels of the very same graph keep theirs (only their bytes change;
  // a change of sizes changes the shapes)
  const values = reused && sameKernels && prev.values ? prev.values
    : last && last.g.dims && !last.g.shapeObjs ? valueFactsOfColumns(fk ? fk.nodes.ids : new Int32Array(0), last.g, table.str, result.bind)
    : valueFacts(fk && last ? fk.nodes.ids : new Int32Array(0), last ? nodeShapes(table, last) : [], result.bind);
  // the roofline's points of each kernel set (the page draws these and the first bars, never every kernel)
  const dev = result.device || {};
  into.lab_places = {
    fused: fk ? rooflinePlaces(fk.table, dev, labKernels) : [],
    eager: ek ? rooflinePlaces(ek.table, dev) : [],
  };
  Object.assign(keep, { kernelNodes, labKernels, labKernelsTable, values });
  return [{ path: ['lab_kernels'], table: copyBuffers(labKernelsTable) }, { path: ['lab_values'], table: valuesTable(values, result.elem_bytes) }];
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

const sameCounts = (a, b) => a.nodes === b.nodes && a.ops === b.ops && a.hits === b.hits;
