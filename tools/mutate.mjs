#!/usr/bin/env node
// mutate.mjs — `make mutate`: curated mutation testing of the C core and the lab's decoding (tools/mutants.txt).
//
// Never touches the working tree (other people build and edit it): HEAD's tracked files are exported with
// `git archive` into a temporary directory (node_modules symlinked) and every mutant is applied there. Each
// mutant's snippet must occur exactly once in its file, or the run stops before building anything (mutants
// must not rot silently; `--check` does only that, on the working tree, for `make test`).
//
// Made to fit CI's budget (2 cores, under 20 minutes for ~100 mutants), by four things:
//  - the copy is built with OPT=-O1 (no -O3, no LTO: a mutant's native relink is a plain link, not a
//    whole-library LTO; tests check behaviour, not speed), once for the baseline, then copied per worker;
//  - MUTATE_JOBS workers (default: the number of cores) each mutate their own copy, taking the mutants of one
//    file together, so a mutant recompiles one source file (the restored one only when the worker moves on to
//    another file);
//  - each mutant runs only the suites it needs (`steps = …`: the front end's mutants the CPython-oracle
//    suites, the lab's JS the unit suites; the passes' the C tests, random graphs and parity) and builds only
//    what runs, when it runs: each C unit test binary just before it runs, those that call the mutated file's
//    functions first (most mutants die in the first one), build/graphlab before the first CLI suite, nothing
//    for the lab's JS;
//  - every build and step is time-bound (a mutant that hangs a suite is killed by its timeout).
// Then: a baseline build and run of every step (must pass), and for each mutant: apply, build, run its steps
// in order, stop at the first failure (killed), revert. Prints each outcome, the score per area and overall,
// and the timings; exits 0 whatever the score (it is a report), 2 on a tool error (rotten snippet, failing
// baseline, a mutant that does not compile).
//
//   node tools/mutate.mjs [--check] [--area NAME]... [id ...]
//     --check: only check that every mutant applies exactly once to the working tree and that Stryker's config
//     (stryker.config.mjs) names files and suites that exist; no copy, no build (well under a second)
//   MUTATE_REV=<commit>: mutate that commit instead of HEAD          MUTATE_KEEP=1: keep the temporary copies
//   MUTATE_JOBS=<n>: workers (default: cores)                        MUTATE_OPT: the copy's OPT (-O1)
import { spawn, spawnSync } from 'node:child_process';
import { cpus } from 'node:os';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** A tool error (rotten snippet, failing baseline, bad mutants.txt): printed as one message, exit status 2. */
class ToolError extends Error {}
function die(msg) { throw new ToolError(msg); }

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const LIST = join(ROOT, 'tools', 'mutants.txt');
const STEP_TIMEOUT_S = 180;                  // a mutant that makes a suite hang is killed by the timeout
const BUILD_TIMEOUT_S = 600;

// Test steps. `c` is every C unit test (ASan build), fastest first; the others are Vitest suites. A C mutant
// without `steps` runs c, random, parity (then its `tests`); `steps = …` names exactly what it runs, in order.
// `vitest:<file>` runs any one suite, `vitest:<file>#<pattern>` the tests of it whose name matches.
const VITEST = (file, pattern) => ['node_modules/.bin/vitest', 'run', file, '--bail=1',
  ...(pattern ? ['-t', pattern] : [])];
const STEPS = {
  random: VITEST('tests/random-graphs.test.js', 'native: graphlab passes'),   // each pass alone vs the reference
  parity: VITEST('tests/cli-parity.test.js', 'native CLI'),      // every fixture + golden case, native CLI
  codegen: VITEST('tests/codegen.test.js'),                      // generated C / Python vs the reference
  'codegen-quick': VITEST('tests/codegen-quick.test.js'),        // the same on the small fixtures, in seconds
  demos: VITEST('tests/demos.test.js', '\\(native\\)'),          // branch / dynamic demos, native CLI
  // the program front end: CPython's recorded outputs (tests/py-*.test.js, tests/golden/python/) and the
  // reference's traces of the golden programs (native only); not the differential fuzzer (py-fuzz: a finder of
  // new mismatches, red while any is open, so no baseline)
  py: [...VITEST('tests/py-', 'native'), '--exclude', 'tests/py-fuzz.test.js'],
  programs: VITEST('tests/programs.test.js', '^native'),
  students: VITEST('tests/student-programs.test.js', 'native'),   // 312 student programs vs the reference
  pack: VITEST('tests/native-packed.test.js'),                  // the packed result, natively, by the lab's decoders
  cli: VITEST('tests/cli-errors.test.js'),
};
// `vitest:<file>#<pattern>`: only the tests whose name matches pattern (no spaces; `_` stands for one)
const stepArgs = (step) => {
  if (!step.startsWith('vitest:')) return STEPS[step];
  const [file, pattern] = step.slice(7).split('#');
  return VITEST(file, pattern ? pattern.replace(/_/g, ' ') : undefined);
};
const isC = (file) => /^c\/.*\.[ch]$/.test(file);

