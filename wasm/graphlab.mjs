// graphlab.mjs — the JS binding of GraphLab's browser module, and the ONLY JS that touches it.
//
// The module (public/graphlab-core.mjs + .wasm, built by `make wasm` from c/src + c/wasm/api.c) exports a
// small JSON boundary: gl_wasm_call(method, request, len) returns a heap result {status, out, msg}. This file
// owns copying across the boundary (sql.js style): every call copies its request into the heap, makes one C
// call, copies the answer out and frees every C-side allocation before it returns (try/finally), so an
// error never leaks and the module stays usable after it.
//
//   const gl = await createGraphLab();          // Node: reads the .wasm with fs; browser: fetches it
//   const result = gl.runCase({config: {...}}); // the same JSON object `graphlab case FILE` prints
//   gl.presets();                               // {models: [...], devices: [...], passes: [...]}
//   gl.meta();                                  // the core's accepted ranges: {limits: {"config.d": ...}, ...}
//   gl.print(caseObj);                          // {stages: [{key, text}]}: `graphlab print --stage KEY` per stage
//   gl.codegen(caseObj, {stage, lang});         // {stage, lang, text}: `graphlab codegen --stage S --lang L`
//   gl.version;                                 // "0.1.0"
//   gl.memoryStats();                           // heap bytes in use (malloc'd, not yet freed)
//
// Options (all optional):
//   createModule  the Emscripten factory itself (e.g. when a bundler imports public/graphlab-core.mjs)
//   moduleUrl     URL of graphlab-core.mjs (default: ./graphlab-core.mjs next to this file, or
//                 ../public/graphlab-core.mjs when this file is the repo's wasm/graphlab.mjs)
//   wasmUrl       URL (or, in Node, a path) of graphlab-core.wasm (default: next to the .mjs)
//   wasmBinary    the .wasm bytes (ArrayBuffer / Uint8Array): nothing is fetched or read
//   locateFile    Emscripten's locateFile(path, scriptDirectory) hook (browser)
//   testHooks     adds api._test.{reserve, release} (raw malloc/free) for the out-of-memory tests

const STATUS_CODES = [
  'GL_OK', 'GL_E_INVALID', 'GL_E_SHAPE', 'GL_E_TRACE', 'GL_E_NOMEM', 'GL_E_PARSE', 'GL_E_UNBOUND',
  'GL_E_LIMIT', 'GL_E_INTERNAL',
];
const GL_E_INVALID = 1;
const GL_E_NOMEM = 4;
const GL_E_INTERNAL = 8;

/** An error from the C core: `status` is the gl_status number, `code` its name ('GL_E_INVALID', ...). */
export class GraphLabError extends Error {
  constructor(message, status = GL_E_INTERNAL, method = undefined) {
    super(message);
    this.name = 'GraphLabError';
    this.status = status;
    this.code = STATUS_CODES[status] ?? `GL_E_${status}`;
    if (method !== undefined) this.method = method;
  }
}

const isNode = typeof process !== 'undefined' && !!process.versions?.node;

function toUrl(x, base) {
  if (x instanceof URL) return x;
  const s = String(x);
  if (isNode && !/^[a-z][a-z0-9+.-]*:/i.test(s)) return null;      // a plain file path (Node)
  return new URL(s, base);
}

// Node built-ins are imported through a variable so that bundlers for the browser never see them.
const nodeImport = (name) => import(/* @vite-ignore */ name);

async function readNodeFile(where) {
  const fs = await nodeImport('node:fs/promises');
  return new Uint8Array(await fs.readFile(where));
}

async function resolveModuleUrl(x) {
  const u = toUrl(x, import.meta.url);
  if (u) return u;
  const { pathToFileURL } = await nodeImport('node:url');
  return pathToFileURL(String(x));
}

