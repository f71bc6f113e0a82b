// mock-graphlab.mjs — a stand-in for wasm/graphlab.mjs that serves the golden fixtures.
//
// Only for developing and testing the lab without the WASM module: `node tools/serve.mjs --mock`
// (or the e2e test, when public/graphlab-core.wasm has not been built) serves this file in place of
// /graphlab.mjs and the fixtures under /__mock__/. The real page never loads it.
//
// It ignores most of the config (the fixture decides the graph), validates a few combinations the
// way the C core does, and synthesises `provenance` (the fixtures do not carry it) by matching nodes.

const FIX = {
  prefill: 'small_prefill', decode: 'small_decode', masked: 'small_decode_masked', stack: 'llama8b_prefill_128_x4',
};
const cache = new Map();

async function fixture(name) {
  if (!cache.has(name)) {
    const url = new URL(`./__mock__/fixtures/${name}.json`, import.meta.url);
    const res = await fetch(url);
    if (!res.ok) throw new Error(`mock: cannot load ${name}`);
    cache.set(name, await res.json());
  }
  return cache.get(name);
}

export class GraphLabError extends Error {
  constructor(code, message) {
    super(message);
    this.name = 'GraphLabError';
    this.code = code;
  }
}

function sig(n) {
  return `${n[1]}|${JSON.stringify(n[3])}|${JSON.stringify(n[4])}|${n[5]}`;
}

/** Provenance of one pass, guessed by matching nodes of the old and new graph. */
export function synthProvenance(pass, oldNodes, newNodes) {
  const bySig = new Map();
  for (const o of oldNodes) {
    const s = sig(o);
    if (!bySig.has(s)) bySig.set(s, []);
    bySig.get(s).push(o);
  }
  const used = new Set();
  const newToOld = new Map();
  const nodes = {};
  for (const n of newNodes) {
    const cands = bySig.get(sig(n)) || [];
    let hit = null;
    for (const o of cands) {
      if (used.has(o[0])) continue;
      if (o[2].length !== n[2].length) continue;
      let anchored = n[2].length === 0;
      let ok = true;
      for (let k = 0; k < n[2].length; k++) {
        const m = newToOld.get(n[2][k]);
        if (m === undefined) continue;
        if (m !== o[2][k]) { ok = false; break; }
        anchored = true;
      }
      if (ok && anchored) { hit = o; break; }
    }
    if (hit) {
      used.add(hit[0]);
      newToOld.set(n[0], hit[0]);
      nodes[n[0]] = { how: 'kept', from: [hit[0]] };
    }
  }
  // cse: unused old nodes whose inputs map onto an existing new node's inputs
  const oldToNew = new Map([...newToOld].map(([a, b]) => [b, a]));
  for (const o of oldNodes) {
    if (used.has(o[0]) || o[2].length === 0) continue;
    const ins = o[2].map((i) => oldToNew.get(i));
    if (ins.some((x) => x === undefined)) continue;
    const twin = newNodes.find((n) => nodes[n[0]] && sig(n) === sig(o) && JSON.stringify(n[2]) === JSON.stringify(ins));
    if (twin) {
      used.add(o[0]);
      oldToNew.set(o[0], twin[0]);
      nodes[twin[0]] = { how: 'merged', from: [...nodes[twin[0]].from, o[0]].sort((a, b) => a - b) };
    }
  }
  const how = { match_attention: 'replaced', decompose: 'expanded', constant_fold: 'folded' }[pass] || 'created';
  let lastOld = -1;
  for (const n of newNodes) {
    if (nodes[n[0]]) {
      lastOld = Math.max(lastOld, nodes[n[0]].from[0]);
      continue;
    }
    let from = [];
    if (how === 'replaced') {
      from = oldNodes.filter((o) => !used.has(o[0])).map((o) => o[0]);
    } else if (how === 'expanded') {
      const c = oldNodes.find((o) => o[0] > lastOld && !used.has(o[0]) && ['softmax', 'rms_norm', 'silu'].includes(o[1]));
      if (c) from = [c[0]];
    } else if (how === 'folded') {
      const c = oldNodes.find((o) => o[0] > lastOld && !used.has(o[0]));
      if (c) from = [c[0]];
    }
    nodes[n[0]] = { how: how === 'expanded' && !from.length ? 'created' : how, from };
  }
  for (const v of Object.values(nodes)) if (v.how !== 'expanded') for (const f of v.from) used.add(f);
  for (const v of Object.values(nodes)) if (v.how === 'expanded') for (const f of v.from) used.add(f);
  const removed = oldNodes.map((o) => o[0]).filter((i) => !used.has(i));
  return { pass, nodes, removed };
}

function validate(cfg) {
  const c = cfg || {};
  for (const k of ['d', 'H', 'G', 'dh', 'f', 'layers']) {
    if (!Number.isInteger(c[k]) || c[k] <= 0) throw new GraphLabError('GL_E_INVALID', `config.${k} must be a positive integer, got ${c[k]}`);
  }
  if (c.H % c.G !== 0) throw new GraphLabError('GL_E_INVALID', `config.H (${c.H}) must be a multiple of config.G (${c.G})`);
  if (c.dh % 2 !== 0) throw new GraphLabError('GL_E_INVALID', `config.dh (${c.dh}) must be even (RoPE rotates pairs)`);
}

