// result-pack.js — the analysis result's long tables (eager and fused kernels, lifetimes, greedy offsets, the
// kernels' names, the values' facts) as columns of typed arrays for the trip from the analysis worker to the
// page. At 1024 layers they are ~13 MB of JSON text (47,104 eager kernels alone 8 MB) whose JSON.parse on the
// page would be one 300 ms task; a typed array crosses postMessage as one block (transferred: not even copied).
// The page gets each table back as the rows the views read, built the first time something reads it (a
// getter), so each panel pays, in its own task, only for the tables it draws.
//
// The codec is generic and exact for what JSON would carry: a column of numbers is an Int32Array when every
// one is an int32, else a Float64Array (non-finite numbers and null as NaN, read back as null, as JSON.stringify
// makes them); strings are a dictionary and indices; tuples (arrays of one short length) are a column per
// place, other lists offsets and one column of their items; records with the same keys are one column per key;
// anything else stays JSON text. The core's own tables (kernels, memory) arrive in this form already, written by
// the C core as binary columns (wasm/graphlab.mjs runCaseColumns, c/src/io/case_tables.c): only what the
// analysis makes in JS (the kernels' names) goes through encodeColumn.

/** [path of the table in the result] — each is an array of rows or an object keyed by node id. */
export const PACKED_TABLES = [
  ['eager', 'kernels'], ['fused', 'kernels'], ['memory', 'lifetimes'], ['memory', 'greedy_offsets'],
  ['memory', 'greedy_order'], ['memory', 'naive_offsets'], ['memory', 'live'],
  ['lab_kernels'], ['lab_values'],
];

const isNum = (v) => v === null || typeof v === 'number';
const isStr = (v) => v === null || typeof v === 'string';
const isRecord = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);
const INT_KEY = /^(0|[1-9][0-9]{0,8})$/;

/** A column of any values → {t, …} made of typed arrays, string lists and JSON text. */
export function encodeColumn(values) {
  const n = values.length;
  if (values.every(isNum)) {
    if (values.every((v) => v !== null && v === (v | 0))) return { t: 'i32', n, data: Int32Array.from(values) };
    const data = new Float64Array(n);
    for (let i = 0; i < n; i++) data[i] = values[i] !== null && Number.isFinite(values[i]) ? values[i] + 0 : NaN;   // -0 + 0 is 0, as JSON has it
    return { t: 'f64', n, data };
  }
  if (values.every(isStr)) {
    if (values.every((v) => v !== null && INT_KEY.test(v))) return { t: 'istr', n, data: Int32Array.from(values, Number) };
    const dict = [];
    const at = new Map();
    const idx = new Int32Array(n);
    for (let i = 0; i < n; i++) {
      const v = values[i];
      if (v === null) { idx[i] = -1; continue; }
      let j = at.get(v);
      if (j === undefined) {
        j = dict.length;
        dict.push(v);
        at.set(v, j);
      }
      idx[i] = j;
    }
    return { t: 'str', n, dict, idx };
  }
  if (values.every((v) => isStr(v) || typeof v === 'number')) {
    // shapes' dimensions: numbers and symbols ("S")
    return { t: 'mix', n, nums: encodeColumn(values.map((v) => (typeof v === 'number' ? v : null))), strs: encodeColumn(values.map((v) => (typeof v === 'string' ? v : null))) };
  }
  if (values.every(Array.isArray)) {
    const len = n ? values[0].length : 0;
    if (n && len <= 8 && values.every((v) => v.length === len)) {
      // tuples (a lifetime's [bytes, start, end, id], a value's [op, shape, bytes]): one column per place
      const cols = [];
      for (let j = 0; j < len; j++) cols.push(encodeColumn(values.map((v) => v[j])));
      return { t: 'tup', n, len, cols };
    }
    const off = new Int32Array(n + 1);
    const flat = [];
    for (let i = 0; i < n; i++) {
      for (const x of values[i]) flat.push(x);
      off[i + 1] = flat.length;
    }
    return { t: 'list', n, off, items: encodeColumn(flat) };
  }
  if (n && values.every(isRecord)) {
    const keys = Object.keys(values[0]);
    const same = (v) => {
      const ks = Object.keys(v);
      return ks.length === keys.length && ks.every((k, i) => k === keys[i]);
    };
    if (values.every(same)) return { t: 'rec', n, keys, cols: keys.map((k) => encodeColumn(values.map((v) => v[k]))) };
  }
  return { t: 'json', n, text: JSON.stringify(values) };
}