/**
 * A "case_packed" answer (c/src/io/case_pack.c) read without building a node object: {result (its JSON
 * parsed: the result without graphs and provenance), str(i) (the string table's string i, decoded once), nstr,
 * graphs: [{key, n, outputs, op, inStart, ins, rank, dimStart, dims, attrs, names}] (key the stage key;
 * the rest Int32Array views, strings as table indices; node i's inputs are ins[inStart[i] .. inStart[i+1]),
 * its dims dims[2 * dimStart[i] ..] as low/high words or a symbol's string and INT32_MIN),
 * provenance: [{pass, n, how, fromStart, from, removed}] (per stage after the trace), fingerprints: [16 hex
 * digits per stage: its structure hashed, everything but shapes and attrs; also each graph's fingerprint],
 * keys: [{usable, changed, keyStage, keyId, layer, block (a string index, -1: none), summary: {lo, span, count, ops, edges}}] (per stage with full
 * graphs: c/src/io/stage_keys.c; summary: the stage by layer, layers lo .. lo + span - 1, edges as from/to pairs)}.
 * With emit.graphs "shapes" each graph is {key, n, nsym (its symbolic dims), rank, dimStart, dims, attrs,
 * shapesOnly, fingerprint}.
 * What the lab's analysis reads (web/model.js stageTable); unpackCaseResult makes objects of it.
 */
export function readCaseColumns(bytes, decoder = new TextDecoder('utf-8')) {
  if (bytes.length < 8 || decoder.decode(bytes.subarray(0, 4)) !== 'GLB1') throw new Error('no GLB1 header');
  const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const jlen = dv.getUint32(4, true);
  const result = JSON.parse(decoder.decode(bytes.subarray(8, 8 + jlen)));
  const base = 8 + ((jlen + 3) & ~3);
  if (base > bytes.length || (bytes.byteOffset + base) % 4) throw new Error('misaligned columns');
  const W = new Int32Array(bytes.buffer, bytes.byteOffset + base, (bytes.length - base) >> 2);
  const parts = W[0], nst = W[1], tab = W[2];
  if (!(tab >= 3 && tab < W.length)) throw new Error(`string table at word ${tab} of ${W.length}`);
  // the string table: count, offsets, UTF-8 bytes; each string decoded once, when first read
  const nstr = W[tab];
  if (!(nstr >= 0 && tab + 2 + nstr <= W.length)) throw new Error(`${nstr} strings at word ${tab} of ${W.length}`);
  const offs = W.subarray(tab + 1, tab + 2 + nstr);
  const sbase = base + (tab + 2 + nstr) * 4;
  const strs = new Array(nstr);
  const str = (i) => {
    let v = strs[i];
    if (v === undefined) {
      if (!(i >= 0 && i < nstr)) throw new Error(`string ${i} of ${nstr}`);
      v = strs[i] = decoder.decode(bytes.subarray(sbase + offs[i], sbase + offs[i + 1]));
    }
    return v;
  };
  const col = (at, len) => {
    if (!(len >= 0 && at + len <= tab)) throw new Error(`a column of ${len} words at ${at} passes the string table (${tab})`);
    return W.subarray(at, at + len);
  };
  // the offsets of variable-length rows (inputs per node, dims per node), n + 1 of them from 0
  const starts = (at, n) => {
    const s = col(at, n + 1);
    if (s[0] !== 0 || s[n] < 0) throw new Error(`row offsets from ${s[0]} to ${s[n]}`);
    return s;
  };
  let p = 3;
  const graphs = [];
  if (parts & 4) {
    // emit.graphs "shapes": per stage only what a change of sizes changes
    for (let s = 0; s < nst; s++) {
      const hd = col(p, 3);
      const key = str(hd[0]), n = hd[1], nsym = hd[2];
      p += 3;
      const rank = col(p, n); p += n;
      const dimStart = starts(p, n); p += n + 1;
      const dims = col(p, 2 * dimStart[n]); p += 2 * dimStart[n];
      const attrs = col(p, n); p += n;
      graphs.push({ key, n, nsym, rank, dimStart, dims, attrs, shapesOnly: true, fingerprint: null });
    }
  } else if (parts & 1) {
    for (let s = 0; s < nst; s++) {
      const hd = col(p, 3);
      const key = str(hd[0]), n = hd[1], nout = hd[2];
      p += 3;
      const outputs = col(p, nout); p += nout;
      const op = col(p, n); p += n;
      const inStart = starts(p, n); p += n + 1;
      const ins = col(p, inStart[n]); p += inStart[n];
      const rank = col(p, n); p += n;
      const dimStart = starts(p, n); p += n + 1;
      const dims = col(p, 2 * dimStart[n]); p += 2 * dimStart[n];
      const attrs = col(p, n); p += n;
      const names = col(p, n); p += n;
      // fingerprint set below: every graph object of one form has one shape (model.js reshapeTable makes the same)
      graphs.push({ key, n, outputs, op, inStart, ins, rank, dimStart, dims, attrs, names, fingerprint: null });
    }
  }
  const provenance = [];
  if (parts & 2) {
    for (let s = 1; s < nst; s++) {
      const hd = col(p, 2);
      const pass = str(hd[0]), n = hd[1];
      p += 2;
      const how = col(p, n); p += n;
      const fromStart = col(p, n + 1); p += n + 1;
      const from = col(p, fromStart[n]); p += fromStart[n];
      const nrem = col(p, 1)[0]; p += 1;
      const removed = col(p, nrem); p += nrem;
      provenance.push({ pass, n, how, fromStart, from, removed });
    }
  }
  // every stage's structure hashed (c/src/io/case_pack.c gl_case_fingerprint), as 16 hex digits
  const fingerprints = [];
  if (parts & 8) {
    const f = col(p, 2 * nst); p += 2 * nst;
    for (let s = 0; s < nst; s++) fingerprints.push(hex8(f[2 * s + 1]) + hex8(f[2 * s]));
    graphs.forEach((g, s) => { g.fingerprint = fingerprints[s]; });
  }
  // every node's stable key and layer per stage (c/src/io/stage_keys.c), with full graphs
  const keys = [];
  if (parts & 16) {
    for (let s = 0; s < nst; s++) {
      const n = graphs[s] ? graphs[s].n : 0;
      const flags = col(p, 1)[0]; p += 1;
      const keyStage = col(p, n); p += n;
      const keyId = col(p, n); p += n;
      const layer = col(p, n); p += n;
      const block = col(p, n); p += n;   // the block's name as a string index, -1: none
      const [lo, span] = col(p, 2); p += 2;
      if (!(span >= 1)) throw new Error(`a summary of ${span} layers`);
      const count = col(p, span); p += span;
      const ops = col(p, span); p += span;
      const nedges = col(p, 1)[0]; p += 1;
      const edges = col(p, 2 * nedges); p += 2 * nedges;
      keys.push({ usable: (flags & 1) !== 0, changed: (flags & 2) !== 0, blocks: (flags & 4) !== 0, keyStage, keyId, layer, block, summary: { lo, span, count, ops, edges } });
    }
  }
  if (p !== tab) throw new Error(`columns end at word ${p}, the string table starts at ${tab}`);
  return { result, str, nstr, parts, graphs, provenance, fingerprints, keys };
}

