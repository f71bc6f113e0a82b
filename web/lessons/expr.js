// lessons/expr.js — the small expression language of a lesson's assertions, evaluated over the case result.
//
// The page has a strict CSP (no eval, no Function), and a lesson is data: so this is a tokenizer, a
// precedence-climbing parser and a tree walker, nothing more. Property access reads own data only (no
// prototype, no methods); only named functions (the builtins below, and functions the env holds) can be
// called. Grammar, loosest first (docs/LESSONS.md):
//   or · and · not · comparisons (== != < <= > >=, chained like Python: 1 < x <= 3) · in · + - · * / % ·
//   unary - · postfix: .field  [index]  name(args) · atoms: numbers, "strings", true false null, [lists], names
// Pure module: the headless suite (tests/lessons.test.js) and the player use the same code.

export class ExprError extends Error {}

const KEYWORDS = new Set(['and', 'or', 'not', 'in', 'true', 'false', 'null']);
const MAX_SRC = 1000;
const MAX_DEPTH = 64;

// ------------------------------------------------------------------------------------------ tokens
const TOKEN_RE = /\s*(?:(\d+(?:\.\d+)?(?:[eE][-+]?\d+)?)|("(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*')|([A-Za-z_][A-Za-z0-9_]*)|(==|!=|<=|>=|[<>+\-*/%()[\].,]))/y;

function tokenize(src) {
  const out = [];
  TOKEN_RE.lastIndex = 0;
  let pos = 0;
  while (pos < src.length) {
    if (/^\s*$/.test(src.slice(pos))) break;
    TOKEN_RE.lastIndex = pos;
    const m = TOKEN_RE.exec(src);
    if (!m) {
      const at = pos + (src.slice(pos).length - src.slice(pos).trimStart().length);
      throw new ExprError(`unexpected character "${src[at]}" at ${at + 1}`);
    }
    const at = m.index + m[0].length - (m[1] ?? m[2] ?? m[3] ?? m[4]).length;
    if (m[1] !== undefined) out.push({ t: 'num', v: Number(m[1]), at });
    else if (m[2] !== undefined) out.push({ t: 'str', v: unquote(m[2]), at });
    else if (m[3] !== undefined) out.push(KEYWORDS.has(m[3]) ? { t: 'kw', v: m[3], at } : { t: 'name', v: m[3], at });
    else out.push({ t: 'op', v: m[4], at });
    pos = TOKEN_RE.lastIndex;
  }
  out.push({ t: 'end', v: '', at: src.length });
  return out;
}

function unquote(s) {
  const body = s.slice(1, -1);
  return body.replace(/\\(.)/g, (_, c) => {
    if (c === 'n') return '\n';
    if (c === 't') return '\t';
    if (c === '\\' || c === '"' || c === "'") return c;
    throw new ExprError(`unknown escape "\\${c}" in a string`);
  });
}

// ------------------------------------------------------------------------------------------ parser
const COMPARE = new Set(['==', '!=', '<', '<=', '>', '>=']);

function parser(src) {
  const toks = tokenize(src);
  let i = 0;
  let depth = 0;
  const peek = () => toks[i];
  const is = (t, v) => toks[i].t === t && (v === undefined || toks[i].v === v);
  const where = (tok) => (tok.t === 'end' ? 'at the end' : `at ${tok.at + 1} ("${tok.v}")`);
  const expect = (t, v) => {
    if (!is(t, v)) throw new ExprError(`expected "${v}" ${where(peek())}`);
    return toks[i++];
  };
  const nest = (fn) => {
    if (++depth > MAX_DEPTH) throw new ExprError('nested too deeply');
    try { return fn(); } finally { depth--; }
  };

  function orExpr() {
    let left = andExpr();
    while (is('kw', 'or')) { i++; left = { k: 'or', a: left, b: andExpr() }; }
    return left;
  }
  function andExpr() {
    let left = notExpr();
    while (is('kw', 'and')) { i++; left = { k: 'and', a: left, b: notExpr() }; }
    return left;
  }
  function notExpr() {
    if (is('kw', 'not')) { i++; return nest(() => ({ k: 'not', a: notExpr() })); }
    return compare();
  }
  function compare() {
    const first = inExpr();
    const ops = [], rest = [];
    while (is('op') && COMPARE.has(peek().v)) { ops.push(toks[i++].v); rest.push(inExpr()); }
    return ops.length ? { k: 'cmp', first, ops, rest } : first;
  }
  function inExpr() {
    let left = additive();
    for (;;) {
      if (is('kw', 'in')) { i++; left = { k: 'in', a: left, b: additive() }; continue; }
      if (is('kw', 'not') && toks[i + 1].t === 'kw' && toks[i + 1].v === 'in') { i += 2; left = { k: 'not', a: { k: 'in', a: left, b: additive() } }; continue; }
      return left;
    }
  }
  function additive() {
    let left = multiplicative();
    while (is('op', '+') || is('op', '-')) { const op = toks[i++].v; left = { k: 'bin', op, a: left, b: multiplicative() }; }
    return left;
  }
  function multiplicative() {
    let left = unary();
    while (is('op', '*') || is('op', '/') || is('op', '%')) { const op = toks[i++].v; left = { k: 'bin', op, a: left, b: unary() }; }
    return left;
  }
  function unary() {
    if (is('op', '-')) { i++; return nest(() => ({ k: 'neg', a: unary() })); }
    return postfix();
  }
  function postfix() {
    let node = atom();
    for (;;) {
      if (is('op', '.')) {
        i++;
        const tok = peek();
        if (tok.t !== 'name' && tok.t !== 'kw') throw new ExprError(`expected a field name ${where(tok)}`);
        i++;
        node = { k: 'get', a: node, key: { k: 'lit', v: tok.v } };
      } else if (is('op', '[')) {
        i++;
        const key = nest(orExpr);
        expect('op', ']');
        node = { k: 'get', a: node, key };
      } else if (is('op', '(')) {
        if (node.k !== 'name') throw new ExprError(`only a named function can be called ${where(peek())}`);
        i++;
        const args = [];
        if (!is('op', ')')) {
          do { args.push(nest(orExpr)); } while (is('op', ',') && ++i);
        }
        expect('op', ')');
        node = { k: 'call', name: node.v, args };
      } else {
        return node;
      }
    }
  }
  function atom() {
    const tok = peek();
    if (tok.t === 'num' || tok.t === 'str') { i++; return { k: 'lit', v: tok.v }; }
    if (tok.t === 'kw' && (tok.v === 'true' || tok.v === 'false' || tok.v === 'null')) {
      i++;
      return { k: 'lit', v: tok.v === 'true' ? true : tok.v === 'false' ? false : null };
    }
    if (tok.t === 'name') { i++; return { k: 'name', v: tok.v }; }
    if (is('op', '(')) {
      i++;
      const e = nest(orExpr);
      expect('op', ')');
      return e;
    }
    if (is('op', '[')) {
      i++;
      const items = [];
      if (!is('op', ']')) {
        do { items.push(nest(orExpr)); } while (is('op', ',') && ++i);
      }
      expect('op', ']');
      return { k: 'list', items };
    }
    throw new ExprError(`unexpected ${tok.t === 'end' ? 'end of expression' : `"${tok.v}" at ${tok.at + 1}`}`);
  }

  const tree = orExpr();
  if (!is('end')) throw new ExprError(`unexpected "${peek().v}" at ${peek().at + 1}`);
  return tree;
}

const cache = new Map();

/** The syntax tree of src (cached); throws ExprError on a syntax error. */
export function parse(src) {
  if (typeof src !== 'string' || !src.trim()) throw new ExprError('an empty expression');
  if (src.length > MAX_SRC) throw new ExprError(`longer than ${MAX_SRC} characters`);
  if (!cache.has(src)) cache.set(src, parser(src));
  return cache.get(src);
}

// ------------------------------------------------------------------------------------------ values
const own = (o, k) => Object.prototype.hasOwnProperty.call(o, k);
const isObj = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);

/** A value as an error message shows it: short JSON. */
export function show(v) {
  if (typeof v === 'function') return 'a function';
  if (v === undefined) return 'nothing';
  if (typeof v === 'number' && !Number.isFinite(v)) return String(v);   // JSON would say null
  let s;
  try { s = JSON.stringify(v); } catch { s = String(v); }
  if (s === undefined) s = String(v);
  return s.length > 120 ? s.slice(0, 117) + '…' : s;
}

function typeName(v) {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'a list';
  if (typeof v === 'object') return 'a record';
  return `a ${typeof v}`;
}

function getField(obj, key) {
  if (Array.isArray(obj) || typeof obj === 'string') {
    if (key === 'length') return obj.length;
    if (typeof key !== 'number' || !Number.isInteger(key)) throw new ExprError(`${typeName(obj)} is indexed by a whole number, not ${show(key)}`);
    const i = key < 0 ? obj.length + key : key;   // -1: the last item
    if (i < 0 || i >= obj.length) throw new ExprError(`index ${key} is out of range (length ${obj.length})`);
    return obj[i];
  }
  if (isObj(obj)) {
    const k = typeof key === 'number' ? String(key) : key;
    if (typeof k !== 'string') throw new ExprError(`a record's field is a name, not ${show(key)}`);
    if (!own(obj, k) || typeof obj[k] === 'function') {
      const names = Object.keys(obj).filter((n) => typeof obj[n] !== 'function');
      throw new ExprError(`no field ${show(k)} (there are: ${names.slice(0, 12).join(', ')}${names.length > 12 ? ', …' : ''})`);
    }
    return obj[k];
  }
  throw new ExprError(`cannot read ${show(key)} of ${typeName(obj)}`);
}

function deepEqual(a, b) {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => deepEqual(x, b[i]));
  if (isObj(a) && isObj(b)) {
    const ka = Object.keys(a), kb = Object.keys(b);
    return ka.length === kb.length && ka.every((k) => own(b, k) && deepEqual(a[k], b[k]));
  }
  return false;
}

