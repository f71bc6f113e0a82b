#!/usr/bin/env node
// mutate.mjs — `make mutate`: curated mutation testing of the C core (tools/mutants.txt).
//
// Never touches the working tree (other people build and edit it): HEAD's tracked files are exported with
// `git archive` into a temporary directory (node_modules symlinked) and every mutant is applied there. Each
// mutant's snippet must occur exactly once in its file, or the run stops before building anything (mutants
// must not rot silently). Then: a baseline build and test run (must pass), and for each mutant: apply, build
// (native CLI + ASan test binaries, incrementally), run its test steps in order, stop at the first failure
// (killed), revert. Prints each outcome and the score; exits 0 whatever the score (it is a report), 2 on a
// tool error (rotten snippet, failing baseline, a mutant that does not compile).
//
//   node tools/mutate.mjs [--check] [id ...]   --check: only check that every mutant applies (no build)
//   MUTATE_REV=<commit>: mutate that commit instead of HEAD          MUTATE_KEEP=1: keep the temporary copy
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const LIST = join(ROOT, 'tools', 'mutants.txt');
const STEP_TIMEOUT_S = 120;                  // a mutant that makes a suite hang is killed by the timeout

// Test steps, fastest first: every mutant runs c (every C unit test), random and parity; `tests = …` adds more.
const VITEST = (file, pattern) => ['node_modules/.bin/vitest', 'run', file, '--bail=1',
  ...(pattern ? ['-t', pattern] : [])];
const STEPS = {
  random: VITEST('tests/random-graphs.test.js', 'native: graphlab passes'),   // each pass alone vs the reference
  parity: VITEST('tests/cli-parity.test.js', 'native CLI'),      // every fixture + golden case, native CLI
  codegen: VITEST('tests/codegen.test.js'),                      // generated C / Python vs the reference
  demos: VITEST('tests/demos.test.js', '\\(native\\)'),          // branch / dynamic demos, native CLI
};

class ToolError extends Error {}
function die(msg) {
  throw new ToolError(msg);
}

/** tools/mutants.txt: blocks of `key = value` lines: id, file, area, desc, tests (optional), then one or more
 * find / replace pairs (applied in order). In find / replace values \n is a newline and \\ a backslash. */
function parseMutants(text) {
  const out = [];
  let cur = null;
  const unescape = (v) => v.replace(/\\(.)/g, (_, c) => (c === 'n' ? '\n' : c));
  text.split('\n').forEach((line, i) => {
    if (line.startsWith('#')) return;
    if (!line.trim()) { cur = null; return; }
    const m = /^(\w+) = (.*)$/.exec(line);
    if (!m) die(`${LIST}:${i + 1}: expected "key = value", got ${JSON.stringify(line)}`);
    const [, key, value] = m;
    if (key === 'id') out.push(cur = { line: i + 1, edits: [] });
    if (!cur) die(`${LIST}:${i + 1}: a block starts with "id = …"`);
    if (key === 'find') cur.edits.push({ find: unescape(value) });
    else if (key === 'replace') {
      const last = cur.edits[cur.edits.length - 1];
      if (!last || last.replace !== undefined) die(`${LIST}:${i + 1}: "replace" without its "find"`);
      last.replace = unescape(value);
    } else if (['id', 'file', 'area', 'desc', 'tests'].includes(key)) cur[key] = value;
    else die(`${LIST}:${i + 1}: unknown key "${key}"`);
  });
  for (const mu of out) {
    for (const k of ['id', 'file', 'area', 'desc']) {
      if (mu[k] === undefined) die(`${LIST}:${mu.line}: mutant ${mu.id ?? '?'} has no "${k}"`);
    }
    if (!mu.edits.length || mu.edits.some((e) => e.replace === undefined || !e.find)) {
      die(`${LIST}:${mu.line}: mutant ${mu.id} needs find / replace pairs`);
    }
    const extra = mu.tests ? mu.tests.split(/\s+/).filter(Boolean) : [];
    for (const s of extra) if (!STEPS[s]) die(`${LIST}:${mu.line}: unknown test step "${s}"`);
    mu.steps = [...new Set(['c', 'random', 'parity', ...extra])];
  }
  const ids = new Set();
  for (const mu of out) {
    if (ids.has(mu.id)) die(`${LIST}:${mu.line}: duplicate id ${mu.id}`);
    ids.add(mu.id);
  }
  return out;
}

/** The mutated text, or a string saying why it cannot be made (each snippet must occur exactly once). */
function mutate(text, mu) {
  let t = text;
  for (const e of mu.edits) {
    const n = count(t, e.find);
    if (n !== 1) return { error: `snippet found ${n} times: ${JSON.stringify(e.find)}` };
    t = t.replace(e.find, () => e.replace);
  }
  return { text: t };
}

function count(hay, needle) {
  let n = 0;
  for (let i = hay.indexOf(needle); i >= 0; i = hay.indexOf(needle, i + 1)) n++;
  return n;
}