const hex8 = (w) => (w >>> 0).toString(16).padStart(8, '0');

/** A shape from its dims (int64 as two words; a symbol as its string and INT32_MIN), as JSON.parse gives it. */
export function columnShape(g, i, str) {
  const r = g.rank[i];
  const shape = new Array(r);
  for (let j = 0, d = 2 * g.dimStart[i]; j < r; j++, d += 2) {
    shape[j] = g.dims[d + 1] === -2147483648 ? str(g.dims[d]) : g.dims[d + 1] * 4294967296 + (g.dims[d] >>> 0);
  }
  return shape;
}

/**
 * The result object of a "case_packed" answer: its JSON parsed, then "graphs" and "provenance" rebuilt from
 * their int32 columns (readCaseColumns) as exactly what JSON.parse of the plain answer gives (the keys in the
 * order the core writes them), so every reader of runCase reads it unchanged.
 */
export function unpackCaseResult(bytes, decoder = new TextDecoder('utf-8')) {
  const { result, str, parts, graphs: gcols, provenance: pcols, keys } = readCaseColumns(bytes, decoder);
  if (parts & 4) {
    // emit.graphs "shapes": {key: {fingerprint, shapes, attrs}}, as the JSON writer has it (case_write.c)
    const graphs = {};
    for (const g of gcols) {
      const shapes = new Array(g.n), attrs = new Array(g.n);
      for (let i = 0; i < g.n; i++) {
        shapes[i] = columnShape(g, i, str);
        const at = str(g.attrs[i]);
        attrs[i] = at === '{}' ? {} : JSON.parse(at);
      }
      graphs[g.key] = { fingerprint: g.fingerprint, shapes, attrs };
    }
    insertInOrder(result, 'graphs', graphs);
  } else if (parts & 1) {
    const graphs = {};
    for (const g of gcols) {
      const nodes = new Array(g.n);
      const inputNames = {};
      for (let i = 0; i < g.n; i++) {
        const inputs = Array.from(g.ins.subarray(g.inStart[i], g.inStart[i + 1]));
        const at = str(g.attrs[i]);
        const opName = str(g.op[i]), name = str(g.names[i]);
        nodes[i] = [i, opName, inputs, at === '{}' ? {} : JSON.parse(at), columnShape(g, i, str), name];
        if (opName === 'input') inputNames[name] = i;
      }
      graphs[g.key] = { nodes, outputs: Array.from(g.outputs), input_names: inputNames };
    }
    insertInOrder(result, 'graphs', graphs);
  }
  if (parts & 2) {
    const provenance = [];
    for (const pv of pcols) {
      const nodes = {};
      for (let k = 0; k < pv.n; k++) nodes[k] = { how: str(pv.how[k]), from: Array.from(pv.from.subarray(pv.fromStart[k], pv.fromStart[k + 1])) };
      provenance.push({ pass: pv.pass, nodes, removed: Array.from(pv.removed) });
    }
    insertInOrder(result, 'provenance', provenance);
  }
  // "blocks" as the JSON writer has it (case_write.c w_blocks): with full graphs and provenance, when the trace
  // was built in blocks
  if ((parts & 1) && (parts & 2) && keys.length && keys[0].blocks) {
    const blocks = {};
    gcols.forEach((g, s) => {
      blocks[g.key] = Array.from(keys[s].block, (b) => (b >= 0 ? str(b) : null));
    });
    insertInOrder(result, 'blocks', blocks);
  }
  return result;
}