export async function createGraphLab(opts = {}) {
  const fx = {};
  for (const [k, v] of Object.entries(FIX)) fx[k] = await fixture(v);
  return {
    version: 'mock-0',
    presets() {
      return {
        models: [
          { name: 'small', title: 'Small (d=64)', cfg: { d: 64, H: 8, G: 2, dh: 8, f: 128, eps: 1e-5, theta: 10000 }, layers: 1 },
          { name: 'llama8b', title: 'Llama 3 8B', cfg: { d: 4096, H: 32, G: 8, dh: 128, f: 14336, eps: 1e-5, theta: 500000 }, layers: 1 },
        ],
        devices: [
          { name: 'h100', title: 'H100 (BF16)', mm_flops: 989e12, vec_flops: 67e12, bw: 3.35e12, launch: 4e-6, source: 'mock' },
          { name: 'a100', title: 'A100 (BF16)', mm_flops: 312e12, vec_flops: 19.5e12, bw: 2.0e12, launch: 4e-6, source: 'mock' },
        ],
      };
    },
    runCase(c) {
      validate(c.config);
      const mode = c.config.mode === 'prefill' ? (c.config.layers > 1 ? 'stack' : 'prefill') : c.config.masked ? 'masked' : 'decode';
      const base = fx[mode];
      const r = JSON.parse(JSON.stringify(base));
      delete r.params;
      delete r.inputs;
      const numeric = !!c.params;
      if (!numeric) delete r.outputs;
      if (r.graphs) {
        const keys = Object.keys(r.graphs);
        r.provenance = [];
        for (let i = 1; i < keys.length; i++) {
          r.provenance.push(synthProvenance(keys[i], r.graphs[keys[i - 1]].nodes, r.graphs[keys[i]].nodes));
        }
      }
      r.timing_ms = { build: 0.1, passes: 0.2, fuse: 0.1, memory: 0.05, total: 0.5, ...(numeric ? { run: 1.5 } : {}) };
      if (c.emit && c.emit.graphs === false) delete r.graphs;
      return r;
    },
    // Sample answers in the format of c/src/demos/branch_demo.c and c/src/demos/dynamic_demo.c (made-up numbers).
    // ?nodemos in the page URL makes them throw like a core without the methods.
    branch({ frontend = 'guard' } = {}) {
      if (opts.noDemos) throw new GraphLabError('GL_E_INVALID', 'unknown method "branch" (known: case, presets, version)');
      const second = frontend === 'specialize' ? [-1, -3, -5] : [-3, -5, -7];
      return {
        frontend, program: 'f(x) = (x*2 + 1) if (x*2).sum() > 0 else (x*2 - 1)', first: [1, 2, 3], second: [-1, -2, -3],
        graphs: { error: 0, specialize: 1, guard: 2, lazy: 4 }[frontend], guards: frontend === 'guard' ? [['value', 4, true], ['value', 4, false]] : [],
        error: frontend === 'error' ? 'data-dependent branch while tracing' : null,
        correct_on_second_input: frontend !== 'specialize' && frontend !== 'error',
        outputs: frontend === 'error' ? { first: null, second: null, expected_second: [-3, -5, -7] } : { first: [3, 5, 7], second, expected_second: [-3, -5, -7] },
        lazy: frontend === 'lazy' ? { graphs: [4, 3, 4, 3], imports: 2 } : null, steps: [], graph_list: [],
      };
    },
    dynamic({ strategy = 'bucket', from = 100, steps = 8 } = {}) {
      if (opts.noDemos) throw new GraphLabError('GL_E_INVALID', 'unknown method "dynamic" (known: case, presets, version)');
      const per = [];
      const seen = new Map();
      let padded = 0;
      for (let i = 0; i < steps; i++) {
        const S = from + i;
        const bucket = strategy === 'bucket' ? 2 ** Math.ceil(Math.log2(S)) : S;
        const key = strategy === 'symbolic' ? 'S' : bucket;
        const compiled = !seen.has(key);
        if (compiled) seen.set(key, seen.size);
        padded += bucket - S;
        per.push({ S, P: S - 1, bucket, compiled, guard_failure: compiled && i > 0, graph: seen.get(key), max_abs_diff: 1e-16 });
      }
      const compiles = seen.size;
      return {
        strategy, config: 'small', from, steps, seed: 0, numeric: true, compiles, cache_hits: steps - compiles,
        guard_failures: Math.max(0, compiles - 1), padded_slots: padded, wasted_attention_flops: 4 * 8 * padded * 8,
        attention_flops: 4 * 8 * per.reduce((a, p) => a + p.bucket, 0) * 8, flops_formula: '4*H*(bucket-S)*dh', max_abs_diff: 2.2e-16,
        per_step: per, graphs: [...seen.keys()].map((k) => ({ length: k, nodes: 50, ops: 34 })),
      };
    },
    memoryStats() {
      return { heap: 0 };
    },
  };
}
