// lessons/env.js — what a lesson's expressions and questions see: the case result and the lab's stages,
// turned into plain records with the names docs/LESSONS.md lists (config, passes, stages, stage_list, stage,
// kernels, eager, fused, memory, device, ...), plus the lab's two demos as functions (dynamic, branch).
//
// Built from what the page has: the analysis' result (its graphs and provenance already turned into stages,
// so only the stages are read for graphs) and the stages of buildStages (model.js), full or summarised per
// layer for a big stack (views/graph/collapse.js liteStage: counts and per-layer op counts, no nodes).
// The headless suite builds it from the same analysis (analysis-core.js), so both see the same numbers.
// Pure module.
import { caseFromState, parseHash, serializeHash } from '../state.js';

/** st with the hash keys of `keys` ("qw=int8&smooth=1") in place of its own; a key the lab drops is an error. */
export function withKeys(st, keys) {
  if (!keys) return st;
  const extra = keys.split('&');
  const names = new Set(extra.map((kv) => kv.split('=')[0]));
  const own = serializeHash(st).split('&').filter((kv) => !names.has(kv.split('=')[0]));
  const { state, dropped } = parseHash([...own, ...extra].join('&'));
  if (dropped.length) throw new Error(`precision("${keys}"): ${dropped.map((d) => d.why).join('; ')}`);
  return state;
}

const own = (o, k) => o !== null && typeof o === 'object' && Object.prototype.hasOwnProperty.call(o, k);

// a kernel's part of the layer, read off its role: what "which kernel dominates" compares (the three MLP
// matmuls cost the same to a few parts in 10^4, so one of them is never the answer alone)
const GROUPS = [
  [/^(gate|up|down) projection/, 'MLP matmuls'],
  [/^[QKVO] projection/, 'attention projections'],
  [/cache write/, 'KV cache writes'],
  [/RMSNorm/, 'RMSNorms'],                      // "attention RMSNorm" is a norm, not attention
  [/attention|softmax|scores/, 'attention'],
  [/LM head/, 'LM head'],
];
export const KERNEL_GROUPS = [...GROUPS.map(([, g]) => g), 'other'];
function groupOf(role) {
  for (const [re, g] of GROUPS) if (re.test(role)) return g;
  return 'other';
}

/** A kernel as the roofline reads it (the same rule as the kernels panel's kernelFacts). */
export function kernelView(k, index, dev, info) {
  const mm = k.kind === 'matmul' || k.kind === 'attention';
  const peak = mm ? dev.mm_flops : dev.vec_flops;
  const bytes = (k.reads || 0) + (k.writes || 0);
  const flops = k.flops || 0;
  const intensity = bytes ? flops / bytes : 0;
  const ridge = peak / dev.bw;
  const time = Number.isFinite(k.time_s) ? k.time_s : Math.max(flops / peak, bytes / dev.bw);
  const name = info && info.name ? info.name : k.label;
  return {
    index, kind: k.kind, label: k.label, name,
    // the name without its layer ("L3 O projection" → "O projection"): the same kernel in every layer
    role: String(name).replace(/^L\d+ /, ''),
    group: groupOf(String(name).replace(/^L\d+ /, '')),
    layer: info && Number.isInteger(info.layer) ? info.layer : null,
    nodes: (k.nodes || []).slice(), reads: k.reads || 0, writes: k.writes || 0, bytes, flops, time_s: time,
    intensity, ridge, peak, bound: intensity >= ridge ? 'compute' : 'memory',
    // the fixed launch overhead is more than the kernel's roofline time
    launch_bound: dev.launch > time,
    why: k.why && k.why.reason ? k.why.reason : null,
  };
}

function kernelSet(set, dev, infos) {
  if (!set || !Array.isArray(set.kernels)) return null;
  const kernels = set.kernels.map((k, i) => kernelView(k, i, dev, infos ? infos[i] : null));
  const c = set.cost || {};
  const launch = (c.kernels ?? kernels.length) * dev.launch;
  return {
    kernels,
    count: c.kernels ?? kernels.length,
    bytes: c.bytes ?? 0,
    flops: c.flops ?? 0,
    time_s: c.t ?? 0,               // roofline time (every kernel at its bound)
    total_s: c.t_total ?? 0,        // plus one launch per kernel
    launch_s: launch,
    launch_bound: launch > (c.t ?? 0),
    // roofline time by role ({"O projection": s, ...}): which kernel dominates a stack
    time_by_role: byField(kernels, 'role'),
    // and by kind ({matmul: s, attention: s, rowwise: s, pointwise: s})
    time_by_kind: byField(kernels, 'kind'),
    // and by part of the layer ({"MLP matmuls": s, "attention": s, ...})
    time_by_group: byField(kernels, 'group'),
  };
}

function byField(kernels, field) {
  const out = {};
  for (const k of kernels) out[k[field]] = (out[k[field]] || 0) + k.time_s;
  return out;
}

function nodeView(n) {
  return {
    id: n.id, op: n.op, name: n.name || '', shape: (n.shape || []).slice(), inputs: (n.inputs || []).slice(),
    key: n.key ?? null, layer: n.layer ?? null, how: n.how ?? null, from: (n.from || []).slice(), attrs: n.attrs || {},
  };
}

/**
 * The nodes of the previous stage that a stage's pass removed or merged away (ids in the previous stage):
 * every node that is not the survivor (first source) of a kept or merged node. null without provenance.
 */
export function removedBy(stage, prev) {
  if (!stage || !prev || stage.lite || prev.lite || !stage.prov || !Array.isArray(prev.nodes)) return null;
  const survivors = new Set();
  for (const n of stage.nodes) if ((n.how === 'kept' || n.how === 'merged') && n.from && n.from.length) survivors.add(n.from[0]);
  return prev.nodes.filter((n) => !survivors.has(n.id)).map((n) => n.id);
}