/**
 * The long tables of a "case_packed" answer (its "GLT1" section, c/src/io/case_tables.c) as [{path, table}]
 * in web/result-pack.js's column form, every typed array a view over `bytes`' buffer (whose byte offset must
 * be a multiple of 8: a copy made for them).
 */
export function unpackTables(bytes, decoder = new TextDecoder('utf-8')) {
  if (bytes.length < 8 || decoder.decode(bytes.subarray(0, 4)) !== 'GLT1') throw new Error('no GLT1 header');
  if (bytes.byteOffset % 8) throw new Error('misaligned tables');
  const slen = new DataView(bytes.buffer, bytes.byteOffset, 8).getUint32(4, true);
  const tables = JSON.parse(decoder.decode(bytes.subarray(8, 8 + slen)));
  const base = bytes.byteOffset + ((8 + slen + 7) & ~7), end = bytes.byteOffset + bytes.length;
  const view = (T, at, n) => {
    if (!(Number.isInteger(at) && at >= 0 && base + at + n * T.BYTES_PER_ELEMENT <= end)) throw new Error(`column at ${at} (${n}) past the end`);
    return new T(bytes.buffer, base + at, n);
  };
  const col = (c) => {
    if (c.t === 'f64') c.data = view(Float64Array, c.data, c.n);
    else if (c.t === 'i32' || c.t === 'istr') c.data = view(Int32Array, c.data, c.n);
    else if (c.t === 'str') c.idx = view(Int32Array, c.idx, c.n);
    else if (c.t === 'list') { c.off = view(Int32Array, c.off, c.n + 1); col(c.items); }
    else if (c.t === 'tup' || c.t === 'rec') c.cols.forEach(col);
    else if (c.t === 'mix') { col(c.nums); col(c.strs); }   // a shape's dimensions: numbers and symbols
    else throw new Error(`column type ${c.t}`);
    return c;
  };
  for (const { table } of tables) {
    if (table.t === 'rows') col(table.rows);
    else { col(table.keys); col(table.vals); }
  }
  return tables;
}

