// compare-random.mjs — runs golden random-graph files (tests/golden/random/*.json, made by
// tests/ref/random_graphs.py with the reference) through `graphlab passes` and compares every pass's output
// with the reference's: nodes (ids, ops, inputs, attrs, shapes, names), outputs, input_names, guards and
// hits exactly — numbers by Object.is, so 0.0 ≠ -0.0 and NaN = NaN — and values: the same sharing
// ({"same": id}) and the numbers within 1e-12 (compareArray).
// Used by tests/random-graphs.test.js and, as a command, by tools/fuzz.sh (`make fuzz`):
//   node tests/ref/compare-random.mjs [--kind native|asan|wasi] FILE...
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import { compareArray, runCli } from '../helpers/compare.js';

/** JSON.parse that also takes the NaN / Infinity / -Infinity Python's json writes (as marker strings). */
export function parseLoose(text) {
  return JSON.parse(text.replace(/("(?:[^"\\]|\\.)*")|(-?Infinity|NaN)/g, (m, str, num) => (str ? str : `"@${num}"`)));
}

const show = (v) => {
  const s = JSON.stringify(v);
  return s && s.length > 160 ? `${s.slice(0, 160)}…` : s;
};

/** Deep equality with Object.is for numbers (-0 ≠ 0); key order ignored. */
export function strictDiff(a, e, path, out) {
  if (out.length > 12) return out;
  if (Array.isArray(e)) {
    if (!Array.isArray(a) || a.length !== e.length) out.push(`${path}: got ${show(a)}, expected ${show(e)}`);
    else e.forEach((x, i) => strictDiff(a[i], x, `${path}[${i}]`, out));
  } else if (e !== null && typeof e === 'object') {
    if (a === null || typeof a !== 'object' || Array.isArray(a)) out.push(`${path}: got ${show(a)}, expected ${show(e)}`);
    else {
      for (const k of new Set([...Object.keys(e), ...Object.keys(a)])) {
        if (!(k in a)) out.push(`${path}.${k}: missing (expected ${show(e[k])})`);
        else if (!(k in e)) out.push(`${path}.${k}: unexpected (${show(a[k])})`);
        else strictDiff(a[k], e[k], `${path}.${k}`, out);
      }
    }
  } else if (!Object.is(a, e)) out.push(`${path}: got ${show(a)}, expected ${show(e)}`);
  return out;
}

function graphDiff(a, e, path) {
  const out = [];
  if (!a || typeof a !== 'object') return [`${path}: missing`];
  for (const k of ['nodes', 'outputs', 'input_names', 'guards']) strictDiff(a[k], e[k], `${path}.${k}`, out);
  const av = a.values || {};
  const ev = e.values || {};
  strictDiff(Object.keys(av).sort(), Object.keys(ev).sort(), `${path}.values (ids)`, out);
  for (const id of Object.keys(ev)) {
    if (!(id in av)) continue;
    if ('same' in ev[id] || 'same' in av[id]) strictDiff(av[id], ev[id], `${path}.values.${id}`, out);
    else out.push(...compareArray(av[id], ev[id], `${path}.values.${id}`));
  }
  return out;
}

/** Mismatch strings between the CLI's output for one golden file and the file's expectations. */
export function compareSet(actual, cases) {
  const out = [];
  if (!Array.isArray(actual) || actual.length !== cases.length) {
    return [`expected ${cases.length} results, got ${Array.isArray(actual) ? actual.length : show(actual)}`];
  }
  cases.forEach((c, i) => {
    const a = actual[i];
    const where = `${c.name}`;
    if (a.name !== c.name) out.push(`${where}: result ${i} is named ${show(a.name)}`);
    if (!Array.isArray(a.results) || a.results.length !== c.expected.length) {
      out.push(`${where}: ${a.results?.length} results, expected ${c.expected.length}`);
      return;
    }
    c.expected.forEach((e, k) => {
      const r = a.results[k];
      const p = `${where} ${e.pass}`;
      if (r.pass !== e.pass) out.push(`${p}: result is for pass ${r.pass}`);
      if (!Object.is(r.hits, e.hits)) out.push(`${p}: hits ${r.hits}, expected ${e.hits}`);
      out.push(...graphDiff(r.graph, e.graph, p));
    });
  });
  return out;
}

/** Runs one golden file through the CLI of `kind`: {cases, mismatches}. */
export function checkFile(file, kind = 'native') {
  const cases = parseLoose(readFileSync(file, 'utf8'));
  const proc = runCli(kind, ['passes', file]);
  if (proc.status !== 0) {
    return { cases: cases.length, mismatches: [`${kind} exited ${proc.status}${proc.signal ? ` (${proc.signal})` : ''}: ${proc.stderr}`] };
  }
  return { cases: cases.length, mismatches: compareSet(parseLoose(proc.stdout), cases) };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  let kind = 'native';
  if (args[0] === '--kind') {
    kind = args[1];
    args.splice(0, 2);
  }
  let cases = 0;
  let bad = 0;
  for (const f of args) {
    const r = checkFile(f, kind);
    cases += r.cases;
    bad += r.mismatches.length;
    for (const m of r.mismatches.slice(0, 20)) console.log(`${f}: ${m}`);
  }
  console.log(`random graphs (${kind}): ${cases} cases in ${args.length} files, ${bad} mismatches`);
  process.exit(bad || !cases ? 1 : 0);
}