/** The values of a column encodeColumn made. */
export function decodeColumn(c) {
  const out = new Array(c.n);
  if (c.t === 'i32' || c.t === 'istr') {
    const s = c.t === 'istr';
    for (let i = 0; i < c.n; i++) out[i] = s ? String(c.data[i]) : c.data[i];
  } else if (c.t === 'f64') {
    for (let i = 0; i < c.n; i++) out[i] = Number.isNaN(c.data[i]) ? null : c.data[i];
  } else if (c.t === 'str') {
    for (let i = 0; i < c.n; i++) out[i] = c.idx[i] < 0 ? null : c.dict[c.idx[i]];
  } else if (c.t === 'mix') {
    const nums = decodeColumn(c.nums);
    const strs = decodeColumn(c.strs);
    for (let i = 0; i < c.n; i++) out[i] = strs[i] !== null ? strs[i] : nums[i];
  } else if (c.t === 'tup') {
    const cols = c.cols.map(decodeColumn);
    for (let i = 0; i < c.n; i++) {
      const row = new Array(c.len);
      for (let j = 0; j < c.len; j++) row[j] = cols[j][i];
      out[i] = row;
    }
  } else if (c.t === 'list') {
    const items = decodeColumn(c.items);
    for (let i = 0; i < c.n; i++) out[i] = items.slice(c.off[i], c.off[i + 1]);
  } else if (c.t === 'rec') {
    const cols = c.cols.map(decodeColumn);
    const nk = c.keys.length;
    for (let i = 0; i < c.n; i++) {
      const o = {};
      for (let k = 0; k < nk; k++) o[c.keys[k]] = cols[k][i];
      out[i] = o;
    }
  } else if (c.t === 'json') return JSON.parse(c.text);
  else throw new Error(`result-pack: unknown column type ${c.t}`);
  return out;
}

/** The value at row i of a column (decodeColumn(c)[i] without decoding the rest). */
export function decodeAt(c, i) {
  switch (c.t) {
    case 'i32': return c.data[i];
    case 'istr': return String(c.data[i]);
    case 'f64': return Number.isNaN(c.data[i]) ? null : c.data[i];
    case 'str': return c.idx[i] < 0 ? null : c.dict[c.idx[i]];
    case 'mix': { const s = decodeAt(c.strs, i); return s !== null ? s : decodeAt(c.nums, i); }
    case 'tup': return c.cols.map((col) => decodeAt(col, i));
    case 'list': {
      const out = [];
      for (let j = c.off[i]; j < c.off[i + 1]; j++) out.push(decodeAt(c.items, j));
      return out;
    }
    case 'rec': {
      const o = {};
      for (let k = 0; k < c.keys.length; k++) o[c.keys[k]] = decodeAt(c.cols[k], i);
      return o;
    }
    case 'json': {
      if (!c.parsed) c.parsed = JSON.parse(c.text);
      return JSON.parse(JSON.stringify(c.parsed[i]));   // a copy, as decodeColumn's rows are
    }
    default: throw new Error(`result-pack: unknown column type ${c.t}`);
  }
}

/** A table (an array of rows, or an object whose keys are its rows' names) as columns. */
export function encodeTable(v) {
  if (Array.isArray(v)) return { t: 'rows', rows: encodeColumn(v) };
  return { t: 'dict', keys: encodeColumn(Object.keys(v)), vals: encodeColumn(Object.values(v)) };
}

export function decodeTable(p) {
  if (p.t === 'rows') return decodeColumn(p.rows);
  const keys = decodeColumn(p.keys);
  const vals = decodeColumn(p.vals);
  const o = {};
  for (let i = 0; i < keys.length; i++) o[keys[i]] = vals[i];
  return o;
}

/** The ArrayBuffers of a packed table (postMessage's transfer list), each once: the core's columns are views
 *  over one buffer (wasm/graphlab.mjs runCaseColumns), and a transfer list must not repeat one. */