function sh(cmd, args, cwd, timeoutS) {
  const full = timeoutS ? ['timeout', ['-k', '5', String(timeoutS), cmd, ...args]] : [cmd, args];
  const r = spawnSync(full[0], full[1], {
    cwd, encoding: 'utf8', maxBuffer: 1 << 28,
    env: { ...process.env, ASAN_OPTIONS: 'detect_leaks=1:abort_on_error=0',
      UBSAN_OPTIONS: 'print_stacktrace=1:halt_on_error=1', FORCE_COLOR: '0', NO_COLOR: '1' },
  });
  if (r.error) throw r.error;
  return { status: r.status, out: `${r.stdout}${r.stderr}` };
}

const secs = (t0) => ((Date.now() - t0) / 1000).toFixed(1);

function build(dir, testBins) {
  return sh('make', ['-s', '-j2', 'native', ...testBins], dir);
}

/** Runs the steps in order; the first failure is returned as {step, detail}, or null if all pass. */
function runSteps(dir, steps, testBins) {
  for (const step of steps) {
    if (step === 'c') {
      for (const bin of testBins) {
        const r = sh(join(dir, bin), [], dir, STEP_TIMEOUT_S);
        if (r.status !== 0) {
          const failed = [...r.out.matchAll(/\[  FAILED  \] (test_\w+)/g)].map((m) => m[1]);
          const watchdog = /^(test_\w+): .*did not return/m.exec(r.out);
          const name = failed[0] ?? watchdog?.[1] ?? (r.status === 124 ? 'timeout' : `exit ${r.status}`);
          return { step: bin.replace('build/tests/', 'c:'), detail: name };
        }
      }
    } else {
      const [cmd, ...args] = STEPS[step];
      const r = sh(join(dir, cmd), args, dir, STEP_TIMEOUT_S);
      if (r.status !== 0) {
        const m = /(?:FAIL|×)\s+(.+)/.exec(r.out);
        return { step, detail: r.status === 124 ? 'timeout' : (m ? m[1].trim().slice(0, 110) : `exit ${r.status}`) };
      }
    }
  }
  return null;
}

/** Why each mutant cannot be made in the tree at `root` (empty when every one applies exactly once). */
function rottenMutants(root, mutants) {
  const rotten = [];
  for (const mu of mutants) {
    const p = join(root, mu.file);
    const r = existsSync(p) ? mutate(readFileSync(p, 'utf8'), mu) : { error: 'no such file' };
    if (r.error) rotten.push(`  ${mu.id} (${mu.file}): ${r.error}`);
  }
  return rotten;
}

/** A glob of Stryker's `mutate` list (`*` within a path segment, `**` across them) as a RegExp. */
function globRe(glob) {
  let re = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i];
    if (c === '*' && glob[i + 1] === '*') { re += '.*'; i++; if (glob[i + 1] === '/') i++; }
    else if (c === '*') re += '[^/]*';
    else if (c === '?') re += '[^/]';
    else re += c.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${re}$`);
}

/** The web mutants' config (Stryker): every `mutate` entry names or matches a tracked file, and every suite
 * its Vitest config runs exists. Returns the problems, one line each. */
async function webConfigProblems(root) {
  const problems = [];
  const cfgPath = join(root, 'stryker.config.mjs');
  if (!existsSync(cfgPath)) return problems;
  const cfg = (await import(pathToFileURL(cfgPath).href)).default;
  const files = sh('git', ['ls-files', '--cached', '--others', '--exclude-standard'], root).out.split('\n').filter(Boolean);
  for (const pat of cfg.mutate ?? []) {
    const neg = pat.startsWith('!');
    const g = (neg ? pat.slice(1) : pat).replace(/:\d+(-\d+)?(:\d+)?$/, '');   // a file:line-line range
    const re = globRe(g);
    if (!neg && !files.some((f) => re.test(f))) problems.push(`  stryker.config.mjs mutate "${pat}": matches no file`);
  }
  const vcfgFile = cfg.vitest?.configFile;
  if (vcfgFile) {
    const vp = join(root, vcfgFile);
    if (!existsSync(vp)) problems.push(`  stryker.config.mjs vitest.configFile "${vcfgFile}": no such file`);
    else {
      const src = readFileSync(vp, 'utf8');
      const m = /const SUITES = \[([^\]]*)\]/.exec(src);
      for (const name of m ? [...m[1].matchAll(/'([^']+)'/g)].map((x) => x[1]) : []) {
        if (!existsSync(join(root, 'tests', 'web', `${name}.test.js`))) {
          problems.push(`  ${vcfgFile} SUITES "${name}": no tests/web/${name}.test.js`);
        }
      }
    }
  }
  return problems;
}

/** `--check`: the working tree as it is (uncommitted edits included), no copy, no build: seconds. */
async function check(mutants) {
  const t0 = Date.now();
  const rotten = rottenMutants(ROOT, mutants);
  const web = await webConfigProblems(ROOT);
  if (rotten.length) console.error(`mutate --check: ${rotten.length} mutant(s) of tools/mutants.txt no longer apply exactly once (re-anchor them: same bug, new code):\n${rotten.join('\n')}`);
  if (web.length) console.error(`mutate --check: the web mutants' config (stryker.config.mjs) names what is not there:\n${web.join('\n')}`);
  if (rotten.length || web.length) { process.exitCode = 1; return; }
  console.log(`mutate --check: all ${mutants.length} mutants apply exactly once; the web mutants' config matches the tree (${secs(t0)} s)`);
}