// The values of one column of unpackTables (web/result-pack.js decodeColumn, for the types the core writes).
function columnValues(c) {
  const out = new Array(c.n);
  if (c.t === 'f64') for (let i = 0; i < c.n; i++) out[i] = Number.isNaN(c.data[i]) ? null : c.data[i];
  else if (c.t === 'i32') for (let i = 0; i < c.n; i++) out[i] = c.data[i];
  else if (c.t === 'istr') for (let i = 0; i < c.n; i++) out[i] = String(c.data[i]);
  else if (c.t === 'str') for (let i = 0; i < c.n; i++) out[i] = c.idx[i] < 0 ? null : c.dict[c.idx[i]];
  else if (c.t === 'mix') {
    const nums = columnValues(c.nums), strs = columnValues(c.strs);
    for (let i = 0; i < c.n; i++) out[i] = strs[i] !== null ? strs[i] : nums[i];
  } else if (c.t === 'list') {
    const items = columnValues(c.items);
    for (let i = 0; i < c.n; i++) out[i] = items.slice(c.off[i], c.off[i + 1]);
  } else {
    const cols = c.cols.map(columnValues), keys = c.t === 'rec' ? c.keys : null;
    for (let i = 0; i < c.n; i++) {
      const row = keys ? {} : new Array(c.len);
      for (let k = 0; k < cols.length; k++) row[keys ? keys[k] : k] = cols[k][i];
      out[i] = row;
    }
  }
  return out;
}

// Puts the tables back into result as rows, each key where the core writes it.
const MEMORY_KEYS = ['lifetimes', 'naive', 'greedy', 'lower_bound', 'greedy_offsets', 'greedy_order', 'naive_offsets', 'live'];
export function insertTables(result, tables) {
  for (const { path, table } of tables) {
    let value;
    if (table.t === 'rows') value = columnValues(table.rows);
    else {
      const ks = columnValues(table.keys), vs = columnValues(table.vals);
      value = {};
      for (let i = 0; i < ks.length; i++) value[ks[i]] = vs[i];
    }
    // a holder's table (fused.kernels) where it was; a top-level one (the lab's facts) where the core writes it
    if (path.length > 1) result[path[0]][path[1]] = value;
    else insertInOrder(result, path[0], value);
  }
  if (result.memory) {
    const m = result.memory;
    result.memory = Object.fromEntries(MEMORY_KEYS.filter((k) => k in m).map((k) => [k, m[k]]));
  }
  return result;
}

// The result's keys in the order the core writes them (c/src/io/case_write.c KEYS).
const RESULT_KEYS = ['case', 'config', 'elem_bytes', 'device', 'bind', 'passes', 'graphs', 'eager', 'fused', 'memory',
  'outputs', 'error', 'provenance', 'timing_ms', 'spans', 'blocks', 'console', 'lab_kernels', 'lab_values', 'lab_places', 'lab_run_footprint'];

// Puts key: value into obj where the core would have written it.
function insertInOrder(obj, key, value) {
  const after = RESULT_KEYS.slice(RESULT_KEYS.indexOf(key) + 1);
  const rest = Object.keys(obj).filter((k) => after.includes(k)).map((k) => [k, obj[k]]);
  for (const [k] of rest) delete obj[k];
  obj[key] = value;
  for (const [k, v] of rest) obj[k] = v;
}

/**
 * Loads the module and returns the GraphLab API object. Each call makes an independent module instance.
 * opts: createModule (the Emscripten factory), moduleUrl, wasmUrl / locateFile, wasmBinary (the .wasm bytes),
 * wasmModule (a compiled WebAssembly.Module or a promise of one), testHooks.
 */