function stageView(st, prev) {
  const v = {
    index: st.index, key: st.key, name: st.name,
    count: st.counts.nodes, ops_count: st.counts.ops, hits: st.counts.hits ?? null, changed: !!st.changed,
    lite: !!st.lite, layers: null, outputs: (st.outputs || []).slice(),
  };
  if (st.lite) {
    // a summarised stage (a big stack): counts and layers only; nodes, ops and removed are absent
    v.layers = st.layers;
  } else {
    v.nodes = st.nodes.map(nodeView);
    const ops = {};
    for (const n of st.nodes) ops[n.op] = (ops[n.op] || 0) + 1;
    v.ops = ops;
    v.names = st.nodes.filter((n) => n.name).map((n) => n.name);
    let m = 0;
    for (const n of st.nodes) if (n.layer > m) m = n.layer;
    v.layers = m + 1;
    const how = {};
    for (const n of st.nodes) if (n.how) how[n.how] = (how[n.how] || 0) + 1;
    v.how = how;
    const removed = removedBy(st, prev);
    if (removed) {
      v.removed = removed;
      v.removed_keys = removed.map((id) => prev.nodes[id].key);
    }
  }
  return v;
}

function memoryView(m) {
  if (!m) return null;
  const buffers = (m.lifetimes || []).map(([bytes, start, end, node]) => ({ bytes, start, end, node }));
  return {
    naive: m.naive, greedy: m.greedy, lower_bound: m.lower_bound,
    buffers,
    saved: m.naive - m.greedy,                                       // greedy's saving over one buffer each
    ratio: m.lower_bound ? m.greedy / m.lower_bound : null,          // 1 = greedy met the bound
    offsets: m.greedy_offsets || {},
  };
}

/**
 * The env of a lesson's expressions and questions.
 * result: the analysis' case result (graphs / provenance may be absent); stages: the lab's stages;
 * opts.state: the step's lab state (for `stage`, the shown one, and precision()'s runs); opts.lab: the module
 * (runCase for precision(); for dynamic() and
 * branch(); without it those two throw).
 */
export function lessonEnv(result, stages, { state = null, lab = null } = {}) {
  if (!result || typeof result !== 'object') throw new TypeError('lessonEnv: no result');
  const list = Array.isArray(stages) ? stages : [];
  const views = list.map((st, i) => stageView(st, i > 0 ? list[i - 1] : null));
  const byKey = {};
  for (const v of views) byKey[v.key] = v;
  const dev = result.device || { mm_flops: 1, vec_flops: 1, bw: 1, launch: 0 };
  const infos = Array.isArray(result.lab_kernels) ? result.lab_kernels : null;   // the core's (lab_facts.c)
  const fused = kernelSet(result.fused, dev, infos);
  const eager = kernelSet(result.eager, dev, null);
  const shown = state && Number.isInteger(state.stage) && views.length ? views[Math.min(state.stage, views.length - 1)] : null;
  const demo = (method) => (opts) => {
    if (!lab || typeof lab[method] !== 'function') throw new Error(`${method}() needs the lab's module`);
    return lab[method](opts);
  };
  const runDynamic = demo('dynamic');
  const runBranch = demo('branch');
  const dynCache = new Map();
  const precCache = new Map();
  return {
    result,
    config: result.config || null,
    device: dev,
    elem_bytes: result.elem_bytes ?? null,
    bind: result.bind || {},
    passes: (result.passes || []).map((p) => ({ name: p.name, nodes: p.nodes, ops: p.ops, hits: p.hits ?? null })),
    stages: byKey,
    stage_list: views,
    stage: shown,
    kset: state && state.kset === 'eager' ? 'eager' : 'fused',
    final: views.length ? views[views.length - 1] : null,
    kernels: fused ? fused.kernels : [],
    fused,
    eager,
    memory: memoryView(result.memory),
    spans: own(result, 'spans') ? result.spans : null,
    // the step's pipeline (pass names), as its state has it
    pipeline: state && Array.isArray(state.pipeline) ? state.pipeline.slice() : null,
    /** dynamic(strategy, from, steps[, config]): the lab's growing-sequence demo (graphlab dynamic) */
    dynamic: (strategy, from, steps, config = 'small') => {
      const k = JSON.stringify([strategy, from, steps, config]);
      if (!dynCache.has(k)) dynCache.set(k, runDynamic({ strategy, from, steps, config }));
      return dynCache.get(k);
    },
    /** branch(frontend): the data-dependent branch under one front end (graphlab branch) */
    branch: (frontend) => runBranch({ frontend }),
    /**
     * precision(keys): the step's layer run under its precision plan (hash keys qw, qa, qkv, qacc, smooth) on the
     * numerics panel's seeded inputs, with `keys` (hash syntax, e.g. "qw=int8&smooth=1" or "p=ma.de.cs.cf.si")
     * in place of the step's: the core's "error" ({plan, nodes, outputs[, worst, layers]}), null without a plan
     */
    precision: (keys = '') => {
      if (!state) throw new Error('precision() needs the step\'s state');
      if (typeof keys !== 'string') throw new Error('precision(keys): keys is hash text ("qw=int8")');
      if (!precCache.has(keys)) {
        if (!lab || typeof lab.runCase !== 'function') throw new Error('precision() needs the lab\'s module');
        const r = lab.runCase(caseFromState(withKeys(state, keys), { numeric: true }));
        precCache.set(keys, r.error || null);
      }
      return precCache.get(keys);
    },
    /** pypass(case, source, fn, opts): the module's pass runner, for a pass question's grader (questions.js) */
    pypass: lab && typeof lab.pypass === 'function' ? (...args) => lab.pypass(...args) : null,
  };
}