function num(v, what) {
  if (typeof v !== 'number' || Number.isNaN(v)) throw new ExprError(`${what} needs a number, got ${show(v)}`);
  return v;
}
function list(v, what) {
  if (!Array.isArray(v)) throw new ExprError(`${what} needs a list, got ${show(v)}`);
  return v;
}
function numbers(args, what) {
  const xs = args.length === 1 && Array.isArray(args[0]) ? args[0] : args;
  if (!xs.length) throw new ExprError(`${what} of nothing`);
  return xs.map((x) => num(x, what));
}
function truthy(v) {
  if (typeof v !== 'boolean') throw new ExprError(`expected true or false, got ${show(v)}`);
  return v;
}

function ordered(a, b, op) {
  if (!((typeof a === 'number' && typeof b === 'number') || (typeof a === 'string' && typeof b === 'string'))) {
    throw new ExprError(`cannot compare ${show(a)} ${op} ${show(b)}`);
  }
  return op === '<' ? a < b : op === '<=' ? a <= b : op === '>' ? a > b : a >= b;
}

/** The builtins every expression sees (an env name of the same spelling is shadowed by these). */
export const BUILTINS = {
  len: (x) => {
    if (Array.isArray(x) || typeof x === 'string') return x.length;
    if (isObj(x)) return Object.keys(x).length;
    throw new ExprError(`len needs a list, a string or a record, got ${show(x)}`);
  },
  min: (...a) => Math.min(...numbers(a, 'min')),
  max: (...a) => Math.max(...numbers(a, 'max')),
  sum: (xs) => list(xs, 'sum').reduce((s, x) => s + num(x, 'sum'), 0),
  abs: (x) => Math.abs(num(x, 'abs')),
  floor: (x) => Math.floor(num(x, 'floor')),
  ceil: (x) => Math.ceil(num(x, 'ceil')),
  sqrt: (x) => Math.sqrt(num(x, 'sqrt')),
  log2: (x) => Math.log2(num(x, 'log2')),
  round: (x, digits = 0) => {
    const p = 10 ** num(digits, 'round');
    return Math.round(num(x, 'round') * p) / p;
  },
  /** |a - b| ≤ rel · max(|a|, |b|) (default rel 1e-9): for float results */
  approx: (a, b, rel = 1e-9) => Math.abs(num(a, 'approx') - num(b, 'approx')) <= num(rel, 'approx') * Math.max(Math.abs(a), Math.abs(b)),
  /** the field of every item: pluck(kernels, "bound") */
  pluck: (xs, field) => list(xs, 'pluck').map((x) => getField(x, field)),
  /** the items whose field equals value: where(kernels, "kind", "matmul") */
  where: (xs, field, value) => list(xs, 'where').filter((x) => deepEqual(getField(x, field), value)),
  /** how many items equal value: count(pluck(kernels, "bound"), "memory") */
  count: (xs, value) => list(xs, 'count').filter((x) => deepEqual(x, value)).length,
  /** the index of the largest / smallest number (the first one on a tie) */
  argmax: (xs) => { const v = numbers([list(xs, 'argmax')], 'argmax'); return v.indexOf(Math.max(...v)); },
  argmin: (xs) => { const v = numbers([list(xs, 'argmin')], 'argmin'); return v.indexOf(Math.min(...v)); },
  sorted: (xs) => {
    const v = list(xs, 'sorted').slice();
    if (v.every((x) => typeof x === 'number')) return v.sort((a, b) => a - b);
    if (v.every((x) => typeof x === 'string')) return v.sort();
    throw new ExprError('sorted needs a list of numbers or of strings');
  },
  unique: (xs) => list(xs, 'unique').filter((x, i, a) => a.findIndex((y) => deepEqual(x, y)) === i),
  keys: (o) => { if (!isObj(o)) throw new ExprError(`keys needs a record, got ${show(o)}`); return Object.keys(o).filter((k) => typeof o[k] !== 'function'); },
  all: (xs) => list(xs, 'all').every(truthy),
  any: (xs) => list(xs, 'any').some(truthy),
};