export async function createGraphLab(opts = {}) {
  // Deployed, graphlab.mjs sits next to graphlab-core.mjs (both served from public/); in the repo it is
  // wasm/graphlab.mjs and the module is built into ../public/.
  const here = new URL('.', import.meta.url);
  const defaultModuleUrl = here.pathname.endsWith('/wasm/')
    ? new URL('../public/graphlab-core.mjs', here)
    : new URL('graphlab-core.mjs', here);
  const moduleUrl = opts.moduleUrl !== undefined ? await resolveModuleUrl(opts.moduleUrl) : defaultModuleUrl;
  const missing = (what, err) => new GraphLabError(
    `graphlab: cannot load ${what} (${err?.message ?? err}); build it with \`make wasm\``, GL_E_INTERNAL);
  let factory = opts.createModule;
  if (!factory) {
    try {
      const mod = await import(/* @vite-ignore */ moduleUrl.href);
      factory = mod.default ?? mod.createGraphLabModule;
    } catch (err) {
      throw missing(moduleUrl.href, err);
    }
  }
  if (typeof factory !== 'function')
    throw new GraphLabError(`graphlab: ${moduleUrl.href} does not export the module factory`, GL_E_INTERNAL);

  const modOpts = {};
  // a precompiled module that fails to instantiate rejects the factory's promise (it would wait forever)
  let failInstantiation = null;
  const failed = new Promise((_, reject) => { failInstantiation = reject; });
  failed.catch(() => {});
  if (opts.locateFile) modOpts.locateFile = opts.locateFile;
  else if (opts.wasmUrl !== undefined && !isNode) {
    const u = toUrl(opts.wasmUrl, import.meta.url).href;
    modOpts.locateFile = () => u;
  }
  if (opts.wasmModule) {
    // a WebAssembly.Module (or a promise of one) compiled while other things loaded (the served page and its
    // analysis worker start compiling before they import this file): instantiated, not fetched again
    modOpts.instantiateWasm = (imports, receive) => {
      Promise.resolve(opts.wasmModule)
        .then((mod) => WebAssembly.instantiate(mod, imports).then((inst) => receive(inst, mod)))
        .catch((err) => failInstantiation(err));
      return {};
    };
  } else if (opts.wasmBinary) {
    modOpts.wasmBinary = opts.wasmBinary;
  } else if (isNode) {
    // The module is built for ENVIRONMENT=web (its Node code path needs __dirname, which ES modules lack):
    // hand it the bytes so it never fetches.
    const where = opts.wasmUrl !== undefined
      ? (toUrl(opts.wasmUrl, import.meta.url) ?? String(opts.wasmUrl))
      : new URL('graphlab-core.wasm', moduleUrl);
    try {
      modOpts.wasmBinary = await readNodeFile(where);
    } catch (err) {
      throw missing(String(where), err);
    }
  }

  let M;
  try {
    M = await Promise.race([factory(modOpts), failed]);
  } catch (err) {
    throw new GraphLabError(`graphlab: the WebAssembly module failed to load: ${err?.message ?? err}`,
                            GL_E_INTERNAL);
  }
  return makeApi(M, opts);
}