/** tools/mutants.txt: blocks of `key = value` lines: id, file, area, desc, tests or steps (optional), then one
 * or more find / replace pairs (applied in order). In find / replace values \n is a newline and \\ a backslash. */
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
    } else if (['id', 'file', 'area', 'desc', 'tests', 'steps'].includes(key)) cur[key] = value;
    else die(`${LIST}:${i + 1}: unknown key "${key}"`);
  });
  for (const mu of out) {
    for (const k of ['id', 'file', 'area', 'desc']) {
      if (mu[k] === undefined) die(`${LIST}:${mu.line}: mutant ${mu.id ?? '?'} has no "${k}"`);
    }
    if (!mu.edits.length || mu.edits.some((e) => e.replace === undefined || !e.find)) {
      die(`${LIST}:${mu.line}: mutant ${mu.id} needs find / replace pairs`);
    }
    const words = (v) => (v ? v.split(/\s+/).filter(Boolean) : []);
    if (mu.steps !== undefined && mu.tests !== undefined) die(`${LIST}:${mu.line}: mutant ${mu.id}: "steps" or "tests", not both`);
    const listed = mu.steps !== undefined ? words(mu.steps) : words(mu.tests);
    for (const st of listed) {
      if (st !== 'c' && !stepArgs(st)) die(`${LIST}:${mu.line}: unknown test step "${st}"`);
      if (st === 'c' && !isC(mu.file)) die(`${LIST}:${mu.line}: mutant ${mu.id}: step "c" on a file outside c/`);
    }
    mu.steps = mu.steps !== undefined ? [...new Set(listed)]
      : isC(mu.file) ? [...new Set(['c', 'random', 'parity', ...listed])] : [...new Set(listed)];
    if (!mu.steps.length) die(`${LIST}:${mu.line}: mutant ${mu.id} outside c/ needs "steps = …"`);
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

const ENV = { ...process.env, ASAN_OPTIONS: 'detect_leaks=1:abort_on_error=0',
  UBSAN_OPTIONS: 'print_stacktrace=1:halt_on_error=1', FORCE_COLOR: '0', NO_COLOR: '1' };

function sh(cmd, args, cwd) {
  const r = spawnSync(cmd, args, { cwd, encoding: 'utf8', maxBuffer: 1 << 28, env: ENV });
  if (r.error) throw r.error;
  return { status: r.status, out: `${r.stdout}${r.stderr}` };
}

/** Runs a command under `timeout` (its whole process group is killed at the limit; status 124). */
function run(cmd, args, cwd, timeoutS) {
  return new Promise((resolve, reject) => {
    const p = spawn('timeout', ['-k', '5', String(timeoutS), cmd, ...args], { cwd, env: ENV });
    const chunks = [];
    let size = 0;
    const keep = (d) => { if (size < (1 << 24)) { chunks.push(d); size += d.length; } };
    p.stdout.on('data', keep);
    p.stderr.on('data', keep);
    p.on('error', reject);
    p.on('close', (status) => resolve({ status, out: Buffer.concat(chunks).toString('utf8') }));
  });
}

const secs = (t0) => ((Date.now() - t0) / 1000).toFixed(1);
const OPT = process.env.MUTATE_OPT ?? '-O1';

function build(dir, tgts, jobs) {
  if (!tgts.length) return Promise.resolve({ status: 0, out: '' });
  return run('make', ['-s', `-j${jobs}`, `OPT=${OPT}`, ...tgts], dir, BUILD_TIMEOUT_S);
}

/** Runs the steps in order; the first failure is returned as {step, detail}, or null if all pass. With `lazy`
 * (a mutant of C), what each step runs is built just before it: each C unit test binary before it runs (most
 * C mutants die in the first binaries, which `bins` puts first), build/graphlab before the first CLI suite;
 * a build that fails is returned as {invalid}. */
async function runSteps(dir, steps, bins, lazy = false) {
  let cliBuilt = !lazy;
  for (const step of steps) {
    if (step === 'c') {
      for (const bin of bins) {
        if (lazy) {
          const b = await build(dir, [bin], 1);
          if (b.status !== 0) return { invalid: b };
        }
        const r = await run(join(dir, bin), [], dir, STEP_TIMEOUT_S);
        if (r.status !== 0) {
          const failed = [...r.out.matchAll(/\[  FAILED  \] (test_\w+)/g)].map((m) => m[1]);
          const watchdog = /^(test_\w+): .*did not return/m.exec(r.out);
          const name = failed[0] ?? watchdog?.[1] ?? (r.status === 124 ? 'timeout' : `exit ${r.status}`);
          return { step: bin.replace('build/tests/', 'c:'), detail: name };
        }
      }
    } else {
      if (!cliBuilt) {
        const b = await build(dir, ['build/graphlab'], 1);
        if (b.status !== 0) return { invalid: b };
        cliBuilt = true;
      }
      const [cmd, ...args] = stepArgs(step);
      const r = await run(join(dir, cmd), args, dir, STEP_TIMEOUT_S);
      if (r.status !== 0) {
        const m = /(?:FAIL|×)\s+(.+)/.exec(r.out);
        return { step, detail: r.status === 124 ? 'timeout' : (m ? m[1].trim().slice(0, 110) : `exit ${r.status}`) };
      }
    }
  }
  return null;
}

/** The C unit test binaries, those that call the most functions the mutated file defines first (a mutant
 * of fuse.c runs test_fuse_* before test_front). */
function binsFor(dir, file, testBins) {
  const src = readFileSync(join(dir, file), 'utf8');
  const names = [...new Set([...src.matchAll(/^[A-Za-z_][\w \t*]*?\b(gl_\w+|py_\w+)\s*\(/gm)].map((m) => m[1]))];
  const score = new Map(testBins.map((bin) => {
    const t = readFileSync(join(dir, 'c', 'tests', `${bin.slice('build/tests/'.length)}.c`), 'utf8');
    return [bin, names.reduce((n, f) => n + (t.includes(`${f}(`) ? 1 : 0), 0)];
  }));
  return [...testBins].sort((a, b) => score.get(b) - score.get(a));
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
  const areas = new Set();
  const only = new Set();
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--check') continue;
    if (args[i] === '--area') areas.add(args[++i]);
    else only.add(args[i]);
  }
  let mutants = parseMutants(readFileSync(LIST, 'utf8'));
  if (only.size) {
    for (const id of only) if (!mutants.some((m) => m.id === id)) die(`no mutant "${id}" in ${LIST}`);
    mutants = mutants.filter((m) => only.has(m.id));
  }
  if (areas.size) mutants = mutants.filter((m) => areas.has(m.area));
  if (checkOnly) return check(mutants);

  const tStart = Date.now();
  const jobs = Math.max(1, Number(process.env.MUTATE_JOBS) || cpus().length || 2);
  const dirs = [mkdtempSync(join(tmpdir(), 'graphlab-mutate-'))];
  const cleanup = () => { if (!process.env.MUTATE_KEEP) for (const d of dirs) rmSync(d, { recursive: true, force: true }); };
  try {
    const dir = dirs[0];
    const rev = process.env.MUTATE_REV || 'HEAD';
    const head = sh('git', ['rev-parse', '--short', rev], ROOT).out.trim();
    const exp = spawnSync('sh', ['-c', `git archive '${head}' | tar -x -C '${dir}'`], { cwd: ROOT, encoding: 'utf8' });
    if (exp.status !== 0) die(`git archive failed: ${exp.stderr}`);
    symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'));
    // Every snippet exactly once, before anything is built.
    const rotten = rottenMutants(dir, mutants);
    if (rotten.length) die(`mutants that no longer apply (fix tools/mutants.txt):\n${rotten.join('\n')}`);

    const testBins = readdirSync(join(dir, 'c', 'tests')).filter((f) => /^test_\w+\.c$/.test(f)).sort()
      .map((f) => `build/tests/${f.slice(0, -2)}`);
    const nWorkers = Math.min(jobs, Math.max(1, new Set(mutants.map((m) => m.file)).size));
    console.log(`mutate: ${mutants.length} mutants on ${rev} ${head}, ${nWorkers} worker(s), OPT=${OPT}, in ${dir}`);
    let t0 = Date.now();
    const b = await build(dir, ['build/graphlab', ...testBins], jobs);
    if (b.status !== 0) die(`baseline build failed:\n${b.out.slice(-3000)}`);
    const tBuild = secs(t0);
    t0 = Date.now();
    const allSteps = [...new Set(mutants.flatMap((m) => m.steps))];
    const base = await runSteps(dir, allSteps, testBins);
    if (base) die(`baseline fails ${base.step}: ${base.detail}`);
    console.log(`baseline: built in ${tBuild} s, passed ${allSteps.join(', ')} in ${secs(t0)} s`);
    for (let w = 1; w < nWorkers; w++) {             // cp -a keeps the mtimes: nothing rebuilds
      const d = mkdtempSync(join(tmpdir(), 'graphlab-mutate-'));
      dirs.push(d);
      const cp = spawnSync('cp', ['-a', `${dir}/.`, d]);
      if (cp.status !== 0) die(`copying the baseline to ${d} failed`);
    }
    console.log('');

    // The mutants of one file go to one worker, largest groups first (an even finish).
    const groups = [...mutants.reduce((m, mu) => m.set(mu.file, [...(m.get(mu.file) ?? []), mu]), new Map()).values()]
      .sort((x, y) => y.length - x.length);
    const results = new Map();
    let invalid = 0;
    const worker = async (w) => {
      const d = dirs[w];
      for (let g = groups.shift(); g; g = groups.shift()) {
        const p = join(d, g[0].file);
        const orig = readFileSync(p, 'utf8');
        const bins = isC(g[0].file) ? binsFor(d, g[0].file, testBins) : testBins;
        try {
          for (const mu of g) {
            const tm = Date.now();
            writeFileSync(p, mutate(orig, mu).text);
            let outcome;
            const f = await runSteps(d, mu.steps, bins, isC(mu.file));
            if (f && f.invalid) {
              invalid++;
              outcome = { status: 'INVALID', why: f.invalid.status === 124 ? 'build timeout'
                : `does not compile: ${(/error: .*/.exec(f.invalid.out) ?? [''])[0]}` };
            } else {
              outcome = f ? { status: 'killed', why: `${f.step}: ${f.detail}` } : { status: 'SURVIVED', why: mu.steps.join(', ') };
            }
            outcome.secs = (Date.now() - tm) / 1000;
            results.set(mu.id, outcome);
            console.log(`${outcome.status.padEnd(8)} ${mu.id.padEnd(30)} [${mu.area}] ${mu.desc}\n` +
              `         ${outcome.why} (${outcome.secs.toFixed(1)} s, worker ${w + 1})`);
          }
        } finally {
          writeFileSync(p, orig);                  // a fresh mtime: the worker's next build recompiles it
        }
      }
    };
    await Promise.all(dirs.map((_, w) => worker(w)));

    const byArea = new Map();
    for (const mu of mutants) {
      const r = results.get(mu.id);
      const a = byArea.get(mu.area) ?? { killed: 0, valid: 0, survivors: [] };
      if (r.status !== 'INVALID') a.valid++;
      if (r.status === 'killed') a.killed++;
      if (r.status === 'SURVIVED') a.survivors.push(mu);
      byArea.set(mu.area, a);
    }
    const pct = (k, n) => (n ? (100 * k / n).toFixed(1) : '0.0');
    console.log('\nscore per area:');
    for (const [area, a] of [...byArea].sort((x, y) => x[0].localeCompare(y[0]))) {
      console.log(`  ${area.padEnd(24)} ${String(a.killed).padStart(3)}/${String(a.valid).padEnd(3)} killed  ${pct(a.killed, a.valid).padStart(5)} %`);
    }
    const valid = [...byArea.values()].reduce((n, a) => n + a.valid, 0);
    const killed = [...byArea.values()].reduce((n, a) => n + a.killed, 0);
    console.log(`mutation score: ${killed}/${valid} killed (${pct(killed, valid)} %)`);
    const survivors = [...byArea.values()].flatMap((a) => a.survivors);
    if (survivors.length) {
      console.log('survivors:');
      for (const mu of survivors) console.log(`  ${mu.id} (${mu.file}): ${mu.desc}`);
    }
    const total = [...results.values()].reduce((n, r) => n + r.secs, 0);
    console.log(`time: ${secs(tStart)} s wall (baseline ${tBuild} s build), ${total.toFixed(0)} s of mutant work, ` +
      `${(total / Math.max(1, results.size)).toFixed(1)} s per mutant, ${nWorkers} worker(s)`);
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