export function buffersOf(x, out = [], seen = new Set(out)) {
  if (ArrayBuffer.isView(x)) {
    if (!seen.has(x.buffer)) {
      seen.add(x.buffer);
      out.push(x.buffer);
    }
  } else if (Array.isArray(x)) for (const y of x) buffersOf(y, out, seen);
  else if (x && typeof x === 'object') for (const y of Object.values(x)) buffersOf(y, out, seen);
  return out;
}

/** A packed table with its own copies of its typed arrays (what a transfer detaches), sharing the rest:
 *  an analysis keeps one and sends copies. */
export function copyBuffers(x) {
  if (ArrayBuffer.isView(x)) return x.slice();
  if (Array.isArray(x)) return x.some((y) => y && typeof y === 'object') ? x.map(copyBuffers) : x;
  if (x && typeof x === 'object') {
    const o = {};
    for (const k of Object.keys(x)) o[k] = copyBuffers(x[k]);
    return o;
  }
  return x;
}

/**
 * Takes PACKED_TABLES out of `result` (changed in place) and returns them as [{path, table}] plus the
 * buffers to transfer.
 */
export function packResult(result) {
  const packed = [];
  for (const path of PACKED_TABLES) {
    const holder = path.length > 1 ? result[path[0]] : result;
    const key = path[path.length - 1];
    if (!holder || typeof holder !== 'object' || !(key in holder) || holder[key] === null || typeof holder[key] !== 'object') continue;
    packed.push({ path, table: encodeTable(holder[key]) });
    delete holder[key];
  }
  return { packed, transfer: buffersOf(packed) };
}

// holder object → {key: packed table} of the tables not decoded whole yet (row access reads them)
const still = new WeakMap();

/** Puts the tables back into `result` as getters that decode on first read (then plain properties). */
export function unpackResult(result, packed) {
  for (const { path, table } of packed || []) {
    const holder = path.length > 1 ? result[path[0]] : result;
    const key = path[path.length - 1];
    if (!holder || typeof holder !== 'object') continue;
    if (!still.has(holder)) still.set(holder, {});
    still.get(holder)[key] = table;
    const done = (value) => {
      delete still.get(holder)[key];
      Object.defineProperty(holder, key, { value, writable: true, configurable: true, enumerable: true });
    };
    Object.defineProperty(holder, key, {
      configurable: true,
      enumerable: true,
      get() {
        const value = decodeTable(table);
        done(value);
        return value;
      },
      set(value) {
        done(value);
      },
    });
  }
  return result;
}

const packedOf = (holder, key) => (holder && still.has(holder) ? still.get(holder)[key] : undefined);

/** The number of rows of table holder[key] (an array), without decoding it; 0 when there is none. */
export function tableLength(holder, key) {
  const p = packedOf(holder, key);
  if (p) return p.t === 'rows' ? p.rows.n : p.keys.n;
  const v = holder && holder[key];
  return Array.isArray(v) ? v.length : 0;
}

/** Row i of table holder[key] (an array), decoding only that row while the table is still packed. */
export function tableRow(holder, key, i) {
  const p = packedOf(holder, key);
  if (p && p.t === 'rows') return i >= 0 && i < p.rows.n ? decodeAt(p.rows, i) : undefined;
  const v = holder && holder[key];
  return Array.isArray(v) ? v[i] : undefined;
}

/** holder[key][name] of a table keyed by node id, decoding only that entry while it is still packed. */
export function tableGet(holder, key, name) {
  const p = packedOf(holder, key);
  if (p && p.t === 'dict') {
    const s = String(name);
    if (p.keys.t === 'istr') {
      const k = INT_KEY.test(s) ? Number(s) : -1;
      const i = k < 0 ? -1 : p.keys.data.indexOf(k);
      return i < 0 ? undefined : decodeAt(p.vals, i);
    }
    for (let i = 0; i < p.keys.n; i++) if (decodeAt(p.keys, i) === s) return decodeAt(p.vals, i);
    return undefined;
  }
  const v = holder && holder[key];
  return v && typeof v === 'object' && Object.prototype.hasOwnProperty.call(v, name) ? v[name] : undefined;
}