// ------------------------------------------------------------------------------------------ evaluation
function ev(n, env) {
  switch (n.k) {
    case 'lit': return n.v;
    case 'list': return n.items.map((x) => ev(x, env));
    case 'name':
      if (isObj(env) && own(env, n.v) && typeof env[n.v] !== 'function') return env[n.v];
      throw new ExprError(`unknown name "${n.v}"${isObj(env) ? ` (the env has: ${Object.keys(env).filter((k) => typeof env[k] !== 'function').join(', ')})` : ''}`);
    case 'get': return getField(ev(n.a, env), ev(n.key, env));
    case 'call': {
      let fn = null;
      if (own(BUILTINS, n.name)) fn = BUILTINS[n.name];
      else if (isObj(env) && own(env, n.name) && typeof env[n.name] === 'function') fn = env[n.name];
      if (!fn) throw new ExprError(`unknown function "${n.name}"`);
      const args = n.args.map((x) => ev(x, env));
      try {
        return fn(...args);
      } catch (err) {
        if (err instanceof ExprError) throw err;
        throw new ExprError(`${n.name}(…): ${err && err.message ? err.message : err}`);
      }
    }
    case 'not': return !truthy(ev(n.a, env));
    case 'and': return truthy(ev(n.a, env)) ? truthy(ev(n.b, env)) : false;
    case 'or': return truthy(ev(n.a, env)) ? true : truthy(ev(n.b, env));
    case 'neg': return -num(ev(n.a, env), 'minus');
    case 'in': {
      const a = ev(n.a, env), b = ev(n.b, env);
      if (Array.isArray(b)) return b.some((x) => deepEqual(x, a));
      if (typeof b === 'string' && typeof a === 'string') return b.includes(a);
      if (isObj(b) && typeof a === 'string') return own(b, a) && typeof b[a] !== 'function';
      throw new ExprError(`cannot look for ${show(a)} in ${typeName(b)}`);
    }
    case 'cmp': {
      let left = ev(n.first, env);
      for (let k = 0; k < n.ops.length; k++) {
        const right = ev(n.rest[k], env);
        const op = n.ops[k];
        const ok = op === '==' ? deepEqual(left, right) : op === '!=' ? !deepEqual(left, right) : ordered(left, right, op);
        if (!ok) return false;
        left = right;
      }
      return true;
    }
    case 'bin': {
      const a = ev(n.a, env), b = ev(n.b, env);
      if (n.op === '+' && typeof a === 'string' && typeof b === 'string') return a + b;
      num(a, `"${n.op}"`); num(b, `"${n.op}"`);
      if (n.op === '+') return a + b;
      if (n.op === '-') return a - b;
      if (n.op === '*') return a * b;
      if (b === 0) throw new ExprError(`division by zero (${show(a)} ${n.op} 0)`);
      return n.op === '/' ? a / b : a % b;
    }
    default: throw new ExprError(`bad node ${n.k}`);
  }
}

