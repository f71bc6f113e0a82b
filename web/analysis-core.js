// analysis-core.js — one configuration's analysis as the page receives it, in the analysis worker (or on
// the page when there is no worker): the result (as JSON text, without the graphs and provenance, which the
// stages are read from as int32 columns (model.js stageTable), and without its long tables, which the core
// hands over as typed columns that go on to the page as they are: result-pack.js, c/src/io/case_tables.c) and
// the stages, summarised per layer when the result is big.
import { stageTable, reshapeTable, columnsOf } from './model.js';
import { pageStages } from './views/graph/collapse.js';
import { packResult, buffersOf } from './result-pack.js';

// The lab's facts of a result, made by the core (emit.lab: c/src/io/lab_facts.c): two keys of its JSON and two
// tables (typed columns from runCaseColumns; from a JSON result, packResult makes them).
const FACT_KEYS = ['lab_places', 'lab_run_footprint'];
const FACT_TABLES = ['lab_kernels', 'lab_values'];

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
 * opts.deferFacts: the result without the lab's facts (lab_run_footprint, lab_places, lab_kernels, lab_values:
 * the core's, emit.lab), and finishFacts(), which hands them over ({resultText: those keys as JSON, packed,
 * transfer}): a link's first graph goes to the page without them.
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
  const keep = { key, skey, table, stages, lite };
  const out = { stages, table, lite, ms: 0, reused, sized, keptStages, keep };
  delete result.graphs;
  delete result.provenance;
  delete result.blocks;   // in the stages' block column (model.js)
  const rest = packResult(result);   // what is left of the tables: none from runCaseColumns
  let packed = [...tables, ...rest.packed];
  // deferFacts: the stages and the core's tables now, the lab's facts when asked (finishFacts): a link's first
  // graph needs none of them (analysis-worker.js)
  const extra = {};
  let factTables = [];
  if (opts.deferFacts) {
    for (const k of FACT_KEYS) if (k in result) { extra[k] = result[k]; delete result[k]; }
    factTables = packed.filter((p) => p.path.length === 1 && FACT_TABLES.includes(p.path[0]));
    packed = packed.filter((p) => !factTables.includes(p));
  }
  out.packed = packed;
  out.resultText = JSON.stringify(result);
  out.transfer = opts.deferFacts ? [] : buffersOf(out.packed);
  out.ms = performance.now() - t0;
  if (opts.deferFacts) {
    out.finishFacts = () => ({ resultText: JSON.stringify(extra), packed: factTables, transfer: buffersOf(factTables) });
  }
  return out;
}

const sameCounts = (a, b) => a.nodes === b.nodes && a.ops === b.ops && a.hits === b.hits;