function makeApi(M, opts) {
  const encoder = new TextEncoder();
  const decoder = new TextDecoder('utf-8');
  let broken = null;                 // set when the module trapped: its heap can no longer be trusted

  const cstr = (ptr) => (ptr ? M.UTF8ToString(ptr >>> 0) : '');

  // Copies bytes into a fresh NUL-terminated heap block; returns its address (0 when malloc failed).
  function put(bytes) {
    const p = M._malloc(bytes.length + 1) >>> 0;
    if (!p) return 0;
    const heap = M.HEAPU8;           // re-read: memory growth replaces the view
    heap.set(bytes, p);
    heap[p + bytes.length] = 0;
    return p;
  }

  // The method name as a string. Converting runs user code (toString, Symbol.toPrimitive) that may throw:
  // that is a bad call like any other, a GraphLabError, never the caller's own Error escaping.
  function methodName(method) {
    try {
      return String(method);
    } catch (err) {
      throw new GraphLabError(`the method name cannot be read as a string (${String(err?.message ?? err).split('\n')[0]})`,
                              GL_E_INVALID);
    }
  }

  // One method call across the boundary: request text in, answer text out. Frees everything it allocated.
  const callText = (methodIn, request) => callRaw(methodIn, request, (out, len) => decoder.decode(M.HEAPU8.subarray(out, out + len)));

  // The same, the answer read by read(pointer, length) before it is freed.
  function callRaw(methodIn, request, read) {
    const method = methodName(methodIn);
    if (broken) throw new GraphLabError(`graphlab: the module stopped after a fatal error (${broken}); ` +
                                        'create a new one with createGraphLab()', GL_E_INTERNAL, method);
    // A NUL would end the C string early ("case\0x" would run "case"): such a name is no method.
    if (method.includes('\0'))
      throw new GraphLabError(`unknown method ${JSON.stringify(method.slice(0, 64))} (a method name has no NUL)`,
                              GL_E_INVALID, method);
    const mBytes = encoder.encode(method);
    const inBytes = typeof request === 'string' ? encoder.encode(request) : request;
    let mPtr = 0, inPtr = 0, res = 0;
    try {
      mPtr = put(mBytes);
      inPtr = mPtr ? put(inBytes) : 0;
      if (!mPtr || !inPtr)
        throw new GraphLabError(`${method}: out of memory copying a request of ${inBytes.length} bytes`,
                                GL_E_NOMEM, method);
      res = M._gl_wasm_call(mPtr, inPtr, inBytes.length) >>> 0;
      if (!res) throw new GraphLabError(`${method}: out of memory`, GL_E_NOMEM, method);
      const status = M._gl_wasm_result_status(res);
      if (status !== 0) throw new GraphLabError(cstr(M._gl_wasm_result_msg(res)), status, method);
      const out = M._gl_wasm_result_out(res) >>> 0;
      const len = M._gl_wasm_result_len(res) >>> 0;
      return read(out, len);
    } catch (err) {
      if (err instanceof GraphLabError) throw err;
      // A trap (unreachable, stack overflow, ...): a bug, and the heap may be inconsistent from here on.
      broken = String(err?.message ?? err);
      res = 0; inPtr = 0; mPtr = 0;  // do not call into a trapped instance again
      throw new GraphLabError(`${method}: the WebAssembly module trapped: ${broken}`, GL_E_INTERNAL, method);
    } finally {
      if (res) M._gl_wasm_result_free(res);
      if (inPtr) M._free(inPtr);
      if (mPtr) M._free(mPtr);
    }
  }

  function parseAnswer(method, text) {
    try {
      return JSON.parse(text);
    } catch (err) {
      throw new GraphLabError(`${method}: the core returned invalid JSON (${err.message})`, GL_E_INTERNAL,
                              method);
    }
  }

  // Objects are serialised; strings are passed as JSON text as they are (the core reports bad JSON), and
  // bytes (a Uint8Array, e.g. a file the user picked) as they are: the core checks that they are UTF-8.
  // What JSON.stringify cannot write (a BigInt, a cycle, a function) is a GraphLabError too, never a
  // TypeError from inside the binding or an empty request.
  function requestText(method, req) {
    if (typeof req === 'string' || req instanceof Uint8Array) return req;
    let text;
    try {
      text = JSON.stringify(req ?? {});
    } catch (err) {
      throw new GraphLabError(`${method}: the request cannot be written as JSON (${String(err?.message ?? err).split('\n')[0]})`,
                              GL_E_INVALID, method);
    }
    if (typeof text !== 'string')
      throw new GraphLabError(`${method}: the request must be an object or JSON text, got a ${typeof req}`, GL_E_INVALID,
                              method);
    return text;
  }
  const call = (methodIn, req) => {
    const method = methodName(methodIn);
    return parseAnswer(method, callText(method, requestText(method, req)));
  };

  const version = cstr(M._gl_wasm_version());

  // "case_packed": the graphs' part and the tables' (its last u32 says where they start) copied apart
  // "case_packed" read by `read` (bytes, decoder) → object, plus its tables: the graphs' part and the tables'
  // (the answer's last u32 says where they start) are copied apart, so transferring the tables' buffer never
  // detaches the graph columns
  function casePacked(caseObject, read) {
    const [bytes, tbytes] = callRaw('case_packed', requestText('case_packed', caseObject), (out, len) => {
      const heap = M.HEAPU8;
      const toff = len >= 4 ? (heap[out + len - 4] | heap[out + len - 3] << 8 | heap[out + len - 2] << 16 | heap[out + len - 1] << 24) >>> 0 : len;
      return toff <= len - 4 ? [heap.slice(out, out + toff), heap.slice(out + toff, out + len - 4)] : [heap.slice(out, out + len), new Uint8Array(0)];
    });
    try {
      return { ...read(bytes, decoder), tables: unpackTables(tbytes, decoder) };
    } catch (err) {
      throw new GraphLabError(`case_packed: the core returned an unreadable packed result (${err.message})`, GL_E_INTERNAL, 'case_packed');
    }
  }

  const api = {
    version,
    /** Runs one case (object, JSON text or its bytes); returns the result object `graphlab case FILE` prints. */
    runCase: (caseObject) => call('case', caseObject),
    /** The same, as the raw JSON text (no parse). */
    runCaseText: (caseObject) => callText('case', requestText('case', caseObject)),
    /** The same object as runCase, its graphs and provenance carried as int32 columns instead of JSON text
     *  (c/src/io/case_pack.c; what the lab's analysis uses: at 126 layers they are 4.4 MB of JSON). */
    runCasePacked: (caseObject) => {
      const { result, tables } = casePacked(caseObject, (bytes, dec) => ({ result: unpackCaseResult(bytes, dec) }));
      return insertTables(result, tables);
    },
    /** runCasePacked's answer unread: {result (without graphs, provenance and the long tables), str, graphs,
     *  provenance, tables}: the graphs and provenance as int32 column views (readCaseColumns, for web/model.js
     *  stageTable), the long tables (eager and fused kernels, the memory plan's lifetimes, offsets, order and
     *  live bytes) as [{path, table}] columns in web/result-pack.js's form, typed arrays over one buffer of their
     *  own (the lab's analysis hands them to the page as they are: c/src/io/case_tables.c, docs/CASES.md). */
    runCaseColumns: (caseObject) => casePacked(caseObject, readCaseColumns),
    /** `graphlab presets`: {models: [{name, title, d, ..., layers, cfg}], devices: [{..., source}], passes}. */
    presets: () => call('presets', '{}'),
    /** {version, passes}: the core's version and default pass pipeline. */
    info: () => call('version', '{}'),
    /** `graphlab meta`: {limits: {"config.d": {min, max, integer}, ...}, run_bytes: {default, max}, input_bytes}. */
    meta: () => call('meta', '{}'),
    /** Control-flow demo (branch modes error / specialize / guard); needs the C method "branch". */
    branch: (opts) => call('branch', opts),
    /** Dynamic shapes demo; needs the C method "dynamic". */
    dynamic: (opts) => call('dynamic', opts),
    /** The case's graphs as text, `graphlab print --stage KEY` character for character: {stages: [{key, text}]}
     *  for every stage, or only `stage`. Runs the passes only (no fusion, no interpreter). */
    print: (caseObject, stage = null) => call('print', { case: caseObject, stage }),
    /** One stage (default: the last) as `graphlab codegen --stage S --lang python|c` prints it: {stage, lang, text}.
     *  C needs params with values (a shape-only case is an error naming the param). */
    codegen: (caseObject, { stage = null, lang = 'python' } = {}) => call('codegen', { case: caseObject, stage, lang }),
    /** Runs a Python program written against graph_lab (the C front end): {text, nodes, spans, console} — the
     *  graph of its last trace(...) as `graphlab trace` prints it, each node's source span [line, col, end_line,
     *  end_col] (1-based, end exclusive), and what it print()ed. An error throws GraphLabError whose message is
     *  "FILE:LINE:COL: ..." (docs/CASES.md, "Programs"). runCase({program, ...}) runs the whole pipeline on it. */
    trace: (program, file = 'program.py') => call('trace', { program, file }),
    /** A pass written in Python (the lecture's section 9 as is, or a student's; c/src/front/py_passapi.c) on a
     *  case's stage — the one before the first stage called `name`, or `at` — as `graphlab pypass` runs it:
     *  {at, text, hits, console, steps, ms, judge?: {verdict, ok, line}} (judge: the verifier and the numeric
     *  check, c/src/passes/judge.c). An error in the pass throws GraphLabError "pass.py:LINE:COL: ...". */
    pypass: (caseObject, source, name, { at = null, judge = false, file = 'pass.py', seed = 0 } = {}) =>
      call('pypass', { case: caseObject, pass: source, name, at, judge, file, seed }),
    /** Any method by name (request object or JSON text → answer object). */
    call,
    /** Heap bytes in use (malloc'd and not freed), from dlmalloc's mallinfo(). */
    memoryStats: () => M._gl_wasm_heap_in_use(),
    /** {inUse, arena, memory}: bytes in use, bytes malloc holds, size of the WebAssembly memory. */
    heapStats: () => ({
      inUse: M._gl_wasm_heap_in_use(),
      arena: M._gl_wasm_heap_arena(),
      memory: M.HEAPU8.length,
    }),
  };
  if (opts.testHooks) {
    // For the out-of-memory tests only: hold and release raw heap blocks to squeeze the heap.
    api._test = {
      reserve: (bytes) => M._malloc(bytes) >>> 0,
      release: (ptr) => M._free(ptr),
    };
  }
  return api;
}