async function main() {
  const args = process.argv.slice(2);
  const checkOnly = args.includes('--check');
  const only = new Set(args.filter((a) => a !== '--check'));
  let mutants = parseMutants(readFileSync(LIST, 'utf8'));
  if (only.size) {
    for (const id of only) if (!mutants.some((m) => m.id === id)) die(`no mutant "${id}" in ${LIST}`);
    mutants = mutants.filter((m) => only.has(m.id));
  }
  if (checkOnly) return check(mutants);
  const dir = mkdtempSync(join(tmpdir(), 'graphlab-mutate-'));
  const cleanup = () => { if (!process.env.MUTATE_KEEP) rmSync(dir, { recursive: true, force: true }); };
  try {
    const rev = process.env.MUTATE_REV || 'HEAD';
    const head = sh('git', ['rev-parse', '--short', rev], ROOT).out.trim();
    const exp = spawnSync('sh', ['-c', `git archive '${head}' | tar -x -C '${dir}'`], { cwd: ROOT, encoding: 'utf8' });
    if (exp.status !== 0) die(`git archive failed: ${exp.stderr}`);
    symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'));
    console.log(`mutate: ${mutants.length} mutants on ${rev} ${head}, in ${dir}`);

    // Every snippet exactly once, before anything is built.
    const rotten = rottenMutants(dir, mutants);
    if (rotten.length) die(`mutants that no longer apply (fix tools/mutants.txt):\n${rotten.join('\n')}`);

    const testBins = readdirSync(join(dir, 'c', 'tests')).filter((f) => /^test_\w+\.c$/.test(f)).sort()
      .map((f) => `build/tests/${f.slice(0, -2)}`);
    let t0 = Date.now();
    const b = build(dir, testBins);
    if (b.status !== 0) die(`baseline build failed:\n${b.out.slice(-3000)}`);
    const allSteps = [...new Set(mutants.flatMap((m) => m.steps))];
    const base = runSteps(dir, allSteps, testBins);
    if (base) die(`baseline fails ${base.step}: ${base.detail}`);
    console.log(`baseline: built and passed (${allSteps.join(', ')}) in ${secs(t0)} s\n`);

    const results = [];
    let invalid = 0;
    for (const mu of mutants) {
      t0 = Date.now();
      const p = join(dir, mu.file);
      const orig = readFileSync(p, 'utf8');
      writeFileSync(p, mutate(orig, mu).text);
      let outcome;
      try {
        const bm = build(dir, testBins);
        if (bm.status !== 0) {
          invalid++;
          outcome = { status: 'INVALID', why: `does not compile: ${(/error: .*/.exec(bm.out) ?? [''])[0]}` };
        } else {
          const f = runSteps(dir, mu.steps, testBins);
          outcome = f ? { status: 'killed', why: `${f.step}: ${f.detail}` } : { status: 'SURVIVED', why: mu.steps.join(', ') };
        }
      } finally {
        writeFileSync(p, orig);                    // a fresh mtime: the next build recompiles it
      }
      results.push({ mu, ...outcome });
      console.log(`${outcome.status.padEnd(8)} ${mu.id.padEnd(28)} [${mu.area}] ${mu.desc}\n` +
        `         ${outcome.why} (${secs(t0)} s)`);
    }
    const valid = results.filter((r) => r.status !== 'INVALID');
    const killed = valid.filter((r) => r.status === 'killed').length;
    const survivors = valid.filter((r) => r.status === 'SURVIVED');
    console.log(`\nmutation score: ${killed}/${valid.length} killed (${valid.length ? (100 * killed / valid.length).toFixed(1) : '0.0'} %)`);
    if (survivors.length) {
      console.log('survivors:');
      for (const r of survivors) console.log(`  ${r.mu.id} (${r.mu.file}): ${r.mu.desc}`);
    }
    if (invalid) {
      console.error(`mutate: ${invalid} mutant(s) do not compile (fix tools/mutants.txt)`);
      process.exitCode = 2;
    }
  } finally {
    cleanup();
  }
}

try {
  await main();
} catch (err) {
  if (!(err instanceof ToolError)) throw err;
  console.error(`mutate: ${err.message}`);
  process.exitCode = 2;
}