/** The value of the expression src over env (a record of names; its functions can be called). */
export function evaluate(src, env) {
  return ev(parse(src), env);
}

/**
 * Evaluates every assertion of a lesson's step (stepIndex 0-based; lesson as validateLesson returns it)
 * over env. Returns [] when all hold, else one failure per assertion:
 * {lesson, step (1-based), index (0-based), expr, value, message}, the message naming all of them.
 */
export function checkAssertions(lesson, stepIndex, env) {
  const step = lesson.steps[stepIndex];
  if (!step) throw new RangeError(`lesson ${lesson.name} has no step ${stepIndex + 1}`);
  const failures = [];
  (step.assert || []).forEach((src, index) => {
    const where = `lesson ${lesson.name}, step ${stepIndex + 1}, assert[${index}] \`${src}\``;
    let value;
    try {
      value = evaluate(src, env);
    } catch (err) {
      failures.push({ lesson: lesson.name, step: stepIndex + 1, index, expr: src, value: undefined, message: `${where}: ${err.message}` });
      return;
    }
    if (value !== true) {
      const what = value === false ? `is false${explainFalse(src, env)}` : `is ${show(value)}, not true or false`;
      failures.push({ lesson: lesson.name, step: stepIndex + 1, index, expr: src, value, message: `${where} ${what}` });
    }
  });
  return failures;
}

/** For a false comparison, the values on each side ("(found 63 == 65)"), so a failure says what the engine gave. */
function explainFalse(src, env) {
  const tree = parse(src);
  if (tree.k !== 'cmp') return '';
  try {
    const vals = [ev(tree.first, env), ...tree.rest.map((x) => ev(x, env))];
    let s = show(vals[0]);
    tree.ops.forEach((op, k) => { s += ` ${op} ${show(vals[k + 1])}`; });
    return ` (found ${s})`;
  } catch {
    return '';
  }
}
